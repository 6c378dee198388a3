"""The command-line frame: exit codes, one-line errors, pipes, ``python -m gametree``."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from gametree.cli import COMMANDS, error_line, main
from gametree.exceptions import InvalidTreeError, TreeSyntaxError

ROOT = Path(__file__).resolve().parent.parent
FIG_5_2 = ROOT / "examples" / "trees" / "aima_5_2.tree"


def test_an_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_no_command_prints_the_usage_with_every_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: gametree ")
    listed = re.findall(r"^ {4}([a-z-]+)", out, flags=re.M)
    assert listed == [name for name, _ in COMMANDS]


def test_version_is_the_installed_packages(capsys: pytest.CaptureFixture[str]) -> None:
    import importlib.metadata

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"gametree {importlib.metadata.version('gametree')}\n"


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


# -- a newcomer's command line: aliases, suggestions, flags in messages ---------------------


@pytest.mark.parametrize(
    ("given", "canonical"),
    [("alpha-beta", "alphabeta"), ("NegaScout", "pvs"), ("sss*", "sss"), ("uct", "mcts")],
)
def test_the_cli_takes_the_apis_algorithm_aliases(
    given: str, canonical: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["solve", str(FIG_5_2), "-a", given]
    if canonical == "mcts":
        argv += ["--iterations", "20", "--seed", "1"]
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith(f"algorithm:  {canonical}")


def test_players_take_the_aliases_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "tictactoe", "--x", "alpha-beta:depth=2", "--o", "random"]) == 0
    assert "alphabeta:depth=2" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "hint"),
    [
        (["practice", str(FIG_5_2), "-o", "{out}.html", "--ask", "value"], "values"),
        (["draw", str(FIG_5_2), "-o", "{out}.png", "--show", "valu"], "values"),
        (["draw", str(FIG_5_2), "-o", "{out}.png", "--collapse", "prune"], "pruned"),
        (["draw", str(FIG_5_2), "-o", "{out}.png", "--orientation", "leftright"], "left-right"),
        (["solve", str(FIG_5_2), "-a", "alphabet"], "alphabeta"),
        (["solve", str(FIG_5_2), "--fail", "hrd"], "hard"),
        (["play", "tictactoe", "--x", "alphabeta:dept=3", "--o", "random"], "depth"),
        (["play", "tictactoe", "--x", "alphabeta", "--o", "rando"], "random"),
        (["practice", str(FIG_5_2), "-o", "{out}.html", "--conventions", "pvs:strct"], "strict"),
    ],
)
def test_every_choice_gets_did_you_mean(
    argv: list[str], hint: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [a.replace("{out}", str(tmp_path / "out")) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.rstrip().endswith(f"; did you mean {hint}?"), err


def test_no_suggestion_for_a_far_miss(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "chess", "--x", "random", "--o", "random"]) == 2
    assert "did you mean" not in capsys.readouterr().err


def test_cli_messages_name_flags_not_python_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import re
    import warnings

    from gametree.cli.common import print_warnings
    from gametree.drawing.animate import check_frame_count
    from gametree.drawing.raster import PNG_INSTEAD
    from gametree.exceptions import FitWarning, RenderError

    python = re.compile(r"\b(force|collapse|max_depth|focus|orientation|max_frames)=")
    # An animation past the frame limit, as draw -o x.gif says it.
    with pytest.raises(RenderError) as info:
        check_frame_count(2000, 1000)
    from gametree.cli.wording import cli_wording

    told = cli_wording(str(info.value), "draw")
    assert "--max-frames N" in told and not python.search(told), told
    told = cli_wording("too large; " + PNG_INSTEAD, "draw")
    assert "--max-depth K, --collapse pruned or --focus NODE" in told, told
    assert not python.search(told) and "CLI:" not in told
    # A warning printed by a command goes through the same wording.
    with print_warnings("draw"):
        warnings.warn(
            FitWarning('draw less with collapse="pruned" (CLI: --collapse pruned)'), stacklevel=1
        )
    err = capsys.readouterr().err
    assert err == "gametree draw: warning: draw less with --collapse pruned\n"
    # An existing output, and a non-empty exercise folder, name --force.
    out = tmp_path / "x.txt"
    out.write_text("x")
    assert main(["draw", str(FIG_5_2), "-o", str(out)]) == 2
    assert "add --force" in capsys.readouterr().err
    folder = tmp_path / "ex"
    folder.mkdir()
    (folder / "keep").write_text("x")
    assert main(["generate", "--depth", "2", "-o", str(folder), "--no-images"]) == 2
    err = capsys.readouterr().err
    assert "add --force" in err and not python.search(err), err


def test_help_lists_practice(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "practice" in capsys.readouterr().out
