"""The search algorithms: minimax, negamax, alpha-beta, its negamax form, PVS, expectiminimax,
and Star1/Star2 (alpha-beta with pruning below CHANCE nodes given bounds on the values).

:func:`solve` and :func:`search_trace` also run the multi-pass drivers over the same
engine: ``"mtdf"`` (:func:`gametree.mtdf`), ``"sss"`` (:func:`gametree.sss_star`),
``"dual"`` (:func:`gametree.dual_star`) and ``"aspiration"`` (:func:`gametree.aspiration`).

Each function takes the graph first and its options keyword-only, returns a frozen
:class:`~gametree.SearchResult` and (with ``annotate=True``, the default) writes what
it did onto the graph (see :func:`gametree.annotate`). :func:`solve` picks one by name
and :func:`search_trace` streams the trace of any of them.

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

Ties: the best child is the first child in child order attaining the best value.
``best_children`` (and their moves, ``best_moves``) lists every child *proven* to attain
it: a child whose returned value is exact and equals the root's. Minimax proves every
tie. A pruning search proves only the first best child and later children that happen to
return an exact equal value (a leaf, or a subtree that returned inside the window); a
later child whose search failed low at the root's value is not listed, because
alpha-beta only learns that it is no better.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any

import networkx as nx

from gametree.exceptions import InvalidTreeError, SearchError
from gametree.search.aspiration import aspiration, aspiration_trace
from gametree.search.engine import (
    Evaluate,
    Expand,
    Plan,
    check_flag,
    make_plan,
    run,
    run_to_result,
)
from gametree.search.mtd import dual_star, mtd_trace, mtdf, sss_star
from gametree.search.result import SearchResult, with_moves
from gametree.search.trace import TraceEvent
from gametree.validation import bounds_problems

__all__ = [
    "ALGORITHMS",
    "alphabeta",
    "expectiminimax",
    "minimax",
    "negamax",
    "negamax_alphabeta",
    "pvs",
    "search_trace",
    "solve",
    "star1",
    "star2",
]

INF = math.inf

ALGORITHMS: tuple[str, ...] = (
    "minimax",
    "negamax",
    "alphabeta",
    "negamax_alphabeta",
    "pvs",
    "expectiminimax",
    "star1",
    "star2",
    "mtdf",
    "sss",
    "dual",
    "aspiration",
)
"""The algorithm names :func:`solve` and :func:`search_trace` accept."""

_ALIASES = {
    "alpha-beta": "alphabeta",
    "alpha_beta": "alphabeta",
    "ab": "alphabeta",
    "negamax-alphabeta": "negamax_alphabeta",
    "negamax-alpha-beta": "negamax_alphabeta",
    "negamax_alpha_beta": "negamax_alphabeta",
    "negamaxab": "negamax_alphabeta",
    "negascout": "pvs",
    "principal-variation": "pvs",
    "principal_variation": "pvs",
    "principal-variation-search": "pvs",
    "expectimax": "expectiminimax",
    "expecti-minimax": "expectiminimax",
    "star-1": "star1",
    "star-2": "star2",
    "*-minimax": "star1",
    "mtd(f)": "mtdf",
    "mtd-f": "mtdf",
    "sss*": "sss",
    "sss-star": "sss",
    "sss_star": "sss",
    "dual_star": "dual",
    "mt-sss*": "sss",
    "dual*": "dual",
    "dual-star": "dual",
    "aspiration-windows": "aspiration",
}
_STAR = {"star1": 1, "star2": 2}
_PRUNING = frozenset({"alphabeta", "negamax_alphabeta", "pvs", *_STAR})
MCTS_NAMES = frozenset({"mcts", "uct", "monte-carlo", "monte_carlo"})
"""Names :func:`solve` also accepts: Monte Carlo tree search (:func:`gametree.mcts`)."""


def is_mcts(algorithm: object) -> bool:
    """Whether ``algorithm`` names Monte Carlo tree search (any case, spaces around).

    >>> is_mcts(" UCT "), is_mcts("alphabeta")
    (True, False)
    """
    return str(algorithm).strip().lower() in MCTS_NAMES


_COMMON = frozenset({"root", "depth", "evaluate", "annotate", "trace", "child_order", "expand"})
MCTS_SEARCH_OPTIONS = ("iterations", "c", "seed", "playout", "value_range", "solver")
"""The options of Monte Carlo tree search that shape its run (beside root, annotate, trace)."""
_MCTS_OPTIONS = frozenset({"root", "annotate", "trace", *MCTS_SEARCH_OPTIONS})
_PRUNING_OPTIONS = frozenset({"prune_on_equal", "fail", "window", "transposition_table"})
# The multi-pass drivers (gametree.search.mtd, gametree.search.aspiration): their options.
_DRIVER_OPTIONS = {
    "mtdf": frozenset({"first_guess", "transposition_table"}),
    "sss": frozenset(),
    "dual": frozenset(),
    "aspiration": frozenset({"guess", "delta", "prune_on_equal", "fail", "transposition_table"}),
}


def canonical_name(algorithm: object) -> str:
    """Return the canonical name of ``algorithm`` (aliases accepted), or raise.

    >>> canonical_name("NegaScout"), canonical_name("alpha-beta")
    ('pvs', 'alphabeta')
    """
    if isinstance(algorithm, str):
        key = algorithm.strip().lower().replace(" ", "_")
        if key in ALGORITHMS:
            return key
        if key in _ALIASES:
            return _ALIASES[key]
        key = key.replace("_", "-")
        if key in _ALIASES:
            return _ALIASES[key]
    allowed = ", ".join(repr(a) for a in ALGORITHMS)
    raise SearchError(f"algorithm={algorithm!r} is not known; expected one of {allowed}")


def _recorded_options(name: str, plan: Plan, evaluate: Evaluate | None) -> dict[str, Any]:
    options: dict[str, Any] = {"root": plan.root, "depth": plan.depth}
    if evaluate is not None:
        options["evaluate"] = getattr(evaluate, "__qualname__", repr(evaluate))
    if name in _PRUNING:
        options.update(
            prune_on_equal=plan.prune_on_equal,
            fail=plan.fail,
            window=plan.window,
            transposition_table=plan.transposition_table,
        )
    if name in _STAR:
        options["bounds"] = plan.bounds
    return options


def _plan(
    G: nx.DiGraph,
    name: str,
    *,
    root: Hashable | None,
    depth: int | None,
    evaluate: Evaluate | None,
    record: bool,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None,
    expand: Expand | None,
    prune_on_equal: bool = True,
    fail: str = "soft",
    window: tuple[float, float] = (-INF, INF),
    transposition_table: bool = False,
    bounds: tuple[float, float] = (-INF, INF),
) -> Plan:
    pruning = name in _PRUNING
    plan = make_plan(
        G,
        name,
        root=root,
        depth=depth,
        evaluate=evaluate,
        pruning=pruning,
        pvs=name == "pvs",
        prune_on_equal=prune_on_equal,
        fail=fail,
        window=window,
        transposition_table=transposition_table,
        record=record,
        child_order=child_order,
        expand=expand,
        star=_STAR.get(name, 0),
        bounds=bounds,
    )
    if plan.star and expand is None:
        # A wrong claim about a leaf the search prunes would go unnoticed: check them all.
        found = bounds_problems(G, plan.bounds, plan.root)
        if found:
            raise InvalidTreeError(
                f"{found[0]} (bounds={plan.bounds!r} and the nodes' bounds)", node=found[0].node
            )
    return Plan(**{**plan.__dict__, "options": _recorded_options(name, plan, evaluate)})


def _finish(G: nx.DiGraph, plan: Plan, annotate: bool) -> SearchResult:
    from gametree.search.fast import fast_search

    check_flag("annotate", annotate)
    result = fast_search(plan, details=annotate)
    if result is None:
        result = run_to_result(plan)
    result = with_moves(result, G)
    if annotate:
        from gametree.search.annotate import annotate as write

        write(G, result)
    return result


def _check_trace(trace: object) -> bool:
    return check_flag("trace", trace)


def minimax(
    G: nx.DiGraph,
    *,
    root: Hashable | None = None,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    annotate: bool = True,
    trace: bool = False,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None = None,
    expand: Expand | None = None,
) -> SearchResult:
    """Search ``G`` with minimax: every node gets its exact backed-up value.

    MAX nodes take the largest child value, MIN nodes the smallest, CHANCE nodes the
    probability-weighted average (expectiminimax). Players are read from each node's
    ``player`` attribute, so a MIN root, two MIN levels in a row and uneven depths work.

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree or DAG (see :mod:`gametree.attrs`).
    root : node, optional
        Search from this node instead of the root; nodes outside its subtree get no
        annotation.
    depth : int, optional
        Depth limit in plies: an internal node ``depth`` plies below ``root`` is
        evaluated with ``evaluate(G, node)`` when given, else its ``value`` attribute.
    evaluate : callable, optional
        Heuristic ``(G, node) -> float`` (MAX's point of view) used at the depth limit.
        Leaves always use their ``value``.
    annotate : bool, default True
        Write the search onto ``G`` (see :func:`gametree.annotate`).
    trace : bool, default False
        Keep the trace events in :attr:`SearchResult.trace`.
    child_order : mapping, optional
        ``node -> children`` overriding ``G``'s child order for the listed nodes (used
        by :func:`gametree.iterative_deepening`; ``G`` is not changed).
    expand : callable, optional
        ``expand(node)`` hook called once per node before its children are read; it may
        add them to ``G`` (see :mod:`gametree.search.engine`).

    Returns
    -------
    SearchResult

    Raises
    ------
    SearchError
        For a bad option, or an internal node at the depth limit with neither ``value``
        nor ``evaluate``.
    InvalidTreeError
        For a leaf without a value or an internal node without a known player.

    See Also
    --------
    alphabeta : the same value, usually from far fewer leaves.
    negamax : the same search written in negamax form.

    Notes
    -----
    O(n) time for n reachable nodes (a DAG's shared nodes are searched once per path).
    Iterative, so any depth works.

    References
    ----------
    Russell & Norvig, *Artificial Intelligence: A Modern Approach*, Figures 5.2 and 5.3.

    Examples
    --------
    AIMA Figure 5.2:

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = gametree.minimax(G)
    >>> r.value, r.best_move, r.pv
    (3, 'B', ('A', 'B', 'E'))
    >>> r.node_values["C"].value, len(r.visited_leaves)
    (2, 9)
    >>> G.nodes["D"]["search_value"], G.nodes["D"]["status"]
    (2, 'visited')
    """
    record = _check_trace(trace)
    plan = _plan(
        G,
        "minimax",
        root=root,
        depth=depth,
        evaluate=evaluate,
        record=record,
        child_order=child_order,
        expand=expand,
    )
    return _finish(G, plan, annotate)


def negamax(
    G: nx.DiGraph,
    *,
    root: Hashable | None = None,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    annotate: bool = True,
    trace: bool = False,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None = None,
    expand: Expand | None = None,
) -> SearchResult:
    """Search ``G`` with negamax: minimax written as one maximising step.

    Each node maximises ``sign * value`` with its player's sign (+1 MAX, -1 MIN); a
    value crossing between nodes of different players is negated, between nodes of the
    same player (two MIN levels in a row) it is not. The result is reported from MAX's
    point of view, exactly as :func:`minimax` reports it.

    Parameters
    ----------
    G, root, depth, evaluate, annotate, trace, child_order, expand
        As for :func:`minimax`.

    Returns
    -------
    SearchResult

    See Also
    --------
    minimax, negamax_alphabeta

    References
    ----------
    Knuth & Moore, "An analysis of alpha-beta pruning", *Artificial Intelligence* 6
    (1975): the negamax formulation.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> gametree.negamax(G).value
    3
    """
    record = _check_trace(trace)
    plan = _plan(
        G,
        "negamax",
        root=root,
        depth=depth,
        evaluate=evaluate,
        record=record,
        child_order=child_order,
        expand=expand,
    )
    return run_and_annotate(G, plan, annotate)


def run_and_annotate(G: nx.DiGraph, plan: Plan, annotate: bool) -> SearchResult:
    """Run ``plan`` on the negamax-form core (never the fast loops) and annotate."""
    check_flag("annotate", annotate)
    result = with_moves(run_to_result(plan), G)
    if annotate:
        from gametree.search.annotate import annotate as write

        write(G, result)
    return result


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
    record = _check_trace(trace)
    plan = _plan(
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
    return _finish(G, plan, annotate)


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
    record = _check_trace(trace)
    plan = _plan(
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
    return run_and_annotate(G, plan, annotate)


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
    later internal child is first probed with a null window at alpha (a zero-width
    window ``(alpha, alpha)`` from the node's own point of view, which works for real
    values as well as integers) that only answers "better than alpha or not". When the
    probe fails high inside the window, the child is searched again with the window
    ``(alpha, beta)`` (a :class:`~gametree.search.trace.ReSearch` event). Leaves are
    evaluated, never probed, and CHANCE nodes search their children with the open window.

    Parameters
    ----------
    G, root, depth, evaluate, annotate, trace, child_order, expand
        As for :func:`minimax`.
    prune_on_equal, fail, window, transposition_table
        As for :func:`alphabeta`. With ``prune_on_equal=False`` the null window answers
        "at least alpha or not" instead.

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
    (1983); Marsland & Campbell (1982).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = gametree.pvs(G)
    >>> r.value, r.stats.re_searches, r.pruned_edges
    (3, 0, (('C', 'I'), ('C', 'J')))
    """
    record = _check_trace(trace)
    plan = _plan(
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
    return run_and_annotate(G, plan, annotate)


def expectiminimax(
    G: nx.DiGraph,
    *,
    root: Hashable | None = None,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    annotate: bool = True,
    trace: bool = False,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None = None,
    expand: Expand | None = None,
) -> SearchResult:
    """Search ``G`` with expectiminimax: minimax with CHANCE nodes averaged.

    A CHANCE node's value is the sum of its children's values weighted by the ``prob``
    of the edges to them (equal weights when no edge has one). Every algorithm handles
    CHANCE nodes this way; this is the name AIMA gives the search.

    Parameters
    ----------
    G, root, depth, evaluate, annotate, trace, child_order, expand
        As for :func:`minimax`.

    Returns
    -------
    SearchResult
        ``best_child`` and ``best_move`` are None when the root is a CHANCE node.

    References
    ----------
    Russell & Norvig, AIMA, Section 5.5 (stochastic games), Figure 5.11.

    Examples
    --------
    A MAX root over two coin flips:

    >>> import gametree
    >>> G = gametree.from_nested([[2, 4], [0, 10]], players=("MAX", "CHANCE"))
    >>> r = gametree.expectiminimax(G)
    >>> r.value, r.best_move, r.node_values["B"].value     # exact: ints and equal odds
    (5, 'C', 3)
    """
    record = _check_trace(trace)
    plan = _plan(
        G,
        "expectiminimax",
        root=root,
        depth=depth,
        evaluate=evaluate,
        record=record,
        child_order=child_order,
        expand=expand,
    )
    return run_and_annotate(G, plan, annotate)


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
    record = _check_trace(trace)
    plan = _plan(
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
    return run_and_annotate(G, plan, annotate)


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
    record = _check_trace(trace)
    plan = _plan(
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
    return run_and_annotate(G, plan, annotate)


_FUNCTIONS: dict[str, Callable[..., SearchResult]] = {
    "minimax": minimax,
    "negamax": negamax,
    "alphabeta": alphabeta,
    "negamax_alphabeta": negamax_alphabeta,
    "pvs": pvs,
    "expectiminimax": expectiminimax,
    "star1": star1,
    "star2": star2,
    "mtdf": mtdf,
    "sss": sss_star,
    "dual": dual_star,
    "aspiration": aspiration,
}


def algorithm_options(name: str) -> frozenset[str]:
    """The keyword options :func:`solve` passes to the algorithm ``name`` (canonical).

    >>> sorted(algorithm_options("mtdf") - algorithm_options("minimax"))
    ['first_guess', 'transposition_table']
    """
    if name in MCTS_NAMES:
        return _MCTS_OPTIONS
    options = _COMMON | (_PRUNING_OPTIONS if name in _PRUNING else frozenset())
    if name in _STAR:
        options |= {"bounds"}
    return options | _DRIVER_OPTIONS.get(name, frozenset())


def _check_keywords(name: str, options: Mapping[str, Any]) -> None:
    allowed = algorithm_options(name)
    if name in _DRIVER_OPTIONS and "fail" in options and "fail" not in allowed:
        raise SearchError(
            f"{name} has no option 'fail': its null-window passes must fail soft "
            "(each returns a bound beyond its window)"
        )
    for key in options:
        if key not in allowed:
            shown = ", ".join(sorted(allowed))
            raise SearchError(f"{name} has no option {key!r}; its options are {shown}")


def check_options(algorithm: object, options: Mapping[str, Any]) -> str:
    """Return the canonical name of ``algorithm`` (``"mcts"`` for Monte Carlo tree search)
    once every key of ``options`` is one the algorithm takes.

    Raises
    ------
    SearchError
        For an unknown algorithm, an option it does not take (naming both), or MCTS
        without ``iterations``.

    Examples
    --------
    >>> check_options("negascout", {"fail": "hard"})
    'pvs'
    >>> check_options("mcts", {"iterations": 10, "fail": "hard"})
    Traceback (most recent call last):
    ...
    gametree.exceptions.SearchError: mcts has no option 'fail'; its options are annotate, c, ...
    """
    if isinstance(algorithm, str) and is_mcts(algorithm):
        name = "mcts"
    else:
        name = canonical_name(algorithm)
    _check_keywords(name, options)
    if name == "mcts" and "iterations" not in options:
        raise SearchError("mcts needs iterations= (how many iterations to run)")
    return name


def solve(G: nx.DiGraph, algorithm: str = "alphabeta", **options: Any) -> SearchResult:
    """Search ``G`` with the algorithm named ``algorithm`` and return its result.

    Parameters
    ----------
    G : networkx.DiGraph
        The game tree.
    algorithm : str, default "alphabeta"
        One of :data:`ALGORITHMS` or an alias (``"alpha-beta"``, ``"negascout"``,
        ``"expectimax"``, ...), case-insensitive; or ``"mcts"`` (:func:`gametree.mcts`).
    **options
        The algorithm's keyword options.

    Raises
    ------
    SearchError
        For an unknown algorithm or an option the algorithm does not take.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> gametree.solve(G, "negascout", annotate=False).value
    3
    >>> gametree.solve(G, "minimax", fail="hard")
    Traceback (most recent call last):
    ...
    gametree.exceptions.SearchError: minimax has no option 'fail'; its options are ...
    """
    name = check_options(algorithm, options)
    if name == "mcts":
        from gametree.search.mcts import mcts

        return mcts(G, **options)
    return _FUNCTIONS[name](G, **options)


def search_trace(
    G: nx.DiGraph, algorithm: str = "alphabeta", **options: Any
) -> Iterator[TraceEvent]:
    """Return an iterator over the trace events of a search, produced as it runs.

    Options are checked before the iterator is returned, so a bad option raises here,
    not halfway through the stream. The graph is not annotated.

    Parameters
    ----------
    G : networkx.DiGraph
    algorithm : str, default "alphabeta"
        As for :func:`solve`.
    **options
        The algorithm's options (``annotate`` and ``trace`` are not accepted).

    Returns
    -------
    iterator of TraceEvent
        :class:`~gametree.search.trace.Enter`, ``Leaf``, ``Cutoff``, ``Probe``,
        ``ReSearch``, ``TranspositionHit`` and ``Exit`` events, every alpha and beta from
        MAX's point of view.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> [e.kind for e in gametree.search_trace(G)][:6]
    ['enter', 'enter', 'enter', 'leaf', 'exit', 'enter']
    >>> cut = next(e for e in gametree.search_trace(G) if e.kind == "cutoff")
    >>> cut.node, cut.child, cut.alpha, cut.beta, cut.skipped
    ('C', 'H', 3, 2, ('I', 'J'))
    """
    for key in ("annotate", "trace"):
        if key in options:
            raise SearchError(f"search_trace does not take {key}=; it never annotates")
    name = check_options(algorithm, options)
    if name == "mcts":
        from gametree.search.mcts import mcts

        # MCTS runs whole here (one event per phase per iteration), so options are checked.
        return iter(mcts(G, annotate=False, trace=True, **options).trace)
    if name == "aspiration":
        return aspiration_trace(G, **options)
    if name in _DRIVER_OPTIONS:
        return mtd_trace(G, name, **options)
    plan = _plan(G, name, record=True, **_plan_options(options))
    return _events(plan)


def _plan_options(options: Mapping[str, Any]) -> dict[str, Any]:
    full: dict[str, Any] = {
        "root": None,
        "depth": None,
        "evaluate": None,
        "child_order": None,
        "expand": None,
    }
    full.update(options)
    return full


def _events(plan: Plan) -> Iterator[TraceEvent]:
    yield from run(plan)
