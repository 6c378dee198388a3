"""The tree Monte Carlo tree search grows, in flat arrays, and the statistics it keeps.

:class:`Tree` holds the statistics, :class:`Outcome` is what a run returns,
:class:`Total` is a node's total of playout values and :func:`ucb1_score` scores a child
(with :func:`scaled_mean`, the mean as the chooser sees it).

The loop (:mod:`gametree.search.mcts_loop`) fills a :class:`Tree`; turning it into a
result is :mod:`gametree.search.mcts_result`. Slot ``i`` of each array is tree node
``i``: the root is 0, a node's parent comes before it, and nothing is recursed.

Infinite and huge playout values
--------------------------------
A node's total is kept as a finite part and two counts, of ``+inf`` and of ``-inf``
playouts. It is ``+inf`` when the node has seen more ``+inf`` than ``-inf`` playouts,
``-inf`` when it has seen more ``-inf``, and the finite part when it has seen as many
of each: they cancel (read ``inf`` as a huge number M and let M grow). Its mean is the
total over its visits, so a mean is never NaN: a node that has seen ``+inf``, ``-inf``
and 3 has mean ``3 / 3`` = 1. The finite part never overflows: sums are plain (ints and
fractions exact, floats rounded) while the magnitudes of every playout value of the
run add up to less than :data:`GUARD`, and kept exactly past that (the float values as
the fractions they are), so two leaves of 1.7e308 have total 3.4e308 (an exact int)
and mean 1.7e308. Such a total is reported as a float when it fits one, else exactly.

Selection scales each playout value to [0, 1] by the value range, counting ``inf`` as 1
and ``-inf`` as 0 for MAX (:func:`playout_share`), so a UCB1 score is always finite:
one ``-inf`` playout below a child lowers its score, it does not rule it out for good.

>>> t = Total()
>>> for v in (math.inf, 3, -math.inf):
...     t.add(v)
>>> t.value, t.mean(3), (t.plus, t.minus, t.finite)
(3, 1.0, (1, 1, 3))
>>> big = Total()
>>> big.add(1.7e308); big.add(1.7e308)
>>> big.value == 2 * int(1.7e308), big.mean(2)
(True, 1.7e+308)
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gametree.search.trace import MCTSEvent

__all__ = ["GUARD", "Outcome", "Total", "Tree", "playout_share", "scaled_mean", "ucb1_score"]

INF = math.inf

GUARD = 2.0**1023
"""While the magnitudes of a run's playout values add up to less than this (half the
largest float), no node's plain total can overflow; past it, totals are kept exactly."""


def scaled_mean(mean: float, lo: float, hi: float, maximise: bool) -> float:
    """Return ``q``, a child's ``mean`` (MAX's view) scaled to [0, 1] for the chooser.

    ``(mean - lo) / (hi - lo)`` for MAX and one minus that for MIN (computed in halves
    when a difference passes the float range); 0.5 when ``lo >= hi``. A mean of ``inf``
    counts as the top of the range (1 for MAX) and ``-inf`` as the bottom: what every
    playout being that infinity gives (:func:`playout_share`). A finite mean outside the
    range gives a ``q`` outside [0, 1].

    >>> scaled_mean(3, 2, 6, True), scaled_mean(3, 2, 6, False), scaled_mean(-math.inf, 2, 6, False)
    (0.25, 0.75, 1.0)
    >>> scaled_mean(1e308, -1.5e308, 1.5e308, True)
    0.8333333333333334
    """
    if mean == INF or mean == -INF:
        q = 1.0 if mean > 0 else 0.0
    else:
        span = hi - lo
        if span > 0:
            gap = mean - lo
            if span == INF or gap == INF or gap == -INF:
                q = (mean / 2 - lo / 2) / (hi / 2 - lo / 2)
            else:
                q = gap / span
        else:
            q = 0.5
    return float(q) if maximise else 1.0 - q


def playout_share(total: Total, visits: int, lo: float, hi: float, maximise: bool) -> float:
    """Return ``q`` of a node with ``visits`` playouts adding up to ``total``.

    The mean, over the playouts, of each playout value scaled by :func:`scaled_mean`:
    a finite value ``v`` as ``(v - lo) / (hi - lo)``, ``inf`` as 1 and ``-inf`` as 0 (for
    MAX; one minus that for MIN). Without infinities this is :func:`scaled_mean` of the
    mean; with them, one ``-inf`` playout among many lowers ``q`` a little instead of
    ruling the child out for good, as an infinite ``q`` would.

    >>> t = Total()
    >>> for v in (math.inf, 4, -math.inf, 6):
    ...     t.add(v)
    >>> playout_share(t, 4, 0, 10, True)  # (1 + 0.4 + 0 + 0.6) / 4
    0.5
    """
    finite = visits - total.plus - total.minus
    q = total.plus / visits
    if finite:  # weighted by finite / visits <= 1: no overflow on the way
        q += finite / visits * scaled_mean(total.finite_mean(finite), lo, hi, True)
    return q if maximise else 1.0 - q


def ucb1_score(
    mean: float,
    visits: int,
    parent_visits: int,
    *,
    c: float,
    lo: float,
    hi: float,
    maximise: bool,
    total: Total | None = None,
) -> float:
    """Return the UCB1 score of a child with ``visits`` and ``mean`` (MAX's view).

    ``q + c * sqrt(ln parent_visits / visits)`` with ``q`` the mean scaled to [0, 1] by
    ``(lo, hi)`` for the chooser (:func:`scaled_mean`; from the child's ``total`` by
    :func:`playout_share` when given, which counts its infinite playouts one by one);
    ``inf`` for an unvisited child.

    >>> round(ucb1_score(0.5, 2, 4, c=1.0, lo=0, hi=1, maximise=True), 4)
    1.3326
    """
    if visits == 0:
        return math.inf
    if total is None:
        q = scaled_mean(mean, lo, hi, maximise)
    else:
        q = playout_share(total, visits, lo, hi, maximise)
    return q + c * math.sqrt(math.log(parent_visits) / visits)


def _exact(x: Any) -> int | Fraction:
    return x if type(x) is int or type(x) is Fraction else Fraction(x)


class Total:
    """A node's total of playout values: a finite part and the counts of infinities.

    See the module docstring for the rules; :meth:`add` adds one playout value,
    :meth:`merge` another node's total (a DAG node reached along several paths),
    :attr:`value` is the total and :meth:`mean` the mean.
    """

    __slots__ = ("finite", "minus", "plus", "widened")

    def __init__(self, finite: Any = 0) -> None:
        self.finite: Any = finite
        """The sum of the finite playout values."""
        self.plus = 0
        """How many playouts were ``+inf``."""
        self.minus = 0
        """How many playouts were ``-inf``."""
        self.widened = False
        """Whether the finite part is kept exactly because a plain sum overflowed."""

    def add(self, value: Any) -> None:
        """Add one playout ``value`` (a real number, ``inf`` or ``-inf``; not NaN)."""
        if value == INF:
            self.plus += 1
        elif value == -INF:
            self.minus += 1
        else:
            self._add_finite(value, False)

    def merge(self, other: Total) -> None:
        """Add ``other``'s playouts to this total."""
        self.plus += other.plus
        self.minus += other.minus
        self._add_finite(other.finite, other.widened)

    def _add_finite(self, x: Any, widened: bool) -> None:
        if self.widened or widened:
            self.widened = True
            self.finite = _exact(self.finite) + _exact(x)
            return
        try:
            total = self.finite + x
        except OverflowError:  # an int past float range meets a float
            total = INF
        if total == INF or total == -INF:
            self.widened = True
            total = _exact(self.finite) + _exact(x)
        self.finite = total

    @property
    def value(self) -> Any:
        """The total: ``+inf``, ``-inf``, or the finite part (see the module docstring)."""
        if self.plus != self.minus:
            return INF if self.plus > self.minus else -INF
        finite = self.finite
        if self.widened:
            if abs(finite) <= sys.float_info.max:
                return float(finite)
            if finite.denominator == 1:
                return int(finite)
        return finite

    def finite_mean(self, count: int) -> Any:
        """The mean of the ``count`` finite playout values (a float when kept exactly
        only to avoid an overflow)."""
        if self.widened:
            return float(_exact(self.finite) / count)
        return self.finite / count

    def mean(self, visits: int) -> Any:
        """The mean over ``visits`` visits: :attr:`value` ``/ visits`` (a float when
        the finite part was kept exactly only to avoid an overflow)."""
        if self.plus != self.minus:
            return INF if self.plus > self.minus else -INF
        if self.widened:
            return float(_exact(self.finite) / visits)
        return self.finite / visits


class Tree:
    """The MCTS tree in flat arrays: slot i is one tree node.

    ``total[i]`` is the node's total as :attr:`Total.value` gives it (what selection
    divides by the visits). While no playout value has been infinite and the
    magnitudes stay under :data:`GUARD` it is a plain running sum; after that, the loop
    backs values up with :meth:`back_up`, which keeps a :class:`Total` per node in
    ``parts`` and the array in step with it.
    """

    __slots__ = (
        "depth",
        "kids",
        "move",
        "moves",
        "parent",
        "parts",
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
        self.parts: dict[int, Total] = {}

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

    def total_of(self, i: int) -> Total:
        """Node ``i``'s total as a :class:`Total` (a fresh one for a plain sum)."""
        part = self.parts.get(i)
        return Total(self.total[i]) if part is None else part

    def back_up(self, path: list[int], value: Any) -> None:
        """Add one visit and the playout ``value`` to every node on ``path``, through a
        :class:`Total` per node (for infinite values and totals past :data:`GUARD`)."""
        visits, total, parts = self.visits, self.total, self.parts
        for j in path:
            visits[j] += 1
            part = parts.get(j)
            if part is None:
                part = parts[j] = Total(total[j])
            part.add(value)
            total[j] = part.value


@dataclass
class Outcome:
    """What :func:`~gametree.search.mcts_loop.run_mcts` returns: the tree and the events."""

    tree: Tree
    lo: float
    hi: float
    events: list[MCTSEvent]
    win_loss: bool
