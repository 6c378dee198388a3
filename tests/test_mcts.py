"""Monte Carlo tree search: known answers by hand, invariants, convergence, the solver."""

from __future__ import annotations

import json
import math
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import chance_trees, dags, trees

import gametree
from gametree.exceptions import GameError, InvalidTreeError, SearchError
from gametree.games import ConnectFour, Fig52Game, TicTacToe

KNOWN = Path(__file__).parent / "data" / "known" / "mcts"


def first_child(G: nx.DiGraph, node: Hashable) -> Hashable:
    """A deterministic playout policy: always the first child."""
    return next(iter(G.succ[node]))


def fig52() -> nx.DiGraph:
    return gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")


# --- Known answers worked out by hand -------------------------------------------------


def test_fig52_first_iterations_by_hand() -> None:
    spec = json.loads((KNOWN / "aima_fig_5_2_first_child.json").read_text())
    G = gametree.parse(spec["tree"])
    r = gametree.mcts(
        G, iterations=spec["iterations"], c=spec["options"]["c"], playout=first_child, trace=True
    )
    assert dict(r.visits) == spec["visits"]
    assert dict(r.totals) == pytest.approx(spec["totals"])
    assert [e.child for e in r.trace if e.kind == "expand"] == spec["added"]
    leaves_added = [n for n in spec["added"] if not G.succ[n]]
    assert list(r.visited_leaves) == leaves_added == ["K", "L", "M", "E", "H"]
    selections = [e for e in r.trace if e.kind == "select"]
    assert len(selections) == len(spec["selections"])
    for event, (it, node, child, scores) in zip(selections, spec["selections"], strict=True):
        assert (event.iteration, event.node, event.child) == (it, node, child)
        got = {k: s for k, _, _, s in event.children}
        assert got == pytest.approx(scores, abs=1e-6)
    assert r.best_move == spec["best_move"]
    assert r.value == pytest.approx(spec["value"])
    for n, v in spec["visits"].items():
        assert G.nodes[n]["visits"] == v
        assert G.nodes[n]["total"] == spec["totals"][n]
        assert gametree.node_status(G, n) == "visited"
    for n in spec["unreached"]:
        assert "visits" not in G.nodes[n]
        assert gametree.node_status(G, n) == "unreached"
    assert G.edges["A", "D"]["pv"] is True and G.edges["A", "D"]["visits"] == 4
    assert gametree.edge_status(G, "B", "F") == "unreached"


def test_fig52_game_runs_the_same_loop() -> None:
    """The game version, over states, grows the same tree as the explicit one."""
    spec = json.loads((KNOWN / "aima_fig_5_2_first_child.json").read_text())

    def first_move(game: Any, state: Any) -> Any:
        return game.actions(state)[0]

    r = gametree.mcts_game(
        Fig52Game(), iterations=8, c=1.0, playout=first_move, value_range=(2, 14)
    )
    assert r.graph is not None
    labels = {r.graph.nodes[n]["label"]: v for n, v in r.visits.items()}
    assert labels == spec["visits"]
    assert r.best_move == "a3" and r.value == pytest.approx(spec["value"])


def stats_tree() -> tuple[nx.DiGraph, dict[str, Any]]:
    """The hand-made statistics tree of tests/data/known/mcts and its questions."""
    spec = json.loads((KNOWN / "ucb1_statistics.json").read_text())
    G = nx.DiGraph()
    for n, data in spec["nodes"].items():
        G.add_node(n, **data)
    G.add_edges_from(spec["edges"])
    return G, spec


def test_ucb1_by_hand() -> None:
    G, spec = stats_tree()
    for q in spec["questions"]:
        s = gametree.ucb1(G, q["node"], c=spec["c"])
        assert s.scores == pytest.approx(q["scores"], abs=1e-6)
        assert s.selected == q["selected"]
        assert list(s.scores) == list(q["scores"])


def test_ucb1_reads_statistics_from_any_format() -> None:
    """The same statistics written in a file round-trip and score the same."""
    G, _ = stats_tree()
    H = gametree.loads(gametree.dumps(G, format="json"), format="json")
    assert gametree.ucb1(H, "A", c=1.0).selected == "D"


def test_ucb1_unvisited_child_first_and_errors() -> None:
    G = gametree.parse("(A (B 1 0) (C 0 1) (D 1 1))")
    G.nodes["A"]["visits"] = 3
    G.nodes["B"].update(visits=2, total=2)
    G.nodes["C"].update(visits=1, total=0)
    s = gametree.ucb1(G, "A")
    assert s.selected == "D" and s.scores["D"] == math.inf
    with pytest.raises(SearchError, match="MAX or MIN"):
        gametree.ucb1(gametree.from_nested([[1, 0]], players=("MAX", "CHANCE")), "B")
    with pytest.raises(SearchError, match="c="):
        gametree.ucb1(G, "A", c=-1)
    G.nodes["B"]["visits"] = "x"
    with pytest.raises(SearchError, match="visits='x'"):
        gametree.ucb1(G, "A")


# --- Invariants over random trees -----------------------------------------------------


def _check_invariants(G: nx.DiGraph, r: gametree.MCTSResult, iterations: int) -> None:
    root = r.root
    assert r.visits[root] == iterations
    children: dict[Hashable, int] = {}
    parents: dict[Hashable, int] = {}
    for (u, v), n in r.edge_visits.items():
        assert G.has_edge(u, v)
        children[u] = children.get(u, 0) + n
        parents[v] = parents.get(v, 0) + n
    for n, v in r.visits.items():
        assert v == children.get(n, 0) + r.playouts.get(n, 0)
        if n != root:
            assert v == parents[n]
    # Totals: the values of the leaves the playouts reached, summed along their paths,
    # recomputed from the trace (the leaf a playout ends at carries the value seen).
    totals: dict[Hashable, float] = {}
    playouts = [e for e in r.trace if e.kind == "playout"]
    backups = [e for e in r.trace if e.kind == "backpropagate"]
    assert len(playouts) == len(backups) == iterations
    for p, b in zip(playouts, backups, strict=True):
        leaf = p.moves[-1] if p.moves else p.start
        if not p.proven:
            assert not G.succ[leaf]
            assert p.value == G.nodes[leaf]["value"]
        assert b.path[-1] == p.start and b.path[0] == root
        for n in b.path:
            totals[n] = totals.get(n, 0) + b.value
    assert totals.keys() == r.totals.keys()
    for n, t in totals.items():
        assert r.totals[n] == pytest.approx(t)
    assert sum(1 for e in r.trace if e.kind == "expand") == len(r.visit_order) - 1


@settings(max_examples=60, deadline=None)
@given(
    st.one_of(trees(max_depth=5), chance_trees(max_depth=4), dags(max_depth=5)),
    st.integers(1, 60),
    st.integers(0, 3),
    st.booleans(),
)
def test_invariants(G: nx.DiGraph, iterations: int, seed: int, solver: bool) -> None:
    r = gametree.mcts(G, iterations=iterations, seed=seed, solver=solver, trace=True)
    _check_invariants(G, r, iterations)
    for n, v in r.visits.items():
        assert G.nodes[n]["visits"] == v
    again = gametree.mcts(G.copy(), iterations=iterations, seed=seed, solver=solver, trace=True)
    assert again.to_dict() == r.to_dict()
    assert again.trace == r.trace


@settings(max_examples=40, deadline=None)
@given(trees(max_depth=3, max_branching=3), st.integers(0, 5))
def test_solver_proves_the_minimax_value(G: nx.DiGraph, seed: int) -> None:
    r = gametree.mcts(G, iterations=1000, seed=seed, solver=True, annotate=False)
    exact = gametree.minimax(G, annotate=False)
    assert r.proven_value == exact.value
    if exact.best_child is not None:
        assert exact.node_values[r.best_child].value == exact.value


@settings(max_examples=25, deadline=None)
@given(chance_trees(max_depth=3), st.integers(0, 5))
def test_solver_proves_expectiminimax_values(G: nx.DiGraph, seed: int) -> None:
    r = gametree.mcts(G, iterations=1000, seed=seed, solver=True, annotate=False)
    if r.proven_value is not None:
        assert r.proven_value == pytest.approx(
            float(gametree.expectiminimax(G, annotate=False).value)
        )


@pytest.mark.parametrize(
    "nested",
    [
        [[0, 1], [9, 8], [2, 3]],
        [[[5, 6], [7, 8]], [[0, 1], [2, 3]], [[9, -9], [-9, 9]]],
        [[10, 10, 10], [0, 10, 10], [10, 0, 10]],
    ],
)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_converges_to_a_clear_best_move(nested: list[Any], seed: int) -> None:
    G = gametree.from_nested(nested)
    best = gametree.minimax(G, annotate=False).best_child
    r = gametree.mcts(G, iterations=2000, seed=seed, annotate=False)
    assert r.best_child == best
    assert max(r.children, key=lambda s: s.visits).child == best


def test_min_root_minimises() -> None:
    G = gametree.from_nested([[0, 1], [9, 8], [2, 3]], players=("MIN", "MAX"))
    r = gametree.mcts(G, iterations=2000, seed=0)
    assert r.best_child == gametree.minimax(G, annotate=False).best_child == "B"


def test_evaluate_playout_uses_heuristics() -> None:
    G = fig52()
    for n, h in {"B": 1, "C": 9, "D": 2}.items():
        G.nodes[n]["value"] = h
    r = gametree.mcts(G, iterations=3, playout="evaluate", trace=True)
    assert [e.value for e in r.trace if e.kind == "playout"] == [1, 9, 2]
    with pytest.raises(SearchError, match="playout='evaluate'"):
        gametree.mcts(fig52(), iterations=3, playout="evaluate")


def test_chance_draws_by_probability() -> None:
    G = gametree.from_nested([[0, 10]], players=("MAX", "CHANCE"))
    G.edges["B", "C"]["prob"] = 0.9
    G.edges["B", "D"]["prob"] = 0.1
    r = gametree.mcts(G, iterations=2000, seed=3)
    assert r.visits["C"] > 5 * r.visits["D"]
    assert r.value == pytest.approx(1.0, abs=0.4)


def test_ties_go_to_the_first_child() -> None:
    G = gametree.from_nested([[1], [1], [1]])
    r = gametree.mcts(G, iterations=9, seed=0)
    assert [s.visits for s in r.children] == [3, 3, 3]
    assert r.best_child == "B"


# --- Bad input ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"iterations": 0}, "iterations=0"),
        ({"iterations": 5, "c": -1}, "c=-1"),
        ({"iterations": 5, "value_range": (3, 3)}, "value_range="),
        ({"iterations": 5, "value_range": (5, 1)}, "value_range="),
        ({"iterations": 5, "value_range": ()}, "value_range="),
        ({"iterations": 5, "playout": "greedy"}, "playout='greedy'"),
        ({"iterations": 5, "solver": 1}, "solver=1"),
    ],
)
def test_bad_options(options: dict[str, Any], match: str) -> None:
    with pytest.raises(SearchError, match=match):
        gametree.mcts(fig52(), **options)


def test_leaf_without_value() -> None:
    G = fig52()
    del G.nodes["F"]["value"]
    with pytest.raises(InvalidTreeError, match="'F'"):
        gametree.mcts(G, iterations=200, seed=0)


def test_bad_policy_move() -> None:
    with pytest.raises(SearchError, match="playout policy chose"):
        gametree.mcts(fig52(), iterations=2, playout=lambda G, n: "Z")


def test_max_nodes_names_the_option() -> None:
    with pytest.raises(GameError, match="max_nodes"):
        gametree.mcts_game(TicTacToe(), iterations=50, max_nodes=10)


def test_deep_chain_is_iterative() -> None:
    G = nx.DiGraph()
    n = 100_000
    for i in range(n):
        G.add_node(i, player="MAX")
        G.add_edge(i, i + 1)
    G.add_node(n, value=7)
    r = gametree.mcts(G, iterations=3, seed=0, solver=True)
    assert r.value == 7 and r.visits[0] == 3


# --- Annotation -----------------------------------------------------------------------


def test_annotation_replaced_by_the_next_search() -> None:
    G = fig52()
    gametree.mcts(G, iterations=20, seed=0)
    assert G.nodes["A"]["visits"] == 20
    gametree.alphabeta(G)
    assert all("visits" not in d and "total" not in d for _, d in G.nodes(data=True))
    assert all("visits" not in d for *_, d in G.edges(data=True))
    gametree.mcts(G, iterations=5, seed=0)
    assert G.nodes["A"]["visits"] == 5 and "alpha" not in G.nodes["A"]


# --- Games ----------------------------------------------------------------------------


def test_games_reproducible_and_legal() -> None:
    for game in (TicTacToe(), ConnectFour()):
        a = gametree.mcts_game(game, iterations=300, seed=5, record=False)
        b = gametree.mcts_game(game, iterations=300, seed=5)
        assert a.best_move == b.best_move and a.visits == b.visits
        assert a.best_move in game.actions(game.initial)
        assert b.graph is not None and b.graph.nodes[0]["visits"] == 300
        assert len(b.graph) == b.stats.nodes_visited


# Tic-tac-toe positions (cells 0..8, row by row) where the side to move wins by force.
FORCED_WINS = [
    # X to move: X X . / O O . / . . . -> 2 wins at once.
    ((0, 3, 1, 4), {2}),
    # O to move: O O . / X X . / X . . -> 2 wins (and blocks).
    ((3, 0, 4, 1, 6), {2}),
]


@pytest.mark.parametrize(("moves", "winning"), FORCED_WINS)
def test_solver_finds_forced_wins(moves: tuple[int, ...], winning: set[int]) -> None:
    game = TicTacToe()
    state = game.initial
    for m in moves:
        state = game.result(state, m)
    r = gametree.mcts_game(game, state, iterations=500, seed=0, solver=True)
    assert r.best_move in winning
    win = 1 if len(moves) % 2 == 0 else -1
    assert r.proven_value == win


@pytest.mark.parametrize(("moves", "winning"), FORCED_WINS)
def test_openspiel_mcts_solver_agrees(moves: tuple[int, ...], winning: set[int]) -> None:
    """OpenSpiel's MCTSBot(solve=True) and gametree's solver both find a winning move."""
    pyspiel = pytest.importorskip("pyspiel")
    import numpy as np
    from open_spiel.python.algorithms import mcts as spiel_mcts

    from gametree.games.openspiel import OpenSpielGame

    spiel_game = pyspiel.load_game("tic_tac_toe")
    state = spiel_game.new_initial_state()
    for m in moves:
        state.apply_action(m)
    bot = spiel_mcts.MCTSBot(
        spiel_game,
        uct_c=math.sqrt(2),
        max_simulations=500,
        evaluator=spiel_mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(0)),
        solve=True,
        random_state=np.random.RandomState(0),
    )
    assert bot.step(state) in winning
    game = OpenSpielGame(spiel_game)
    position = game.initial
    for m in moves:
        position = game.result(position, m)
    r = gametree.mcts_game(game, position, iterations=500, seed=0, solver=True)
    assert r.graph is not None
    assert r.graph.nodes[r.best_child]["state"].history[-1] in winning
    assert r.proven_value == (1 if len(moves) % 2 == 0 else -1)


def test_game_tree_counts_add_up() -> None:
    r = gametree.mcts_game(ConnectFour(), iterations=400, seed=2, trace=True)
    G = r.graph
    assert G is not None and r.visits[0] == 400
    for n, v in r.visits.items():
        below = sum(r.visits[k] for k in G.succ[n])
        assert v == below + r.playouts.get(n, 0)
        assert G.nodes[n]["visits"] == v
    totals: dict[Hashable, float] = {}
    for e in r.trace:
        if e.kind == "backpropagate":
            for n in e.path:
                totals[n] = totals.get(n, 0) + e.value
    assert totals == pytest.approx(dict(r.totals))
    # Expansion adds the first untried move, in the game's move order.
    first = [e for e in r.trace if e.kind == "expand" and e.node == 0]
    assert [e.move for e in first] == ConnectFour().actions(ConnectFour().initial)


@pytest.mark.parametrize(
    ("game", "options"),
    [
        (Fig52Game(), {"iterations": 40, "seed": 3, "value_range": (2, 14)}),
        (TicTacToe(), {"iterations": 60, "seed": 11, "c": 0.8, "solver": True}),
        (ConnectFour(), {"iterations": 25, "seed": 5, "playout": "random"}),
    ],
)
def test_search_game_mcts_is_mcts_game(game: Any, options: dict[str, Any]) -> None:
    """``search_game(algorithm="mcts")`` is the same search as ``mcts_game``: for one
    seed, the same move, counts, trace and tree, node by node."""
    via = gametree.search_game(game, algorithm="mcts", trace=True, **options)
    direct = gametree.mcts_game(game, trace=True, **options)
    assert via.best_move == direct.best_move and via.value == direct.value
    assert dict(via.visits) == dict(direct.visits) and dict(via.totals) == dict(direct.totals)
    assert dict(via.edge_visits) == dict(direct.edge_visits)
    assert via.trace == direct.trace and via.children == direct.children
    assert via.graph is not None and direct.graph is not None
    assert list(via.graph.nodes(data="visits")) == list(direct.graph.nodes(data="visits"))
    assert list(via.graph.edges) == list(direct.graph.edges)
    assert via.graph.nodes[0]["visits"] == options["iterations"]


def test_search_game_mcts_options_are_checked_by_name() -> None:
    with pytest.raises(SearchError, match=r"needs iterations=N"):
        gametree.search_game(Fig52Game(), algorithm="mcts")
    with pytest.raises(SearchError, match=r"depth=2 does not apply to algorithm='mcts'"):
        gametree.search_game(Fig52Game(), algorithm="mcts", iterations=5, depth=2)
    with pytest.raises(SearchError, match=r"iterations, seed applies to algorithm='mcts' only"):
        gametree.search_game(Fig52Game(), iterations=5, seed=1)
    with pytest.raises(SearchError, match=r"iterations=0"):
        gametree.search_game(Fig52Game(), algorithm="mcts", iterations=0)
