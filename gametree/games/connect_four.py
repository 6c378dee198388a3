"""Connect Four, generalised: ``rows`` by ``cols``, ``connect`` in a row wins.

X moves first and is MAX. A move is a column index (0-based); columns are tried left to
right, or centre first with ``center_first=True``.

Examples
--------
>>> from gametree.games import ConnectFour
>>> game = ConnectFour(4, 5, 3)
>>> s = game.result(game.result(game.initial, 2), 2)
>>> print(game.render(s))
-----
-----
--O--
--X--
>>> game.actions(s), game.to_move(s)
([0, 1, 2, 3, 4], 'X')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, NamedTuple

from gametree.exceptions import GameError
from gametree.games.protocol import BaseGame

__all__ = ["ConnectFour", "ConnectFourState"]

EMPTY = "-"


class ConnectFourState(NamedTuple):
    """A Connect Four position: immutable and hashable."""

    board: str
    """Cells in column-major order, bottom row first: index ``col * rows + row``."""
    heights: tuple[int, ...]
    """Pieces in each column."""
    to_move: str
    """``"X"`` or ``"O"``."""
    winner: str = ""
    """``"X"`` or ``"O"`` once someone has connected, else ``""``."""


class ConnectFour(BaseGame):
    """Connect Four on ``rows`` x ``cols`` with ``connect`` in a row (default 6x7x4).

    Parameters
    ----------
    rows, cols, connect : int
        Board size and the length of a winning line.
    win : int or float, default 10_000
        Utility of a win for X (a loss is ``-win``, a full board without a line 0).
    center_first : bool, default False
        Order moves from the centre column outwards (better for alpha-beta) instead of
        left to right.

    Notes
    -----
    :meth:`evaluate` scores every window of ``connect`` cells that holds pieces of one
    side only: ``4 ** (pieces - 1)`` for X, minus the same for O, so three in an open
    window outweighs many scattered pieces. The score is scaled into ``(-win, win)``
    when it could reach it, so a won position always beats any heuristic.
    """

    players: ClassVar[Mapping[str, str]] = {"X": "MAX", "O": "MIN"}

    def __init__(
        self,
        rows: int = 6,
        cols: int = 7,
        connect: int = 4,
        *,
        win: float = 10_000,
        center_first: bool = False,
    ) -> None:
        for name, v in (("rows", rows), ("cols", cols), ("connect", connect)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise GameError(f"ConnectFour: {name} must be a positive integer, got {v!r}")
        if connect > max(rows, cols):
            raise GameError(f"ConnectFour: connect={connect} cannot fit on {rows}x{cols}")
        self.rows, self.cols, self.connect, self.win = rows, cols, connect, win
        self.center_first = center_first
        order = list(range(cols))
        if center_first:
            order.sort(key=lambda c: (abs(2 * c - (cols - 1)), c))
        self._order = order
        self.lines: list[tuple[int, ...]] = []
        for c in range(cols):
            for r in range(rows):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    ec, er = c + dc * (connect - 1), r + dr * (connect - 1)
                    if 0 <= ec < cols and 0 <= er < rows:
                        self.lines.append(
                            tuple((c + dc * i) * rows + r + dr * i for i in range(connect))
                        )
        self._through: list[list[tuple[int, ...]]] = [[] for _ in range(rows * cols)]
        for line in self.lines:
            for cell in line:
                self._through[cell].append(line)
        self._weights = [0] + [4 ** (i - 1) for i in range(1, connect + 1)]
        self._scale = len(self.lines) * self._weights[connect - 1] if connect > 1 else 0
        self.initial = ConnectFourState(EMPTY * (rows * cols), (0,) * cols, "X", "")

    def __repr__(self) -> str:
        return f"ConnectFour({self.rows}, {self.cols}, {self.connect})"

    def to_move(self, state: ConnectFourState) -> str:
        """Return ``"X"`` or ``"O"``."""
        return state.to_move

    def actions(self, state: ConnectFourState) -> list[int]:
        """Return the columns that are not full (none once someone has won)."""
        if state.winner:
            return []
        heights, rows = state.heights, self.rows
        return [c for c in self._order if heights[c] < rows]

    def result(self, state: ConnectFourState, action: int) -> ConnectFourState:
        """Return the position after the mover drops a piece in column ``action``."""
        try:
            height = state.heights[action]
        except (IndexError, TypeError):
            raise GameError(
                f"{self!r}: no column {action!r} (columns 0..{self.cols - 1})"
            ) from None
        if height >= self.rows or state.winner or action < 0:
            raise GameError(f"{self!r}: column {action!r} is not playable")
        mark = state.to_move
        cell = action * self.rows + height
        board = state.board[:cell] + mark + state.board[cell + 1 :]
        heights = (*state.heights[:action], height + 1, *state.heights[action + 1 :])
        winner = ""
        for line in self._through[cell]:
            if all(board[i] == mark for i in line):
                winner = mark
                break
        return ConnectFourState(board, heights, "O" if mark == "X" else "X", winner)

    def is_terminal(self, state: ConnectFourState) -> bool:
        """Return True once someone has connected or the board is full."""
        return bool(state.winner) or EMPTY not in state.board

    def utility(self, state: ConnectFourState) -> float:
        """Return ``win``, ``-win`` or 0 (X's point of view)."""
        if state.winner == "X":
            return self.win
        if state.winner == "O":
            return -self.win
        return 0

    def evaluate(self, state: ConnectFourState) -> float:
        """Return the window score (see the class notes); the utility when terminal."""
        if self.is_terminal(state):
            return self.utility(state)
        board, weights = state.board, self._weights
        score = 0
        for line in self.lines:
            xs = os_ = 0
            for i in line:
                c = board[i]
                if c == "X":
                    xs += 1
                elif c == "O":
                    os_ += 1
            if not os_:
                score += weights[xs]
            elif not xs:
                score -= weights[os_]
        if self._scale >= self.win:
            return score * self.win / (self._scale + 1)
        return score

    def swap_turn(self, state: ConnectFourState) -> ConnectFourState:
        """Return the same board with the other side to move."""
        return state._replace(to_move="O" if state.to_move == "X" else "X")

    def render(self, state: ConnectFourState) -> str:
        """Return the board as text, top row first (``-`` is empty)."""
        rows = self.rows
        return "\n".join(
            "".join(state.board[c * rows + r] for c in range(self.cols))
            for r in range(rows - 1, -1, -1)
        )

    def state(self, moves: str | list[int], to_move: str | None = None) -> ConnectFourState:
        """Return the position after a sequence of column moves (``"3342"`` or a list).

        >>> ConnectFour().state("33").heights
        (0, 0, 0, 2, 0, 0, 0)
        """
        s: ConnectFourState = self.initial
        seq = [int(ch) for ch in moves if ch.isdigit()] if isinstance(moves, str) else moves
        for col in seq:
            s = self.result(s, col)
        if to_move is not None:
            if to_move.upper() not in ("X", "O"):
                raise GameError(f"{self!r}: to_move must be 'X' or 'O', got {to_move!r}")
            s = s._replace(to_move=to_move.upper())
        return s
