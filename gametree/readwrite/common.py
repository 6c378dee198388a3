"""What the file formats share: text decoding, syntax errors, numbers and infinities."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from gametree.attrs import (
    ALPHA,
    BETA,
    BOUND,
    LABEL,
    MOVE,
    PLAYER,
    PROB,
    SEARCH_VALUE,
    STATE,
    STATUS,
    VALUE,
    VISIT,
)
from gametree.exceptions import TreeFileError, TreeSyntaxError
from gametree.quoting import quoted

__all__ = [
    "FRACTION_TAG",
    "INFINITIES",
    "MAX_DIGITS",
    "NUMBER_KEYS",
    "SURROGATES",
    "TEXT_KEYS",
    "NumberRangeError",
    "as_number",
    "check_key",
    "check_text",
    "decode_bounds",
    "decode_fraction",
    "decode_text",
    "decode_value",
    "encode_fraction",
    "encode_value",
    "error_at_literal",
    "range_problem",
    "read_float",
    "read_int",
    "syntax_error",
    "text_ids",
]

# Attributes that hold text: never decoded as numbers.
TEXT_KEYS = frozenset({LABEL, PLAYER, MOVE, STATUS, BOUND, STATE, "node_type", "id"})
# Attributes that hold numbers: decoded from text in DOT and foreign GraphML.
NUMBER_KEYS = frozenset({VALUE, PROB, SEARCH_VALUE, ALPHA, BETA, VISIT})
_RATIO = re.compile(r"[+-]?\d+/\d+")
INFINITIES = {
    "inf": math.inf,
    "+inf": math.inf,
    "-inf": -math.inf,
    "infinity": math.inf,
    "+infinity": math.inf,
    "-infinity": -math.inf,
}


def decode_text(data: bytes, name: str) -> str:
    """Return the UTF-8 text of a file's bytes (a BOM dropped), or raise :class:`TreeFileError`."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TreeFileError(
            f"{name}: not UTF-8 text (byte 0x{data[exc.start]:02x} at byte offset {exc.start})"
        ) from None
    nul = text.find("\x00")
    if nul >= 0:
        raise TreeFileError(
            f"{name}: binary data (a NUL byte at byte offset "
            f"{len(text[:nul].encode('utf-8'))}), not a tree file"
        )
    return text


def syntax_error(
    reason: str, text: str, line: int, column: int, filename: str | None
) -> TreeSyntaxError:
    """Return a :class:`TreeSyntaxError` at ``line``/``column`` of ``text``, quoting the line."""
    lines = text.splitlines()
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return TreeSyntaxError(
        reason, line=line, column=max(column, 1), source_line=source, filename=filename
    )


def error_at_literal(reason: str, literal: str, text: str, filename: str | None) -> TreeSyntaxError:
    """Return a :class:`TreeSyntaxError` at the first occurrence of ``literal`` in ``text``."""
    at = max(text.find(literal), 0)
    line = text.count("\n", 0, at) + 1
    return syntax_error(reason, text, line, at - (text.rfind("\n", 0, at) + 1) + 1, filename)


def decode_bounds(value: Any) -> Any:
    """The ``bounds`` attribute as read: a list (JSON, GraphML) or the text ``"(0, 10)"``
    (DOT) becomes a tuple of numbers; anything else is left for validation to reject.

    >>> decode_bounds([0, "inf"]), decode_bounds("(-inf, 10)"), decode_bounds("x")
    ((0, inf), (-inf, 10), 'x')
    """
    if isinstance(value, list):
        return tuple(decode_value(value))
    if isinstance(value, str):
        parts = value.strip().strip("()[]").split(",")
        try:
            numbers = [as_number(part.strip()) for part in parts]
        except NumberRangeError:
            return value
        if all(n is not None for n in numbers):
            return tuple(numbers)
    return value


def bounds_text(value: Any) -> str | None:
    """The text a format without tuples (DOT) writes for ``bounds``: ``"(0, 10)"``."""
    if isinstance(value, (tuple, list)) and all(
        isinstance(v, (int, float, Fraction)) and not isinstance(v, bool) for v in value
    ):
        return "(" + ", ".join(repr(v) if isinstance(v, float) else str(v) for v in value) + ")"
    return None


def _decode_inf(text: str) -> Any:
    return INFINITIES.get(text.lower(), text) if len(text) <= 9 else text


FRACTION_TAG = "gametree:fraction"
"""The key of the object JSON (and GraphML's JSON text) writes an exact ``Fraction`` as:
``{"gametree:fraction": "1/3"}`` (JSON has no ratios, and a float would lose it)."""


def encode_fraction(value: Fraction, where: str) -> dict[str, str]:
    """``value`` as its tagged JSON object; refused (:class:`TreeFileError`) when beyond
    float range or longer than :data:`MAX_DIGITS` digits, as no reader reads it back.

    >>> encode_fraction(Fraction(-1, 3), "node 'D': value")
    {'gametree:fraction': '-1/3'}
    """
    if max(abs(value.numerator), value.denominator).bit_length() > MAX_DIGITS * 3:
        raise TreeFileError(f"{where}: a fraction of more than {MAX_DIGITS:,} digits")
    text = f"{value.numerator}/{value.denominator}"
    why = range_problem(value, text)
    if why is not None:
        raise TreeFileError(f"{where}: {why.replace('number', 'fraction', 1)}")
    return {FRACTION_TAG: text}


def decode_fraction(value: Any) -> Any:
    """The ``Fraction`` a tagged object (:func:`encode_fraction`) stands for; any other
    value as it is. A tag that holds no fraction is a :class:`TreeFileError`.

    >>> decode_fraction({"gametree:fraction": "2/6"}), decode_fraction({"a": 1})
    (Fraction(1, 3), {'a': 1})
    """
    if not (isinstance(value, dict) and FRACTION_TAG in value):
        return value
    text = value[FRACTION_TAG]
    number: Any = None
    if len(value) == 1 and isinstance(text, str) and _RATIO.fullmatch(text.strip()):
        try:
            number = as_number(text)
        except NumberRangeError as exc:
            raise TreeFileError(f"{FRACTION_TAG} {quoted(text)}: {exc}") from None
    if not isinstance(number, Fraction):
        shown = quoted(text) if isinstance(text, str) else repr(text)[:40]
        raise TreeFileError(
            f"{FRACTION_TAG} {shown} is not a fraction such as "
            f'{{"{FRACTION_TAG}": "1/3"}} (its only key, a nonzero denominator)'
        )
    return number


def decode_value(value: Any) -> Any:
    """Turn "inf"/"-inf" strings back into floats and tagged fractions
    (:data:`FRACTION_TAG`) into ``Fraction`` s, inside lists and dicts too.

    Works in place on freshly parsed JSON, iteratively (nested lists may be deep).
    """
    if isinstance(value, str):
        return _decode_inf(value)
    if isinstance(value, dict) and FRACTION_TAG in value:
        return decode_fraction(value)
    stack = [value]
    while stack:
        obj = stack.pop()
        if isinstance(obj, list):
            items: list[tuple[Any, Any]] = list(enumerate(obj))
        elif isinstance(obj, dict):
            items = [(k, v) for k, v in obj.items() if k not in TEXT_KEYS]
        else:
            continue
        for key, item in items:
            if isinstance(item, str):
                obj[key] = _decode_inf(item)
            elif isinstance(item, dict) and FRACTION_TAG in item:
                obj[key] = decode_fraction(item)
            elif isinstance(item, (list, dict)):
                stack.append(item)
    return value


# What no text file gametree writes can hold: NUL (a file with one is refused as binary)
# and lone surrogates (not UTF-8).
_UNWRITABLE = re.compile("[\x00\ud800-\udfff]")
# JSON escapes NUL (``\u0000``): only lone surrogates stay unwritable.
SURROGATES = re.compile("[\ud800-\udfff]")


def check_text(text: str, where: str, fmt: str, pattern: re.Pattern[str] = _UNWRITABLE) -> None:
    """Refuse ``text`` when it holds a character ``pattern`` marks as unwritable in ``fmt``.

    >>> check_text("a\\ud800b", "node 'A'", "DOT")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gametree.exceptions.TreeFileError: node 'A': DOT cannot hold the character '\\ud800' ...
    """
    bad = pattern.search(text)
    if bad is not None:
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise TreeFileError(
            f"{where}: {fmt} cannot hold the character {bad[0]!r} (U+{ord(bad[0]):04X}) in "
            f"{shown!r}; rename it or write JSON"
        )


def text_ids(nodes: Iterable[Any], fmt: str) -> dict[Any, str]:
    """Return each node's id as text, for a format whose ids are text (DOT, the notation).

    Refuses two nodes with the same text (``1`` and ``"1"``) and lone surrogates.
    """
    seen: dict[str, Any] = {}
    out: dict[Any, str] = {}
    for node in nodes:
        name = str(node)
        check_text(name, f"node {node!r}", fmt, SURROGATES)
        if name in seen:
            raise TreeFileError(
                f"nodes {seen[name]!r} and {node!r} are both {name!r} in {fmt}, where ids "
                "are text; rename one or write JSON or GraphML"
            )
        seen[name] = node
        out[node] = name
    return out


def check_key(key: Any, where: str, fmt: str, pattern: re.Pattern[str] = _UNWRITABLE) -> str:
    """Return attribute name ``key`` if ``fmt`` can write it (a string), else refuse."""
    if not isinstance(key, str):
        raise TreeFileError(
            f"{where}: attribute name {key!r} is a {type(key).__name__}; {fmt} attribute "
            "names are strings"
        )
    check_text(key, where, fmt, pattern)
    return str(key)


_FLOAT_LIMIT = 2**1024  # the first integer float() cannot represent


def check_number(value: int, where: str, fmt: str) -> None:
    """Refuse an int the readers would not read back (the number rule)."""
    if -_FLOAT_LIMIT < value < _FLOAT_LIMIT:
        return
    raise TreeFileError(
        f"{where}: the integer is beyond float range (about 1.8e308), which no reader "
        f"accepts; {fmt} cannot hold it"
    )


def spells_infinity(text: str) -> bool:
    """True for text that a non-text attribute reads back as an infinity (``"-inf"``)."""
    return len(text) <= 9 and text.lower() in INFINITIES


def encode_value(value: Any, where: str, *, text: bool = False) -> Any:
    """Return ``value`` as JSON data: infinities as ``"inf"``/``"-inf"``, tuples as lists,
    an exact ``Fraction`` tagged (:func:`encode_fraction`).

    ``text`` says the attribute is a text one (:data:`TEXT_KEYS`), read back as it is.
    Refused (:class:`TreeFileError`): strings that a non-text attribute would read back
    as an infinity, non-string keys, integers beyond float range, other types.
    """
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        check_number(value, where, "JSON")
        return int(value)
    if isinstance(value, str):
        check_text(value, where, "JSON", SURROGATES)
        if not text and spells_infinity(value):
            raise TreeFileError(
                f"{where}: the text {value!r} would read back as an infinity; "
                "JSON writes infinities as text"
            )
        return str(value)
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return "nan" if math.isnan(value) else value
    if isinstance(value, (list, tuple)):
        return [encode_value(v, where) for v in value]
    if isinstance(value, dict):
        if FRACTION_TAG in value:
            raise TreeFileError(
                f"{where}: a mapping with the key {FRACTION_TAG!r} would read back as a "
                "Fraction (JSON writes fractions that way); rename the key"
            )
        return {
            check_key(k, where, "JSON", SURROGATES): encode_value(v, where, text=k in TEXT_KEYS)
            for k, v in value.items()
        }
    if isinstance(value, Fraction):
        # JSON has no ratios: an exact Fraction (from the notation, .efg, a chance
        # average) is tagged, so that it reads back exact rather than as a float.
        return encode_fraction(value, where)
    if type(value).__name__.startswith(("int", "uint")):
        return int(value)
    if type(value).__name__.startswith("float"):
        return encode_value(float(value), where)
    raise TreeFileError(f"{where}: {value!r} ({type(value).__name__}) cannot be written as JSON")


class NumberRangeError(ValueError):
    """A numeral beyond float range or longer than Python's int-string limit."""


MAX_DIGITS = 4300
"""The longest integer numeral read (Python's default int-string conversion limit)."""

_INTEGER = re.compile(r"[+-]?\d+")


def range_problem(number: int | float | Fraction, text: str) -> str | None:
    """Return why ``number`` (read from ``text``) breaks the number rule, or None.

    The rule: after conversion to float a value is finite, or an infinity spelled as
    ``inf``; a numeral never turns into infinity by overflowing.

    >>> range_problem(1e300, "1e300"), range_problem(1e999, "1e999")
    (None, "number '1e999' is beyond float range (about 1.8e308)")
    """
    try:
        overflows = math.isinf(float(number)) and text.strip().lower() not in INFINITIES
    except OverflowError:
        overflows = True
    if overflows:
        shown = text.strip() if len(text.strip()) <= 24 else text.strip()[:20] + "..."
        return f"number {shown!r} is beyond float range (about 1.8e308)"
    return None


def read_float(literal: str) -> float:
    """Return the float ``literal`` spells; :class:`NumberRangeError` if it overflows.

    The error's ``args`` are the reason and the literal (to point at it).
    """
    number = float(literal)
    why = range_problem(number, literal)
    if why is not None:
        raise NumberRangeError(why, literal)
    return number


def read_int(literal: str) -> int:
    """Return the int ``literal`` spells; :class:`NumberRangeError` past :data:`MAX_DIGITS`."""
    digits = len(literal.strip().lstrip("+-"))
    if digits > MAX_DIGITS:
        raise NumberRangeError(
            f"integer with {digits:,} digits is longer than {MAX_DIGITS:,} digits", literal
        )
    return int(literal)


def as_number(text: str) -> int | float | Fraction | None:
    """Return the number ``text`` spells (``3``, ``-0.5``, ``inf``, ``1/3``), else None.

    Raises :class:`NumberRangeError` for a numeral beyond float range (``1e999``, a
    400-digit integer) or an integer longer than :data:`MAX_DIGITS` digits, instead of
    turning it into infinity.

    >>> as_number("12"), as_number("-inf"), as_number("1/3"), as_number("x")
    (12, -inf, Fraction(1, 3), None)
    """
    lowered = text.strip().lower()
    if lowered in INFINITIES:
        return INFINITIES[lowered]
    number: int | float | Fraction
    if _INTEGER.fullmatch(lowered):
        number = read_int(lowered)
    elif _RATIO.fullmatch(lowered):
        numerator, denominator = lowered.split("/")
        if max(len(numerator), len(denominator)) > MAX_DIGITS:
            raise NumberRangeError(f"ratio longer than {MAX_DIGITS:,} digits")
        if not int(denominator):
            return None
        number = Fraction(int(numerator), int(denominator))
    else:
        try:
            number = float(lowered)
        except ValueError:
            return None
    why = range_problem(number, text)
    if why is not None:
        raise NumberRangeError(why)
    return number
