"""The search of a game that records no graph: what players, matches and benchmarks use.

It walks game states with an explicit stack and follows the conventions of the graph
engine (:mod:`gametree.search.engine`) step for step: negamax form with each node's own
sign, fail-soft values passed up (fail-hard only clamps what a node reports),
structural bound types, the same cutoff test and transposition-table rule. It numbers
nodes as the recorded search (:func:`gametree.search_game` with ``record=True``) does:
a node's children get consecutive ids, in move order, when the search first enters it
(with a transposition table, a position already numbered keeps its id). So both return
equal results apart from the graph.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from typing import Any

from gametree.exceptions import GameError
from gametree.search.result import Bound, NodeValue, SearchStats

__all__ = ["FastOutcome", "NodeValues", "fast_search"]

EXACT, LOWER, UPPER = 0, 1, -1
_BOUND = {EXACT: Bound.EXACT, LOWER: Bound.LOWER, UPPER: Bound.UPPER}
INF = math.inf


class NodeValues(Mapping[Hashable, NodeValue]):
    """A read-only mapping node -> :class:`NodeValue`, built on demand from raw pairs."""

    def __init__(self, raw: dict[int, tuple[float, int]]) -> None:
        self._raw = raw

    def __getitem__(self, node: Hashable) -> NodeValue:
        value, bound = self._raw[node]  # type: ignore[index]
        return NodeValue(value, _BOUND[bound])

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)

    def __repr__(self) -> str:
        return f"NodeValues({len(self)} nodes)"


class FastOutcome:
    """What :func:`fast_search` found (plain attributes; the caller builds the result)."""

    __slots__ = (
        "best_move",
        "best_moves",
        "chosen",
        "chosen_moves",
        "node_values",
        "pruned_edges",
        "root_children",
        "root_moves",
        "stats",
        "value",
        "visited_leaves",
    )

    def __init__(self) -> None:
        self.value: float = 0.0
        self.best_move: int | None = None
        self.best_moves: tuple[int, ...] = ()
        self.node_values: Mapping[Hashable, NodeValue] = {}
        self.visited_leaves: list[int] = []
        self.pruned_edges: list[tuple[int, int]] = []
        self.chosen: dict[int, int] = {}
        self.chosen_moves: dict[int, Any] = {}
        self.root_children: list[int] = []
        self.root_moves: Sequence[Any] = ()
        self.stats = SearchStats()


def fast_search(
    game: Any,
    root_state: Any,
    *,
    pruning: bool,
    depth: int | None,
    prune_on_equal: bool,
    fail_hard: bool,
    window: tuple[float, float],
    transposition_table: bool,
    player_of: Callable[[Any], str],
    evaluate: Callable[[Any], float],
    key: Callable[[Any], Hashable],
    max_nodes: int,
) -> FastOutcome:
    """Search ``game`` from ``root_state``; see the module docstring.

    ``pruning=False`` is minimax (no window, no cutoffs); otherwise alpha-beta. With
    ``transposition_table`` positions are merged by ``key`` (and ply when ``depth`` is
    set) and a position searched before reuses its stored value when its bound settles
    the current window.
    """
    actions, result = game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    poe = prune_on_equal
    out = FastOutcome()
    values: dict[int, tuple[float, int]] = {}
    leaves = out.visited_leaves
    pruned = out.pruned_edges
    chosen = out.chosen
    chosen_moves = out.chosen_moves
    root_results: list[tuple[int, float, int]] = []
    merged = transposition_table
    tt: dict[int, tuple[float, int]] = {}
    ids: dict[Hashable, int] = {}
    npred: dict[int, int] = {}
    kids_cache: dict[int, tuple[Sequence[Any], list[int], list[Any]]] = {}
    seen: set[int] = set()
    dag_edges: set[tuple[int, int]] = set()
    if merged:
        ids[key(root_state) if depth is None else (key(root_state), 0)] = 0
        npred[0] = 0
    counter = 1
    visited = cutoffs = hits = max_ply = horizon = 0

    # The node being entered: its state, id, parent, MAX-view window and ply.
    cs, cnode, cparent, ca, cb, cply = root_state, 0, -1, window[0], window[1], 0
    # The frame of the internal node whose child is being searched lives in locals
    # (own point of view: sign, lo, hi, best); its ancestors' frames are on ``stack``.
    has_frame = False
    s: Any = None
    node = sign = bi = i = ply = base = new_base = 0
    lo = hi = lo0 = hi0 = best = 0.0
    best_exact = cut = any_lower = False
    moves: Sequence[Any] = ()
    cids: list[int] | None = None
    cstates: list[Any] | None = None
    new_ids: list[int] | None
    stack: list[tuple[Any, ...]] = []
    rv, rb = 0.0, EXACT
    while True:
        # Enter ``cnode``.
        visited += 1
        if cply > max_ply:
            max_ply = cply
        if merged:
            seen.add(cnode)
            if cparent >= 0 and npred[cnode] > 1:
                dag_edges.add((cparent, cnode))
        entry = tt.get(cnode) if merged else None
        usable = False
        if entry is not None:
            rv, rb = entry
            if rb == EXACT:
                usable = True
            elif rb == LOWER:
                usable = rv >= cb if poe else rv > cb
            else:
                usable = rv <= ca if poe else rv < ca
        if usable:
            hits += 1
            if fail_hard and rb != EXACT:
                if rv > cb:
                    _store(values, cnode, cb, LOWER)
                elif rv < ca:
                    _store(values, cnode, ca, UPPER)
                else:
                    _store(values, cnode, rv, rb)
            else:
                _store(values, cnode, rv, rb)
        elif is_terminal(cs):
            rv, rb = utility(cs), EXACT
            leaves.append(cnode)
            values[cnode] = (rv, EXACT)
            if merged:
                tt[cnode] = (rv, EXACT)
        elif depth is not None and cply >= depth:
            rv, rb = evaluate(cs), EXACT
            horizon += 1
            leaves.append(cnode)
            values[cnode] = (rv, EXACT)
            if merged:
                tt[cnode] = (rv, EXACT)
        else:
            new_moves = actions(cs)
            if not new_moves:
                raise GameError(
                    f"{game!r}: state {cs!r} is not terminal but has no moves "
                    "(is_terminal and actions disagree)"
                )
            new_states: list[Any] | None
            if merged and cnode in kids_cache:
                new_moves, new_ids, new_states = kids_cache[cnode]
            elif merged:
                new_ids = []
                new_states = []
                kept: list[Any] = []
                for mv in new_moves:
                    t = result(cs, mv)
                    k = key(t) if depth is None else (key(t), cply + 1)
                    c = ids.get(k)
                    if c is None:
                        c = counter
                        counter += 1
                        ids[k] = c
                        npred[c] = 0
                    elif c in new_ids:
                        continue
                    npred[c] += 1
                    new_ids.append(c)
                    new_states.append(t)
                    kept.append(mv)
                new_moves = kept
                kids_cache[cnode] = (kept, new_ids, new_states)
            else:
                new_ids = None
                new_base = counter
                counter += len(new_moves)
                new_states = None
            if counter > max_nodes:
                raise GameError(
                    f"searching {game!r} passed max_nodes={max_nodes:,}: {counter:,} nodes "
                    "so far; raise the limit (max_nodes=...) or set a depth limit (depth=...)"
                )
            if cnode == 0:
                out.root_children = new_ids if new_ids is not None else list(range(1, counter))
                out.root_moves = new_moves
            if has_frame:
                stack.append(
                    (
                        s,
                        node,
                        sign,
                        lo,
                        hi,
                        lo0,
                        hi0,
                        best,
                        bi,
                        best_exact,
                        cut,
                        any_lower,
                        i,
                        moves,
                        cids,
                        base,
                        cstates,
                        ply,
                    )
                )
            has_frame = True
            s, node, ply = cs, cnode, cply
            sign = 1 if player_of(s) == "MAX" else -1
            if not pruning:
                lo, hi = -INF, INF
            elif sign > 0:
                lo, hi = ca, cb
            else:
                lo, hi = -cb, -ca
            lo0, hi0 = lo, hi
            best = -INF
            bi = -1
            best_exact = cut = any_lower = False
            i = 0
            moves, cids, cstates = new_moves, new_ids, new_states
            if cids is None:
                base = new_base
                cs = result(s, moves[0])
                cnode = base
            else:
                cs = cstates[0]  # type: ignore[index]
                cnode = cids[0]
            cparent = node
            if sign > 0:
                ca, cb = lo, hi
            else:
                ca, cb = -hi, -lo
            cply = ply + 1
            continue
        # Deliver (rv, rb), MAX view, to the frames above until one has a child left.
        while has_frame:
            v = rv * sign
            vb = rb * sign
            child = cids[i] if cids is not None else base + i
            if bi < 0 or v > best:
                best = v
                bi = i
                best_exact = vb == EXACT
            elif v == best and vb == EXACT and not best_exact:
                # As the engine: the first child proven to attain the value is the best.
                best_exact = True
                bi = i
            if vb == LOWER:
                any_lower = True
            if not stack:
                root_results.append((child, v, vb))
            i += 1
            if pruning:
                if best > lo:
                    lo = best
                # As the engine: only a child proven to reach beta cuts (under a
                # zero-width window a child's upper bound can equal beta).
                if vb != UPPER and (v >= hi if poe else v > hi) and i < len(moves):
                    cut = True
                    cutoffs += 1
                    if cids is None:
                        pruned.extend([(node, base + j) for j in range(i, len(moves))])
                    else:
                        pruned.extend([(node, c) for c in cids[i:]])
            if not cut and i < len(moves):
                if cids is None:
                    cs = result(s, moves[i])
                    cnode = base + i
                else:
                    cs = cstates[i]  # type: ignore[index]
                    cnode = cids[i]
                cparent = node
                if sign > 0:
                    ca, cb = lo, hi
                else:
                    ca, cb = -hi, -lo
                cply = ply + 1
                break
            # The node is finished.
            own = LOWER if cut or any_lower else EXACT if best_exact else UPPER
            if (own == LOWER and best == INF) or (own == UPPER and best == -INF):
                own = EXACT
            chosen[node] = cids[bi] if cids is not None else base + bi
            chosen_moves[node] = moves[bi]
            if fail_hard and best > hi0:
                _store(values, node, hi0 * sign, LOWER * sign)
            elif fail_hard and best < lo0:
                _store(values, node, lo0 * sign, UPPER * sign)
            elif own == EXACT:
                values[node] = (best * sign, EXACT)
            else:
                _store(values, node, best * sign, own * sign)
            rv, rb = best * sign, own * sign
            if merged:
                tt[node] = (rv, rb)
            if not stack:
                out.best_move = chosen[node]
                moves_at_best = [
                    c for c, v, vb in root_results if v == best and (vb == EXACT or own != EXACT)
                ]
                if out.best_move not in moves_at_best:
                    moves_at_best.insert(0, out.best_move)
                out.best_moves = tuple(moves_at_best)
                has_frame = False
                break
            (
                s,
                node,
                sign,
                lo,
                hi,
                lo0,
                hi0,
                best,
                bi,
                best_exact,
                cut,
                any_lower,
                i,
                moves,
                cids,
                base,
                cstates,
                ply,
            ) = stack.pop()
        if not has_frame:
            break
    out.value = values[0][0]
    out.node_values = NodeValues(values)
    if merged:
        kept_edges = []
        done: set[tuple[int, int]] = set()
        for edge in pruned:
            if edge in done:
                continue
            done.add(edge)
            c = edge[1]
            if c in seen and (npred[c] <= 1 or edge in dag_edges):
                continue
            kept_edges.append(edge)
        out.pruned_edges = kept_edges
    out.stats = SearchStats(
        nodes_visited=visited,
        leaves_evaluated=len(leaves),
        cutoffs=cutoffs,
        transposition_hits=hits,
        max_depth=max_ply,
        horizon_evaluations=horizon,
    )
    return out


def _store(values: dict[int, tuple[float, int]], node: int, value: float, bound: int) -> None:
    """Record a node's reported value, keeping an exact one once found (as the engine)."""
    if bound != EXACT:
        old = values.get(node)
        if old is not None and old[1] == EXACT:
            return
    values[node] = (value, bound)


def tree_search(
    game: Any,
    root_state: Any,
    *,
    pruning: bool,
    depth: int | None,
    prune_on_equal: bool,
    fail_hard: bool,
    window: tuple[float, float],
    player_of: Callable[[Any], str],
    evaluate: Callable[[Any], float],
    max_nodes: int,
) -> FastOutcome:
    """:func:`fast_search` without a transposition table: the same walk, fewer branches.

    A node's children are numbered ``base, base + 1, ...`` when it is entered, so only
    ``base`` is kept per frame and child states are made one at a time.
    """
    actions, result = game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    poe = prune_on_equal
    out = FastOutcome()
    values: dict[int, tuple[float, int]] = {}
    leaves = out.visited_leaves
    pruned = out.pruned_edges
    chosen = out.chosen
    chosen_moves = out.chosen_moves
    root_results: list[tuple[int, float, int]] = []
    limit = depth if depth is not None else -1
    counter = 1
    visited = cutoffs = max_ply = horizon = 0

    cs, cnode, ca, cb, cply = root_state, 0, window[0], window[1], 0
    has_frame = False
    s: Any = None
    node = sign = bi = i = ply = base = n_moves = 0
    lo = hi = lo0 = hi0 = best = 0.0
    best_exact = cut = any_lower = False
    moves: Sequence[Any] = ()
    stack: list[tuple[Any, ...]] = []
    rv, rb = 0.0, EXACT
    while True:
        visited += 1
        if cply > max_ply:
            max_ply = cply
        if is_terminal(cs):
            rv = utility(cs)
            rb = EXACT
            leaves.append(cnode)
            values[cnode] = (rv, EXACT)
        elif cply == limit:
            rv = evaluate(cs)
            rb = EXACT
            horizon += 1
            leaves.append(cnode)
            values[cnode] = (rv, EXACT)
        else:
            new_moves = actions(cs)
            if not new_moves:
                raise GameError(
                    f"{game!r}: state {cs!r} is not terminal but has no moves "
                    "(is_terminal and actions disagree)"
                )
            new_base = counter
            counter += len(new_moves)
            if counter > max_nodes:
                raise GameError(
                    f"searching {game!r} passed max_nodes={max_nodes:,}: {counter:,} nodes "
                    "so far; raise the limit (max_nodes=...) or set a depth limit (depth=...)"
                )
            if cnode == 0:
                out.root_children = list(range(1, counter))
                out.root_moves = new_moves
            if has_frame:
                stack.append(
                    (s, node, sign, lo, hi, lo0, hi0, best, bi, best_exact, cut, any_lower,
                     i, moves, n_moves, base, ply)
                )  # fmt: skip
            has_frame = True
            s, node, ply, moves, base = cs, cnode, cply, new_moves, new_base
            n_moves = len(moves)
            if player_of(s) == "MAX":
                sign = 1
                lo, hi = (ca, cb) if pruning else (-INF, INF)
            else:
                sign = -1
                lo, hi = (-cb, -ca) if pruning else (-INF, INF)
            lo0, hi0 = lo, hi
            best = -INF
            bi = -1
            best_exact = cut = any_lower = False
            i = 0
            cs = result(s, moves[0])
            cnode = base
            if sign > 0:
                ca, cb = lo, hi
            else:
                ca, cb = -hi, -lo
            cply = ply + 1
            continue
        while has_frame:
            v = rv * sign
            vb = rb * sign
            if bi < 0 or v > best:
                best = v
                bi = i
                best_exact = vb == EXACT
            elif v == best and vb == EXACT and not best_exact:
                # As the engine: the first child proven to attain the value is the best.
                best_exact = True
                bi = i
            if vb == LOWER:
                any_lower = True
            if not stack:
                root_results.append((base + i, v, vb))
            i += 1
            if pruning:
                if best > lo:
                    lo = best
                if vb != UPPER and (v >= hi if poe else v > hi) and i < n_moves:
                    cut = True
                    cutoffs += 1
                    pruned.extend([(node, base + j) for j in range(i, n_moves)])
            if not cut and i < n_moves:
                cs = result(s, moves[i])
                cnode = base + i
                if sign > 0:
                    ca, cb = lo, hi
                else:
                    ca, cb = -hi, -lo
                cply = ply + 1
                break
            own = LOWER if cut or any_lower else EXACT if best_exact else UPPER
            if (own == LOWER and best == INF) or (own == UPPER and best == -INF):
                own = EXACT
            chosen[node] = base + bi
            chosen_moves[node] = moves[bi]
            if fail_hard and best > hi0:
                _store(values, node, hi0 * sign, LOWER * sign)
            elif fail_hard and best < lo0:
                _store(values, node, lo0 * sign, UPPER * sign)
            elif own == EXACT:
                values[node] = (best * sign, EXACT)
            else:
                _store(values, node, best * sign, own * sign)
            rv, rb = best * sign, own * sign
            if not stack:
                out.best_move = chosen[node]
                moves_at_best = [
                    c for c, v, vb in root_results if v == best and (vb == EXACT or own != EXACT)
                ]
                if out.best_move not in moves_at_best:
                    moves_at_best.insert(0, out.best_move)
                out.best_moves = tuple(moves_at_best)
                has_frame = False
                break
            (s, node, sign, lo, hi, lo0, hi0, best, bi, best_exact, cut, any_lower,
             i, moves, n_moves, base, ply) = stack.pop()  # fmt: skip
        if not has_frame:
            break
    out.value = values[0][0]
    out.node_values = NodeValues(values)
    out.stats = SearchStats(
        nodes_visited=visited,
        leaves_evaluated=len(leaves),
        cutoffs=cutoffs,
        max_depth=max_ply,
        horizon_evaluations=horizon,
    )
    return out
