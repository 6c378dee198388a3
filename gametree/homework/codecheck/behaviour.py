"""What a run did, read from its call log: the positions generated and values read.

:func:`behaviour` turns one run's message (a child's line, or a mutant's run in the
parent) into a :class:`Behaviour`: the nodes whose values were read, in order, the first
read per visit only (code that calls ``is_over()`` then ``get_utility()``, or reads
``utility`` twice, evaluates once); the nodes generated; what the entry returned; and
how the run ended (an error, a refusal, protocol notes, a game left mid-search).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["NOTHING", "Behaviour", "behaviour", "same_number"]

NOTHING = "<nothing>"
"""Stands for "the entry returned no action (or no value)"."""


def same_number(a: Any, b: Any) -> bool:
    """Whether two returned numbers agree (to 1e-9 relative), infinities included."""
    if isinstance(a, bool) or isinstance(b, bool):
        return False
    if not isinstance(a, (int, float)) or not isinstance(b, (int, float)):
        try:
            a, b = float(a), float(b)
        except (TypeError, ValueError):
            return False
    if math.isinf(a) or math.isinf(b):
        return bool(a == b)
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


@dataclass(frozen=True)
class Behaviour:
    """One run of an entry on one tree, as the comparison reads it.

    Attributes
    ----------
    evaluations : tuple of str
        Nodes whose value was read, in order (first read per visit).
    generated : tuple of str
        Nodes generated, in order (a node generated twice appears twice).
    order : tuple of (str, str)
        ``("g", node)`` and ``("e", node)`` in the order they happened.
    action, value
        What the entry returned (:data:`NOTHING` when it returned none).
    error : dict or None
        How the run failed: ``kind`` (``refused``, ``exception``, ``timeout``,
        ``recursion``, ``memory``, ``exit``, ``not-written``, ``died``), ``type``,
        ``message``, ``frames`` (``[line, function, source, times]`` in the file).
    refused_at : str or None
        The node a refused call was about.
    notes : tuple of (node, kind, text)
        Misuses that did not stop the run (CS188: an agent index at the wrong level).
    end : dict or None
        How a mutable game was left (``moves_made``, ``at``).
    skipped : str or None
        Why the tree was not presented to this entry.
    output : (str, int)
        The start of what the code printed, and its length in characters.
    seconds, calls
        Wall time of the run and calls made to the game.
    """

    evaluations: tuple[str, ...] = ()
    generated: tuple[str, ...] = ()
    order: tuple[tuple[str, str], ...] = ()
    action: Any = NOTHING
    value: Any = NOTHING
    error: Mapping[str, Any] | None = None
    refused_at: str | None = None
    notes: tuple[tuple[str, str, str], ...] = ()
    end: Mapping[str, Any] | None = None
    skipped: str | None = None
    output: tuple[str, int] = ("", 0)
    seconds: float = 0.0
    calls: int = 0

    @property
    def failed(self) -> bool:
        return self.error is not None

    def key(
        self, with_value: bool = True, with_action: bool = True, either_sign: bool = False
    ) -> tuple[Any, ...]:
        """What two runs must share to count as the same behaviour: the values read in
        order, the positions generated, how the run ended, and (as asked) the move and
        the value returned (``either_sign``: ``v`` and ``-v`` count as one, for code
        that may return a MIN root's value in negamax form)."""
        value: Any = None
        number = isinstance(self.value, (int, float)) and not isinstance(self.value, bool)
        if with_value and number:
            v = round(float(self.value), 9) if math.isfinite(self.value) else float(self.value)
            value = frozenset({v, -v}) if either_sign else v
        elif with_value:
            value = repr(self.value)
        kind = None if self.error is None else self.error.get("kind")
        return (
            self.evaluations,
            frozenset(self.generated),
            repr(self.action) if with_action else None,
            value,
            self.refused_at if kind == "refused" else kind,
            self.notes[0][:2] if self.notes else None,
            bool(self.end and self.end.get("moves_made")),
        )


def behaviour(message: Mapping[str, Any]) -> Behaviour:
    """Read one run's message (``log``, ``result``, ``error``, ...) as a Behaviour."""
    evaluations: list[str] = []
    generated: list[str] = []
    order: list[tuple[str, str]] = []
    read: set[int] = set()
    notes: list[tuple[str, str, str]] = []
    refused_at = None
    for entry in message.get("log", ()):
        op = entry[0]
        if op == "g":
            generated.append(entry[1])
            order.append(("g", entry[1]))
        elif op == "e":
            if entry[2] not in read:
                read.add(entry[2])
                evaluations.append(entry[1])
                order.append(("e", entry[1]))
        elif op == "n":
            notes.append((entry[1], entry[2], entry[3]))
        elif op == "r":
            refused_at = entry[1]
    result = message.get("result") or {}
    out = message.get("out") or ["", 0]
    return Behaviour(
        evaluations=tuple(evaluations),
        generated=tuple(generated),
        order=tuple(order),
        action=result.get("action", NOTHING),
        value=result.get("value", NOTHING),
        error=message.get("error"),
        refused_at=refused_at,
        notes=tuple(notes),
        end=result.get("end"),
        skipped=result.get("skipped"),
        output=(str(out[0]), int(out[1])),
        seconds=float(message.get("seconds", 0.0)),
        calls=int(message.get("calls", 0)),
    )
