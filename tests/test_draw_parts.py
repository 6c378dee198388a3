"""Tests for gametree.drawing.parts: a tree too wide for its page drawn in parts."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

import gametree
from gametree.cli import main
from gametree.drawing.fit import MIN_FONT
from gametree.drawing.parts import Part, draw_part, split_tree
from gametree.platforms.latex import overfull_boxes, typeset

FIG52 = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def test_a_tree_that_fits_is_one_part() -> None:
    assert split_tree(FIG52, fit=(6.69, 4.0)) == [Part("A", None)]


def test_a_narrow_page_gets_the_top_then_each_subtree() -> None:
    parts = split_tree(FIG52, fit=(1.4, 2.0))
    assert parts == [
        Part("A", 1, ("B", "C", "D")),
        Part("B", None),
        Part("C", None),
        Part("D", None),
    ]


def test_a_subtree_part_shows_the_search_of_the_whole_tree() -> None:
    # Under C alone, alpha-beta would return 2 at C; in the whole tree C is cut off
    # after its first leaf with the bound <=2, and its leaves 4 and 6 are pruned.
    result = gametree.solve(FIG52, "alphabeta", annotate=False)
    d, _ = draw_part(FIG52, result, Part("C", None), fit=(3.0, 2.0))
    values = {n.name: (n.value, n.status) for n in d.nodes}
    assert values["C"][0] == "≤2"
    assert values["H"] == ("2", "visited") and values["I"][1] == values["J"][1] == "pruned"


def test_an_exam_key_of_branching_3_depth_4_fits_a4_in_four_parts() -> None:
    """Issue 35: the whole key needs 14.1 in; the A4 text is 6.69 in wide."""
    G = gametree.random_tree(3, 4, seed=5, values=(-20, 20))
    result = gametree.solve(G, "alphabeta", annotate=False)
    page = (6.6, 3.0)
    parts = split_tree(G, result, fit=page, top_fit=(6.6, 2.0), style={"drop_names": False})
    root = gametree.find_root(G)
    children = tuple(G.successors(root))
    assert parts == [Part(root, 1, children)] + [Part(c, None) for c in children]
    for part in parts[1:]:
        d, pl = draw_part(G, result, part, fit=page, style={"drop_names": False})
        assert not pl.overflow
        assert (pl.xmax - pl.xmin + 2 * d.style["margin"]) / 72 <= page[0] + 1e-6
        assert d.style["font_size"] >= MIN_FONT and d.style["small_font_size"] >= MIN_FONT
        assert all(n.name for n in d.nodes)  # every name kept: the questions use them


def b3_d4_tree(tmp_path: Path) -> Path:
    path = tmp_path / "exam.tree"
    path.write_text(gametree.to_notation(gametree.random_tree(3, 4, seed=5, values=(-20, 20))))
    return path


@pytest.mark.slow
@pytest.mark.skipif(
    not (shutil.which("pdflatex") and shutil.which("pdftotext")),
    reason="pdflatex or pdftotext is not installed",
)
def test_draw_parts_on_a4_in_pdf_tex_and_png(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 35: ``draw --paper a4`` of a b=3 d=4 key wrote a 12.7 x 3.8 in picture.
    With --parts: four pages (the top, then B, C, D), each within A4, every leaf value
    in the PDF's text, no warning."""
    tree = b3_d4_tree(tmp_path)
    base = ["draw", str(tree), "-a", "alphabeta", "--paper", "a4", "--parts"]
    for name in ("key.pdf", "key.tex", "key.png"):
        assert main([*base, "-o", str(tmp_path / name)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert [ln for ln in captured.out.splitlines() if "png" in ln] == [
        f"wrote {tmp_path / f'key-{k}.png'}" for k in (1, 2, 3, 4)
    ]
    for k in (1, 2, 3, 4):
        width, height = Image.open(tmp_path / f"key-{k}.png").size
        assert width / 150 <= 8.27 and height / 150 <= 11.69
    G = gametree.load(tree)
    leaves = {str(G.nodes[n]["value"]) for n in G if not G.succ[n]}
    for pdf in (tmp_path / "key.pdf", compiled(tmp_path / "key.tex")):
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout
        assert re.search(r"Pages:\s+4\n", info)
        for page in range(1, 5):
            size = subprocess.run(["pdfinfo", "-f", str(page), "-l", str(page), str(pdf)],
                                  capture_output=True, text=True).stdout  # fmt: skip
            w, h = map(float, re.search(r"size:\s+([\d.]+) x ([\d.]+)", size).groups())
            assert w <= 8.27 * 72 and h <= 11.69 * 72
        text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True)
        words = set(text.stdout.replace("\u2212", "-").split())
        assert leaves <= words


def compiled(tex: Path) -> Path:
    pdf, log = typeset(tex.read_text())
    assert [x for x in overfull_boxes(log) if x > 2.0] == []
    out = tex.with_name(tex.stem + "-tex.pdf")
    out.write_bytes(pdf)
    return out


def test_draw_parts_refuses_views_and_other_formats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "t.tree"
    tree.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n")
    base = ["draw", str(tree), "--parts"]
    assert main([*base, "--collapse", "pruned", "-o", str(tmp_path / "k.pdf")]) == 2
    assert main([*base, "-o", str(tmp_path / "k.svg")]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "gametree draw: error: --parts draws the whole tree top-down, in parts; drop --collapse",
        "gametree draw: error: --parts writes .pdf, .tex, .png, not .svg",
    ]
    # A tree that fits is one part: the file itself, as without --parts.
    assert main([*base, "-o", str(tmp_path / "k.png")]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["k.png", "t.tree"]


def test_practice_names_only_what_it_takes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 35: practice suggested --collapse pruned and then refused it. It names
    the page size the tree needs (--size), which it takes and which fits."""
    tree = b3_d4_tree(tmp_path)
    assert main(["practice", str(tree), "--paper", "a4", "-o", str(tmp_path / "p.html")]) == 0
    err = capsys.readouterr().err
    assert err.startswith("gametree practice: warning: the tree does not fit a 8.27 x 11.69")
    for refused in ("--collapse", "--max-depth", "--focus", "--parts", "--orientation"):
        assert refused not in err
    size = re.search(r"\(--size ([\d.]+x[\d.]+)\)", err)
    assert size is not None
    argv = ["practice", str(tree), "--size", size[1], "-o", str(tmp_path / "q.html")]
    assert main(argv) == 0
    assert capsys.readouterr().err == ""


def test_draw_help_says_it_is_the_names_that_alternate(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 35: draw --help said leaves alternate between rows; their values stay in
    one row and the names under crowded leaves alternate."""
    assert main(["draw", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "page and crowded leaves alternate between rows" not in text
    assert "the names under crowded leaves alternate between rows" in text
