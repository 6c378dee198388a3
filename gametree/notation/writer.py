"""Writing a game tree in the tree notation, so that :func:`gametree.notation.parse`
gives it back.

The players cycle that needs the fewest overrides is chosen for the ``players:`` header;
a node shared by several parents is written in full once (under its first parent in
breadth-first order) and named elsewhere; leaves whose ids the automatic letters
reproduce are written bare; small subtrees stay on one line. Iterative, so deep trees
are written without recursion.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import networkx as nx

from gametree.attrs import MOVE, PLAYER, PROB, VALUE
from gametree.builders import bulk_build, letter_ids
from gametree.notation.lexicon import DEFAULT_PLAYERS, is_bare_name, quote
from gametree.validation import find_root, validate

__all__ = ["to_notation"]

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


def _name_text(name: Hashable) -> str:
    text = name if isinstance(name, str) else str(name)
    if isinstance(name, str) and is_bare_name(text):
        return text
    return quote(text)


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
        return quote(value)
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
    return quote(str(move))


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
