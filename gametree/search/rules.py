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
from collections.abc import Callable, Hashable, Sequence

from gametree.exceptions import InvalidTreeError, SearchError
from gametree.validation import value_problem

__all__ = [
    "EXACT",
    "LOWER",
    "UPPER",
    "beats",
    "better",
    "chance_probabilities",
    "chance_value",
    "clamp",
    "entry_settles",
    "fails_high",
    "keeps",
    "node_bound",
]

INF = math.inf

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


def fails_high(value: float, bound: int, hi: float, prune_on_equal: bool) -> bool:
    """Whether a PVS null-window probe that returned ``value`` (own view, ``bound``)
    must be searched again with the full window ``(lo, hi)``: it failed high (a lower
    bound) and the full window could still tell it apart from beta."""
    return bound == LOWER and (value < hi if prune_on_equal else value <= hi)


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


def entry_settles(value: float, bound: int, alpha: float, beta: float, poe: bool) -> bool:
    """Whether a transposition-table entry settles a node searched with ``(alpha, beta)``
    (MAX's view): an exact value always; a lower bound at or above beta, an upper bound
    at or below alpha (strictly beyond them without ``prune_on_equal``). An entry
    strictly inside the window that does not settle narrows it instead."""
    if bound == LOWER:
        return value >= beta if poe else value > beta
    if bound == UPPER:
        return value <= alpha if poe else value < alpha
    return True


def chance_probabilities(
    node: Hashable, children: Sequence[Hashable], probs: Sequence[object]
) -> list[float]:
    """The weights of a CHANCE node's children: equal when no edge has a ``prob``,
    else every edge's (each a non-negative number)."""
    if all(p is None for p in probs):
        return [1.0 / len(children)] * len(children)
    out = []
    for child, p in zip(children, probs, strict=True):
        if p is None or value_problem(p) is not None or p < 0:  # type: ignore[operator]
            raise InvalidTreeError(
                f"edge {node!r} -> {child!r}: prob {p!r} is missing or not a non-negative number",
                node=node,
            )
        out.append(float(p))  # type: ignore[arg-type]
    return out


def chance_value(node: Hashable, total: float, all_exact: bool) -> tuple[float, int]:
    """The value and bound of a CHANCE node from the probability-weighted sum of its
    children (searched with the open window): exact when every child with a non-zero
    weight is, else an upper bound."""
    if math.isnan(total):
        raise SearchError(f"CHANCE node {node!r} averages +inf and -inf: its value is undefined")
    return total, EXACT if all_exact else UPPER
