"""Naming what is wrong: the catalogued bugs a submission's runs match, and the bugs
read from the run itself (a crash with the student's line, Python 2 idioms, random
tie-breaks).

:func:`name_bugs` covers the wrong trees with the catalogue's mutants, every bug with
its trees; :func:`rule_bug` adds the course's cut rule when the matching mutant breaks
it too; :func:`observed_bugs` reads errors and the file. The
:class:`~gametree.homework.codecheck.checker.Checker` calls them with itself.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gametree.homework.codecheck.behaviour import Behaviour
from gametree.homework.codecheck.catalogue import (
    BUGS,
    CRASH,
    PYTHON2,
    PYTHON2_SIGNS,
    RANDOM_TIES,
    Bug,
    ObservedBug,
)
from gametree.homework.codecheck.compare import error_text
from gametree.homework.codecheck.mutants import Mutation
from gametree.homework.codecheck.report import BugReport, CodeReport, TreeResult
from gametree.homework.codecheck.runner import ChildRun
from gametree.homework.codecheck.treespec import TreeCase

__all__ = [
    "RANDOM_LOOKALIKES",
    "Judge",
    "Mutant",
    "crashed",
    "name_bugs",
    "observed_bugs",
    "rule_bug",
]

RANDOM_CALL = re.compile(r"\b(random\.(choice|shuffle|sample)|shuffle)\s*\(")
"""A call that picks or orders moves at random."""

RANDOM_LOOKALIKES = frozenset({"tie-break-last", "tie-break-by-name"})
"""Codes a random tie-break matches by chance on one run: left out beside it."""


@dataclass(frozen=True)
class Mutant:
    """One catalogued mutant's runs, one per tree, and what they tell."""

    bug: Bug
    mutation: Mutation
    runs: tuple[Behaviour, ...]
    wrong: tuple[bool, ...]
    """Per tree: whether the mutant's behaviour is wrong there."""
    base: tuple[Behaviour, ...] | None
    """The unmutated search under the mutant's cut rule: a tree shows the bug only where
    the mutant differs from it (its mistake, not its cut rule alone, is why)."""
    rule: bool | None
    """The convention under which the most of its trees are right."""


class Judge(Protocol):
    """What the naming reads of a checker."""

    cases: list[TreeCase]
    mutants: list[Mutant]
    pinned: bool | None

    def key_of(self, run: Behaviour, i: int, student: Behaviour | None) -> tuple[Any, ...]: ...

    def shows(self, mutant: Mutant, i: int, student: Behaviour) -> bool: ...


def name_bugs(
    checker: Judge, runs: Sequence[Behaviour | None], results: list[TreeResult]
) -> tuple[BugReport, ...]:
    """Every catalogued bug the runs show, each with its trees.

    A crash is no behaviour: trees where the code raised are left out (the report
    gives the exception and the student's line). A mutant that behaves as the
    submission on every tree names the bug alone; otherwise the wrong trees are
    covered greedily: the bug whose mutant behaves as the submission on the most
    wrong trees not yet explained first, then the next, while one explains a tree
    more (a file with two bugs gets both, each with the trees it shows on).
    """
    presented = [
        i for i, r in enumerate(runs) if r is not None and not r.skipped and not crashed(r)
    ]
    if not presented:
        return ()
    student = {i: runs[i] for i in presented}
    keys = {i: checker.key_of(b, i, b) for i, b in student.items()}  # type: ignore[arg-type]
    by_name = {t.name: t for t in results}
    wrong = {i for i in presented if not by_name[checker.cases[i].name].ok}
    best: dict[str, tuple[bool, int, Mutant, list[int], set[int], int]] = {}
    for mutant in checker.mutants:
        same = [i for i in presented if checker.key_of(mutant.runs[i], i, student[i]) == keys[i]]
        telling = [i for i in same if checker.shows(mutant, i, student[i])]  # type: ignore[arg-type]
        if not telling:
            continue
        covered = set(same) & wrong
        score = (len(same) == len(presented), len(covered), len(same), len(telling))
        old = best.get(mutant.bug.code)
        if old is None or score > (old[0], len(old[4]), old[5], old[1]):
            best[mutant.bug.code] = (
                score[0],
                len(telling),
                mutant,
                telling,
                covered,
                len(same),
            )
    if not best:
        return ()
    order = {bug.code: n for n, bug in enumerate(BUGS)}
    everywhere = [v for v in best.values() if v[0]]
    if everywhere:
        chosen = sorted(everywhere, key=lambda v: order[v[2].bug.code])
    else:
        chosen, uncovered = [], set(wrong)
        pool = list(best.values())
        while uncovered and pool:
            top = max(
                pool,
                key=lambda v: (len(v[4] & uncovered), v[5], len(v[3]), -order[v[2].bug.code]),
            )
            if not top[4] & uncovered:
                break
            chosen.append(top)
            uncovered -= top[4]
            pool.remove(top)
    kept: list[tuple[bool, int, Mutant, list[int], set[int], int]] = []
    for v in chosen:
        twin = any(
            all(
                checker.key_of(v[2].runs[i], i, None) == checker.key_of(k[2].runs[i], i, None)
                for i in presented
            )
            for k in kept
        )
        if not twin:  # a mutant that behaves exactly as an earlier bug's is that bug
            kept.append(v)
    broken_rule = rule_bug(checker, kept, best)
    return broken_rule + tuple(
        BugReport(
            code=v[2].bug.code,
            explanation=v[2].bug.does,
            fix=v[2].bug.fix,
            trees=tuple(
                checker.cases[i].name for i in sorted(set(v[3]) | (v[4] if not v[0] else set()))
            ),
            variant=v[2].mutation.variant,
            everywhere=bool(v[0]),
        )
        for v in kept
    )


def rule_bug(
    checker: Judge,
    kept: list[tuple[bool, int, Mutant, list[int], set[int], int]],
    best: dict[str, tuple[bool, int, Mutant, list[int], set[int], int]],
) -> tuple[BugReport, ...]:
    """The pinned cut rule broken as well: a bug whose matching form cuts by the
    other rule (root alpha never raised *and* pruning on equality) is two bugs."""
    if checker.pinned is None:
        return ()
    code = "prunes-on-equal" if checker.pinned is False else "misses-equal-cutoff"
    if any(v[2].bug.code == code for v in kept):
        return ()
    other = [
        v
        for v in kept
        if not v[2].bug.own_rule
        and v[2].mutation.poe_max == v[2].mutation.poe_min != checker.pinned
    ]
    if not other:
        return ()
    bug = next(b for b in BUGS if b.code == code)
    own = best.get(code)
    trees = own[3] if own is not None else other[0][3]
    names = tuple(checker.cases[i].name for i in sorted(trees))
    return (BugReport(code=code, explanation=bug.does, fix=bug.fix, trees=names),)


def observed_bugs(
    checker: Judge, child: ChildRun, report: CodeReport, source: bytes | None
) -> tuple[BugReport, ...]:
    """The bugs named from the run's errors and the file: Python 2 idioms, a
    crash (with the student's line), random tie-breaks."""
    out: list[BugReport] = []
    errors: list[tuple[str, Mapping[str, Any]]] = []
    if child.load is not None:
        errors.append(("load", child.load))
    errors += [(t.name, t.error) for t in report.trees if t.error is not None]
    py2 = [name for name, e in errors if any(x in str(e.get("message", "")) for x in PYTHON2_SIGNS)]
    if py2:
        out.append(observed_report(PYTHON2, [n for n in py2 if n != "load"]))
    crashed = [
        t
        for t in report.trees
        if t.error is not None
        and t.error.get("kind") in ("exception", "recursion")
        and t.name not in py2
    ]
    if crashed:
        first = crashed[0]
        lines = first.traceback_lines()
        where = f" ({lines[-1]})" if lines else ""
        variant = f"{error_text(first.error)}{where}"
        out.append(observed_report(CRASH, [t.name for t in crashed], variant))
    if source is not None and RANDOM_CALL.search(source.decode("utf-8", "replace")):
        wrong = [t.name for t in report.trees if not t.ok]
        if wrong:
            out.append(observed_report(RANDOM_TIES, wrong))
    return tuple(out)


def observed_report(bug: ObservedBug, trees: Sequence[str], variant: str = "") -> BugReport:
    return BugReport(bug.code, bug.does, bug.fix, tuple(trees), variant)


def crashed(run: Behaviour) -> bool:
    """Whether the run ended in an exception of the code's own (not a refusal, a
    time-out or a protocol's note)."""
    return run.error is not None and run.error.get("kind") in ("exception", "recursion")
