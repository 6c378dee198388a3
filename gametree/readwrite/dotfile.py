"""Graphviz DOT: the contract attributes and the search annotations as DOT attributes.

A plain ``digraph`` (for a styled diagram use :func:`gametree.to_dot`). Reading also
takes trees drawn elsewhere: ``shape=triangle``/``invtriangle`` give MAX/MIN, a leaf's
numeric ``label`` its value, an edge ``label`` its move.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import networkx as nx

from gametree.attrs import BOUNDS, LABEL, MOVE, PLAYER, PV, ROOT, VALUE
from gametree.exceptions import InvalidTreeError, TreeFileError
from gametree.readwrite.common import (
    NUMBER_KEYS,
    TEXT_KEYS,
    NumberRangeError,
    as_number,
    bounds_text,
    decode_bounds,
    syntax_error,
)
from gametree.validation import validate

__all__ = ["generate_dot", "parse_dot"]


def _dot_quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _dot_value(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        text = repr(value)
        return text if all(c in "-.0123456789" for c in text) else _dot_quote(text)
    if isinstance(value, str):
        return _dot_quote(str(value))
    if type(value).__name__.startswith(("int", "uint")):
        return str(int(value))
    if type(value).__name__.startswith("float"):
        return _dot_value(float(value))
    if isinstance(value, Fraction):
        return _dot_quote(f"{value.numerator}/{value.denominator}")
    pair = bounds_text(value)
    return None if pair is None else _dot_quote(pair)


def _dot_attrs(data: dict[str, Any]) -> str:
    parts = []
    for key, value in data.items():
        shown = _dot_value(value)
        if shown is not None:
            parts.append(f"{_dot_quote(str(key)) if not str(key).isidentifier() else key}={shown}")
    return f" [{', '.join(parts)}]" if parts else ""


def generate_dot(G: nx.DiGraph) -> str:
    lines = ["digraph {"]
    if ROOT in G.graph:
        shown = _dot_value(G.graph[ROOT]) or _dot_quote(str(G.graph[ROOT]))
        lines.append(f"  root={shown if shown.startswith(chr(34)) else _dot_quote(shown)};")
    for node, data in G.nodes(data=True):
        lines.append(f"  {_dot_quote(str(node))}{_dot_attrs(data)};")
    for u, v, data in G.edges(data=True):
        lines.append(f"  {_dot_quote(str(u))} -> {_dot_quote(str(v))}{_dot_attrs(data)};")
    lines.append("}")
    return "\n".join(lines)


def _dot_unquote(text: str) -> tuple[str, bool]:
    if len(text) >= 2 and text[0] == '"' and text[-1] == '"':
        body = text[1:-1]
        out = []
        i = 0
        while i < len(body):
            c = body[i]
            if c == "\\" and i + 1 < len(body):
                nxt = body[i + 1]
                if nxt == "\n":
                    i += 2
                    continue
                out.append({"n": "\n", '"': '"', "\\": "\\"}.get(nxt, c + nxt))
                i += 2
                continue
            out.append(c)
            i += 1
        return "".join(out), True
    if text.startswith("<") and text.endswith(">"):
        return text[1:-1], True
    return text, False


def _dot_attr_value(
    key: str, raw: str | None, *, place: str, node: Any, text_: str, filename: str | None
) -> Any:
    if raw is None:
        # pydot reads ``[x]``, and ``0x10`` or ``1_0`` as ``0`` then ``[x10]``, as no value.
        line, column = _locate(text_, key)
        raise syntax_error(
            f"attribute {key!r} of {place} has no value; write {key}=... "
            "(DOT numerals are plain decimals: no 0x10, no 1_0)",
            text_,
            line,
            column,
            filename,
        )
    text, quoted = _dot_unquote(raw)
    if key == BOUNDS:
        return decode_bounds(text)
    if key in NUMBER_KEYS:
        try:
            number = as_number(text)
        except NumberRangeError as exc:
            raise InvalidTreeError(f"{place}: {key}: {exc}", node=node) from None
        return text if number is None else number
    if key == PV or (not quoted and text.lower() in ("true", "false")):
        return text.lower() == "true" if text.lower() in ("true", "false") else text
    if key in TEXT_KEYS and key != MOVE:
        return text
    if not quoted:
        try:
            number = as_number(text)
        except NumberRangeError:
            return text
        if number is not None:
            return number
    return text


def _locate(text: str, token: str) -> tuple[int, int]:
    """Line and column of the first ``token`` standing as a word in ``text`` (1, 1 if none)."""
    match = re.search(r"(?<![\w.])\d*" + re.escape(token) + r"(?!\w)", text)
    if match is None:
        return 1, 1
    before = text[: match.start()]
    return before.count("\n") + 1, match.start() - (before.rfind("\n") + 1) + 1


def _dot_endpoint(raw: Any, where: str) -> str:
    """The node id at one end of a DOT edge, without a port (``a:n`` is node ``a``)."""
    if not isinstance(raw, str):
        raise TreeFileError(
            f"{where}: an edge to or from a subgraph ({{a b}} -> c) is not supported; "
            "write one edge per pair of nodes"
        )
    if not raw.startswith('"') and ":" in raw:
        raw = raw.split(":", 1)[0]
    elif raw.startswith('"') and not raw.endswith('"'):
        raw = raw[: raw.rindex('"', 1) + 1] if raw.count('"') >= 2 else raw
    return _dot_unquote(raw)[0]


MAX_NESTING = 8
"""The deepest nesting of ``{`` a DOT file may have (the graph's own braces count).

pydot's grammar recurses and backtracks on nested subgraphs: its time doubles with each
level (12 levels take about 10 s), so deeper files are refused up front.
"""


def _check_nesting(text: str, filename: str | None) -> None:
    """Refuse braces nested deeper than :data:`MAX_NESTING`, naming where (outside strings)."""
    depth = 0
    quoted = False
    escaped = False
    for offset, char in enumerate(text):
        if quoted:
            escaped = not escaped and char == "\\"
            quoted = escaped or char != '"'
        elif char == '"':
            quoted = True
        elif char == "{":
            depth += 1
            if depth > MAX_NESTING:
                line = text.count("\n", 0, offset) + 1
                column = offset - (text.rfind("\n", 0, offset) + 1) + 1
                raise syntax_error(
                    f"braces (subgraphs) nested deeper than {MAX_NESTING} levels",
                    text,
                    line,
                    column,
                    filename,
                )
        elif char == "}":
            depth -= 1


_DOT_SHAPE_PLAYERS = {"triangle": "MAX", "invtriangle": "MIN"}


def parse_dot(text: str, *, filename: str | None = None) -> nx.DiGraph:
    import warnings

    with warnings.catch_warnings():
        # pydot's grammar uses pyparsing names that newer pyparsing deprecates.
        warnings.simplefilter("ignore", DeprecationWarning)
        import pydot
        from pydot.dot_parser import GraphParser
        from pyparsing import ParseBaseException

    where = filename or "DOT"
    _check_nesting(text, filename)
    try:
        graphs = list(GraphParser.parser.parse_string(text, parse_all=True))
    except RecursionError:
        raise TreeFileError(
            f"{where}: DOT nested too deeply to read (at most {MAX_NESTING} levels of braces)"
        ) from None
    except ParseBaseException as exc:
        raise syntax_error(
            f"invalid DOT: {exc.msg}", text, exc.lineno, exc.column, filename
        ) from None
    if len(graphs) != 1:
        raise TreeFileError(f"{where}: expected one DOT graph, found {len(graphs)}")
    top: pydot.Dot = graphs[0]
    if top.get_type() != "digraph":
        raise TreeFileError(
            f"{where}: the DOT graph is undirected ('graph'); a game tree "
            "needs 'digraph' with '->' edges"
        )

    def attrs_of(element: Any, place: str, node: Any) -> dict[str, Any]:
        return {
            k: _dot_attr_value(k, v, place=place, node=node, text_=text, filename=filename)
            for k, v in element.items()
        }

    G = nx.DiGraph()
    for key, value in attrs_of(top.get_attributes(), "the graph", None).items():
        G.graph[key] = _dot_unquote(top.get_attributes()[key])[0] if key == ROOT else value
    # Subgraphs, iteratively: node statements first, then edges in file order.
    pending: list[Any] = [top]
    all_edges = []
    while pending:
        graph = pending.pop(0)
        for node in graph.get_nodes():
            name = _dot_unquote(node.get_name())[0]
            if name in ("node", "edge", "graph"):
                continue
            G.add_node(name, **attrs_of(node.get_attributes(), f"node {name!r}", name))
        all_edges.extend(graph.get_edges())
        pending.extend(graph.get_subgraphs())
    for edge in all_edges:
        source = _dot_endpoint(edge.get_source(), where)
        target = _dot_endpoint(edge.get_destination(), where)
        raw_attrs = dict(edge.get_attributes())
        if LABEL in raw_attrs and MOVE not in raw_attrs:
            raw_attrs[MOVE] = raw_attrs.pop(LABEL)
        place = f"edge {source!r} -> {target!r}"
        G.add_edge(source, target, **attrs_of(raw_attrs, place, source))
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
