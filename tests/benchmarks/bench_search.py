"""Benchmark: minimax and alpha-beta over a DiGraph against the cost of reading a DiGraph.

Issue 15's targets, on b=10 trees of depth 5 and 6 (111,111 and 1,111,111 nodes), int
and letter ids, random and best-ordered values, measured in the same run:

* ``annotate=False``: ``gametree.minimax`` within 1.3x and ``gametree.alphabeta``
  within 1.5x of "raw", the plain recursive search reading ``G._succ`` and ``G._node``
  directly (the least a search over a DiGraph can cost);
* ``annotate=True`` against the same search with ``annotate=False``: within 2.5x on
  random trees (minimax and alpha-beta), within 3x for alpha-beta on the best-ordered
  d=6 tree (where it visits ~2,000 of 1,111,111 nodes: annotating writes only what
  the search touched);
* alpha-beta's fixed costs do not grow with the tree: on best-ordered trees of depth
  4, 5 and 6 the time per visited node stays flat (printed below the table);
* what the answer itself costs: raw alpha-beta that also records what a
  ``SearchResult`` holds (leaves and values in order, each node's value, bound type and
  chosen child, the pruned edges), then the same reading each node's player and making
  the checks that keep the answer right on any input (one parent per node reached,
  plain numeric values), against raw and against ours; and for annotated
  minimax, the plain writes of its annotation (a loop writing the same keys, the visit
  order given) against the unannotated search, and the same for alpha-beta;
* the cost of the alternative to the specialised DiGraph loop (:mod:`gametree.search.fast`):
  the same tree searched by the lean game loop (:func:`gametree.games.fastsearch.search`,
  what ``search_game(record=False)`` runs) through a game whose states are the nodes and
  whose moves are the children (printed last, as a ratio to the DiGraph loop and to raw).

Columns: ``ours`` our time; ``base`` the yardstick named in ``against`` (raw, or our own
search without annotation); ``ratio`` = ours / base against ``target``. Each search is
also measured against the least a *right* answer costs (rows ``raw+checks`` for minimax:
raw that also reads the players and makes ours's input checks;
``contract+checks`` for alpha-beta: the recursion that records a ``SearchResult``'s
contents and makes the same checks), which raw leaves out. For context,
``floor`` is the same plain recursion over the tree as nested Python lists (no DiGraph
at all) and ``raw/floor`` what reading a DiGraph costs over it. The DiGraph is built by
``gametree.random_tree`` (letter ids) and relabelled with integer ids; the nested list
is read off the same graph, so all see the same values.

Run: ``python tests/benchmarks/bench_search.py [--quick]`` (``--quick``: depth 5 only;
``--help``: this text). Exit status 1 when a target is missed.
Times are CPU times of this process (``time.process_time``), best of several
repetitions interleaved case by case; the machine may be shared, so expect noise.
"""

from __future__ import annotations

import gc
import math
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, Literal

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import gametree

INF = math.inf


# -- baselines over nested lists ------------------------------------------------------


def lean_minimax(t: Any, is_max: bool) -> Any:
    if type(t) is not list:
        return t
    if is_max:
        best = -INF
        for c in t:
            v = lean_minimax(c, False)
            if v > best:
                best = v
    else:
        best = INF
        for c in t:
            v = lean_minimax(c, True)
            if v < best:
                best = v
    return best


def lean_alphabeta(t: Any, alpha: float, beta: float, is_max: bool) -> Any:
    if type(t) is not list:
        return t
    if is_max:
        best = -INF
        for c in t:
            v = lean_alphabeta(c, alpha, beta, False)
            if v > best:
                best = v
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
    else:
        best = INF
        for c in t:
            v = lean_alphabeta(c, alpha, beta, True)
            if v < best:
                best = v
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
    return best


def raw_minimax(G: Any, root: Any) -> Any:
    succ, nodes = G._succ, G._node

    def search(node: Any, is_max: bool) -> Any:
        kids = succ[node]
        if not kids:
            return nodes[node]["value"]
        if is_max:
            best = -INF
            for c in kids:
                v = search(c, False)
                if v > best:
                    best = v
        else:
            best = INF
            for c in kids:
                v = search(c, True)
                if v < best:
                    best = v
        return best

    return search(root, True)


def checked_raw_minimax(G: Any, root: Any) -> Any:
    """:func:`raw_minimax` plus what ours must also do for a right answer on any input:
    make sure no node has several parents (then the edges gone down into it must be
    reported), read each node's player (players need not alternate), and check that
    the leaf values are plain ints or floats and not NaN (else the error names the
    node)."""
    from gametree.search.fast import _check_values

    succ, pred, nodes = G._succ, G._pred, G._node
    if max(map(len, pred.values())) > 1:
        raise ValueError("a node has several parents")
    leaf_values: list[Any] = []
    keep = leaf_values.append

    def search(node: Any) -> Any:
        kids = succ[node]
        if not kids:
            value = nodes[node]["value"]
            keep(value)
            return value
        if nodes[node]["player"] == "MAX":
            best = -INF
            for c in kids:
                v = search(c)
                if v > best:
                    best = v
        else:
            best = INF
            for c in kids:
                v = search(c)
                if v < best:
                    best = v
        return best

    value = search(root)
    _check_values(leaf_values)
    return value


def raw_alphabeta(G: Any, root: Any) -> Any:
    succ, nodes = G._succ, G._node

    def search(node: Any, alpha: float, beta: float, is_max: bool) -> Any:
        kids = succ[node]
        if not kids:
            return nodes[node]["value"]
        if is_max:
            best = -INF
            for c in kids:
                v = search(c, alpha, beta, False)
                if v > best:
                    best = v
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
        else:
            best = INF
            for c in kids:
                v = search(c, alpha, beta, True)
                if v < best:
                    best = v
                    if best < beta:
                        beta = best
                        if alpha >= beta:
                            break
        return best

    return search(root, -INF, INF, True)


def contract_alphabeta(G: Any, root: Any, checks: bool = False) -> Any:
    """Raw alpha-beta that also records what a ``SearchResult`` holds: the leaves in
    order with their values, each internal node's value, bound type and chosen child,
    and the pruned edges (as ours keeps them: per cutoff, the node and the children it
    skipped). The least a search producing gametree's answer can cost.

    With ``checks``, it also reads each node's player (players need not alternate) and
    makes the checks that keep the answer right on any input, as ours does: each
    internal node entered and each leaf reached has one parent (else the edges gone
    down into it must be reported), and every leaf value is a plain int or float and
    not NaN (else the error must name the node). The least a search producing
    gametree's answer correctly can cost.
    """
    from gametree.search.fast import _check_one_parent, _check_values

    succ, pred, nodes = G._succ, G._pred, G._node
    values: dict[Any, Any] = {}
    bounds: dict[Any, int] = {}
    chosen: dict[Any, Any] = {}
    leaves: list[Any] = []
    leaf_values: list[Any] = []
    cuts: list[tuple[Any, list[Any]]] = []
    sign_of = {"MAX": 1, "MIN": -1}

    def search(node: Any, alpha: float, beta: float, sign: int) -> tuple[Any, int]:
        best = -INF
        best_child = None
        exact = False
        cut = False
        kids = iter(succ[node])
        for c in kids:
            if succ[c]:
                child_sign = -sign
                if checks:
                    if len(pred[c]) != 1:
                        raise ValueError(c)
                    child_sign = sign_of[nodes[c]["player"]]
                if child_sign == sign:
                    v, bound = search(c, alpha, beta, sign)
                else:
                    v, bound = search(c, -beta, -alpha, child_sign)
                    v, bound = -v, -bound
            else:
                v = nodes[c]["value"] * sign
                leaves.append(c)
                leaf_values.append(v)
                bound = 0
            if v > best or (v == best and bound == 0 and not exact):
                best, best_child, exact = v, c, bound == 0
                if v > alpha:
                    alpha = v
                if bound != -1 and v >= beta:
                    rest = list(kids)
                    if rest:
                        cut = True
                        cuts.append((node, rest))
                    break
        bound = 1 if cut else 0 if exact else -1
        values[node] = best * sign
        if bound:
            bounds[node] = bound * sign
        chosen[node] = best_child
        return best, bound

    value = search(root, -INF, INF, sign_of[nodes[root]["player"]] if checks else 1)[0]
    if checks:
        _check_values(leaf_values)
        _check_one_parent(pred, leaves)
    return value


# -- trees ------------------------------------------------------------------------------


def to_nested(G: Any) -> list[Any]:
    """Return ``G`` as nested lists (iteratively, children in G's order)."""
    succ, nodes = G._succ, G._node
    root = G.graph["root"]
    out: dict[Any, Any] = {}
    stack = [(root, False)]
    while stack:
        node, done = stack.pop()
        kids = succ[node]
        if not kids:
            out[node] = nodes[node]["value"]
        elif done:
            out[node] = [out.pop(c) for c in kids]
        else:
            stack.append((node, True))
            stack.extend((c, False) for c in reversed(list(kids)))
    return out[root]  # type: ignore[no-any-return]


def best_time(fn: Callable[[], Any], repeat: int) -> float:
    best = INF
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def interleaved(fns: list[Callable[[], Any]], repeat: int) -> list[float]:
    """Best time of each function over ``repeat`` rounds, the functions interleaved."""
    best = [INF] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            best[i] = min(best[i], best_time(fn, 1))
    return best


Row = tuple[str, str, float, float, str, float, float]
"""case, ids, ours, base, against, target, floor."""


def bench_tree(G: Any, T: list[Any], label: str, ids: str, repeat: int, *, best: bool) -> list[Row]:
    root = G.graph["root"]
    mm = partial(gametree.minimax, G, annotate=False)
    mm_ann = partial(gametree.minimax, G, annotate=True)
    ab = partial(gametree.alphabeta, G, annotate=False)
    ab_ann = partial(gametree.alphabeta, G, annotate=True)
    assert lean_minimax(T, True) == mm().value
    assert lean_alphabeta(T, -INF, INF, True) == ab().value
    fl_mm = partial(lean_minimax, T, True)
    fl_ab = partial(lean_alphabeta, T, -INF, INF, True)
    raw_mm = partial(raw_minimax, G, root)
    checked_mm = partial(checked_raw_minimax, G, root)
    raw_ab = partial(raw_alphabeta, G, root)
    checked_ab = partial(contract_alphabeta, G, root, True)
    assert checked_mm() == mm().value and checked_ab() == ab().value
    # Each algorithm's group runs on its own: annotating after another algorithm's
    # annotation first removes that one (a cost proportional to that annotation).
    t_fl_mm, t_raw_mm, t_checked_mm, t_mm, t_mm_ann = interleaved(
        [fl_mm, raw_mm, checked_mm, mm, mm_ann], repeat
    )
    t_fl_ab, t_raw_ab, t_checked_ab, t_ab, t_ab_ann = interleaved(
        [fl_ab, raw_ab, checked_ab, ab, ab_ann], repeat
    )
    rows: list[Row] = [
        (f"{label} minimax", ids, t_mm, t_raw_mm, "raw", 1.3, t_fl_mm),
        (f"{label} minimax", ids, t_mm, t_checked_mm, "raw+checks", 1.3, INF),
        (f"{label} alphabeta", ids, t_ab, t_raw_ab, "raw", 1.5, t_fl_ab),
        (f"{label} alphabeta", ids, t_ab, t_checked_ab, "contract+checks", 1.5, INF),
    ]
    if not best:
        rows.append((f"{label} minimax annotated", ids, t_mm_ann, t_mm, "annotate=False", 2.5, INF))
    ab_target = 3.0 if best else 2.5
    if not best or label.startswith("d=6"):
        rows.append(
            (f"{label} alphabeta annotated", ids, t_ab_ann, t_ab, "annotate=False", ab_target, INF)
        )
    return rows


def build(b: int, d: int, ordering: str) -> tuple[Any, Any, list[Any]]:
    import networkx as nx

    order: Literal["best", "worst"] | None = None
    if ordering in ("best", "worst"):
        order = "best" if ordering == "best" else "worst"
    letters = gametree.random_tree(b, d, seed=d, ordering=order)
    T = to_nested(letters)
    ints = nx.convert_node_labels_to_integers(letters, ordering="default")
    ints.graph["root"] = 0
    return letters, ints, T


def per_visited_node(repeat: int) -> list[tuple[int, int, int, float, float]]:
    """Alpha-beta on best-ordered trees of growing size: (depth, nodes, visited, s, raw s)."""
    out = []
    for d in (4, 5, 6):
        G = gametree.random_tree(10, d, seed=d, ordering="best")
        ab = partial(gametree.alphabeta, G, annotate=False)
        t, t_raw = interleaved([ab, partial(raw_alphabeta, G, G.graph["root"])], repeat)
        out.append((d, len(G), ab().stats.nodes_visited, t, t_raw))
        del G
    return out


class TreeAsGame:
    """A DiGraph played as a game, as cheaply as the game protocol allows: states are
    node ids, a move is the child it leads to."""

    def __init__(self, G: Any) -> None:
        succ, nodes = G._succ, G._node
        self.initial = G.graph["root"]
        self.actions = lambda s: list(succ[s])
        self.result = lambda s, a: a
        self.is_terminal = lambda s: not succ[s]
        self.utility = lambda s: nodes[s]["value"]
        self.player_of = lambda s: nodes[s]["player"]


def game_loop_alphabeta(game: TreeAsGame) -> Any:
    """Alpha-beta by the lean game loop, as ``search_game(record=False)`` runs it."""
    from gametree.games.fastsearch import search

    return search(
        game,
        game.initial,
        pruning=True,
        depth=None,
        prune_on_equal=True,
        fail_hard=False,
        window=(-INF, INF),
        player_of=game.player_of,
        evaluate=game.utility,
        max_nodes=10**8,
    )


def alternative(repeat: int) -> list[tuple[str, str, float, float, float]]:
    """Alpha-beta through the game loop against the DiGraph loop and raw (b=10, d=5)."""
    out = []
    for ordering in ("random", "best"):
        letters, ints, _ = build(10, 5, ordering)
        for ids, G in (("int", ints), ("letter", letters)):
            game = TreeAsGame(G)
            assert game_loop_alphabeta(game).value == gametree.alphabeta(G, annotate=False).value
            t_raw, t_ours, t_game = interleaved(
                [
                    partial(raw_alphabeta, G, G.graph["root"]),
                    partial(gametree.alphabeta, G, annotate=False),
                    partial(game_loop_alphabeta, game),
                ],
                repeat,
            )
            out.append((f"d=5 {ordering}", ids, t_raw, t_ours, t_game))
    return out


def contract_costs(repeat: int) -> list[tuple[str, float, float, float, float]]:
    """Raw alpha-beta, the same recording what a result holds, that with the checks a
    right answer needs, and ours, on d=5 trees."""
    out = []
    for ordering in ("random", "best"):
        _, G, _ = build(10, 5, ordering)
        root = G.graph["root"]
        value = gametree.alphabeta(G, annotate=False).value
        assert contract_alphabeta(G, root) == contract_alphabeta(G, root, True) == value
        t_raw, t_contract, t_checked, t_ours = interleaved(
            [
                partial(raw_alphabeta, G, root),
                partial(contract_alphabeta, G, root),
                partial(contract_alphabeta, G, root, True),
                partial(gametree.alphabeta, G, annotate=False),
            ],
            repeat,
        )
        out.append((f"d=5 {ordering}", t_raw, t_contract, t_checked, t_ours))
    return out


def plain_writes(G: Any, result: Any) -> None:
    """Write what an annotated minimax writes, in a plain loop with everything known:
    status, search value, bound and visit number on each node in visit order, and a
    status on each edge into a visited node (the least annotating can cost)."""
    nodes, pred = G._node, G._pred
    values, _ = result.node_values.raw()
    for visit, node in enumerate(result.visit_order, 1):
        data = nodes[node]
        data["status"] = "visited"
        data["search_value"] = values[node]
        data["bound"] = "exact"
        data["visit"] = visit
        for edge in pred[node].values():
            edge["status"] = "visited"


def plain_writes_alphabeta(G: Any, result: Any) -> None:
    """Write what an annotated alpha-beta writes, in a plain loop with everything known:
    on each visited node (in visit order) status, search value, bound, visit number,
    alpha and beta, a status on each edge into it, and on each pruned edge and its
    child a status."""
    nodes, pred, succ = G._node, G._pred, G._succ
    values, codes = result.node_values.raw()
    names = {0: "exact", 1: "lower", -1: "upper"}
    windows = result.windows
    for visit, node in enumerate(result.visit_order, 1):
        data = nodes[node]
        data["status"] = "visited"
        data["search_value"] = values[node]
        data["bound"] = names[codes.get(node, 0)]
        data["visit"] = visit
        data["alpha"], data["beta"] = windows[node]
        for edge in pred[node].values():
            edge["status"] = "visited"
    for u, v in result.pruned_edges:
        succ[u][v]["status"] = "pruned"
        nodes[v]["status"] = "pruned"


def annotation_costs(repeat: int, depths: tuple[int, ...]) -> list[tuple[str, float, float, float]]:
    """Unannotated search, the plain writes of its annotation, and ours annotated, for
    minimax (d=5) and alpha-beta (each depth), random trees."""
    out = []
    for d in depths:
        letters, ints, _ = build(10, d, "random")
        for ids, G in (("int", ints), ("letter", letters)):
            cases: list[tuple[str, Callable[..., Any], Callable[[Any, Any], None]]] = [
                ("alphabeta", gametree.alphabeta, plain_writes_alphabeta)
            ]
            if d == 5:
                cases.insert(0, ("minimax", gametree.minimax, plain_writes))
            for name, search, writes in cases:
                result = search(G, annotate=True)
                t_plain, t_writes, t_ours = interleaved(
                    [
                        partial(search, G, annotate=False),
                        partial(writes, G, result),
                        partial(search, G, annotate=True),
                    ],
                    repeat if d == 5 else max(2, repeat - 2),
                )
                out.append((f"d={d} random {ids} {name}", t_plain, t_writes, t_ours))
        del letters, ints
        gc.collect()
    return out


def main(argv: list[str]) -> int:
    if "--help" in argv or "-h" in argv:
        print(__doc__)
        return 0
    quick = "--quick" in argv
    depths = (5,) if quick else (5, 6)
    rows: list[Row] = []
    print(f"python {sys.version.split()[0]}, gametree {gametree.__version__}")
    for d in depths:
        repeat = 5 if d == 5 else 3
        for ordering in ("random", "best"):
            letters, ints, T = build(10, d, ordering)
            label = f"d={d} {ordering}"
            rows += bench_tree(ints, T, label, "int", repeat, best=ordering == "best")
            del ints
            rows += bench_tree(letters, T, label, "letter", repeat, best=ordering == "best")
            del letters, T
            gc.collect()
    print()
    header = (
        f"{'case':<31} {'ids':<6} {'ours ms':>9} {'base ms':>9} {'against':<15} {'ratio':>6} "
        f"{'target':>6} {'met?':>4} | {'floor ms':>9} {'raw/floor':>9}"
    )
    print(header)
    print("-" * len(header))
    failed = False
    for case, ids, ours, base, against, target, floor in rows:
        ratio = ours / base
        ok = ratio <= target
        failed |= not ok
        context = ""
        if floor < INF:
            context = f"{floor * 1e3:9.1f} {base / floor:9.2f}"
        print(
            f"{case:<31} {ids:<6} {ours * 1e3:9.1f} {base * 1e3:9.1f} {against:<15} "
            f"{ratio:6.2f} {target:6.1f} {'yes' if ok else 'no':>4} | {context}"
        )
    print()
    print("alpha-beta (annotate=False) on best-ordered b=10 trees: fixed costs per call")
    print(
        f"{'depth':>5} {'nodes':>10} {'visited':>8} {'ms':>8} {'us per visited node':>20} "
        f"{'raw us per visited':>19}"
    )
    for d, n, visited, t, t_raw in per_visited_node(7):
        print(
            f"{d:>5} {n:>10,} {visited:>8,} {t * 1e3:8.2f} {t * 1e6 / visited:20.2f} "
            f"{t_raw * 1e6 / visited:19.2f}"
        )
    print()
    print("alpha-beta (annotate=False) against what its result holds (d=5, int ids)")
    print(
        f"{'tree':<12} {'raw ms':>8} {'contract ms':>12} {'+checks ms':>11} {'ours ms':>8} "
        f"{'contract/raw':>12} {'+checks/raw':>11} {'ours/+checks':>12}"
    )
    for label, t_raw, t_contract, t_checked, t_ours in contract_costs(7):
        print(
            f"{label:<12} {t_raw * 1e3:8.2f} {t_contract * 1e3:12.2f} {t_checked * 1e3:11.2f} "
            f"{t_ours * 1e3:8.2f} {t_contract / t_raw:12.2f} {t_checked / t_raw:11.2f} "
            f"{t_ours / t_checked:12.2f}"
        )
    print()
    print("annotated search against the search plus its writes alone (random trees)")
    print(
        f"{'case':<30} {'search ms':>9} {'writes ms':>9} {'annotated ms':>12} "
        f"{'(search+writes)/search':>22} {'annotated/(search+writes)':>25}"
    )
    for label, t_plain, t_writes, t_ours in annotation_costs(5, depths):
        floor = t_plain + t_writes
        print(
            f"{label:<30} {t_plain * 1e3:9.1f} {t_writes * 1e3:9.1f} {t_ours * 1e3:12.1f} "
            f"{floor / t_plain:22.2f} {t_ours / floor:25.2f}"
        )
    print()
    print("alpha-beta (annotate=False): the DiGraph loop against the game loop over the same tree")
    print(
        f"{'tree':<12} {'ids':<6} {'raw ms':>8} {'graph ms':>9} {'game ms':>8} "
        f"{'game/graph':>10} {'game/raw':>9}"
    )
    for label, ids, t_raw, t_ours, t_game in alternative(5):
        print(
            f"{label:<12} {ids:<6} {t_raw * 1e3:8.2f} {t_ours * 1e3:9.2f} {t_game * 1e3:8.2f} "
            f"{t_game / t_ours:10.2f} {t_game / t_raw:9.2f}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
