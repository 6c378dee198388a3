"""Replaying a search trace to say *why*: where each alpha and beta came from.

The trace (:mod:`gametree.search.trace`) says what the search did; the explainer and the
checker also need the reasons: at a cutoff, which ancestor set the bound that was crossed
and after which child returned. :func:`replay` walks the events once, keeping the stack of
open nodes with their window and the origin of each bound, and returns one :class:`Step`
per event.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gametree.attrs import MAX, MIN, PLAYER
from gametree.search.trace import (
    ChanceCutoff,
    Cutoff,
    Enter,
    Exit,
    Leaf,
    Probe,
    ProbeCutoff,
    ReSearch,
    TraceEvent,
    TranspositionHit,
)

__all__ = ["Origin", "Step", "cut_reason", "fmt", "origin_text", "replay"]


def fmt(x: Any, style: str = "text") -> str:
    """Format a value: ``3.0`` as ``3``, infinities as ``inf`` (text) or ``∞`` (markdown).

    >>> fmt(3.0), fmt(2.5), fmt(float("-inf")), fmt(float("inf"), "markdown")
    ('3', '2.5', '-inf', '+∞')
    """
    if isinstance(x, float):
        if math.isinf(x):
            if style == "markdown":
                return "+∞" if x > 0 else "−∞"
            return "inf" if x > 0 else "-inf"
        if x.is_integer() and abs(x) < 1e15:
            return str(int(x))
        return f"{x:.6g}"
    return str(x)


@dataclass(frozen=True)
class Origin:
    """Where a bound came from: ``node`` set it when ``child`` returned ``value``.

    ``child`` is None when ``node`` passed down a window of its own (a PVS null window),
    and ``node`` is None for the initial window.
    """

    node: Hashable | None
    child: Hashable | None = None
    value: float | None = None


_UNKNOWN = Origin("?")
"""The origin of a bound the replay could not follow (it does not match the event)."""


@dataclass
class _Frame:
    node: Hashable
    player: str | None
    alpha: float
    beta: float
    alpha_from: Origin
    beta_from: Origin
    value: float | None = None
    best_child: Hashable | None = None
    done: int = 0


@dataclass(frozen=True)
class Step:
    """One trace event with its context.

    Attributes
    ----------
    event : TraceEvent
        The event.
    player : str or None
        The player at the event's node.
    parent : hashable or None
        The node the event's node was entered from (None at the root).
    parent_player : str or None
        That node's player.
    index : int
        For an Enter (or a leaf evaluated without one): which child of ``parent`` this is
        (1-based), else 0.
    parent_value : float or None
        For an Enter: the parent's best value so far (None before its first child); for
        a Cutoff: the node's own best value (unclamped, also under fail-hard).
    alpha_from, beta_from : Origin
        Where the window's bounds at this moment came from (for an Exit: the bounds of
        the node being left).
    update : str or None
        For an Exit (or a leaf): ``"alpha"`` or ``"beta"`` when the parent's bound
        moved, ``"best"`` when only its best value did, else None.
    new_bound : float or None
        The parent's new alpha (MAX) or beta (MIN) after the update.
    """

    event: TraceEvent
    player: str | None
    parent: Hashable | None = None
    parent_player: str | None = None
    index: int = 0
    parent_value: float | None = None
    alpha_from: Origin = Origin(None)
    beta_from: Origin = Origin(None)
    update: str | None = None
    new_bound: float | None = None


def replay(G: Any, events: Iterable[TraceEvent]) -> list[Step]:
    """Return one :class:`Step` per event, with the origin of every bound.

    Works whether or not the search emits Enter/Exit events for leaves and transposition
    hits (an event for a node that is not open is read as a child returning its value).
    """
    nodes: Mapping[Hashable, Mapping[str, Any]] = G._node
    stack: list[_Frame] = []
    steps: list[Step] = []
    initial = Origin(None)

    def player_of(node: Hashable) -> str | None:
        p = nodes[node].get(PLAYER) if node in nodes else None
        return str(p.value if hasattr(p, "value") else p) if p is not None else None

    def child_returns(child: Hashable, value: float) -> tuple[str | None, float | None]:
        if not stack:
            return None, None
        top = stack[-1]
        top.done += 1
        update: str | None = None
        new: float | None = None
        if top.player == MAX:
            if top.value is None or value > top.value:
                top.value, top.best_child = value, child
                update = "best"
            if value > top.alpha:
                top.alpha, top.alpha_from = value, Origin(top.node, child, value)
                update, new = "alpha", value
        elif top.player == MIN:
            if top.value is None or value < top.value:
                top.value, top.best_child = value, child
                update = "best"
            if value < top.beta:
                top.beta, top.beta_from = value, Origin(top.node, child, value)
                update, new = "beta", value
        return update, new

    for event in events:
        top = stack[-1] if stack else None
        if isinstance(event, Enter):
            if top is not None and top.node == event.parent:
                a_from = top.alpha_from if event.alpha == top.alpha else Origin(top.node)
                b_from = top.beta_from if event.beta == top.beta else Origin(top.node)
                parent_value, index = top.value, top.done + 1
                parent_player = top.player
            else:
                a_from, b_from, parent_value, index, parent_player = initial, initial, None, 0, None
            player = player_of(event.node)
            stack.append(_Frame(event.node, player, event.alpha, event.beta, a_from, b_from))
            steps.append(
                Step(
                    event, player, event.parent, parent_player, index, parent_value, a_from, b_from
                )
            )
        elif isinstance(event, (Leaf, TranspositionHit)):
            if top is not None and top.node == event.node:
                steps.append(
                    Step(event, top.player, None, None, 0, None, top.alpha_from, top.beta_from)
                )
                continue
            parent_value = top.value if top else None
            index = top.done + 1 if top else 0
            a_from = top.alpha_from if top else initial
            b_from = top.beta_from if top else initial
            parent = top.node if top else None
            parent_player = top.player if top else None
            update, new = child_returns(event.node, event.value)
            steps.append(
                Step(
                    event,
                    player_of(event.node),
                    parent,
                    parent_player,
                    index,
                    parent_value,
                    a_from,
                    b_from,
                    update,
                    new,
                )
            )
        elif isinstance(event, Exit):
            own_a, own_b = initial, initial
            if top is not None and top.node == event.node:
                own_a, own_b = top.alpha_from, top.beta_from
                stack.pop()
            parent = stack[-1].node if stack else None
            parent_player = stack[-1].player if stack else None
            update, new = child_returns(event.node, event.value)
            steps.append(
                Step(
                    event,
                    player_of(event.node),
                    parent,
                    parent_player,
                    0,
                    None,
                    own_a,
                    own_b,
                    update,
                    new,
                )
            )
        elif isinstance(event, Cutoff):
            a_from = b_from = _UNKNOWN
            if top is not None and top.node == event.node:
                if top.alpha == event.alpha:
                    a_from = top.alpha_from
                if top.beta == event.beta:
                    b_from = top.beta_from
            shadow = top.value if top is not None and top.node == event.node else None
            steps.append(Step(event, player_of(event.node), None, None, 0, shadow, a_from, b_from))
        elif isinstance(event, (Probe, ReSearch)):
            steps.append(Step(event, player_of(event.node), event.parent, player_of(event.parent)))
        else:  # pragma: no cover - future event types
            steps.append(Step(event, None))
    return steps


def origin_text(
    bound: str, value: float, origin: Origin, style: str = "text", *, at: Hashable | None = None
) -> str:
    """Say where a bound came from: ``"alpha 3 inherited from A after B returned 3"``.

    >>> origin_text("alpha", 3, Origin("A", "B", 3))
    'alpha 3 inherited from A after B returned 3'
    >>> origin_text("beta", float("inf"), Origin(None))
    'beta inf of the initial window'
    """
    name = {"alpha": "α", "beta": "β"}[bound] if style == "markdown" else bound
    head = f"{name} {fmt(value, style)}"
    if origin.node == "?":
        return head
    if origin.node is None:
        return f"{head} of the initial window"
    if origin.child is None:
        return f"{head} of the window {origin.node} passed down"
    if at is not None and origin.node == at:
        return f"{head} set when {origin.child} returned {fmt(origin.value, style)}"
    returned = fmt(origin.value, style)
    return f"{head} inherited from {origin.node} after {origin.child} returned {returned}"


def average_text(weights: tuple[float, ...], terms: tuple[float, ...], style: str = "text") -> str:
    """Write a weighted average out: ``(7 + 10 + 10) / 3`` or ``0.5 × 7 + 0.5 × 10``.

    >>> average_text((1 / 3,) * 3, (7, 10, 10)), average_text((0.25, 0.75), (4, 8))
    ('(7 + 10 + 10) / 3', '0.25*4 + 0.75*8')
    """
    shown = [fmt(t, style) for t in terms]
    if len(set(weights)) == 1:
        return "(" + " + ".join(shown) + f") / {len(terms)}"
    times = "×" if style == "markdown" else "*"
    return " + ".join(f"{fmt(w, style)}{times}{t}" for w, t in zip(weights, shown, strict=True))


def _names(nodes: list[str]) -> str:
    return nodes[0] if len(nodes) == 1 else ", ".join(nodes[:-1]) + " and " + nodes[-1]


def _chance_reason(step: Step, event: ChanceCutoff, poe: bool, style: str) -> str:
    """Why Star1/Star2 cut at a CHANCE node, with the arithmetic written out."""
    node = f"**{event.node}**" if style == "markdown" else str(event.node)
    low = str(event.bound) == "upper"
    known, probed, assumed = [], [], []
    for child, term, source in zip(event.outcomes, event.terms, event.sources, strict=True):
        if source == "value":
            known.append(f"{child} returned {fmt(term, style)}")
        elif source == "probe":
            side = "at most" if low else "at least"
            probed.append(f"{child} is {side} {fmt(term, style)} by its probe")
        else:
            assumed.append(str(child))
    facts = known + probed
    if assumed:
        side = "at most" if low else "at least"
        term = event.terms[event.sources.index("bound")]
        same = all(
            t == term for t, s in zip(event.terms, event.sources, strict=True) if s == "bound"
        )
        if same:
            verb = "is" if len(assumed) == 1 else "are"
            facts.append(f"{_names(assumed)} {verb} {side} {fmt(term, style)}")
        else:
            facts.append(f"{_names(assumed)} at their bounds")
    when = "before any outcome is searched" if event.child is None else f"after {event.child}"
    expr = average_text(event.weights, event.terms, style)
    value = fmt(event.value, style)
    if low:
        crossed = origin_text("alpha", event.alpha, step.alpha_from, style)
        rel = "below" if event.value < event.alpha else ("equal to" if poe else "below")
        head = f"the average cannot exceed {expr} = {value}, {rel} {crossed}"
    else:
        crossed = origin_text("beta", event.beta, step.beta_from, style)
        rel = "above" if event.value > event.beta else "equal to"
        head = f"the average cannot fall below {expr} = {value}, {rel} {crossed}"
    return f"at {node} (CHANCE) {when} ({'; '.join(facts)}) {head}"


def cut_reason(step: Step, prune_on_equal: bool, style: str = "text") -> str:
    """Say why a cutoff happened: ``"at C (MIN) the value 2 <= alpha 3 inherited from ..."``."""
    event = step.event
    assert isinstance(event, Cutoff)
    if isinstance(event, ChanceCutoff):
        return _chance_reason(step, event, prune_on_equal, style)
    if isinstance(event, ProbeCutoff):
        node = f"**{event.node}**" if style == "markdown" else str(event.node)
        return (
            f"{node} was only probed (its first child {event.child}) when the chance node "
            "above it was cut off"
        )
    # Fail-hard searches report the clamped value; say the value the node really found.
    value = step.parent_value if step.parent_value is not None else event.value
    le = ("≤" if style == "markdown" else "<=") if prune_on_equal else "<"
    ge = ("≥" if style == "markdown" else ">=") if prune_on_equal else ">"
    node = f"**{event.node}**" if style == "markdown" else str(event.node)
    if step.player == MIN:
        bound = origin_text("alpha", event.alpha, step.alpha_from, style)
        return f"at {node} (MIN) the value {fmt(value, style)} {le} {bound}"
    bound = origin_text("beta", event.beta, step.beta_from, style)
    return f"at {node} ({step.player or 'MAX'}) the value {fmt(value, style)} {ge} {bound}"
