"""The status of a node or an edge after a search: written where the search went, derived below.

Annotating a search (:func:`gametree.annotate`) writes a ``status`` only on what the
search touched: the nodes it entered and the edges it went down (``"visited"``), the
edges it skipped at a cutoff and their children (``"pruned"``). Everything else below
the searched root is ``"unreached"`` (under a pruned node, below the depth limit, under
a node whose value came from the transposition table, or a DAG edge the search did not
take), and that is never written: it is derived here, so annotating costs what the
search cost, not the size of the tree. Every reader (drawings, text art, the checker)
asks these functions instead of reading ``status`` directly.

The rule, for a graph carrying ``G.graph["search"]`` (a finished search): a node with a
written status has it; a node without one is ``"unreached"`` when some ancestor has a
status (it lies below the searched root), else it was outside the search (``None``).
An edge with a written status has it; an edge without one is ``"unreached"`` when its
tail has a status, else ``None``. A graph without ``G.graph["search"]`` (a bare tree,
or one annotated step by step, as an animation does) has only its written statuses.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

import networkx as nx

from gametree.attrs import SEARCH, STATUS, UNREACHED

__all__ = ["edge_status", "node_status", "node_statuses"]


def node_status(G: nx.DiGraph, n: Hashable) -> str | None:
    """Return the search status of node ``n``: written, or derived as ``"unreached"``.

    Parameters
    ----------
    G : networkx.DiGraph
        An annotated game tree (or DAG).
    n : node
        A node of ``G``.

    Returns
    -------
    str or None
        ``"visited"``, ``"pruned"``, ``"unreached"``, or ``None`` for a node outside
        the last search (above or beside its root) or in a graph never searched.

    Raises
    ------
    KeyError
        If ``n`` is not a node of ``G``.

    See Also
    --------
    edge_status, node_statuses, annotate

    Notes
    -----
    A written status is returned in O(1). Otherwise the ancestors of ``n`` are walked
    up to the first one with a status: O(depth) in a tree, at most every ancestor once
    in a DAG. To read every node at once use :func:`node_statuses` (O(n)).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> _ = gametree.alphabeta(G, depth=1, evaluate=lambda G, n: 0)
    >>> gametree.node_status(G, "B"), gametree.node_status(G, "E")
    ('visited', 'unreached')
    >>> "status" in G.nodes["E"]
    False
    """
    nodes = G._node
    status: str | None = nodes[n].get(STATUS)
    if status is not None or SEARCH not in G.graph:
        return status
    pred = G._pred
    seen = {n}
    stack = [n]
    while stack:
        for parent in pred[stack.pop()]:
            if parent in seen:
                continue
            if nodes[parent].get(STATUS) is not None:
                return UNREACHED
            seen.add(parent)
            stack.append(parent)
    return None


def edge_status(
    G: nx.DiGraph,
    u: Hashable,
    v: Hashable,
    *,
    statuses: Mapping[Hashable, str] | None = None,
) -> str | None:
    """Return the search status of edge ``(u, v)``: written, or derived as ``"unreached"``.

    An edge the search went down is ``"visited"``, one it skipped at a cutoff
    ``"pruned"``; an edge out of a node with a status that is neither is
    ``"unreached"``; an edge outside the search has ``None``. ``statuses``, the
    result of :func:`node_statuses`, saves the walk up when reading many edges.

    Raises
    ------
    KeyError
        If ``(u, v)`` is not an edge of ``G``.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3], [1, [7, 8]]])
    >>> _ = gametree.alphabeta(G)
    >>> gametree.edge_status(G, "C", "F"), gametree.edge_status(G, "F", "G")
    ('pruned', 'unreached')
    """
    status: str | None = G._succ[u][v].get(STATUS)
    if status is not None or SEARCH not in G.graph:
        return status
    tail = node_status(G, u) if statuses is None else statuses.get(u)
    return UNREACHED if tail is not None else None


def node_statuses(G: nx.DiGraph) -> dict[Hashable, str]:
    """Return every node's status that is not None (see :func:`node_status`), in O(n + e).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3], [1, [7, 8]]])
    >>> _ = gametree.alphabeta(G)
    >>> s = gametree.node_statuses(G)
    >>> s["F"], s["G"], s["H"]
    ('pruned', 'unreached', 'unreached')
    """
    nodes = G._node
    out: dict[Hashable, str] = {}
    written = [(n, data[STATUS]) for n, data in nodes.items() if data.get(STATUS) is not None]
    out.update(written)
    if SEARCH not in G.graph:
        return out
    succ = G._succ
    stack = [n for n, _ in written]
    while stack:
        for child in succ[stack.pop()]:
            if child not in out:
                out[child] = UNREACHED
                stack.append(child)
    return out
