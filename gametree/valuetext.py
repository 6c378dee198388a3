"""Values written out: for people (:func:`format_value`) and for JSON (:func:`jsonable`).

The search layer (reports, result dictionaries) and the layers above it (drawings, pages,
the command line, the checker) print values the same way by using these two functions,
so this module sits below all of them and imports nothing from gametree.

>>> format_value(3), format_value(float("-inf")), jsonable((float("inf"), 2.5))
('3', '−∞', ['inf', 2.5])
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from typing import Any

__all__ = ["GEQ", "INFINITY", "LEQ", "MINUS", "format_value", "jsonable"]

INFINITY = "∞"
MINUS = "−"
"""The true minus sign (U+2212) :func:`format_value` writes instead of a hyphen."""
GEQ = "≥"
"""Written before a lower bound (``≥ 3``: the value is at least 3)."""
LEQ = "≤"
"""Written before an upper bound (``≤ 2``: the value is at most 2)."""


def format_value(value: Any, precision: int = 3) -> str:
    """Return the display text of a number: integers plainly, ``∞``, a true minus sign.

    >>> format_value(3), format_value(-2.5), format_value(float("inf")), format_value(1 / 3)
    ('3', '−2.5', '∞', '0.333')
    >>> format_value(-1e20), format_value(2.0)
    ('−1e+20', '2')
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        try:
            value = float(value)
        except (TypeError, ValueError):
            return str(value)
    if isinstance(value, float):
        if math.isinf(value):
            return INFINITY if value > 0 else MINUS + INFINITY
        if abs(value) >= 1e6:
            return f"{value:.4g}".replace("-", MINUS)
        if value.is_integer():
            value = int(value)
        else:
            text = f"{value:.{precision}f}".rstrip("0").rstrip(".")
            return text.replace("-", MINUS) if text not in {"-0", ""} else "0"
    return str(value).replace("-", MINUS)


def jsonable(value: Any) -> Any:
    """Return ``value`` with infinities as strings, tuples as lists and exact fractions
    as the nearest float (JSON has no fractions), for ``json``."""
    if isinstance(value, Fraction):
        try:
            return float(value)
        except OverflowError:
            return str(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return value
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (str, int)) or value is None:
        return value
    return str(value)
