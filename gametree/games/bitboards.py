"""Moves on two-sided bitboards: what tic-tac-toe and Connect Four share.

A position keeps one integer per side, ``x`` and ``o``, a set bit for each piece. The
games precompute every winning line as a mask of bits, and for each bit the masks of
the lines through it, so a move checks only those lines for a win.

>>> place(0b011, 0b100000, "X", 0b100, ((0b111,), (0b111,), (0b111,)))
(7, 32, 'O', 'X')
"""

from __future__ import annotations

from collections.abc import Sequence

from gametree.exceptions import GameError

__all__ = ["MAX_CELLS", "check_board_size", "place"]

MAX_CELLS = 1024
"""The largest board (in cells) a bitboard game is built for: precomputing the lines
through every cell costs time and memory that grow faster than the board."""


def check_board_size(game: str, rows: int, cols: int) -> None:
    """Refuse a board of more than :data:`MAX_CELLS` cells, before anything is built.

    >>> check_board_size("TicTacToe", 1000, 1000)
    Traceback (most recent call last):
    ...
    gametree.exceptions.GameError: TicTacToe: a 1000x1000 board has 1,000,000 cells; ...
    """
    if rows * cols > MAX_CELLS:
        raise GameError(
            f"{game}: a {rows}x{cols} board has {rows * cols:,} cells; at most "
            f"{MAX_CELLS:,} are supported (gametree.games.bitboards.MAX_CELLS)"
        )


def place(
    x: int, o: int, mark: str, piece: int, through: Sequence[Sequence[int]]
) -> tuple[int, int, str, str]:
    """Return ``(x, o, next mover, winner)`` once ``mark`` (``"X"`` or ``"O"``) has put
    a piece on the single bit ``piece``; ``through[b]`` holds the line masks through
    bit ``b``, and the winner is ``mark`` when one of them is full, else ``""``."""
    if mark == "X":
        mine = x = x | piece
        other = "O"
    else:
        mine = o = o | piece
        other = "X"
    for line in through[piece.bit_length() - 1]:
        if mine & line == line:
            return x, o, other, mark
    return x, o, other, ""
