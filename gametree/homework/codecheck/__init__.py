"""Checking students' search code: run it on explicit trees, compare every call it makes.

- ``runtime``: what runs inside the child process (protocols, recorder, stand-ins).
- ``treespec``: a gametree tree as the plain data the child reads.
- ``sandbox``: where the child runs (bubblewrap, unshare, none), chosen at run time.
- ``runner``: the child process with limits, and what it reported; ``messages``: its
  lines read with size caps and checked against their schemas.
- ``reference``: the right search's behaviour, from gametree's traced search.
- ``behaviour``: a run's call log read as values read and positions generated.
- ``compare``: correct or not, and the first divergence in explanation words.
- ``mutants`` and ``catalogue``: well-known bugs as mutations of a reference-style search.
- ``suite``: the built-in trees; ``diagram``: where code and search parted, drawn.
- ``iterative``: iterative-deepening entries, checked pass by pass.
- ``adapters``: an instructor's adapter file (a course's own classes), read for the child.
- ``profiles``: each protocol's course rules, and the rules in force for a check.
- ``coursetrees``: a course's own test trees (CS188 ``.test`` files, aima tables).
- ``signatures``: the mutants' behaviours cached on disk, computed once per set-up.
- ``diagnosis``: naming every bug a submission's runs show, and crashes as crashes.
- ``entries``: the entry called, the search it stands for, what its parameters ask for.
- ``protocols``: the protocols by name; a trusted entry (a mutant) run through one.
- ``report``: the report types, text and JSON; ``checker``: one submission end to end;
  ``grading``: a class in a folder, one CSV row each.
"""

from typing import TYPE_CHECKING

from gametree.lazyimport import lazy_package

if TYPE_CHECKING:
    from gametree.homework.codecheck.catalogue import BUGS, Bug
    from gametree.homework.codecheck.checker import PROTOCOLS, Checker, check_code
    from gametree.homework.codecheck.grading import CodeGradeReport, CodeGradeRow, grade_code
    from gametree.homework.codecheck.report import BugReport, CodeReport, TreeResult
    from gametree.homework.codecheck.runner import Limits
    from gametree.homework.codecheck.sandbox import Sandbox, SandboxUnavailable, choose_sandbox
    from gametree.homework.codecheck.suite import SUITE

# Each public name is imported from its module when first used, so that checking one
# file does not import the class-grading machinery (and the reverse).
lazy_package(
    __name__,
    {
        "BUGS": "gametree.homework.codecheck.catalogue",
        "Bug": "gametree.homework.codecheck.catalogue",
        "PROTOCOLS": "gametree.homework.codecheck.checker",
        "Checker": "gametree.homework.codecheck.checker",
        "check_code": "gametree.homework.codecheck.checker",
        "CodeGradeReport": "gametree.homework.codecheck.grading",
        "CodeGradeRow": "gametree.homework.codecheck.grading",
        "grade_code": "gametree.homework.codecheck.grading",
        "BugReport": "gametree.homework.codecheck.report",
        "CodeReport": "gametree.homework.codecheck.report",
        "TreeResult": "gametree.homework.codecheck.report",
        "Limits": "gametree.homework.codecheck.runner",
        "Sandbox": "gametree.homework.codecheck.sandbox",
        "SandboxUnavailable": "gametree.homework.codecheck.sandbox",
        "choose_sandbox": "gametree.homework.codecheck.sandbox",
        "SUITE": "gametree.homework.codecheck.suite",
    },
)

__all__ = [
    "BUGS",
    "PROTOCOLS",
    "SUITE",
    "Bug",
    "BugReport",
    "Checker",
    "CodeGradeReport",
    "CodeGradeRow",
    "CodeReport",
    "Limits",
    "Sandbox",
    "SandboxUnavailable",
    "TreeResult",
    "check_code",
    "choose_sandbox",
    "grade_code",
]
