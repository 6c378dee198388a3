"""MTD(f), SSS* and dual*: a sequence of null-window alpha-beta searches with memory.

A null-window search (a *test*) answers one question about the root, "is its value at
least gamma?", and prunes far more than a full-window search. MTD(f) (Plaat, Schaeffer,
Pijls & de Bruin 1996) asks a sequence of such questions, each time with gamma at the
last value returned, until the lower and upper bounds meet. Every pass is the engine's
fail-soft alpha-beta (:func:`gametree.search.engine.run`) with a root window of
width one step, and all passes share one transposition table (the *memory-enhanced
test*): a node settled by an earlier pass is not searched again.

SSS* is MTD(+inf) (MT-SSS*): the first pass asks "is the value at least +inf?", every
later one "at least the last upper bound?", so the value comes down from above. Plaat
et al. proved that this evaluates the same leaves as Stockman's (1979) OPEN-list SSS*;
dual* is MTD(-inf), coming up from below.

The test window
---------------
A pass with guess gamma asks "value >= gamma?" with the root window ``(gamma - step,
gamma)`` (MAX's view, cut when alpha >= beta); after a pass failed high at gamma the
next asks "value > gamma?" with ``(gamma, gamma + step)``. ``step`` is 1 when gamma is
an int (the textbook integer null window), else the distance to the next float, so a
float gamma gets an exact null window. Either window lies within the bounds known so
far, and a fail-soft pass returns a bound strictly beyond the window's far edge, so
every pass narrows ``[lower, upper]`` to a value some leaf has and MTD ends. (On a tree
mixing int and fractional values an int gamma's window ``(gamma - 1, gamma)`` is wider
than the exact null window: it prunes less, never wrongly.)

MTD needs fail-soft passes (a fail-hard pass would return gamma itself and move no
bound) and its windows decide every cut, so it takes neither ``fail`` nor
``prune_on_equal``.
"""

from __future__ import annotations

import math
import sys
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
from gametree.search.trace import TraceEvent
from gametree.validation import value_problem

__all__ = ["dual_star", "mtdf", "null_window", "sss_star"]

INF = math.inf
_MAX_FLOAT = sys.float_info.max


def _below(g: float) -> float:
    if isinstance(g, int):
        return g - 1
    if g == INF:
        return _MAX_FLOAT
    return math.nextafter(g, -INF)


def _above(g: float) -> float:
    if isinstance(g, int):
        return g + 1
    if g == -INF:
        return -_MAX_FLOAT
    return math.nextafter(g, INF)


def null_window(guess: float, lower: float, upper: float) -> tuple[float, float]:
    """The root window of the MTD pass that tests ``guess`` when the value is known to
    lie in ``[lower, upper]`` (``lower < upper``): "at least guess?" as ``(guess - step,
    guess)``, or "above guess?" as ``(guess, guess + step)`` when ``guess`` is the lower
    bound already proven; clipped to ``[lower, upper]``.

    >>> null_window(0, -math.inf, math.inf), null_window(3, 3, math.inf)
    ((-1, 0), (3, 4))
    >>> null_window(math.inf, -math.inf, math.inf)[0] > 1e308
    True
    """
    if guess <= lower:
        return lower, min(upper, _above(lower))
    guess = min(guess, upper)
    return max(lower, _below(guess)), guess


def _check_guess(name: str, guess: object) -> float:
    if value_problem(guess) is not None:
        raise SearchError(f"{name}={guess!r} is not allowed; expected a number (inf allowed)")
    return guess  # type: ignore[return-value]


def mtd_passes(
    G: nx.DiGraph, plan: Plan, first_guess: float
) -> Generator[TraceEvent, None, MultiPassResult]:
    """Run MTD from ``first_guess``: yield the trace (when ``plan.record``), return the result."""
    lower, upper = -INF, INF
    guess = first_guess
    runner = PassRunner(G, plan)
    while lower < upper:
        done = yield from runner.run(null_window(guess, lower, upper))
        guess = done.value
        if done.bound is Bound.EXACT:
            lower = upper = guess
        elif done.bound is Bound.LOWER and guess > lower:
            lower = guess
        elif done.bound is Bound.UPPER and guess < upper:
            upper = guess
        else:  # pragma: no cover - a fail-soft pass always moves a bound
            raise SearchError(
                f"MTD pass {done.index} returned {done.value!r} ({done.bound}): no progress"
            )
    return runner.result(lower)


def mtd_plan(
    G: nx.DiGraph,
    name: str,
    first_guess: object,
    *,
    transposition_table: object = True,
    record: object = False,
    **options: Any,
) -> tuple[Plan, float]:
    """The validated plan every pass of an MTD driver runs (its window set per pass), and
    the first guess. ``options``: root, depth, evaluate, child_order, expand."""
    guess = _check_guess("first_guess", first_guess)
    record = check_flag("trace", record)
    transposition_table = check_flag("transposition_table", transposition_table)
    plan = make_plan(
        G, name, pruning=True, transposition_table=transposition_table, record=record, **options
    )
    extra = {"first_guess": guess, "transposition_table": transposition_table}
    return recorded_options(plan, **(extra if name == "mtdf" else {})), guess


def mtdf(
    G: nx.DiGraph,
    *,
    first_guess: float = 0,
    root: Hashable | None = None,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    transposition_table: bool = True,
    annotate: bool | str = True,
    trace: bool = False,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None = None,
    expand: Expand | None = None,
) -> MultiPassResult:
    """Search ``G`` with MTD(f): null-window alpha-beta passes converging on the value.

    Pass 1 tests ``first_guess``; each later pass tests the value the last one
    returned, as "at least gamma?" after a fail-low and "above gamma?" after a
    fail-high (see :mod:`gametree.search.mtd` for the windows), until the lower bound
    meets the upper bound.

    Parameters
    ----------
    G, root, depth, evaluate, trace, child_order, expand
        As for :func:`gametree.minimax`.
    first_guess : float, default 0
        The value the first pass tests; any number, ``inf`` and ``-inf`` included
        (MTD(+inf) is :func:`sss_star`, MTD(-inf) :func:`dual_star`). The closer to
        the value, the fewer passes.
    transposition_table : bool, default True
        Share one table across the passes (the memory-enhanced test): a node an
        earlier pass settled is not searched again, and no leaf is evaluated twice.
        False runs every pass from scratch (the same value, more leaves).
    annotate : bool or "all", default True
        True writes the final pass onto ``G`` (what it visited, cut and proved);
        ``"all"`` writes every pass merged (a node is visited if any pass entered it,
        pruned if some pass cut it and none entered it); False writes nothing.

    Returns
    -------
    MultiPassResult
        ``value`` (exact), ``passes`` (each pass's window, value, bound, leaves), the
        best move from the pass that proved the value from the root player's side,
        ``visited_leaves`` over all passes, ``pruned_edges`` never entered by any pass,
        ``stats`` summed with ``stats.passes``.

    Raises
    ------
    SearchError
        For a bad option.

    See Also
    --------
    sss_star, dual_star, aspiration, alphabeta

    Notes
    -----
    Fail-soft is required (each pass must return a bound beyond its window), and the
    null windows decide every cut, so there is no ``fail`` or ``prune_on_equal``. The
    table keeps one bound per node (the last one found); MTD may re-enter a subtree
    whose other bound it forgot, but a leaf's exact value stays.

    References
    ----------
    Plaat, Schaeffer, Pijls & de Bruin, "Best-first fixed-depth minimax algorithms",
    *Artificial Intelligence* 87 (1996).

    Examples
    --------
    AIMA Figure 5.2 from the guess 0: the value 3 is approached from below.

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = gametree.mtdf(G)
    >>> [(p.window, p.value, str(p.bound)) for p in r.passes]
    [((-1, 0), 3, 'lower'), ((3, 4), 3, 'exact')]
    >>> r.value, r.best_move, r.stats.passes
    (3, 'B', 2)
    """
    plan, guess = mtd_plan(
        G,
        "mtdf",
        first_guess,
        transposition_table=transposition_table,
        record=trace,
        root=root,
        depth=depth,
        evaluate=evaluate,
        child_order=child_order,
        expand=expand,
    )
    return finish(G, mtd_passes(G, plan, guess), check_annotate(annotate))


def sss_star(
    G: nx.DiGraph,
    *,
    root: Hashable | None = None,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    annotate: bool | str = True,
    trace: bool = False,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None = None,
    expand: Expand | None = None,
) -> MultiPassResult:
    """Search ``G`` with SSS*, as MT-SSS*: MTD(f) from the guess +inf.

    The first pass tests "is the value at least +inf?": every MIN node stops after its
    first child, every MAX node searches all of its children, so it evaluates the
    leaves of one max solution tree and returns an upper bound. Each later pass tests
    "at least the last upper bound?" with the table of the earlier ones, until a pass
    fails high: the value.

    Parameters
    ----------
    G, root, depth, evaluate, annotate, trace, child_order, expand
        As for :func:`mtdf` (the table is always used).

    Returns
    -------
    MultiPassResult

    See Also
    --------
    mtdf, dual_star

    Notes
    -----
    On a tree (no transpositions) with a MAX root and MAX and MIN alternating, MT-SSS*
    evaluates the same leaves as Stockman's OPEN-list SSS*, in the same order, when the
    list breaks ties between states of equal merit by taking a SOLVED state before a
    LIVE one, then the leftmost node; and (Stockman's theorem) only leaves alpha-beta
    evaluates in the same child order. Ties and fractional values do not matter. The
    tests check both on random trees against an OPEN-list implementation of their own
    (Plaat et al. 1996 prove the equivalence). On other trees (a MIN root, two MIN plies
    in a row, DAGs, depth limits, CHANCE nodes) the value is still exact.

    References
    ----------
    Stockman, "A minimax algorithm better than alpha-beta?", *Artificial Intelligence*
    12 (1979); Plaat, Schaeffer, Pijls & de Bruin, *Artificial Intelligence* 87 (1996).

    Examples
    --------
    AIMA Figure 5.2: the first pass looks at E, H and K (one leaf per MIN node) and
    finds A <= 14; then D is lowered to 2 and B, C, D proven to be worth 3, 2, 2.

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = gametree.sss_star(G)
    >>> [(p.value, str(p.bound)) for p in r.passes]
    [(14, 'upper'), (5, 'upper'), (3, 'upper'), (3, 'lower')]
    >>> r.visited_leaves, r.pruned_edges
    (('E', 'H', 'K', 'L', 'M', 'F', 'G'), (('C', 'I'), ('C', 'J')))
    """
    plan, guess = mtd_plan(
        G,
        "sss",
        INF,
        record=trace,
        root=root,
        depth=depth,
        evaluate=evaluate,
        child_order=child_order,
        expand=expand,
    )
    return finish(G, mtd_passes(G, plan, guess), check_annotate(annotate))


def dual_star(
    G: nx.DiGraph,
    *,
    root: Hashable | None = None,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    annotate: bool | str = True,
    trace: bool = False,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None = None,
    expand: Expand | None = None,
) -> MultiPassResult:
    """Search ``G`` with dual*, as MTD(-inf): SSS* with the players' roles swapped.

    The first pass tests "is the value above -inf?": every MAX node stops after its
    first child, so it evaluates one min solution tree and returns a lower bound; each
    later pass tests "above the last lower bound?" until one fails low.

    Parameters
    ----------
    G, root, depth, evaluate, annotate, trace, child_order, expand
        As for :func:`sss_star`.

    Returns
    -------
    MultiPassResult

    See Also
    --------
    sss_star, mtdf

    References
    ----------
    Marsland, Reinefeld & Schaeffer, "Low overhead alternatives to SSS*", *Artificial
    Intelligence* 31 (1987); Plaat et al. (1996).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> r = gametree.dual_star(G)
    >>> [(p.value, str(p.bound)) for p in r.passes]
    [(3, 'lower'), (3, 'exact')]
    """
    plan, guess = mtd_plan(
        G,
        "dual",
        -INF,
        record=trace,
        root=root,
        depth=depth,
        evaluate=evaluate,
        child_order=child_order,
        expand=expand,
    )
    return finish(G, mtd_passes(G, plan, guess), check_annotate(annotate))


def mtd_trace(G: nx.DiGraph, name: str, **options: Any) -> Iterator[TraceEvent]:
    """The trace of :func:`mtdf` (``name`` "mtdf"), :func:`sss_star` ("sss") or
    :func:`dual_star` ("dual"); options are checked before the iterator is returned."""
    guess = {"sss": INF, "dual": -INF}.get(name, options.pop("first_guess", 0))
    plan, guess = mtd_plan(G, name, guess, record=True, **options)
    return events(mtd_passes(G, plan, guess))
