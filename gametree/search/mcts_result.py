"""What Monte Carlo tree search returns, and how a finished run's tree becomes that.

:class:`MCTSResult` with a :class:`ChildStats` per root child, built by :func:`summarise`
under the move rule of :func:`choose_root_child`.

Both front doors use it: :func:`gametree.mcts` over explicit trees and
:func:`gametree.mcts_game` over games; :func:`format_children` is the end of the report
``gametree solve -a mcts`` prints.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from gametree.search.mcts_tree import Outcome, Total, Tree, ucb1_score
from gametree.search.result import NodeValue, SearchResult, SearchStats
from gametree.valuetext import format_value, jsonable

__all__ = [
    "ChildStats",
    "MCTSResult",
    "choose_root_child",
    "format_children",
    "most_visited_path",
    "root_children",
    "summarise",
]


@dataclass(frozen=True)
class ChildStats:
    """One root child at the end of a search."""

    child: Hashable
    """The child (a node of the searched graph)."""
    move: Any
    """The move leading to it."""
    visits: int
    """How many iterations went through it."""
    mean: float | None
    """Its mean playout value, MAX's point of view (None when never visited)."""
    ucb1: float | None
    """Its UCB1 score at the root at the end (``inf`` when never visited; None below a
    CHANCE root)."""
    proven: float | None = None
    """Its proven value (``solver=True``), else None."""


@dataclass(frozen=True)
class MCTSResult(SearchResult):
    """A :class:`~gametree.SearchResult` of Monte Carlo tree search.

    ``value`` is the root's mean playout value (its proven value when the solver proved
    it), ``best_child`` the most visited root child, ``pv`` the path of most visited
    children, ``node_values`` each tree node's mean (its proven value where proven),
    ``stats.nodes_visited`` the nodes in the tree, ``visited_leaves`` the terminal nodes
    it added (in the order added) and ``stats.leaves_evaluated`` the playouts.

    Attributes
    ----------
    iterations : int
    children : tuple of ChildStats
        Each root child in child order: visits, mean, UCB1, proven value.
    visits, totals : Mapping
        Each tree node's visits N and total (the sum of its playout values, MAX's view).
    playouts : Mapping
        Per node, the iterations whose playout started there.
    edge_visits : Mapping
        Per edge ``(parent, child)``, the iterations that went down it.
    proven : Mapping
        The nodes the solver proved, with their values (empty without ``solver``).
    value_range : (float, float)
        The ``(lo, hi)`` that scaled the means.
    win_loss : bool
        Whether every playout ended at ``lo`` or ``hi`` (a win/loss tree: drawings
        then label nodes "wins/playouts").
    graph : networkx.DiGraph or None
        For a game, the tree MCTS built (nodes numbered as added, root 0).
    root_state : object
        For a game, the position searched.
    """

    iterations: int = 0
    children: tuple[ChildStats, ...] = ()
    visits: Mapping[Hashable, int] = field(default_factory=dict)
    totals: Mapping[Hashable, float] = field(default_factory=dict)
    playouts: Mapping[Hashable, int] = field(default_factory=dict)
    edge_visits: Mapping[tuple[Hashable, Hashable], int] = field(default_factory=dict)
    proven: Mapping[Hashable, float] = field(default_factory=dict)
    value_range: tuple[float, float] = (0.0, 1.0)
    win_loss: bool = False
    graph: nx.DiGraph | None = None
    root_state: Any = None

    @property
    def proven_value(self) -> float | None:
        """The root's proven value, or None."""
        return self.proven.get(self.root)

    def to_dict(self) -> dict[str, Any]:
        """The :meth:`SearchResult.to_dict` fields plus the root children's statistics."""
        data = super().to_dict()
        data["iterations"] = self.iterations
        data["proven_value"] = jsonable(self.proven_value)
        data["children"] = [
            {
                "child": jsonable(s.child),
                "move": jsonable(s.move),
                "visits": s.visits,
                "mean": jsonable(s.mean),
                "ucb1": jsonable(s.ucb1),
                "proven": jsonable(s.proven),
            }
            for s in self.children
        ]
        return data


def choose_root_child(tree: Tree, solver: bool) -> int:
    """The move rule: the root's first child proven at the root's proven value (solver),
    else the most visited child, ties to the first in child order; -1 for none."""
    kids = [k for k in (tree.kids[0] or ()) if k >= 0]
    if not kids or tree.player[0] == "CHANCE":
        return -1
    if solver and tree.proven[0] is not None:
        for k in kids:
            if tree.proven[k] == tree.proven[0]:
                return k
    best = kids[0]
    for k in kids[1:]:
        if tree.visits[k] > tree.visits[best]:
            best = k
    return best


def most_visited_path(tree: Tree, first: int) -> list[int]:
    """Root, ``first``, then the most visited child at each node (ties: first)."""
    if first < 0:
        return [0]
    path = [0, first]
    i = first
    while True:
        kids = [k for k in (tree.kids[i] or ()) if k >= 0 and tree.visits[k] > 0]
        if not kids:
            return path
        i = max(kids, key=lambda k: (tree.visits[k], -kids.index(k)))
        path.append(i)


def root_children(
    tree: Tree,
    c: float,
    lo: float,
    hi: float,
    name: Callable[[Tree, int], Hashable],
    move_of: Callable[[int], Any],
) -> tuple[ChildStats, ...]:
    """Each added root child's end statistics, in child order."""
    out = []
    who = tree.player[0]
    n_root = tree.visits[0]
    for k in tree.kids[0] or ():
        if k < 0:
            continue
        n = tree.visits[k]
        total = tree.total_of(k)
        mean = total.mean(n) if n else None
        score = None
        if who in ("MAX", "MIN"):
            score = ucb1_score(
                mean if mean is not None else 0.0,
                n,
                n_root,
                c=c,
                lo=lo,
                hi=hi,
                maximise=who == "MAX",
                total=total,
            )
        out.append(ChildStats(name(tree, k), move_of(k), n, mean, score, tree.proven[k]))
    return tuple(out)


def summarise(
    algorithm: str,
    out: Outcome,
    *,
    c: float,
    solver: bool,
    iterations: int,
    options: dict[str, Any],
    name: Callable[[Tree, int], Hashable],
    move_of: Callable[[int], Any],
    graph: nx.DiGraph | None = None,
    root_state: Any = None,
) -> MCTSResult:
    """Build the :class:`MCTSResult` of a finished run (DAG nodes reached along several
    paths add up their tree nodes' statistics)."""
    tree = out.tree
    visits: dict[Hashable, int] = {}
    totals: dict[Hashable, Any] = {}
    playouts: dict[Hashable, int] = {}
    edges: dict[tuple[Hashable, Hashable], int] = {}
    proven: dict[Hashable, float] = {}
    names = [name(tree, i) for i in range(len(tree.pos))]
    # Plain totals add up without overflow unless the run had to keep Totals (an
    # infinite value, or magnitudes past GUARD): then add those up (mcts_tree's rules).
    sums: dict[Hashable, Total] | None = {} if tree.parts else None
    for i, n in enumerate(names):
        visits[n] = visits.get(n, 0) + tree.visits[i]
        if sums is None:
            totals[n] = totals.get(n, 0) + tree.total[i]
        else:
            sums.setdefault(n, Total()).merge(tree.total_of(i))
        if tree.starts[i]:
            playouts[n] = playouts.get(n, 0) + tree.starts[i]
        p = tree.parent[i]
        if p >= 0:
            e = (names[p], n)
            edges[e] = edges.get(e, 0) + tree.visits[i]
        if tree.proven[i] is not None:
            proven[n] = tree.proven[i]  # type: ignore[assignment]
    if sums is None:
        means = {n: totals[n] / v for n, v in visits.items() if v}
    else:
        totals = {n: t.value for n, t in sums.items()}
        means = {n: sums[n].mean(v) for n, v in visits.items() if v}
    node_values = {n: NodeValue(proven.get(n, m)) for n, m in means.items()}
    first = choose_root_child(tree, solver)
    path = most_visited_path(tree, first)
    root = names[0]
    value = (
        tree.proven[0]
        if solver and tree.proven[0] is not None
        else tree.total_of(0).mean(tree.visits[0])
    )
    best = None if first < 0 else names[first]
    return MCTSResult(
        algorithm=algorithm,
        root=root,
        value=value,
        best_child=best,
        best_children=() if best is None else (best,),
        pv=tuple(names[i] for i in path),
        node_values=node_values,
        visited_leaves=tuple(dict.fromkeys(n for i, n in enumerate(names) if not tree.player[i])),
        pruned_edges=(),
        stats=SearchStats(
            nodes_visited=len(tree.pos),
            leaves_evaluated=iterations,
            max_depth=max(tree.depth),
        ),
        options=options,
        trace=tuple(out.events),  # type: ignore[arg-type]
        visit_order=tuple(names),
        best_move=None if first < 0 else move_of(first),
        best_moves=() if first < 0 else (move_of(first),),
        pv_moves=tuple(move_of(i) for i in path[1:]),
        iterations=iterations,
        children=root_children(tree, c, out.lo, out.hi, name, move_of),
        visits=visits,
        totals=totals,
        playouts=playouts,
        edge_visits=edges,
        proven=proven,
        value_range=(out.lo, out.hi),
        win_loss=out.win_loss,
        graph=graph,
        root_state=root_state,
    )


def format_children(result: MCTSResult) -> list[str]:
    """The lines of ``gametree solve -a mcts`` after the common report: the proven value
    and each root child's visits, mean and UCB1 at the end."""
    lines = []
    if result.proven_value is not None:
        lines.append(f"proven:     {format_value(result.proven_value)} (MCTS-Solver)")
    lines.append(f"root children after {result.iterations} iterations (move: visits, mean, UCB1):")
    for s in result.children:
        mean = "-" if s.mean is None else format_value(s.mean)
        score = "-" if s.ucb1 is None else format_value(s.ucb1)
        proven = "" if s.proven is None else f", proven {format_value(s.proven)}"
        lines.append(f"  {s.move}: {s.visits}, {mean}, {score}{proven}")
    return lines
