"""Monte Carlo tree search (UCT), on explicit trees and on games, with MCTS-Solver.

One loop (:func:`run_mcts`) runs over a *position source* (:class:`PositionSource`): an
explicit tree's nodes (:class:`GraphSource`) or a game's states
(:class:`gametree.games.mcts.GameSource`). Both answer the same four questions: who
moves at a position, its value if it ends the game, its moves (with their
probabilities at a CHANCE position) and the position a move leads to. The MCTS tree
itself is kept in flat arrays, one slot per tree node, and never recursed
(:class:`~gametree.search.mcts_tree.Tree`); :mod:`gametree.search.mcts_result` turns a
finished run into an :class:`~gametree.search.mcts_result.MCTSResult`, and the events of
a traced run are :class:`~gametree.search.trace.Selection`, ``Expansion``, ``Playout``
and ``Backpropagation`` (:mod:`gametree.search.trace`). This module re-exports those
names, and :func:`~gametree.search.mcts_tree.ucb1_score`, so the old import paths work.

Each iteration has four phases, with these exact rules:

Selection
    From the root, while the current node is in the tree, not terminal and every one of
    its children has been added: at a MAX or MIN node, go to the child with the largest
    UCB1 score ``q + c * sqrt(ln N / n)``, where ``N`` is the node's visits, ``n`` the
    child's and ``q`` the child's mean value scaled to [0, 1] with ``value_range = (lo,
    hi)`` for the chooser: ``(mean - lo) / (hi - lo)`` at MAX, ``(hi - mean) / (hi -
    lo)`` at MIN (on a win/loss tree, the chooser's win rate). Ties go to the first child
    in child order. At a CHANCE node, draw the child by its ``prob`` (equal weights
    without) with the search's own random generator.
Expansion
    At a MAX or MIN node with children not yet added, add the first of them in child
    order (so every child is tried once, left to right, before UCB1 chooses); at a
    CHANCE node, add the drawn child if it is new. One node per iteration.
Playout
    From the added node to the end of the game: ``"random"`` picks each move uniformly
    (CHANCE positions by ``prob``) with the search's ``random.Random(seed)``; a callable
    ``policy(G, node) -> child`` (games: ``policy(game, state) -> move``) picks at MAX
    and MIN positions; ``"evaluate"`` stops at once with the position's heuristic
    (a node's ``value``, ``game.evaluate``) or, at a terminal, its value.
Backpropagation
    Every node on the path from the root to the added node gets one more visit and the
    playout value (MAX's point of view) added to its total.

Infinite and huge values (:mod:`gametree.search.mcts_tree`): a total counts its ``inf``
and ``-inf`` playouts apart from the sum of the finite ones, and is ``inf`` or ``-inf``
by whichever count is larger, the finite sum when they are equal; the mean is the
total over the visits, never NaN. Finite sums past the float range are kept exactly.
UCB1's ``q`` counts an ``inf`` playout as the top of the range and ``-inf`` as the
bottom, so scores stay finite. The solver proves a MAX node at once from a child proven
at ``inf`` (MIN: ``-inf``), at an end of the range only when every value lies in it,
and never a CHANCE node with outcomes proven at ``inf`` and ``-inf`` (undefined). A
playout value that is NaN or not a number (a game's ``utility``) is a
:class:`SearchError`.

When selection reaches a terminal node, nothing is added: its value is the playout
value. The move returned is the most visited root child, ties to the first in child
order. With ``solver=True`` (MCTS-Solver, Winands, Bjornsson and Saito 2008), a terminal
node is proven at its value; a MAX node is proven at ``hi`` as soon as one child is
(``lo`` at MIN), and any MAX, MIN or CHANCE node once all its children are proven (at
their max, min or weighted mean); selection skips children proven at the chooser's
worst value (``lo`` at MAX, or ``-inf``) while others remain, and stops at a proven
node, backing up its proven value. A proven root chooses its first child proven at the
root's value.
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

import networkx as nx

from gametree.attrs import PLAYER, PROB, VALUE
from gametree.exceptions import InvalidTreeError, SearchError
from gametree.search.mcts_result import ChildStats, MCTSResult
from gametree.search.mcts_result import format_children as format_children
from gametree.search.mcts_tree import GUARD, Outcome, Total, Tree, playout_share, ucb1_score
from gametree.search.plan import check_flag
from gametree.search.rules import ChanceAverage
from gametree.search.trace import Backpropagation, Expansion, Playout, Selection
from gametree.search.trace import MCTSEvent as MCTSEvent
from gametree.validation import value_problem

__all__ = [
    "Backpropagation",
    "ChildStats",
    "Expansion",
    "GraphSource",
    "MCTSResult",
    "Playout",
    "PositionSource",
    "Selection",
    "run_mcts",
    "ucb1_score",
]

HALF = GUARD / 2
"""Selection scales means inline while the range lies within ``(-HALF, HALF)``."""

PLAYOUTS = ("random", "evaluate")
"""The playout names :func:`gametree.mcts` accepts (besides a callable policy)."""


# ---------------------------------------------------------------------------
# Position sources.


class PositionSource(Protocol):
    """What the loop asks of the positions it searches: :class:`GraphSource` for an
    explicit tree, :class:`gametree.games.mcts.GameSource` for a game."""

    def player(self, pos: Any) -> str:
        """``"MAX"``, ``"MIN"``, ``"CHANCE"``, or ``""`` where the game has ended."""
        ...

    def terminal_value(self, pos: Any) -> float:
        """The value of a position where the game has ended (MAX's point of view)."""
        ...

    def heuristic(self, pos: Any) -> float:
        """A heuristic value of any position (for ``playout="evaluate"``)."""
        ...

    def moves(self, pos: Any) -> list[Any]:
        """The moves at ``pos``, in the order they are tried."""
        ...

    def probabilities(self, pos: Any, moves: Sequence[Any]) -> list[float]:
        """The weights of the moves of a CHANCE position."""
        ...

    def step(self, pos: Any, move: Any) -> Any:
        """The position ``move`` leads to."""
        ...

    def policy_move(self, policy: Callable[..., Any], pos: Any, moves: Sequence[Any]) -> Any:
        """The move a playout policy picks at ``pos``."""
        ...


class GraphSource:
    """The positions of an explicit tree or DAG: its nodes; moves are child nodes."""

    def __init__(self, G: nx.DiGraph) -> None:
        self.G = G
        self._succ = G._succ
        self._node = G._node

    def player(self, pos: Any) -> str:
        """``"MAX"``, ``"MIN"``, ``"CHANCE"``, or ``""`` at a leaf."""
        if not self._succ[pos]:
            return ""
        who = self._node[pos].get(PLAYER)
        text = str(getattr(who, "value", who)).upper() if who is not None else None
        if text not in ("MAX", "MIN", "CHANCE"):
            raise InvalidTreeError(
                f"internal node {pos!r} has player {who!r}; expected 'MAX', 'MIN' or 'CHANCE'",
                node=pos,
            )
        return text

    def terminal_value(self, pos: Any) -> float:
        """The value of a leaf."""
        value = self._node[pos].get(VALUE)
        problem = "has no value" if value is None else value_problem(value)
        if problem is not None:
            raise InvalidTreeError(f"leaf {pos!r} {problem}", node=pos)
        return value  # type: ignore[no-any-return]

    def heuristic(self, pos: Any) -> float:
        """An internal node's ``value`` (for ``playout="evaluate"``)."""
        value = self._node[pos].get(VALUE)
        if value is None or value_problem(value) is not None:
            raise SearchError(
                f"playout='evaluate' needs a heuristic value on internal node {pos!r}; "
                "give it a 'value' or use playout='random'"
            )
        return value  # type: ignore[no-any-return]

    def moves(self, pos: Any) -> list[Any]:
        """The children, in child order."""
        return list(self._succ[pos])

    def probabilities(self, pos: Any, moves: Sequence[Any]) -> list[float]:
        """The weights of a CHANCE node's children."""
        from gametree.search.rules import chance_probabilities

        edges = self._succ[pos]
        return chance_probabilities(pos, moves, [edges[m].get(PROB) for m in moves])

    def step(self, pos: Any, move: Any) -> Any:
        """The child ``move`` leads to (the move is the child)."""
        return move

    def policy_move(self, policy: Callable[..., Any], pos: Any, moves: Sequence[Any]) -> Any:
        """Ask a playout policy ``policy(G, node) -> child``."""
        return policy(self.G, pos)


# ---------------------------------------------------------------------------
# Option checks.


def check_options(
    iterations: object, c: object, playout: object, value_range: object, solver: object
) -> tuple[float, float] | None:
    """Raise :class:`SearchError` naming a bad option; return the checked value range."""
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise SearchError(f"iterations={iterations!r} is not allowed; expected an int >= 1")
    if isinstance(c, bool) or not isinstance(c, (int, float)) or not math.isfinite(c) or c < 0:
        raise SearchError(f"c={c!r} is not allowed; expected a finite number >= 0")
    if not callable(playout) and playout not in PLAYOUTS:
        raise SearchError(
            f"playout={playout!r} is not known; expected 'random', 'evaluate' or a "
            "function choosing a child"
        )
    check_flag("solver", solver)
    if value_range is None:
        return None
    try:
        pair: Any = value_range
        lo, hi = pair
        ok = all(value_problem(v) is None and math.isfinite(v) for v in (lo, hi)) and lo < hi
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise SearchError(
            f"value_range={value_range!r} is not allowed; expected a pair (lo, hi) of "
            "finite numbers with lo < hi"
        )
    return float(lo), float(hi)


# ---------------------------------------------------------------------------
# The loop.


def run_mcts(
    source: PositionSource,
    root: Any,
    *,
    iterations: int,
    c: float,
    rng: random.Random,
    playout: str | Callable[..., Any],
    value_range: tuple[float, float] | None,
    solver: bool,
    record: bool,
    name: Callable[[Tree, int], Hashable],
    max_nodes: int | None = None,
    on_too_many: Callable[[int], Exception] | None = None,
    bounded: bool = True,
) -> Outcome:
    """Run ``iterations`` iterations from ``root`` (see the module docstring).

    ``value_range`` None means the range of the playout values seen so far (for games
    that state no utility range). ``name(tree, i)`` names tree node ``i`` in events.
    ``bounded`` says whether every value lies within ``value_range``: only then does the
    solver prove a node at an end of the range (else only at ``inf`` or ``-inf``).
    """
    tree = Tree()
    pos_of, kids_of, moves_of, probs_of = tree.pos, tree.kids, tree.moves, tree.probs
    visits, total, proven, tried, player_of = (
        tree.visits,
        tree.total,
        tree.proven,
        tree.tried,
        tree.player,
    )
    player, step, terminal_value = source.player, source.step, source.terminal_value
    tree.add(root, -1, None, player(root))
    adaptive = value_range is None
    trusted = bounded and not adaptive  # the ends of the range are the ends of the values
    lo, hi = value_range if value_range is not None else (math.inf, -math.inf)
    events: list[MCTSEvent] = []
    win_loss = not adaptive
    randrange, uniform = rng.randrange, rng.random
    evaluate_only = playout == "evaluate"
    policy = playout if callable(playout) else None
    sqrt, log = math.sqrt, math.log
    INF = math.inf
    # The sum of the magnitudes of the playout values so far: below GUARD, the plain
    # running totals cannot overflow. Past it, or after an infinite value, every value
    # is backed up through Tree.back_up (see mcts_tree: exact, never NaN).
    magnitude = 0.0
    careful = False
    # For the events: each node's total by name (a DAG node's tree copies together).
    named: dict[Hashable, Total] = {}

    def children_of(i: int) -> list[int]:
        kids = kids_of[i]
        if kids is None:
            moves = moves_of[i] = source.moves(pos_of[i])
            kids = kids_of[i] = [-1] * len(moves)
            if player_of[i] == "CHANCE":
                probs_of[i] = source.probabilities(pos_of[i], moves)
        return kids

    def draw(weights: Sequence[float]) -> int:
        x = uniform() * sum(weights)
        acc = 0.0
        for k, w in enumerate(weights):
            acc += w
            if x < acc:
                return k
        return max(k for k, w in enumerate(weights) if w > 0)

    for it in range(1, iterations + 1):
        i = 0
        path = [0]
        value: float | None = None
        from_proof = False
        # Selection and expansion.
        while True:
            if solver and proven[i] is not None:
                value = proven[i]
                from_proof = True
                break
            who = player_of[i]
            if not who:
                break
            kids = children_of(i)
            if who == "CHANCE":
                k = draw(probs_of[i])  # type: ignore[arg-type]
                child = kids[k]
                new = child < 0
                if new:
                    child = _expand(tree, source, i, k, player, events, False, it, name)
                if record:
                    events.append(
                        Selection(it, name(tree, i), who, visits[i], name(tree, child), ())
                    )
                    if new:
                        events.append(
                            Expansion(it, name(tree, i), name(tree, child), tree.move[child])
                        )
                i = child
                path.append(i)
                if new:
                    break
                continue
            t = tried[i]
            if t < len(kids):
                tried[i] = t + 1
                i = _expand(tree, source, i, t, player, events, record, it, name)
                path.append(i)
                break
            maximise = who == "MAX"
            n_parent = visits[i]
            log_n = log(n_parent)
            span = hi - lo
            # Plain totals and a range within ±2**1022: (mean - lo) / span cannot overflow.
            plain = not careful and span > 0 and lo > -HALF and hi < HALF
            # A child proven at the chooser's worst value (or the infinity against it).
            lost = -INF if maximise else INF
            worst = (lo if maximise else hi) if trusted else lost
            best = -1
            best_score = -INF
            scores: list[tuple[Hashable, int, float, float | None]] | None = [] if record else None
            skip_proven = solver
            if skip_proven and all(proven[k] == worst or proven[k] == lost for k in kids):
                skip_proven = False
            for k in kids:
                if skip_proven and (proven[k] == worst or proven[k] == lost):
                    if scores is not None:
                        scores.append((name(tree, k), visits[k], total[k], None))
                    continue
                n = visits[k]
                # UCB1 as ucb1_score gives it, inlined for speed where the range and the
                # child's total are plain (playout_share has the rule for the others).
                if plain:
                    q = (total[k] / n - lo) / span
                    if not maximise:
                        q = 1.0 - q
                else:
                    q = playout_share(tree.total_of(k), n, lo, hi, maximise)
                score = q + c * sqrt(log_n / n)
                if scores is not None:
                    scores.append((name(tree, k), n, total[k], score))
                # The first child with the largest score, even when every score is -inf.
                if score > best_score or best < 0:
                    best_score = score
                    best = k
            if record:
                events.append(
                    Selection(
                        it, name(tree, i), who, n_parent, name(tree, best), tuple(scores or ())
                    )
                )
            i = best
            path.append(i)
        if max_nodes is not None and len(pos_of) > max_nodes and on_too_many is not None:
            raise on_too_many(len(pos_of))
        # Playout.
        played: list[Any] = []
        if value is None:
            pos = pos_of[i]
            who = player_of[i]
            if solver and not who:
                proven[i] = terminal_value(pos)
            while True:
                if not who:
                    value = terminal_value(pos)
                    break
                if evaluate_only:
                    value = source.heuristic(pos)
                    break
                moves = source.moves(pos)
                if who == "CHANCE":
                    move = moves[draw(source.probabilities(pos, moves))]
                elif policy is not None:
                    move = source.policy_move(policy, pos, moves)
                    if move not in moves:
                        raise SearchError(
                            f"the playout policy chose {move!r} at {pos!r}, which is not one "
                            f"of its moves {moves!r}"
                        )
                else:
                    move = moves[randrange(len(moves))]
                if record:
                    played.append(move)
                pos = step(pos, move)
                who = player(pos)
        if value is None:  # a game's utility or evaluate returned None
            _check_playout_value(value, pos_of[i])
        assert value is not None
        if win_loss and value != lo and value != hi:
            win_loss = False
        if adaptive and -INF < value < INF:
            lo = min(lo, value)
            hi = max(hi, value)
        if record:
            events.append(Playout(it, name(tree, i), tuple(played), value, from_proof))
        tree.starts[i] += 1
        # Backpropagation.
        if not careful:
            try:
                grown = magnitude + abs(value)
            except TypeError:
                grown = math.nan
            if grown < GUARD:
                magnitude = grown
                for j in path:
                    visits[j] += 1
                    total[j] += value
            else:
                careful = True
        if careful:
            _check_playout_value(value, pos_of[i])
            tree.back_up(path, value)
        newly: list[tuple[Hashable, float]] = []
        if solver:
            for j in reversed(path):
                if proven[j] is None:
                    got = _prove(tree, j, lo, hi, trusted)
                    if got is None:
                        break
                    proven[j] = got
                    newly.append((name(tree, j), got))
                elif j != i:
                    break
        if record:
            names = tuple(name(tree, j) for j in path)
            sums = []
            for key in names:
                part = named.get(key)
                if part is None:
                    part = named[key] = Total()
                part.add(value)
                sums.append(part.value)
            events.append(Backpropagation(it, names, value, tuple(newly), tuple(sums)))
    if lo > hi:  # a range of finite values seen, and every playout was infinite
        lo, hi = 0.0, 1.0
    return Outcome(tree, lo, hi, events, win_loss)


def _expand(
    tree: Tree,
    source: PositionSource,
    i: int,
    k: int,
    player: Callable[[Any], str],
    events: list[MCTSEvent],
    record: bool,
    it: int,
    name: Callable[[Tree, int], Hashable],
) -> int:
    moves = tree.moves[i]
    assert moves is not None
    move = moves[k]
    pos = source.step(tree.pos[i], move)
    child = tree.add(pos, i, move, player(pos))
    kids = tree.kids[i]
    assert kids is not None
    kids[k] = child
    if record:
        events.append(Expansion(it, name(tree, i), name(tree, child), move))
    return child


def _check_playout_value(value: Any, pos: Any) -> None:
    """Raise :class:`SearchError` for a playout value that is not a real number (a
    game's ``utility`` or ``evaluate`` returning NaN or no number)."""
    if not isinstance(value, numbers.Real) or value != value:
        raise SearchError(
            f"the playout from {pos!r} ended with the value {value!r}; a value must be a "
            "real number (inf and -inf allowed, not NaN)"
        )


def _prove(tree: Tree, j: int, lo: float, hi: float, trusted: bool) -> float | None:
    """The proven value of tree node ``j`` from its children's, or None.

    A MAX node is proven as soon as one child is proven at ``inf`` (or at ``hi`` when
    every value lies in the range: ``trusted``), a MIN node at ``-inf`` (or ``lo``); any
    node once all its
    children are, at their max, min or weighted average (:class:`ChanceAverage`). A
    CHANCE node with outcomes proven at ``inf`` and at ``-inf`` is never proven: its
    average is undefined.
    """
    kids = tree.kids[j]
    if kids is None:
        return None
    who = tree.player[j]
    proven = tree.proven
    if who != "CHANCE":
        top = math.inf if who == "MAX" else -math.inf
        end = (hi if who == "MAX" else lo) if trusted else top
        for k in kids:
            if k >= 0 and (proven[k] == top or proven[k] == end):
                return proven[k]
    if any(k < 0 or proven[k] is None for k in kids):
        return None
    values = [proven[k] for k in kids]
    if who == "MAX":
        return max(values)  # type: ignore[type-var]
    if who == "MIN":
        return min(values)  # type: ignore[type-var]
    probs = tree.probs[j]
    assert probs is not None
    average = ChanceAverage(j)
    for p, v in zip(probs, values, strict=True):
        average.add(p, v)  # type: ignore[arg-type]
    try:
        return average.value()
    except SearchError:  # outcomes at +inf and -inf
        return None


# ---------------------------------------------------------------------------
# Running it.


def recorded_options(
    iterations: int,
    c: float,
    seed: int | None,
    playout: str | Callable[..., Any],
    value_range: tuple[float, float] | None,
    solver: bool,
) -> dict[str, Any]:
    """The options a result records (a policy by its name)."""
    return {
        "iterations": iterations,
        "c": c,
        "seed": seed,
        "playout": playout
        if isinstance(playout, str)
        else getattr(playout, "__qualname__", "policy"),
        "value_range": value_range,
        "solver": solver,
    }


def run_seeded(
    source: PositionSource,
    root: Any,
    *,
    iterations: int,
    c: float,
    seed: int | None,
    playout: str | Callable[..., Any],
    value_range: tuple[float, float] | None,
    solver: bool,
    trace: bool,
    name: Callable[[Tree, int], Hashable],
    max_nodes: int | None = None,
    on_too_many: Callable[[int], Exception] | None = None,
    bounded: bool = True,
) -> Outcome:
    """:func:`run_mcts` with its own ``random.Random(seed)``, the cyclic garbage
    collector paused (the tree holds no cycles; scanning it over and over costs)."""
    from gametree.search.engine import gc_paused

    with gc_paused():
        return run_mcts(
            source,
            root,
            iterations=iterations,
            c=float(c),
            rng=random.Random(seed),
            playout=playout,
            value_range=value_range,
            solver=solver,
            record=trace,
            name=name,
            max_nodes=max_nodes,
            on_too_many=on_too_many,
            bounded=bounded,
        )
