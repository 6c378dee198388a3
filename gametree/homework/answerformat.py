"""Answers written back as a file's text: :func:`format_answers`.

The reverse of :func:`gametree.homework.answers.parse_answers`: the items an answer key
holds (``value``, ``pruned``, the ``values`` table, ...) as TOML, JSON or the plain-text
form, each of which reads back to the same items.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from gametree.exceptions import AnswerFormatError

__all__ = ["format_answers"]

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def _toml_scalar(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return "nan"
        if value in (float("inf"), float("-inf")):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str) and value in ("inf", "-inf", "+inf"):
        return value
    return json.dumps(str(value), ensure_ascii=False)


def _toml_key(key: Any) -> str:
    text = str(key)
    return text if _BARE_KEY.match(text) else json.dumps(text, ensure_ascii=False)


def format_answers(answers: Mapping[str, Any], format: str = "toml") -> str:
    """Write answers (in the layout :meth:`AnswerKey.answers` returns) as a file's text.

    Parameters
    ----------
    answers : Mapping
        Top-level items (``value``, ``move``, ``pruned``, ``order``, ``pv``, ...) and the
        tables ``values``, ``alpha``, ``beta``.
    format : {"toml", "json", "text"}
        The plain-text form writes node values as ``values.C = 2`` lines so that a node
        named like a key word cannot be misread.

    Examples
    --------
    >>> print(format_answers({"value": 3, "pruned": ["I", "J"], "values": {"C": "<=2"}}))
    value = 3
    pruned = ["I", "J"]
    <BLANKLINE>
    [values]
    C = "<=2"
    >>> print(format_answers({"value": 3, "pruned": ["I", "J"]}, "text"))
    value = 3
    pruned = I J
    """
    if format == "json":
        return json.dumps(dict(answers), indent=2, ensure_ascii=False)
    lines: list[str] = []
    tables: list[tuple[str, Mapping[str, Any]]] = []
    for key, value in answers.items():
        if isinstance(value, Mapping):
            tables.append((key, value))
        elif value is None:
            continue
        elif format == "toml":
            if isinstance(value, (list, tuple)):
                lines.append(f"{key} = [" + ", ".join(_toml_scalar(v) for v in value) + "]")
            else:
                lines.append(f"{key} = {_toml_scalar(value)}")
        elif format == "text":
            if isinstance(value, (list, tuple)):
                lines.append(f"{key} = " + " ".join(str(v) for v in value))
            else:
                lines.append(f"{key} = {value}")
        else:
            raise AnswerFormatError(
                f"unknown answer format {format!r}; expected 'toml', 'json' or 'text'"
            )
    for table, entries in tables:
        if not entries:
            continue
        if format == "toml":
            lines.append("")
            lines.append(f"[{table}]")
            lines.extend(f"{_toml_key(k)} = {_toml_scalar(v)}" for k, v in entries.items())
        else:
            lines.extend(f"{table}.{k} = {v}" for k, v in entries.items())
    return "\n".join(lines)
