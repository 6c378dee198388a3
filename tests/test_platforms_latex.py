"""Tests for gametree.platforms.latex: exam sheets and keys, compiled with pdflatex.

The PDFs are checked as a reader gets them: A4 pages, one per version, and every label
(node names, leaf values, the answers in the key) in the text layer (``pdftotext``).
Without pdflatex or poppler's tools those tests are skipped with the reason.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import gametree
from gametree.exceptions import RenderError
from gametree.platforms.latex import (
    compile_pdf,
    exam_document,
    latex_problem,
    overfull_boxes,
    typeset,
    write_exam,
)
from gametree.platforms.variants import make_variants

needs_tex = pytest.mark.skipif(
    not (shutil.which("pdflatex") and shutil.which("pdftotext") and shutil.which("pdfinfo")),
    reason="pdflatex, pdftotext or pdfinfo is not installed",
)
A4_PT = (595.276, 841.89)
TEXT_WIDTH_PT = (21 - 4) / 2.54 * 72.27  # A4 less two 2 cm margins, in TeX points


@pytest.fixture(scope="module")
def versions() -> list[gametree.Exercise]:
    return make_variants(3, seed=1, branching=(2, 3), depth=3, prunes=(2, 4))


@pytest.fixture(scope="module")
def exam(versions: list[gametree.Exercise], tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not shutil.which("pdflatex"):
        pytest.skip("pdflatex is not installed")
    out = tmp_path_factory.mktemp("exam")
    write_exam(out, versions)
    return out


def text_pages(pdf: Path) -> list[str]:
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout  # fmt: skip
    return text.split("\f")[:-1]


def test_one_page_per_version_blank_and_filled(versions: list[gametree.Exercise]) -> None:
    sheet, key = exam_document(versions), exam_document(versions, key=True)
    for doc in (sheet, key):
        assert doc.startswith("\\documentclass[a4paper,11pt]{article}\n")
        assert doc.count("\\section*{Alpha-beta pruning \\hfill Version") == 3
        assert doc.count("\\newpage") == 2 and doc.rstrip().endswith("\\end{document}")
    first = versions[0].answers
    # The sheet's answer lines are empty; the key's carry the answers.
    assert "The value of the root A: \\underline{\\makebox[2.2cm][l]{\\strut }}" in sheet
    assert f"\\makebox[2.2cm][l]{{\\strut ${first['value']}$}}" in key
    assert "Pruned edges (cut marks)" in key and "Pruned edges" not in sheet


def test_pictures_fit_the_text_width(versions: list[gametree.Exercise]) -> None:
    for doc in (exam_document(versions), exam_document(versions, key=True)):
        boxes = re.findall(
            r"\\useasboundingbox \((-?[\d.]+), (-?[\d.]+)\) rectangle \((-?[\d.]+), (-?[\d.]+)\)",
            doc,
        )
        assert len(boxes) == 3
        for x1, _, x2, _ in boxes:
            assert float(x2) - float(x1) <= TEXT_WIDTH_PT  # 1pt = 1 TeX point in the picture


@needs_tex
def test_pdfs_are_a4_with_every_label_in_the_text(
    exam: Path, versions: list[gametree.Exercise]
) -> None:
    for name in ("sheet.pdf", "key.pdf"):
        info = subprocess.run(["pdfinfo", str(exam / name)], capture_output=True, text=True,
                              check=True).stdout  # fmt: skip
        assert "Pages:           3" in info
        width, height = map(
            float, re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info).groups()
        )
        assert (width, height) == pytest.approx(A4_PT, abs=0.5)
    sheet_pages = text_pages(exam / "sheet.pdf")
    key_pages = text_pages(exam / "key.pdf")
    for number, (version, sheet, key) in enumerate(
        zip(versions, sheet_pages, key_pages, strict=True), 1
    ):
        G = version.tree
        words = set(sheet.replace("\u2212", "-").split())
        assert f"Version {number}" in " ".join(sheet.split())
        assert {str(n) for n in G} <= words  # every node's name
        assert {str(G.nodes[n]["value"]) for n in G if not G.succ[n]} <= words  # leaf values
        assert "cut off as soon as" in sheet  # ligatures map to text ("ff")
        flat = " ".join(key.replace("\u2212", "-").split())
        listed = flat.split("never evaluates (their names):")[1].split(".")[0]
        assert listed.strip().split(", ") == (version.answers["pruned"] or ["none"])
        assert f"The value of the root A: {version.answers['value']}" in flat
        assert str(version.answers["value"]) not in sheet.split("The value of the root A:")[1][:10]


@needs_tex
def test_versions_files_check_with_gametree(exam: Path) -> None:
    G = gametree.load(exam / "version-2.tree")
    report = gametree.check(G, exam / "version-2.toml")
    assert report.ok and report.asked > 5


def test_refuses_existing_files_before_writing(
    tmp_path: Path, versions: list[gametree.Exercise]
) -> None:
    (tmp_path / "version-2.toml").write_text("mine")
    with pytest.raises(FileExistsError):
        write_exam(tmp_path, versions, pdf=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["version-2.toml"]
    written = write_exam(tmp_path, versions, pdf=False, force=True)
    assert len(written) == 2 + 2 * 3


@needs_tex
def test_compile_errors_are_reported() -> None:
    with pytest.raises(RenderError, match="pdflatex failed: Undefined control sequence"):
        compile_pdf("\\documentclass{article}\\begin{document}\\nosuchcommand\\end{document}")


@pytest.fixture(scope="module")
def forest_exam(
    versions: list[gametree.Exercise], tmp_path_factory: pytest.TempPathFactory
) -> Path:
    problem = latex_problem("forest")
    if problem is not None or not (shutil.which("pdftotext") and shutil.which("pdfinfo")):
        pytest.skip(problem or "pdftotext or pdfinfo is not installed")
    out = tmp_path_factory.mktemp("forest-exam")
    write_exam(out, versions, latex="forest")
    return out


def test_forest_sheets_are_the_tikz_sheets_in_forest(versions: list[gametree.Exercise]) -> None:
    sheet = exam_document(versions, latex="forest")
    assert sheet.count("\\begin{forest}") == 3 and "\\coordinate (n0)" not in sheet
    assert "\\usepackage{forest}\n\\usetikzlibrary{backgrounds}\n" in sheet
    tikz = exam_document(versions)
    # The same pages around the pictures: one picture each, the same questions.
    strip = re.compile(r"\\begingroup.*?\\endgroup|\\begin\{tikzpicture\}.*?\\end\{tikzpicture\}",
                       re.DOTALL)  # fmt: skip
    body = sheet.split("\\begin{document}")[1]
    assert strip.sub("", body) == strip.sub("", tikz.split("\\begin{document}")[1])


@pytest.mark.slow
def test_forest_pdfs_are_a4_with_every_label(
    forest_exam: Path, versions: list[gametree.Exercise]
) -> None:
    for name in ("sheet.pdf", "key.pdf"):
        info = subprocess.run(["pdfinfo", str(forest_exam / name)], capture_output=True,
                              text=True, check=True).stdout  # fmt: skip
        assert "Pages:           3" in info and "(A4)" in info
    for version, key in zip(versions, text_pages(forest_exam / "key.pdf"), strict=True):
        words = set(key.replace("\u2212", "-").split())
        assert {str(n) for n in version.tree} <= words
        assert {str(version.tree.nodes[n]["value"]) for n in version.tree
                if not version.tree.succ[n]} <= words  # fmt: skip


def test_latex_problem_says_why_no_pdf(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("gametree.platforms.latex.pdflatex_available", lambda: False)
    assert latex_problem("forest") == "pdflatex is not installed"
    with pytest.raises(RenderError, match="does not write istgame"):
        write_exam(Path("unused"), [], latex="istgame")


PAPER_POINTS = {
    "a4": (595.276, 841.89),
    "a4-landscape": (841.89, 595.276),
    "letter": (612.0, 792.0),
    "letter-landscape": (792.0, 612.0),
}


def key_answers_missing(text: str, version: gametree.Exercise) -> list[str]:
    """The answers of ``version``'s key that the key's text layer does not hold."""
    flat = " ".join(text.replace("\u2212", "-").replace("\u2264 ", "<=").replace(
        "\u2265 ", ">=").split())  # fmt: skip
    answers = version.answers
    missing = []
    if f"The value of the root A: {answers['value']}" not in flat:
        missing.append(f"root {answers['value']}")
    internal = [n for n in version.tree if version.tree.succ[n] and n != "A"]
    for node in internal:
        value = answers["values"].get(node, "pruned")
        if not re.search(rf"(^| ){node}: {re.escape(str(value))}( |$)", flat):
            missing.append(f"{node}: {value}")
    listed = flat.split("never evaluates (their names):")[1].split(".")[0]
    if listed.strip().split(", ") != (answers["pruned"] or ["none"]):
        missing.append(f"pruned leaves {answers['pruned']}")
    return missing


@needs_tex
@pytest.mark.slow
@pytest.mark.parametrize("paper", list(PAPER_POINTS))
@pytest.mark.parametrize(("branching", "depth"), [(2, 3), (2, 4), (3, 3), (3, 4)])
def test_every_exam_fits_its_page_with_every_answer_printed(
    paper: str, branching: int, depth: int, tmp_path: Path
) -> None:
    """Issue 35: a b=3 d=4 exam ran 528 pt past the page, its pruned leaves 16 beyond the
    line. Every shape on every paper, under both conventions: no box more than 2 pt
    too wide or high, the pages of the paper, every answer of the key in its text."""
    strict = (branching + depth + len(paper)) % 2 == 0
    versions = make_variants(
        2, seed=5, branching=branching, depth=depth, values=(-20, 20),
        prunes=(1, 3 * depth), prune_on_equal=not strict,
    )  # fmt: skip
    for key in (False, True):
        tex = exam_document(versions, key=key, paper=paper)
        # Only a tree too wide for the text at 7 pt is drawn in parts (b=3 d=4: 14 in).
        assert ("The top of the tree" in tex) == ((branching, depth) == (3, 4))
        pdf, log = typeset(tex)
        assert [x for x in overfull_boxes(log) if x > 2.0] == []
        (tmp_path / "doc.pdf").write_bytes(pdf)
        info = subprocess.run(["pdfinfo", str(tmp_path / "doc.pdf")], capture_output=True,
                              text=True, check=True).stdout  # fmt: skip
        size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
        assert size is not None
        assert tuple(map(float, size.groups())) == pytest.approx(PAPER_POINTS[paper], abs=0.5)
        if not key:
            continue
        text = subprocess.run(["pdftotext", str(tmp_path / "doc.pdf"), "-"],
                              capture_output=True, text=True, check=True).stdout  # fmt: skip
        for number, version in enumerate(versions, 1):
            part = text.split(f"Version {number}")[1].split("Version ")[0]
            assert key_answers_missing(part, version) == []
