"""Stand-in for CS188's ``pacman`` module: ``GameState`` as a node of a game tree.

Written from the methods CS188's multi-agent tree tests give their states
(``multiagentTestClasses.py``'s ``MultiagentTreeState``, ai.berkeley.edu project 2):
``getLegalActions(agentIndex)``, ``generateSuccessor(agentIndex, action)`` (or
``getNextState``, its name from Fall 2021 to Spring 2023),
``getNumAgents()``, ``isWin()``, ``isLose()`` and ``getScore()``, the value
``scoreEvaluationFunction`` reads, available at the leaves and at the depth limit only.
Agent 0 (Pacman) moves at MAX nodes, the ghosts 1..n-1 at the MIN (or, for expectimax,
CHANCE) levels below. The tree is asked through ``session`` (see the ``cs188``
protocol module), so this file knows nothing of how the tree is stored. Methods of the
real grid game (``getPacmanPosition``, ``getFood``, ...) do not exist in a tree and are
refused by name.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from typing import Any


__all__ = ["GameState"]

GRID_METHODS = frozenset(
    {
        "getPacmanPosition",
        "getPacmanState",
        "getGhostStates",
        "getGhostState",
        "getGhostPosition",
        "getGhostPositions",
        "getFood",
        "getNumFood",
        "getCapsules",
        "getWalls",
        "hasFood",
        "hasWall",
        "deepCopy",
        "getAndResetExplored",
    }
)


class GameState:
    """A position in a game tree, as CS188's search agents see it."""

    __slots__ = ("_node", "_session", "_visit")

    def __init__(self, session: Any = None, node: str = "", visit: int = 0) -> None:
        self._session = session
        self._node = node
        self._visit = visit

    def getLegalActions(self, agentIndex: int = 0) -> list[str]:
        return self._session.legal(self._node, agentIndex)  # type: ignore[no-any-return]

    def getLegalPacmanActions(self) -> list[str]:
        return self.getLegalActions(0)

    def generateSuccessor(self, agentIndex: int, action: Any) -> GameState:
        node, visit = self._session.successor(self._node, agentIndex, action)
        return GameState(self._session, node, visit)

    def getNextState(self, agentIndex: int, action: Any) -> GameState:
        """The successor, as the Fall 2021 to Spring 2023 projects name it."""
        return self.generateSuccessor(agentIndex, action)

    def generatePacmanSuccessor(self, action: Any) -> GameState:
        return self.generateSuccessor(0, action)

    def getNumAgents(self) -> int:
        return self._session.num_agents(self._node)  # type: ignore[no-any-return]

    def isWin(self) -> bool:
        return self._session.is_win(self._node)  # type: ignore[no-any-return]

    def isLose(self) -> bool:
        return self._session.is_lose(self._node)  # type: ignore[no-any-return]

    def getScore(self) -> float:
        return self._session.score(self._node, self._visit)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        if name in GRID_METHODS:
            self._session.grid_method(self._node, name)
        raise AttributeError(f"'GameState' object has no attribute {name!r}")

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameState)
            and other._node == self._node
            and other._session is self._session
        )

    def __hash__(self) -> int:
        return hash((id(self._session), self._node))

    def __str__(self) -> str:
        return self._node

    __repr__ = __str__
