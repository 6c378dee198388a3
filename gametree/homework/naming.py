"""How answers name the nodes of a tree: by id, by label, by leaf position, by move.

A node is named by its id or its label (case-insensitively when that is unambiguous) or,
for a leaf, by its left-to-right position ``#k`` as exercise sheets number them; an edge
as ``C-I``; a child of a node by its id or by the ``move`` on the edge into it.
:class:`NodeNames` reads these names (an error says why a name names no node, or
several) and writes names that read back (:meth:`NodeNames.child_name`).

Ids come first: a name that is a node's id names that node, even where another node
carries it as its label, so every id reads back as its node (answer keys and practice
pages name nodes by id). A label names its node where no id is spelled that way, and
the case-insensitive forms are tried only after the exact ones, ids first again.
The tables behind this are built the first time a name needs them, and hold only
what the graph itself cannot answer (labels, ids that are not strings, case-folded
names), so a tree of millions of nodes named by id costs no table at all.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterator, Mapping, Sequence
from functools import cached_property
from itertools import islice
from typing import Any

import networkx as nx

from gametree.attrs import LABEL, MOVE
from gametree.homework.answeritems import AnswerItem
from gametree.search.result import edge_move

__all__ = [
    "NodeNames",
    "bound_hint",
]


class NodeNames:
    """The names of a tree's nodes as answers write them.

    Parameters
    ----------
    G : networkx.DiGraph
        The tree.
    frontier : sequence
        The leaves left to right: ``#1`` names the first.
    position : Mapping
        Leaf -> its ``#k`` position (1-based) in ``frontier``.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> leaves = [n for n in G if not G._succ[n]]
    >>> names = NodeNames(G, leaves, {leaf: k for k, leaf in enumerate(leaves, 1)})
    >>> names.resolve("#5"), names.resolve("c"), names.resolve_edge("C-I"), names.name("I")
    ('I', 'C', ('C', 'I'), 'I (#5)')
    """

    def __init__(
        self, G: nx.DiGraph, frontier: Sequence[Hashable], position: Mapping[Hashable, int]
    ) -> None:
        self.G = G
        self.frontier = frontier
        self.position = position

    @cached_property
    def _other_ids(self) -> dict[str, Any]:
        """Nodes whose id is not a string, by ``str(id)``: a node, or :class:`_Several`."""
        table: dict[str, Any] = {}
        for node in self.G._node:
            if type(node) is not str:
                _enter(table, str(node), node)
        return table

    @cached_property
    def _labels(self) -> dict[str, Any]:
        """Nodes by label (where it differs from the id)."""
        table: dict[str, Any] = {}
        for node, data in self.G._node.items():
            label = data.get(LABEL)
            if label is not None and str(label) != str(node):
                _enter(table, str(label), node)
        return table

    @cached_property
    def _folded(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Nodes by lower-cased id, and by lower-cased label."""
        ids: dict[str, Any] = {}
        labels: dict[str, Any] = {}
        for node in self.G._node:
            _enter(ids, str(node).lower(), node)
        for text, found in self._labels.items():
            for node in found if isinstance(found, _Several) else (found,):
                _enter(labels, text.lower(), node)
        return ids, labels

    def _by_id(self, text: str) -> Any:
        """The node whose id is spelled ``text`` (a node, :class:`_Several` or :data:`_NONE`)."""
        found = self._other_ids.get(text, _NONE)
        if text in self.G._node:
            if found is _NONE:
                return text
            found = _Several((text, *(found if isinstance(found, _Several) else (found,))))
        return found

    def _lookups(self, text: str) -> Iterator[Any]:
        """What ``text`` names as an id, a label, a case-folded id, a case-folded label,
        each looked up only when the one before found nothing."""
        yield self._by_id(text)
        yield self._labels.get(text, _NONE)
        low = text.lower()
        yield self._folded[0].get(low, _NONE)
        yield self._folded[1].get(low, _NONE)

    def resolve(self, name: Any) -> Hashable:
        """Return the node ``name`` names (id, label or ``#k`` leaf position).

        Ids first, then labels, then both case-insensitively (see the module docstring).

        Raises
        ------
        ValueError
            With a message saying why the name names no node (or several).
        """
        if isinstance(name, bool):
            raise ValueError(f"{name!r} is not a node name")
        if not isinstance(name, str) and name in self.G:
            return name  # type: ignore[no-any-return]
        text = str(name).strip().strip('"').strip("'")
        m = re.fullmatch(r"#\s*(\d+)", text) if text.startswith("#") else None
        if m and len(m.group(1)) > 18:
            raise ValueError(
                f"leaf position #{m.group(1)[:20]}... is out of range: the tree has "
                f"{len(self.frontier)} leaves"
            )
        if m:
            k = int(m.group(1))
            if 1 <= k <= len(self.frontier):
                return self.frontier[k - 1]
            raise ValueError(
                f"leaf position #{k} is out of range: the tree has {len(self.frontier)} leaves "
                f"(#1 to #{len(self.frontier)}, left to right)"
            )
        for hits in self._lookups(text):
            if not isinstance(hits, _Several):
                found: Hashable = hits
                return found
            if hits:
                shown = ", ".join(repr(h) for h in hits[:4])
                raise ValueError(f"{text!r} is ambiguous: it names the nodes {shown}")
        hint = ""
        if re.fullmatch(r"-?\d+(\.\d+)?", text):
            hint = f"; to name a leaf by its position write #{text}"
        sample = ", ".join(str(n) for n in islice(self.G, 5))
        raise ValueError(
            f"unknown node {text!r}{hint}; nodes are named by id ({sample}, ...), "
            f"label, or leaf position #1..#{len(self.frontier)}"
        )

    def resolve_edge(self, token: Any) -> tuple[Hashable, Hashable]:
        """Return the edge ``token`` names: ``C-I``, ``C->I``, ``C→I`` or a pair.

        Raises
        ------
        ValueError
            Saying why ``token`` names no edge of the tree.
        """
        if isinstance(token, tuple):
            parts = [token]
        else:
            text = str(token).strip()
            parts = []
            for sep in ("->", "→", "–", "-"):
                if sep in text[1:]:
                    i = 1
                    while True:
                        j = text.find(sep, i)
                        if j < 0:
                            break
                        parts.append((text[:j], text[j + len(sep) :]))
                        i = j + 1
                    if parts:
                        break
        last_error = f"{token!r} is neither a node nor an edge such as C-I"
        for a, b in parts:
            try:
                u, v = self.resolve(a), self.resolve(b)
            except ValueError as exc:
                last_error = str(exc)
                continue
            if not self.G.has_edge(u, v):
                parents = list(self.G.predecessors(v))
                where = f"; {v} is a child of {parents[0]}" if parents else ""
                raise ValueError(f"{a}-{b} is not an edge of the tree{where}")
            return u, v
        raise ValueError(last_error)

    def name(self, node: Hashable) -> str:
        """The name a finding uses for ``node`` (its id, with ``#k`` for leaves)."""
        k = self.position.get(node)
        return f"{node} (#{k})" if k is not None and str(node) != f"#{k}" else str(node)

    @cached_property
    def speaks_moves(self) -> bool:
        """Whether every edge of the tree carries a ``move`` (a game tree)."""
        return self.G.number_of_edges() > 0 and all(
            m is not None for _, _, m in self.G.edges(data=MOVE)
        )

    @cached_property
    def edges_by_move(self) -> dict[str, list[tuple[Hashable, Hashable]]]:
        """Edges by the text of their ``move``, in the graph's edge order."""
        out: dict[str, list[tuple[Hashable, Hashable]]] = {}
        for u, v, m in self.G.edges(data=MOVE):
            if m is not None:
                out.setdefault(str(m), []).append((u, v))
        return out

    def move_name(self, parent: Hashable, child: Hashable) -> str:
        """The move of the edge ``parent -> child`` (its ``move``, else the child's id)."""
        return str(edge_move(self.G, parent, child))

    def child(
        self, parent: Hashable, token: Any, read: set[str], *, loose: bool = False
    ) -> Hashable:
        """The child of ``parent`` that ``token`` names, as a node name or a move.

        Adds ``"ids"`` or ``"moves"`` to ``read``. A token that names one child by id
        and another by move is read as the move in a tree whose edges all carry moves
        (the report says so); elsewhere it is an error. A node that is not a child of
        ``parent`` is an error, or (``loose``, for a path being graded) returned as is.
        """
        try:
            named: Hashable | None = self.resolve(token)
        except ValueError:
            named = None
        kids = self.G._succ[parent]
        by_id = named if named in kids else None
        text = str(token).strip().strip('"').strip("'")
        by_move: list[Hashable] = [
            c for c, d in kids.items() if d.get(MOVE) is not None and str(d[MOVE]) == text
        ]
        if len(by_move) > 1:
            raise ValueError(
                f"move {text!r} labels {len(by_move)} edges from {parent}: "
                + ", ".join(f"{parent}-{c}" for c in by_move)
            )
        if by_move and by_id is not None and by_move[0] != by_id:
            if not self.speaks_moves:
                raise ValueError(
                    f"{text!r} is ambiguous at {parent}: it is the child {by_id} by id and "
                    f"the move to {by_move[0]}; rename one of them"
                )
            read.add("moves")
            read.add(f"{text!r} read as the move to {by_move[0]}, not the node {by_id}")
            return by_move[0]
        if by_move:
            read.add("moves")
            return by_move[0]
        if by_id is not None:
            read.add("ids")
            return by_id
        if named is not None and loose:
            read.add("ids")
            return named
        if named is not None:
            raise ValueError(
                f"{named} is not a child of {parent}; a move from {parent} is one of "
                + ", ".join(self.move_name(parent, c) for c in kids)
            )
        return self.resolve(token)

    def child_name(self, parent: Hashable, child: Hashable) -> str:
        """How an answer names ``child`` of ``parent`` so that it reads back as it: its
        move where the edges carry moves, else (or if that is ambiguous) its id."""
        for name in (self.move_name(parent, child), str(child)):
            try:
                if self.child(parent, name, set()) == child:
                    return name
            except ValueError:
                continue
        return str(child)

    def read_note(self, item: AnswerItem, read: set[str]) -> str | None:
        """A note saying how an item naming children was read (ids, moves)."""
        if not read or not self.has_moves:
            return None
        where = f"{item.key or item.kind} (line {item.line})" if item.line else item.key
        forms = [f for f in ("ids", "moves") if f in read]
        words = {"ids": "node ids", "moves": "moves"}
        note = f"read {where or item.kind} as " + " and ".join(words[f] for f in forms)
        return "; ".join([note, *sorted(r for r in read if r not in words)])

    @cached_property
    def has_moves(self) -> bool:
        """Whether some edge of the tree carries a ``move``."""
        return bool(self.edges_by_move)


class _Several(list):  # type: ignore[type-arg]
    """The nodes one name names, when it names more than one (each node once)."""


def _enter(table: dict[str, Any], key: str, node: Hashable) -> None:
    """Add ``node`` under ``key``: most names name one node, so no list each."""
    if key not in table:
        table[key] = node
        return
    old = table[key]
    if isinstance(old, _Several):
        old.append(node)
    else:
        table[key] = _Several((old, node))


_NONE = _Several()
"""What a name that names no node finds."""


_BOUND_KEY = re.compile(r"^(.*\S)\s*([<>≤≥])$")


def bound_hint(name: Any, given: Any) -> str:
    """A hint for a node name that is a node and a comparison (``C <= -2`` read as the
    node ``'C <'`` worth ``-2``): how to write the bound, or ``""``.

    >>> bound_hint("C <", -2)
    "; to give C a bound, write 'C = <=-2'"
    >>> bound_hint("C", 3)
    ''
    """
    found = _BOUND_KEY.match(str(name)) if name is not None else None
    if found is None:
        return ""
    node, sign = found.groups()
    op = "<=" if sign in "<≤" else ">="
    return f"; to give {node} a bound, write '{node} = {op}{given}'"
