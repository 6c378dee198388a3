"""Mutants: a reference-style search with one well-known mistake, run like a submission.

The core (:func:`search`) is the textbook search written once, in MAX's point of view
with a sign per player: minimax, alpha-beta (AIMA Figure 5.7: a MAX node cuts when its
value reaches beta, a MIN node when it reaches alpha) and expectiminimax. A
:class:`Mutation` changes one thing in it, each field documented with the mistake it
makes. A driver per protocol turns the core's steps into the calls that protocol's code
makes (``game.result``, ``generateSuccessor``, ``make_move``, a node's ``children``),
including the mistakes that live in those calls (depth counted per agent, a move not
taken back). :func:`mutant_entry` wraps core and driver as an entry of the protocol's
shape, so a mutant runs through the same protocol objects and recorder as a student's
code and its behaviour is compared the same way.

The unmutated core is *not* the reference: the reference is gametree's own traced
search (:mod:`gametree.homework.codecheck.reference`); the tests check that the plain
core behaves as it does.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gametree.homework.codecheck.runtime.treedata import CHANCE, MAX, MIN

__all__ = ["Mutation", "mutant_entry", "search"]

INF = math.inf


@dataclass(frozen=True)
class Mutation:
    """One mistake (the defaults are the right search).

    Attributes
    ----------
    code, variant : str
        The catalogue code this mutation shows, and which form of it.
    prune : bool
        Alpha-beta cuts at all (``False``: it never prunes).
    cut_max, cut_min : bool
        MAX (MIN) nodes cut off (``False``: one-sided pruning).
    poe_max, poe_min : bool
        A MAX node cuts when its value is ``>= beta`` (``False``: only ``> beta``); a MIN
        node when ``<= alpha`` (``< alpha``).
    window : {"pass", "own", "open", "root-fixed"}
        What a node passes to its children: its window (right); only its own best value
        as a bound (``own``: the window is not passed down); always ``(-inf, inf)``
        (``open``); at the root always the initial window (``root-fixed``: the root's
        alpha is never raised).
    max_bounds, min_bounds : {"right", "swap", "wrong-test"}
        ``swap``: the node tests and updates the bound the other player uses;
        ``wrong-test``: it tests its own bound (a MAX node ``value >= alpha``).
    clamp : bool
        Fail-hard as course notes write it: a node returns its value clamped to the
        window it was given, and parents decide on the clamped values.
    tie : {"first", "last", "name"}
        Among equal values the first move stays (right), the last one wins, or the
        greatest action name wins (``max`` over ``(value, action)`` pairs).
    negate : bool
        Negamax: a child's value is negated on the way up (``False``: it is not).
    leaf_view : {"right", "wrong"}
        A leaf's value is read for the right player (``wrong``: for the other one).
    restore : {"always", "never", "not-on-cutoff"}
        A move made is taken back after its child is searched (``never``; or not when
        the loop returns at a cutoff).
    depth : {"right", "per-agent", "twice", "in-loop", "plus-one", "minus-one"}
        How the depth limit is counted (``twice``: CS188, counted when Pacman moves and
        again when play returns to him; ``in-loop``: CS188, the last ghost adds one
        inside its loop over moves, so its k-th move's subtree gets k rounds fewer, and
        the stop test is ``depth == self.depth``).
    agents : {"cycle", "alternate"}
        CS188: after the last ghost Pacman moves (``alternate``: after the first).
    chance : str
        One of ``average``, ``min``, ``max``, ``unweighted``, ``divided``, ``chained``,
        ``sum``, ``sum-plus-inverse``, ``by-agent``.
        A chance node's value: the weighted average (right), the worst or best outcome,
        the plain mean, the weighted sum divided again by the number of outcomes, each
        outcome rolled from the previous outcome's state (aima's ``expect_minmax``
        reassigns the state in its loop), the plain sum of the outcomes, that sum plus
        ``1/n``, or (CS188) the sum divided by the ghost's agent index.
    root_children_tested : bool
        The root's loop searches a child with a function that tests for the end of the
        game (``False``: a terminal child is searched as if it had moves, and its empty
        loop leaves the node's initial infinity).
    eager : bool
        Every successor is generated before the first is searched.
    at_root : bool
        The mistake is made at the root too (``False``: the top-level loop, written
        apart as in aima-python and most CS188 code, is right).

    The fields below name mistakes found in real non-CS188 code (aima, mutable and
    plain-node files); ``window`` also takes ``"swapped"`` for them: each child gets
    the window the wrong way round, (beta, alpha); and ``"swap-in-loop"``: negamax
    code that negates and swaps its own window inside the move loop, ``alpha, beta =
    -beta, -alpha``, before each child, and then passes it on as it is.

    best_move : {"best", "last"}
        The best move is replaced only with a better value (right), or after every
        child searched (``last``: the assignment sits outside the ``if``).
    bound_update : {"max", "best", "child"}
        After a child, alpha (MAX) or beta (MIN) becomes the better of itself and the
        best value so far (right); or the best value so far, so the first child's score
        overwrites the bound inherited from above (``best``: ``low = -score`` where the
        score improves, instead of ``low = max(low, -score)``); or each child's value
        (``child``).
    colour : {"flipped", "fixed"}
        Plain-node negamax: the colour passed to a child is negated (right), or the
        root's colour is passed on unchanged, so every leaf is read for the root's player.
    zero : {"value", "none"}
        A leaf worth 0 is a value (right), or taken for "no value" (``if node.value:``)
        and searched as an inner node with no children: it scores the start of the
        empty loop, -inf where MAX is to move, +inf where MIN is.
    """

    code: str = ""
    variant: str = ""
    prune: bool = True
    cut_max: bool = True
    cut_min: bool = True
    poe_max: bool = True
    poe_min: bool = True
    window: str = "pass"
    max_bounds: str = "right"
    min_bounds: str = "right"
    clamp: bool = False
    tie: str = "first"
    negate: bool = True
    leaf_view: str = "right"
    restore: str = "always"
    depth: str = "right"
    agents: str = "cycle"
    chance: str = "average"
    eager: bool = False
    at_root: bool = True
    # --- mistakes named from real non-CS188 code (see the docstring) ---
    best_move: str = "best"
    bound_update: str = "max"
    colour: str = "flipped"
    zero: str = "value"
    root_children_tested: bool = True


ROOT_RIGHT = Mutation()
"""The root's own loop when a mutation spares it (``at_root=False``)."""


class Driver:
    """The steps of the core as one protocol's calls (see the subclasses)."""

    root_tested = True
    """Whether the entry tests the root itself (a recursive function called on the
    root does; AIMA's and CS188's top-level loops go straight to the root's moves)."""

    def __init__(self, m: Mutation) -> None:
        self.m = m

    def stop(self, h: Any, ctx: Any) -> bool:
        raise NotImplementedError

    def evaluate(self, h: Any, ctx: Any) -> float:
        raise NotImplementedError

    def player(self, h: Any, ctx: Any) -> str:
        raise NotImplementedError

    def moves(self, h: Any, ctx: Any) -> list[Any]:
        raise NotImplementedError

    def child(self, h: Any, move: Any, ctx: Any) -> Any:
        raise NotImplementedError

    def back(self, h: Any, move: Any, ctx: Any) -> None:
        """Undo ``move`` (only a mutable game needs to)."""

    def down(self, ctx: Any, h: Any, move: Any) -> Any:
        raise NotImplementedError

    def down_at(self, ctx: Any, h: Any, move: Any, index: int) -> Any:
        """The context of the ``index``-th move's child (0 first); as :meth:`down`
        unless the mutation counts depth inside the loop."""
        return self.down(ctx, h, move)

    def outcomes(self, h: Any, ctx: Any) -> list[Any]:
        return self.moves(h, ctx)

    def outcome(self, h: Any, key: Any, ctx: Any) -> Any:
        return self.child(h, key, ctx)

    def probability(self, h: Any, key: Any, child: Any, n: int) -> float:
        """The weight of outcome ``key`` (``n`` outcomes); equal odds by default."""
        return 1.0 / n

    def divisor(self, ctx: Any, n: int) -> float:
        """What a mis-divided expectation divides its sum by (``n`` outcomes)."""
        return float(n)


def _cuts(m: Mutation, who: str, best: float, a: float, b: float) -> bool:
    """Whether a node of player ``who`` with value ``best`` and window ``(a, b)`` stops."""
    if who == MAX:
        if not m.cut_max:
            return False
        bound = a if m.max_bounds in ("swap", "wrong-test") else b
        if m.max_bounds == "swap":
            return best <= bound if m.poe_max else best < bound
        return best >= bound if m.poe_max else best > bound
    if not m.cut_min:
        return False
    bound = b if m.min_bounds in ("swap", "wrong-test") else a
    if m.min_bounds == "swap":
        return best >= bound if m.poe_min else best > bound
    return best <= bound if m.poe_min else best < bound


def _narrow(m: Mutation, who: str, best: float, a: float, b: float) -> tuple[float, float]:
    """The node's window after a child: MAX raises alpha, MIN lowers beta."""
    swapped = (m.max_bounds if who == MAX else m.min_bounds) == "swap"
    raise_alpha = (who == MAX) != swapped
    return (max(a, best), b) if raise_alpha else (a, min(b, best))


def _combine(m: Mutation, pairs: list[tuple[float, float]], divisor: float) -> float:
    values = [v for _, v in pairs]
    if m.chance == "min":
        return min(values)
    if m.chance == "max":
        return max(values)
    if m.chance == "unweighted":
        return sum(values) / len(values)
    if m.chance == "sum":
        return math.fsum(values)
    if m.chance == "sum-plus-inverse":
        return math.fsum(values) + 1 / len(values)
    if m.chance == "by-agent":
        return math.fsum(values) / divisor
    total = math.fsum(p * v for p, v in pairs)
    return total / len(pairs) if m.chance == "divided" else total


def search(
    d: Driver,
    h: Any,
    ctx: Any,
    alpha: float,
    beta: float,
    pruning: bool,
    root: bool = False,
    tested: bool = True,
) -> tuple[float, Any]:
    """Search ``h``; return its value (MAX's view) and its best move (``tested``:
    whether it is tested for the end of the game first)."""
    m = d.m
    if root and not m.at_root:
        m = ROOT_RIGHT
    if tested and (not root or d.root_tested) and d.stop(h, ctx):
        return d.evaluate(h, ctx), None
    who = d.player(h, ctx)
    if who == CHANCE:
        pairs = []
        here = h
        keys = d.outcomes(h, ctx)
        for n, key in enumerate(keys):
            child = d.outcome(here, key, ctx)
            value, _ = search(d, child, d.down_at(ctx, h, key, n), -INF, INF, pruning)
            pairs.append((d.probability(h, key, child, len(keys)), value))
            d.back(h, key, ctx)
            if m.chance == "chained":
                here = child
        return _combine(m, pairs, d.divisor(ctx, len(pairs))), None
    sign = 1 if who == MAX else -1
    moves = d.moves(h, ctx)
    made = [d.child(h, mv, ctx) for mv in moves] if m.eager else None
    best: float | None = None
    best_move: Any = None
    a, b = alpha, beta
    na, nb = (a, b) if who == MAX else (-b, -a)  # the window in negamax's view
    for i, move in enumerate(moves):
        child = made[i] if made is not None else d.child(h, move, ctx)
        if m.window == "own":
            if who == MAX:
                ca, cb = (-INF if best is None else best), INF
            else:
                ca, cb = -INF, (INF if best is None else best)
        elif m.window == "open":
            ca, cb = -INF, INF
        elif m.window == "root-fixed" and root:
            ca, cb = alpha, beta
        elif m.window == "swapped":
            ca, cb = b, a
        elif m.window == "swap-in-loop":
            na, nb = -nb, -na  # and passed on as the child's own
            ca, cb = (-nb, -na) if who == MAX else (na, nb)
        else:
            ca, cb = a, b
        checked = not root or d.m.root_children_tested
        value, _ = search(d, child, d.down_at(ctx, h, move, i), ca, cb, pruning, tested=checked)
        if not m.negate:
            value = -value
        tie = value == best and (
            m.tie == "last" or (m.tie == "name" and str(move) > str(best_move))
        )
        if best is None or sign * value > sign * best or tie:
            best, best_move = value, move
        if m.best_move == "last":
            best_move = move
        if m.window == "swap-in-loop":
            mine = sign * best
            cut = pruning and m.prune and (mine >= nb if m.poe_max else mine > nb)
            na = na if cut else max(mine, na)
        else:
            cut = pruning and m.prune and _cuts(m, who, best, a, b)
        if pruning and m.prune and not cut and m.window != "swap-in-loop":
            if m.bound_update != "max":
                mine = value if m.bound_update == "child" else best
                a, b = (mine, b) if who == MAX else (a, mine)
            else:
                a, b = _narrow(m, who, best, a, b)
        if m.restore == "always" or (m.restore == "not-on-cutoff" and not cut):
            d.back(h, move, ctx)
        if cut:
            break
    if best is None:  # a terminal state searched as if it had moves: the loop never ran
        return -sign * INF, None
    if m.clamp and not root:
        best = min(max(best, alpha), beta)
    return best, best_move


# --- the protocols' drivers ----------------------------------------------------------


def _off(m: Mutation) -> int:
    return {"plus-one": 1, "minus-one": -1}.get(m.depth, 0)


class AimaDriver(Driver):
    """aima-python: ``player = game.to_move(state)`` at the root, ``utility(s, player)``,
    the cutoff search's depth starting at 1 for the root's children."""

    root_tested = False

    def __init__(self, m: Mutation, game: Any, state: Any, d: int | None, algorithm: str):
        super().__init__(m)
        self.game = game
        self.me = game.to_move(state)
        self.d = d
        self.chance = algorithm == "expectiminimax"

    def stop(self, h: Any, ctx: int) -> bool:
        if self.d is not None and ctx > self.d + _off(self.m):
            return True
        return bool(self.game.terminal_test(h))

    def evaluate(self, h: Any, ctx: int) -> float:
        who = self.game.to_move(h) if self.m.leaf_view == "wrong" else self.me
        value = self.game.utility(h, who)
        return float(value if self.me == MAX else -value)

    def player(self, h: Any, ctx: int) -> str:
        who = self.game.to_move(h)
        if who == CHANCE:
            return CHANCE
        return MAX if (who == self.me) == (self.me == MAX) else MIN

    def moves(self, h: Any, ctx: int) -> list[Any]:
        return list(self.game.actions(h))

    def child(self, h: Any, move: Any, ctx: int) -> Any:
        return self.game.result(h, move)

    def down(self, ctx: int, h: Any, move: Any) -> int:
        return ctx + 1

    def outcomes(self, h: Any, ctx: int) -> list[Any]:
        return list(self.game.chances(h))

    def outcome(self, h: Any, key: Any, ctx: int) -> Any:
        return self.game.outcome(h, key)

    def probability(self, h: Any, key: Any, child: Any, n: int) -> float:
        return float(self.game.probability(key))


class Cs188Driver(Driver):
    """CS188: ``(agentIndex, depth)`` bookkeeping, ``getScore`` through
    ``scoreEvaluationFunction``, ghosts MIN (CHANCE for expectimax)."""

    root_tested = False

    def __init__(self, m: Mutation, agent: Any, state: Any, algorithm: str) -> None:
        super().__init__(m)
        self.root = state
        self.agents = state.getNumAgents()
        self.limit = agent.depth + _off(m)
        self.ghost = CHANCE if algorithm == "expectiminimax" else MIN

    def stop(self, h: Any, ctx: tuple[int, int]) -> bool:
        if self.m.depth == "in-loop":
            return bool(h.isWin() or h.isLose() or ctx[1] == self.limit)
        return bool(h.isWin() or h.isLose() or ctx[1] >= self.limit)

    def evaluate(self, h: Any, ctx: tuple[int, int]) -> float:
        return float(h.getScore())

    def player(self, h: Any, ctx: tuple[int, int]) -> str:
        return MAX if ctx[0] == 0 else self.ghost

    def moves(self, h: Any, ctx: tuple[int, int]) -> list[Any]:
        return list(h.getLegalActions(ctx[0]))

    def child(self, h: Any, move: Any, ctx: tuple[int, int]) -> Any:
        return h.generateSuccessor(ctx[0], move)

    def down(self, ctx: tuple[int, int], h: Any, move: Any) -> tuple[int, int]:
        agent, depth = ctx
        if h is self.root and not self.m.at_root:  # the top-level loop passes (1, 0)
            return 1 % self.agents, depth + (self.agents == 1)
        if self.m.agents == "alternate":
            following = 0 if agent >= 1 else 1
        else:
            following = (agent + 1) % self.agents
        if self.m.depth == "per-agent":
            return following, depth + 1
        if self.m.depth == "twice":
            return following, depth + (following == 0) + (agent == 0)
        return following, depth + (following == 0)

    def down_at(self, ctx: tuple[int, int], h: Any, move: Any, index: int) -> tuple[int, int]:
        following, depth = self.down(ctx, h, move)
        if self.m.depth == "in-loop" and following == 0 and ctx[0] != 0:
            depth += index  # the last ghost's loop added one per earlier move too
        return following, depth

    def divisor(self, ctx: tuple[int, int], n: int) -> float:
        return float(ctx[0]) if ctx[0] else float(n)


class MutableDriver(Driver):
    """The seeds' negamax: ``is_over() or depth == 0`` stops, ``get_utility()`` is for
    the player to move, ``make_move``/``unmake_move`` around each child."""

    def __init__(self, m: Mutation, game: Any, depth: int, root_max: bool) -> None:
        super().__init__(m)
        self.game = game
        self.root_sign = 1 if root_max else -1
        self.floor = -_off(m)

    def sign(self, ctx: tuple[int, int]) -> int:
        return self.root_sign * (-1 if ctx[1] % 2 else 1)

    def stop(self, h: Any, ctx: tuple[int, int]) -> bool:
        return bool(self.game.is_over()) or ctx[0] <= self.floor

    def evaluate(self, h: Any, ctx: tuple[int, int]) -> float:
        value = self.game.get_utility()
        if value is None:
            value = 0.0
        if self.m.leaf_view == "wrong":
            value = -value
        return float(self.sign(ctx) * value)

    def player(self, h: Any, ctx: tuple[int, int]) -> str:
        return MAX if self.sign(ctx) == 1 else MIN

    def moves(self, h: Any, ctx: tuple[int, int]) -> list[Any]:
        return list(self.game.get_moves())

    def child(self, h: Any, move: Any, ctx: tuple[int, int]) -> Any:
        self.game.make_move(move)
        return None

    def back(self, h: Any, move: Any, ctx: tuple[int, int]) -> None:
        self.game.unmake_move(move)

    def down(self, ctx: tuple[int, int], h: Any, move: Any) -> tuple[int, int]:
        return ctx[0] - 1, ctx[1] + 1


class TreeDriver(Driver):
    """Plain nodes: ``not node.children or depth == 0`` stops, ``node.value`` at the
    leaves, ``node.player`` says who moves, ``child.probability`` weighs outcomes."""

    def __init__(self, m: Mutation, depth: int, root_player: str = MAX) -> None:
        super().__init__(m)
        self.floor = -_off(m)
        self.root_player = root_player

    def stop(self, h: Any, ctx: int) -> bool:
        return not h.children or ctx <= self.floor

    def evaluate(self, h: Any, ctx: int) -> float:
        value = h.value
        if self.m.zero == "none" and value == 0:  # a loop over no children: its start
            return -INF if h.mover == MAX else INF
        value = float(value)
        if self.m.leaf_view == "wrong" and h.mover == MIN:  # negamax's leaf, in minimax
            value = -value
        if self.m.colour == "fixed" and h.mover != self.root_player:
            value = -value  # the root's colour at every leaf
        return value

    def player(self, h: Any, ctx: int) -> str:
        return str(h.player)

    def moves(self, h: Any, ctx: int) -> list[Any]:
        return list(h.children)

    def child(self, h: Any, move: Any, ctx: int) -> Any:
        return move

    def down(self, ctx: int, h: Any, move: Any) -> int:
        return ctx - 1

    def probability(self, h: Any, key: Any, child: Any, n: int) -> float:
        p = child.probability
        return float(p) if p is not None else 1.0 / n


def mutant_entry(protocol: str, algorithm: str, m: Mutation) -> Callable[..., Any]:
    """An entry of ``protocol``'s shape that searches with mutation ``m``."""
    pruning = algorithm == "alphabeta"
    if protocol == "aima":

        def aima_entry(state: Any, game: Any, d: int | None = None) -> Any:
            driver = AimaDriver(m, game, state, d, algorithm)
            return search(driver, state, 0, -INF, INF, pruning, root=True)[1]

        return aima_entry
    if protocol == "cs188":

        class MutantAgent:
            def __init__(self, depth: int = 2) -> None:
                self.depth = int(depth)

            def getAction(self, gameState: Any) -> Any:
                driver = Cs188Driver(m, self, gameState, algorithm)
                return search(driver, gameState, (0, 0), -INF, INF, pruning, root=True)[1]

        return MutantAgent
    if protocol == "mutable":

        def mutable_entry(game: Any, depth: int) -> tuple[float, Any]:
            driver = MutableDriver(m, game, depth, game.player == MAX)
            value, move = search(driver, None, (depth, 0), -INF, INF, pruning, root=True)
            return driver.root_sign * value, move

        return mutable_entry

    def tree_entry(node: Any, depth: int) -> tuple[float, Any]:
        driver = TreeDriver(m, depth, str(node.player or MAX))
        return search(driver, node, depth, -INF, INF, pruning, root=True)

    if m.colour == "fixed":  # told only the root's colour: alternating trees only

        def colour_entry(node: Any, depth: int, color: int) -> tuple[float, Any]:
            return tree_entry(node, depth)

        return colour_entry
    return tree_entry
