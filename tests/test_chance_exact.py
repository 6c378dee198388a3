"""Exact values at CHANCE nodes (issue 10): int and Fraction inputs give exact averages,
floats correctly rounded sums, never a value outside the children's range."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import chance_trees, exact_chance_trees

import gametree
from gametree.search.rules import ChanceAverage

BIG = 9007199254740993  # 2**53 + 1: no float holds it


def _chance(values: list[Any], probs: list[Any] | None = None) -> nx.DiGraph:
    G = nx.DiGraph()
    G.add_node("A", player="CHANCE")
    for i, v in enumerate(values):
        G.add_node(i, value=v)
        G.add_edge("A", i)
        if probs is not None:
            G.edges["A", i]["prob"] = probs[i]
    return G


def reference(G: nx.DiGraph, node: Hashable) -> Fraction:
    """Expectiminimax in exact rational arithmetic (floats read as the rationals they are)."""
    kids = list(G.successors(node))
    if not kids:
        return Fraction(G.nodes[node]["value"])
    values = [reference(G, k) for k in kids]
    player = G.nodes[node]["player"]
    if player == "MAX":
        return max(values)
    if player == "MIN":
        return min(values)
    probs = [G.edges[node, k].get("prob") for k in kids]
    weights = [Fraction(1)] * len(kids) if probs[0] is None else [Fraction(p) for p in probs]
    return sum((w * v for w, v in zip(weights, values, strict=True)), Fraction(0)) / sum(weights)


@pytest.mark.parametrize(
    ("values", "probs", "expected"),
    [
        # Two leaves past 2**53 averaged: the float sum lost the last unit.
        ([BIG, BIG], None, BIG),
        ([BIG, BIG + 2], None, BIG + 1),
        ([1, 2], None, Fraction(3, 2)),
        ([1, 2, 2], None, Fraction(5, 3)),
        ([Fraction(1, 3), Fraction(2, 3)], [Fraction(1, 2), Fraction(1, 2)], Fraction(1, 2)),
        ([3, 6], [Fraction(1, 3), Fraction(2, 3)], 5),
        ([0, 12], [0, 1], 12),
    ],
)
def test_exact_inputs_give_exact_values(values: list[Any], probs: list[Any], expected: Any) -> None:
    result = gametree.expectiminimax(_chance(values, probs))
    assert result.value == expected
    # A whole number is an int, anything else a Fraction: never a rounded float.
    assert type(result.value) is (int if Fraction(expected).denominator == 1 else Fraction)


def test_ten_tenths_of_one_is_one() -> None:
    # Plain addition gives 0.9999999999999999; fsum rounds the sum once.
    value = gametree.expectiminimax(_chance([1] * 10, [0.1] * 10)).value
    assert value == 1.0 and isinstance(value, float)


def test_probabilities_a_little_over_one_stay_within_the_leaves() -> None:
    # 1.0000000001 is within the tolerance (1e-9): accepted, and the weights are divided
    # by their sum, so the value does not rise above every leaf.
    G = _chance([5, 5], [0.5000000001, 0.5])
    gametree.validate(G)
    assert gametree.expectiminimax(G).value == 5
    G = _chance([5, 7], [Fraction(1, 2) + Fraction(1, 10**10), Fraction(1, 2)])
    # (5 (1/2 + e) + 7 / 2) / (1 + e) with e = 10**-10
    assert gametree.expectiminimax(G).value == Fraction(6 * 10**10 + 5, 10**10 + 1)


@pytest.mark.parametrize("probs", [[0.5, 0.6], [Fraction(1, 3), Fraction(1, 3)], [0.5, 0.499]])
def test_probabilities_off_one_are_refused(probs: list[Any]) -> None:
    G = _chance([1, 2], probs)
    with pytest.raises(gametree.InvalidTreeError, match=r"CHANCE node 'A' sum to .*, not 1"):
        gametree.validate(G)
    # The search does not validate first, and refuses the same way.
    with pytest.raises(gametree.InvalidTreeError, match=r"CHANCE node 'A' sum to .*, not 1"):
        gametree.expectiminimax(G)


def test_infinities_at_a_chance_node() -> None:
    assert gametree.expectiminimax(_chance([math.inf, 3])).value == math.inf
    # A zero-probability child takes no part, even an infinite one.
    assert gametree.expectiminimax(_chance([math.inf, 3], [0, 1])).value == 3
    with pytest.raises(gametree.SearchError, match="averages \\+inf and -inf"):
        gametree.expectiminimax(_chance([math.inf, -math.inf]))


def test_float_average_never_leaves_the_childrens_range() -> None:
    # An int past 2**53 with float weights: no float lies in [BIG, BIG], the child is kept.
    avg = ChanceAverage("A")
    avg.add(0.5, BIG)
    avg.add(0.5, BIG)
    assert avg.value() == BIG
    huge = ChanceAverage("A")  # partial sums past the float range still average right
    huge.add(0.5, 1.5e308)
    huge.add(0.5, 1.7e308)
    assert huge.value() == 1.6e308
    # Equal weights (no prob): the same, through the search.
    assert gametree.expectiminimax(_chance([1e308, 1.7e308])).value == 1.35e308


def test_uniform_chance_in_an_exact_tree_keeps_known_answers() -> None:
    # AIMA-style: G = (1 + 9) / 2 = 5 exactly (an int), B = 0.25 * 3 + 0.75 * 6 = 5.25.
    G = gametree.parse("(A (B CHANCE 0.25*(D MIN 3 5) 0.75*E=6) (C MIN F=4 (G CHANCE 1 9)))")
    result = gametree.expectiminimax(G)
    assert result.value == 5.25
    assert result.node_values["G"].value == 5 and type(result.node_values["G"].value) is int


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(exact_chance_trees())
def test_exact_trees_match_the_rational_reference(G: nx.DiGraph) -> None:
    root = gametree.find_root(G)
    expected = reference(G, root)
    for algorithm in ("expectiminimax", "minimax", "alphabeta", "pvs"):
        value = getattr(gametree, algorithm)(G).value
        assert value == expected, algorithm
        assert isinstance(value, (int, Fraction)), (algorithm, value)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(chance_trees(st.integers(-9, 9) | st.floats(-100, 100)))
def test_float_trees_are_correctly_rounded_and_in_range(G: nx.DiGraph) -> None:
    result = gametree.expectiminimax(G)
    values = result.node_values
    for node in G:
        kids = list(G.successors(node))
        if not kids:
            continue
        got = values[node].value
        expected = reference(G, node)
        assert math.isclose(got, expected, rel_tol=1e-12, abs_tol=1e-12), (node, got, expected)
        if G.nodes[node]["player"] == "CHANCE":
            child_values = [values[k].value for k in kids]
            assert min(child_values) <= got <= max(child_values)


def test_notation_reads_and_writes_ratios_exactly() -> None:
    G = gametree.parse("players: MAX CHANCE\n(A (B 1/3*1 2/3*(C MIN 2 -5/2)) (D 4/2 1))")
    assert G.edges["B", "E"]["prob"] == Fraction(1, 3)
    assert type(G.edges["B", "E"]["prob"]) is Fraction
    assert G.nodes["I"]["value"] == Fraction(-5, 2)
    assert G.nodes["F"]["value"] == 2 and type(G.nodes["F"]["value"]) is int  # 4/2
    text = gametree.to_notation(G)
    assert "1/3*" in text and "-5/2" in text
    back = gametree.parse(text)
    assert list(back.edges(data=True)) == list(G.edges(data=True))
    assert dict(back.nodes(data=True)) == dict(G.nodes(data=True))
    # B = 1/3 * 1 + 2/3 * (-5/2) = -4/3; D = 3/2; A = 3/2
    result = gametree.expectiminimax(G)
    assert result.node_values["B"].value == Fraction(-4, 3)
    assert result.value == Fraction(3, 2)


@pytest.mark.parametrize("fmt", ["json", "toml", "text"])
def test_an_exact_answer_key_writes_and_checks_back(fmt: str) -> None:
    from gametree.homework import AnswerKey, format_answers

    G = gametree.parse("players: MAX CHANCE\n(A (B 1 2 2) (C 1/4*0 3/4*4))")
    key = AnswerKey(G, algorithm="expectiminimax")
    answers = key.answers()
    assert answers["values"] == {"A": 3, "B": "5/3", "C": 3}
    assert key.check(format_answers(answers, fmt)).score == 1.0
    # A decimal correctly rounded to the digits given is accepted; a wrong one is not.
    assert key.check("B = 1.667").score == 1.0
    report = key.check("B = 1.6")
    assert report.score == 0.0 and report.findings[0].expected == "5/3"


@pytest.mark.slow
def test_json_report_gives_exact_values_as_numbers(tmp_path: Path) -> None:
    """--json keeps values numbers (JSON has no fractions): 5/3 is the nearest float;
    the text report prints it exactly."""
    tree = tmp_path / "ch.tree"
    tree.write_text("players: MAX CHANCE\n(A (B 1 2 2) (C 0 3))\n", encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "gametree", "solve", str(tree), "-a", "expectiminimax", "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    report = json.loads(out)
    assert report["value"] == 5 / 3 and isinstance(report["value"], float)
    assert report["node_values"]["C"] == 1.5
    text = subprocess.run(
        [sys.executable, "-m", "gametree", "solve", str(tree), "-a", "expectiminimax"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "value:      5/3" in text
