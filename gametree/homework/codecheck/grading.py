"""Grading a class's search code: every file in a folder checked, one CSV row each.

The checker (trees, references, mutants) is built once; each submission then costs its
own child process, ``jobs`` of them at a time. The folder is read as
:func:`gametree.grade` reads one, with its functions: entries listed by
:func:`~gametree.homework.grade.folder_entries`, each read beneath the folder's
descriptor by :func:`~gametree.homework.grade.read_beneath` (a link leading out of the
folder is never followed, a FIFO never opened, a file over the input limit refused), and
every entry gets exactly one row, an unreadable one with its error: no entry stops the
run. CSV text cells go through :func:`~gametree.homework.grade.csv_safe`.

Each submission runs in the checker's sandbox (see
:mod:`gametree.homework.codecheck.runner`): one that kills its process, hangs, floods
its output or forges its messages is a row with that finding, and cannot reach the
grading process or its classmates. Where the machine has no sandbox, grading refuses
to start unless asked to run the code unisolated (``require_sandbox=False``, the
command's ``--no-sandbox``). A failure of the checker itself on one file is that
file's row ("the checker failed on this file"), never the end of the run.
"""

from __future__ import annotations

import csv
import io
import os
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gametree.exceptions import GameTreeError, SearchError
from gametree.homework.codecheck.checker import Checker, checker_for
from gametree.homework.codecheck.report import CodeReport
from gametree.homework.grade import (
    csv_safe,
    error_text,
    folder_entries,
    folder_roots,
    open_folder,
    read_beneath,
)
from gametree.outfiles import check_new_output, write_text

__all__ = ["CODE_CSV_COLUMNS", "CodeGradeReport", "CodeGradeRow", "grade_code"]

NOT_CHECKED = "not checked"
"""The verdict of an entry that could not be read (a link out, a FIFO, too large, ...)."""

CODE_CSV_COLUMNS = (
    "file",
    "score",
    "right",
    "trees",
    "verdict",
    "prune_on_equal",
    "bugs",
    "first_divergence",
    "error",
)


@dataclass(frozen=True)
class CodeGradeRow:
    """One submission: its score, verdict and bugs, or why it could not be checked."""

    file: str
    score: float
    right: int
    trees: int
    verdict: str
    prune_on_equal: bool | None = None
    bugs: tuple[str, ...] = ()
    first_divergence: str = ""
    error: str | None = None
    report: CodeReport | None = None

    def to_csv_row(self) -> dict[str, Any]:
        """The row as the CSV writes it (text cells made safe for spreadsheets)."""
        rule = "" if self.prune_on_equal is None else str(self.prune_on_equal).lower()
        return {
            "file": csv_safe(self.file),
            "score": f"{self.score:.3f}",
            "right": self.right,
            "trees": self.trees,
            "verdict": self.verdict,
            "prune_on_equal": rule,
            "bugs": csv_safe("; ".join(self.bugs)),
            "first_divergence": csv_safe(self.first_divergence),
            "error": csv_safe(self.error or ""),
        }


@dataclass(frozen=True)
class CodeGradeReport:
    """The rows of a grade-code run and the bugs most often found."""

    rows: tuple[CodeGradeRow, ...]
    bugs: tuple[tuple[str, int], ...]

    @property
    def mean(self) -> float:
        """Mean score over the submissions that could be read (0.0 when none); one that
        does not load or run counts 0."""
        ok = [r.score for r in self.rows if r.verdict != NOT_CHECKED]
        return sum(ok) / len(ok) if ok else 0.0

    def to_csv(self) -> str:
        """The CSV text: one row per submission."""
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CODE_CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in self.rows:
            writer.writerow(row.to_csv_row())
        return out.getvalue()

    def write_csv(self, path: str | Path, *, force: bool = False) -> Path:
        """Write :meth:`to_csv` to ``path`` through :mod:`gametree.outfiles`."""
        return write_text(path, self.to_csv(), force=force)

    def summary(self, top: int = 5) -> str:
        """Counts, the mean score and the most common bugs."""
        n = len(self.rows)
        broken = sum(1 for r in self.rows if r.verdict == NOT_CHECKED)
        right = sum(1 for r in self.rows if r.verdict == "correct")
        lines = [
            f"{n} submission{'s' if n != 1 else ''}: {right} correct, "
            f"{n - right - broken} incorrect, {broken} unreadable; mean score {self.mean:.2f}"
        ]
        if self.bugs:
            lines.append("most common bugs:")
            lines += [f"  {count:>4} x {code}" for code, count in self.bugs[:top]]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()


def _row(name: str, report: CodeReport) -> CodeGradeRow:
    error = None
    if report.load_error is not None or all(t.verdict == "not run" for t in report.trees):
        error = "; ".join(report.findings) or "nothing could be run"
        if report.load_error is not None:
            load = report.load_error
            error += f": {load.get('type') or load.get('kind')}: {load.get('message', '')}".rstrip(
                ": "
            )
    first = next((t for t in report.trees if t.divergence is not None), None)
    divergence = f"{first.name}: {first.divergence.text}" if first and first.divergence else ""
    return CodeGradeRow(
        file=name,
        score=report.score,
        right=report.right,
        trees=len(report.trees),
        verdict=report.verdict,
        prune_on_equal=report.convention.get("prune_on_equal"),
        bugs=tuple(b.code for b in report.bugs),
        first_divergence=divergence,
        error=error,
        report=report,
    )


def grade_code(
    submissions: str | Path,
    *,
    protocol: str,
    entry: str | None = None,
    algorithm: str | None = None,
    pattern: str = "*.py",
    output: str | Path | None = None,
    force: bool = False,
    jobs: int = 1,
    checker: Checker | None = None,
    **options: Any,
) -> CodeGradeReport:
    """Check every submission in a folder; one row per entry, never an aborted run.

    Parameters
    ----------
    submissions : path
        The class folder (its entries matching ``pattern``, hidden ones skipped).
    protocol, entry, algorithm
        As for :func:`gametree.check_code`.
    pattern : str, default ``"*.py"``
        Shell-style pattern for the names of the folder's entries.
    output : path, optional
        Also write the CSV there (columns: file, score, right, trees, verdict,
        prune_on_equal, bugs, first_divergence, error); refused before any work if it
        exists, unless ``force``.
    jobs : int, default 1
        How many submissions run at a time (each in its own child process).
    checker : Checker, optional
        A checker built already (its options then replace the ones above).
    **options
        The other options of :func:`gametree.check_code` (``timeout``, ``memory_mb``,
        ``prune_on_equal``, ``trees``, ``suite``, ``random``, ``seed``, ``depth``,
        ``tie_break``, ``sandbox``), and ``require_sandbox`` (default True: refuse to
        run students' code where no sandbox is available).

    Raises
    ------
    SandboxUnavailable
        Before any work, where no sandbox is available and one is required.

    Returns
    -------
    CodeGradeReport
        ``rows`` (sorted by file name; a file that could not be read, loaded or run has
        ``error`` and score 0) and ``bugs`` (each catalogued bug with the number of
        submissions it was named for, most common first).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (d / "ann.py").write_text("def f(node):\\n"
    ...     "    if not node.children: return node.value\\n"
    ...     "    v = [f(c) for c in node.children]\\n"
    ...     "    return max(v) if node.player == 'MAX' else min(v)\\n")
    >>> _ = (d / "bob.py").write_text("def g(node):\\n    return 0\\n")
    >>> report = grade_code(d, protocol="tree", entry="f", algorithm="minimax")
    >>> [(r.file, r.verdict, r.error is None) for r in report.rows]
    [('ann.py', 'correct', True), ('bob.py', 'incorrect', False)]
    """
    if jobs < 1:
        raise SearchError(f"jobs must be at least 1, not {jobs}")
    if output is not None:
        check_new_output(output, force=force)
    if checker is None:
        options.setdefault("require_sandbox", True)
        checker = checker_for(protocol, entry, algorithm, **options)
    checker.sandbox()  # no sandbox where one is required: refused before any work
    folder = open_folder(submissions)
    roots = folder_roots(submissions)
    read: list[tuple[str, bytes | None, str | None]] = []
    try:
        for name in folder_entries(folder, pattern):
            try:
                read.append((name, read_beneath(folder, name, roots=roots), None))
            except (GameTreeError, OSError, ValueError) as exc:
                read.append((name, None, error_text(exc)))
    finally:
        os.close(folder)

    def one(item: tuple[str, bytes | None, str | None]) -> CodeGradeRow:
        name, source, error = item
        if source is None:
            return CodeGradeRow(name, 0.0, 0, 0, NOT_CHECKED, error=error)
        try:
            return _row(name, checker.check(source, name))
        except (GameTreeError, OSError, ValueError) as exc:
            return CodeGradeRow(name, 0.0, 0, 0, NOT_CHECKED, error=error_text(exc))
        except Exception as exc:  # one file never ends the class's run
            why = f"the checker failed on this file ({type(exc).__name__}: {exc})"
            return CodeGradeRow(name, 0.0, 0, 0, NOT_CHECKED, error=why[:500])

    with ThreadPoolExecutor(max_workers=jobs) as pool:
        rows = tuple(pool.map(one, read))
    counts: Counter[str] = Counter(code for row in rows for code in row.bugs)
    report = CodeGradeReport(rows, tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))))
    if output is not None:
        report.write_csv(output, force=force)
    return report
