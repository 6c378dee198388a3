"""Stand-in for the few names of aima-python's ``utils`` that its ``games.py`` imports.

aima-python's ``games.py`` starts with ``from utils import vector_add``; a student's copy
of that file loads with this. ``vector_add`` adds two tuples component-wise.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from typing import Any


__all__ = ["vector_add"]


def vector_add(a: tuple[Any, ...], b: tuple[Any, ...]) -> tuple[Any, ...]:
    """Component-wise sum: ``vector_add((0, 1), (8, 9)) == (8, 10)``."""
    return tuple(x + y for x, y in zip(a, b, strict=False))
