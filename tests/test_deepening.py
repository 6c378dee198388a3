"""Iterative deepening: reordering by the previous iteration, stopping, statistics."""

from __future__ import annotations

import json

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gametree
from tests.strategies import trees


def reversed_aima() -> nx.DiGraph:
    # AIMA Figure 5.2 with the best move last: (A (B 2 4 6) (C 14 5 2) (D 3 12 8)), the
    # MIN nodes carrying heuristic values 2, 2, 3 (their true values).
    G = gametree.from_nested([[2, 4, 6], [14, 5, 2], [3, 12, 8]])
    for node, v in {"A": 3, "B": 2, "C": 2, "D": 3}.items():
        G.nodes[node]["value"] = v
    return G


def test_reordering_by_hand() -> None:
    # Depth 1: B, C, D are horizon nodes worth 2, 2, 3: A = 3 via D.
    # Reorder A's children by value, MAX highest first, ties kept: D, B, C.
    # Depth 2 in that order: D gets (-inf, inf): K=3, L=12, M=8 -> D = 3 (alpha 3).
    # B gets (3, inf): E=2 <= 3 cuts F and G. C gets (3, inf): H=14, I=5, J=2 -> 2 at the
    # last child, nothing left to cut. Leaves K L M E H I J; plain alpha-beta needs all 9.
    G = reversed_aima()
    run = gametree.iterative_deepening(G, "alphabeta", 2)
    assert [r.value for r in run.iterations] == [3, 3]
    assert [r.options["depth"] for r in run.iterations] == [1, 2]
    assert run.iterations[0].visited_leaves == ("B", "C", "D")
    assert run.iterations[1].visited_leaves == ("K", "L", "M", "E", "H", "I", "J")
    assert run.iterations[1].pruned_edges == (("B", "F"), ("B", "G"))
    assert run.best_move == "D" and run.value == 3 and run.depth == 2
    assert not run.stopped_early
    # G itself keeps its order.
    assert list(G.successors("A")) == ["B", "C", "D"]
    plain = gametree.alphabeta(reversed_aima(), annotate=False)
    assert len(plain.visited_leaves) == 9


def test_min_nodes_put_their_lowest_children_first() -> None:
    # (A:MAX (B:MIN (C:MAX 9 9) (D:MAX 1 1))) with heuristics C=9, D=1 (A, B: 1).
    # Depth 2 sees C=9, D=1 at the horizon; the MIN node B puts D first for depth 3.
    G = gametree.from_nested([[[9, 9], [1, 1]]])
    for node, v in {"A": 1, "B": 1, "C": 9, "D": 1}.items():
        G.nodes[node]["value"] = v
    run = gametree.iterative_deepening(G, "alphabeta", 3, annotate=False)
    third = run.iterations[2]
    assert third.visit_order[:3] == ("A", "B", "D")
    assert third.value == 1


def test_stop_at_a_known_value() -> None:
    G = reversed_aima()
    run = gametree.iterative_deepening(G, "alphabeta", 5, stop_at=3)
    assert len(run.iterations) == 1 and run.stopped_early and run.value == 3
    # A MIN root stops when the value is at most stop_at.
    H = gametree.from_nested([[1, 2], [3, 4]], players=("MIN", "MAX"))
    for node, v in {"A": 0, "B": -5, "C": 9}.items():
        H.nodes[node]["value"] = v
    run = gametree.iterative_deepening(H, "minimax", 2, stop_at=-5)
    assert len(run.iterations) == 1 and run.value == -5
    run = gametree.iterative_deepening(H, "minimax", 2, stop_at=-6)
    # Depth 1 gives -5 (not <= -6); depth 2 the true value min(2, 4) = 2.
    assert [r.value for r in run.iterations] == [-5, 2]


def test_without_max_depth_stops_once_the_whole_tree_is_seen() -> None:
    run = gametree.iterative_deepening(reversed_aima(), "pvs")
    # Depth 1 meets horizon nodes; depth 2 reaches only leaves: complete.
    assert len(run.iterations) == 2
    assert run.iterations[1].stats.horizon_evaluations == 0
    assert run.value == 3


def test_statistics_per_iteration_and_summed() -> None:
    run = gametree.iterative_deepening(reversed_aima(), "alphabeta", 2, annotate=False)
    per = [r.stats.leaves_evaluated for r in run.iterations]
    assert per == [3, 7]
    assert run.stats.leaves_evaluated == 10
    assert run.stats.max_depth == 2
    data = json.loads(json.dumps(run.to_dict()))
    assert [it["depth"] for it in data["iterations"]] == [1, 2]
    assert data["best_move"] == "D"


def test_only_the_last_iteration_annotates() -> None:
    G = reversed_aima()
    gametree.iterative_deepening(G, "alphabeta", 2)
    assert G.graph["search"]["depth"] == 2
    assert G.nodes["F"]["status"] == "pruned"
    H = reversed_aima()
    gametree.iterative_deepening(H, "alphabeta", 2, annotate=False)
    assert "search" not in H.graph


def test_reorder_false_keeps_the_graph_order() -> None:
    run = gametree.iterative_deepening(reversed_aima(), "alphabeta", 2, reorder=False)
    assert len(run.iterations[1].visited_leaves) == 9


@pytest.mark.parametrize(
    ("args", "options", "match"),
    [
        ((0,), {}, "max_depth=0"),
        (("2",), {}, "max_depth='2'"),
        ((2,), {"depth": 2}, "depth="),
        ((2,), {"child_order": {}}, "child_order="),
        ((2,), {"stop_at": "win"}, "stop_at='win'"),
        ((2,), {"fail": "x"}, "fail='x'"),
    ],
)
def test_bad_arguments(args: tuple[object, ...], options: dict[str, object], match: str) -> None:
    with pytest.raises(gametree.SearchError, match=match):
        gametree.iterative_deepening(reversed_aima(), "alphabeta", *args, **options)  # type: ignore[arg-type]


def test_missing_heuristic_is_reported() -> None:
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    with pytest.raises(gametree.SearchError, match="'B'"):
        gametree.iterative_deepening(G, "alphabeta", 2)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(G=trees(), name=st.sampled_from(["alphabeta", "pvs", "negamax_alphabeta", "minimax"]))
def test_reordering_never_changes_values(G: nx.DiGraph, name: str) -> None:
    # A deterministic heuristic: the node's out-degree (leaves use their own value).
    def evaluate(H: nx.DiGraph, node: object) -> float:
        return float(H.out_degree(node))

    run = gametree.iterative_deepening(G, name, 4, evaluate=evaluate, annotate=False)
    for depth, r in enumerate(run.iterations, 1):
        plain = gametree.minimax(G, depth=depth, evaluate=evaluate, annotate=False)
        assert r.value == plain.value
        assert set(r.visited_leaves) <= set(plain.visited_leaves)
