"""The search of a game that builds no graph: what players, matches and benchmarks use.

:func:`search` walks game states with an explicit stack and applies the rules of
:mod:`gametree.search.rules` as the graph engine (:mod:`gametree.search.engine`) does,
step for step: negamax form with each node's own sign, fail-soft values passed up (fail-hard
only clamps what a node reports), structural bound types, the same cutoff test, the
first child proven to attain the value as the best. It numbers nodes as the engine's
search through the expand hook does (a node's children get consecutive ids, in move
order, when the search first enters it), so both return equal results (in a tree every
node is entered once, so the engine's rule of keeping an exact value once stored never
applies); ``tests/test_search_game.py`` checks that on thousands of positions. With a
transposition table it either makes every child of a node it enters, as the hook does
(recorded searches: the graph holds those children), or makes a child only when the
search goes down its move, as game engines do (what ``record=False`` runs), numbering
positions in that order. One loop serves all three: they differ in how a node's
children are numbered and made and in the table probe on entry, never in delivering a
child's value, cutting off or finishing a node.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import repeat
from operator import itemgetter
from typing import Any, NamedTuple

from gametree.exceptions import InvalidTreeError
from gametree.games.expand import too_many
from gametree.games.protocol import check_hashable, no_moves_error
from gametree.search.bound import BOUND_OF_CODE
from gametree.search.result import NodeValue, NodeValueMap, SearchStats
from gametree.search.rules import (
    EXACT,
    LOWER,
    UPPER,
    beats,
    better,
    clamp,
    entry_settles,
    keeps,
    node_bound,
)

__all__ = ["FastOutcome", "NodeValues", "memo_entry", "search"]

INF = math.inf


class NodeValues(NodeValueMap):
    """The node values of a fast game search: a :class:`NodeValueMap` over raw entries.

    ``entries`` maps a node to a tuple starting (value, bound), bounds as the search's
    -1/0/1; the leaves (exact values) come apart, as ``leaves`` and their
    ``leaf_values`` in the same order, and join on first use (a search then spends no
    tuple per leaf). The plain dicts :meth:`raw` returns (what annotating reads) are
    made on first use too.
    """

    __slots__ = ("_codes", "_entries", "_own")

    def __init__(
        self,
        entries: dict[int, tuple[Any, ...]],
        leaves: Sequence[int] = (),
        leaf_values: Sequence[float] = (),
    ) -> None:
        super().__init__({}, None, leaves, leaf_values)
        self._own = entries
        self._entries: dict[int, tuple[Any, ...]] | None = None if leaves else entries
        self._merged = None
        self._codes: dict[Hashable, int] | None = None

    @property
    def entries(self) -> dict[int, tuple[Any, ...]]:
        """Every node's entry, leaves included."""
        merged = self._entries
        if merged is None:
            merged = dict(zip(self._leaves, zip(self._leaf_values, repeat(EXACT)), strict=False))  # type: ignore[arg-type]
            merged.update(self._own)
            self._entries = merged
        return merged

    def _all(self) -> dict[Hashable, float]:
        if self._merged is None:
            merged: dict[Hashable, float] = dict(zip(self._leaves, self._leaf_values, strict=True))
            merged.update(zip(self._own, map(itemgetter(0), self._own.values()), strict=True))
            self._merged = merged
        return self._merged

    def __getitem__(self, node: Hashable) -> NodeValue:
        entry = self.entries[node]  # type: ignore[index]
        return NodeValue(entry[0], BOUND_OF_CODE[entry[1]])

    def __repr__(self) -> str:
        return f"NodeValues({len(self)} nodes)"

    def raw(self) -> tuple[dict[Hashable, float], dict[Hashable, int]]:
        """Return the plain ``node -> value`` dict and ``node -> bound code`` dict."""
        if self._codes is None:
            self._codes = {n: e[1] for n, e in self._own.items() if e[1]}
        return self._all(), self._codes


class Dag(NamedTuple):
    """The merged graph an eager :func:`search` with a table saw, per node id."""

    states: list[Any]
    players: list[str]
    leaf_values: list[float | None]
    cut_off: list[bool]
    children: list[dict[int, Any] | None]
    """Child id -> first move, for the expanded nodes; ``None`` for the others."""
    expansions: list[int]
    """The nodes in the order they were expanded."""


class FastOutcome:
    """What :func:`fast_search` found (plain attributes; the caller builds the result)."""

    __slots__ = (
        "best_move",
        "best_moves",
        "chosen",
        "chosen_moves",
        "dag",
        "expanded",
        "horizon_nodes",
        "memo",
        "node_values",
        "positions",
        "pruned_edges",
        "root_children",
        "root_moves",
        "states",
        "stats",
        "value",
        "visit_order",
        "visited_edges",
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
        self.dag: Dag | None = None
        self.visited_edges: tuple[tuple[int, int], ...] = ()
        self.positions: list[list[Any]] = []
        """:func:`search` with a table: per id, a list starting with its state (for a
        skipped move's id, None and the move)."""


TABLE = "a transposition table (transposition_table=True)"
"""What needs hashable positions in a game search, as its refusal names it."""


def memo_entry(memo: dict[Any, list[Any]], state: Any) -> list[Any]:
    """The memo entry of ``state``: [is terminal, utility, moves, sign, child entries,
    the state, graph attributes, children's graph attributes], filled as the search
    and the graph building ask (``None``/0 until then)."""
    e = memo.get(state)
    if e is None:
        e = memo[state] = [None, None, None, 0, None, state, None, None]
    return e


def search(
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
    key: Callable[[Any], Hashable] | None = None,
    max_nodes: int,
    record: bool = False,
    keep: bool = True,
    eager: bool = False,
) -> FastOutcome:
    """Search ``game`` from ``root_state`` without a graph; see the module docstring.

    ``pruning=False`` is minimax (no window, no cutoffs); otherwise alpha-beta.

    How a node's children are numbered and made is the only thing the modes change:

    - ``key=None`` (no transposition table): a node's children are numbered ``base,
      base + 1, ...`` when it is entered, so only ``base`` is kept per frame and child
      states are made one at a time, as the search goes down their moves.
    - ``key`` and ``eager`` (a table, recorded): positions are merged by ``key`` (and
      ply under a depth limit) into numbered nodes as the engine's expand hook numbers
      them: a node's new children get the next ids when it is first entered (a move to
      a child already listed is skipped). An edge cut off is reported unless the search
      went down it, or its child has one parent and was entered.
    - ``key`` without ``eager`` (a table, ``record=False``): moves are made lazily, as
      game engines do: a child position is made only when the search goes down its
      move, positions are numbered in the order they are first made (the root is 0)
      and each move skipped at a cutoff gets an id of its own, which names no position.
      The value, the best moves, every position's value and bound, the leaves in order
      and the statistics are those of the eager mode, read position by position; in a
      game where two moves from one position reach the same position, a cutoff counts
      the moves left (the eager mode, which has made them, the distinct positions
      left). Errors a game raises for a child the search never enters are not raised.

    With a table every entry counts (the depth limit is applied to positions, so a
    depth-cut node is a leaf with its heuristic value): an exact entry is reused; a
    lower bound at or above beta (an upper bound at or below alpha; strictly without
    ``prune_on_equal``) is reused; a bound strictly inside the window narrows it, and
    failing low at a known lower bound (high at a known upper bound) pins the value
    there (:mod:`gametree.search.rules`). A node's reported value is kept once exact.

    With ``record`` (no table, or eager) it also keeps what building the graph
    afterwards needs: without a table the entered states (with the memo only the
    depth-cut ones; the memo entries hold the others), the expansions in order and the
    nodes cut by the depth limit; with one the merged graph (:attr:`FastOutcome.dag`)
    and the edges gone down to a node with several parents; and the first-visit order
    and the windows (MAX's view, as the engine's ``SearchResult.windows``). Without
    ``keep`` only the root's entry is kept (see ``keep="root"`` in
    :func:`gametree.search_game`): no per-node values, leaves or pruned edges.

    Without a table, a game whose ``memoize_states`` attribute is True (tic-tac-toe: a
    search meets few distinct positions many times) has what the search asks of each
    state kept for the length of the search: ``is_terminal``, ``utility``,
    ``actions``, the player and each child made by ``result`` are computed once per
    state, in the same order as without the memo, so results and errors are the same.
    Children are linked to their entries, so a position met again costs no hashing; its
    nodes share the first state object equal to it. The memo is returned as
    :attr:`FastOutcome.memo` for building the graph.
    """
    actions, result = game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    poe = prune_on_equal
    beat = beats(poe)
    tt = key is not None
    eager = eager and tt
    if not pruning:
        window = (-INF, INF)
    out = FastOutcome()
    values: dict[int, tuple[Any, ...]] = {}
    """Per node: value, bound (and without a table the best child and the move to it)."""
    leaves = out.visited_leaves
    leaves_append = leaves.append
    leaf_values: list[float] = []
    leaf_values_append = leaf_values.append
    chosen = out.chosen
    chosen_moves = out.chosen_moves
    root_results: list[tuple[int, float, int]] = []
    cut_spans: list[tuple[int, int, int, Sequence[Any], int, list[Any] | None]] = []
    """Per cutoff: node, first skipped move index, number of moves, moves, base, ids."""
    visited = cutoffs = max_ply = horizon = hits = n_internal = n_leaves = 0
    stack: list[tuple[Any, ...]] = []
    push, pop = stack.append, stack.pop

    # Without a table: the recording, the memo, the id counter.
    visit_order = out.visit_order
    windows = out.windows
    states = out.states
    expanded = out.expanded
    horizon_nodes = out.horizon_nodes
    memo: dict[Any, list[Any]] | None = (
        {} if not tt and getattr(game, "memoize_states", False) is True else None
    )
    out.memo = memo
    e: list[Any] | None = None
    if memo is not None:
        e = memo_entry(memo, root_state)
    limit = depth if depth is not None else -1
    counter = 1

    # With a table: the table by id, the ids by key, the record per id ([state, leaf
    # value, moves (None until entered; () for a leaf), sign, depth-cut]; a skipped
    # move's id: [None, the move]), the moves (node, index) made at any visit.
    table: dict[int, tuple[float, int]] = {}
    ids: dict[Hashable, int] = {}
    recs: list[list[Any]] = [[root_state, None, None, 0, False]]
    if key is not None:
        check_hashable(game, root_state, table=TABLE)
        ids[key(root_state) if depth is None else (key(root_state), 0)] = 0
    went: set[tuple[int, int]] = set()

    # ``eager`` (with a table, recorded): a node's children are made and numbered when
    # it is first entered, as the engine's expand hook does; its record is then [state,
    # leaf value, child ids (None until entered; () for a leaf), sign, depth-cut, the
    # first move to each child, ply, player, number of parents].
    seen: set[int] = set()
    dag_edges: set[tuple[int, int]] = set()
    expansions: list[int] = []
    keep_windows = record and pruning and key is not None

    def new_node(s: Any, ply: int) -> int:
        n = len(recs)
        player = player_of(s)
        terminal = is_terminal(s)
        recs.append([s, utility(s) if terminal else None, () if terminal else None,
                     1 if player == "MAX" else -1, False, (), ply, player, 0])  # fmt: skip
        return n

    def expand(n: int) -> list[int]:
        r = recs[n]
        s, ply = r[0], r[6]
        expansions.append(n)
        if depth is not None and ply >= depth:
            r[1] = evaluate(s)
            r[4] = True
            r[2] = ()
            return []
        moves = actions(s)
        if not moves:
            raise no_moves_error(game, s)
        children: dict[int, Any] = {}
        for a in moves:
            t = result(s, a)
            k = key(t) if depth is None else (key(t), ply + 1)  # type: ignore[misc]
            c = ids.get(k)
            if c is None:
                c = ids[k] = new_node(t, ply + 1)
            elif c in children:
                continue
            children[c] = a
            recs[c][8] += 1
        if len(recs) > max_nodes:
            raise too_many(game, len(recs), max_nodes, searching=True)
        r[2] = list(children)
        r[5] = list(children.values())
        return r[2]  # type: ignore[no-any-return]

    if eager:
        recs.clear()
        new_node(root_state, 0)

    # The node about to be entered: its state (without a table), id and ply. Its window
    # is the current frame's (lo, hi) seen from MAX (the root's is ``window``).
    cs, cnode, cply = root_state, 0, 0
    has_frame = fresh = False
    s: Any = None
    node = sign = bi = i = mi = ply = base = n_moves = 0
    lo = hi = lo0 = hi0 = best = 0.0
    best_exact = cut = any_lower = False
    known_lo: float | None = None
    known_hi: float | None = None
    moves: Sequence[Any] = ()
    kids: list[Any] | None = None
    kid_moves: list[Any] | None = None
    rv, rb = 0.0, EXACT
    new_s: Any = None
    new_base = 0
    new_sign = 0
    new_kids: list[Any] | None = None
    new_kid_moves: list[Any] | None = None
    known: tuple[float, int] | None = None
    nlo = nhi = 0.0
    while True:
        internal = leaf = False
        if key is not None:
            visited += 1
            if cply > max_ply:
                max_ply = cply
            if not has_frame:
                alpha, beta = window
            elif sign > 0:
                alpha, beta = lo, hi
            else:
                alpha, beta = -hi, -lo
            if eager:
                if cnode not in seen:
                    seen.add(cnode)
                    if record:
                        visit_order.append(cnode)
                if has_frame:
                    # Every edge gone down: the child may gain another parent later.
                    dag_edges.add((node, cnode))
            r: Any = recs[cnode]
            new_moves = r[2]
            if new_moves is None and eager:
                new_moves = expand(cnode)
            elif new_moves is None:
                cs = r[0]
                if is_terminal(cs):
                    r[1] = utility(cs)
                    new_moves = r[2] = ()
                elif depth is not None and cply >= depth:
                    r[1] = evaluate(cs)
                    r[4] = True
                    new_moves = r[2] = ()
                else:
                    new_moves = actions(cs)
                    if not new_moves:
                        raise no_moves_error(game, cs)
                    r[2] = new_moves
                    r[3] = 1 if player_of(cs) == "MAX" else -1
            known = None
            hit = False
            entry = table.get(cnode)
            if entry is not None:
                value, bound = entry
                if entry_settles(value, bound, alpha, beta, poe):
                    hit = True
                    hits += 1
                    reported, rbound = value, bound
                    if fail_hard and bound != EXACT:
                        reported, rbound = clamp(value, bound, alpha, beta)
                    if keep and not keeps(values.get(cnode), rbound):
                        values[cnode] = (reported, rbound)
                        if keep_windows:
                            windows[cnode] = (alpha, beta)
                    rv, rb = value, bound
                elif alpha < value < beta:
                    hits += 1
                    known = entry
            if hit:
                pass
            elif not new_moves:
                rv = r[1]
                leaf = True
                if r[4]:
                    horizon += 1
                table[cnode] = (rv, EXACT)
                if keep_windows:
                    windows[cnode] = (alpha, beta)
            else:
                if len(stack) >= len(recs):
                    raise InvalidTreeError(
                        f"cycle through node {cnode!r}: a game tree must be acyclic", node=cnode
                    )
                internal = True
                new_s = r[0]
                new_sign = r[3]
                nlo, nhi = (alpha, beta) if new_sign > 0 else (-beta, -alpha)
                if eager:
                    new_kids = new_moves
                    new_kid_moves = new_moves = r[5]
                else:
                    new_kids = []
                    new_kid_moves = []
        else:
            if record:
                visit_order.append(cnode)
                if e is None:
                    states[cnode] = cs
                if pruning:
                    windows[cnode] = ((lo, hi) if sign > 0 else (-hi, -lo)) if has_frame else window
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
                leaf = True
            elif cply == limit:
                rv = evaluate(cs)
                leaf = True
                horizon += 1
                if record:
                    horizon_nodes.add(cnode)
                    states[cnode] = cs
            else:
                internal = True
                known = None
                new_kid_moves = None
                if e is None:
                    new_moves = actions(cs)
                    if not new_moves:
                        raise no_moves_error(game, cs)
                    new_kids = None
                    new_sign = 1 if player_of(cs) == "MAX" else -1
                else:
                    new_moves = e[2]
                    if new_moves is None:
                        new_moves = actions(cs)
                        if not new_moves:
                            raise no_moves_error(game, cs)
                        e[2] = new_moves
                        e[4] = [None] * len(new_moves)
                    new_kids = e[4]
                    new_sign = e[3]
                    if not new_sign:
                        new_sign = e[3] = 1 if player_of(cs) == "MAX" else -1
                new_base = counter
                counter += len(new_moves)
                if counter > max_nodes:
                    raise too_many(game, counter, max_nodes, searching=True)
                if record:
                    expanded.append((cnode, new_moves, new_base, e))
                if not has_frame:
                    out.root_children = list(range(1, counter))
                    out.root_moves = new_moves
                    nlo, nhi = window if new_sign > 0 else (-window[1], -window[0])
                elif new_sign != sign:
                    nlo, nhi = -hi, -lo
                else:
                    nlo, nhi = lo, hi
                if cply >= max_ply:
                    # Every internal node enters its first child.
                    max_ply = cply + 1
                new_s = cs
        if leaf:
            rb = EXACT
            if keep:
                leaves_append(cnode)
                leaf_values_append(rv)
            else:
                n_leaves += 1
        elif internal:
            # The frame on the stack at index k searches a node at ply k.
            if has_frame:
                push((s, node, sign, lo, hi, lo0, hi0, best, bi, best_exact, any_lower,
                      known_lo, known_hi, i, mi, moves, base, kids, kid_moves, ply))  # fmt: skip
            has_frame = fresh = True
            s = new_s
            base = new_base
            node = cnode
            sign = new_sign
            ply = cply
            cply = ply + 1
            lo = lo0 = nlo
            hi = hi0 = nhi
            known_lo = known_hi = None
            if known is not None:
                kv = known[0] * sign
                if known[1] * sign == LOWER:
                    lo = known_lo = kv
                else:
                    hi = known_hi = kv
            best = -INF
            bi = -1
            best_exact = cut = any_lower = False
            moves = new_moves
            n_moves = len(moves)
            i = mi = 0
            kids = new_kids
            kid_moves = new_kid_moves
        # Deliver (rv, rb) to the frame on top (a fresh frame has nothing yet), enter
        # its next child, or finish it and deliver its value to the one below.
        while has_frame:
            if fresh:
                fresh = False
            else:
                v = rv * sign
                vb = rb * sign
                if bi < 0 or better(v, vb, best, best_exact):
                    best = v
                    bi = i
                    best_exact = vb == EXACT
                if vb == LOWER:
                    any_lower = True
                if not stack:
                    root_results.append((kids[i] if tt else base + i, v, vb))  # type: ignore[index]
                i += 1
                if pruning:
                    if best > lo:
                        lo = best
                    if vb != UPPER and beat(v, hi) and mi < n_moves:
                        cut = True
                        cutoffs += 1
                        if keep:
                            cut_spans.append((node, mi, n_moves, moves, base, kids))
            if cut:
                pass
            elif key is None:
                if mi < n_moves:
                    cnode = base + mi
                    if kids is None:
                        cs = result(s, moves[mi])
                        mi += 1
                        break
                    e = kids[mi]
                    if e is None:
                        t = result(s, moves[mi])
                        e = memo.get(t)  # type: ignore[union-attr]
                        if e is None:
                            # What memo_entry does, inlined in the hot loop.
                            e = memo[t] = [None, None, None, 0, None, t, None, None]  # type: ignore[index]
                        kids[mi] = e
                    mi += 1
                    cs = e[5]
                    break
            elif eager:
                if mi < n_moves:
                    cnode = kids[mi]  # type: ignore[index]
                    mi += 1
                    break
            else:
                # Make the next move's position (a move to a position already among
                # this node's children is skipped).
                while mi < n_moves:
                    a = moves[mi]
                    mi += 1
                    t = result(s, a)
                    k = key(t) if depth is None else (key(t), cply)
                    c = ids.get(k)
                    if c is None:
                        c = ids[k] = len(recs)
                        recs.append([t, None, None, 0, False])
                        if c >= max_nodes:
                            raise too_many(game, c + 1, max_nodes, searching=True)
                    elif c in kids:  # type: ignore[operator]
                        continue
                    kids.append(c)  # type: ignore[union-attr]
                    kid_moves.append(a)  # type: ignore[union-attr]
                    if keep:
                        went.add((node, mi - 1))
                    cnode = c
                    break
                else:
                    cnode = -1
                if cnode >= 0:
                    break
            # The node is finished.
            soft, own = node_bound(best, cut, any_lower, best_exact, known_lo, known_hi)
            rv = soft * sign
            rb = own * sign
            if tt:
                table[node] = (rv, rb)
            if keep or not stack:
                if fail_hard:
                    reported, rbound = clamp(soft, own, lo0, hi0)
                    reported *= sign
                    rbound *= sign
                else:
                    reported, rbound = rv, rb
                if not tt:
                    values[node] = (reported, rbound, base + bi, moves[bi])
                elif not keeps(values.get(node), rbound):
                    chosen[node] = kids[bi]  # type: ignore[index]
                    chosen_moves[node] = kid_moves[bi]  # type: ignore[index]
                    values[node] = (reported, rbound)
                    if keep_windows:
                        windows[node] = (lo, hi) if sign > 0 else (-hi, -lo)
            else:
                n_internal += 1
            if record and pruning and not tt:
                windows[node] = (lo, hi) if sign > 0 else (-hi, -lo)
            if not stack:
                best_child = kids[bi] if tt else base + bi  # type: ignore[index]
                out.best_move = best_child
                at_best = [
                    ch for ch, v, vb in root_results if v == best and (vb == EXACT or own != EXACT)
                ]
                if best_child not in at_best:
                    at_best.insert(0, best_child)
                out.best_moves = tuple(at_best)
                out.value = reported
                if tt:
                    out.root_children = kids  # type: ignore[assignment]
                    out.root_moves = kid_moves  # type: ignore[assignment]
                has_frame = False
                break
            (s, node, sign, lo, hi, lo0, hi0, best, bi, best_exact, any_lower,
             known_lo, known_hi, i, mi, moves, base, kids, kid_moves, ply) = pop()  # fmt: skip
            cut = False
            n_moves = len(moves)
            cply = ply + 1
        else:
            # The root was a leaf or a table hit: its (soft) value is the result.
            out.value = rv
        if not has_frame:
            break
    if key is None:
        # Each internal node stores its value once; its skipped children are ranges.
        visited = len(values) + n_internal + len(leaves) + n_leaves
        out.pruned_edges = [
            (n, base + j) for n, start, stop, _, base, _ in cut_spans for j in range(start, stop)
        ]
        at = 0
        while at in values:
            chosen[at] = values[at][2]
            chosen_moves[at] = values[at][3]
            at = chosen[at]
    elif eager:
        # A child cut off is a pruned edge unless the search went down that edge, or the
        # child has one parent and was entered.
        done: set[tuple[int, int]] = set()
        for n, start, stop, _, _, skipped_kids in cut_spans:
            for c in skipped_kids[start:stop]:  # type: ignore[index]
                edge = (n, c)
                if edge in done:
                    continue
                done.add(edge)
                if c in seen and (recs[c][8] <= 1 or edge in dag_edges):
                    continue
                out.pruned_edges.append(edge)
        if record:
            rank = {n: i for i, n in enumerate(visit_order)}
            out.visited_edges = tuple(
                sorted(
                    (e for e in dag_edges if recs[e[1]][8] > 1),
                    key=lambda e: (rank[e[1]], rank[e[0]]),
                )
            )
            out.dag = Dag(
                [r[0] for r in recs],
                [r[7] for r in recs],
                [r[1] for r in recs],
                [r[4] for r in recs],
                [None if r[2] is None else dict(zip(r[2], r[5], strict=True)) for r in recs],
                expansions,
            )
    else:
        # A move skipped at some cutoff and never made is a pruned edge, to an id of its
        # own.
        skipped: set[tuple[int, int]] = set()
        for n, start, stop, skipped_moves, _, _ in cut_spans:
            for j in range(start, stop):
                if (n, j) in went or (n, j) in skipped:
                    continue
                skipped.add((n, j))
                out.pruned_edges.append((n, len(recs)))
                if n == 0:
                    out.root_children.append(len(recs))
                    out.root_moves.append(skipped_moves[j])  # type: ignore[attr-defined]
                recs.append([None, skipped_moves[j]])
        out.positions = recs
    if not keep and not values:
        values[0] = (rv, rb)
    out.node_values = NodeValues(values, leaves, leaf_values)
    out.stats = SearchStats(
        nodes_visited=visited,
        leaves_evaluated=len(leaves) + n_leaves,
        cutoffs=cutoffs,
        transposition_hits=hits,
        max_depth=max_ply,
        horizon_evaluations=horizon,
    )
    return out
