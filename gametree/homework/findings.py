"""What a check finds: a verdict per answer item, and the report over an answer set.

A :class:`Finding` says whether one item is right, wrong, missing, extra or unreadable,
what was expected and given, why, and which other convention a wrong answer matches; a
:class:`CheckReport` holds the findings of one answer set with its score and writes
them as text, markdown or JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from gametree.homework.conventions import convention_text

__all__ = ["CheckReport", "Finding", "Verdict", "given_as_text"]


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
    """The verdict on one item, with expected and given values and the reason.

    A finding about the pruned set stands for the frontier leaves in ``leaves`` (their
    names, ``"I (#5)"``): one leaf, or every leaf below one cut-off subtree (or one
    subtree claimed pruned) that shares the verdict, what was given and the reason. It
    counts as that many items (:attr:`count`) in the score.
    """

    item: str
    verdict: Verdict
    expected: str = ""
    given: str = ""
    explanation: str = ""
    line: int | None = None
    notes: tuple[str, ...] = ()
    leaves: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """True when the verdict is :attr:`Verdict.CORRECT`."""
        return self.verdict is Verdict.CORRECT

    @property
    def count(self) -> int:
        """How many items the finding stands for: its leaves, else 1."""
        return len(self.leaves) or 1

    def to_dict(self) -> dict[str, Any]:
        """Return the finding as a JSON-ready dict (with ``count`` and ``leaves``)."""
        return {
            "item": self.item,
            "verdict": self.verdict.value,
            "expected": self.expected,
            "given": self.given,
            "explanation": self.explanation,
            "line": self.line,
            "notes": list(self.notes),
            "count": self.count,
            "leaves": list(self.leaves),
        }


@dataclass(frozen=True)
class CheckReport:
    """What :func:`check` found: the findings, the score, and how the answers were read.

    Attributes
    ----------
    findings : tuple of Finding
        One per item, in the order of the answer file; the pruned set has one per leaf
        listed on its own and one per subtree for the leaves a subtree (cut off by the
        search, or claimed pruned) stands for, each counting its leaves.
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
        """Number of correct items (a finding counts its leaves)."""
        return sum(f.count for f in self.findings if f.ok)

    @property
    def asked(self) -> int:
        """Number of items (a finding counts its leaves, any other finding one)."""
        return sum(f.count for f in self.findings)

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

    def to_text(self) -> str:
        """Return a plain-text report: one line per finding, then the score."""
        mark = {
            Verdict.CORRECT: "ok  ",
            Verdict.WRONG: "WRONG",
            Verdict.MISSING: "MISSING",
            Verdict.EXTRA: "EXTRA",
            Verdict.MALFORMED: "UNREADABLE",
        }
        lines = [f"checked under: {convention_text(self.algorithm, self.options)}"]
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
        lines = [f"**Checked under:** {convention_text(self.algorithm, self.options)}", ""]
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


def given_as_text(given: Any) -> str:
    """What an item gave, as a finding quotes it (a list space-separated, edges ``C-I``;
    an integer too long to print as its length).

    >>> given_as_text(("C", ("C", "I"))), given_as_text(-(10**5000))
    ('C C-I', 'a number of about 5,000 digits')
    """
    if isinstance(given, tuple):
        return " ".join(
            "-".join(map(given_as_text, g)) if isinstance(g, tuple) else given_as_text(g)
            for g in given
        )
    try:
        return str(given)
    except ValueError:  # an integer past Python's 4,300-digit limit (or one inside a list)
        if isinstance(given, int):
            return f"a number of about {given.bit_length() * 30103 // 100000:,} digits"
        return f"a {type(given).__name__} holding a number too long to print"
