"""The command-line frame: exit codes, one-line errors, pipes, ``python -m gametree``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gametree.cli import error_line, main
from gametree.exceptions import InvalidTreeError, TreeSyntaxError

ROOT = Path(__file__).resolve().parent.parent
FIG_5_2 = ROOT / "examples" / "trees" / "aima_5_2.tree"


def test_no_command_and_unknown_command_are_usage_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([]) == 2
    assert main(["frobnicate"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in (
        "solve",
        "draw",
        "convert",
        "validate",
        "expand",
        "play",
        "check",
        "grade",
        "generate",
        "compare",
    ):
        assert command in out


def test_syntax_errors_become_one_line_with_the_position() -> None:
    exc = TreeSyntaxError("'(' is never closed", line=3, column=7, source_line="(A (B 1")
    assert error_line(exc) == "line 3, column 7: '(' is never closed"
    exc = TreeSyntaxError("bad", line=1, column=2, source_line="x", filename="t.tree")
    assert error_line(exc) == "t.tree:1:2: bad"
    assert error_line(InvalidTreeError("leaf 'C' has no value\nmore")) == "leaf 'C' has no value"


def test_bad_input_is_one_line_on_stderr_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.tree"
    bad.write_text("(A (B 3 12 8)\n   (C 2 4 6)\n")
    assert main(["solve", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bad.tree:1:1:" in err
    assert main(["solve", str(tmp_path / "missing.tree")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "missing.tree" in err


def test_python_dash_m_and_a_closed_pipe(tmp_path: Path) -> None:
    # `gametree solve big.tree --explain | head -1`: the reader closes the pipe long
    # before the megabyte of explanation is written; that is no error.
    import gametree

    big = tmp_path / "big.json"
    gametree.dump(gametree.random_tree(5, 5, seed=1), big)
    proc = subprocess.run(
        f"{sys.executable} -m gametree solve {big} --explain | head -1",
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert proc.stdout.startswith("algorithm:")
    assert proc.stderr == ""


@pytest.mark.parametrize("command", ["solve", "draw", "check", "grade"])
def test_alpha_beta_flags_without_alpha_beta_are_refused_not_ignored(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = tmp_path / "a.txt"
    answers.write_text("value = 3\n")
    extra = {
        "solve": [],
        "draw": ["-o", str(tmp_path / "k.txt")],
        "check": [str(answers)],
        "grade": [str(tmp_path)],
    }[command]
    argv = [command, str(FIG_5_2), *extra, "-a", "minimax", "--strict"]
    assert main(argv) == 2
    assert "--strict applies only to the alpha-beta family" in capsys.readouterr().err
