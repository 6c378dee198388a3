"""The search engine: one iterative core behind every search algorithm.

Every algorithm of :mod:`gametree.search` (minimax, negamax, alpha-beta, its negamax form,
PVS and expectiminimax) runs on the core in this module, :func:`run`. It is written in
negamax form: each node keeps its running value and its window ``(lo, hi)`` from the
point of view of its own player (``sign`` +1 for MAX and CHANCE, -1 for MIN), and a
value or a window crossing from one node to another is multiplied by the two signs,
so a MIN node under a MIN node is not negated. Players are read from each node's own
``player`` attribute, never from depth parity. The core keeps an explicit stack (no
recursion: a chain 100,000 nodes deep searches fine).

It runs a checked request, a :class:`~gametree.search.plan.Plan`. The rules it applies
(cutoff test, tie-breaking, bound types, fail-hard clamp, transposition-table entries,
chance averaging) live in :mod:`gametree.search.rules`, shared with the lean loops
(:mod:`gametree.search.fast`, :mod:`gametree.games.fastsearch`); its steps at CHANCE
nodes under Star1/Star2 are in :mod:`gametree.search.starchance`, and what it keeps per
node in :mod:`gametree.search.frames`.
What the core guarantees, whichever algorithm drives it:

* Child order is ``G.succ[node]`` order, or the order given by ``child_order``.
* A CHANCE node averages its children (weighted by the edges' ``prob``, equal weights
  when no edge has one) and searches every child with the open window
  ``(-inf, inf)``, so its value is exact, except under Star1/Star2 (``plan.star``)
  when bounds on its outcomes are known: then each outcome gets the window derived
  from the node's (:func:`~gametree.search.rules.chance_window`), Star2 first probes
  the MAX/MIN outcomes' first children, and the node stops with a bound once
  :func:`~gametree.search.rules.chance_cut` says its average has left the window.
* Internally every node computes the fail-soft value; with ``fail="hard"`` the value a
  node *reports* (in :attr:`SearchResult.node_values`, the trace and the result) is
  that value clamped to the window the node was entered with. The cutoff decisions
  are the same, so fail-hard and fail-soft evaluate exactly the same leaves.
* Bound types are tracked structurally: a leaf is exact; a node that stopped early
  (a cutoff with children left) returns a lower bound for its player; a node that
  searched every child is exact when an exact child attains its value, otherwise
  an upper bound for its player. This is never weaker than the classic window test.

Reuse by game search (the ``expand`` hook)
------------------------------------------
``run`` (and every public algorithm through ``expand=``) accepts a callable
``expand(node) -> None``. The engine calls it exactly once per node, the first time
it needs that node's children, *before* it reads ``G._succ[node]``. The hook may add
the node's children to ``G`` with their attributes (``player`` on internal nodes,
``value`` on terminals; ``value`` on a non-terminal node at the depth limit unless an
``evaluate`` function is given) and edges (``move``, ``prob``), in the order the
search should try them. Nodes the search never needs are never expanded, so a game
can be searched without building its whole tree (see :mod:`gametree.games`).
"""

from __future__ import annotations

import gc
import math
from collections.abc import Callable, Generator, Hashable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from gametree.attrs import PLAYER, PROB, VALUE
from gametree.exceptions import InvalidTreeError, SearchError
from gametree.search.bound import BOUND_OF_CODE
from gametree.search.frames import Frame
from gametree.search.plan import Plan, Table, check_flag, make_plan
from gametree.search.result import NodeValueMap, SearchResult, SearchStats
from gametree.search.rules import (
    EXACT,
    LOWER,
    SIGN,
    UPPER,
    beats,
    better,
    chance_value,
    chance_weights,
    clamp,
    entry_settles,
    fails_high,
    keeps,
    node_bound,
    null_window_beats,
    raises_lo,
    star_bounds,
)
from gametree.search.starchance import StarChance
from gametree.search.trace import (
    Cutoff,
    Enter,
    Exit,
    Leaf,
    Probe,
    ReSearch,
    StarProbe,
    TraceEvent,
    TranspositionHit,
)
from gametree.validation import value_problem

__all__ = ["Plan", "Table", "check_flag", "gc_paused", "make_plan", "run", "run_to_result"]

INF = math.inf


def _max_view(sign: int, lo: float, hi: float) -> tuple[float, float]:
    return (lo, hi) if sign > 0 else (-hi, -lo)


def _nudges_max_view(sign: int, lo_nudged: bool, hi_nudged: bool) -> tuple[bool, bool]:
    return (lo_nudged, hi_nudged) if sign > 0 else (hi_nudged, lo_nudged)


class _Search(StarChance):
    """One run of the core; :meth:`steps` yields trace events and returns the result."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.beats = beats(plan.prune_on_equal)
        self.beats_nudged = null_window_beats(plan.prune_on_equal, True)
        G = plan.G
        self.succ = G._succ
        self.pred = G._pred
        self.nodes = G._node
        self.record = plan.record
        self.events: list[TraceEvent] = []
        self.stack: list[Frame] = []
        self.values: dict[Hashable, tuple[float, int]] = {}
        self.windows: dict[Hashable, tuple[float, float]] = {}
        self.chosen: dict[Hashable, Hashable] = {}
        self.visit_order: list[Hashable] = []
        self.seen: set[Hashable] = set()
        self.expanded: set[Hashable] = set()
        self.leaves: list[Hashable] = []
        self.pruned: list[tuple[Hashable, Hashable]] = []
        self.dag_edges: set[tuple[Hashable, Hashable]] = set()
        self.grows = plan.expand is not None
        self.table: Table = plan.table if plan.table is not None else {}
        self.root_results: list[tuple[Hashable, float, int]] = []
        self.nodes_visited = 0
        self.horizon = 0
        self.cutoffs = 0
        self.re_searches = 0
        self.tt_hits = 0
        self.max_depth = 0

    # -- helpers -----------------------------------------------------------------

    def kids(self, node: Hashable) -> Mapping[Hashable, Any]:
        """Return the children of ``node``, expanding it first when there is a hook."""
        expand = self.plan.expand
        if expand is not None and node not in self.expanded:
            self.expanded.add(node)
            expand(node)
        try:
            return self.succ[node]  # type: ignore[no-any-return]
        except KeyError:
            raise SearchError(f"node {node!r} is not in the graph") from None

    def is_horizon(self, node: Hashable, depth: int) -> bool:
        limit = self.plan.depth
        return limit is not None and depth >= limit

    def leaf_value(self, node: Hashable, horizon: bool) -> float:
        data = self.nodes[node]
        if not horizon:
            if VALUE not in data:
                raise InvalidTreeError(f"leaf {node!r} has no value", node=node)
            value = data[VALUE]
            why = value_problem(value)
            if why is not None:
                raise InvalidTreeError(f"node {node!r}: value {why}", node=node)
            return value  # type: ignore[no-any-return]
        evaluate = self.plan.evaluate
        if evaluate is not None:
            value = evaluate(self.plan.G, node)
            why = value_problem(value)
            if why is not None:
                raise SearchError(f"evaluate returned a bad value for node {node!r}: {why}")
            return value
        if VALUE not in data:
            raise SearchError(
                f"depth limit {self.plan.depth} reached at internal node {node!r}, which has "
                "no 'value' attribute; give it a heuristic value or pass evaluate="
            )
        value = data[VALUE]
        why = value_problem(value)
        if why is not None:
            raise InvalidTreeError(f"node {node!r}: value {why}", node=node)
        return value  # type: ignore[no-any-return]

    def remaining(self, depth: int) -> int | None:
        limit = self.plan.depth
        return None if limit is None else limit - depth

    def store(
        self,
        node: Hashable,
        reported: float,
        bound: int,
        alpha: float,
        beta: float,
        windowed: bool,
    ) -> None:
        """Record the value ``node`` reports (MAX view), keeping an exact one once found."""
        if keeps(self.values.get(node), bound):
            return
        self.values[node] = (reported, bound)
        if windowed:
            self.windows[node] = (alpha, beta)

    def exit_event(self, node: Hashable, reported: float, bound: int, a: float, b: float) -> None:
        if self.record:
            self.events.append(Exit(node, reported, BOUND_OF_CODE[bound], a, b))

    # -- entering a node -------------------------------------------------------

    def enter(
        self,
        node: Hashable,
        parent: Hashable | None,
        depth: int,
        alpha: float,
        beta: float,
        nudged: tuple[bool, bool] = (False, False),
        proven: tuple[float, int] | None = None,
    ) -> tuple[float, int] | None:
        """Enter ``node`` with the MAX-view window; return (value, bound) or push a frame.

        ``nudged`` tells which ends of the window a PVS null window moved (MAX's view,
        :func:`~gametree.search.rules.null_window_beats`). ``proven`` is a bound on
        the node's value already proven (MAX's view: a PVS probe's, before the
        re-search), used as a transposition-table bound that narrowed the window.
        """
        self.nodes_visited += 1
        if depth > self.max_depth:
            self.max_depth = depth
        if node not in self.seen:
            self.seen.add(node)
            self.visit_order.append(node)
        if parent is not None and (self.grows or len(self.pred[node]) > 1):
            # A graph growing through the expand hook can give the node another
            # parent later, so every edge gone down counts there.
            self.dag_edges.add((parent, node))
        record = self.record
        if record:
            self.events.append(Enter(node, parent, depth, alpha, beta))
        windowed = self.plan.pruning
        kids = self.kids(node)
        horizon = bool(kids) and self.is_horizon(node, depth)
        plan = self.plan
        known: tuple[float, int] | None = None
        if plan.transposition_table:
            hit, known = self.probe_table(node, depth, alpha, beta, nudged)
            if hit is not None:
                return hit
        if proven is not None and known is None:
            known = proven
        star = plan.star
        if star:
            outer = self.stack[-1].bounds if parent is not None else plan.bounds
            bounds = star_bounds(outer, self.own_bounds(node))
        if not kids or horizon:
            value = self.leaf_value(node, horizon)
            if star and not bounds[0] <= value <= bounds[1]:
                raise SearchError(
                    f"node {node!r} is worth {value!r}, outside the bounds "
                    f"[{bounds[0]!r}, {bounds[1]!r}] given for it (the tree's bounds= "
                    "narrowed by the 'bounds' of the node and of its ancestors)"
                )
            self.leaves.append(node)
            if horizon:
                self.horizon += 1
            if record:
                self.events.append(Leaf(node, value, alpha, beta, horizon))
            self.store(node, value, EXACT, alpha, beta, windowed)
            self.exit_event(node, value, EXACT, alpha, beta)
            if plan.transposition_table:
                self.table[node] = (value, EXACT, self.remaining(depth))
            return value, EXACT
        player = self.nodes[node].get(PLAYER)
        if player == "CHANCE":
            sign, chance = 1, True
        else:
            found = SIGN.get(player)
            chance = False
            if found is None:
                raise InvalidTreeError(
                    f"internal node {node!r} has player {player!r}; "
                    "expected 'MAX', 'MIN' or 'CHANCE'",
                    node=node,
                )
            sign = found
        order = plan.child_order.get(node) if plan.child_order is not None else None
        children = list(kids)
        if order is not None:
            children = list(order)
            if len(children) != len(kids) or set(children) != set(kids):
                raise SearchError(
                    f"child_order[{node!r}] = {children!r} is not an ordering of the "
                    f"children of {node!r} ({list(kids)!r})"
                )
        lo, hi = (alpha, beta) if sign > 0 else (-beta, -alpha)
        frame = Frame(node, parent, depth, sign, chance, children, lo, hi)
        if nudged[0] or nudged[1]:
            frame.lo_nudged, frame.hi_nudged = _nudges_max_view(sign, *nudged)
        if known is not None:
            # A stored bound strictly inside the window narrows it (own point of view).
            value, bound = known[0] * sign, known[1] * sign
            if bound == LOWER:
                frame.lo = frame.known_lo = value
                frame.lo_nudged = False
            else:
                frame.hi = frame.known_hi = value
                frame.hi_nudged = False
        if chance:
            frame.probs = self.chance_probs(node, children)
        if len(self.stack) > len(self.nodes):
            raise InvalidTreeError(f"cycle through node {node!r}: a game tree must be acyclic")
        self.stack.append(frame)
        if star:
            frame.bounds = bounds
            if chance:
                self.star_start(frame)
        return None

    def chance_probs(self, node: Hashable, children: list[Hashable]) -> list[float]:
        edges = self.succ[node]
        return chance_weights(node, children, [edges[c].get(PROB) for c in children])

    def probe_table(
        self, node: Hashable, depth: int, alpha: float, beta: float, nudged: tuple[bool, bool]
    ) -> tuple[tuple[float, int] | None, tuple[float, int] | None]:
        """Look ``node`` up: return (value, bound) to reuse, or a bound that narrows.

        An exact value is reused; a lower bound at or above beta (an upper bound at or
        below alpha; strictly, without ``prune_on_equal``) decides the cutoff alone and
        is reused; a bound strictly inside ``(alpha, beta)`` narrows the window the node
        is searched with. Only an entry searched to the same remaining depth counts.
        """
        entry = self.table.get(node)
        if entry is None or entry[2] != self.remaining(depth):
            return None, None
        value, bound, _ = entry
        usable = entry_settles(value, bound, alpha, beta, self.plan.prune_on_equal, *nudged)
        narrows = not usable and alpha < value < beta
        if not usable and not narrows:
            return None, None
        self.tt_hits += 1
        if self.record:
            self.events.append(
                TranspositionHit(node, value, BOUND_OF_CODE[bound], alpha, beta, narrows=narrows)
            )
        if narrows:
            return None, (value, bound)
        reported, rbound = self.report(1, value, bound, alpha, beta, leaf=bound == EXACT)
        self.store(node, reported, rbound, alpha, beta, self.plan.pruning)
        self.exit_event(node, reported, rbound, alpha, beta)
        return (value, bound), None

    def report(
        self, sign: int, value: float, bound: int, lo: float, hi: float, *, leaf: bool = False
    ) -> tuple[float, int]:
        """Return what a node reports: fail-hard clamps to its entry window (own view)."""
        if self.plan.fail == "soft" or leaf:
            return value, bound
        # Only the Cutoff event passes another sign, and it keeps the value alone.
        return clamp(value, bound, lo, hi)

    # -- the loop ------------------------------------------------------------------

    def steps(self) -> Generator[TraceEvent, None, SearchResult]:
        plan = self.plan
        lo, hi = plan.window
        root_ret = self.enter(plan.root, None, 0, lo, hi)
        events = self.events
        if events:
            yield from events
            events.clear()
        if root_ret is not None:
            return self.result(root_ret[0], None, root_ret[1])
        stack = self.stack
        pruning = plan.pruning
        poe = plan.prune_on_equal
        pvs = plan.pvs
        while True:
            f = stack[-1]
            if f.cut or f.index >= f.limit:
                # The node is finished.
                soft, bound, reported, rbound = self.finish(f)
                stack.pop()
                if events:
                    yield from events
                    events.clear()
                if not stack:
                    return self.result(soft, f, bound, reported, rbound)
                ret: tuple[float, int] | None = (soft, bound)
                child = f.node
            else:
                if f.star is not None:
                    child, ca, cb, probe = self.star_next(f)
                    nudges = (False, False)
                    f.child_probe = probe
                    if probe and self.record:
                        events.append(StarProbe(child, f.node, ca, cb))
                elif f.chance:
                    child = f.children[f.index]
                    f.index += 1
                    ca, cb = -INF, INF
                    nudges = (False, False)
                    f.child_probe = False
                else:
                    child = f.children[f.index]
                    f.index += 1
                    probe = (
                        pvs
                        and f.index > 1
                        and bool(self.kids(child))
                        and not self.is_horizon(child, f.depth + 1)
                    )
                    f.child_probe = probe
                    clo = f.lo
                    ca, cb = _max_view(f.sign, clo, clo if probe else f.hi)
                    # The null window at alpha: just above it, so that a child worth
                    # alpha fails low (rules.null_window_beats).
                    nudges = _nudges_max_view(
                        f.sign, f.lo_nudged, (poe and not f.lo_nudged) if probe else f.hi_nudged
                    )
                    if probe and self.record:
                        events.append(Probe(child, f.node, ca, cb))
                ret = self.enter(child, f.node, f.depth + 1, ca, cb, nudges)
                if ret is None and f.star is not None and f.child_probe:
                    stack[-1].limit = 1  # a Star2 probe searches the first child only
                if events:
                    yield from events
                    events.clear()
                if ret is None:
                    continue
            # Deliver the child's (soft) value to the frame on top.
            f = stack[-1]
            assert ret is not None
            value, cbound = ret
            if f.chance:
                if f.star is not None:
                    ret = self.star_deliver(f, child, value, cbound, f.child_probe)
                    if events:
                        yield from events
                        events.clear()
                    if ret is None:
                        continue
                    value, cbound = ret
                assert f.probs is not None
                p = f.probs[f.index - 1]
                f.acc.add(p, value)  # type: ignore[union-attr]
                if cbound != EXACT and p:
                    f.all_exact = False
                continue
            v = value * f.sign
            vb = cbound * f.sign
            if f.child_probe:
                f.child_probe = False
                if fails_high(v, vb, f.hi, poe, f.hi_nudged):
                    # Searched again from the bound the probe proved (Reinefeld): the
                    # window (v, beta), v known to be a lower bound.
                    self.re_searches += 1
                    ca, cb = _max_view(f.sign, v, f.hi)
                    if self.record:
                        events.append(ReSearch(child, f.node, ca, cb, value))
                    nudges = _nudges_max_view(f.sign, False, f.hi_nudged)
                    ret2 = self.enter(child, f.node, f.depth + 1, ca, cb, nudges, ret)
                    if events:
                        yield from events
                        events.clear()
                    if ret2 is None:
                        continue
                    v, vb = ret2[0] * f.sign, ret2[1] * f.sign
            self.deliver(f, child, v, vb, pruning, poe)
            if events:
                yield from events
                events.clear()

    def deliver(
        self, f: Frame, child: Hashable, v: float, vb: int, pruning: bool, poe: bool
    ) -> None:
        """Fold a child's value ``v`` (own view, bound ``vb``) into frame ``f``."""
        if f.best_child is None or better(v, vb, f.best, f.best_exact):
            f.best = v
            f.best_child = child
            f.best_exact = vb == EXACT
        if vb == LOWER:
            f.any_lower = True
        if f is self.stack[0]:
            self.root_results.append((child, v, vb))
        if not pruning:
            return
        if raises_lo(f.best, f.lo, f.lo_nudged, poe):
            f.lo = f.best
            f.lo_nudged = False
        # Only a value proven to reach beta cuts: under a zero-width window a child
        # that failed low (an upper bound) can equal beta without proving anything.
        reaches = self.beats_nudged if f.hi_nudged else self.beats
        if vb != UPPER and reaches(v, f.hi) and f.index < f.limit:
            skipped = tuple(f.children[f.index :])
            f.cut = True
            self.cutoffs += 1
            self.pruned.extend((f.node, c) for c in skipped)
            if self.record:
                a, b = _max_view(f.sign, f.lo, f.hi)
                reported, _ = self.report(f.sign, f.best, LOWER, f.lo0, f.hi0)
                self.events.append(Cutoff(f.node, child, reported * f.sign, a, b, skipped))

    def finish(self, f: Frame) -> tuple[float, int, float, int]:
        """Close frame ``f``: record and return its soft and reported values (MAX view)."""
        chosen = None
        if f.star is not None and f.star.cut is not None:
            soft, own_bound = f.star.cut
        elif f.chance:
            soft, own_bound = chance_value(f.node, f.acc.value(), f.all_exact)  # type: ignore[union-attr]
        elif f.limit < len(f.children):
            # A Star2 probe: the first child's value bounds the node from its own side.
            proved = f.best_exact or f.any_lower
            soft, own_bound = (f.best if proved else -INF), LOWER
        else:
            soft, own_bound = node_bound(
                f.best, f.cut, f.any_lower, f.best_exact, f.known_lo, f.known_hi
            )
            chosen = f.best_child
        sign = f.sign
        reported, rbound = self.report(1, soft, own_bound, f.lo0, f.hi0)
        a, b = _max_view(sign, f.lo, f.hi)
        soft_max, bound_max = soft * sign, own_bound * sign
        rep_max, rbound_max = reported * sign, rbound * sign
        # A later visit of a shared node that keeps the exact value keeps its best child.
        if chosen is not None and not keeps(self.values.get(f.node), rbound_max):
            self.chosen[f.node] = chosen
        self.store(f.node, rep_max, rbound_max, a, b, self.plan.pruning)
        self.exit_event(f.node, rep_max, rbound_max, a, b)
        if self.plan.transposition_table:
            self.table[f.node] = (soft_max, bound_max, self.remaining(f.depth))
        return soft_max, bound_max, rep_max, rbound_max

    # -- the result ----------------------------------------------------------------

    def result(
        self,
        soft: float,
        root_frame: Frame | None,
        bound: int,
        reported: float | None = None,
        rbound: int | None = None,
    ) -> SearchResult:
        plan = self.plan
        root = plan.root
        value = soft if reported is None else reported
        best_move: Hashable | None = None
        best_moves: tuple[Hashable, ...] = ()
        if root_frame is not None and not root_frame.chance:
            best_move = root_frame.best_child
            best = root_frame.best
            root_exact = bound == EXACT
            best_moves = tuple(
                c for c, v, vb in self.root_results if v == best and (vb == EXACT or not root_exact)
            )
            if best_move is not None and best_move not in best_moves:
                best_moves = (best_move, *best_moves)
        pv = [root]
        node = root
        on_path = {root}
        while node in self.chosen:
            node = self.chosen[node]
            if node in on_path:
                break
            on_path.add(node)
            pv.append(node)
        pruned: list[tuple[Hashable, Hashable]] = []
        seen_pruned: set[tuple[Hashable, Hashable]] = set()
        pred = self.pred
        for edge in self.pruned:
            if edge in seen_pruned:
                continue
            seen_pruned.add(edge)
            child = edge[1]
            if child in self.seen and (len(pred[child]) <= 1 or edge in self.dag_edges):
                continue
            pruned.append(edge)
        values = NodeValueMap(
            {n: v for n, (v, _) in self.values.items()},
            {n: b for n, (_, b) in self.values.items() if b != EXACT},
        )
        stats = SearchStats(
            nodes_visited=self.nodes_visited,
            leaves_evaluated=len(self.leaves),
            cutoffs=self.cutoffs,
            re_searches=self.re_searches,
            transposition_hits=self.tt_hits,
            max_depth=self.max_depth,
            horizon_evaluations=self.horizon,
        )
        return SearchResult(
            algorithm=plan.algorithm,
            root=root,
            value=value,
            best_child=best_move,
            best_children=best_moves,
            pv=tuple(pv),
            node_values=values,
            visited_leaves=tuple(self.leaves),
            pruned_edges=tuple(pruned),
            stats=stats,
            options=dict(plan.options),
            visit_order=tuple(self.visit_order),
            windows=dict(self.windows),
            visited_edges=tuple(
                sorted(
                    (e for e in self.dag_edges if len(pred[e[1]]) > 1),
                    key=_edge_key(self.visit_order),
                )
            ),
        )


def _edge_key(order: list[Hashable]) -> Callable[[tuple[Hashable, Hashable]], tuple[int, int]]:
    rank = {n: i for i, n in enumerate(order)}
    return lambda e: (rank.get(e[1], -1), rank.get(e[0], -1))


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector for a search or an annotation pass.

    Searches and annotations allocate many short-lived tuples and create no reference
    cycles; on a graph of 10**5 nodes or more each full collection their allocations
    trigger would rescan every node's dicts and cost more than the work itself.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def run(plan: Plan) -> Generator[TraceEvent, None, SearchResult]:
    """Run the core: a generator yielding trace events (only when ``plan.record``).

    Its return value (``StopIteration.value``) is the :class:`SearchResult`.
    """
    return _Search(plan).steps()


def run_to_result(plan: Plan) -> SearchResult:
    """Run the core to the end; keep the trace in the result when ``plan.record``."""
    gen = run(plan)
    events: list[TraceEvent] = []
    with gc_paused():
        try:
            if plan.record:
                while True:
                    events.append(next(gen))
            else:
                while True:
                    next(gen)
        except StopIteration as stop:
            result: SearchResult = stop.value
    if plan.record:
        result = result.with_trace(tuple(events))
    return result
