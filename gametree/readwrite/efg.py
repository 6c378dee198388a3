"""Gambit's extensive-form format (``.efg``), for games with perfect information.

A file holds a header (``EFG 2 R "title" { "Player 1" "Player 2" } "comment"``) and then
the nodes in depth-first order, one per line by convention::

    p "name" PLAYER INFOSET "infoset name" { "action" ... } OUTCOME
    c "name" INFOSET "infoset name" { "action" PROB ... } OUTCOME
    t "name" OUTCOME "outcome name" { PAYOFF PAYOFF }

Reading maps player 1 to MAX and player 2 to MIN, ``c`` nodes to CHANCE with each
outcome's probability as the edge's ``prob`` (an exact :class:`fractions.Fraction` where
the file writes a ratio such as ``1/3``, a float for a decimal; equal odds written as
ratios, ``1/n`` each, are left out, the contract's default), and a terminal's value to
player 1's payoff (outcomes met on the way down add up, as in Gambit). Node names become
node ids (all integers: int ids; an unnamed or repeated name gets a letter id in
breadth-first order, a repeated one keeping its name as ``label``), action names become
``move`` (except an action named after the node it leads to, the way gametree writes an
edge with no move). The reader refuses, with the line and column, what a game tree cannot
hold: an information set with more than one node, more than two players, payoffs that do
not sum to one constant unless ``payoff=`` names whose payoff is the value.

Writing gives every player node an information set of its own, every edge an action
(its ``move``, else the child's id), every chance edge a probability (``1/n`` when the
tree leaves them equal) and every leaf an outcome with the payoffs ``value, -value``. Only
trees go in (a DAG's shared node has no place), with a value on every leaf; heuristic
values of internal nodes and drawing attributes are not written. OpenSpiel's reader
(``pyspiel.load_efg_game``) takes these files when the moves at each node differ and hold
no ``"``.

References
----------
.. [1] The Gambit Project, "The extensive game (.efg) file format",
   https://gambitproject.readthedocs.io/en/latest/formats.html

Examples
--------
>>> import gametree
>>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")  # AIMA Figure 5.2
>>> text = generate_efg(G)
>>> print(text.splitlines()[0])
EFG 2 R "" { "MAX" "MIN" } ""
>>> print(text.splitlines()[1])
p "A" 1 1 "" { "B" "C" "D" } 0
>>> print(text.splitlines()[2])
p "B" 2 1 "" { "E" "F" "G" } 0
>>> print(text.splitlines()[3])
t "E" 1 "" { 3 -3 }
>>> gametree.alphabeta(parse_efg(text)).value
3
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Hashable, Iterator
from decimal import Decimal
from fractions import Fraction
from typing import Any

import networkx as nx

from gametree.attrs import CHANCE, LABEL, MAX, MIN, MOVE, PLAYER, PROB, ROOT, VALUE
from gametree.builders import letter_ids
from gametree.exceptions import TreeFileError, TreeSyntaxError
from gametree.inputs import node_limit, too_many_nodes
from gametree.quoting import quoted
from gametree.readwrite.common import (
    MAX_DIGITS,
    NumberRangeError,
    as_number,
    check_text,
    range_problem,
    read_float,
    read_int,
    syntax_error,
)
from gametree.validation import PROBABILITY_TOLERANCE, find_root, validate

__all__ = ["generate_efg", "parse_efg"]

NAME = "name"
"""Graph attribute: the game's title, read from and written to the .efg header."""

_TOKEN = re.compile(
    r'"(?P<string>(?:[^"\\]|\\.)*)"'
    r"|(?P<punct>[{},])"
    r"|(?P<word>[^\s{},\"]+)"
    r"|(?P<open>\")"
    r"|(?P<space>\s+)",
    re.DOTALL,
)
_INTEGER = re.compile(r"[+-]?\d+")
_DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_UNESCAPE = re.compile(r"\\(.)", re.DOTALL)


class _Token:
    __slots__ = ("column", "kind", "line", "text")

    def __init__(self, kind: str, text: str, line: int, column: int) -> None:
        self.kind = kind
        self.text = text
        self.line = line
        self.column = column


class _Tokens:
    """The file's tokens with their positions, and the errors that quote them."""

    def __init__(self, text: str, filename: str | None) -> None:
        self.text = text
        self.filename = filename
        # One token of lookahead, scanned as needed: memory holds the nodes, not the text's
        # tokens, and the node limit stops the scan early.
        self.source = self._scan()
        self.ahead = next(self.source, None)

    def _scan(self) -> Iterator[_Token]:
        line, line_start = 1, 0
        text = self.text
        for match in _TOKEN.finditer(text):
            kind = match.lastgroup or "space"
            start = match.start()
            column = start - line_start + 1
            if kind == "open":
                raise syntax_error(
                    "unterminated string: a '\"' without its closing '\"'",
                    text,
                    line,
                    column,
                    self.filename,
                )
            if kind != "space":
                body = match.group(kind)
                if kind == "string":
                    body = _UNESCAPE.sub(r"\1", body)
                yield _Token(kind, body, line, column)
            newlines = text.count("\n", start, match.end())
            if newlines:
                line += newlines
                line_start = text.rindex("\n", start, match.end()) + 1

    def error(self, reason: str, token: _Token | None = None) -> TreeSyntaxError:
        if token is None:
            token = self.peek()
        if token is None:
            lines = self.text.splitlines() or [""]
            return syntax_error(reason, self.text, len(lines), len(lines[-1]) + 1, self.filename)
        return syntax_error(reason, self.text, token.line, token.column, self.filename)

    def peek(self) -> _Token | None:
        return self.ahead

    def next(self, what: str) -> _Token:
        token = self.ahead
        if token is None:
            raise self.error(f"the file ends where {what} should follow")
        self.ahead = next(self.source, None)
        return token

    def expect(self, text: str, what: str) -> _Token:
        token = self.next(what)
        if token.kind == "string" or token.text != text:
            raise self.error(f"expected {what}, found {_shown(token)}", token)
        return token

    def string(self, what: str) -> _Token:
        token = self.next(what)
        if token.kind != "string":
            raise self.error(f"expected {what} (a quoted string), found {_shown(token)}", token)
        return token

    def optional_string(self) -> _Token | None:
        token = self.peek()
        if token is not None and token.kind == "string":
            self.ahead = next(self.source, None)
            return token
        return None

    def integer(self, what: str, *, least: int) -> tuple[int, _Token]:
        token = self.next(what)
        if token.kind != "word" or not _INTEGER.fullmatch(token.text):
            raise self.error(f"expected {what} (an integer), found {_shown(token)}", token)
        try:
            number = read_int(token.text)
        except NumberRangeError as exc:
            raise self.error(f"{what}: {exc.args[0]}", token) from None
        if number < least:
            raise self.error(f"{what} must be at least {least}, got {number}", token)
        return number, token

    def number(self, what: str) -> tuple[int | float | Fraction, _Token]:
        token = self.next(what)
        try:
            number = _number(token.text) if token.kind == "word" else None
        except NumberRangeError as exc:
            raise self.error(f"{what}: {exc.args[0]}", token) from None
        if number is None:
            raise self.error(
                f"expected {what} (an integer, a decimal or a ratio such as 1/3), "
                f"found {_shown(token)}",
                token,
            )
        return number, token

    def at(self, text: str) -> bool:
        token = self.peek()
        return token is not None and token.kind == "punct" and token.text == text


def _shown(token: _Token) -> str:
    """A token as an error quotes it: one line, escaped (a string says it is one)."""
    return f"the string {quoted(token.text)}" if token.kind == "string" else quoted(token.text)


def _number(text: str) -> int | float | Fraction | None:
    if _INTEGER.fullmatch(text):
        number = read_int(text)
        why = range_problem(number, text)
        if why is not None:  # the number rule: no reader accepts an int beyond floats
            raise NumberRangeError(why, text)
        return number
    if "/" in text:
        return as_number(text)
    if _DECIMAL.fullmatch(text):
        return read_float(text)
    return None


class _Node:
    __slots__ = ("actions", "kind", "name", "parent", "payoffs", "player", "probs", "token")

    def __init__(self, kind: str, name: str, token: _Token, parent: _Node | None) -> None:
        self.kind = kind
        self.name = name
        self.token = token
        self.parent = parent
        self.player = 0
        self.actions: list[str] = []
        self.probs: list[int | float | Fraction] = []
        self.payoffs: list[int | float | Fraction] = []


def parse_efg(
    text: str,
    *,
    filename: str | None = None,
    payoff: int | None = None,
    max_nodes: int | None = None,
) -> nx.DiGraph:
    """Read a game tree from the text of a Gambit ``.efg`` file.

    Parameters
    ----------
    text : str
        The file's content.
    filename : str, optional
        Named in error messages.
    payoff : {None, 1, 2}
        Whose payoff is the value when the payoffs are not zero-sum or constant-sum:
        1 takes player 1's payoff, 2 minus player 2's (MIN then maximises its own
        payoff). None (the default) reads only zero-sum and constant-sum games, valued
        by player 1's payoff.
    max_nodes : int, optional
        The node limit (default :func:`gametree.inputs.node_limit`): reading stops at
        the first node past it.

    Returns
    -------
    networkx.DiGraph
        A valid game tree (see the module docstring for the mapping).

    Raises
    ------
    TreeSyntaxError
        With the line and column: text that is not .efg, or a game the tree cannot
        represent (an information set of several nodes, more than two players,
        payoffs that are not constant-sum without ``payoff``, probabilities that do
        not sum to 1, a node past the node limit).
    TreeFileError
        If ``payoff`` is not None, 1 or 2.

    Examples
    --------
    A chance node with exact probabilities:

    >>> G = parse_efg('''EFG 2 R "coin" { "Max" "Min" }
    ... c "flip" 1 "" { "heads" 1/3 "tails" 2/3 } 0
    ... t "h" 1 "" { 3 -3 }
    ... t "t" 2 "" { 0 0 }''')
    >>> G.edges["flip", "h"]
    {'move': 'heads', 'prob': Fraction(1, 3)}
    >>> import gametree
    >>> gametree.expectiminimax(G).value
    1
    """
    if payoff not in (None, 1, 2) or isinstance(payoff, bool):
        raise TreeFileError(f"payoff={payoff!r} is not allowed; expected None, 1 or 2")
    limit = node_limit(max_nodes)
    tokens = _Tokens(text, filename)
    title, players = _read_header(tokens)
    if payoff == 2 and players < 2:
        raise TreeFileError("payoff=2 names player 2, but the game has one player")
    nodes = _read_nodes(tokens, players, limit)
    extra = tokens.peek()
    if extra is not None:
        raise tokens.error(f"unexpected {_shown(extra)} after the last node", extra)
    values = _values(tokens, nodes, players, payoff)
    G = _build(nodes, values)
    if title:
        G.graph[NAME] = title
    validate(G)
    return G


def _read_header(tokens: _Tokens) -> tuple[str, int]:
    first = tokens.next("the header EFG 2 R")
    if first.kind != "word" or first.text != "EFG":
        raise tokens.error(
            f"expected the header 'EFG 2 R', found {_shown(first)}: not a Gambit .efg file",
            first,
        )
    tokens.expect("2", "the format version 2 after EFG")
    precision = tokens.next("R or D (the number format)")
    if precision.kind != "word" or precision.text not in ("R", "D"):
        raise tokens.error(
            f"expected R (rational) or D (decimal) after EFG 2, found {_shown(precision)}",
            precision,
        )
    title = tokens.string("the game's title").text
    opening = tokens.expect("{", "'{' and the player names")
    names = []
    while not tokens.at("}"):
        names.append(tokens.string("a player name"))
    tokens.next("'}'")
    if len(names) > 2:
        raise tokens.error(
            f"{len(names)} players ({', '.join(repr(n.text) for n in names)}); a game tree "
            "has two (player 1 is MAX, player 2 is MIN)",
            names[2],
        )
    if not names:
        raise tokens.error("no players; a game tree has one or two", opening)
    tokens.optional_string()  # the comment
    return title, len(names)


def _read_nodes(tokens: _Tokens, players: int, max_nodes: int) -> list[_Node]:
    """The nodes in file (depth-first) order, iteratively (trees may be deep)."""
    nodes: list[_Node] = []
    infosets: dict[tuple[int, int], _Node] = {}
    chance_sets: dict[int, tuple[list[str], list[int | float | Fraction]]] = {}
    outcomes: dict[int, list[int | float | Fraction]] = {}
    # Each pending entry: the parent waiting for its next child.
    pending: list[tuple[_Node | None, int]] = [(None, 1)]
    while pending:
        parent, left = pending.pop()
        if left > 1:
            pending.append((parent, left - 1))
        kind_token = tokens.next("a node (c, p or t)")
        if kind_token.kind != "word" or kind_token.text not in ("c", "p", "t"):
            raise tokens.error(
                f"expected a node: c (chance), p (player) or t (terminal), "
                f"found {_shown(kind_token)}",
                kind_token,
            )
        if len(nodes) >= max_nodes:
            raise tokens.error(too_many_nodes(max_nodes), kind_token)
        kind = kind_token.text
        name = tokens.string("the node's name").text
        node = _Node(kind, name, kind_token, parent)
        nodes.append(node)
        if kind == "p":
            node.player, player_token = tokens.integer("the player number", least=1)
            if node.player > players:
                raise tokens.error(
                    f"player {node.player} is not among the {players} player(s) of the header",
                    player_token,
                )
            number, number_token = tokens.integer("the information set number", least=1)
            earlier = infosets.get((node.player, number))
            if earlier is not None:
                raise tokens.error(
                    f"information set {number} of player {node.player} has more than one "
                    f"node (also at line {earlier.token.line}): gametree needs perfect "
                    "information, every information set a single node",
                    number_token,
                )
            infosets[node.player, number] = node
            tokens.optional_string()
            if not tokens.at("{"):
                raise tokens.error("expected '{' and the actions of a new information set")
            tokens.next("'{'")
            while not tokens.at("}"):
                node.actions.append(tokens.string("an action name").text)
            tokens.next("'}'")
        elif kind == "c":
            number, _ = tokens.integer("the information set number", least=1)
            tokens.optional_string()
            if tokens.at("{"):
                tokens.next("'{'")
                total: float | Fraction = 0
                while not tokens.at("}"):
                    node.actions.append(tokens.string("an outcome name").text)
                    prob, prob_token = tokens.number("its probability")
                    if not 0 <= prob <= 1:
                        raise tokens.error(
                            f"probability {prob_token.text} is not between 0 and 1", prob_token
                        )
                    node.probs.append(prob)
                    total += prob
                closing = tokens.next("'}'")
                if node.actions and abs(float(total) - 1) > PROBABILITY_TOLERANCE:
                    raise tokens.error(
                        f"the probabilities of chance node {name!r} sum to {total}, not 1",
                        closing,
                    )
                chance_sets[number] = (node.actions, node.probs)
            elif number in chance_sets:
                node.actions, node.probs = chance_sets[number]
            else:
                raise tokens.error(
                    f"chance information set {number} is new here but lists no actions"
                )
        if kind in ("p", "c") and not node.actions:
            raise tokens.error(f"node {name!r} has no actions", kind_token)
        _read_outcome(tokens, node, players, outcomes, terminal=kind == "t")
        if node.actions:
            pending.append((node, len(node.actions)))
    return nodes


def _read_outcome(
    tokens: _Tokens,
    node: _Node,
    players: int,
    outcomes: dict[int, list[int | float | Fraction]],
    *,
    terminal: bool,
) -> None:
    number, number_token = tokens.integer("the outcome number", least=0)
    tokens.optional_string()
    if tokens.at("{"):
        opening = tokens.next("'{'")
        payoffs = []
        while not tokens.at("}"):
            if tokens.at(","):
                tokens.next("','")
                continue
            payoffs.append(tokens.number("a payoff")[0])
        tokens.next("'}'")
        if len(payoffs) != players:
            raise tokens.error(f"{len(payoffs)} payoff(s) for {players} player(s)", opening)
        if number == 0:
            raise tokens.error("outcome 0 means no outcome and cannot have payoffs", number_token)
        outcomes[number] = payoffs
    if number == 0:
        if terminal:
            node.payoffs = [0] * players
        return
    if number not in outcomes:
        raise tokens.error(f"outcome {number} is used before its payoffs are given", number_token)
    node.payoffs = outcomes[number]


def _add(a: int | float | Fraction, b: int | float | Fraction) -> int | float | Fraction:
    """``a + b`` for payoffs met on the way down, never overflowing to infinity: a sum
    past float range (which mixing a float with a large int would raise on, and two
    floats would round to ``inf``) is kept exact, for validation to refuse by name."""
    try:
        total = a + b
    except OverflowError:
        return Fraction(a) + Fraction(b)
    if isinstance(total, float) and math.isinf(total):
        return Fraction(a) + Fraction(b)
    return total


def _differ(a: int | float | Fraction, b: int | float | Fraction) -> bool:
    """True when two sums of payoffs differ by more than the tolerance (beyond floats too)."""
    try:
        return abs(float(a) - float(b)) > PROBABILITY_TOLERANCE
    except OverflowError:  # sums of payoffs near the float limit: compare them exactly
        return a != b


def _values(
    tokens: _Tokens, nodes: list[_Node], players: int, payoff: int | None
) -> dict[int, int | float | Fraction]:
    """Each terminal's value (by index into ``nodes``), checking the sums of payoffs."""
    index = {id(node): i for i, node in enumerate(nodes)}
    totals: dict[int, list[int | float | Fraction]] = {}
    values: dict[int, int | float | Fraction] = {}
    first_sum: tuple[int | float | Fraction, _Node] | None = None
    for i, node in enumerate(nodes):
        parent_total = totals[index[id(node.parent)]] if node.parent is not None else None
        own = node.payoffs or [0] * players
        if parent_total is not None:
            own = [_add(a, b) for a, b in zip(parent_total, own, strict=True)]
        total = own
        if node.kind != "t":
            totals[i] = total
            continue
        if players == 2 and payoff is None:
            summed = _add(total[0], total[1])
            if first_sum is None:
                first_sum = (summed, node)
            elif _differ(summed, first_sum[0]):
                raise tokens.error(
                    f"the payoffs are not zero-sum or constant-sum: they sum to {summed} "
                    f"here and to {first_sum[0]} at line {first_sum[1].token.line}; name "
                    "whose payoff is the value (payoff=1 or payoff=2; gametree convert "
                    "--payoff 1)",
                    node.token,
                )
        value = -total[1] if payoff == 2 else total[0]
        values[i] = int(value) if isinstance(value, Fraction) and value.denominator == 1 else value
    return values


def _build(nodes: list[_Node], values: dict[int, int | float | Fraction]) -> nx.DiGraph:
    children: dict[int, list[int]] = {i: [] for i in range(len(nodes))}
    index = {id(node): i for i, node in enumerate(nodes)}
    for i, node in enumerate(nodes):
        if node.parent is not None:
            children[index[id(node.parent)]].append(i)
    order = [0]
    queue = deque([0])
    while queue:
        for child in children[queue.popleft()]:
            order.append(child)
            queue.append(child)
    names = [nodes[i].name for i in order]
    ids: dict[int, Hashable] = {}
    # Names that spell integers become int ids; one too long for an int stays a string.
    numeric = (_INTEGER.fullmatch(n) and len(n) <= MAX_DIGITS and str(int(n)) == n for n in names)
    if all(numeric) and len(set(names)) == len(names):
        ids = {i: int(nodes[i].name) for i in order}
    else:
        taken = {n for n in names if n}
        fresh = (name for name in letter_ids() if name not in taken)
        used: set[str] = set()
        for i in order:
            name = nodes[i].name
            if name and name not in used:
                ids[i] = name
                used.add(name)
            else:
                ids[i] = next(fresh)
    G = nx.DiGraph()
    G.graph[ROOT] = ids[0]
    players = {1: MAX.value, 2: MIN.value}
    for i in order:
        node = nodes[i]
        data: dict[str, Any] = {}
        if node.kind == "p":
            data[PLAYER] = players[node.player]
        elif node.kind == "c":
            data[PLAYER] = CHANCE.value
        else:
            data[VALUE] = values[i]
        if node.name and ids[i] != node.name and not isinstance(ids[i], int):
            data[LABEL] = node.name
        G.add_node(ids[i], **data)
    for i in order:
        node = nodes[i]
        # Equal odds written as ratios (1/n each) are the contract's default: no prob.
        uniform = Fraction(1, len(node.probs)) if node.probs else None
        odds = node.kind == "c" and not all(
            type(p) is Fraction and p == uniform for p in node.probs
        )
        for k, child in enumerate(children[i]):
            edge: dict[str, Any] = {}
            action = node.actions[k]
            if action and action != nodes[child].name:
                edge[MOVE] = action
            if odds:
                edge[PROB] = node.probs[k]
            G.add_edge(ids[i], ids[child], **edge)
    return G


# -- writing ------------------------------------------------------------------------


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _number_text(value: Any, where: str, *, probability: bool = False) -> str:
    if isinstance(value, bool):
        raise TreeFileError(f"{where}: {value!r} is not a number")
    if isinstance(value, Fraction):
        if value.denominator == 1 and not probability:
            raise TreeFileError(
                f"{where}: {value!r} would read back as the int {value.numerator} (.efg "
                "reads a whole ratio as an integer); write the int, or write JSON"
            )
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, int) or type(value).__name__.startswith(("int", "uint")):
        return str(int(value))
    number = float(value)
    if not math.isfinite(number):
        raise TreeFileError(f"{where}: {number!r} cannot be written in .efg (finite numbers only)")
    text = repr(number)
    # Plain decimals, no exponent: every .efg reader takes them; a point always, so that
    # a whole-number float (1e16) reads back as a float, not an int.
    text = format(Decimal(text), "f") if "e" in text or "E" in text else text
    return text if "." in text else text + ".0"


def _names(G: nx.DiGraph) -> dict[Hashable, str]:
    """Each node's .efg name, refusing ids the reader would give back otherwise.

    The reader makes ids of names: all integers when every name spells one, else the
    names as text, with an empty name read as unnamed (a generated id). So ids are
    written when they are all ints, or all non-empty text not all spelling integers.
    """
    nodes = list(G)
    if all(isinstance(n, int) and not isinstance(n, bool) for n in nodes):
        for n in nodes:
            if n.bit_length() > MAX_DIGITS * 3:  # more digits than the reader takes
                raise TreeFileError(f"node id {quoted(n)} is too long an integer for .efg")
        return {n: str(n) for n in nodes}
    names: dict[Hashable, str] = {}
    for n in nodes:
        if not isinstance(n, str):
            raise TreeFileError(
                f"node {n!r}: .efg node names are text, and integers only when every id is "
                "one, so this id would read back as text; write JSON or GraphML"
            )
        if not n:
            raise TreeFileError(
                "node '': .efg reads an empty name as an unnamed node, which gets a "
                "generated id; rename it, or write JSON or GraphML"
            )
        check_text(n, f"node {n!r}", ".efg")
        names[n] = n
    if all(len(n) <= MAX_DIGITS and _INTEGER.fullmatch(n) and str(int(n)) == n for n in nodes):
        raise TreeFileError(
            f"node {nodes[0]!r}: every id spells an integer, so .efg reads them back as "
            "ints; use int ids, or write JSON or GraphML"
        )
    return names


def _action(G: nx.DiGraph, node: Hashable, kid: Hashable, names: dict[Hashable, str]) -> str:
    """The action of edge ``node -> kid``: its move, else the child's name (read back as
    no move), refusing a move the reader would not give back."""
    edge = G._succ[node][kid]
    if MOVE not in edge:
        return names[kid]
    move = edge[MOVE]
    where = f"edge {node!r} -> {kid!r}: move {move!r}"
    if not isinstance(move, str):
        raise TreeFileError(
            f"{where} is {type(move).__name__}; .efg actions are text, so it would read back "
            "as text; make the moves text, or write JSON"
        )
    if not move or move == names[kid]:
        why = "is empty" if not move else "is the name of the node it leads to"
        raise TreeFileError(
            f"{where} {why}, which .efg reads back as no move; rename it, or write JSON"
        )
    check_text(move, where, ".efg")
    return move


def generate_efg(G: nx.DiGraph) -> str:
    """Return the Gambit ``.efg`` text of the game tree ``G`` (see the module docstring).

    Raises
    ------
    TreeFileError
        If ``G`` is a DAG, a leaf has no value, or a value is infinite.
    """
    root = find_root(G)
    names = _names(G)
    for node in G:
        if len(G._pred[node]) > 1:
            parents = ", ".join(repr(p) for p in G._pred[node])
            raise TreeFileError(
                f"node {node!r} has {len(G._pred[node])} parents ({parents}): an .efg file "
                "holds a tree, not a DAG (expand without merging transpositions)"
            )
    title = G.graph.get(NAME, "")
    if not isinstance(title, str):
        raise TreeFileError(f"graph attribute {NAME!r}: {title!r} is not text; .efg titles are")
    check_text(title, f"graph attribute {NAME!r}", ".efg")
    lines = [f'EFG 2 R {_quote(title)} {{ "MAX" "MIN" }} ""']
    infosets = {MAX.value: 0, MIN.value: 0}
    chance_sets = 0
    outcomes = 0
    stack = [root]
    while stack:
        node = stack.pop()
        data = G._node[node]
        kids = list(G._succ[node])
        name = _quote(names[node])
        if not kids:
            if VALUE not in data:
                raise TreeFileError(f"leaf {node!r} has no value; .efg needs a payoff there")
            value = data[VALUE]
            outcomes += 1
            first = _number_text(value, f"leaf {node!r}")
            second = _number_text(-value, f"leaf {node!r}")
            lines.append(f't {name} {outcomes} "" {{ {first} {second} }}')
            continue
        actions = [_quote(_action(G, node, kid, names)) for kid in kids]
        player = str(data[PLAYER])
        if player == CHANCE.value:
            chance_sets += 1
            probs = [G._succ[node][kid].get(PROB) for kid in kids]
            if all(p is None for p in probs):
                probs = [Fraction(1, len(kids))] * len(kids)
            pairs = " ".join(
                f"{a} {_number_text(p, f'edge {node!r} -> {kid!r}', probability=True)}"
                for a, p, kid in zip(actions, probs, kids, strict=True)
            )
            lines.append(f'c {name} {chance_sets} "" {{ {pairs} }} 0')
        else:
            infosets[player] += 1
            number = 1 if player == MAX.value else 2
            lines.append(f'p {name} {number} {infosets[player]} "" {{ {" ".join(actions)} }} 0')
        stack.extend(reversed(kids))
    return "\n".join(lines) + "\n"
