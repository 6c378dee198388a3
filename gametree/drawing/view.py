"""Which part of a tree a diagram shows: collapsed pruned subtrees, a depth limit, a focus.

:func:`view_graph` turns the (annotated) tree into the graph that is actually drawn: the
nodes kept, and a :class:`Hidden` stand-in wherever nodes were left out (one stub per
cutoff when pruned subtrees are collapsed, one ellipsis under a node whose children lie
below ``max_depth``). Every emitter draws that graph through the shared
:class:`~gametree.drawing.style.Diagram`, so the options mean the same in each back end.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass

import networkx as nx

from gametree.attrs import PRUNED, STATUS
from gametree.exceptions import RenderError

__all__ = ["COLLAPSE_CHOICES", "ORIENTATIONS", "Hidden", "check_view", "view_graph"]

COLLAPSE_CHOICES = ("pruned",)
"""What ``collapse=`` may fold into stubs."""

ORIENTATIONS = ("top-down", "left-right")
"""Directions a tree may grow: from the root down (default), or from the left."""

PRUNED_STUB = "pruned"
DEPTH_STUB = "depth"


@dataclass(frozen=True)
class Hidden:
    """A stand-in for the nodes a view leaves out, drawn as one small marker.

    ``kind`` is ``"pruned"`` (the pruned children of ``parent``, folded into one greyed
    stub) or ``"depth"`` (everything below ``parent``, past ``max_depth``: an ellipsis);
    ``count`` is how many nodes it stands for.
    """

    parent: Hashable
    kind: str
    count: int

    def __str__(self) -> str:
        return f"{self.count} hidden"


def check_view(
    G: nx.DiGraph,
    *,
    collapse: str | None = None,
    max_depth: int | None = None,
    focus: Hashable | None = None,
    orientation: str = "top-down",
) -> None:
    """Raise :class:`~gametree.exceptions.RenderError` for a view option that cannot be met.

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> check_view(G, focus="Z")
    Traceback (most recent call last):
    ...
    gametree.exceptions.RenderError: focus node 'Z' is not in the tree
    """
    if collapse is not None and collapse not in COLLAPSE_CHOICES:
        allowed = ", ".join(repr(c) for c in COLLAPSE_CHOICES)
        raise RenderError(f"unknown collapse {collapse!r}; expected {allowed} or None")
    if max_depth is not None and (
        isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 0
    ):
        raise RenderError(f"max_depth must be an integer >= 0, got {max_depth!r}")
    if focus is not None and focus not in G:
        raise RenderError(f"focus node {focus!r} is not in the tree")
    if orientation not in ORIENTATIONS:
        allowed = ", ".join(repr(o) for o in ORIENTATIONS)
        raise RenderError(f"unknown orientation {orientation!r}; expected one of {allowed}")


def view_graph(
    G: nx.DiGraph,
    root: Hashable,
    *,
    collapse: str | None = None,
    max_depth: int | None = None,
    focus: Hashable | None = None,
) -> nx.DiGraph:
    """Return the graph a diagram draws: ``G`` itself, or the part the options keep.

    Parameters
    ----------
    G : networkx.DiGraph
        An annotated (or bare) game tree.
    root : hashable
        The node the drawing starts from.
    collapse : {"pruned"}, optional
        Fold the pruned children of each node into one :class:`Hidden` stub.
    max_depth : int, optional
        Keep nodes at most this many edges below ``root``; a kept node with children
        past the limit gets one :class:`Hidden` ellipsis child.
    focus : hashable, optional
        Keep only the path from ``root`` to ``focus`` and the subtree under ``focus``.

    Returns
    -------
    networkx.DiGraph
        Kept nodes and edges share ``G``'s attribute dicts (do not change them);
        stand-ins are :class:`Hidden` nodes.

    Examples
    --------
    AIMA Figure 5.2 after alpha-beta: C's pruned leaves I and J become one stub.

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> _ = gametree.alphabeta(G)
    >>> V = view_graph(G, "A", collapse="pruned")
    >>> list(V.successors("C"))
    ['H', Hidden(parent='C', kind='pruned', count=2)]
    >>> sorted(map(str, view_graph(G, "A", focus="C")))
    ['A', 'C', 'H', 'I', 'J']
    """
    check_view(G, collapse=collapse, max_depth=max_depth, focus=focus)
    if collapse is None and max_depth is None and focus is None:
        return G
    from gametree.search.status import node_status

    kept: set[Hashable] | None = None
    if focus is not None:
        try:
            path = nx.shortest_path(G, root, focus)
        except nx.NetworkXNoPath:
            raise RenderError(f"focus node {focus!r} is not below the root {root!r}") from None
        kept = set(path) | _below(G, [focus])
    V = nx.DiGraph()
    V.graph.update(G.graph)
    V.add_node(root)
    V._node[root] = G._node[root]
    stack: list[tuple[Hashable, int]] = [(root, 0)]
    while stack:
        u, depth = stack.pop()
        kids = [c for c in G._succ[u] if kept is None or c in kept]
        if not kids:
            continue
        if max_depth is not None and depth >= max_depth:
            stub = Hidden(u, DEPTH_STUB, len(_below(G, kids)))
            V.add_edge(u, stub)
            continue
        folded = []
        if collapse == "pruned":
            folded = [c for c in kids if _pruned_edge(G, u, c, node_status)]
        fresh = []
        for c in kids:
            if c in folded:
                continue
            if c not in V:
                V.add_node(c)
                V._node[c] = G._node[c]
                fresh.append(c)
            V.add_edge(u, c)
            V._succ[u][c] = V._pred[c][u] = G._succ[u][c]
        if folded:
            stub = Hidden(u, PRUNED_STUB, len(_below(G, folded)))
            V.add_edge(u, stub, **{STATUS: PRUNED})
        stack.extend((c, depth + 1) for c in reversed(fresh))
    return V


def _pruned_edge(G: nx.DiGraph, u: Hashable, v: Hashable, status: object) -> bool:
    if G._succ[u][v].get(STATUS) == PRUNED:
        return True
    return bool(callable(status) and status(G, v) == PRUNED)


def _below(G: nx.DiGraph, starts: Iterable[Hashable]) -> set[Hashable]:
    """The nodes ``starts`` and everything reachable from them (iteratively)."""
    seen = set(starts)
    stack = list(seen)
    while stack:
        for c in G._succ[stack.pop()]:
            if c not in seen:
                seen.add(c)
                stack.append(c)
    return seen
