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
from typing import ClassVar, NamedTuple

from gametree.exceptions import GameError
from gametree.games.protocol import BaseGame

__all__ = ["TicTacToe", "TicTacToeState"]

EMPTY = "-"
_new_state = tuple.__new__


class TicTacToeState(NamedTuple):
    """A tic-tac-toe position: immutable and hashable."""

    board: str
    """Row-major cells: ``"X"``, ``"O"`` or ``"-"``."""
    to_move: str
    """``"X"`` or ``"O"``."""
    winner: str = ""
    """``"X"`` or ``"O"`` once someone has k in a row, else ``""``."""


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
    """

    players: ClassVar[Mapping[str, str]] = {"X": "MAX", "O": "MIN"}
    memoize_states: ClassVar[bool] = True
    """Searches may keep what they ask of each state for their length (few distinct
    positions recur many times; see :func:`gametree.games.fastsearch.tree_search`)."""

    def __init__(self, m: int = 3, n: int = 3, k: int = 3, *, win: float = 1) -> None:
        for name, v in (("m", m), ("n", n), ("k", k)):
            if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                raise GameError(f"TicTacToe: {name} must be a positive integer, got {v!r}")
        if k > max(m, n):
            raise GameError(f"TicTacToe: k={k} cannot fit on a {m}x{n} board")
        self.m, self.n, self.k, self.win = m, n, k, win
        self.lines = _lines(m, n, k)
        # For each cell, the other cells of every line through it.
        self._through: list[list[tuple[int, ...]]] = [[] for _ in range(m * n)]
        for line in self.lines:
            for cell in line:
                self._through[cell].append(tuple(c for c in line if c != cell))
        self._moves: dict[str, tuple[int, ...]] = {}
        self.initial = TicTacToeState(EMPTY * (m * n), "X", "")
        self._rendered: dict[str, str] = {}
        self._rows = [slice(r * n, (r + 1) * n) for r in range(m)]

    def __repr__(self) -> str:
        extra = "" if self.win == 1 else f", win={self.win!r}"
        return f"TicTacToe({self.m}, {self.n}, {self.k}{extra})"

    def to_move(self, state: TicTacToeState) -> str:
        """Return ``"X"`` or ``"O"``."""
        return state.to_move

    def actions(self, state: TicTacToeState) -> tuple[int, ...]:
        """Return the empty cells in increasing order (none once the game is over)."""
        board, winner = state[0], state[2]
        if winner:
            return ()
        moves = self._moves.get(board)
        if moves is None:
            moves = tuple([i for i, c in enumerate(board) if c == EMPTY])
            if len(self._moves) >= 1 << 16:
                self._moves.clear()
            self._moves[board] = moves
        return moves

    def result(self, state: TicTacToeState, action: int) -> TicTacToeState:
        """Return the position after the mover marks cell ``action``."""
        board, mark, winner = state
        try:
            free = board[action] == EMPTY and action >= 0
        except (IndexError, TypeError):
            free = False
        if not free or winner:
            raise GameError(
                f"{self!r}: cell {action!r} is not playable in {board!r} "
                f"(cells are 0..{len(board) - 1})"
            )
        board = board[:action] + mark + board[action + 1 :]
        if self.k == 3:
            for a, b in self._through[action]:
                if board[a] == mark and board[b] == mark:
                    winner = mark
                    break
        else:
            for others in self._through[action]:
                for cell in others:
                    if board[cell] != mark:
                        break
                else:
                    winner = mark
                    break
        return _new_state(TicTacToeState, (board, "O" if mark == "X" else "X", winner))

    def is_terminal(self, state: TicTacToeState) -> bool:
        """Return True once someone has won or the board is full."""
        return bool(state[2]) or EMPTY not in state[0]

    def utility(self, state: TicTacToeState) -> float:
        """Return ``win``, ``-win`` or 0 (X's point of view)."""
        if state.winner == "X":
            return self.win
        if state.winner == "O":
            return -self.win
        return 0

    def evaluate(self, state: TicTacToeState) -> float:
        """Return the open-lines score (see the class notes); the utility when terminal."""
        if self.is_terminal(state):
            return self.utility(state)
        board = state.board
        score = 0
        for line in self.lines:
            has_x = has_o = False
            for cell in line:
                c = board[cell]
                if c == "X":
                    has_x = True
                elif c == "O":
                    has_o = True
            if not has_o:
                score += 1
            if not has_x:
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
        board = state.board
        text = self._rendered.get(board)
        if text is None:
            text = "\n".join([board[row] for row in self._rows])
            if len(self._rendered) >= 1 << 16:
                self._rendered.clear()
            self._rendered[board] = text
        return text

    def coords(self, action: int) -> tuple[int, int]:
        """Return the (row, column) of a cell index."""
        return divmod(action, self.n)

    def state(self, board: str, to_move: str | None = None) -> TicTacToeState:
        """Build a position from text: X, O and ``-`` (or ``.``, space, ``_``, ``e``).

        Rows may be separated by ``/``, newlines or ``|``; other separators are ignored.
        ``to_move`` defaults to X when both have as many marks, else O.

        >>> g = TicTacToe()
        >>> g.state("oox/.x./ox.")
        TicTacToeState(board='OOX-X-OX-', to_move='X', winner='')
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
        winners = {text[line[0]] for line in self.lines if _full(text, line)}
        if len(winners) > 1:
            raise GameError(f"{self!r}: both X and O have {self.k} in a row in {board!r}")
        return TicTacToeState(text, to_move, winners.pop() if winners else "")


def _full(board: str, line: tuple[int, ...]) -> bool:
    first = board[line[0]]
    return first != EMPTY and all(board[c] == first for c in line)
