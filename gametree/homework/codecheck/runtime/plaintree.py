"""The ``tree`` protocol: plain node objects, for courses that hand students a tree class.

A node has ``name``, ``player`` (``'MAX'``, ``'MIN'``, ``'CHANCE'``; None on a leaf),
``value`` (a leaf's value from MAX's point of view; at the depth limit the node's
heuristic value; None elsewhere), ``children`` (a list of nodes, in order),
``probability`` (of the edge from a CHANCE parent, else None) and ``move`` (the label
of the edge from its parent). The search function takes the root node (and, by their
names, the depth, alpha and beta, a maximizing flag or a negamax colour) and returns a
value, or ``(value, child)``.

An entry that reads ``node.player`` is checked on every tree, two MIN levels in a row
(CS188's two ghosts) included. One told only who moves at the root (a ``maximizing``
flag, a negamax ``color``) alternates players itself, as Wikipedia's and most courses'
pseudocode does: its contract is trees whose players alternate, and the others are left
out of its check (the report says which, and why).

A child is counted as generated when the code first reads anything from it, and
evaluated when its ``value`` is read and is not None.
"""

from __future__ import annotations

from .binding import call
from .recorder import Recorder
from .treedata import CHANCE, MAX, MIN, TreeData

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["TreeNode", "answer", "presentable", "repeated_player", "run"]

NODE_NAMES = frozenset({"node", "n", "root", "tree", "state", "position", "current", "nd"})


class TreeNode:
    """One node of the tree; reading it is recorded."""

    __slots__ = ("_kids", "_node", "_rec", "_tree", "_visit")

    def __init__(self, tree: TreeData, rec: Recorder, node: str, visit: int | None) -> None:
        self._tree = tree
        self._rec = rec
        self._node = node
        self._visit = visit
        self._kids: list[TreeNode] | None = None

    def _touch(self) -> str:
        if self._visit is None:
            self._visit = self._rec.generate(self._node)
        else:
            self._rec.call(self._node)
        return self._node

    @property
    def name(self) -> str:
        return self._touch()

    @property
    def player(self) -> str | None:
        return self._tree.player(self._touch())

    @property
    def value(self) -> float | None:
        node = self._touch()
        if not self._tree.evaluable(node):
            return None
        assert self._visit is not None
        self._rec.evaluate(node, self._visit)
        return self._tree.value(node)

    @property
    def children(self) -> list[TreeNode]:
        node = self._touch()
        if self._kids is None:
            self._kids = [
                TreeNode(self._tree, self._rec, c, None) for c in self._tree.children(node)
            ]
        return list(self._kids)

    @property
    def probability(self) -> float | None:
        node = self._touch()
        parent = self._tree.parent.get(node)
        if parent is None or self._tree.player(parent) != CHANCE:
            return None
        return self._tree.probability_of(node)

    @property
    def move(self) -> str | None:
        node = self._touch()
        return None if node == self._tree.root else self._tree.move_to(node)

    @property
    def label(self) -> str | None:
        """The node's label in the tree file (a board's text, say), else None."""
        return self._tree.label(self._touch())

    @property
    def mover(self) -> str:
        """Who is to move here: the player, or at a leaf the opponent of the last mover."""
        return self._tree.mover(self._touch())

    @property
    def moves(self) -> list[str]:
        """The labels of the moves from here, without generating the children."""
        return list(self._tree.moves(self._touch()))

    def child(self, move: object) -> TreeNode | None:
        """The child ``move`` leads to (generated once anything is read from it), or
        None when there is no such move."""
        node = self._touch()
        found = self._tree.child(node, move)
        if found is None:
            return None
        kids = self._tree.children(node)
        if self._kids is None:
            self._kids = [TreeNode(self._tree, self._rec, c, None) for c in kids]
        return self._kids[kids.index(found)]

    def is_leaf(self) -> bool:
        return self._tree.is_leaf(self._touch())

    isLeaf = is_leaf

    def __repr__(self) -> str:
        return f"Node({self._node!r})"


def presentable(tree: TreeData, algorithm: str) -> str | None:
    """Every tree can be presented as nodes (an entry that alternates players itself
    is then not run on trees where they do not: see :func:`repeated_player`)."""
    return None


def repeated_player(tree: TreeData) -> str | None:
    """Where one player (MAX or MIN) moves twice in a row, in words, or None."""
    for node in tree.ply:
        p = tree.player(node)
        if p in (MAX, MIN) and any(tree.player(c) == p for c in tree.children(node)):
            return f"two {p} levels follow each other at {node}"
    return None


def run(entry: Callable[..., Any], tree: TreeData, rec: Recorder, algorithm: str) -> dict[str, Any]:
    """Call ``entry`` on the root node; return its value and chosen child."""
    root = TreeNode(tree, rec, tree.root, 0)
    ran, returned = call(
        entry,
        [("node", root, NODE_NAMES)],
        depth=tree.depth if tree.depth is not None else tree.height(),
        limited=tree.depth is not None,
        maximizing=tree.player(tree.root) == MAX,
        repeats=repeated_player(tree),
    )
    if not ran:
        return {"skipped": returned}
    return answer(returned, tree)


def answer(returned: Any, tree: TreeData) -> dict[str, Any]:
    """What an entry returned, as ``{"value": ..., "action": ...}``: a value, a node
    (its move is the action), or a pair of them in either order."""
    out: dict[str, Any] = {}
    if isinstance(returned, (tuple, list)) and len(returned) == 2:
        first, second = returned
        if isinstance(first, TreeNode) and not isinstance(second, TreeNode):
            first, second = second, first
        out["value"], out["action"] = first, second
    elif isinstance(returned, TreeNode):
        out["action"] = returned
    else:
        out["value"] = returned
    if isinstance(out.get("action"), TreeNode):
        child = out["action"]._node
        out["action"] = tree.move_to(child) if child != tree.root else child
    return out
