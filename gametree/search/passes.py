"""Searches made of several passes of the engine: each pass, and the whole run as one result.

MTD(f), SSS*, dual* (:mod:`gametree.search.mtd`) and aspiration windows
(:mod:`gametree.search.aspiration`) are drivers: they run the one engine
(:func:`gametree.search.engine.run`) several times on the same tree with different root
windows. This module holds what they share: running one pass (its trace events
followed by a :class:`~gametree.search.trace.PassEnd` event), :class:`SearchPass`, and
:func:`merge`, which folds the passes into one :class:`MultiPassResult` that every
consumer (the checker, the comparison table, the CLI) reads like any other search result.

What the merged result counts, for the whole run:

* ``visited_leaves``: every pass's evaluated leaves, pass after pass (a leaf evaluated
  in two passes appears twice; with a transposition table a leaf's exact value is
  stored, so it is evaluated once).
* ``pruned_edges``: the edges some pass cut whose child no pass entered, so the pruned
  leaves are exactly the leaves no pass evaluated.
* ``stats``: counters summed over the passes (``max_depth`` the largest), ``passes``
  the number of passes and ``re_searches`` the passes after the first.
* ``node_values``: each node's value from the last pass that reached it (an exact value,
  once found, is kept); the root's is the final, exact value.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Generator, Hashable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import networkx as nx

from gametree.attrs import PLAYER
from gametree.exceptions import SearchError
from gametree.search.bound import BOUND_OF_CODE, Bound
from gametree.search.engine import gc_paused, run
from gametree.search.plan import Expand, Plan, Table
from gametree.search.result import NodeValueMap, SearchResult, SearchStats, replaced, with_moves
from gametree.search.rules import EXACT, LOWER, UPPER, keeps
from gametree.search.trace import PassEnd, TraceEvent
from gametree.valuetext import jsonable

__all__ = ["MultiPassResult", "PassRunner", "SearchPass", "annotate_passes", "merge", "run_pass"]

INF = math.inf

_CODE_OF_BOUND = {bound: code for code, bound in BOUND_OF_CODE.items()}


@dataclass(frozen=True)
class SearchPass:
    """One pass of a multi-pass search: the root window, what it proved, what it did.

    Attributes
    ----------
    index : int
        1 for the first pass.
    window : (float, float)
        The root's ``(alpha, beta)``, MAX's point of view.
    value : float
        The root's fail-soft value in this pass.
    bound : Bound
        ``lower`` (failed high: the root is worth at least ``value``), ``upper``
        (failed low: at most ``value``) or ``exact``.
    result : SearchResult
        The pass's own result (its leaves, cuts, values and trace).
    """

    index: int
    window: tuple[float, float]
    value: float
    bound: Bound
    result: SearchResult

    @property
    def leaves_evaluated(self) -> int:
        """Leaves (and horizon nodes) this pass evaluated."""
        return self.result.stats.leaves_evaluated

    @property
    def nodes_visited(self) -> int:
        """Nodes this pass entered."""
        return self.result.stats.nodes_visited

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict: index, window, value, bound, leaves and counts."""
        return {
            "index": self.index,
            "window": jsonable(self.window),
            "value": jsonable(self.value),
            "bound": self.bound.value,
            "visited_leaves": jsonable(self.result.visited_leaves),
            "leaves_evaluated": self.leaves_evaluated,
            "nodes_visited": self.nodes_visited,
        }


@dataclass(frozen=True)
class MultiPassResult(SearchResult):
    """A :class:`SearchResult` for a whole multi-pass run, with its passes.

    The fields read as for any search, counted over every pass (see
    :mod:`gametree.search.passes`); :attr:`passes` lists the passes in order.
    """

    passes: tuple[SearchPass, ...] = ()

    @property
    def final_pass(self) -> SearchResult:
        """The result of the last pass (what ``annotate=True`` writes onto the graph)."""
        return self.passes[-1].result

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict: :meth:`SearchResult.to_dict` and ``passes``."""
        data = super().to_dict()
        data["passes"] = [p.to_dict() for p in self.passes]
        return data


def run_pass(
    plan: Plan, window: tuple[float, float], table: Table | None, index: int
) -> Generator[TraceEvent, None, SearchPass]:
    """Run the engine once with the root window ``window`` (and ``table``, if any).

    Yields the pass's trace events (when ``plan.record``), then a
    :class:`~gametree.search.trace.PassEnd`; returns the :class:`SearchPass`.
    """
    one = replace(plan, window=window, table=table)
    gen = run(one)
    events: list[TraceEvent] = []
    with gc_paused():
        try:
            while True:
                event = next(gen)
                events.append(event)
        except StopIteration as stop:
            result: SearchResult = stop.value
    yield from events
    if plan.record:
        result = result.with_trace(tuple(events))
    root_value = result.node_values.get(result.root)
    bound = Bound.EXACT if root_value is None else root_value.bound
    done = SearchPass(index, window, result.value, bound, result)
    if plan.record:
        yield PassEnd(
            result.root,
            index,
            window[0],
            window[1],
            result.value,
            bound,
            result.stats.leaves_evaluated,
        )
    return done


class PassRunner:
    """Runs the passes of one multi-pass search: one plan, one table (when the plan
    asks for one) handed from pass to pass, and the trace of every pass."""

    def __init__(self, G: nx.DiGraph, plan: Plan) -> None:
        self.G = G
        if plan.expand is not None:
            plan = replace(plan, expand=_once(plan.expand))
        self.plan = plan
        self.table: Table | None = {} if plan.transposition_table else None
        self.passes: list[SearchPass] = []
        self.events: list[TraceEvent] = []

    def run(self, window: tuple[float, float]) -> Generator[TraceEvent, None, SearchPass]:
        """Search the root with ``window``: yield the pass's events, return the pass."""
        gen = run_pass(self.plan, window, self.table, len(self.passes) + 1)
        try:
            while True:
                event = next(gen)
                self.events.append(event)
                yield event
        except StopIteration as stop:
            done: SearchPass = stop.value
        self.passes.append(done)
        return done

    def note(self, event: TraceEvent) -> Iterator[TraceEvent]:
        """Add ``event`` (a driver's own, such as a re-search) to the trace when recording."""
        if self.plan.record:
            self.events.append(event)
            yield event

    def result(self, value: float) -> MultiPassResult:
        """The whole run as one result of value ``value``."""
        passes = self.passes
        deciding = deciding_pass(self.G, self.plan.root, passes)
        return merge(self.G, self.plan, passes, value, deciding, self.events)


def edge_text(x: float, text: str) -> str:
    """A window edge as text: ``text`` (the caller's formatting of ``x``), or ``"max
    float"`` / ``"-max float"`` for the largest floats, which SSS*'s and dual*'s first
    windows use to stand just inside infinity."""
    if x == sys.float_info.max:
        return "max float"
    if x == -sys.float_info.max:
        return "-max float"
    return text


def _once(expand: Expand) -> Expand:
    """``expand`` called at most once per node over all the passes (its contract)."""
    done: set[Hashable] = set()

    def hook(node: Hashable) -> None:
        if node not in done:
            done.add(node)
            expand(node)

    return hook


def finish(
    G: nx.DiGraph, run: Generator[TraceEvent, None, MultiPassResult], annotate: object
) -> MultiPassResult:
    """Run a driver's generator to its end and annotate ``G`` (see :func:`annotate_passes`)."""
    try:
        while True:
            next(run)
    except StopIteration as stop:
        result: MultiPassResult = stop.value
    annotate_passes(G, result, annotate)
    return result


def events(run: Generator[TraceEvent, None, Any]) -> Iterator[TraceEvent]:
    """The events of a driver's generator, its result dropped (for ``search_trace``)."""
    yield from run


def recorded_options(plan: Plan, **extra: Any) -> Plan:
    """``plan`` with the options a result records: root, depth, evaluate's name, ``extra``."""
    options: dict[str, Any] = {"root": plan.root, "depth": plan.depth}
    if plan.evaluate is not None:
        options["evaluate"] = getattr(plan.evaluate, "__qualname__", repr(plan.evaluate))
    options.update(extra)
    return replace(plan, options=options)


def merge(
    G: nx.DiGraph,
    plan: Plan,
    passes: list[SearchPass],
    value: float,
    deciding: SearchPass,
    trace: Iterable[TraceEvent] = (),
) -> MultiPassResult:
    """Fold ``passes`` into one result of value ``value`` (exact).

    ``deciding`` is the pass whose root choice is the answer: its best child, best
    children and principal variation are the result's.
    """
    root = plan.root
    values: dict[Hashable, tuple[float, int]] = {}
    windows: dict[Hashable, tuple[float, float]] = {}
    order: dict[Hashable, None] = {}
    visited_edges: dict[tuple[Hashable, Hashable], None] = {}
    cut: dict[tuple[Hashable, Hashable], None] = {}
    leaves: list[Hashable] = []
    totals = dict.fromkeys(SearchStats().to_dict(), 0)
    for p in passes:
        r = p.result
        for node, nv in r.node_values.items():
            code = _CODE_OF_BOUND[nv.bound]
            if not keeps(values.get(node), code):
                values[node] = (nv.value, code)
        windows.update(r.windows)
        order.update(dict.fromkeys(r.visit_order))
        visited_edges.update(dict.fromkeys(r.visited_edges))
        cut.update(dict.fromkeys(r.pruned_edges))
        leaves.extend(r.visited_leaves)
        for key, count in r.stats.to_dict().items():
            totals[key] = max(totals[key], count) if key == "max_depth" else totals[key] + count
    values[root] = (value, EXACT)
    pred = G._pred
    pruned = tuple(
        (u, v)
        for u, v in cut
        if not (v in order and (len(pred[v]) <= 1 or (u, v) in visited_edges))
    )
    totals["passes"] = len(passes)
    totals["re_searches"] += len(passes) - 1
    best = deciding.result
    pv = _extended_pv(best.pv, passes)
    node_values = NodeValueMap(
        {n: v for n, (v, _) in values.items()},
        {n: b for n, (_, b) in values.items() if b != EXACT},
    )
    merged = MultiPassResult(
        algorithm=plan.algorithm,
        root=root,
        value=value,
        best_child=best.best_child,
        best_children=best.best_children,
        pv=pv,
        node_values=node_values,
        visited_leaves=tuple(leaves),
        pruned_edges=pruned,
        stats=SearchStats(**totals),
        options=dict(plan.options),
        trace=tuple(trace),
        visit_order=tuple(order),
        windows=windows,
        visited_edges=tuple(visited_edges),
        passes=tuple(passes),
    )
    moved = with_moves(merged, G)
    assert isinstance(moved, MultiPassResult)  # dataclasses.replace keeps the class
    return moved


def _extended_pv(pv: tuple[Hashable, ...], passes: list[SearchPass]) -> tuple[Hashable, ...]:
    """Continue ``pv`` below a node whose value came from the table: with the line the
    latest pass that searched that node chose there."""
    line = list(pv)
    on_line = set(line)
    while True:
        tail = line[-1]
        for p in reversed(passes):
            found = p.result.pv
            if tail in found[:-1]:
                rest = found[found.index(tail) + 1 :]
                break
        else:
            return tuple(line)
        for node in rest:
            if node in on_line:
                return tuple(line)
            on_line.add(node)
            line.append(node)


def deciding_pass(G: nx.DiGraph, root: Hashable, passes: list[SearchPass]) -> SearchPass:
    """The pass whose root choice is proven best: the last one that bounded the value
    from the root player's side (a MAX root's lower bound, a MIN root's upper bound)
    or found it exact; a root choice from the other side only says "no better than"."""
    player = G._node[root].get(PLAYER)
    side = UPPER if player == "MIN" else LOWER
    for p in reversed(passes):
        code = _CODE_OF_BOUND[p.bound]
        if code in (EXACT, side):
            return p
    return passes[-1]


def annotate_passes(G: nx.DiGraph, result: MultiPassResult, annotate: object) -> None:
    """Write a multi-pass run onto ``G``: the final pass (``annotate=True``), every
    pass merged (``"all"``), or nothing (False)."""
    check_annotate(annotate)
    if annotate is False:
        return
    from gametree.search.annotate import annotate as write

    if annotate == "all":
        write(G, result)
    else:
        write(G, replaced(result.final_pass, options=dict(result.options)))


def check_annotate(annotate: object) -> object:
    """Return ``annotate``; raise :class:`SearchError` unless it is True, False or ``"all"``."""
    if annotate is not True and annotate is not False and annotate != "all":
        raise SearchError(
            f"annotate={annotate!r} is not allowed; expected True (the final pass), "
            "'all' (every pass) or False"
        )
    return annotate
