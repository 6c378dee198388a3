"""What check-code found: per-tree results, named bugs, a score; as text and as JSON.

:class:`CodeReport` is what :func:`gametree.check_code` returns and the command prints.
Its parts are separate on purpose, so that an autograder can make one graded test per
tree and one per finding (:meth:`CodeReport.graded_tests`). ``to_dict()`` is the
``--json`` object; its schema is documented in the README ("Checking search code").
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gametree.homework.codecheck.behaviour import NOTHING
from gametree.homework.codecheck.compare import Divergence, error_text

__all__ = ["BugReport", "CodeReport", "TreeResult"]

CORRECT, INCORRECT, NOT_RUN = "correct", "incorrect", "not run"


def _json_value(x: Any) -> Any:
    if x is NOTHING:
        return None
    if isinstance(x, float) and not math.isfinite(x):
        return "inf" if x > 0 else "-inf"
    if isinstance(x, (int, float, str, bool)) or x is None:
        return x
    if isinstance(x, Mapping):
        return {str(k): _json_value(v) for k, v in x.items()}
    try:
        f = float(x)
    except (TypeError, ValueError):
        return str(x)
    return int(f) if f.is_integer() else f


def _shown(x: Any) -> str:
    if x is NOTHING or x is None:
        return "-"
    if isinstance(x, Mapping) and "repr" in x:
        return str(x["repr"])
    value = _json_value(x)
    return str(value)


@dataclass(frozen=True)
class TreeResult:
    """How the submission did on one tree.

    Attributes
    ----------
    name, purpose : str
        The tree, and what it is in the suite for.
    verdict : str
        ``"correct"``, ``"incorrect"`` or ``"not run"`` (an earlier time-out stopped
        the run, or the file did not load).
    conventions : tuple of (bool or None)
        The ``prune_on_equal`` values under which the run is right (``(None,)`` for a
        search without pruning).
    prune_on_equal : bool or None
        The cut rule the code followed on this tree: True (``>=``), False (``>``), or
        None where this tree does not tell them apart (or the run is wrong).
    expected_action, returned_action, expected_value, returned_value
        The first best move and what the code returned; the root's value and the
        value the code returned (None where the protocol returns none).
    expected_evaluations, recorded_evaluations : tuple of str
        The nodes whose values the search reads, in order, and those the code read.
    divergence : Divergence or None
        The first difference (under the convention it matched best, or the pinned one).
    error : dict or None
        How the run failed (kind, type, message, frames of the submission's file).
    output : str
        The start of what the code printed; ``output_chars`` its whole length.
    diagram : str
        Text art of the tree marking where the code and the search parted ("" when
        the run is right).
    """

    name: str
    purpose: str
    verdict: str
    conventions: tuple[bool | None, ...] = ()
    prune_on_equal: bool | None = None
    expected_action: str | None = None
    returned_action: Any = NOTHING
    expected_value: Any = None
    returned_value: Any = NOTHING
    expected_evaluations: tuple[str, ...] = ()
    recorded_evaluations: tuple[str, ...] = ()
    divergence: Divergence | None = None
    error: Mapping[str, Any] | None = None
    output: str = ""
    output_chars: int = 0
    seconds: float = 0.0
    calls: int = 0
    diagram: str = ""

    @property
    def ok(self) -> bool:
        return self.verdict == CORRECT

    def traceback_lines(self) -> list[str]:
        """The submission's own frames of the failure, innermost last."""
        if not self.error:
            return []
        lines = []
        for line, function, source, times in self.error.get("frames", ()):
            repeat = f"  (x{times})" if times > 1 else ""
            lines.append(f"line {line}, in {function}: {source}{repeat}")
        return lines

    def to_dict(self) -> dict[str, Any]:
        """The tree's entry in the ``--json`` report."""
        d = self.divergence
        return {
            "name": self.name,
            "purpose": self.purpose,
            "verdict": self.verdict,
            "prune_on_equal": self.prune_on_equal,
            "conventions": list(self.conventions),
            "expected": {
                "action": self.expected_action,
                "value": _json_value(self.expected_value),
                "evaluations": list(self.expected_evaluations),
            },
            "returned": {
                "action": _json_value(self.returned_action),
                "value": _json_value(self.returned_value),
                "evaluations": list(self.recorded_evaluations),
            },
            "divergence": None
            if d is None
            else {
                "kind": d.kind,
                "node": d.node,
                "step": d.step,
                "expected": d.expected,
                "got": d.got,
                "text": d.text,
            },
            "error": None
            if not self.error
            else {
                "kind": self.error.get("kind"),
                "type": self.error.get("type"),
                "message": self.error.get("message"),
                "traceback": self.traceback_lines(),
            },
            "output": {"start": self.output, "chars": self.output_chars},
            "seconds": round(self.seconds, 6),
            "calls": self.calls,
        }


@dataclass(frozen=True)
class BugReport:
    """A catalogued bug the submission's behaviour matches."""

    code: str
    explanation: str
    fix: str
    trees: tuple[str, ...]
    variant: str = ""
    everywhere: bool = False
    """The submission behaves exactly as the mutant on every tree."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "explanation": self.explanation,
            "fix": self.fix,
            "variant": self.variant,
            "trees": list(self.trees),
            "matches_every_tree": self.everywhere,
        }


@dataclass(frozen=True)
class CodeReport:
    """The result of :func:`gametree.check_code`.

    Attributes
    ----------
    submission, protocol, entry, algorithm : str
    pinned : bool or None
        The course's ``prune_on_equal`` when pinned (``--strict``/``--prune-on-equal``),
        None for ``--convention auto``.
    verdict : str
        ``"correct"`` (right on every tree presented, under one convention) or
        ``"incorrect"``.
    convention : dict
        ``{"prune_on_equal": true | false | null, "fail": null}``: the cut rule the code
        follows on every tree (null where no tree told the rules apart, or for a search
        without pruning); fail-hard and fail-soft cannot be told apart from the calls.
    trees : tuple of TreeResult
    bugs : tuple of BugReport
    findings : tuple of str
        What concerns the whole submission: it did not load, it has no such entry, it
        ran out of time and trees were not run, a convention not followed on every tree.
    load_error : dict or None
        Why the file did not load (with its frames), or None.
    startup_seconds, seconds : float
        Wall time to start the child and load the file; of the whole check.
    sandbox, isolation : str
        The sandbox the code ran in (``bwrap``, ``unshare``, ``none``; "" when it did
        not run) and one line saying what that isolates.
    """

    submission: str
    protocol: str
    entry: str
    algorithm: str
    pinned: bool | None
    verdict: str
    convention: Mapping[str, Any]
    trees: tuple[TreeResult, ...]
    bugs: tuple[BugReport, ...] = ()
    findings: tuple[str, ...] = ()
    load_error: Mapping[str, Any] | None = None
    rules: tuple[tuple[str, str, str], ...] = ()
    """The rules in force: ``(rule, in words, source)``, the source the course's
    default or the instructor (:mod:`~gametree.homework.codecheck.profiles`)."""
    load_output: str = ""
    startup_seconds: float = 0.0
    seconds: float = 0.0
    sandbox: str = ""
    isolation: str = ""

    @property
    def ok(self) -> bool:
        """Right on every tree presented."""
        return self.verdict == CORRECT

    @property
    def right(self) -> int:
        return sum(t.ok for t in self.trees)

    @property
    def score(self) -> float:
        """The fraction of trees right (0 when none could run)."""
        return self.right / len(self.trees) if self.trees else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object (see the README for the schema)."""
        load = None
        if self.load_error:
            load = {
                "kind": self.load_error.get("kind"),
                "type": self.load_error.get("type"),
                "message": self.load_error.get("message"),
                "traceback": [
                    f"line {a}, in {b}: {c}" + (f"  (x{n})" if n > 1 else "")
                    for a, b, c, n in self.load_error.get("frames", ())
                ],
            }
        return {
            "submission": self.submission,
            "protocol": self.protocol,
            "entry": self.entry,
            "algorithm": self.algorithm,
            "verdict": self.verdict,
            "score": round(self.score, 6),
            "right": self.right,
            "trees_checked": len(self.trees),
            "convention": dict(self.convention),
            "pinned": None if self.pinned is None else {"prune_on_equal": self.pinned},
            "rules": {
                name: {"in_words": words, "source": source} for name, words, source in self.rules
            },
            "trees": [t.to_dict() for t in self.trees],
            "bugs": [b.to_dict() for b in self.bugs],
            "findings": list(self.findings),
            "load_error": load,
            "seconds": {"startup": round(self.startup_seconds, 6), "total": round(self.seconds, 6)},
            "isolation": {"sandbox": self.sandbox, "text": self.isolation},
        }

    def to_json(self, indent: int | None = 2) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def graded_tests(self) -> list[dict[str, Any]]:
        """One graded test per tree (score 1 or 0, the explanation as output), for
        autograders such as Gradescope's ``results.json``; a file that does not load
        gives one failed test saying why."""
        if self.load_error is not None or not self.trees:
            return [
                {
                    "name": f"{self.entry} loads and runs",
                    "score": 0,
                    "max_score": 1,
                    "output": "\n".join(self.findings) or "nothing could be run",
                }
            ]
        tests = []
        for t in self.trees:
            lines = [t.purpose] if t.purpose else []
            if t.divergence is not None:
                lines.append(f"first difference: {t.divergence.text}")
            lines += t.traceback_lines()
            if t.diagram:
                lines += ["", t.diagram]
            tests.append(
                {
                    "name": f"tree {t.name}",
                    "score": 1 if t.ok else 0,
                    "max_score": 1,
                    "output": "\n".join(lines),
                }
            )
        return tests

    def convention_text(self) -> str:
        """The cut rule the report holds the code to or found it following ("" for a
        search without pruning, or when no tree ran)."""
        if self.algorithm != "alphabeta" or not self.trees:
            return ""
        if self.pinned is not None:
            source = dict((name, src) for name, _, src in self.rules).get("prune_on_equal")
            whose = "the instructor's" if source == "instructor" else "the course's"
            if source and source.startswith("course default"):
                whose += source[len("course default") :]
            return f"{whose}, " + ("cut on >=" if self.pinned else "cut only on >")
        rule = self.convention.get("prune_on_equal")
        if rule is None:
            return "any (no tree told cutting on >= and on > apart)"
        found = "cuts on >= (prune_on_equal)" if rule else "cuts only on > (strict)"
        return found + " on every tree that tells the rules apart"

    def to_text(self, *, diagrams: bool = True) -> str:
        """The report for students: a line per tree, the first divergence of each wrong
        one (with its diagram), the bugs named, the score."""
        head = f"check-code {self.submission}: {self.entry} ({self.protocol}), {self.algorithm}"
        lines = [head, self.isolation] if self.isolation else [head]
        convention = self.convention_text()
        if convention:
            lines.append(f"convention: {convention}")
        for name, words, source in self.rules:
            lines.append(f"rule: {name} = {words} [{source}]")
        for finding in self.findings:
            lines.append(f"note: {finding}")
        if self.load_error is not None:
            lines.append(f"ERROR      {error_text(self.load_error)}")
            for a, b, c, n in self.load_error.get("frames", ()):
                lines.append(f"           line {a}, in {b}: {c}" + (f"  (x{n})" if n > 1 else ""))
        width = max((len(t.name) for t in self.trees), default=4)
        for t in self.trees:
            mark = {CORRECT: "ok", INCORRECT: "WRONG", NOT_RUN: "NOT RUN"}[t.verdict]
            if t.ok:
                what = f"move {_shown(t.returned_action)}"
                if t.returned_value is not NOTHING:
                    what += f", value {_shown(t.returned_value)}"
                lines.append(f"{mark:<10} {t.name:<{width}}  {what}")
                continue
            lines.append(f"{mark:<10} {t.name:<{width}}  {t.purpose}")
            if t.divergence is not None:
                lines.append(f"           {t.divergence.text}")
            for tb in t.traceback_lines():
                lines.append(f"           {tb}")
            if t.output_chars:
                start = t.output.strip().splitlines()[:1]
                shown = f": {start[0][:60]!r}" if start else ""
                lines.append(f"           (it printed {t.output_chars:,} characters{shown})")
            if diagrams and t.diagram:
                lines += ["           " + row for row in t.diagram.splitlines()]
        for bug in self.bugs:
            where = ", ".join(bug.trees)
            variant = f" ({bug.variant})" if bug.variant else ""
            lines.append(f"bug: {bug.code}{variant} [{where}]: {bug.explanation}")
            lines.append(f"     fix: {bug.fix}")
        lines.append(f"score: {self.right}/{len(self.trees)}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()
