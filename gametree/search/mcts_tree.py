"""The tree Monte Carlo tree search grows, in flat arrays, and the UCB1 score of a child.

:class:`Tree` holds the statistics, :class:`Outcome` is what a run returns and
:func:`ucb1_score` scores a child.

The loop (:mod:`gametree.search.mcts_loop`) fills a :class:`Tree`; turning it into a
result is :mod:`gametree.search.mcts_result`. Slot ``i`` of each array is tree node
``i``: the root is 0, a node's parent comes before it, and nothing is recursed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from gametree.search.trace import MCTSEvent

__all__ = ["Outcome", "Tree", "ucb1_score"]


def ucb1_score(
    mean: float, visits: int, parent_visits: int, *, c: float, lo: float, hi: float, maximise: bool
) -> float:
    """Return the UCB1 score of a child with ``visits`` and ``mean`` (MAX's view).

    ``q + c * sqrt(ln parent_visits / visits)`` with ``q`` the mean scaled to [0, 1] by
    ``(lo, hi)`` for the chooser (MAX when ``maximise``); ``inf`` for an unvisited child.

    >>> round(ucb1_score(0.5, 2, 4, c=1.0, lo=0, hi=1, maximise=True), 4)
    1.3326
    """
    if visits == 0:
        return math.inf
    span = hi - lo
    q = (mean - lo) / span if span > 0 else 0.5
    if not maximise:
        q = 1.0 - q
    return q + c * math.sqrt(math.log(parent_visits) / visits)


class Tree:
    """The MCTS tree in flat arrays: slot i is one tree node."""

    __slots__ = (
        "depth",
        "kids",
        "move",
        "moves",
        "parent",
        "player",
        "pos",
        "probs",
        "proven",
        "starts",
        "total",
        "tried",
        "visits",
    )

    def __init__(self) -> None:
        self.pos: list[Any] = []
        self.parent: list[int] = []
        self.move: list[Any] = []
        self.player: list[str] = []
        self.depth: list[int] = []
        self.moves: list[list[Any] | None] = []
        self.probs: list[list[float] | None] = []
        self.kids: list[list[int] | None] = []
        self.tried: list[int] = []
        self.visits: list[int] = []
        self.total: list[float] = []
        self.starts: list[int] = []
        self.proven: list[float | None] = []

    def add(self, pos: Any, parent: int, move: Any, player: str) -> int:
        i = len(self.pos)
        self.pos.append(pos)
        self.parent.append(parent)
        self.move.append(move)
        self.player.append(player)
        self.depth.append(0 if parent < 0 else self.depth[parent] + 1)
        self.moves.append(None)
        self.probs.append(None)
        self.kids.append(None)
        self.tried.append(0)
        self.visits.append(0)
        self.total.append(0)
        self.starts.append(0)
        self.proven.append(None)
        return i


@dataclass
class Outcome:
    """What :func:`~gametree.search.mcts_loop.run_mcts` returns: the tree and the events."""

    tree: Tree
    lo: float
    hi: float
    events: list[MCTSEvent]
    win_loss: bool
