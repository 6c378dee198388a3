"""JSON: nested lists, ``{"tree": ..., "players": ...}`` and networkx node-link data.

Written as node-link data with every attribute; JSON has no infinity, so ``inf`` and
``-inf`` are the strings ``"inf"`` and ``"-inf"`` (read back as floats in every
attribute except the text ones), and no ratio, so an exact ``Fraction`` is the tagged
object ``{"gametree:fraction": "1/3"}`` (read back as the Fraction in any attribute).
"""

from __future__ import annotations

import json
import math
from collections.abc import Hashable
from typing import Any

import networkx as nx

from gametree.attrs import BOUNDS, ROOT
from gametree.builders import from_nested
from gametree.exceptions import InvalidTreeError, TreeFileError
from gametree.inputs import node_limit, too_many_nodes
from gametree.notation import parse
from gametree.readwrite.common import (
    SURROGATES,
    TEXT_KEYS,
    NumberRangeError,
    check_key,
    check_number,
    check_text,
    decode_bounds,
    decode_fraction,
    decode_value,
    encode_value,
    error_at_literal,
    read_float,
    read_int,
    syntax_error,
)
from gametree.validation import validate

__all__ = ["generate_json", "node_id_from_json", "node_id_to_json", "parse_json"]


# Attribute names node-link data uses itself; an attribute of that name is written with
# the prefix (which a name starting with it also gets, so reading removes exactly one).
_RESERVED = {"node": frozenset({"id"}), "edge": frozenset({"source", "target", "key"})}
_PREFIX = "gametree:"


def _key_out(key: str, kind: str) -> str:
    return _PREFIX + key if key in _RESERVED[kind] or key.startswith(_PREFIX) else key


def _attrs_in(data: dict[str, Any]) -> dict[str, Any]:
    # A text attribute is read as it is, but for a tagged fraction (never text).
    out = {
        k.removeprefix(_PREFIX): (
            decode_fraction(v) if k.removeprefix(_PREFIX) in TEXT_KEYS else decode_value(v)
        )
        for k, v in data.items()
    }
    if BOUNDS in out:
        out[BOUNDS] = decode_bounds(out[BOUNDS])
    return out


def node_id_from_json(value: Any, where: str) -> Hashable:
    """A node id read from JSON: a string or a number, a list read as a tuple (GraphML
    keeps ids that are not strings this way too)."""
    if isinstance(value, list):
        return tuple(node_id_from_json(v, where) for v in value)
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return value  # (node ids are never decoded: a node "inf" stays a string)
    raise InvalidTreeError(f"{where}: node id {value!r} must be a string or a number")


def _counting_hooks(text: str, limit: int, where: str) -> dict[str, Any]:
    """``json.loads`` hooks that stop decoding once the nodes seen pass ``limit``.

    A nested list's numbers are its leaves; node-link data's nodes are the objects with
    an ``id`` (edges have a ``source``). Either count is at most the tree's nodes, so a
    tree within the limit always decodes, and a larger one stops early.
    """
    count = 0

    def passed(what: str = "") -> TreeFileError:
        return TreeFileError(f"{where}: {what}{too_many_nodes(limit)}")

    if text.lstrip("\ufeff \t\r\n").startswith("["):

        def leaf(read: Any) -> Any:
            def counted(literal: str) -> Any:
                nonlocal count
                count += 1
                if count > limit:
                    raise passed()
                return read(literal)

            return counted

        return {"parse_int": leaf(read_int), "parse_float": leaf(read_float)}

    def node(obj: dict[str, Any]) -> dict[str, Any]:
        nonlocal count
        if "id" in obj and "source" not in obj:
            count += 1
            if count > limit:
                raise passed(f"node {obj['id']!r}: ")
        return obj

    return {"parse_int": read_int, "parse_float": read_float, "object_hook": node}


def parse_json(
    text: str,
    *,
    filename: str | None = None,
    sniffed: bool = False,
    max_nodes: int | None = None,
) -> nx.DiGraph:
    where = filename or "JSON"
    limit = node_limit(max_nodes)
    try:
        data = json.loads(text, **_counting_hooks(text, limit, where))
    except NumberRangeError as exc:
        raise error_at_literal(exc.args[0], exc.args[1], text, filename) from None
    except json.JSONDecodeError as exc:
        if sniffed and text.lstrip("\ufeff \t\r\n").startswith("["):
            return parse(text, filename=filename, max_nodes=limit)
        raise syntax_error(
            f"invalid JSON: {exc.msg}", text, exc.lineno, exc.colno, filename
        ) from None
    except RecursionError:
        # Nested lists deeper than the json module allows: the notation reads them too.
        return parse(text, filename=filename, max_nodes=limit)
    if isinstance(data, list):
        try:
            return from_nested(decode_value(data), max_nodes=limit)
        except TreeFileError as exc:
            raise TreeFileError(f"{where}: {exc}") from None
    if not isinstance(data, dict):
        raise TreeFileError(
            f"{where}: expected a nested list or an object, got {type(data).__name__}"
        )
    if "nodes" in data:
        return _read_node_link(data, where)
    if "tree" in data:
        players = data.get("players", ["MAX", "MIN"])
        if not isinstance(players, list):
            raise TreeFileError(f'{where}: \'players\' must be a list such as ["MIN", "MAX"]')
        try:
            return from_nested(decode_value(data["tree"]), players=players, max_nodes=limit)
        except ValueError as exc:
            if isinstance(exc, InvalidTreeError):
                raise
            raise TreeFileError(f"{where}: {exc}") from None
    keys = ", ".join(repr(k) for k in list(data)[:5]) or "none"
    raise TreeFileError(
        f"{where}: a JSON object must be node-link data (with 'nodes' and 'edges') or "
        f"{{'tree': [...], 'players': [...]}}; found keys {keys}"
    )


def _read_node_link(data: dict[str, Any], where: str) -> nx.DiGraph:
    if data.get("directed") is False:
        raise TreeFileError(f"{where}: node-link data is undirected; a game tree is directed")
    if data.get("multigraph") is True:
        raise TreeFileError(f"{where}: node-link data is a multigraph; a game tree is not")
    nodes = data["nodes"]
    edges = data.get("edges", data.get("links", []))
    graph = data.get("graph", {})
    if not isinstance(nodes, list) or not isinstance(edges, list) or not isinstance(graph, dict):
        raise TreeFileError(f"{where}: 'nodes' and 'edges' must be lists and 'graph' an object")
    G = nx.DiGraph()
    G.graph.update(_attrs_in({k: v for k, v in graph.items() if k != ROOT}))
    if ROOT in graph:
        G.graph[ROOT] = (
            None if graph[ROOT] is None else node_id_from_json(graph[ROOT], f"{where}: root")
        )
    for i, entry in enumerate(nodes):
        if not isinstance(entry, dict) or "id" not in entry:
            raise InvalidTreeError(f"{where}: nodes[{i}] must be an object with an 'id'")
        node = node_id_from_json(entry["id"], f"{where}: nodes[{i}]")
        if node in G:
            raise InvalidTreeError(f"{where}: node {node!r} is listed twice", node=node)
        attrs = {k: v for k, v in entry.items() if k not in _RESERVED["node"]}
        G.add_node(node, **_attrs_in(attrs))
    for i, entry in enumerate(edges):
        if not isinstance(entry, dict) or "source" not in entry or "target" not in entry:
            raise InvalidTreeError(f"{where}: edges[{i}] must have a 'source' and a 'target'")
        source = node_id_from_json(entry["source"], f"{where}: edges[{i}]")
        target = node_id_from_json(entry["target"], f"{where}: edges[{i}]")
        for end in (source, target):
            if end not in G:
                raise InvalidTreeError(
                    f"{where}: edges[{i}] {source!r} -> {target!r}: {end!r} is not a listed node",
                    node=end,
                )
        if G.has_edge(source, target):
            raise InvalidTreeError(
                f"{where}: edge {source!r} -> {target!r} is listed twice", node=source
            )
        attrs = {k: v for k, v in entry.items() if k not in _RESERVED["edge"]}
        G.add_edge(source, target, **_attrs_in(attrs))
    validate(G)
    return G


def node_id_to_json(node: Any) -> Any:
    """A node id as JSON: a string, an int, a finite float or a list of those (a tuple);
    :func:`node_id_from_json` reads it back."""
    if isinstance(node, tuple):
        return [node_id_to_json(part) for part in node]
    if isinstance(node, str):
        check_text(node, f"node {node!r}", "JSON", SURROGATES)
        return str(node)
    if isinstance(node, int) and not isinstance(node, bool):
        check_number(node, f"node {node!r}", "JSON")
        return int(node)
    if isinstance(node, float) and math.isfinite(node):
        return node
    raise TreeFileError(
        f"node {node!r}: a JSON node id is a string, an integer, a finite float or a "
        f"tuple of those, not {type(node).__name__} {node!r}"
    )


def _attrs_out(data: dict[Any, Any], kind: str, where: str) -> dict[str, Any]:
    return {
        _key_out(check_key(k, where, "JSON", SURROGATES), kind): encode_value(
            v, f"{where}: {k}", text=k in TEXT_KEYS
        )
        for k, v in data.items()
    }


def generate_json(G: nx.DiGraph) -> str:
    node_id = node_id_to_json

    def dump_one(obj: Any) -> str:
        return json.dumps(obj, ensure_ascii=False, allow_nan=False)

    graph = {
        check_key(k, "graph", "JSON", SURROGATES): encode_value(v, f"graph attribute {k!r}")
        for k, v in G.graph.items()
        if k != ROOT
    }
    if ROOT in G.graph:
        graph[ROOT] = None if G.graph[ROOT] is None else node_id(G.graph[ROOT])
    lines = [
        '{"directed": true, "multigraph": false,',
        ' "graph": ' + dump_one(graph) + ",",
        ' "nodes": [',
    ]
    nodes = []
    for node, data in G.nodes(data=True):
        entry = {"id": node_id(node)}
        entry.update(_attrs_out(data, "node", f"node {node!r}"))
        nodes.append("  " + dump_one(entry))
    lines.append(",\n".join(nodes))
    lines.append(" ],")
    lines.append(' "edges": [')
    edges = []
    for u, v, data in G.edges(data=True):
        entry = {"source": node_id(u), "target": node_id(v)}
        entry.update(_attrs_out(data, "edge", f"edge {u!r} -> {v!r}"))
        edges.append("  " + dump_one(entry))
    if edges:
        lines.append(",\n".join(edges))
    lines.append(" ]}")
    return "\n".join(lines) + "\n"
