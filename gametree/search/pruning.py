"""Alpha-beta pruning: :func:`alphabeta`, its negamax form and principal variation search.

Each function takes the graph first and its options keyword-only, returns a frozen
:class:`~gametree.SearchResult` and (with ``annotate=True``, the default) writes what
it did onto the graph (see :func:`gametree.annotate`). Below a CHANCE node the window is
reset, so the value stays exact; Star1 and Star2 (:mod:`gametree.search.starminimax`)
prune there too.

Conventions courses disagree on
-------------------------------
``prune_on_equal=True`` (default)
    Cut when alpha >= beta: Russell & Norvig (AIMA, Figure 5.7 tests ``v >= beta`` and
    ``v <= alpha``), Knuth & Moore's fail-soft formulation, and most course slides.
    ``False`` cuts only when alpha > beta (some autograders and older course notes);
    it prunes less and never more.
``fail="soft"`` (default)
    A node returns the best value it found, which may lie outside its window (Knuth &
    Moore 1975, Fishburn; AIMA's pseudocode is fail-soft). ``"hard"`` returns it
    clamped to the window the node was entered with (the ``return alpha`` / ``return
    beta`` style of many course notes and of chess-programming texts). Both cut at the
    same places, so they evaluate the same leaves.
``window=(-inf, inf)``
    The window the root is searched with. A narrower one, e.g. ``(2, 5)``, answers only
    "is the value below 2, between, or above 5" and prunes more; a value outside it is
    reported with a ``lower`` or ``upper`` bound.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence

import networkx as nx

from gametree.search.frontdoor import algorithm_plan, check_trace, run_fast_or_core, run_on_core
from gametree.search.plan import Evaluate, Expand
from gametree.search.result import SearchResult

__all__ = ["alphabeta", "negamax_alphabeta", "pvs"]

INF = math.inf


def alphabeta(
    G: nx.DiGraph,
    *,
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
    """Search ``G`` with alpha-beta pruning, left to right.

    alpha is the value MAX is already assured of on the path, beta the value MIN is
    assured of; a node stops searching its children once its value leaves the window
    (a cutoff) and the skipped children's edges are the pruned edges. Below a CHANCE
    node the window is reset to ``(-inf, inf)``, so the value stays exact.

    Parameters
    ----------
    G, root, depth, evaluate, annotate, trace, child_order, expand
        As for :func:`minimax`.
    prune_on_equal : bool, default True
        Cut when alpha >= beta (AIMA and most courses); False cuts only when
        alpha > beta.
    fail : {"soft", "hard"}, default "soft"
        Fail-soft returns the best value found; fail-hard clamps each internal node's
        value to the window it was entered with. Both evaluate the same leaves.
    window : (float, float), default (-inf, inf)
        The root's initial (alpha, beta), ``alpha < beta``.
    transposition_table : bool, default False
        Remember each node's value with its bound type; a node reached again along
        another path (a DAG) reuses an exact value, or a bound that alone decides the
        cutoff, and the reuse is a :class:`~gametree.search.trace.TranspositionHit`.

    Returns
    -------
    SearchResult
        ``node_values`` carries bound types: ``lower`` when a node stopped early
        (MAX's view: the true value is at least this), ``upper`` when every child
        failed low, ``exact`` otherwise.

    Raises
    ------
    SearchError
        Naming a bad option and the allowed values.

    See Also
    --------
    negamax_alphabeta : the same search in negamax form (same leaves).
    pvs : principal variation search.

    Notes
    -----
    With perfect move ordering on a uniform tree of branching b and depth d it evaluates
    ``b**ceil(d/2) + b**floor(d/2) - 1`` leaves (Knuth & Moore 1975); the pruned set
    depends on child order, which is ``G.succ`` order.

    References
    ----------
    Russell & Norvig, AIMA, Figure 5.5 (the pruning example) and 5.7 (the algorithm).
    Knuth & Moore, "An analysis of alpha-beta pruning", *Artificial Intelligence* 6 (1975).

    Examples
    --------
    AIMA Figure 5.2: C's second and third leaves are pruned.

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = gametree.alphabeta(G)
    >>> r.value, r.best_move, r.pruned_edges
    (3, 'B', (('C', 'I'), ('C', 'J')))
    >>> r.visited_leaves
    ('E', 'F', 'G', 'H', 'K', 'L', 'M')
    >>> str(r.node_values["C"].bound), G.nodes["I"]["status"]
    ('upper', 'pruned')

    A narrow window: the answer is only "at least 2 and below 5".

    >>> gametree.alphabeta(G, window=(2, 5), annotate=False).value
    3
    """
    record = check_trace(trace)
    plan = algorithm_plan(
        G,
        "alphabeta",
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
    )
    return run_fast_or_core(G, plan, annotate)


def negamax_alphabeta(
    G: nx.DiGraph,
    *,
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
    """Search ``G`` with alpha-beta in negamax form: one maximising step, negated windows.

    Each node keeps its value and window from its own player's point of view; a child
    of the other player is searched with ``(-beta, -alpha)`` and its value negated, a
    child of the same player (two MIN levels in a row) with the window unchanged. It
    evaluates exactly the leaves :func:`alphabeta` evaluates under the same options, and
    its results and trace are reported from MAX's point of view like every algorithm's.

    Parameters
    ----------
    G, root, depth, evaluate, annotate, trace, child_order, expand
        As for :func:`minimax`.
    prune_on_equal, fail, window, transposition_table
        As for :func:`alphabeta`.

    Returns
    -------
    SearchResult

    See Also
    --------
    alphabeta

    References
    ----------
    Knuth & Moore (1975), procedure F2 (fail-soft negamax alpha-beta).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = gametree.negamax_alphabeta(G)
    >>> r.value, r.visited_leaves == gametree.alphabeta(G).visited_leaves
    (3, True)
    """
    record = check_trace(trace)
    plan = algorithm_plan(
        G,
        "negamax_alphabeta",
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
    )
    return run_on_core(G, plan, annotate)


def pvs(
    G: nx.DiGraph,
    *,
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
    """Search ``G`` with principal variation search (NegaScout).

    At each MAX or MIN node the first child is searched with the full window; every
    later internal child is first probed with the null window at alpha, which only
    answers "better than alpha or not": the empty window just above alpha, so that a
    child worth exactly alpha fails low (Reinefeld's ``(alpha, alpha + 1)`` on integers;
    the same question for floats and fractions, see
    :func:`gametree.search.rules.null_window_beats`). Traces show it as ``(alpha,
    alpha)`` from the node's own point of view. When the probe fails high with a bound
    ``t`` inside the window, the child is searched again with ``(t, beta)`` (a
    :class:`~gametree.search.trace.ReSearch` event), ``t`` known to hold. Leaves are
    evaluated, never probed, and CHANCE nodes search their children with the open window.

    Parameters
    ----------
    G, root, depth, evaluate, annotate, trace, child_order, expand
        As for :func:`minimax`.
    prune_on_equal, fail, window, transposition_table
        As for :func:`alphabeta`. With ``prune_on_equal=False`` (cuts only on ``>``,
        ties found exactly) the probe is the closed window ``[alpha, alpha]``: it tells
        a child below alpha, worth exactly alpha (exact, kept) and above alpha.

    Returns
    -------
    SearchResult
        The value equals minimax's. A node searched twice (probe, then re-search) counts
        twice in ``stats.nodes_visited``; leaves evaluated again appear again in
        ``visited_leaves``; an edge cut during a probe and searched during the re-search
        is not a pruned edge.

    See Also
    --------
    alphabeta

    References
    ----------
    Reinefeld, "An improvement to the Scout tree search algorithm", *ICCA Journal* 6
    (1983); Marsland & Campbell (1982). On integer trees it evaluates no more leaves
    than Reinefeld's NegaScout and never a leaf alpha-beta prunes
    (``tests/test_pvs_window.py``).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = gametree.pvs(G)
    >>> r.value, r.stats.re_searches, r.pruned_edges
    (3, 0, (('C', 'I'), ('C', 'J')))
    """
    record = check_trace(trace)
    plan = algorithm_plan(
        G,
        "pvs",
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
    )
    return run_fast_or_core(G, plan, annotate)
