"""Tests for gametree.inputs: the input limit, and what it means on the command line."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gametree import InputError
from gametree.cli import main
from gametree.inputs import (
    LIMIT_VARIABLE,
    MAX_INPUT_BYTES,
    check_input_file,
    max_input_bytes,
    read_input,
    read_stream,
)

ROOT = Path(__file__).resolve().parent.parent
FIG_5_2 = ROOT / "examples" / "trees" / "aima_5_2.tree"


def test_default_limit_and_its_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LIMIT_VARIABLE, raising=False)
    assert max_input_bytes() == MAX_INPUT_BYTES == 64 * 2**20
    monkeypatch.setenv(LIMIT_VARIABLE, "1_000")
    assert max_input_bytes() == 1000
    for bad in ("0", "-5", "lots", "1e6", "9" * 40):
        monkeypatch.setenv(LIMIT_VARIABLE, bad)
        with pytest.raises(InputError, match=LIMIT_VARIABLE):
            max_input_bytes()


def test_read_input_at_and_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "t.tree"
    path.write_bytes(b"x" * 100)
    assert read_input(path, limit=100) == b"x" * 100
    with pytest.raises(InputError, match="larger than the input limit of 99 bytes"):
        read_input(path, limit=99)
    with pytest.raises(InputError, match="larger than the input limit"):
        check_input_file(path, limit=99)
    check_input_file(path, limit=100)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: os.mkfifo(p), "FIFO"),
        (lambda p: p.mkdir(), "folder"),
        (lambda p: p.symlink_to("/dev/zero"), "character device"),
    ],
    ids=["fifo", "folder", "device"],
)
def test_non_regular_files_are_refused_unopened(tmp_path: Path, make: object, words: str) -> None:
    path = tmp_path / "input"
    make(path)  # type: ignore[operator]
    for reader in (read_input, check_input_file):
        with pytest.raises(InputError, match=words):
            reader(path)  # a FIFO without a writer would block: it must not


def test_read_stream_limits_and_closed_streams() -> None:
    assert read_stream(io.BytesIO(b"abc"), limit=3) == b"abc"
    assert read_stream(io.StringIO("abc"), limit=3) == b"abc"
    with pytest.raises(InputError, match="larger than the input limit of 2 bytes"):
        read_stream(io.BytesIO(b"abc"), limit=2)
    closed = io.BytesIO(b"abc")
    closed.close()
    for stream in (None, closed):
        with pytest.raises(InputError, match="standard input is closed"):
            read_stream(stream)


def _shell(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        shell=True,
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        timeout=120,
    )


PY = f"{sys.executable} -m gametree"
HOSTILE_COMMANDS = [
    # (command line, words in the one error line)
    (f"{PY} solve - <&-", "standard input is closed"),
    (f"{PY} solve {FIG_5_2} >&-", "standard output: closed"),
    (f"{PY} play tictactoe --x human --o alphabeta <&-", "standard input is closed"),
    (f"{PY} play tictactoe --x human --o alphabeta </dev/null", "input ended"),
    (f"{PY} convert - out.json <&-", "standard input is closed"),
    (f"{PY} solve /dev/zero", "character device, not a regular file"),
    (f"{PY} solve /dev/urandom", "character device, not a regular file"),
    (f"{PY} check {FIG_5_2} /dev/zero", "character device, not a regular file"),
    (f"{PY} convert /dev/zero out.json", "character device, not a regular file"),
    (f"head -c 3000 /dev/zero | {PY} solve -", "larger than the input limit of 2,000 bytes"),
    (f"{PY} solve - < /dev/urandom", "larger than the input limit of 2,000 bytes"),
    (f"{PY} solve {FIG_5_2} --strct", "did you mean --strict?"),
    (f"{PY} slove {FIG_5_2}", "did you mean solve?"),
    (f"{PY} solve {FIG_5_2} -a alpabeta", "did you mean alphabeta?"),
    (f"{PY} check", "the following arguments are required: TREE"),
    (f"{PY} play tictactoe --x random --o random --games 1000000000", "--max-games"),
    (f"{PY} expand tictactoe:1000,1000,3 --depth 1 -o x.tree", "1,000,000 cells"),
]


@pytest.mark.parametrize(("command", "words"), HOSTILE_COMMANDS)
def test_hostile_command_lines_give_one_line_and_exit_2(
    command: str, words: str, tmp_path: Path
) -> None:
    proc = _shell(command, tmp_path, {"GAMETREE_MAX_INPUT_BYTES": "2000"})
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert words in proc.stderr
    assert proc.stderr.startswith("gametree")
    assert not list(tmp_path.iterdir())  # nothing written


def test_fifo_tree_file_does_not_hang(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "t.tree"
    os.mkfifo(fifo)
    assert main(["solve", str(fifo)]) == 2
    assert "FIFO" in capsys.readouterr().err


def test_usage_error_names_the_command_and_the_near_miss(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", str(FIG_5_2), "a.txt", "--requre", "value"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "gametree check: error: unrecognized arguments: --requre value; did you mean --require?\n"
    )
    assert main(["solve", str(FIG_5_2), "--zzzz"]) == 2
    assert capsys.readouterr().err == "gametree solve: error: unrecognized arguments: --zzzz\n"
