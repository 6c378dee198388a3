"""Aspiration windows: alpha-beta in a window around a guess, searched again if it fails.

The first pass is alpha-beta with the root window ``(guess - delta, guess + delta)``.
When the value lies inside, that pass is the answer and prunes more than the full
window would. When it fails low (the root returned an upper bound: the value is at
most alpha) the root is searched again with ``(-inf, guess + delta)``; when it fails
high, with ``(guess - delta, inf)``. The failing side opens to infinity and the other
side keeps its edge, so the value lies strictly inside the second window and the
re-search is exact: there are at most two passes. Each re-search is a
:class:`~gametree.search.trace.ReSearch` event of the root in the trace.
"""

from __future__ import annotations

import math
from collections.abc import Generator, Hashable, Iterator, Mapping, Sequence
from typing import Any

import networkx as nx

from gametree.exceptions import SearchError
from gametree.search.bound import Bound
from gametree.search.passes import (
    MultiPassResult,
    PassRunner,
    check_annotate,
    events,
    finish,
    recorded_options,
)
from gametree.search.plan import Evaluate, Expand, Plan, check_flag, make_plan
from gametree.search.trace import ReSearch, TraceEvent
from gametree.validation import value_problem

__all__ = ["aspiration"]

INF = math.inf


def _window(guess: object, delta: object) -> tuple[float, float]:
    if guess is None or delta is None:
        raise SearchError("aspiration needs guess= and delta= (the window is guess +- delta)")
    for name, x in (("guess", guess), ("delta", delta)):
        if value_problem(x) is not None or x in (INF, -INF):
            raise SearchError(f"{name}={x!r} is not allowed; expected a finite number")
    if not delta > 0:  # type: ignore[operator]
        raise SearchError(f"delta={delta!r} is not allowed; expected a number > 0")
    lo, hi = guess - delta, guess + delta  # type: ignore[operator]
    if not lo < hi:
        # The numbers are too far apart to tell guess - delta from guess + delta.
        raise SearchError(f"guess={guess!r} +- delta={delta!r} is not a window: lo == hi")
    return lo, hi


def aspiration_passes(
    G: nx.DiGraph, plan: Plan, window: tuple[float, float]
) -> Generator[TraceEvent, None, MultiPassResult]:
    """Run the aspiration search: yield the trace (when ``plan.record``), return the result."""
    runner = PassRunner(G, plan)
    while True:
        done = yield from runner.run(window)
        lo, hi = window
        if done.bound is Bound.EXACT or (lo, hi) == (-INF, INF):
            return runner.result(done.value)
        window = (-INF, hi) if done.bound is Bound.UPPER else (lo, INF)
        if window == (lo, hi):  # pragma: no cover - the value lies inside the new window
            window = (-INF, INF)
        yield from runner.note(ReSearch(plan.root, None, window[0], window[1], done.value))


def aspiration_plan(
    G: nx.DiGraph,
    *,
    guess: object,
    delta: object,
    prune_on_equal: bool = True,
    fail: str = "soft",
    transposition_table: bool = False,
    record: object = False,
    **options: Any,
) -> tuple[Plan, tuple[float, float]]:
    """The validated plan of every pass, and the first window. ``options``: root, depth,
    evaluate, child_order, expand."""
    record = check_flag("trace", record)
    window = _window(guess, delta)
    plan = make_plan(
        G,
        "aspiration",
        pruning=True,
        prune_on_equal=prune_on_equal,
        fail=fail,
        transposition_table=transposition_table,
        record=record,
        **options,
    )
    extra = {
        "guess": guess,
        "delta": delta,
        "prune_on_equal": prune_on_equal,
        "fail": fail,
        "transposition_table": transposition_table,
    }
    return recorded_options(plan, **extra), window


def aspiration(
    G: nx.DiGraph,
    *,
    guess: float | None = None,
    delta: float | None = None,
    root: Hashable | None = None,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    prune_on_equal: bool = True,
    fail: str = "soft",
    transposition_table: bool = False,
    annotate: bool | str = True,
    trace: bool = False,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None = None,
    expand: Expand | None = None,
) -> MultiPassResult:
    """Search ``G`` with aspiration windows: alpha-beta in ``(guess - delta, guess + delta)``.

    If the value lies outside the window the first pass fails low or high and the root
    is searched again, the failing side of the window opened to infinity (see
    :mod:`gametree.search.aspiration`).

    Parameters
    ----------
    G, root, depth, evaluate, trace, child_order, expand
        As for :func:`gametree.minimax`.
    guess : float
        The expected value (finite). Required.
    delta : float
        Half the window's width (finite, > 0). Required.
    prune_on_equal, fail, transposition_table
        As for :func:`gametree.alphabeta`, for every pass (a table is kept from the
        first pass to the re-search).
    annotate : bool or "all", default True
        True writes the final pass onto ``G``, ``"all"`` both passes merged, False nothing.

    Returns
    -------
    MultiPassResult
        Counted over both passes: a leaf evaluated in the first pass and again in the
        re-search is listed twice in ``visited_leaves``; ``stats.passes`` is 1 or 2.

    Raises
    ------
    SearchError
        For a missing or bad ``guess`` or ``delta``, or another bad option.

    See Also
    --------
    alphabeta, mtdf

    References
    ----------
    Marsland, "A review of game-tree pruning", *ICCA Journal* 9 (1986); Brudno (1963).

    Examples
    --------
    AIMA Figure 5.2 with the guess 5 +- 1: the value 3 is below the window, so the first
    pass fails low and the root is searched again with (-inf, 6).

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = gametree.aspiration(G, guess=5, delta=1)
    >>> [(p.window, p.value, str(p.bound)) for p in r.passes]
    [((4, 6), 3, 'upper'), ((-inf, 6), 3, 'exact')]
    >>> r.value, r.best_move, r.stats.re_searches
    (3, 'B', 1)
    """
    check_annotate(annotate)
    plan, window = aspiration_plan(
        G,
        guess=guess,
        delta=delta,
        prune_on_equal=prune_on_equal,
        fail=fail,
        transposition_table=transposition_table,
        record=trace,
        root=root,
        depth=depth,
        evaluate=evaluate,
        child_order=child_order,
        expand=expand,
    )
    return finish(G, aspiration_passes(G, plan, window), annotate)


def aspiration_trace(G: nx.DiGraph, **options: Any) -> Iterator[TraceEvent]:
    """The trace of :func:`aspiration`; options are checked before the iterator is returned."""
    guess, delta = options.pop("guess", None), options.pop("delta", None)
    plan, window = aspiration_plan(G, guess=guess, delta=delta, record=True, **options)
    return events(aspiration_passes(G, plan, window))
