"""Grading a class: every answer file in a directory checked against one answer key."""

from __future__ import annotations

import csv
import errno
import fnmatch
import io
import os
import re
import stat
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.exceptions import GameTreeError, InputError
from gametree.homework.answeritems import Answers
from gametree.homework.answers import load_answers, parse_answers
from gametree.homework.check import AnswerKey
from gametree.homework.findings import CheckReport
from gametree.inputs import kind_of, read_descriptor
from gametree.outfiles import check_new_output, write_text
from gametree.quoting import UNSAFE_ON_A_TERMINAL, terminal_safe

__all__ = [
    "GradeReport",
    "GradeRow",
    "csv_safe",
    "error_text",
    "folder_entries",
    "folder_roots",
    "grade",
    "open_beneath",
    "open_folder",
    "read_beneath",
]

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

    def write_csv(self, path: str | Path, *, force: bool = False) -> Path:
        """Write :meth:`to_csv` to ``path`` (:mod:`gametree.outfiles`); return the path.

        Raises
        ------
        OutputExistsError
            If ``path`` exists and ``force`` is false.
        """
        return write_text(path, self.to_csv(), force=force)

    write = write_csv

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
    """Return ``cell`` as it is safe to write in a CSV cell: one line, never a formula.

    Every control character (carriage return, line feed, tab, escape, ...; see
    :data:`gametree.quoting.UNSAFE_ON_A_TERMINAL`) is written as its escape (``\\r``,
    ``\\n``, ``\\x1b``), so no reader, Python's :mod:`csv` or a spreadsheet, sees a
    second row or a line break in a cell. Then a cell that a spreadsheet would run as a
    formula (starting with ``=``, ``+``, ``-`` or ``@``) gets a leading ``'``, as OWASP
    advises against CSV injection. Other cells are unchanged.

    Examples
    --------
    >>> csv_safe("=HYPERLINK(1)"), csv_safe("-1+1"), csv_safe("ann.txt")
    ("'=HYPERLINK(1)", "'-1+1", 'ann.txt')
    >>> print(csv_safe("a.txt\\r=cmd|' /C calc'!A0"))
    a.txt\\r=cmd|' /C calc'!A0
    >>> print(csv_safe("\\t=1+1"), csv_safe("=1\\n+2"))
    \\t=1+1 '=1\\n+2
    """
    cell = _CONTROL.sub(_escape_control, cell)
    return "'" + cell if cell.startswith(_FORMULA_START) else cell


_CONTROL = re.compile(UNSAFE_ON_A_TERMINAL.pattern[:-1] + "\t\n]")


def _escape_control(match: re.Match[str]) -> str:
    return terminal_safe(match[0]) if match[0] not in "\t\n" else repr(match[0])[1:-1]


# -- reading beneath the class folder ---------------------------------------------------

MAX_LINK_HOPS = 40
"""The most symbolic links followed to reach one entry (as the kernel's own limit)."""

_DIRECTORY = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


_SWAPPED = "changed while it was read (a symbolic link swapped in); not followed"


def open_folder(directory: str | os.PathLike[str]) -> int:
    """Open the class folder ``directory`` and return its descriptor (close it yourself).

    The folder itself is opened as named (a link naming it is followed: it is what the
    instructor gave); what lies beneath it is read only through
    :func:`open_beneath`.

    Raises
    ------
    NotADirectoryError
        If ``directory`` is not a folder.
    """
    try:
        return os.open(directory, _DIRECTORY)
    except NotADirectoryError:
        raise NotADirectoryError(20, "not a directory", os.fspath(directory)) from None
    except FileNotFoundError:
        raise NotADirectoryError(20, "not a directory", os.fspath(directory)) from None


def folder_entries(folder: int | str | os.PathLike[str], pattern: str = "*") -> list[str]:
    """Return the names of the folder's entries matching ``pattern``, sorted, hidden skipped.

    Parameters
    ----------
    folder : int or path
        The folder's descriptor (:func:`open_folder`) or its path.
    pattern : str, default "*"
        A shell-style pattern (:func:`fnmatch.fnmatchcase`) for the names.

    Every kind of entry is listed (files, links, folders, FIFOs): what cannot be read
    gets its error when :func:`read_beneath` reads it, so each entry is accounted for.
    """
    if isinstance(folder, int):
        with os.scandir(folder) as it:
            names = [e.name for e in it]
    else:
        fd = open_folder(folder)
        try:
            with os.scandir(fd) as it:
                names = [e.name for e in it]
        finally:
            os.close(fd)
    return sorted(n for n in names if not n.startswith(".") and fnmatch.fnmatchcase(n, pattern))


def open_beneath(
    folder: int, name: str, *, roots: tuple[str, ...] = (), max_hops: int = MAX_LINK_HOPS
) -> int:
    """Open the regular file ``name`` beneath the folder ``folder``; return its descriptor.

    The path is walked one component at a time, each opened relative to the folder
    reached so far with ``O_NOFOLLOW``, so the kernel never follows a link. A symbolic
    link met on the way is read (``readlink``) and its target walked the same way, from
    the folder it is in: a target that climbs above ``folder`` (``..`` past it, or an
    absolute path not under one of ``roots``) is refused, as is a chain of more than
    ``max_hops`` links (a loop). Whatever is swapped in while the walk goes on (a folder
    replaced by a link to ``/etc``, say), no component is ever opened outside
    ``folder``. The file finally opened is checked with ``fstat``, not by its path: a
    FIFO, a device or a folder is refused (a FIFO is opened without blocking; anything
    but a regular file is refused from ``lstat`` before it is opened).

    Parameters
    ----------
    folder : int
        A descriptor of the folder (:func:`open_folder`).
    name : str
        A path relative to the folder (an entry's name, or ``sub/file.txt``).
    roots : tuple of str
        Absolute spellings of the folder itself (its path as given and its real path):
        an absolute link target under one of them is walked from ``folder``.
    max_hops : int
        The most links followed.

    Returns
    -------
    int
        A descriptor of the regular file, opened read-only (close it yourself).

    Raises
    ------
    InputError
        A link leading outside the folder, a link loop, a link to a missing file, or an
        entry that is not a regular file (named: a folder, a FIFO, ...).
    OSError
        If a component cannot be opened (missing, no permission).
    """
    parts = [p for p in name.split("/") if p not in ("", ".")]
    if not parts or name.startswith("/"):
        raise InputError(f"{name!r} is not a name beneath the folder")
    stack = [folder]  # the folders walked down to (stack[0] is not ours to close)
    hops = 0
    linked = False
    try:
        while parts:
            part = parts.pop(0)
            here = stack[-1]
            if part == "..":
                if len(stack) == 1:
                    raise InputError("a symbolic link leading outside the folder; not followed")
                os.close(stack.pop())
                continue
            info = os.stat(part, dir_fd=here, follow_symlinks=False)
            if stat.S_ISLNK(info.st_mode):
                hops += 1
                linked = True
                if hops > max_hops:
                    raise InputError("a symbolic link loop")
                target = os.readlink(part, dir_fd=here)
                if target.startswith("/"):
                    inside = next(
                        (target[len(r) :] for r in roots if target.startswith(r.rstrip("/") + "/")),
                        None,
                    )
                    if inside is None:
                        raise InputError("a symbolic link leading outside the folder; not followed")
                    while len(stack) > 1:
                        os.close(stack.pop())
                    target = inside
                parts[:0] = [p for p in target.split("/") if p not in ("", ".")]
                continue
            if parts:  # a folder on the way
                if not stat.S_ISDIR(info.st_mode):
                    raise InputError(f"{kind_of(info.st_mode)} where a folder should be")
                try:
                    stack.append(os.open(part, _DIRECTORY | _NOFOLLOW, dir_fd=here))
                except NotADirectoryError:  # on Linux, a link opened O_DIRECTORY|O_NOFOLLOW
                    raise InputError(_SWAPPED) from None
                continue
            if not stat.S_ISREG(info.st_mode):
                raise InputError(f"{kind_of(info.st_mode)}, not an answer file")
            flags = os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0)
            fd = os.open(part, flags | getattr(os, "O_CLOEXEC", 0), dir_fd=here)
            opened = os.fstat(fd)
            if not stat.S_ISREG(opened.st_mode):
                os.close(fd)
                raise InputError(f"{kind_of(opened.st_mode)}, not an answer file")
            return fd
        raise InputError("a symbolic link to the folder itself, not an answer file")
    except FileNotFoundError:
        if linked:
            raise InputError("a symbolic link to a missing file") from None
        raise
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # swapped for a link between stat and open
            raise InputError(_SWAPPED) from None
        raise
    finally:
        for fd in stack[1:]:
            os.close(fd)


def read_beneath(folder: int, name: str, *, roots: tuple[str, ...] = ()) -> bytes:
    """Return the bytes of the regular file ``name`` beneath ``folder``, within the input
    limit: :func:`open_beneath`, then :func:`gametree.inputs.read_descriptor`."""
    fd = open_beneath(folder, name, roots=roots)
    try:
        return read_descriptor(fd, name)
    finally:
        os.close(fd)


def folder_roots(directory: str | os.PathLike[str]) -> tuple[str, ...]:
    """The absolute spellings of ``directory`` (as given, and real) for :func:`open_beneath`."""
    given = os.path.abspath(directory)
    return tuple(dict.fromkeys((given, os.path.realpath(directory))))


def _folder_answers(folder: int, name: str, roots: tuple[str, ...]) -> Answers:
    return parse_answers(read_beneath(folder, name, roots=roots), source=name)


def error_text(exc: BaseException) -> str:
    """One line saying why a submission could not be read (the OS's reason for an
    ``OSError``, else the first line of the message)."""
    if isinstance(exc, OSError) and exc.strerror and not isinstance(exc, InputError):
        return exc.strerror
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _internal_error_text(exc: BaseException) -> str:
    """The error cell of a file the checker itself failed on (a bug, not the file's fault)."""
    return (
        f"internal error in gametree ({type(exc).__name__}: {error_text(exc)}); this file "
        "was not graded: please report it with the file"
    )


def grade(
    tree: nx.DiGraph | str | Path,
    submissions: str | Path | Iterable[str | Path],
    *,
    pattern: str = "*",
    output: str | Path | None = None,
    algorithm: str = "alphabeta",
    prune_on_equal: bool = True,
    fail: str = "soft",
    force: bool = False,
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
        conventions, error; every text cell made safe by :func:`csv_safe`: one line,
        never a formula). An existing file is refused (before any grading) unless
        ``force``.
    force : bool, default False
        Replace an existing ``output``.
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
    (:func:`gametree.inputs.max_input_bytes`), a file that is not UTF-8. Entries are
    read beneath the folder without the kernel following any link
    (:func:`open_beneath`): a symbolic link leading outside the directory is never
    followed, even when a folder on its way is swapped for a link while it is read. A
    submission that answers nothing (an empty file) is an error row with score 0 too.
    A malformed item (an empty ``pv``, a list where one answer goes, ...) is that item's
    unreadable answer, and the rest of the file is graded. Should the checker itself
    fail on a file (a bug of gametree's), that file's row says so ("internal error ...")
    and the run goes on.

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
    if output is not None:
        check_new_output(output, force=force)  # refused before any work
    rows: list[GradeRow] = []
    mistakes: Counter[str] = Counter()
    conventions: Counter[str] = Counter()

    def one(shown: str, read: Callable[..., Answers], *args: Any) -> None:
        try:
            report = key.check(read(*args))
        except (GameTreeError, OSError, ValueError, ArithmeticError, RecursionError) as exc:
            rows.append(GradeRow(shown, 0.0, 0, 0, error=error_text(exc)))
            return
        except Exception as exc:  # a bug of gametree's must not cost the class its CSV
            rows.append(GradeRow(shown, 0.0, 0, 0, error=_internal_error_text(exc)))
            return
        if not report.asked:
            rows.append(GradeRow(shown, 0.0, 0, 0, error="no answers (an empty submission)"))
            return
        wrong = tuple(f"{f.item}: {f.verdict.value}" for f in report.wrong)
        notes = tuple(dict.fromkeys(n for f in report.wrong for n in f.notes))
        mistakes.update(set(wrong))
        conventions.update(notes)
        rows.append(
            GradeRow(shown, report.score, report.right, report.asked, wrong, notes, None, report)
        )

    if isinstance(submissions, (str, Path)):
        folder = open_folder(submissions)
        roots = folder_roots(submissions)
        try:
            for name in folder_entries(folder, pattern):
                one(name, _folder_answers, folder, name, roots)
        finally:
            os.close(folder)
    else:
        for path in (os.fspath(p) for p in submissions):
            one(Path(path).name, load_answers, path)
    result = GradeReport(
        tuple(rows),
        tuple(sorted(mistakes.items(), key=lambda kv: (-kv[1], kv[0]))),
        tuple(sorted(conventions.items(), key=lambda kv: (-kv[1], kv[0]))),
    )
    if output is not None:
        result.write_csv(output, force=force)
    return result
