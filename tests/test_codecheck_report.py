"""The report: graded tests for autograders, JSON that survives infinities, the text."""

from __future__ import annotations

import json

from gametree.homework.codecheck import Checker
from gametree.homework.codecheck.behaviour import Behaviour
from gametree.homework.codecheck.mutants import Mutation


def test_graded_tests_are_one_per_tree_with_the_explanation() -> None:
    checker = Checker("tree", "f", "alphabeta")
    mutant = next(m for m in checker.mutants if m.bug.code == "no-pruning")
    report = checker.assess(list(mutant.runs), "x.py")
    tests = report.graded_tests()
    assert [t["name"] for t in tests] == [f"tree {c.name}" for c in checker.cases]
    assert all(t["max_score"] == 1 for t in tests)
    assert sum(t["score"] for t in tests) == report.right
    wrong = next(t for t in tests if t["score"] == 0)
    assert "first difference:" in wrong["output"] and "you #" in wrong["output"]
    data = json.loads(report.to_json())
    assert data["bugs"][0]["code"] == "no-pruning" and data["bugs"][0]["matches_every_tree"]


def test_a_file_that_does_not_run_is_one_failed_graded_test() -> None:
    checker = Checker("tree", "f", "minimax")
    report = checker.assess([None] * len(checker.cases), "x.py", ["x.py has no 'f'"])
    assert all(t.verdict == "not run" for t in report.trees) and report.score == 0
    tests = report.graded_tests()
    assert len(tests) == len(checker.cases) and not any(t["score"] for t in tests)


def test_json_writes_infinities_as_text_and_the_text_report_quotes_frames() -> None:
    checker = Checker(
        "tree", "f", "minimax", suite=False, trees=[__import__("gametree").parse("(A 1 2)")]
    )
    failed = Behaviour(
        error={
            "kind": "exception",
            "type": "ValueError",
            "message": "bad",
            "frames": [[4, "f", "x = 1/0", 1]],
        },
        value=float("inf"),
    )
    report = checker.assess([failed], "x.py")
    data = json.loads(report.to_json())
    assert data["trees"][0]["returned"]["value"] == "inf"
    assert data["trees"][0]["error"]["traceback"] == ["line 4, in f: x = 1/0"]
    assert "ValueError: bad" in report.to_text() and "line 4, in f: x = 1/0" in report.to_text()
    assert Mutation().code == ""  # the unmutated search has no code
