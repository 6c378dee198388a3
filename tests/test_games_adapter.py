"""The adapter: student-style game classes (mutable board, make/unmake, utility from the
point of view of the player to move) plug in unchanged, in both spellings."""

from __future__ import annotations

from typing import Any

import pytest

import gametree
from gametree.games import TicTacToe, adapt, expand, search_game

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class CamelTTT:
    """Written the way the seeds' notebooks write it: camelCase, one mutable board,
    getUtility from the point of view of the player about to move, None mid-game."""

    def __init__(self) -> None:
        self.board = [" "] * 9
        self.mover = "X"
        self.moves_made = 0

    def getMoves(self) -> list[int]:
        return [i for i, c in enumerate(self.board) if c == " "]

    def makeMove(self, move: int) -> None:
        self.board[move] = self.mover
        self.mover = "O" if self.mover == "X" else "X"
        self.moves_made += 1

    def unmakeMove(self, move: int) -> None:
        self.board[move] = " "
        self.mover = "O" if self.mover == "X" else "X"

    def getUtility(self) -> int | None:
        for a, b, c in LINES:
            if self.board[a] != " " and self.board[a] == self.board[b] == self.board[c]:
                return 1 if self.board[a] == self.mover else -1
        return 0 if " " not in self.board else None

    def isOver(self) -> bool:
        return self.getUtility() is not None

    def __str__(self) -> str:
        return "\n".join("".join(self.board[r * 3 : r * 3 + 3]) for r in range(3))


class SnakeTTT:
    """The same game in snake_case and without unmake (the adapter replays on copies)."""

    def __init__(self) -> None:
        self.board = [" "] * 9
        self.mover = "X"

    def get_moves(self) -> list[int]:
        return [i for i, c in enumerate(self.board) if c == " "]

    def make_move(self, move: int) -> None:
        self.board[move] = self.mover
        self.mover = "O" if self.mover == "X" else "X"

    def get_utility(self) -> int | None:
        for a, b, c in LINES:
            if self.board[a] != " " and self.board[a] == self.board[b] == self.board[c]:
                return 1 if self.board[a] == self.mover else -1
        return 0 if " " not in self.board else None

    def is_over(self) -> bool:
        return self.get_utility() is not None

    def __str__(self) -> str:
        return "\n".join("".join(self.board[r * 3 : r * 3 + 3]) for r in range(3))


def test_camel_case_class_searches_like_the_builtin_game() -> None:
    student = CamelTTT()
    game = adapt(student)
    # Utility turned to MAX's view: X (MAX) completing the top row after moves 0,3,1,4,2.
    assert game.utility((0, 3, 1, 4, 2)) == 1
    assert game.utility((0, 3, 1, 4, 8, 5)) == -1
    r = search_game(game, (0, 4), record=False)
    builtin = TicTacToe()
    ref = search_game(builtin, builtin.state("X---O----"), record=False)
    assert (r.value, r.best_move) == (ref.value, ref.best_move)
    assert r.stats == ref.stats
    assert student.board == [" "] * 9 and student.moves_made == 0  # untouched: a copy


def test_key_merges_transpositions() -> None:
    game = adapt(CamelTTT(), key=lambda g: (tuple(g.board), g.mover))
    G = expand(game, merge_transpositions=True)
    assert len(G) == 5478  # the tic-tac-toe positions


def test_snake_case_without_unmake() -> None:
    game = adapt(SnakeTTT())
    s = (0, 4, 8)
    assert game.actions(s) == [1, 2, 3, 5, 6, 7]
    assert game.render(s) == "X  \n O \n  X"
    r = search_game(game, s, record=False)
    assert r.value == search_game(TicTacToe(), TicTacToe().state("X---O---X", "O")).value


def test_missing_methods_are_named_with_both_spellings() -> None:
    class Half:
        def get_moves(self) -> list[int]:
            return []

    with pytest.raises(gametree.GameError) as info:
        adapt(Half())
    text = str(info.value)
    assert "no make_move/makeMove method" in text and "no is_over/isOver method" in text


def test_utility_none_at_the_end_is_reported() -> None:
    class Broken(CamelTTT):
        def getUtility(self) -> int | None:
            return None

        def isOver(self) -> bool:
            return " " not in self.board

    game = adapt(Broken())
    with pytest.raises(gametree.GameError, match="returned None"):
        game.utility(tuple(range(9)))


def test_depth_limit_needs_an_evaluation() -> None:
    with pytest.raises(gametree.GameError, match="evaluate"):
        search_game(adapt(CamelTTT()), depth=1, record=False)

    def centre(g: Any) -> float:  # the mover's view, like getUtility
        return 0.5 if g.board[4] == g.mover else -0.5 if g.board[4] != " " else 0

    r = search_game(adapt(CamelTTT(), evaluate=centre), depth=1, record=False)
    assert r.best_move == 4  # X in the centre: MIN to move sees -0.5, X's view +0.5


def test_not_a_game_hint_for_student_classes() -> None:
    with pytest.raises(gametree.GameError, match="adapt"):
        expand(CamelTTT())
