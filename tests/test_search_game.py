"""search_game: the lazy search equals the graph search on expand(game), and the fast
path (record=False) equals the recorded one."""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree.games import ConnectFour, Fig52Game, Nim, TicTacToe, expand, search_game
from gametree.games.fastsearch import search as fast_search
from gametree.games.protocol import evaluator, keyer, player_mapper

TTT = TicTacToe()
FIELDS = (
    "value",
    "best_child",
    "best_children",
    "pv",
    "visited_leaves",
    "pruned_edges",
    "stats",
    "best_move",
    "best_moves",
    "pv_moves",
)


@st.composite
def ttt_positions(draw: Any, min_moves: int = 3, max_moves: int = 7) -> Any:
    """A reachable, non-terminal tic-tac-toe position."""
    s = TTT.initial
    for pick in draw(st.lists(st.integers(0, 8), min_size=min_moves, max_size=max_moves)):
        moves = TTT.actions(s)
        if not moves:
            break
        t = TTT.result(s, moves[pick % len(moves)])
        if TTT.is_terminal(t):
            break
        s = t
    return s


options = st.fixed_dictionaries(
    {
        "algorithm": st.sampled_from(["minimax", "alphabeta", "negamax_alphabeta", "pvs"]),
        "depth": st.sampled_from([None, None, 1, 2, 3]),
        "prune_on_equal": st.booleans(),
        "fail": st.sampled_from(["soft", "hard"]),
        "window": st.sampled_from([(-math.inf, math.inf), (-0.5, 0.5), (0, 1), (-1, 0)]),
        "transposition_table": st.booleans(),
    }
)


def _graph_options(opts: dict[str, Any]) -> dict[str, Any]:
    kw = dict(opts)
    kw.pop("depth")
    if kw["algorithm"] == "minimax":
        for k in ("prune_on_equal", "fail", "window", "transposition_table"):
            kw.pop(k, None)
    return kw


def _search_options(opts: dict[str, Any]) -> dict[str, Any]:
    kw = dict(opts)
    if kw["algorithm"] == "minimax":
        kw["transposition_table"] = False
        for k in ("prune_on_equal", "fail", "window"):
            kw.pop(k, None)
    return kw


def _states(G: Any, nodes: Any) -> list[Any]:
    return [G.nodes[n]["state"] for n in nodes]


def _pruned_moves(G: Any, edges: Any) -> list[Any]:
    return [(G.nodes[u]["state"], G.edges[u, v]["move"]) for u, v in edges]


@given(ttt_positions(), options)
@settings(max_examples=120, deadline=None)
def test_search_game_equals_graph_search_on_expand(state: Any, opts: dict[str, Any]) -> None:
    sopts = _search_options(opts)
    r = search_game(TTT, state, annotate=False, **sopts)
    G = expand(TTT, state, depth=opts["depth"], merge_transpositions=sopts["transposition_table"])
    gopts = _graph_options(sopts)
    algorithm = gopts.pop("algorithm")
    ref = gametree.solve(G, algorithm, annotate=False, **gopts)
    assert r.value == ref.value
    assert _states(r.graph, r.visited_leaves) == _states(G, ref.visited_leaves)
    assert _pruned_moves(r.graph, r.pruned_edges) == _pruned_moves(G, ref.pruned_edges)
    assert r.best_move == G.edges[0, ref.best_child]["move"] == ref.best_move
    assert r.stats.nodes_visited == ref.stats.nodes_visited


@given(ttt_positions(min_moves=3, max_moves=7), options)
@settings(max_examples=120, deadline=None)
def test_fast_path_equals_recorded_search(state: Any, opts: dict[str, Any]) -> None:
    sopts = _search_options(opts)
    if sopts["algorithm"] == "pvs":
        sopts["algorithm"] = "alphabeta"
    if sopts.get("transposition_table"):
        assert_lazy_table_search_matches(TTT, state, sopts)
        return
    fast = search_game(TTT, state, record=False, **sopts)
    # trace=True runs the graph engine through the expand hook.
    slow = search_game(TTT, state, record=True, annotate=False, trace=True, **sopts)
    assert fast.graph is None and slow.graph is not None
    for name in FIELDS:
        assert getattr(fast, name) == getattr(slow, name), name
    assert dict(fast.node_values) == dict(slow.node_values)


@given(ttt_positions(min_moves=3, max_moves=7), options)
@settings(max_examples=80, deadline=None)
def test_graph_built_after_a_fast_search_equals_the_hooked_one(
    state: Any, opts: dict[str, Any]
) -> None:
    # Without a trace, a recorded search runs the fast loop and builds the graph in one
    # pass; with one, the engine builds it through the hook. Same graph, same result,
    # same annotations.
    sopts = _search_options(opts)
    if sopts["algorithm"] == "pvs":
        sopts["algorithm"] = "negamax_alphabeta"
    built = search_game(TTT, state, **sopts)
    hooked = search_game(TTT, state, trace=True, **sopts)
    for name in (*FIELDS, "visit_order", "windows", "visited_edges"):
        assert getattr(built, name) == getattr(hooked, name), name
    assert dict(built.node_values) == dict(hooked.node_values)
    A, B = built.graph, hooked.graph
    assert list(A.nodes) == list(B.nodes) and list(A.edges) == list(B.edges)
    for n in A:
        assert A.nodes[n] == B.nodes[n], n
    for u, v in A.edges:
        assert A.edges[u, v] == B.edges[u, v]
    assert A.graph == B.graph


def test_graph_is_built_once_when_first_read_and_survives_the_search_state() -> None:
    # The graph of a tree search is built from what the search recorded when first
    # read: later searches of the same game object change nothing, and reading it again
    # gives the same graph object. equality and replace() read it like any field.
    game = TicTacToe()
    r = search_game(game)
    hooked = search_game(game, trace=True)
    search_game(game, algorithm="minimax", depth=2)
    G = r.graph
    assert G is r.graph
    assert_same_graph(G, hooked.graph)
    assert dataclasses.replace(r).graph is G
    assert search_game(game, record=False).graph is None


def assert_same_graph(A: Any, B: Any) -> None:
    assert list(A.nodes) == list(B.nodes) and list(A.edges) == list(B.edges)
    for n in A:
        assert A.nodes[n] == B.nodes[n], n
    for u, v in A.edges:
        assert A.edges[u, v] == B.edges[u, v], (u, v)
    assert A.graph == B.graph


@pytest.mark.parametrize(
    ("game", "kw"),
    [
        (Nim((1, 2, 3)), {}),
        (Nim((2, 3)), {"algorithm": "minimax"}),
        (ConnectFour(3, 4, 3), {"depth": 3}),
        (ConnectFour(3, 4, 3), {"depth": 2, "fail": "hard", "window": (-0.5, 0.5)}),
        (Fig52Game(), {}),
        (TicTacToe(), {"depth": 3, "prune_on_equal": False}),
    ],
)
def test_graph_annotated_while_built_equals_annotate(game: Any, kw: dict[str, Any]) -> None:
    # A tree is annotated as it is built (games with and without the state memo take
    # different paths); it must equal the hooked engine's graph annotated afterwards.
    built = search_game(game, **kw)
    hooked = search_game(game, trace=True, **kw)
    assert_same_graph(built.graph, hooked.graph)
    assert any(d.get("status") == "pruned" for _, d in built.graph.nodes(data=True)) or (
        kw.get("algorithm") == "minimax"
    )


@pytest.mark.parametrize(
    ("game", "kw"),
    [
        (Nim((1, 2, 3)), {"transposition_table": True}),
        (Nim((2, 2)), {"depth": 2}),
        (ConnectFour(3, 4, 3), {"depth": 4}),
        (ConnectFour(3, 4, 3), {"depth": 3, "transposition_table": True, "fail": "hard"}),
        (Fig52Game(), {"algorithm": "minimax"}),
        (Fig52Game(), {"window": (2, 5)}),
    ],
)
def test_fast_path_equals_recorded_on_other_games(game: Any, kw: dict[str, Any]) -> None:
    if kw.get("transposition_table"):
        sopts = {"algorithm": "alphabeta", "depth": None, **kw}
        assert_lazy_table_search_matches(game, game.initial, sopts)
        return
    fast = search_game(game, record=False, **kw)
    slow = search_game(game, annotate=False, trace=True, **kw)
    for name in FIELDS:
        assert getattr(fast, name) == getattr(slow, name), name


def test_graph_holds_exactly_what_the_search_saw() -> None:
    r = search_game(TTT, TTT.state("X--/-O-/---"))
    G = r.graph
    entered = set(r.node_values)
    for n in G:
        data = G.nodes[n]
        if n in entered:
            assert not data.get("frontier")
        else:
            # Never entered: a move generated by an entered parent, with no subtree.
            assert not G.succ[n]
            assert data.get("frontier") or "value" in data
            assert all(p in entered for p in G.pred[n])
    pruned_children = {v for _, v in r.pruned_edges}
    assert pruned_children and pruned_children.isdisjoint(entered)
    assert all(G.nodes[v]["status"] == "pruned" for v in pruned_children)
    # The graph is much smaller than the tree below the position.
    assert len(G) < len(expand(TTT, TTT.state("X--/-O-/---"))) / 5


def test_fig52_by_hand() -> None:
    # AIMA Figure 5.2: B = min(3, 12, 8) = 3; C's first leaf 2 <= alpha 3 cuts I and J;
    # D = min(14, 5, 2) = 2; value 3, move a1.
    r = search_game(Fig52Game(), trace=True)
    labels = [r.graph.nodes[n]["label"] for n in r.visited_leaves]
    assert labels == ["E", "F", "G", "H", "K", "L", "M"]
    assert (r.value, r.best_move, r.pv_moves) == (3, "a1", ("a1", "b1"))
    assert r.trace and r.options["depth"] is None
    m = search_game(Fig52Game(), algorithm="minimax", record=False)
    assert m.stats.leaves_evaluated == 9 and m.value == 3


def test_depth_limited_search_marks_horizon() -> None:
    r = search_game(TTT, depth=2, record=False)
    s = search_game(TTT, depth=2, annotate=False)
    assert r.stats.horizon_evaluations == s.stats.horizon_evaluations > 0
    cut = [n for n in s.visited_leaves if s.graph.nodes[n].get("cutoff")]
    assert len(cut) == s.stats.horizon_evaluations


def test_transposition_table_searches_fewer_nodes() -> None:
    plain = search_game(TTT, record=False)
    tt = search_game(TTT, record=False, transposition_table=True)
    assert plain.value == tt.value == 0
    assert tt.stats.nodes_visited < plain.stats.nodes_visited
    assert tt.stats.transposition_hits > 0


def test_bad_options() -> None:
    with pytest.raises(gametree.SearchError, match="algorithm"):
        search_game(TTT, algorithm="expectimax")
    with pytest.raises(gametree.SearchError, match="depth"):
        search_game(TTT, depth=-1)
    with pytest.raises(gametree.SearchError, match="window"):
        search_game(TTT, window=(1, 0))
    with pytest.raises(gametree.GameError, match="max_nodes"):
        search_game(TTT, algorithm="minimax", max_nodes=1000)
    with pytest.raises(gametree.GameError, match="max_nodes"):
        search_game(TTT, algorithm="minimax", max_nodes=1000, record=False)


def test_terminal_root() -> None:
    s = TTT.state("XXX/OO-/---")
    for record in (True, False):
        r = search_game(TTT, s, record=record)
        assert r.value == 1 and r.best_move is None and r.pv == (0,)


def _lazy_table_outcome(game: Any, state: Any, sopts: dict[str, Any]) -> Any:
    """Run fastsearch.search with a table and lazy children (what record=False with a
    table runs) directly, to see the position behind each id."""
    pruning = sopts["algorithm"] != "minimax"
    return fast_search(
        game,
        state,
        pruning=pruning,
        depth=sopts["depth"],
        prune_on_equal=sopts.get("prune_on_equal", True),
        fail_hard=sopts.get("fail") == "hard",
        window=sopts.get("window", (-math.inf, math.inf)),
        player_of=player_mapper(game),
        evaluate=evaluator(game),
        key=keyer(game),
        max_nodes=1_000_000,
    )


def assert_lazy_table_search_matches(game: Any, state: Any, sopts: dict[str, Any]) -> None:
    """record=False with a table makes children lazily and numbers them as it makes
    them; position by position it must find exactly what the engine (through the hook,
    which makes every child of a node it enters) finds."""
    out = _lazy_table_outcome(game, state, sopts)
    fast = search_game(game, state, record=False, **sopts)
    slow = search_game(game, state, annotate=False, trace=True, **sopts)
    G, at = slow.graph, out.positions

    def states(ids: Any) -> list[Any]:
        return [at[n][0] for n in ids]

    assert fast.value == out.value == slow.value
    assert fast.stats == out.stats == slow.stats
    for name in ("best_move", "best_moves", "pv_moves"):
        assert getattr(fast, name) == getattr(slow, name), name
    assert fast.pv == (0, *(out.chosen[n] for n in fast.pv[:-1]))
    assert states(fast.pv) == _states(G, slow.pv)
    assert states(fast.visited_leaves) == _states(G, slow.visited_leaves)
    assert states(fast.best_children) == _states(G, slow.best_children)
    mine = Counter((at[n][0], v.value, v.bound) for n, v in fast.node_values.items())
    theirs = Counter((G.nodes[n]["state"], v.value, v.bound) for n, v in slow.node_values.items())
    assert mine == theirs
    # A pruned edge leads to an id of its own that names the skipped move.
    assert all(at[v][0] is None for _, v in fast.pruned_edges)
    skipped = Counter((at[u][0], at[v][1]) for u, v in fast.pruned_edges)
    assert skipped == Counter(_pruned_moves(G, slow.pruned_edges))


@given(ttt_positions(min_moves=2, max_moves=7), options)
@settings(max_examples=150, deadline=None)
def test_lazy_table_search_equals_the_engine(state: Any, opts: dict[str, Any]) -> None:
    sopts = _search_options(opts)
    if sopts["algorithm"] == "pvs":
        sopts["algorithm"] = "negamax_alphabeta"
    sopts["transposition_table"] = True
    assert_lazy_table_search_matches(TTT, state, sopts)


@pytest.mark.parametrize(
    ("game", "kw"),
    [
        (Nim((1, 2, 3)), {}),
        (Nim((3, 3)), {"depth": 3}),
        (ConnectFour(3, 4, 3), {"depth": 3, "fail": "hard"}),
        (ConnectFour(3, 4, 3), {"depth": 4, "prune_on_equal": False}),
        (TicTacToe(), {}),
    ],
)
def test_lazy_table_search_on_other_games(game: Any, kw: dict[str, Any]) -> None:
    sopts = {"algorithm": "alphabeta", "depth": None, "transposition_table": True, **kw}
    assert_lazy_table_search_matches(game, game.initial, sopts)


@given(ttt_positions(min_moves=1, max_moves=5), st.booleans())
@settings(max_examples=60, deadline=None)
def test_every_edge_the_search_went_down_is_visited(state: Any, built: bool) -> None:
    # With a transposition table the graph grows during the search, and a child can
    # gain its second parent after the search went down to it from the first: that
    # edge is still visited, never pruned or unreached.
    r = search_game(TTT, state, transposition_table=True, trace=True)
    went = {(e.parent, e.node) for e in r.trace if e.kind == "enter" and e.parent is not None}
    G = r.graph if not built else search_game(TTT, state, transposition_table=True).graph
    assert went
    for u, v in went:
        assert G.edges[u, v]["status"] == "visited", (u, v)
    assert not went & {tuple(e) for e in r.pruned_edges}


VALUE_ONLY_GAMES = (TTT, ConnectFour(4, 4), ConnectFour(3, 4, 3), Nim((2, 3, 4)))


@st.composite
def game_positions(draw: Any) -> tuple[Any, Any]:
    """A game of VALUE_ONLY_GAMES and a reachable position of it (terminal or not)."""
    game = draw(st.sampled_from(VALUE_ONLY_GAMES))
    s = game.initial
    for pick in draw(st.lists(st.integers(0, 15), min_size=0, max_size=12)):
        if game.is_terminal(s):
            break
        moves = game.actions(s)
        s = game.result(s, moves[pick % len(moves)])
    return game, s


@given(game_positions(), options)
@settings(max_examples=100, deadline=None)
def test_keep_root_equals_the_full_search(position: tuple[Any, Any], opts: dict[str, Any]) -> None:
    """keep="root" runs the same search as keep="all" (record=False) and keeps what a
    player needs: value, best move(s), the PV's first move and every statistic."""
    game, state = position
    sopts = _search_options(opts)
    if sopts["depth"] is None and (game is not TTT or len(game.actions(state)) > 6):
        sopts["depth"] = 4
    full = search_game(game, state, record=False, max_nodes=10**6, **sopts)
    root = search_game(game, state, record=False, keep="root", max_nodes=10**6, **sopts)
    assert root.value == full.value
    assert root.node_values[0] == full.node_values[0]
    assert root.best_move == full.best_move
    assert root.best_moves == full.best_moves
    assert root.best_child == full.best_child
    assert root.pv == full.pv[:2]
    assert root.pv_moves == full.pv_moves[:1]
    assert root.stats == full.stats
    assert list(root.node_values) == [0]
    assert root.visited_leaves == root.pruned_edges == ()


def test_keep_root_on_the_aima_tree() -> None:
    """Figure 5.2 by hand: value 3 by a1, 9 of 13 nodes visited, 7 leaves, the cut at C."""
    r = search_game(Fig52Game(), record=False, keep="root")
    assert (r.value, r.best_move, r.pv_moves, r.pv) == (3, "a1", ("a1",), (0, 1))
    assert (r.stats.nodes_visited, r.stats.leaves_evaluated, r.stats.cutoffs) == (11, 7, 1)
    assert dict(r.node_values) == {0: r.node_values[0]} and r.node_values[0].value == 3


def test_keep_root_needs_record_false_and_a_known_keep() -> None:
    with pytest.raises(gametree.SearchError, match="record=False"):
        search_game(TTT, keep="root")
    with pytest.raises(gametree.SearchError, match="'all' or 'root'"):
        search_game(TTT, record=False, keep="leaves")
