"""The rules of the search, each written once: every search loop applies these.

The searches of :mod:`gametree.search` (the traced engine and the fast loop over
explicit trees) and of :mod:`gametree.games` (the graph-free loops over game states)
differ in how they get a node's children and in what they record, never in the
rules below. A change of convention is an edit here.

All values, windows and bounds are in *negamax form*: from the point of view of the
node's own player (``sign`` +1 for MAX, -1 for MIN). A value or bound code crossing
between a node and its child is multiplied by both signs; a bound code multiplied by
-1 turns lower into upper, which is why the codes are ``1`` and ``-1``.

Examples
--------
>>> from gametree.search import rules
>>> rules.beats(True)(3, 3), rules.beats(False)(3, 3)
(True, False)
>>> rules.node_bound(5, True, False, True)
(5, 1)
>>> rules.clamp(7, rules.EXACT, 2, 5)
(5, 1)
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Hashable, Iterable, Sequence
from fractions import Fraction
from typing import Any

from gametree.exceptions import InvalidTreeError, SearchError
from gametree.validation import probability_sum_problem, value_problem

__all__ = [
    "EXACT",
    "LOWER",
    "SIGN",
    "UPPER",
    "ChanceAverage",
    "WeightedSum",
    "beats",
    "better",
    "chance_cut",
    "chance_probabilities",
    "chance_value",
    "chance_weights",
    "chance_window",
    "clamp",
    "entry_settles",
    "fails_high",
    "keeps",
    "node_bound",
    "null_window_beats",
    "raises_lo",
    "star_bounds",
    "star_weights",
]

INF = math.inf

SIGN = {"MAX": 1, "MIN": -1}
"""The sign of a MAX or MIN node's player: its values are ``sign *`` MAX's (negamax form)."""

EXACT, LOWER, UPPER = 0, 1, -1
"""Bound codes: the value is exact, a lower bound (failed high), an upper bound (failed
low). Multiplying by a sign converts between points of view."""


def beats(prune_on_equal: bool) -> Callable[[float, float], bool]:
    """The cutoff test: ``beats(poe)(value, beta)`` is True when ``value`` cuts at ``beta``.

    With ``prune_on_equal`` (the textbook ``alpha >= beta``) a value equal to beta
    cuts; without it only a value strictly above. Only an exact value or a lower bound
    may cut: a child that failed low (an upper bound) can equal beta under a zero-width
    window without proving anything, so callers test the bound first (``bound !=
    UPPER``); a leaf is always exact. Returned as a builtin comparison, so a hot loop
    pays one C call.
    """
    return operator.ge if prune_on_equal else operator.gt


def better(value: float, bound: int, best: float, best_exact: bool) -> bool:
    """Tie-breaking: whether a child worth ``value`` (own view, ``bound``) replaces the
    best so far (``best``, proven exact or not) as the node's chosen child.

    A larger value wins; among equal values the first child *proven* to attain it (an
    exact value) wins over an earlier bound, else the first in child order stays. The
    first child searched is always taken (callers test that). A leaf is exact, so for
    leaves this reads ``value > best or (value == best and not best_exact)``.
    """
    return value > best or (value == best and bound == EXACT and not best_exact)


def null_window_beats(prune_on_equal: bool, nudged: bool) -> Callable[[float, float], bool]:
    """The cutoff test at a window end, ``nudged`` or not by a PVS null window.

    A PVS probe asks of a later child whether it can improve on the best value so far,
    alpha. Under ``prune_on_equal`` a child worth exactly alpha cannot (alpha-beta fails
    it low), so the probe is the empty window just *above* alpha, ``(alpha, alpha +
    eps)``: Reinefeld's ``(alpha, alpha + 1)`` on integers, and the same question on any
    values (floats, fractions). Windows keep plain numbers (``(alpha, alpha)`` from the
    node's point of view, as traces show them) and mark an end moved by ``eps`` as
    *nudged*: a value equal to a nudged end no longer reaches it, so at a nudged upper
    end the test is strict. A nudged end stays nudged as the window is passed down (at
    a change of player it becomes the other end, ``lo - eps``) until a node's best
    value reaches it. Without ``prune_on_equal`` nothing is nudged: every cut is strict
    and the probe is the closed window ``[alpha, alpha]``, which tells a child below
    alpha, worth exactly alpha (its exact value, as alpha-beta under this convention
    finds ties) and above it.

    >>> null_window_beats(True, False)(3, 3), null_window_beats(True, True)(3, 3)
    (True, False)
    >>> null_window_beats(True, True)(4, 3)
    True
    """
    return beats(prune_on_equal and not nudged)


def raises_lo(best: float, lo: float, lo_nudged: bool, prune_on_equal: bool) -> bool:
    """Whether a node's best value ``best`` raises its window's lower end ``lo`` (own
    view; a nudged ``lo`` is ``lo - eps``, see :func:`null_window_beats`).

    >>> raises_lo(3, 3, False, True), raises_lo(3, 3, True, True)
    (False, True)
    """
    return best > lo or (best == lo and lo_nudged and prune_on_equal)


def fails_high(
    value: float, bound: int, hi: float, prune_on_equal: bool, hi_nudged: bool = False
) -> bool:
    """Whether a PVS null-window probe that returned ``value`` (own view, ``bound``)
    must be searched again with the full window ``(lo, hi)``: it failed high (a lower
    bound) and the full window could still tell it apart from beta (``hi``, nudged or
    not: see :func:`null_window_beats`). A probe whose window is the full window (a
    node inside another probe) never asks for a re-search."""
    return bound == LOWER and not null_window_beats(prune_on_equal, hi_nudged)(value, hi)


def node_bound(
    best: float,
    cut: bool,
    any_lower: bool,
    best_exact: bool,
    known_lo: float | None = None,
    known_hi: float | None = None,
) -> tuple[float, int]:
    """The fail-soft value and bound code of a finished MAX/MIN node (own view).

    ``best`` is the largest child value; the node stopped early (``cut``), a child
    failed high (``any_lower``: that child returned at least beta, so the node did too),
    or the best value was attained by an exact child (``best_exact``). A node that cut
    or has a failing-high child is a lower bound; one whose best value is exact is
    exact; otherwise an upper bound. An infinite bound in its own direction is exact.
    A bound from the transposition table that narrowed the window closes the gap:
    failing low at a known lower bound (high at a known upper bound) pins the value.
    """
    own = LOWER if cut or any_lower else EXACT if best_exact else UPPER
    if (own == LOWER and best == INF) or (own == UPPER and best == -INF):
        own = EXACT
    if own == UPPER and known_lo is not None and best <= known_lo:
        return known_lo, EXACT
    if own == LOWER and known_hi is not None and best >= known_hi:
        return known_hi, EXACT
    return best, own


def clamp(value: float, bound: int, lo: float, hi: float) -> tuple[float, int]:
    """What a node reports under ``fail="hard"``: its value clamped to the window
    ``(lo, hi)`` it was entered with (own view), the clamped side a bound.

    Every node computes the fail-soft value and cuts on it; only the value reported
    (in results, traces and annotations) is clamped, so fail-hard and fail-soft
    evaluate the same leaves.
    """
    if value > hi:
        return hi, LOWER
    if value < lo:
        return lo, UPPER
    return value, bound


def keeps(old: tuple[float, int] | None, bound: int) -> bool:
    """Whether a node's recorded value ``old`` (value, bound) stays when the node reports
    again with ``bound`` (in a DAG, or from the table): an exact value, once found, is
    never replaced by a bound."""
    return old is not None and old[1] == EXACT and bound != EXACT


def entry_settles(
    value: float,
    bound: int,
    alpha: float,
    beta: float,
    poe: bool,
    alpha_nudged: bool = False,
    beta_nudged: bool = False,
) -> bool:
    """Whether a transposition-table entry settles a node searched with ``(alpha, beta)``
    (MAX's view): an exact value always; a lower bound at or above beta, an upper bound
    at or below alpha (strictly beyond them without ``prune_on_equal``; an end nudged
    by a PVS null window is passed strictly, see :func:`null_window_beats`). An entry strictly
    inside the window that does not settle narrows it instead."""
    if bound == LOWER:
        return null_window_beats(poe, beta_nudged)(value, beta)
    if bound == UPPER:
        return null_window_beats(poe, alpha_nudged)(-value, -alpha)
    return True


def chance_weights(
    node: Hashable, children: Sequence[Hashable], probs: Sequence[object]
) -> list[float]:
    """The weights of a CHANCE node's children, as given, for :class:`ChanceAverage`:
    equal (``Fraction(1, n)``, so exact) when no edge has a ``prob``, else every
    edge's, each a non-negative number, summing to 1 (see
    :func:`gametree.validation.probability_sum_problem`)."""
    if all(p is None for p in probs):
        return [Fraction(1, len(children))] * len(children)  # type: ignore[list-item]
    out = []
    for child, p in zip(children, probs, strict=True):
        if p is None or value_problem(p) is not None or p < 0 or p == INF:  # type: ignore[operator]
            raise InvalidTreeError(
                f"edge {node!r} -> {child!r}: prob {p!r} is missing or not a non-negative number",
                node=node,
            )
        out.append(p)
    why = probability_sum_problem(out)
    if why is not None:
        raise InvalidTreeError(f"probabilities out of CHANCE node {node!r} {why}", node=node)
    return out  # type: ignore[return-value]


def chance_probabilities(
    node: Hashable, children: Sequence[Hashable], probs: Sequence[object]
) -> list[float]:
    """The probabilities of a CHANCE node's children as floats, for drawing one at
    random: :func:`chance_weights` converted."""
    return [float(w) for w in chance_weights(node, children, probs)]


class ChanceAverage:
    """The value of a CHANCE node, folded in child by child: the weighted average.

    Call :meth:`add` with each child's weight and value, then :meth:`value`. When every
    weight and value added is an ``int`` or a :class:`fractions.Fraction` (equal weights
    are ``Fraction(1, n)``; the notation reads ``1/3`` as one), the average is exact: an
    ``int`` when it is a whole number, else a ``Fraction``. Otherwise it is a float from
    correctly rounded sums (:func:`math.fsum`). Either way the weights are divided by
    their sum (which validation allows to differ from 1 by at most
    :data:`~gametree.validation.PROBABILITY_TOLERANCE`) and the value is never outside
    the range of the children added. A child of weight 0 takes no part.

    Examples
    --------
    >>> from fractions import Fraction
    >>> acc = ChanceAverage("G")
    >>> acc.add(Fraction(1, 3), 1); acc.add(Fraction(2, 3), 2); acc.value()
    Fraction(5, 3)
    >>> acc = ChanceAverage("G")
    >>> for _ in range(10):
    ...     acc.add(0.1, 1)
    >>> acc.value()
    1.0
    """

    __slots__ = ("exact", "node", "values", "weights")

    def __init__(self, node: Hashable) -> None:
        self.node = node
        self.weights: list[float] = []
        self.values: list[float] = []
        self.exact = True

    def add(self, weight: float, value: float) -> None:
        """Fold in a child worth ``value`` (MAX's view) with probability ``weight``."""
        if not weight:
            return
        self.weights.append(weight)
        self.values.append(value)
        if self.exact and (type(weight) not in _EXACT_TYPES or type(value) not in _EXACT_TYPES):
            self.exact = False

    def partial(self) -> tuple[float, float]:
        """Return ``(weighted sum, weight)`` of the children added so far, not normalised
        (exact or correctly rounded as :meth:`value` is; a float sum past the float range
        raises ``OverflowError``)."""
        weights, values = self.weights, self.values
        if self.exact:
            return sum(map(operator.mul, weights, values)), sum(weights)
        return _fsum(self.node, map(operator.mul, weights, values)), math.fsum(weights)

    def value(self) -> float:
        """Return the weighted average of the children added (see the class)."""
        weights, values = self.weights, self.values
        if not values:
            raise SearchError(f"CHANCE node {self.node!r} has no child with a non-zero probability")
        first = weights[0]
        equal = all(w is first or w == first for w in weights)
        if self.exact:
            if equal:
                exact = Fraction(sum(values)) / len(values)
            else:
                total, weight = self.partial()
                exact = Fraction(total) / Fraction(weight)
            return exact.numerator if exact.denominator == 1 else exact  # type: ignore[return-value]
        try:
            if equal:
                mean = _fsum(self.node, values) / len(values)
            else:
                total, weight = self.partial()
                mean = total if weight == 1.0 else total / weight
        except OverflowError:
            # Finite values whose sum passes the float range: average them exactly.
            exact_total = sum(map(operator.mul, map(Fraction, weights), map(Fraction, values)))
            mean = float(exact_total / sum(map(Fraction, weights)))
        low, high = min(values), max(values)
        # Rounding (or a value no float can hold) never takes the average out of range.
        return low if mean < low else high if mean > high else mean


_EXACT_TYPES = (int, Fraction)


def _fsum(node: Hashable, terms: Iterable[float]) -> float:
    """``math.fsum`` of ``terms``, with +inf and -inf together a clear error."""
    try:
        return math.fsum(terms)
    except ValueError:
        raise SearchError(
            f"CHANCE node {node!r} averages +inf and -inf: its value is undefined"
        ) from None


def chance_value(node: Hashable, total: float, all_exact: bool) -> tuple[float, int]:
    """The value and bound of a CHANCE node from its average ``total`` (see
    :class:`ChanceAverage`) over its children (searched with the open window): exact
    when every child with a non-zero weight is, else an upper bound."""
    if math.isnan(total):
        raise SearchError(f"CHANCE node {node!r} averages +inf and -inf: its value is undefined")
    return total, EXACT if all_exact else UPPER


# -- Star1/Star2: pruning below CHANCE nodes with bounds on the values (Ballard 1983) ----


class WeightedSum:
    """The exact sum of ``p * x`` over a CHANCE node's outcomes, kept up to date as one
    outcome's term changes (O(1) per change), with ``±inf`` terms counted apart.

    Exact (fractions), so a cut decided on it never comes from a rounding error.

    >>> s = WeightedSum(star_weights([1 / 3] * 3), [7, 10, 10])
    >>> s.total(), s.total(Fraction(1, 3), 7)
    (Fraction(9, 1), Fraction(20, 3))
    >>> s.replace(Fraction(1, 3), 10, math.inf); s.total()
    inf
    """

    __slots__ = ("down", "finite", "up")

    def __init__(self, weights: Sequence[Fraction], xs: Sequence[float]) -> None:
        self.finite = Fraction(0)
        self.up = self.down = 0
        for p, x in zip(weights, xs, strict=True):
            self.add(p, x)

    def add(self, p: Fraction, x: float, times: int = 1) -> None:
        """Add ``times`` times the term ``p * x`` (a weight of 0 adds nothing)."""
        if not p:
            return
        if x == INF:
            self.up += times
        elif x == -INF:
            self.down += times
        else:
            self.finite += times * p * Fraction(x)

    def replace(self, p: Fraction, old: float, new: float) -> None:
        """One outcome's term changes from ``p * old`` to ``p * new``."""
        self.add(p, old, -1)
        self.add(p, new)

    def total(self, p: Fraction = Fraction(0), x: float = 0) -> Fraction | float:
        """The sum (less the term ``p * x`` when given): a Fraction, ``±inf``, or NaN
        when terms of both infinities remain."""
        up, down, finite = self.up, self.down, self.finite
        if p:
            if x == INF:
                up -= 1
            elif x == -INF:
                down -= 1
            else:
                finite -= p * Fraction(x)
        if up and down:
            return math.nan
        if up or down:
            return INF if up else -INF
        return finite


def _plain(x: Fraction | float) -> float:
    if isinstance(x, Fraction):
        return int(x) if x.denominator == 1 else float(x)
    return x


def star_weights(probs: Sequence[float]) -> list[Fraction]:
    """The weights of a CHANCE node's outcomes as exact fractions summing to 1.

    Equal weights are ``1/n`` exactly; a probability written as a decimal (0.1) is
    read as that decimal, and the weights are scaled to sum exactly to 1 (the contract
    allows a sum off by 1e-9), so Star1's cut tests are exact.

    >>> [str(w) for w in star_weights([0.1, 0.2, 0.7])], star_weights([0.5, 0.5])[0]
    (['1/10', '1/5', '7/10'], Fraction(1, 2))
    """
    if len(set(probs)) == 1:
        return [Fraction(1, len(probs))] * len(probs)
    exact = [p if isinstance(p, Fraction) else Fraction(repr(float(p))) for p in probs]
    total = sum(exact, Fraction(0))
    return [p / total for p in exact]


def star_bounds(outer: tuple[float, float], own: tuple[float, float] | None) -> tuple[float, float]:
    """The bounds in force at a node: the bounds ``outer`` in force above it (the tree's
    at the root) narrowed by the node's own ``bounds`` attribute, when it has one.

    Bounds are claims on every value in a subtree; where two apply, both hold, so the
    search uses their intersection.

    >>> star_bounds((0, 10), (-5, 7)), star_bounds((0, 10), None)
    ((0, 7), (0, 10))
    """
    if own is None:
        return outer
    return max(outer[0], own[0]), min(outer[1], own[1])


def _solve(edge: float, rest: Fraction | float, p: Fraction, open_end: float) -> Any:
    """``(edge - rest) / p``, exactly when both are finite; ``open_end`` when undefined."""
    if math.isinf(edge) or math.isinf(rest) or math.isnan(rest):
        gap = float(edge) - float(rest)
        return open_end if math.isnan(gap) else gap
    return (Fraction(edge) - rest) / p


def chance_window(
    p: Fraction,
    low: float,
    high: float,
    rest_high: Fraction | float,
    rest_low: Fraction | float,
    alpha: float,
    beta: float,
) -> tuple[float, float]:
    """The window Star1 searches an outcome of a CHANCE node with (MAX's view).

    The outcome has weight ``p`` and is known to be worth between ``low`` and ``high``
    (its leaf-value bounds, or a Star2 probe's); the other outcomes' weighted upper
    and lower ends sum to ``rest_high`` and ``rest_low`` (their values once searched).
    The node's average leaves ``(alpha, beta)`` as soon as this outcome is worth at
    most ``A = (alpha - rest_high) / p`` or at least ``B = (beta - rest_low) / p``, so
    it is searched with ``(max(A, low), min(B, high))`` (Ballard 1983, Star1). An
    outcome of weight 0 counts for nothing and gets the open window.

    >>> chance_window(Fraction(1, 2), 0, 10, 5, 0, 6, 9)
    (2, 10)
    """
    if not p:
        return -INF, INF
    a = _solve(alpha, rest_high, p, -INF)
    b = _solve(beta, rest_low, p, INF)
    return (low if a <= low else _plain(a)), (high if b >= high else _plain(b))


def chance_cut(
    low: Fraction | float,
    high: Fraction | float,
    alpha: float,
    beta: float,
    prune_on_equal: bool,
) -> tuple[float, int] | None:
    """Star1's cutoff rule at a CHANCE node: the fail-soft value and bound code
    (MAX's view) when its remaining outcomes need not be searched, else None.

    The node is worth between ``low`` and ``high``, the weighted sums of what its
    outcomes are known to be worth at least and at most (:class:`WeightedSum`). When
    ``high`` is at most ``alpha`` the node fails low (an upper bound); when ``low``
    is at least ``beta`` it fails high (a lower bound). Without ``prune_on_equal``
    only a bound strictly beyond the window cuts. With unbounded values (an infinite
    end left) neither can happen until every outcome is known.

    >>> chance_cut(Fraction(7, 3), Fraction(9), 10, 20, True)
    (9, -1)
    >>> chance_cut(Fraction(7, 3), Fraction(9), 9, 20, False) is None
    True
    """
    crosses: Callable[[Any, Any], bool] = beats(prune_on_equal)
    if not math.isnan(high) and crosses(alpha, high):
        return _plain(high), UPPER
    if not math.isnan(low) and crosses(low, beta):
        return _plain(low), LOWER
    return None
