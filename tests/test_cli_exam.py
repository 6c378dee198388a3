"""Tests for ``gametree generate --variants N`` and ``--moodle FILE`` (gametree/cli/exam.py)."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import gametree
from gametree.cli import main

SHAPE = ["generate", "--depth", "3", "--branching", "3", "--prunes", "3-5", "--seed", "2"]


def test_variants_write_sheet_key_and_versions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "exam"
    assert main([*SHAPE, "--variants", "3", "-o", str(out)]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("3 versions: 40 nodes, ")
    names = {p.name for p in out.iterdir()}
    expected = {"sheet.tex", "key.tex"} | {
        f"version-{k}.{s}" for k in (1, 2, 3) for s in ("tree", "toml")
    }
    if shutil.which("pdflatex"):
        expected |= {"sheet.pdf", "key.pdf"}
        assert (out / "key.pdf").read_bytes().startswith(b"%PDF")
    assert names == expected
    assert {line for line in printed if line.startswith("wrote ")} == {
        f"wrote {out / n}" for n in expected
    }
    # Each version's answer key checks against its tree.
    for k in (1, 2, 3):
        assert gametree.check(
            gametree.load(out / f"version-{k}.tree"), out / f"version-{k}.toml"
        ).ok


def test_moodle_alone_is_one_question(tmp_path: Path) -> None:
    quiz = tmp_path / "quiz.xml"
    assert main([*SHAPE, "--moodle", str(quiz), "-q"]) == 0
    root = ET.parse(quiz).getroot()
    assert [q.get("type") for q in root] == ["category", "cloze"]


def test_moodle_of_variants_without_a_folder(tmp_path: Path) -> None:
    # As generate's help writes it: N questions in the quiz, nothing else written.
    quiz = tmp_path / "quiz.xml"
    assert main([*SHAPE, "--variants", "3", "--moodle", str(quiz), "-q"]) == 0
    root = ET.parse(quiz).getroot()
    assert [q.get("type") for q in root] == ["category", "cloze", "cloze", "cloze"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["quiz.xml"]


def test_variants_and_moodle_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without pdflatex (the PDFs are tested above): the .tex files and a note.
    monkeypatch.setattr("gametree.platforms.latex.pdflatex_available", lambda: False)
    quiz, out = tmp_path / "quiz.xml", tmp_path / "exam"
    assert main([*SHAPE, "--variants", "2", "--moodle", str(quiz), "-o", str(out), "-q"]) == 0
    root = ET.parse(quiz).getroot()
    texts = [q.findtext("questiontext/text") for q in root if q.get("type") == "cloze"]
    assert len(texts) == 2 and texts[0] != texts[1]
    assert (out / "version-2.tree").exists() and not (out / "sheet.pdf").exists()
    assert "pdflatex is not installed: no PDFs" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--variants", "2"], "--variants N writes the sheet and key into -o DIR (or the quiz"),
        (["--moodle", "q.xml", "-o", "d"], "-o DIR with --moodle needs --variants N"),
        (["--variants", "2", "-o", "d", "--algorithm", "mcts"], "not -a mcts"),
        (["--variants", "0", "-o", "d"], "the number of variants must be at least 1"),
        ([], "the following argument is required: -o/--output DIR"),
    ],
)
def test_errors_are_one_line(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([*SHAPE, *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert list(tmp_path.iterdir()) == []


def test_existing_files_are_refused_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "quiz.xml").write_text("mine")
    assert main([*SHAPE, "--moodle", str(tmp_path / "quiz.xml")]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "quiz.xml' exists; add --force to replace it" in captured.err
    assert main([*SHAPE, "--moodle", str(tmp_path / "quiz.xml"), "--force", "-q"]) == 0
    assert (tmp_path / "quiz.xml").read_text().startswith("<?xml")


def test_variants_in_forest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    # The PDFs of forest sheets are tested in test_platforms_latex; here the choice
    # reaches the files, and a missing package is named instead of failing the run.
    monkeypatch.setattr(
        "gametree.platforms.latex.latex_problem",
        lambda latex: f"pdflatex cannot load {latex} (File `elocalloc.sty' not found)",
    )
    out = tmp_path / "exam"
    assert main([*SHAPE, "--variants", "2", "--latex", "forest", "-o", str(out), "-q"]) == 0
    assert "\\begin{forest}" in (out / "key.tex").read_text()
    assert not (out / "key.pdf").exists()
    assert "pdflatex cannot load forest (File `elocalloc.sty' not found): no PDFs" in (
        capsys.readouterr().out
    )


def test_latex_choice_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = str(tmp_path / "x")
    assert main([*SHAPE, "--variants", "2", "--latex", "istgame", "-o", out]) == 2
    assert "does not write istgame" in capsys.readouterr().err
    assert main([*SHAPE, "--algorithm", "mcts", "--latex", "forest", "-o", out]) == 2
    assert "--latex applies to alpha-beta exercises" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


@pytest.mark.slow
def test_a_tree_too_wide_for_the_paper_is_one_clean_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35: generate printed raw Python warnings (``.../bin/gametree:8: FitWarning``,
    ``sys.exit(main())``) 8 times for 4 versions. A root of 16 children is too wide for
    A4 even in parts: one line on stderr, naming the versions and a paper that is wider."""
    monkeypatch.setattr("gametree.platforms.latex.latex_problem", lambda latex: "no pdflatex")
    argv = ["generate", "--branching", "16", "--depth", "2", "--prunes", "1-300",
            "--variants", "2", "-o", str(tmp_path / "exam")]  # fmt: skip
    assert main(argv) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "gametree generate: warning: the tree does not fit the text of the a4 page at fonts "
        "of 7 pt or more, even drawn in parts (versions 1, 2): its pictures run into the "
        "margin; set the exam on a4-landscape paper or draw a tree with fewer children per node"
    ]


def test_key_has_no_name_line_and_the_sheet_names_every_node(tmp_path: Path) -> None:
    """Issue 35: the key kept the sheet's "Name: ____" line, and the sheet said leaves
    are numbered #1, #2, ... where the drawing shows names and no numbers."""
    out = tmp_path / "exam"
    assert main([*SHAPE, "--variants", "1", "-o", str(out)]) == 0
    sheet, key = (out / "sheet.tex").read_text(), (out / "key.tex").read_text()
    assert sheet.count("Name: \\underline") == 1 and "Name: \\underline" not in key
    assert (
        "\\#1" not in sheet
        and "Each node's name is written beside it, a leaf's under its value." in sheet
    )


def test_paper_choice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "exam"
    assert main([*SHAPE, "--variants", "1", "--paper", "letter-landscape", "-o", str(out)]) == 0
    assert (
        (out / "sheet.tex")
        .read_text()
        .startswith(
            "\\documentclass[letterpaper,11pt]{article}\n"
            "\\usepackage[letterpaper,margin=1in,landscape]{geometry}\n"
        )
    )
    assert main([*SHAPE, "--variants", "1", "--paper", "a5", "-o", str(tmp_path / "x")]) == 2
    assert "invalid choice: 'a5'" in capsys.readouterr().err


MINE = (
    "(A (B (E 3 5 2) (F 5 1 7) (G 4 4 9)) (C (H 2 7 1) (I 5 4 3) (J 6 2 8))"
    " (D (K 6 6 1) (L 1 8 3) (M 7 5 5)))"
)


def test_versions_of_an_own_tree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 35: an instructor who wrote an exam tree by hand could not make versions of
    it. --tree FILE: the same shape and pruning counts, other values and cuts, and a
    Moodle quiz of the same versions."""
    (tmp_path / "mine.tree").write_text(MINE + "\n")
    out, quiz = tmp_path / "exam", tmp_path / "quiz.xml"
    argv = ["generate", "--tree", str(tmp_path / "mine.tree"), "--variants", "3",
            "--moodle", str(quiz), "--seed", "4", "-o", str(out)]  # fmt: skip
    assert main(argv) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[:2] == [
        "3 versions: 40 nodes, 6 pruned edges and 8 pruned leaves each",
        "ties: your tree's ties make cutting on >= and on > prune different leaves, and so "
        "do every version's",
    ]
    G = gametree.parse(MINE)
    trees = {gametree.to_notation(G)}
    for k in (1, 2, 3):
        H = gametree.load(out / f"version-{k}.tree")
        assert list(H.edges) == list(G.edges)
        assert gametree.check(H, out / f"version-{k}.toml").ok
        trees.add(gametree.to_notation(H))
    assert len(trees) == 4
    assert [q.get("type") for q in ET.parse(quiz).getroot()].count("cloze") == 3


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--variants", "2", "--depth", "4"], "--depth does not apply with --tree FILE"),
        ([], "--tree FILE makes versions: give --variants N -o DIR or --moodle FILE"),
        (["--variants", "2", "--strict"], "alpha-beta prunes nothing in this tree"),
    ],
)
def test_own_tree_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    (tmp_path / "t.tree").write_text("(A (B 3 4) (C 3 2))\n")
    argv = ["generate", "--tree", str(tmp_path / "t.tree"), "-o", str(tmp_path / "x"), *extra]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("gametree generate: error: ") and message in err
    assert err.count("\n") == 1


@pytest.mark.slow
def test_generate_names_only_remedies_it_can_point_to(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 35: generate's warning suggested --collapse and --paper, which generate does
    not take. A 341-node exercise on its slide: one clean line per picture that points to
    what draws it in parts, and no Python warning text."""
    argv = [
        "generate",
        "--branching",
        "4",
        "--depth",
        "4",
        "--no-images",
        "-o",
        str(tmp_path / "x"),
    ]
    assert main(argv) == 0
    err = capsys.readouterr().err.splitlines()
    assert err and all(line.startswith("gametree generate: warning: the tree does not fit")
                       for line in err)  # fmt: skip
    for line in err:
        assert "gametree draw exercise.tree --parts --paper PAPER" in line
        assert "--collapse" not in line and "FitWarning" not in line and "(fit=" not in line
