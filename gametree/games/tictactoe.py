"""Tic-tac-toe, generalised to the m,n,k-game: k in a row on an m-by-n board.

X moves first and is MAX. A state is an immutable :class:`TicTacToeState`; a move is
a cell index ``row * n + column`` (row-major, 0-based), tried in increasing order.

Examples
--------
>>> from gametree.games import TicTacToe
>>> game = TicTacToe()
>>> s = game.result(game.initial, 4)
>>> print(game.render(s))
---
-X-
---
>>> game.to_move(s), game.actions(s)[:3], game.coords(5)
('O', (0, 1, 2), (1, 2))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple

from gametree.exceptions import GameError
from gametree.games.bitboards import check_board_size, place
from gametree.games.protocol import BaseGame

__all__ = ["TicTacToe", "TicTacToeState"]

EMPTY = "-"
_new_state = tuple.__new__


class _Fields(NamedTuple):
    x: int
    """X's marks: bit ``i`` for cell ``i`` (row-major)."""
    o: int
    """O's marks, in the same layout."""
    to_move: str
    """``"X"`` or ``"O"``."""
    winner: str
    """``"X"`` or ``"O"`` once someone has k in a row, else ``""``."""
    size: int
    """The number of cells, ``m * n``."""


class TicTacToeState(_Fields):
    """A tic-tac-toe position: immutable and hashable.

    The fields are two bitboards, ``x`` and ``o`` (bit ``i`` is cell ``i``),
    ``to_move``, ``winner`` and the number of cells. :attr:`board` gives the cells as
    text, and ``_replace`` also takes it.
    """

    __slots__ = ()

    @property
    def board(self) -> str:
        """Row-major cells: ``"X"``, ``"O"`` or ``"-"``."""
        x, o = self[0], self[1]
        return "".join(
            ["X" if x >> i & 1 else "O" if o >> i & 1 else EMPTY for i in range(self[4])]
        )

    def _replace(self, **changes: Any) -> TicTacToeState:
        """Return a copy with fields changed; ``board`` (text, as :attr:`board` gives
        it) sets both bitboards and the size."""
        board = changes.pop("board", None)
        new = super()._replace(**changes)
        if board is not None:
            x, o = _bits_of(board)
            new = super(TicTacToeState, new)._replace(x=x, o=o, size=len(board))
        return new


def _bits_of(board: str) -> tuple[int, int]:
    """The two bitboards of a row-major board text (``X``, ``O`` and ``-``)."""
    x = o = 0
    for i, ch in enumerate(board):
        if ch == "X":
            x |= 1 << i
        elif ch == "O":
            o |= 1 << i
        elif ch != EMPTY:
            raise GameError(f"bad cell {ch!r} in board {board!r}; use X, O and - for empty")
    return x, o


def _lines(m: int, n: int, k: int) -> list[tuple[int, ...]]:
    lines = []
    for r in range(m):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_r, end_c = r + dr * (k - 1), c + dc * (k - 1)
                if 0 <= end_r < m and 0 <= end_c < n:
                    lines.append(tuple((r + dr * i) * n + c + dc * i for i in range(k)))
    return lines


class TicTacToe(BaseGame):
    """The m,n,k-game: ``m`` rows, ``n`` columns, ``k`` in a row wins (default 3,3,3).

    Parameters
    ----------
    m, n, k : int
        Rows, columns and the length of a winning line.
    win : int or float, default 1
        The utility of a win for X (a loss is ``-win``, a draw 0). The seeds use 1 and 10.

    Notes
    -----
    :meth:`evaluate` counts open lines as the seeds do: lines holding no O piece are open
    for X, lines holding no X piece are open for O, and the score is their difference,
    scaled by ``win / (L + 1)`` for ``L`` lines so that it stays strictly between a loss
    and a win. With ``win = L + 1`` (9 on the 3x3 board) it is the plain difference.

    The full 3,3,3 game tree has 549,946 nodes and 255,168 complete games; 5,478 distinct
    positions; its value is 0 (a draw).

    ``lines`` lists the winning lines as tuples of cell indices. A move checks only the
    precomputed line masks through its cell for a win.
    """

    players: ClassVar[Mapping[str, str]] = {"X": "MAX", "O": "MIN"}
    memoize_states: ClassVar[bool] = True
    """Searches may keep what they ask of each state for their length (few distinct
    positions recur many times; see :func:`gametree.games.fastsearch.search`)."""

    def __init__(self, m: int = 3, n: int = 3, k: int = 3, *, win: float = 1) -> None:
        for name, v in (("m", m), ("n", n), ("k", k)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise GameError(f"TicTacToe: {name} must be a positive integer, got {v!r}")
        if k > max(m, n):
            raise GameError(f"TicTacToe: k={k} cannot fit on a {m}x{n} board")
        check_board_size("TicTacToe", m, n)
        self.m, self.n, self.k, self.win = m, n, k, win
        self.lines = _lines(m, n, k)
        size = m * n
        self._masks = [sum(1 << c for c in line) for line in self.lines]
        # The line masks through each cell.
        self._through: list[tuple[int, ...]] = [
            tuple(mask for mask in self._masks if mask >> cell & 1) for cell in range(size)
        ]
        self._bits = [1 << cell for cell in range(size)]
        self._full = (1 << size) - 1
        self._moves: dict[int, tuple[int, ...]] = {}
        """The empty cells, by the occupied ones."""
        self.initial = TicTacToeState(0, 0, "X", "", size)
        self._rendered: dict[int, str] = {}
        """Board texts, by ``x << size | o``."""
        self._row_shifts = [r * n for r in range(m)]
        self._row_mask = (1 << n) - 1
        self._row_texts: dict[int, str] = {}
        """Row texts, by the row's X bits shifted left by ``n`` and its O bits."""

    def __repr__(self) -> str:
        extra = "" if self.win == 1 else f", win={self.win!r}"
        return f"TicTacToe({self.m}, {self.n}, {self.k}{extra})"

    def to_move(self, state: TicTacToeState) -> str:
        """Return ``"X"`` or ``"O"``."""
        return state[2]

    def actions(self, state: TicTacToeState) -> tuple[int, ...]:
        """Return the empty cells in increasing order (none once the game is over)."""
        if state[3]:
            return ()
        taken = state[0] | state[1]
        moves = self._moves.get(taken)
        if moves is None:
            moves = tuple([i for i in range(state[4]) if not taken >> i & 1])
            if len(self._moves) >= 1 << 16:
                self._moves.clear()
            self._moves[taken] = moves
        return moves

    def result(self, state: TicTacToeState, action: int) -> TicTacToeState:
        """Return the position after the mover marks cell ``action``."""
        x, o, mark, winner, size = state
        try:
            bit = self._bits[action]
        except (IndexError, TypeError):
            bit = 0
        if not bit or (x | o) & bit or winner or action < 0:
            raise GameError(
                f"{self!r}: cell {action!r} is not playable in {state.board!r} "
                f"(cells are 0..{size - 1})"
            )
        return _new_state(TicTacToeState, (*place(x, o, mark, bit, self._through), size))

    def is_terminal(self, state: TicTacToeState) -> bool:
        """Return True once someone has won or the board is full."""
        return bool(state[3]) or (state[0] | state[1]) == self._full

    def utility(self, state: TicTacToeState) -> float:
        """Return ``win``, ``-win`` or 0 (X's point of view)."""
        winner = state[3]
        if winner == "X":
            return self.win
        if winner == "O":
            return -self.win
        return 0

    def evaluate(self, state: TicTacToeState) -> float:
        """Return the open-lines score (see the class notes); the utility when terminal."""
        if self.is_terminal(state):
            return self.utility(state)
        x, o = state[0], state[1]
        score = 0
        for line in self._masks:
            if not o & line:
                score += 1
            if not x & line:
                score -= 1
        scaled = score * self.win
        denominator = len(self.lines) + 1
        if isinstance(scaled, int) and scaled % denominator == 0:
            return scaled // denominator
        return scaled / denominator

    def swap_turn(self, state: TicTacToeState) -> TicTacToeState:
        """Return the same board with the other side to move."""
        return state._replace(to_move="O" if state.to_move == "X" else "X")

    def render(self, state: TicTacToeState) -> str:
        """Return the board as ``n``-character rows joined by newlines (``-`` is empty)."""
        x, o = state[0], state[1]
        key = x << state[4] | o
        text = self._rendered.get(key)
        if text is None:
            n, mask, row_texts = self.n, self._row_mask, self._row_texts
            rows = []
            for shift in self._row_shifts:
                xs, os_ = x >> shift & mask, o >> shift & mask
                row = row_texts.get(xs << n | os_)
                if row is None:
                    row = "".join(
                        ["X" if xs >> i & 1 else "O" if os_ >> i & 1 else EMPTY for i in range(n)]
                    )
                    row_texts[xs << n | os_] = row
                rows.append(row)
            text = "\n".join(rows)
            if len(self._rendered) >= 1 << 16:
                self._rendered.clear()
            self._rendered[key] = text
        return text

    def coords(self, action: int) -> tuple[int, int]:
        """Return the (row, column) of a cell index."""
        return divmod(action, self.n)

    def state(self, board: str, to_move: str | None = None) -> TicTacToeState:
        """Build a position from text: X, O and ``-`` (or ``.``, space, ``_``, ``e``).

        Rows may be separated by ``/``, newlines or ``|``; other separators are ignored.
        ``to_move`` defaults to X when both have as many marks, else O.

        >>> g = TicTacToe()
        >>> s = g.state("oox/.x./ox.")
        >>> s
        TicTacToeState(x=148, o=67, to_move='X', winner='', size=9)
        >>> s.board
        'OOX-X-OX-'
        """
        cells = []
        for ch in board.upper():
            if ch in "XO":
                cells.append(ch)
            elif ch in ".-_ E":
                cells.append(EMPTY)
            elif ch in "/|\n\r\t,":
                continue
            else:
                raise GameError(
                    f"{self!r}: bad cell {ch!r} in board {board!r}; use X, O and - for empty"
                )
        text = "".join(cells)
        if len(text) != self.m * self.n:
            raise GameError(
                f"{self!r}: board {board!r} has {len(text)} cells; expected {self.m * self.n}"
            )
        xs, os_ = text.count("X"), text.count("O")
        if to_move is None:
            to_move = "X" if xs == os_ else "O"
        to_move = to_move.upper()
        if to_move not in ("X", "O"):
            raise GameError(f"{self!r}: to_move must be 'X' or 'O', got {to_move!r}")
        x, o = _bits_of(text)
        winners = {
            mark
            for mark, bits in (("X", x), ("O", o))
            for line in self._masks
            if bits & line == line
        }
        if len(winners) > 1:
            raise GameError(f"{self!r}: both X and O have {self.k} in a row in {board!r}")
        return TicTacToeState(x, o, to_move, winners.pop() if winners else "", len(text))
