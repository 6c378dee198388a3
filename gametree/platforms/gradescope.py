"""Gradescope autograders: the zip ``gametree gradescope`` writes, and what runs in it.

Gradescope's autograder specification (https://gradescope-autograders.readthedocs.io/en/latest/specs/,
source ``docs/specs.md`` of github.com/gradescope/autograder_samples) asks for a zip
with ``setup.sh`` and ``run_autograder`` at its root. Gradescope unpacks it into
``/autograder/source``, runs ``setup.sh`` once when it builds the image, then, for each
submission, copies the student's files into ``/autograder/submission``, runs
``run_autograder`` with ``/autograder`` as the working folder, and reads
``/autograder/results/results.json``: an optional top-level ``score`` (it overrides
the tests' total), ``output`` with its ``output_format``, ``visibility``,
``stdout_visibility``, ``extra_data`` and ``tests``, each with ``score``,
``max_score``, ``status``, ``name``, ``output``, ``output_format``, ``visibility``
(``hidden``, ``after_due_date``, ``after_published`` or ``visible``).
The base image is Ubuntu 22.04 by default (``docs/base_images.md``; Python 3.10),
and the best practices (``docs/best_practices.md``) ask that a results.json be
written even when the autograder fails, with messages a student can act on.

The zip :func:`write_autograder_zip` writes (for :func:`write_autograder`, and for
:func:`gametree.platforms.gradescope_code.write_code_autograder`) holds:

* ``gametree-<version>-py3-none-any.whl``: the running gametree
  (:func:`gametree.platforms.package.build_wheel`), so the student is graded by the code
  the instructor checked the key with; ``setup.sh`` checks its SHA-256 and installs it
  (with its dependencies from PyPI) into a virtual environment ``gametree-venv`` beside
  ``source``;
* ``gametree-autograder.json``: the ``mode`` and what its grader needs; for
  hand-worked answers the exercise (the tree as gametree JSON), the convention, the
  items asked, the limits, the visibility and the key it expects;
* ``run_autograder``: runs :func:`run_autograder` in that environment (``python -I``,
  so nothing in the submission or the environment can shadow a module) and, should
  even that fail to start, writes a results.json itself saying so.

Both scripts take their root from ``AUTOGRADER_ROOT`` (default ``/autograder``), so the
same zip runs in a folder laid out like Gradescope's.

One grading model serves every kind of autograder: :func:`read_submission` finds the
file to grade in the submission folder; a grader for the ``mode`` in the configuration
(``"hand"``: hand-worked answers, :func:`grade_hand`; ``"code"``: search code,
:func:`gametree.platforms.gradescope_code.grade_code`) turns it into :class:`Test` s,
one per item or tree; :func:`results_document` and :func:`write_results` write
results.json. A missing, empty, oversized or unreadable submission, and any failure of
the grader itself, become a results.json with score 0 and a message saying what to do
(:func:`failure_document`). Both kinds of zip are written by
:func:`write_autograder_zip`: the same scripts and wheel, only the configuration differs.

Choices the specification leaves open, made as Gradescope users expect:

* tests are ``visible`` by default (Gradescope's default; homework checking is for
  learning), ``--visibility after_due_date`` hides them until the deadline;
* each test's output is the checker's reasons as plain ``text``; the top-level output
  is ``html``: the score, the student's tree with each answer marked (an inline SVG,
  :mod:`gametree.platforms.marked`) and the same marks as a list. Gradescope sanitizes
  HTML without saying which elements survive, so the list says everything the picture
  shows;
* the submission is one answer file, ``.txt``, ``.toml`` or ``.json`` (the practice
  page exports ``answers.toml``), at most 1 MB by default; where several are uploaded,
  the one named ``answers.*`` is graded;
* the student's standard output is never shown (``stdout_visibility`` hidden).
"""

from __future__ import annotations

import contextlib
import html
import importlib
import json
import os
import stat
import textwrap
import time
import zipfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.exceptions import AnswerFormatError, GameTreeError, PlatformError
from gametree.homework import AnswerKey, parse_answers
from gametree.outfiles import replacing, write_text
from gametree.platforms.items import (
    DEFAULT_ASK,
    Grading,
    check_ask,
    convention_text,
    exercise_items,
    grade_items,
)
from gametree.platforms.marked import marked_svg
from gametree.platforms.package import Wheel, build_wheel

__all__ = [
    "CONFIG_NAME",
    "DEFAULT_MAX_BYTES",
    "DEFAULT_ROOT",
    "GRADERS",
    "ROOT_VARIABLE",
    "SANDBOX_SETUP",
    "VISIBILITIES",
    "Autograder",
    "Submission",
    "SubmissionError",
    "Test",
    "check_settings",
    "failure_document",
    "grade_hand",
    "read_submission",
    "results_document",
    "run_autograder",
    "write_autograder",
    "write_autograder_zip",
    "write_results",
]

DEFAULT_ROOT = "/autograder"
"""Gradescope's autograder folder."""

ROOT_VARIABLE = "AUTOGRADER_ROOT"
"""The environment variable both scripts read their root from (default :data:`DEFAULT_ROOT`)."""

CONFIG_NAME = "gametree-autograder.json"
"""The exercise, convention and limits, in the zip beside the scripts."""

VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")
"""The visibility settings Gradescope documents."""

DEFAULT_MAX_BYTES = 1_000_000
"""The largest answer file graded, in bytes (an answer file is a few hundred bytes)."""

ANSWER_SUFFIXES = (".txt", ".toml", ".json")
"""The answer files :func:`read_submission` looks for in hand-worked mode."""

_VENV = "gametree-venv"
_SCRIPT_MODE = 0o755


# ---------------------------------------------------------------------------- results


@dataclass(frozen=True)
class Test:
    """One test of results.json (see Gradescope's specification for the fields)."""

    name: str
    score: float
    max_score: float
    output: str = ""
    visibility: str = "visible"
    output_format: str = "text"

    def to_dict(self) -> dict[str, Any]:
        """The test as results.json writes it."""
        return {
            "name": self.name,
            "score": self.score,
            "max_score": self.max_score,
            "status": "passed" if self.score >= self.max_score else "failed",
            "output": self.output,
            "output_format": self.output_format,
            "visibility": self.visibility,
        }


def results_document(
    tests: Sequence[Test],
    *,
    output: str = "",
    output_format: str = "html",
    visibility: str = "visible",
    execution_time: float | None = None,
    extra_data: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Return results.json's content: the tests, their total as ``score``, the output.

    The top-level ``score`` is the tests' total, written out so that Gradescope shows
    exactly what the tests add up to.
    """
    doc: dict[str, Any] = {
        "score": sum(t.score for t in tests),
        "output": output,
        "output_format": output_format,
        "visibility": visibility,
        "stdout_visibility": "hidden",
        "tests": [t.to_dict() for t in tests],
    }
    if execution_time is not None:
        doc["execution_time"] = round(execution_time, 3)
    if extra_data:
        doc["extra_data"] = dict(extra_data)
    return doc


def write_results(path: str | os.PathLike[str], document: Mapping[str, Any]) -> Path:
    """Write results.json whole (a new file renamed in), replacing an old one."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    return write_text(target, json.dumps(document, indent=2, allow_nan=False) + "\n", force=True)


def failure_document(
    message: str, total: float, name: str, notes: Sequence[str] = ()
) -> dict[str, Any]:
    """A results.json for a submission that cannot be graded: one visible test named
    ``name``, 0 of ``total``, with ``message`` saying what to do (and ``notes`` on what
    was skipped below it)."""
    test = Test(name, 0.0, total, message, visibility="visible")
    shown = html.escape(message).replace("\n", "<br>\n")
    text = f"<p><strong>Score: 0 / {total:g}</strong></p>\n<p>{shown}</p>"
    text += "".join(f"\n<p>{html.escape(n)}</p>" for n in notes)
    return results_document([test], output=text, visibility="visible")


# ---------------------------------------------------------------------------- submission


class SubmissionError(GameTreeError, ValueError):
    """The submission cannot be graded; the message says what the student should do."""


@dataclass(frozen=True)
class Submission:
    """The file to grade: its name in the submission folder and its bytes."""

    name: str
    data: bytes
    notes: tuple[str, ...] = field(default=())


def _size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n:,} bytes"


def _a(what: str) -> str:
    """``what`` with its indefinite article: "an answer file", "a Python file"."""
    return ("an " if what[:1].lower() in "aeiou" else "a ") + what


def _files(directory: Path, depth: int = 3) -> tuple[list[Path], list[str]]:
    """Regular files up to ``depth`` folders down (hidden ones skipped, links never
    followed), and notes on what was skipped."""
    found: list[Path] = []
    notes: list[str] = []
    stack = [(directory, 0)]
    while stack:
        folder, level = stack.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError as exc:
            notes.append(f"{folder.name}: cannot be listed ({exc.strerror})")
            continue
        for entry in entries:
            if entry.name.startswith(".") or entry.name == "__MACOSX":
                continue
            path = Path(entry.path)
            if entry.is_symlink():
                notes.append(f"{path.relative_to(directory)}: a link, not followed")
            elif entry.is_dir(follow_symlinks=False):
                if level < depth:
                    stack.append((path, level + 1))
            elif entry.is_file(follow_symlinks=False):
                found.append(path)
    return sorted(found), notes


def read_submission(
    directory: str | os.PathLike[str],
    *,
    suffixes: Iterable[str] = ANSWER_SUFFIXES,
    preferred_stem: str = "answers",
    max_bytes: int = DEFAULT_MAX_BYTES,
    what: str = "answer file",
    empty_hint: str = "Write your answers in it (for example `value = 3`) and submit again.",
    choose: Callable[[Sequence[Submission]], Submission] | None = None,
) -> Submission:
    """Find and read the one file to grade in a Gradescope submission folder.

    Parameters
    ----------
    directory : path
        ``/autograder/submission``.
    suffixes : iterable of str
        The suffixes of a file to grade (lower case).
    preferred_stem : str
        Among several candidates, the one with this name (any suffix) is graded
        (unless ``choose`` is given).
    max_bytes : int
        The largest file read.
    what : str
        What the file is, for messages ("answer file").
    empty_hint : str
        What the message for an empty file tells the student to do.
    choose : callable, optional
        Among several candidates: called with every one that could be read (each
        within ``max_bytes``, not empty), returns the one to grade or raises
        :class:`SubmissionError`; the others' problems become notes.

    Returns
    -------
    Submission

    Raises
    ------
    SubmissionError
        With a message the student can act on: no submission, no file of the kind,
        several, empty, too large, or unreadable.
    """
    folder = Path(directory)
    kinds = tuple(s.lower() for s in suffixes)
    listed = " or ".join(", ".join(kinds).rsplit(", ", 1))
    if not folder.is_dir():
        raise SubmissionError(
            f"No submission was found. Upload your {what} ({listed}) and submit again."
        )
    files, notes = _files(folder)
    candidates = [p for p in files if p.suffix.lower() in kinds]
    names = [p.relative_to(folder).as_posix() for p in files]
    if not candidates:
        if not names:
            raise SubmissionError(
                f"Your submission is empty. Upload your {what} ({listed}) and submit again."
            )
        shown = ", ".join(names[:5]) + (", ..." if len(names) > 5 else "")
        raise SubmissionError(
            f"Your submission has no {what} ({listed}); it has: {shown}. Upload the "
            f"{what} itself and submit again."
        )
    read = partial(_read_file, folder, max_bytes=max_bytes, what=what, empty_hint=empty_hint)
    if len(candidates) > 1 and choose is not None:
        readable: list[Submission] = []
        problems: list[SubmissionError] = []
        for path in candidates:
            try:
                readable.append(read(path))
            except SubmissionError as exc:
                problems.append(exc)
        if not readable:
            raise problems[0]
        chosen = choose(readable)
        skipped = [f"not graded: {exc}" for exc in problems]
        return replace(chosen, notes=(*notes, *chosen.notes, *skipped))
    if len(candidates) > 1:
        named = [p for p in candidates if p.stem.lower() == preferred_stem]
        if len(named) != 1:
            shown = ", ".join(p.relative_to(folder).as_posix() for p in candidates[:5])
            raise SubmissionError(
                f"Your submission has several {what}s ({shown}). Submit exactly one, or "
                f"name the one to grade {preferred_stem}{kinds[0]}."
            )
        others = [p.name for p in candidates if p is not named[0]]
        notes.append(f"graded {named[0].name}; not graded: {', '.join(others)}")
        candidates = named
    return replace(read(candidates[0]), notes=tuple(notes))


def _read_file(
    folder: Path, path: Path, *, max_bytes: int, what: str, empty_hint: str
) -> Submission:
    """Read one submitted file: never through a link, at most ``max_bytes``, not empty."""
    name = path.relative_to(folder).as_posix()
    try:
        # Never through a link, never blocking on a FIFO swapped in since the listing.
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
        with os.fdopen(os.open(path, flags), "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise SubmissionError(f"{name} is not a regular file; upload the {what} itself.")
            data = f.read(max_bytes + 1)
    except OSError as exc:
        raise SubmissionError(
            f"{name} cannot be read ({exc.strerror or exc}). Upload it again as a plain {what}."
        ) from None
    if len(data) > max_bytes:
        raise SubmissionError(
            f"{name} is {_size(info.st_size)}; {_a(what)} here is at most {_size(max_bytes)}. "
            f"Check that you uploaded the right file."
        )
    if not data.strip():
        raise SubmissionError(f"{name} is empty. {empty_hint}")
    return Submission(name, data)


# ---------------------------------------------------------------------------- hand mode


def _key(config: Mapping[str, Any]) -> tuple[nx.DiGraph, AnswerKey]:
    import gametree

    G = gametree.loads(config["tree"], "json")
    options = dict(config["options"])
    for name in ("window", "bounds"):
        if options.get(name) is not None:
            options[name] = tuple(options[name])
    if "require" in options:
        options["require"] = tuple(options["require"])
    return G, AnswerKey(G, **options)


def _summary_html(grading: Grading, key: AnswerKey, source: str, notes: Sequence[str]) -> str:
    """The top-level output: score, the marked tree, the marks as a list, what was skipped."""
    esc = html.escape
    lines = [
        f"<p><strong>Score: {grading.score:g} / {grading.max_score:g}</strong> "
        f"(checked under {esc(convention_text(key))}; graded file {esc(source)})</p>"
    ]
    svg = marked_svg(key, grading)
    if svg is not None:
        # The picture takes the column's width; a tree too wide to read there scrolls.
        lines += [
            f'<div style="overflow-x: auto">{svg}</div>',
            "<p>\u2713 right, \u2717 wrong, ! a cut you missed, ? not answered</p>",
        ]
    lines.append("<ul>")
    for r in grading.results:
        sign = "\u2713" if r.passed else ("?" if not r.answered else "\u2717")
        first = r.output.splitlines()[0] if r.output else ""
        lines.append(
            f"<li>{sign} {esc(r.item.name)}: {r.score:g}/{r.item.max_score:g} "
            f"\u2014 {esc(first)}</li>"
        )
    lines.append("</ul>")
    if not any(r.answered for r in grading.results):
        lines.append(
            "<p>No answer was found in your file. Write one item per line, for example "
            "<code>value = 3</code>, <code>C = &lt;=2</code>, <code>pruned = I J</code>.</p>"
        )
    others = [
        f"{f.item}: {f.explanation}" if f.verdict.value == "malformed" else f"{f.item}: not asked"
        for f in grading.others
    ]
    if others:
        lines.append("<p>Not graded (not asked, or not readable):</p><ul>")
        lines += [f"<li>{esc(o)}</li>" for o in others]
        lines.append("</ul>")
    lines += [f"<p>{esc(n)}</p>" for n in notes]
    return "\n".join(lines)


def _wrap(text: str, width: int = 88) -> str:
    """Each line of ``text`` wrapped to ``width``, keeping its indent (Gradescope shows a
    test's output in a ``<pre>``, where long lines would scroll)."""
    out = []
    for line in text.splitlines():
        indent = line[: len(line) - len(line.lstrip())]
        if len(line) <= width:
            out.append(line)
            continue
        out.append(textwrap.fill(line.strip(), width, initial_indent=indent,
                                 subsequent_indent=indent + "  "))  # fmt: skip
    return "\n".join(out)


def grade_hand(config: Mapping[str, Any], submission: str | os.PathLike[str]) -> dict[str, Any]:
    """Grade hand-worked answers in ``submission`` (a folder); return results.json's content.

    One test per item of :func:`gametree.platforms.items.exercise_items` (fixed points,
    whatever the student wrote), each with the checker's reasons as its output.
    """
    started = time.monotonic()
    visibility = config.get("visibility", "visible")
    total = float(config["total"])
    try:
        found = read_submission(submission, max_bytes=int(config["max_bytes"]))
    except SubmissionError as exc:
        return failure_document(str(exc), total, "Reading your submission")
    try:
        answers = parse_answers(found.data, source=found.name)
    except AnswerFormatError as exc:
        return failure_document(
            f"{exc} Save it as plain text (UTF-8) from a text editor and submit again.",
            total,
            "Reading your submission",
        )
    _, key = _key(config)
    grading = grade_items(key, answers, config["ask"])
    tests = [
        Test(r.item.name, r.score, r.item.max_score, _wrap(r.output), visibility)
        for r in grading.results
    ]
    return results_document(
        tests,
        output=_summary_html(grading, key, found.name, found.notes),
        visibility=visibility,
        execution_time=time.monotonic() - started,
        extra_data={"gametree": config.get("gametree"), "file": found.name},
    )


GRADERS: dict[str, str] = {
    "hand": "gametree.platforms.gradescope:grade_hand",
    "code": "gametree.platforms.gradescope_code:grade_code",
}
"""The grader of each configuration ``mode``, as ``module:function``: a function of the
configuration and the submission folder that returns results.json's content. Named, not
imported, so that a grader's module can build on this one without an import cycle."""


def _grader(mode: str) -> Callable[[Mapping[str, Any], Path], dict[str, Any]]:
    module, _, name = GRADERS[mode].partition(":")
    grader: Callable[[Mapping[str, Any], Path], dict[str, Any]]
    grader = getattr(importlib.import_module(module), name)
    return grader


def run_autograder(root: str | os.PathLike[str] | None = None) -> int:
    """Grade ``ROOT/submission`` into ``ROOT/results/results.json``; always return 0.

    What ``run_autograder`` calls on Gradescope. ``root`` defaults to
    ``$AUTOGRADER_ROOT`` or ``/autograder``. Any results.json already there is deleted
    first (only the grader writes a grade), and the real one is written whole (a temp
    file renamed in) once grading is over and every process of the submission is gone.
    Whatever happens (a broken configuration, an error in gametree), a results.json
    is written: a failure is a score of 0 with a message, never a failed run; should
    this process itself not finish, the ``run_autograder`` script writes a score of 0
    saying the grader failed.
    """
    base = Path(root if root is not None else os.environ.get(ROOT_VARIABLE, DEFAULT_ROOT))
    results = base / "results" / "results.json"
    with contextlib.suppress(FileNotFoundError):
        results.unlink()
    total = 0.0
    try:
        config = json.loads((base / "source" / CONFIG_NAME).read_text(encoding="utf-8"))
        total = float(config.get("total", 0.0))
        document = _grader(config["mode"])(config, base / "submission")
    except Exception as exc:  # the one place every failure must become a result
        message = (
            "The autograder failed while grading your submission "
            f"({type(exc).__name__}: {exc}). This is not a problem with your submission: "
            "please tell your instructor."
        )
        document = failure_document(message, total, "Running the autograder")
    write_results(results, document)
    return 0


# ---------------------------------------------------------------------------- the zip

_SETUP = """\
#!/usr/bin/env bash
# Written by gametree {version} (gametree gradescope). Gradescope runs this once, as
# root, when it builds the autograder: it installs the bundled gametree wheel into a
# virtual environment that run_autograder uses.
set -eu
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
WHEEL="$ROOT/source/{wheel}"
{sandbox}if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
    apt-get update && apt-get install -y python3 python3-venv python3-pip
fi
if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))'; then
    echo "gametree needs Python 3.10 or newer: choose the Ubuntu 22.04 base image" >&2
    exit 1
fi
echo "{sha256}  $WHEEL" | sha256sum -c -
python3 -m venv "$ROOT/{venv}"
"$ROOT/{venv}/bin/python" -m pip install --disable-pip-version-check --no-cache-dir "$WHEEL"
"$ROOT/{venv}/bin/python" -I -c 'import gametree; assert gametree.__version__ == "{version}"'
"""

_RUN = """\
#!/usr/bin/env bash
# Written by gametree {version} (gametree gradescope). Gradescope runs this for each
# submission: it grades ROOT/submission into ROOT/results/results.json. Only the
# grader writes a grade: an old results.json is deleted first, the results folder (and
# the harness: source, environment) is root's alone, and unless the grader finishes
# cleanly the file says so (0).
ROOT="${{AUTOGRADER_ROOT:-/autograder}}"
RESULTS="$ROOT/results"
mkdir -p "$RESULTS"
chmod 700 "$RESULTS" "$ROOT/source" "$ROOT/{venv}" 2>/dev/null
rm -f "$RESULTS/results.json"
cd "$ROOT" || exit 0
"$ROOT/{venv}/bin/python" -I -c '
import sys
from gametree.platforms.gradescope import run_autograder
sys.exit(run_autograder(sys.argv[1]))' "$ROOT"
status=$?
if [ "$status" -ne 0 ] || [ ! -s "$RESULTS/results.json" ]; then
    cat > "$RESULTS/.results.json.failed" <<'JSON'
{fallback}
JSON
    mv -f "$RESULTS/.results.json.failed" "$RESULTS/results.json"
fi
exit 0
"""

SANDBOX_SETUP = """\
# Students' code runs in bubblewrap where it can (Gradescope's images are Ubuntu).
if ! command -v bwrap >/dev/null 2>&1; then
    apt-get update && apt-get install -y bubblewrap \\
        || echo "bubblewrap could not be installed: code runs in unshare or not at all" >&2
fi
"""
"""What the code zip's ``setup.sh`` adds: bubblewrap for the students' code's sandbox."""


@dataclass(frozen=True)
class Autograder:
    """What :func:`write_autograder` wrote: the zip, its tests and points, the wheel."""

    path: Path
    tests: int
    total: float
    wheel: str


def _fallback(total: float) -> str:
    message = (
        "The grader failed: it did not finish grading your submission (its Python "
        "environment is missing or broken, or it was stopped), so no score was given. "
        "Contact your instructor."
    )
    return json.dumps(failure_document(message, total, "Running the autograder"), indent=2)


def write_autograder(
    output: str | os.PathLike[str],
    G: nx.DiGraph,
    *,
    ask: Iterable[str] = DEFAULT_ASK,
    visibility: str = "visible",
    max_bytes: int = DEFAULT_MAX_BYTES,
    wheel: Wheel | None = None,
    force: bool = False,
    **options: Any,
) -> Autograder:
    """Write a Gradescope autograder zip for hand-worked answers about ``G``.

    Parameters
    ----------
    output : path
        The zip to write (refused if it exists, unless ``force``).
    G : networkx.DiGraph
        The exercise tree.
    ask : iterable of str
        The items graded (:data:`gametree.platforms.items.ASK_CHOICES`), one test each.
    visibility : str
        Of every test, one of :data:`VISIBILITIES`.
    max_bytes : int
        The largest answer file graded.
    wheel : Wheel, optional
        The gametree wheel to bundle; by default the running gametree
        (:func:`gametree.platforms.package.build_wheel`).
    force : bool
        Replace ``output`` if it exists.
    **options
        The convention, as :class:`gametree.AnswerKey` takes it (``algorithm``,
        ``prune_on_equal``, ``fail``, ``depth``, ``window``, ``window_at``, ...).

    Returns
    -------
    Autograder

    Raises
    ------
    PlatformError
        For an unknown visibility, item or a limit below 1.
    OutputExistsError
        If ``output`` exists and ``force`` is false.
    """
    import gametree
    from gametree.outfiles import check_new_output

    check_settings(visibility, max_bytes)
    if options.get("algorithm") == "mcts":
        raise PlatformError("a hand-worked autograder checks search answers; -a mcts is not one")
    asked = check_ask(ask)
    check_new_output(output, force=force)
    key = AnswerKey(G, **options)
    items = exercise_items(key, asked)
    config = {
        "mode": "hand",
        "tree": gametree.dumps(G, "json"),
        "options": {**options, "root": key.root},
        "ask": list(asked),
        "visibility": visibility,
        "max_bytes": max_bytes,
        "total": sum(i.max_score for i in items),
        "tests": [i.name for i in items],
        "key": key.answers(),
    }
    return write_autograder_zip(output, config, wheel=wheel, force=force)


def check_settings(visibility: str, max_bytes: int) -> None:
    """Refuse a visibility Gradescope does not document, or a size limit below 1 byte.

    Raises
    ------
    PlatformError
    """
    if visibility not in VISIBILITIES:
        raise PlatformError(f"visibility {visibility!r}; choose from {', '.join(VISIBILITIES)}")
    if max_bytes < 1:
        raise PlatformError(f"max_bytes must be at least 1, got {max_bytes}")


def write_autograder_zip(
    output: str | os.PathLike[str],
    config: Mapping[str, Any],
    *,
    wheel: Wheel | None = None,
    force: bool = False,
) -> Autograder:
    """Write an autograder zip: ``setup.sh``, ``run_autograder``, the wheel and ``config``.

    What every kind of autograder shares; :func:`write_autograder` (hand-worked
    answers) and :func:`gametree.platforms.gradescope_code.write_code_autograder` (code)
    make the configuration.

    Parameters
    ----------
    output : path
        The zip to write (refused if it exists, unless ``force``).
    config : mapping
        What :func:`run_autograder` reads: at least ``mode`` (a key of
        :data:`GRADERS`), ``total`` (the points) and ``tests`` (their names); the
        gametree version and the wheel's name and SHA-256 are added.
    wheel : Wheel, optional
        The gametree wheel to bundle; by default the running gametree
        (:func:`gametree.platforms.package.build_wheel`).
    force : bool
        Replace ``output`` if it exists.

    Returns
    -------
    Autograder

    Raises
    ------
    PlatformError
        For a mode no grader is registered for.
    OutputExistsError
        If ``output`` exists and ``force`` is false.
    """
    import gametree

    if config.get("mode") not in GRADERS:
        raise PlatformError(f"mode {config.get('mode')!r}; expected one of {', '.join(GRADERS)}")
    wheel = wheel if wheel is not None else build_wheel()
    total = float(config["total"])
    full = {
        "mode": config["mode"],
        "gametree": gametree.__version__,
        "wheel": {"file": wheel.filename, "sha256": wheel.sha256},
        **{k: v for k, v in config.items() if k != "mode"},
    }
    fill = {"version": gametree.__version__, "wheel": wheel.filename, "venv": _VENV}
    fill["sandbox"] = SANDBOX_SETUP if config["mode"] == "code" else ""
    files = [
        ("setup.sh", _SETUP.format(sha256=wheel.sha256, **fill).encode(), _SCRIPT_MODE),
        ("run_autograder", _RUN.format(fallback=_fallback(total), **fill).encode(), _SCRIPT_MODE),
        (CONFIG_NAME, (json.dumps(full, indent=2) + "\n").encode(), 0o644),
        (wheel.filename, wheel.data, 0o644),
    ]
    with replacing(output, force=force) as temp, zipfile.ZipFile(temp, "w") as archive:
        for name, data, mode in files:
            entry = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            entry.external_attr = (stat.S_IFREG | mode) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    return Autograder(Path(output), len(full["tests"]), total, wheel.filename)
