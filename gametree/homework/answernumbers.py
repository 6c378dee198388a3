"""Numbers as answers write them, and how they compare with a search's values.

An answer may write ``3``, ``3.0``, ``10/3``, ``3.33`` (for 10/3, correctly rounded),
``inf`` or ``∞``, a bound ``<=2`` / ``>=5``, or ``pruned`` / ``-`` for a node never
searched. :func:`read_number` reads one (or says why it is not a number),
:func:`same_number` and :func:`value_matches` compare it with the value or the bound a
search found, and :func:`answer_value` and :func:`bound_answer` write a search's value
back the way an answer file does.

>>> n = read_number("3.33")
>>> same_number(n, 10 / 3), same_number(n, 3.3)
(True, False)
>>> read_number("<=2", allow_bound=True)
GivenNumber(value=2.0, tol=0.0, op='<=', none=False)
>>> read_number("twelve")
"'twelve' is not a number"
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gametree.homework.story import fmt
from gametree.search.result import Bound, NodeValue

__all__ = [
    "GivenNumber",
    "answer_value",
    "bound_answer",
    "bound_text",
    "read_number",
    "same_number",
    "value_matches",
]

_NO_VALUE = frozenset({"pruned", "-", "x", "none", "cut", "—", "–", "n/a", "na", "null", ""})


@dataclass(frozen=True)
class GivenNumber:
    """A number an answer wrote: its value, the rounding it was written to, and whether
    it is a bound (``op``) or says the node has no value (``none``)."""

    value: float
    tol: float
    op: str | None = None  # None, "<=" or ">="
    none: bool = False  # "pruned" / "-": the node has no value

    def text(self) -> str:
        """The number as a finding quotes it."""
        if self.none:
            return "no value (not searched)"
        return f"{self.op or ''}{fmt(self.value)}"


_INF = {
    "inf": math.inf,
    "+inf": math.inf,
    "infinity": math.inf,
    "+infinity": math.inf,
    "∞": math.inf,
    "+∞": math.inf,
    "-inf": -math.inf,
    "-infinity": -math.inf,
    "-∞": -math.inf,
}
_OPS = {"<=": "<=", "≤": "<=", "=<": "<=", ">=": ">=", "≥": ">=", "=>": ">="}


def read_number(
    given: Any, *, allow_bound: bool = False, allow_none: bool = False
) -> GivenNumber | str:
    """Return the number written, or a message saying why it is not one."""
    if isinstance(given, bool):
        return f"{given!r} is not a number"
    if isinstance(given, int):
        try:
            return GivenNumber(float(given), 0.0)
        except OverflowError:
            return _out_of_range(given)
    if isinstance(given, float):
        if math.isnan(given):
            return "NaN is not a value"
        return GivenNumber(given, _rounding(repr(given)))
    if not isinstance(given, str):
        return f"{_short(given)} is not a number"
    text = given.strip().replace("−", "-").replace(" ", "")
    op = None
    for sign, name in _OPS.items():
        if text.startswith(sign):
            op, text = name, text[len(sign) :]
            break
    if op is None and text[:1] in {"<", ">"}:
        return (
            f"{_short(given)}: write an upper bound as <= and a lower bound as >= "
            "(the search proves at most / at least a value)"
        )
    if op is not None and not allow_bound:
        return f"{_short(given)}: expected a plain number here, not a bound"
    low = text.lower()
    if allow_none and op is None and low in _NO_VALUE:
        return GivenNumber(0.0, 0.0, None, True)
    if low in _INF:
        return GivenNumber(_INF[low], 0.0, op)
    if "/" in text:
        try:
            value = float(Fraction(text))
        except (ValueError, ZeroDivisionError):
            if len(text) > _MAX_DIGITS:
                return _out_of_range(given)
            return f"{_short(given)} is not a number"
        except OverflowError:
            return _out_of_range(given)
        return GivenNumber(value, 1e-9, op)
    try:
        value = float(text)
    except ValueError:
        return f"{_short(given)} is not a number"
    if math.isnan(value):
        return "NaN is not a value"
    if math.isinf(value):
        return _out_of_range(given)
    return GivenNumber(value, _rounding(text), op)


_MAX_DIGITS = 4000


def _short(given: Any, width: int = 40) -> str:
    """``repr(given)`` cut to about ``width`` characters, for a message."""
    if isinstance(given, int) and given.bit_length() > 4 * width:
        return f"a number of about {given.bit_length() * 30103 // 100000:,} digits"
    text = given if isinstance(given, str) else repr(given)
    if len(text) > width:
        text = text[:width] + "..."
    return repr(text) if isinstance(given, str) else text


def _out_of_range(given: Any) -> str:
    """The message for a number beyond float range."""
    size = f" ({len(given):,} characters)" if isinstance(given, str) else ""
    return (
        f"{_short(given, 20)}{size} is beyond the range of numbers gametree compares "
        "(about ±1.8e308; write inf for an infinite value)"
    )


def _rounding(text: str) -> float:
    """Half a unit in the last written decimal place (0 for whole numbers)."""
    m = re.fullmatch(r"[+-]?\d*\.(\d+)", text)
    if not m:
        return 0.0
    return 0.5 * 10.0 ** (-len(m.group(1)))


def same_number(given: GivenNumber, expected: float) -> bool:
    """Whether ``given`` is ``expected``, within the rounding it was written to."""
    if math.isinf(expected) or math.isinf(given.value):
        return given.value == expected
    tol = 1e-9 * max(1.0, abs(expected))
    if given.tol and round(expected, _decimals(given.tol)) != expected:
        # "3.33" for 10/3: accept a correctly rounded answer.
        tol = max(tol, given.tol + 1e-12)
    return abs(given.value - expected) <= tol


def _decimals(tol: float) -> int:
    return round(-math.log10(2 * tol))


def answer_value(x: float) -> Any:
    """``x`` as an answer file writes it: ``3`` for 3.0, ``"inf"``, ``"5/3"`` exactly."""
    if isinstance(x, Fraction):
        return str(x)  # exact, and read back exactly: "5/3"
    if isinstance(x, float) and math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def bound_answer(v: NodeValue) -> Any:
    """A node's value as an answer file writes it: a number, or ``"<=2"`` for a bound."""
    if v.bound is Bound.EXACT:
        return answer_value(v.value)
    return ("<=" if v.bound is Bound.UPPER else ">=") + fmt(v.value)


def bound_text(v: NodeValue) -> str:
    """A node's value as a finding quotes it: ``3``, ``<=2`` or ``>=5``."""
    if v.bound is Bound.EXACT:
        return fmt(v.value)
    return ("<=" if v.bound is Bound.UPPER else ">=") + fmt(v.value)


def value_matches(n: GivenNumber, nv: NodeValue | None) -> bool:
    """Whether ``n`` answers a node whose search value is ``nv`` (None: not searched).

    A plain number matches the value whether or not it is a bound; a bound matches only
    the same kind of bound (``<=`` an upper one).
    """
    if nv is None:
        return n.none
    if n.none or not same_number(n, nv.value):
        return False
    if n.op is None:
        return True
    if nv.bound is Bound.UPPER:
        return n.op == "<="
    if nv.bound is Bound.LOWER:
        return n.op == ">="
    return False
