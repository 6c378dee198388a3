"""The seed notebooks' own search code, checked with the commands the instructors' guide
shows: what each gets, and why (docs/guides/instructors.md, "Code written against a
course's own classes").

The seeds' functions sit re-typed in ``tests/codecheck_corpus/seeds/``; the adapters for
the courses' own classes in ``examples/adapters/``. Tic-tac-toe positions are expanded
with ``gametree expand`` as the guide says.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gametree.cli import main

ROOT = Path(__file__).parent.parent
SEEDS = ROOT / "tests" / "codecheck_corpus" / "seeds"
ADAPTERS = ROOT / "examples" / "adapters"
POSITIONS = {
    "seed003": "OOX/-X-/OX-",  # the position seed 003 searches, X to move
    "fork": "XO-/-X-/--O",  # X to move: wins by a fork
    "quiet": "OX-/XO-/---",  # a draw with best play; O threatens the diagonal
    "at-once": "XX-/OO-/---",  # X wins at once with its first move
}


@pytest.fixture(scope="module")
def positions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("positions")
    out = {}
    for name, board in POSITIONS.items():
        path = folder / f"{name}.json"
        assert main(["expand", "tictactoe", "--state", board, "-o", str(path), "-q"]) == 0
        out[name] = path
    return out


def check(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any]]:
    status = main(["check-code", *argv, "--json"])
    return status, json.loads(capsys.readouterr().out)


def trees(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["name"]: t for t in report["trees"]}


# --- 000: negamax with iterative deepening over a mutable game ---------------------------


@pytest.mark.parametrize(
    ("entry", "algorithm"),
    [("negamaxIDS", "minimax"), ("negamaxIDSab", "alphabeta"),
     ("negamax", "minimax"), ("negamaxAB", "alphabeta")],
)  # fmt: skip
def test_seed000_is_right(capsys: pytest.CaptureFixture[str], entry: str, algorithm: str) -> None:
    """The game has getWinningValue now; the IDS entries are checked pass by pass (the
    early stop at a win on ids-win), the plain ones as one search."""
    status, report = check(
        capsys, str(SEEDS / "seed000_negamax.py"), "--protocol", "mutable",
        "--entry", entry, "--algorithm", algorithm,
    )  # fmt: skip
    assert status == 0 and report["verdict"] == "correct"
    iterative = any("iterative deepening" in f for f in report["findings"])
    assert iterative == entry.startswith("negamaxIDS")
    assert ("ids-win" in trees(report)) == iterative
    if algorithm == "alphabeta":
        assert report["convention"]["prune_on_equal"] is True  # bestValue >= beta cuts


# --- 002: minimax over a gym-style environment --------------------------------------------


def test_seed002_minimax_is_right_up_to_its_random_ties(
    capsys: pytest.CaptureFixture[str], positions: dict[str, Path]
) -> None:
    """It picks among equal moves with random.choice: right under --tie-break any, on
    every position but the one won at once, where its root loop returns the first
    winning move without searching the rest (a shortcut minimax does not take)."""
    status, report = check(
        capsys, str(SEEDS / "seed002_gym_minimax.py"), "--adapter", str(ADAPTERS / "gym_env.py"),
        "--entry", "minimax", "--algorithm", "minimax", "--tie-break", "any", "--no-suite",
        "--trees", *(str(p) for p in positions.values()),
    )  # fmt: skip
    got = trees(report)
    assert status == 1
    assert [n for n, t in got.items() if t["verdict"] != "correct"] == ["at-once.json"]
    stop = got["at-once.json"]
    assert stop["returned"]["action"] == "2" and stop["returned"]["evaluations"] == ["1"]
    assert "your code stopped there" in stop["divergence"]["text"]


def test_seed002_max_payoff_is_right(
    capsys: pytest.CaptureFixture[str], positions: dict[str, Path]
) -> None:
    status, report = check(
        capsys, str(SEEDS / "seed002_gym_minimax.py"), "--adapter", str(ADAPTERS / "gym_env.py"),
        "--entry", "max_payoff", "--algorithm", "minimax",
        "--trees", *(str(p) for p in positions.values()),
    )  # fmt: skip
    assert report["verdict"] == "correct" and status == 0
    got = trees(report)
    assert {n: t["returned"]["value"] for n, t in got.items()} == {
        "seed003.json": 0, "fork.json": 1, "quiet.json": 0, "at-once.json": 1,
    }  # fmt: skip
    # the suite's trees are no games of wins and draws: each left out, with why
    assert "fig52" not in got
    assert any("not checked on fig52" in f and "worth" in f for f in report["findings"])
    assert any("not checked on horizon" in f and "draw" in f for f in report["findings"])


# --- 003: alpha-beta over a 3x3 list of 'x', 'o', 'e' --------------------------------------


def test_seed003_never_takes_a_move_back(
    capsys: pytest.CaptureFixture[str], positions: dict[str, Path]
) -> None:
    """``newstate = state`` is no copy and no mark is ever erased: after its first line
    of play the board is full, so the search ends there. Wrong on every position."""
    status, report = check(
        capsys, str(SEEDS / "seed003_board_alphabeta.py"), "--adapter",
        str(ADAPTERS / "board3x3.py"), "--entry", "alphabeta", "--algorithm", "alphabeta",
        "--no-suite", "--trees", *(str(p) for p in positions.values()),
    )  # fmt: skip
    got = trees(report)
    assert status == 1 and all(t["verdict"] == "incorrect" for t in got.values())
    own = got["seed003.json"]  # X to move at (1,0), (1,2) or (2,2): a draw at best
    # it plays (1,0), O (1,2), X (2,2): the full board 10 is a draw, and it stops there
    assert own["returned"]["evaluations"] == ["10"] and own["returned"]["value"] == 0
    assert own["expected"]["evaluations"] == ["10", "11", "6", "8"]
    assert "your code stopped there" in own["divergence"]["text"]


def test_seed003_is_only_checked_on_boards(capsys: pytest.CaptureFixture[str]) -> None:
    status, report = check(
        capsys, str(SEEDS / "seed003_board_alphabeta.py"), "--adapter",
        str(ADAPTERS / "board3x3.py"), "--entry", "alphabeta", "--algorithm", "alphabeta",
    )  # fmt: skip
    assert status == 1 and report["trees"] == []
    assert any("not a tic-tac-toe position" in f for f in report["findings"])


# --- 004: Node/Tree classes, children in a set ---------------------------------------------


def _seed004(capsys: pytest.CaptureFixture[str], entry: str, algorithm: str) -> dict[str, Any]:
    _, report = check(
        capsys, str(SEEDS / "seed004_node_tree.py"), "--adapter", str(ADAPTERS / "node_tree.py"),
        "--entry", entry, "--algorithm", algorithm,
    )  # fmt: skip
    return report


@pytest.mark.parametrize(
    ("entry", "algorithm"),
    [("minimax", "minimax"), ("negamax", "minimax"), ("minimax_alphabeta", "alphabeta")],
)
def test_seed004_values_are_right_in_the_sets_order(
    capsys: pytest.CaptureFixture[str], entry: str, algorithm: str
) -> None:
    """Every root value is right; what differs is the order: the children sit in a set
    of ids, so the code reads them in the set's order, not left to right."""
    report = _seed004(capsys, entry, algorithm)
    got = trees(report)
    assert "horizon" not in got  # the course's trees have no depth limit
    assert ("two-ghosts" in got) == (entry != "negamax")  # negamax needs alternation
    for name, t in got.items():
        expected, returned = t["expected"]["value"], t["returned"]["value"]
        assert returned in (expected, -expected), name  # negamax: a MIN root's own view
        if t["verdict"] != "correct":
            assert t["divergence"]["kind"] == "evaluation" and t["error"] is None, name
    assert any("not left to right" in f for f in report["findings"])
    if algorithm == "minimax":  # the same leaves, in another order
        for t in got.values():
            assert sorted(t["returned"]["evaluations"]) == sorted(t["expected"]["evaluations"])
    if algorithm == "alphabeta":  # other leaves pruned: wrong wherever the order shows
        assert not all(t["verdict"] == "correct" for t in got.values())


def test_seed004_principal_variation_search_cannot_run(capsys: pytest.CaptureFixture[str]) -> None:
    """``childrenids.remove(indw)`` returns None: ``len(newids)`` fails at the first
    inner node, on every tree, reported as the crash it is with the student's line."""
    report = _seed004(capsys, "principalvariationsearch", "alphabeta")
    assert report["verdict"] == "incorrect" and report["trees"]
    for t in report["trees"]:
        assert t["error"]["type"] == "TypeError", t["name"]
        assert "NoneType" in t["error"]["message"]
        assert t["error"]["traceback"][-1].endswith("if len(newids) != 0:")
