"""The ``aima`` protocol: a tree presented as aima-python's ``Game`` and ``StochasticGame``.

Written from aima-python's ``games.py`` (github.com/aimacode/aima-python, module
``games``; AIMA 3rd/4th ed. Chapter 5): search functions are called
``minmax_decision(state, game)``, ``alpha_beta_search(state, game)``,
``alpha_beta_cutoff_search(state, game, d=4, cutoff_test=None, eval_fn=None)`` and
``expect_minmax(state, game)`` and return an action. A game offers ``actions(state)``,
``result(state, move)``, ``utility(state, player)`` (the value to ``player``; aima's
``Fig52Game`` negates it for any player but ``'MAX'``), ``terminal_test(state)``,
``to_move(state)`` and the ``initial`` state; a ``StochasticGame`` adds
``chances(state)``, ``outcome(state, chance)`` and ``probability(chance)``. The players
are ``'MAX'`` and ``'MIN'`` as in ``Fig52Game``. aima's cutoff search calls the root's
children at depth 1 and cuts where ``depth > d``, so ``d`` searches ``d + 1`` plies:
gametree's depth limit ``L`` is presented as ``d = L - 1``.

A state also has the attributes of aima's ``GameState`` namedtuple (``to_move``,
``utility``, ``board``, ``moves``; ``chance``), since aima's own ``expect_minmax`` reads
``state.to_move``. A CHANCE node's state is the position after a move and before the
roll: ``chances`` lists its outcomes and ``outcome`` rolls one; its ``to_move`` is
``'CHANCE'``.
"""

from __future__ import annotations

from .binding import call
from .recorder import Recorder
from .treedata import CHANCE, MAX, MIN, TreeData

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["AimaChance", "AimaGame", "AimaState", "presentable", "run"]

ENTRIES = {
    "minimax": "minmax_decision",
    "alphabeta": "alpha_beta_search",
    "expectiminimax": "expect_minmax",
}
"""aima-python's names for the searches (``alpha_beta_cutoff_search`` is alpha-beta too)."""

STATE_NAMES = frozenset({"state", "s", "initial", "root", "node", "position"})
GAME_NAMES = frozenset({"game", "g", "problem"})


class AimaState:
    """A position: one node of the tree, reached in one visit."""

    __slots__ = ("_game", "node", "visit")

    def __init__(self, game: AimaGame, node: str, visit: int) -> None:
        self._game = game
        self.node = node
        self.visit = visit

    @property
    def to_move(self) -> str:
        tree = self._game.tree
        return CHANCE if tree.player(self.node) == CHANCE else tree.mover(self.node)

    @property
    def utility(self) -> float:
        """aima's cached utility: the value for MAX where the game is over, else 0."""
        game = self._game
        if not game.tree.evaluable(self.node):
            return 0
        game.rec.evaluate(self.node, self.visit)
        return game.tree.value(self.node) or 0

    @property
    def board(self) -> str:
        return self.node

    @property
    def moves(self) -> list[str]:
        return list(self._game.tree.moves(self.node))

    @property
    def chance(self) -> None:
        return None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, AimaState)
            and other.node == self.node
            and other._game.tree.index == self._game.tree.index
        )

    def __hash__(self) -> int:
        return hash((self._game.tree.index, self.node))

    def __repr__(self) -> str:
        return self.node


class AimaChance:
    """One outcome of a chance node: ``str`` is its label, ``probability(chance)`` its
    probability."""

    __slots__ = ("child", "label", "node", "p")

    def __init__(self, node: str, child: str, label: str, p: float) -> None:
        self.node, self.child, self.label, self.p = node, child, label, p

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AimaChance) and (other.node, other.child) == (
            self.node,
            self.child,
        )

    def __hash__(self) -> int:
        return hash((self.node, self.child))

    def __repr__(self) -> str:
        return self.label


class AimaGame:
    """A tree as an aima-python game; records what the search asks."""

    def __init__(self, tree: TreeData, rec: Recorder) -> None:
        self.tree = tree
        self.rec = rec
        self.initial = AimaState(self, tree.root, 0)

    def _state(self, state: object, method: str) -> AimaState:
        self.rec.call()
        if not isinstance(state, AimaState) or state._game is not self:
            shown = repr(state)[:60]
            self.rec.refuse(f"{method}() was given {shown}, which is not a state of this game")
        assert isinstance(state, AimaState)
        return state

    def actions(self, state: object) -> list[str]:
        """The moves at ``state``; none at a terminal state."""
        s = self._state(state, "actions")
        if self.tree.player(s.node) == CHANCE:
            self.rec.refuse(
                f"actions() of {s.node}, a chance node: its outcomes come from "
                "chances(state) and outcome(state, chance)",
                s.node,
            )
        return list(self.tree.moves(s.node))

    def result(self, state: object, move: object) -> AimaState:
        """The state after ``move``; an illegal move is refused."""
        s = self._state(state, "result")
        node = s.node
        if self.tree.is_leaf(node):
            self.rec.refuse(f"result() of {node}, a terminal state: it has no moves", node)
        if self.tree.player(node) == CHANCE:
            self.rec.refuse(
                f"result() of {node}, a chance node: roll it with outcome(state, chance)", node
            )
        child = self.tree.child(node, move)
        if child is None:
            self.rec.refuse(
                f"result({node}, {move!r}): not a move at {node} "
                f"(its moves: {', '.join(self.tree.moves(node))})",
                node,
            )
        assert child is not None
        return AimaState(self, child, self.rec.generate(child))

    def utility(self, state: object, player: object) -> float:
        """The value of a terminal state (or one at the depth limit) to ``player``."""
        s = self._state(state, "utility")
        if player not in (MAX, MIN):
            self.rec.refuse(
                f"utility({s.node}, {player!r}): the players are 'MAX' and 'MIN'", s.node
            )
        if not self.tree.evaluable(s.node):
            self.rec.refuse(
                f"utility() of {s.node}, which is not terminal (and not at the depth "
                "limit): the search has no value to read there",
                s.node,
            )
        self.rec.evaluate(s.node, s.visit)
        value = self.tree.value(s.node)
        assert value is not None
        return value if player == MAX else -value

    def terminal_test(self, state: object) -> bool:
        """Whether the game is over at ``state``."""
        return self.tree.is_leaf(self._state(state, "terminal_test").node)

    def is_terminal(self, state: object) -> bool:
        """The same as :meth:`terminal_test` (aima's newer name)."""
        return self.tree.is_leaf(self._state(state, "is_terminal").node)

    def to_move(self, state: object) -> str:
        """``'MAX'``, ``'MIN'``, or ``'CHANCE'`` at a chance node."""
        return self._state(state, "to_move").to_move

    def chances(self, state: object) -> list[AimaChance]:
        """The outcomes of a chance node."""
        s = self._state(state, "chances")
        node = s.node
        if self.tree.player(node) != CHANCE:
            self.rec.refuse(f"chances() of {node}, which is not a chance node", node)
        tree = self.tree
        return [
            AimaChance(node, child, move, p)
            for child, move, p in zip(
                tree.children(node), tree.moves(node), tree.probabilities(node), strict=True
            )
        ]

    def outcome(self, state: object, chance: object) -> AimaState:
        """The state after the roll ``chance`` at the chance node ``state``."""
        s = self._state(state, "outcome")
        node = s.node
        if self.tree.player(node) != CHANCE:
            self.rec.refuse(
                f"outcome() of {node}, which is not a chance node (was the state rolled twice?)",
                node,
            )
        if not isinstance(chance, AimaChance) or chance.node != node:
            self.rec.refuse(f"outcome({node}, {chance!r}): not one of its chances", node)
        assert isinstance(chance, AimaChance)
        return AimaState(self, chance.child, self.rec.generate(chance.child))

    def probability(self, chance: object) -> float:
        """The probability of the outcome ``chance``."""
        self.rec.call()
        if not isinstance(chance, AimaChance):
            self.rec.refuse(f"probability({chance!r}): not a chance of this game")
        assert isinstance(chance, AimaChance)
        return chance.p

    def successors(self, state: object) -> list[tuple[str, AimaState]]:
        """Older aima: every ``(move, state)`` pair at once."""
        s = self._state(state, "successors")
        return [(m, self.result(s, m)) for m in self.tree.moves(s.node)]

    def display(self, state: object) -> None:
        print(state)

    def __repr__(self) -> str:
        return f"<Game {self.tree.name}>"


def presentable(tree: TreeData, algorithm: str) -> str | None:
    """Why ``tree`` cannot be presented to aima-style code, or None.

    aima's ``max_value`` calls ``min_value`` and back, so minimax and alpha-beta trees
    must alternate MAX and MIN; ``expect_minmax`` reads ``to_move`` and takes any order.
    """
    if algorithm == "expectiminimax":
        return None
    for node in tree.ply:
        p = tree.player(node)
        if p == CHANCE:
            return f"it has a chance node ({node}); {algorithm} trees have none"
        if p is not None and any(tree.player(c) == p for c in tree.children(node)):
            return f"two {p} levels follow each other at {node}; aima's searches alternate"
    return None


def run(entry: Callable[..., Any], tree: TreeData, rec: Recorder, algorithm: str) -> dict[str, Any]:
    """Call ``entry(state, game, ...)`` on ``tree``; return what it returned."""
    game = AimaGame(tree, rec)
    aima_d = None if tree.depth is None else tree.depth - 1
    ran, returned = call(
        entry,
        [("state", game.initial, STATE_NAMES), ("game", game, GAME_NAMES)],
        depth=aima_d if aima_d is not None else max(tree.height(), 1),
        limited=tree.depth is not None,
        maximizing=tree.player(tree.root) == MAX,
    )
    return {"action": returned} if ran else {"skipped": returned}
