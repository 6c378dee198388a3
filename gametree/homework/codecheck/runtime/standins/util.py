"""Stand-in for CS188's ``util`` module: the names ``multiAgents.py`` files use.

Written from what the Berkeley Pacman projects (ai.berkeley.edu, project 2,
"Multi-Agent Search") say these names do: ``lookup(name, namespace)`` finds the
function or class called ``name`` (``MultiAgentSearchAgent`` turns its ``evalFn``
string into ``self.evaluationFunction`` with it), ``raiseNotDefined()`` marks code left
to write, ``manhattanDistance`` and the small containers search code imports.
"""

from __future__ import annotations

import heapq
import importlib
import random
import types

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

__all__ = [
    "Counter",
    "PriorityQueue",
    "Queue",
    "Stack",
    "flipCoin",
    "lookup",
    "manhattanDistance",
    "raiseNotDefined",
]


class NotDefined(NotImplementedError):
    """Raised by :func:`raiseNotDefined`: the submission left a method unwritten."""


def raiseNotDefined() -> None:
    """Stop: the calling method is still the stub the project handed out."""
    import sys

    caller = sys._getframe(1)
    raise NotDefined(
        f"{caller.f_code.co_name} is not written yet (it calls util.raiseNotDefined(), "
        f"line {caller.f_lineno})"
    )


def lookup(name: str, namespace: Mapping[str, Any]) -> Any:
    """Return the object called ``name``: ``module.name`` is imported; a plain name is
    looked up in ``namespace`` and in the modules it holds, and must be found once."""
    if "." in name:
        module_name, _, attribute = name.rpartition(".")
        return getattr(importlib.import_module(module_name), attribute)
    found = [v for k, v in namespace.items() if k == name]
    found += [
        getattr(v, name)
        for v in namespace.values()
        if isinstance(v, types.ModuleType) and hasattr(v, name)
    ]
    if len(found) == 1:
        return found[0]
    if found:
        raise LookupError(f"name conflict for {name}")
    raise LookupError(f"{name} not found as a method or class")


def manhattanDistance(xy1: tuple[float, float], xy2: tuple[float, float]) -> float:
    """The Manhattan distance between two points."""
    return abs(xy1[0] - xy2[0]) + abs(xy1[1] - xy2[1])


def flipCoin(p: float) -> bool:
    """True with probability ``p``."""
    return random.random() < p


class Counter(dict):  # type: ignore[type-arg]
    """A dict whose missing keys count 0."""

    def __getitem__(self, key: Any) -> Any:
        self.setdefault(key, 0)
        return dict.__getitem__(self, key)

    def argMax(self) -> Any:
        return max(self, key=self.__getitem__) if self else None

    def totalCount(self) -> Any:
        return sum(self.values())

    def normalize(self) -> None:
        total = self.totalCount()
        if total:
            for key in self:
                self[key] = self[key] / total


class Stack:
    """Last in, first out."""

    def __init__(self) -> None:
        self.list: list[Any] = []

    def push(self, item: Any) -> None:
        self.list.append(item)

    def pop(self) -> Any:
        return self.list.pop()

    def isEmpty(self) -> bool:
        return not self.list


class Queue(Stack):
    """First in, first out."""

    def pop(self) -> Any:
        return self.list.pop(0)


class PriorityQueue:
    """Lowest priority first; ties in insertion order."""

    def __init__(self) -> None:
        self.heap: list[tuple[float, int, Any]] = []
        self.count = 0

    def push(self, item: Any, priority: float) -> None:
        heapq.heappush(self.heap, (priority, self.count, item))
        self.count += 1

    def pop(self) -> Any:
        return heapq.heappop(self.heap)[2]

    def isEmpty(self) -> bool:
        return not self.heap
