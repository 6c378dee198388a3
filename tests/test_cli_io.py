"""gametree convert and gametree validate: goldens, stdin/stdout, exit codes."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

import gametree
from gametree.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "trees"
GOLDEN = Path(__file__).resolve().parent / "data" / "io" / "convert"
REGENERATE = os.environ.get("GAMETREE_REGENERATE_GOLDEN") == "1"


@pytest.mark.parametrize("example", ["aima_5_2", "chance", "dag", "moves"])
@pytest.mark.parametrize("suffix", [".json", ".dot", ".graphml", ".tree"])
def test_convert_golden(tmp_path: Path, example: str, suffix: str) -> None:
    out = tmp_path / f"{example}{suffix}"
    assert main(["convert", str(EXAMPLES / f"{example}.tree"), str(out)]) == 0
    golden = GOLDEN / f"{example}{suffix}"
    if REGENERATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(out.read_text(encoding="utf-8"), encoding="utf-8")
    assert out.read_text(encoding="utf-8") == golden.read_text(encoding="utf-8")
    # And back: the converted file is the same tree.
    back = tmp_path / f"back_{example}.tree"
    assert main(["convert", str(out), str(back)]) == 0
    assert back.read_text() == (GOLDEN / f"{example}.tree").read_text()


def test_convert_stdin_to_stdout(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"))
    assert main(["convert", "-", "-"]) == 0
    assert capsys.readouterr().out == "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n"
    monkeypatch.setattr("sys.stdin", io.StringIO("(A 1 2)"))
    assert main(["convert", "-", "-", "--to", "json"]) == 0
    assert '"id": "B", "value": 1' in capsys.readouterr().out


def test_convert_with_explicit_input_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "tree.txt"
    source.write_text("digraph { A [player=MIN]; A -> B; B [value=4] }")
    assert main(["convert", "--from", "dot", str(source), "-"]) == 0
    assert capsys.readouterr().out == "players: MIN MAX\n(A 4)\n"


@pytest.mark.parametrize(
    ("content", "name", "words"),
    [
        ("(A (B 3", "bad.tree", "bad.tree:1:4: '(' is never closed"),
        ("(A 1 2)", "tree.yaml", "known suffixes: .tree, .json, .dot, .gv, .graphml"),
        ("[[1, true]]", "bad.json", "node 'D'"),
    ],
)
def test_convert_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, name: str, words: str
) -> None:
    path = tmp_path / name
    path.write_text(content)
    assert main(["convert", str(path), str(tmp_path / "out.json")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "Traceback" not in err
    assert not (tmp_path / "out.json").exists()


def test_convert_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "/no/such/file.tree", "-"]) == 2
    assert "/no/such/file.tree: No such file or directory" in capsys.readouterr().err


def test_validate_exit_codes_and_every_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = EXAMPLES / "aima_5_2.tree"
    invalid = tmp_path / "invalid.json"
    # Two problems: leaf C has no value, and B is internal without a player.
    invalid.write_text(
        '{"nodes": [{"id": "A", "player": "MAX"}, {"id": "B"}, {"id": "C"},'
        ' {"id": "D", "value": 1}], "edges": [{"source": "A", "target": "B"},'
        ' {"source": "A", "target": "C"}, {"source": "B", "target": "D"}]}'
    )
    broken = tmp_path / "broken.tree"
    broken.write_text("(A 1 2")

    assert main(["validate", str(good)]) == 0
    out = capsys.readouterr().out
    assert "aima_5_2.tree: ok (13 nodes, 9 leaves, depth 2, root 'A')" in out

    assert main(["validate", str(good), str(invalid)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any("invalid.json: invalid, 2 problems:" in line for line in out)
    assert any("internal node 'B' has no player" in line for line in out)
    assert any("leaf 'C' has no value" in line for line in out)

    assert main(["validate", str(invalid), str(broken), str(good)]) == 2
    captured = capsys.readouterr()
    assert "broken.tree:1:1: '(' is never closed" in captured.err
    assert "aima_5_2.tree: ok" in captured.out  # later files are still checked


def test_validate_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("players: MAX CHANCE\n(A (B 0.5*1 0.6*2))"))
    assert main(["validate", "-"]) == 1
    assert "<stdin>:   probabilities out of CHANCE node 'B' sum to" in capsys.readouterr().out


def test_every_example_tree_loads() -> None:
    for path in EXAMPLES.glob("*.tree"):
        gametree.validate(gametree.load(path))
