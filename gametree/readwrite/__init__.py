"""Reading and writing game trees: the notation, JSON, DOT and GraphML.

=============  ==========  ===================================================================
Suffix         Format      Contents
=============  ==========  ===================================================================
``.tree``      ``tree``    the tree notation (:mod:`gametree.notation`)
``.json``      ``json``    a nested list ``[[3, 12, 8], ...]``, ``{"tree": [...], "players":
                           [...]}``, or networkx node-link data with every attribute (written)
``.dot``,      ``dot``     Graphviz DOT: ``player``, ``value``, ``label``, ``move``, ``prob``
``.gv``                    and the search annotations as DOT attributes
``.graphml``   ``graphml`` GraphML (networkx), attribute types kept
=============  ==========  ===================================================================

Every reader validates the tree (:func:`gametree.validate`). ``dump`` then ``load`` gives
the same graph: nodes, edges, child order and attributes (JSON and GraphML keep every
attribute, including the search annotations and ``G.graph["search"]``; DOT keeps the
contract attributes and annotations; the notation what it can express). JSON has no
infinity: ``inf`` and ``-inf`` are written as the strings ``"inf"`` and ``"-inf"`` and
read back as floats (in every attribute except the text ones: ``label``, ``player``,
``move``, ``status``, ``bound``).

Examples
--------
>>> import gametree
>>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> print(dumps(G, "tree"))
(A (B 3 12 8) (C 2 4 6) (D 14 5 2))
>>> H = loads(dumps(G, "json"))
>>> list(H.successors("C")), H.nodes["I"]
(['H', 'I', 'J'], {'value': 4})
>>> loads("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]").nodes["K"]["value"]
14
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.attrs import (
    ALPHA,
    BETA,
    BOUND,
    LABEL,
    MOVE,
    PLAYER,
    PROB,
    PV,
    ROOT,
    SEARCH_VALUE,
    STATE,
    STATUS,
    VALUE,
    VISIT,
)
from gametree.builders import from_nested
from gametree.exceptions import InvalidTreeError, TreeFileError, TreeSyntaxError
from gametree.notation import parse, to_notation
from gametree.validation import validate

__all__ = ["FORMATS", "dump", "dumps", "load", "loads"]

FORMATS: dict[str, str] = {
    ".tree": "tree",
    ".json": "json",
    ".dot": "dot",
    ".gv": "dot",
    ".graphml": "graphml",
}
"""File suffix -> format name, as used by :func:`load` and :func:`dump`."""

_FORMAT_NAMES = {
    "tree": "tree",
    "notation": "tree",
    "json": "json",
    "dot": "dot",
    "gv": "dot",
    "graphml": "graphml",
}
# Attributes that hold text: never decoded as numbers.
_TEXT_KEYS = frozenset({LABEL, PLAYER, MOVE, STATUS, BOUND, STATE, "node_type", "id"})
# Attributes that hold numbers: decoded from text in DOT and foreign GraphML.
_NUMBER_KEYS = frozenset({VALUE, PROB, SEARCH_VALUE, ALPHA, BETA, VISIT})
_INFINITIES = {
    "inf": math.inf,
    "+inf": math.inf,
    "-inf": -math.inf,
    "infinity": math.inf,
    "+infinity": math.inf,
    "-infinity": -math.inf,
}
_ID_TYPE_KEY = "gametree_node_ids"
_JSON_SUFFIX = "__json"
# Characters XML 1.0 cannot hold (or normalises, like \r): such strings go through JSON.
_XML_UNSAFE = re.compile("[^\t\n\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def format_name(format: str) -> str:
    """Return the canonical format name for ``format`` (a name or a suffix).

    >>> format_name(".gv"), format_name("notation")
    ('dot', 'tree')
    """
    key = format.lower().lstrip(".")
    if key not in _FORMAT_NAMES:
        known = ", ".join(sorted(_FORMAT_NAMES))
        raise TreeFileError(f"unknown format {format!r}; known formats: {known}")
    return _FORMAT_NAMES[key]


def format_for_path(path: str | os.PathLike[str]) -> str:
    """Return the format of ``path`` from its suffix, or raise :class:`TreeFileError`."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        known = ", ".join(FORMATS)
        shown = repr(suffix) if suffix else "no suffix"
        raise TreeFileError(
            f"{os.fspath(path)}: cannot tell the format from {shown}; known suffixes: {known}"
        )
    return FORMATS[suffix]


def sniff(text: str) -> str:
    """Guess the format of ``text``: JSON, DOT, GraphML or else the notation.

    >>> sniff("[[1, 2], 3]"), sniff("digraph { A -> B }"), sniff("(A 1 2)")
    ('json', 'dot', 'tree')
    """
    head = text.lstrip("\ufeff \t\r\n")[:64]
    if head[:1] in ("[", "{"):
        return "json"
    if head[:1] == "<":
        return "graphml"
    first = head.split(None, 1)[0].lower() if head.split() else ""
    if first in ("digraph", "strict", "graph") or first.startswith(("digraph{", "graph{")):
        return "dot"
    return "tree"


# -- public API -------------------------------------------------------------------


def load(path: str | os.PathLike[str]) -> nx.DiGraph:
    """Read a game tree from a file; the format comes from the suffix.

    Parameters
    ----------
    path : str or path-like
        A ``.tree``, ``.json``, ``.dot``/``.gv`` or ``.graphml`` file.

    Returns
    -------
    networkx.DiGraph
        A valid game tree.

    Raises
    ------
    FileNotFoundError
        If the file does not exist (any ``OSError`` from reading passes through).
    TreeFileError
        Unknown suffix (the message lists the known ones), text that is not UTF-8 (naming
        the byte offset), binary data, or content of the wrong shape.
    TreeSyntaxError
        Text that does not parse, with the file name, line and column.
    InvalidTreeError
        A tree that breaks the contract, naming the file and the node.

    See Also
    --------
    dump, loads

    Examples
    --------
    >>> import tempfile, pathlib, gametree
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "aima.tree"
    >>> _ = path.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))  # AIMA Figure 5.2")
    >>> G = load(path)
    >>> G.nodes["E"]["value"], G.nodes["B"]["player"]
    (3, 'MIN')
    """
    fmt = format_for_path(path)
    name = os.fspath(path)
    data = Path(path).read_bytes()
    try:
        return loads(_decode(data, name), fmt, filename=name)
    except InvalidTreeError as exc:
        if str(exc).startswith(f"{name}: "):
            raise
        raise InvalidTreeError(f"{name}: {exc}", node=exc.node, problems=exc.problems) from None


def dump(G: nx.DiGraph, path: str | os.PathLike[str]) -> None:
    """Write ``G`` to a file in the format named by the suffix (see :func:`dumps`).

    Raises
    ------
    TreeFileError
        Unknown suffix, or an attribute the format cannot hold.
    InvalidTreeError
        If ``G`` is not a valid game tree.

    Examples
    --------
    >>> import tempfile, pathlib, gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "aima.graphml"
    >>> dump(G, path)
    >>> list(load(path).edges("A"))
    [('A', 'B'), ('A', 'C'), ('A', 'D')]
    """
    fmt = format_for_path(path)
    text = dumps(G, fmt)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text if text.endswith("\n") else text + "\n")


def loads(text: str, format: str | None = None, *, filename: str | None = None) -> nx.DiGraph:
    """Read a game tree from a string.

    Parameters
    ----------
    text : str
        The content.
    format : {None, "tree", "json", "dot", "graphml"}
        None sniffs it: JSON when it starts with ``[`` or ``{``, DOT when it starts with
        ``digraph``, ``strict`` or ``graph``, GraphML when it starts with ``<``, else the
        notation. (A ``[`` text that is not JSON is read as notation.)
    filename : str, optional
        Named in error messages.

    Returns
    -------
    networkx.DiGraph
        A valid game tree.

    Examples
    --------
    >>> G = loads('digraph { A [player=MAX]; A -> B; A -> C; B [value=3]; C [value=-1] }')
    >>> list(G.successors("A")), G.nodes["C"]["value"]
    (['B', 'C'], -1)
    """
    if not isinstance(text, str):
        raise TypeError(f"loads() needs a str, got {type(text).__name__}")
    fmt = sniff(text) if format is None else format_name(format)
    if fmt == "tree":
        return parse(text, filename=filename)
    if fmt == "json":
        return _read_json(text, filename, sniffed=format is None)
    if fmt == "dot":
        return _read_dot(text, filename)
    return _read_graphml(text, filename)


def dumps(G: nx.DiGraph, format: str = "tree") -> str:
    """Write ``G`` as text in ``format``: ``"tree"``, ``"json"``, ``"dot"`` or ``"graphml"``.

    JSON is networkx node-link data (``nodes`` and ``edges``, child order kept, ``inf``
    as ``"inf"``); DOT a plain ``digraph`` with the attributes (for a styled diagram
    use the drawing module's ``to_dot``); GraphML keeps attribute types.

    Raises
    ------
    InvalidTreeError
        If ``G`` is not a valid game tree.
    TreeFileError
        If an attribute cannot be written in the format.

    Examples
    --------
    >>> import gametree
    >>> print(dumps(gametree.from_nested([[3, 12]]), "dot"))
    digraph {
      root="A";
      "A" [player="MAX"];
      "B" [player="MIN"];
      "C" [value=3];
      "D" [value=12];
      "A" -> "B";
      "B" -> "C";
      "B" -> "D";
    }
    """
    fmt = format_name(format)
    validate(G)
    if fmt == "tree":
        return to_notation(G)
    if fmt == "json":
        return _write_json(G)
    if fmt == "dot":
        return _write_dot(G)
    return _write_graphml(G)


# -- text ---------------------------------------------------------------------------


def _decode(data: bytes, name: str) -> str:
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


def _syntax_error(
    reason: str, text: str, line: int, column: int, filename: str | None
) -> TreeSyntaxError:
    lines = text.splitlines()
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return TreeSyntaxError(
        reason, line=line, column=max(column, 1), source_line=source, filename=filename
    )


# -- JSON ---------------------------------------------------------------------------


def _decode_inf(text: str) -> Any:
    return _INFINITIES.get(text.lower(), text) if len(text) <= 9 else text


def _decode_value(value: Any) -> Any:
    """Turn "inf"/"-inf" strings back into floats, inside lists and dicts too.

    Works in place on freshly parsed JSON, iteratively (nested lists may be deep).
    """
    if isinstance(value, str):
        return _decode_inf(value)
    stack = [value]
    while stack:
        obj = stack.pop()
        if isinstance(obj, list):
            items: list[tuple[Any, Any]] = list(enumerate(obj))
        elif isinstance(obj, dict):
            items = [(k, v) for k, v in obj.items() if k not in _TEXT_KEYS]
        else:
            continue
        for key, item in items:
            if isinstance(item, str):
                obj[key] = _decode_inf(item)
            elif isinstance(item, (list, dict)):
                stack.append(item)
    return value


def _encode_value(value: Any, where: str) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, (int, str)):
        return str(value) if isinstance(value, str) and type(value) is not str else value
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return "nan" if math.isnan(value) else value
    if isinstance(value, (list, tuple)):
        return [_encode_value(v, where) for v in value]
    if isinstance(value, dict):
        return {str(k): _encode_value(v, where) for k, v in value.items()}
    if type(value).__name__.startswith(("int", "uint")):
        return int(value)
    if type(value).__name__.startswith("float"):
        return _encode_value(float(value), where)
    raise TreeFileError(f"{where}: {value!r} ({type(value).__name__}) cannot be written as JSON")


def _attrs_in(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v if k in _TEXT_KEYS else _decode_value(v) for k, v in data.items()}


def _json_id(value: Any, where: str) -> Hashable:
    if isinstance(value, list):
        return tuple(_json_id(v, where) for v in value)
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return value
    raise InvalidTreeError(f"{where}: node id {value!r} must be a string or a number")


def _read_json(text: str, filename: str | None, *, sniffed: bool = False) -> nx.DiGraph:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if sniffed and text.lstrip("\ufeff \t\r\n").startswith("["):
            return parse(text, filename=filename)
        raise _syntax_error(
            f"invalid JSON: {exc.msg}", text, exc.lineno, exc.colno, filename
        ) from None
    except RecursionError:
        # Nested lists deeper than the json module allows: the notation reads them too.
        return parse(text, filename=filename)
    where = filename or "JSON"
    if isinstance(data, list):
        return from_nested(_decode_value(data))
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
            return from_nested(_decode_value(data["tree"]), players=players)
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
    G.graph.update(_attrs_in(graph))
    if ROOT in G.graph and isinstance(G.graph[ROOT], list):
        G.graph[ROOT] = _json_id(G.graph[ROOT], f"{where}: graph root")
    for i, entry in enumerate(nodes):
        if not isinstance(entry, dict) or "id" not in entry:
            raise InvalidTreeError(f"{where}: nodes[{i}] must be an object with an 'id'")
        node = _json_id(entry["id"], f"{where}: nodes[{i}]")
        if node in G:
            raise InvalidTreeError(f"{where}: node {node!r} is listed twice", node=node)
        G.add_node(node, **_attrs_in({k: v for k, v in entry.items() if k != "id"}))
    for i, entry in enumerate(edges):
        if not isinstance(entry, dict) or "source" not in entry or "target" not in entry:
            raise InvalidTreeError(f"{where}: edges[{i}] must have a 'source' and a 'target'")
        source = _json_id(entry["source"], f"{where}: edges[{i}]")
        target = _json_id(entry["target"], f"{where}: edges[{i}]")
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
        attrs = {k: v for k, v in entry.items() if k not in ("source", "target", "key")}
        G.add_edge(source, target, **_attrs_in(attrs))
    validate(G)
    return G


def _write_json(G: nx.DiGraph) -> str:
    def node_id(node: Hashable) -> Any:
        return _encode_value(list(node) if isinstance(node, tuple) else node, "node id")

    def dump_one(obj: Any) -> str:
        return json.dumps(obj, ensure_ascii=False, allow_nan=False)

    graph = {str(k): _encode_value(v, f"graph attribute {k!r}") for k, v in G.graph.items()}
    lines = [
        '{"directed": true, "multigraph": false,',
        ' "graph": ' + dump_one(graph) + ",",
        ' "nodes": [',
    ]
    nodes = []
    for node, data in G.nodes(data=True):
        entry = {"id": node_id(node)}
        entry.update({str(k): _encode_value(v, f"node {node!r}: {k}") for k, v in data.items()})
        nodes.append("  " + dump_one(entry))
    lines.append(",\n".join(nodes))
    lines.append(" ],")
    lines.append(' "edges": [')
    edges = []
    for u, v, data in G.edges(data=True):
        entry = {"source": node_id(u), "target": node_id(v)}
        entry.update(
            {str(k): _encode_value(x, f"edge {u!r} -> {v!r}: {k}") for k, x in data.items()}
        )
        edges.append("  " + dump_one(entry))
    if edges:
        lines.append(",\n".join(edges))
    lines.append(" ]}")
    return "\n".join(lines) + "\n"


# -- DOT ----------------------------------------------------------------------------


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
    return None


def _dot_attrs(data: dict[str, Any]) -> str:
    parts = []
    for key, value in data.items():
        shown = _dot_value(value)
        if shown is not None:
            parts.append(f"{_dot_quote(str(key)) if not str(key).isidentifier() else key}={shown}")
    return f" [{', '.join(parts)}]" if parts else ""


def _write_dot(G: nx.DiGraph) -> str:
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


def _as_number(text: str) -> int | float | None:
    lowered = text.strip().lower()
    if lowered in _INFINITIES:
        return _INFINITIES[lowered]
    try:
        return int(lowered)
    except ValueError:
        pass
    try:
        number = float(lowered)
    except ValueError:
        return None
    return number


def _dot_attr_value(key: str, raw: str) -> Any:
    text, quoted = _dot_unquote(raw)
    if key in _NUMBER_KEYS:
        number = _as_number(text)
        return text if number is None else number
    if key == PV or (not quoted and text.lower() in ("true", "false")):
        return text.lower() == "true" if text.lower() in ("true", "false") else text
    if key in _TEXT_KEYS and key != MOVE:
        return text
    if not quoted:
        number = _as_number(text)
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


def _read_dot(text: str, filename: str | None) -> nx.DiGraph:
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
        raise _syntax_error(
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
            number = _as_number(str(data[LABEL]))
            if number is not None:
                data[VALUE] = number
    validate(G)
    return G


# -- GraphML ------------------------------------------------------------------------


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
                _encode_value(value, f"attribute {name!r}"), allow_nan=False
            )
    return out


def _write_graphml(G: nx.DiGraph) -> str:
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


def _graphml_decode(data: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key.endswith(_JSON_SUFFIX):
            try:
                out[key[: -len(_JSON_SUFFIX)]] = _decode_value(json.loads(value))
            except (TypeError, json.JSONDecodeError):
                out[key] = value
        elif key in _NUMBER_KEYS and isinstance(value, str):
            number = _as_number(value)
            out[key] = value if number is None else number
        else:
            out[key] = value
    return out


def _read_graphml(data: str, filename: str | None) -> nx.DiGraph:
    from xml.etree.ElementTree import ParseError

    where = filename or "GraphML"
    try:
        raw = nx.parse_graphml(data)
    except ParseError as exc:
        line, column = exc.position
        raise _syntax_error(
            f"invalid GraphML (XML): {exc}", data, line, column + 1, filename
        ) from None
    except (nx.NetworkXError, KeyError, ValueError, TypeError) as exc:
        raise TreeFileError(f"{where}: cannot read GraphML: {exc}") from None
    if not raw.is_directed():
        raise TreeFileError(f"{where}: the GraphML graph is undirected; a game tree is directed")
    if raw.is_multigraph():
        raise TreeFileError(f"{where}: the GraphML graph has parallel edges")
    graph = _graphml_decode(
        {k: v for k, v in raw.graph.items() if k not in ("node_default", "edge_default")}
    )
    as_int = graph.pop(_ID_TYPE_KEY, None) == "int"

    def ident(node: str) -> Hashable:
        return int(node) if as_int else node

    G = nx.DiGraph()
    G.graph.update(graph)
    for node, attrs in raw.nodes(data=True):
        G.add_node(ident(node), **_graphml_decode(attrs))
    for u, v, attrs in raw.edges(data=True):
        G.add_edge(ident(u), ident(v), **_graphml_decode(attrs))
    validate(G)
    return G
