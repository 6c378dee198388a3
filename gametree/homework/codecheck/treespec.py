"""A gametree tree turned into the plain data a child process reads.

See :mod:`gametree.homework.codecheck.runtime.treedata` for the layout. Node ids become
their text (two ids with the same text are refused), values and probabilities plain
numbers, moves the edge's ``move`` or else the child's id. Only trees are presented (no
node with two parents), up to :data:`MAX_HEIGHT` levels, so a submission's own
recursion stays far from Python's limit.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any

import networkx as nx

from gametree.exceptions import InvalidTreeError
from gametree.homework.codecheck.runtime.treedata import TreeData
from gametree.validation import find_root, validate

__all__ = ["MAX_HEIGHT", "TreeCase", "tree_case"]

MAX_HEIGHT = 60
"""The deepest tree check-code presents: student code recurses once or twice per level."""


@dataclass(frozen=True)
class TreeCase:
    """One tree to run a submission on.

    Attributes
    ----------
    name : str
        How reports name it (``T3``, or the file it came from).
    graph : networkx.DiGraph
        The tree.
    depth : int or None
        The depth limit (plies) where internal nodes are evaluated with their ``value``.
    purpose : str
        What the tree is in the suite for (empty for instructors' trees).
    spec : dict
        The plain data the child reads.
    ids : dict
        Node id text back to the graph's node id.
    """

    name: str
    graph: nx.DiGraph
    depth: int | None
    purpose: str
    spec: dict[str, Any]
    ids: dict[str, Hashable]

    @cached_property
    def data(self) -> TreeData:
        """The tree as the child reads it (read-only; made once, on first use)."""
        return TreeData(self.spec)


def _number(x: Any) -> float | int | None:
    if x is None:
        return None
    if isinstance(x, bool):
        raise InvalidTreeError(f"value {x!r} is a bool, not a number")
    if isinstance(x, int):
        return x
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return float(x)


def tree_case(
    G: nx.DiGraph, name: str, *, index: int = 0, depth: int | None = None, purpose: str = ""
) -> TreeCase:
    """Return ``G`` as a :class:`TreeCase`.

    Raises
    ------
    InvalidTreeError
        When ``G`` is not a valid game tree, has a node with two parents, is deeper than
        :data:`MAX_HEIGHT`, has two node ids with the same text, or (with ``depth``) an
        internal node at the depth limit without a ``value``.
    """
    validate(G)
    root = find_root(G)
    ids: dict[str, Hashable] = {}
    for node in G:
        text = str(node)
        if text in ids:
            raise InvalidTreeError(f"tree {name}: two nodes are both written {text!r}", node=node)
        if G.in_degree(node) > 1:
            raise InvalidTreeError(
                f"tree {name}: node {text!r} has {G.in_degree(node)} parents; check-code "
                "presents trees, not DAGs",
                node=node,
            )
        ids[text] = node
    nodes: dict[str, Any] = {}
    level = {root: 0}
    order = [root]
    for node in order:
        data = G.nodes[node]
        kids = []
        for child in G.succ[node]:
            level[child] = level[node] + 1
            order.append(child)
            edge = G.edges[node, child]
            move = edge.get("move")
            kids.append(
                [str(child), str(child) if move is None else str(move), _number(edge.get("prob"))]
            )
        if len({k[1] for k in kids}) < len(kids):  # repeated labels: name moves by child
            for k in kids:
                k[1] = k[0]
        player = data.get("player")
        nodes[str(node)] = {
            "p": None if player is None or not kids else str(getattr(player, "value", player)),
            "v": _number(data.get("value")),
            "c": kids,
        }
        if isinstance(data.get("label"), str):
            nodes[str(node)]["l"] = data["label"]
        if depth is not None and kids and level[node] == depth and data.get("value") is None:
            raise InvalidTreeError(
                f"tree {name}: {node!r} is at the depth limit {depth} and has no value "
                "(write its heuristic value, e.g. (C=4 ...))",
                node=node,
            )
    height = max(level.values())
    if height > MAX_HEIGHT:
        raise InvalidTreeError(
            f"tree {name} is {height} levels deep; check-code presents trees up to "
            f"{MAX_HEIGHT} levels"
        )
    spec = {"name": name, "index": index, "root": str(root), "depth": depth, "nodes": nodes}
    return TreeCase(name, G, depth, purpose, spec, ids)
