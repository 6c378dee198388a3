"""GraphML (networkx): attribute types kept; other values travel as JSON text."""

from __future__ import annotations

import json
import re
from collections.abc import Hashable
from typing import Any

import networkx as nx

from gametree.attrs import BOUNDS
from gametree.exceptions import InvalidTreeError, TreeFileError
from gametree.readwrite.common import (
    NUMBER_KEYS,
    NumberRangeError,
    as_number,
    decode_bounds,
    decode_value,
    encode_value,
    error_at_literal,
    read_float,
    read_int,
    syntax_error,
)
from gametree.validation import validate

__all__ = ["generate_graphml", "parse_graphml"]

_ID_TYPE_KEY = "gametree_node_ids"
_JSON_SUFFIX = "__json"
# Characters XML 1.0 cannot hold (or normalises, like \r): such strings go through JSON.
_XML_UNSAFE = re.compile("[^\t\n\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _graphml_attrs(data: dict[Any, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        name = str(key)
        if isinstance(value, str) and not _XML_UNSAFE.search(value):
            out[name] = str(value)
        elif isinstance(value, (bool, int, float)):
            out[name] = value
        elif type(value).__name__.startswith(("int", "uint")):
            out[name] = int(value)
        elif type(value).__name__.startswith("float"):
            out[name] = float(value)
        else:
            out[name + _JSON_SUFFIX] = json.dumps(
                encode_value(value, f"attribute {name!r}"), allow_nan=False
            )
    return out


def generate_graphml(G: nx.DiGraph) -> str:
    H = nx.DiGraph()
    H.graph.update(_graphml_attrs(G.graph))
    if G and all(isinstance(n, int) and not isinstance(n, bool) for n in G):
        H.graph[_ID_TYPE_KEY] = "int"
    for node, data in G.nodes(data=True):
        H.add_node(node, **_graphml_attrs(data))
    for u, v, data in G.edges(data=True):
        H.add_edge(u, v, **_graphml_attrs(data))
    try:
        return "\n".join(nx.generate_graphml(H))
    except (nx.NetworkXError, TypeError, ValueError) as exc:
        raise TreeFileError(f"cannot write GraphML: {exc}") from None


def _graphmldecode_text(data: dict[str, Any], place: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key.endswith(_JSON_SUFFIX):
            try:
                parsed = json.loads(value, parse_float=read_float, parse_int=read_int)
            except (TypeError, json.JSONDecodeError):
                out[key] = value
                continue
            except RecursionError:
                raise TreeFileError(f"{place}: {key}: JSON nested too deeply") from None
            except NumberRangeError as exc:
                raise TreeFileError(f"{place}: {key}: {exc.args[0]}") from None
            name = key[: -len(_JSON_SUFFIX)]
            out[name] = decode_bounds(parsed) if name == BOUNDS else decode_value(parsed)
        elif key in NUMBER_KEYS and isinstance(value, str):
            try:
                number = as_number(value)
            except NumberRangeError as exc:
                raise TreeFileError(f"{place}: {key}: {exc}") from None
            out[key] = value if number is None else number
        else:
            out[key] = value
    return out


def _read_graphml(data: str) -> nx.Graph:
    """networkx's GraphML reader, with numbers checked against the number rule."""
    from networkx.readwrite.graphml import GraphMLReader

    reader = GraphMLReader()
    for name, convert in (("int", read_int), ("long", read_int)):
        reader.python_type[name] = convert
    for name in ("float", "double"):
        reader.python_type[name] = read_float
    graphs = list(reader(string=data))
    if not graphs:
        # Like networkx: a bare <graphml> header without the namespace.
        header = '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
        graphs = list(reader(string=data.replace("<graphml>", header)))
    if len(graphs) != 1:
        raise TreeFileError(f"expected one GraphML graph, found {len(graphs)}")
    return graphs[0]


def parse_graphml(data: str, *, filename: str | None = None) -> nx.DiGraph:
    from xml.etree.ElementTree import ParseError

    where = filename or "GraphML"
    try:
        raw = _read_graphml(data)
    except NumberRangeError as exc:
        raise error_at_literal(exc.args[0], exc.args[1], data, filename) from None
    except TreeFileError as exc:
        raise TreeFileError(f"{where}: {exc}") from None
    except ParseError as exc:
        line, column = exc.position
        raise syntax_error(
            f"invalid GraphML (XML): {exc}", data, line, column + 1, filename
        ) from None
    except (nx.NetworkXError, KeyError, ValueError, TypeError) as exc:
        raise TreeFileError(f"{where}: cannot read GraphML: {exc}") from None
    if not raw.is_directed():
        raise TreeFileError(f"{where}: the GraphML graph is undirected; a game tree is directed")
    if raw.is_multigraph():
        raise TreeFileError(f"{where}: the GraphML graph has parallel edges")
    graph = _graphmldecode_text(
        {k: v for k, v in raw.graph.items() if k not in ("node_default", "edge_default")},
        f"{where}: graph",
    )
    as_int = graph.pop(_ID_TYPE_KEY, None) == "int"

    def ident(node: str) -> Hashable:
        if not as_int:
            return node
        try:
            return read_int(node)
        except (ValueError, NumberRangeError):
            raise InvalidTreeError(
                f"{where}: node id {node[:40]!r} is not an integer, but "
                f"{_ID_TYPE_KEY}='int' says every id is one",
                node=node,
            ) from None

    G = nx.DiGraph()
    G.graph.update(graph)
    for node, attrs in raw.nodes(data=True):
        G.add_node(ident(node), **_graphmldecode_text(attrs, f"{where}: node {node!r}"))
    for u, v, attrs in raw.edges(data=True):
        place = f"{where}: edge {u!r} -> {v!r}"
        G.add_edge(ident(u), ident(v), **_graphmldecode_text(attrs, place))
    validate(G)
    return G
