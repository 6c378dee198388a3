"""AIMA Figure 5.2 (3rd ed.; Figure 5.2 in the 4th) as a game.

MAX moves a1, a2 or a3 from A to the MIN nodes B, C and D; MIN then moves to one of
nine terminal states E..M with utilities 3, 12, 8, 2, 4, 6, 14, 5, 2. Minimax value 3.

Examples
--------
>>> from gametree.games import Fig52Game
>>> game = Fig52Game()
>>> game.actions("A"), game.result("C", "c2"), game.utility("I")
(['a1', 'a2', 'a3'], 'I', 4)
"""

from __future__ import annotations

from gametree.exceptions import GameError
from gametree.games.protocol import BaseGame

__all__ = ["Fig52Game"]

_MOVES: dict[str, dict[str, str]] = {
    "A": {"a1": "B", "a2": "C", "a3": "D"},
    "B": {"b1": "E", "b2": "F", "b3": "G"},
    "C": {"c1": "H", "c2": "I", "c3": "J"},
    "D": {"d1": "K", "d2": "L", "d3": "M"},
}
_UTILITY = {"E": 3, "F": 12, "G": 8, "H": 2, "I": 4, "J": 6, "K": 14, "L": 5, "M": 2}


class Fig52Game(BaseGame):
    """The two-ply game of AIMA Figure 5.2: states are the letters A..M."""

    initial = "A"

    def __repr__(self) -> str:
        return "Fig52Game()"

    def to_move(self, state: str) -> str:
        """Return ``"MAX"`` at A, else ``"MIN"``."""
        return "MAX" if state == "A" else "MIN"

    def actions(self, state: str) -> list[str]:
        """Return the moves from ``state`` (none from a terminal)."""
        return list(_MOVES.get(state, ()))

    def result(self, state: str, action: str) -> str:
        """Return the state ``action`` leads to."""
        try:
            return _MOVES[state][action]
        except KeyError:
            raise GameError(f"Fig52Game: no move {action!r} from {state!r}") from None

    def is_terminal(self, state: str) -> bool:
        """Return True for E..M."""
        return state in _UTILITY

    def utility(self, state: str) -> float:
        """Return the utility of a terminal state."""
        return _UTILITY[state]
