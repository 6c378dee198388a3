"""Property tests of the search engine against an independent brute-force reference.

The reference functions below are written from the textbook definitions only (recursive,
for the small trees hypothesis draws), never from the engine's code:

* :func:`true_value`: minimax / expectiminimax by exhaustive recursion;
* :func:`reference_alphabeta`: AIMA's ALPHA-BETA-SEARCH (Figure 5.7) with the window in
  MAX's point of view, children left to right, the two cut conventions (``>=`` or ``>``),
  fail-soft or fail-hard returns, an initial window and an open window below CHANCE
  nodes; it records the leaves it evaluates and the edges it skips.

Every algorithm of the engine must agree with them on thousands of random trees.
"""

from __future__ import annotations

import math
import os
from collections.abc import Hashable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gametree
from gametree.search.theory import minimal_tree_leaves
from tests.strategies import (
    VALUES_ANY,
    VALUES_FLOAT,
    VALUES_INT,
    VALUES_TIES,
    best_ordered_uniform_trees,
    chance_trees,
    dags,
    small_trees,
    trees_with_heuristics,
    uneven_dags,
)

INF = math.inf
ALPHABETA_FAMILY = ("alphabeta", "negamax_alphabeta", "pvs")
FULL_SEARCHES = ("minimax", "negamax", "expectiminimax")
CONVENTIONS = [
    {"prune_on_equal": poe, "fail": fail} for poe in (True, False) for fail in ("soft", "hard")
]

# Many small trees, mixed value kinds: heavy ties, small ints, floats and infinities.
SMALL_TREES = st.one_of(
    small_trees(VALUES_TIES),
    small_trees(VALUES_INT),
    small_trees(VALUES_ANY),
    small_trees(VALUES_FLOAT, max_depth=4),
)


SCALE = float(os.environ.get("GAMETREE_EXAMPLES_SCALE", "1"))


def examples(n: int) -> settings:
    """Hypothesis settings: ``n`` examples, no deadline (the machine is shared).

    ``GAMETREE_EXAMPLES_SCALE=20`` multiplies every count, for a long stress run.
    """
    return settings(
        max_examples=max(1, int(n * SCALE)),
        deadline=None,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.filter_too_much,
            HealthCheck.data_too_large,
        ],
    )


# --- the reference ------------------------------------------------------------------


def root_of(G: nx.DiGraph) -> Hashable:
    return G.graph.get("root") or next(n for n in G if G.in_degree(n) == 0)


def kids(G: nx.DiGraph, node: Hashable) -> list[Hashable]:
    return list(G.succ[node])


def probabilities(G: nx.DiGraph, node: Hashable) -> list[float]:
    children = kids(G, node)
    if any("prob" in G.edges[node, c] for c in children):
        return [G.edges[node, c]["prob"] for c in children]
    return [1 / len(children)] * len(children)


def is_horizon(G: nx.DiGraph, node: Hashable, level: int, depth: int | None) -> bool:
    return not G.succ[node] or (depth is not None and level >= depth)


def true_value(G: nx.DiGraph, node: Hashable, depth: int | None = None, level: int = 0) -> float:
    """Minimax / expectiminimax value of ``node`` by exhaustive search."""
    if is_horizon(G, node, level, depth):
        return float(G.nodes[node]["value"])
    values = [true_value(G, c, depth, level + 1) for c in kids(G, node)]
    player = G.nodes[node]["player"]
    if player == "MAX":
        return max(values)
    if player == "MIN":
        return min(values)
    return sum(p * v for p, v in zip(probabilities(G, node), values, strict=True))


def all_leaves_in_order(G: nx.DiGraph, node: Hashable) -> list[Hashable]:
    if not G.succ[node]:
        return [node]
    return [leaf for c in kids(G, node) for leaf in all_leaves_in_order(G, c)]


@dataclass
class Reference:
    value: float = 0.0
    leaves: list[Hashable] = field(default_factory=list)
    pruned: list[tuple[Hashable, Hashable]] = field(default_factory=list)
    cutoffs: int = 0
    entries: list[tuple[Hashable, float, float]] = field(default_factory=list)
    """(node, alpha, beta) as each node is entered, MAX's point of view."""
    exits: list[tuple[Hashable, float]] = field(default_factory=list)
    """(node, value returned) as each node is left (fail-hard: clamped, leaves excepted)."""
    windows: dict[Hashable, tuple[float, float]] = field(default_factory=dict)
    """The window of each node when it is left: its own bound raised (MAX) or lowered (MIN)."""


def reference_alphabeta(
    G: nx.DiGraph,
    *,
    prune_on_equal: bool = True,
    fail: str = "soft",
    window: tuple[float, float] = (-INF, INF),
    depth: int | None = None,
    clamp_inside: bool = False,
) -> Reference:
    """Textbook alpha-beta (AIMA Fig. 5.7), MAX's view, left to right.

    Cut at MAX when ``best >= beta`` (``>`` when not pruning on equality), at MIN when
    ``best <= alpha`` (``<``). A CHANCE node averages children searched with an open
    window. Fail-hard clamps the returned value to the window: by default only at the
    root (cutoff decisions use the unclamped values, gametree's documented semantics);
    with ``clamp_inside=True`` at every node, as the ``return alpha`` / ``return beta``
    loops of course notes do, so parents decide on clamped values.
    """
    ref = Reference()

    def search(node: Hashable, alpha: float, beta: float, level: int) -> float:
        ref.entries.append((node, alpha, beta))
        value = search_node(node, alpha, beta, level)
        leaf = is_horizon(G, node, level, depth)
        hard = fail == "hard" and not leaf
        ref.exits.append((node, min(max(value, alpha), beta) if hard else value))
        return value

    def search_node(node: Hashable, alpha: float, beta: float, level: int) -> float:
        ref.windows[node] = (alpha, beta)
        if is_horizon(G, node, level, depth):
            ref.leaves.append(node)
            return float(G.nodes[node]["value"])
        children = kids(G, node)
        player = G.nodes[node]["player"]
        if player == "CHANCE":
            values = [search(c, -INF, INF, level + 1) for c in children]
            best = sum(p * v for p, v in zip(probabilities(G, node), values, strict=True))
        else:
            a, b = alpha, beta
            best = -INF if player == "MAX" else INF
            for i, child in enumerate(children):
                v = search(child, a, b, level + 1)
                if player == "MAX":
                    best = max(best, v)
                    a = max(a, best)
                else:
                    best = min(best, v)
                    b = min(b, best)
                ref.windows[node] = (a, b)
                if a >= b if prune_on_equal else a > b:
                    rest = children[i + 1 :]
                    if rest:
                        ref.cutoffs += 1
                        ref.pruned.extend((node, r) for r in rest)
                    break
        if fail == "hard" and clamp_inside:
            best = min(max(best, alpha), beta)
        return best

    ref.value = search(root_of(G), window[0], window[1], 0)
    if fail == "hard":
        ref.value = min(max(ref.value, window[0]), window[1])
    return ref


# --- helpers ------------------------------------------------------------------------


def show(G: nx.DiGraph) -> str:
    """A compact text of ``G`` for failure messages: ``A:MAX(B:MIN(E=3 F=1) ...)``."""
    seen: set[Hashable] = set()

    def text(node: Hashable) -> str:
        data = G.nodes[node]
        if not G.succ[node]:
            return f"{node}={data['value']}"
        head = f"{node}:{data['player']}" + (f"[h={data['value']}]" if "value" in data else "")
        if node in seen:
            return f"{head}(...)"
        seen.add(node)
        parts = []
        for child in G.succ[node]:
            prob = G.edges[node, child].get("prob")
            parts.append(text(child) + (f"@{prob:g}" if prob is not None else ""))
        return f"{head}({' '.join(parts)})"

    return text(root_of(G))


def run(G: nx.DiGraph, algorithm: str, **options: Any) -> Any:
    options.setdefault("annotate", False)
    return gametree.solve(G, algorithm, **options)


def close(a: float, b: float) -> bool:
    return a == b or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def is_subsequence(short: list[Hashable], long: list[Hashable]) -> bool:
    it = iter(long)
    return all(any(x == y for y in it) for x in short)


def true_values(G: nx.DiGraph, depth: int | None = None) -> dict[Hashable, float]:
    """Every node's true value (on trees and level-respecting DAGs: a node's depth is fixed)."""
    levels = nx.single_source_shortest_path_length(G, root_of(G))
    memo: dict[Hashable, float] = {}

    def value(node: Hashable) -> float:
        if node not in memo:
            level = levels[node]
            if is_horizon(G, node, level, depth):
                memo[node] = float(G.nodes[node]["value"])
            else:
                values = [value(c) for c in kids(G, node)]
                player = G.nodes[node]["player"]
                if player == "MAX":
                    memo[node] = max(values)
                elif player == "MIN":
                    memo[node] = min(values)
                else:
                    pairs = zip(probabilities(G, node), values, strict=True)
                    memo[node] = sum(p * v for p, v in pairs)
        return memo[node]

    for node in levels:
        value(node)
    return memo


def check_bounds_sound(G: nx.DiGraph, result: Any, truth: dict[Hashable, float]) -> None:
    """Every reported node value is consistent with its bound type.

    Exact values equal the node's true value; lower bounds are <= it, upper >= it.
    """
    for node, nv in result.node_values.items():
        true = truth[node]
        bound = str(nv.bound)
        if bound == "exact":
            assert close(nv.value, true), (node, nv, true, show(G))
        elif bound == "lower":
            assert nv.value <= true or close(nv.value, true), (node, nv, true, show(G))
        else:
            assert bound == "upper", (node, nv)
            assert nv.value >= true or close(nv.value, true), (node, nv, true, show(G))


def window_property(
    result_value: float, true: float, window: tuple[float, float], fail: str
) -> None:
    """What theory allows alpha-beta to return on the window (alpha, beta)."""
    alpha, beta = window
    v = result_value
    if fail == "hard":
        assert alpha <= v <= beta, (v, window)
        if true <= alpha:
            assert v == alpha, (v, true, window)
        if true >= beta:
            assert v == beta, (v, true, window)
    if v <= alpha:
        assert true <= v, (v, true, window)
    elif v >= beta:
        assert true >= v, (v, true, window)
    else:
        assert v == true, (v, true, window)


def check_pv_and_moves(
    G: nx.DiGraph, result: Any, truth: dict[Hashable, float], *, every_tie: bool
) -> None:
    """The PV is a root-to-leaf path of nodes worth the root's value, with no pruned edge;
    the best move is the first child attaining the value, ``best_moves`` only ties."""
    root = root_of(G)
    pv = list(result.pv)
    where = (result.algorithm, dict(result.options), pv, show(G))
    assert pv[0] == root
    assert all(G.has_edge(u, v) for u, v in pairwise(pv)), where
    assert not G.succ[pv[-1]], where
    assert all(truth[n] == truth[root] for n in pv), where
    assert not set(pairwise(pv)) & set(map(tuple, result.pruned_edges)), where
    attaining = [c for c in kids(G, root) if truth[c] == truth[root]]
    assert result.best_move == attaining[0], where
    assert pv[1] == result.best_move, where
    assert result.best_moves[0] == result.best_move, where
    assert set(result.best_moves) <= set(attaining), where
    if every_tie:
        assert list(result.best_moves) == attaining, where


# --- deterministic trees: every algorithm, every convention, every property ----------


@pytest.mark.slow
@examples(1000)
@given(G=SMALL_TREES)
def test_deterministic_trees_against_the_reference(G: nx.DiGraph) -> None:
    """On >= 1000 random MAX/MIN trees (ties, negatives, floats, infinities, MIN roots,
    repeated players, uneven depth), every algorithm under every convention:

    * finds the brute-force minimax value, with node values sound for their bound types;
    * has a PV worth that value, no pruned edge on it, and the first attaining best move;
    * alphabeta and negamax_alphabeta evaluate exactly the textbook reference's leaves in
      its order and prune exactly its edges, with its cutoff count;
    * fail-hard evaluates the same leaves as fail-soft; alpha-beta's leaves are a
      subsequence of minimax's; PVS evaluates no leaf minimax does not; cutting only on
      ``>`` evaluates a superset of the leaves cut on ``>=`` evaluates.
    """
    root = root_of(G)
    truth = true_values(G)
    minimax_leaves = all_leaves_in_order(G, root)
    for algorithm in FULL_SEARCHES:
        result = run(G, algorithm)
        assert result.value == truth[root], (algorithm, show(G))
        assert list(result.visited_leaves) == minimax_leaves, algorithm
        assert result.pruned_edges == ()
        check_bounds_sound(G, result, truth)
        check_pv_and_moves(G, result, truth, every_tie=True)
    leaves: dict[tuple[str, bool, str], list[Hashable]] = {}
    for conv in CONVENTIONS:
        ref = reference_alphabeta(G, **conv)
        for algorithm in ALPHABETA_FAMILY:
            result = run(G, algorithm, **conv)
            where = (algorithm, conv, show(G))
            assert result.value == truth[root], where
            root_value = result.node_values[root]
            assert (root_value.value, str(root_value.bound)) == (truth[root], "exact"), where
            check_bounds_sound(G, result, truth)
            check_pv_and_moves(G, result, truth, every_tie=False)
            got = list(result.visited_leaves)
            leaves[algorithm, conv["prune_on_equal"], conv["fail"]] = got
            if algorithm == "pvs":
                assert set(got) <= set(minimax_leaves), where
                continue
            assert got == ref.leaves, where
            assert [tuple(e) for e in result.pruned_edges] == ref.pruned, where
            assert result.stats.cutoffs == ref.cutoffs, where
            assert result.stats.leaves_evaluated == len(ref.leaves), where
            assert is_subsequence(got, minimax_leaves), where
    for algorithm in ("alphabeta", "negamax_alphabeta"):
        for poe in (True, False):
            assert leaves[algorithm, poe, "hard"] == leaves[algorithm, poe, "soft"]
        assert set(leaves[algorithm, False, "soft"]) >= set(leaves[algorithm, True, "soft"])
    for poe in (True, False):
        assert leaves["pvs", poe, "hard"] == leaves["pvs", poe, "soft"]


@pytest.mark.slow
@examples(300)
@given(G=SMALL_TREES, data=st.data())
def test_narrow_windows_obey_the_fail_soft_and_fail_hard_bounds(
    G: nx.DiGraph, data: st.DataObject
) -> None:
    ends = st.one_of(st.integers(-10, 10).map(float), st.sampled_from([-INF, INF]))
    alpha = data.draw(ends, label="alpha")
    beta = data.draw(ends.filter(lambda x: x > alpha), label="beta")
    truth = true_values(G)
    true = truth[root_of(G)]
    for conv in CONVENTIONS:
        ref = reference_alphabeta(G, window=(alpha, beta), **conv)
        for algorithm in ALPHABETA_FAMILY:
            result = run(G, algorithm, window=(alpha, beta), **conv)
            where = (algorithm, conv, show(G))
            window_property(result.value, true, (alpha, beta), conv["fail"])
            check_bounds_sound(G, result, truth)
            if algorithm != "pvs":
                assert result.value == ref.value, where
                assert list(result.visited_leaves) == ref.leaves, where
                assert [tuple(e) for e in result.pruned_edges] == ref.pruned, where


def test_strict_fail_hard_decides_on_unclamped_values() -> None:
    """gametree's fail-hard clamps what a node reports, not what its parent decides on.

    The seeds' narrow-window tree (tests/data/known/narrow_window.json): under
    ``prune_on_equal=False`` a loop that returns alpha itself (``return alpha``) makes
    B see 2, which is not < alpha=2, and search F; gametree's B sees E's -2 and cuts.
    With cutting on >= both agree (a clamped value ties the bound and still cuts).
    """
    G = gametree.from_nested([[[-3, -2], [5, 12]], 5, 7])
    textbook = reference_alphabeta(
        G, window=(2, 5), prune_on_equal=False, fail="hard", clamp_inside=True
    )
    assert textbook.leaves == ["G", "H", "I", "C", "D"]
    result = run(G, "alphabeta", window=(2, 5), prune_on_equal=False, fail="hard")
    assert list(result.visited_leaves) == ["G", "H", "C", "D"]
    assert result.value == textbook.value == 5


@pytest.mark.slow
@examples(300)
@given(G=SMALL_TREES)
def test_clamping_inside_changes_nothing_when_cutting_on_equality(G: nx.DiGraph) -> None:
    for window in ((-INF, INF), (0.0, 2.0)):
        textbook = reference_alphabeta(G, window=window, fail="hard", clamp_inside=True)
        result = run(G, "alphabeta", window=window, fail="hard")
        assert list(result.visited_leaves) == textbook.leaves
        assert result.value == textbook.value


# --- chance nodes -----------------------------------------------------------------------


@pytest.mark.slow
@examples(300)
@given(G=st.one_of(chance_trees(VALUES_INT), chance_trees(VALUES_TIES), chance_trees(VALUES_FLOAT)))
def test_chance_trees_give_the_exact_expectation(G: nx.DiGraph) -> None:
    truth = true_values(G)
    true = truth[root_of(G)]
    for algorithm in FULL_SEARCHES:
        assert close(run(G, algorithm).value, true), algorithm
    for algorithm in ALPHABETA_FAMILY:
        for conv in CONVENTIONS:
            result = run(G, algorithm, **conv)
            assert close(result.value, true), (algorithm, conv, show(G))
            check_bounds_sound(G, result, truth)
    for conv in CONVENTIONS:
        ref = reference_alphabeta(G, **conv)
        result = run(G, "alphabeta", **conv)
        assert list(result.visited_leaves) == ref.leaves, conv
        assert [tuple(e) for e in result.pruned_edges] == ref.pruned, conv
        nega = run(G, "negamax_alphabeta", **conv)
        assert nega.visited_leaves == result.visited_leaves, conv


# --- Knuth and Moore's minimal tree -----------------------------------------------------


@examples(200)
@given(case=best_ordered_uniform_trees())
def test_best_ordering_evaluates_exactly_the_minimal_tree(
    case: tuple[nx.DiGraph, int, int],
) -> None:
    G, b, d = case
    for algorithm in ("alphabeta", "negamax_alphabeta"):
        for fail in ("soft", "hard"):
            result = run(G, algorithm, prune_on_equal=True, fail=fail)
            assert len(result.visited_leaves) == minimal_tree_leaves(b, d), (algorithm, fail)
    # Distinct values: the cut convention does not matter here.
    strict = run(G, "alphabeta", prune_on_equal=False)
    assert len(strict.visited_leaves) == minimal_tree_leaves(b, d)
    # PVS's null-window probes all fail low on a perfectly ordered tree.
    pvs = run(G, "pvs")
    assert pvs.stats.re_searches == 0
    assert len(pvs.visited_leaves) == minimal_tree_leaves(b, d)


@examples(60)
@given(
    b=st.integers(1, 4),
    d=st.integers(1, 5),
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([("MAX", "MIN"), ("MIN", "MAX")]),
)
def test_random_tree_best_ordering_gives_the_minimal_tree(
    b: int, d: int, seed: int, players: tuple[str, str]
) -> None:
    """``gametree.random_tree(..., ordering="best")`` (float values: distinct) is perfectly
    ordered: alpha-beta evaluates b^ceil(d/2) + b^floor(d/2) - 1 leaves."""
    if b**d > 1024:
        d = 3
    kw = {"seed": seed, "values": (-1000.0, 1000.0), "integers": False, "players": players}
    best = gametree.random_tree(b, d, ordering="best", **kw)
    assert len(run(best, "alphabeta").visited_leaves) == minimal_tree_leaves(b, d)
    # Worst move first everywhere is the same tree in another order (and prunes no more).
    # It need not prune nothing: below the second root move, a node worth less than the
    # root's alpha still cuts once one of its replies falls below alpha.
    worst = gametree.random_tree(b, d, ordering="worst", **kw)
    worst_result = run(worst, "alphabeta")
    assert worst_result.value == run(best, "minimax").value
    assert len(worst_result.visited_leaves) >= minimal_tree_leaves(b, d)


# --- DAGs and transposition tables ------------------------------------------------------


@pytest.mark.slow
@examples(300)
@given(G=st.one_of(dags(VALUES_INT), dags(VALUES_TIES), uneven_dags(VALUES_INT)))
def test_transposition_tables_on_dags(G: nx.DiGraph) -> None:
    truth = true_values(G)
    true = truth[root_of(G)]
    for algorithm in FULL_SEARCHES:
        assert run(G, algorithm).value == true, algorithm
    for algorithm in ALPHABETA_FAMILY:
        for conv in CONVENTIONS:
            where = (algorithm, conv, show(G))
            plain = run(G, algorithm, **conv)
            table = run(G, algorithm, transposition_table=True, **conv)
            assert plain.value == true, where
            assert table.value == true, where
            check_bounds_sound(G, plain, truth)
            check_bounds_sound(G, table, truth)
            check_pv_and_moves(G, plain, truth, every_tie=False)
            check_pv_and_moves(G, table, truth, every_tie=False)
            # A table never costs leaves, except through a PVS re-search it causes: a
            # bound stored by an earlier re-search can settle a degenerate null window
            # on the other side than a fresh probe would (see test_transpositions).
            assert table.stats.leaves_evaluated <= plain.stats.leaves_evaluated or (
                algorithm == "pvs" and table.stats.re_searches > plain.stats.re_searches
            ), where
            if algorithm != "pvs":
                ref = reference_alphabeta(G, **conv)
                assert list(plain.visited_leaves) == ref.leaves, where


@pytest.mark.slow
@examples(300)
@given(G=uneven_dags(VALUES_INT), depth=st.integers(0, 5))
def test_depth_limited_searches_on_dags(G: nx.DiGraph, depth: int) -> None:
    """The same node met at different remaining depths must not share a stored value."""
    true = true_value(G, root_of(G), depth)
    for algorithm in FULL_SEARCHES:
        assert run(G, algorithm, depth=depth).value == true, algorithm
    for algorithm in ALPHABETA_FAMILY:
        for tt in (False, True):
            result = run(G, algorithm, depth=depth, transposition_table=tt)
            assert result.value == true, (algorithm, tt, depth, show(G))
    ref = reference_alphabeta(G, depth=depth)
    assert list(run(G, "alphabeta", depth=depth).visited_leaves) == ref.leaves


# --- depth limits and iterative deepening -----------------------------------------------


@examples(200)
@given(G=trees_with_heuristics(VALUES_INT, max_depth=5), depth=st.integers(0, 6))
def test_depth_limited_and_iterative_deepening(G: nx.DiGraph, depth: int) -> None:
    root = root_of(G)
    truth = true_values(G, depth)
    true = truth[root]
    for algorithm in FULL_SEARCHES + ALPHABETA_FAMILY:
        result = run(G, algorithm, depth=depth)
        assert result.value == true, algorithm
        assert result.stats.max_depth <= depth
        check_bounds_sound(G, result, truth)
    if depth >= 1:
        for algorithm in ("negamax", "alphabeta", "negamax_alphabeta", "pvs"):
            deepening = gametree.iterative_deepening(G, algorithm, depth)
            assert deepening.value == true, algorithm


# --- annotations ----------------------------------------------------------------------


def _statuses_consistent(G: nx.DiGraph, result: Any) -> None:
    root = root_of(G)
    pruned_heads = {v for _, v in result.pruned_edges}
    below_pruned = (
        set().union(*(nx.descendants(G, v) for v in pruned_heads)) if pruned_heads else set()
    )
    visited_leaves = set(result.visited_leaves)
    for node, data in G.nodes(data=True):
        status = gametree.node_status(G, node)
        if node in pruned_heads:
            assert status == "pruned", node
        elif node in below_pruned:
            assert status == "unreached", node
        else:
            assert status == "visited", node
        if not G.succ[node]:
            assert (status == "visited") == (node in visited_leaves), node
        if status == "visited":
            assert node == root or "visit" in data
            assert "search_value" in data and "bound" in data
    for u, v, data in G.edges(data=True):
        status = gametree.edge_status(G, u, v)
        if (u, v) in set(map(tuple, result.pruned_edges)):
            assert status == "pruned"
        elif u in pruned_heads or u in below_pruned:
            assert status == "unreached"
        else:
            assert status == "visited"
        assert bool(data.get("pv", False)) == ((u, v) in set(pairwise(result.pv)))


@pytest.mark.slow
@examples(200)
@given(G=SMALL_TREES)
def test_annotations_are_consistent_and_removable(G: nx.DiGraph) -> None:
    original_nodes = {n: dict(d) for n, d in G.nodes(data=True)}
    original_edges = {(u, v): dict(d) for u, v, d in G.edges(data=True)}
    narrow = [{"window": (0, 2), "prune_on_equal": p} for p in (True, False)]
    for algorithm in ("minimax", "alphabeta", "pvs"):
        for conv in CONVENTIONS + narrow if algorithm != "minimax" else [{}]:
            H = G.copy()
            result = gametree.solve(H, algorithm, annotate=True, **conv)
            _statuses_consistent(H, result)
            for n, d in original_nodes.items():
                for key, value in d.items():
                    assert H.nodes[n][key] == value, (n, key)  # inputs never overwritten
            # Annotating afterwards gives the same attributes.
            K = G.copy()
            gametree.annotate(K, result)
            assert dict(K.nodes(data=True)) == dict(H.nodes(data=True))
            assert {(u, v): d for u, v, d in K.edges(data=True)} == {
                (u, v): d for u, v, d in H.edges(data=True)
            }
            gametree.clear_annotations(H)
            assert {n: dict(d) for n, d in H.nodes(data=True)} == original_nodes
            assert {(u, v): dict(d) for u, v, d in H.edges(data=True)} == original_edges


# --- the trace ---------------------------------------------------------------------------


@examples(200)
@given(G=SMALL_TREES)
def test_trace_agrees_with_the_result(G: nx.DiGraph) -> None:
    for algorithm in ("minimax", "alphabeta", "negamax_alphabeta", "pvs"):
        result = run(G, algorithm)
        events = list(gametree.search_trace(G, algorithm))
        leaves = [e.node for e in events if e.kind == "leaf"]
        assert leaves == list(result.visited_leaves), algorithm
        skipped = [(e.node, s) for e in events if e.kind == "cutoff" for s in e.skipped]
        pruned = [tuple(p) for p in result.pruned_edges]
        if algorithm == "pvs":
            # A child skipped by a null-window probe may be searched by the re-search:
            # only the edges never searched are pruned.
            entered = {(e.parent, e.node) for e in events if e.kind == "enter"}
            assert set(pruned) == set(skipped) - entered, show(G)
        else:
            assert skipped == pruned, algorithm
        enters = [e for e in events if e.kind == "enter"]
        exits = [e for e in events if e.kind == "exit"]
        assert len(enters) == len(exits) == result.stats.nodes_visited, algorithm
        assert enters[0].node == root_of(G)
        assert exits[-1].node == root_of(G) and exits[-1].value == result.value
        for e in events:
            if e.kind in {"enter", "probe", "research"}:
                assert e.alpha <= e.beta, (e, show(G))


@examples(200)
@given(G=SMALL_TREES, data=st.data())
def test_trace_windows_and_values_match_the_reference(G: nx.DiGraph, data: st.DataObject) -> None:
    """Every node is entered with the textbook window and leaves with the textbook value.

    The explanations and the answer checker read these windows, so they must be the
    ones a student computes by hand (MAX's point of view, in every algorithm form).
    """
    window = data.draw(st.sampled_from([(-INF, INF), (0.0, 2.0), (-1.0, 5.0)]), label="window")
    for conv in CONVENTIONS:
        ref = reference_alphabeta(G, window=window, **conv)
        for algorithm in ("alphabeta", "negamax_alphabeta"):
            events = list(gametree.search_trace(G, algorithm, window=window, **conv))
            entries = [(e.node, e.alpha, e.beta) for e in events if e.kind == "enter"]
            exits = [(e.node, e.value) for e in events if e.kind == "exit"]
            where = (algorithm, conv, window, show(G))
            assert entries == ref.entries, where
            assert exits == ref.exits, where
            windows = [(e.node, e.alpha, e.beta) for e in events if e.kind == "exit"]
            assert windows == [(n, *ref.windows[n]) for n, _ in ref.exits], where
        # The annotations: alpha and beta at exit, visit order, search value.
        H = G.copy()
        result = gametree.alphabeta(H, window=window, **conv)
        order = [n for n, _, _ in ref.entries]
        for node, data in H.nodes(data=True):
            if node in ref.windows:
                assert (data["alpha"], data["beta"]) == ref.windows[node], (node, show(G))
                assert data["visit"] == order.index(node) + 1
                assert data["search_value"] == result.node_values[node].value


# --- bad input ----------------------------------------------------------------------------


def test_missing_heuristic_at_the_depth_limit_names_the_node() -> None:
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    for algorithm in FULL_SEARCHES + ALPHABETA_FAMILY:
        with pytest.raises(gametree.SearchError, match="'B'"):
            run(G, algorithm, depth=1)


@pytest.mark.parametrize(
    "options",
    [
        {"fail": "medium"},
        {"window": (5, 2)},
        {"window": (3,)},
        {"depth": -1},
    ],
)
def test_bad_options_raise_search_error(options: dict[str, Any]) -> None:
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    with pytest.raises(gametree.SearchError):
        run(G, "alphabeta", **options)


def test_unknown_algorithm() -> None:
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    with pytest.raises(gametree.SearchError, match="'alphabetta'"):
        run(G, "alphabetta")


def test_search_trace_validates_before_the_first_event() -> None:
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    with pytest.raises(gametree.SearchError):
        gametree.search_trace(G, "alphabeta", fail="medium")  # no next() needed
    with pytest.raises(gametree.SearchError):
        gametree.search_trace(G, "alphabetta")


def test_chance_nodes_with_infinities() -> None:
    # A zero-probability outcome does not count, even when it is -inf: 0.5*4 + 0.5*8 = 6.
    G = nx.DiGraph()
    G.add_node("A", player="CHANCE")
    for leaf, value, prob in (("B", 4, 0.5), ("C", -INF, 0.0), ("D", 8, 0.5)):
        G.add_node(leaf, value=value)
        G.add_edge("A", leaf, prob=prob)
    for algorithm in FULL_SEARCHES + ALPHABETA_FAMILY:
        assert run(G, algorithm).value == 6
    # +inf and -inf with positive probabilities: the expectation is undefined.
    G.edges["A", "C"]["prob"] = 0.25
    G.edges["A", "D"]["prob"] = 0.25
    G.nodes["B"]["value"] = INF
    for algorithm in FULL_SEARCHES + ALPHABETA_FAMILY:
        with pytest.raises(gametree.SearchError, match="'A'"):
            run(G, algorithm)


@examples(150)
@given(G=SMALL_TREES)
def test_subtree_roots_and_arbitrary_node_ids(G: nx.DiGraph) -> None:
    truth = true_values(G)
    root = root_of(G)
    for child in kids(G, root):
        for algorithm in ("minimax", "alphabeta", "pvs"):
            result = run(G, algorithm, root=child)
            assert result.value == truth[child]
            assert result.pv[0] == child
    # Integer and tuple node ids: the same search, relabelled.
    mapping = {n: (i, str(n)) if i % 2 else i for i, n in enumerate(G)}
    H = nx.relabel_nodes(G, mapping)
    H.graph["root"] = mapping[root]
    for algorithm in ("alphabeta", "negamax_alphabeta", "pvs"):
        a, b = run(G, algorithm), run(H, algorithm)
        assert b.value == a.value
        assert list(b.visited_leaves) == [mapping[n] for n in a.visited_leaves]
        assert list(b.pruned_edges) == [(mapping[u], mapping[v]) for u, v in a.pruned_edges]


@pytest.mark.slow
@examples(300)
@given(G=SMALL_TREES)
def test_fast_path_and_core_agree(G: nx.DiGraph) -> None:
    """A plain search may take a specialised loop; ``trace=True`` always runs the core.

    Both must report exactly the same result.
    """
    for algorithm in ("minimax", "alphabeta", "pvs"):
        for conv in CONVENTIONS if algorithm != "minimax" else [{}]:
            for window in ((-INF, INF), (0.0, 2.0)) if conv else [None]:
                opts = dict(conv) if window is None else {**conv, "window": window}
                plain = run(G, algorithm, **opts)
                core = run(G, algorithm, trace=True, **opts)
                where = (algorithm, opts, show(G))
                assert core.trace, where
                for attr in (
                    "value",
                    "best_move",
                    "best_moves",
                    "pv",
                    "visited_leaves",
                    "pruned_edges",
                    "stats",
                ):
                    assert getattr(plain, attr) == getattr(core, attr), (attr, *where)
                assert dict(plain.node_values) == dict(core.node_values), where
    # The annotation (visit order, windows at exit) from the lean loop and from the core.
    for conv in CONVENTIONS:
        lean, traced = G.copy(), G.copy()
        gametree.pvs(lean, **conv)
        gametree.annotate(traced, gametree.pvs(traced, trace=True, annotate=False, **conv))
        assert dict(lean.nodes(data=True)) == dict(traced.nodes(data=True)), (conv, show(G))
        assert list(lean.edges(data=True)) == list(traced.edges(data=True)), (conv, show(G))


@pytest.mark.slow
@examples(250)
@given(
    G=st.one_of(dags(VALUES_TIES), dags(VALUES_INT), uneven_dags(VALUES_TIES)),
    data=st.data(),
)
def test_transposition_tables_under_narrow_windows(G: nx.DiGraph, data: st.DataObject) -> None:
    """Stored bounds are reused or narrow later windows: the window theory still holds."""
    ends = st.integers(-3, 10).map(float)
    alpha = data.draw(ends, label="alpha")
    beta = data.draw(ends.filter(lambda x: x > alpha), label="beta")
    truth = true_values(G)
    for algorithm in ALPHABETA_FAMILY:
        for conv in CONVENTIONS:
            for tt in (False, True):
                result = run(G, algorithm, window=(alpha, beta), transposition_table=tt, **conv)
                where = (algorithm, conv, tt, (alpha, beta), show(G))
                try:
                    window_property(result.value, truth[root_of(G)], (alpha, beta), conv["fail"])
                except AssertionError as exc:
                    raise AssertionError(where) from exc
                check_bounds_sound(G, result, truth)
