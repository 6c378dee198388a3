"""Answer files: what a student claims about a search, read from TOML, JSON or plain text
and written back.

An answer file gives any subset of these items (the key names are case-insensitive; the
aliases in brackets are accepted too):

========================  ==================================================  ==================
item                      meaning                                             example (text)
========================  ==================================================  ==================
``value`` [root]          the root's value                                    ``value = 3``
``move`` [best_move]      the root's best move (child id or label, or the     ``move = B``
                          edge's ``move`` label)
``pruned`` [cut, cuts]    what the search never looks at: leaves, whole       ``pruned = I J``
                          subtrees (an internal node), edges ``C-I``, or
                          (where edges carry moves) the moves of pruned       ``pruned = c2 c3``
                          edges, by move or by move path from the root        ``pruned = a2/c2``
``pruned_leaves``         the same, read as leaves (ids only)                 ``... = #5 #6``
``pruned_edges``          the same, read as edges (ids only)                  ``... = C-I C-J``
``pruned_nodes``          the same, read as whole subtrees (ids only)         ``... = D``
``pruned_moves``          the same, read as moves or move paths only          ``... = a2/c2``
``order`` [evaluated]     the leaves in the order they are evaluated          ``order = E F G H K``
``pv``                    the principal variation (the root may be left out)  ``pv = A B E``
any node name             that node's value, or a bound ``<= 2`` / ``>= 5``,  ``C = <=2``
                          or ``pruned`` / ``-`` for a node never searched
``alpha X``, ``beta X``   alpha or beta at node X (at exit by default)        ``alpha C = 3``
``window X``              both, as ``[alpha, beta]``                          ``window C = [3, 2]``
========================  ==================================================  ==================

Nodes are named by id, by label, or (leaves) by left-to-right position ``#1``, ``#2``, ...
as exercise sheets number them; ``inf``, ``-inf``, ``+inf``, ``∞`` and ``-∞`` are numbers.
Where the tree's edges carry ``move`` labels, ``move``, ``pv`` and ``pruned`` may name
moves instead (``move = a1``, ``pv = a1 b1``, ``pruned = c2 c3``); a move that labels
several edges is named by its path from the root (``a2/c2``). The checker says which
form it read, and a token that reads differently as an id and as a move is an error
in ``pruned`` (use ``pruned_nodes``/``pruned_edges`` or ``pruned_moves``), never a
guess; in ``move`` and ``pv`` it is read as the move in a tree whose edges all carry
moves (a game tree), with a note, and is an error elsewhere.

The three forms of the same answers:

Plain text (``#`` followed by a space, or at the start of a line, begins a comment)::

    value = 3
    move = B
    pruned = I J        # or C-I C-J, or #5 #6
    C = 2
    alpha C = 3

TOML (a node whose name is also a key word goes in the ``[values]`` table)::

    value = 3
    move = "B"
    pruned = ["I", "J"]
    alpha.C = 3
    [values]
    C = 2

JSON::

    {"value": 3, "move": "B", "pruned": ["I", "J"], "values": {"C": 2}, "alpha": {"C": 3}}

Reading never fails on a bad item: each becomes an :class:`AnswerProblem` with its line,
and the checker reports it as a finding. Only a file that cannot be read at all (not
UTF-8 text) raises :class:`~gametree.AnswerFormatError`.

A file is read up to a limit of keys (:func:`gametree.inputs.answer_item_limit`: 10,000
unless ``max_items=`` or ``GAMETREE_MAX_ANSWER_ITEMS`` says otherwise), so time and
memory follow what is kept, not the file: plain text and TOML stop at the limit with one
problem naming the line (TOML past it is read as plain text), and JSON, which cannot be
read in part, is refused with one problem, nothing read. Keys are counted before any
parser runs, and the count stops at the limit.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from gametree.exceptions import AnswerFormatError
from gametree.homework.answeritems import AnswerItem, AnswerProblem, Answers, Kind, shape_problem
from gametree.inputs import ITEMS_VARIABLE, answer_item_limit, read_input

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib  # type: ignore[import-not-found,no-redef,unused-ignore]

__all__ = ["load_answers", "parse_answers"]

# Canonical key -> (kind, form of the pruned answer or None).
_TOP_KEYS: dict[str, tuple[Kind, str | None]] = {}
for _names, _spec in (
    (("value", "root", "root_value", "minimax_value"), ("value", None)),
    (("move", "best_move", "best", "best_moves"), ("move", None)),
    (("pruned", "cut", "cuts", "prunes"), ("pruned", "any")),
    (("pruned_leaves", "cut_leaves"), ("pruned", "leaves")),
    (("pruned_edges", "cut_edges"), ("pruned", "edges")),
    (("pruned_nodes", "pruned_subtrees", "cut_nodes"), ("pruned", "nodes")),
    (("pruned_moves", "cut_moves"), ("pruned", "moves")),
    (
        ("order", "evaluated", "leaf_order", "evaluation_order", "visited", "visited_leaves"),
        ("order", None),
    ),
    (("pv", "principal_variation"), ("pv", None)),
):
    for _name in _names:
        _TOP_KEYS[_name] = _spec  # type: ignore[assignment]

_TABLES: dict[str, Kind] = {
    "values": "node_value",
    "nodes": "node_value",
    "node_values": "node_value",
    "alpha": "alpha",
    "beta": "beta",
    "window": "window",
    "windows": "window",
}

_LIST_KINDS = frozenset({"pruned", "order", "pv", "window"})


def load_answers(
    path: str | Path, *, format: str | None = None, max_items: int | None = None
) -> Answers:
    """Read an answer file; the format comes from the suffix or, failing that, the content.

    ``.json`` is JSON, ``.toml`` TOML; any other file is JSON when it starts with ``{``,
    TOML when it parses as TOML, and the plain-text form otherwise. ``max_items`` is
    the limit on its keys, as for :func:`parse_answers`.

    Raises
    ------
    OSError
        If the file cannot be read; :class:`~gametree.InputError` if it is not a regular
        file or is larger than the input limit (see :mod:`gametree.inputs`).
    AnswerFormatError
        If it is not UTF-8 text.
    """
    return parse_answers(
        read_input(path), format=format, source=os.fspath(path), max_items=max_items
    )


def parse_answers(
    text: str | bytes | Mapping[str, Any],
    *,
    format: str | None = None,
    source: str | None = None,
    max_items: int | None = None,
) -> Answers:
    """Read answers from a string (TOML, JSON or plain text) or from a dict.

    Parameters
    ----------
    text : str, bytes or Mapping
        The file's content (bytes are read as UTF-8), or the answers already as a
        mapping (as JSON would give).
    format : {"toml", "json", "text"}, optional
        Force a format; by default the suffix of ``source`` (``.json``, ``.toml``), else
        JSON when the text starts with ``{``, else TOML when it parses as TOML, else
        plain text.
    source : str, optional
        A file name used in messages.
    max_items : int, optional
        The most keys read from a text (default
        :func:`gametree.inputs.answer_item_limit`: 10,000, or
        ``GAMETREE_MAX_ANSWER_ITEMS``): plain text and TOML stop there with one problem,
        JSON past it is refused with one problem, nothing read. A mapping is read whole
        unless ``max_items`` is given.

    Returns
    -------
    Answers

    Raises
    ------
    AnswerFormatError
        Only for an unknown ``format``, bytes that are not UTF-8, input that is neither
        text nor a mapping, or a bad ``max_items``; every problem in the text (invalid
        JSON and too many keys included) becomes an :class:`AnswerProblem` with its line.

    Examples
    --------
    >>> a = parse_answers('{"value": 3, "pruned": ["I", "J"], "values": {"C": 2}}')
    >>> a.format, [(i.kind, i.node, i.given) for i in a.items]
    ('json', [('value', None, 3), ('pruned', None, ('I', 'J')), ('node_value', 'C', 2)])
    >>> parse_answers("value = 3\\nvalue = 4").problems[0].message
    "duplicate key 'value' (first given on line 1); the first one is checked"
    >>> print(parse_answers("value = 3\\nmove = B\\nC = 2", max_items=2).problems[0])
    line 3: more than 2 answer lines: the first 2 were read, and reading stopped here; raise ...
    """
    if isinstance(text, Mapping):
        # The caller's own data, already in memory: limited only when asked to be.
        limit = None if max_items is None else answer_item_limit(max_items)
        return _from_mapping(text, "dict", source, {}, (), limit)
    limit = answer_item_limit(max_items)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise AnswerFormatError(
                f"{source or 'answers'}: not UTF-8 text (byte {exc.start}); answer files are text"
            ) from None
    if format is None and source is not None:
        format = {".json": "json", ".toml": "toml"}.get(Path(source).suffix.lower())
    if not isinstance(text, str):
        raise AnswerFormatError(f"answers must be text or a mapping, got {type(text).__name__}")
    stripped = text.lstrip()
    if format is None:
        if stripped.startswith("{"):
            format = "json"
        elif _past_limit(_TOML_TOKEN, text, limit) is not None:
            format = "text"  # no parser runs on more keys than the limit
        else:
            format = "toml" if _toml_or_none(text) is not None else "text"
    if format == "json":
        return _parse_json(text, source, limit)
    if format == "toml":
        return _parse_toml(text, source, limit)
    if format == "text":
        return _parse_text(text, source, "text", limit)
    raise AnswerFormatError(f"unknown answer format {format!r}; expected 'toml', 'json' or 'text'")


# ---------------------------------------------------------------------------- limits

MAX_NESTING = 32
"""The deepest nesting of ``[``/``{`` read as JSON or TOML (answers nest 2 deep)."""

_DIGITS = 4000
_BRACKET = re.compile(r"[\[\]{}]")
# The keys of a JSON text: each string followed by ':' (strings are consumed whole, in
# order, so a ':' inside a string value is never taken for one).
_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"(\s*:)?')
# The keys of a TOML text: each '=' outside strings and comments.
_TOML_TOKEN = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*|(=)'
)
# What str.splitlines splits at.
_LINE = re.compile(
    "[^\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]*"
    "(?:\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029])?"
)


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` as ``str.splitlines`` gives them, one at a time (a reader
    that stops early never splits the rest)."""
    end = len(text)
    for match in _LINE.finditer(text):
        if match.start() == end:
            return
        yield match.group().rstrip("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def _line_at(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _past_limit(token: re.Pattern[str], text: str, limit: int) -> int | None:
    """The offset of the key after the first ``limit`` keys (``token``'s group 1 marks
    a key), or None when the text has at most ``limit``; stops scanning right there."""
    count = 0
    for match in token.finditer(text):
        if match.group(1) is not None:
            count += 1
            if count > limit:
                return match.start()
    return None


def _too_many(limit: int, what: str) -> str:
    return (
        f"more than {limit:,} {what}; raise the limit with max_items=... or the "
        f"environment variable {ITEMS_VARIABLE}"
    )


def _too_deep(text: str) -> AnswerProblem | None:
    """A problem if brackets nest deeper than :data:`MAX_NESTING` (checked before parsing,
    so that no parser recurses on it); brackets inside strings count too."""
    depth = 0
    for match in _BRACKET.finditer(text):
        if match.group() in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return AnswerProblem(
                    f"brackets nest more than {MAX_NESTING} deep; answers are "
                    "names, numbers and lists of them",
                    _line_at(text, match.start()),
                    "answer file",
                )
        elif depth:
            depth -= 1
    return None


def _toml_or_none(text: str) -> dict[str, Any] | None:
    """The TOML document, or None when ``text`` is not (readable) TOML."""
    if _too_deep(text) is not None:
        return None
    try:
        data: dict[str, Any] = tomllib.loads(text, parse_float=_float_or_text)
    except (tomllib.TOMLDecodeError, ValueError):
        return None
    return data


def _json_int(text: str) -> int | str:
    # Longer than Python converts: kept as written, so the checker reports it.
    return int(text) if len(text) <= _DIGITS else text


def _float_or_text(text: str) -> float | str:
    value = float(text)
    # Beyond float range (1e400; TOML's inf too): kept as written for the checker to read.
    return text if value in (float("inf"), float("-inf")) else value


# ---------------------------------------------------------------------------- JSON


def _parse_json(text: str, source: str | None, limit: int) -> Answers:
    duplicates: list[tuple[str, str]] = []

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                duplicates.append((k, k))
                continue
            out[k] = v
        return out

    past = _past_limit(_JSON_TOKEN, text, limit)
    if past is not None:
        problem = AnswerProblem(
            _too_many(limit, "keys: a JSON file cannot be read in part, so nothing was read"),
            _line_at(text, past),
            "answer file",
        )
        return Answers((), (problem,), "json", source)
    deep = _too_deep(text)
    if deep is not None:
        return Answers((), (deep,), "json", source)
    try:
        data = json.loads(
            text, object_pairs_hook=pairs, parse_int=_json_int, parse_float=_float_or_text
        )
    except json.JSONDecodeError as exc:
        problem = AnswerProblem(
            f"not valid JSON (column {exc.colno}): {exc.msg}; nothing could be read",
            exc.lineno,
            "answer file",
        )
        return Answers((), (problem,), "json", source)
    if not isinstance(data, dict):
        problem = AnswerProblem(
            f'a JSON answer file must be an object such as {{"value": 3}}, '
            f"got {type(data).__name__}",
            1,
            "answer file",
        )
        return Answers((), (problem,), "json", source)
    lines = _key_lines(text, json_style=True)
    problems = []
    for key, _ in duplicates:
        found = lines.get(key.lower(), [])
        line = found[1] if len(found) > 1 else None
        first = found[0] if found else None
        problems.append(
            AnswerProblem(
                f"duplicate key {key!r}"
                + (f" (first given on line {first})" if first else "")
                + "; the first one is checked",
                line,
                key,
            )
        )
    return _from_mapping(data, "json", source, lines, tuple(problems), limit)


# ---------------------------------------------------------------------------- TOML


def _parse_toml(text: str, source: str | None, limit: int) -> Answers:
    if _past_limit(_TOML_TOKEN, text, limit) is not None:
        # No TOML parser reads it all: the text reader reads up to the limit and says so.
        return _parse_text(text, source, "toml", limit)
    deep = _too_deep(text)
    try:
        if deep is not None:
            raise tomllib.TOMLDecodeError(deep.message)
        data = tomllib.loads(text, parse_float=_float_or_text)
    except (tomllib.TOMLDecodeError, ValueError) as exc:
        # Recover item by item with the forgiving text reader, and say why. (tomllib
        # raises a bare ValueError for an integer longer than Python converts.)
        recovered = _parse_text(text, source, "toml", limit)
        if recovered.problems:
            return recovered
        match = re.search(r"line (\d+)", str(exc))
        line = int(match.group(1)) if match else (deep.line if deep else None)
        message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(exc))
        note = f"not valid TOML ({message}); read it as the plain-text form instead"
        return Answers(
            recovered.items,
            (),
            "text",
            source,
            (note if line is None else f"line {line}: {note}",),
        )
    lines = _key_lines(text, json_style=False)
    return _from_mapping(data, "toml", source, lines, (), limit)


def _key_lines(text: str, *, json_style: bool) -> dict[str, list[int]]:
    """Map lower-cased keys (``key`` and ``table.key``) to the lines they appear on."""
    found: dict[str, list[int]] = {}
    table = ""
    if json_style:
        pattern = re.compile(r'"((?:[^"\\]|\\.)*)"\s*:')
        for number, line in enumerate(_lines(text), 1):
            for m in pattern.finditer(line):
                found.setdefault(m.group(1).lower(), []).append(number)
        return found
    for number, line in enumerate(_lines(text), 1):
        s = line.strip()
        header = re.match(r"^\[\s*([^\]]+?)\s*\]", s)
        if header:
            table = header.group(1).strip().strip('"').lower()
            continue
        km = re.match(r'^("(?:[^"\\]|\\.)*"|[^=]+?)\s*=', s)
        if km:
            key = km.group(1).strip().strip('"').lower()
            full = f"{table}.{key}" if table else key
            found.setdefault(full, []).append(number)
            if table:
                found.setdefault(key, []).append(number)
    return found


# ---------------------------------------------------------------------------- mappings


def _from_mapping(
    data: Mapping[str, Any],
    fmt: str,
    source: str | None,
    lines: Mapping[str, list[int]],
    problems: tuple[AnswerProblem, ...],
    limit: int | None,
) -> Answers:
    items: list[AnswerItem] = []
    found_problems = list(problems)
    seen: dict[tuple[str, str | None], int | None] = {}
    read = 0

    def line_of(*keys: str) -> int | None:
        for k in keys:
            hit = lines.get(k.lower())
            if hit:
                return hit[0]
        return None

    def add(
        kind: Kind,
        raw: Any,
        key: str,
        line: int | None,
        node: str | None = None,
        form: str | None = None,
    ) -> None:
        ident = (kind if kind != "pruned" else "pruned", node)
        if ident in seen and kind not in {"pruned"}:
            first = seen[ident]
            found_problems.append(
                AnswerProblem(
                    f"{key!r} answers the same question again"
                    + (f" (first given on line {first})" if first else "")
                    + "; the first one is checked",
                    line,
                    key,
                )
            )
            return
        seen[ident] = line
        given, problem = _normalise_value(kind, raw, key, node)
        if problem is not None:
            found_problems.append(AnswerProblem(problem, line, key))
            return
        items.append(AnswerItem(kind, given, node, form, line, key))

    for key, raw in data.items():
        # A text was counted before it was parsed; a mapping given as such is counted here.
        read += 1 + (len(raw) if isinstance(raw, Mapping) else 0)
        if limit is not None and read > limit:
            found_problems.append(
                AnswerProblem(
                    _too_many(limit, f"keys: the keys before {key!r} were read, then no more"),
                    line_of(str(key).strip().lower()),
                    str(key),
                )
            )
            break
        if not isinstance(key, str):
            found_problems.append(AnswerProblem(f"key {key!r} is not a string", None, str(key)))
            continue
        low = key.strip().lower()
        line = line_of(low)
        if low in _TOP_KEYS and not isinstance(raw, Mapping):
            kind, form = _TOP_KEYS[low]
            add(kind, raw, key, line, form=form)
        elif low in _TABLES and isinstance(raw, Mapping):
            kind = _TABLES[low]
            for node, sub in raw.items():
                add(
                    kind,
                    sub,
                    f"{key}.{node}",
                    line_of(f"{low}.{str(node).lower()}", str(node)),
                    node=str(node),
                )
        elif isinstance(raw, Mapping):
            # ``C = {alpha = 3, beta = 2, value = 2}`` or a JSON object per node.
            for sub_key, sub in raw.items():
                sub_low = str(sub_key).lower()
                sub_kind: Kind | None = {
                    "value": "node_value",
                    "alpha": "alpha",
                    "beta": "beta",
                    "window": "window",
                }.get(sub_low)  # type: ignore[assignment]
                if sub_kind is None:
                    found_problems.append(
                        AnswerProblem(
                            f"unknown key {sub_key!r} under {key!r}; expected value, alpha, "
                            "beta or window",
                            line_of(f"{low}.{sub_low}", low),
                            f"{key}.{sub_key}",
                        )
                    )
                    continue
                add(sub_kind, sub, f"{key}.{sub_key}", line_of(f"{low}.{sub_low}", low), node=key)
        else:
            add("node_value", raw, key, line, node=key)
    return Answers(tuple(items), tuple(found_problems), fmt, source)


def _normalise_value(kind: Kind, raw: Any, key: str, node: str | None) -> tuple[Any, str | None]:
    """Return the given value in canonical shape (scalar or tuple) or a problem
    (:func:`~gametree.homework.answeritems.shape_problem` says what shapes are read)."""
    given: Any = raw
    if kind in _LIST_KINDS:
        if isinstance(raw, str):
            return tuple(_tokens(raw, edges=kind == "pruned")), None
        if isinstance(raw, (int, float)) and not isinstance(raw, bool) and kind != "window":
            given = (raw,)
        elif isinstance(raw, (list, tuple)):
            given = tuple(_edge(element) for element in raw)
    return (given, shape_problem(AnswerItem(kind, given, node, key=key)))


def _edge(element: Any) -> Any:
    """A ``[parent, child]`` pair read as the edge ``(parent, child)`` of names; any other
    list as a tuple (for :func:`shape_problem` to refuse)."""
    if not isinstance(element, (list, tuple)):
        return element
    if len(element) == 2 and all(
        isinstance(e, str) or (type(e) is int and e.bit_length() < 64) for e in element
    ):
        return (str(element[0]), str(element[1]))
    return tuple(element)


# ---------------------------------------------------------------------------- plain text

_EDGE_PAREN = re.compile(r"\(\s*([^\s,()]+)\s*,\s*([^\s,()]+)\s*\)")
_COMMENT = re.compile(r"(^|\s)#(\s|$)")


def _strip_comment(line: str) -> str:
    if line.lstrip().startswith("#") and not re.match(r"^\s*#\d", line):
        return ""
    m = _COMMENT.search(line)
    if m:
        line = line[: m.start()]
    return line


def _tokens(text: str, *, edges: bool = True) -> list[Any]:
    """Split a list value written by hand: words, quoted strings, edges ``(C, I)``."""
    if edges:
        text = _EDGE_PAREN.sub(lambda m: f" {m.group(1)}->{m.group(2)} ", text)
    else:
        text = text.replace("(", " ").replace(")", " ")
    text = text.replace("[", " ").replace("]", " ").replace(",", " ").replace(";", " ")
    out: list[Any] = []
    for token in re.findall(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|\S+', text):
        if token[0] in "\"'":
            token = token[1:-1]
        out.append(token)
    # "<= 2" written with a space is one bound.
    joined: list[Any] = []
    for token in out:
        if joined and joined[-1] in {"<=", ">=", "≤", "≥", "<", ">"}:
            joined[-1] = joined[-1] + token
        else:
            joined.append(token)
    return joined


_KEY_PATTERNS = (
    re.compile(r"^(alpha|beta|window)\s*[(\[]\s*(.+?)\s*[)\]]$", re.IGNORECASE),
    re.compile(r"^(alpha|beta|window)\s*[.\s]\s*(.+)$", re.IGNORECASE),
    re.compile(r"^(.+?)\s*\.\s*(alpha|beta|window|value)$", re.IGNORECASE),
    re.compile(r"^(values?|nodes?)\s*[.\s]\s*(.+)$", re.IGNORECASE),
)


def _parse_text(text: str, source: str | None, fmt: str, limit: int) -> Answers:
    items: list[AnswerItem] = []
    problems: list[AnswerProblem] = []
    seen: dict[tuple[str, str | None], int] = {}
    table: str | None = None
    read = 0
    for number, raw_line in enumerate(_lines(text), 1):
        line = _strip_comment(raw_line).strip()
        if not line:
            continue
        read += 1
        if read > limit:
            problems.append(
                AnswerProblem(
                    _too_many(
                        limit,
                        f"answer lines: the first {limit:,} were read, and reading stopped here",
                    ),
                    number,
                    "answer file",
                )
            )
            break
        header = re.match(r"^\[\s*([^\]]*?)\s*\]$", line)
        if header:
            name = header.group(1).strip().strip('"').lower()
            if name not in _TABLES:
                problems.append(
                    AnswerProblem(
                        f"unknown section [{header.group(1)}]; expected one of "
                        + ", ".join(f"[{t}]" for t in ("values", "alpha", "beta", "window")),
                        number,
                        header.group(1),
                    )
                )
                table = "?"
            else:
                table = name
            continue
        m = re.match(r"^(.*?)\s*(?:=|:(?![^\[]*\]))\s*(.*)$", line)
        if not m or not m.group(1):
            problems.append(
                AnswerProblem(
                    f"cannot read {line!r}: expected 'key = answer' (e.g. 'value = 3')",
                    number,
                )
            )
            continue
        key, rest = m.group(1).strip().strip('"'), m.group(2).strip()
        kind: Kind
        node: str | None = None
        form: str | None = None
        low = key.lower()
        if table == "?":
            continue
        if table is not None:
            kind, node = _TABLES[table], key
        elif low in _TOP_KEYS:
            kind, form = _TOP_KEYS[low]
        else:
            kind, node = "node_value", key
            for pattern in _KEY_PATTERNS:
                km = pattern.match(key)
                if not km:
                    continue
                a, b = km.group(1), km.group(2)
                if a.lower() in {"alpha", "beta", "window"}:
                    kind, node = a.lower(), b  # type: ignore[assignment]
                elif b.lower() in {"alpha", "beta", "window", "value"}:
                    kind = "node_value" if b.lower() == "value" else b.lower()  # type: ignore[assignment]
                    node = a
                else:
                    kind, node = "node_value", b
                break
        node = node.strip('"') if node is not None else None
        ident = (kind, node if kind != "pruned" else low)
        if ident in seen:
            problems.append(
                AnswerProblem(
                    f"duplicate key {key!r} (first given on line {seen[ident]}); "
                    "the first one is checked",
                    number,
                    key,
                )
            )
            continue
        seen[ident] = number
        if not rest:
            if kind == "pruned":
                items.append(AnswerItem(kind, (), node, form, number, key))
            else:
                problems.append(AnswerProblem(f"{key!r} has no answer after '='", number, key))
            continue
        tokens = _tokens(rest, edges=kind == "pruned")
        if kind in _LIST_KINDS:
            given: Any = tuple(tokens)
            if kind == "window" and len(given) != 2:
                problems.append(
                    AnswerProblem(
                        f"{key!r}: expected two numbers [alpha, beta], got {rest!r}", number, key
                    )
                )
                continue
        else:
            if len(tokens) != 1:
                problems.append(
                    AnswerProblem(
                        f"{key!r}: expected one answer, got {len(tokens)} ({rest!r})",
                        number,
                        key,
                    )
                )
                continue
            given = tokens[0]
        item = AnswerItem(kind, given, node, form, number, key)
        problem = shape_problem(item)
        if problem is not None:
            problems.append(AnswerProblem(problem, number, key))
            continue
        items.append(item)
    return Answers(tuple(items), tuple(problems), fmt, source)
