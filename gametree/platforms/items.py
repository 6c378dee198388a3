"""The items a hand-worked answer is graded by, each with its points and reasons.

A platform grades an exercise item by item: Gradescope shows one test per item,
PrairieLearn one input per item. :func:`exercise_items` lists the items of an exercise
(fixed by the tree and what is asked, never by what a student wrote, so every student
is graded out of the same points) and :func:`grade_items` scores one answer set
against them with :class:`gametree.AnswerKey`, keeping the checker's findings and
reasons:

* ``value``: the root's value, 1 point (``value = 3`` or ``A = 3``);
* ``move``: the root's best move, 1 point;
* ``values``: each internal node below the root, 1 point each, in preorder: its value,
  a bound (``<=2``) where the search cut it off, or ``pruned`` where it never enters it;
* ``alpha``, ``beta``: the window at each internal node, 1 point each;
* ``pruned``: the leaves the search never evaluates, one item worth one point per such
  leaf (1 point when none is pruned). The checker compares the pruned set leaf by leaf
  whatever form it is written in; the item scores *net correct*: the pruned leaves
  listed minus the evaluated leaves listed, never below 0. So listing every leaf, or
  none, scores 0, and each wrong cut costs what a missed one does. It is the rule
  PrairieLearn's ``pl-checkbox`` calls ``partial-credit="net-correct"`` and the one
  Moodle applies to a Cloze ``MULTIRESPONSE`` without explicit fractions (each wrong
  choice cancels a right one), so the three platforms give the same score.

Examples
--------
>>> import gametree
>>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
>>> key = gametree.AnswerKey(G)
>>> [item.name for item in exercise_items(key)]
['Root value (A)', 'Value of B', 'Value of C', 'Value of D', 'Pruned leaves']
>>> grading = grade_items(key, "value = 3\\nB = 3\\nC = 2\\nD = 5\\npruned = I K")
>>> for r in grading.results:
...     print(f"{r.item.name}: {r.score:g}/{r.item.max_score:g}")
Root value (A): 1/1
Value of B: 1/1
Value of C: 1/1
Value of D: 0/1
Pruned leaves: 0/2
>>> grading.score, grading.max_score
(3.0, 6.0)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gametree.exceptions import PlatformError
from gametree.homework import AnswerKey, Answers, CheckReport, Finding, Verdict, parse_answers

__all__ = [
    "ASK_CHOICES",
    "DEFAULT_ASK",
    "Grading",
    "Item",
    "ItemResult",
    "check_ask",
    "convention_text",
    "exercise_items",
    "grade_items",
    "inner_nodes",
]

ASK_CHOICES = ("value", "move", "values", "alpha", "beta", "pruned")
"""What an exercise may ask: root value, best move, node values, alpha, beta, pruned leaves."""

DEFAULT_ASK = ("value", "values", "pruned")
"""Asked unless said otherwise: the root value, every node's value or bound, the cuts."""

_WORDS = {
    Verdict.CORRECT: "right",
    Verdict.WRONG: "wrong",
    Verdict.MISSING: "missing",
    Verdict.EXTRA: "extra",
    Verdict.MALFORMED: "unreadable",
}

_HOW = {
    "value": "write the root's value, e.g. `value = 3`",
    "move": "write the root's best move, e.g. `move = B`",
    "values": "write `{node} = ` and its value, a bound such as `<=2`, or `pruned`",
    "alpha": "write `alpha {node} = ` and alpha when the search leaves {node}",
    "beta": "write `beta {node} = ` and beta when the search leaves {node}",
    "pruned": "list the leaves the search never evaluates, e.g. `pruned = I J` "
    "(`pruned =` when it evaluates them all)",
}


@dataclass(frozen=True)
class Item:
    """One graded item of an exercise.

    Attributes
    ----------
    kind : str
        One of :data:`ASK_CHOICES`.
    node : Hashable or None
        The node of a per-node item (``values``, ``alpha``, ``beta``; the root for
        ``value``).
    name : str
        What a student reads: ``"Root value (A)"``, ``"Value of C"``, ``"Pruned leaves"``.
    max_score : float
        Its points.
    """

    kind: str
    node: Hashable | None
    name: str
    max_score: float


@dataclass(frozen=True)
class ItemResult:
    """An item scored: the points, the checker's findings about it and their reasons.

    Attributes
    ----------
    item : Item
    score : float
        Points earned, between 0 and ``item.max_score``.
    findings : tuple of Finding
        The checker's findings that concern this item (none when not answered).
    answered : bool
        Whether the answer set says anything about the item.
    output : str
        The reasons, one finding per paragraph, for the student.
    """

    item: Item
    score: float
    findings: tuple[Finding, ...]
    answered: bool
    output: str

    @property
    def passed(self) -> bool:
        """True when every point of the item is earned."""
        return self.score >= self.item.max_score


@dataclass(frozen=True)
class Grading:
    """One answer set graded item by item.

    Attributes
    ----------
    results : tuple of ItemResult
        One per item of :func:`exercise_items`, in its order.
    report : CheckReport
        The checker's report on the whole answer set.
    others : tuple of Finding
        Findings that belong to no item asked (an unknown key, an item not asked).
    """

    results: tuple[ItemResult, ...]
    report: CheckReport
    others: tuple[Finding, ...]

    @property
    def score(self) -> float:
        """Points earned over all items."""
        return sum(r.score for r in self.results)

    @property
    def max_score(self) -> float:
        """Points available over all items."""
        return sum(r.item.max_score for r in self.results)


def check_ask(ask: Iterable[str]) -> tuple[str, ...]:
    """Return ``ask`` as a tuple in :data:`ASK_CHOICES` order; refuse unknown or no items.

    >>> check_ask(["pruned", "value"])
    ('value', 'pruned')
    >>> check_ask(["values", "cuts"])
    Traceback (most recent call last):
    ...
    gametree.exceptions.PlatformError: cannot ask 'cuts'; choose from value, move, values, ...
    """
    wanted = list(ask)
    for a in wanted:
        if a not in ASK_CHOICES:
            raise PlatformError(f"cannot ask {a!r}; choose from {', '.join(ASK_CHOICES)}")
    if not wanted:
        raise PlatformError(f"nothing is asked; choose from {', '.join(ASK_CHOICES)}")
    return tuple(a for a in ASK_CHOICES if a in wanted)


def inner_nodes(key: AnswerKey) -> list[Hashable]:
    """The internal nodes of the searched tree in preorder, root first (iterative).

    Nodes at the depth limit count as leaves, as the checker counts them.
    """
    G, out, seen = key.G, [], set()
    stack = [key.root]
    while stack:
        node = stack.pop()
        if node in seen or node in key.position or not G._succ[node]:
            continue
        seen.add(node)
        out.append(node)
        stack.extend(reversed(list(G._succ[node])))
    return out


def exercise_items(key: AnswerKey, ask: Iterable[str] = DEFAULT_ASK) -> list[Item]:
    """Return the items an answer to ``key``'s exercise is graded by, in a fixed order."""
    asked = check_ask(ask)
    inner = inner_nodes(key)
    items: list[Item] = []
    if "value" in asked:
        items.append(Item("value", key.root, f"Root value ({key.root})", 1.0))
    if "move" in asked and key.G._succ[key.root]:
        items.append(Item("move", None, "Best move", 1.0))
    if "values" in asked:
        items += [Item("values", n, f"Value of {n}", 1.0) for n in inner if n != key.root]
    for side in ("alpha", "beta"):
        if side in asked:
            items += [Item(side, n, f"{side} at {n}", 1.0) for n in inner]
    if "pruned" in asked:
        pruned = len(key.answers()["pruned"])
        items.append(Item("pruned", None, "Pruned leaves", float(max(pruned, 1))))
    return items


def grade_items(
    key: AnswerKey,
    answers: Answers | Mapping[str, Any] | str,
    ask: Iterable[str] = DEFAULT_ASK,
) -> Grading:
    """Grade one answer set item by item (see the module docstring for the points).

    Parameters
    ----------
    key : gametree.AnswerKey
        The exercise under the course's convention.
    answers : Answers, mapping or str
        Parsed answers, a mapping in the answer-file layout, or an answer file's text.
    ask : iterable of str
        The items asked, from :data:`ASK_CHOICES`.

    Returns
    -------
    Grading
    """
    if isinstance(answers, Path):  # a path would read a file: the caller reads it
        raise TypeError("grade_items takes the answers, not a path")
    parsed = answers if isinstance(answers, Answers) else parse_answers(answers)
    items = exercise_items(key, ask)
    report = key.check(parsed)
    slots: dict[str, list[Finding]] = {}
    owner = _owners(key, items)
    others: list[Finding] = []
    for f in report.findings:
        slot = owner.get(f.item)
        if slot is None and (f.item == "pruned" or f.item.startswith("pruned ")):
            slot = owner.get("pruned")
        if slot is None and f.item.startswith("window "):
            node = f.item[len("window ") :]
            slot = owner.get(f"alpha {node}") or owner.get(f"beta {node}")
            for side in ("alpha", "beta"):
                twin = owner.get(f"{side} {node}")
                if twin is not None and twin != slot:
                    slots.setdefault(twin, []).append(f)
        if slot is None:
            others.append(f)
        else:
            slots.setdefault(slot, []).append(f)
    pruned_given = any(i.kind == "pruned" for i in parsed.items) or any(
        (p.key or "").lower().startswith("pruned") for p in parsed.problems
    )
    results = []
    for item in items:
        found = tuple(slots.get(_slot(item), ()))
        if item.kind == "pruned":
            results.append(_grade_pruned(item, found, pruned_given))
        else:
            results.append(_grade_single(item, found))
    return Grading(tuple(results), report, tuple(others))


def _slot(item: Item) -> str:
    if item.kind in ("value", "move", "pruned"):
        return item.kind
    return f"{item.kind} {item.node}"


def _owners(key: AnswerKey, items: Sequence[Item]) -> dict[str, str]:
    """The finding labels each item owns (a finding's ``item`` -> the item's slot)."""
    owner: dict[str, str] = {}
    for item in items:
        slot = _slot(item)
        if item.kind == "value":
            owner["value"] = slot
            owner[str(key.root)] = slot
        elif item.kind == "values":
            owner[str(item.node)] = slot
        else:
            owner[slot] = slot
    return owner


def _explain(f: Finding) -> str:
    lines = [_WORDS[f.verdict]]
    if not f.ok:
        parts = [f"you gave {f.given}" if f.given else "", f"expected {f.expected}"]
        lines[0] += ": " + "; ".join(p for p in parts if p and p != "expected ")
    if f.explanation:
        lines.append(f.explanation)
    lines += [f"note: {n}" for n in f.notes]
    return "\n".join(lines)


def _grade_single(item: Item, found: tuple[Finding, ...]) -> ItemResult:
    if not found:
        how = _HOW[item.kind].format(node=item.node)
        return ItemResult(item, 0.0, (), False, f"not answered: {how}")
    score = item.max_score if all(f.ok for f in found) else 0.0
    return ItemResult(item, score, found, True, "\n\n".join(_explain(f) for f in found))


def _grade_pruned(item: Item, found: tuple[Finding, ...], given: bool) -> ItemResult:
    if not given and not found:
        return ItemResult(item, 0.0, (), False, f"not answered: {_HOW['pruned']}")
    unreadable = [f for f in found if f.verdict is Verdict.MALFORMED]
    right = sum(f.count for f in found if f.verdict is Verdict.CORRECT)
    extra = sum(f.count for f in found if f.verdict is Verdict.EXTRA)
    missing = sum(f.count for f in found if f.verdict is Verdict.MISSING)
    if unreadable:
        score = 0.0
        head = "your pruned answer cannot be read, so it scores 0"
    elif right + missing == 0:  # nothing is pruned in the key
        score = item.max_score if extra == 0 else 0.0
        head = "the search evaluates every leaf" + (
            "" if extra == 0 else f"; you listed {extra} as pruned"
        )
    else:
        score = float(max(0, right - extra))
        head = (
            f"{right} of {right + missing} pruned leaves listed, {extra} listed that the "
            f"search evaluates: {score:g} of {item.max_score:g} points (each wrong cut "
            "cancels a right one)"
        )
    body = []
    for f in found:
        leaf = f.item[len("pruned ") :] if f.item.startswith("pruned ") else f.item
        line = f"{_WORDS[f.verdict].upper() if not f.ok else 'right':<10} {leaf}"
        if f.given and f.verdict is Verdict.MALFORMED:
            line += f": you gave {f.given}"
        body.append(line + (f"\n           {f.explanation}" if f.explanation else ""))
        body += [f"           note: {n}" for n in f.notes]
    return ItemResult(item, score, found, True, "\n".join([head, *body]))


def convention_text(key: AnswerKey) -> str:
    """The convention ``key`` checks under, in words (as the checker's report says it).

    >>> import gametree
    >>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    >>> convention_text(gametree.AnswerKey(G, prune_on_equal=False, fail="hard"))
    'alphabeta, cut only when alpha > beta, fail-hard'
    """
    o = key.options
    parts = [key.algorithm]
    if "prune_on_equal" in o:
        parts.append(
            "cut when alpha >= beta" if o["prune_on_equal"] else "cut only when alpha > beta"
        )
        parts.append(f"fail-{o.get('fail', 'soft')}")
    if o.get("depth") is not None:
        parts.append(f"depth {o['depth']}")
    if o.get("window") is not None:
        lo, hi = o["window"]
        parts.append(f"window [{lo:g}, {hi:g}]")
    return ", ".join(parts)
