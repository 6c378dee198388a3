"""A course's own test trees (issue 34): CS188 ``.test`` files in both spellings and
aima-python-style tables, read as check-code cases and graded on."""

from __future__ import annotations

from pathlib import Path

import pytest
from codecheck_students import BUGGY, CS188

import gametree
from gametree.cli import main
from gametree.exceptions import TreeSyntaxError
from gametree.homework.codecheck import Checker
from gametree.homework.codecheck.coursetrees import aima_case, course_case, cs188_case

COURSE = Path(__file__).parent / "data" / "codecheck" / "course"


def test_both_cs188_spellings_read_as_the_same_tree() -> None:
    old = course_case(COURSE / "minimax_successors.test")
    new = course_case(COURSE / "minimax_children.test")
    assert old.spec["nodes"] == new.spec["nodes"]
    # depth "2" with 2 agents is 4 plies, past the leaves (3 plies): no limit is left
    assert old.depth is None
    # by hand: b1 = min(max(1), max(2)) = 1, b2 = min(3, 4) = 3, so a = 3 by Right
    result = gametree.solve(old.graph, "minimax")
    assert result.value == 3 and old.graph.edges["a", result.best_child]["move"] == "Right"


def test_an_expectimax_test_makes_the_ghosts_chance_nodes() -> None:
    case = course_case(COURSE / "expectimax_counts.test")
    assert case.spec["nodes"]["B"]["p"] == "CHANCE"
    result = gametree.solve(case.graph, "expectiminimax")
    assert result.value == 3 and result.best_child == "B"  # 3 over 2.5, not 6 against 7.5


def test_an_aima_table_reads_as_figure_5_2() -> None:
    case = course_case(COURSE / "fig52_aima.py")
    result = gametree.solve(case.graph, "minimax")
    assert result.value == 3 and case.graph.edges["A", result.best_child]["move"] == "a1"


def test_a_depth_limit_takes_the_states_values_at_the_limit() -> None:
    text = (COURSE / "minimax_successors.test").read_text().replace('depth: "2"', 'depth: "1"')
    case = cs188_case(text, "d1.test")
    assert case.depth == 2  # one round of 2 agents
    # the c states (ply 2) are scored by their evaluations: b1 = min(9, 8), b2 = min(7, -3)
    assert gametree.solve(case.graph, "minimax", depth=2).value == 8


@pytest.mark.parametrize(
    ("change", "line", "says"),
    [
        (("a Right b2\n", "a Right\n"), 18, "a successors line is 'state action next'"),
        (("c1 9\n", "c1 nine\n"), 30, "'nine' is not a number"),
        (('num_agents: "2"', 'num_agents: "two"'), 10, "num_agents must be a whole number"),
        (('start_state: "a"', "start_state: a"), 12, "must be quoted"),
        (("d4 4\n", ""), 30, "state 'd4' ends the search"),
        (("c4 Left d4\n", "c4 Left d4\nc3 Right d4\n"), 27, "state 'd4' is reached twice"),
    ],
)
def test_a_bad_test_file_is_refused_with_its_line(
    change: tuple[str, str], line: int, says: str
) -> None:
    text = (COURSE / "minimax_successors.test").read_text()
    assert change[0] in text
    with pytest.raises(TreeSyntaxError) as caught:
        cs188_case(text.replace(change[0], change[1], 1), "bad.test")
    assert caught.value.line == line and says in str(caught.value)
    assert str(caught.value).startswith(f"bad.test:{line}:")


def test_an_aima_table_runs_nothing_and_refuses_calls() -> None:
    with pytest.raises(TreeSyntaxError, match="only constants"):
        aima_case("succs = __import__('os').system('true')\nutils = {}\n", "evil.py")
    with pytest.raises(TreeSyntaxError, match="no utils"):
        aima_case("succs = {'A': {'a': 'B'}}\n", "half.py")


def test_the_suite_adds_the_courses_trees_and_grades_on_them() -> None:
    checker = Checker(
        "cs188",
        "ExpectimaxAgent",
        trees=[COURSE / "expectimax_counts.test"],
    )
    names = [c.name for c in checker.cases]
    assert names[-1] == "expectimax_counts.test" and len(names) > 1
    summed = BUGGY["chance-summed"][3]
    report = checker.check(summed.encode(), "multiAgents.py")
    wrong = {t.name for t in report.trees if not t.ok}
    assert "expectimax_counts.test" in wrong
    assert [b.code for b in report.bugs] == ["chance-summed"]
    assert checker.check(CS188.encode(), "multiAgents.py").ok


def test_cli_reads_test_files_and_says_where_a_bad_one_is_wrong(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = tmp_path / "multiAgents.py"
    code.write_text(CS188)
    tests = [str(COURSE / "minimax_successors.test"), str(COURSE / "minimax_children.test")]
    argv = ["check-code", str(code), "--protocol", "cs188", "--entry", "MinimaxAgent"]
    assert main([*argv, "--no-suite", "--trees", *tests]) == 0
    out = capsys.readouterr().out
    assert "ok         minimax_successors.test  move Right" in out
    bad = tmp_path / "bad.test"
    bad.write_text("num_agents: 2\n")
    assert main([*argv, "--trees", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.test:1:1: the value of 'num_agents' must be quoted" in err
