"""Stand-in for CS188's ``game`` module: ``Agent`` and ``Directions``.

Written from what the Berkeley Pacman projects say of them: an ``Agent`` has an
``index`` (Pacman is agent 0, the ghosts 1, 2, ...) and answers ``getAction(state)``;
``Directions`` names the moves (``NORTH = 'North'``, ..., ``STOP = 'Stop'``) with the
``LEFT``, ``RIGHT`` and ``REVERSE`` turns.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from typing import Any, ClassVar


__all__ = ["Actions", "Agent", "Directions"]


class Agent:
    """Something that picks an action in a game state."""

    def __init__(self, index: int = 0) -> None:
        self.index = index

    def getAction(self, state: Any) -> Any:
        raise NotImplementedError(f"{type(self).__name__}.getAction is not written yet")


class Directions:
    """Pacman's moves and how they turn."""

    NORTH = "North"
    SOUTH = "South"
    EAST = "East"
    WEST = "West"
    STOP = "Stop"
    LEFT: ClassVar[dict[str, str]] = {
        NORTH: WEST,
        SOUTH: EAST,
        EAST: NORTH,
        WEST: SOUTH,
        STOP: STOP,
    }
    RIGHT: ClassVar[dict[str, str]] = {y: x for x, y in LEFT.items()}
    REVERSE: ClassVar[dict[str, str]] = {
        NORTH: SOUTH,
        SOUTH: NORTH,
        EAST: WEST,
        WEST: EAST,
        STOP: STOP,
    }


class Actions:
    """Moves as vectors (for evaluation functions written against the grid game)."""

    _directions: ClassVar[dict[str, tuple[int, int]]] = {
        Directions.NORTH: (0, 1),
        Directions.SOUTH: (0, -1),
        Directions.EAST: (1, 0),
        Directions.WEST: (-1, 0),
        Directions.STOP: (0, 0),
    }

    @staticmethod
    def reverseDirection(action: str) -> str:
        return Directions.REVERSE.get(action, action)

    @staticmethod
    def directionToVector(direction: str, speed: float = 1.0) -> tuple[float, float]:
        dx, dy = Actions._directions[direction]
        return (dx * speed, dy * speed)
