"""Tidy layout: hand-checked positions and properties on random trees and DAGs."""

from __future__ import annotations

from collections import defaultdict
from itertools import pairwise
from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree.drawing.layout import tree_layout
from tests.strategies import dags, trees

EPS = 1e-7


def by_level(pos: dict[Any, tuple[float, float]]) -> dict[float, list[Any]]:
    levels: dict[float, list[Any]] = defaultdict(list)
    for node, (_, y) in pos.items():
        levels[y].append(node)
    for nodes in levels.values():
        nodes.sort(key=lambda n: pos[n][0])
    return levels


def test_aima_5_2_hand_positions() -> None:
    # Leaves E..M one unit apart (x = 0..8); each MIN node over its middle leaf
    # (B over F at 1, C over I at 4, D over L at 7); A over the middle of B and D: 4.
    pos = tree_layout(gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    expected = {"A": 4, "B": 1, "C": 4, "D": 7}
    expected.update({leaf: i for i, leaf in enumerate("EFGHIJKLM")})
    assert {n: x for n, (x, _) in pos.items()} == expected
    assert {n: y for n, (_, y) in pos.items()} == {
        **{n: 0 for n in "A"},
        **{n: -1 for n in "BCD"},
        **{n: -2 for n in "EFGHIJKLM"},
    }


def test_uneven_tree_hand_positions() -> None:
    # [[1, 2], 3]: D, E at 0 and 1, so B at 0.5; the leaf C one unit right of B, at 1.5
    # (nothing below C to push it further); A centred over B and C: 1.0.
    pos = tree_layout(gametree.from_nested([[1, 2], 3]))
    assert pos == {
        "A": (1.0, 0.0),
        "B": (0.5, -1.0),
        "C": (1.5, -1.0),
        "D": (0.0, -2.0),
        "E": (1.0, -2.0),
    }


def test_small_subtrees_between_big_ones_are_spread_evenly() -> None:
    # Walker's fix: the two leaves between two wide subtrees share the gap evenly.
    G = gametree.from_nested([[[1, 2, 3], [4, 5, 6]], 7, 8, [[1, 2, 3], [4, 5, 6]]])
    pos = tree_layout(G)
    kids = list(G.successors("A"))
    xs = [pos[k][0] for k in kids]
    gaps = [b - a for a, b in pairwise(xs)]
    assert abs(gaps[0] - gaps[1]) < EPS and abs(gaps[1] - gaps[2]) < EPS


def test_extents_and_separations_are_respected() -> None:
    G = gametree.from_nested([[1, 2], [3, 4]])
    ext = {n: (2.0, 3.0) for n in G}
    pos = tree_layout(G, extents=ext, sibling_sep=1.0, subtree_sep=5.0, level_sep=10.0)
    # Siblings D, E: 3 + 1 + 2 = 6 apart; cousins E, F: 3 + 5 + 2 = 10 apart.
    assert pos["E"][0] - pos["D"][0] == 6.0
    assert pos["F"][0] - pos["E"][0] == 10.0
    assert pos["D"] == (2.0, -20.0)  # the leftmost extent starts at x = 0


def test_deep_chain_without_recursion() -> None:
    n = 100_000
    G = nx.DiGraph()
    G.add_edges_from((i, i + 1) for i in range(n - 1))
    for i in range(n - 1):
        G.nodes[i]["player"] = "MAX" if i % 2 == 0 else "MIN"
    G.nodes[n - 1]["value"] = 1
    pos = tree_layout(G)
    assert len(pos) == n
    assert pos[n - 1] == (0.0, -(n - 1.0))
    assert all(x == 0.0 for x, _ in pos.values())


def test_shared_node_is_drawn_once_between_its_parents() -> None:
    # A -> B, C; both B and C -> D (a transposition); C also -> E.
    G = nx.DiGraph([("A", "B"), ("A", "C"), ("B", "D"), ("C", "D"), ("C", "E")])
    G.nodes["A"]["player"] = "MAX"
    G.nodes["B"]["player"] = G.nodes["C"]["player"] = "MIN"
    G.nodes["D"]["value"] = G.nodes["E"]["value"] = 1
    pos = tree_layout(G)
    assert set(pos) == set(G)
    assert pos["B"][0] < pos["D"][0] < pos["E"][0]
    assert pos["B"][0] <= pos["D"][0] <= pos["C"][0]


def check_tree_properties(G: nx.DiGraph, pos: dict[Any, tuple[float, float]], ext: Any,
                          sib: float, sub: float, lev: float) -> None:  # fmt: skip
    root = G.graph["root"]
    assert pos[root][1] == 0.0
    assert set(pos) == set(G)
    for u in G:
        kids = list(G.successors(u))
        for k in kids:
            # Each child one level below its parent.
            assert abs(pos[k][1] - (pos[u][1] - lev)) < EPS
        if kids:
            # Parent centred over its first and last child.
            assert abs(pos[u][0] - (pos[kids[0]][0] + pos[kids[-1]][0]) / 2) < EPS
            # Children left to right, at least the sibling separation apart.
            for a, b in pairwise(kids):
                assert pos[b][0] - pos[a][0] >= ext[a][1] + sib + ext[b][0] - EPS
    # No overlap on a level: neighbours at least the smaller separation apart.
    for nodes in by_level(pos).values():
        for a, b in pairwise(nodes):
            assert pos[b][0] - pos[a][0] >= ext[a][1] + min(sib, sub) + ext[b][0] - EPS
    assert abs(min(pos[n][0] - ext[n][0] for n in pos)) < EPS


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(trees(max_branching=5, max_depth=6), st.data())
def test_tree_properties(G: nx.DiGraph, data: st.DataObject) -> None:
    widths = st.floats(min_value=0, max_value=5, allow_nan=False)
    ext = {n: (data.draw(widths), data.draw(widths)) for n in G}
    sib = data.draw(st.sampled_from([0.5, 1.0, 2.0]))
    sub = data.draw(st.sampled_from([0.5, 1.0, 3.0]))
    pos = tree_layout(G, extents=ext, sibling_sep=sib, subtree_sep=sub, level_sep=2.0)
    check_tree_properties(G, pos, ext, sib, sub, 2.0)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(trees(max_branching=3, max_depth=4))
def test_unit_layout_properties_many_small_trees(G: nx.DiGraph) -> None:
    pos = tree_layout(G)
    check_tree_properties(G, pos, {n: (0.0, 0.0) for n in G}, 1.0, 1.0, 1.0)


@settings(max_examples=150, deadline=None)
@given(dags())
def test_dag_properties(G: nx.DiGraph) -> None:
    pos = tree_layout(G, sibling_sep=1.0)
    assert set(pos) == set(G)
    for u, v in G.edges:
        assert pos[v][1] < pos[u][1]  # every edge points down
    for nodes in by_level(pos).values():
        for a, b in pairwise(nodes):
            assert pos[b][0] - pos[a][0] >= 1.0 - EPS


def test_dag_keeps_each_parents_child_order() -> None:
    # examples/trees/dag.tree: (A (B (X 3 5) 8) (C X 1)). Swapping X and the leaf 8 would
    # remove the crossing of C-X with B-8, but would draw B's children against the order
    # the search visits them in; the layout keeps the order and accepts the crossing.
    G = nx.DiGraph([("A", "B"), ("A", "C"), ("B", "X"), ("B", "D"), ("C", "X"), ("C", "E")])
    G.add_edges_from([("X", "F"), ("X", "G")])
    for node, player in {"A": "MAX", "B": "MIN", "C": "MIN", "X": "MAX"}.items():
        G.nodes[node]["player"] = player
    for leaf, value in {"D": 8, "E": 1, "F": 3, "G": 5}.items():
        G.nodes[leaf]["value"] = value
    pos = tree_layout(G)
    assert pos["X"][0] < pos["D"][0] < pos["E"][0]
    assert pos["B"][0] < pos["C"][0] and pos["F"][0] < pos["G"][0]
