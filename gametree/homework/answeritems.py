"""What an answer set claims: its items, and the problems met while reading it.

An answer file (:mod:`~gametree.homework.answers` reads TOML, JSON and plain text)
becomes :class:`Answers`: one :class:`AnswerItem` per claim (the root's value, the best
move, the pruned set, the order, the PV, a node's value, alpha or beta) and one
:class:`AnswerProblem` per item that could not be read, which the checker reports as a
finding.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["AnswerItem", "AnswerProblem", "Answers", "Kind"]

Kind = Literal[
    "value",
    "move",
    "pruned",
    "order",
    "pv",
    "node_value",
    "alpha",
    "beta",
    "window",
]
"""What an item is about."""


@dataclass(frozen=True)
class AnswerItem:
    """One claim of an answer file.

    Attributes
    ----------
    kind : str
        ``"value"``, ``"move"``, ``"pruned"``, ``"order"``, ``"pv"``, ``"node_value"``,
        ``"alpha"``, ``"beta"`` or ``"window"``.
    given : object
        What was written: a scalar (``str``, ``int``, ``float``) for single answers, a
        tuple of them (or of ``(parent, child)`` pairs) for lists.
    node : str or None
        The node name as written, for per-node items (values, alpha, beta, window).
    form : str or None
        For ``pruned``: ``"any"``, ``"leaves"``, ``"edges"``, ``"nodes"`` or ``"moves"``
        (the key used).
    line : int or None
        1-based line in the file (None for answers given as a dict).
    key : str
        The key as written.
    """

    kind: Kind
    given: Any
    node: str | None = None
    form: str | None = None
    line: int | None = None
    key: str = ""


@dataclass(frozen=True)
class AnswerProblem:
    """An item of an answer file that cannot be read (reported as a finding)."""

    message: str
    line: int | None = None
    key: str | None = None

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        return f"{where}{self.message}"


@dataclass(frozen=True)
class Answers:
    """The items read from one answer file, and the problems met while reading it.

    Examples
    --------
    >>> import gametree
    >>> a = gametree.parse_answers("value = 3\\nmove = B\\npruned = I J\\nC = 2")
    >>> [(i.kind, i.given) for i in a.items]
    [('value', '3'), ('move', 'B'), ('pruned', ('I', 'J')), ('node_value', '2')]
    >>> a.format, a.problems
    ('text', ())
    """

    items: tuple[AnswerItem, ...]
    problems: tuple[AnswerProblem, ...] = ()
    format: str = "text"
    source: str | None = None
    notes: tuple[str, ...] = field(default=())
