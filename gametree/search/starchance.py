"""Star1 and Star2 at CHANCE nodes: the engine's steps there (Ballard 1983).

A CHANCE node whose outcomes have known bounds keeps a
:class:`~gametree.search.frames.StarState`: each outcome's ``[lo, hi]``, narrowed as
outcomes are probed (Star2) or searched, and the weighted sums of both ends. Before the
first outcome and after each one the chance cutoff rule
(:func:`~gametree.search.rules.chance_cut`) may stop the node with a bound; each outcome
is searched with the window :func:`~gametree.search.rules.chance_window` derives. The
engine's search (:mod:`gametree.search.engine`) inherits these steps from
:class:`StarChance`; the front doors are :func:`gametree.star1` and
:func:`gametree.star2`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from typing import Any

from gametree.attrs import BOUNDS, PLAYER
from gametree.exceptions import InvalidTreeError
from gametree.search.bound import BOUND_OF_CODE
from gametree.search.frames import Frame, StarState
from gametree.search.plan import Plan
from gametree.search.rules import (
    EXACT,
    LOWER,
    SIGN,
    UPPER,
    chance_cut,
    chance_window,
    star_bounds,
    star_weights,
)
from gametree.search.trace import ChanceCutoff, ProbeCutoff, ReSearch, TraceEvent
from gametree.validation import bounds_problem

__all__ = ["StarChance"]

INF = math.inf


class StarChance:
    """The Star1/Star2 steps of the engine's search at CHANCE nodes (a mixin).

    The engine's search class inherits them; they read and update what it keeps (the
    attributes below) and the frames on its stack.
    """

    plan: Plan
    nodes: Any  # the graph's node attribute dicts (G._node)
    record: bool
    events: list[TraceEvent]
    pruned: list[tuple[Hashable, Hashable]]
    cutoffs: int
    re_searches: int

    def kids(self, node: Hashable) -> Mapping[Hashable, Any]:
        """The children of ``node`` (the engine's search expands it first if need be)."""
        raise NotImplementedError

    def is_horizon(self, node: Hashable, depth: int) -> bool:
        """Whether ``node``, ``depth`` plies below the root, is at the depth limit."""
        raise NotImplementedError

    def own_bounds(self, node: Hashable) -> tuple[float, float] | None:
        own = self.nodes[node].get(BOUNDS)
        if own is None:
            return None
        why = bounds_problem(own)
        if why is not None:
            raise InvalidTreeError(f"node {node!r}: bounds {why}", node=node)
        return own[0], own[1]

    def probeable(self, node: Hashable, depth: int) -> bool:
        """Whether Star2 probes ``node``: a MAX or MIN node with several children."""
        return (
            self.nodes[node].get(PLAYER) in SIGN
            and len(self.kids(node)) > 1
            and not self.is_horizon(node, depth)
        )

    def star_start(self, f: Frame) -> None:
        """Set up Star1/Star2 at CHANCE frame ``f``: each outcome's bounds, then cut at
        once if the bounds alone settle the node. Outcomes that are all unbounded on
        both sides leave ``f.star`` None: the node is searched as expectiminimax does."""
        pairs = [star_bounds(f.bounds, self.own_bounds(c)) for c in f.children]
        if all(lo == -INF and hi == INF for lo, hi in pairs):
            return
        assert f.probs is not None
        depth = f.depth + 1
        probing = self.plan.star == 2 and any(self.probeable(c, depth) for c in f.children)
        f.star = StarState(
            star_weights(f.probs), [lo for lo, _ in pairs], [hi for _, hi in pairs], probing
        )
        self.star_check(f, None)

    def star_check(self, f: Frame, child: Hashable | None) -> None:
        """Apply the chance cutoff rule at ``f`` after ``child`` (None: before any)."""
        st = f.star
        assert st is not None
        if st.lows == st.highs:
            return  # every outcome is known exactly: so is the average
        low, high = st.lo_sum.total(), st.hi_sum.total()
        cut = chance_cut(low, high, f.lo, f.hi, self.plan.prune_on_equal)
        if cut is None:
            return
        st.cut = cut
        f.cut = True
        skipped = tuple(c for j, c in enumerate(f.children) if st.sources[j] == "bound")
        if not skipped and "probe" not in st.sources:
            return  # the last outcome returned a bound: the node returns one, nothing cut
        self.cutoffs += 1
        self.pruned.extend((f.node, c) for c in skipped)
        record = self.record
        value, bound = cut
        terms = tuple(st.highs if bound == UPPER else st.lows)
        if record:
            self.events.append(
                ChanceCutoff(
                    f.node,
                    child,
                    value,
                    f.lo,
                    f.hi,
                    skipped,
                    BOUND_OF_CODE[bound],
                    tuple(f.children),
                    tuple(float(w) for w in st.weights),
                    terms,
                    tuple(st.sources),
                )
            )
        # Outcomes only probed keep their other children unsearched.
        for j, c in enumerate(f.children):
            if st.sources[j] != "probe":
                continue
            order = self.plan.child_order
            kids = list(order[c]) if order is not None and c in order else list(self.kids(c))
            rest = tuple(kids[1:])
            self.pruned.extend((c, k) for k in rest)
            if record and rest:
                a, b = st.lows[j], st.highs[j]
                self.events.append(ProbeCutoff(c, kids[0], a if a > -INF else b, a, b, rest))

    def star_next(self, f: Frame) -> tuple[Hashable, float, float, bool]:
        """The next outcome to probe or search at CHANCE frame ``f``, with its window."""
        st = f.star
        assert st is not None
        if st.probing:
            depth = f.depth + 1
            while st.probe_next < len(f.children):
                j = st.probe_next
                st.probe_next += 1
                child = f.children[j]
                if st.weights[j] and self.probeable(child, depth):
                    a, b = self.star_window(st, j, f.lo, f.hi)
                    return child, a, b, True
            st.probing = False
        j = f.index
        f.index += 1
        st.current = j
        if st.redo is not None:
            st.redo = None
            self.re_searches += 1
            if self.record:
                self.events.append(ReSearch(f.children[j], f.node, -INF, INF, st.lows[j]))
            return f.children[j], -INF, INF, False
        a, b = self.star_window(st, j, f.lo, f.hi)
        return f.children[j], a, b, False

    @staticmethod
    def star_window(st: StarState, j: int, alpha: float, beta: float) -> tuple[float, float]:
        w, lo, hi = st.weights[j], st.lows[j], st.highs[j]
        rest_hi, rest_lo = st.hi_sum.total(w, hi), st.lo_sum.total(w, lo)
        return chance_window(w, lo, hi, rest_hi, rest_lo, alpha, beta)

    def star_deliver(
        self, f: Frame, child: Hashable, value: float, bound: int, probe: bool
    ) -> tuple[float, int] | None:
        """Narrow the outcome's bounds with a probe's or a search's result; cut when the
        node's average leaves the window. Return what the average takes, or None (a
        probe, a cut, or an outcome to search again)."""
        st = f.star
        assert st is not None
        j = st.probe_next - 1 if probe else st.current
        lo, hi = st.lows[j], st.highs[j]
        if bound != LOWER and value < hi:
            hi = value
        if bound != UPPER and value > lo:
            lo = value
        if hi <= lo:
            # Within the bounds a failing-low value at the lower bound is exact.
            value, bound = (hi, EXACT) if bound == UPPER else (lo, EXACT)
            lo = hi = value
        w = st.weights[j]
        st.lo_sum.replace(w, st.lows[j], lo)
        st.hi_sum.replace(w, st.highs[j], hi)
        st.lows[j], st.highs[j] = lo, hi
        st.sources[j] = "probe" if probe else "value"
        self.star_check(f, child)
        if probe or f.cut:
            return None
        if bound != EXACT and st.weights[j]:
            # Only an exact outcome is averaged: search it again with the open window.
            st.redo = j
            f.index -= 1
            return None
        return value, bound
