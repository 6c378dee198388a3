"""What the engine keeps per node it searches: :class:`Frame` and :class:`StarState`.

A :class:`Frame` is one internal node on the engine's stack; a :class:`StarState` is
what Star1/Star2 know at a CHANCE node. Both are plain slotted records the engine
(:mod:`gametree.search.engine`) and its Star1/Star2 steps
(:mod:`gametree.search.starchance`) read and write in place; values and windows in a
frame are from the point of view of the node's own player.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from gametree.search.rules import ChanceAverage, WeightedSum

__all__ = ["Frame", "StarState"]

INF = math.inf


class Frame:
    """The state of one internal node being searched (own point of view)."""

    __slots__ = (
        "acc",
        "all_exact",
        "any_lower",
        "best",
        "best_child",
        "best_exact",
        "bounds",
        "chance",
        "child_probe",
        "children",
        "cut",
        "depth",
        "hi",
        "hi0",
        "hi_nudged",
        "index",
        "known_hi",
        "known_lo",
        "limit",
        "lo",
        "lo0",
        "lo_nudged",
        "node",
        "parent",
        "probs",
        "sign",
        "star",
    )

    def __init__(
        self,
        node: Hashable,
        parent: Hashable | None,
        depth: int,
        sign: int,
        chance: bool,
        children: list[Hashable],
        lo: float,
        hi: float,
    ) -> None:
        self.node = node
        self.parent = parent
        self.depth = depth
        self.sign = sign
        self.chance = chance
        self.children = children
        self.index = 0
        self.lo = self.lo0 = lo
        self.hi = self.hi0 = hi
        # Ends moved by a PVS null window (see rules.null_window_beats).
        self.lo_nudged = self.hi_nudged = False
        self.best = -INF
        self.best_child: Hashable | None = None
        self.best_exact = False
        self.cut = False
        self.acc = ChanceAverage(node) if chance else None
        self.all_exact = True
        self.any_lower = False
        self.probs: list[float] | None = None
        self.child_probe = False
        self.known_lo: float | None = None
        self.known_hi: float | None = None
        self.limit = len(children)
        self.bounds: tuple[float, float] = (-INF, INF)
        self.star: StarState | None = None


class StarState:
    """What Star1/Star2 know at a CHANCE node: every outcome's value lies in
    ``[lows[j], highs[j]]`` (MAX's view); searching or probing an outcome narrows its
    pair, and the node cuts once the weighted sums leave its window."""

    __slots__ = (
        "current",
        "cut",
        "hi_sum",
        "highs",
        "lo_sum",
        "lows",
        "probe_next",
        "probing",
        "redo",
        "sources",
        "weights",
    )

    def __init__(
        self, weights: list[Any], lows: list[float], highs: list[float], probing: bool
    ) -> None:
        self.weights = weights
        self.lows = lows
        self.highs = highs
        self.lo_sum = WeightedSum(weights, lows)
        self.hi_sum = WeightedSum(weights, highs)
        # Where each outcome's pair comes from: "bound", "probe" or "value".
        self.sources = ["bound"] * len(lows)
        self.probing = probing
        self.probe_next = 0
        self.redo: int | None = None
        self.current = 0
        self.cut: tuple[float, int] | None = None
