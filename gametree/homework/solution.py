"""Checking answers against a search: one finding per item, each with its reason.

:class:`AnswerKey` runs the search once (and, lazily, the other conventions a course may
use) and checks any number of answer sets against it; :func:`check` is the one-shot form.
A finding says whether an item is right, wrong, missing, extra or unreadable, what was
expected and given, why (from the search trace), and, when a wrong answer is what another
convention gives, which one.

The pruned set is compared leaf by leaf whatever form it was written in: a leaf, a whole
subtree named by its top node, or an edge ``C-I`` all stand for the leaves they cut off,
so equivalent answers score the same and every missing or extra cut names its leaf.
"""

from __future__ import annotations

import math
import re
from collections import deque
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from functools import cached_property
from itertools import islice, pairwise
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.attrs import LABEL, MAX, MIN, MOVE, PLAYER, VALUE
from gametree.exceptions import SearchError
from gametree.homework.answers import AnswerItem, Answers, load_answers, parse_answers
from gametree.homework.ordering import tree_values
from gametree.homework.story import Step, cut_reason, fmt, origin_text, replay
from gametree.search.result import Bound, NodeValue, SearchResult, edge_move, move_path
from gametree.search.trace import Cutoff, Enter, Exit, Leaf, TranspositionHit
from gametree.validation import find_root, validate

__all__ = ["AnswerKey", "CheckReport", "Finding", "Verdict", "check"]

ALPHABETA_FAMILY = frozenset({"alphabeta", "negamax_alphabeta", "pvs", "star1", "star2"})
_CUT_RULES = ALPHABETA_FAMILY | {"aspiration"}
"""The algorithms that take ``prune_on_equal``, ``fail`` and ``transposition_table``."""
_NO_VALUE = frozenset({"pruned", "-", "x", "none", "cut", "—", "–", "n/a", "na", "null", ""})


class Verdict(str, Enum):
    """The verdict on one answer item."""

    CORRECT = "correct"
    """The item is right."""
    WRONG = "wrong"
    """The item is answered, and the answer is wrong."""
    MISSING = "missing"
    """Something that should be there is not (a pruned leaf not listed, a required item)."""
    EXTRA = "extra"
    """Something listed should not be there (a leaf listed as pruned that is evaluated)."""
    MALFORMED = "malformed"
    """The item cannot be read (unknown node, not a number, duplicate key, ...)."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Finding:
    """The verdict on one item, with expected and given values and the reason."""

    item: str
    verdict: Verdict
    expected: str = ""
    given: str = ""
    explanation: str = ""
    line: int | None = None
    notes: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the verdict is :attr:`Verdict.CORRECT`."""
        return self.verdict is Verdict.CORRECT

    def to_dict(self) -> dict[str, Any]:
        """Return the finding as a JSON-ready dict."""
        return {
            "item": self.item,
            "verdict": self.verdict.value,
            "expected": self.expected,
            "given": self.given,
            "explanation": self.explanation,
            "line": self.line,
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class CheckReport:
    """What :func:`check` found: the findings, the score, and how the answers were read.

    Attributes
    ----------
    findings : tuple of Finding
        One per item, in the order of the answer file (the pruned set leaf by leaf).
    algorithm : str
    options : Mapping
        The search's options (the convention the answers were checked under).
    notes : tuple of str
        How the answers were read (format, the form of the pruned answer).
    source : str or None
        The answer file's name.
    """

    findings: tuple[Finding, ...]
    algorithm: str
    options: Mapping[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    source: str | None = None

    @property
    def right(self) -> int:
        """Number of correct items."""
        return sum(1 for f in self.findings if f.ok)

    @property
    def asked(self) -> int:
        """Number of items (every finding is one item)."""
        return len(self.findings)

    @property
    def score(self) -> float:
        """Items right / items asked (1.0 when nothing was asked)."""
        return self.right / self.asked if self.asked else 1.0

    @property
    def ok(self) -> bool:
        """True when every item is right."""
        return all(f.ok for f in self.findings)

    @property
    def wrong(self) -> tuple[Finding, ...]:
        """The findings that are not correct."""
        return tuple(f for f in self.findings if not f.ok)

    def to_dict(self) -> dict[str, Any]:
        """Return the report as a JSON-ready dict."""
        from gametree.search.result import jsonable

        return {
            "source": self.source,
            "algorithm": self.algorithm,
            "options": jsonable(dict(self.options)),
            "score": self.score,
            "right": self.right,
            "asked": self.asked,
            "ok": self.ok,
            "notes": list(self.notes),
            "findings": [f.to_dict() for f in self.findings],
        }

    def _convention(self) -> str:
        o = self.options
        parts = [self.algorithm]
        if self.algorithm in _CUT_RULES:
            parts.append("cut on >=" if o.get("prune_on_equal", True) else "cut on > only")
            parts.append(f"fail-{o.get('fail', 'soft')}")
        if "bounds" in o:
            lo, hi = o["bounds"]
            parts.append(f"values in [{fmt(lo)}, {fmt(hi)}]")
        return ", ".join(parts)

    def to_text(self) -> str:
        """Return a plain-text report: one line per finding, then the score."""
        mark = {
            Verdict.CORRECT: "ok  ",
            Verdict.WRONG: "WRONG",
            Verdict.MISSING: "MISSING",
            Verdict.EXTRA: "EXTRA",
            Verdict.MALFORMED: "UNREADABLE",
        }
        lines = [f"checked under: {self._convention()}"]
        lines += [f"note: {n}" for n in self.notes]
        for f in self.findings:
            where = f" (line {f.line})" if f.line is not None else ""
            head = f"{mark[f.verdict]:<10} {f.item}{where}"
            if f.ok:
                lines.append(f"{head}: {f.given}")
                continue
            detail = []
            if f.given:
                detail.append(f"given {f.given}")
            if f.expected:
                detail.append(f"expected {f.expected}")
            lines.append(f"{head}: " + "; ".join(detail) if detail else head)
            if f.explanation:
                lines.append(f"           {f.explanation}")
            lines.extend(f"           note: {n}" for n in f.notes)
        lines.append(f"score: {self.right}/{self.asked}")
        return "\n".join(lines)

    def to_markdown(self) -> str:
        """Return a markdown report: a table of findings, then the reasons."""
        lines = [f"**Checked under:** {self._convention()}", ""]
        lines += [f"- {n}" for n in self.notes]
        if self.notes:
            lines.append("")
        lines += ["| item | verdict | given | expected | why |", "|---|---|---|---|---|"]
        for f in self.findings:
            why = f.explanation + "".join(f" *{n}*" for n in f.notes)
            cells = [f.item, f.verdict.value, f.given, f.expected, why]
            lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
        lines += ["", f"**Score:** {self.right}/{self.asked}"]
        return "\n".join(lines)

    def format(self, fmt: str = "text") -> str:
        """Return the report as ``"text"``, ``"markdown"`` or ``"json"``."""
        if fmt == "text":
            return self.to_text()
        if fmt == "markdown":
            return self.to_markdown()
        if fmt == "json":
            import json

            return json.dumps(self.to_dict(), indent=2)
        raise ValueError(f"unknown format {fmt!r}; expected 'text', 'markdown' or 'json'")

    def __str__(self) -> str:
        return self.to_text()


# ---------------------------------------------------------------------------- numbers


@dataclass(frozen=True)
class _Number:
    value: float
    tol: float
    op: str | None = None  # None, "<=" or ">="
    none: bool = False  # "pruned" / "-": the node has no value

    def text(self) -> str:
        if self.none:
            return "no value (not searched)"
        return f"{self.op or ''}{fmt(self.value)}"


_INF = {
    "inf": math.inf,
    "+inf": math.inf,
    "infinity": math.inf,
    "+infinity": math.inf,
    "∞": math.inf,
    "+∞": math.inf,
    "-inf": -math.inf,
    "-infinity": -math.inf,
    "-∞": -math.inf,
}
_OPS = {"<=": "<=", "≤": "<=", "=<": "<=", ">=": ">=", "≥": ">=", "=>": ">="}


def _read_number(
    given: Any, *, allow_bound: bool = False, allow_none: bool = False
) -> _Number | str:
    """Return the number written, or a message saying why it is not one."""
    if isinstance(given, bool):
        return f"{given!r} is not a number"
    if isinstance(given, int):
        try:
            return _Number(float(given), 0.0)
        except OverflowError:
            return _out_of_range(given)
    if isinstance(given, float):
        if math.isnan(given):
            return "NaN is not a value"
        return _Number(given, _rounding(repr(given)))
    if not isinstance(given, str):
        return f"{_short(given)} is not a number"
    text = given.strip().replace("−", "-").replace(" ", "")
    op = None
    for sign, name in _OPS.items():
        if text.startswith(sign):
            op, text = name, text[len(sign) :]
            break
    if op is None and text[:1] in {"<", ">"}:
        return (
            f"{_short(given)}: write an upper bound as <= and a lower bound as >= "
            "(the search proves at most / at least a value)"
        )
    if op is not None and not allow_bound:
        return f"{_short(given)}: expected a plain number here, not a bound"
    low = text.lower()
    if allow_none and op is None and low in _NO_VALUE:
        return _Number(0.0, 0.0, None, True)
    if low in _INF:
        return _Number(_INF[low], 0.0, op)
    if "/" in text:
        try:
            value = float(Fraction(text))
        except (ValueError, ZeroDivisionError):
            if len(text) > _MAX_DIGITS:
                return _out_of_range(given)
            return f"{_short(given)} is not a number"
        except OverflowError:
            return _out_of_range(given)
        return _Number(value, 1e-9, op)
    try:
        value = float(text)
    except ValueError:
        return f"{_short(given)} is not a number"
    if math.isnan(value):
        return "NaN is not a value"
    if math.isinf(value):
        return _out_of_range(given)
    return _Number(value, _rounding(text), op)


_MAX_DIGITS = 4000


def _short(given: Any, width: int = 40) -> str:
    """``repr(given)`` cut to about ``width`` characters, for a message."""
    if isinstance(given, int) and given.bit_length() > 4 * width:
        return f"a number of about {given.bit_length() * 30103 // 100000:,} digits"
    text = given if isinstance(given, str) else repr(given)
    if len(text) > width:
        text = text[:width] + "..."
    return repr(text) if isinstance(given, str) else text


def _out_of_range(given: Any) -> str:
    """The message for a number beyond float range."""
    size = f" ({len(given):,} characters)" if isinstance(given, str) else ""
    return (
        f"{_short(given, 20)}{size} is beyond the range of numbers gametree compares "
        "(about ±1.8e308; write inf for an infinite value)"
    )


def _rounding(text: str) -> float:
    """Half a unit in the last written decimal place (0 for whole numbers)."""
    m = re.fullmatch(r"[+-]?\d*\.(\d+)", text)
    if not m:
        return 0.0
    return 0.5 * 10.0 ** (-len(m.group(1)))


def _same(given: _Number, expected: float) -> bool:
    if math.isinf(expected) or math.isinf(given.value):
        return given.value == expected
    tol = 1e-9 * max(1.0, abs(expected))
    if given.tol and round(expected, _decimals(given.tol)) != expected:
        # "3.33" for 10/3: accept a correctly rounded answer.
        tol = max(tol, given.tol + 1e-12)
    return abs(given.value - expected) <= tol


def _decimals(tol: float) -> int:
    return round(-math.log10(2 * tol))


# ---------------------------------------------------------------------------- outcomes


@dataclass
class _Outcome:
    """One search, digested: everything the checks compare against."""

    result: SearchResult
    steps: list[Step]
    evaluated: tuple[Hashable, ...]
    visited: frozenset[Hashable]
    traversed: frozenset[tuple[Hashable, Hashable]]
    enter_window: dict[Hashable, tuple[float, float]]
    exit_window: dict[Hashable, tuple[float, float]]
    exit_step: dict[Hashable, Step]
    leaf_step: dict[Hashable, Step]
    cut_at: dict[Hashable, Step]
    pruned: frozenset[Hashable]
    cut_step: dict[Hashable, Step]


def _digest(result: SearchResult, steps: list[Step], frontier: Sequence[Hashable]) -> _Outcome:
    visited: set[Hashable] = set()
    traversed: set[tuple[Hashable, Hashable]] = set()
    enter_window: dict[Hashable, tuple[float, float]] = {}
    exit_window: dict[Hashable, tuple[float, float]] = {}
    exit_step: dict[Hashable, Step] = {}
    leaf_step: dict[Hashable, Step] = {}
    cut_at: dict[Hashable, Step] = {}
    cut_step: dict[Hashable, Step] = {}
    for step in steps:
        e = step.event
        if isinstance(e, Enter):
            visited.add(e.node)
            if e.parent is not None:
                traversed.add((e.parent, e.node))
            enter_window.setdefault(e.node, (e.alpha, e.beta))
            leaf_step.setdefault(e.node, step)
        elif isinstance(e, (Leaf, TranspositionHit)):
            visited.add(e.node)
            if step.parent is not None:
                traversed.add((step.parent, e.node))
                leaf_step.setdefault(e.node, step)
            enter_window.setdefault(e.node, (e.alpha, e.beta))
            if isinstance(e, Leaf) and e.node not in exit_window:
                exit_window[e.node] = (e.alpha, e.beta)
        elif isinstance(e, Exit):
            exit_window[e.node] = (e.alpha, e.beta)
            exit_step[e.node] = step
        elif isinstance(e, Cutoff):
            cut_step.setdefault(e.node, step)
            for s in e.skipped:
                cut_at.setdefault(s, step)
    evaluated = tuple(result.visited_leaves)
    done = set(evaluated)
    pruned = frozenset(x for x in frontier if x not in done)
    return _Outcome(
        result,
        steps,
        evaluated,
        frozenset(visited),
        frozenset(traversed),
        enter_window,
        exit_window,
        exit_step,
        leaf_step,
        cut_at,
        pruned,
        cut_step,
    )


def _frontier(G: nx.DiGraph, root: Hashable, depth: int | None) -> list[Hashable]:
    """Leaves (and depth-limit horizon nodes) left to right, each once."""
    succ = G._succ
    out: list[Hashable] = []
    seen_leaf: set[Hashable] = set()
    seen: set[tuple[Hashable, int]] = set()
    stack: list[tuple[Hashable, int]] = [(root, 0)]
    while stack:
        node, d = stack.pop()
        if (node, d) in seen:
            continue
        seen.add((node, d))
        kids = succ[node]
        if not kids or (depth is not None and d >= depth):
            if node not in seen_leaf:
                seen_leaf.add(node)
                out.append(node)
            continue
        for child in reversed(list(kids)):
            stack.append((child, d + 1))
    return out


def _reversed_copy(G: nx.DiGraph) -> nx.DiGraph:
    H = nx.DiGraph()
    H.graph.update(G.graph)
    H.add_nodes_from(G.nodes(data=True))
    for node in G:
        for child in reversed(list(G._succ[node])):
            H.add_edge(node, child, **G._succ[node][child])
    return H


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# ---------------------------------------------------------------------------- the key


class AnswerKey:
    """The correct answers to an exercise, ready to check any number of answer sets.

    The search runs once when the key is built; the other conventions (strict cut,
    fail-hard/soft, right-to-left order, plain minimax) run the first time a wrong
    answer needs comparing with them. :func:`grade` uses one key for a whole class.

    Parameters
    ----------
    G : networkx.DiGraph
        The exercise tree (not modified).
    algorithm : str, default "alphabeta"
        Any algorithm :func:`gametree.solve` knows.
    prune_on_equal : bool, default True
        Cut when alpha >= beta (AIMA); False cuts only when alpha > beta.
    fail : {"soft", "hard"}, default "soft"
        Fail-soft or fail-hard values (which value a cut-off node returns).
    root, depth, window, transposition_table
        Passed to the search.
    first_guess : float, optional
        For ``algorithm="mtdf"``: the first guess (default 0). For the multi-pass
        searches (mtdf, sss, dual, aspiration) the answers cover every pass: a leaf is
        pruned when no pass evaluated it, ``order`` lists the leaves of every pass.
    guess, delta : float, optional
        For ``algorithm="aspiration"`` (required there): the first window is
        ``(guess - delta, guess + delta)``.
    window_at : {"exit", "enter"}, default "exit"
        Which window alpha/beta answers are compared with: the one a node has when the
        search leaves it (as pruning diagrams show it), or the one it is entered with.
    tie_break : {"first", "any"}, default "first"
        ``"first"``: the best move is the first child in child order attaining the best
        value; ``"any"`` accepts every child attaining the root's minimax value.
    require : iterable of str, optional
        Items every answer set must contain (``"value"``, ``"move"``, ``"pruned"``,
        ``"order"``, ``"pv"``); one that is absent is a MISSING finding.
    ids : bool, default False
        Name the best move and the PV in findings by node id; by default they are
        named by move (``a1 (to B)``) where the edges carry moves.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> key = AnswerKey(G)
    >>> key.check("value = 3\\npruned = I J").score
    1.0
    >>> key.answers()["pruned"]
    ['I', 'J']
    """

    def __init__(
        self,
        G: nx.DiGraph,
        *,
        algorithm: str = "alphabeta",
        prune_on_equal: bool = True,
        fail: str = "soft",
        root: Hashable | None = None,
        depth: int | None = None,
        window: tuple[float, float] | None = None,
        transposition_table: bool = False,
        bounds: tuple[float, float] | None = None,
        first_guess: float | None = None,
        guess: float | None = None,
        delta: float | None = None,
        window_at: str = "exit",
        tie_break: str = "first",
        require: Iterable[str] = (),
        ids: bool = False,
    ) -> None:
        validate(G)
        if window_at not in ("exit", "enter"):
            raise SearchError(f"window_at must be 'exit' or 'enter', got {window_at!r}")
        if tie_break not in ("first", "any"):
            raise SearchError(f"tie_break must be 'first' or 'any', got {tie_break!r}")
        if fail not in ("soft", "hard"):
            raise SearchError(f"fail must be 'soft' or 'hard', got {fail!r}")
        self.G = G
        self.root = find_root(G) if root is None else root
        self.algorithm = algorithm
        self.depth = depth
        self.window_at = window_at
        self.tie_break = tie_break
        self.require = tuple(require)
        self.ids = ids
        unknown = set(self.require) - {"value", "move", "pruned", "order", "pv"}
        if unknown:
            raise SearchError(
                f"cannot require {sorted(unknown)!r}; expected value, move, pruned, order, pv"
            )
        options: dict[str, Any] = {"root": self.root}
        if depth is not None:
            options["depth"] = depth
        if algorithm in _CUT_RULES:
            options["prune_on_equal"] = prune_on_equal
            options["fail"] = fail
            if window is not None:
                options["window"] = tuple(window)
            if transposition_table:
                options["transposition_table"] = True
        if bounds is not None:
            if algorithm not in ("star1", "star2"):
                raise SearchError(f"bounds= applies to star1 and star2, not to {algorithm!r}")
            options["bounds"] = tuple(bounds)
        # Multi-pass searches (answers count every pass: a pruned leaf is one no pass
        # evaluated); each takes its own options, checked by the search.
        extra = {"first_guess": first_guess, "guess": guess, "delta": delta}
        options.update({k: v for k, v in extra.items() if v is not None})
        self.options = options
        self.frontier = _frontier(G, self.root, depth)
        self.position = {leaf: i for i, leaf in enumerate(self.frontier, 1)}
        self.main = self._run(G, algorithm, options)
        self._alternatives: dict[str, tuple[str, _Outcome] | None] = {}
        self._stories: dict[str, dict[Hashable, str]] = {
            "pruned": {},
            "evaluated": {},
            "value": {},
            "window": {},
        }
        self._cut_above: dict[Hashable, Hashable | None] = {}
        self._cut_reasons: dict[Hashable, str] = {}

    # -- searching -------------------------------------------------------------------

    def _run(self, G: nx.DiGraph, algorithm: str, options: Mapping[str, Any]) -> _Outcome:
        from gametree.search import solve

        result = solve(G, algorithm, annotate=False, trace=True, **options)
        steps = replay(G, result.trace)
        return _digest(result, steps, self.frontier)

    def _alternative(self, name: str) -> tuple[str, _Outcome] | None:
        """Another convention's outcome, computed once: (description, outcome)."""
        if name in self._alternatives:
            return self._alternatives[name]
        o = dict(self.options)
        alt: tuple[str, _Outcome] | None = None
        family = self.algorithm in _CUT_RULES
        if name == "strict" and family:
            o["prune_on_equal"] = not o["prune_on_equal"]
            text = (
                "this is what you get if you do not prune on equality (cut only when alpha > beta)"
                if not o["prune_on_equal"]
                else "this is what you get if you also prune on equality (cut when alpha >= beta)"
            )
            alt = (text, self._run(self.G, self.algorithm, o))
        elif name == "fail" and family:
            o["fail"] = "hard" if o["fail"] == "soft" else "soft"
            text = (
                "this is what fail-hard alpha-beta gives (returned values clamped to the window)"
                if o["fail"] == "hard"
                else "this is what fail-soft alpha-beta gives (a cut-off node returns the "
                "value it found, not the bound)"
            )
            alt = (text, self._run(self.G, self.algorithm, o))
        elif name == "reverse":
            alt = (
                "this is what you get searching the children right to left",
                self._run(_reversed_copy(self.G), self.algorithm, o),
            )
        elif name == "minimax" and self.algorithm != "minimax":
            mo = {k: v for k, v in o.items() if k in ("root", "depth")}
            alt = (
                "this is what plain minimax (no pruning) gives",
                self._run(self.G, "minimax", mo),
            )
        self._alternatives[name] = alt
        return alt

    def _notes(self, matches: Any, skip: tuple[str, ...] = ()) -> tuple[str, ...]:
        """Descriptions of the conventions under which ``matches(outcome)`` is true."""
        notes = []
        for name in ("strict", "fail", "reverse", "minimax"):
            if name in skip:
                continue
            alt = self._alternative(name)
            if alt is not None and matches(alt[1]):
                notes.append(alt[0])
        return tuple(notes)

    @cached_property
    def _evaluated_rank(self) -> dict[Hashable, int]:
        """1 for the first leaf the search evaluates, 2 for the second, ..."""
        rank: dict[Hashable, int] = {}
        for i, leaf in enumerate(self.main.evaluated, 1):
            rank.setdefault(leaf, i)
        return rank

    @cached_property
    def minimax(self) -> dict[Hashable, float]:
        """The true minimax value of every node."""
        return tree_values(self.G, self.root)  # validated when the key was built

    # -- names -----------------------------------------------------------------------

    @cached_property
    def _names(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """Nodes by name (id or label) and by lower-cased name: a node, or
        :class:`_Several` nodes in node order (most names name one node: no list each)."""
        exact: dict[str, Any] = {}
        folded: dict[str, Any] = {}

        def enter(table: dict[str, Any], key: str, node: Hashable) -> None:
            if key not in table:
                table[key] = node
                return
            old = table[key]
            if isinstance(old, _Several):
                old.append(node)
            else:
                table[key] = _Several((old, node))

        for node, data in self.G._node.items():
            name = str(node)
            low = name.lower()
            enter(exact, name, node)
            enter(folded, low, node)
            label = data.get(LABEL)
            if label is not None and str(label) != name:
                text = str(label)
                enter(exact, text, node)
                if text.lower() != low:
                    enter(folded, text.lower(), node)
        return exact, folded

    def resolve(self, name: Any) -> Hashable:
        """Return the node ``name`` names (id, label or ``#k`` leaf position).

        Raises
        ------
        ValueError
            With a message saying why the name names no node (or several).
        """
        if isinstance(name, bool):
            raise ValueError(f"{name!r} is not a node name")
        if not isinstance(name, str) and name in self.G:
            return name  # type: ignore[no-any-return]
        text = str(name).strip().strip('"').strip("'")
        m = re.fullmatch(r"#\s*(\d+)", text) if text.startswith("#") else None
        if m and len(m.group(1)) > 18:
            raise ValueError(
                f"leaf position #{m.group(1)[:20]}... is out of range: the tree has "
                f"{len(self.frontier)} leaves"
            )
        if m:
            k = int(m.group(1))
            if 1 <= k <= len(self.frontier):
                return self.frontier[k - 1]
            raise ValueError(
                f"leaf position #{k} is out of range: the tree has {len(self.frontier)} leaves "
                f"(#1 to #{len(self.frontier)}, left to right)"
            )
        exact, folded = self._names
        for table, key in ((exact, text), (folded, text.lower())):
            hits = table.get(key, _NONE)
            if not isinstance(hits, _Several):
                found: Hashable = hits
                return found
            if hits:
                shown = ", ".join(repr(h) for h in hits[:4])
                raise ValueError(f"{text!r} is ambiguous: it names the nodes {shown}")
        hint = ""
        if re.fullmatch(r"-?\d+(\.\d+)?", text):
            hint = f"; to name a leaf by its position write #{text}"
        sample = ", ".join(str(n) for n in islice(self.G, 5))
        raise ValueError(
            f"unknown node {text!r}{hint}; nodes are named by id ({sample}, ...), "
            f"label, or leaf position #1..#{len(self.frontier)}"
        )

    def _resolve_edge(self, token: Any) -> tuple[Hashable, Hashable]:
        if isinstance(token, tuple):
            parts = [token]
        else:
            text = str(token).strip()
            parts = []
            for sep in ("->", "→", "–", "-"):
                if sep in text[1:]:
                    i = 1
                    while True:
                        j = text.find(sep, i)
                        if j < 0:
                            break
                        parts.append((text[:j], text[j + len(sep) :]))
                        i = j + 1
                    if parts:
                        break
        last_error = f"{token!r} is neither a node nor an edge such as C-I"
        for a, b in parts:
            try:
                u, v = self.resolve(a), self.resolve(b)
            except ValueError as exc:
                last_error = str(exc)
                continue
            if not self.G.has_edge(u, v):
                parents = list(self.G.predecessors(v))
                where = f"; {v} is a child of {parents[0]}" if parents else ""
                raise ValueError(f"{a}-{b} is not an edge of the tree{where}")
            return u, v
        raise ValueError(last_error)

    def name(self, node: Hashable) -> str:
        """The name a finding uses for ``node`` (its id, with ``#k`` for leaves)."""
        k = self.position.get(node)
        return f"{node} (#{k})" if k is not None and str(node) != f"#{k}" else str(node)

    # -- stories ---------------------------------------------------------------------

    def _player(self, node: Hashable) -> str:
        p = self.G.nodes[node].get(PLAYER)
        return str(getattr(p, "value", p)) if p is not None else "leaf"

    def pruned_reason(self, node: Hashable) -> str:
        """Why ``node`` is never searched: the cutoff above it."""
        stories = self._stories["pruned"]
        cached = stories.get(node)
        if cached is None:
            cached = stories[node] = self._pruned_reason(node)
        return cached

    def _pruned_reason(self, node: Hashable) -> str:
        x = self._skipped_above(node)
        if x is None:
            return f"{node} is not searched"
        reason = self._cut_reasons.get(x)
        if reason is None:
            poe = bool(self.options.get("prune_on_equal", True))
            reason = self._cut_reasons[x] = cut_reason(self.main.cut_at[x], poe)
        what = "leaf" if not self.G._succ[node] else "node"
        verb = "evaluated" if what == "leaf" else "searched"
        if x == node:
            return f"{what} {node} is not {verb}: {reason}"
        return f"{what} {node} is not {verb}: it is below {x}, which is cut off: {reason}"

    def _skipped_above(self, node: Hashable) -> Hashable | None:
        """The nearest node at or above ``node`` (breadth first) that a cutoff skipped.

        In a tree the answer is remembered for every node on the way up, so the leaves
        below one cut cost one step each, however deep they are.
        """
        cut_at, pred, memo = self.main.cut_at, self.G._pred, self._cut_above
        path: list[Hashable] = []
        x: Hashable | None = node
        while x is not None and x not in memo:
            if x in cut_at:
                break
            parents = pred[x]
            if len(parents) > 1:
                return self._skipped_above_dag(node)
            path.append(x)
            x = next(iter(parents), None)
        found = memo[x] if x is not None and x in memo else x
        for y in path:
            memo[y] = found
        return found

    def _skipped_above_dag(self, node: Hashable) -> Hashable | None:
        seen = {node}
        queue = deque([node])
        while queue:
            x = queue.popleft()
            if x in self.main.cut_at:
                return x
            for p in self.G._pred[x]:
                if p not in seen:
                    seen.add(p)
                    queue.append(p)
        return None

    def evaluated_reason(self, leaf: Hashable) -> str:
        """Why ``leaf`` is evaluated: no cutoff happened before it."""
        stories = self._stories["evaluated"]
        cached = stories.get(leaf)
        if cached is None:
            cached = stories[leaf] = self._evaluated_reason(leaf)
        return cached

    def _evaluated_reason(self, leaf: Hashable) -> str:
        """Why ``leaf`` is evaluated: no cutoff happened before it."""
        o = self.main
        k = self._evaluated_rank.get(leaf, 0)
        head = f"leaf {leaf} is evaluated ({_ordinal(k)})" if k else f"{leaf} is searched"
        step = o.leaf_step.get(leaf)
        if step is None or step.parent is None:
            return head
        e = step.event
        if step.index <= 1 or step.parent_value is None:
            return f"{head}: it is the first child of {step.parent}, which is always searched"
        pp = step.parent_player
        poe = bool(self.options.get("prune_on_equal", True))
        sofar = fmt(step.parent_value)
        if pp == MIN:
            op = "<=" if poe else "<"
            bound = origin_text("alpha", e.alpha, step.alpha_from)
            return (
                f"{head}: at {step.parent} (MIN) the value so far {sofar} is not {op} "
                f"{bound}, so the search goes on"
            )
        if pp == MAX:
            op = ">=" if poe else ">"
            bound = origin_text("beta", e.beta, step.beta_from)
            return (
                f"{head}: at {step.parent} (MAX) the value so far {sofar} is not {op} "
                f"{bound}, so the search goes on"
            )
        return f"{head}: every child of a CHANCE node is searched"

    def value_story(self, node: Hashable) -> str:
        """How ``node`` got its value: its children and any cutoff."""
        stories = self._stories["value"]
        cached = stories.get(node)
        if cached is None:
            cached = stories[node] = self._value_story(node)
        return cached

    def _value_story(self, node: Hashable) -> str:
        """How ``node`` got its value: its children's values and any cutoff."""
        o = self.main
        nv = o.result.node_values.get(node)
        if nv is None:
            return self.pruned_reason(node)
        kids = list(self.G._succ[node])
        if not kids or (self.depth is not None and node in self.position):
            return f"{node} is a leaf worth {fmt(nv.value)}"
        parts = []
        for c in kids:
            cv = o.result.node_values.get(c)
            if cv is None:
                parts.append(f"{c} pruned")
            else:
                parts.append(f"{c} {_bound_text(cv)}")
        player = self._player(node)
        word = {"MAX": "largest", "MIN": "smallest"}.get(player, "average")
        text = f"{node} ({player}) takes the {word} of its children's values: " + ", ".join(parts)
        cut = o.cut_step.get(node)
        if cut is not None:
            poe = bool(self.options.get("prune_on_equal", True))
            text += f"; it is cut off: {cut_reason(cut, poe)}"
        if nv.bound is not Bound.EXACT:
            text += f", so {fmt(nv.value)} is " + (
                "an upper bound (the true value is at most that)"
                if nv.bound is Bound.UPPER
                else "a lower bound (the true value is at least that)"
            )
        return text

    # -- the correct answers ---------------------------------------------------------

    def answers(self) -> dict[str, Any]:
        """Return every correct answer as a mapping in the answer-file layout.

        Keys: ``value``, ``move``, ``pv``, ``order``, ``pruned`` (leaves),
        ``pruned_edges`` (the top-most cut edges as ``"C-I"``), ``values`` (every searched
        internal node, in node order: a number, or ``"<=v"`` / ``">=v"`` for a bound),
        ``alpha`` and ``beta`` (at the moment ``window_at`` names). The move and the PV
        are named by move where the edges carry moves (the PV then without the root);
        every name reads back as the same thing (a pruned leaf whose id is also a move
        is written ``#k``).
        """
        return self._answers_of(self.main)

    def alternatives(self) -> list[tuple[str, dict[str, Any]]]:
        """Return the other conventions a wrong answer is compared with, as (note, answers).

        In the order the checker tries them (the other cut rule, the other fail mode,
        right-to-left child order, plain minimax): a wrong answer that equals a
        convention's answer gets that convention's note. The answers have the layout of
        :meth:`answers`. An interactive page embeds these to give the checker's notes.

        Examples
        --------
        >>> import gametree
        >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        >>> for note, answers in AnswerKey(G).alternatives():
        ...     print(answers["pruned"], note)
        ['I', 'J'] this is what you get if you do not prune on equality (cut only when alpha > beta)
        ['I', 'J'] this is what fail-hard alpha-beta gives (returned values clamped to the window)
        [] this is what you get searching the children right to left
        [] this is what plain minimax (no pruning) gives
        """
        out = []
        for name in ("strict", "fail", "reverse", "minimax"):
            alt = self._alternative(name)
            if alt is not None:
                out.append((alt[0], self._answers_of(alt[1])))
        return out

    def _answers_of(self, o: _Outcome) -> dict[str, Any]:
        r = o.result
        windows = o.exit_window if self.window_at == "exit" else o.enter_window
        inner = [n for n in self.G if n not in self.position]
        out: dict[str, Any] = {
            "value": _plain(r.value),
            "move": None if r.best_child is None else self._child_name(self.root, r.best_child),
            "pv": ([] if self._has_moves else [str(r.pv[0])])
            + [self._child_name(u, v) for u, v in pairwise(r.pv)],
            "order": [str(n) for n in o.evaluated],
            "pruned": [
                f"#{self.position[n]}" if str(n) in self._edges_by_move else str(n)
                for n in self.frontier
                if n in o.pruned
            ],
            "pruned_edges": [f"{u}-{v}" for u, v in r.pruned_edges],
            "values": {str(n): _bound_key(r.node_values[n]) for n in inner if n in r.node_values},
            "alpha": {str(n): _plain(windows[n][0]) for n in inner if n in windows},
            "beta": {str(n): _plain(windows[n][1]) for n in inner if n in windows},
        }
        return out

    # -- checking --------------------------------------------------------------------

    def check(self, answers: Answers | Mapping[str, Any] | str | Path) -> CheckReport:
        """Check one answer set; see :func:`check`."""
        if isinstance(answers, str) and _looks_like_path(answers):
            answers = Path(answers)
        if isinstance(answers, Path):
            answers = load_answers(answers)
        elif not isinstance(answers, Answers):
            answers = parse_answers(answers)
        findings: list[Finding] = []
        notes: list[str] = list(answers.notes)
        for problem in answers.problems:
            findings.append(
                Finding(
                    problem.key or "answer file",
                    Verdict.MALFORMED,
                    "",
                    "",
                    problem.message,
                    problem.line,
                )
            )
        for item in answers.items:
            try:
                findings.extend(self._check_item(item, notes))
            except ValueError as exc:
                label = item.key or item.kind
                findings.append(
                    Finding(
                        label, Verdict.MALFORMED, "", _given_text(item.given), str(exc), item.line
                    )
                )
        present = {i.kind for i in answers.items} | {
            _kind_of(p.key) for p in answers.problems if p.key
        }
        for kind in self.require:
            if kind not in present:
                findings.append(
                    Finding(
                        kind,
                        Verdict.MISSING,
                        self._expected_text(kind),
                        "not answered",
                        f"the {kind} is asked for",
                    )
                )
        findings.sort(key=lambda f: (f.line is None, f.line or 0))
        return CheckReport(
            tuple(findings),
            self.algorithm,
            {k: v for k, v in self.options.items() if k != "root"},
            tuple(dict.fromkeys(notes)),
            answers.source,
        )

    def _expected_text(self, kind: str) -> str:
        a = self.answers()
        v = a.get(kind)
        if isinstance(v, list):
            return " ".join(v) if v else "(none)"
        return fmt(v) if v is not None else "(none)"

    def _check_item(self, item: AnswerItem, notes: list[str]) -> list[Finding]:
        kind = item.kind
        if kind == "value":
            return [self._check_value(item)]
        if kind == "move":
            return [self._check_move(item, notes)]
        if kind == "node_value":
            return [self._check_node_value(item)]
        if kind in ("alpha", "beta", "window"):
            return [self._check_window(item)]
        if kind == "order":
            return [self._check_order(item)]
        if kind == "pv":
            return [self._check_pv(item, notes)]
        return self._check_pruned(item, notes)

    def _check_value(self, item: AnswerItem) -> Finding:
        n = _read_number(item.given)
        if isinstance(n, str):
            return Finding("value", Verdict.MALFORMED, "", _given_text(item.given), n, item.line)
        r = self.main.result
        story = self.value_story(self.root)
        if _same(n, r.value):
            return Finding("value", Verdict.CORRECT, fmt(r.value), n.text(), story, item.line)
        notes = self._notes(lambda o: _same(n, o.result.value))
        return Finding("value", Verdict.WRONG, fmt(r.value), n.text(), story, item.line, notes)

    @cached_property
    def _speaks_moves(self) -> bool:
        """Whether every edge of the tree carries a ``move`` (a game tree)."""
        return self.G.number_of_edges() > 0 and all(
            m is not None for _, _, m in self.G.edges(data=MOVE)
        )

    @cached_property
    def _edges_by_move(self) -> dict[str, list[tuple[Hashable, Hashable]]]:
        """Edges by the text of their ``move``, in the graph's edge order."""
        out: dict[str, list[tuple[Hashable, Hashable]]] = {}
        for u, v, m in self.G.edges(data=MOVE):
            if m is not None:
                out.setdefault(str(m), []).append((u, v))
        return out

    def move_name(self, parent: Hashable, child: Hashable) -> str:
        """The move of the edge ``parent -> child`` (its ``move``, else the child's id)."""
        return str(edge_move(self.G, parent, child))

    def _child(
        self, parent: Hashable, token: Any, read: set[str], *, loose: bool = False
    ) -> Hashable:
        """The child of ``parent`` that ``token`` names, as a node name or a move.

        Adds ``"ids"`` or ``"moves"`` to ``read``. A token that names one child by id
        and another by move is read as the move in a tree whose edges all carry moves
        (the report says so); elsewhere it is an error. A node that is not a child of
        ``parent`` is an error, or (``loose``, for a path being graded) returned as is.
        """
        try:
            named: Hashable | None = self.resolve(token)
        except ValueError:
            named = None
        kids = self.G._succ[parent]
        by_id = named if named in kids else None
        text = str(token).strip().strip('"').strip("'")
        by_move: list[Hashable] = [
            c for c, d in kids.items() if d.get(MOVE) is not None and str(d[MOVE]) == text
        ]
        if len(by_move) > 1:
            raise ValueError(
                f"move {text!r} labels {len(by_move)} edges from {parent}: "
                + ", ".join(f"{parent}-{c}" for c in by_move)
            )
        if by_move and by_id is not None and by_move[0] != by_id:
            if not self._speaks_moves:
                raise ValueError(
                    f"{text!r} is ambiguous at {parent}: it is the child {by_id} by id and "
                    f"the move to {by_move[0]}; rename one of them"
                )
            read.add("moves")
            read.add(f"{text!r} read as the move to {by_move[0]}, not the node {by_id}")
            return by_move[0]
        if by_move:
            read.add("moves")
            return by_move[0]
        if by_id is not None:
            read.add("ids")
            return by_id
        if named is not None and loose:
            read.add("ids")
            return named
        if named is not None:
            raise ValueError(
                f"{named} is not a child of {parent}; a move from {parent} is one of "
                + ", ".join(self.move_name(parent, c) for c in kids)
            )
        return self.resolve(token)

    def _child_name(self, parent: Hashable, child: Hashable) -> str:
        """How an answer names ``child`` of ``parent`` so that it reads back as it: its
        move where the edges carry moves, else (or if that is ambiguous) its id."""
        for name in (self.move_name(parent, child), str(child)):
            try:
                if self._child(parent, name, set()) == child:
                    return name
            except ValueError:
                continue
        return str(child)

    def _read_note(self, item: AnswerItem, read: set[str]) -> str | None:
        """A note saying how an item naming children was read (ids, moves)."""
        if not read or not self._has_moves:
            return None
        where = f"{item.key or item.kind} (line {item.line})" if item.line else item.key
        forms = [f for f in ("ids", "moves") if f in read]
        words = {"ids": "node ids", "moves": "moves"}
        note = f"read {where or item.kind} as " + " and ".join(words[f] for f in forms)
        return "; ".join([note, *sorted(r for r in read if r not in words)])

    @cached_property
    def _has_moves(self) -> bool:
        return bool(self._edges_by_move)

    def _check_move(self, item: AnswerItem, notes: list[str]) -> Finding:
        r = self.main.result
        read: set[str] = set()
        node = self._child(self.root, item.given, read)
        note = self._read_note(item, read)
        if note:
            notes.append(note)
        expected = r.best_child

        def said(c: Hashable | None) -> str:
            if c is None or self.ids:
                return str(c) if c is not None else "(none)"
            move = self.move_name(self.root, c)
            return move if move == str(c) else f"{move} (to {c})"

        values = ", ".join(
            f"{said(c)} {_bound_text(r.node_values[c])}"
            if c in r.node_values
            else f"{said(c)} pruned"
            for c in self.G._succ[self.root]
        )
        player = self._player(self.root)
        word = {"MAX": "largest", "MIN": "smallest"}.get(player, "best")
        verb = "moves to" if all(said(c) == str(c) for c in self.G._succ[self.root]) else "plays"
        story = (
            f"{self.root} ({player}) {verb} {said(expected)}, "
            f"the first child with the {word} value: " + values
        )
        if node == expected:
            return Finding("move", Verdict.CORRECT, said(expected), said(node), story, item.line)
        ties = [c for c in self.G._succ[self.root] if self.minimax[c] == self.minimax[self.root]]
        if self.tie_break == "any" and node in ties:
            return Finding("move", Verdict.CORRECT, said(expected), said(node), story, item.line)
        notes_: tuple[str, ...] = ()
        if node in ties:
            notes_ = (
                f"{', '.join(said(t) for t in ties)} are all worth "
                f"{fmt(self.minimax[self.root])}: you broke the tie differently (this "
                "check takes the first in child order; use tie_break='any' to accept any)",
            )
        else:
            notes_ = self._notes(lambda o: o.result.best_child == node)
        return Finding("move", Verdict.WRONG, said(expected), said(node), story, item.line, notes_)

    def _check_node_value(self, item: AnswerItem) -> Finding:
        node = self.resolve(item.node)
        label = str(node)
        n = _read_number(item.given, allow_bound=True, allow_none=True)
        if isinstance(n, str):
            return Finding(label, Verdict.MALFORMED, "", _given_text(item.given), n, item.line)
        nv = self.main.result.node_values.get(node)
        story = self.value_story(node)
        expected = "no value (not searched)" if nv is None else _bound_text(nv)
        if _value_matches(n, nv):
            return Finding(label, Verdict.CORRECT, expected, n.text(), story, item.line)
        if n.op is not None and nv is not None and self.options.get("fail") == "hard":
            # A fail-hard search clamps what it returns, but the bound it found is as
            # true, and is what diagrams write: "<=2" at C, not only "<=3".
            alt = self._alternative("fail")
            soft = alt[1].result.node_values.get(node) if alt is not None else None
            if soft is not None and soft.bound is nv.bound and _value_matches(n, soft):
                story += (
                    f"; {n.text()} is the bound {node} found, which fail-hard alpha-beta "
                    f"returns clamped to the window as {_bound_text(nv)}"
                )
                return Finding(label, Verdict.CORRECT, expected, n.text(), story, item.line)
        if nv is None and node in self.position and not n.none and n.op is None:
            static = self.G._node[node].get(VALUE)
            if static is not None and _same(n, static):
                # The leaf's value is printed on the sheet; saying it is not wrong.
                story += f"; its value in the tree is {fmt(static)}"
                return Finding(label, Verdict.CORRECT, expected, n.text(), story, item.line)
        notes = list(self._notes(lambda o: _value_matches(n, o.result.node_values.get(node))))
        if (
            not n.none
            and n.op is None
            and _same(n, self.minimax[node])
            and not any("minimax" in x for x in notes)
        ):
            notes.append(
                f"{fmt(self.minimax[node])} is {node}'s minimax value, but this "
                "search does not establish it"
            )
        if nv is not None and nv.bound is Bound.EXACT and n.op is not None and _same(n, nv.value):
            notes.append(f"{node} is searched completely, so its value is exact, not a bound")
        return Finding(label, Verdict.WRONG, expected, n.text(), story, item.line, tuple(notes))

    def _check_window(self, item: AnswerItem) -> Finding:
        node = self.resolve(item.node)
        label = f"{item.kind} {node}"
        o = self.main
        windows = o.exit_window if self.window_at == "exit" else o.enter_window
        other = o.enter_window if self.window_at == "exit" else o.exit_window
        if item.kind == "window":
            given = [_read_number(g, allow_none=True) for g in item.given]
        else:
            given = [_read_number(item.given, allow_none=True)]
        for g in given:
            if isinstance(g, str):
                return Finding(label, Verdict.MALFORMED, "", _given_text(item.given), g, item.line)
        nums: list[_Number] = given  # type: ignore[assignment]
        pick = {"alpha": (0,), "beta": (1,), "window": (0, 1)}[item.kind]
        given_text = ", ".join(x.text() for x in nums)

        def matches(w: tuple[float, float] | None) -> bool:
            return w is not None and all(
                not x.none and _same(x, w[i]) for x, i in zip(nums, pick, strict=True)
            )

        w = windows.get(node)
        if w is None:
            return Finding(
                label,
                Verdict.CORRECT if all(x.none for x in nums) else Verdict.WRONG,
                "no window (not searched)",
                given_text,
                self.pruned_reason(node),
                item.line,
            )
        expected = ", ".join(fmt(w[i]) for i in pick)
        story = self._window_story(node, w)
        if matches(w):
            return Finding(label, Verdict.CORRECT, expected, given_text, story, item.line)
        notes = list(
            self._notes(
                lambda alt: matches(
                    (alt.exit_window if self.window_at == "exit" else alt.enter_window).get(node)
                ),
                skip=("minimax",),
            )
        )
        if matches(other.get(node)):
            moment = "enters" if self.window_at == "exit" else "leaves"
            notes.append(
                f"this is the window when the search {moment} {node}; "
                f"the check compares the window at {self.window_at}"
            )
        return Finding(label, Verdict.WRONG, expected, given_text, story, item.line, tuple(notes))

    def _window_story(self, node: Hashable, w: tuple[float, float]) -> str:
        """Where ``node``'s window came from (one text for its alpha and beta items)."""
        stories = self._stories["window"]
        story = stories.get(node)
        if story is None:
            step = self.main.exit_step.get(node)
            story = f"at {self.window_at} {node}'s window is [{fmt(w[0])}, {fmt(w[1])}]"
            if step is not None and self.window_at == "exit":
                story += (
                    f": {origin_text('alpha', w[0], step.alpha_from, at=node)}; "
                    f"{origin_text('beta', w[1], step.beta_from, at=node)}"
                )
            stories[node] = story
        return story

    def _order_as_values(self, item: AnswerItem) -> Finding | None:
        """Read ``order = 3 12 8 2`` (leaf values, as some sheets ask) when no token is a name."""
        numbers = []
        for token in item.given:
            try:
                self.resolve(token)
                return None
            except ValueError:
                pass
            n = _read_number(token)
            if isinstance(n, str):
                return None
            numbers.append(n)
        expected = [self.G._node[x].get(VALUE) for x in self.main.evaluated]
        if any(v is None for v in expected):
            return None
        exp_text = " ".join(fmt(v) for v in expected)
        giv_text = " ".join(n.text() for n in numbers)
        story = "read as the values of the leaves, in the order they are evaluated: " + exp_text
        ok = len(numbers) == len(expected) and all(
            _same(n, v) for n, v in zip(numbers, expected, strict=True)
        )
        verdict = Verdict.CORRECT if ok else Verdict.WRONG
        notes: tuple[str, ...] = ()
        if not ok:

            def matches(o: _Outcome) -> bool:
                vals = [self.G._node[x].get(VALUE) for x in o.evaluated]
                return len(vals) == len(numbers) and all(
                    _same(n, v) for n, v in zip(numbers, vals, strict=True)
                )

            notes = self._notes(matches)
        return Finding("order", verdict, exp_text, giv_text, story, item.line, notes)

    def _check_order(self, item: AnswerItem) -> Finding:
        as_values = self._order_as_values(item) if item.given else None
        if as_values is not None:
            return as_values
        given = tuple(self.resolve(g) for g in item.given)
        expected = self.main.evaluated
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
            story += f"; the {_ordinal(k + 1)} leaf evaluated is {expected[k]}, not {given[k]}"
        elif k < len(expected):
            story += f"; after {k} leaves, {expected[k]} is still evaluated"
        else:
            story += f"; only {len(expected)} leaves are evaluated"
            extra = given[k]
            if extra in self.main.pruned:
                story += f" ({self.pruned_reason(extra)})"
        notes = self._notes(lambda o: o.evaluated == given)
        return Finding("order", Verdict.WRONG, exp_text, giv_text, story, item.line, notes)

    def _check_pv(self, item: AnswerItem, notes: list[str]) -> Finding:
        try:
            first = self.resolve(item.given[0]) if item.given else None
        except ValueError:
            first = None
        by_move = self._has_moves and any(
            self.move_name(self.root, c) == str(item.given[0]).strip()
            for c in self.G._succ[self.root]
        )
        rest = item.given[1:] if first == self.root and not by_move else item.given
        given: list[Hashable] = [self.root]
        read: set[str] = set()
        for token in rest:
            given.append(self._child(given[-1], token, read, loose=True))
        note = self._read_note(item, read)
        if note:
            notes.append(note)
        path = tuple(given)
        expected = tuple(self.main.result.pv)
        if not self.ids and ("moves" in read or any(r.startswith("'") for r in read)):
            exp_text, giv_text = self._path_moves(expected), self._path_moves(path)
        else:
            exp_text = " ".join(str(x) for x in expected)
            giv_text = " ".join(str(x) for x in path)
        story = f"the principal variation follows the best child from {self.root}: " + " ".join(
            str(x) for x in expected
        )
        if path == expected:
            return Finding("pv", Verdict.CORRECT, exp_text, giv_text, story, item.line)
        notes_ = self._notes(lambda o: tuple(o.result.pv) == path)
        return Finding("pv", Verdict.WRONG, exp_text, giv_text, story, item.line, notes_)

    def _path_moves(self, path: Sequence[Hashable]) -> str:
        return " ".join(self.move_name(u, v) for u, v in pairwise(path))

    def _claims(
        self, item: AnswerItem
    ) -> list[tuple[str, Hashable | None, tuple[Hashable, Hashable] | None, str]]:
        """Read each listed thing as a node (leaf or subtree), an edge, a move or a move
        path; the last element says which: ``"id"``, ``"move"`` or ``"path"``."""
        out: list[tuple[str, Hashable | None, tuple[Hashable, Hashable] | None, str]] = []
        moves_only = item.form == "moves"
        ids_only = item.form in ("leaves", "edges", "nodes") or not self._has_moves
        for token in item.given:
            text = "-".join(token) if isinstance(token, tuple) else str(token)
            try:
                if isinstance(token, tuple) or ids_only:
                    out.append(self._claim_by_id(token, text))
                elif moves_only:
                    out.append(self._claim_by_move(text))
                else:
                    out.append(self._claim_either(token, text))
            except ValueError as exc:
                raise ValueError(f"in {item.key or 'pruned'}: {exc}") from None
        return out

    def _claim_by_id(
        self, token: Any, text: str
    ) -> tuple[str, Hashable | None, tuple[Hashable, Hashable] | None, str]:
        if not isinstance(token, tuple):
            try:
                return (text, self.resolve(token), None, "id")
            except ValueError as exc:
                node_error = exc
        else:
            node_error = ValueError(f"{text!r} is not an edge")
        try:
            return (text, None, self._resolve_edge(token), "id")
        except ValueError as exc:
            message = str(exc)
            raise ValueError(str(node_error) if "neither" in message else message) from None

    def _claim_by_move(
        self, text: str
    ) -> tuple[str, Hashable | None, tuple[Hashable, Hashable] | None, str]:
        """The edge a move (labelling one edge of the tree) or a move path ``a2/c2``
        from the root names."""
        if "/" in text:
            steps = [step.strip() for step in text.removeprefix("/").split("/")]
            at, edge = self.root, None
            for i, step in enumerate(steps):
                kids = [c for c in self.G._succ[at] if self.move_name(at, c) == step]
                if len(kids) != 1:
                    moves = " ".join(self.move_name(at, c) for c in self.G._succ[at]) or "none"
                    after = "/".join(steps[:i]) or "the root"
                    what = "matches nothing: no" if not kids else f"is ambiguous: {len(kids)}"
                    raise ValueError(
                        f"move path {text!r} {what} move {step!r} after {after} "
                        f"(node {at}; its moves: {moves})"
                    )
                edge, at = (at, kids[0]), kids[0]
            assert edge is not None
            return (text, None, edge, "path")
        edges = self._edges_by_move.get(text, [])
        if len(edges) == 1:
            return (text, None, edges[0], "move")
        if not edges:
            raise ValueError(f"no edge has the move {text!r}")
        shown = ", ".join(f"{u}-{v}" for u, v in edges[:4]) + (", ..." if len(edges) > 4 else "")
        raise ValueError(
            f"the move {text!r} labels {len(edges)} edges ({shown}); "
            "name one by its move path from the root, such as "
            + move_path(self.G, edges[0][1], self.root)
        )

    def _claim_either(
        self, token: Any, text: str
    ) -> tuple[str, Hashable | None, tuple[Hashable, Hashable] | None, str]:
        """A token of a ``pruned`` list that may be a node, an edge or a move: reading
        it both ways must agree, else it is ambiguous (an error, never a guess)."""
        try:
            by_id: tuple[str, Hashable | None, tuple[Hashable, Hashable] | None, str] | None
            by_id = self._claim_by_id(token, text)
        except ValueError as exc:
            by_id, id_error = None, exc
        try:
            by_move: tuple[str, Hashable | None, tuple[Hashable, Hashable] | None, str] | None
            by_move = self._claim_by_move(text)
        except ValueError as exc:
            by_move, move_error = None, exc
        if by_id is None and by_move is None:
            if "/" in text or text in self._edges_by_move:
                raise move_error
            raise ValueError(f"{id_error}; no edge has the move {text!r} either") from None
        if by_id is None:
            return by_move  # type: ignore[return-value]
        if by_move is None:
            if text in self._edges_by_move:
                raise ValueError(
                    f"{text!r} is ambiguous: it names {_id_text(by_id)} and is the move of "
                    f"several edges; {move_error}; or write pruned_nodes = ... or "
                    "pruned_edges = ... to read ids"
                )
            return by_id
        edge = by_move[2]
        assert edge is not None
        if by_id[2] == edge or (by_id[1] == edge[1] and len(self.G._pred[edge[1]]) == 1):
            return by_id  # the node and the edge into it: the same leaves
        raise ValueError(
            f"{text!r} is ambiguous: it names {_id_text(by_id)} and the move to {edge[1]} "
            f"(edge {edge[0]}-{edge[1]}); write pruned_nodes = ... or pruned_edges = ... "
            "for ids, pruned_moves = ... for moves"
        )

    def _covered(
        self, nodes: set[Hashable], edges: set[tuple[Hashable, Hashable]]
    ) -> set[Hashable]:
        """Frontier leaves cut off from the root once ``nodes`` and ``edges`` are removed."""
        if not nodes and not edges:
            return set()
        succ = self.G._succ
        reached: set[Hashable] = set()
        seen: set[tuple[Hashable, int]] = set()
        stack = [(self.root, 0)] if self.root not in nodes else []
        while stack:
            node, d = stack.pop()
            if (node, d) in seen:
                continue
            seen.add((node, d))
            if not succ[node] or (self.depth is not None and d >= self.depth):
                reached.add(node)
                continue
            for c in succ[node]:
                if c not in nodes and (node, c) not in edges:
                    stack.append((c, d + 1))
        return {x for x in self.frontier if x not in reached}

    def _name_below(
        self, top: Hashable, name: str, named_by: dict[Hashable, str], reached: set[Hashable]
    ) -> None:
        """Name ``name`` the frontier leaves below ``top`` not reached from earlier claims."""
        if top in reached:
            return
        reached.add(top)
        stack = [top]
        succ, position = self.G._succ, self.position
        while stack:
            x = stack.pop()
            if x in position:
                named_by.setdefault(x, name)
            for c in succ[x]:
                if c not in reached:
                    reached.add(c)
                    stack.append(c)

    def _reaches(self, top: Hashable, targets: set[Hashable], memo: dict[Hashable, bool]) -> bool:
        """Whether a node of ``targets`` is at or below ``top`` (``memo`` shared by calls)."""
        succ = self.G._succ
        stack = [top]
        while stack:
            x = stack[-1]
            if x in memo:
                stack.pop()
                continue
            pending = [c for c in succ[x] if c not in memo]
            if pending:
                stack.extend(pending)
                continue
            stack.pop()
            memo[x] = x in targets or any(memo[c] for c in succ[x])
        return memo[top]

    def _check_pruned(self, item: AnswerItem, notes: list[str]) -> list[Finding]:
        claims = self._claims(item)
        nodes = {n for _, n, _, _ in claims if n is not None}
        edges = {e for _, _, e, _ in claims if e is not None}
        covered = self._covered(nodes, edges)
        # How each covered leaf was named, for the "given" column: by the first claim
        # above it (a node reached from an earlier claim has all its leaves named).
        named_by: dict[Hashable, str] = {}
        reached: set[Hashable] = set()
        forms = []
        for text, n, e, how in claims:
            if e is not None and how != "id":
                forms.append("move paths" if how == "path" else "moves")
                self._name_below(e[1], f"pruned (as move {text})", named_by, reached)
            elif e is not None:
                forms.append("edges")
                self._name_below(e[1], f"pruned (as edge {e[0]}-{e[1]})", named_by, reached)
            elif n is not None and self.G._succ[n] and n not in self.position:
                forms.append("subtrees")
                self._name_below(n, f"pruned (as subtree {n})", named_by, reached)
            else:
                forms.append("leaves")
        kinds = sorted(set(forms))
        read = {
            "leaves": "leaves",
            "edges": "edges (each standing for the leaves below it)",
            "subtrees": "whole subtrees (each internal node standing for every leaf below it)",
            "moves": "moves (each naming the one edge it labels, standing for the leaves below it)",
            "move paths": "move paths from the root (each naming the edge it ends with)",
        }
        if kinds:
            notes.append(
                f"read {item.key or 'pruned'} (line {item.line}) as "
                + " and ".join(read[k] for k in kinds)
                if item.line
                else f"read {item.key or 'pruned'} as " + " and ".join(read[k] for k in kinds)
            )
        o = self.main
        expected = o.pruned
        key_name = "pruned"
        whole_set = frozenset(covered)
        alt_notes: tuple[str, ...] | None = None

        def conv_notes() -> tuple[str, ...]:
            nonlocal alt_notes
            if alt_notes is None:
                alt_notes = self._notes(lambda alt: alt.pruned == whole_set)
            return alt_notes

        findings: list[Finding] = []
        for leaf in self.frontier:
            given_in = leaf in covered
            expected_in = leaf in expected
            if not given_in and not expected_in:
                continue
            how = named_by.get(leaf, "pruned")
            label = f"pruned {self.name(leaf)}"
            if given_in and expected_in:
                findings.append(
                    Finding(
                        label, Verdict.CORRECT, "pruned", how, self.pruned_reason(leaf), item.line
                    )
                )
            elif given_in:
                findings.append(
                    Finding(
                        label,
                        Verdict.EXTRA,
                        "evaluated",
                        how,
                        self.evaluated_reason(leaf),
                        item.line,
                        conv_notes(),
                    )
                )
            else:
                findings.append(
                    Finding(
                        label,
                        Verdict.MISSING,
                        "pruned",
                        "not listed",
                        self.pruned_reason(leaf),
                        item.line,
                        conv_notes(),
                    )
                )
        # In a DAG a named subtree or edge can be searched through it while its leaves
        # are still cut off elsewhere: such a claim is wrong on its own.
        extras = {x for x in covered if x not in expected}
        above_extra: dict[Hashable, bool] = {}
        for text, n, e, _ in claims:
            searched = (n is not None and n in o.visited) or (e is not None and e in o.traversed)
            top = n if n is not None else e[1]  # type: ignore[index]
            if searched and not self._reaches(top, extras, above_extra):
                what = f"node {n}" if n is not None else f"edge {text}"
                findings.append(
                    Finding(
                        f"pruned {text}",
                        Verdict.EXTRA,
                        "searched",
                        "pruned",
                        f"{what} is searched",
                        item.line,
                        conv_notes(),
                    )
                )
        if not findings:
            findings.append(
                Finding(
                    key_name,
                    Verdict.CORRECT,
                    "nothing pruned",
                    "nothing pruned",
                    "no cutoff happens in this search",
                    item.line,
                )
            )
        return findings


class _Several(list):  # type: ignore[type-arg]
    """The nodes one name names, when it names more than one (each node once)."""


_NONE = _Several()
"""What a name that names no node finds."""


def _id_text(claim: tuple[str, Hashable | None, tuple[Hashable, Hashable] | None, str]) -> str:
    return f"the node {claim[1]}" if claim[1] is not None else f"the edge {claim[0]}"


def _looks_like_path(text: str) -> bool:
    """A one-line string with no answer syntax that names an existing file."""
    if "\n" in text or any(c in text for c in "={:"):
        return False
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False


def _plain(x: float) -> Any:
    if isinstance(x, Fraction):
        return str(x)  # exact, and read back exactly: "5/3"
    if isinstance(x, float) and math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def _bound_key(v: NodeValue) -> Any:
    if v.bound is Bound.EXACT:
        return _plain(v.value)
    return ("<=" if v.bound is Bound.UPPER else ">=") + fmt(v.value)


def _bound_text(v: NodeValue) -> str:
    if v.bound is Bound.EXACT:
        return fmt(v.value)
    return ("<=" if v.bound is Bound.UPPER else ">=") + fmt(v.value)


def _value_matches(n: _Number, nv: NodeValue | None) -> bool:
    if nv is None:
        return n.none
    if n.none or not _same(n, nv.value):
        return False
    if n.op is None:
        return True
    if nv.bound is Bound.UPPER:
        return n.op == "<="
    if nv.bound is Bound.LOWER:
        return n.op == ">="
    return False


def _given_text(given: Any) -> str:
    if isinstance(given, tuple):
        return " ".join("-".join(g) if isinstance(g, tuple) else str(g) for g in given)
    return str(given)


def _kind_of(key: str) -> str:
    low = key.lower()
    if low.startswith("pruned") or low in ("cut", "cuts"):
        return "pruned"
    return low


def check(
    G: nx.DiGraph,
    answers: Answers | Mapping[str, Any] | str | Path,
    *,
    algorithm: str = "alphabeta",
    prune_on_equal: bool = True,
    fail: str = "soft",
    **options: Any,
) -> CheckReport:
    """Check answers about a search of ``G``: one finding per item, each with its reason.

    Parameters
    ----------
    G : networkx.DiGraph
        The exercise tree.
    answers : Answers, mapping, str or pathlib.Path
        Parsed answers, a mapping in the answer-file layout, the text of an answer file
        (TOML, JSON or plain text), or a path to one (a ``Path``, or a one-line string
        naming an existing file).
    algorithm : str, default "alphabeta"
    prune_on_equal : bool, default True
        The course's cut rule: cut when alpha >= beta (True, AIMA) or only when alpha > beta.
    fail : {"soft", "hard"}, default "soft"
    **options
        ``root``, ``depth``, ``window``, ``transposition_table``, ``window_at``,
        ``tie_break``, ``require``, ``ids``: see :class:`AnswerKey`.

    Returns
    -------
    CheckReport
        ``report.findings`` (one per item: correct, wrong, missing, extra or malformed,
        with expected and given values, an explanation from the search trace, and notes
        naming another convention when a wrong answer matches it), ``report.score``
        (items right / items asked) and ``report.ok``.

    Raises
    ------
    InvalidTreeError
        If ``G`` is not a game tree. A bad answer never raises: it is a finding.

    Notes
    -----
    The pruned set may be written as leaves, as edges (``C-I``) or as whole subtrees
    (an internal node); all are read as the leaves they cut off and compared leaf by
    leaf, so equivalent answers get the same findings. Numbers compare as numbers
    (``3`` equals ``3.0``; ``inf``, ``∞``; a decimal such as ``3.33`` is accepted for
    ``10/3`` when correctly rounded). A node cut off with a bound may be answered with
    the returned number or the bound (``<=2``); a node never searched with ``pruned``
    or ``-``.

    Examples
    --------
    AIMA Figure 5.2: alpha-beta prunes C's last two leaves I and J.

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> report = check(G, "value = 3\\nmove = B\\npruned = C-I C-J\\nC = 2")
    >>> report.score, report.ok
    (1.0, True)
    >>> report = check(G, "pruned = I")
    >>> [(f.item, f.verdict.value) for f in report.findings]
    [('pruned I (#5)', 'correct'), ('pruned J (#6)', 'missing')]
    >>> print(report.findings[1].explanation)
    leaf J is not evaluated: at C (MIN) the value 2 <= alpha 3 inherited from A after B returned 3
    """
    from gametree.search.algorithms import is_mcts

    if is_mcts(algorithm):
        from gametree.homework.mctscheck import check_mcts

        return check_mcts(G, answers, **options)  # type: ignore[arg-type]
    key_options = {
        k: options.pop(k) for k in ("window_at", "tie_break", "require", "ids") if k in options
    }
    key = AnswerKey(
        G, algorithm=algorithm, prune_on_equal=prune_on_equal, fail=fail, **options, **key_options
    )
    return key.check(answers)
