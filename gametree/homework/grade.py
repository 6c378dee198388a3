"""Grading a class: every answer file in a directory checked against one answer key."""

from __future__ import annotations

import csv
import errno
import fnmatch
import io
import os
import stat
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.exceptions import GameTreeError, InputError
from gametree.homework.answers import load_answers, parse_answers
from gametree.homework.check import AnswerKey
from gametree.homework.findings import CheckReport
from gametree.inputs import kind_of, read_input

__all__ = ["GradeReport", "GradeRow", "csv_safe", "grade"]

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
            "file": csv_safe(self.file),
            "score": f"{self.score:.3f}",
            "right": self.right,
            "asked": self.asked,
            "wrong": csv_safe("; ".join(self.wrong)),
            "conventions": csv_safe("; ".join(self.conventions)),
            "error": csv_safe(self.error or ""),
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


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_safe(cell: str) -> str:
    """Return ``cell`` so that no spreadsheet reads it as a formula.

    A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets
    a leading ``'`` (as OWASP advises against CSV injection); other cells are unchanged.

    Examples
    --------
    >>> csv_safe("=HYPERLINK(1)"), csv_safe("-1+1"), csv_safe("ann.txt")
    ("'=HYPERLINK(1)", "'-1+1", 'ann.txt')
    """
    return "'" + cell if cell.startswith(_FORMULA_START) else cell


def _entries(directory: Path, pattern: str) -> list[str]:
    """The folder's entries matching ``pattern`` (hidden ones skipped), sorted by name."""
    if not directory.is_dir():
        raise NotADirectoryError(20, "not a directory", str(directory))
    with os.scandir(directory) as it:
        names = [e.name for e in it if not e.name.startswith(".")]
    return sorted(n for n in names if fnmatch.fnmatchcase(n, pattern))


def _read_entry(directory: Path, name: str) -> bytes:
    """Return one entry's bytes; never follow a link out of ``directory``, never block.

    Raises
    ------
    OSError
        (an :class:`~gametree.InputError` for what gametree refuses) with a message
        saying why the entry cannot be read.
    """
    real_dir = os.path.realpath(directory)
    info = os.lstat(os.path.join(real_dir, name))
    if stat.S_ISLNK(info.st_mode):
        target = os.path.realpath(os.path.join(real_dir, name))
        if os.path.commonpath([real_dir, target]) != real_dir or target == real_dir:
            raise InputError("a symbolic link leading outside the folder; not followed")
        if not os.path.lexists(target):
            raise InputError("a symbolic link to a missing file")
        name = os.path.relpath(target, real_dir)
    elif not stat.S_ISREG(info.st_mode):
        raise InputError(f"{kind_of(info.st_mode)}, not an answer file")
    fd = os.open(real_dir, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        return read_input(name, dir_fd=fd, follow_symlinks=False)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise InputError("a symbolic link loop") from None
        raise
    finally:
        os.close(fd)


def _error_text(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror and not isinstance(exc, InputError):
        return exc.strerror
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


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
        A directory (its entries matching ``pattern``, sorted by name, hidden ones
        skipped) or the answer files themselves.
    pattern : str, default "*"
        Shell-style pattern for the names of the directory's entries.
    output : path, optional
        Also write the CSV there (columns: file, score, right, asked, wrong,
        conventions, error; text cells made safe for spreadsheets by
        :func:`csv_safe`).
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

    Every entry of the directory gets exactly one row, and no entry stops the run. An
    entry that cannot be read is an error row with score 0: a subfolder, a FIFO or a
    device (never opened, so never waited on), a dangling symbolic link or a link loop,
    a file without read permission, a file over the input limit
    (:func:`gametree.inputs.max_input_bytes`), a file that is not UTF-8. A symbolic
    link leading outside the directory is never followed. A submission that answers
    nothing (an empty file) is an error row with score 0 too.

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
        folder: Path | None = Path(submissions)
        names = _entries(Path(submissions), pattern)
    else:
        folder = None
        names = [os.fspath(p) for p in submissions]
    rows: list[GradeRow] = []
    mistakes: Counter[str] = Counter()
    conventions: Counter[str] = Counter()
    for name in names:
        shown = name if folder is not None else Path(name).name
        try:
            if folder is not None:
                answers = parse_answers(_read_entry(folder, name), source=name)
            else:
                answers = load_answers(name)
            report = key.check(answers)
        except (GameTreeError, OSError, ValueError, ArithmeticError, RecursionError) as exc:
            rows.append(GradeRow(shown, 0.0, 0, 0, error=_error_text(exc)))
            continue
        if not report.asked:
            rows.append(GradeRow(shown, 0.0, 0, 0, error="no answers (an empty submission)"))
            continue
        wrong = tuple(f"{f.item}: {f.verdict.value}" for f in report.wrong)
        notes = tuple(dict.fromkeys(n for f in report.wrong for n in f.notes))
        mistakes.update(set(wrong))
        conventions.update(notes)
        rows.append(
            GradeRow(shown, report.score, report.right, report.asked, wrong, notes, None, report)
        )
    result = GradeReport(
        tuple(rows),
        tuple(sorted(mistakes.items(), key=lambda kv: (-kv[1], kv[0]))),
        tuple(sorted(conventions.items(), key=lambda kv: (-kv[1], kv[0]))),
    )
    if output is not None:
        result.write_csv(output)
    return result
