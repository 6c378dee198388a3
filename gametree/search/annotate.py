"""Writing a search onto the graph, and removing it again.

The attribute names are the contract of :mod:`gametree.attrs`; the drawings, the
explanations and the checker read them.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import replace
from itertools import chain, compress
from operator import not_
from typing import Any

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
from gametree.exceptions import GameTreeError, SearchError
from gametree.search.engine import gc_paused
from gametree.search.result import BOUND_NAME_OF_CODE, Bound, NodeValueMap, SearchResult

__all__ = ["annotate", "clear_annotations"]

EXACT_NAME = Bound.EXACT.value
_STALE_ON_VISITED = ("node_type",)
_STALE_ON_VISITED_NO_WINDOW = ("node_type", ALPHA, BETA)
_STALE_ON_UNSEARCHED = (SEARCH_VALUE, BOUND, VISIT, ALPHA, BETA, "node_type")
_STALE_UNSEARCHED = frozenset(_STALE_ON_UNSEARCHED)


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
    node_keys = ANNOTATION_NODE_ATTRS
    edge_keys = ANNOTATION_EDGE_ATTRS
    for data in G._node.values():
        if data:
            for key in node_keys:
                if key in data:
                    del data[key]
    for edges in G._succ.values():
        for data in edges.values():
            if data:
                for key in edge_keys:
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
        The result of searching ``G``. A result from a search run with
        ``annotate=False`` may lack the visit order and windows (the fast loop skips
        them); the search is then repeated once to recover them for ``visit``,
        ``alpha`` and ``beta``.

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
    with gc_paused():
        _annotate(G, result)


def _annotate(G: nx.DiGraph, result: SearchResult) -> None:
    if not result.visit_order:
        result = _with_details(G, result)
    # Re-annotating from the same root overwrites in place and removes only what is
    # stale, node by node; anything else clears the whole graph first.
    previous = G.graph.get(SEARCH)
    stale = previous is not None
    if stale and (not isinstance(previous, dict) or previous.get("root") != result.root):
        clear_annotations(G)
        stale = False
    nodes = G._node
    succ = G._succ
    node_values = result.node_values
    if isinstance(node_values, NodeValueMap):
        values, codes = node_values.raw()
        bounds = {n: BOUND_NAME_OF_CODE[c] for n, c in codes.items()}
    else:
        values = {n: nv.value for n, nv in node_values.items()}
        bounds = {n: nv.bound.value for n, nv in node_values.items() if nv.bound != Bound.EXACT}
    order = result.visit_order or tuple(values)
    # One pass touching each node dict once: the graph's dicts are scattered in
    # memory, so on a large tree reaching each costs more than the writes themselves.
    numbered = bool(result.visit_order)
    drop = () if not stale else _STALE_ON_VISITED if result.windows else _STALE_ON_VISITED_NO_WINDOW
    data_of = nodes.get
    visit = 0
    for node in order:
        data = data_of(node)
        if data is None:
            continue
        data[STATUS] = VISITED
        data[SEARCH_VALUE] = values[node]
        data[BOUND] = EXACT_NAME
        if numbered:
            visit += 1
            data[VISIT] = visit
        for key in drop:
            if key in data:
                del data[key]
    for node, name in bounds.items():
        if node in nodes:
            nodes[node][BOUND] = name
    for node, (alpha, beta) in result.windows.items():
        data = nodes.get(node)
        if data is not None:
            data[ALPHA] = alpha
            data[BETA] = beta
    _annotate_edges(G, result, values, stale)
    pv = result.pv
    for u, v in itertools.pairwise(pv):
        if u in succ and v in succ[u]:
            succ[u][v][PV] = True
    G.graph[SEARCH] = {"algorithm": result.algorithm, **dict(result.options)}


def _with_details(G: nx.DiGraph, result: SearchResult) -> SearchResult:
    """Return ``result`` with its visit order and windows, searching again if need be.

    A fast search run with ``annotate=False`` does not record them; it ran without a
    depth limit, transposition table, child order or hook, so its recorded options are
    enough to repeat it. The repeat is used only if it evaluates the same leaves.
    """
    from gametree.search.algorithms import canonical_name
    from gametree.search.engine import make_plan, run_to_result

    try:
        name = canonical_name(result.algorithm)
    except SearchError:
        return result
    options = dict(result.options)
    if options.get("depth") is not None or options.get("transposition_table"):
        return result
    pruning = name in ("alphabeta", "negamax_alphabeta", "pvs")
    try:
        plan = make_plan(
            G,
            name,
            root=result.root,
            pruning=pruning,
            pvs=name == "pvs",
            prune_on_equal=options.get("prune_on_equal", True),
            fail=options.get("fail", "soft"),
            window=options.get("window", (-math.inf, math.inf)),
        )
        again = run_to_result(plan)
    except GameTreeError:
        return result
    if again.visited_leaves != result.visited_leaves:
        return result
    return replace(result, visit_order=again.visit_order, windows=again.windows)


def _annotate_edges(
    G: nx.DiGraph, result: SearchResult, values: Mapping[Hashable, float], stale: bool
) -> None:
    """Give every edge below the root a status, and unsearched nodes theirs."""
    nodes = G._node
    succ = G._succ
    pred = G._pred
    pruned = set(result.pruned_edges)
    cut_nodes = {u for u, _ in result.pruned_edges}
    dag_edges = set(result.visited_edges)
    frontier: list[Hashable] = []
    if not pruned and not result.stats.horizon_evaluations and not (stale and dag_edges):
        # Nothing was cut and no node stopped at a depth limit: every searched internal
        # node searched all its children (or did so earlier, for a transposition hit).
        _set_edges(
            chain.from_iterable(map(dict.values, filter(None, map(succ.get, values)))),
            VISITED,
            stale,
        )
        return
    for u in values:
        kids = succ.get(u)
        if not kids:
            continue
        if stale:
            for edge in kids.values():
                if PV in edge:
                    del edge[PV]
        if u in cut_nodes or dag_edges:
            for v, edge in kids.items():
                if (u, v) in pruned:
                    edge[STATUS] = PRUNED
                    if v not in values:
                        _mark(nodes[v], PRUNED, stale)
                        frontier.append(v)
                elif v in values and (not dag_edges or len(pred[v]) <= 1 or (u, v) in dag_edges):
                    edge[STATUS] = VISITED
                else:
                    edge[STATUS] = UNREACHED
                    if v not in values:
                        frontier.append(v)
        else:
            for v, edge in kids.items():
                if v in values:
                    edge[STATUS] = VISITED
                else:
                    edge[STATUS] = UNREACHED
                    frontier.append(v)
    # Everything below an unsearched node is unreached (unless searched along another
    # path): usually most of the tree, so it is written level by level with builtins.
    pruned_now = {v for _, v in result.pruned_edges if v not in values}
    if not _mark_unreached(G, frontier, values, pruned_now, stale, exact=False):
        _mark_unreached(G, frontier, values, pruned_now, stale, exact=True)


def _mark_unreached(
    G: nx.DiGraph,
    frontier: list[Hashable],
    values: Mapping[Hashable, float],
    pruned_now: set[Hashable],
    stale: bool,
    *,
    exact: bool,
) -> bool:
    """Mark ``frontier`` (but not ``pruned_now``) and everything below it unreached.

    Searched nodes and ``pruned_now`` are never marked. Every write is the same
    constant, so a node reached twice (it has two parents) is harmless; without
    ``exact`` nothing remembers what was marked, and the walk gives up (returns False)
    once it has marked more nodes than the graph has, which only shared nodes below a
    cut can cause. ``exact`` skips every node already marked.
    """
    nodes = G._node
    kids_of = G._succ.get
    skip = set(values)
    skip.update(pruned_now)
    if exact:
        skip.update(frontier)
    level = list(dict.fromkeys(frontier))
    datas = list(map(nodes.get, compress(level, map(not_, map(pruned_now.__contains__, level)))))
    budget = len(nodes)
    clean = _STALE_UNSEARCHED.isdisjoint
    while level:
        budget -= len(level)
        if budget < 0:
            return False
        if stale:
            for data in datas:
                data[STATUS] = UNREACHED
                if not clean(data):
                    for key in _STALE_ON_UNSEARCHED:
                        data.pop(key, None)
        else:
            for data in datas:
                data[STATUS] = UNREACHED
        kids = list(filter(None, map(kids_of, level)))
        if not kids:
            break
        _set_edges(chain.from_iterable(map(dict.values, kids)), UNREACHED, stale)
        below = itertools.filterfalse(skip.__contains__, chain.from_iterable(kids))
        if exact:
            level = list(dict.fromkeys(below))
            skip.update(level)
        else:
            level = list(below)
        datas = list(map(nodes.get, level))
    return True


def _set_edges(edges: Iterable[dict[str, Any]], status: str, stale: bool) -> None:
    """Give every edge dict ``status``; drop a stale ``pv`` mark."""
    if stale:
        for edge in edges:
            edge[STATUS] = status
            if PV in edge:
                del edge[PV]
    else:
        for edge in edges:
            edge[STATUS] = status


def _mark(data: dict[str, object], status: str, stale: bool) -> None:
    """Set an unsearched node's status, dropping values left by an earlier annotation."""
    data[STATUS] = status
    if stale:
        for key in _STALE_ON_UNSEARCHED:
            data.pop(key, None)
