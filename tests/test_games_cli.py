"""The ``gametree expand`` and ``gametree play`` commands, in process."""

from __future__ import annotations

from pathlib import Path

import pytest

import gametree
from gametree.cli import main


def test_play_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["play", "tictactoe", "--x", "alphabeta", "--o", "first-open", "--games", "2"])
    out = capsys.readouterr().out
    assert status == 0
    assert "TicTacToe(3, 3, 3): 2 game(s)" in out
    x_row = next(line for line in out.splitlines() if line.startswith("x "))
    assert x_row.split()[1:5] == ["alphabeta", "2", "0", "0"]


def test_play_connect_four_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "connect4:4,5,3", "--x", "alphabeta:depth=2", "--o", "think:3"]
    argv += ["--games", "4", "--seed", "3"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    again = capsys.readouterr().out
    strip = [line.rsplit(None, 1)[0] for line in first.splitlines()]  # drop ms/move
    assert strip == [line.rsplit(None, 1)[0] for line in again.splitlines()]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess", "--x", "random", "--o", "random"], "unknown game"),
        (["play", "tictactoe", "--x", "deep-blue", "--o", "random"], "unknown player"),
        (["play", "tictactoe:3,3", "--x", "random", "--o", "random"], "M,N,K"),
        (["expand", "tictactoe", "--state", "XO?/---/---"], "bad cell"),
        (["expand", "tictactoe", "--max-nodes", "50"], "max_nodes=50"),
        (["expand", "aima", "--depth", "1"], "no evaluate"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_expand_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expand", "tictactoe", "--merge"]) == 0
    assert "5,478 positions" in capsys.readouterr().out
    assert main(["expand", "nim:1,2", "--depth", "1"]) == 0
    # Nim (1, 2): the root and its 3 moves, cut at depth 1: 4 nodes, 3 leaves.
    assert "4 nodes, 3 leaves" in capsys.readouterr().out


@pytest.mark.skipif(not hasattr(gametree, "dump"), reason="gametree.dump not available")
def test_expand_writes_a_tree_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fig52.json"
    assert main(["expand", "aima", "-o", str(out)]) == 0
    G = gametree.load(out)
    assert len(G) == 13 and gametree.alphabeta(G, annotate=False).value == 3
    out2 = tmp_path / "nim.graphml"
    assert main(["expand", "nim:1,1", "--merge", "-o", str(out2)]) == 0
    assert len(gametree.load(out2)) == 4
