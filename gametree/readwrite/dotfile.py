"""Graphviz DOT: the contract attributes and the search annotations as DOT attributes.

A plain ``digraph`` (for a styled diagram use :func:`gametree.to_dot`). Reading also
takes trees drawn elsewhere: ``shape=triangle``/``invtriangle`` give MAX/MIN, a leaf's
numeric ``label`` its value, an edge ``label`` its move.

The text is read by gametree's own DOT parser (:mod:`gametree.readwrite.dotsyntax`):
linear time, any nesting depth. Node ids come back as strings. Attribute values: a
quoted string is text (``"3"`` stays ``"3"``), except ``"inf"``/``"-inf"`` outside
the text attributes (:data:`~gametree.readwrite.common.TEXT_KEYS`), which are
infinities, and in ``value``, ``prob`` and the other number attributes, where numbers
are read from text too; a bare numeral is a number (``3``, ``-0.5``) and bare
``true``/``false`` are booleans. Strings escape ``"``, ``\\``, newlines (``\\n``) and
NUL (``\\0``, gametree's own escape: a file cannot hold NUL). Attributes that are not
scalars (lists, dicts) are not written.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from fractions import Fraction
from typing import Any

import networkx as nx

from gametree.attrs import BOUNDS, LABEL, MOVE, PLAYER, PV, ROOT, VALUE
from gametree.builders import bulk_build
from gametree.exceptions import InvalidTreeError, TreeFileError
from gametree.inputs import node_limit
from gametree.readwrite.common import (
    NUMBER_KEYS,
    SURROGATES,
    TEXT_KEYS,
    NumberRangeError,
    as_number,
    bounds_text,
    check_key,
    check_number,
    check_text,
    decode_bounds,
    spells_infinity,
    text_ids,
)
from gametree.readwrite.dotsyntax import KEYWORDS, DotId, parse_dot_syntax
from gametree.validation import validate

__all__ = ["generate_dot", "parse_dot"]


_BARE = re.compile(r"[A-Za-z_\u0080-\U0010ffff][A-Za-z_0-9\u0080-\U0010ffff]*")


def _dot_quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped.replace("\x00", "\\0") + '"'


def _dot_key(key: str) -> str:
    return key if _BARE.fullmatch(key) and key.lower() not in KEYWORDS else _dot_quote(key)


def _float_text(value: float) -> str:
    """A finite float as a plain DOT numeral that reads back as the same float."""
    text = format(Decimal(repr(value)), "f")
    return text if "." in text else text + ".0"


def _dot_value(key: str, value: Any, where: str) -> str | None:
    """``value`` as DOT text, None for what DOT does not hold, or refuse what reads back wrong."""
    if type(value).__name__.startswith(("int", "uint")) and not isinstance(value, (int, bool)):
        value = int(value)
    elif type(value).__name__.startswith("float") and not isinstance(value, float):
        value = float(value)
    text_key = key in TEXT_KEYS
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        check_number(value, where, "DOT")
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return None
        if math.isinf(value):
            if text_key:
                raise TreeFileError(
                    f"{where}: {key} is the float {value!r}, which DOT reads back as text"
                )
            return '"inf"' if value > 0 else '"-inf"'
        return _float_text(value)
    if isinstance(value, Fraction):
        if key not in NUMBER_KEYS:
            raise TreeFileError(
                f"{where}: {key} is the fraction {value}; DOT reads fractions back only in "
                f"{', '.join(sorted(NUMBER_KEYS))}"
            )
        return _dot_quote(f"{value.numerator}/{value.denominator}")
    if isinstance(value, str):
        check_text(value, where, "DOT", SURROGATES)
        text = str(value)
        try:
            number = as_number(text) if key in NUMBER_KEYS or key == PV else None
        except NumberRangeError:
            number = None
        if (
            (not text_key and spells_infinity(text))
            or number is not None
            or (key == PV and text.lower() in ("true", "false"))
        ):
            raise TreeFileError(
                f"{where}: {key} is the text {text!r}, which DOT reads back as a number; "
                "write JSON or GraphML to keep it"
            )
        return _dot_quote(text)
    pair = bounds_text(value)
    return None if pair is None else _dot_quote(pair)


def _dot_attrs(data: dict[Any, Any], where: str) -> str:
    parts = []
    for key, value in data.items():
        name = check_key(key, where, "DOT", SURROGATES)
        shown = _dot_value(name, value, f"{where}: {name}")
        if shown is not None:
            parts.append(f"{_dot_key(name)}={shown}")
    return f" [{', '.join(parts)}]" if parts else ""


def generate_dot(G: nx.DiGraph) -> str:
    """Return ``G`` as a ``digraph`` (see the module documentation for what is kept).

    Raises
    ------
    TreeFileError
        For what would not read back the same, naming the node: two ids with the same
        text, NUL or lone surrogates, an edge ``label`` without a ``move`` (read back as
        the move), a leaf without value whose ``label`` is a number (read back as its
        value), text that reads back as a number, an integer beyond float range.
    """
    lines = ["digraph {"]
    if G.graph.get(ROOT) is not None:
        root = str(G.graph[ROOT])
        check_text(root, "the graph root", "DOT", SURROGATES)
        lines.append(f"  root={_dot_quote(root)};")
    ids = {node: _dot_quote(name) for node, name in text_ids(G, "DOT").items()}
    succ = G._succ
    for node, data in G.nodes(data=True):
        if not succ[node] and VALUE not in data and LABEL in data:
            try:
                number = as_number(str(data[LABEL]))
            except NumberRangeError:
                number = None
            if number is not None:
                raise TreeFileError(
                    f"node {node!r}: a leaf without a value and with the label "
                    f"{data[LABEL]!r} reads back from DOT with that number as its value"
                )
        lines.append(f"  {ids[node]}{_dot_attrs(data, f'node {node!r}')};")
    for u, v, data in G.edges(data=True):
        where = f"edge {u!r} -> {v!r}"
        if LABEL in data and MOVE not in data:
            raise TreeFileError(
                f"{where}: an edge label without a move reads back from DOT as the move; "
                "set the move too or write JSON or GraphML"
            )
        lines.append(f"  {ids[u]} -> {ids[v]}{_dot_attrs(data, where)};")
    lines.append("}")
    return "\n".join(lines)


def _dot_attr_value(key: str, ident: DotId, *, place: str, node: Any) -> Any:
    text = ident.text
    if key == BOUNDS:
        return decode_bounds(text)
    if key in NUMBER_KEYS:
        try:
            number = as_number(text)
        except NumberRangeError as exc:
            raise InvalidTreeError(f"{place}: {key}: {exc}", node=node) from None
        return text if number is None else number
    lowered = text.lower()
    if (key == PV or not ident.quoted) and lowered in ("true", "false"):
        return lowered == "true"
    if ident.quoted:
        if key not in TEXT_KEYS and spells_infinity(text):
            return as_number(text)
        return text
    if ident.kind == "num":
        try:
            number = as_number(text)
        except NumberRangeError:
            return text
        return text if number is None else number
    return text


_DOT_SHAPE_PLAYERS = {"triangle": "MAX", "invtriangle": "MIN"}


def parse_dot(
    text: str, *, filename: str | None = None, max_nodes: int | None = None
) -> nx.DiGraph:
    """Read a game tree from DOT text (see the module documentation).

    ``max_nodes`` is the node limit (default :func:`gametree.inputs.node_limit`).

    Raises
    ------
    TreeSyntaxError
        Text that is not DOT, with the line and column; the first node past the
        node limit.
    TreeFileError
        An undirected graph, an edge to or from a subgraph, several graphs.
    InvalidTreeError
        A tree that breaks the contract, naming the node.
    """
    limit = node_limit(max_nodes)
    with bulk_build():
        return _read_dot(text, filename, limit)


def _read_dot(text: str, filename: str | None, max_nodes: int) -> nx.DiGraph:
    where = filename or "DOT"
    top = parse_dot_syntax(text, filename=filename, max_nodes=max_nodes)
    if not top.directed:
        raise TreeFileError(
            f"{where}: the DOT graph is undirected ('graph'); a game tree "
            "needs 'digraph' with '->' edges"
        )
    G = nx.DiGraph()
    for key, ident in top.attrs.items():
        G.graph[key] = (
            ident.text if key == ROOT else _dot_attr_value(key, ident, place="the graph", node=None)
        )
    for name, attrs in top.nodes.items():
        place = f"node {name!r}"
        G.add_node(
            name, **{k: _dot_attr_value(k, v, place=place, node=name) for k, v in attrs.items()}
        )
    for source, target, raw_attrs in top.edges:
        if LABEL in raw_attrs and MOVE not in raw_attrs:
            raw_attrs[MOVE] = raw_attrs.pop(LABEL)
        place = f"edge {source!r} -> {target!r}"
        G.add_edge(
            source,
            target,
            **{k: _dot_attr_value(k, v, place=place, node=source) for k, v in raw_attrs.items()},
        )
    for node, data in G.nodes(data=True):
        if G._succ[node]:
            if PLAYER not in data and data.get("shape") in _DOT_SHAPE_PLAYERS:
                data[PLAYER] = _DOT_SHAPE_PLAYERS[data["shape"]]
            if isinstance(data.get(PLAYER), str):
                data[PLAYER] = data[PLAYER].upper()
        elif VALUE not in data and LABEL in data:
            try:
                number = as_number(str(data[LABEL]))
            except NumberRangeError as exc:
                raise InvalidTreeError(f"node {node!r}: label: {exc}", node=node) from None
            if number is not None:
                data[VALUE] = number
    validate(G)
    return G
