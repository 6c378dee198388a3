"""SearchResult naming: node fields (best_child, best_children, pv) and move fields
(best_move, best_moves, pv_moves), by hand on AIMA Figure 5.2 and by property."""

from __future__ import annotations

import json
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings

import gametree
from gametree.games import Fig52Game, search_game
from tests.strategies import trees

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "trees"


def test_moves_and_nodes_are_named_apart_on_the_labelled_figure() -> None:
    # moves.tree is Figure 5.2 with the figure's move labels: MAX plays a1 to B, MIN
    # answers b1 to E (value 3); C's c2, c3 are cut.
    G = gametree.load(EXAMPLES / "moves.tree")
    r = gametree.alphabeta(G, annotate=False)
    assert (r.best_child, r.best_children, r.pv) == ("B", ("B",), ("A", "B", "E"))
    assert (r.best_move, r.best_moves, r.pv_moves) == ("a1", ("a1",), ("a1", "b1"))
    data = r.to_dict()
    assert (data["best_move"], data["best_child"]) == ("a1", "B")
    assert (data["pv_moves"], data["principal_variation"]) == (["a1", "b1"], ["A", "B", "E"])
    json.dumps(data)


def test_without_moves_the_move_is_the_child_id() -> None:
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = gametree.alphabeta(G, annotate=False)
    assert (r.best_child, r.best_move, r.pv_moves) == ("B", "B", ("B", "E"))


def test_a_partly_labelled_tree_falls_back_edge_by_edge() -> None:
    G = gametree.loads("(A left:(B 3 12 8) (C 2 4 6))")
    r = gametree.minimax(G, annotate=False)
    assert (r.best_move, r.pv_moves) == ("left", ("left", "D"))


@pytest.mark.parametrize("name", ["minimax", "negamax", "alphabeta", "pvs", "negamax_alphabeta"])
def test_every_algorithm_names_moves(name: str) -> None:
    G = gametree.load(EXAMPLES / "moves.tree")
    r = gametree.solve(G, name, annotate=False)
    assert (r.best_move, r.pv_moves) == ("a1", ("a1", "b1"))


def test_game_results_deprecate_the_action_names() -> None:
    r = search_game(Fig52Game())
    assert (r.best_move, r.best_moves, r.pv_moves) == ("a1", ("a1",), ("a1", "b1"))
    assert r.graph is not None and r.graph.edges[0, r.best_child]["move"] == "a1"
    with pytest.warns(DeprecationWarning, match="best_action is deprecated.*use best_move"):
        assert r.best_action == "a1"
    with pytest.warns(DeprecationWarning, match="use best_moves"):
        assert r.best_actions == ("a1",)
    with pytest.warns(DeprecationWarning, match="use pv_moves"):
        assert r.pv_actions == ("a1", "b1")


@given(trees(max_depth=4))
@settings(max_examples=60, deadline=None)
def test_moves_follow_the_node_fields(G: nx.DiGraph) -> None:
    for u, v in G.edges:
        G.edges[u, v]["move"] = f"m{v}"
    r = gametree.alphabeta(G, annotate=False)
    assert r.pv_moves == tuple(f"m{v}" for v in r.pv[1:])
    assert r.best_moves == tuple(f"m{c}" for c in r.best_children)
    assert r.best_move == (None if r.best_child is None else f"m{r.best_child}")


def test_iterative_deepening_names_the_move_and_the_child() -> None:
    G = gametree.load(EXAMPLES / "moves.tree")
    for node in "BCD":  # depth-1 estimates: the true values, so depth 1 already picks a1
        G.nodes[node]["value"] = {"B": 3, "C": 2, "D": 2}[node]
    run = gametree.iterative_deepening(G, "alphabeta", 2)
    assert (run.best_move, run.best_child) == ("a1", "B")
    data = run.to_dict()
    assert (data["best_move"], data["best_child"]) == ("a1", "B")
    assert data["iterations"][-1]["pv_moves"] == ["a1", "b1"]


def test_pruned_edges_kept_as_cuts_read_as_pairs() -> None:
    # Figure 5.2: C's first leaf H (2) fails low under alpha 3, so C cuts I and J. The
    # fast loop keeps that cut as found; reading the field gives the pairs, once.
    import copy
    import dataclasses
    import pickle

    from gametree.search.result import Cuts, stored_cuts

    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = gametree.alphabeta(G, annotate=False)
    twin = gametree.alphabeta(G, annotate=False)
    fresh = gametree.alphabeta(G, annotate=False)
    stored = stored_cuts(r)
    assert stored is not None and stored == Cuts([("C", ["I", "J"])])
    assert stored.edges() == (("C", "I"), ("C", "J"))
    assert r == twin  # compares the pairs, making them for both
    assert r.pruned_edges == (("C", "I"), ("C", "J"))
    assert type(r.pruned_edges) is tuple
    assert stored_cuts(r) is None
    assert "pruned_edges=(('C', 'I'), ('C', 'J'))" in repr(r)
    for kept in (pickle.loads(pickle.dumps(fresh)), copy.deepcopy(fresh)):
        assert stored_cuts(kept) == stored
        assert kept.pruned_edges == r.pruned_edges
    assert dataclasses.replace(r, value=0).pruned_edges == r.pruned_edges
    assert r.to_dict()["pruned_edges"] == [["C", "I"], ["C", "J"]]
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.pruned_edges = ()  # type: ignore[misc]


def test_pruned_edges_from_the_core_are_pairs() -> None:
    # A trace runs the core, which keeps the pairs it made.
    from gametree.search.result import stored_cuts

    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = gametree.alphabeta(G, annotate=False, trace=True)
    assert stored_cuts(r) is None
    assert r.pruned_edges == (("C", "I"), ("C", "J"))
    assert gametree.minimax(G, annotate=False).pruned_edges == ()


def test_copies_of_a_result_keep_its_cuts() -> None:
    # Figure 5.2 with move labels: the result is copied to carry the moves, and a lean
    # result is copied again when annotated later; neither copy makes the pairs.
    from gametree.search.result import Cuts, replaced, stored_cuts

    G = gametree.load(EXAMPLES / "moves.tree")
    r = gametree.alphabeta(G, annotate=False)
    assert r.best_move == "a1"  # the copy made by with_moves
    assert stored_cuts(r) == Cuts([("C", ["I", "J"])])
    copy = replaced(r, value=0)
    assert stored_cuts(copy) == stored_cuts(r) and copy.value == 0
    assert replaced(r, pruned_edges=()).pruned_edges == ()
    gametree.annotate(G, r)
    assert stored_cuts(r) is not None
    assert [gametree.node_status(G, n) for n in "HIJ"] == ["visited", "pruned", "pruned"]
