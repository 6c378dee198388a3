"""validate / problems / find_root: every problem kind of the contract."""

from __future__ import annotations

import math

import networkx as nx
import pytest
from hypothesis import given, settings
from strategies import chance_trees, dags, trees

import gametree


def aima() -> nx.DiGraph:
    return gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def chance_node() -> nx.DiGraph:
    G = nx.DiGraph()
    G.add_node("A", player="CHANCE")
    for leaf, value in (("B", 1), ("C", 2), ("D", 3)):
        G.add_node(leaf, value=value)
        G.add_edge("A", leaf)
    return G


def with_probs(*probs: object) -> nx.DiGraph:
    G = chance_node()
    for leaf, p in zip("BCD", probs, strict=False):
        if p is not None:
            G.edges["A", leaf]["prob"] = p
    return G


def broken(change: str) -> nx.DiGraph:
    G = aima()
    if change == "cycle":
        G.add_edge("M", "D")
        G.nodes["M"]["player"] = "MAX"
    elif change == "no value":
        del G.nodes["F"]["value"]
    elif change == "str value":
        G.nodes["F"]["value"] = "12"
    elif change == "bool value":
        G.nodes["F"]["value"] = True
    elif change == "nan value":
        G.nodes["F"]["value"] = math.nan
    elif change == "nan heuristic":
        G.nodes["C"]["value"] = math.nan
    elif change == "unknown player":
        G.nodes["C"]["player"] = "MINI"
    elif change == "no player":
        del G.nodes["C"]["player"]
    elif change == "prob on MIN edge":
        G.edges["B", "E"]["prob"] = 1.0
    elif change == "several roots":
        G.add_node("Z", value=1)
    elif change == "missing root":
        G.graph["root"] = "Q"
    elif change == "root with parent":
        G.graph["root"] = "B"
    return G


@pytest.mark.parametrize(
    ("change", "node", "words"),
    [
        ("cycle", None, "cycle through node"),
        ("no value", "F", "leaf 'F' has no value"),
        ("str value", "F", "node 'F': value is '12' (str)"),
        ("bool value", "F", "node 'F': value is a bool"),
        ("nan value", "F", "node 'F': value is NaN"),
        ("nan heuristic", "C", "node 'C': value is NaN"),
        ("unknown player", "C", "node 'C' has unknown player 'MINI'"),
        ("no player", "C", "internal node 'C' has no player"),
        ("prob on MIN edge", "B", "edge 'B' -> 'E' has a prob but 'B' is not a CHANCE"),
        ("several roots", "Z", "several roots: besides the root 'A', 'Z' has no parent"),
        ("missing root", None, "root 'Q' named in G.graph['root'] is not a node"),
        ("root with parent", "B", "root 'B' has a parent ('A')"),
    ],
)
def test_each_problem_is_named(change: str, node: object, words: str) -> None:
    G = broken(change)
    with pytest.raises(gametree.InvalidTreeError) as info:
        gametree.validate(G)
    assert words in str(info.value)
    if node is not None:
        assert info.value.node == node
    assert not gametree.is_game_tree(G)


def test_cycle_names_a_node_on_the_cycle() -> None:
    G = broken("cycle")  # D -> M -> D
    with pytest.raises(gametree.InvalidTreeError) as info:
        gametree.validate(G)
    assert info.value.node in {"D", "M"}


@pytest.mark.parametrize(
    ("G", "words"),
    [
        (nx.Graph([(1, 2)]), "expected a networkx.DiGraph, got Graph"),
        (nx.MultiDiGraph([(1, 2)]), "expected a networkx.DiGraph, got MultiDiGraph"),
        ([[1, 2]], "expected a networkx.DiGraph, got list"),
        (nx.DiGraph(), "the graph is empty"),
        (nx.DiGraph([(1, 2), (2, 1)]), "cycle through node"),
    ],
)
def test_whole_graph_problems(G: object, words: str) -> None:
    with pytest.raises(gametree.InvalidTreeError, match=words):
        gametree.validate(G)


@pytest.mark.parametrize(
    ("probs", "words"),
    [
        ((0.5, 0.25, None), "edge 'A' -> 'D' has no prob while its siblings have one"),
        ((1.2, -0.2, 0.0), "prob -0.2 is negative"),
        ((0.5, 0.3, 0.1), "sum to 0.9"),
        ((0.5, 0.5, 1e-8), "not 1"),
        (("0.5", 0.25, 0.25), "prob '0.5' is not a number"),
        ((math.inf, 0.0, 0.0), "is not a number"),
        ((math.nan, 0.5, 0.5), "is not a number"),
    ],
)
def test_probability_problems(probs: tuple[object, ...], words: str) -> None:
    with pytest.raises(gametree.InvalidTreeError, match=words) as info:
        gametree.validate(with_probs(*probs))
    assert info.value.node == "A"


@pytest.mark.parametrize(
    "probs",
    [(None, None, None), (0.5, 0.25, 0.25), (1 / 3, 1 / 3, 1 / 3), (0.5, 0.5 - 5e-10, 0.0)],
)
def test_valid_probabilities(probs: tuple[object, ...]) -> None:
    # Sums within 1e-9 of 1 are accepted; all-absent means equally likely.
    gametree.validate(with_probs(*probs))


def test_problems_returns_every_problem() -> None:
    G = aima()
    del G.nodes["E"]["value"]  # leaf without value
    G.nodes["F"]["value"] = "x"  # bad type
    G.nodes["C"]["player"] = "min?"  # unknown player
    del G.nodes["D"]["player"]  # internal node without player
    G.edges["A", "B"]["prob"] = 1.0  # prob below MAX
    found = gametree.problems(G)
    assert [p.node for p in found] == ["A", "C", "D", "E", "F"]
    assert len(found) == 5
    assert all(isinstance(p, gametree.Problem) for p in found)
    with pytest.raises(gametree.InvalidTreeError, match=r"and 4 more problems") as info:
        gametree.validate(G)
    assert len(info.value.problems) == 5
    assert len(gametree.problems(G, limit=2)) == 2


def test_leaf_player_is_optional_and_internal_values_are_heuristics() -> None:
    G = aima()
    G.nodes["E"]["player"] = "MAX"
    G.nodes["B"]["value"] = -math.inf
    G.nodes["C"]["value"] = 2.5
    gametree.validate(G)


def test_find_root() -> None:
    G = aima()
    assert gametree.find_root(G) == "A"
    del G.graph["root"]
    assert gametree.find_root(G) == "A"
    G.add_edge("Z", "A")
    G.nodes["Z"]["player"] = "MIN"
    assert gametree.find_root(G) == "Z"
    with pytest.raises(gametree.InvalidTreeError, match="several roots"):
        gametree.find_root(broken("several roots"))


def test_hundred_thousand_deep_chain_validates() -> None:
    n = 100_000
    G = nx.DiGraph()
    nx.add_path(G, range(n + 1))
    for i in range(n):
        G.nodes[i]["player"] = "MAX" if i % 2 == 0 else "MIN"
    G.nodes[n]["value"] = 1
    gametree.validate(G)
    # A cycle deep down is found as well, and named.
    G.add_edge(n, n // 2)
    with pytest.raises(gametree.InvalidTreeError, match="cycle"):
        gametree.validate(G)


def test_a_cycle_away_from_the_root_is_found() -> None:
    # One parentless node and n - 1 edges, but C and D form a cycle unreachable from A.
    G = nx.DiGraph([("A", "B"), ("C", "D"), ("D", "C")])
    G.nodes["A"]["player"] = "MAX"
    G.nodes["B"]["value"] = 1
    with pytest.raises(gametree.InvalidTreeError, match="cycle through node") as info:
        gametree.validate(G)
    assert info.value.node in {"C", "D"}


@settings(max_examples=80, deadline=None)
@given(trees() | chance_trees() | dags())
def test_generated_trees_are_valid(G: nx.DiGraph) -> None:
    assert gametree.problems(G) == []


def test_frontier_leaves_need_no_value_until_a_search_reaches_them() -> None:
    """A game move skipped at a cutoff stays a frontier leaf without a value."""
    G = nx.DiGraph([("A", "B"), ("A", "C")])
    G.nodes["A"]["player"] = "MAX"
    G.nodes["B"]["value"] = 1
    G.nodes["C"]["frontier"] = True
    assert gametree.problems(G) == []
    G.nodes["C"]["frontier"] = "yes"  # only the boolean True marks a frontier
    assert [p.node for p in gametree.problems(G)] == ["C"]
    G.nodes["C"]["frontier"] = True
    with pytest.raises(gametree.InvalidTreeError, match="'C'"):
        gametree.minimax(G)


def test_search_game_graphs_validate() -> None:
    from gametree.games import TicTacToe

    game = TicTacToe(win=10)
    result = gametree.search_game(game, game.state("oox/-x-/ox-", "X"))
    assert any(d.get("frontier") for _, d in result.graph.nodes(data=True))
    gametree.validate(result.graph)
