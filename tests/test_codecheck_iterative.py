"""Iterative deepening in check-code: the winning value, the passes, the seeds' entries."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import code_trees

from gametree.homework.codecheck import Checker
from gametree.homework.codecheck.behaviour import Behaviour
from gametree.homework.codecheck.compare import judge
from gametree.homework.codecheck.iterative import (
    ITERATIVE_TREES,
    is_iterative_name,
    iterative_case,
    iterative_expected,
)
from gametree.homework.codecheck.mutants import Mutation, mutant_entry
from gametree.homework.codecheck.protocols import run_in_process
from gametree.homework.codecheck.runtime.treedata import TreeData
from gametree.homework.codecheck.treespec import TreeCase, tree_case
from gametree.notation import parse

IDS_WIN = ITERATIVE_TREES[0][1]


def _case(text: str, depth: int | None = None):
    return iterative_case(tree_case(parse(text), "t", depth=depth))


def test_heuristics_are_the_mean_of_the_leaves_below() -> None:
    tree = TreeData(_case(IDS_WIN).spec)
    # B's leaves 1 2 0 3 4 5, C's 9 0 9, F's 9 1 2, D's 1 2 0 3 4 (worked by hand)
    assert [tree.value(n) for n in "BCFD"] == [2.5, 6, 4, 2]
    assert tree.evaluable("B") and not tree.is_leaf("B")


def test_winning_value_is_the_best_leaf_for_the_root_player() -> None:
    assert TreeData(_case(IDS_WIN).spec).winning_value() == 9
    # a MIN root: the best leaf for MIN is -(-1) ... its smallest leaf, 1, read as -1
    min_root = _case("players: MIN MAX\n(A (B 3 12) (C 1 4))")
    assert TreeData(min_root.spec).winning_value() == -1


def test_no_winning_value_where_a_heuristic_reaches_the_best_leaf() -> None:
    # B's heuristic 9 equals the best leaf, yet B's leaves are not all 9
    spec = tree_case(parse("(A (B=9 (D 9 1) 2) 3)"), "t", depth=None).spec
    assert TreeData(spec).winning_value() == math.inf


def test_passes_stop_at_the_proven_win() -> None:
    full, short = iterative_expected(_case(IDS_WIN), "minimax", None)
    assert len(full.passes) == 5 and len(short.passes) == 3  # height 5; the win at depth 3
    # depth 1 reads B, C and F's heuristics (2.5, 6, 4): C best; depth 3 proves C = 9
    assert full.evaluations[:3] == ("B", "C", "F")
    assert [p.value for p in short.passes] == [6, 4.5, 9]
    assert (short.value, short.move) == (9, "C")
    assert short.evaluations == full.evaluations[: len(short.evaluations)]


def test_a_tree_without_an_early_win_has_one_answer() -> None:
    (only,) = iterative_expected(_case("(A (B 3 5) (C 2 9))"), "alphabeta", True)
    assert len(only.passes) == 2
    assert only.evaluations == ("B", "C", "D", "E", "F")  # pass 1: B C; pass 2: 3 5 2 (cut)


@pytest.mark.parametrize(
    ("name", "expected"),
    [("negamaxIDS", True), ("negamaxIDSab", True), ("iterative_deepening", True),
     ("id_search", False), ("alpha_ids", True), ("negamax", False), ("considers", False)],
)  # fmt: skip
def test_iterative_names(name: str, expected: bool) -> None:
    assert is_iterative_name(name) is expected


ONE_PASS = """
def negamax(game, depth):
    if game.is_over() or depth == 0:
        return game.get_utility(), None
    best, best_move = None, None
    for move in game.get_moves():
        game.make_move(move)
        value = -negamax(game, depth - 1)[0]
        game.unmake_move(move)
        if best is None or value > best:
            best, best_move = value, move
    return best, best_move

def negamaxIDS(game, depth_limit):
    return negamax(game, depth_limit)
"""

STOPS_ON_ANY_GAIN = ONE_PASS.replace(
    "    return negamax(game, depth_limit)\n",
    "    for d in range(1, depth_limit + 1):\n"
    "        value, move = negamax(game, d)\n"
    "        if value > 0:\n"
    "            return value, move\n"
    "    return value, move\n",
)


def _check(tmp_path: Path, source: str, **options: object):
    path = tmp_path / "ids.py"
    path.write_text(source)
    checker = Checker("mutable", "negamaxIDS", "minimax", **options)  # type: ignore[arg-type]
    return checker.check(path.read_bytes(), path.name)


def test_one_pass_named_ids_is_not_iterative_deepening(tmp_path: Path) -> None:
    report = _check(tmp_path, ONE_PASS)
    assert report.verdict == "incorrect"
    # it reads the leaves first where the first pass reads the root's children
    fig = next(t for t in report.trees if t.name == "fig52")
    assert not fig.ok and fig.divergence is not None and fig.divergence.expected == "B"
    # told plainly as a one-pass search, it is right
    assert _check(tmp_path, ONE_PASS, iterative=False).verdict == "correct"


def test_stopping_short_of_a_win_is_wrong(tmp_path: Path) -> None:
    report = _check(tmp_path, STOPS_ON_ANY_GAIN)
    wrong = {t.name for t in report.trees if not t.ok}
    assert "fig52" in wrong  # value 3 > 0 after the first pass: no win proven there
    assert any("iterative deepening" in f for f in report.findings)


def test_iterative_only_in_the_mutable_protocol() -> None:
    with pytest.raises(ValueError, match="mutable protocol"):
        Checker("tree", "negamaxIDS", "minimax", iterative=True)


PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _deepening(case: TreeCase, algorithm: str, first: int = 1, stop: bool = True) -> Behaviour:
    """Iterative deepening over the unmutated core, from depth ``first``, stopping at
    a win or not, run through the mutable protocol."""
    search = mutant_entry("mutable", algorithm, Mutation())

    def entry(game: Any, depth: int) -> Any:
        won = game.get_winning_value()
        best = None
        for d in range(first, depth + 1):
            best = search(game, d)
            if stop and best[0] == won:
                break
        return best

    return run_in_process(entry, case, "mutable", algorithm)


def _judged(run: Behaviour, case: TreeCase, algorithm: str) -> bool:
    rule = True if algorithm == "alphabeta" else None
    return any(judge(run, e, "mutable").ok for e in iterative_expected(case, algorithm, rule))


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
@PROPERTY
@given(data=st.data())
def test_right_deepening_is_judged_right_and_a_skipped_pass_is_not(
    algorithm: str, data: st.DataObject
) -> None:
    G, depth = data.draw(code_trees("mutable", algorithm))
    case = iterative_case(tree_case(G, "t", depth=depth))
    assert _judged(_deepening(case, algorithm), case, algorithm)
    assert _judged(_deepening(case, algorithm, stop=False), case, algorithm)
    bound = depth if depth is not None else TreeData(case.spec).height()
    if bound >= 2:  # starting at depth 2 skips the first pass's reads
        assert not _judged(_deepening(case, algorithm, first=2), case, algorithm)
