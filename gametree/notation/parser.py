r"""The tree notation: a compact text form of game trees for writing by hand.

``(A (B 3 12 8) (C 2 4 6) (D 14 5 2))`` is AIMA Figure 5.2: a parenthesised group is an
internal node, a leading name names it, and numbers are leaves, named automatically.

Grammar
-------
In EBNF (``{x}`` zero or more, ``[x]`` optional); blanks, newlines and ``#`` comments
(to the end of the line) may separate any two tokens::

    document = { header } node ;
    header   = "players" ":" player { [","] player } ;
    node     = group | list | leaf ;
    group    = "(" [ name ] { head } { [","] child } ")" ;
    head     = player | "=" number | attrs ;
    list     = "[" [ child { "," child } [","] ] "]" ;
    child    = [ move ":" ] [ number "*" ] ( node | name ) ;
    leaf     = number | name "=" number ;
    move     = name | string | number ;
    attrs    = "{" { key "=" ( scalar | tuple ) [","] } "}" ;
    scalar   = number | string | name ;        (true / false give booleans)
    tuple    = "(" number { [","] number } ")" ;   (or in "[" "]"; read as a tuple)
    player   = "MAX" | "MIN" | "CHANCE" ;      (any case; reserved, not names)
    name     = identifier | string ;
    identifier = letter or "_", then letters, digits or any of _ ' . + - ! ? ;
    string   = '"' ... '"' | "'" ... "'" ;     (backslash escapes \" \' \\ \n \t \r \0)
    number   = integer | decimal | exponent form | integer "/" integer
             | ["+" | "-"] ( "inf" | "infinity" ) ;   (a/b: an exact Fraction)

Meaning
-------
- A **group** ``( ... )`` is an internal node with its children left to right. The first
  name right after ``(`` names the group (``(B 3 12 8)``), so ``(E=3 F=4)`` is a group
  ``E`` with heuristic 3 and one leaf ``F``: write ``(B E=3 F=4)`` or ``[E=3, F=4]`` for
  two named leaves. A group with no children but a value is a leaf
  (``(E=3 {label="win"})``).
- A **list** ``[ ... ]`` is an unnamed internal node; ``[[3, 12, 8], [2, 4, 6], [14, 5,
  2]]`` is AIMA Figure 5.2 too. Commas are optional between the children of a group.
- A **number** is a leaf with that value; ``E=3`` is a leaf named ``E``. Values may be
  negative, decimal, ``1/3`` or ``inf``/``-inf``; NaN is rejected.
- **Names.** Unnamed nodes get textbook letters in breadth-first, left-to-right order,
  leaves included, skipping the names written explicitly, exactly like
  :func:`gametree.from_nested`. A bare name as a child refers to the node of that name
  defined elsewhere (before or after): this is how a DAG (a transposition) is written.
  Define a shared node once, with its children; references name only nodes whose
  names are written.
- **Players.** Internal nodes take their player from the players cycle by depth (default
  ``MAX MIN``, set with a header line such as ``players: MIN MAX`` or
  ``players: MAX CHANCE MIN CHANCE``). A player keyword in a group's head overrides it for
  that node only (its children still follow the cycle by depth): ``(B MAX 3 4)``;
  ``(MAX (MIN 3 4) (MIN 5 6))`` is also fine. A node's depth is where it is defined.
- **Heuristic values** of internal nodes: ``(B=4 3 12 8)`` or ``(=4 3 12 8)``.
- **Edges.** ``a1:(B ...)`` labels the edge into B with the move ``a1``; ``0.5*(B ...)``
  gives it probability 0.5 (only below CHANCE nodes; give all or none, summing to 1);
  both: ``heads:0.5*3``.
- **Other attributes** go in braces in a group's head: ``(A {label="root"} ...)``. A
  number tuple is written in parentheses: ``{bounds=(0, 10)}``.
- **Bounds** on values (for :func:`gametree.star1` and :func:`gametree.star2`) are the
  attribute ``bounds``: ``(C CHANCE {bounds=(0, 10)} 7 9 3)`` says every value below C,
  so each of its outcomes, lies in [0, 10]; on one leaf, ``(=7 {bounds=(0, 10)})`` or
  ``(E=7 {bounds=(-inf, 10)})``.

Examples
--------
>>> G = parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
>>> list(G.successors("C")), G.nodes["I"]["value"], G.nodes["C"]["player"]
(['H', 'I', 'J'], 4, 'MIN')
>>> to_notation(G)
'(A (B 3 12 8) (C 2 4 6) (D 14 5 2))'

Expectimax with probabilities, move labels, a MIN root, a DAG:

>>> G = parse('''
... players: MAX CHANCE MIN
... (A left:(B 0.9*(D 2 3) 0.1*(E 4 5))
...    right:(C 1/3*6 2/3*-1))    # C: a chance node over two leaves
... ''')
>>> G.edges["B", "D"]["prob"], G.edges["A", "C"]["move"], G.nodes["C"]["player"]
(0.9, 'right', 'CHANCE')
>>> G = parse("players: MIN MAX\n(A (B (X 1 2) 5) (C X 7))")
>>> sorted(G.predecessors("X")), G.nodes["X"]["player"], G.nodes["A"]["player"]
(['B', 'C'], 'MIN', 'MIN')

Errors quote the line:

>>> parse("(A (B 3 12 8) (C 2 4 6)")
Traceback (most recent call last):
...
gametree.exceptions.TreeSyntaxError: line 1, column 1: '(' is never closed
    (A (B 3 12 8) (C 2 4 6)
    ^
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import networkx as nx

from gametree.attrs import MOVE, PLAYER, PROB, ROOT, VALUE, Player
from gametree.builders import bulk_build, letter_ids
from gametree.exceptions import TreeSyntaxError
from gametree.inputs import node_limit, too_many_nodes
from gametree.validation import find_root, validate

__all__ = ["parse", "to_notation"]

DEFAULT_PLAYERS = ("MAX", "MIN")
_KEYWORDS = frozenset(p.value for p in Player)

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
_IDENT_RE = re.compile(r"[^\W\d][\w'.+\-!?]*")
_NOT_BARE = frozenset({"inf", "infinity", "nan", "true", "false", "players"})
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\x00", "\\": "\\", '"': '"', "'": "'"}
_ESCAPE_RE = re.compile(r"\\(.)")


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
                body = _ESCAPE_RE.sub(lambda m: _ESCAPES.get(m[1], m[0]), token[1:-1])
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
        if _IDENT_RE.fullmatch(word):
            upper = word.upper()
            if upper in _KEYWORDS:
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
    return float(word)


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


# -- writing ----------------------------------------------------------------------

_CANDIDATE_CYCLES: tuple[tuple[str, ...], ...] = (
    ("MAX", "MIN"),
    ("MIN", "MAX"),
    ("MAX", "CHANCE", "MIN", "CHANCE"),
    ("MIN", "CHANCE", "MAX", "CHANCE"),
    ("MAX", "CHANCE"),
    ("MIN", "CHANCE"),
    ("MAX", "MIN", "MIN"),
    ("MIN", "MAX", "MAX"),
    ("MAX", "CHANCE", "MIN"),
    ("MIN", "CHANCE", "MAX"),
)
_WIDTH = 80
_MAX_INDENT = 12


def _quote(text: str) -> str:
    escaped = (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    )
    escaped = escaped.replace("\r", "\\r").replace("\x00", "\\0")
    return f'"{escaped}"'


def _name_text(name: Hashable) -> str:
    text = name if isinstance(name, str) else str(name)
    if (
        isinstance(name, str)
        and _IDENT_RE.fullmatch(text)
        and text.upper() not in _KEYWORDS
        and text.lower() not in _NOT_BARE
    ):
        return text
    return _quote(text)


def _number_text(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, Fraction):
        return str(value)
    as_float = float(value)
    if type(value).__name__.startswith("int"):
        return str(int(value))
    return repr(as_float)


def _scalar_text(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float, Fraction)):
        if isinstance(value, float) and math.isnan(value):
            return None
        return _number_text(value)
    if isinstance(value, str):
        return _quote(value)
    if isinstance(value, (tuple, list)) and value:
        items = [_scalar_text(v) for v in value]
        if all(
            i is not None and not isinstance(v, (bool, str))
            for i, v in zip(items, value, strict=True)
        ):
            return "(" + ", ".join(str(i) for i in items) + ")"
    return None


def _move_text(move: Any) -> str | None:
    if isinstance(move, bool):
        return None
    if isinstance(move, (int, float)):
        return None if isinstance(move, float) and math.isnan(move) else _number_text(move)
    if isinstance(move, str):
        return _name_text(move)
    return _quote(str(move))


def _choose_cycle(
    G: nx.DiGraph, order: list[Hashable], depth: dict[Hashable, int]
) -> tuple[str, ...]:
    succ = G._succ
    internal = [(G._node[n].get(PLAYER), depth[n]) for n in order if succ[n]]
    best: tuple[str, ...] = DEFAULT_PLAYERS
    best_key: tuple[int, int] | None = None
    for cycle in _CANDIDATE_CYCLES:
        length = len(cycle)
        misses = sum(1 for player, d in internal if player != cycle[d % length])
        # Fewest overrides first; on a tie the shorter cycle, then the listed order.
        key = (misses, length)
        if best_key is None or key < best_key:
            best, best_key = cycle, key
    return best


def to_notation(G: nx.DiGraph) -> str:
    """Write ``G`` in the tree notation, so that :func:`parse` gives it back.

    Internal nodes are written with their names, leaves as bare numbers when the
    automatic letter names reproduce their ids; a ``players:`` header appears when
    another cycle than ``MAX MIN`` fits the tree better; players that break the cycle,
    heuristic values, moves, probabilities, and other scalar node attributes (in
    braces) are written too. Small subtrees stay on one line.

    Parameters
    ----------
    G : networkx.DiGraph
        A valid game tree.

    Returns
    -------
    str
        The notation, without a trailing newline.

    Raises
    ------
    InvalidTreeError
        If ``G`` is not a valid game tree.

    Notes
    -----
    What the notation cannot express is dropped: edge attributes other than ``move``
    and ``prob``, node attributes that are not numbers, strings or booleans, and graph
    attributes other than the root. Node ids come back as strings.

    Examples
    --------
    >>> from gametree import from_nested
    >>> to_notation(from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]], players=("MIN", "MAX")))
    'players: MIN MAX\\n(A (B 3 12 8) (C 2 4 6) (D 14 5 2))'
    """
    validate(G)
    with bulk_build():
        return _write(G)


def _write(G: nx.DiGraph) -> str:
    root = find_root(G)
    succ = G._succ
    nodes = G._node
    # Definition tree: a node is written in full under its first parent in breadth-first
    # order and referred to by name elsewhere, so parsing gives the same BFS order.
    def_children: dict[Hashable, list[Hashable]] = {root: []}
    depth: dict[Hashable, int] = {root: 0}
    order = [root]
    for node in order:
        for child in succ[node]:
            if child not in depth:
                depth[child] = depth[node] + 1
                def_children[child] = []
                def_children[node].append(child)
                order.append(child)
    cycle = _choose_cycle(G, order, depth)
    explicit = _explicit_names(G, order)

    def head(node: Hashable) -> str:
        data = nodes[node]
        parts = []
        name = _name_text(node) if node in explicit else ""
        if VALUE in data:
            name += "=" + _number_text(data[VALUE])
        if name:
            parts.append(name)
        player = data.get(PLAYER)
        if player is not None and (not succ[node] or player != cycle[depth[node] % len(cycle)]):
            parts.append(str(player))
        attrs = []
        for key, value in data.items():
            if key in (PLAYER, VALUE):
                continue
            shown = _scalar_text(value)
            if shown is not None:
                attrs.append(f"{_name_text(key)}={shown}")
        if attrs:
            parts.append("{" + " ".join(attrs) + "}")
        return " ".join(parts)

    def prefix(parent: Hashable, child: Hashable) -> str:
        edge = succ[parent][child]
        text = ""
        if MOVE in edge:
            move = _move_text(edge[MOVE])
            if move is not None:
                text += move + ":"
        if PROB in edge:
            text += _number_text(edge[PROB]) + "*"
        return text

    # Leaves written bare: a number, or NAME=number.
    simple: dict[Hashable, str] = {}
    for node in order:
        if succ[node]:
            continue
        data = nodes[node]
        if VALUE in data and all(k == VALUE for k in data):
            value = _number_text(data[VALUE])
            simple[node] = (_name_text(node) + "=" + value) if node in explicit else value
    heads = {node: head(node) for node in order if node not in simple}
    own = {(node, child) for node in order for child in def_children[node]}
    # Inline widths, bottom-up.
    width: dict[Hashable, int] = {}
    for node in reversed(order):
        if node in simple:
            width[node] = len(simple[node])
            continue
        total = 2 + len(heads[node])
        for child in succ[node]:
            if (node, child) in own:
                total += 1 + len(prefix(node, child)) + width[child]
            else:
                total += 1 + len(prefix(node, child)) + len(_name_text(child))
        width[node] = total
    pieces: list[str] = []
    if cycle != DEFAULT_PLAYERS:
        pieces.append("players: " + " ".join(cycle) + "\n")
    # Tasks: a str is emitted as is; a tuple writes a node at an indentation level.
    tasks: list[str | tuple[Hashable, int, bool]] = [(root, 0, False)]
    while tasks:
        task = tasks.pop()
        if isinstance(task, str):
            pieces.append(task)
            continue
        node, level, inline = task
        if node in simple:
            pieces.append(simple[node])
            continue
        pieces.append("(" + heads[node])
        broken = not inline and level < _MAX_INDENT and width[node] + 2 * level > _WIDTH
        children = list(succ[node])
        separator = "\n" + "  " * (level + 1) if broken else " "
        first = not heads[node]
        later: list[str | tuple[Hashable, int, bool]] = []
        for child in children:
            sep = "" if first and not broken else separator
            first = False
            later.append(sep + prefix(node, child))
            if (node, child) in own:
                later.append((child, level + 1, not broken))
            else:
                later.append(_name_text(child))
        later.append(")")
        tasks.extend(reversed(later))
    return "".join(pieces)


def _explicit_names(G: nx.DiGraph, order: list[Hashable]) -> set[Hashable]:
    """Return the nodes whose names must be written (the others are named by letters).

    Internal nodes, nodes with several parents and leaves with ids that are not the
    next automatic letter are written; the simulation follows :func:`parse`'s naming
    exactly (letters in breadth-first order, skipping explicit names).
    """
    succ = G._succ
    pred = G._pred
    candidates = [
        n
        for n in order
        if not succ[n] and len(pred[n]) <= 1 and isinstance(n, str) and n != order[0]
    ]
    candidate_set = set(candidates)
    explicit = {n for n in order if n not in candidate_set}
    letters = letter_ids()
    upcoming = next(letters)
    for node in candidates:
        while upcoming in explicit:
            upcoming = next(letters)
        if node == upcoming:
            upcoming = next(letters)
        else:
            explicit.add(node)
    return explicit
