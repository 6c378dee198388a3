"""A search request, checked: :class:`Plan` and :func:`make_plan`.

Every search over an explicit graph (the engine, the fast loop, the multi-pass drivers,
Monte Carlo tree search) starts from a :class:`Plan`: the graph, the root, the
algorithm's switches and every option, checked once by :func:`make_plan` before any
node is searched, so a bad option raises before a trace starts. :func:`check_flag` is
the one check of an on/off option.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from gametree.attrs import ROOT
from gametree.exceptions import InvalidTreeError, SearchError
from gametree.validation import bounds_problem, find_root, value_problem

__all__ = ["Evaluate", "Expand", "Plan", "Table", "check_flag", "make_plan"]

INF = math.inf

Evaluate = Callable[[nx.DiGraph, Hashable], float]
"""A heuristic ``evaluate(G, node) -> float`` (MAX's point of view) used at the depth limit."""
Expand = Callable[[Hashable], None]
"""The ``expand(node)`` hook (see :mod:`gametree.search.engine`)."""
Table = dict[Hashable, tuple[float, int, int | None]]
"""A transposition table: node -> (value, bound code, remaining depth), MAX's view.

A run with ``transposition_table=True`` fills a fresh one unless its plan carries one
(``Plan.table``): then it reads and extends that table, so a driver running several
searches of one tree (MTD(f), SSS*) hands the entries of one pass to the next."""


@dataclass(frozen=True)
class Plan:
    """A validated search request: the graph, the algorithm and every option."""

    G: nx.DiGraph
    algorithm: str
    root: Hashable
    depth: int | None = None
    evaluate: Evaluate | None = None
    pruning: bool = False
    pvs: bool = False
    prune_on_equal: bool = True
    fail: str = "soft"
    window: tuple[float, float] = (-INF, INF)
    transposition_table: bool = False
    record: bool = False
    child_order: Mapping[Hashable, Sequence[Hashable]] | None = None
    expand: Expand | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    star: int = 0
    bounds: tuple[float, float] = (-INF, INF)
    table: Table | None = field(default=None, compare=False)
    """A transposition table kept across runs (see :data:`Table`); None: a new one per run."""


def check_flag(name: str, value: object) -> bool:
    """Return ``value`` if it is True or False, else raise :class:`SearchError` naming
    the option ``name``: every on/off option of a search is checked here."""
    if not isinstance(value, bool):
        raise SearchError(f"{name}={value!r} is not allowed; expected True or False")
    return value


def _check_window(window: object) -> tuple[float, float]:
    try:
        pair: Any = window
        lo_f, hi_f = pair
    except (TypeError, ValueError):
        raise SearchError(
            f"window={window!r} is not allowed; expected a pair (lo, hi) of numbers "
            "with lo < hi, such as (-inf, inf) or (2, 5)"
        ) from None
    for bound in (lo_f, hi_f):
        if value_problem(bound) is not None:
            raise SearchError(f"window={window!r} is not allowed: {bound!r} is not a real number")
    if not lo_f < hi_f:
        raise SearchError(f"window={window!r} is not allowed; expected lo < hi")
    return lo_f, hi_f


def _named_root(G: nx.DiGraph) -> Hashable | None:
    """Return ``G.graph["root"]`` when it names a parentless node (O(1)), else None.

    :func:`gametree.find_root` also rejects unreachable extra roots, which costs a scan
    of the whole graph; a search never looks at unreachable nodes, so it skips that.
    """
    root = G.graph.get(ROOT)
    if root is None:
        return None
    try:
        if root in G and not G._pred[root]:
            return root  # type: ignore[no-any-return]
    except TypeError:
        return None
    return None


def make_plan(
    G: nx.DiGraph,
    algorithm: str,
    *,
    root: Hashable | None = None,
    depth: int | None = None,
    evaluate: Evaluate | None = None,
    pruning: bool = False,
    pvs: bool = False,
    prune_on_equal: bool = True,
    fail: str = "soft",
    window: tuple[float, float] = (-INF, INF),
    transposition_table: bool = False,
    record: bool = False,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None = None,
    expand: Expand | None = None,
    options: Mapping[str, Any] | None = None,
    star: int = 0,
    bounds: tuple[float, float] = (-INF, INF),
) -> Plan:
    """Check every option and return the :class:`Plan`; raise :class:`SearchError`.

    Raises
    ------
    SearchError
        Naming the bad option and the allowed values.
    InvalidTreeError
        If ``G`` is not a DiGraph or has no unique root (when ``root`` is None).
    """
    if not isinstance(G, nx.DiGraph) or G.is_multigraph():
        raise InvalidTreeError(f"expected a networkx.DiGraph, got {type(G).__name__}")
    if root is None:
        root = _named_root(G)
        if root is None:
            root = next(iter(G)) if expand is not None and len(G) == 1 else find_root(G)
    else:
        try:
            present = root in G
        except TypeError:
            present = False
        if not present:
            raise SearchError(f"root={root!r} is not a node of the graph")
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise SearchError(f"depth={depth!r} is not allowed; expected None or an int >= 0")
    if evaluate is not None and not callable(evaluate):
        raise SearchError(
            f"evaluate={evaluate!r} is not allowed; expected None or a function (G, node) -> float"
        )
    if expand is not None and not callable(expand):
        raise SearchError(f"expand={expand!r} is not allowed; expected None or a function")
    if fail not in ("soft", "hard"):
        raise SearchError(f"fail={fail!r} is not allowed; expected 'soft' or 'hard'")
    check_flag("prune_on_equal", prune_on_equal)
    check_flag("transposition_table", transposition_table)
    lo, hi = _check_window(window)
    why = bounds_problem(bounds)
    if why is not None:
        raise SearchError(f"bounds={bounds!r} is not allowed: {why}")
    if child_order is not None and not isinstance(child_order, Mapping):
        raise SearchError(
            f"child_order={child_order!r} is not allowed; expected a mapping node -> children"
        )
    return Plan(
        G=G,
        algorithm=algorithm,
        root=root,
        depth=depth,
        evaluate=evaluate,
        pruning=pruning,
        pvs=pvs,
        prune_on_equal=prune_on_equal,
        fail=fail,
        window=(lo, hi),
        transposition_table=transposition_table,
        record=record,
        child_order=child_order,
        expand=expand,
        options=dict(options or {}),
        star=star,
        bounds=(bounds[0], bounds[1]),
    )
