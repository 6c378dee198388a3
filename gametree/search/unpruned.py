"""The searches that prune nothing: minimax, negamax and expectiminimax.

Every node below the root (to the depth limit) is searched and gets its exact backed-up
value: MAX nodes take the largest child value, MIN nodes the smallest, CHANCE nodes the
probability-weighted average. :func:`minimax` runs on the lean loop when it can
(:mod:`gametree.search.fast`); :func:`negamax` and :func:`expectiminimax` on the engine.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

import networkx as nx

from gametree.search.frontdoor import algorithm_plan, check_trace, run_fast_or_core, run_on_core
from gametree.search.plan import Evaluate, Expand
from gametree.search.result import SearchResult

__all__ = ["expectiminimax", "minimax", "negamax"]


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
    record = check_trace(trace)
    plan = algorithm_plan(
        G,
        "minimax",
        root=root,
        depth=depth,
        evaluate=evaluate,
        record=record,
        child_order=child_order,
        expand=expand,
    )
    return run_fast_or_core(G, plan, annotate)


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
    record = check_trace(trace)
    plan = algorithm_plan(
        G,
        "negamax",
        root=root,
        depth=depth,
        evaluate=evaluate,
        record=record,
        child_order=child_order,
        expand=expand,
    )
    return run_on_core(G, plan, annotate)


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
    record = check_trace(trace)
    plan = algorithm_plan(
        G,
        "expectiminimax",
        root=root,
        depth=depth,
        evaluate=evaluate,
        record=record,
        child_order=child_order,
        expand=expand,
    )
    return run_on_core(G, plan, annotate)
