"""GraphML (networkx): attribute types kept; other values travel as JSON text."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Hashable
from typing import Any

import networkx as nx

from gametree.attrs import BOUNDS, ROOT
from gametree.exceptions import InvalidTreeError, TreeFileError
from gametree.inputs import node_limit, too_many_nodes
from gametree.quoting import one_line
from gametree.readwrite.common import (
    NUMBER_KEYS,
    TEXT_KEYS,
    NumberRangeError,
    as_number,
    check_key,
    check_number,
    check_text,
    decode_bounds,
    decode_value,
    encode_value,
    error_at_literal,
    read_float,
    read_int,
    syntax_error,
)
from gametree.readwrite.jsonfile import node_id_from_json, node_id_to_json
from gametree.validation import validate

__all__ = ["generate_graphml", "parse_graphml"]

_ID_TYPE_KEY = "gametree_node_ids"
_JSON_SUFFIX = "__json"
# Characters XML 1.0 cannot hold (or normalises, like \r): such strings go through JSON.
_XML_UNSAFE = re.compile("[^\t\n\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
# In an XML attribute (ids, attribute names) tabs and newlines become spaces too.
_ATTRIBUTE_UNSAFE = re.compile("[^\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _graphml_attrs(data: dict[Any, Any], where: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        name = check_key(key, where, "GraphML")
        check_text(name, where, "GraphML (in an attribute name)", _ATTRIBUTE_UNSAFE)
        if name.endswith(_JSON_SUFFIX) or name == _ID_TYPE_KEY:
            raise TreeFileError(
                f"{where}: attribute name {name!r} is reserved in gametree's GraphML "
                f"(a name ending in {_JSON_SUFFIX!r} holds JSON text); rename it"
            )
        if isinstance(value, str) and not _XML_UNSAFE.search(value):
            out[name] = str(value)
        elif isinstance(value, int) and not isinstance(value, bool):
            check_number(value, f"{where}: {name}", "GraphML")
            out[name] = int(value)
        elif isinstance(value, (bool, float)):
            out[name] = value
        elif type(value).__name__.startswith(("int", "uint")):
            out[name] = int(value)
        elif type(value).__name__.startswith("float"):
            out[name] = float(value)
        else:
            out[name + _JSON_SUFFIX] = json.dumps(
                encode_value(value, f"{where}: {name}", text=name in TEXT_KEYS), allow_nan=False
            )
    return out


def _id_kind(G: nx.DiGraph) -> str:
    """How the node ids are written: as they are, as ints, or as JSON text."""
    if all(type(n) is str and not _ATTRIBUTE_UNSAFE.search(n) for n in G):
        return "str"
    if all(isinstance(n, int) and not isinstance(n, bool) for n in G):
        return "int"
    return "json"


def generate_graphml(G: nx.DiGraph) -> str:
    kind = _id_kind(G)

    def ident(node: Hashable) -> Hashable:
        if kind == "int":
            check_number(node, f"node {node!r}", "GraphML")  # type: ignore[arg-type]
        if kind != "json":
            return node
        return json.dumps(node_id_to_json(node))

    H = nx.DiGraph()
    H.graph.update(_graphml_attrs({k: v for k, v in G.graph.items() if k != ROOT}, "graph"))
    if kind != "str":
        H.graph[_ID_TYPE_KEY] = kind
    if G.graph.get(ROOT) is not None:
        H.graph[ROOT] = ident(G.graph[ROOT]) if G.graph[ROOT] in G else G.graph[ROOT]
    for node, data in G.nodes(data=True):
        H.add_node(ident(node), **_graphml_attrs(data, f"node {node!r}"))
    for u, v, data in G.edges(data=True):
        H.add_edge(ident(u), ident(v), **_graphml_attrs(data, f"edge {u!r} -> {v!r}"))
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


def _converter(read: Callable[[str], Any], kind: type) -> Callable[[Any], Any]:
    """A GraphML number type's reader: text through ``read`` (the number rule), a value
    already read passed through (networkx converts a key's ``<default>`` twice), and an
    empty ``<default/>`` refused as not a number."""

    def convert(value: Any) -> Any:
        if isinstance(value, kind) and not isinstance(value, bool):
            return value
        if not isinstance(value, str):
            raise ValueError(f"a <default> of type {kind.__name__} holds no number")
        return read(value)

    return convert


def _read_graphml(data: str, max_nodes: int) -> nx.Graph:
    """networkx's GraphML reader, with numbers checked against the number rule and the
    nodes counted as they are added (stopping at the first past ``max_nodes``)."""
    from networkx.readwrite.graphml import GraphMLReader

    class Reader(GraphMLReader):  # type: ignore[misc]
        def add_node(self, G: nx.Graph, *args: Any) -> None:
            super().add_node(G, *args)
            self.count(G)

        def add_edge(self, G: nx.Graph, *args: Any) -> None:
            super().add_edge(G, *args)  # (an edge may name nodes not listed)
            self.count(G)

        def decode_data_elements(self, keys: dict[str, Any], element: Any) -> Any:
            # An empty <data key="..."/> is the empty string, as networkx reads it since
            # 3.3; earlier releases dropped the attribute (a label "" lost on the way).
            data = super().decode_data_elements(keys, element)
            for item in element.findall(f"{{{self.NS_GRAPHML}}}data"):
                if item.text is None and len(item) == 0 and item.get("key") in keys:
                    data.setdefault(keys[item.get("key")]["name"], "")
            return data

        def count(self, G: nx.Graph) -> None:
            if len(G) > max_nodes:
                node = next(reversed(G._node))  # the node just added
                raise TreeFileError(f"node {node!r}: {too_many_nodes(max_nodes)}")

    reader = Reader()
    for name in ("int", "long"):
        reader.python_type[name] = _converter(read_int, int)
    for name in ("float", "double"):
        reader.python_type[name] = _converter(read_float, float)
    graphs = list(reader(string=data))
    if not graphs:
        # Like networkx: a bare <graphml> header without the namespace.
        header = '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
        graphs = list(reader(string=data.replace("<graphml>", header)))
    if len(graphs) != 1:
        raise TreeFileError(f"expected one GraphML graph, found {len(graphs)}")
    return graphs[0]


def parse_graphml(
    data: str, *, filename: str | None = None, max_nodes: int | None = None
) -> nx.DiGraph:
    from xml.etree.ElementTree import ParseError

    where = filename or "GraphML"
    limit = node_limit(max_nodes)
    try:
        raw = _read_graphml(data, limit)
    except NumberRangeError as exc:
        raise error_at_literal(exc.args[0], exc.args[1], data, filename) from None
    except TreeFileError as exc:
        raise TreeFileError(f"{where}: {exc}") from None
    except ParseError as exc:
        line, column = exc.position
        raise syntax_error(
            f"invalid GraphML (XML): {one_line(str(exc))}", data, line, column + 1, filename
        ) from None
    except (nx.NetworkXError, KeyError, ValueError, TypeError) as exc:
        raise TreeFileError(f"{where}: cannot read GraphML: {one_line(str(exc))}") from None
    if not raw.is_directed():
        raise TreeFileError(f"{where}: the GraphML graph is undirected; a game tree is directed")
    if raw.is_multigraph():
        raise TreeFileError(f"{where}: the GraphML graph has parallel edges")
    # A key's <default> holds for every node (edge) that has no value of its own.
    node_default = raw.graph.get("node_default") or {}
    edge_default = raw.graph.get("edge_default") or {}
    graph = _graphmldecode_text(
        {k: v for k, v in raw.graph.items() if k not in ("node_default", "edge_default")},
        f"{where}: graph",
    )
    kind = graph.pop(_ID_TYPE_KEY, None)

    def ident(node: str) -> Hashable:
        if kind not in ("int", "json"):
            return node
        try:
            if kind == "int":
                return read_int(node)
            return node_id_from_json(
                json.loads(node, parse_float=read_float, parse_int=read_int), where
            )
        except (ValueError, NumberRangeError, RecursionError):
            raise InvalidTreeError(
                f"{where}: node id {node[:40]!r} is not "
                f"{'an integer' if kind == 'int' else 'JSON text'}, but "
                f"{_ID_TYPE_KEY}={kind!r} says every id is one",
                node=node,
            ) from None

    if isinstance(graph.get(ROOT), str):
        graph[ROOT] = ident(graph[ROOT])

    G = nx.DiGraph()
    G.graph.update(graph)
    for node, attrs in raw.nodes(data=True):
        attrs = {**node_default, **attrs}
        G.add_node(ident(node), **_graphmldecode_text(attrs, f"{where}: node {node!r}"))
    for u, v, attrs in raw.edges(data=True):
        attrs = {**edge_default, **attrs}
        place = f"{where}: edge {u!r} -> {v!r}"
        G.add_edge(ident(u), ident(v), **_graphmldecode_text(attrs, place))
    validate(G)
    return G
