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


# -- every output: refused when it exists, one line naming --force; replaced with it ------

FIG52 = Path(__file__).parent.parent / "examples" / "trees" / "aima_5_2.tree"


def _subs(tmp_path: Path) -> Path:
    d = tmp_path / "subs"
    d.mkdir(exist_ok=True)
    (d / "ann.txt").write_text("value = 3\n")
    return d


OUTPUT_COMMANDS = {
    "draw png": lambda t, out: ["draw", str(FIG52), "-o", str(out.with_suffix(".png"))],
    "draw svg": lambda t, out: ["draw", str(FIG52), "-o", str(out.with_suffix(".svg")),
                                "-a", "alphabeta"],
    "draw pdf": lambda t, out: ["draw", str(FIG52), "-o", str(out.with_suffix(".pdf"))],
    "draw tex": lambda t, out: ["draw", str(FIG52), "-o", str(out.with_suffix(".tex"))],
    "draw txt": lambda t, out: ["draw", str(FIG52), "-o", str(out.with_suffix(".txt"))],
    "draw dot": lambda t, out: ["draw", str(FIG52), "-o", str(out.with_suffix(".dot"))],
    "draw gif": lambda t, out: ["draw", str(FIG52), "-o", str(out.with_suffix(".gif")),
                                "-a", "alphabeta"],
    "draw html": lambda t, out: ["draw", str(FIG52), "-o", str(out.with_suffix(".html"))],
    "practice": lambda t, out: ["practice", str(FIG52), "-o", str(out.with_suffix(".html"))],
    "grade": lambda t, out: ["grade", str(FIG52), str(_subs(t)), "-o",
                             str(out.with_suffix(".csv"))],
    "expand tree": lambda t, out: ["expand", "aima", "-o", str(out.with_suffix(".json"))],
    "expand png": lambda t, out: ["expand", "aima", "-o", str(out.with_suffix(".png"))],
    "convert": lambda t, out: ["convert", str(FIG52), str(out.with_suffix(".efg"))],
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(OUTPUT_COMMANDS))
def test_an_existing_output_is_refused_alike_by_every_command(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = OUTPUT_COMMANDS[name](tmp_path, tmp_path / "out")
    target = Path(argv[argv.index("-o") + 1] if "-o" in argv else argv[-1])
    target.write_bytes(b"precious")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == f"gametree {argv[0]}: error: {str(target)!r} exists; add --force to replace it\n"
    assert target.read_bytes() == b"precious"
    assert [p.name for p in target.parent.iterdir() if p.name.startswith(".")] == []
    assert main([*argv, "--force"]) == 0
    assert target.read_bytes() != b"precious" and target.stat().st_size > 0


def test_a_planted_temporary_name_is_never_written_through(tmp_path: Path) -> None:
    # draw -o x.gif once wrote x.gif.part by name: a link planted there wrote through.
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (tmp_path / "x.gif.part").symlink_to(victim)
    assert main(["draw", str(FIG52), "-o", str(tmp_path / "x.gif"), "-a", "alphabeta"]) == 0
    assert victim.read_text() == "keep me"
    assert (tmp_path / "x.gif.part").is_symlink()
    from PIL import Image

    with Image.open(tmp_path / "x.gif") as gif:
        assert gif.n_frames > 1


@pytest.mark.slow
def test_the_api_writers_refuse_an_existing_file(tmp_path: Path) -> None:
    G = gametree.load(FIG52)
    for write in (
        lambda p: gametree.save(G, p.with_suffix(".png")),
        lambda p: gametree.save(G, p.with_suffix(".txt")),
        lambda p: gametree.dump(G, p.with_suffix(".json")),
        lambda p: gametree.animate(G, "alphabeta", p.with_suffix(".gif")),
        lambda p: gametree.grade(G, _subs(tmp_path), output=p.with_suffix(".csv")),
        lambda p: gametree.grade(G, _subs(tmp_path)).write_csv(p.with_suffix(".csv")),
    ):
        path = tmp_path / "api"
        for suffix in (".png", ".txt", ".json", ".gif", ".csv"):
            path.with_suffix(suffix).unlink(missing_ok=True)
        write(path)
        with pytest.raises(gametree.OutputExistsError, match="pass force=True"):
            write(path)
