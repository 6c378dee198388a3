"""Tests for gametree.homework.compare and ``gametree compare``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gametree
from gametree import compare, format_comparison
from gametree.cli import main

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_fig52_rows_by_hand() -> None:
    # Minimax visits all 13 nodes (9 leaves); alpha-beta skips I and J: 11 nodes, 7
    # leaves, 1 cutoff. ebf (AIMA): N = 12 below the root in 2 levels: b + b^2 = 12 -> 3;
    # N = 10: b + b^2 = 10 -> b = (-1 + sqrt(41)) / 2 = 2.7016.
    rows = compare(gametree.from_nested(AIMA), repeat=1)
    got = {r.algorithm: r for r in rows}
    assert [r.algorithm for r in rows] == ["minimax", "alphabeta", "negamax_alphabeta", "pvs"]
    assert (got["minimax"].nodes_visited, got["minimax"].leaves_evaluated) == (13, 9)
    assert (got["alphabeta"].nodes_visited, got["alphabeta"].leaves_evaluated) == (11, 7)
    assert got["alphabeta"].cutoffs == 1 and got["minimax"].cutoffs == 0
    assert got["minimax"].ebf == pytest.approx(3.0)
    assert got["alphabeta"].ebf == pytest.approx((-1 + 41**0.5) / 2)
    assert all(r.value == 3 and r.best_move == "B" for r in rows)
    assert all(r.seconds >= 0 for r in rows)


def test_options_go_only_where_they_apply() -> None:
    # (A (B 3 5) (C 3 9)): strict cut evaluates all 4 leaves; minimax ignores the option.
    G = gametree.from_nested([[3, 5], [3, 9]])
    rows = compare(G, ["minimax", "alphabeta"], repeat=1, prune_on_equal=False)
    assert [r.leaves_evaluated for r in rows] == [4, 4]
    rows = compare(G, ["alphabeta"], repeat=1)
    assert rows[0].leaves_evaluated == 3


def test_formats() -> None:
    rows = compare(gametree.from_nested(AIMA), ["alphabeta"], repeat=1)
    assert format_comparison(rows).splitlines()[0].split() == [
        "algorithm",
        "value",
        "move",
        "nodes",
        "leaves",
        "cutoffs",
        "re-searches",
        "ebf",
        "time",
    ]
    assert format_comparison(rows, "markdown").startswith("| algorithm | value |")
    assert format_comparison(rows, "csv").splitlines()[1].startswith("alphabeta,3,B,11,7,1,0,")
    assert json.loads(format_comparison(rows, "json"))[0]["leaves_evaluated"] == 7
    with pytest.raises(ValueError):
        format_comparison(rows, "html")


def test_compare_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = tmp_path / "t.tree"
    tree.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n")
    assert main(["compare", str(tree), "-a", "minimax,pvs", "--repeat", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out] == ["algorithm", "minimax", "pvs"]
    assert main(["compare", str(tree), "-a", "bogus"]) == 2
    assert main(["compare", str(tmp_path / "missing.tree")]) == 2


def test_compare_names_moves_or_ids(capsys: pytest.CaptureFixture[str]) -> None:
    tree = str(Path(__file__).parent.parent / "examples" / "trees" / "moves.tree")
    assert main(["compare", tree, "-a", "minimax,alphabeta", "--repeat", "1"]) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    assert [row.split()[2] for row in rows] == ["a1", "a1"]
    assert main(["compare", tree, "-a", "alphabeta", "--repeat", "1", "--ids"]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[2] == "B"
    main(["compare", tree, "-a", "alphabeta", "--repeat", "1", "--format", "json"])
    row = json.loads(capsys.readouterr().out)[0]
    assert (row["best_move"], row["best_child"]) == ("a1", "B")


def test_mcts_row_by_hand() -> None:
    """Four iterations on Figure 5.2, playouts taking the first child, c = 1 (as in the
    README's explain example): A's children B, C, D are added by iterations 1-3 (playout
    values 3, 2, 14), iteration 4 selects D and adds K (14). The root mean is
    (3 + 2 + 14 + 14) / 4 = 8.25, the tree holds A B C D K (5 nodes), 4 playouts, D is
    the most visited. The alpha-beta options reach alpha-beta only (mcts would refuse
    them), the MCTS options mcts only."""
    G = gametree.from_nested(AIMA)

    def first(G, n):
        return next(iter(G.succ[n]))

    rows = compare(G, ["alphabeta", "mcts"], repeat=1, fail="hard", prune_on_equal=False,
                   iterations=4, c=1, playout=first)  # fmt: skip
    ab, mc = rows
    assert (ab.value, ab.leaves_evaluated, ab.note) == (3, 7, "")
    assert (mc.value, mc.best_move, mc.nodes_visited, mc.leaves_evaluated) == (8.25, "D", 5, 4)
    assert mc.ebf != mc.ebf and mc.cutoffs == 0 and "no cutoffs" in mc.note
    text = format_comparison(rows).splitlines()
    assert text[2].split() == ["mcts", "8.25", "D", "5", "4", "-", "-", "-", *text[2].split()[-2:]]
    assert text[3].startswith("(mcts: value = the root's mean playout value")
    assert json.loads(format_comparison(rows, "json"))[1]["ebf"] is None
    assert "| mcts | 8.25 | D | 5 | 4 | - | - | - |" in format_comparison(rows, "markdown")


def test_compare_cli_mcts_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = tmp_path / "fig52.tree"
    tree.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))", encoding="utf-8")
    argv = ["compare", str(tree), "--repeat", "1", "--format", "json"]
    assert main([*argv, "-a", "alphabeta,mcts", "--iterations", "30", "--seed", "4"]) == 0
    ab, mc = json.loads(capsys.readouterr().out)
    direct = gametree.mcts(gametree.parse(tree.read_text()), iterations=30, seed=4)
    assert (mc["value"], mc["best_move"]) == (direct.value, direct.best_move)
    assert mc["leaves_evaluated"] == 30 and mc["nodes_visited"] == 13 and ab["value"] == 3
    assert main([*argv, "-a", "alphabeta", "--seed", "4"]) == 2
    assert "--seed applies only when -a lists mcts" in capsys.readouterr().err
    assert main([*argv, "-a", "mcts"]) == 2
    assert "needs --iterations" in capsys.readouterr().err
