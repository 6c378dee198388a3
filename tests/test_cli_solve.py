"""``gametree solve``: golden outputs, the JSON object, stdin, and one-line errors.

Golden files live in ``tests/data/solve/`` next to their input trees; every number in
them was checked against the hand derivations in ``tests/data/known/`` (named in each
tree file's comment). Regenerate with ``GAMETREE_UPDATE_GOLDEN=1 pytest
tests/test_cli_solve.py`` and review the diff by hand.
"""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

import gametree
from gametree.cli import main
from gametree.cli.solve import format_text

DATA = Path(__file__).parent / "data" / "solve"
UPDATE = os.environ.get("GAMETREE_UPDATE_GOLDEN") == "1"

JSON_KEYS = {
    "algorithm",
    "options",
    "value",
    "best_move",
    "best_moves",
    "pv_moves",
    "best_child",
    "best_children",
    "principal_variation",
    "visited_leaves",
    "pruned_edges",
    "node_values",
    "stats",
}


def solve(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["solve", *argv])
    out, err = capsys.readouterr()
    return status, out, err


GOLDEN = [
    ("fig52_alphabeta.txt", ["fig52.tree"]),
    ("fig52_minimax.txt", ["fig52.tree", "-a", "minimax"]),
    ("fig52_alphabeta.json", ["fig52.tree", "--json"]),
    ("fig52_pvs_strict_hard.txt", ["fig52.tree", "-a", "pvs", "--strict", "--fail", "hard"]),
    ("narrow_window.txt", ["narrow.tree", "--window", "2", "5"]),
    (
        "narrow_window_strict_hard.json",
        ["narrow.tree", "--window", "2", "5", "--strict", "--fail", "hard", "--json"],
    ),
    ("chance_expectiminimax.txt", ["chance.tree", "-a", "expectiminimax"]),
    ("chance_alphabeta.json", ["chance.tree", "--json"]),
    ("dag_transpositions.txt", ["dag.tree", "--transpositions"]),
    ("pvs_research.txt", ["pvs.tree", "-a", "pvs"]),
    ("heuristic_depth2.txt", ["heuristic.tree", "--depth", "2"]),
    # Passes derived by hand in tests/data/known/mtdf_fig52.json and sss_fig52.json.
    ("fig52_mtdf.txt", ["fig52.tree", "-a", "mtdf"]),
    ("fig52_mtdf_guess9.json", ["fig52.tree", "-a", "mtdf", "--first-guess", "9", "--json"]),
    ("fig52_sss.txt", ["fig52.tree", "-a", "sss"]),
    ("fig52_aspiration.txt", ["fig52.tree", "-a", "aspiration", "--guess", "5", "--delta", "1"]),
]


@pytest.mark.parametrize(("golden", "argv"), GOLDEN, ids=[g for g, _ in GOLDEN])
def test_golden_output(capsys: pytest.CaptureFixture[str], golden: str, argv: list[str]) -> None:
    status, out, err = solve(capsys, str(DATA / argv[0]), *argv[1:])
    assert (status, err) == (0, "")
    path = DATA / golden
    if UPDATE:
        path.write_text(out)
    assert out == path.read_text()


def test_text_report_fig52(capsys: pytest.CaptureFixture[str]) -> None:
    # AIMA Figure 5.2 by hand: value 3 via B, I and J pruned, 7 leaves in order.
    _, out, _ = solve(capsys, str(DATA / "fig52.tree"))
    lines = out.splitlines()
    assert lines[1].split() == ["value:", "3"]
    assert lines[2].split() == ["best", "move:", "B"]
    assert lines[3].split() == ["PV:", "A", "B", "E"]
    assert "cutoffs 1" in lines[4] and "nodes visited 11" in lines[4]
    assert lines[5] == "visited leaves (7): E=3 F=12 G=8 H=2 K=14 L=5 M=2"
    assert lines[6] == "pruned edges (2): C->I C->J"


def test_narrow_window_reports_the_bound(capsys: pytest.CaptureFixture[str]) -> None:
    # Window (2, 5): C=5 reaches beta, so A is only known to be >= 5 (true value 7).
    _, out, _ = solve(capsys, str(DATA / "narrow.tree"), "--window", "2", "5")
    assert "value:      5 (lower bound)" in out
    assert "pruned edges (2): B->F A->D" in out


def test_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = solve(capsys, str(DATA / "fig52.tree"), "--json")
    assert status == 0
    data = json.loads(out)  # exactly one object: json.loads rejects trailing text
    assert set(data) == JSON_KEYS
    assert data["algorithm"] == "alphabeta"
    assert data["value"] == 3
    assert (data["best_move"], data["best_moves"]) == ("B", ["B"])
    assert data["principal_variation"] == ["A", "B", "E"]
    assert data["visited_leaves"] == ["E", "F", "G", "H", "K", "L", "M"]
    assert data["pruned_edges"] == [["C", "I"], ["C", "J"]]
    assert data["node_values"]["C"] == 2 and data["node_values"]["A"] == 3
    assert "I" not in data["node_values"]
    assert data["stats"]["cutoffs"] == 1
    assert data["options"]["prune_on_equal"] is True
    assert data["options"]["window"] == ["-inf", "inf"]


def test_json_window_and_conventions(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--window", "2", "5", "--strict", "--fail", "hard", "--json"]
    _, out, _ = solve(capsys, str(DATA / "narrow.tree"), *argv)
    data = json.loads(out)
    # tests/data/known/narrow_window.json: strict, fail-hard: leaves G H C D, A reports 5.
    assert data["value"] == 5
    assert data["visited_leaves"] == ["G", "H", "C", "D"]
    assert data["pruned_edges"] == [["B", "F"]]
    assert data["options"]["window"] == [2, 5]
    assert data["options"]["fail"] == "hard"
    assert data["options"]["prune_on_equal"] is False


def test_stdin(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n"))
    status, out, _ = solve(capsys, "-")
    assert status == 0
    assert out == (DATA / "fig52_alphabeta.txt").read_text()


def test_every_algorithm_runs(capsys: pytest.CaptureFixture[str]) -> None:
    for algorithm in gametree.ALGORITHMS:
        extra = ("--guess", "0", "--delta", "1") if algorithm == "aspiration" else ()
        status, out, _ = solve(capsys, str(DATA / "fig52.tree"), "-a", algorithm, "--json", *extra)
        assert status == 0
        assert json.loads(out)["value"] == 3


def test_explain(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = solve(capsys, str(DATA / "fig52.tree"), "--explain")
    assert status == 0
    summary, _, story = out.partition("\n\n")
    assert "pruned edges (2): C->I C->J" in summary
    assert "I and J are pruned" in story
    status, out, _ = solve(capsys, str(DATA / "fig52.tree"), "--explain", "markdown")
    assert status == 0 and "**C**" in out


def test_explain_without_the_homework_module(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # As if gametree/homework/ were not installed (the name is imported on first use).
    monkeypatch.delattr(gametree, "explain", raising=False)
    monkeypatch.setitem(sys.modules, "gametree.homework", None)
    status, _, err = solve(capsys, str(DATA / "fig52.tree"), "--explain")
    assert status == 2
    assert err.count("\n") == 1 and "--explain needs gametree.explain" in err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["missing.tree"], "missing.tree: No such file or directory"),
        (["fig52.tree", "--window", "5", "2"], "--window LO HI needs LO < HI, got 5 2"),
        (["fig52.tree", "--window", "3", "3"], "needs LO < HI"),
        (["fig52.tree", "--depth", "-1"], "--depth must be >= 0, got -1"),
        (["fig52.tree", "--depth", "1"], "internal node 'B'"),
        (["fig52.tree", "-a", "minimax", "--strict"], "--strict applies only to the alpha-beta"),
        (
            ["fig52.tree", "-a", "expectiminimax", "--window", "2", "5", "--fail", "hard"],
            "--fail hard and --window apply only",
        ),
        (["fig52.tree", "-a", "negamax", "--transpositions"], "--transpositions applies only"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    path = argv[0] if argv[0] == "missing.tree" else str(DATA / argv[0])
    status, out, err = solve(capsys, path, *argv[1:])
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1, err
    assert err.startswith("gametree solve: error: ")
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "text",
    ["(A (B 3 12 8) (C 2 4 6)", "", "(A (B nan 1))", "[[1, 2], [3, true]]"],
)
def test_bad_trees_on_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status, out, err = solve(capsys, "-")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("gametree solve: error: "), err


def test_bad_usage_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = solve(capsys, str(DATA / "fig52.tree"), "-a", "alphabetta")
    assert status == 2
    assert "invalid choice: 'alphabetta'" in err
    status, _, _ = solve(capsys, str(DATA / "fig52.tree"), "--json", "--explain")
    assert status == 2


def test_window_accepts_negative_infinity(capsys: pytest.CaptureFixture[str]) -> None:
    # argparse would read "-inf" as an option; --window takes it as a number.
    status, out, _ = solve(capsys, str(DATA / "fig52.tree"), "--window", "-inf", "5", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["options"]["window"] == ["-inf", 5]
    assert data["value"] == 3
    # (-inf, 2): B (MIN) cuts only at alpha = -inf, so E F G give B = 3; 3 >= beta = 2 at
    # A: C and D are pruned and A is known only to be >= 3.
    status, out, _ = solve(capsys, str(DATA / "fig52.tree"), "--window", "-INF", "2", "--json")
    data = json.loads(out)
    assert (data["value"], data["visited_leaves"]) == (3, ["E", "F", "G"])
    assert data["pruned_edges"] == [["A", "C"], ["A", "D"]]


MOVES_TREE = str(Path(__file__).parent.parent / "examples" / "trees" / "moves.tree")


def test_solve_names_moves_where_edges_carry_them(capsys: pytest.CaptureFixture[str]) -> None:
    # Figure 5.2 with the figure's labels: MAX plays a1 (to B), MIN answers b1 (to E).
    status, out, _ = solve(capsys, MOVES_TREE)
    assert status == 0
    assert "best move:  a1\n" in out and "PV:         a1 b1\n" in out
    assert out.endswith("pruned edges (2): a2/c2 a2/c3\n")
    _, out, _ = solve(capsys, MOVES_TREE, "--ids")
    assert "best move:  B\n" in out and "PV:         A B E\n" in out
    assert out.endswith("pruned edges (2): C->I C->J\n")
    _, out, _ = solve(capsys, MOVES_TREE, "--json")
    data = json.loads(out)
    assert (data["best_move"], data["best_moves"], data["pv_moves"]) == ("a1", ["a1"], ["a1", "b1"])
    assert (data["best_child"], data["principal_variation"]) == ("B", ["A", "B", "E"])


def test_explain_names_the_move_and_the_node(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = solve(capsys, MOVES_TREE, "--explain")
    assert out.rstrip().endswith("Result: value 3, best move a1 (to B); pruned: I, J.")


def test_the_reported_moves_are_a_correct_answer(capsys: pytest.CaptureFixture[str]) -> None:
    # What solve prints for a game tree, copied into an answer file, checks as right.
    import gametree
    from gametree.games import TicTacToe, expand

    G = expand(TicTacToe(), TicTacToe().state("XO-/-X-/--O", "O"))
    report = format_text(gametree.alphabeta(G, annotate=False), G)
    lines = dict(line.split(":", 1) for line in report.splitlines())
    pruned = lines[next(k for k in lines if k.startswith("pruned edges"))].strip()
    best = lines["best move"].split("(all best")[0].strip()
    answers = f"move = {best}\npv = {lines['PV'].strip()}\npruned = {pruned}"
    checked = gametree.check(G, answers)
    assert checked.ok and checked.score == 1.0, checked.to_text()
    assert "/" in pruned
