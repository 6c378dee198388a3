"""How a value a search returns relates to the node's true value: :class:`Bound`.

The search loops keep a bound as an integer code (:data:`gametree.search.rules.EXACT`,
``LOWER``, ``UPPER``: 0, 1, -1, so that negating it swaps lower and upper);
:data:`BOUND_OF_CODE` and :data:`BOUND_NAME_OF_CODE` turn a code into what results,
trace events and annotations show.

>>> BOUND_OF_CODE[1], BOUND_NAME_OF_CODE[-1]
(Bound.LOWER, 'upper')
"""

from __future__ import annotations

from enum import Enum

__all__ = ["BOUND_NAME_OF_CODE", "BOUND_OF_CODE", "Bound"]


class Bound(str, Enum):
    """How a returned value relates to the node's true minimax value."""

    EXACT = "exact"
    """The value is the node's minimax value."""

    LOWER = "lower"
    """The true value is at least this (the search failed high)."""

    UPPER = "upper"
    """The true value is at most this (the search failed low)."""

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Bound.{self.name}"


BOUND_OF_CODE = {0: Bound.EXACT, 1: Bound.LOWER, -1: Bound.UPPER}
"""The searches' internal bound codes (0 exact, 1 lower, -1 upper) as :class:`Bound`."""
BOUND_NAME_OF_CODE = {code: bound.value for code, bound in BOUND_OF_CODE.items()}
"""The same codes as the words the annotations write."""
