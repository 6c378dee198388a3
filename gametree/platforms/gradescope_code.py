"""Gradescope autograders for search code: ``gametree gradescope --code``.

The zip is the one :mod:`gametree.platforms.gradescope` writes for hand-worked answers
(``setup.sh``, ``run_autograder``, the bundled gametree wheel; both scripts rooted at
``$AUTOGRADER_ROOT``, default ``/autograder``), with a configuration of mode ``"code"``:
the protocol, entry, algorithm, convention and limits of a
:class:`~gametree.homework.codecheck.Checker`, and every tree it checks on, each as
gametree JSON with its name, purpose and depth limit. The trees are bundled, not redrawn
on Gradescope's machine: the built-in suite, the instructor's ``--trees`` files and the
``--random`` trees alike, so every student is graded on exactly the suite the
instructor built the zip with (:func:`write_code_autograder` checks that the bundled
trees rebuild the same cases and the same right searches before it writes the zip).

For each submission, :func:`grade_code` finds the Python file to grade (see below),
runs it in a sandboxed child process with the configured limits as ``gametree
check-code`` does (:meth:`~gametree.homework.codecheck.Checker.run`; the zip's
``setup.sh`` installs bubblewrap, and the grader refuses to run the code where no
sandbox works unless the zip was written with ``--no-sandbox``: the student then gets
0 and "the grader failed: contact your instructor"), and writes results.json
(Gradescope's autograder specification,
https://gradescope-autograders.readthedocs.io/en/latest/specs/, ``docs/specs.md`` of
github.com/gradescope/autograder_samples):

* one test per tree, worth one point, named ``tree <name>``. Its ``output_format`` is
  ``html`` (the specification's "Output String Formatting": ``text`` renders no markup,
  ``html`` is sanitized "so you may not be able to use all HTML elements"): what the
  tree is for, the first divergence in the checker's words, the code's own failing lines
  and printed output, the text art of the tree with the search's and the code's steps
  in a ``<pre>`` block, the divergence picture as an inline SVG
  (:func:`gametree.publish.codediagrams.divergence_svgs`), and each catalogued bug that
  shows on the tree with its fix. The ``<pre>`` says everything the picture shows, so a
  sanitizer that drops SVG loses nothing; pictures stop after :data:`SVG_BUDGET`
  characters, so that a class of wrong submissions on many random trees does not make
  results.json megabytes long;
* a top-level ``html`` output: the score, the verdict, the convention the code follows
  (or the course's, when pinned), the bugs named with how to fix them, and what
  concerns the whole file (time-outs, files not graded);
* a submission that cannot run at all (no Python file, an empty, oversized or
  unreadable one, one that does not load, or has no such entry) gets one visible test
  worth every point, scored 0, with a message saying what to do: never a failed run.
  A crash or a time-out on a tree is that tree's finding, with the lines it happened
  at; after two time-outs the remaining trees are not run, and say so.

Which file is graded. Students upload a folder as often as a file: CS188's project
hands out ``multiAgents.py`` beside ``pacman.py``, ``game.py``, ``util.py`` and a dozen
more, and a browser download renames ``multiAgents.py`` to ``multiAgents (1).py``. A
file's name therefore says little; what it defines says which one holds the solution.
With one ``.py`` file, that file is graded. With several, each is parsed with
:mod:`ast` (never run) and the one defining the entry at its top level (``def``,
``class`` or an assignment) is graded; where several define it, the one with the
protocol's usual name (:data:`USUAL_FILES`: ``multiAgents.py`` for CS188), else the
student is asked to submit one. Where none does, the usual-named file, or else the one
file that does not parse, is graded (so that check-code reports its missing entry or
its syntax error at the line); otherwise the student is told which name is missing.
Only the graded file runs: for CS188 the stand-ins for ``util``, ``game`` and ``pacman``
are supplied, anything else it imports must be in it (the message says so).
"""

from __future__ import annotations

import ast
import html
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from functools import partial
from pathlib import PurePosixPath
from typing import Any

from gametree.exceptions import PlatformError
from gametree.homework.codecheck import Checker, CodeReport, Limits, TreeResult
from gametree.homework.codecheck.compare import RETURNS_VALUE, error_text
from gametree.homework.codecheck.profiles import COURSE
from gametree.homework.codecheck.runner import ChildRun
from gametree.homework.codecheck.sandbox import SandboxUnavailable
from gametree.homework.codecheck.treespec import tree_case
from gametree.platforms.gradescope import (
    DEFAULT_MAX_BYTES,
    Autograder,
    Submission,
    SubmissionError,
    Test,
    check_settings,
    failure_document,
    read_submission,
    results_document,
    write_autograder_zip,
)
from gametree.platforms.package import Wheel

__all__ = [
    "SVG_BUDGET",
    "USUAL_FILES",
    "checker_from_config",
    "entry_file",
    "grade_code",
    "top_level_names",
    "write_code_autograder",
]

USUAL_FILES = {"cs188": "multiAgents.py", "aima": "games.py"}
"""The file a protocol's code usually lives in (preferred when several define the entry)."""

SVG_BUDGET = 100_000
"""Characters of divergence pictures one results.json holds at most; trees past it keep
their text art only."""

_NAMES = {"minimax": "minimax", "alphabeta": "alpha-beta", "expectiminimax": "expectiminimax"}
_STANDINS = {"cs188": " (util, game and pacman are supplied)"}


# ---------------------------------------------------------------------------- the zip


def _tree_entries(checker: Checker) -> list[dict[str, Any]]:
    from gametree.readwrite import dumps

    return [
        {"name": c.name, "purpose": c.purpose, "depth": c.depth, "tree": dumps(c.graph, "json")}
        for c in checker.cases
    ]


def checker_from_config(config: Mapping[str, Any]) -> Checker:
    """Rebuild the :class:`~gametree.homework.codecheck.Checker` a code autograder's
    configuration describes: its settings, and exactly its bundled trees."""
    from gametree.readwrite import loads

    code = config["code"]
    cases = [
        tree_case(loads(t["tree"], "json"), t["name"], depth=t["depth"], purpose=t["purpose"])
        for t in config["trees"]
    ]
    return Checker(
        code["protocol"],
        code["entry"],
        code["algorithm"],
        prune_on_equal=code["prune_on_equal"],
        trees=cases,
        suite=False,
        tie_break=code["tie_break"],
        ordered=code.get("ordered", COURSE),
        foreign_agent_calls=code.get("foreign_agent_calls", COURSE),
        limits=Limits(**code["limits"]),
        sandbox=code.get("sandbox", "auto"),
        require_sandbox=code.get("require_sandbox", True),
    )


def _same_cases(a: Checker, b: Checker) -> bool:
    """Whether ``b`` presents the same trees as ``a`` and expects the same searches."""
    if [c.spec for c in a.cases] != [c.spec for c in b.cases]:
        return False
    fields = ("evaluations", "generated", "value", "move", "best_moves")
    return all(
        {k: [getattr(e, f) for f in fields] for k, e in x.items()}
        == {k: [getattr(e, f) for f in fields] for k, e in y.items()}
        for x, y in zip(a.expected, b.expected, strict=True)
    )


def write_code_autograder(
    output: str | os.PathLike[str],
    checker: Checker,
    *,
    visibility: str = "visible",
    max_bytes: int = DEFAULT_MAX_BYTES,
    wheel: Wheel | None = None,
    force: bool = False,
    require_sandbox: bool = True,
) -> Autograder:
    """Write a Gradescope autograder zip that checks students' search code.

    Parameters
    ----------
    output : path
        The zip to write (refused if it exists, unless ``force``).
    checker : gametree.homework.codecheck.Checker
        What to check: protocol, entry, algorithm, convention, trees and limits, as
        ``gametree check-code`` takes them (build it with ``Checker(...)`` or
        :func:`gametree.homework.codecheck.checker.checker_for`). Its trees are bundled.
    visibility : str
        Of every tree's test, one of :data:`~gametree.platforms.gradescope.VISIBILITIES`.
    max_bytes : int
        The largest Python file graded.
    wheel : Wheel, optional
        The gametree wheel to bundle; by default the running gametree.
    force : bool
        Replace ``output`` if it exists.
    require_sandbox : bool, default True
        Refuse to run a submission where Gradescope's container allows no sandbox (the
        student gets 0 and "the grader failed: contact your instructor"); False runs
        it unisolated there.

    Returns
    -------
    Autograder
        One test (one point) per tree.

    Raises
    ------
    PlatformError
        For an unknown visibility, a limit below 1, or a tree that does not come back
        the same from gametree's JSON format.
    OutputExistsError
        If ``output`` exists and ``force`` is false.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from gametree.homework.codecheck import Checker
    >>> from gametree.platforms.package import Wheel
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> wheel = Wheel("gametree-0.1.0-py3-none-any.whl", b"(a wheel)")
    >>> made = write_code_autograder(folder / "ag.zip", Checker("cs188", "AlphaBetaAgent"),
    ...                              wheel=wheel)
    >>> made.tests == made.total == len(Checker("cs188", "AlphaBetaAgent").cases)
    True
    """
    from gametree.outfiles import check_new_output

    check_settings(visibility, max_bytes)
    check_new_output(output, force=force)
    config: dict[str, Any] = {
        "mode": "code",
        "code": {
            "protocol": checker.protocol,
            "entry": checker.entry,
            "algorithm": checker.algorithm,
            **checker.given,
            "limits": asdict(checker.limits),
            "file": USUAL_FILES.get(checker.protocol),
            "sandbox": checker.sandbox_preference,
            "require_sandbox": require_sandbox,
        },
        "trees": _tree_entries(checker),
        "visibility": visibility,
        "max_bytes": max_bytes,
        "total": float(len(checker.cases)),
        "tests": [f"tree {c.name}" for c in checker.cases],
    }
    if not _same_cases(checker, checker_from_config(config)):
        raise PlatformError(
            "the trees do not come back the same from gametree's JSON format, so the "
            "autograder could not check the same suite; check their node ids and values"
        )
    return write_autograder_zip(output, config, wheel=wheel, force=force)


# ---------------------------------------------------------------------------- the file


def top_level_names(source: bytes) -> set[str] | None:
    """The names a Python file defines at its top level (functions, classes,
    assignments, imports), read with :mod:`ast` without running it; None when it does
    not parse.

    >>> sorted(top_level_names(b"import math\\nclass A(B): pass\\ndef f(): pass\\nx = y = 1"))
    ['A', 'f', 'math', 'x', 'y']
    >>> top_level_names(b"def f(:") is None
    True
    """
    try:
        module = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    names: set[str] = set()
    for node in module.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


def entry_file(files: Sequence[Submission], entry: str, usual: str | None) -> Submission:
    """Choose the file to grade among several ``.py`` files (see the module docstring).

    Raises
    ------
    SubmissionError
        When several files define ``entry`` and none has the usual name, or none
        defines it and none can be graded in its place.
    """
    if len(files) == 1:
        return files[0]
    names = {f.name: top_level_names(f.data) for f in files}

    def base(f: Submission) -> str:
        return PurePosixPath(f.name).name

    def chosen(f: Submission, why: str) -> Submission:
        others = ", ".join(g.name for g in files if g is not f)
        return Submission(f.name, f.data, (f"graded {f.name} ({why}); not graded: {others}",))

    defining = [f for f in files if entry in (names[f.name] or ())]
    if len(defining) == 1:
        return chosen(defining[0], f"the file that defines {entry}")
    usual_named = [f for f in (defining or files) if base(f) == usual]
    if len(usual_named) == 1:
        why = f"it has the usual name, {usual}" if defining else f"none defines {entry}"
        return chosen(usual_named[0], why)
    if defining:
        shown = ", ".join(f.name for f in defining[:5])
        raise SubmissionError(
            f"Several of your files define {entry} ({shown}). Submit only the file with "
            "your solution and submit again."
        )
    broken = [f for f in files if names[f.name] is None]
    if len(broken) == 1:
        return chosen(broken[0], "it is the one that is not valid Python")
    shown = ", ".join(f.name for f in files[:5]) + (", ..." if len(files) > 5 else "")
    named = f" (usually in {usual})" if usual else ""
    raise SubmissionError(
        f"None of your files ({shown}) defines {entry}{named}. Submit the file that "
        f"defines it, with {entry} spelled exactly so (names are case-sensitive)."
    )


# ---------------------------------------------------------------------------- grading


def _load_message(report: CodeReport, child: ChildRun, name: str, protocol: str) -> str:
    """Why the file could not run, and what to do (a missing entry, or a load error)."""
    if child.missing is not None:
        defined = ", ".join(child.names[:8]) or "nothing callable"
        return (
            f"{name} has no {child.missing} (it defines: {defined}). Define "
            f"{child.missing} at the top level of your file, spelled exactly so (names "
            "are case-sensitive), and submit again."
        )
    error = report.load_error or {}
    lines = [f"{name} could not be loaded: {error_text(error)}"]
    lines += [
        f"  line {a}, in {b}: {c}" + (f"  (x{n})" if n > 1 else "")
        for a, b, c, n in error.get("frames", ())
    ]
    kind, kind_name = error.get("kind"), error.get("type")
    if kind_name in ("ModuleNotFoundError", "ImportError"):
        lines.append(
            f"Only {name} is run{_STANDINS.get(protocol, '')}: copy what it needs from "
            "your other files into it, and submit again."
        )
    elif kind == "exit":
        lines.append(
            "Your file must not call exit() when it is loaded: remove the call, or put it "
            "under `if __name__ == '__main__':`, and submit again."
        )
    elif kind in ("died", "timeout", "memory"):
        lines.append(
            "Your file must not start a game or a long computation when it is loaded: put "
            "such code under `if __name__ == '__main__':`, and submit again."
        )
    else:
        lines.append(
            "Fix the error above (run your file once with Python to see it) and submit again."
        )
    return "\n".join(lines)


def _shown(value: Any) -> str:
    return "-" if value is None else str(value)


def _outcome(t: TreeResult, protocol_values: bool) -> tuple[str, str]:
    """The right answer and the code's, as text ("move a1, value 3")."""
    d = t.to_dict()
    right = f"move {_shown(d['expected']['action'])}"
    got = f"move {_shown(d['returned']['action'])}"
    if protocol_values:
        right += f", value {_shown(d['expected']['value'])}"
        got += f", value {_shown(d['returned']['value'])}"
    return right, got


def _tree_html(
    report: CodeReport, t: TreeResult, svg: str | None, timeout: float, *, cut: bool = False
) -> str:
    """A tree's test output: what it tests, the verdict or the first divergence, the
    code's failing lines and output, the text art, the picture (``cut``: left out for
    size), the bugs it shows."""
    esc = html.escape
    out = [f"<p><em>{esc(t.purpose)}</em></p>"] if t.purpose else []
    right, got = _outcome(t, report.protocol in RETURNS_VALUE)
    if t.ok:
        rule = {True: " (cutting on >= here)", False: " (cutting only on > here)", None: ""}
        out.append(f"<p>Right: your code returned {esc(got)}{rule[t.prune_on_equal]}.</p>")
        return "\n".join(out)
    if t.verdict == "not run":
        why = "; ".join(report.findings) or "an earlier tree stopped the run"
        out.append(f"<p>Not run. {esc(why[:1].upper() + why[1:])}.</p>")
        return "\n".join(out)
    if t.divergence is not None:
        out.append(f"<p><strong>First difference:</strong> {esc(t.divergence.text)}</p>")
    elif t.error:
        out.append(f"<p><strong>Your code failed:</strong> {esc(error_text(t.error))}</p>")
    if not t.error and right != got:
        out.append(f"<p>The search returns {esc(right)}; your code returned {esc(got)}.</p>")
    frames = t.traceback_lines()
    if frames:
        out.append("<p>Where your code was:</p>\n<pre>" + esc("\n".join(frames)) + "</pre>")
    if t.error and t.error.get("kind") == "timeout":
        out.append(
            f"<p>It did not finish within {timeout:g} s on this small tree: look for a loop "
            "that never ends, or a recursion that never reaches a leaf.</p>"
        )
    if t.output_chars:
        out.append(
            f"<p>Your code printed {t.output_chars:,} characters; they start:</p>\n"
            f"<pre>{esc(t.output.strip()[:500])}</pre>"
        )
    if t.diagram and (not t.error or t.recorded_evaluations):  # how far a failed run got
        out.append(f"<pre>{esc(t.diagram)}</pre>")
    if svg is not None:
        out.append(svg)
    elif cut and t.diagram:
        out.append("<p>(Its picture is left out to keep these results short.)</p>")
    for bug in report.bugs:
        if t.name in bug.trees:
            variant = f" ({esc(bug.variant)})" if bug.variant else ""
            out.append(
                f"<p><strong>Bug: {esc(bug.code)}</strong>{variant}: {esc(bug.explanation)}"
                f"<br><strong>Fix:</strong> {esc(bug.fix)}</p>"
            )
    return "\n".join(out)


def _summary_html(report: CodeReport, found: Submission, total: float) -> str:
    """The top-level output: score, verdict, convention, bugs with fixes, findings."""
    esc = html.escape
    right, trees = report.right, len(report.trees)
    verdict = (
        "right on every tree"
        if report.ok
        else f"right on {right} of {trees} tree{'s' if trees != 1 else ''}"
    )
    lines = [
        f"<p><strong>Score: {float(right):g} / {total:g}</strong>: {esc(report.entry)} in "
        f"{esc(found.name)} is {verdict} (checked as {_NAMES[report.algorithm]}, "
        f"{esc(report.protocol)} protocol).</p>"
    ]
    convention = report.convention_text()
    if convention and (report.right or report.pinned is not None):
        lines.append(f"<p>Convention: {esc(convention)}.</p>")
    for bug in report.bugs:
        where = ", ".join(bug.trees)
        lines.append(
            f"<p><strong>Bug found: {esc(bug.code)}</strong> (on {esc(where)}): "
            f"{esc(bug.explanation)}<br><strong>How to fix it:</strong> {esc(bug.fix)}</p>"
        )
    failed = sum(bool(t.error) for t in report.trees)
    if failed:
        lines.append(
            f"<p>Your code failed on {failed} tree{'s' if failed != 1 else ''} (an error, a "
            "refused call or a time-out): each says how, and at which of your lines.</p>"
        )
    elif not report.ok and not report.bugs:
        lines.append(
            "<p>No well-known mistake matches your code's behaviour: each wrong tree below "
            "shows where your code and the search first differ.</p>"
        )
    notes = [*report.findings, *found.notes]
    if notes:
        lines.append("<ul>" + "".join(f"<li>{esc(n)}</li>" for n in notes) + "</ul>")
    return "\n".join(lines)


def _pictures(checker: Checker, report: CodeReport, child: ChildRun) -> tuple[dict[str, str], bool]:
    """The divergence pictures of the trees the code got wrong without failing, in
    order, up to :data:`SVG_BUDGET` characters; and whether some were left out."""
    from gametree.publish.codediagrams import divergence_svgs

    pictures: dict[str, str] = {}
    used = 0
    drawn = {t.name for t in report.trees if not t.ok and not t.error}
    for name, svg in divergence_svgs(checker, report, child, only=drawn):
        if used + len(svg) > SVG_BUDGET:
            return pictures, True
        pictures[name] = svg
        used += len(svg)
    return pictures, False


def grade_code(config: Mapping[str, Any], submission: str | os.PathLike[str]) -> dict[str, Any]:
    """Grade the search code in ``submission`` (a folder); return results.json's content.

    One test per bundled tree (one point each) when the file runs; otherwise one test
    worth every point, scored 0, saying what to do.
    """
    started = time.monotonic()
    visibility = config.get("visibility", "visible")
    total = float(config["total"])
    code = config["code"]
    entry, protocol = str(code["entry"]), str(code["protocol"])
    try:
        found = read_submission(
            submission,
            suffixes=(".py",),
            max_bytes=int(config["max_bytes"]),
            what="Python file",
            empty_hint=f"Write your {entry} in it, save it, and submit again.",
            choose=partial(entry_file, entry=entry, usual=code.get("file")),
        )
    except SubmissionError as exc:
        return failure_document(str(exc), total, "Reading your submission")
    checker = checker_from_config(config)
    try:
        checker.sandbox()
    except SandboxUnavailable as exc:
        message = (
            "The grader failed: it has no sandbox to run your code in on this machine "
            f"({exc}), so it did not run it. This is not a problem with your submission: "
            "contact your instructor."
        )
        return failure_document(message, total, "Running the autograder")
    name = PurePosixPath(found.name).name
    child = checker.run(found.data, name)
    report = checker.report(child, name, started)
    if report.load_error is not None or child.missing is not None:
        message = _load_message(report, child, found.name, protocol)
        return failure_document(message, total, f"Loading {found.name}", found.notes)
    pictures, cut = _pictures(checker, report, child)
    tests = [
        Test(
            f"tree {t.name}",
            1.0 if t.ok else 0.0,
            1.0,
            _tree_html(report, t, pictures.get(t.name), checker.limits.timeout, cut=cut),
            visibility,
            "html",
        )
        for t in report.trees
    ]
    return results_document(
        tests,
        output=_summary_html(report, found, total),
        visibility=visibility,
        execution_time=time.monotonic() - started,
        extra_data={
            "gametree": config.get("gametree"),
            "file": found.name,
            "verdict": report.verdict,
            "convention": dict(report.convention),
            "bugs": [b.code for b in report.bugs],
            "isolation": report.isolation,
        },
    )
