"""Benchmark: minimax and alpha-beta over a DiGraph against plain recursion over nested lists.

Issue 3's targets, on uniform random trees (b=10, d=5 and d=6): with ``annotate=False``
the searches run within 2.5x, with ``annotate=True`` within 4x, of a plain recursive
search over the same tree as nested Python lists, measured in the same run.

The baseline ("floor") is the leanest recursive search over lists (one type test, one
comparison per child, no bookkeeping). It returns only the value, while the DiGraph
searches also build the full SearchResult (values and bounds of every visited node,
the visited leaves in order, pruned edges, PV, best moves, statistics) and, with
``annotate=True``, write status, search_value, bound, visit, alpha and beta onto every
node and a status onto every edge (alpha-beta also marks every node below a pruned one
"unreached", which touches the whole tree while the search touches a few percent).

Two more columns put the ratio in context: "raw" is the same lean recursion over the
DiGraph's own dicts (``G._succ`` / ``G._node``), returning only the value: the cost of
reading a DiGraph at all; "aima" is the AIMA-style recursion (``v = max(v, ...)``) over
the lists. The trees are the same: built by ``gametree.random_tree`` (letter ids) and
relabelled with integer ids (the fast case: ints hash and compare fastest); both are
timed.

Run: ``python tests/benchmarks/bench_search.py [--quick]``. Times are CPU times of this
process (``time.process_time``), best of several interleaved runs; the machine is
shared, so expect some noise.
"""

from __future__ import annotations

import gc
import math
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


def aima_max(t: Any) -> Any:
    if not isinstance(t, list):
        return t
    v = -INF
    for c in t:
        v = max(v, aima_min(c))
    return v


def aima_min(t: Any) -> Any:
    if not isinstance(t, list):
        return t
    v = INF
    for c in t:
        v = min(v, aima_max(c))
    return v


def aima_ab_max(t: Any, alpha: float, beta: float) -> Any:
    if not isinstance(t, list):
        return t
    v = -INF
    for c in t:
        v = max(v, aima_ab_min(c, alpha, beta))
        if v >= beta:
            return v
        alpha = max(alpha, v)
    return v


def aima_ab_min(t: Any, alpha: float, beta: float) -> Any:
    if not isinstance(t, list):
        return t
    v = INF
    for c in t:
        v = min(v, aima_ab_max(c, alpha, beta))
        if v <= alpha:
            return v
        beta = min(beta, v)
    return v


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


def nested_random(b: int, d: int, seed: int) -> list[Any]:
    """Build a uniform random nested list directly (for the build comparison)."""
    import random

    rng = random.Random(seed)
    level: list[Any] = [rng.randint(-10, 10) for _ in range(b**d)]
    for _ in range(d):
        level = [level[i : i + b] for i in range(0, len(level), b)]
    return level[0]  # type: ignore[no-any-return]


def best_time(fn: Callable[[], Any], repeat: int) -> float:
    best = INF
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def memory_per_node(build: Callable[[], Any], n_nodes: int) -> float:
    gc.collect()
    tracemalloc.start()
    obj = build()
    current, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del obj
    return current / n_nodes


def main(argv: list[str]) -> int:
    import networkx as nx

    quick = "--quick" in argv
    depths = (5,) if quick else (5, 6)
    rows = []
    print(f"python {sys.version.split()[0]}, gametree {gametree.__version__}")
    for d in depths:
        b = 10
        n_nodes = (b ** (d + 1) - 1) // (b - 1)
        repeat = 5 if d == 5 else 3
        t0 = time.process_time()
        letters = gametree.random_tree(b, d, seed=d)
        build_graph = time.process_time() - t0
        T = to_nested(letters)
        t0 = time.process_time()
        nested_random(b, d, seed=d)
        build_nested = time.process_time() - t0
        ints = nx.convert_node_labels_to_integers(letters, ordering="default")
        ints.graph["root"] = 0
        for G in (ints, letters):
            assert lean_minimax(T, True) == gametree.minimax(G, annotate=False).value
            assert lean_alphabeta(T, -INF, INF, True) == gametree.alphabeta(G, annotate=False).value
        print(
            f"\nb={b} d={d} ({n_nodes:,} nodes): random_tree builds in {build_graph:.2f} s, "
            f"the nested list in {build_nested:.2f} s ({build_graph / build_nested:.0f}x)"
        )
        if d == 5:
            per_graph = memory_per_node(lambda: gametree.random_tree(10, 5, seed=5), n_nodes)
            per_list = memory_per_node(lambda: nested_random(10, 5, seed=5), n_nodes)
            print(f"memory per node: DiGraph {per_graph:.0f} B, nested list {per_list:.0f} B")
        for ids, G, root in (("int", ints, 0), ("letter", letters, "A")):
            cases: list[
                tuple[str, Callable[[], Any], Callable[[], Any], Callable[[], Any], Any, float]
            ]
            cases = [
                (
                    "minimax",
                    lambda T=T: lean_minimax(T, True),
                    lambda T=T: aima_max(T),
                    lambda G=G, root=root: raw_minimax(G, root),
                    lambda G=G: gametree.minimax(G, annotate=False),
                    2.5,
                ),
                (
                    "minimax annotate",
                    lambda T=T: lean_minimax(T, True),
                    lambda T=T: aima_max(T),
                    lambda G=G, root=root: raw_minimax(G, root),
                    lambda G=G: gametree.minimax(G, annotate=True),
                    4.0,
                ),
                (
                    "alphabeta",
                    lambda T=T: lean_alphabeta(T, -INF, INF, True),
                    lambda T=T: aima_ab_max(T, -INF, INF),
                    lambda G=G, root=root: raw_alphabeta(G, root),
                    lambda G=G: gametree.alphabeta(G, annotate=False),
                    2.5,
                ),
                (
                    "alphabeta annotate",
                    lambda T=T: lean_alphabeta(T, -INF, INF, True),
                    lambda T=T: aima_ab_max(T, -INF, INF),
                    lambda G=G, root=root: raw_alphabeta(G, root),
                    lambda G=G: gametree.alphabeta(G, annotate=True),
                    4.0,
                ),
            ]
            for name, floor, aima, raw, ours, limit in cases:
                t_floor = t_aima = t_raw = t_ours = INF
                for _ in range(repeat):
                    t_floor = min(t_floor, best_time(floor, 1))
                    t_aima = min(t_aima, best_time(aima, 1))
                    t_raw = min(t_raw, best_time(raw, 1))
                    t_ours = min(t_ours, best_time(ours, 1))
                rows.append((d, ids, name, t_floor, t_aima, t_raw, t_ours, limit))
        del letters, ints, T

    print()
    header = (
        f"{'tree':>10} {'ids':<6} {'search':<19} {'floor ms':>9} {'aima ms':>8} {'raw ms':>8} "
        f"{'ours ms':>9} {'ratio':>6} {'limit':>5} {'ok':>3} {'raw/fl':>6} {'ours/raw':>8}"
    )
    print(header)
    print("-" * len(header))
    failed = False
    for d, ids, name, t_floor, t_aima, t_raw, t_ours, limit in rows:
        ratio = t_ours / t_floor
        ok = ratio <= limit
        failed |= not ok
        print(
            f"{f'd={d}':>10} {ids:<6} {name:<19} {t_floor * 1e3:9.1f} {t_aima * 1e3:8.1f} "
            f"{t_raw * 1e3:8.1f} {t_ours * 1e3:9.1f} {ratio:6.2f} {limit:5.1f} "
            f"{'yes' if ok else 'NO':>3} {t_raw / t_floor:6.2f} {t_ours / t_raw:8.2f}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
