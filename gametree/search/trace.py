"""Typed events of a search trace, in the order the search produced them.

Every event's ``alpha`` and ``beta`` are from MAX's point of view (the window on the
value of the node as MAX sees it), in every algorithm, the negamax forms included, so
consumers never need to know how an algorithm keeps its window internally.

The annotator, the diagrams, the explanations and the answer checker all read this one
stream (see :func:`gametree.search_trace`).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from gametree.search.result import Bound, jsonable

__all__ = [
    "Cutoff",
    "Enter",
    "Exit",
    "Leaf",
    "Probe",
    "ReSearch",
    "TraceEvent",
    "TranspositionHit",
]


class _Event:
    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        """Return the event as a JSON-ready dict with a ``"kind"`` key."""
        data = {"kind": self.kind}
        data.update({k: jsonable(v) for k, v in asdict(self).items()})  # type: ignore[call-overload]
        return data


@dataclass(frozen=True)
class Enter(_Event):
    """The search enters ``node`` (from ``parent``) with window ``(alpha, beta)``.

    ``depth`` is the node's distance from the search root.
    """

    kind: ClassVar[str] = "enter"
    node: Hashable
    parent: Hashable | None
    depth: int
    alpha: float
    beta: float


@dataclass(frozen=True)
class Leaf(_Event):
    """A leaf is evaluated: ``value`` from MAX's point of view.

    ``horizon`` is True when ``node`` is an internal node evaluated heuristically at the
    depth limit.
    """

    kind: ClassVar[str] = "leaf"
    node: Hashable
    value: float
    alpha: float
    beta: float
    horizon: bool = False


@dataclass(frozen=True)
class Cutoff(_Event):
    """The search stops at ``node``: after ``child`` returned, ``value`` left the window.

    ``skipped`` lists the children of ``node`` that are not searched (their edges are the
    pruned edges). At a MAX node the cut happens because ``value >= beta`` (``>`` when
    not pruning on equality); at a MIN node because ``value <= alpha`` (``<``).
    """

    kind: ClassVar[str] = "cutoff"
    node: Hashable
    child: Hashable
    value: float
    alpha: float
    beta: float
    skipped: tuple[Hashable, ...]


@dataclass(frozen=True)
class Probe(_Event):
    """PVS searches ``node`` (a child of ``parent``) with a null window ``(alpha, beta)``."""

    kind: ClassVar[str] = "probe"
    node: Hashable
    parent: Hashable
    alpha: float
    beta: float


@dataclass(frozen=True)
class ReSearch(_Event):
    """PVS searches ``node`` again with the wider window ``(alpha, beta)``.

    The null-window probe returned ``probe_value``, which failed high (for the parent's
    player) inside the parent's window.
    """

    kind: ClassVar[str] = "research"
    node: Hashable
    parent: Hashable
    alpha: float
    beta: float
    probe_value: float


@dataclass(frozen=True)
class TranspositionHit(_Event):
    """``node`` is reached again and its stored ``value`` (of type ``bound``) is reused.

    When ``narrows`` is False the stored value answers for the node: an ``Exit`` follows
    and its children are not searched. When True the stored bound lies inside the
    window ``(alpha, beta)`` and only narrows it (a lower bound raises alpha, an upper
    bound lowers beta): the node's children are searched next with the narrower window.
    """

    kind: ClassVar[str] = "transposition"
    node: Hashable
    value: float
    bound: Bound
    alpha: float
    beta: float
    narrows: bool = False


@dataclass(frozen=True)
class Exit(_Event):
    """The search leaves ``node`` returning ``value`` of type ``bound`` (MAX's view)."""

    kind: ClassVar[str] = "exit"
    node: Hashable
    value: float
    bound: Bound
    alpha: float
    beta: float


TraceEvent = Enter | Leaf | Cutoff | Probe | ReSearch | TranspositionHit | Exit
"""Any one of the event types."""
