"""Players and matches: choices derived by hand, reproducibility, records and summary."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gametree
from gametree.games import ConnectFour, Nim, TicTacToe
from gametree.games.match import play
from gametree.games.players import (
    first_open,
    human,
    parse_player,
    random_player,
    searcher,
    think_ahead,
)

TTT = TicTacToe()
RNG = random.Random(0)


def test_searcher_takes_the_win_and_blocks() -> None:
    # X to move on "XX-/OO-/---": cell 2 wins at once.
    assert searcher().choose(TTT, TTT.state("XX-/OO-/---"), RNG) == 2
    # O to move on "XX-/O--/---" must block at 2 (every other move loses at once).
    assert searcher("minimax").choose(TTT, TTT.state("XX-/O--/---"), RNG) == 2


def test_searcher_reports_nodes_and_depth_limits() -> None:
    p = searcher(depth=2)
    p.choose(TTT, TTT.initial, RNG)
    # Depth 2 alpha-beta from the empty board enters the root, 9 children and some
    # grandchildren: more than 10 nodes, fewer than 1 + 9 + 72 = 82.
    assert 10 < p.last_nodes < 82


def test_iterative_deepening_stops_at_a_known_win() -> None:
    # X wins at once: depth 1 already finds the win (value 1 = game.win), so one iteration.
    p = searcher(iterative=True)
    assert p.choose(TTT, TTT.state("XX-/OO-/---"), RNG) == 2
    assert p.last_iterations == 1
    # A drawn position: iterate until the search sees the whole game (no depth cut).
    p.choose(TTT, TTT.state("XOX/XOO/O--", "X"), RNG)
    assert p.last_iterations == 2


def test_first_open_and_random() -> None:
    assert first_open().choose(TTT, TTT.state("X--/---/---"), RNG) == 1
    a = [random_player(7).choose(TTT, TTT.initial, RNG) for _ in range(5)]
    b = [random_player(7).choose(TTT, TTT.initial, RNG) for _ in range(5)]
    assert a == b and all(m in range(9) for m in a)


def test_think_ahead_rules() -> None:
    # Rule 1: win at once.
    assert think_ahead(1).choose(TTT, TTT.state("XX-/OO-/---"), RNG) == 2
    # Rule 2: O cannot win at once, X threatens 2: block it.
    assert think_ahead(2).choose(TTT, TTT.state("XX-/O--/---"), RNG) == 2
    assert think_ahead(1).choose(TTT, TTT.state("XX-/O--/---"), RNG) in range(9)


def test_think_three_avoids_handing_over_a_win() -> None:
    # Connect Four, moves X2 O0 X0 O1 X1 O6 X2: X holds (0,1) (1,1) (2,1) and needs
    # (3,1), which is not playable yet (column 3 is empty), so there is nothing to win
    # or block. O dropping into column 3 would fill (3,0) and hand X the win at (3,1):
    # think-3 never plays 3; think-1 (random among all moves) sometimes does.
    c4 = ConnectFour()
    s = c4.state("2001162")
    assert s.to_move == "O"
    three = {think_ahead(3).choose(c4, s, random.Random(i)) for i in range(40)}
    one = {think_ahead(1).choose(c4, s, random.Random(i)) for i in range(40)}
    assert three == {0, 1, 2, 4, 5, 6}
    assert 3 in one


def test_human_reads_until_legal() -> None:
    answers = iter(["9", "x", "4"])
    told: list[str] = []
    p = human(ask=lambda prompt: next(answers), tell=told.append)
    assert p.choose(TTT, TTT.initial, RNG) == 4
    assert sum("not a legal move" in t for t in told) == 2


def test_parse_player_specs() -> None:
    assert parse_player("alphabeta:depth=3,iterative,tt").name == "alphabeta:depth=3,iterative,tt"
    assert parse_player("random:3").name == "random:3"
    assert parse_player("first-open").name == "first-open"
    assert parse_player("think:2").name == "think2"
    assert parse_player("think3").name == "think3"
    for bad in ("alphabeta:deep=3", "chess", "random:x", "think:9"):
        with pytest.raises(gametree.GameError):
            parse_player(bad)


def test_match_records_and_summary() -> None:
    m = play(TTT, searcher(), first_open(), games=2)
    # Game 1: X (alpha-beta) vs first-open; game 2: first-open moves first as MAX.
    assert [g.first for g in m.games] == ["x", "o"]
    assert [g.winner for g in m.games] == ["x", "x"]
    g1 = m.games[0]
    assert [mv.action for mv in g1.moves] == [0, 1, 3, 2, 4, 5, 6]
    assert all(mv.nodes > 0 for mv in g1.moves if mv.role == "x")
    assert all(mv.nodes == 0 for mv in g1.moves if mv.role == "o")
    assert g1.ebf("x") is not None and g1.ebf("o") is None
    s = m.summary
    assert (s.wins, s.draws, s.losses) == ({"x": 2, "o": 0}, 0, {"x": 0, "o": 2})
    table = s.table()
    assert "alphabeta" in table and "first-open" in table


def test_perfect_players_draw() -> None:
    m = play(TTT, searcher(transposition_table=True), searcher(), games=2)
    assert m.summary.draws == 2


def test_seeded_matches_repeat() -> None:
    def outcome(seed: int) -> list[Any]:
        m = play(TTT, random_player(), think_ahead(3), games=6, seed=seed)
        return [[mv.action for mv in g.moves] for g in m.games]

    assert outcome(11) == outcome(11)
    assert outcome(11) != outcome(12)


def test_verbose_prints_boards() -> None:
    lines: list[str] = []
    play(Nim((1, 1)), first_open(), first_open(), verbose=True, out=lines.append)
    assert (
        lines[0].startswith("game 1")
        and "1 1" in lines
        and lines[-1] == "game 1: MIN wins: first-open (o)"
    )


def test_illegal_move_is_reported() -> None:
    class Cheat(gametree.GamePlayer):
        name = "cheat"

        def choose(self, game: Any, state: Any, rng: random.Random) -> Any:
            return 99

    with pytest.raises(gametree.GameError, match="cheat"):
        play(TTT, Cheat(), first_open())


def test_human_end_of_input_is_a_game_error() -> None:
    def ask(prompt: str) -> str:
        raise EOFError

    with pytest.raises(gametree.GameError, match="input ended"):
        human(ask=ask, tell=lambda text: None).choose(TTT, TTT.initial, RNG)


def test_verbose_says_which_mark_each_player_plays_and_whose_turn_it_is() -> None:
    lines: list[str] = []
    play(TicTacToe(), first_open(), searcher("alphabeta"), games=2, verbose=True, out=lines.append)
    heads = [line for line in lines if line.startswith("game ") and "plays" in line]
    # Sides alternate: in game 2 the o player moves first, so it plays X.
    assert heads == [
        "game 1: first-open (x) plays X and moves first; alphabeta (o) plays O",
        "game 2: alphabeta (o) plays X and moves first; first-open (x) plays O",
    ]
    turns = [line for line in lines if " to move: " in line]
    assert turns[0] == "X to move: first-open (x) plays 0"
    assert turns[1].startswith("O to move: alphabeta (o) plays ")
    game2 = lines[lines.index(heads[1]) :]
    assert next(line for line in game2 if " to move: " in line).startswith(
        "X to move: alphabeta (o) plays "
    )
    # A game without marks names the sides MAX and MIN.
    nim: list[str] = []
    play(Nim((1, 1)), first_open(), first_open(), verbose=True, out=nim.append)
    assert nim[0] == "game 1: first-open (x) plays MAX and moves first; first-open (o) plays MIN"
    assert "MAX to move: first-open (x) plays (0, 1)" in nim


def test_a_human_is_told_the_mark_the_moves_the_final_board_and_who_won() -> None:
    # The human (x, X) plays 0, 1, 2, ... in order where legal; first-open (o, O) takes
    # the first empty cell: X 0, O 1, X 2, O 3, X 4, O 5, X 6 completes 2-4-6: X wins.
    prompts: list[str] = []
    lines: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return prompt.split("(")[1].split(",")[0].rstrip("):")

    m = play(TTT, human(ask=ask, tell=lines.append), first_open(), out=lines.append)
    assert m.games[0].winner == "x"
    assert lines[0] == "game 1: you (human, x) play X and move first; first-open (o) plays O"
    assert prompts[0].startswith("your move as X (0, 1, 2,")
    assert [line for line in lines if " to move: " in line] == [
        "O to move: first-open (o) plays 1",
        "O to move: first-open (o) plays 3",
        "O to move: first-open (o) plays 5",
    ]
    final = TTT.render(m.games[0].final_state)
    assert lines[-3:] == ["final board:", final, "game 1: X wins: you (human, x)"]
    # Each board shown once: the start, and after each of the other side's moves.
    boards = [b for b in lines if b.count("\n") == 2]
    assert len(boards) == len(set(boards)) == 1 + 3 + 1


def test_verbose_shows_each_board_once() -> None:
    lines: list[str] = []
    m = play(TTT, first_open(), searcher("alphabeta"), verbose=True, out=lines.append)
    boards = [line for line in lines if line.count("\n") == 2]
    assert len(boards) == len(set(boards)) == len(m.games[0].moves) + 1
    assert lines[-1] in ("game 1: draw", "game 1: X wins: first-open (x)",
                         "game 1: O wins: alphabeta (o)")  # fmt: skip
    assert "final board:" not in lines  # the last move's board was shown already
