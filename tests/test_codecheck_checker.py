"""check-code end to end: student-style code run in a child process on the whole suite.

The submissions are in ``tests/codecheck_students.py``: right code for every protocol
and algorithm (both cut rules; fail-soft and, cutting on >=, fail-hard) passes every
tree, and code with each catalogued bug, written as a student would, is named by its
code. One checker per kind of submission is built once and shared.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from codecheck_students import AIMA, BUGGY, CORRECT, TREE

import gametree
from gametree.homework.codecheck import BUGS, Checker, check_code
from gametree.homework.codecheck.checker import default_algorithm, default_entry


@cache
def checker(protocol: str, algorithm: str, entry: str, pinned: bool | None) -> Checker:
    return Checker(protocol, entry, algorithm, prune_on_equal=pinned)


@pytest.mark.parametrize(
    ("protocol", "algorithm", "entry", "source", "rule"),
    CORRECT,
    ids=[f"{p}-{e}" for p, _, e, _, _ in CORRECT],
)
def test_right_code_passes_every_tree_and_its_rule_is_named(
    protocol: str, algorithm: str, entry: str, source: str, rule: bool | None
) -> None:
    report = checker(protocol, algorithm, entry, None).check(source.encode(), "sub.py")
    assert report.ok, report.to_text()
    assert report.score == 1.0 and not report.bugs
    # the only notes on right code say which trees its contract leaves out, and why
    assert all(f.startswith("not checked on ") for f in report.findings)
    assert len(report.trees) >= 3
    if algorithm == "alphabeta":
        assert report.convention["prune_on_equal"] is rule
    assert report.convention["fail"] is None


def test_the_same_code_is_right_under_its_pinned_rule_and_wrong_under_the_other() -> None:
    """A >= alpha-beta is right when the course pins >=; pinned > names the bug."""
    right = checker("tree", "alphabeta", "alphabeta", True).check(TREE.encode(), "ab.py")
    wrong = checker("tree", "alphabeta", "alphabeta", False).check(TREE.encode(), "ab.py")
    assert right.ok and right.convention["prune_on_equal"] is True
    assert not wrong.ok and [b.code for b in wrong.bugs] == ["prunes-on-equal"]
    assert {t.name for t in wrong.trees if not t.ok} == set(wrong.bugs[0].trees)


@pytest.mark.parametrize("code", list(BUGGY))
def test_each_catalogued_bug_written_as_a_student_would_is_named(code: str) -> None:
    protocol, algorithm, entry, source, pinned = BUGGY[code]
    report = checker(protocol, algorithm, entry, pinned).check(source.encode(), "sub.py")
    assert not report.ok
    assert [b.code for b in report.bugs] == [code], report.to_text()
    bug = report.bugs[0]
    assert bug.trees and set(bug.trees) <= {t.name for t in report.trees if not t.ok}
    assert bug.explanation and bug.fix
    assert all(t.divergence is not None for t in report.trees if not t.ok)


def test_every_catalogued_code_has_student_code_in_the_tests() -> None:
    assert set(BUGGY) == {bug.code for bug in BUGS}


def test_first_divergence_is_told_in_the_explanation_words() -> None:
    """AIMA Figure 5.2 with the root's alpha never raised: C is searched with an open
    window, so after H = 2 it goes on to I where alpha-beta stops (2 <= alpha 3)."""
    source = AIMA.replace(
        "v = min_value(game.result(state, a), best_score, math.inf)",
        "v = min_value(game.result(state, a), -math.inf, math.inf)",
    )
    report = checker("aima", "alphabeta", "alpha_beta_search", None).check(source.encode(), "x.py")
    fig52 = next(t for t in report.trees if t.name == "fig52")
    assert fig52.divergence is not None
    assert fig52.divergence.text == (
        "at C (MIN) the value 2 <= alpha 3 inherited from A after B returned 3, so "
        "alpha-beta stops at C; your code went on to evaluate I"
    )
    assert fig52.divergence.node == "C" and fig52.divergence.step == 4
    assert fig52.expected_evaluations == tuple("EFGHKLM")
    assert fig52.recorded_evaluations == tuple("EFGHIJKLM")
    assert "<- first difference" in fig52.diagram and "pruned  you #5" in fig52.diagram


def test_a_refused_call_quotes_the_students_own_lines() -> None:
    """Depth counted per agent reaches the limit at an inner node: getScore is refused
    there, and the report quotes the student's line that called it."""
    protocol, algorithm, entry, source, pinned = BUGGY["depth-per-agent"]
    report = checker(protocol, algorithm, entry, pinned).check(source.encode(), "multiAgents.py")
    wrong = next(t for t in report.trees if t.error)
    assert wrong.error is not None and wrong.error["kind"] == "refused"
    assert "getScore() at" in wrong.divergence.text  # type: ignore[union-attr]
    lines = wrong.traceback_lines()
    assert any("self.evaluationFunction(state)" in line for line in lines)
    assert any("currentGameState.getScore()" in line for line in lines)
    assert not any("pacman" in line or "cs188" in line for line in lines)


def test_check_code_reads_a_file_and_takes_trees_and_random_trees(tmp_path: Path) -> None:
    sub = tmp_path / "mm.py"
    sub.write_text(TREE)
    tree = tmp_path / "t.tree"
    tree.write_text("(A (B 1 9) (C 4 5))")
    report = check_code(
        sub, protocol="tree", entry="minimax", algorithm="minimax",
        trees=[tree, gametree.parse("(A 1 2)")], suite=False, random=3, seed=5,
    )  # fmt: skip
    assert [t.name for t in report.trees] == [
        "t.tree",
        "tree2",
        "random-5-1",
        "random-5-2",
        "random-5-3",
    ]
    assert report.ok


def test_defaults_from_standard_names_and_errors_for_others() -> None:
    assert default_algorithm("cs188", "AlphaBetaAgent", None) == "alphabeta"
    assert default_algorithm("aima", "alpha_beta_cutoff_search", None) == "alphabeta"
    assert default_algorithm("mutable", "x", "negamax") == "minimax"
    assert default_entry("aima", "expectiminimax") == "expect_minmax"
    with pytest.raises(gametree.SearchError, match="name the algorithm 'negamax' implements"):
        default_algorithm("mutable", "negamax", None)
    with pytest.raises(gametree.SearchError, match="unknown algorithm 'pvs'"):
        default_algorithm("tree", "f", "pvs")
    with pytest.raises(gametree.SearchError, match="no standard name"):
        default_entry("tree", "minimax")


def test_a_tree_the_protocol_cannot_present_is_refused_naming_why() -> None:
    with pytest.raises(gametree.SearchError, match="two MIN levels follow each other"):
        Checker(
            "mutable",
            "negamax",
            "minimax",
            trees=[gametree.parse("players: MAX MIN MIN\n(A (B (C 1 2)))")],
        )
