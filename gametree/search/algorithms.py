"""Every search algorithm by name: :func:`solve` runs one, :func:`search_trace` streams it.

The algorithms live one family per module, each function taking the graph first and its
options keyword-only, returning a frozen :class:`~gametree.SearchResult` and (with
``annotate=True``, the default) writing what it did onto the graph (see
:func:`gametree.annotate`):

* :mod:`~gametree.search.unpruned`: :func:`minimax`, :func:`negamax`,
  :func:`expectiminimax`;
* :mod:`~gametree.search.pruning`: :func:`alphabeta`, :func:`negamax_alphabeta`,
  :func:`pvs`, and the conventions courses disagree on (``prune_on_equal``, ``fail``,
  ``window``);
* :mod:`~gametree.search.starminimax`: :func:`star1`, :func:`star2`;
* the multi-pass drivers over the same engine: ``"mtdf"`` (:func:`gametree.mtdf`),
  ``"sss"`` (:func:`gametree.sss_star`), ``"dual"`` (:func:`gametree.dual_star`)
  (:mod:`~gametree.search.mtd`) and ``"aspiration"`` (:func:`gametree.aspiration`);
* ``"mcts"``: Monte Carlo tree search (:func:`gametree.mcts`).

The names and aliases are :mod:`gametree.search.names`; this module re-exports them and
the single-pass algorithms, so ``from gametree.search.algorithms import alphabeta`` works.

Ties: the best child is the first child in child order attaining the best value.
``best_children`` (and their moves, ``best_moves``) lists every child *proven* to attain
it: a child whose returned value is exact and equals the root's. Minimax proves every
tie. A pruning search proves only the first best child and later children that happen to
return an exact equal value (a leaf, or a subtree that returned inside the window); a
later child whose search failed low at the root's value is not listed, because
alpha-beta only learns that it is no better.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

import networkx as nx

from gametree.exceptions import SearchError
from gametree.search.aspiration import aspiration, aspiration_trace
from gametree.search.engine import Plan, run
from gametree.search.frontdoor import algorithm_plan
from gametree.search.mtd import dual_star, mtd_trace, mtdf, sss_star
from gametree.search.names import ALGORITHMS, PRUNING, STAR
from gametree.search.names import MCTS_NAMES as MCTS_NAMES
from gametree.search.names import canonical_name as canonical_name
from gametree.search.names import is_mcts as is_mcts
from gametree.search.pruning import alphabeta, negamax_alphabeta, pvs
from gametree.search.result import SearchResult
from gametree.search.starminimax import star1, star2
from gametree.search.trace import TraceEvent
from gametree.search.unpruned import expectiminimax, minimax, negamax

__all__ = [
    "ALGORITHMS",
    "alphabeta",
    "expectiminimax",
    "minimax",
    "negamax",
    "negamax_alphabeta",
    "pvs",
    "search_trace",
    "solve",
    "star1",
    "star2",
]
# Other modules also read MCTS_SEARCH_OPTIONS, algorithm_options and check_options here,
# and canonical_name, is_mcts and MCTS_NAMES (from gametree.search.names).

_COMMON = frozenset({"root", "depth", "evaluate", "annotate", "trace", "child_order", "expand"})
MCTS_SEARCH_OPTIONS = ("iterations", "c", "seed", "playout", "value_range", "solver")
"""The options of Monte Carlo tree search that shape its run (beside root, annotate, trace)."""
_MCTS_OPTIONS = frozenset({"root", "annotate", "trace", *MCTS_SEARCH_OPTIONS})
_PRUNING_OPTIONS = frozenset({"prune_on_equal", "fail", "window", "transposition_table"})
# The multi-pass drivers (gametree.search.mtd, gametree.search.aspiration): their options.
_DRIVER_OPTIONS = {
    "mtdf": frozenset({"first_guess", "transposition_table"}),
    "sss": frozenset(),
    "dual": frozenset(),
    "aspiration": frozenset({"guess", "delta", "prune_on_equal", "fail", "transposition_table"}),
}


_FUNCTIONS: dict[str, Callable[..., SearchResult]] = {
    "minimax": minimax,
    "negamax": negamax,
    "alphabeta": alphabeta,
    "negamax_alphabeta": negamax_alphabeta,
    "pvs": pvs,
    "expectiminimax": expectiminimax,
    "star1": star1,
    "star2": star2,
    "mtdf": mtdf,
    "sss": sss_star,
    "dual": dual_star,
    "aspiration": aspiration,
}


def algorithm_options(name: str) -> frozenset[str]:
    """The keyword options :func:`solve` passes to the algorithm ``name`` (canonical).

    >>> sorted(algorithm_options("mtdf") - algorithm_options("minimax"))
    ['first_guess', 'transposition_table']
    """
    if name in MCTS_NAMES:
        return _MCTS_OPTIONS
    options = _COMMON | (_PRUNING_OPTIONS if name in PRUNING else frozenset())
    if name in STAR:
        options |= {"bounds"}
    return options | _DRIVER_OPTIONS.get(name, frozenset())


def _check_keywords(name: str, options: Mapping[str, Any]) -> None:
    allowed = algorithm_options(name)
    if name in _DRIVER_OPTIONS and "fail" in options and "fail" not in allowed:
        raise SearchError(
            f"{name} has no option 'fail': its null-window passes must fail soft "
            "(each returns a bound beyond its window)"
        )
    for key in options:
        if key not in allowed:
            shown = ", ".join(sorted(allowed))
            raise SearchError(f"{name} has no option {key!r}; its options are {shown}")


def check_options(algorithm: object, options: Mapping[str, Any]) -> str:
    """Return the canonical name of ``algorithm`` (``"mcts"`` for Monte Carlo tree search)
    once every key of ``options`` is one the algorithm takes.

    Raises
    ------
    SearchError
        For an unknown algorithm, an option it does not take (naming both), or MCTS
        without ``iterations``.

    Examples
    --------
    >>> check_options("negascout", {"fail": "hard"})
    'pvs'
    >>> check_options("mcts", {"iterations": 10, "fail": "hard"})
    Traceback (most recent call last):
    ...
    gametree.exceptions.SearchError: mcts has no option 'fail'; its options are annotate, c, ...
    """
    if isinstance(algorithm, str) and is_mcts(algorithm):
        name = "mcts"
    else:
        name = canonical_name(algorithm)
    _check_keywords(name, options)
    if name == "mcts" and "iterations" not in options:
        raise SearchError("mcts needs iterations= (how many iterations to run)")
    return name


def solve(G: nx.DiGraph, algorithm: str = "alphabeta", **options: Any) -> SearchResult:
    """Search ``G`` with the algorithm named ``algorithm`` and return its result.

    Parameters
    ----------
    G : networkx.DiGraph
        The game tree.
    algorithm : str, default "alphabeta"
        One of :data:`ALGORITHMS` or an alias (``"alpha-beta"``, ``"negascout"``,
        ``"expectimax"``, ...), case-insensitive; or ``"mcts"`` (:func:`gametree.mcts`).
    **options
        The algorithm's keyword options.

    Raises
    ------
    SearchError
        For an unknown algorithm or an option the algorithm does not take.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> gametree.solve(G, "negascout", annotate=False).value
    3
    >>> gametree.solve(G, "minimax", fail="hard")
    Traceback (most recent call last):
    ...
    gametree.exceptions.SearchError: minimax has no option 'fail'; its options are ...
    """
    name = check_options(algorithm, options)
    if name == "mcts":
        from gametree.search.mcts import mcts

        return mcts(G, **options)
    return _FUNCTIONS[name](G, **options)


def search_trace(
    G: nx.DiGraph, algorithm: str = "alphabeta", **options: Any
) -> Iterator[TraceEvent]:
    """Return an iterator over the trace events of a search, produced as it runs.

    Options are checked before the iterator is returned, so a bad option raises here,
    not halfway through the stream. The graph is not annotated.

    Parameters
    ----------
    G : networkx.DiGraph
    algorithm : str, default "alphabeta"
        As for :func:`solve`.
    **options
        The algorithm's options (``annotate`` and ``trace`` are not accepted).

    Returns
    -------
    iterator of TraceEvent
        :class:`~gametree.search.trace.Enter`, ``Leaf``, ``Cutoff``, ``Probe``,
        ``ReSearch``, ``TranspositionHit`` and ``Exit`` events, every alpha and beta from
        MAX's point of view.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> [e.kind for e in gametree.search_trace(G)][:6]
    ['enter', 'enter', 'enter', 'leaf', 'exit', 'enter']
    >>> cut = next(e for e in gametree.search_trace(G) if e.kind == "cutoff")
    >>> cut.node, cut.child, cut.alpha, cut.beta, cut.skipped
    ('C', 'H', 3, 2, ('I', 'J'))
    """
    for key in ("annotate", "trace"):
        if key in options:
            raise SearchError(f"search_trace does not take {key}=; it never annotates")
    name = check_options(algorithm, options)
    if name == "mcts":
        from gametree.search.mcts import mcts

        # MCTS runs whole here (one event per phase per iteration), so options are checked.
        return iter(mcts(G, annotate=False, trace=True, **options).trace)
    if name == "aspiration":
        return aspiration_trace(G, **options)
    if name in _DRIVER_OPTIONS:
        return mtd_trace(G, name, **options)
    plan = algorithm_plan(G, name, record=True, **_plan_options(options))
    return _events(plan)


def _plan_options(options: Mapping[str, Any]) -> dict[str, Any]:
    full: dict[str, Any] = {
        "root": None,
        "depth": None,
        "evaluate": None,
        "child_order": None,
        "expand": None,
    }
    full.update(options)
    return full


def _events(plan: Plan) -> Iterator[TraceEvent]:
    yield from run(plan)
