"""Iterative deepening: depth-limited searches to increasing depths, best moves first."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from gametree.attrs import PLAYER
from gametree.exceptions import SearchError
from gametree.search.algorithms import solve
from gametree.search.names import canonical_name
from gametree.search.plan import check_flag
from gametree.search.result import SearchResult, SearchStats
from gametree.valuetext import jsonable

__all__ = ["IterativeDeepeningResult", "iterative_deepening"]


@dataclass(frozen=True)
class IterativeDeepeningResult:
    """The searches of one iterative deepening run, shallowest first.

    Attributes
    ----------
    algorithm : str
        The algorithm of every iteration.
    iterations : tuple of SearchResult
        One result per depth limit 1, 2, ... (``result.options["depth"]`` says which).
    stopped_early : bool
        True when the run stopped before ``max_depth`` because the value reached
        ``stop_at`` or an iteration searched the whole tree.
    """

    algorithm: str
    iterations: tuple[SearchResult, ...]
    stopped_early: bool = False

    @property
    def result(self) -> SearchResult:
        """The deepest search's result."""
        return self.iterations[-1]

    @property
    def value(self) -> float:
        """The deepest search's value."""
        return self.result.value

    @property
    def best_move(self) -> Any:
        """The deepest search's best move (the edge's ``move``, else the child's id)."""
        return self.result.best_move

    @property
    def best_child(self) -> Hashable | None:
        """The deepest search's best child (a node id)."""
        return self.result.best_child

    @property
    def depth(self) -> int:
        """The deepest depth limit searched."""
        return len(self.iterations)

    @property
    def stats(self) -> SearchStats:
        """Counters summed over every iteration (``max_depth`` is the largest)."""
        total = {key: 0 for key in SearchStats().to_dict()}
        for r in self.iterations:
            for key, count in r.stats.to_dict().items():
                total[key] = max(total[key], count) if key == "max_depth" else total[key] + count
        return SearchStats(**total)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict with one entry per iteration."""
        return {
            "algorithm": self.algorithm,
            "value": jsonable(self.value),
            "best_move": jsonable(self.best_move),
            "best_child": jsonable(self.best_child),
            "stopped_early": self.stopped_early,
            "stats": self.stats.to_dict(),
            "iterations": [
                {
                    "depth": depth,
                    "value": jsonable(r.value),
                    "best_move": jsonable(r.best_move),
                    "best_child": jsonable(r.best_child),
                    "pv_moves": jsonable(r.pv_moves),
                    "principal_variation": jsonable(r.pv),
                    "stats": r.stats.to_dict(),
                }
                for depth, r in enumerate(self.iterations, 1)
            ],
        }


def _ordering(
    G: nx.DiGraph,
    previous: SearchResult,
    order: dict[Hashable, Sequence[Hashable]],
) -> dict[Hashable, Sequence[Hashable]]:
    """Sort each searched node's children by the previous iteration's values.

    MAX nodes put their highest-valued children first, MIN nodes their lowest; children
    without a value keep their relative order after the valued ones. The sort is stable,
    so ties keep their current order. CHANCE nodes keep theirs.
    """
    values = previous.node_values
    succ = G._succ
    nodes = G._node
    new = dict(order)
    for node in values:
        kids = order.get(node)
        if kids is None:
            kids = list(succ[node])
        if len(kids) < 2:
            continue
        player = nodes[node].get(PLAYER)
        if player not in ("MAX", "MIN"):
            continue
        sign = -1.0 if player == "MAX" else 1.0
        valued = [c for c in kids if c in values]
        if not valued:
            continue
        rest = [c for c in kids if c not in values]
        valued.sort(key=lambda c: sign * values[c].value)
        new[node] = valued + rest
    return new


def _reached(value: float, stop_at: float, player: object) -> bool:
    return value <= stop_at if player == "MIN" else value >= stop_at


def iterative_deepening(
    G: nx.DiGraph,
    algorithm: str = "alphabeta",
    max_depth: int | None = None,
    *,
    stop_at: float | None = None,
    reorder: bool = True,
    **options: Any,
) -> IterativeDeepeningResult:
    """Search ``G`` to depth 1, 2, ..., ``max_depth``, each time trying best moves first.

    Each iteration is a depth-limited search (internal nodes at the limit use
    ``evaluate`` or their ``value``); before the next one every searched node's children
    are reordered by the values just found (MAX: highest first, MIN: lowest first),
    which makes alpha-beta prune more. ``G`` itself is never reordered: the order is
    passed to the search as ``child_order``.

    Parameters
    ----------
    G : networkx.DiGraph
        The game tree.
    algorithm : str, default "alphabeta"
        Any name :func:`gametree.solve` accepts.
    max_depth : int, optional
        The deepest limit to try (>= 1). None: go on until an iteration reaches no
        internal node at its depth limit (it saw the whole tree).
    stop_at : float, optional
        Stop as soon as an iteration's value reaches this (``>=`` for a MAX or CHANCE
        root, ``<=`` for a MIN root), e.g. the known value of a win (the seeds'
        ``negamaxIDS``).
    reorder : bool, default True
        Reorder children between iterations; False repeats the searches in ``G``'s order.
    **options
        Options of the algorithm (``evaluate``, ``prune_on_equal``, ``fail``, ...). Not
        ``depth`` or ``child_order``; ``annotate`` (default True) annotates ``G`` with
        the last iteration only.

    Returns
    -------
    IterativeDeepeningResult

    Raises
    ------
    SearchError
        For a bad ``max_depth`` or option, or an internal node at a depth limit with
        no heuristic value.

    References
    ----------
    Korf, "Depth-first iterative-deepening", *Artificial Intelligence* 27 (1985);
    Russell & Norvig, AIMA, Section 5.4.

    Examples
    --------
    AIMA Figure 5.2 with its best move last; the MIN nodes carry heuristic values
    (here their true ones). Plain alpha-beta prunes nothing, but the depth-1 search
    puts D first, and the depth-2 search then prunes F and G:

    >>> import gametree
    >>> G = gametree.from_nested([[2, 4, 6], [14, 5, 2], [3, 12, 8]])
    >>> for node, v in {"A": 3, "B": 2, "C": 2, "D": 3}.items():
    ...     G.nodes[node]["value"] = v
    >>> len(gametree.alphabeta(G, annotate=False).visited_leaves)
    9
    >>> run = gametree.iterative_deepening(G, "alphabeta", 2)
    >>> [r.value for r in run.iterations], run.best_move
    ([3, 3], 'D')
    >>> run.iterations[1].visited_leaves
    ('K', 'L', 'M', 'E', 'H', 'I', 'J')
    >>> [n for n in "ABCD" if G.nodes[n].get("value") is None], list(G.successors("A"))
    ([], ['B', 'C', 'D'])
    """
    name = canonical_name(algorithm)
    for key in ("depth", "child_order"):
        if key in options:
            raise SearchError(f"iterative_deepening sets {key}= itself; do not pass it")
    if max_depth is not None and (
        isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1
    ):
        raise SearchError(f"max_depth={max_depth!r} is not allowed; expected None or an int >= 1")
    if stop_at is not None and not isinstance(stop_at, (int, float)):
        raise SearchError(f"stop_at={stop_at!r} is not allowed; expected None or a number")
    annotate = options.pop("annotate", True)
    check_flag("annotate", annotate)
    order: dict[Hashable, Sequence[Hashable]] = {}
    iterations: list[SearchResult] = []
    depth = 0
    stopped = False
    while max_depth is None or depth < max_depth:
        depth += 1
        last = max_depth is not None and depth == max_depth
        result = solve(
            G, name, depth=depth, child_order=dict(order), annotate=annotate and last, **options
        )
        iterations.append(result)
        complete = result.stats.horizon_evaluations == 0
        player = G._node[result.root].get(PLAYER)
        reached = stop_at is not None and _reached(result.value, stop_at, player)
        if reached or complete:
            stopped = reached or (max_depth is not None and not last)
            if annotate and not last:
                from gametree.search.annotate import annotate as write

                write(G, result)
            break
        if reorder:
            order = _ordering(G, result, order)
    return IterativeDeepeningResult(name, tuple(iterations), stopped)
