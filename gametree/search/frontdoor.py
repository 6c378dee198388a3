"""What every algorithm's front door does: check its options, run it, annotate.

:func:`algorithm_plan` turns the options of a single-pass algorithm (minimax,
alpha-beta, ..., Star2) into a checked :class:`~gametree.search.plan.Plan` that
records them; :func:`run_fast_or_core` runs it on the lean loop
(:mod:`gametree.search.fast`) when that loop takes it, else on the engine, and
:func:`run_on_core` always on the engine; both attach the moves and, when asked, write
the search onto the graph. The front doors (:mod:`~gametree.search.unpruned`,
:mod:`~gametree.search.pruning`, :mod:`~gametree.search.starminimax`) and
:func:`~gametree.search.algorithms.search_trace` go through here.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import networkx as nx

from gametree.exceptions import InvalidTreeError
from gametree.search.engine import run_to_result
from gametree.search.names import PRUNING, STAR
from gametree.search.plan import Evaluate, Expand, Plan, check_flag, make_plan
from gametree.search.result import SearchResult, with_moves
from gametree.validation import bounds_problems

__all__ = ["algorithm_plan", "check_trace", "run_fast_or_core", "run_on_core"]

INF = math.inf


def _recorded_options(name: str, plan: Plan, evaluate: Evaluate | None) -> dict[str, Any]:
    options: dict[str, Any] = {"root": plan.root, "depth": plan.depth}
    if evaluate is not None:
        options["evaluate"] = getattr(evaluate, "__qualname__", repr(evaluate))
    if name in PRUNING:
        options.update(
            prune_on_equal=plan.prune_on_equal,
            fail=plan.fail,
            window=plan.window,
            transposition_table=plan.transposition_table,
        )
    if name in STAR:
        options["bounds"] = plan.bounds
    return options


def algorithm_plan(
    G: nx.DiGraph,
    name: str,
    *,
    root: Hashable | None,
    depth: int | None,
    evaluate: Evaluate | None,
    record: bool,
    child_order: Mapping[Hashable, Sequence[Hashable]] | None,
    expand: Expand | None,
    prune_on_equal: bool = True,
    fail: str = "soft",
    window: tuple[float, float] = (-INF, INF),
    transposition_table: bool = False,
    bounds: tuple[float, float] = (-INF, INF),
) -> Plan:
    pruning = name in PRUNING
    plan = make_plan(
        G,
        name,
        root=root,
        depth=depth,
        evaluate=evaluate,
        pruning=pruning,
        pvs=name == "pvs",
        prune_on_equal=prune_on_equal,
        fail=fail,
        window=window,
        transposition_table=transposition_table,
        record=record,
        child_order=child_order,
        expand=expand,
        star=STAR.get(name, 0),
        bounds=bounds,
    )
    if plan.star and expand is None:
        # A wrong claim about a leaf the search prunes would go unnoticed: check them all.
        found = bounds_problems(G, plan.bounds, plan.root)
        if found:
            raise InvalidTreeError(
                f"{found[0]} (bounds={plan.bounds!r} and the nodes' bounds)", node=found[0].node
            )
    return Plan(**{**plan.__dict__, "options": _recorded_options(name, plan, evaluate)})


def run_fast_or_core(G: nx.DiGraph, plan: Plan, annotate: bool) -> SearchResult:
    from gametree.search.fast import fast_search

    check_flag("annotate", annotate)
    result = fast_search(plan, details=annotate)
    if result is None:
        result = run_to_result(plan)
    result = with_moves(result, G)
    if annotate:
        from gametree.search.annotate import annotate as write

        write(G, result)
    return result


def run_on_core(G: nx.DiGraph, plan: Plan, annotate: bool) -> SearchResult:
    """Run ``plan`` on the negamax-form core (never the fast loops) and annotate."""
    check_flag("annotate", annotate)
    result = with_moves(run_to_result(plan), G)
    if annotate:
        from gametree.search.annotate import annotate as write

        write(G, result)
    return result


def check_trace(trace: object) -> bool:
    return check_flag("trace", trace)
