"""Monte Carlo tree search on explicit trees: :func:`mcts`, and :func:`ucb1` for exams.

The rules of the four phases are those of :mod:`gametree.search.mcts_loop`, which also
runs the game version (:func:`gametree.mcts_game`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import networkx as nx

from gametree.attrs import (
    PLAYER,
    TOTAL,
    VALUE,
    VISITS,
)
from gametree.exceptions import InvalidTreeError, SearchError
from gametree.search.annotate import annotate_mcts
from gametree.search.engine import gc_paused
from gametree.search.mcts_loop import GraphSource, check_options, recorded_options, run_seeded
from gametree.search.mcts_result import MCTSResult, summarise
from gametree.search.mcts_tree import Tree, ucb1_score
from gametree.search.plan import check_flag, make_plan
from gametree.search.result import edge_move
from gametree.validation import value_problem

__all__ = ["MCTSResult", "UCB1Scores", "annotate_mcts", "leaf_range", "mcts", "ucb1"]


def leaf_range(G: nx.DiGraph, root: Hashable) -> tuple[float, float] | None:
    """The smallest and largest finite leaf value below ``root`` (None when no leaf has one).

    >>> import gametree
    >>> leaf_range(gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"), "A")
    (2.0, 14.0)
    """
    return _leaf_extent(G, root)[0]


def _leaf_extent(G: nx.DiGraph, root: Hashable) -> tuple[tuple[float, float] | None, bool]:
    """:func:`leaf_range`, and whether some leaf below ``root`` is ``inf`` or ``-inf``."""
    succ, nodes = G._succ, G._node
    seen = {root}
    stack = [root]
    lo, hi = math.inf, -math.inf
    infinite = False
    while stack:
        n = stack.pop()
        kids = succ[n]
        if not kids:
            v = nodes[n].get(VALUE)
            if v is not None and value_problem(v) is None:
                if math.isfinite(v):
                    lo = min(lo, float(v))
                    hi = max(hi, float(v))
                else:
                    infinite = True
            continue
        for k in kids:
            if k not in seen:
                seen.add(k)
                stack.append(k)
    return (None if lo > hi else (lo, hi)), infinite


def mcts(
    G: nx.DiGraph,
    *,
    iterations: int,
    c: float = math.sqrt(2),
    seed: int | None = None,
    playout: str | Callable[[nx.DiGraph, Hashable], Hashable] = "random",
    value_range: tuple[float, float] | None = None,
    solver: bool = False,
    annotate: bool = True,
    trace: bool = False,
    root: Hashable | None = None,
) -> MCTSResult:
    """Search ``G`` with Monte Carlo tree search (UCT) for ``iterations`` iterations.

    Each iteration selects a path down the tree grown so far by UCB1, adds one node,
    plays out from it to a leaf and adds the leaf's value to every node on the path.
    The exact rules are in :mod:`gametree.search.mcts_loop`; in short: UCB1
    ``q + c * sqrt(ln N / n)`` with the mean scaled to [0, 1] by ``value_range`` for the
    chooser (MAX maximises, MIN minimises the mean); unvisited children are added
    first, in child order; ties go to the first child in child order; CHANCE nodes are
    drawn by ``prob``.

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree or DAG (MAX, MIN and CHANCE nodes; every leaf needs a ``value``).
        In a DAG, a node reached along two paths is two nodes of the MCTS tree; its
        annotation adds them up.
    iterations : int
        Iterations to run, at least 1.
    c : float, default sqrt(2)
        The exploration constant, at least 0.
    seed : int, optional
        Seed of the search's own ``random.Random`` (the global generator is never used):
        the same seed gives the same tree, counts and move.
    playout : {"random", "evaluate"} or callable, default "random"
        ``"random"``: uniform moves to a leaf. ``"evaluate"``: stop at the added node and
        use its ``value`` (a heuristic on an internal node). A callable
        ``policy(G, node) -> child`` picks at MAX and MIN nodes (CHANCE by ``prob``).
    value_range : (float, float), optional
        ``(lo, hi)`` scaling the means; default the smallest and largest leaf value.
    solver : bool, default False
        MCTS-Solver: prove values (see :attr:`MCTSResult.proven`).
    annotate : bool, default True
        Write ``visits``, ``total``, ``status`` and ``pv`` onto ``G`` (see
        :func:`annotate_mcts`).
    trace : bool, default False
        Keep the events (:class:`~gametree.search.trace.Selection`, ``Expansion``,
        ``Playout``, ``Backpropagation``; one per phase per iteration).
    root : node, optional
        Search from this node.

    Returns
    -------
    MCTSResult
        ``best_move`` is the most visited root child's move, ``value`` the root's mean
        (or proven value), ``children`` each root child's visits, mean and UCB1.

    Raises
    ------
    SearchError
        Naming a bad option.
    InvalidTreeError
        For a leaf without a value reached by the search, or a node without a player.

    Notes
    -----
    Time O(iterations x depth); memory one tree node per iteration. Iterative.

    References
    ----------
    Kocsis & Szepesvari, "Bandit based Monte-Carlo planning", ECML 2006 (UCT).
    Winands, Bjornsson & Saito, "Monte-Carlo tree search solver", CG 2008.
    Russell & Norvig, AIMA 4th ed., Section 5.4.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    >>> r = gametree.mcts(G, iterations=200, seed=1, solver=True)
    >>> r.best_move, r.proven_value, G.nodes["A"]["visits"]
    ('B', 3, 200)
    >>> [(s.child, s.visits) for s in r.children][:1]
    [('B', ...)]
    """
    value_range_checked = check_options(iterations, c, playout, value_range, solver)
    check_flag("annotate", annotate)
    check_flag("trace", trace)
    plan = make_plan(G, "mcts", root=root)
    start = plan.root
    leaves, infinite = _leaf_extent(G, start)
    if value_range_checked is None:
        value_range_checked = leaves or (0.0, 1.0)
    # The solver proves a node at an end of the range only if no leaf lies beyond it.
    lo, hi = value_range_checked
    bounded = not infinite and (leaves is None or (lo <= leaves[0] and leaves[1] <= hi))
    source = GraphSource(G)

    def name(tree: Tree, i: int) -> Hashable:
        return tree.pos[i]  # type: ignore[no-any-return]

    options = {
        "root": start,
        **recorded_options(iterations, c, seed, playout, value_range, solver),
    }
    out = run_seeded(
        source,
        start,
        iterations=iterations,
        c=c,
        seed=seed,
        playout=playout,
        value_range=value_range_checked,
        solver=solver,
        trace=trace,
        name=name,
        bounded=bounded,
    )
    with gc_paused():
        tree = out.tree

        def move_of(i: int) -> Any:
            return edge_move(G, tree.pos[tree.parent[i]], tree.pos[i])

        result = summarise(
            "mcts",
            out,
            c=float(c),
            solver=solver,
            iterations=iterations,
            options=options,
            name=name,
            move_of=move_of,
        )
        if annotate:
            annotate_mcts(G, result)
    return result


@dataclass(frozen=True)
class UCB1Scores:
    """The UCB1 scores of a node's children and the child selection picks."""

    node: Hashable
    """The node choosing."""
    player: str
    """Its player, ``"MAX"`` or ``"MIN"``."""
    visits: int
    """Its visits N (the ``visits`` on it, else the sum of its children's)."""
    scores: dict[Hashable, float]
    """Each child's score in child order (``inf`` for an unvisited child)."""
    selected: Hashable
    """The child selection goes to: the first unvisited child, else the largest score,
    ties to the first in child order."""
    value_range: tuple[float, float]
    """The ``(lo, hi)`` that scaled the means."""


def ucb1(
    G: nx.DiGraph,
    node: Hashable,
    *,
    c: float = math.sqrt(2),
    value_range: tuple[float, float] | None = None,
) -> UCB1Scores:
    """Return the UCB1 scores of ``node``'s children from the statistics on ``G``.

    Reads ``visits`` and ``total`` (the sum of playout values, MAX's point of view) on
    ``node`` and its children: written by :func:`mcts`, or by hand in any tree format,
    as an exam gives them. The score of a child with ``n`` visits and mean ``total / n``
    is ``q + c * sqrt(ln N / n)``, ``N`` the node's visits and ``q`` the mean scaled to
    [0, 1] for the player at ``node`` by ``value_range`` (MIN: ``1 - q``).

    Parameters
    ----------
    G : networkx.DiGraph
    node : node
        A MAX or MIN node.
    c : float, default sqrt(2)
    value_range : (float, float), optional
        Default the leaves' value range, or ``(0, 1)`` when no leaf has a value (then
        ``total`` counts MAX's wins, AIMA's "wins/playouts").

    Raises
    ------
    SearchError
        For a bad option, a CHANCE node, or a node or child with missing or negative
        statistics.

    Examples
    --------
    MAX at A has played 10 iterations: 6 through B (4 wins), 4 through C (1 win).

    >>> import gametree
    >>> G = gametree.parse("(A (B 1 0) (C 0 1))")
    >>> G.nodes["A"]["visits"] = 10
    >>> for n, (v, t) in {"B": (6, 4), "C": (4, 1)}.items():
    ...     G.nodes[n].update(visits=v, total=t)
    >>> s = gametree.ucb1(G, "A", c=1.0)
    >>> {k: round(v, 3) for k, v in s.scores.items()}, s.selected
    ({'B': 1.286, 'C': 1.009}, 'B')
    """
    checked = check_options(1, c, "random", value_range, False)
    try:
        present = node in G
    except TypeError:
        present = False
    if not present:
        raise SearchError(f"node {node!r} is not a node of the graph")
    who = str(G.nodes[node].get(PLAYER, "")).upper()
    if who not in ("MAX", "MIN"):
        raise SearchError(
            f"ucb1 needs a MAX or MIN node; {node!r} has player {G.nodes[node].get(PLAYER)!r}"
        )
    kids = list(G._succ[node])
    if not kids:
        raise SearchError(f"node {node!r} has no children to score")
    lo, hi = checked or leaf_range(G, node) or (0.0, 1.0)
    stats: list[tuple[Hashable, int, float]] = []
    for k in kids:
        data = G._node[k]
        n = data.get(VISITS, 0)
        t = data.get(TOTAL, 0)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise SearchError(f"node {k!r}: visits={n!r} is not an int >= 0")
        if value_problem(t) is not None:
            raise SearchError(f"node {k!r}: total={t!r} is not a number")
        if n == 0 and t:
            raise InvalidTreeError(f"node {k!r} has total {t!r} but no visits", node=k)
        stats.append((k, n, float(t)))
    parent = G._node[node].get(VISITS)
    if parent is None:
        parent = sum(n for _, n, _ in stats)
    if isinstance(parent, bool) or not isinstance(parent, int) or parent < 1:
        raise SearchError(f"node {node!r}: visits={parent!r} is not an int >= 1")
    scores = {
        k: ucb1_score(
            t / n if n else 0.0, n, parent, c=float(c), lo=lo, hi=hi, maximise=who == "MAX"
        )
        for k, n, t in stats
    }
    selected = kids[0]
    for k in kids:
        if scores[k] > scores[selected]:
            selected = k
    return UCB1Scores(node, who, parent, scores, selected, (lo, hi))
