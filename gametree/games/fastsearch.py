"""The search of a game that records no graph: what players, matches and benchmarks use.

:func:`tree_search` walks game states with an explicit stack and follows the rules of
the graph engine (:mod:`gametree.search.engine`) step for step: negamax form with each
node's own sign, fail-soft values passed up (fail-hard only clamps what a node reports),
structural bound types, the same cutoff test, the first child proven to attain the
value as the best. It numbers nodes as the engine's search through the expand hook
does (a node's children get consecutive ids, in move order, when the search first
enters it), so both return equal results (in a tree every node is entered once, so
the engine's rule of keeping an exact value once stored never applies);
``tests/test_search_game.py`` checks that on thousands of positions. Searches with a
transposition table always run on the engine.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from itertools import repeat
from typing import Any

from gametree.exceptions import GameError
from gametree.search.result import Bound, NodeValue, SearchStats

__all__ = ["FastOutcome", "NodeValues", "tree_search"]

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
        "expanded",
        "horizon_nodes",
        "memo",
        "node_values",
        "pruned_edges",
        "root_children",
        "root_moves",
        "states",
        "stats",
        "value",
        "visit_order",
        "visited_leaves",
        "windows",
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
        self.visit_order: list[int] = []
        self.windows: dict[Hashable, tuple[float, float]] = {}
        self.states: dict[int, Any] = {}
        self.expanded: list[tuple[int, Sequence[Any], int, list[Any] | None]] = []
        self.horizon_nodes: set[int] = set()
        self.memo: dict[Any, list[Any]] | None = None


def _entry(memo: dict[Any, list[Any]], state: Any) -> list[Any]:
    """The memo entry of ``state``: [is terminal, utility, moves, sign, child entries,
    the state, graph attributes, children's graph attributes], filled as the search
    and the graph building ask (``None``/0 until then)."""
    e = memo.get(state)
    if e is None:
        e = memo[state] = [None, None, None, 0, None, state, None, None]
    return e


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
    record: bool = False,
) -> FastOutcome:
    """Search ``game`` from ``root_state`` (no transposition table); see the module docstring.

    ``pruning=False`` is minimax (no window, no cutoffs); otherwise alpha-beta.

    A node's children are numbered ``base, base + 1, ...`` when it is entered, so only
    ``base`` is kept per frame and child states are made one at a time. With ``record``
    it also keeps what building the graph afterwards needs: the entered states (with the
    memo only the depth-cut ones; the memo entries hold the others), the expansions in
    order, the visit order, the windows at exit (MAX's view, as the engine's
    ``SearchResult.windows``) and the nodes cut by the depth limit.

    A game whose ``memoize_states`` attribute is True (tic-tac-toe: a search meets few
    distinct positions many times) has what the search asks of each state kept for the
    length of the search: ``is_terminal``, ``utility``, ``actions``, the player and each
    child made by ``result`` are computed once per state, in the same order as without
    the memo, so results and errors are the same. Children are linked to their entries,
    so a position met again costs no hashing; its nodes share the first state object
    equal to it. The memo is returned as
    :attr:`FastOutcome.memo` for building the graph.
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
    visit_order = out.visit_order
    windows = out.windows
    states = out.states
    expanded = out.expanded
    horizon_nodes = out.horizon_nodes
    memo: dict[Any, list[Any]] | None = (
        {} if getattr(game, "memoize_states", False) is True else None
    )
    out.memo = memo
    e: list[Any] | None = None
    if memo is not None:
        e = _entry(memo, root_state)
    kids: list[Any] | None = None
    new_kids: list[Any] | None = None
    limit = depth if depth is not None else -1
    counter = 1
    internal = cutoffs = max_ply = horizon = 0
    leaves_append = leaves.append
    stack: list[tuple[Any, ...]] = []
    push, pop = stack.append, stack.pop

    # The node about to be entered: its state, id and ply. Its window is the current
    # frame's (lo, hi) seen from MAX (the root's is ``window``); it is only needed when
    # the node is internal or recorded.
    cs, cnode, cply = root_state, 0, 0
    has_frame = False
    s: Any = None
    node = sign = bi = i = ply = base = n_moves = 0
    lo = hi = lo0 = hi0 = best = 0.0
    best_exact = cut = any_lower = False
    moves: Sequence[Any] = ()
    rv, rb = 0.0, EXACT
    while True:
        if has_frame:
            ca, cb = (lo, hi) if sign > 0 else (-hi, -lo)
        else:
            ca, cb = window
        if record:
            visit_order.append(cnode)
            if e is None:
                states[cnode] = cs
            if pruning:
                windows[cnode] = (ca, cb)
        if e is not None:
            terminal = e[0]
            if terminal is None:
                terminal = e[0] = is_terminal(cs)
                if terminal:
                    e[1] = utility(cs)
        else:
            terminal = is_terminal(cs)
        if terminal:
            rv = utility(cs) if e is None else e[1]
            rb = EXACT
            leaves_append(cnode)
            values[cnode] = (rv, EXACT)
        elif cply == limit:
            rv = evaluate(cs)
            rb = EXACT
            horizon += 1
            leaves_append(cnode)
            values[cnode] = (rv, EXACT)
            if record:
                horizon_nodes.add(cnode)
                states[cnode] = cs
        else:
            new_moves = None if e is None else e[2]
            if new_moves is None:
                new_moves = actions(cs)
                if not new_moves:
                    raise GameError(
                        f"{game!r}: state {cs!r} is not terminal but has no moves "
                        "(is_terminal and actions disagree)"
                    )
                if e is not None:
                    e[2] = new_moves
                    e[4] = [None] * len(new_moves)
            new_kids = None if e is None else e[4]
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
            if record:
                expanded.append((cnode, new_moves, new_base, e))
            if has_frame:
                push(
                    (s, node, sign, lo, hi, lo0, hi0, best, bi, best_exact, cut, any_lower,
                     i, moves, n_moves, base, ply, kids)
                )  # fmt: skip
            has_frame = True
            internal += 1
            s, node, ply, moves, base, kids = cs, cnode, cply, new_moves, new_base, new_kids
            n_moves = len(moves)
            # Every internal node enters its first child.
            if ply >= max_ply:
                max_ply = ply + 1
            if e is None:
                sign = 1 if player_of(s) == "MAX" else -1
            else:
                sign = e[3]
                if not sign:
                    sign = e[3] = 1 if player_of(s) == "MAX" else -1
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
            cnode = base
            cply = ply + 1
            if kids is None:
                cs = result(s, moves[0])
                continue
            e = kids[0]
            if e is None:
                e = kids[0] = _entry(memo, result(s, moves[0]))  # type: ignore[arg-type]
            cs = e[5]
            if not e[0]:
                continue
            # A position known to be terminal is evaluated here, without entering it.
            rv = e[1]
            rb = EXACT
            leaves_append(cnode)
            values[cnode] = (rv, EXACT)
            if record:
                visit_order.append(cnode)
                if pruning:
                    windows[cnode] = (lo, hi) if sign > 0 else (-hi, -lo)
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
                    pruned.extend(zip(repeat(node), range(base + i, base + n_moves), strict=False))
            if not cut and i < n_moves:
                cnode = base + i
                if kids is None:
                    cs = result(s, moves[i])
                    break
                e = kids[i]
                if e is None:
                    e = kids[i] = _entry(memo, result(s, moves[i]))  # type: ignore[arg-type]
                cs = e[5]
                if not e[0]:
                    break
                rv = e[1]
                rb = EXACT
                leaves_append(cnode)
                values[cnode] = (rv, EXACT)
                if record:
                    visit_order.append(cnode)
                    if pruning:
                        windows[cnode] = (lo, hi) if sign > 0 else (-hi, -lo)
                continue
            own = LOWER if cut or any_lower else EXACT if best_exact else UPPER
            if (own == LOWER and best == INF) or (own == UPPER and best == -INF):
                own = EXACT
            chosen[node] = base + bi
            chosen_moves[node] = moves[bi]
            if fail_hard and best > hi0:
                values[node] = (hi0 * sign, LOWER * sign)
            elif fail_hard and best < lo0:
                values[node] = (lo0 * sign, UPPER * sign)
            else:
                values[node] = (best * sign, own * sign)
            rv, rb = best * sign, own * sign
            if record and pruning:
                windows[node] = (lo, hi) if sign > 0 else (-hi, -lo)
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
             i, moves, n_moves, base, ply, kids) = pop()  # fmt: skip
            cply = ply + 1
        if not has_frame:
            break
    visited = internal + len(leaves)
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
