"""The ``cs188`` protocol: a tree presented as CS188's multi-agent Pacman game.

Written from the Berkeley Pacman project 2, "Multi-Agent Search" (ai.berkeley.edu;
``multiAgents.py`` and the tree tests of ``multiagentTestClasses.py``): the student's
``multiAgents.py`` defines ``MinimaxAgent``, ``AlphaBetaAgent`` and ``ExpectimaxAgent``
on the ``MultiAgentSearchAgent`` base it also defines (which reads ``self.depth`` and
turns ``evalFn='scoreEvaluationFunction'`` into ``self.evaluationFunction`` with
``util.lookup``); the grader builds an agent with ``depth=`` and calls
``getAction(gameState)``, which returns an action. Agent 0 (Pacman) maximises, the
ghosts 1..n-1 minimise (expectimax: each ghost picks uniformly at random), and one
depth is every agent moving once: ``depth=2`` with two ghosts searches six plies.

CS188's tree states ignore the agent index they are given; here a call made for an
agent that does not move at that level is noted (it is how "the ghosts alternate with
Pacman" and similar slips show) and answered for the level's own agent. Values come
from ``getScore()`` at leaves and at the depth limit only, as in CS188's tests
("getScore() called on non-terminal state or before maximum depth achieved").
"""

from __future__ import annotations

from .recorder import Recorder
from .treedata import CHANCE, MAX, MIN, TreeData

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["FOREIGN_AGENT_CALL", "Session", "agent_count", "presentable", "run"]

FOREIGN_AGENT_CALL = "agent-legal"
"""The note kind of a ``getLegalActions`` call for an agent that does not move there:
CS188's tree states ignore the index, so the course's grader does not count it."""

ENTRIES = {
    "minimax": "MinimaxAgent",
    "alphabeta": "AlphaBetaAgent",
    "expectiminimax": "ExpectimaxAgent",
}


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def agent_count(tree: TreeData) -> int:
    """How many agents the tree's levels cycle through (Pacman and the ghosts): one
    more than the longest run of non-MAX levels below a MAX node."""
    longest, runs = 1, {tree.root: 0}
    for node in sorted(tree.ply, key=tree.ply.__getitem__):
        for child in tree.children(node):
            if tree.is_leaf(child):
                continue
            runs[child] = 0 if tree.player(child) == MAX else runs[node] + 1
            longest = max(longest, runs[child])
    return longest + 1


def presentable(tree: TreeData, algorithm: str) -> str | None:
    """Why ``tree`` is not a CS188 game, or None: the root is Pacman's (MAX), and the
    levels cycle Pacman, ghost 1, ..., ghost n-1, with MIN ghosts (CHANCE ones with
    equal odds for expectimax); a depth limit must end a whole round."""
    if tree.player(tree.root) != MAX:
        return "its root is not MAX (Pacman, agent 0, moves first)"
    ghost = CHANCE if algorithm == "expectiminimax" else MIN
    n = agent_count(tree)
    for node, ply in tree.ply.items():
        p = tree.player(node)
        if p is None:
            continue
        want = MAX if ply % n == 0 else ghost
        if p != want:
            return (
                f"{node} is {p} where the agents' turns (Pacman and {n - 1} "
                f"ghost{'s' if n > 2 else ''}) need {want}"
            )
        if p == CHANCE and len(set(tree.probabilities(node))) > 1:
            return f"{node} has unequal odds; CS188's ghosts choose uniformly"
    if tree.depth is not None and tree.depth % n:
        return f"its depth limit ({tree.depth} plies) is not a whole number of rounds of {n} agents"
    return None


def search_depth(tree: TreeData) -> int:
    """CS188's ``depth``: rounds of every agent moving once."""
    n = agent_count(tree)
    if tree.depth is not None:
        return tree.depth // n
    return max(1, -(-tree.height() // n))


class Session:
    """What the states of one run ask the tree; :class:`pacman.GameState` calls it."""

    def __init__(self, tree: TreeData, rec: Recorder, algorithm: str) -> None:
        self.tree = tree
        self.rec = rec
        self.agents = agent_count(tree)
        self.algorithm = algorithm

    def agent_of(self, node: str) -> int:
        return self.tree.ply[node] % self.agents

    def _who(self, agent: int) -> str:
        if agent == 0:
            return "Pacman (agent 0)"
        return f"the {_ordinal(agent)} ghost (agent {agent})"

    def _check_agent(self, node: str, agent: object, method: str) -> None:
        if self.tree.is_leaf(node):
            return
        mover = self.agent_of(node)
        if agent != mover:
            self.rec.note(
                node,
                FOREIGN_AGENT_CALL if method == "getLegalActions" else "agent",
                f"{method}({agent!r}, ...) at {node}, where {self._who(mover)} moves",
            )

    def legal(self, node: str, agent: object) -> list[str]:
        self.rec.call(node)
        if self.tree.is_leaf(node):
            return []
        self._check_agent(node, agent, "getLegalActions")
        return list(self.tree.moves(node))

    def successor(self, node: str, agent: object, action: object) -> tuple[str, int]:
        self.rec.call(node)
        if self.tree.is_leaf(node):
            self.rec.refuse(
                f"generateSuccessor at {node}, a terminal state (isWin() or isLose() is "
                "True): it has no successors",
                node,
            )
        self._check_agent(node, agent, "generateSuccessor")
        child = self.tree.child(node, action)
        if child is None:
            self.rec.refuse(
                f"generateSuccessor({agent!r}, {action!r}) at {node}: not a legal action "
                f"(its actions: {', '.join(self.tree.moves(node))})",
                node,
            )
        assert child is not None
        return child, self.rec.generate(child)

    def num_agents(self, node: str) -> int:
        self.rec.call(node)
        return self.agents

    def is_win(self, node: str) -> bool:
        self.rec.call(node)
        return self.tree.is_leaf(node) and (self.tree.value(node) or 0) > 0

    def is_lose(self, node: str) -> bool:
        self.rec.call(node)
        return self.tree.is_leaf(node) and (self.tree.value(node) or 0) <= 0

    def score(self, node: str, visit: int) -> float:
        self.rec.call(node)
        if not self.tree.evaluable(node):
            self.rec.refuse(
                f"getScore() at {node}: called on a non-terminal state before the maximum "
                "depth was reached",
                node,
            )
        self.rec.evaluate(node, visit)
        return float(self.tree.value(node) or 0)

    def grid_method(self, node: str, name: str) -> None:
        self.rec.refuse(
            f"{name}() is a method of the Pacman grid game; a game-tree state has "
            "getLegalActions, generateSuccessor, getNumAgents, isWin, isLose and getScore",
            node,
        )


def run(
    entry: Callable[..., Any],
    tree: TreeData,
    rec: Recorder,
    algorithm: str,
    state_class: type | None = None,
) -> dict[str, Any]:
    """Build the agent class ``entry`` with ``depth=`` and call its ``getAction``."""
    if state_class is None:
        from .standins.pacman import GameState

        state_class = GameState
    session = Session(tree, rec, algorithm)
    root = state_class(session, tree.root, 0)
    agent = entry(depth=search_depth(tree))
    return {"action": agent.getAction(root)}
