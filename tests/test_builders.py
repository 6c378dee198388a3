"""from_nested, letter ids and random_tree."""

from __future__ import annotations

import math

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nested_lists

import gametree
from gametree.builders import letter_id, letter_ids


def minimax_values(G: nx.DiGraph) -> dict[object, float]:
    """Plain minimax (CHANCE: mean), bottom-up over a reverse topological order."""
    values: dict[object, float] = {}
    for node in reversed(list(nx.topological_sort(G))):
        kids = [values[c] for c in G.successors(node)]
        if not kids:
            values[node] = G.nodes[node]["value"]
        elif G.nodes[node]["player"] == "MAX":
            values[node] = max(kids)
        elif G.nodes[node]["player"] == "MIN":
            values[node] = min(kids)
        else:
            values[node] = sum(kids) / len(kids)
    return values


# -- letter ids ------------------------------------------------------------------------


def test_letter_ids_run_like_spreadsheet_columns() -> None:
    # A..Z are 0..25, then AA (26) .. AZ (51), BA (52), ZZ = 26 + 26*26 - 1 = 701, AAA.
    assert [letter_id(i) for i in (0, 1, 25, 26, 27, 51, 52, 701, 702)] == [
        "A",
        "B",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
        "ZZ",
        "AAA",
    ]
    gen = letter_ids()
    assert [next(gen) for _ in range(800)] == [letter_id(i) for i in range(800)]


# -- from_nested -------------------------------------------------------------------------


def test_aima_figure_5_2_ids_and_players() -> None:
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    # Breadth-first: A, then B C D, then the leaves E..M left to right.
    assert list(G.nodes) == list("ABCDEFGHIJKLM")
    assert list(G.successors("A")) == ["B", "C", "D"]
    assert list(G.successors("C")) == ["H", "I", "J"]
    assert [G.nodes[n]["value"] for n in "EFGHIJKLM"] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert G.nodes["A"]["player"] == "MAX"
    assert {G.nodes[n]["player"] for n in "BCD"} == {"MIN"}
    assert all("player" not in G.nodes[n] for n in "EFGHIJKLM")
    assert G.graph["root"] == "A"


def test_uneven_depth_ids_are_breadth_first() -> None:
    # [[1, [2, 3]], 4]: level 1 is B=[1,[2,3]] and C=4; level 2 is D=1, E=[2,3];
    # level 3 is F=2, G=3.
    G = gametree.from_nested([[1, [2, 3]], 4])
    assert list(G.edges) == [("A", "B"), ("A", "C"), ("B", "D"), ("B", "E"), ("E", "F"), ("E", "G")]
    assert G.nodes["C"] == {"value": 4}
    assert G.nodes["E"]["player"] == "MAX"  # depth 2


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (("MIN", "MAX"), ["MIN", "MAX", "MIN"]),
        (("MAX", "MIN", "MIN"), ["MAX", "MIN", "MIN"]),
        (("MAX", "CHANCE"), ["MAX", "CHANCE", "MAX"]),
        (("max",), ["MAX", "MAX", "MAX"]),
    ],
)
def test_players_cycle_by_depth(players: tuple[str, ...], expected: list[str]) -> None:
    G = gametree.from_nested([[[1, 2]]], players=players)  # a chain A -> B -> C -> leaves
    assert [G.nodes[n]["player"] for n in "ABC"] == expected


def test_tuples_floats_and_infinities() -> None:
    G = gametree.from_nested(((1.5, -math.inf), (math.inf,)))
    assert [G.nodes[n]["value"] for n in "DEF"] == [1.5, -math.inf, math.inf]


@pytest.mark.parametrize(
    ("obj", "where"),
    [
        ([[3, True], [1]], "[0][1] (node 'E')"),
        ([[3, "x"], [1]], "[0][1] (node 'E')"),
        ([[3, float("nan")]], "[0][1] (node 'D')"),
        ([[3, None]], "[0][1] (node 'D')"),
        ([[], [1]], "[0] (node 'B')"),
    ],
)
def test_bad_elements_name_their_position(obj: list[object], where: str) -> None:
    with pytest.raises(gametree.InvalidTreeError) as info:
        gametree.from_nested(obj)
    assert where in str(info.value)


def test_root_must_be_a_list() -> None:
    with pytest.raises(gametree.InvalidTreeError, match="root must be a list"):
        gametree.from_nested(3)


def test_bad_players_cycle() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        gametree.from_nested([1, 2], players=("MAX", "MINI"))
    with pytest.raises(ValueError, match="non-empty"):
        gametree.from_nested([1, 2], players=())


def test_deep_chain_builds_without_recursion() -> None:
    obj: list[object] = [1]
    for _ in range(100_000):
        obj = [obj]
    G = gametree.from_nested(obj)
    assert len(G) == 100_002
    assert G.nodes[letter_id(100_001)] == {"value": 1}


@settings(max_examples=100, deadline=None)
@given(nested_lists())
def test_from_nested_structure_matches_the_lists(nested: list[object]) -> None:
    G = gametree.from_nested(nested)
    # Walk the lists and the graph side by side (iteratively).
    stack = [(G.graph["root"], nested)]
    while stack:
        node, item = stack.pop()
        if isinstance(item, list):
            kids = list(G.successors(node))
            assert len(kids) == len(item)
            stack.extend(zip(kids, item, strict=False))
        else:
            assert G.out_degree(node) == 0
            assert G.nodes[node]["value"] == item
    assert list(G.nodes) == [letter_id(i) for i in range(len(G))]


# -- random_tree -------------------------------------------------------------------------


def test_random_tree_shape_and_reproducibility() -> None:
    G = gametree.random_tree(3, 4, seed=7)
    # Uniform b=3, d=4: 1 + 3 + 9 + 27 + 81 = 121 nodes, 81 leaves, all at depth 4.
    assert len(G) == 121
    depths = nx.single_source_shortest_path_length(G, "A")
    leaves = [n for n in G if G.out_degree(n) == 0]
    assert len(leaves) == 81 and {depths[n] for n in leaves} == {4}
    assert list(G.nodes) == [letter_id(i) for i in range(121)]
    assert all(-10 <= G.nodes[n]["value"] <= 10 for n in leaves)
    H = gametree.random_tree(3, 4, seed=7)
    assert nx.utils.graphs_equal(G, H) and list(G.nodes) == list(H.nodes)
    other = gametree.random_tree(3, 4, seed=8)
    assert [G.nodes[n]["value"] for n in leaves] != [other.nodes[n]["value"] for n in leaves]


def test_random_tree_branching_range_values_and_floats() -> None:
    G = gametree.random_tree((1, 4), 5, seed=3, values=(0, 1), integers=False)
    assert {G.out_degree(n) for n in G if G.out_degree(n)} <= {1, 2, 3, 4}
    assert len({G.out_degree(n) for n in G if G.out_degree(n)}) > 1
    leaf_values = [G.nodes[n]["value"] for n in G if not G.out_degree(n)]
    assert all(isinstance(v, float) and 0 <= v <= 1 for v in leaf_values)


def test_random_tree_depth_zero_is_a_leaf() -> None:
    G = gametree.random_tree(2, 0, seed=1, values=(5, 5))
    assert list(G.nodes(data=True)) == [("A", {"value": 5})]


def test_random_tree_players() -> None:
    G = gametree.random_tree(2, 3, seed=1, players=("MAX", "CHANCE", "MIN"))
    assert [G.nodes[n]["player"] for n in "ABD"] == ["MAX", "CHANCE", "MIN"]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"branching": 0, "depth": 2},
        {"branching": (3, 2), "depth": 2},
        {"branching": 2, "depth": -1},
        {"branching": 2, "depth": 2, "ordering": "random"},
        {"branching": 2, "depth": 2, "values": (5, 1)},
        {"branching": 2, "depth": 2, "values": (0, 1.5)},
    ],
)
def test_random_tree_rejects_bad_arguments(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        gametree.random_tree(seed=1, **kwargs)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(0, 4),
    st.integers(0, 10**6),
    st.sampled_from(["best", "worst"]),
)
def test_ordering_sorts_children_by_minimax_value(b: int, d: int, seed: int, ordering: str) -> None:
    G = gametree.random_tree((1, b), d, seed=seed, ordering=ordering)  # type: ignore[arg-type]
    values = minimax_values(G)
    for node in G:
        kids = [values[c] for c in G.successors(node)]
        if len(kids) < 2:
            continue
        maximiser = G.nodes[node]["player"] == "MAX"
        descending = maximiser == (ordering == "best")
        assert kids == sorted(kids, reverse=descending)
    # Ordering moves subtrees around but keeps the multiset of leaf values.
    unordered = gametree.random_tree((1, b), d, seed=seed)
    assert values[G.graph["root"]] == minimax_values(unordered)[unordered.graph["root"]]
    leaves = sorted(G.nodes[n]["value"] for n in G if not G.out_degree(n))
    assert leaves == sorted(
        unordered.nodes[n]["value"] for n in unordered if not unordered.out_degree(n)
    )


@pytest.mark.parametrize(("b", "d"), [(2, 3), (3, 4), (4, 3), (3, 5)])
def test_best_ordering_gives_the_knuth_moore_minimal_tree(b: int, d: int) -> None:
    # Knuth & Moore (1975): with perfect ordering alpha-beta evaluates
    # b^ceil(d/2) + b^floor(d/2) - 1 leaves; e.g. b=3, d=4: 9 + 9 - 1 = 17.
    # Distinct float values rule out ties. The worst ordering (each child improves on
    # the previous one) evaluates more; deep cutoffs can still happen there.
    best = gametree.random_tree(b, d, seed=11, integers=False, ordering="best")
    worst = gametree.random_tree(b, d, seed=11, integers=False, ordering="worst")
    minimal = b ** math.ceil(d / 2) + b ** (d // 2) - 1
    assert gametree.alphabeta(best, annotate=False).stats.leaves_evaluated == minimal
    assert gametree.alphabeta(worst, annotate=False).stats.leaves_evaluated > minimal
