"""Nim under normal play: take any number of objects from one pile; taking the last wins.

The first player is MAX. A state is a :class:`NimState` (the piles and who moves); a move
``(pile, count)`` takes ``count`` objects from pile ``pile`` (0-based). Moves are tried
pile by pile, taking one object first.

By Bouton's theorem the player to move wins exactly when the XOR of the pile sizes (the
nim-sum) is not zero, which the tests check against full searches.

Examples
--------
>>> from gametree.games import Nim
>>> game = Nim((1, 2))
>>> game.actions(game.initial)
[(0, 1), (1, 1), (1, 2)]
>>> s = game.result(game.initial, (1, 1))
>>> s, game.render(s)
(NimState(piles=(1, 1), to_move='MIN'), '1 1')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, NamedTuple

from gametree.exceptions import GameError
from gametree.games.protocol import BaseGame

__all__ = ["Nim", "NimState"]

_new_state = tuple.__new__


class NimState(NamedTuple):
    """A Nim position: the pile sizes and the player to move."""

    piles: tuple[int, ...]
    to_move: str


class Nim(BaseGame):
    """Nim with the given piles (default ``(3, 4, 5)``), normal play.

    Parameters
    ----------
    piles : iterable of int
        The starting pile sizes (non-negative).
    win : int or float, default 1
        Utility of a win for MAX.

    Notes
    -----
    :meth:`evaluate` is exact (Bouton): ``win`` for the mover when the nim-sum is
    non-zero, else ``-win``, from MAX's point of view.

    A state is a plain tuple of pile sizes and the mover; each distinct set of piles
    computes its move list once.
    """

    memoize_states: ClassVar[bool] = True
    """Searches may keep what they ask of each state for their length: many move
    orders reach the same piles (see :func:`gametree.games.fastsearch.search`)."""

    MAX_OBJECTS: ClassVar[int] = 10_000
    """The most objects in all piles together: a position has one move per object."""

    def __init__(self, piles: Iterable[int] = (3, 4, 5), *, win: float = 1) -> None:
        pile_tuple = tuple(piles)
        for p in pile_tuple:
            if not isinstance(p, int) or isinstance(p, bool) or p < 0:
                raise GameError(f"Nim: pile sizes must be non-negative integers, got {p!r}")
        if sum(pile_tuple) > self.MAX_OBJECTS:
            raise GameError(
                f"Nim: the piles hold {sum(pile_tuple):,} objects; at most "
                f"{self.MAX_OBJECTS:,} are supported (each is a move; Nim.MAX_OBJECTS)"
            )
        self.win = win
        self.initial = NimState(pile_tuple, "MAX")
        self._moves: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
        """The moves, by the piles."""

    def __repr__(self) -> str:
        return f"Nim({self.initial.piles!r})"

    def to_move(self, state: NimState) -> str:
        """Return ``"MAX"`` or ``"MIN"``."""
        return state.to_move

    def actions(self, state: NimState) -> list[tuple[int, int]]:
        """Return every ``(pile, count)`` move, pile by pile, smallest count first."""
        piles = state[0]
        moves = self._moves.get(piles)
        if moves is None:
            moves = tuple([(i, c) for i, p in enumerate(piles) for c in range(1, p + 1)])
            if len(self._moves) >= 1 << 16:
                self._moves.clear()
            self._moves[piles] = moves
        return [*moves]

    def result(self, state: NimState, action: tuple[int, int]) -> NimState:
        """Return the position after taking ``count`` objects from ``pile``."""
        try:
            pile, count = action
            size = state.piles[pile]
            if not isinstance(count, int):
                raise TypeError
        except (TypeError, ValueError, IndexError):
            raise GameError(f"{self!r}: bad move {action!r}; expected (pile, count)") from None
        if not 1 <= count <= size or pile < 0:
            raise GameError(f"{self!r}: cannot take {count!r} from pile {pile} of {size}")
        piles = state[0]
        piles = (*piles[:pile], size - count, *piles[pile + 1 :])
        return _new_state(NimState, (piles, "MIN" if state[1] == "MAX" else "MAX"))

    def is_terminal(self, state: NimState) -> bool:
        """Return True when every pile is empty."""
        return not any(state[0])

    def utility(self, state: NimState) -> float:
        """Return ``-win`` if MAX is to move with nothing left (MIN took the last), else ``win``."""
        return -self.win if state[1] == "MAX" else self.win

    def evaluate(self, state: NimState) -> float:
        """Return the exact value by the nim-sum (Bouton's theorem)."""
        nim_sum = 0
        for p in state.piles:
            nim_sum ^= p
        mover_wins = nim_sum != 0
        max_wins = mover_wins == (state.to_move == "MAX")
        return self.win if max_wins else -self.win

    def render(self, state: NimState) -> str:
        """Return the pile sizes separated by spaces."""
        return " ".join(map(str, state.piles))

    def state(self, piles: Iterable[int], to_move: str = "MAX") -> NimState:
        """Build a position."""
        who = to_move.upper()
        if who not in ("MAX", "MIN"):
            raise GameError(f"Nim: to_move must be 'MAX' or 'MIN', got {to_move!r}")
        return NimState(tuple(piles), who)
