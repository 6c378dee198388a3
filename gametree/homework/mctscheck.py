"""Checking answers about Monte Carlo tree search on a statistics tree (an exam's tree
with ``visits`` and ``total`` on its nodes, see :func:`gametree.ucb1`).

Answer items, in an answer file (``key = value`` lines, TOML or JSON) or a mapping:

``select.A = D``
    The child selection goes to at ``A``.
``ucb1.A.D = 1.33``
    The UCB1 score of ``D`` at ``A`` (compared within half a unit of the last decimal
    given, at least ``tolerance``).
``path = A D K``
    The selection path from the root, ending with the node expansion adds.
``visits.D = 5``, ``total.D = 36``
    The counts after one more iteration whose playout is worth ``playout_value``
    (MAX's point of view): every node on the path, and the node added, get one more
    visit and the value added to their total.

A wrong UCB1 score or selection is compared with the usual slips (the child's visits
in the logarithm, log base 10, no square root, the raw mean unscaled, MAX's mean at a
MIN node, ``c`` left out) and the finding names the one it matches.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable, Iterator, Mapping
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.attrs import PLAYER, TOTAL, VISITS
from gametree.exceptions import AnswerFormatError, SearchError
from gametree.homework.findings import CheckReport, Finding, Verdict, given_as_text
from gametree.inputs import read_input
from gametree.search.mcts import leaf_range, ucb1

__all__ = ["MCTSKey", "check_mcts", "read_mcts_answers"]

Formula = Callable[[float, int, int, float, bool], float]
"""``(mean scaled to [0, 1] for MAX, n, N, c, maximise) -> score``."""


def _right(q: float, n: int, big: int, c: float, maximise: bool) -> float:
    return (q if maximise else 1 - q) + c * math.sqrt(math.log(big) / n)


SLIPS: tuple[tuple[str, Formula], ...] = (
    (
        "you used ln of the child's visits instead of the parent's",
        lambda q, n, big, c, mx: (q if mx else 1 - q) + c * math.sqrt(math.log(n) / n),
    ),
    (
        "you used log base 10 instead of the natural logarithm",
        lambda q, n, big, c, mx: (q if mx else 1 - q) + c * math.sqrt(math.log10(big) / n),
    ),
    (
        "you left out the square root",
        lambda q, n, big, c, mx: (q if mx else 1 - q) + c * math.log(big) / n,
    ),
    (
        "you used MAX's mean at a MIN node; MIN's exploitation term is 1 - mean",
        lambda q, n, big, c, mx: q + c * math.sqrt(math.log(big) / n),
    ),
    (
        "you left out the exploration constant c",
        lambda q, n, big, c, mx: (q if mx else 1 - q) + math.sqrt(math.log(big) / n),
    ),
    (
        "you swapped N and n in the exploration term",
        lambda q, n, big, c, mx: (
            (q if mx else 1 - q) + c * math.sqrt(math.log(n) / big) if n > 0 else math.inf
        ),
    ),
)


def read_mcts_answers(answers: Mapping[str, Any] | str | Path) -> dict[str, tuple[Any, int]]:
    """Read answer items into ``key -> (value text, line)`` (line 0 for a mapping).

    Raises
    ------
    AnswerFormatError
        For a file that is not UTF-8 text, or JSON that is invalid, too deep or not an
        object (nothing of it can be read).
    OSError
        If a file named cannot be read (:func:`gametree.inputs.read_input`'s limits).
    """
    if isinstance(answers, Path) or (isinstance(answers, str) and _names_a_file(answers)):
        data = read_input(answers)
        try:
            answers = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise AnswerFormatError(
                f"{answers}: not UTF-8 text (byte {exc.start}); answer files are text"
            ) from None
    if isinstance(answers, Mapping):
        return {k: (v, 0) for k, v in _flatten(answers).items()}
    text = answers.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise AnswerFormatError(
                    f'a JSON answer file must be an object such as {{"select.A": "B"}}, '
                    f"got {type(data).__name__}"
                )
            return {k: (v, 0) for k, v in _flatten(data).items()}
        except json.JSONDecodeError as exc:
            raise AnswerFormatError(
                f"not valid JSON (line {exc.lineno}, column {exc.colno}): {exc.msg}; "
                "nothing could be read"
            ) from None
        except (RecursionError, ValueError) as exc:  # nested too deep; a number too long
            if isinstance(exc, AnswerFormatError):
                raise
            raise AnswerFormatError(
                "JSON nested too deeply or holding a number too long to read; answers are "
                "names and numbers"
            ) from None
    out: dict[str, tuple[Any, int]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, eq, value = line.partition("=")
        if not eq:
            key, _, value = line.partition(":")
        out[key.strip().strip('"')] = (value.strip().strip('"'), number)
    return out


def _names_a_file(text: str) -> bool:
    """A one-line string that names an existing file (any other string is answers)."""
    if "\n" in text or "=" in text or text.lstrip().startswith("{"):
        return False
    try:
        return Path(text).is_file()
    except (OSError, ValueError):  # a name too long, a NUL in it
        return False


MAX_NESTING = 32
"""How deep a JSON answer file's objects may nest (answers are ``select.A``: two levels)."""


def _flatten(data: Mapping[str, Any]) -> dict[str, Any]:
    """``{"select": {"A": "B"}}`` as ``{"select.A": "B"}``, without recursion; deeper
    than :data:`MAX_NESTING` is refused, on every Python alike."""
    out: dict[str, Any] = {}
    stack: list[tuple[str, Iterator[tuple[str, Any]]]] = [("", iter(data.items()))]
    while stack:  # depth first, in the file's order
        prefix, items = stack[-1]
        for k, v in items:
            key = f"{prefix}{k}"
            if isinstance(v, Mapping):
                if len(stack) >= MAX_NESTING:
                    raise RecursionError
                stack.append((key + ".", iter(v.items())))
                break
            out[key] = v
        else:
            stack.pop()
    return out


class MCTSKey:
    """The answers to every MCTS question about the statistics tree ``G``.

    Parameters
    ----------
    G : networkx.DiGraph
        A tree with ``visits`` and ``total`` on its root and the nodes MCTS added.
    c : float, default sqrt(2)
    value_range : (float, float), optional
        As for :func:`gametree.ucb1`.
    playout_value : float, optional
        The value of the stated playout (for the counts after it).
    tolerance : float, default 0.005
        The least tolerance of a UCB1 score.
    """

    def __init__(
        self,
        G: nx.DiGraph,
        *,
        c: float = math.sqrt(2),
        value_range: tuple[float, float] | None = None,
        playout_value: float | None = None,
        tolerance: float = 0.005,
        root: Hashable | None = None,
    ) -> None:
        from gametree.validation import find_root

        self.G = G
        self.c = float(c)
        self.root = find_root(G) if root is None else root
        self.range = value_range or leaf_range(G, self.root) or (0.0, 1.0)
        self.playout_value = playout_value
        self.tolerance = tolerance
        self.path = self._selection_path()

    def scores(self, node: Hashable) -> dict[Hashable, float]:
        """Each child's UCB1 score at ``node``."""
        return ucb1(self.G, node, c=self.c, value_range=self.range).scores

    def selected(self, node: Hashable) -> Hashable:
        """The child selection goes to at ``node``."""
        return ucb1(self.G, node, c=self.c, value_range=self.range).selected

    def _selection_path(self) -> list[Hashable]:
        """Root to the node expansion adds (the first child without visits), by UCB1."""
        G = self.G
        path = [self.root]
        node = self.root
        while G._succ[node]:
            who = str(G._node[node].get(PLAYER, "")).upper()
            if who not in ("MAX", "MIN"):
                break
            node = self.selected(node)
            path.append(node)
            if not G._node[node].get(VISITS):
                break
        return path

    def counts_after(self) -> dict[Hashable, tuple[int, float]]:
        """``node -> (visits, total)`` after the stated playout, for every node with
        statistics and the node added."""
        G = self.G
        out = {
            n: (int(d.get(VISITS, 0)), float(d.get(TOTAL, 0)))
            for n, d in G.nodes(data=True)
            if VISITS in d
        }
        if self.playout_value is None:
            return out
        for n in self.path:
            v, t = out.get(n, (0, 0.0))
            out[n] = (v + 1, t + self.playout_value)
        return out

    def _stats(self, node: Hashable, child: Hashable) -> tuple[float, int, int, bool]:
        lo, hi = self.range
        d = self.G._node[child]
        n = int(d.get(VISITS, 0))
        big = self.G._node[node].get(VISITS) or sum(
            int(self.G._node[k].get(VISITS, 0)) for k in self.G._succ[node]
        )
        mean = float(d.get(TOTAL, 0)) / n if n else 0.0
        q = (mean - lo) / (hi - lo) if hi > lo else 0.5
        maximise = str(self.G._node[node].get(PLAYER, "")).upper() == "MAX"
        return q, n, int(big), maximise

    def slip(self, node: Hashable, child: Hashable, given: float, tol: float) -> str:
        """Which usual slip gives ``given`` for ``child`` at ``node`` (or "")."""
        q, n, big, maximise = self._stats(node, child)
        if n == 0:
            return "an unvisited child's score is infinite: it is selected first"
        lo, hi = self.range
        raw_mean = q * (hi - lo) + lo
        if (lo, hi) != (0.0, 1.0) and abs(
            given - (raw_mean + self.c * math.sqrt(math.log(big) / n))
        ) <= tol:
            return f"you used the raw mean; scale it to [0, 1] by the value range ({lo:g}, {hi:g})"
        for reason, formula in SLIPS:
            try:
                if abs(given - formula(q, n, big, self.c, maximise)) <= tol:
                    return reason
            except (ValueError, ZeroDivisionError):
                continue
        return ""

    def selection_slip(self, node: Hashable, given: Hashable) -> str:
        """Which usual slip selects ``given`` at ``node`` (or "")."""
        kids = list(self.G._succ[node])
        if any(not self.G._node[k].get(VISITS) for k in kids):
            first = next(k for k in kids if not self.G._node[k].get(VISITS))
            return f"{first} has no visits yet: unvisited children are selected first"
        for reason, formula in SLIPS:
            scores = {}
            for k in kids:
                q, n, big, maximise = self._stats(node, k)
                scores[k] = formula(q, n, big, self.c, maximise)
            if max(kids, key=lambda k: (scores[k], -kids.index(k))) == given:
                return reason
        return ""


def _tol_of(text: str, least: float) -> float:
    digits = text.split(".", 1)[1] if "." in text else ""
    digits = "".join(ch for ch in digits if ch.isdigit())
    return max(least, 0.5 * 10 ** -len(digits) if digits else 0.5)


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    try:
        x = float(value)
    except (TypeError, ValueError, OverflowError):  # a name; an integer past float range
        return None
    if (
        math.isinf(x)
        and isinstance(value, str)
        and value.strip().lower().lstrip("+-")
        not in (
            "inf",
            "infinity",
        )
    ):
        return None  # a numeral past float range is not infinity (the number rule)
    return x if math.isfinite(x) or math.isinf(x) else None


def check_mcts(
    G: nx.DiGraph,
    answers: Mapping[str, Any] | str | Path,
    **options: Any,
) -> CheckReport:
    """Check MCTS answers (see the module docstring) on the statistics tree ``G``.

    Parameters
    ----------
    G : networkx.DiGraph
    answers : mapping, str or pathlib.Path
    **options
        ``c``, ``value_range``, ``playout_value``, ``tolerance``, ``root``
        (:class:`MCTSKey`).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.parse("(A (B 1 0) (C 0 1))")
    >>> G.nodes["A"]["visits"] = 10
    >>> for n, (v, t) in {"B": (6, 4), "C": (4, 1)}.items():
    ...     G.nodes[n].update(visits=v, total=t)
    >>> r = check_mcts(G, "ucb1.A.C = 0.84\\nselect.A = B", c=1)
    >>> [(f.item, f.verdict.value) for f in r.findings]
    [('ucb1 C at A', 'wrong'), ('selected at A', 'correct')]
    >>> print(r.findings[0].explanation)
    you used ln of the child's visits instead of the parent's
    """
    allowed = {"c", "value_range", "playout_value", "tolerance", "root"}
    for option in options:
        if option not in allowed:
            raise SearchError(
                f"check with algorithm='mcts' has no option {option!r}; its options are "
                + ", ".join(sorted(allowed))
            )
    key = MCTSKey(G, **options)
    try:
        items = read_mcts_answers(answers)
    except AnswerFormatError as exc:
        unread = Finding("answer file", Verdict.MALFORMED, "", "", str(exc), None)
        return CheckReport((unread,), "mcts", _report_options(key))
    findings: list[Finding] = []
    counts = key.counts_after()
    for name, (given, line) in items.items():
        parts = name.split(".")
        head = parts[0].lower()
        if head == "path" and isinstance(given, (list, tuple)):
            given = " ".join(given_as_text(g) for g in given)
        text = given_as_text(given)
        if isinstance(given, bool) or not isinstance(given, (str, int, float)):
            why = "expected one answer (a name or a number), not " + (
                "a list" if isinstance(given, (list, tuple)) else repr(given)[:40]
            )
            findings.append(Finding(name, Verdict.MALFORMED, "", text, why, line or None))
            continue
        try:
            if head in ("select", "selected", "selection") and len(parts) == 2:
                node = _node(G, parts[1])
                expected = key.selected(node)
                ok = text == str(expected)
                why = "" if ok else key.selection_slip(node, _node(G, text))
                findings.append(_finding(f"selected at {node}", ok, expected, text, why, line))
            elif head == "ucb1" and len(parts) == 3:
                node, child = _node(G, parts[1]), _node(G, parts[2])
                exact = key.scores(node)[child]
                x = _number(given)
                if x is None:
                    findings.append(
                        Finding(
                            f"ucb1 {child} at {node}",
                            Verdict.MALFORMED,
                            "",
                            text,
                            "not a number",
                            line,
                        )
                    )
                    continue
                tol = _tol_of(text, key.tolerance)
                ok = (math.isinf(exact) and math.isinf(x)) or abs(x - exact) <= tol
                why = "" if ok else key.slip(node, child, x, tol)
                findings.append(
                    _finding(f"ucb1 {child} at {node}", ok, f"{exact:.4g}", text, why, line)
                )
            elif head == "path" and len(parts) == 1:
                given_path = text.replace(",", " ").replace("->", " ").split()
                expected_path = [str(n) for n in key.path]
                ok = given_path == expected_path
                findings.append(
                    _finding("selection path", ok, " ".join(expected_path), text, "", line)
                )
            elif head in ("visits", "total") and len(parts) == 2:
                findings.append(_count_finding(key, counts, head, _node(G, parts[1]), given, line))
            else:
                findings.append(
                    Finding(
                        name,
                        Verdict.MALFORMED,
                        "",
                        text,
                        "unknown item; expected select.NODE, ucb1.NODE.CHILD, path, "
                        "visits.NODE or total.NODE",
                        line,
                    )
                )
        except (SearchError, KeyError) as exc:
            findings.append(Finding(name, Verdict.MALFORMED, "", text, str(exc), line))
    return CheckReport(tuple(findings), "mcts", _report_options(key))


def _report_options(key: MCTSKey) -> dict[str, Any]:
    return {"c": key.c, "value_range": key.range, "playout_value": key.playout_value}


def _node(G: nx.DiGraph, text: str) -> Hashable:
    text = text.strip()
    if text in G:
        return text
    for n in G:
        if str(n) == text:
            return n  # type: ignore[no-any-return]
    raise KeyError(f"no node {text!r} in the tree")


def _finding(item: str, ok: bool, expected: Any, given: str, why: str, line: int) -> Finding:
    return Finding(
        item,
        Verdict.CORRECT if ok else Verdict.WRONG,
        str(expected),
        given,
        why,
        line or None,
    )


def _count_finding(
    key: MCTSKey,
    counts: Mapping[Hashable, tuple[int, float]],
    what: str,
    node: Hashable,
    given: Any,
    line: int,
) -> Finding:
    item = f"{what} of {node}"
    if key.playout_value is None:
        raise SearchError("counts after a playout need playout_value= (the playout's value)")
    x = _number(given)
    if x is None:
        return Finding(
            item, Verdict.MALFORMED, "", given_as_text(given), "not a number", line or None
        )
    visits, total = counts.get(node, (0, 0.0))
    expected = visits if what == "visits" else total
    ok = abs(x - expected) <= 1e-9 * max(1.0, abs(expected))
    why = ""
    if not ok:
        data = key.G._node[node]
        before = float(data.get(VISITS if what == "visits" else TOTAL, 0))
        on_path = node in key.path
        route = " -> ".join(str(n) for n in key.path)
        verb = ("go up", "stay") if what == "visits" else ("goes up", "stays")
        if on_path and x == before:
            why = f"{node} is on the path {route}: its {what} {verb[0]} with this playout"
        elif not on_path and x != before:
            why = f"{node} is not on the path {route}: its {what} {verb[1]} as before"
        elif what == "total" and on_path and x == before - key.playout_value:
            why = "totals are from MAX's point of view at every node: add the value"
    shown = expected if what == "total" else int(expected)
    return _finding(item, ok, f"{shown:g}", given_as_text(given), why, line)
