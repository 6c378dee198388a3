"""Checking one answer item: the root's value and best move, a node's value or bound,
alpha and beta, the order leaves are evaluated in, the principal variation.

Each function compares one :class:`~gametree.homework.answeritems.AnswerItem` with a
:class:`~gametree.homework.solution.Solution` and returns a
:class:`~gametree.homework.findings.Finding` with the reason from the search, and, when
the answer is wrong, notes naming the conventions that give it. The pruned set, checked
leaf by leaf, is in :mod:`~gametree.homework.checkpruned`.

>>> import gametree
>>> from gametree.homework.answeritems import AnswerItem
>>> from gametree.homework.solution import Solution
>>> key = Solution(gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> check_value(key, AnswerItem("value", "3")).verdict.value
'correct'
>>> finding = check_node_value(key, AnswerItem("node_value", "<=3", node="C"))
>>> finding.verdict.value, finding.expected
('wrong', '<=2')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from itertools import pairwise

from gametree.attrs import VALUE
from gametree.homework.answeritems import AnswerItem
from gametree.homework.answernumbers import (
    GivenNumber,
    bound_text,
    read_number,
    same_number,
    value_matches,
)
from gametree.homework.findings import Finding, Verdict, given_as_text
from gametree.homework.outcome import Outcome
from gametree.homework.reasons import ordinal, player_text
from gametree.homework.solution import Solution
from gametree.homework.story import fmt
from gametree.search.result import Bound

__all__ = [
    "check_move",
    "check_node_value",
    "check_order",
    "check_pv",
    "check_value",
    "check_window",
]


def check_value(key: Solution, item: AnswerItem) -> Finding:
    """The root's value: a number, compared within the rounding it is written to."""
    n = read_number(item.given)
    if isinstance(n, str):
        return Finding("value", Verdict.MALFORMED, "", given_as_text(item.given), n, item.line)
    r = key.main.result
    story = key.value_story(key.root)
    if same_number(n, r.value):
        return Finding("value", Verdict.CORRECT, fmt(r.value), n.text(), story, item.line)
    notes = key.conventions.notes(lambda o: same_number(n, o.result.value))
    return Finding("value", Verdict.WRONG, fmt(r.value), n.text(), story, item.line, notes)


def check_move(key: Solution, item: AnswerItem, notes: list[str]) -> Finding:
    """The root's best move, named by child id or by move (how it was read goes to
    ``notes``); a tie broken otherwise is wrong unless ``tie_break="any"``."""
    r = key.main.result
    read: set[str] = set()
    node = key.names.child(key.root, item.given, read)
    note = key.names.read_note(item, read)
    if note:
        notes.append(note)
    expected = r.best_child

    def said(c: Hashable | None) -> str:
        if c is None or key.ids:
            return str(c) if c is not None else "(none)"
        move = key.move_name(key.root, c)
        return move if move == str(c) else f"{move} (to {c})"

    values = ", ".join(
        f"{said(c)} {bound_text(r.node_values[c])}" if c in r.node_values else f"{said(c)} pruned"
        for c in key.G._succ[key.root]
    )
    player = player_text(key.G, key.root)
    word = {"MAX": "largest", "MIN": "smallest"}.get(player, "best")
    verb = "moves to" if all(said(c) == str(c) for c in key.G._succ[key.root]) else "plays"
    story = (
        f"{key.root} ({player}) {verb} {said(expected)}, "
        f"the first child with the {word} value: " + values
    )
    if node == expected:
        return Finding("move", Verdict.CORRECT, said(expected), said(node), story, item.line)
    ties = [c for c in key.G._succ[key.root] if key.minimax[c] == key.minimax[key.root]]
    if key.tie_break == "any" and node in ties:
        return Finding("move", Verdict.CORRECT, said(expected), said(node), story, item.line)
    notes_: tuple[str, ...] = ()
    if node in ties:
        notes_ = (
            f"{', '.join(said(t) for t in ties)} are all worth "
            f"{fmt(key.minimax[key.root])}: you broke the tie differently (this "
            "check takes the first in child order; use tie_break='any' to accept any)",
        )
    else:
        notes_ = key.conventions.notes(lambda o: o.result.best_child == node)
    return Finding("move", Verdict.WRONG, said(expected), said(node), story, item.line, notes_)


def check_node_value(key: Solution, item: AnswerItem) -> Finding:
    """A node's value: a number, a bound ``<=2`` / ``>=5`` for a node cut off, or
    ``pruned`` for a node never searched."""
    node = key.resolve(item.node)
    label = str(node)
    n = read_number(item.given, allow_bound=True, allow_none=True)
    if isinstance(n, str):
        return Finding(label, Verdict.MALFORMED, "", given_as_text(item.given), n, item.line)
    nv = key.main.result.node_values.get(node)
    story = key.value_story(node)
    expected = "no value (not searched)" if nv is None else bound_text(nv)
    if value_matches(n, nv):
        if not (
            key.require_bounds and n.op is None and nv is not None and nv.bound is not Bound.EXACT
        ):
            return Finding(label, Verdict.CORRECT, expected, n.text(), story, item.line)
        note = f"{node} is cut off: the search returns only the bound {expected}; write it so"
        return Finding(label, Verdict.WRONG, expected, n.text(), story, item.line, (note,))
    if n.op is not None and nv is not None and key.options.get("fail") == "hard":
        # A fail-hard search clamps what it returns, but the bound it found is as
        # true, and is what diagrams write: "<=2" at C, not only "<=3".
        alt = key.conventions.outcome("fail")
        soft = alt[1].result.node_values.get(node) if alt is not None else None
        if soft is not None and soft.bound is nv.bound and value_matches(n, soft):
            story += (
                f"; {n.text()} is the bound {node} found, which fail-hard alpha-beta "
                f"returns clamped to the window as {bound_text(nv)}"
            )
            return Finding(label, Verdict.CORRECT, expected, n.text(), story, item.line)
    if nv is None and node in key.position and not n.none and n.op is None:
        static = key.G._node[node].get(VALUE)
        if static is not None and same_number(n, static):
            # The leaf's value is printed on the sheet; saying it is not wrong.
            story += f"; its value in the tree is {fmt(static)}"
            return Finding(label, Verdict.CORRECT, expected, n.text(), story, item.line)
    notes = list(key.conventions.notes(lambda o: value_matches(n, o.result.node_values.get(node))))
    if (
        not n.none
        and n.op is None
        and same_number(n, key.minimax[node])
        and not any("minimax" in x for x in notes)
    ):
        notes.append(
            f"{fmt(key.minimax[node])} is {node}'s minimax value, but this "
            "search does not establish it"
        )
    if nv is not None and nv.bound is Bound.EXACT and n.op is not None and same_number(n, nv.value):
        notes.append(f"{node} is searched completely, so its value is exact, not a bound")
    return Finding(label, Verdict.WRONG, expected, n.text(), story, item.line, tuple(notes))


def check_window(key: Solution, item: AnswerItem) -> Finding:
    """Alpha, beta or both (``window``) at a node, at the moment ``key.window_at`` names."""
    node = key.resolve(item.node)
    label = f"{item.kind} {node}"
    o = key.main
    windows = o.exit_window if key.window_at == "exit" else o.enter_window
    other = o.enter_window if key.window_at == "exit" else o.exit_window
    if item.kind == "window":
        given = [read_number(g, allow_none=True) for g in item.given]
    else:
        given = [read_number(item.given, allow_none=True)]
    for g in given:
        if isinstance(g, str):
            return Finding(label, Verdict.MALFORMED, "", given_as_text(item.given), g, item.line)
    nums: list[GivenNumber] = given  # type: ignore[assignment]
    pick = {"alpha": (0,), "beta": (1,), "window": (0, 1)}[item.kind]
    given_text = ", ".join(x.text() for x in nums)

    def matches(w: tuple[float, float] | None) -> bool:
        return w is not None and all(
            not x.none and same_number(x, w[i]) for x, i in zip(nums, pick, strict=True)
        )

    w = windows.get(node)
    if w is None:
        return Finding(
            label,
            Verdict.CORRECT if all(x.none for x in nums) else Verdict.WRONG,
            "no window (not searched)",
            given_text,
            key.pruned_reason(node),
            item.line,
        )
    expected = ", ".join(fmt(w[i]) for i in pick)
    story = key.reasons.window_story(node, w)
    if matches(w):
        return Finding(label, Verdict.CORRECT, expected, given_text, story, item.line)
    notes = list(
        key.conventions.notes(
            lambda alt: matches(
                (alt.exit_window if key.window_at == "exit" else alt.enter_window).get(node)
            ),
            skip=("minimax",),
        )
    )
    if matches(other.get(node)):
        moment = "enters" if key.window_at == "exit" else "leaves"
        notes.append(
            f"this is the window when the search {moment} {node}; "
            f"the check compares the window at {key.window_at}"
        )
    return Finding(label, Verdict.WRONG, expected, given_text, story, item.line, tuple(notes))


def _order_as_values(key: Solution, item: AnswerItem) -> Finding | None:
    """Read ``order = 3 12 8 2`` (leaf values, as some sheets ask) when no token is a name."""
    numbers = []
    for token in item.given:
        try:
            key.resolve(token)
            return None
        except ValueError:
            pass
        n = read_number(token)
        if isinstance(n, str):
            return None
        numbers.append(n)
    expected = [key.G._node[x].get(VALUE) for x in key.main.evaluated]
    if any(v is None for v in expected):
        return None
    exp_text = " ".join(fmt(v) for v in expected)
    giv_text = " ".join(n.text() for n in numbers)
    story = "read as the values of the leaves, in the order they are evaluated: " + exp_text
    ok = len(numbers) == len(expected) and all(
        same_number(n, v) for n, v in zip(numbers, expected, strict=True)
    )
    verdict = Verdict.CORRECT if ok else Verdict.WRONG
    notes: tuple[str, ...] = ()
    if not ok:

        def matches(o: Outcome) -> bool:
            vals = [key.G._node[x].get(VALUE) for x in o.evaluated]
            return len(vals) == len(numbers) and all(
                same_number(n, v) for n, v in zip(numbers, vals, strict=True)
            )

        notes = key.conventions.notes(matches)
    return Finding("order", verdict, exp_text, giv_text, story, item.line, notes)


def check_order(key: Solution, item: AnswerItem) -> Finding:
    """The leaves in the order they are evaluated, by name or (when no token names a
    node) by value."""
    as_values = _order_as_values(key, item) if item.given else None
    if as_values is not None:
        return as_values
    given = tuple(key.resolve(g) for g in item.given)
    expected = key.main.evaluated
    exp_text = " ".join(str(x) for x in expected)
    giv_text = " ".join(str(x) for x in given)
    story = f"the leaves are evaluated in the order {exp_text}"
    if given == expected:
        return Finding("order", Verdict.CORRECT, exp_text, giv_text, story, item.line)
    k = next(
        (i for i, (a, b) in enumerate(zip(given, expected, strict=False)) if a != b),
        min(len(given), len(expected)),
    )
    if k < len(expected) and k < len(given):
        story += f"; the {ordinal(k + 1)} leaf evaluated is {expected[k]}, not {given[k]}"
    elif k < len(expected):
        story += f"; after {k} leaves, {expected[k]} is still evaluated"
    else:
        story += f"; only {len(expected)} leaves are evaluated"
        extra = given[k]
        if extra in key.main.pruned:
            story += f" ({key.pruned_reason(extra)})"
    notes = key.conventions.notes(lambda o: o.evaluated == given)
    return Finding("order", Verdict.WRONG, exp_text, giv_text, story, item.line, notes)


def check_pv(key: Solution, item: AnswerItem, notes: list[str]) -> Finding:
    """The principal variation, by node ids or moves, with or without the root."""
    try:
        first = key.resolve(item.given[0]) if item.given else None
    except ValueError:
        first = None
    by_move = key.names.has_moves and any(
        key.move_name(key.root, c) == str(item.given[0]).strip() for c in key.G._succ[key.root]
    )
    rest = item.given[1:] if first == key.root and not by_move else item.given
    given: list[Hashable] = [key.root]
    read: set[str] = set()
    for token in rest:
        given.append(key.names.child(given[-1], token, read, loose=True))
    note = key.names.read_note(item, read)
    if note:
        notes.append(note)
    path = tuple(given)
    expected = tuple(key.main.result.pv)
    if not key.ids and ("moves" in read or any(r.startswith("'") for r in read)):
        exp_text, giv_text = _path_moves(key, expected), _path_moves(key, path)
    else:
        exp_text = " ".join(str(x) for x in expected)
        giv_text = " ".join(str(x) for x in path)
    story = f"the principal variation follows the best child from {key.root}: " + " ".join(
        str(x) for x in expected
    )
    if path == expected:
        return Finding("pv", Verdict.CORRECT, exp_text, giv_text, story, item.line)
    notes_ = key.conventions.notes(lambda o: tuple(o.result.pv) == path)
    return Finding("pv", Verdict.WRONG, exp_text, giv_text, story, item.line, notes_)


def _path_moves(key: Solution, path: Sequence[Hashable]) -> str:
    """The moves along ``path``; a step that is no edge (a given PV may leave the tree,
    read loosely) is written as the node it names."""
    return " ".join(
        key.move_name(u, v) if v in key.G._succ.get(u, ()) else str(v) for u, v in pairwise(path)
    )
