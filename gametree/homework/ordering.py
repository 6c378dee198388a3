"""Child order and alpha-beta: best and worst orderings, and Knuth and Moore's node types.

Left-to-right alpha-beta prunes most when every node's best child comes first and least
when it comes last. :func:`reorder` rearranges a copy of a tree either way (or by any
key); :func:`node_types` labels the nodes of the minimal tree (Knuth and Moore 1975) as
``"PV"``, ``"CUT"`` or ``"ALL"``.

References
----------
D. E. Knuth and R. W. Moore, "An analysis of alpha-beta pruning", Artificial
Intelligence 6 (1975), 293-326.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import networkx as nx

from gametree.attrs import (
    ANNOTATION_EDGE_ATTRS,
    ANNOTATION_NODE_ATTRS,
    CHANCE,
    MAX,
    MIN,
    NODE_TYPE,
    PLAYER,
    PROB,
    SEARCH,
    VALUE,
)
from gametree.exceptions import SearchError
from gametree.search.rules import ChanceAverage, chance_weights
from gametree.validation import find_root, validate

__all__ = ["NODE_TYPE", "minimax_values", "node_types", "reorder"]


def _postorder(G: nx.DiGraph, root: Hashable) -> list[Hashable]:
    """Nodes reachable from ``root``, each after all its children (explicit stack)."""
    order: list[Hashable] = []
    done: set[Hashable] = set()
    stack: list[tuple[Hashable, bool]] = [(root, False)]
    succ = G._succ
    while stack:
        node, expanded = stack.pop()
        if expanded:
            order.append(node)
            continue
        if node in done:
            continue
        done.add(node)
        stack.append((node, True))
        for child in reversed(list(succ[node])):
            if child not in done:
                stack.append((child, False))
    return order


def minimax_values(G: nx.DiGraph, *, root: Hashable | None = None) -> dict[Hashable, float]:
    """Return the minimax (expectiminimax) value of every node reachable from the root.

    A plain bottom-up pass, no pruning: each node's true value, which is what
    :func:`reorder` sorts by. CHANCE nodes average their children, weighted by ``prob``.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> v = minimax_values(G)
    >>> v["A"], v["B"], v["C"], v["D"]
    (3, 3, 2, 2)
    """
    validate(G)
    return tree_values(G, find_root(G) if root is None else root)


def tree_values(G: nx.DiGraph, root: Hashable) -> dict[Hashable, float]:
    """:func:`minimax_values` of a tree already validated (one bottom-up pass)."""
    values: dict[Hashable, float] = {}
    nodes = G._node
    succ = G._succ
    for node in _postorder(G, root):
        children = succ[node]
        if not children:
            values[node] = nodes[node][VALUE]
            continue
        player = nodes[node][PLAYER]
        kids = [values[c] for c in children]
        if player == MAX:
            values[node] = max(kids)
        elif player == MIN:
            values[node] = min(kids)
        else:
            probs = chance_weights(node, list(children), [e.get(PROB) for e in children.values()])
            average = ChanceAverage(node)
            for p, v in zip(probs, kids, strict=True):
                average.add(p, v)
            values[node] = average.value()
    return values


def _copy_with_order(G: nx.DiGraph, order: dict[Hashable, list[Hashable]]) -> nx.DiGraph:
    H = nx.DiGraph()
    H.graph.update({k: v for k, v in G.graph.items() if k != SEARCH})
    for node, data in G.nodes(data=True):
        H.add_node(node, **{k: v for k, v in data.items() if k not in ANNOTATION_NODE_ATTRS})
    for node in G:
        for child in order.get(node, list(G._succ[node])):
            data = G._succ[node][child]
            H.add_edge(
                node, child, **{k: v for k, v in data.items() if k not in ANNOTATION_EDGE_ATTRS}
            )
    return H


def reorder(
    G: nx.DiGraph,
    ordering: str | Callable[[nx.DiGraph, Hashable], Any] = "best",
    *,
    root: Hashable | None = None,
) -> nx.DiGraph:
    """Return a copy of ``G`` with the children of every node rearranged.

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree (or DAG).
    ordering : "best", "worst" or callable
        ``"best"``: at every MAX node the children in decreasing minimax value, at every
        MIN node increasing, so that left-to-right alpha-beta meets the best move first
        and prunes the most. ``"worst"``: the reverse, so that every node meets its best
        move last (on a two-level tree with distinct values nothing is pruned; deeper,
        bounds inherited from above can still cut). A callable ``key(G, child)`` sorts
        the children of every node in increasing key order. Sorting is stable: equal
        children keep their order. CHANCE nodes keep their order under ``"best"`` and
        ``"worst"`` (alpha-beta searches below them with an open window).
    root : hashable, optional
        The root (default: ``G.graph["root"]`` or the unique parentless node).

    Returns
    -------
    networkx.DiGraph
        A new graph with the same nodes, edges and attributes, but without search
        annotations (they describe the old order). ``G`` is not changed.

    See Also
    --------
    node_types : the minimal tree that a best-ordered tree makes alpha-beta visit.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> B = reorder(G, "best")
    >>> list(B.successors("A")), list(B.successors("D"))
    (['B', 'C', 'D'], ['M', 'L', 'K'])
    >>> list(reorder(G, "worst").successors("A"))
    ['C', 'D', 'B']
    """
    validate(G)
    if root is None:
        root = find_root(G)
    nodes = G._node
    succ = G._succ
    order: dict[Hashable, list[Hashable]] = {}
    if callable(ordering):
        for node in G:
            kids = list(succ[node])
            if len(kids) > 1:
                order[node] = sorted(kids, key=lambda c: ordering(G, c))
        return _copy_with_order(G, order)
    if ordering not in ("best", "worst"):
        raise SearchError(
            f"unknown ordering {ordering!r}; expected 'best', 'worst' or a callable key(G, node)"
        )
    values = minimax_values(G, root=root)
    best_first = ordering == "best"
    for node in values:
        kids = list(succ[node])
        player = nodes[node].get(PLAYER)
        if len(kids) < 2 or player == CHANCE:
            continue
        descending = (player == MAX) == best_first
        sign = -1 if descending else 1
        order[node] = sorted(kids, key=lambda c: sign * values[c])
    return _copy_with_order(G, order)


def node_types(
    G: nx.DiGraph,
    *,
    root: Hashable | None = None,
    by: str = "values",
    annotate: bool = True,
) -> dict[Hashable, str]:
    """Label the nodes of Knuth and Moore's minimal tree ``"PV"``, ``"CUT"`` or ``"ALL"``.

    The minimal tree is the part of the tree any alpha-beta search must look at to prove
    the root's value. The root is a PV node (type 1). The first (best) child of a PV
    node is PV and its other children are CUT (type 2); a CUT node needs only one child,
    its refutation, which is ALL (type 3); every child of an ALL node is CUT.

    Parameters
    ----------
    G : networkx.DiGraph
        A MAX/MIN game tree.
    root : hashable, optional
        The root.
    by : {"values", "order"}, default "values"
        Which child is "first". ``"values"``: the child attaining the node's minimax
        value (the first in child order among equals), so the labels describe the
        minimal tree of *this* tree whatever its child order. ``"order"``: the first
        child in child order, Knuth and Moore's labelling of a tree assumed perfectly
        ordered (what left-to-right alpha-beta visits when the tree really is, see
        ``reorder(G, "best")``).
    annotate : bool, default True
        Write the label as the node attribute ``node_type`` (drawn like the other
        annotations) and remove it from nodes outside the minimal tree.

    Returns
    -------
    dict
        Node to type, for the nodes of the minimal tree only.

    Raises
    ------
    SearchError
        If the tree has CHANCE nodes (the theory is about MAX/MIN trees) or ``by`` is
        unknown.

    Notes
    -----
    On a uniform tree of branching b and depth d the minimal tree has
    ``b**ceil(d/2) + b**floor(d/2) - 1`` leaves (:func:`gametree.minimal_tree_leaves`).
    O(n) time, no recursion.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> t = node_types(G)
    >>> t["A"], t["B"], t["E"], t["C"], t["H"], t["D"], t["M"]
    ('PV', 'PV', 'PV', 'CUT', 'ALL', 'CUT', 'ALL')
    >>> "I" in t, G.nodes["C"]["node_type"]
    (False, 'CUT')
    """
    validate(G)
    if by not in ("values", "order"):
        raise SearchError(f"unknown by={by!r}; expected 'values' or 'order'")
    if root is None:
        root = find_root(G)
    nodes = G._node
    succ = G._succ
    for node, data in nodes.items():
        if data.get(PLAYER) == CHANCE and succ[node]:
            raise SearchError(
                f"node_types is defined for MAX/MIN trees; node {node!r} is a CHANCE node"
            )
    values = minimax_values(G, root=root) if by == "values" else {}

    def first(node: Hashable) -> Hashable:
        kids: list[Hashable] = list(succ[node])
        if by == "order":
            return kids[0]
        target = values[node]
        chosen: Hashable = next(c for c in kids if values[c] == target)
        return chosen

    types: dict[Hashable, str] = {root: "PV"}
    stack = [root]
    while stack:
        node = stack.pop()
        kids = list(succ[node])
        if not kids:
            continue
        kind = types[node]
        chosen = first(node)
        assigned: list[tuple[Hashable, str]]
        if kind == "PV":
            assigned = [(c, "PV" if c == chosen else "CUT") for c in kids]
        elif kind == "CUT":
            assigned = [(chosen, "ALL")]
        else:
            assigned = [(c, "CUT") for c in kids]
        for child, child_kind in assigned:
            # In a DAG a node reached twice keeps the strongest requirement.
            old = types.get(child)
            if old is None or _RANK[child_kind] < _RANK[old]:
                types[child] = child_kind
                stack.append(child)
    if annotate:
        for node, data in nodes.items():
            if node in types:
                data[NODE_TYPE] = types[node]
            else:
                data.pop(NODE_TYPE, None)
    return types


_RANK = {"PV": 0, "ALL": 1, "CUT": 2}
