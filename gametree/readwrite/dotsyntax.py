r"""Graphviz DOT syntax: a tokenizer and an iterative parser, no pydot grammar.

Reads the DOT language as Graphviz defines it: ``strict``, ``graph``/``digraph``, node,
edge and attribute statements, ``ID = ID`` statements, edge chains (``a -> b -> c``),
subgraphs and clusters nested to any depth, ports (``a:n``), quoted strings with
escapes, line continuations and ``+`` concatenation, HTML strings (``<...>``), and
``//``, ``/* */`` and ``#`` comments. Keywords are case-insensitive; a quoted keyword
(``"node"``) is an ordinary id.

It is a single pass over the tokens with an explicit stack of open braces, so it runs
in time linear in the text and never recurses. Errors are
:class:`~gametree.exceptions.TreeSyntaxError` with the line and column.

What :func:`parse_dot_syntax` returns is the file's statements flattened: the
attributes of the top graph (``ID = ID`` and ``graph [...]`` at the top level), the
top-level ``node [...]``/``edge [...]`` defaults, the nodes in order of first mention
with the attributes of their node statements, and the edges in file order. An edge to
or from a subgraph (``{a b} -> c``) is refused: gametree writes one edge per pair.

>>> g = parse_dot_syntax('digraph { a [x=1]; a -> "b" -> c [label="m"] }')
>>> list(g.nodes), [(u, v, d["label"].text) for u, v, d in g.edges]
(['a', 'b', 'c'], [('a', 'b', 'm'), ('b', 'c', 'm')])
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import NamedTuple

from gametree.exceptions import TreeFileError, TreeSyntaxError
from gametree.inputs import too_many_nodes
from gametree.quoting import quoted
from gametree.readwrite.common import syntax_error

__all__ = ["KEYWORDS", "DotGraph", "DotId", "parse_dot_syntax", "position"]

KEYWORDS = frozenset({"strict", "graph", "digraph", "subgraph", "node", "edge"})
"""DOT's keywords (any case): a node with such a name must be quoted."""

_SKIP = r"(?:[ \t\r\n\f\v\ufeff]+|//[^\n]*|/\*.*?\*/|(?<![^\n])\#[^\n]*)*"
_TOKEN = re.compile(
    _SKIP
    + r"""(?:
      (?P<num>-?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?))
    | (?P<id>[A-Za-z_\u0080-\U0010ffff][A-Za-z_0-9\u0080-\U0010ffff]*)
    | (?P<str>"[^"\\]*(?:\\.[^"\\]*)*")
    | (?P<op>->|--|[{}\[\];,=:+<])
    | (?P<end>\Z)
    | (?P<bad>/\*|"|.)
    )""",
    re.VERBOSE | re.DOTALL,
)
# After a numeral, a character that would run on into it (Graphviz: "badly delimited").
# The fast path: every token's text in one findall (its first character tells its kind);
# anything unusual (an error, HTML nested deeper than 4) goes to the exact tokenizer.
_FAST = re.compile(
    _SKIP
    + r"""(
      -?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[A-Za-z_0-9.\u0080-\U0010ffff]*
    | [A-Za-z_\u0080-\U0010ffff][A-Za-z_0-9\u0080-\U0010ffff]*
    | "[^"\\]*(?:\\.[^"\\]*)*"
    | <(?:[^<>]|<(?:[^<>]|<(?:[^<>]|<[^<>]*>)*>)*>)*>
    | ->|--|[{}\[\];,=:+]
    | \Z
    | /\*|.
    )""",
    re.VERBOSE | re.DOTALL,
)
_NUMERAL = re.compile(r"-?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)")
_OPS = {op: op for op in ("->", "--", "{", "}", "[", "]", ";", ",", "=", ":", "+")}
_FIRST = {chr(c): "bad" for c in range(128)}
_FIRST.update({c: "id" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_"})
_FIRST.update({c: "num" for c in "0123456789-."})
_FIRST.update({'"': "str", "<": "html", "": "end"})
_RUN_ON = re.compile(r"[A-Za-z_0-9.\u0080-\U0010ffff]")
_ANGLES = re.compile(r"[<>]")
_ESCAPE = re.compile(r"\\(\r\n|[\s\S])")


class DotId(NamedTuple):
    """One DOT id as written: its text, kind and place.

    ``text`` is unescaped (quotes removed, ``\\"``, ``\\\\`` and ``\\n`` decoded, line
    continuations dropped, HTML strings without their outer ``<>``); ``raw`` is the
    source as written (``\\0`` is gametree's escape for NUL, which a file cannot hold);
    ``kind`` is ``"id"``, ``"num"``, ``"str"`` or ``"html"``;
    ``token`` is the index of its (first) token.
    """

    text: str
    kind: str
    raw: str
    token: int

    @property
    def quoted(self) -> bool:
        """True for a quoted or HTML string (never a number or keyword)."""
        return self.kind in ("str", "html")


Attrs = dict[str, DotId]
_new = tuple.__new__  # builds a DotId without NamedTuple's Python-level __new__


@dataclass
class DotGraph:
    """The statements of one DOT graph, flattened (see the module documentation)."""

    strict: bool
    directed: bool
    name: DotId | None
    attrs: Attrs = field(default_factory=dict)
    node_defaults: Attrs = field(default_factory=dict)
    edge_defaults: Attrs = field(default_factory=dict)
    nodes: dict[str, Attrs] = field(default_factory=dict)
    node_ids: dict[str, DotId] = field(default_factory=dict)
    edges: list[tuple[str, str, Attrs]] = field(default_factory=list)


def position(text: str, offset: int) -> tuple[int, int]:
    """Return the 1-based line and column of ``offset`` in ``text``."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _unescape(body: str) -> str:
    def one(match: re.Match[str]) -> str:
        c = match[1]
        if c in ("\n", "\r\n"):
            return ""
        return {"n": "\n", '"': '"', "\\": "\\", "0": "\x00"}.get(c, match[0])

    return _ESCAPE.sub(one, body) if "\\" in body else body


class _Tokens:
    """The token stream: parallel lists of kinds and values; offsets found on demand."""

    def __init__(self, text: str, filename: str | None) -> None:
        self.text = text
        self.filename = filename
        self._starts: list[int] | None = None
        if not self.fast():
            self.exact()

    @property
    def starts(self) -> list[int]:
        """Offset of each token (computed on the first error)."""
        if self._starts is None:
            self._starts = [m.start(1) for m in _FAST.finditer(self.text)]
        return self._starts

    def fast(self) -> bool:
        """Tokenize in one ``findall``; False when the exact tokenizer must look."""
        values: list[str] = _FAST.findall(self.text)
        first = _FIRST
        kinds = [_OPS.get(t) or first.get(t[:1], "id") for t in values]
        if "bad" in kinds or '"' in values or "<" in values:
            return False
        numeral = _NUMERAL.fullmatch
        if not all(numeral(values[i]) for i, k in enumerate(kinds) if k == "num"):
            return False
        keywords = {t for t in set(values) if t.lower() in KEYWORDS}
        if keywords:
            for i, t in enumerate(values):
                if t in keywords:
                    kinds[i] = "kw"
                    values[i] = t.lower()
        self.kinds = kinds
        self.values = values
        return True

    def exact(self) -> None:
        """Tokenize one token at a time: any HTML depth, and errors at their place."""
        text = self.text
        kinds: list[str] = []
        values: list[str] = []
        starts: list[int] = []
        pos = 0
        match = _TOKEN.match
        n = len(text)
        while True:
            m = match(text, pos)
            assert m is not None  # the last alternative takes any character
            group = m.lastgroup or "bad"
            start = m.start(group)
            pos = m.end()
            if group == "op":
                token = m.group(group)
                if token == "<":
                    pos = self.html_end(start)
                    kinds.append("html")
                    values.append(text[start:pos])
                else:
                    kinds.append(token)
                    values.append(token)
            elif group == "id":
                token = m.group(group)
                lowered = token.lower()
                kinds.append("kw" if lowered in KEYWORDS else "id")
                values.append(lowered if lowered in KEYWORDS else token)
            elif group == "str":
                kinds.append("str")
                values.append(m.group(group))
            elif group == "num":
                token = m.group(group)
                if pos < n and _RUN_ON.match(text, pos):
                    rest = re.match(r"[A-Za-z_0-9.\u0080-\U0010ffff]*", text[pos:])
                    word = token + (rest[0] if rest else "")
                    raise self.error(
                        f"badly delimited number {word[:30]!r}: DOT reads {token!r} and then "
                        f"{word[len(token) :][:30]!r}, an attribute with no value; DOT numbers "
                        "are plain decimals (no 0x10, 1_0 or 1e5): quote other text",
                        start,
                    )
                kinds.append("num")
                values.append(token)
            elif group == "end":
                kinds.append("end")
                values.append("")
                starts.append(start)
                break
            else:
                token = m.group(group)
                if token == "/*":
                    raise self.error("comment '/*' is never closed", start)
                if token == '"':
                    raise self.error("string is never closed (no closing '\"')", start)
                raise self.error(f"unexpected character {token!r} in DOT", start)
            starts.append(start)
        self.kinds = kinds
        self.values = values
        self._starts = starts

    def html_end(self, start: int) -> int:
        depth = 0
        search = _ANGLES.search
        pos = start
        while True:
            m = search(self.text, pos)
            if m is None:
                raise self.error("HTML string '<' is never closed", start)
            depth += 1 if m[0] == "<" else -1
            pos = m.end()
            if depth == 0:
                return pos

    def error(self, reason: str, offset: int) -> TreeSyntaxError:
        line, column = position(self.text, offset)
        return syntax_error(reason, self.text, line, column, self.filename)


_IDS = frozenset({"id", "num", "str", "html"})


def _describe(kind: str, value: str) -> str:
    if kind == "end":
        return "the end of the text"
    shown = value if len(value) <= 30 else value[:27] + "..."
    return f"keyword {shown!r}" if kind == "kw" else repr(shown)


def parse_dot_syntax(
    text: str, *, filename: str | None = None, max_nodes: int | None = None
) -> DotGraph:
    """Parse one DOT graph; return its statements (see the module documentation).

    ``max_nodes`` stops the parse at the first node past it (None: no limit; the
    reader :func:`gametree.readwrite.dotfile.parse_dot` passes the node limit).

    Raises
    ------
    TreeSyntaxError
        Text that is not DOT, with the line and column; a node past ``max_nodes``.
    TreeFileError
        An edge to or from a subgraph, or more than one graph.
    """
    tokens = _Tokens(text, filename)
    kinds, values = tokens.kinds, tokens.values
    i = 0

    def error(reason: str, at: int) -> TreeSyntaxError:
        """The error at token ``at``."""
        return tokens.error(reason, tokens.starts[at])

    def expected(what: str, at: int) -> TreeSyntaxError:
        return error(f"invalid DOT: expected {what}, found {_describe(kinds[at], values[at])}", at)

    def take_id(at: int) -> tuple[DotId, int]:
        """The id at token ``at`` (with ``+`` concatenation); return it and the next index."""
        kind = kinds[at]
        raw = values[at]
        if kind == "str" and kinds[at + 1] != "+":
            inner = raw[1:-1]
            text = _unescape(inner) if "\\" in inner else inner
            return _new(DotId, (text, kind, raw, at)), at + 1
        if kind == "str":
            first = at
            body = [raw[1:-1]]
            while kinds[at + 1] == "+" and kinds[at + 2] == "str":
                at += 2
                body.append(values[at][1:-1])
                raw += " + " + values[at]
            return _new(DotId, (_unescape("".join(body)), "str", raw, first)), at + 1
        if kind == "html":
            return _new(DotId, (raw[1:-1], "html", raw, at)), at + 1
        return _new(DotId, (raw, kind, raw, at)), at + 1

    def attr_list(at: int, place: str) -> tuple[Attrs, int]:
        """Read ``[k=v, ...]`` lists from ``at`` (which is ``[``)."""
        attrs: Attrs = {}
        while kinds[at] == "[":
            at += 1
            while kinds[at] != "]":
                if kinds[at] == "id" and kinds[at + 1] == "=":
                    name = values[at]  # the common case: a bare name
                    at += 1
                else:
                    if kinds[at] not in _IDS:
                        raise expected("an attribute name or ']'", at)
                    key, at = take_id(at)
                    name = key.text
                    if kinds[at] != "=":
                        raise error(
                            f"attribute {quoted(name)} of {place} has no value; write "
                            "name=... (DOT needs name=value)",
                            key.token,
                        )
                if kinds[at + 1] not in _IDS:
                    raise expected(f"a value for attribute {name!r}", at + 1)
                attrs[name], at = take_id(at + 1)
                if kinds[at] in (",", ";"):
                    at += 1
            at += 1
        return attrs, at

    if kinds[i] == "kw" and values[i] == "strict":
        strict = True
        i += 1
    else:
        strict = False
    if kinds[i] != "kw" or values[i] not in ("graph", "digraph"):
        raise expected("'digraph' or 'graph'", i)
    directed = values[i] == "digraph"
    i += 1
    name = None
    if kinds[i] in _IDS:
        name, i = take_id(i)
    if kinds[i] != "{":
        raise expected("'{'", i)
    graph = DotGraph(strict=strict, directed=directed, name=name)
    nodes = graph.nodes
    node_ids = graph.node_ids
    edges = graph.edges
    wrong_op = "--" if directed else "->"
    where = filename or "DOT"

    def mention(ident: DotId) -> str:
        if ident.text not in nodes:
            if max_nodes is not None and len(nodes) >= max_nodes:
                raise error(too_many_nodes(max_nodes), ident.token)
            nodes[ident.text] = {}
            node_ids[ident.text] = ident
        return ident.text

    def subgraph_edge(at: int) -> TreeFileError:
        line, column = position(text, tokens.starts[at])
        return TreeFileError(
            f"{where}: an edge to or from a subgraph ({{a b}} -> c) is not supported "
            f"(line {line}, column {column}); write one edge per pair of nodes"
        )

    opened = [i]  # the open braces (token indices), the graph's own first
    i += 1
    while True:
        kind = kinds[i]
        if kind == ";":
            i += 1
        elif kind == "}":
            opened.pop()
            i += 1
            if not opened:
                break
            if kinds[i] in ("->", "--"):
                raise subgraph_edge(i)
        elif kind == "{":
            opened.append(i)
            i += 1
        elif kind == "kw":
            word = values[i]
            if word == "subgraph":
                i += 1
                if kinds[i] in _IDS:
                    i += 1
                if kinds[i] != "{":
                    raise expected("'{' after 'subgraph'", i)
                opened.append(i)
                i += 1
            elif word in ("graph", "node", "edge"):
                if kinds[i + 1] != "[":
                    raise error(
                        f"invalid DOT: {word!r} is a keyword: write {word} [...] for "
                        f'defaults, or quote it ("{word}") to name a node',
                        i,
                    )
                attrs, i = attr_list(i + 1, f"the {word} defaults")
                if len(opened) == 1:
                    target = {
                        "graph": graph.attrs,
                        "node": graph.node_defaults,
                        "edge": graph.edge_defaults,
                    }[word]
                    target.update(attrs)
            else:
                raise expected("a statement", i)
        elif kind in _IDS:
            ident, i = take_id(i)
            if kinds[i] == "=":
                if kinds[i + 1] not in _IDS:
                    raise expected(f"a value for {ident.text!r}", i + 1)
                value, i = take_id(i + 1)
                if len(opened) == 1:
                    graph.attrs[ident.text] = value
                continue
            chain = [mention(ident)]
            i = _skip_port(kinds, values, i, expected)
            while kinds[i] in ("->", "--"):
                if kinds[i] == wrong_op:
                    raise error(
                        f"invalid DOT: {wrong_op!r} in a {'digraph' if directed else 'graph'}; "
                        f"edges are written {'->' if directed else '--'}",
                        i,
                    )
                i += 1
                if kinds[i] == "{" or (kinds[i] == "kw" and values[i] == "subgraph"):
                    raise subgraph_edge(i)
                if kinds[i] not in _IDS:
                    raise expected("a node after the edge operator", i)
                target_id, i = take_id(i)
                chain.append(mention(target_id))
                i = _skip_port(kinds, values, i, expected)
            if len(chain) == 1:
                place = f"node {chain[0]!r}"
            else:
                place = f"edge {chain[0]!r} -> {chain[1]!r}"
            attrs, i = attr_list(i, place) if kinds[i] == "[" else ({}, i)
            if len(chain) == 1:
                nodes[chain[0]].update(attrs)
            else:
                for u, v in itertools.pairwise(chain):
                    edges.append((u, v, dict(attrs)))
        elif kind == "end":
            raise error("invalid DOT: '{' is never closed (expected '}')", opened[-1])
        else:
            raise expected("a statement", i)
    if kinds[i] != "end":
        if kinds[i] == "kw" and values[i] in ("graph", "digraph", "strict"):
            raise TreeFileError(f"{where}: expected one DOT graph, found more than one")
        raise expected("the end of the text after the graph", i)
    return graph


def _skip_port(kinds: list[str], values: list[str], i: int, expected: object) -> int:
    """Skip ``:port`` and ``:port:compass`` after a node id."""
    for _ in range(2):
        if kinds[i] != ":":
            break
        if kinds[i + 1] not in _IDS:
            raise expected("a port name after ':'", i + 1)  # type: ignore[operator]
        i += 2
    return i
