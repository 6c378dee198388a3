"""Monte Carlo tree search: known answers by hand, invariants, convergence, the solver."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import VALUES_EXTREME, chance_trees, dags, trees
from test_mcts_tree import close, reference_mean, reference_share, reference_total, rounding_slack

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


# --- Infinite and huge values (the statistics of mcts_tree) ---------------------------


def test_minus_inf_below_a_single_child() -> None:
    # (A (B -inf)): iteration 1 adds B and plays out to C (-inf); iteration 2 selects B,
    # A's only child, although its share is 0 (every playout -inf), and adds C; iteration
    # 3 goes A, B, C. Every total is -inf (no +inf to cancel it), so is every mean; B's
    # final UCB1 is 0 + 1 x sqrt(ln 3 / 3). This tripped an assertion: no child scored
    # above -inf, so selection found none.
    G = gametree.parse("(A (B -inf))")
    r = gametree.mcts(G, iterations=3, c=1, trace=True)
    assert dict(r.visits) == {"A": 3, "B": 3, "C": 2}
    assert dict(r.totals) == {"A": -math.inf, "B": -math.inf, "C": -math.inf}
    assert r.value == -math.inf and r.best_move == "B" and r.pv == ("A", "B", "C")
    assert r.children[0].ucb1 == pytest.approx(math.sqrt(math.log(3) / 3))


def test_inf_and_minus_inf_in_one_subtree_by_hand() -> None:
    """(A (B inf -inf) 3), c = 1, playouts take the first child; the finite leaves span
    (3, 3), so a finite playout scores 0.5, +inf 1 and -inf 0 (for MAX).

    1. add B, play out B -> D: inf.          A {inf}         B {inf}
    2. add C: 3.                             A {inf, 3}      C {3}
    3. at A: B 1 + sqrt(ln 2 / 1) = 1.83 > C 0.5 + 0.83 = 1.33; add D: inf.
    4. at A: B 1 + sqrt(ln 3 / 2) = 1.74 > C 0.5 + sqrt(ln 3) = 1.55; add E: -inf.
    5. at A: B (1 + 1 + 0) / 3 + sqrt(ln 4 / 3) = 1.35 < C 0.5 + sqrt(ln 4) = 1.68: C, 3.
    6. at A: B 0.667 + sqrt(ln 5 / 3) = 1.399 > C 0.5 + sqrt(ln 5 / 2) = 1.397; at B
       (MIN): D 0 + sqrt(ln 3) = 1.05 < E 1 + sqrt(ln 3) = 2.05: E, -inf.

    Totals: A has seen inf twice, -inf twice, 3 twice: the infinities cancel, total 6,
    mean 1; B inf, inf, -inf, -inf: total 0, mean 0 (not NaN); D inf; E -inf.
    """
    G = gametree.parse("(A (B inf -inf) 3)")
    r = gametree.mcts(G, iterations=6, c=1, playout=first_child, trace=True)
    assert dict(r.visits) == {"A": 6, "B": 4, "C": 2, "D": 1, "E": 2}
    assert dict(r.totals) == {"A": 6, "B": 0, "C": 6, "D": math.inf, "E": -math.inf}
    means = {n: v.value for n, v in r.node_values.items()}
    assert means == {"A": 1.0, "B": 0.0, "C": 3.0, "D": math.inf, "E": -math.inf}
    assert [e.child for e in r.trace if e.kind == "select"] == ["B", "B", "C", "B", "E"]
    assert r.value == 1.0 and r.best_move == "B"
    # At the end, N = 6: B 0.5 + sqrt(ln 6 / 4), C 0.5 + sqrt(ln 6 / 2).
    b, c = r.children
    assert b.mean == 0.0 and b.ucb1 == pytest.approx(0.5 + math.sqrt(math.log(6) / 4))
    assert c.mean == 3.0 and c.ucb1 == pytest.approx(0.5 + math.sqrt(math.log(6) / 2))
    # Explanations and diagrams show the totals the search kept.
    text = gametree.explain(G, "mcts", iterations=6, c=1, playout=first_child)
    assert "A 6/6, B 4/0, E 2/-inf" in text and "nan" not in text
    assert [e.totals for e in r.trace if e.kind == "backpropagate"][-1] == (6, 0, -math.inf)


def test_sums_past_the_float_range() -> None:
    # Two leaves of 1.7e308: A's total 3.4e308 passes the float range and is kept as the
    # exact int 2 x 1.7e308; its mean is 1.7e308 (it was inf before).
    G = gametree.parse("(A 1.7e308 1.7e308)")
    r = gametree.mcts(G, iterations=2)
    assert r.totals["A"] == 2 * int(1.7e308) and r.value == 1.7e308
    # 1.7e308, 1.7e308, -1.7e308, -1.7e308, 1 (one playout each): exactly 1 in all, mean
    # 0.2; a float sum gives inf, then NaN.
    H = gametree.parse("(A 1.7e308 1.7e308 -1.7e308 -1.7e308 1)")
    r = gametree.mcts(H, iterations=5)
    assert r.totals["A"] == 1.0 and r.value == 0.2
    assert G.nodes["A"]["total"] == 2 * int(1.7e308)


@pytest.mark.parametrize(
    ("text", "proven", "move"),
    [
        # B (MIN) is proven -inf by its only leaf; C 3; A the larger: 3, by C.
        ("(A (B -inf) 3)", 3, "C"),
        # B is proven inf, and A at once (nothing beats inf). The range of the finite
        # leaves is (3, 3): proving A at its top, 3, by C was wrong (inf lies beyond it).
        ("(A (B inf) 3)", math.inf, "B"),
        # B is MIN(inf, -inf) = -inf; A = max(-inf, 3) = 3.
        ("(A (B inf -inf) 3)", 3, "C"),
    ],
)
def test_solver_with_infinite_leaves(text: str, proven: float, move: str) -> None:
    G = gametree.parse(text)
    r = gametree.mcts(G, iterations=40, seed=0, solver=True)
    assert r.proven_value == proven == gametree.minimax(G, annotate=False).value
    assert r.best_move == move


def test_solver_leaves_an_undefined_chance_average_unproven() -> None:
    # B is a CHANCE node over inf and -inf: its average is undefined (expectiminimax
    # says so); the solver proves its leaves but never B, so never A.
    G = gametree.parse("players: MAX CHANCE\n(A (B inf -inf) 3)")
    r = gametree.mcts(G, iterations=50, seed=0, solver=True)
    assert r.proven == {"C": 3, "D": math.inf, "E": -math.inf} and r.proven_value is None
    with pytest.raises(SearchError, match="undefined"):
        gametree.expectiminimax(G)


class TreeWalk:
    """A game whose states are the nodes of an explicit tree (for same-rules checks)."""

    def __init__(self, G: nx.DiGraph, utility: Callable[[Hashable], Any] | None = None) -> None:
        self.G = G
        self.initial = gametree.find_root(G)
        self._utility = utility

    def to_move(self, state: Hashable) -> str:
        return str(self.G.nodes[state]["player"])

    def actions(self, state: Hashable) -> list[Hashable]:
        return list(self.G.succ[state])

    def result(self, state: Hashable, action: Hashable) -> Hashable:
        return action

    def is_terminal(self, state: Hashable) -> bool:
        return not self.G.succ[state]

    def utility(self, state: Hashable) -> Any:
        if self._utility is not None:
            return self._utility(state)
        return self.G.nodes[state]["value"]


@settings(max_examples=40, deadline=None)
@given(trees(VALUES_EXTREME, max_depth=4), st.integers(1, 40), st.integers(0, 3))
def test_games_follow_the_same_rules(G: nx.DiGraph, iterations: int, seed: int) -> None:
    """mcts_game over a tree's nodes as states keeps the same statistics as mcts."""
    r = gametree.mcts(G, iterations=iterations, seed=seed, value_range=(-9, 9), annotate=False)
    g = gametree.mcts_game(TreeWalk(G), iterations=iterations, seed=seed, value_range=(-9, 9))
    assert g.graph is not None
    state = {i: g.graph.nodes[i]["state"] for i in g.graph}
    assert {state[i]: v for i, v in g.visits.items()} == dict(r.visits)
    assert {state[i]: t for i, t in g.totals.items()} == dict(r.totals)
    assert g.value == r.value


@pytest.mark.parametrize("bad", [math.nan, None, "x"])
def test_game_playout_value_must_be_a_number(bad: Any) -> None:
    G = fig52()
    with pytest.raises(SearchError, match="ended with the value"):
        game = TreeWalk(G, utility=lambda state: bad)
        gametree.mcts_game(game, iterations=5, seed=0, value_range=(0, 1))


@settings(max_examples=80, deadline=None)
@given(
    st.one_of(
        trees(VALUES_EXTREME, max_depth=4),
        chance_trees(VALUES_EXTREME, max_depth=3),
        dags(VALUES_EXTREME, max_depth=4),
    ),
    st.integers(1, 60),
    st.integers(0, 3),
)
def test_statistics_match_the_exact_reference(G: nx.DiGraph, iterations: int, seed: int) -> None:
    """Replay the trace keeping every playout value per node (a DAG node's copies
    together) and check the totals, means and each selection's scores against the exact
    reference of tests/test_mcts_tree.py; nothing is ever NaN."""
    r = gametree.mcts(G, iterations=iterations, seed=seed, trace=True, annotate=False)
    lo, hi = r.value_range
    c = math.sqrt(2)
    seen: dict[Hashable, list[Any]] = {}
    # Selection scores a tree copy of a DAG node by that copy's playouts alone.
    tree = all(d <= 1 for _, d in G.in_degree())
    for e in r.trace:
        if e.kind == "select" and e.player != "CHANCE" and tree:
            best = None
            worst_slack = 0.0
            for child, n, _total, score in e.children:
                if score is None:
                    continue
                assert score == score and abs(score) != math.inf
                values = seen[child]
                assert n == len(values)
                q = reference_share(values, lo, hi, e.player == "MAX")
                want = float(q) + c * math.sqrt(math.log(e.visits) / n)
                # Plain float sums round (1 + 1.7e308 - 1.7e308 is 0): allow that, scaled.
                slack = rounding_slack(values) / n / (hi - lo) if hi > lo else 0.0
                assert score == pytest.approx(want, rel=1e-9, abs=1e-9 + slack)
                best = want if best is None else max(best, want)
                worst_slack = max(slack, worst_slack)
            chosen = dict((k, s) for k, _, _, s in e.children)[e.child]
            assert best is not None
            assert chosen == pytest.approx(best, rel=1e-9, abs=1e-9 + 2 * worst_slack)
        elif e.kind == "backpropagate":
            for node, total in zip(e.path, e.totals, strict=True):
                seen.setdefault(node, []).append(e.value)
                assert close(total, reference_total(seen[node]), rounding_slack(seen[node]))
    for node, values in seen.items():
        assert r.visits[node] == len(values)
        slack = rounding_slack(values)
        assert close(r.totals[node], reference_total(values), slack)
        mean = r.node_values[node].value if node not in r.proven else None
        if mean is not None:
            assert mean == mean
            assert close(mean, reference_mean(values), slack / len(values) + 1e-300)


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
