"""Graphviz DOT: the contract attributes and the search annotations as DOT attributes.

A plain ``digraph`` (for a styled diagram use :func:`gametree.to_dot`). Reading also
takes trees drawn elsewhere: ``shape=triangle``/``invtriangle`` give MAX/MIN, a leaf's
numeric ``label`` its value, an edge ``label`` its move.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import networkx as nx

from gametree.attrs import LABEL, MOVE, PLAYER, PV, ROOT, VALUE
from gametree.exceptions import TreeFileError
from gametree.readwrite.common import NUMBER_KEYS, TEXT_KEYS, as_number, syntax_error
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
    return None


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


def _dot_attr_value(key: str, raw: str) -> Any:
    text, quoted = _dot_unquote(raw)
    if key in NUMBER_KEYS:
        number = as_number(text)
        return text if number is None else number
    if key == PV or (not quoted and text.lower() in ("true", "false")):
        return text.lower() == "true" if text.lower() in ("true", "false") else text
    if key in TEXT_KEYS and key != MOVE:
        return text
    if not quoted:
        number = as_number(text)
        if number is not None:
            return number
    return text


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
    try:
        graphs = list(GraphParser.parser.parse_string(text, parse_all=True))
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
    G = nx.DiGraph()
    for key, raw in top.get_attributes().items():
        G.graph[key] = _dot_unquote(raw)[0] if key == ROOT else _dot_attr_value(key, raw)
    # Subgraphs, iteratively: node statements first, then edges in file order.
    pending: list[Any] = [top]
    all_edges = []
    while pending:
        graph = pending.pop(0)
        for node in graph.get_nodes():
            name = _dot_unquote(node.get_name())[0]
            if name in ("node", "edge", "graph"):
                continue
            attrs = {k: _dot_attr_value(k, v) for k, v in node.get_attributes().items()}
            G.add_node(name, **attrs)
        all_edges.extend(graph.get_edges())
        pending.extend(graph.get_subgraphs())
    for edge in all_edges:
        source = _dot_endpoint(edge.get_source(), where)
        target = _dot_endpoint(edge.get_destination(), where)
        raw_attrs = dict(edge.get_attributes())
        if LABEL in raw_attrs and MOVE not in raw_attrs:
            raw_attrs[MOVE] = raw_attrs.pop(LABEL)
        attrs = {k: _dot_attr_value(k, v) for k, v in raw_attrs.items()}
        G.add_edge(source, target, **attrs)
    for node, data in G.nodes(data=True):
        if G._succ[node]:
            if PLAYER not in data and data.get("shape") in _DOT_SHAPE_PLAYERS:
                data[PLAYER] = _DOT_SHAPE_PLAYERS[data["shape"]]
            if isinstance(data.get(PLAYER), str):
                data[PLAYER] = data[PLAYER].upper()
        elif VALUE not in data and LABEL in data:
            number = as_number(str(data[LABEL]))
            if number is not None:
                data[VALUE] = number
    validate(G)
    return G
