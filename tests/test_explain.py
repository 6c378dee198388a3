"""Tests for gametree.homework.explain: worked solutions from the trace."""

from __future__ import annotations

import os
import re
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree import explain, explain_lines
from tests.strategies import trees

DATA = Path(__file__).parent / "data" / "homework"
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
REGEN = os.environ.get("GAMETREE_REGEN_GOLDEN") == "1"


def golden(name: str, text: str) -> None:
    path = DATA / name
    if REGEN:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("name", "algorithm", "options"),
    [
        ("explain_fig52_alphabeta.txt", "alphabeta", {}),
        ("explain_fig52_strict_hard.md", "alphabeta", {"prune_on_equal": False, "fail": "hard"}),
        ("explain_fig52_pvs.txt", "pvs", {}),
        ("explain_fig52_minimax.txt", "minimax", {}),
    ],
)
def test_fig52_golden(name: str, algorithm: str, options: dict[str, object]) -> None:
    fmt = "markdown" if name.endswith(".md") else "text"
    golden(name, explain(gametree.from_nested(AIMA), algorithm, format=fmt, **options) + "\n")


def test_fig52_by_hand() -> None:
    # Hand derivation: B returns 3 and A raises alpha to 3; C enters with [3, inf], H = 2
    # lowers C's beta to 2 and 2 <= alpha 3 cuts I and J; D's leaves 14, 5, 2 lower its
    # beta to 2 with no cut (2 comes last); A returns 3.
    lines = explain_lines(gametree.from_nested(AIMA))
    text = "\n".join(lines)
    assert "Leave B (MIN) with 3, back to A; A (MAX) raises alpha to 3." in lines
    assert "Enter C (MIN), the 2nd child of A, with the window [alpha 3, beta inf]" in text
    assert (
        "Cutoff: at C (MIN) the value 2 <= alpha 3 inherited from A after B returned 3, "
        "so I and J are pruned." in lines
    )
    assert "Leave C (MIN) with 2 (an upper bound: C is worth at most 2)" in text
    assert lines[-1] == "Leave A (MAX) with 3: the value of the root is 3."
    # Fail-hard still names the value C found (2), and C returns alpha 3.
    hard = explain_lines(gametree.from_nested(AIMA), fail="hard", prune_on_equal=False)
    assert any("the value 2 < alpha 3" in line for line in hard)
    assert any(line.startswith("Leave C (MIN) with 3 (an upper bound") for line in hard)


def test_one_line_per_event() -> None:
    G = gametree.from_nested(AIMA)
    events = list(gametree.search_trace(G, "alphabeta"))
    assert len(explain_lines(G)) == len(events)
    text = explain(G)
    numbered = [line for line in text.splitlines() if re.match(r"^\d+\. ", line)]
    assert len(numbered) == len(events)


def test_bad_format() -> None:
    with pytest.raises(ValueError, match="unknown format"):
        explain(gametree.from_nested(AIMA), format="html")


@settings(max_examples=150, deadline=None)
@given(
    trees(max_branching=4, max_depth=5),
    st.booleans(),
    st.sampled_from(["soft", "hard"]),
    st.sampled_from(["alphabeta", "negamax_alphabeta", "pvs"]),
)
def test_explanations_mention_every_cutoff(
    G: nx.DiGraph, poe: bool, fail: str, algorithm: str
) -> None:
    events = list(gametree.search_trace(G, algorithm, prune_on_equal=poe, fail=fail))
    lines = explain_lines(G, algorithm, prune_on_equal=poe, fail=fail)
    assert len(lines) == len(events)
    cut_lines = [line for line in lines if line.startswith("Cutoff:")]
    cutoffs = [e for e in events if isinstance(e, gametree.Cutoff)]
    assert len(cut_lines) == len(cutoffs)
    for event, line in zip(cutoffs, cut_lines, strict=True):
        assert f"at {event.node} (" in line
        for skipped in event.skipped:
            assert re.search(rf"\b{re.escape(str(skipped))}\b", line.split(", so ")[-1])
    # Every entered node is named with its window.
    for event, line in zip(events, lines, strict=True):
        if isinstance(event, gametree.Enter):
            assert str(event.node) in line and "alpha" in line
