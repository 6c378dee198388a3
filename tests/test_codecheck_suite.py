"""Every claim the built-in suite makes, proved for every protocol it is presented in.

The suite (:mod:`gametree.homework.codecheck.suite`) claims that every catalogued bug
shows on at least one tree, that every convention pair is told apart, that it holds ties
at a cutoff and between root moves, deep cutoffs that need the window passed down, MIN
roots, two MIN agents in a row, chance nodes with unequal probabilities, depth limits
with heuristic values at inner nodes and leaves at several depths, and that a correct
submission runs it in well under a second.
"""

from __future__ import annotations

from functools import cache

import pytest
from codecheck_students import AIMA, CS188, MUTABLE, TREE

from gametree.homework.codecheck import Checker
from gametree.homework.codecheck.catalogue import bugs_for
from gametree.homework.codecheck.reference import expected
from gametree.homework.codecheck.runtime.treedata import TreeData
from gametree.homework.codecheck.suite import SUITE, suite_cases
from gametree.search import Cutoff, Enter, solve

KINDS = [
    (p, a, e)
    for p, e in (("aima", None), ("cs188", None), ("mutable", "f"), ("tree", "f"))
    for a in ("minimax", "alphabeta", "expectiminimax")
    if not (p == "mutable" and a == "expectiminimax")
]


@cache
def checker(protocol: str, algorithm: str, entry: str | None, pinned: bool | None) -> Checker:
    return Checker(protocol, entry, algorithm, prune_on_equal=pinned)


PINNED = [
    (p, a, e, pinned)
    for p, a, e in KINDS
    for pinned in ((None, True, False) if a == "alphabeta" else (None,))
]


@pytest.mark.parametrize(("protocol", "algorithm", "entry", "pinned"), PINNED)
def test_every_catalogued_bug_shows_on_at_least_one_tree(
    protocol: str, algorithm: str, entry: str | None, pinned: bool | None
) -> None:
    ch = checker(protocol, algorithm, entry, pinned)
    codes = {bug.code for bug in bugs_for(protocol, algorithm, pinned)}
    assert codes == {m.bug.code for m in ch.mutants}
    for m in ch.mutants:  # every form of every bug, not just one per code
        assert any(m.wrong), (m.bug.code, m.mutation.variant)


@pytest.mark.parametrize("protocol", ["aima", "cs188", "mutable", "tree"])
def test_the_cut_rules_are_told_apart_and_fail_hard_is_not(protocol: str) -> None:
    ch = checker(protocol, "alphabeta", None if protocol in ("aima", "cs188") else "f", None)
    apart = [
        i
        for i in range(len(ch.cases))
        if ch.expected[i][True].evaluations != ch.expected[i][False].evaluations
    ]
    assert apart, "no tree tells cutting on >= from cutting on >"
    for case in ch.cases:  # the calls cannot tell fail-hard from fail-soft: same reads, same value
        for poe in (True, False):
            soft = solve(
                case.graph, "alphabeta", annotate=False, prune_on_equal=poe, depth=case.depth
            )
            hard = solve(
                case.graph,
                "alphabeta",
                annotate=False,
                prune_on_equal=poe,
                depth=case.depth,
                fail="hard",
            )
            assert soft.visited_leaves == hard.visited_leaves and soft.value == hard.value


def _presented(protocol: str, algorithm: str) -> list[TreeData]:
    entry = None if protocol in ("aima", "cs188") else "f"
    return [TreeData(c.spec) for c in checker(protocol, algorithm, entry, None).cases]


@pytest.mark.parametrize(("protocol", "algorithm", "entry"), KINDS)
def test_the_suite_has_ties_between_root_moves(
    protocol: str, algorithm: str, entry: str | None
) -> None:
    ch = checker(protocol, algorithm, entry, None)
    assert any(len(ch.expected[i][ch.conventions[0]].best_moves) >= 2 for i in range(len(ch.cases)))


@pytest.mark.parametrize("protocol", ["aima", "cs188", "mutable", "tree"])
def test_the_suite_has_a_deep_cutoff_that_needs_the_window_passed_down(protocol: str) -> None:
    """A cutoff whose bound was set two or more levels above the node that cuts."""
    ch = checker(protocol, "alphabeta", None if protocol in ("aima", "cs188") else "f", None)
    found = False
    for i in range(len(ch.cases)):
        depth_of = {}
        for event in ch.expected[i][True].events:
            if isinstance(event, Enter):
                depth_of[event.node] = event.depth
            if isinstance(event, Cutoff):
                line = ch.expected[i][True].lines[ch.expected[i][True].events.index(event)]
                setter = (
                    line.split(" inherited from ")[1].split(" ")[0]
                    if " inherited from " in line
                    else None
                )
                if setter is not None and depth_of[event.node] - depth_of[setter] >= 2:
                    found = True
    assert found


def test_the_suite_has_min_roots_two_min_levels_chance_odds_horizons_and_uneven_leaves() -> None:
    for protocol in ("aima", "mutable", "tree"):
        assert any(t.player(t.root) == "MIN" for t in _presented(protocol, "alphabeta"))
    two_ghosts = [t for t in _presented("cs188", "alphabeta") if t.name == "two-ghosts"]
    assert two_ghosts and two_ghosts[0].player("B") == two_ghosts[0].player("D") == "MIN"
    for protocol in ("aima", "tree"):
        assert any(
            len(set(t.probabilities(n))) > 1
            for t in _presented(protocol, "expectiminimax")
            for n in t.ply
            if t.player(n) == "CHANCE"
        )
    assert any(
        len(set(tree.probabilities(n))) > 1
        for case in suite_cases("expectiminimax")
        for tree in [TreeData(case.spec)]
        for n in tree.ply
        if tree.player(n) == "CHANCE"
    )
    for protocol, algorithm in (
        ("aima", "alphabeta"),
        ("cs188", "minimax"),
        ("tree", "expectiminimax"),
    ):
        horizon = [t for t in _presented(protocol, algorithm) if t.depth is not None]
        assert horizon and all(
            t.value(n) is not None for t in horizon for n in t.ply if t.at_horizon(n)
        )
    for protocol in ("aima", "cs188", "mutable", "tree"):
        assert any(
            len({t.ply[n] for n in t.ply if t.is_leaf(n)}) >= 3
            for t in _presented(protocol, "minimax")
        )


def test_every_suite_tree_says_what_it_is_for_and_parses() -> None:
    names = [t.name for t in SUITE]
    assert len(names) == len(set(names))
    for tree in SUITE:
        assert tree.purpose and tree.algorithms
    for algorithm in ("minimax", "alphabeta", "expectiminimax"):
        for case in suite_cases(algorithm):
            ex = expected(case, algorithm, True if algorithm == "alphabeta" else None)
            assert ex.move is not None and ex.evaluations


@pytest.mark.parametrize(
    ("protocol", "algorithm", "entry", "source"),
    [
        ("aima", "alphabeta", "alpha_beta_cutoff_search", AIMA),
        ("cs188", "alphabeta", "AlphaBetaAgent", CS188),
        ("mutable", "alphabeta", "negamaxAB", MUTABLE),
        ("tree", "expectiminimax", "expectimax", TREE),
    ],
)
def test_a_correct_submission_runs_the_suite_in_well_under_a_second(
    protocol: str, algorithm: str, entry: str, source: str
) -> None:
    """The trees are small: a right search makes a few hundred calls in all, which take
    milliseconds (the time measured inside the child, start-up excluded; the benchmark
    tests/benchmarks/bench_check_code.py reports it with start-up)."""
    report = checker(protocol, algorithm, entry, None).check(source.encode(), "sub.py")
    assert report.ok
    assert sum(t.calls for t in report.trees) < 2000
    assert sum(t.seconds for t in report.trees) < 0.5
