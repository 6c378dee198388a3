"""What an answer set claims: its items, and the problems met while reading it.

An answer file (:mod:`~gametree.homework.answers` reads TOML, JSON and plain text)
becomes :class:`Answers`: one :class:`AnswerItem` per claim (the root's value, the best
move, the pruned set, the order, the PV, a node's value, alpha or beta) and one
:class:`AnswerProblem` per item that could not be read, which the checker reports as a
finding.
:func:`shape_problem` says why an item is not of the shape its kind has (a PV with no
node, an empty move, a list where one answer goes, ...): the checker reads every item
through it before grading, so a malformed item is an unreadable answer to that item and
never stops the rest of the file being graded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, get_args

__all__ = ["AnswerItem", "AnswerProblem", "Answers", "Kind", "shape_problem"]

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


KINDS: tuple[str, ...] = get_args(Kind)
"""Every item kind, in :data:`Kind`'s order."""

_SINGLE = frozenset({"value", "move", "node_value", "alpha", "beta"})
_PER_NODE = frozenset({"node_value", "alpha", "beta", "window"})
_MAX_BITS = 13_000
"""Integers longer than this (about 3,900 digits) are refused before anything prints them
(Python refuses to print an integer of more than 4,300 digits)."""


def shape_problem(item: AnswerItem) -> str | None:
    """Why ``item`` is not of the shape its kind has, or None when it is.

    A single answer (``value``, ``move``, a node's value, alpha or beta) is one name or
    number (a ``str``, ``int`` or ``float``, not a ``bool``), a ``move`` not blank; a list
    (``pruned``, ``order``, ``pv``, ``window``) is a tuple or list of them, where only
    ``pruned`` may hold ``(parent, child)`` edges, a ``pv`` names at least one node and a
    ``window`` is two numbers; a per-node item names its node. The readers of
    :mod:`~gametree.homework.answers` give items of these shapes from any file; items
    made by hand (or by a platform) may not, and the checker reads every item through
    this first.

    Examples
    --------
    >>> shape_problem(AnswerItem("pv", ()))
    "'pv' is empty: write the principal variation, the nodes (or moves) from the root"
    >>> shape_problem(AnswerItem("value", ("3", "4"), key="value"))
    "'value': expected one number or name, got a list ('3', '4')"
    >>> shape_problem(AnswerItem("pruned", (("C", "I"), "J"))) is None
    True
    """
    what = repr(item.key or item.kind)
    kind = item.kind
    if kind not in KINDS:
        return f"{what}: unknown item kind {_shown(kind)}; expected one of {', '.join(KINDS)}"
    if kind in _PER_NODE and not (isinstance(item.node, str) and item.node.strip()):
        return f"{what}: names no node (got {_shown(item.node)})"
    given = item.given
    if kind in _SINGLE:
        if isinstance(given, (list, tuple, set, frozenset, dict)):
            return f"{what}: expected one number or name, got a list {_shown(given)}"
        problem = _scalar_problem(given)
        if problem is not None:
            return f"{what}: {problem}"
        if kind == "move" and isinstance(given, str) and not given.strip():
            return f"{what} is empty: name the root's best move (a child or its move)"
        return None
    if not isinstance(given, (list, tuple)):
        return f"{what}: expected a list, got {_shown(given)}"
    for element in given:
        if isinstance(element, (list, tuple)):
            if kind != "pruned":
                return f"{what}: {_shown(element)} is an edge; {kind} lists single names"
            if len(element) != 2:
                return f"{what}: an edge is a pair (parent, child), got {_shown(element)}"
            ends = [_scalar_problem(end, numbers=False) for end in element]
            bad = next((e for e in ends if e is not None), None)
            if bad is not None:
                return f"{what}: in the edge {_shown(element)}: {bad}"
            continue
        problem = _scalar_problem(element)
        if problem is not None:
            return f"{what}: {problem}"
    if kind == "pv" and not given:
        return f"{what} is empty: write the principal variation, the nodes (or moves) from the root"
    if kind == "window" and len(given) != 2:
        return f"{what}: expected two numbers [alpha, beta], got {_shown(given)}"
    return None


def _scalar_problem(value: Any, *, numbers: bool = True) -> str | None:
    """Why ``value`` is not one name (or number, with ``numbers``), or None."""
    if isinstance(value, str):
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > _MAX_BITS:
            return f"{_shown(value)} is beyond the range of numbers gametree compares"
        return None
    if numbers and isinstance(value, float):
        return None
    return f"{_shown(value)} is not a name" + (" or a number" if numbers else "")


def _shown(value: Any, width: int = 40) -> str:
    """``value`` for a message: its ``repr``, cut to about ``width`` characters (an
    integer too long to print is described by its length)."""
    if isinstance(value, int) and value.bit_length() > 4 * width:
        return f"a number of about {value.bit_length() * 30103 // 100000:,} digits"
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an integer nested too long to print
        text = f"a {type(value).__name__}"
    return text if len(text) <= width else text[:width] + "..."
