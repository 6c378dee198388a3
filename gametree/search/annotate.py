"""Writing a search onto the graph, and removing it again.

The attribute names are the contract of :mod:`gametree.attrs`; the drawings, the
explanations and the checker read them.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable

import networkx as nx

from gametree.attrs import (
    ALPHA,
    ANNOTATION_EDGE_ATTRS,
    ANNOTATION_NODE_ATTRS,
    BETA,
    BOUND,
    PRUNED,
    PV,
    SEARCH,
    SEARCH_VALUE,
    STATUS,
    UNREACHED,
    VISIT,
    VISITED,
)
from gametree.exceptions import SearchError
from gametree.search.result import SearchResult

__all__ = ["annotate", "clear_annotations"]


def clear_annotations(G: nx.DiGraph) -> None:
    """Remove every search annotation from ``G`` (input attributes are kept).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> _ = gametree.alphabeta(G)
    >>> gametree.clear_annotations(G)
    >>> G.nodes["B"], "search" in G.graph
    ({'player': 'MIN'}, False)
    """
    for data in G._node.values():
        for key in ANNOTATION_NODE_ATTRS:
            if key in data:
                del data[key]
    for edges in G._succ.values():
        for data in edges.values():
            for key in ANNOTATION_EDGE_ATTRS:
                if key in data:
                    del data[key]
    G.graph.pop(SEARCH, None)


def annotate(G: nx.DiGraph, result: SearchResult) -> None:
    """Write ``result`` onto ``G``, replacing any earlier annotation.

    Nodes
        ``status``: ``"visited"`` (entered by the search; in a DAG a node reached along
        a visited path and also cut off elsewhere is visited), ``"pruned"`` (a child
        skipped at a cutoff and never entered) or ``"unreached"`` (below the root of the
        search but never entered: under a pruned node, below the depth limit, or under a
        node whose value came from the transposition table). Nodes outside the subtree
        of ``result.root`` get no status. Visited nodes also get ``search_value`` and
        ``bound`` (``"exact"``, ``"lower"``, ``"upper"``, MAX's point of view), ``visit``
        (1-based order of first entry) and, for the alpha-beta family, ``alpha`` and
        ``beta`` (the node's window when it exited, MAX's point of view).
    Edges
        ``status`` with the same three words (an edge is visited when the search went
        down it, pruned when skipped at a cutoff and never taken) and ``pv=True`` along
        the principal variation.
    Graph
        ``G.graph["search"]``: ``{"algorithm": name, **options}``.

    ``value``, ``player`` and every other input attribute are left alone.

    Parameters
    ----------
    G : networkx.DiGraph
        The graph that was searched.
    result : SearchResult
        The result of searching ``G``. ``visit``, ``alpha`` and ``beta`` need a result
        that recorded them (every search run with ``annotate=True`` or ``trace=True``).

    Raises
    ------
    SearchError
        If the result's root is not a node of ``G``.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = gametree.alphabeta(G, annotate=False)
    >>> gametree.annotate(G, r)
    >>> [G.nodes[n]["status"] for n in "CHIJ"]
    ['visited', 'visited', 'pruned', 'pruned']
    >>> G.nodes["C"]["alpha"], G.nodes["C"]["beta"], G.nodes["C"]["bound"]
    (3, 2, 'upper')
    >>> [e for e in G.edges if G.edges[e].get("pv")]
    [('A', 'B'), ('B', 'E')]
    """
    root = result.root
    try:
        present = root in G
    except TypeError:
        present = False
    if not present:
        raise SearchError(f"the result's root {root!r} is not a node of the graph")
    clear_annotations(G)
    nodes = G._node
    succ = G._succ
    pred = G._pred
    values = result.node_values
    for node, nv in values.items():
        data = nodes.get(node)
        if data is None:
            continue
        data[STATUS] = VISITED
        data[SEARCH_VALUE] = nv.value
        data[BOUND] = nv.bound.value
    for index, node in enumerate(result.visit_order, 1):
        if node in nodes:
            nodes[node][VISIT] = index
    for node, (alpha, beta) in result.windows.items():
        if node in nodes:
            data = nodes[node]
            data[ALPHA] = alpha
            data[BETA] = beta
    pruned = set(result.pruned_edges)
    for _, child in result.pruned_edges:
        data = nodes.get(child)
        if data is not None and STATUS not in data:
            data[STATUS] = PRUNED
    dag_edges = set(result.visited_edges)
    stack: list[Hashable] = [root]
    seen = {root}
    while stack:
        u = stack.pop()
        for v, edge in succ[u].items():
            if (u, v) in pruned:
                edge[STATUS] = PRUNED
            elif u in values and v in values and (len(pred[v]) <= 1 or (u, v) in dag_edges):
                edge[STATUS] = VISITED
            else:
                edge[STATUS] = UNREACHED
            if v not in seen:
                seen.add(v)
                stack.append(v)
                data = nodes[v]
                if STATUS not in data:
                    data[STATUS] = UNREACHED
    pv = result.pv
    for u, v in itertools.pairwise(pv):
        if G.has_edge(u, v):
            succ[u][v][PV] = True
    G.graph[SEARCH] = {"algorithm": result.algorithm, **dict(result.options)}
