"""The statistics Monte Carlo tree search keeps (gametree/search/mcts_tree.py): totals,
means and UCB1's share with infinite values and sums past the float range.

The reference here is independent of the module: every playout value kept in a list
and added up exactly with fractions, the infinities counted with ``list.count``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import BIG, VALUES_EXTREME

from gametree.search.mcts_tree import Total, playout_share, scaled_mean, ucb1_score

INF = math.inf


def reference_total(values: Sequence[Any]) -> Any:
    """The total by the rule: +inf or -inf by the larger count, else the exact finite sum."""
    plus, minus = values.count(INF), values.count(-INF)
    if plus != minus:
        return INF if plus > minus else -INF
    return sum((Fraction(v) for v in values if abs(v) != INF), Fraction(0))


def reference_mean(values: Sequence[Any]) -> Any:
    total = reference_total(values)
    return total if abs(total) == INF else total / len(values)


def reference_share(values: Sequence[Any], lo: float, hi: float, maximise: bool) -> Fraction:
    """The mean, over the playouts, of each value scaled to [0, 1]: inf 1, -inf 0."""

    def scaled(v: Any) -> Fraction:
        if v == INF:
            return Fraction(1)
        if v == -INF:
            return Fraction(0)
        if hi > lo:
            return (Fraction(v) - Fraction(lo)) / (Fraction(hi) - Fraction(lo))
        return Fraction(1, 2)

    q = sum((scaled(v) for v in values), Fraction(0)) / len(values)
    return q if maximise else 1 - q


def rounding_slack(values: Sequence[Any]) -> float:
    """How far a plain float sum of ``values`` may stray from the exact one."""
    finite = [abs(Fraction(v)) for v in values if abs(v) != INF]
    return float(sum(finite, Fraction(0)) * len(values) * Fraction(2) ** -52)


def close(got: Any, want: Any, slack: float) -> bool:
    if abs(want) == INF:
        return bool(got == want)
    return abs(Fraction(got) - Fraction(want)) <= Fraction(slack)


# --- Known answers worked out by hand -------------------------------------------------


def test_infinities_are_counted_beside_the_finite_sum() -> None:
    # inf, 3, -inf: one of each infinity, so they cancel; the total is 3, the mean 3/3.
    t = Total()
    for v in (INF, 3, -INF):
        t.add(v)
    assert (t.plus, t.minus, t.finite, t.value, t.mean(3)) == (1, 1, 3, 3, 1.0)
    # One more -inf: two against one, so the total and the mean are -inf (never NaN).
    t.add(-INF)
    assert t.value == -INF and t.mean(4) == -INF
    # Two +inf and nothing else: +inf.
    u = Total()
    u.add(INF)
    u.add(INF)
    assert u.value == INF and u.mean(2) == INF


def test_sums_past_the_float_range_are_exact() -> None:
    # 1.7e308 + 1.7e308 = 3.4e308 passes the largest float (1.797e308): the total is the
    # exact int 2 x 1.7e308 (1.7e308 is a whole number), the mean 1.7e308 again.
    t = Total()
    t.add(BIG)
    t.add(BIG)
    assert t.widened and t.value == 2 * int(BIG) and type(t.value) is int
    assert t.mean(2) == BIG
    # Then -1.7e308 twice and 1: exactly 1 in all, which a float holds again; mean 1/5.
    for v in (-BIG, -BIG, 1):
        t.add(v)
    assert t.value == 1.0 and type(t.value) is float and t.mean(5) == 0.2
    # A whole number past the float range meeting a float: no OverflowError.
    w = Total(10**308 * 3)
    w.add(0.5)
    assert w.value == Fraction(6 * 10**308 + 1, 2) and w.mean(2) == pytest.approx(1.5e308)


def test_merge_adds_the_counts_and_the_sums() -> None:
    a, b = Total(), Total()
    for v in (INF, BIG):
        a.add(v)
    for v in (-INF, BIG, -INF):
        b.add(v)
    a.merge(b)
    # +inf once, -inf twice: -inf; the finite part 2 x 1.7e308, kept exactly.
    assert (a.plus, a.minus, a.finite) == (1, 2, 2 * int(BIG)) and a.value == -INF


def test_share_counts_each_infinite_playout_as_an_end_of_the_range() -> None:
    # Playouts inf, 4, -inf, 6 with the range (0, 10): shares 1, 0.4, 0, 0.6; mean 0.5.
    t = Total()
    for v in (INF, 4, -INF, 6):
        t.add(v)
    assert playout_share(t, 4, 0, 10, True) == 0.5
    assert playout_share(t, 4, 0, 10, False) == 0.5
    # inf, inf, 5 with (0, 10): (1 + 1 + 0.5) / 3 for MAX, 1 minus that for MIN.
    u = Total()
    for v in (INF, INF, 5):
        u.add(v)
    assert playout_share(u, 3, 0, 10, True) == pytest.approx(2.5 / 3)
    assert playout_share(u, 3, 0, 10, False) == pytest.approx(0.5 / 3)


def test_scaled_mean_ends_flat_ranges_and_ranges_past_the_float_limit() -> None:
    assert scaled_mean(INF, 2, 6, True) == 1.0 and scaled_mean(INF, 2, 6, False) == 0.0
    assert scaled_mean(-INF, 3, 3, True) == 0.0 and scaled_mean(7, 3, 3, True) == 0.5
    # hi - lo = 3e308 is no float: scaled in halves, (1e308 + 1.5e308) / 3e308 = 5/6.
    assert scaled_mean(1e308, -1.5e308, 1.5e308, True) == pytest.approx(5 / 6)
    assert scaled_mean(1.5e308, -1.5e308, 1.5e308, False) == 0.0


def test_ucb1_score_is_finite_for_infinite_means() -> None:
    # A child that has only seen -inf: q = 0, plus c x sqrt(ln 4 / 2) = sqrt(ln 2).
    score = ucb1_score(-INF, 2, 4, c=1.0, lo=0, hi=1, maximise=True)
    assert score == pytest.approx(math.sqrt(math.log(2)))
    t = Total()
    for v in (INF, -INF):
        t.add(v)
    # inf then -inf: shares 1 and 0, q = 0.5; the mean is 0 (they cancel).
    assert t.mean(2) == 0
    assert ucb1_score(0.0, 2, 4, c=0.0, lo=-1, hi=1, maximise=True, total=t) == 0.5


# --- Against the reference --------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.lists(VALUES_EXTREME, min_size=1, max_size=30), st.data())
def test_total_and_mean_match_the_exact_reference(values: list[Any], data: st.DataObject) -> None:
    t = Total()
    for v in values:
        t.add(v)
    slack = rounding_slack(values)
    assert close(t.value, reference_total(values), slack)
    mean = t.mean(len(values))
    assert mean == mean  # never NaN
    assert close(mean, reference_mean(values), slack / len(values) + 1e-300)
    if abs(mean) != INF:
        assert abs(float(mean)) <= sys.float_info.max  # a mean always fits a float
    # Two halves merged: the same total.
    k = data.draw(st.integers(0, len(values)))
    a, b = Total(), Total()
    for v in values[:k]:
        a.add(v)
    for v in values[k:]:
        b.add(v)
    a.merge(b)
    assert close(a.value, reference_total(values), slack)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(VALUES_EXTREME, min_size=1, max_size=30),
    st.sampled_from([(-9.0, 9.0), (0.0, 1.0), (3.0, 3.0), (-BIG, BIG), (-sys.float_info.max, 1.0)]),
    st.booleans(),
)
def test_share_matches_the_exact_reference(
    values: list[Any], value_range: tuple[float, float], maximise: bool
) -> None:
    t = Total()
    for v in values:
        t.add(v)
    lo, hi = value_range
    q = playout_share(t, len(values), lo, hi, maximise)
    want = reference_share(values, lo, hi, maximise)
    assert q == q and abs(q) != INF
    # Plain float sums round (1 + 1.7e308 - 1.7e308 is 0): allow that, scaled.
    slack = rounding_slack(values) / len(values) / (hi - lo) if hi > lo else 0.0
    assert abs(Fraction(q) - want) <= Fraction(slack) + Fraction(1, 10**9) * max(1, abs(want))
