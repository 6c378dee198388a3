"""The lean loops and the traced loop apply the same rules: identical results everywhere.

Every combination of algorithm, option, tree kind (tree, DAG, chance tree, heuristic
values for depth limits) and source (a DiGraph, or the same tree played as a game
through :func:`gametree.search_game`) runs through the lean loop (no trace: the fast
loop over explicit trees, the graph-free and the recording game loops) and the traced
loop (``trace=True``: the engine that yields the teaching events), and both must return
the same result, field by field. For a tree played as a game the result must also be
the DiGraph's, read through the states.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gametree
from gametree.games import search_game
from gametree.games.protocol import BaseGame
from tests.strategies import chance_trees, dags, trees_with_heuristics

INF = math.inf
FIELDS = (
    "value",
    "best_move",
    "best_moves",
    "pv",
    "visited_leaves",
    "pruned_edges",
    "visited_edges",
    "stats",
)
DETAILS = ("visit_order", "windows")
"""What a lean search records only when it annotates (``annotate=True``)."""
GAME_FIELDS = (*FIELDS, "best_child", "best_children", "pv_moves")
ALPHABETA = ("alphabeta", "negamax_alphabeta", "pvs")
OPTIONS = [
    {"prune_on_equal": poe, "fail": fail, "window": window}
    for poe, fail, window in itertools.product(
        (True, False), ("soft", "hard"), ((-INF, INF), (0, 1), (-2, 3))
    )
]


class TreeGame(BaseGame):
    """A DiGraph played as a game: states are its nodes, moves are the children."""

    def __init__(self, G: nx.DiGraph) -> None:
        self.G = G
        self.initial = G.graph["root"]

    def to_move(self, state: Any) -> str:
        return str(self.G.nodes[state].get("player", "MAX"))

    def actions(self, state: Any) -> list[Any]:
        return list(self.G.succ[state])

    def result(self, state: Any, action: Any) -> Any:
        return action

    def is_terminal(self, state: Any) -> bool:
        return not self.G.succ[state]

    def utility(self, state: Any) -> float:
        return float(self.G.nodes[state]["value"])

    def evaluate(self, state: Any) -> float:
        return float(self.G.nodes[state]["value"])


def assert_same(a: Any, b: Any, fields: tuple[str, ...], what: object) -> None:
    for name in fields:
        assert getattr(a, name) == getattr(b, name), (name, what)
    assert dict(a.node_values) == dict(b.node_values), what


def graph_combinations(dag: bool) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for depth in (None, 1, 2):
        base = {"depth": depth}
        out += [("minimax", base), ("negamax", base)]
        for algorithm, options, tt in itertools.product(ALPHABETA, OPTIONS, (False, True)):
            if tt or not dag:
                out.append((algorithm, {**base, **options, "transposition_table": tt}))
    return out


def annotations(G: nx.DiGraph) -> tuple[dict[Any, Any], dict[Any, Any], dict[str, Any]]:
    """Everything an annotation wrote or derives: node and edge statuses and attributes."""
    return (
        {n: (dict(d), gametree.node_status(G, n)) for n, d in G.nodes(data=True)},
        {(u, v): (dict(d), gametree.edge_status(G, u, v)) for u, v, d in G.edges(data=True)},
        dict(G.graph),
    )


def check_graph(G: nx.DiGraph, dag: bool) -> None:
    for algorithm, options in graph_combinations(dag):
        if dag and options["depth"] is not None:
            continue
        lean = gametree.solve(G, algorithm, annotate=False, **options)
        traced = gametree.solve(G, algorithm, annotate=False, trace=True, **options)
        assert traced.trace
        assert_same(lean, traced, FIELDS, (algorithm, options))


def check_annotations(G: nx.DiGraph, dag: bool) -> None:
    """Annotating: the lean loop records the visit order and the windows itself, and
    both loops write the same attributes onto the graph."""
    for algorithm, options in graph_combinations(dag):
        if dag and options["depth"] is not None:
            continue
        H, K = G.copy(), G.copy()
        annotated = gametree.solve(H, algorithm, **options)
        traced_annotated = gametree.solve(K, algorithm, trace=True, **options)
        assert_same(annotated, traced_annotated, FIELDS + DETAILS, (algorithm, options))
        assert annotations(H) == annotations(K), (algorithm, options)
        # Annotating a result of the lean loop afterwards writes the same again.
        L = G.copy()
        gametree.annotate(L, gametree.solve(L, algorithm, annotate=False, **options))
        assert annotations(L) == annotations(K), (algorithm, options)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(G=trees_with_heuristics(st.integers(-4, 4), max_depth=4))
def test_lean_and_traced_loops_agree_on_trees(G: nx.DiGraph) -> None:
    check_graph(G, dag=False)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(G=dags(st.integers(-4, 4), max_depth=4))
def test_lean_and_traced_loops_agree_on_dags(G: nx.DiGraph) -> None:
    check_graph(G, dag=True)


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(G=trees_with_heuristics(st.integers(-4, 4), max_depth=4))
def test_lean_and_traced_loops_annotate_alike_on_trees(G: nx.DiGraph) -> None:
    check_annotations(G, dag=False)


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(G=dags(st.integers(-4, 4), max_depth=4))
def test_lean_and_traced_loops_annotate_alike_on_dags(G: nx.DiGraph) -> None:
    check_annotations(G, dag=True)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(G=chance_trees(st.integers(-4, 4), max_depth=4))
def test_lean_and_traced_loops_agree_on_chance_trees(G: nx.DiGraph) -> None:
    for algorithm in ("expectiminimax", *ALPHABETA):
        for options in [{}] if algorithm == "expectiminimax" else OPTIONS:
            lean = gametree.solve(G, algorithm, annotate=False, **options)
            traced = gametree.solve(G, algorithm, annotate=False, trace=True, **options)
            assert_same(lean, traced, FIELDS, (algorithm, options))
            H, K = G.copy(), G.copy()
            annotated = gametree.solve(H, algorithm, **options)
            traced_annotated = gametree.solve(K, algorithm, trace=True, **options)
            assert_same(annotated, traced_annotated, FIELDS + DETAILS, (algorithm, options))
            assert annotations(H) == annotations(K), (algorithm, options)


def game_combinations() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for depth in (None, 1, 2):
        out.append(("minimax", {"depth": depth}))
        for algorithm, options, tt in itertools.product(ALPHABETA, OPTIONS, (False, True)):
            out.append((algorithm, {"depth": depth, **options, "transposition_table": tt}))
    return out


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(G=trees_with_heuristics(st.integers(-4, 4), max_depth=4))
def test_lean_and_traced_loops_agree_on_games(G: nx.DiGraph) -> None:
    game = TreeGame(G)
    for algorithm, options in game_combinations():
        traced = search_game(game, algorithm=algorithm, trace=True, **options)
        recorded = search_game(game, algorithm=algorithm, **options)
        assert_same(recorded, traced, GAME_FIELDS, (algorithm, options))
        if not options.get("transposition_table"):
            # Without a table the graph-free loop numbers nodes as the others do.
            lean = search_game(game, algorithm=algorithm, record=False, **options)
            assert_same(lean, traced, GAME_FIELDS, (algorithm, options))
        # What a player keeps: the root's value and bound, the best moves, the stats.
        root = search_game(game, algorithm=algorithm, record=False, keep="root", **options)
        names = ["value", "best_move", "best_moves", "stats"]
        if not options.get("transposition_table"):
            # With a table the graph-free loop numbers positions as it makes them.
            names += ["best_child", "best_children"]
        for name in names:
            assert getattr(root, name) == getattr(traced, name), (name, algorithm, options)
        assert dict(root.node_values) == {0: traced.node_values[0]}, (algorithm, options)
        assert root.pv_moves == traced.pv_moves[:1], (algorithm, options)
        # The same tree searched as a DiGraph, read through the states.
        states = traced.graph.nodes
        direct = gametree.solve(G, algorithm, annotate=False, **options)
        assert traced.value == direct.value, (algorithm, options)
        assert [states[n]["state"] for n in traced.pv] == list(direct.pv)
        assert [states[n]["state"] for n in traced.visited_leaves] == list(direct.visited_leaves)
        assert [(states[u]["state"], states[v]["state"]) for u, v in traced.pruned_edges] == list(
            direct.pruned_edges
        )


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(G=trees_with_heuristics(st.integers(-4, 4), max_depth=4))
def test_lean_and_traced_loops_agree_below_an_inner_root(G: nx.DiGraph) -> None:
    # Searching from an inner node leaves graph nodes outside every level: the lean
    # minimax cannot tell the leaves' level by having seen every node, and reads them.
    inner = [n for n in G if G.succ[n] and n != G.graph["root"]]
    for root in inner[:3]:
        for algorithm in ("minimax", "negamax", "alphabeta"):
            lean = gametree.solve(G, algorithm, root=root, annotate=False)
            traced = gametree.solve(G, algorithm, root=root, annotate=False, trace=True)
            assert_same(lean, traced, FIELDS, (algorithm, root))
