"""Tests for gametree.platforms.items: the items an answer is graded by, and their points."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree.exceptions import PlatformError
from gametree.platforms.items import (
    check_ask,
    convention_text,
    exercise_items,
    grade_items,
    inner_nodes,
)
from tests.strategies import trees

# AIMA Figure 5.2 with one more level under C: (A (B 3 12 8) (C 2 4 (X 1 2)) (D 14 5 2)).
# By hand: B = 3; at C, H = 2 <= alpha 3, so C is cut off with <= 2 and I and X's
# leaves M, N are never evaluated (C-I and C-X cut); X is never entered; D = 2.
DEEP = "(A (B 3 12 8) (C 2 4 (X 1 2)) (D 14 5 2))"


@pytest.fixture
def key() -> gametree.AnswerKey:
    return gametree.AnswerKey(gametree.parse(DEEP))


def test_items_are_fixed_by_the_key(key: gametree.AnswerKey) -> None:
    items = exercise_items(key)
    # Root value, B C X D in preorder (X is internal even though never entered), and one
    # item for the cuts worth the 3 pruned leaves I, M, N.
    assert [(i.kind, i.node, i.max_score) for i in items] == [
        ("value", "A", 1.0),
        ("values", "B", 1.0),
        ("values", "C", 1.0),
        ("values", "X", 1.0),
        ("values", "D", 1.0),
        ("pruned", None, 3.0),
    ]
    assert [i.name for i in exercise_items(key, ["alpha", "move"])] == [
        "Best move", "alpha at A", "alpha at B", "alpha at C", "alpha at X", "alpha at D",
    ]  # fmt: skip


def test_right_answers_score_every_point(key: gametree.AnswerKey) -> None:
    text = "value = 3\nB = 3\nC = <=2\nX = pruned\nD = 2\npruned = C-I C-X"
    grading = grade_items(key, text)
    assert all(r.passed for r in grading.results)
    assert (grading.score, grading.max_score) == (8.0, 8.0)
    assert grading.others == ()


def test_each_item_scores_alone_with_the_checkers_reason(key: gametree.AnswerKey) -> None:
    # The root by its id, C as the number it returns (accepted for a bound), D wrong,
    # B and X not answered, pruned: I and M right, N missed, K extra.
    grading = grade_items(key, "A = 3\nC = 2\nD = 5\npruned = I M K")
    by_name = {r.item.name: r for r in grading.results}
    assert by_name["Root value (A)"].score == 1.0
    assert by_name["Value of C"].score == 1.0
    assert by_name["Value of D"].score == 0.0
    assert "D (MIN) takes the smallest of its children's values" in by_name["Value of D"].output
    assert not by_name["Value of B"].answered and by_name["Value of B"].score == 0.0
    assert by_name["Value of B"].output.startswith("not answered: write `B = `")
    pruned = by_name["Pruned leaves"]
    # Net correct: 2 right (I, M) - 1 extra (K) = 1 of 3 points.
    assert (pruned.score, pruned.item.max_score) == (1.0, 3.0)
    assert "MISSING    N (#7)" in pruned.output and "EXTRA      K (#9)" in pruned.output
    assert grading.score == 3.0


def test_listing_every_leaf_or_none_scores_nothing(key: gametree.AnswerKey) -> None:
    every = " ".join(f"#{k}" for k in range(1, len(key.frontier) + 1))
    assert grade_items(key, f"pruned = {every}").results[-1].score == 0.0
    empty = grade_items(key, "pruned =").results[-1]
    assert empty.answered and empty.score == 0.0
    absent = grade_items(key, "value = 3").results[-1]
    assert not absent.answered and absent.output.startswith("not answered")


def test_a_tree_without_cuts_gives_the_point_for_saying_so() -> None:
    key = gametree.AnswerKey(gametree.parse("(A (B 1 2) (C 3 4))"))
    assert exercise_items(key, ["pruned"])[0].max_score == 1.0
    assert grade_items(key, "pruned =", ["pruned"]).score == 1.0
    assert grade_items(key, "pruned = F", ["pruned"]).score == 0.0
    assert grade_items(key, "value = 3", ["pruned"]).score == 0.0  # not answered


def test_an_unreadable_cut_list_scores_zero_and_says_why(key: gametree.AnswerKey) -> None:
    result = grade_items(key, "pruned = I Q").results[-1]
    assert result.score == 0.0
    assert "cannot be read" in result.output and "unknown node 'Q'" in result.output


def test_findings_no_item_owns_are_kept_apart(key: gametree.AnswerKey) -> None:
    grading = grade_items(key, "value = 3\nmove = B\nbogus = 4", ["value"])
    assert [f.item for f in grading.others] == ["move", "bogus"]
    assert grading.score == 1.0


def test_windows_count_for_alpha_and_beta(key: gametree.AnswerKey) -> None:
    # C's window at exit is [3, 2] (alpha from A after B, beta from H).
    grading = grade_items(key, "window C = [3, 2]", ["alpha", "beta"])
    scores = {r.item.name: r.score for r in grading.results}
    assert scores["alpha at C"] == 1.0 and scores["beta at C"] == 1.0


def test_ask_is_checked() -> None:
    assert check_ask(["pruned", "value"]) == ("value", "pruned")
    with pytest.raises(PlatformError, match="cannot ask 'cuts'"):
        check_ask(["cuts"])
    with pytest.raises(PlatformError, match="nothing is asked"):
        check_ask([])


def test_inner_nodes_stop_at_the_depth_limit() -> None:
    G = gametree.parse("(A (B (D 1 2) (E 3 4)) (C 5 6))")
    assert inner_nodes(gametree.AnswerKey(G)) == ["A", "B", "D", "E", "C"]
    G.nodes["B"]["value"] = 0
    G.nodes["C"]["value"] = 0
    assert inner_nodes(gametree.AnswerKey(G, depth=1)) == ["A"]


def test_convention_text() -> None:
    G = gametree.parse(DEEP)
    assert convention_text(gametree.AnswerKey(G)) == "alphabeta, cut when alpha >= beta, fail-soft"
    assert convention_text(gametree.AnswerKey(G, prune_on_equal=False, fail="hard")) == (
        "alphabeta, cut only when alpha > beta, fail-hard"
    )


@settings(max_examples=60, deadline=None)
@given(
    G=trees(max_branching=3, max_depth=4),
    picks=st.lists(st.integers(min_value=0, max_value=200), max_size=12),
)
def test_pruned_item_is_net_correct(G: object, picks: list[int]) -> None:
    """Against the rule computed from sets: (right listed - wrong listed) >= 0 points."""
    key = gametree.AnswerKey(G)
    frontier = key.frontier
    listed = {frontier[p % len(frontier)] for p in picks}
    pruned = {key.resolve(x) for x in key.answers()["pruned"]}
    expected = max(0, len(listed & pruned) - len(listed - pruned))
    if not pruned:
        expected = 1 if not listed else 0
    answers = {"pruned": [f"#{frontier.index(x) + 1}" for x in listed]}
    result = grade_items(key, answers, ["pruned"]).results[0]
    assert result.score == expected
    assert result.item.max_score == max(len(pruned), 1)


@settings(max_examples=40, deadline=None)
@given(G=trees(max_branching=3, max_depth=4), strict=st.booleans())
def test_the_keys_own_answers_score_full_marks(G: object, strict: bool) -> None:
    key = gametree.AnswerKey(G, prune_on_equal=not strict)
    answers = key.answers()
    values = {str(n): answers["values"].get(str(n), "pruned") for n in inner_nodes(key)}
    given_answers = {"value": answers["value"], "values": values, "pruned": answers["pruned"]}
    grading = grade_items(key, given_answers)
    assert grading.score == grading.max_score, [r.output for r in grading.results if not r.passed]
