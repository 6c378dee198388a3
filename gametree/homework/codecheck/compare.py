"""Comparing a run with the right search: correct or not, and where it first went wrong.

:func:`judge` compares one :class:`~gametree.homework.codecheck.behaviour.Behaviour`
with one :class:`~gametree.homework.codecheck.reference.Expected`: the values read must
be the search's, in its order; the positions generated the ones it enters; the action
its first best move (or any best move, ``tie_break="any"``) and the value, where the
protocol returns one, the root's. The first difference is told in the words of
:func:`gametree.explain` (the cutoff sentences are its own): the node, the window at
that moment, what the search does there and what the code did.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from gametree.homework.codecheck.behaviour import NOTHING, Behaviour, same_number
from gametree.homework.codecheck.reference import Expected
from gametree.homework.codecheck.runtime.cs188 import agent_count
from gametree.homework.codecheck.runtime.treedata import CHANCE, MAX
from gametree.search import Cutoff, Enter, Exit

__all__ = ["RETURNS_VALUE", "Divergence", "Judgement", "error_text", "judge"]

RETURNS_VALUE = frozenset({"mutable", "tree"})
"""The protocols whose entries return a value as well as a move."""

_NAMES = {"minimax": "minimax", "alphabeta": "alpha-beta", "expectiminimax": "expectiminimax"}


@dataclass(frozen=True)
class Divergence:
    """The first place a run differs from the search.

    Attributes
    ----------
    kind : str
        ``evaluation`` (a value read that the search does not read there),
        ``generation`` (a position generated that the search never enters), ``error``
        (the run failed), ``agent`` (CS188: a call for the wrong agent), ``state`` (a
        mutable game left mid-search), ``action``, ``value``.
    node : str or None
        Where it happened.
    text : str
        The explanation, one or two sentences.
    step : int
        How many values the run read, all right, before it happened.
    expected, got : str or None
        What the search does at that step, and what the code did.
    """

    kind: str
    node: str | None
    text: str
    step: int
    expected: str | None = None
    got: str | None = None


@dataclass(frozen=True)
class Judgement:
    """One run under one convention: right or not, the first difference, and how many
    of the search's value reads the run matched before it."""

    ok: bool
    divergence: Divergence | None
    common: int


def error_text(error: Any, memory_mb: int | None = None) -> str:
    """One sentence for how a run failed."""
    kind = error.get("kind")
    message, kind_name = str(error.get("message", "")), str(error.get("type", ""))
    if kind == "refused":
        return f"the game refused a call: {message}"
    if kind == "timeout":
        return f"it ran out of time: {message}"
    if kind == "recursion":
        return "it recursed without end (RecursionError): does every path reach a stop test?"
    if kind == "memory":
        limit = f" ({memory_mb} MB)" if memory_mb else ""
        return f"it ran out of memory{limit}"
    if kind == "exit":
        return f"it called exit() or sys.exit({message})"
    if kind == "not-written":
        return message or "a method is not written yet"
    if kind == "died":
        return message
    return f"{kind_name}: {message}" if message else kind_name


def _shown(x: Any) -> str:
    if x is NOTHING:
        return "nothing"
    if isinstance(x, dict) and "repr" in x:
        return str(x["repr"])
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return repr(x) if isinstance(x, str) else str(x)


def _num(x: Any) -> str:
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    if isinstance(x, float):
        return f"{x:.6g}"
    return str(x)


class _Story:
    """The reference's trace, read for the sentences a divergence needs."""

    def __init__(self, e: Expected, protocol: str) -> None:
        self.e = e
        self.tree = e.case.data
        self.protocol = protocol
        self.alg = _NAMES.get(e.algorithm, e.algorithm)

    def below(self, node: str) -> list[str]:
        """``node`` and every node under it."""
        out, stack = [], [node]
        while stack:
            here = stack.pop()
            out.append(here)
            stack.extend(self.tree.children(here) if here in self.tree.ply else ())
        return out

    def ancestors(self, node: str) -> list[str]:
        out = [node]
        while out[-1] in self.tree.parent:
            out.append(self.tree.parent[out[-1]])
        return out

    def text(self, node: Hashable) -> str:
        return str(node)

    def cutoff_of(self, node: str) -> int | None:
        """The index of the cutoff event that prunes ``node`` (or an ancestor)."""
        line = set(self.ancestors(node))
        for i, event in enumerate(self.e.events):
            if isinstance(event, Cutoff) and line & {str(s) for s in event.skipped}:
                return i
        return None

    def cut_reason(self, index: int) -> str:
        sentence = self.e.lines[index]
        if sentence.startswith("Cutoff: "):
            sentence = sentence[len("Cutoff: ") :]
        head, sep, _ = sentence.rpartition(", so ")
        return head if sep else sentence.rstrip(".")

    def player(self, node: str) -> str:
        return self.tree.player(node) or "leaf"

    def why_next(self, node: str) -> str:
        """Why the search goes on to ``node`` (entered by the reference)."""
        events = self.e.events
        at = next(
            (i for i, ev in enumerate(events) if isinstance(ev, Enter) and str(ev.node) == node),
            None,
        )
        if at is None:
            return f"the search evaluates {node}"
        entry = events[at]
        assert isinstance(entry, Enter)
        parent = None if entry.parent is None else str(entry.parent)
        if parent is None:
            return f"the search starts at {node}"
        earlier: list[tuple[str, Any]] = []
        for ev in events[:at]:
            if isinstance(ev, Exit) and self.tree.parent.get(str(ev.node)) == parent:
                earlier.append((str(ev.node), ev.value))
        who = self.player(parent)
        if not earlier:
            return f"{node} is the first child of {parent}, which is always searched"
        prev, v = earlier[-1]
        if who == CHANCE or self.e.algorithm != "alphabeta":
            return f"{self.alg} searches every child of {parent}: after {prev} it goes on to {node}"
        values = [x for _, x in earlier]
        best = max(values) if who == MAX else min(values)
        poe = self.e.prune_on_equal is not False
        if who == MAX:
            test = f"{_num(best)} {'<' if poe else '<='} beta {_num(entry.beta)}"
        else:
            test = f"{_num(best)} {'>' if poe else '>='} alpha {_num(entry.alpha)}"
        return (
            f"at {parent} ({who}) after {prev} returned {_num(v)}, {test}, so {self.alg} "
            f"does not stop at {parent}: it goes on to {node}"
        )

    def depth_words(self) -> str:
        depth = self.e.case.depth
        if depth is None:
            return "the search goes to the leaves"
        if self.protocol == "cs188":
            n = agent_count(self.tree)
            return f"depth {depth // n} with {n} agents stops {depth} plies down"
        return f"the depth limit is {depth} plies"

    def read_elsewhere(self, got: str) -> str:
        """Why reading the value of ``got`` is wrong when the search never reaches it."""
        tree = self.tree
        ply = tree.ply.get(got, 0)
        depth = self.e.case.depth
        if not tree.is_leaf(got) and not tree.at_horizon(got):
            return (
                f"your code read the value of {got} ({self.player(got)}, {ply} plies down), "
                f"which is neither a leaf nor at the depth limit ({self.depth_words()})"
            )
        if depth is not None and ply > depth:
            return f"your code searched past the depth limit to {got} ({self.depth_words()})"
        return f"the search never reads {got}"


def _first_extra(b: Behaviour, e: Expected) -> tuple[int, str] | None:
    """The first generated node the search never enters, with how many values had been
    read by then."""
    seen = 0
    for op, node in b.order:
        if op == "e":
            seen += 1
        elif node not in e.generated_set:
            return seen, node
    return None


def _evaluation_divergence(b: Behaviour, e: Expected, story: _Story, i: int) -> Divergence:
    got = b.evaluations[i] if i < len(b.evaluations) else None
    want = e.evaluations[i] if i < len(e.evaluations) else None
    done = f"after {', '.join(b.evaluations[max(0, i - 3) : i])}" if i else "at the start"
    if got is not None and got not in e.evaluations:
        cut = story.cutoff_of(got)
        if cut is not None:
            event = e.events[cut]
            assert isinstance(event, Cutoff)
            skipped = {str(s) for s in event.skipped} & set(story.ancestors(got))
            via = next(iter(skipped))
            went = f"evaluate {got}" if via == got else f"search {via} and evaluate {got}"
            text = (
                f"{story.cut_reason(cut)}, so {story.alg} stops at {event.node}; "
                f"your code went on to {went}"
            )
            return Divergence("evaluation", str(event.node), text, i, want, got)
        text = story.read_elsewhere(got)
        if want is not None:
            text += f"; the search evaluates {want} there"
        return Divergence("evaluation", got, text, i, want, got)
    if want is None:
        assert got is not None
        text = f"the search has read every value it needs {done}; your code went on to {got}"
        return Divergence("evaluation", got, text, i, want, got)
    missing = next(
        (
            n
            for n in reversed(story.ancestors(want))
            if n != story.tree.root and n not in b.generated
        ),
        want,
    )
    reason = story.why_next(missing)
    if got is None:
        tail = "your code stopped there" if b.error is None else "your code failed first"
        text = f"{done}, {reason}; {tail}"
    elif missing == want:
        text = f"{done}, {reason}, and evaluates {want}; your code evaluated {got} instead"
    else:
        text = (
            f"{done}, {reason} (and evaluates {want} there); your code skipped it and "
            f"evaluated {got}"
        )
    return Divergence("evaluation", missing, text, i, want, got)


def _action_divergence(b: Behaviour, e: Expected, tie_break: str) -> Divergence | None:
    action = b.action
    shown = _shown(action)
    right: set[str | None] = {e.move, e.child}
    if tie_break == "any":
        right |= set(e.best_moves)
        right |= {c for m, c, _ in e.child_values if m in e.best_moves}
    if isinstance(action, (str, int)) and not isinstance(action, bool) and str(action) in right:
        return None
    n = len(e.evaluations)
    moves = [m for m, _, _ in e.child_values]
    worth = {m: v for m, _, v in e.child_values}
    if action is NOTHING or action is None:
        text = f"your code returned no move; the first best move is {e.move}"
    elif not isinstance(action, (str, int)) or str(action) not in moves:
        text = (
            f"your code returned {shown}, which is not a move at the root "
            f"(its moves: {', '.join(moves)})"
        )
        if isinstance(action, (int, float)) and any(same_number(action, v) for v in worth.values()):
            text += "; it looks like a value: return the move"
    else:
        mine = worth[str(action)]
        text = (
            f"your code chose {action} (worth {_num(mine)}); the first best move is "
            f"{e.move} (worth {_num(e.value)})"
        )
        if same_number(mine, e.value):
            text = (
                f"your code chose {action}, worth {_num(mine)} like {e.move}: of equal "
                f"moves the first one, {e.move}, is the answer"
            )
    return Divergence("action", e.child, text, n, e.move, shown)


def _value_divergence(b: Behaviour, e: Expected, protocol: str) -> Divergence | None:
    tree = e.case.data
    sign = 1 if tree.mover(tree.root) == MAX else -1
    want = e.value
    given = b.value
    if protocol == "mutable":
        accepted = [sign * want]
        mover = tree.mover(tree.root)
        words = f"the value for the player to move at the root ({mover}) is {_num(sign * want)}"
    else:
        accepted = [want, sign * want]
        words = f"the root's value is {_num(want)}"
    if isinstance(given, (int, float)) and any(same_number(given, a) for a in accepted):
        return None
    text = f"your code returned the value {_shown(given)}; {words}"
    return Divergence("value", tree.root, text, len(e.evaluations), _num(want), _shown(given))


def judge(
    b: Behaviour, e: Expected, protocol: str, tie_break: str = "first", memory_mb: int | None = None
) -> Judgement:
    """Compare run ``b`` with the search ``e``; see the module docstring."""
    common = 0
    for x, y in zip(b.evaluations, e.evaluations, strict=False):
        if x != y:
            break
        common += 1
    story = _Story(e, protocol)
    candidates: list[Divergence] = []
    if b.notes:
        node, _, text = b.notes[0]
        at = sum(1 for op, n in b.order[: _order_index(b, node)] if op == "e")
        candidates.append(Divergence("agent", node, f"your code called {text}", at))
    diverged = common < len(e.evaluations) or common < len(b.evaluations)
    reading: Divergence | None = None
    if b.error is not None and (not diverged or common == len(b.evaluations)):
        text = error_text(b.error, memory_mb)
        if common and common == len(b.evaluations):
            text = f"after {', '.join(b.evaluations[max(0, common - 3) : common])}, {text}"
        reading = Divergence("error", b.refused_at, text, common)
    elif diverged:
        reading = _evaluation_divergence(b, e, story, common)
    extra = _first_extra(b, e)
    if extra is not None and extra[0] <= common:
        at, node = extra
        below = set(story.below(node))
        if reading is None or at < common or reading.got not in below:
            cut = story.cutoff_of(node)
            why = ""
            if cut is not None:
                why = f": {story.cut_reason(cut)}, so {story.alg} stops before it"
            text = f"your code generated {node}, which the search never enters{why}"
            if not below & set(b.evaluations):
                text += "; generate a successor only when you are about to search it"
            candidates.append(Divergence("generation", node, text, at, None, node))
    if reading is not None:
        candidates.append(reading)
    if candidates:
        first = min(candidates, key=lambda d: d.step)
        return Judgement(False, first, common)
    if b.error is not None:
        return Judgement(
            False, Divergence("error", b.refused_at, error_text(b.error, memory_mb), common), common
        )
    missing = sorted(e.generated_set - set(b.generated))
    if missing:
        text = f"your code never generated {', '.join(missing[:4])}, which the search enters"
        return Judgement(False, Divergence("generation", missing[0], text, common), common)
    if b.end and b.end.get("moves_made"):
        k = b.end["moves_made"]
        text = (
            f"your code left the game {k} move{'s' if k != 1 else ''} deep (at {b.end.get('at')}): "
            "every make_move needs its unmake_move, before a return at a cutoff too"
        )
        return Judgement(False, Divergence("state", b.end.get("at"), text, common), common)
    returned_value = b.value is not NOTHING and b.value is not None
    if not (protocol in RETURNS_VALUE and b.action is NOTHING and returned_value):
        action = _action_divergence(b, e, tie_break)
        if action is not None:
            return Judgement(False, action, common)
    if protocol in RETURNS_VALUE:
        value = _value_divergence(b, e, protocol)
        if value is not None:
            return Judgement(False, value, common)
    return Judgement(True, None, common)


def _order_index(b: Behaviour, node: str) -> int:
    """How far into ``b.order`` the run was when it first touched ``node``."""
    for i, (_, n) in enumerate(b.order):
        if n == node:
            return i + 1
    return len(b.order)
