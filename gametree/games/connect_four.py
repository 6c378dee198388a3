"""Connect Four, generalised: ``rows`` by ``cols``, ``connect`` in a row wins.

X moves first and is MAX. A move is a column index (0-based); columns are tried left to
right, or centre first with ``center_first=True``.

A position is two bitboards, one per side, in the usual Connect Four layout: column
``c`` takes ``rows + 1`` bits from bit ``c * (rows + 1)``, bottom row first, and the
spare bit on top of each column stays clear, so dropping a piece is one addition and a
full column shows as a carry into its spare bit. A move looks only at the precomputed
line masks through the new piece to find a win.

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
>>> game.actions(s), game.to_move(s), s.heights
([0, 1, 2, 3, 4], 'X', (0, 0, 2, 0, 0))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple

from gametree.exceptions import GameError
from gametree.games.bitboards import check_board_size, place
from gametree.games.protocol import BaseGame

__all__ = ["ConnectFour", "ConnectFourState"]

EMPTY = "-"
_new_state = tuple.__new__


class _Fields(NamedTuple):
    x: int
    """X's pieces: bit ``col * (rows + 1) + row`` (row 0 at the bottom)."""
    o: int
    """O's pieces, in the same layout."""
    to_move: str
    """``"X"`` or ``"O"``."""
    winner: str
    """``"X"`` or ``"O"`` once someone has connected, else ``""``."""
    rows: int
    cols: int


class ConnectFourState(_Fields):
    """A Connect Four position: immutable and hashable.

    The fields are the two bitboards ``x`` and ``o`` (see the module docstring),
    ``to_move``, ``winner`` and the board size. :attr:`board` and :attr:`heights` give
    the board as text and the pieces per column, and ``_replace`` also takes them.

    >>> ConnectFour(2, 3, 2).state("01")
    ConnectFourState(x=1, o=8, to_move='X', winner='', rows=2, cols=3)
    """

    __slots__ = ()

    @property
    def board(self) -> str:
        """Cells in column-major order, bottom row first (index ``col * rows + row``):
        ``"X"``, ``"O"`` or ``"-"``."""
        x, o, rows = self[0], self[1], self[4]
        cells = []
        for c in range(self[5]):
            for r in range(rows):
                bit = 1 << (c * (rows + 1) + r)
                cells.append("X" if x & bit else "O" if o & bit else EMPTY)
        return "".join(cells)

    @property
    def heights(self) -> tuple[int, ...]:
        """Pieces in each column."""
        rows = self[4]
        both = self[0] | self[1]
        column = (1 << rows) - 1
        return tuple((both >> (c * (rows + 1)) & column).bit_count() for c in range(self[5]))

    def _replace(self, **changes: Any) -> ConnectFourState:
        """Return a copy with fields changed; ``board`` (text, as :attr:`board` gives
        it) sets both bitboards, and ``heights``, when given, must agree with it."""
        board = changes.pop("board", None)
        heights = changes.pop("heights", None)
        new = super()._replace(**changes)
        if board is not None:
            x, o = _bits_of(board, new[4], new[5])
            new = super(ConnectFourState, new)._replace(x=x, o=o)
        if heights is not None and tuple(heights) != new.heights:
            raise GameError(
                f"heights {tuple(heights)!r} disagree with the board (heights {new.heights!r})"
            )
        return new


def _bits_of(board: str, rows: int, cols: int) -> tuple[int, int]:
    """The two bitboards of a column-major board text."""
    if len(board) != rows * cols:
        raise GameError(f"board {board!r} has {len(board)} cells; expected {rows * cols}")
    x = o = 0
    for i, ch in enumerate(board):
        bit = 1 << (i // rows * (rows + 1) + i % rows)
        if ch == "X":
            x |= bit
        elif ch == "O":
            o |= bit
        elif ch != EMPTY:
            raise GameError(f"bad cell {ch!r} in board {board!r}; use X, O and - for empty")
    return x, o


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

    ``lines`` lists the windows as tuples of :attr:`ConnectFourState.board` indices.
    """

    players: ClassVar[Mapping[str, str]] = {"X": "MAX", "O": "MIN"}
    memoize_states: ClassVar[bool] = True
    """Searches may keep what they ask of each state for their length: an alpha-beta
    solve of the 4x5 board enters some 18 million nodes but only a few hundred
    thousand distinct positions (see :func:`gametree.games.fastsearch.search`)."""

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
        check_board_size("ConnectFour", rows, cols)
        self.rows, self.cols, self.connect, self.win = rows, cols, connect, win
        self.center_first = center_first
        order = list(range(cols))
        if center_first:
            order.sort(key=lambda c: (abs(2 * c - (cols - 1)), c))
        self._order = order
        height = rows + 1
        self.lines: list[tuple[int, ...]] = []
        masks: list[int] = []
        for c in range(cols):
            for r in range(rows):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    ec, er = c + dc * (connect - 1), r + dr * (connect - 1)
                    if 0 <= ec < cols and 0 <= er < rows:
                        cells = [(c + dc * i, r + dr * i) for i in range(connect)]
                        self.lines.append(tuple(cc * rows + rr for cc, rr in cells))
                        masks.append(sum(1 << (cc * height + rr) for cc, rr in cells))
        self._masks = masks
        # The line masks through each bit of the layout (spare bits have none).
        self._through: list[tuple[int, ...]] = [
            tuple(m for m in masks if m >> b & 1) for b in range(cols * height)
        ]
        self._bottom = [1 << (c * height) for c in range(cols)]
        self._column = [((1 << rows) - 1) << (c * height) for c in range(cols)]
        self._full = sum(self._column)
        self._tops = sum(1 << (c * height + rows - 1) for c in range(cols))
        self._playable: dict[int, tuple[int, ...]] = {}
        """Playable columns in search order, by the top-row bits that are set."""
        self._key_shift = cols * height
        self._scores: dict[int, float] = {}
        """Window scores, by ``x << (cols * (rows + 1)) | o`` (depth-limited searches
        evaluate the same positions many times)."""
        self._weights = [0] + [4 ** (i - 1) for i in range(1, connect + 1)]
        self._scale = len(self.lines) * self._weights[connect - 1] if connect > 1 else 0
        self._render_rows = [
            [1 << (c * height + r) for c in range(cols)] for r in range(rows - 1, -1, -1)
        ]
        self.initial = ConnectFourState(0, 0, "X", "", rows, cols)

    def __repr__(self) -> str:
        return f"ConnectFour({self.rows}, {self.cols}, {self.connect})"

    def to_move(self, state: ConnectFourState) -> str:
        """Return ``"X"`` or ``"O"``."""
        return state[2]

    def actions(self, state: ConnectFourState) -> list[int]:
        """Return the columns that are not full (none once someone has won)."""
        if state[3]:
            return []
        tops = (state[0] | state[1]) & self._tops
        playable = self._playable.get(tops)
        if playable is None:
            playable = tuple(c for c in self._order if not tops & self._column[c])
            self._playable[tops] = playable
        return [*playable]

    def result(self, state: ConnectFourState, action: int) -> ConnectFourState:
        """Return the position after the mover drops a piece in column ``action``."""
        x, o, mark, winner, rows, cols = state
        try:
            column = self._column[action]
        except (IndexError, TypeError):
            raise GameError(
                f"{self!r}: no column {action!r} (columns 0..{self.cols - 1})"
            ) from None
        piece = ((x | o) & column) + self._bottom[action]
        if not piece & column or winner or action < 0:
            raise GameError(f"{self!r}: column {action!r} is not playable")
        return _new_state(ConnectFourState, (*place(x, o, mark, piece, self._through), rows, cols))

    def is_terminal(self, state: ConnectFourState) -> bool:
        """Return True once someone has connected or the board is full."""
        return bool(state[3]) or (state[0] | state[1]) == self._full

    def utility(self, state: ConnectFourState) -> float:
        """Return ``win``, ``-win`` or 0 (X's point of view)."""
        winner = state[3]
        if winner == "X":
            return self.win
        if winner == "O":
            return -self.win
        return 0

    def evaluate(self, state: ConnectFourState) -> float:
        """Return the window score (see the class notes); the utility when terminal."""
        if self.is_terminal(state):
            return self.utility(state)
        x, o = state[0], state[1]
        key = x << self._key_shift | o
        value = self._scores.get(key)
        if value is not None:
            return value
        weights = self._weights
        score = 0
        for line in self._masks:
            if o & line:
                if not x & line:
                    score -= weights[(o & line).bit_count()]
            elif x & line:
                score += weights[(x & line).bit_count()]
        value = score * self.win / (self._scale + 1) if self._scale >= self.win else score
        if len(self._scores) >= 1 << 18:
            self._scores.clear()
        self._scores[key] = value
        return value

    def swap_turn(self, state: ConnectFourState) -> ConnectFourState:
        """Return the same board with the other side to move."""
        return state._replace(to_move="O" if state.to_move == "X" else "X")

    def render(self, state: ConnectFourState) -> str:
        """Return the board as text, top row first (``-`` is empty)."""
        x, o = state[0], state[1]
        return "\n".join(
            [
                "".join(["X" if x & b else "O" if o & b else EMPTY for b in row])
                for row in self._render_rows
            ]
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
