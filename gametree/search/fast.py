"""A specialised loop for the common case of minimax, alpha-beta and PVS on a tree.

:func:`gametree.minimax`, :func:`gametree.alphabeta` and :func:`gametree.pvs` without a
trace, a depth limit, a transposition table, a child-order override or an ``expand`` hook
run here first.
It is the same algorithm as the core in :mod:`gametree.search.engine` (one fold with a
sign per player, the rules of :mod:`gametree.search.rules`), run faster: minimax
(which visits every node) reads the tree one breadth-first level at a time and folds
it bottom-up with ``map(max, ...)`` / ``map(min, ...)``, so no Python code runs per
node; alpha-beta keeps the state of the node being searched in local variables
instead of a frame object and reads leaves inline, and PVS is that loop with its probes
and re-searches. Anything unusual (a CHANCE node,
a node with several parents, a missing or malformed attribute, a cycle)
makes it give up and return None, and the caller runs the core, which handles it or
raises the proper error. The tests check that both give identical results. The
cyclic garbage collector is paused while it runs (the loop creates no reference
cycles; on graphs of a million nodes a full collection triggered by its allocations
would otherwise cost more than the search).

Why a loop of its own rather than the game loop (:func:`gametree.games.fastsearch.search`,
which applies the same rules to game states): a DiGraph can be searched through it as a
game whose states are the nodes and whose moves are the children, but that loop names
nodes by number (results would be translated back to the graph's ids), calls the game
protocol per node where this loop reads ``G._succ`` and ``G._node``, and cannot fold
minimax level by level. ``tests/benchmarks/bench_search.py`` prints the cost of that
alternative for alpha-beta, before translating the ids.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from functools import partial
from itertools import accumulate, chain, compress, filterfalse, islice, repeat
from operator import eq, itemgetter
from typing import Any

from gametree.attrs import PLAYER, VALUE
from gametree.search.engine import gc_paused
from gametree.search.plan import Plan
from gametree.search.result import NodeValueMap, SearchResult, SearchStats, stored_as_cuts
from gametree.search.rules import (
    EXACT,
    LOWER,
    SIGN,
    UPPER,
    beats,
    better,
    clamp,
    fails_high,
    keeps,
    node_bound,
    null_window_beats,
)

__all__ = ["fast_search"]

INF = math.inf


class _GiveUp(Exception):
    """The tree needs the general core."""


def fast_search(plan: Plan, *, details: bool) -> SearchResult | None:
    """Return the result of ``plan`` from the specialised loop, or None when it does not apply.

    ``details`` also records the visit order and (alpha-beta) the windows at exit, which
    :func:`gametree.annotate` writes as ``visit``, ``alpha`` and ``beta``.
    """
    if (
        plan.record
        or plan.transposition_table
        or plan.depth is not None
        or plan.expand is not None
        or plan.child_order is not None
    ):
        return None
    with gc_paused():
        try:
            if not plan.pruning and plan.window == (-INF, INF):
                return _minimax_levels(plan, details)
            return _search(plan, details)
        except (_GiveUp, KeyError, TypeError, ValueError):
            return None


def _search(plan: Plan, details: bool) -> SearchResult:
    G = plan.G
    succ = G._succ
    pred = G._pred
    nodes = G._node
    sign_of = SIGN
    pruning = plan.pruning
    poe = plan.prune_on_equal
    beat = beats(poe)
    beat_nudged = null_window_beats(poe, True)
    hard = plan.fail == "hard"
    root = plan.root
    # PVS: later internal children are probed with the null window and searched again
    # from the probe's bound when it fails high (the engine's rules, in locals): ends of
    # a window may be nudged (rules.null_window_beats), a re-searched node starts with
    # the bound its probe proved (``kl``/``kh``), and a node searched twice keeps an
    # exact value found first (rules.keeps).
    pvs = plan.pvs
    re_searches = 0
    entries = 1

    # Per internal node its value (MAX's view, as reported), bound code and chosen child;
    # the leaves in order, with their values.
    values: dict[Hashable, float] = {}
    bounds: dict[Hashable, int] = {}
    chosen: dict[Hashable, Hashable] = {}
    leaves: list[Hashable] = []
    lapp = leaves.append
    leaf_values: list[Any] = []
    vapp = leaf_values.append
    order: list[Hashable] = []
    oapp = order.append
    windows: dict[Hashable, tuple[float, float]] = {}
    cuts: list[tuple[Hashable, list[Hashable]]] = []
    root_results: dict[Hashable, tuple[float, int]] = {}
    cutoffs = 0
    max_depth = 0

    kids = succ[root]
    if not kids or len(pred[root]) > 1:
        raise _GiveUp
    # Every internal node entered below has one parent, the node it is entered from, so
    # the search can only come back to a node through the root.
    _check_not_on_cycle(pred, root, len(nodes))
    s = sign_of[nodes[root][PLAYER]]
    a0, b0 = plan.window
    lo, hi = (a0, b0) if s > 0 else (-b0, -a0)
    lo0, hi0 = lo, hi
    if details:
        oapp(root)
    node: Hashable = root
    it = iter(kids)
    best = -INF
    bc: Hashable | None = None
    bex = False
    anyl = False
    cut = False
    lon = hin = False
    ct = beat
    kl: float | None = None
    kh: float | None = None
    mode = 0  # how the node was entered: 0 plainly, 1 a probe, 2 a re-search
    depth = 0
    stack: list[tuple[Any, ...]] = []
    spush = stack.append
    spop = stack.pop
    done = hit = False
    root_skipped: list[Hashable] = []
    while True:
        if hit:
            # The last child delivered reached beta: the children left are cut off.
            hit = False
            rest = list(it)
            if rest:
                cut = True
                cutoffs += 1
                cuts.append((node, rest))
                if not stack:
                    root_skipped = rest
        # Search the children of ``node``: leaves inline, stop at the first internal one.
        child: Hashable | None = None
        for child in it:
            kids = succ[child]
            if kids:
                break
            v = nodes[child][VALUE]
            lapp(child)
            vapp(v)
            vo = v * s
            if details:
                oapp(child)
                if pruning:
                    windows[child] = (lo, hi) if s > 0 else (-hi, -lo)
            if vo > best:
                best = vo
                bc = child
                bex = True
                if pruning:
                    if vo > lo:
                        lo = vo
                    elif lon and vo == lo:
                        lon = False
                    if ct(vo, hi):
                        hit = True
                        break
            elif not bex and vo == best:
                bex = True
                bc = child
        else:
            child = None
        if hit:
            continue
        if child is not None and not cut:
            # Enter the internal child.
            if len(pred[child]) != 1:
                raise _GiveUp
            cs = sign_of[nodes[child][PLAYER]]
            cmode = 1 if pvs and bc is not None else 0
            spush((node, s, it, lo, hi, lo0, hi0, best, bc, bex, anyl, lon, hin, kl, kh, mode))
            mode = cmode
            if mode:
                # The null window at alpha, just above it (rules.null_window_beats).
                hi = lo
                hin = poe and not lon
            if cs != s:
                lo, hi, lon, hin = -hi, -lo, hin, lon
            ct = beat_nudged if hin else beat
            kl = kh = None
            lo0 = lo
            hi0 = hi
            entries += 1
            if details:
                oapp(child)
            node = child
            s = cs
            it = iter(kids)
            best = -INF
            bc = None
            bex = anyl = False
            depth += 1
            if depth > max_depth:
                max_depth = depth
            continue
        # ``node`` is finished: record it and fold its value into its parent, which
        # may finish in turn after a cutoff.
        while True:
            if bc is None:  # only with a NaN value, which the engine reports
                raise _GiveUp
            best, own_b = node_bound(best, cut, anyl, bex, kl, kh)
            if hard:
                rep, rb = clamp(best, own_b, lo0, hi0)
            else:
                rep, rb = best, own_b
            if not pvs:
                values[node] = rep * s
                if rb:
                    bounds[node] = rb * s
                chosen[node] = bc
                if details and pruning:
                    windows[node] = (lo, hi) if s > 0 else (-hi, -lo)
            elif not (node in values and keeps((values[node], bounds.get(node, EXACT)), rb)):
                values[node] = rep * s
                if rb:
                    bounds[node] = rb * s
                else:
                    bounds.pop(node, None)
                chosen[node] = bc
                if details:
                    windows[node] = (lo, hi) if s > 0 else (-hi, -lo)
            if not stack:
                done = True
                break
            flip = s
            child = node
            cmode = mode
            node, s, it, lo, hi, lo0, hi0, vo, bc, bex, anyl, lon, hin, kl, kh, mode = spop()
            ct = beat_nudged if hin else beat
            flip *= s
            depth -= 1
            cut = False
            # ``vo`` is the parent's best so far; ``best`` becomes it again below.
            v = best * flip
            bo = own_b * flip
            if cmode == 1 and fails_high(v, bo, hi, poe, hin):
                # Search the child again from the bound its probe proved, (v, beta).
                re_searches += 1
                spush((node, s, it, lo, hi, lo0, hi0, vo, bc, bex, anyl, lon, hin, kl, kh, mode))
                mode = 2
                kl = kh = None
                if flip > 0:
                    lo, lon = v, False
                    kl = v
                else:
                    lo, hi, lon, hin = -hi, -v, hin, False
                    kh = -v
                s = s * flip
                ct = beat_nudged if hin else beat
                lo0 = lo
                hi0 = hi
                entries += 1
                node = child
                it = iter(succ[child])
                best = -INF
                bc = None
                bex = anyl = False
                depth += 1
                break
            if bc is None or better(v, bo, vo, bex):
                best = v
                bc = child
                bex = bo == EXACT
            else:
                best = vo
            if bo == LOWER:
                anyl = True
            if not stack:
                root_results[child] = (v, bo)
            if pruning:
                if v > lo:
                    lo = v
                    lon = False
                elif lon and best == lo:
                    lon = False
                if bo != UPPER and ct(v, hi):
                    hit = True
            break
        if done:
            break

    _check_values(leaf_values)
    _check_one_parent(pred, leaves)
    skipped = set(root_skipped)
    searched = []
    for c in succ[root]:
        if c in skipped:
            continue
        if c in root_results:
            searched.append((c, *root_results[c]))
        else:
            searched.append((c, nodes[c][VALUE] * s, EXACT))
    best_moves = tuple(
        c for c, vo, bo in searched if vo == best and (bo == EXACT or own_b != EXACT)
    )
    if bc is not None and bc not in best_moves:
        best_moves = (bc, *best_moves)
    pv = [root]
    at: Hashable = root
    while at in chosen:
        at = chosen[at]
        pv.append(at)
    pruned: tuple[tuple[Hashable, Hashable], ...] | Any
    if pvs:
        # A node skipped in one pass and searched in another was not pruned.
        searched_nodes = set(values).union(leaves)
        pruned = tuple(
            dict.fromkeys((n, c) for n, rest in cuts for c in rest if c not in searched_nodes)
        )
        order = list(dict.fromkeys(order))
        entries += len(leaves)
    else:
        pruned = stored_as_cuts(cuts, values)
        entries = len(values) + len(leaves)
    stats = SearchStats(
        nodes_visited=entries,
        leaves_evaluated=len(leaves),
        cutoffs=cutoffs,
        re_searches=re_searches,
        max_depth=max_depth + 1,
    )
    return SearchResult(
        algorithm=plan.algorithm,
        root=root,
        value=values[root],
        best_child=bc,
        best_children=best_moves,
        pv=tuple(pv),
        node_values=NodeValueMap(values, bounds, leaves, leaf_values),
        visited_leaves=tuple(leaves),
        pruned_edges=pruned,
        stats=stats,
        options=dict(plan.options),
        visit_order=tuple(order),
        windows=windows,
    )


def _minimax_levels(plan: Plan, details: bool) -> SearchResult:
    """Minimax on a tree, level by level, with the per-node work done by builtins.

    The tree is read breadth-first one level at a time (``chain`` over the children
    dicts), then folded bottom-up: a MAX node takes ``max`` of its children's values, a
    MIN node ``min``, through ``map`` so that no Python code runs per node. ``max`` and
    ``min`` keep the first of equal values, like the core's fold; every value is exact,
    and the chosen child of a node on the PV is its first child with the node's value.
    When every leaf is at the same depth the values stay in lists aligned with the
    levels (the children of a level's nodes are the next level, in order) and the
    leaves in evaluation order are the last level; otherwise a dict holds the values
    and a depth-first walk gives the leaves' order.
    """
    G = plan.G
    succ = G._succ
    nodes = G._node
    root = plan.root
    kids_of = succ.get
    data_of = nodes.get
    if not succ[root]:
        raise _GiveUp
    # Minimax reads every node anyway: one pass over all of them tells whether the
    # graph is a forest (no node has several parents; the core reports the edges gone
    # down into such nodes, ``SearchResult.visited_edges``).
    if max(map(len, G._pred.values())) > 1:
        raise _GiveUp
    _check_not_on_cycle(G._pred, root, len(nodes))
    levels: list[list[Hashable]] = []
    kid_dicts: list[list[Any]] = []
    level: list[Hashable] = [root]
    uniform = True
    # Once every node of the graph is in a level, the last level holds leaves only: no
    # node has several parents and the root is on no cycle, so a child of the last
    # level would be a node not seen yet. This spares a pass over the leaves.
    unseen = len(nodes) - 1
    while unseen and any(map(kids_of, level)):
        kids = list(map(kids_of, level))
        internal = list(compress(level, kids))
        if len(internal) != len(level):
            uniform = False
            kids = list(compress(kids, kids))
        levels.append(level if uniform else internal)
        kid_dicts.append(kids)
        level = list(chain.from_iterable(kids))
        unseen -= len(level)
    if not uniform:
        return _minimax_mixed(plan, details, levels, kid_dicts)
    leaf_values = list(map(_GET_VALUE, map(data_of, level)))
    _check_values(leaf_values)
    per_level = [leaf_values]
    below = leaf_values
    for internal, kids in zip(reversed(levels), reversed(kid_dicts), strict=True):
        below = _fold(internal, kids, below, data_of)
        per_level.append(below)
    per_level.reverse()
    value = per_level[0][0]
    children = per_level[1][: len(succ[root])]
    best_moves = tuple(compress(succ[root], map(eq, children, repeat(value))))
    pv = [root]
    index = 0
    for depth in range(len(levels)):
        start = sum(map(len, kid_dicts[depth][:index]))
        want = per_level[depth][index]
        row = per_level[depth + 1]
        index = start + next(
            i for i in range(len(kid_dicts[depth][index])) if row[start + i] == want
        )
        pv.append(levels[depth + 1][index] if depth + 1 < len(levels) else level[index])
    levels.append(level)
    all_nodes = list(chain.from_iterable(levels))
    node_values = NodeValueMap({}, None, all_nodes, list(chain.from_iterable(per_level)))
    order: tuple[Hashable, ...] = ()
    if details:
        # No node has several parents (checked above), so no node is listed twice.
        order = tuple(_preorder_of_levels(levels, kid_dicts))
    inner = list(chain.from_iterable(levels[:-1]))
    return _minimax_result(
        plan, value, best_moves, pv, node_values, level, inner, len(levels) - 1, order
    )


def _preorder_of_levels(levels: list[list[Hashable]], kid_dicts: list[list[Any]]) -> list[Hashable]:
    """Return the depth-first order of a tree given as full levels (no graph access).

    The children of a level's nodes are the next level, in order: node ``i`` of level
    ``d`` owns the slice ``starts[d][i]:starts[d][i + 1]`` of level ``d + 1``. One
    stack walk, so the cost is linear in the nodes whatever the depth.
    """
    starts = [list(accumulate(map(len, kids), initial=0)) for kids in kid_dicts]
    last = len(kid_dicts)
    out: list[Hashable] = []
    stack = [(0, 0)]
    while stack:
        depth, i = stack.pop()
        out.append(levels[depth][i])
        if depth < last:
            below = depth + 1
            first, end = starts[depth][i], starts[depth][i + 1]
            stack.extend(
                zip(repeat(below, end - first), range(end - 1, first - 1, -1), strict=True)
            )
    return out


_GET_VALUE = itemgetter(VALUE)
_GET_PLAYER = itemgetter(PLAYER)


def _fold(internal: list[Hashable], kids: list[Any], below: list[Any], data_of: Any) -> list[Any]:
    """Return the minimax values of ``internal`` given ``below``, their children's values
    in order (``kids`` holds each node's children dict)."""
    players = list(map(_GET_PLAYER, map(data_of, internal)))
    kinds = set(players)
    counts = list(map(len, kids))
    same = len(set(counts)) == 1
    rows: Any = (
        zip(*[iter(below)] * counts[0], strict=True)
        if same
        else map(islice, repeat(iter(below)), counts)
    )
    if kinds == {"MAX"}:
        return list(map(max, rows))
    if kinds == {"MIN"}:
        return list(map(min, rows))
    if not kinds <= {"MAX", "MIN"}:
        raise _GiveUp
    return [max(row) if p == "MAX" else min(row) for p, row in zip(players, rows, strict=True)]


def _minimax_mixed(
    plan: Plan,
    details: bool,
    levels: list[list[Hashable]],
    kid_dicts: list[list[Any]],
) -> SearchResult:
    """The minimax fold when leaves lie at several depths: values in one dict."""
    G = plan.G
    succ = G._succ
    root = plan.root
    data_of = G._node.get
    walk = _preorder(succ, root)
    leaves = list(filterfalse(succ.get, walk))
    leaf_values = list(map(_GET_VALUE, map(data_of, leaves)))
    _check_values(leaf_values)
    values: dict[Hashable, Any] = dict(zip(leaves, leaf_values, strict=True))
    fold = partial(map, values.__getitem__)
    for internal in reversed(levels):
        players = list(map(_GET_PLAYER, map(data_of, internal)))
        maxes = list(compress(internal, map(eq, players, repeat("MAX"))))
        mins = list(compress(internal, map(eq, players, repeat("MIN"))))
        if len(maxes) + len(mins) != len(internal):
            raise _GiveUp
        values.update(zip(maxes, map(max, map(fold, map(succ.__getitem__, maxes))), strict=True))
        values.update(zip(mins, map(min, map(fold, map(succ.__getitem__, mins))), strict=True))
    value = values[root]
    best_moves = tuple(c for c in succ[root] if values[c] == value)
    pv = [root]
    at: Hashable = root
    while succ[at]:
        want = values[at]
        at = next(c for c in succ[at] if values[c] == want)
        pv.append(at)
    order = tuple(dict.fromkeys(walk)) if details else ()
    inner = list(chain.from_iterable(levels))
    return _minimax_result(
        plan, value, best_moves, pv, NodeValueMap(values), leaves, inner, len(levels), order
    )


def _minimax_result(
    plan: Plan,
    value: Any,
    best_moves: tuple[Hashable, ...],
    pv: list[Hashable],
    node_values: NodeValueMap,
    leaves: list[Hashable],
    inner: list[Hashable],
    max_depth: int,
    order: tuple[Hashable, ...],
) -> SearchResult:
    """The result of minimax on a tree whose internal nodes are ``inner``."""
    stats = SearchStats(
        nodes_visited=len(inner) + len(leaves),
        leaves_evaluated=len(leaves),
        cutoffs=0,
        max_depth=max_depth,
    )
    return SearchResult(
        algorithm=plan.algorithm,
        root=plan.root,
        value=value,
        best_child=best_moves[0],
        best_children=best_moves,
        pv=tuple(pv),
        node_values=node_values,
        visited_leaves=tuple(leaves),
        pruned_edges=stored_as_cuts([], inner),
        stats=stats,
        options=dict(plan.options),
        visit_order=order,
        windows={},
    )


def _check_not_on_cycle(pred: Any, root: Hashable, limit: int) -> None:
    """Give up if ``root`` lies on a cycle of nodes with one parent each.

    Every other cycle reachable from ``root`` enters at a node with two parents, which
    the callers reject.
    """
    at = root
    for _ in range(limit):
        parents = pred[at]
        if len(parents) != 1:
            return
        (at,) = parents
        if at == root:
            raise _GiveUp


def _preorder(succ: Any, root: Hashable) -> list[Hashable]:
    """Return the nodes below ``root`` depth-first, children in order (leaves repeated
    once per parent); a node whose children are all leaves adds them in one step."""
    out: list[Hashable] = []
    add = out.append
    add_all = out.extend
    succ_of = succ.__getitem__
    stack = [root]
    pop = stack.pop
    push = stack.extend
    while stack:
        u = pop()
        add(u)
        kids = succ[u]
        if kids:
            if any(map(succ_of, kids)):
                push(reversed(kids))
            else:
                add_all(kids)
    return out


def _check_one_parent(pred: Any, leaves: list[Hashable]) -> None:
    """Give up if a leaf the search reached has several parents: the core reports the
    edges gone down to it (``SearchResult.visited_edges``)."""
    if leaves and max(map(len, map(pred.__getitem__, leaves))) > 1:
        raise _GiveUp


def _check_values(leaf_values: list[Any]) -> None:
    """Give up unless every leaf value is a plain int or float and none is NaN."""
    if not set(map(type, leaf_values)) <= {int, float}:
        raise _GiveUp
    try:
        total = sum(leaf_values)
    except OverflowError:  # an int beyond float range: the engine names the node
        raise _GiveUp from None
    if total != total and any(map(math.isnan, leaf_values)):
        raise _GiveUp
