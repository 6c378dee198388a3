"""How diagrams label a Monte Carlo tree search: node statistics and edge visits.

A node MCTS added (it has ``visits``) is labelled as textbooks draw it:

* ``"wins/playouts"`` on a win/loss tree (``G.graph["search"]["labels"] == "wins"``,
  or statistics written by hand with no search recorded): the wins of the player who
  moved into the node, ``(total - lo * N) / (hi - lo)`` for MAX (a draw between the two
  counts half), ``N`` minus that for MIN; the root counts for the player not to move
  there (AIMA 4th ed., Figure 5.10);
* ``"mean / N"`` otherwise: the mean playout value (MAX's point of view) and the visits
  (a leaf's mean is its value, already drawn, so a leaf shows no more).

An edge MCTS went down shows its visits, ``n=12``, after its move, and is drawn wider
the more often it was taken; the chosen move is the principal variation's first edge.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

import networkx as nx

from gametree.attrs import PLAYER, SEARCH, TOTAL, VISITS

__all__ = ["edge_visits_text", "edge_width", "mcts_wins", "node_text"]


def _scale(G: nx.DiGraph) -> tuple[float, float, bool]:
    search = G.graph.get(SEARCH)
    if isinstance(search, Mapping) and search.get("algorithm") == "mcts":
        lo, hi = search.get("scale", (0.0, 1.0))
        return float(lo), float(hi), search.get("labels") == "wins"
    return 0.0, 1.0, True


def mcts_wins(G: nx.DiGraph) -> bool:
    """Whether ``G``'s MCTS statistics are labelled "wins/playouts"."""
    return _scale(G)[2]


def node_text(G: nx.DiGraph, node: Hashable, fmt: Callable[[Any], str]) -> str | None:
    """The label of an MCTS node (None when ``node`` carries no ``visits``).

    >>> import gametree
    >>> G = gametree.parse("(A (B 1 0) (C 0 1))")
    >>> G.nodes["B"].update(visits=4, total=3)
    >>> from gametree.drawing.style import format_value
    >>> node_text(G, "B", format_value)
    '3/4'
    """
    data = G._node[node]
    n = data.get(VISITS)
    if n is None:
        return None
    total = data.get(TOTAL, 0)
    lo, hi, wins = _scale(G)
    if not wins:
        if not n:
            return "– / 0"
        return f"{fmt(total / n)} / {n}"
    max_wins = (total - lo * n) / (hi - lo) if hi > lo else total
    parents = G._pred[node]
    if parents:
        mover = str(G._node[next(iter(parents))].get(PLAYER, "MAX"))
    else:
        mover = "MIN" if str(data.get(PLAYER, "MAX")) == "MAX" else "MAX"
    won = max_wins if mover == "MAX" else n - max_wins
    return f"{fmt(won)}/{n}"


def edge_visits_text(data: Mapping[str, Any]) -> str:
    """``"n=N"`` for an edge MCTS went down, else ``""``."""
    n = data.get(VISITS)
    return "" if n is None else f"n={n}"


def edge_width(data: Mapping[str, Any], root_visits: int, base: float, widest: float) -> float:
    """A visited edge's line width: ``base`` plus up to ``widest - base`` by its share of
    the root's visits."""
    n = data.get(VISITS)
    if not isinstance(n, int) or n <= 0 or root_visits <= 0:
        return base
    return base + (widest - base) * min(1.0, n / root_visits)
