"""Ballard's *-minimax: Star1 and Star2, alpha-beta that also prunes below CHANCE nodes.

Given bounds on the values (the ``bounds`` option and the nodes' ``bounds``
attributes), a CHANCE node can stop once the weighted average of what its outcomes are
known to be worth leaves its window. The rules are written once in
:mod:`gametree.search.rules` (:func:`~gametree.search.rules.chance_window`,
:func:`~gametree.search.rules.chance_cut`) and applied by the engine
(:mod:`gametree.search.starchance`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence

import networkx as nx

from gametree.search.frontdoor import algorithm_plan, check_trace, run_on_core
from gametree.search.plan import Evaluate, Expand
from gametree.search.result import SearchResult

__all__ = ["star1", "star2"]

INF = math.inf


def star1(
    G: nx.DiGraph,
    *,
    bounds: tuple[float, float] = (-INF, INF),
    root: Hashable | None = None,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    prune_on_equal: bool = True,
    fail: str = "soft",
    window: tuple[float, float] = (-INF, INF),
    transposition_table: bool = False,
    annotate: bool = True,
    trace: bool = False,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None = None,
    expand: Expand | None = None,
) -> SearchResult:
    """Search ``G`` with Ballard's Star1: alpha-beta that also prunes below CHANCE nodes.

    MAX and MIN nodes are searched as :func:`alphabeta` searches them. A CHANCE node
    entered with the window ``(alpha, beta)`` (MAX's view) whose outcomes ``j`` have
    weights ``p_j`` and are known to be worth between ``lo_j`` and ``hi_j`` is worth
    between ``sum p_j lo_j`` and ``sum p_j hi_j``, where an outcome already searched
    counts with its value. Before its first outcome and after each one:

    * if ``sum p_j hi_j <= alpha`` the node fails low: it returns that sum as an
      **upper** bound and its remaining outcomes are pruned;
    * if ``sum p_j lo_j >= beta`` it fails high: it returns that sum as a **lower**
      bound, the remaining outcomes pruned.

    (``<``/``>`` without ``prune_on_equal``.) Outcome ``i`` is searched with the window
    ``(max(A, lo_i), min(B, hi_i))`` where ``A = (alpha - sum_{j != i} p_j hi_j) / p_i``
    and ``B = (beta - sum_{j != i} p_j lo_j) / p_i``: the values of outcome ``i`` that
    would make the node fail low or high (Ballard 1983; Hauk, Buro & Schaeffer 2004).
    The sums are exact (fractions), so no cut comes from rounding. An outcome that
    returns a bound without making the node cut (possible only with a table) is
    searched again with the open window (a ``ReSearch`` event).

    The bounds ``lo_j, hi_j`` are ``bounds`` (the whole tree's) narrowed by the
    ``bounds`` attribute of the outcome and of its ancestors (see
    :mod:`gametree.attrs`). A CHANCE node whose outcomes are all unbounded (both ends
    infinite) prunes nothing: the unsearched outcomes could be worth anything, so it
    is searched exactly as :func:`expectiminimax` and :func:`alphabeta` search it
    (the open window for every outcome). So with the default unbounded ``bounds``
    and no ``bounds`` attributes, Star1 is :func:`alphabeta`, leaf for leaf.

    Parameters
    ----------
    G, root, depth, evaluate, annotate, trace, child_order, expand
        As for :func:`minimax`.
    bounds : (float, float), default (-inf, inf)
        Every value in the tree (leaves, and heuristic values at the depth limit) lies
        in ``[lo, hi]``. A value outside its bounds raises :class:`SearchError`.
    prune_on_equal, fail, window, transposition_table
        As for :func:`alphabeta`; ``prune_on_equal`` applies to the chance cutoff too.

    Returns
    -------
    SearchResult
        A cut CHANCE node's value is the bound above; ``pruned_edges`` include the
        outcomes it skipped.

    Raises
    ------
    SearchError
        For a bad option, or a value outside the bounds given for it.

    See Also
    --------
    star2 : Star1 with a probing phase.
    expectiminimax : the values without pruning.

    References
    ----------
    Ballard, "The *-minimax search procedure for trees containing chance nodes",
    *Artificial Intelligence* 21 (1983). Hauk, Buro & Schaeffer, "Rediscovering
    *-Minimax Search", *Computers and Games* (2004). Russell & Norvig, AIMA, Section
    5.5 (pruning below chance nodes with bounded values).

    Examples
    --------
    MAX chooses between two fair coins whose outcomes are worth 0 to 10; once the
    first coin is worth 6, the second coin's first outcome 2 caps it at
    (2 + 10) / 2 = 6, no better, so its second outcome is pruned:

    >>> import gametree
    >>> G = gametree.from_nested([[7, 5], [2, 9]], players=("MAX", "CHANCE"))
    >>> r = gametree.star1(G, bounds=(0, 10))
    >>> r.value, r.pruned_edges, str(r.node_values["C"].bound)
    (6, (('C', 'G'),), 'upper')
    >>> gametree.star1(G, annotate=False).pruned_edges  # unbounded: nothing
    ()
    """
    record = check_trace(trace)
    plan = algorithm_plan(
        G,
        "star1",
        root=root,
        depth=depth,
        evaluate=evaluate,
        record=record,
        child_order=child_order,
        expand=expand,
        prune_on_equal=prune_on_equal,
        fail=fail,
        window=window,
        transposition_table=transposition_table,
        bounds=bounds,
    )
    return run_on_core(G, plan, annotate)


def star2(
    G: nx.DiGraph,
    *,
    bounds: tuple[float, float] = (-INF, INF),
    root: Hashable | None = None,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    prune_on_equal: bool = True,
    fail: str = "soft",
    window: tuple[float, float] = (-INF, INF),
    transposition_table: bool = False,
    annotate: bool = True,
    trace: bool = False,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None = None,
    expand: Expand | None = None,
) -> SearchResult:
    """Search ``G`` with Ballard's Star2: Star1 with a probing phase at CHANCE nodes.

    At a CHANCE node whose outcomes are bounded (see :func:`star1`), Star2 first
    *probes* each outcome that is a MAX or MIN node with several children: it searches
    only that outcome's first child, with the window Star1 would give the outcome (a
    :class:`~gametree.search.trace.StarProbe` event). The first child's value is a
    lower bound on a MAX outcome (an upper bound on a MIN outcome); after each probe
    the chance cutoff rule of :func:`star1` is applied with these tighter bounds, so
    the node can fail high (low) before any outcome is searched in full. If the
    probes do not settle it, the outcomes are searched in full as in Star1, with the
    probed bounds in the windows and the cut tests. A cut during probing prunes the
    unprobed outcomes and the probed outcomes' other children (a
    :class:`~gametree.search.trace.ProbeCutoff` for each).

    Without a transposition table a probed first child is searched again in the
    full search (it counts twice in ``stats.nodes_visited`` and appears twice in
    ``visited_leaves`` when it is a leaf), as in Ballard's formulation.

    Parameters
    ----------
    G, bounds, root, depth, evaluate, prune_on_equal, fail, window, transposition_table
        As for :func:`star1`.
    annotate, trace, child_order, expand
        As for :func:`minimax`.

    Returns
    -------
    SearchResult

    See Also
    --------
    star1

    References
    ----------
    Ballard (1983); Hauk, Buro & Schaeffer (2004), as for :func:`star1`.

    Examples
    --------
    A CHANCE root over two MAX nodes, values in [0, 10], searched with the window
    (-inf, 5): B's first child 6 and C's first child 7 show that the average is at
    least 6.5, so the rest of B and C is pruned. Star1 searches B in full first.

    >>> import gametree
    >>> G = gametree.parse("players: CHANCE MAX\\n(A (B 6 1) (C 7 2))")
    >>> r = gametree.star2(G, bounds=(0, 10), window=(-math.inf, 5), annotate=False)
    >>> r.value, r.pruned_edges
    (6.5, (('B', 'E'), ('C', 'G')))
    >>> gametree.star1(G, bounds=(0, 10), window=(-math.inf, 5), annotate=False).pruned_edges
    (('C', 'G'),)
    """
    record = check_trace(trace)
    plan = algorithm_plan(
        G,
        "star2",
        root=root,
        depth=depth,
        evaluate=evaluate,
        record=record,
        child_order=child_order,
        expand=expand,
        prune_on_equal=prune_on_equal,
        fail=fail,
        window=window,
        transposition_table=transposition_table,
        bounds=bounds,
    )
    return run_on_core(G, plan, annotate)
