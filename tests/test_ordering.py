"""Tests for gametree.homework.ordering: reorder and Knuth and Moore's node types."""

from __future__ import annotations

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree import node_types, reorder
from tests.strategies import trees

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def uniform(b: int, d: int, seed: int) -> nx.DiGraph:
    """A uniform tree with distinct leaf values (no ties, so orderings are strict)."""
    rng = random.Random(seed)
    values = iter(rng.sample(range(10 * b**d), b**d))

    def build(level: int) -> object:
        return next(values) if level == d else [build(level + 1) for _ in range(b)]

    return gametree.from_nested(build(0))  # type: ignore[arg-type]


def test_reorder_fig52_by_hand() -> None:
    # Minimax values: B 3, C 2, D 2. Best at A (MAX): B, C, D (C and D tie, kept in
    # order); at D (MIN): M 2, L 5, K 14. Worst at A: C, D, B; at B (MIN): F 12, G 8, E 3.
    G = gametree.from_nested(AIMA)
    best = reorder(G, "best")
    assert list(best.successors("A")) == ["B", "C", "D"]
    assert list(best.successors("B")) == ["E", "G", "F"]
    assert list(best.successors("D")) == ["M", "L", "K"]
    worst = reorder(G, "worst")
    assert list(worst.successors("A")) == ["C", "D", "B"]
    assert list(worst.successors("B")) == ["F", "G", "E"]
    assert list(G.successors("D")) == ["K", "L", "M"]  # the input is unchanged
    by_value = reorder(G, lambda H, n: H.nodes[n].get("value", 0))
    assert list(by_value.successors("C")) == ["H", "I", "J"]
    assert list(by_value.successors("D")) == ["M", "L", "K"]


def test_reorder_drops_stale_annotations_and_keeps_attributes() -> None:
    G = gametree.from_nested(AIMA)
    G.edges["A", "B"]["move"] = "left"
    gametree.alphabeta(G)
    H = reorder(G, "best")
    assert "status" not in H.nodes["I"] and "status" not in H.edges["C", "I"]
    assert H.edges["A", "B"]["move"] == "left"
    assert H.nodes["E"]["value"] == 3 and H.graph["root"] == "A"


def test_bad_ordering() -> None:
    with pytest.raises(gametree.SearchError, match="unknown ordering"):
        reorder(gametree.from_nested(AIMA), "random")


@pytest.mark.parametrize(("b", "d"), [(2, 2), (2, 3), (3, 3), (2, 4), (3, 4), (4, 3)])
def test_best_order_meets_the_minimal_tree(b: int, d: int) -> None:
    for seed in range(5):
        G = uniform(b, d, seed)
        best = reorder(G, "best")
        result = gametree.alphabeta(best, annotate=False)
        expected = gametree.minimal_tree_leaves(b, d)
        assert result.stats.leaves_evaluated == expected
        types = node_types(best, by="order")
        assert sum(1 for n in types if best.out_degree(n) == 0) == expected
        # by="values" on the unordered tree finds the same minimal tree size.
        plain = node_types(G)
        assert sum(1 for n in plain if G.out_degree(n) == 0) == expected
        # Worst-first: at depth 2 with distinct values every MIN node's running value
        # stays above alpha (its children come largest first and its value exceeds the
        # earlier siblings'), so nothing is cut; deeper, inherited bounds can still cut.
        worst = gametree.alphabeta(reorder(G, "worst"), annotate=False)
        if d == 2:
            assert worst.stats.leaves_evaluated == b**d
        assert worst.stats.leaves_evaluated >= expected


def test_node_types_fig52() -> None:
    # A PV; its best child B PV, C and D CUT. B's best child E PV, F and G CUT leaves.
    # C (CUT) needs one refuting child: H (2) ALL; D (CUT): M (2) ALL. I, J, K, L untyped.
    G = gametree.from_nested(AIMA)
    types = node_types(G)
    assert types == {
        "A": "PV",
        "B": "PV",
        "C": "CUT",
        "D": "CUT",
        "E": "PV",
        "F": "CUT",
        "G": "CUT",
        "H": "ALL",
        "M": "ALL",
    }
    assert G.nodes["M"]["node_type"] == "ALL" and "node_type" not in G.nodes["K"]
    # by="order" takes first children: D's refutation is K, not M.
    assert node_types(G, by="order")["K"] == "ALL"
    assert "node_type" not in G.nodes["M"]


def test_node_types_rejects_chance() -> None:
    G = gametree.from_nested([[1, 2], [3, 4]], players=("MAX", "CHANCE"))
    with pytest.raises(gametree.SearchError, match="CHANCE"):
        node_types(G)


@settings(max_examples=100, deadline=None)
@given(trees(max_branching=4, max_depth=5))
def test_reorder_keeps_the_value_and_best_prunes_no_less(G: nx.DiGraph) -> None:
    value = gametree.minimax(G, annotate=False).value
    best = reorder(G, "best")
    worst = reorder(G, "worst")
    assert sorted(best.edges) == sorted(G.edges)
    for H in (best, worst):
        assert gametree.alphabeta(H, annotate=False).value == value
    n_best = gametree.alphabeta(best, annotate=False).stats.leaves_evaluated
    n_worst = gametree.alphabeta(worst, annotate=False).stats.leaves_evaluated
    assert n_best <= n_worst


@pytest.mark.slow
def test_deep_chain_no_recursion() -> None:
    G = nx.DiGraph()
    n = 100_000
    for i in range(n):
        G.add_node(i, player="MAX")
        G.add_edge(i, i + 1)
    G.add_node(n, value=1)
    assert reorder(G, "best").number_of_nodes() == n + 1
    assert len(node_types(G, annotate=False)) == n + 1


@given(st.integers(0, 3))
def test_minimax_values_chance(k: int) -> None:
    # CHANCE root over leaves 0, 4 with probabilities 1/4, 3/4: 3.
    G = gametree.from_nested([0, 4], players=("CHANCE",))
    G.edges["A", "B"]["prob"] = 0.25
    G.edges["A", "C"]["prob"] = 0.75
    assert gametree.minimax_values(G)["A"] == pytest.approx(3.0)
    assert k >= 0
