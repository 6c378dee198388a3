"""Grading a class: every answer file in a directory checked against one answer key."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.exceptions import GameTreeError
from gametree.homework.answers import load_answers
from gametree.homework.check import AnswerKey, CheckReport

__all__ = ["GradeReport", "GradeRow", "grade"]

CSV_COLUMNS = ("file", "score", "right", "asked", "wrong", "conventions", "error")


@dataclass(frozen=True)
class GradeRow:
    """One submission: its score and wrong items, or the error that made it unreadable."""

    file: str
    score: float
    right: int
    asked: int
    wrong: tuple[str, ...] = ()
    conventions: tuple[str, ...] = ()
    error: str | None = None
    report: CheckReport | None = None

    def to_csv_row(self) -> dict[str, Any]:
        """Return the row as the CSV writes it."""
        return {
            "file": self.file,
            "score": f"{self.score:.3f}",
            "right": self.right,
            "asked": self.asked,
            "wrong": "; ".join(self.wrong),
            "conventions": "; ".join(self.conventions),
            "error": self.error or "",
        }


@dataclass(frozen=True)
class GradeReport:
    """The rows of a grading run and the most common mistakes across the class."""

    rows: tuple[GradeRow, ...]
    mistakes: tuple[tuple[str, int], ...]
    conventions: tuple[tuple[str, int], ...]

    @property
    def mean(self) -> float:
        """Mean score over the readable submissions (0.0 when there are none)."""
        ok = [r.score for r in self.rows if r.error is None]
        return sum(ok) / len(ok) if ok else 0.0

    def to_csv(self) -> str:
        """Return the CSV text: one row per submission file."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in self.rows:
            writer.writerow(row.to_csv_row())
        return out.getvalue()

    def write_csv(self, path: str | Path) -> None:
        """Write :meth:`to_csv` to ``path``."""
        Path(path).write_text(self.to_csv(), encoding="utf-8")

    def summary(self, top: int = 5) -> str:
        """Return a short text summary: counts, mean score, the most common mistakes."""
        n = len(self.rows)
        broken = sum(1 for r in self.rows if r.error is not None)
        perfect = sum(1 for r in self.rows if r.error is None and r.asked and r.right == r.asked)
        lines = [
            f"{n} submission{'s' if n != 1 else ''}: {perfect} all right, "
            f"{n - perfect - broken} with mistakes, {broken} unreadable; "
            f"mean score {self.mean:.2f}"
        ]
        if self.mistakes:
            lines.append("most common mistakes:")
            lines += [f"  {count:>4} x {item}" for item, count in self.mistakes[:top]]
        if self.conventions:
            lines.append("wrong answers that another convention gives:")
            lines += [f"  {count:>4} x {note}" for note, count in self.conventions[:top]]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()


def _submissions(directory: Path, pattern: str) -> list[Path]:
    if not directory.is_dir():
        raise NotADirectoryError(20, "not a directory", str(directory))
    return sorted(p for p in directory.glob(pattern) if p.is_file() and not p.name.startswith("."))


def grade(
    tree: nx.DiGraph | str | Path,
    submissions: str | Path | Iterable[str | Path],
    *,
    pattern: str = "*",
    output: str | Path | None = None,
    algorithm: str = "alphabeta",
    prune_on_equal: bool = True,
    fail: str = "soft",
    **options: Any,
) -> GradeReport:
    """Check every submission against one key; one row per file, never an aborted run.

    Parameters
    ----------
    tree : networkx.DiGraph or path
        The exercise tree, or a file :func:`gametree.load` reads.
    submissions : directory or iterable of paths
        A directory (its files matching ``pattern``, sorted by name, hidden files
        skipped) or the answer files themselves.
    pattern : str, default "*"
        Glob for the directory's files.
    output : path, optional
        Also write the CSV there (columns: file, score, right, asked, wrong,
        conventions, error).
    algorithm, prune_on_equal, fail, **options
        The convention, as for :func:`gametree.check`.

    Returns
    -------
    GradeReport
        ``rows`` (one :class:`GradeRow` per file; an unreadable file has ``error`` set
        and score 0), ``mistakes`` (wrong items with the number of submissions making
        them, most common first) and ``conventions`` (how many wrong answers match
        another convention, e.g. not pruning on equality).

    Notes
    -----
    The search runs once for the whole class (:class:`AnswerKey`); each submission
    costs only its own reading and comparison.

    Examples
    --------
    >>> import gametree, tempfile, pathlib
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "ann.txt").write_text("value = 3\\npruned = I J")
    >>> _ = (d / "bob.txt").write_text("value = 3\\npruned = I")
    >>> _ = (d / "eve.txt").write_bytes(b"\\xff\\xfe junk")
    >>> report = grade(G, d)
    >>> [(r.file, r.right, r.asked, r.error is not None) for r in report.rows]
    [('ann.txt', 3, 3, False), ('bob.txt', 2, 3, False), ('eve.txt', 0, 0, True)]
    >>> report.mistakes
    (('pruned J (#6): missing', 1),)
    """
    if not isinstance(tree, nx.DiGraph):
        from gametree.readwrite import load

        tree = load(tree)
    key = AnswerKey(tree, algorithm=algorithm, prune_on_equal=prune_on_equal, fail=fail, **options)
    if isinstance(submissions, (str, Path)):
        files: Sequence[Path] = _submissions(Path(submissions), pattern)
    else:
        files = [Path(p) for p in submissions]
    rows: list[GradeRow] = []
    mistakes: Counter[str] = Counter()
    conventions: Counter[str] = Counter()
    for path in files:
        try:
            answers = load_answers(path)
            report = key.check(answers)
        except (GameTreeError, OSError, ValueError) as exc:
            message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            rows.append(GradeRow(path.name, 0.0, 0, 0, error=message))
            continue
        wrong = tuple(f"{f.item}: {f.verdict.value}" for f in report.wrong)
        notes = tuple(dict.fromkeys(n for f in report.wrong for n in f.notes))
        mistakes.update(set(wrong))
        conventions.update(notes)
        rows.append(
            GradeRow(
                path.name, report.score, report.right, report.asked, wrong, notes, None, report
            )
        )
    result = GradeReport(
        tuple(rows),
        tuple(sorted(mistakes.items(), key=lambda kv: (-kv[1], kv[0]))),
        tuple(sorted(conventions.items(), key=lambda kv: (-kv[1], kv[0]))),
    )
    if output is not None:
        result.write_csv(output)
    return result
