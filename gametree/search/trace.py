"""Typed events of a search trace, in the order the search produced them.

Every event's ``alpha`` and ``beta`` are from MAX's point of view (the window on the
value of the node as MAX sees it), in every algorithm, the negamax forms included, so
consumers never need to know how an algorithm keeps its window internally.

The annotator, the diagrams, the explanations and the answer checker all read this one
stream (see :func:`gametree.search_trace`). Monte Carlo tree search has events of its
own, one per phase per iteration (:class:`Selection`, :class:`Expansion`,
:class:`Playout`, :class:`Backpropagation`: :data:`MCTSEvent`), with no window.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import asdict, dataclass
from typing import Any, ClassVar

from gametree.search.bound import Bound
from gametree.valuetext import jsonable

__all__ = [
    "Backpropagation",
    "ChanceCutoff",
    "Cutoff",
    "Enter",
    "Exit",
    "Expansion",
    "Leaf",
    "MCTSEvent",
    "PassEnd",
    "Playout",
    "Probe",
    "ProbeCutoff",
    "ReSearch",
    "Selection",
    "StarProbe",
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
class ChanceCutoff(Cutoff):
    """Star1/Star2 stop at the CHANCE ``node``: its average has left the window.

    After ``child`` (None: before any outcome, on the bounds alone) the average is
    worth at most ``value`` (``bound`` is ``upper``, at or below ``alpha``: it fails
    low) or at least ``value`` (``lower``, at or above ``beta``: it fails high).
    ``value`` is the sum of ``weights[j] * terms[j]`` over the outcomes, where
    ``sources[j]`` says what ``terms[j]`` is: ``"value"`` (the outcome was searched),
    ``"probe"`` (a Star2 probe bounded it) or ``"bound"`` (not searched: the bound its
    values are known to lie within), for the outcomes ``outcomes`` in search order.
    ``skipped`` are the outcomes never searched.
    """

    bound: Bound = Bound.UPPER
    outcomes: tuple[Hashable, ...] = ()
    weights: tuple[float, ...] = ()
    terms: tuple[float, ...] = ()
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class ProbeCutoff(Cutoff):
    """After a :class:`ChanceCutoff` in Star2's probing phase: ``node`` was only probed
    (``child``, its first child, searched), so its other children, ``skipped``, are
    pruned. ``alpha`` and ``beta`` are the bounds on ``node``'s value the probe left
    (MAX's view); ``value`` is the one of them the probe set."""


@dataclass(frozen=True)
class Probe(_Event):
    """PVS searches ``node`` (a child of ``parent``) with a null window ``(alpha, beta)``."""

    kind: ClassVar[str] = "probe"
    node: Hashable
    parent: Hashable
    alpha: float
    beta: float


@dataclass(frozen=True)
class StarProbe(Probe):
    """Star2 probes ``node``, an outcome of the CHANCE node ``parent``: only its first
    child is searched, with the window ``(alpha, beta)`` Star1 would give ``node``, to
    bound ``node`` (from below at a MAX node, from above at a MIN node) before any
    outcome is searched in full."""


@dataclass(frozen=True)
class ReSearch(_Event):
    """PVS searches ``node`` again with the wider window ``(alpha, beta)``.

    The null-window probe returned ``probe_value``, which failed high (for the parent's
    player) inside the parent's window. Aspiration windows search the root again
    (``parent`` None) after its first window failed low or high with ``probe_value``.
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


@dataclass(frozen=True)
class PassEnd(_Event):
    """A pass of a multi-pass search (MTD(f), SSS*, dual*, aspiration) has ended.

    The pass searched the root ``node`` with the window ``(alpha, beta)`` and returned
    ``value`` of type ``bound``: ``lower`` when it failed high (the root is worth at
    least ``value``), ``upper`` when it failed low, ``exact`` when the value is known.
    ``index`` is 1 for the first pass; ``leaves`` counts the leaves it evaluated.
    """

    kind: ClassVar[str] = "pass"
    node: Hashable
    index: int
    alpha: float
    beta: float
    value: float
    bound: Bound
    leaves: int


TraceEvent = Enter | Leaf | Cutoff | Probe | ReSearch | TranspositionHit | Exit | PassEnd
"""Any one of the event types (:class:`ChanceCutoff` and :class:`ProbeCutoff` are
cutoffs, :class:`StarProbe` a probe, so a reader of the older types reads them too)."""


# Monte Carlo tree search (gametree.search.mcts_loop): one event per phase per iteration.


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

    ``proven`` lists the nodes the solver proved in this iteration, with their values;
    ``totals`` each node's total on ``path`` after this iteration (all the node's
    copies in a DAG together), kept by the rules of :mod:`gametree.search.mcts_tree`
    (so with infinite values never NaN): what explanations and diagrams show.
    """

    kind: ClassVar[str] = "backpropagate"
    iteration: int
    path: tuple[Hashable, ...]
    value: float
    proven: tuple[tuple[Hashable, float], ...] = ()
    totals: tuple[float, ...] = ()


MCTSEvent = Selection | Expansion | Playout | Backpropagation
"""Any one of the Monte Carlo tree search events."""
