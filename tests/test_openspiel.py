"""OpenSpiel games as gametree games, cross-checked against OpenSpiel's own searches."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import gametree
from gametree.cli import main
from gametree.games import TicTacToe, openspiel_game

EFG = Path(__file__).parent / "data" / "efg"


@pytest.fixture
def spiel() -> Any:
    return pytest.importorskip(
        "pyspiel", reason="OpenSpiel (pip install 'gametree[openspiel]') is not installed"
    )


def spiel_state(game: Any, moves: list[int]) -> Any:
    state = game.new_initial_state()
    for move in moves:
        state.apply_action(move)
    return state


def our_state(game: gametree.Game, moves: list[int]) -> Any:
    state = game.initial
    for move in moves:
        state = game.result(state, move)  # OpenSpiel action ids are accepted too
    return state


# -- without OpenSpiel ----------------------------------------------------------------------


def test_importing_gametree_does_not_import_pyspiel() -> None:
    code = "import sys, gametree, gametree.games; print('pyspiel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_missing_pyspiel_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    with pytest.raises(gametree.GameError, match=r"gametree\[openspiel\]"):
        openspiel_game("tic_tac_toe")


# -- the mapping ----------------------------------------------------------------------------


def test_tic_tac_toe_moves_labels_players_and_keys(spiel: Any) -> None:
    game = openspiel_game("tic_tac_toe")
    s0 = game.initial
    assert game.actions(s0) == [f"x({r},{c})" for r in range(3) for c in range(3)]
    assert game.to_move(s0) == 0 and gametree.games.player_of(game, s0) == "MAX"
    s1 = game.result(s0, "x(1,1)")
    assert gametree.games.player_of(game, s1) == "MIN"
    assert game.render(s1) == "...\n.x.\n..."
    assert game.key(s1) == str(spiel_state(spiel.load_game("tic_tac_toe"), [4]).serialize())
    G = gametree.expand(game, s1, depth=1)
    assert [G.edges[0, c]["move"] for c in G.successors(0)][:2] == ["o(0,0)", "o(0,1)"]
    assert G.nodes[1]["label"] == "o..\n.x.\n..."
    with pytest.raises(gametree.GameError, match="not a legal action"):
        game.result(s1, "x(1,1)")


@pytest.mark.parametrize(
    ("name", "params", "words"),
    [
        ("kuhn_poker", {}, "imperfect information"),
        ("goofspiel", {}, "simultaneous moves"),
        ("catch", {}, "1 players"),
        ("tiny_bridge_2p", {}, "imperfect information"),
        ("tic_tac_to", {}, "did you mean tic_tac_toe"),
        ("connect_four", {"rowz": 4}, "no parameter 'rowz'"),
        ("connect_four", {"rows": "4"}, "should be of type int"),
    ],
)
def test_refusals_name_the_property(
    spiel: Any, name: str, params: dict[str, Any], words: str
) -> None:
    with pytest.raises(gametree.GameError, match=words):
        openspiel_game(name, **params)


def test_a_general_sum_game_is_refused(spiel: Any) -> None:
    # The ultimatum game of tests/data/efg, every payoff written out (OpenSpiel's reader
    # wants them at every terminal).
    text = (
        'EFG 2 R "" { "1" "2" }\n'
        'p "" 1 1 "" { "fair" "unfair" } 0\n'
        'p "" 2 1 "" { "accept" "reject" } 0\n'
        't "" 1 "" { 5 5 }\nt "" 2 "" { 0 0 }\n'
        'p "" 2 2 "" { "accept" "reject" } 0\n'
        't "" 3 "" { 8 2 }\nt "" 2 "" { 0 0 }\n'
    )
    game = spiel.load_efg_game(text)
    with pytest.raises(gametree.GameError, match="general-sum; gametree needs a zero-sum"):
        openspiel_game(game)


# -- cross-checks against OpenSpiel's own searches ------------------------------------------


@pytest.mark.parametrize("moves", [[], [4], [0, 4], [4, 0, 8], [0, 1, 2, 4], [4, 2, 6, 0, 1]])
def test_tic_tac_toe_values_equal_openspiel_alpha_beta(spiel: Any, moves: list[int]) -> None:
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game = openspiel_game("tic_tac_toe")
    theirs, _ = alpha_beta_search(
        game.spiel_game, state=spiel_state(game.spiel_game, moves), maximizing_player_id=0
    )
    ours = gametree.search_game(game, our_state(game, moves), record=False)
    assert ours.value == theirs


@pytest.mark.parametrize("moves", [[], [2], [2, 2, 1], [0, 4, 2, 2, 3]])
def test_small_connect_four_values_equal_openspiel_alpha_beta(spiel: Any, moves: list[int]) -> None:
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game = openspiel_game("connect_four", rows=4, columns=5)
    start = spiel_state(game.spiel_game, moves)
    for depth in (1, 3, 5):
        # Both score the horizon 0: OpenSpiel through value_function, gametree through
        # the wrapper's middle-of-the-range evaluate.
        theirs, _ = alpha_beta_search(
            game.spiel_game,
            state=start,
            value_function=lambda s: 0.0,
            maximum_depth=depth,
            maximizing_player_id=0,
        )
        ours = gametree.search_game(game, our_state(game, moves), depth=depth, record=False)
        assert ours.value == theirs, depth


def test_connect_four_endgame_solved_to_the_end(spiel: Any) -> None:
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game = openspiel_game("connect_four", rows=4, columns=4, x_in_row=3)
    moves = [0, 1, 1, 2, 3, 0]
    theirs, _ = alpha_beta_search(
        game.spiel_game, state=spiel_state(game.spiel_game, moves), maximizing_player_id=0
    )
    ours = gametree.search_game(game, our_state(game, moves), transposition_table=True)
    assert ours.value == theirs


@pytest.mark.parametrize(
    "params",
    [
        {"winscore": 3, "horizon": 6, "diceoutcomes": 3},
        {"winscore": 4, "horizon": 5, "diceoutcomes": 2},
        {"winscore": 2, "horizon": 8, "diceoutcomes": 3, "piglet": True},
    ],
)
def test_pig_expectiminimax_equals_openspiel(spiel: Any, params: dict[str, Any]) -> None:
    from open_spiel.python.algorithms.minimax import expectiminimax

    game = openspiel_game("pig", **params)
    theirs, _ = expectiminimax(game.spiel_game.new_initial_state(), 10_000, lambda s: 0.0, 0)
    G = gametree.expand(game)
    chance = [n for n in G if G.nodes[n]["player"] == "CHANCE"]
    assert chance and all(
        sum(G.edges[n, c]["prob"] for c in G.successors(n)) == pytest.approx(1) for n in chance
    )
    assert gametree.expectiminimax(G, annotate=False).value == pytest.approx(theirs)


def test_a_chance_efg_through_openspiel(spiel: Any) -> None:
    # AIMA Figure 5.12 (left), read by OpenSpiel and wrapped back: a1 is worth 2.1.
    text = gametree.dumps(gametree.load(EFG / "aima_fig_5_12_left.efg"), "efg")
    game = openspiel_game(spiel.load_efg_game(text))
    G = gametree.expand(game)
    r = gametree.expectiminimax(G, annotate=False)
    assert r.value == pytest.approx(2.1) and r.best_move == "a1"
    assert {G.edges[1, c]["prob"] for c in G.successors(1)} == {0.9, 0.1}


def test_search_game_refuses_chance_and_names_the_way_out(spiel: Any) -> None:
    game = openspiel_game("pig", winscore=3, horizon=4)
    with pytest.raises(gametree.GameError, match="expectiminimax"):
        gametree.search_game(game)


@pytest.mark.parametrize("moves", [[4], [4, 0], [0, 4, 8], [1, 4, 7, 3]])
def test_builtin_tic_tac_toe_agrees_with_openspiel(spiel: Any, moves: list[int]) -> None:
    ours_game, their_game = TicTacToe(), openspiel_game("tic_tac_toe")
    ours_state, their_state = our_state(ours_game, moves), our_state(their_game, moves)
    A = gametree.expand(ours_game, ours_state)
    B = gametree.expand(their_game, their_state)
    assert len(A) == len(B)
    assert sum(1 for n in A if not A._succ[n]) == sum(1 for n in B if not B._succ[n])
    assert gametree.minimax(A, annotate=False).value == gametree.minimax(B, annotate=False).value
    # Same move order (cells row by row), so alpha-beta visits the same nodes.
    a = gametree.search_game(ours_game, ours_state, record=False)
    b = gametree.search_game(their_game, their_state, record=False)
    assert (a.value, a.stats.nodes_visited, a.stats.leaves_evaluated) == (
        b.value,
        b.stats.nodes_visited,
        b.stats.leaves_evaluated,
    )


def test_a_match_with_chance(spiel: Any) -> None:
    game = openspiel_game("pig", winscore=4, horizon=8, diceoutcomes=3)
    m = gametree.play(
        game,
        gametree.searcher("expectiminimax", depth=3),
        gametree.random_player(),
        games=6,
        seed=2,
    )
    assert all(any(mv.side == "CHANCE" and mv.role == "chance" for mv in g.moves) for g in m.games)
    assert m.summary.wins["x"] > m.summary.wins["o"]


# -- the command line -----------------------------------------------------------------------


def test_cli_expand_and_play(
    spiel: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t.png"
    assert main(["expand", "openspiel:tic_tac_toe", "--depth", "2", "-o", str(out)]) == 0
    assert "82 nodes, 72 leaves" in capsys.readouterr().out  # 1 + 9 + 9 * 8
    assert out.stat().st_size > 0
    argv = ["play", "openspiel:connect_four(rows=4,columns=5)", "--x", "alphabeta:depth=4"]
    assert main([*argv, "--o", "random", "--games", "2", "--seed", "1"]) == 0
    assert "connect_four(columns=5,rows=4)" in capsys.readouterr().out
    state = ["--state", "x(1,1) o(0,0)"]
    assert main(["expand", "openspiel:tic_tac_toe", *state]) == 0
    assert "6,812 nodes" in capsys.readouterr().out  # as the built-in game, above
    assert (
        main(["solve", "--game", "openspiel:pig(winscore=3,horizon=4)", "-a", "expectiminimax"])
        == 0
    )
    assert "best move:  roll" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("openspiel:kuhn_poker", "imperfect information"),
        ("openspiel:connect_four(4)", "parameters are named"),
        ("openspiel:connect_four(rows=x)", "is not a literal"),
        ("openspiel:", "expected openspiel:NAME"),
    ],
)
def test_cli_errors(spiel: Any, spec: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expand", spec]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1
