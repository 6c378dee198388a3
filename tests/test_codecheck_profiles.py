"""Course profiles (issue 34): each protocol's rules as defaults, each overridable, and
where each rule in force came from."""

from __future__ import annotations

import pytest

from gametree.exceptions import SearchError
from gametree.homework.codecheck import Checker
from gametree.homework.codecheck.profiles import COURSE, rules_for


@pytest.mark.parametrize(
    ("protocol", "cut"),
    [("cs188", False), ("aima", True), ("mutable", None), ("tree", None)],
)
def test_each_course_has_its_cut_rule(protocol: str, cut: bool | None) -> None:
    rules = rules_for(protocol, "alphabeta")
    assert rules.prune_on_equal is cut
    assert rules.source["prune_on_equal"] == f"course default ({protocol})"
    assert rules.ordered is True  # alpha-beta's pruning fixes the order, in every course
    assert rules_for(protocol, "minimax").prune_on_equal is None
    assert rules_for(protocol, "minimax").ordered is False


def test_the_instructor_overrides_every_rule_and_is_named() -> None:
    rules = rules_for("cs188", "minimax", ordered=True, tie_break="any", foreign_agent_calls="fail")
    assert (rules.ordered, rules.tie_break, rules.foreign_agent_calls) == (True, "any", "fail")
    assert {rules.source[k] for k in ("ordered", "tie_break", "foreign_agent_calls")} == {
        "instructor"
    }
    auto = rules_for("cs188", "alphabeta", prune_on_equal=None)
    assert auto.prune_on_equal is None and auto.source["prune_on_equal"] == "instructor"
    assert rules_for("cs188", "alphabeta", prune_on_equal=COURSE).prune_on_equal is False


def test_the_report_lists_the_rules_that_matter() -> None:
    names = [r[0] for r in rules_for("cs188", "alphabeta").described("alphabeta")]
    assert names == ["prune_on_equal", "ordered", "tie_break", "foreign_agent_calls"]
    names = [r[0] for r in rules_for("tree", "minimax").described("minimax")]
    assert names == ["ordered", "tie_break"]  # no cut rule, no agents


@pytest.mark.parametrize(
    "options",
    [{"tie_break": "last"}, {"foreign_agent_calls": "ignore"}, {"prune_on_equal": "yes"}],
)
def test_a_rule_value_that_does_not_exist_is_refused(options: dict[str, object]) -> None:
    with pytest.raises(SearchError, match="is not allowed"):
        Checker("cs188", "AlphaBetaAgent", **options)  # type: ignore[arg-type]
