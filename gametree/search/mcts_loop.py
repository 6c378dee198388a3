"""Monte Carlo tree search (UCT), on explicit trees and on games, with MCTS-Solver.

One loop (:func:`run_mcts`) runs over a *position source*: an explicit tree's nodes
(:class:`GraphSource`) or a game's states (:class:`GameSource`). Both answer the same
four questions: who moves at a position, its value if it ends the game, its moves (with
their probabilities at a CHANCE position) and the position a move leads to. The MCTS
tree itself is kept in flat arrays, one slot per tree node, and never recursed.

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

When selection reaches a terminal node, nothing is added: its value is the playout
value. The move returned is the most visited root child, ties to the first in child
order. With ``solver=True`` (MCTS-Solver, Winands, Bjornsson and Saito 2008), a terminal
node is proven at its value; a MAX node is proven at ``hi`` as soon as one child is
(``lo`` at MIN), and any MAX, MIN or CHANCE node once all its children are proven (at
their max, min or weighted mean); selection skips children proven at the chooser's
worst value (``lo`` at MAX) while others remain, and stops at a proven node, backing up
its proven value. A proven root chooses its first child proven at the root's value.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import networkx as nx

from gametree.attrs import PLAYER, PROB, VALUE
from gametree.exceptions import InvalidTreeError, SearchError
from gametree.search.plan import check_flag
from gametree.search.result import NodeValue, SearchResult, SearchStats, edge_move
from gametree.search.trace import _Event
from gametree.validation import value_problem
from gametree.valuetext import format_value, jsonable

__all__ = [
    "Backpropagation",
    "ChildStats",
    "Expansion",
    "GameSource",
    "GraphSource",
    "MCTSResult",
    "Playout",
    "Selection",
    "run_mcts",
    "ucb1_score",
]

PLAYOUTS = ("random", "evaluate")
"""The playout names :func:`gametree.mcts` accepts (besides a callable policy)."""


def ucb1_score(
    mean: float, visits: int, parent_visits: int, *, c: float, lo: float, hi: float, maximise: bool
) -> float:
    """Return the UCB1 score of a child with ``visits`` and ``mean`` (MAX's view).

    ``q + c * sqrt(ln parent_visits / visits)`` with ``q`` the mean scaled to [0, 1] by
    ``(lo, hi)`` for the chooser (MAX when ``maximise``); ``inf`` for an unvisited child.

    >>> round(ucb1_score(0.5, 2, 4, c=1.0, lo=0, hi=1, maximise=True), 4)
    1.3326
    """
    if visits == 0:
        return math.inf
    span = hi - lo
    q = (mean - lo) / span if span > 0 else 0.5
    if not maximise:
        q = 1.0 - q
    return q + c * math.sqrt(math.log(parent_visits) / visits)


# ---------------------------------------------------------------------------
# Trace events: one per phase per iteration.


@dataclass(frozen=True)
class Selection(_Event):
    """At ``node`` (``player``, ``visits`` N) selection went to ``child``.

    ``children`` lists each child as ``(child, visits, total, score)``: its UCB1 score
    (``None`` at a CHANCE node, where ``child`` was drawn by probability, and for a
    child the solver skipped).
    """

    kind: ClassVar[str] = "select"
    iteration: int
    node: Hashable
    player: str
    visits: int
    child: Hashable
    children: tuple[tuple[Hashable, int, float, float | None], ...]


@dataclass(frozen=True)
class Expansion(_Event):
    """``child`` (reached by ``move``) was added to the tree below ``node``."""

    kind: ClassVar[str] = "expand"
    iteration: int
    node: Hashable
    child: Hashable
    move: Any


@dataclass(frozen=True)
class Playout(_Event):
    """The playout from ``start`` made ``moves`` and ended with ``value`` (MAX's view).

    ``proven`` is True when the value is a proven value backed up by the solver.
    """

    kind: ClassVar[str] = "playout"
    iteration: int
    start: Hashable
    moves: tuple[Any, ...]
    value: float
    proven: bool = False


@dataclass(frozen=True)
class Backpropagation(_Event):
    """``value`` was added to the totals of ``path`` (root first), each visited once more.

    ``proven`` lists the nodes the solver proved in this iteration, with their values.
    """

    kind: ClassVar[str] = "backpropagate"
    iteration: int
    path: tuple[Hashable, ...]
    value: float
    proven: tuple[tuple[Hashable, float], ...] = ()


MCTSEvent = Selection | Expansion | Playout | Backpropagation


# ---------------------------------------------------------------------------
# Position sources.


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


class GameSource:
    """The positions of a game: its states; moves are the game's actions."""

    def __init__(self, game: Any) -> None:
        from gametree.games.protocol import chance_outcomes, evaluator, player_mapper

        self.game = game
        self._player = player_mapper(game, chance=True)
        self._outcomes = chance_outcomes(game)
        self._evaluate = evaluator(game)
        self.is_terminal = game.is_terminal
        self.actions = game.actions
        self.step = game.result
        self.terminal_value = game.utility

    def player(self, pos: Any) -> str:
        """``"MAX"``, ``"MIN"``, ``"CHANCE"``, or ``""`` at a terminal state."""
        return "" if self.is_terminal(pos) else self._player(pos)

    def heuristic(self, pos: Any) -> float:
        """``game.evaluate(state)``."""
        return self._evaluate(pos)

    def moves(self, pos: Any) -> list[Any]:
        """The legal moves (the outcomes at a chance state)."""
        from gametree.games.protocol import no_moves_error

        moves = list(self.actions(pos))
        if not moves:
            raise no_moves_error(self.game, pos)
        return moves

    def probabilities(self, pos: Any, moves: Sequence[Any]) -> list[float]:
        """The outcomes' probabilities (equal when the game gives none)."""
        pairs = self._outcomes(pos)
        if all(p is None for _, p in pairs):
            return [1.0 / len(moves)] * len(moves)
        return [float(p) for _, p in pairs]

    def policy_move(self, policy: Callable[..., Any], pos: Any, moves: Sequence[Any]) -> Any:
        """Ask a playout policy ``policy(game, state) -> move``."""
        return policy(self.game, pos)


Source = GraphSource | GameSource


# ---------------------------------------------------------------------------
# Results.


@dataclass(frozen=True)
class ChildStats:
    """One root child at the end of a search."""

    child: Hashable
    """The child (a node of the searched graph)."""
    move: Any
    """The move leading to it."""
    visits: int
    """How many iterations went through it."""
    mean: float | None
    """Its mean playout value, MAX's point of view (None when never visited)."""
    ucb1: float | None
    """Its UCB1 score at the root at the end (``inf`` when never visited; None below a
    CHANCE root)."""
    proven: float | None = None
    """Its proven value (``solver=True``), else None."""


@dataclass(frozen=True)
class MCTSResult(SearchResult):
    """A :class:`~gametree.SearchResult` of Monte Carlo tree search.

    ``value`` is the root's mean playout value (its proven value when the solver proved
    it), ``best_child`` the most visited root child, ``pv`` the path of most visited
    children, ``node_values`` each tree node's mean (its proven value where proven),
    ``stats.nodes_visited`` the nodes in the tree, ``visited_leaves`` the terminal nodes
    it added (in the order added) and ``stats.leaves_evaluated`` the playouts.

    Attributes
    ----------
    iterations : int
    children : tuple of ChildStats
        Each root child in child order: visits, mean, UCB1, proven value.
    visits, totals : Mapping
        Each tree node's visits N and total (the sum of its playout values, MAX's view).
    playouts : Mapping
        Per node, the iterations whose playout started there.
    edge_visits : Mapping
        Per edge ``(parent, child)``, the iterations that went down it.
    proven : Mapping
        The nodes the solver proved, with their values (empty without ``solver``).
    value_range : (float, float)
        The ``(lo, hi)`` that scaled the means.
    win_loss : bool
        Whether every playout ended at ``lo`` or ``hi`` (a win/loss tree: drawings
        then label nodes "wins/playouts").
    graph : networkx.DiGraph or None
        For a game, the tree MCTS built (nodes numbered as added, root 0).
    root_state : object
        For a game, the position searched.
    """

    iterations: int = 0
    children: tuple[ChildStats, ...] = ()
    visits: Mapping[Hashable, int] = field(default_factory=dict)
    totals: Mapping[Hashable, float] = field(default_factory=dict)
    playouts: Mapping[Hashable, int] = field(default_factory=dict)
    edge_visits: Mapping[tuple[Hashable, Hashable], int] = field(default_factory=dict)
    proven: Mapping[Hashable, float] = field(default_factory=dict)
    value_range: tuple[float, float] = (0.0, 1.0)
    win_loss: bool = False
    graph: nx.DiGraph | None = None
    root_state: Any = None

    @property
    def proven_value(self) -> float | None:
        """The root's proven value, or None."""
        return self.proven.get(self.root)

    def to_dict(self) -> dict[str, Any]:
        """The :meth:`SearchResult.to_dict` fields plus the root children's statistics."""
        data = super().to_dict()
        data["iterations"] = self.iterations
        data["proven_value"] = jsonable(self.proven_value)
        data["children"] = [
            {
                "child": jsonable(s.child),
                "move": jsonable(s.move),
                "visits": s.visits,
                "mean": jsonable(s.mean),
                "ucb1": jsonable(s.ucb1),
                "proven": jsonable(s.proven),
            }
            for s in self.children
        ]
        return data


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


class _Tree:
    """The MCTS tree in flat arrays: slot i is one tree node."""

    __slots__ = (
        "depth",
        "kids",
        "move",
        "moves",
        "parent",
        "player",
        "pos",
        "probs",
        "proven",
        "starts",
        "total",
        "tried",
        "visits",
    )

    def __init__(self) -> None:
        self.pos: list[Any] = []
        self.parent: list[int] = []
        self.move: list[Any] = []
        self.player: list[str] = []
        self.depth: list[int] = []
        self.moves: list[list[Any] | None] = []
        self.probs: list[list[float] | None] = []
        self.kids: list[list[int] | None] = []
        self.tried: list[int] = []
        self.visits: list[int] = []
        self.total: list[float] = []
        self.starts: list[int] = []
        self.proven: list[float | None] = []

    def add(self, pos: Any, parent: int, move: Any, player: str) -> int:
        i = len(self.pos)
        self.pos.append(pos)
        self.parent.append(parent)
        self.move.append(move)
        self.player.append(player)
        self.depth.append(0 if parent < 0 else self.depth[parent] + 1)
        self.moves.append(None)
        self.probs.append(None)
        self.kids.append(None)
        self.tried.append(0)
        self.visits.append(0)
        self.total.append(0)
        self.starts.append(0)
        self.proven.append(None)
        return i


@dataclass
class Outcome:
    """What :func:`run_mcts` returns: the tree and the events."""

    tree: _Tree
    lo: float
    hi: float
    events: list[MCTSEvent]
    win_loss: bool


def run_mcts(
    source: Source,
    root: Any,
    *,
    iterations: int,
    c: float,
    rng: random.Random,
    playout: str | Callable[..., Any],
    value_range: tuple[float, float] | None,
    solver: bool,
    record: bool,
    name: Callable[[_Tree, int], Hashable],
    max_nodes: int | None = None,
    on_too_many: Callable[[int], Exception] | None = None,
) -> Outcome:
    """Run ``iterations`` iterations from ``root`` (see the module docstring).

    ``value_range`` None means the range of the playout values seen so far (for games
    that state no utility range). ``name(tree, i)`` names tree node ``i`` in events.
    """
    tree = _Tree()
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
    lo, hi = value_range if value_range is not None else (math.inf, -math.inf)
    events: list[MCTSEvent] = []
    win_loss = not adaptive
    randrange, uniform = rng.randrange, rng.random
    evaluate_only = playout == "evaluate"
    policy = playout if callable(playout) else None
    sqrt, log = math.sqrt, math.log

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
            worst = lo if maximise else hi
            best = -1
            best_score = -math.inf
            scores: list[tuple[Hashable, int, float, float | None]] | None = [] if record else None
            skip_proven = solver and not adaptive
            if skip_proven and all(proven[k] == worst for k in kids):
                skip_proven = False
            for k in kids:
                if skip_proven and proven[k] == worst:
                    if scores is not None:
                        scores.append((name(tree, k), visits[k], total[k], None))
                    continue
                n = visits[k]
                q = (total[k] / n - lo) / span if span > 0 else 0.5
                if not maximise:
                    q = 1.0 - q
                score = q + c * sqrt(log_n / n)
                if scores is not None:
                    scores.append((name(tree, k), n, total[k], score))
                if score > best_score:
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
        assert value is not None
        if win_loss and value != lo and value != hi:
            win_loss = False
        if adaptive:
            lo = min(lo, value)
            hi = max(hi, value)
        if record:
            events.append(Playout(it, name(tree, i), tuple(played), value, from_proof))
        tree.starts[i] += 1
        # Backpropagation.
        for j in path:
            visits[j] += 1
            total[j] += value
        newly: list[tuple[Hashable, float]] = []
        if solver:
            for j in reversed(path):
                if proven[j] is None:
                    got = _prove(tree, j, lo, hi, adaptive)
                    if got is None:
                        break
                    proven[j] = got
                    newly.append((name(tree, j), got))
                elif j != i:
                    break
        if record:
            events.append(
                Backpropagation(it, tuple(name(tree, j) for j in path), value, tuple(newly))
            )
    return Outcome(tree, lo, hi, events, win_loss)


def _expand(
    tree: _Tree,
    source: Source,
    i: int,
    k: int,
    player: Callable[[Any], str],
    events: list[MCTSEvent],
    record: bool,
    it: int,
    name: Callable[[_Tree, int], Hashable],
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


def _prove(tree: _Tree, j: int, lo: float, hi: float, adaptive: bool) -> float | None:
    """The proven value of tree node ``j`` from its children's, or None."""
    kids = tree.kids[j]
    if kids is None:
        return None
    who = tree.player[j]
    proven = tree.proven
    if who != "CHANCE" and not adaptive:
        top = hi if who == "MAX" else lo
        for k in kids:
            if k >= 0 and proven[k] == top:
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
    return math.fsum(p * v for p, v in zip(probs, values, strict=True))  # type: ignore[operator]


# ---------------------------------------------------------------------------
# From the loop's tree to a result.


def choose_root_child(tree: _Tree, solver: bool) -> int:
    """The move rule: the root's first child proven at the root's proven value (solver),
    else the most visited child, ties to the first in child order; -1 for none."""
    kids = [k for k in (tree.kids[0] or ()) if k >= 0]
    if not kids or tree.player[0] == "CHANCE":
        return -1
    if solver and tree.proven[0] is not None:
        for k in kids:
            if tree.proven[k] == tree.proven[0]:
                return k
    best = kids[0]
    for k in kids[1:]:
        if tree.visits[k] > tree.visits[best]:
            best = k
    return best


def most_visited_path(tree: _Tree, first: int) -> list[int]:
    """Root, ``first``, then the most visited child at each node (ties: first)."""
    if first < 0:
        return [0]
    path = [0, first]
    i = first
    while True:
        kids = [k for k in (tree.kids[i] or ()) if k >= 0 and tree.visits[k] > 0]
        if not kids:
            return path
        i = max(kids, key=lambda k: (tree.visits[k], -kids.index(k)))
        path.append(i)


def root_children(
    tree: _Tree,
    c: float,
    lo: float,
    hi: float,
    name: Callable[[_Tree, int], Hashable],
    move_of: Callable[[int], Any],
) -> tuple[ChildStats, ...]:
    """Each added root child's end statistics, in child order."""
    out = []
    who = tree.player[0]
    n_root = tree.visits[0]
    for k in tree.kids[0] or ():
        if k < 0:
            continue
        n = tree.visits[k]
        mean = tree.total[k] / n if n else None
        score = None
        if who in ("MAX", "MIN"):
            score = ucb1_score(
                mean if mean is not None else 0.0,
                n,
                n_root,
                c=c,
                lo=lo,
                hi=hi,
                maximise=who == "MAX",
            )
        out.append(ChildStats(name(tree, k), move_of(k), n, mean, score, tree.proven[k]))
    return tuple(out)


def graph_move(G: nx.DiGraph) -> Callable[[Any, Any], Any]:
    """``(parent, child) -> move`` on ``G``."""
    return lambda u, v: edge_move(G, u, v)


def summarise(
    algorithm: str,
    out: Outcome,
    *,
    c: float,
    solver: bool,
    iterations: int,
    options: dict[str, Any],
    name: Callable[[_Tree, int], Hashable],
    move_of: Callable[[int], Any],
    graph: nx.DiGraph | None = None,
    root_state: Any = None,
) -> MCTSResult:
    """Build the :class:`MCTSResult` of a finished run (DAG nodes reached along several
    paths add up their tree nodes' statistics)."""
    tree = out.tree
    visits: dict[Hashable, int] = {}
    totals: dict[Hashable, float] = {}
    playouts: dict[Hashable, int] = {}
    edges: dict[tuple[Hashable, Hashable], int] = {}
    proven: dict[Hashable, float] = {}
    names = [name(tree, i) for i in range(len(tree.pos))]
    for i, n in enumerate(names):
        visits[n] = visits.get(n, 0) + tree.visits[i]
        totals[n] = totals.get(n, 0) + tree.total[i]
        if tree.starts[i]:
            playouts[n] = playouts.get(n, 0) + tree.starts[i]
        p = tree.parent[i]
        if p >= 0:
            e = (names[p], n)
            edges[e] = edges.get(e, 0) + tree.visits[i]
        if tree.proven[i] is not None:
            proven[n] = tree.proven[i]  # type: ignore[assignment]
    node_values = {
        n: NodeValue(proven[n] if n in proven else totals[n] / v) for n, v in visits.items() if v
    }
    first = choose_root_child(tree, solver)
    path = most_visited_path(tree, first)
    root = names[0]
    value = (
        tree.proven[0]
        if solver and tree.proven[0] is not None
        else (tree.total[0] / tree.visits[0])
    )
    best = None if first < 0 else names[first]
    return MCTSResult(
        algorithm=algorithm,
        root=root,
        value=value,
        best_child=best,
        best_children=() if best is None else (best,),
        pv=tuple(names[i] for i in path),
        node_values=node_values,
        visited_leaves=tuple(dict.fromkeys(n for i, n in enumerate(names) if not tree.player[i])),
        pruned_edges=(),
        stats=SearchStats(
            nodes_visited=len(tree.pos),
            leaves_evaluated=iterations,
            max_depth=max(tree.depth),
        ),
        options=options,
        trace=tuple(out.events),  # type: ignore[arg-type]
        visit_order=tuple(names),
        best_move=None if first < 0 else move_of(first),
        best_moves=() if first < 0 else (move_of(first),),
        pv_moves=tuple(move_of(i) for i in path[1:]),
        iterations=iterations,
        children=root_children(tree, c, out.lo, out.hi, name, move_of),
        visits=visits,
        totals=totals,
        playouts=playouts,
        edge_visits=edges,
        proven=proven,
        value_range=(out.lo, out.hi),
        win_loss=out.win_loss,
        graph=graph,
        root_state=root_state,
    )


def format_children(result: MCTSResult) -> list[str]:
    """The lines of ``gametree solve -a mcts`` after the common report: the proven value
    and each root child's visits, mean and UCB1 at the end."""
    lines = []
    if result.proven_value is not None:
        lines.append(f"proven:     {format_value(result.proven_value)} (MCTS-Solver)")
    lines.append(f"root children after {result.iterations} iterations (move: visits, mean, UCB1):")
    for s in result.children:
        mean = "-" if s.mean is None else format_value(s.mean)
        score = "-" if s.ucb1 is None else format_value(s.ucb1)
        proven = "" if s.proven is None else f", proven {format_value(s.proven)}"
        lines.append(f"  {s.move}: {s.visits}, {mean}, {score}{proven}")
    return lines


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
    source: Source,
    root: Any,
    *,
    iterations: int,
    c: float,
    seed: int | None,
    playout: str | Callable[..., Any],
    value_range: tuple[float, float] | None,
    solver: bool,
    trace: bool,
    name: Callable[[_Tree, int], Hashable],
    max_nodes: int | None = None,
    on_too_many: Callable[[int], Exception] | None = None,
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
        )
