"""Reading the tree notation (its grammar is in :mod:`gametree.notation`).

One pass over lazily read tokens builds a record per node, without recursion (100,000
levels of nesting parse); the nodes are then named breadth-first, as
:func:`gametree.from_nested` names them, and the graph is built in bulk and validated.
Errors give the line and column with the source line quoted and a caret under the
problem.

>>> G = parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
>>> list(G.successors("C")), G.nodes["I"]["value"], G.nodes["C"]["player"]
(['H', 'I', 'J'], 4, 'MIN')
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import networkx as nx

from gametree.attrs import MOVE, PLAYER, PROB, ROOT, VALUE
from gametree.builders import bulk_build, letter_ids
from gametree.exceptions import TreeSyntaxError
from gametree.inputs import node_limit, too_many_nodes
from gametree.notation.lexicon import DEFAULT_PLAYERS, IDENTIFIER, PLAYER_WORDS, unescape
from gametree.validation import validate

__all__ = ["parse"]


# Token kinds.
_NUMBER = "number"
_NAME = "name"
_STRING = "string"
_PLAYER = "player"
_PUNCT = "punct"
_END = "end"

_TOKEN_RE = re.compile(
    r"""
    (?P<skip>(?:[ \t\r\n\f\v\ufeff]+|\#[^\n]*)+)
  | (?P<punct>[()\[\]{}:=*,])
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<quote>["'])
  | (?P<word>[^\s()\[\]{}:=*,\#"'][^\s()\[\]{}:=*,\#"]*)
    """,
    re.VERBOSE,
)
_NUMBER_RE = re.compile(
    r"[+-]?(?:(?P<int>\d+)|(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?"
    r"|(?P<num>\d+)/(?P<den>\d+)|(?P<inf>inf|infinity))",
    re.IGNORECASE,
)


@dataclass(slots=True)
class _Record:
    """One node as written: its explicit name, head items and children."""

    pos: int
    depth: int
    name: str | None = None
    player: str | None = None
    value: Any = None
    has_value: bool = False
    attrs: dict[str, Any] | None = None
    # (child, edge attributes, position): child is a record index or a referenced name.
    children: list[tuple[int | str, dict[str, Any], int]] = field(default_factory=list)


class _Parser:
    def __init__(self, text: str, filename: str | None, max_nodes: int) -> None:
        self.text = text
        self.filename = filename
        self.max_nodes = max_nodes
        self.kinds: list[str] = []
        self.values: list[Any] = []
        self.starts: list[int] = []
        self.source = self.tokens()
        self.i = 0
        self.records: list[_Record] = []
        self.defined: dict[str, int] = {}
        self.no_comma = False

    # -- errors -------------------------------------------------------------------
    def error(self, reason: str, pos: int) -> TreeSyntaxError:
        text = self.text
        pos = max(0, min(pos, len(text)))
        line = text.count("\n", 0, pos) + 1
        line_start = text.rfind("\n", 0, pos) + 1
        line_end = text.find("\n", pos)
        if line_end < 0:
            line_end = len(text)
        return TreeSyntaxError(
            reason,
            line=line,
            column=pos - line_start + 1,
            source_line=text[line_start:line_end],
            filename=self.filename,
        )

    def where(self, pos: int) -> str:
        line = self.text.count("\n", 0, pos) + 1
        column = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        return f"line {line}, column {column}"

    # -- tokens -------------------------------------------------------------------
    def tokens(self) -> Iterator[tuple[str, Any, int]]:
        """Yield (kind, value, start) lazily, so an error early in a huge text is quick."""
        for match in _TOKEN_RE.finditer(self.text):
            group = match.lastgroup
            if group == "skip":
                continue
            start = match.start()
            token = match.group()
            if group == "punct":
                yield _PUNCT, token, start
            elif group == "word":
                kind, value = self.classify(token, start)
                yield kind, value, start
            elif group == "string":
                body = unescape(token[1:-1])
                yield _STRING, body, start
            else:
                raise self.error(f"unterminated string: no closing {token} on this line", start)
        while True:
            yield _END, None, len(self.text)

    def fill(self, j: int) -> None:
        kinds, values, starts = self.kinds, self.values, self.starts
        source = self.source
        # Read ahead in batches: fewer calls, and still quick to fail on early junk.
        for kind, value, start in itertools.islice(source, j + 512 - len(kinds)):
            kinds.append(kind)
            values.append(value)
            starts.append(start)

    def here(self) -> int:
        """Start offset of the current token."""
        if self.i >= len(self.starts):
            self.fill(self.i)
        return self.starts[self.i]

    def classify(self, word: str, start: int) -> tuple[str, Any]:
        match = _NUMBER_RE.fullmatch(word)
        if match is not None:
            return _NUMBER, _number(word, match, lambda why: self.error(why, start))
        if IDENTIFIER.fullmatch(word):
            upper = word.upper()
            if upper in PLAYER_WORDS:
                return _PLAYER, upper
            if upper == "NAN":
                raise self.error("NaN is not allowed as a value", start)
            return _NAME, word
        if word[0] in "+-.0123456789":
            raise self.error(f"{word!r} is not a number", start)
        bad = next((c for c in word if not (c.isalnum() or c in "_'.+-!?")), word[0])
        raise self.error(
            f"unexpected character {bad!r} in {word!r}; names are letters, digits and _ ' . + - ! ?"
            " (quote other names)",
            start + word.index(bad),
        )

    def peek(self, ahead: int = 0) -> tuple[str, Any]:
        j = self.i + ahead
        if j >= len(self.kinds):
            self.fill(j)
        return self.kinds[j], self.values[j]

    def expect_number(self, after: str) -> Any:
        kind, value = self.peek()
        if kind != _NUMBER:
            raise self.error(
                f"expected a number after {after!r}, found {_describe(kind, value)}", self.here()
            )
        self.i += 1
        return value

    # -- structure ----------------------------------------------------------------
    def new_record(self, pos: int, depth: int, name: str | None) -> int:
        index = len(self.records)
        if index >= self.max_nodes:
            raise self.error(too_many_nodes(self.max_nodes), pos)
        self.records.append(_Record(pos=pos, depth=depth))
        if name is not None:
            self.define(index, name, pos)
        return index

    def define(self, index: int, name: str, pos: int) -> None:
        first = self.defined.get(name)
        if first is not None:
            raise self.error(
                f"node {name!r} is defined twice (first at {self.where(self.records[first].pos)})",
                pos,
            )
        self.defined[name] = index
        self.records[index].name = name

    def parse_headers(self) -> tuple[str, ...]:
        players: tuple[str, ...] | None = None
        while self.peek()[0] == _NAME and self.peek(1) == (_PUNCT, ":"):
            key = self.peek()[1]
            pos = self.here()
            if key.lower() != "players":
                raise self.error(
                    f"unknown header {key!r}; the only header is 'players:' "
                    "(and the root takes no move label)",
                    pos,
                )
            if players is not None:
                raise self.error("the players header is given twice", pos)
            self.i += 2
            found: list[str] = []
            while True:
                kind, value = self.peek()
                if kind == _PLAYER:
                    found.append(value)
                elif not (kind == _PUNCT and value == "," and found):
                    break
                self.i += 1
            kind, value = self.peek()
            same_line = "\n" not in self.text[pos : self.here()]
            if kind == _NAME and same_line and self.peek(1) != (_PUNCT, "="):
                raise self.error(
                    f"unknown player {value!r} (expected MAX, MIN or CHANCE)", self.here()
                )
            if not found:
                raise self.error(
                    "expected players after 'players:', such as 'players: MIN MAX'",
                    self.here(),
                )
            players = tuple(found)
        return players if players is not None else DEFAULT_PLAYERS

    def parse_edge_prefix(self) -> dict[str, Any]:
        """Read ``move:`` and ``prob*`` before a child; return the edge attributes."""
        edge: dict[str, Any] = {}
        kind, value = self.peek()
        if kind in (_NAME, _STRING, _NUMBER) and self.peek(1) == (_PUNCT, ":"):
            if kind == _NUMBER:
                # A move is a name: ``3:`` and ``0.5:`` are the numbers a game may name
                # moves by, but a ratio is the spelling of a value, so ``1/3:`` (and
                # ``4/2:``) is the move written, the text "1/3", never a Fraction.
                word = _TOKEN_RE.match(self.text, self.here())
                if word is not None and "/" in word.group():
                    value = word.group()
            edge[MOVE] = value
            self.i += 2
            kind, value = self.peek()
        if kind == _NUMBER and self.peek(1) == (_PUNCT, "*"):
            edge[PROB] = value
            self.i += 2
        return edge

    def run(self) -> tuple[list[_Record], tuple[str, ...]]:
        players = self.parse_headers()
        if self.peek()[0] == _END:
            raise self.error(
                "empty input: expected a tree such as (A (B 3 12 8) (C 2 4 6))", len(self.text)
            )
        # Each open group: (record index, closing bracket, position of the opener).
        stack: list[tuple[int, str, int]] = []
        self.parse_child(stack)
        while stack:
            kind, token = self.peek()
            pos = self.here()
            if kind == _PUNCT and token == ",":
                if self.no_comma:
                    raise self.error("unexpected ','", pos)
                self.no_comma = True
                self.i += 1
            elif kind == _PUNCT and token in ")]":
                index, closer, opened = stack.pop()
                if token != closer:
                    opener = "(" if closer == ")" else "["
                    raise self.error(
                        f"expected {closer!r} to close {opener!r} at {self.where(opened)}, "
                        f"found {token!r}",
                        pos,
                    )
                record = self.records[index]
                if not record.children and not record.has_value:
                    what = "list" if closer == "]" else "group"
                    raise self.error(
                        f"empty {what}: an internal node needs children"
                        + ("" if closer == "]" else " (a leaf in parentheses needs =value)"),
                        opened,
                    )
                self.i += 1
                self.no_comma = False
            elif kind == _END:
                _, closer, opened = stack[-1]
                raise self.error(f"{'(' if closer == ')' else '['!r} is never closed", opened)
            else:
                self.parse_child(stack)
        kind, token = self.peek()
        if kind != _END:
            raise self.error(
                f"unexpected {_describe(kind, token)} after the end of the tree "
                "(one tree per text)",
                self.here(),
            )
        return self.records, players

    def parse_child(self, stack: list[tuple[int, str, int]]) -> None:
        self.no_comma = False
        i = self.i
        if i + 1 >= len(self.kinds):
            self.fill(i + 1)
        kinds = self.kinds
        if (
            stack
            and kinds[i] == _NUMBER
            and (kinds[i + 1] != _PUNCT or self.values[i + 1] not in (":", "*"))
        ):
            # The common case, a bare number leaf: no lookahead beyond one token.
            pos = self.starts[i]
            records = self.records
            if len(records) >= self.max_nodes:
                raise self.error(too_many_nodes(self.max_nodes), pos)
            records[stack[-1][0]].children.append((len(records), {}, pos))
            records.append(_Record(pos=pos, depth=len(stack), value=self.values[i], has_value=True))
            self.i = i + 1
            return
        parent = stack[-1][0] if stack else None
        depth = len(stack)
        pos = self.here()
        edge = self.parse_edge_prefix()
        if parent is None and edge:
            raise self.error("the root has no parent edge: it takes no move or probability", pos)
        kind, value = self.peek()
        child_pos = self.here()
        child: int | str
        if kind == _PUNCT and value in "([":
            self.i += 1
            name: str | None = None
            if value == "(":
                k, v = self.peek()
                if k in (_NAME, _STRING) and self.peek(1) != (_PUNCT, ":"):
                    name = v
                    self.i += 1
            child = self.new_record(child_pos, depth, name)
            if value == "(":
                head_start = self.i
                self.parse_head(child)
                self.no_comma = name is None and self.i == head_start
            else:
                self.no_comma = True
            stack.append((child, ")" if value == "(" else "]", child_pos))
        elif kind == _NUMBER:
            self.i += 1
            child = self.new_record(child_pos, depth, None)
            self.records[child].value = value
            self.records[child].has_value = True
        elif kind in (_NAME, _STRING):
            self.i += 1
            if self.peek() == (_PUNCT, "="):
                self.i += 1
                number = self.expect_number("=")
                child = self.new_record(child_pos, depth, value)
                self.records[child].value = number
                self.records[child].has_value = True
            elif parent is None:
                raise self.error(
                    f"a tree starts with '(', '[' or a number, not the name {value!r}"
                    " (write NAME=VALUE for a one-leaf tree)",
                    child_pos,
                )
            else:
                child = value
        else:
            if kind == _PLAYER:
                reason = (
                    f"player {value} can only stand in a group's head, right after '(' "
                    "and the group's name"
                )
            elif edge or parent is not None:
                found = _describe(kind, value)
                reason = f"expected a child (a number, a name or a group), found {found}"
            else:
                reason = f"expected a tree, found {_describe(kind, value)}"
            raise self.error(reason, child_pos)
        if parent is not None:
            self.records[parent].children.append((child, edge, child_pos))

    def parse_head(self, index: int) -> None:
        record = self.records[index]
        while True:
            kind, value = self.peek()
            pos = self.here()
            if kind == _PLAYER:
                if record.player is not None:
                    raise self.error(f"two players for one node ({record.player}, {value})", pos)
                record.player = value
                self.i += 1
            elif kind == _PUNCT and value == "=":
                if record.has_value:
                    raise self.error("two values for one node", pos)
                self.i += 1
                record.value = self.expect_number("=")
                record.has_value = True
            elif kind == _PUNCT and value == "{":
                if record.attrs is not None:
                    raise self.error("two attribute blocks for one node", pos)
                record.attrs = self.parse_attrs()
            else:
                return

    def parse_attrs(self) -> dict[str, Any]:
        self.i += 1
        attrs: dict[str, Any] = {}
        while True:
            kind, key = self.peek()
            pos = self.here()
            if kind == _PUNCT and key == "}":
                self.i += 1
                return attrs
            if kind == _END:
                raise self.error("'{' is never closed", pos)
            if kind not in (_NAME, _STRING):
                raise self.error(
                    f"expected an attribute name or '}}', found {_describe(kind, key)}", pos
                )
            if key in attrs:
                raise self.error(f"attribute {key!r} is given twice", pos)
            self.i += 1
            if self.peek() != (_PUNCT, "="):
                raise self.error(f"expected '=' after attribute {key!r}", self.here())
            self.i += 1
            kind, value = self.peek()
            if kind == _PUNCT and value in "([":
                attrs[key] = self.parse_tuple(value)
                continue
            if kind in (_NUMBER, _STRING, _PLAYER):
                attrs[key] = value
            elif kind == _NAME:
                lowered = value.lower()
                attrs[key] = {"true": True, "false": False}.get(lowered, value)
            else:
                raise self.error(
                    f"expected a value for attribute {key!r}, found {_describe(kind, value)}",
                    self.here(),
                )
            self.i += 1
            if self.peek() == (_PUNCT, ","):
                self.i += 1

    def parse_tuple(self, opener: str) -> tuple[Any, ...]:
        """Read ``(number, number, ...)`` (or in brackets) after an attribute's ``=``."""
        closer = ")" if opener == "(" else "]"
        start = self.here()
        self.i += 1
        items: list[Any] = []
        while True:
            kind, value = self.peek()
            if kind == _PUNCT and value == closer and items:
                self.i += 1
                break
            if kind == _NUMBER:
                items.append(value)
            elif not (kind == _PUNCT and value == "," and items):
                raise self.error(
                    f"expected a number or {closer!r} in the tuple opened at "
                    f"{self.where(start)}, found {_describe(kind, value)}",
                    self.here(),
                )
            self.i += 1
        if self.peek() == (_PUNCT, ","):
            self.i += 1
        return tuple(items)


def _describe(kind: str, value: Any) -> str:
    if kind == _END:
        return "the end of the text"
    if kind == _STRING:
        return f"string {value!r}"
    if kind == _NUMBER:
        return f"number {value!r}"
    if kind == _PLAYER:
        return f"player {value}"
    return repr(value)


def _number(word: str, match: re.Match[str], fail: Any) -> int | float | Fraction:
    if match["int"] is not None:
        if len(word) > 4000:
            raise fail(f"integer with {len(word)} digits is too long")
        return int(word)
    if match["inf"] is not None:
        return -math.inf if word.startswith("-") else math.inf
    if match["den"] is not None:
        if len(word) > 600:
            raise fail(f"fraction {word[:20]}... is too long")
        numerator, denominator = int(match["num"]), int(match["den"])
        if denominator == 0:
            raise fail(f"{word!r} divides by zero")
        # Exact, so that averages over it stay exact (an int when it is a whole number).
        result = Fraction(numerator, denominator)
        try:
            float(result)
        except OverflowError:
            raise fail(f"fraction {word!r} is too large") from None
        if word.startswith("-"):
            result = -result
        return result.numerator if result.denominator == 1 else result
    number = float(word)
    if math.isinf(number):
        # Only ``inf`` spells infinity: a numeral that overflows is refused, as every
        # reader refuses it, never read as infinity.
        shown = word if len(word) <= 24 else word[:20] + "..."
        raise fail(f"number {shown!r} is beyond float range (about 1.8e308)")
    return number


def _build(records: list[_Record], players: tuple[str, ...], parser: _Parser) -> nx.DiGraph:
    """Name the nodes breadth-first and assemble the graph."""
    defined = parser.defined
    taken = set(defined)
    fresh = (name for name in letter_ids() if name not in taken)
    # Breadth-first over the definitions (references add edges, not nodes).
    order = [0]
    for index in order:
        order.extend(c for c, _, _ in records[index].children if type(c) is int)
    ids: list[str] = [""] * len(records)
    for index in order:
        name = records[index].name
        ids[index] = name if name is not None else next(fresh)
    G = nx.DiGraph()
    cycle_length = len(players)
    for index in order:
        record = records[index]
        data: dict[str, Any] = dict(record.attrs) if record.attrs else {}
        if record.player is None and record.children and PLAYER not in data:
            data[PLAYER] = players[record.depth % cycle_length]
        if record.player is not None:
            data[PLAYER] = record.player
        if record.has_value:
            data[VALUE] = record.value
        G.add_node(ids[index], **data)
    for index in order:
        record = records[index]
        node = ids[index]
        out = G._succ[node]
        for child, edge, pos in record.children:
            if isinstance(child, int):
                target = ids[child]
            else:
                found = defined.get(child)
                if found is None:
                    raise parser.error(
                        f"no node is named {child!r} (a bare name refers to a node named "
                        "elsewhere; write NAME=VALUE for a named leaf)",
                        pos,
                    )
                target = ids[found]
            if target in out:
                raise parser.error(f"{target!r} is already a child of {node!r}", pos)
            G.add_edge(node, target, **edge)
    G.graph[ROOT] = ids[0]
    return G


def parse(text: str, *, filename: str | None = None, max_nodes: int | None = None) -> nx.DiGraph:
    """Parse a game tree written in the tree notation.

    Parameters
    ----------
    text : str
        The notation (see the module documentation for the grammar).
    filename : str, optional
        Named in error messages.
    max_nodes : int, optional
        The node limit (default :func:`gametree.inputs.node_limit`: the environment
        variable ``GAMETREE_MAX_NODES``, else 2,000,000). Parsing stops at the first
        node past it.

    Returns
    -------
    networkx.DiGraph
        A valid game tree; ``G.graph["root"]`` is the outermost node.

    Raises
    ------
    TreeSyntaxError
        With ``line``, ``column`` and the source line quoted with a caret; also at
        the first node past the node limit.
    InvalidTreeError
        If the text parses but the tree breaks the contract (a cycle through
        references, probabilities not summing to 1, a probability below a non-chance
        node), naming the node.

    Notes
    -----
    Iterative: 100,000 levels of nesting parse without recursion. O(n) in the length of
    the text.

    Examples
    --------
    >>> G = parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    >>> G.graph["root"], [G.nodes[n]["value"] for n in G.successors("B")]
    ('A', [3, 12, 8])
    >>> nx.utils.graphs_equal(G, parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"))
    True
    """
    if not isinstance(text, str):
        raise TypeError(f"parse() needs a str, got {type(text).__name__}")
    parser = _Parser(text, filename, node_limit(max_nodes))
    with bulk_build():
        records, players = parser.run()
        G = _build(records, players, parser)
    validate(G)
    return G
