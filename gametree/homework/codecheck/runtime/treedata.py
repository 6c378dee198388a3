"""A game tree as plain data: what the child process is given and every protocol reads.

The parent turns a gametree tree into a JSON-ready dict (:func:`spec`'s layout below);
:class:`TreeData` reads it back with nothing but the standard library, so the child
never imports networkx or gametree.

Layout::

    {"name": "T1", "index": 0, "root": "A", "depth": null,
     "nodes": {"A": {"p": "MAX", "v": null, "c": [["B", "a1", null], ...]}, ...}}

``p`` is the player (``"MAX"``, ``"MIN"``, ``"CHANCE"``; null on leaves), ``v`` the
value from MAX's point of view (a leaf's; an internal node's heuristic, used only at the
depth limit), ``c`` the children in order as ``[child, move, probability]``.
``l``, where the tree has one, is the node's label (a board's text, for an adapter
that shows positions). ``adapter`` holds an instructor's adapter file (``source`` and
``file``) for the ``adapted`` protocol. ``depth`` is the ply at which internal nodes
are evaluated with their heuristic value (gametree's ``depth=``), null for a search to
the leaves. ``"everywhere": true`` (for iterative deepening, where the code chooses each
pass's depth) lets every internal node with a value be evaluated wherever the code stops.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import Any


__all__ = ["CHANCE", "MAX", "MIN", "TreeData"]

MAX, MIN, CHANCE = "MAX", "MIN", "CHANCE"


class TreeData:
    """Read-only access to one tree of a job, by node id (a string)."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.name: str = str(spec["name"])
        self.index: int = int(spec.get("index", 0))
        self.root: str = str(spec["root"])
        depth = spec.get("depth")
        self.depth: int | None = None if depth is None else int(depth)
        self.everywhere = bool(spec.get("everywhere", False))
        self.adapter: Mapping[str, Any] | None = spec.get("adapter")
        self._label: dict[str, str | None] = {}
        self._player: dict[str, str | None] = {}
        self._value: dict[str, float | None] = {}
        self._children: dict[str, list[str]] = {}
        self._moves: dict[str, list[str]] = {}
        self._probs: dict[str, list[float]] = {}
        self.parent: dict[str, str] = {}
        self.ply: dict[str, int] = {self.root: 0}
        nodes: Mapping[str, Mapping[str, Any]] = spec["nodes"]
        for node, data in nodes.items():
            self._player[node] = data.get("p")
            self._value[node] = data.get("v")
            self._label[node] = data.get("l")
            kids: Sequence[Sequence[Any]] = data.get("c", ())
            self._children[node] = [str(k[0]) for k in kids]
            self._moves[node] = [str(k[1]) for k in kids]
            probs = [k[2] for k in kids]
            if kids and all(p is None for p in probs):
                probs = [1 / len(kids)] * len(kids)
            self._probs[node] = [float(p) if p is not None else 0.0 for p in probs]
            for child in self._children[node]:
                self.parent[child] = node
        stack = [self.root]
        while stack:
            node = stack.pop()
            for child in self._children[node]:
                self.ply[child] = self.ply[node] + 1
                stack.append(child)

    def player(self, node: str) -> str | None:
        """``"MAX"``, ``"MIN"``, ``"CHANCE"``, or None for a leaf."""
        return self._player[node] if self._children[node] else None

    def value(self, node: str) -> float | None:
        """The node's value from MAX's point of view (None where it has none)."""
        return self._value[node]

    def label(self, node: str) -> str | None:
        """The node's label in the tree file (a board's text, say), else None."""
        return self._label[node]

    def children(self, node: str) -> list[str]:
        return self._children[node]

    def moves(self, node: str) -> list[str]:
        return self._moves[node]

    def probabilities(self, node: str) -> list[float]:
        return self._probs[node]

    def is_leaf(self, node: str) -> bool:
        return not self._children[node]

    def child(self, node: str, move: object) -> str | None:
        """The child reached by ``move`` (compared as text), or None."""
        moves = self._moves[node]
        text = move if isinstance(move, str) else None
        if text is None and isinstance(move, (int, float)) and not isinstance(move, bool):
            text = str(move)
        if text is None or text not in moves:
            return None
        return self._children[node][moves.index(text)]

    def move_to(self, child: str) -> str:
        parent = self.parent[child]
        return self._moves[parent][self._children[parent].index(child)]

    def probability_of(self, child: str) -> float | None:
        parent = self.parent.get(child)
        if parent is None:
            return None
        return self._probs[parent][self._children[parent].index(child)]

    def at_horizon(self, node: str) -> bool:
        """Whether ``node`` is an internal node at the depth limit (evaluated there)."""
        return (
            self.depth is not None and bool(self._children[node]) and self.ply[node] == self.depth
        )

    def evaluable(self, node: str) -> bool:
        """Whether a value may be read at ``node``: a leaf, or the depth limit (or,
        with ``everywhere``, any node with a heuristic value)."""
        if self.everywhere and self._value[node] is not None:
            return True
        return not self._children[node] or self.at_horizon(node)

    def winning_value(self) -> float:
        """A value for the player to move at the root that only a true win reaches: the
        best leaf value for that player, when every heuristic value (read from that
        player's side) stays below it; else infinity, which no search reaches.

        A node's heuristic may equal it only when every leaf below is worth it too.
        """
        sign = 1 if self.mover(self.root) == MAX else -1
        leaves = [
            sign * v for n, v in self._value.items() if not self._children[n] and v is not None
        ]
        if not leaves:
            return float("inf")
        best = max(leaves)
        for node, kids in self._children.items():
            v = self._value[node]
            if (
                kids
                and v is not None
                and sign * v >= best
                and not self._all_leaves(node, best, sign)
            ):
                return float("inf")
        return best

    def _all_leaves(self, node: str, worth: float, sign: int) -> bool:
        stack = [node]
        while stack:
            here = stack.pop()
            kids = self._children[here]
            value = self._value[here]
            if not kids and (value is None or sign * value != worth):
                return False
            stack.extend(kids)
        return True

    def decider(self, node: str) -> str | None:
        """The nearest MAX or MIN node at or above ``node`` (CHANCE nodes skipped)."""
        here: str | None = node
        while here is not None:
            p = self.player(here)
            if p in (MAX, MIN):
                return here
            here = self.parent.get(here)
        return None

    def mover(self, node: str) -> str:
        """Who is to move at ``node``: its player, or at a leaf the opponent of the
        player who moved last (MAX at a root leaf)."""
        p = self.player(node)
        if p is not None:
            return p
        above = self.parent.get(node)
        last = self.decider(above) if above is not None else None
        if last is None:
            return MAX
        return MIN if self.player(last) == MAX else MAX

    def height(self) -> int:
        return max(self.ply.values())

    def __len__(self) -> int:
        return len(self._children)
