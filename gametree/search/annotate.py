"""Writing a search onto the graph, and removing it again.

The attribute names are the contract of :mod:`gametree.attrs`; the drawings, the
explanations and the checker read them.
"""

from __future__ import annotations

import itertools
import math
import weakref
from collections import deque
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from functools import partial
from itertools import chain, count, filterfalse, islice, repeat
from operator import itemgetter, ne, setitem
from typing import Any

import networkx as nx

from gametree.attrs import (
    ALPHA,
    ANNOTATION_EDGE_ATTRS,
    ANNOTATION_NODE_ATTRS,
    BETA,
    BOUND,
    PROVEN,
    PRUNED,
    PV,
    SEARCH,
    SEARCH_VALUE,
    STATUS,
    TOTAL,
    VISIT,
    VISITED,
    VISITS,
)
from gametree.exceptions import GameTreeError, SearchError
from gametree.search.bound import BOUND_NAME_OF_CODE, Bound
from gametree.search.engine import gc_paused
from gametree.search.mcts_result import MCTSResult
from gametree.search.result import (
    NodeValueMap,
    SearchResult,
    replaced,
    stored_cuts,
)

__all__ = ["annotate", "annotate_mcts", "clear_annotations"]

EXACT_NAME = Bound.EXACT.value


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
    _WRITTEN.pop(G, None)
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

    Only what the search touched is written, so annotating costs what the search cost:

    Nodes
        ``status``: ``"visited"`` (entered by the search; in a DAG a node reached along
        a visited path and also cut off elsewhere is visited) or ``"pruned"`` (a child
        skipped at a cutoff and never entered). Visited nodes also get ``search_value``
        and ``bound`` (``"exact"``, ``"lower"``, ``"upper"``, MAX's point of view),
        ``visit`` (1-based order of first entry) and, for the alpha-beta family,
        ``alpha`` and ``beta`` (the node's window when it exited, MAX's point of view).
    Edges
        ``status`` ``"visited"`` on an edge the search went down, ``"pruned"`` on one
        skipped at a cutoff and never taken; ``pv=True`` along the principal variation.
    Graph
        ``G.graph["search"]``: ``{"algorithm": name, **options}``.

    Every other node and edge below the root (under a pruned node, below the depth
    limit, under a node whose value came from the transposition table, a DAG edge not
    taken) is ``"unreached"``, which is not written but derived by
    :func:`gametree.node_status` and :func:`gametree.edge_status`; nodes outside the
    subtree of ``result.root`` have no status. What the previous annotation of ``G``
    wrote is removed first (exactly that, so the cost stays proportional to the
    searches; a graph annotated elsewhere, such as a copy, is cleared in full).

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
    >>> "status" in G.nodes["I"], gametree.node_status(G, "I")
    (True, 'pruned')
    """
    root = result.root
    try:
        present = root in G
    except TypeError:
        present = False
    if not present:
        raise SearchError(f"the result's root {root!r} is not a node of the graph")
    if isinstance(result, MCTSResult):
        annotate_mcts(G, result)
        return
    with gc_paused():
        _annotate(G, result)


def annotate_mcts(G: nx.DiGraph, result: MCTSResult) -> None:
    """Write an MCTS result onto ``G``, replacing any earlier annotation.

    Added nodes get ``status="visited"``, ``visits``, ``total``, ``search_value`` (the
    mean, or the proven value) and ``proven`` where the solver proved one; edges gone
    down get ``status="visited"`` and ``visits``; the most-visited path ``pv=True``.
    ``G.graph["search"]`` holds the options, ``scale`` (the ``(lo, hi)`` used) and
    ``labels`` (``"wins"`` on a win/loss tree, else ``"mean"``: how drawings label
    the nodes).
    Costs what the tree MCTS added costs.
    """
    forget(G)
    nodes, succ = G._node, G._succ
    values = result.node_values
    proven = result.proven
    for n, visits in result.visits.items():
        data = nodes[n]
        data[STATUS] = VISITED
        data[VISITS] = visits
        data[TOTAL] = result.totals[n]
        if n in values:
            data[SEARCH_VALUE] = values[n].value
        if n in proven:
            data[PROVEN] = proven[n]
    for (u, v), visits in result.edge_visits.items():
        edge = succ[u][v]
        edge[STATUS] = VISITED
        edge[VISITS] = visits
    pv = result.pv
    for u, v in itertools.pairwise(pv):
        succ[u][v][PV] = True
    G.graph[SEARCH] = {
        "algorithm": result.algorithm,
        **dict(result.options),
        "scale": result.value_range,
        "labels": "wins" if result.win_loss else "mean",
    }
    remember(G, list(result.visits), ())


def _annotate(G: nx.DiGraph, result: SearchResult) -> None:
    if not result.visit_order:
        result = _with_details(G, result)
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
    previous = _WRITTEN.pop(G, None)
    if previous is not None and SEARCH in G.graph and previous.same_as(values, result):
        # The same nodes, edges and keys again (a search repeated): overwrite in place.
        for u, v in itertools.pairwise(previous.pv):
            edge = succ.get(u, {}).get(v)
            if edge is not None:
                edge.pop(PV, None)
    else:
        forget(G, previous)
    # One pass touching each node dict once: the graph's dicts are scattered in
    # memory, so on a large tree reaching each costs more than the writes themselves.
    if not all(map(nodes.__contains__, order)):
        order = tuple(n for n in order if n in nodes)
    numbers = count(1) if result.visit_order else repeat(None)
    windows = result.windows
    if windows or bounds:
        bound_of = bounds.get
        window_of = windows.get
        for node, visit in zip(order, numbers, strict=False):
            data = nodes[node]
            data[STATUS] = VISITED
            data[SEARCH_VALUE] = values[node]
            data[BOUND] = bound_of(node, EXACT_NAME)
            if visit is not None:
                data[VISIT] = visit
            window = window_of(node)
            if window is not None:
                data[ALPHA], data[BETA] = window
    else:
        for node, visit in zip(order, numbers, strict=False):
            data = nodes[node]
            data[STATUS] = VISITED
            data[SEARCH_VALUE] = values[node]
            data[BOUND] = EXACT_NAME
            if visit is not None:
                data[VISIT] = visit
    pruned_nodes = _annotate_edges(G, result, values)
    pv = result.pv
    for u, v in itertools.pairwise(pv):
        if u in succ and v in succ[u]:
            succ[u][v][PV] = True
    G.graph[SEARCH] = {"algorithm": result.algorithm, **dict(result.options)}
    remember(G, values, pruned_nodes, pv=pv, result=result)


_SINK: deque[object] = deque(maxlen=0)
_drain: Callable[[Iterable[object]], None] = _SINK.extend
"""Run an iterator to its end, keeping nothing."""


def _with_details(G: nx.DiGraph, result: SearchResult) -> SearchResult:
    """Return ``result`` with its visit order and windows, searching again if need be.

    A fast search run with ``annotate=False`` does not record them; it ran without a
    depth limit, transposition table, child order or hook, so its recorded options are
    enough to repeat it. The repeat is used only if it evaluates the same leaves.
    """
    from gametree.search.engine import run_to_result
    from gametree.search.names import canonical_name
    from gametree.search.plan import make_plan

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
    return replaced(result, visit_order=again.visit_order, windows=again.windows)


def _annotate_edges(
    G: nx.DiGraph, result: SearchResult, values: Mapping[Hashable, float]
) -> list[Hashable]:
    """Mark the edges the search went down visited and those it cut pruned (with their
    children, returned); every other edge below the root stays unwritten: unreached."""
    nodes = G._node
    succ = G._succ
    pred = G._pred
    dag_edges = set(result.visited_edges)
    cuts = stored_cuts(result)
    cut_any = bool(cuts.cuts) if cuts is not None else bool(result.pruned_edges)
    entered = cuts.entered if cuts is not None else None
    if not cut_any and not result.stats.horizon_evaluations and not dag_edges:
        # Nothing was cut and no node stopped at a depth limit: every searched internal
        # node searched all its children (or did so earlier, for a transposition hit).
        if entered is not None:
            edges = chain.from_iterable(map(dict.values, map(succ.__getitem__, entered)))
        else:
            edges = chain.from_iterable(map(dict.values, filter(None, map(succ.get, values))))
        _drain(map(setitem, edges, repeat(STATUS), repeat(VISITED)))
        return []
    pruned_nodes: list[Hashable] = []
    if not dag_edges and all(map(nodes.__contains__, values)):
        # No node the search entered has several parents, so every searched node but
        # the root was entered along the one edge into it: mark those, then the cuts.
        if cuts is not None and entered is not None:
            # Each entered node went down its children in order up to its cut: reach
            # the edges from the parent (one dict for all siblings), not the child.
            skipped_of = {u: len(rest) for u, rest in cuts.cuts}.get
            for u in entered:
                kids = succ[u]
                for edge in islice(kids.values(), len(kids) - skipped_of(u, 0)):
                    edge[STATUS] = VISITED
        else:
            below = filter(partial(ne, result.root), values)
            edges = chain.from_iterable(map(dict.values, map(pred.__getitem__, below)))
            _drain(map(setitem, edges, repeat(STATUS), repeat(VISITED)))
        if cuts is None:
            for u, v in result.pruned_edges:
                succ[u][v][STATUS] = PRUNED
                if v not in values:
                    nodes[v][STATUS] = PRUNED
                    pruned_nodes.append(v)
            return pruned_nodes
        # Measured fastest of the ways tried (a builtin pass per cut is slowest).
        for u, rest in cuts.cuts:
            kids = succ[u]
            for v in rest:
                kids[v][STATUS] = PRUNED
        skipped = chain.from_iterable(map(itemgetter(1), cuts.cuts))
        pruned_nodes = list(filterfalse(values.__contains__, skipped))
        _drain(map(setitem, map(nodes.__getitem__, pruned_nodes), repeat(STATUS), repeat(PRUNED)))
        return pruned_nodes
    pruned = set(result.pruned_edges)
    for u in values:
        kids = succ.get(u)
        if not kids:
            continue
        for v, edge in kids.items():
            if (u, v) in pruned:
                edge[STATUS] = PRUNED
                if v not in values:
                    nodes[v][STATUS] = PRUNED
                    pruned_nodes.append(v)
            elif v in values and (not dag_edges or len(pred[v]) <= 1 or (u, v) in dag_edges):
                edge[STATUS] = VISITED
    return pruned_nodes


class _Written:
    """What one annotation of a graph wrote: the searched nodes (with the edges out of
    them), the pruned children, and what decides which keys and edges were written."""

    __slots__ = ("key", "pruned", "pv", "searched")

    def __init__(
        self,
        searched: Collection[Hashable],
        pruned: Iterable[Hashable],
        pv: Sequence[Hashable] = (),
        key: tuple[Any, ...] | None = None,
    ) -> None:
        self.searched = searched
        self.pruned = pruned
        self.pv = pv
        self.key = key

    def same_as(self, values: Mapping[Hashable, float], result: SearchResult) -> bool:
        """Whether annotating ``result`` writes the same keys on the same nodes and
        edges (then overwriting in place replaces this annotation exactly)."""
        key = self.key
        return (
            key is not None
            and key[0] == _pruned_key(result)
            and key[1] == result.visited_edges
            and key[2] == bool(result.visit_order)
            and key[3] == bool(result.stats.horizon_evaluations)
            and key[4].keys() == result.windows.keys()
            and isinstance(self.searched, Mapping)
            and self.searched.keys() == values.keys()
        )


def remember(
    G: nx.DiGraph,
    searched: Collection[Hashable],
    pruned: Iterable[Hashable],
    *,
    pv: Sequence[Hashable] = (),
    result: SearchResult | None = None,
) -> None:
    """Remember which nodes an annotation of ``G`` wrote: ``searched`` (with the edges
    out of them) and ``pruned``, so that the next one removes exactly those
    (:func:`forget`), or overwrites them in place when it writes the same (the same
    search again: ``result`` and ``pv`` tell)."""
    key = None
    if result is not None:
        key = (
            _pruned_key(result),
            result.visited_edges,
            bool(result.visit_order),
            bool(result.stats.horizon_evaluations),
            result.windows,
        )
    _WRITTEN[G] = _Written(searched, pruned, pv, key)


def _pruned_key(result: SearchResult) -> object:
    """The pruned edges of ``result`` as stored, for comparing annotations (equal cuts
    mean equal edges; cuts never equal pairs, which only costs a full rewrite)."""
    return stored_cuts(result) or result.pruned_edges


def forget(G: nx.DiGraph, written: _Written | None = None) -> None:
    """Remove the last annotation of ``G`` (``written``, else what is remembered).

    What the last :func:`annotate` wrote is remembered per graph, so this costs what
    that annotation cost. A graph annotated some other way (a copy, a file read back)
    has ``G.graph["search"]`` but no memory of it, and is cleared in full.
    """
    if written is None:
        written = _WRITTEN.pop(G, None)
    if written is None:
        if SEARCH in G.graph:
            clear_annotations(G)
        return
    searched, pruned = written.searched, written.pruned
    data_of = G._node.get
    kids_of = G._succ.get
    node_keys = ANNOTATION_NODE_ATTRS
    for node in chain(searched, pruned):
        data = data_of(node)
        if data:
            for key in node_keys:
                if key in data:
                    del data[key]
    edge_keys = ANNOTATION_EDGE_ATTRS
    for edge in chain.from_iterable(map(dict.values, filter(None, map(kids_of, searched)))):
        for key in edge_keys:
            if key in edge:
                del edge[key]
    G.graph.pop(SEARCH, None)


_WRITTEN: weakref.WeakKeyDictionary[nx.DiGraph, _Written] = weakref.WeakKeyDictionary()
"""Per annotated graph, what its last annotation wrote (see :func:`remember`)."""
