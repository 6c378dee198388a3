"""GraphML (networkx): attribute types kept; other values travel as JSON text."""

from __future__ import annotations

import json
import re
from collections.abc import Hashable
from typing import Any

import networkx as nx

from gametree.exceptions import TreeFileError
from gametree.readwrite.common import (
    NUMBER_KEYS,
    as_number,
    decode_value,
    encode_value,
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


def _graphmldecode_text(data: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key.endswith(_JSON_SUFFIX):
            try:
                out[key[: -len(_JSON_SUFFIX)]] = decode_value(json.loads(value))
            except (TypeError, json.JSONDecodeError):
                out[key] = value
        elif key in NUMBER_KEYS and isinstance(value, str):
            number = as_number(value)
            out[key] = value if number is None else number
        else:
            out[key] = value
    return out


def parse_graphml(data: str, *, filename: str | None = None) -> nx.DiGraph:
    from xml.etree.ElementTree import ParseError

    where = filename or "GraphML"
    try:
        raw = nx.parse_graphml(data)
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
        {k: v for k, v in raw.graph.items() if k not in ("node_default", "edge_default")}
    )
    as_int = graph.pop(_ID_TYPE_KEY, None) == "int"

    def ident(node: str) -> Hashable:
        return int(node) if as_int else node

    G = nx.DiGraph()
    G.graph.update(graph)
    for node, attrs in raw.nodes(data=True):
        G.add_node(ident(node), **_graphmldecode_text(attrs))
    for u, v, attrs in raw.edges(data=True):
        G.add_edge(ident(u), ident(v), **_graphmldecode_text(attrs))
    validate(G)
    return G
