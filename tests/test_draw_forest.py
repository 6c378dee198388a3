"""The forest back end (gametree/drawing/forest.py): bracket notation, pinned geometry, PDFs.

The geometry is read back from the ``.tex`` (``tests/keygeometry.py: read_forest``) and
compared with the TikZ picture of the same placement: the two must agree to the
rounding of their coordinates, which is what keeps issue 23's rules in forest (the
rules themselves are audited for every back end in ``tests/test_draw_clearance.py``).
Compiled PDFs are checked for their page size (the picture's box) and their text layer
(``pdftotext``); without pdflatex, poppler's tools or forest's LaTeX packages those
tests skip with the reason.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
import warnings
from collections import Counter
from collections.abc import Hashable
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gametree
from gametree.cli import main
from gametree.drawing.fit import arrange
from gametree.drawing.forest import diagram_forest, to_forest
from gametree.drawing.style import diagram
from gametree.exceptions import FitWarning
from tests.keygeometry import (
    Geometry,
    Segment,
    audit,
    measured_trees,
    read_forest,
    read_tikz,
    untex,
)
from tests.strategies import chance_trees, dags, hostile_trees
from tests.test_draw_golden import aima, check_golden, hostile

ROOT = Path(__file__).parent.parent
TREES = ROOT / "examples" / "trees"
EFG = Path(__file__).parent / "data" / "efg"
BP_PER_PT = 72 / 72.27  # PDF points per TeX point


def forest_problem() -> str | None:
    """Why forest documents cannot be compiled and read here, or None."""
    for tool in ("pdflatex", "pdfinfo", "pdftotext"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    from gametree.platforms.latex import latex_problem

    return latex_problem("forest")


def needs_forest() -> None:
    problem = forest_problem()
    if problem is not None:
        pytest.skip(problem)


def compile_tex(path: Path) -> Path:
    """pdflatex ``path`` in its folder; fail with the end of its log."""
    done = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", path.name],
        cwd=path.parent, capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:]
    return path.with_suffix(".pdf")


def page_size(pdf: Path) -> tuple[float, float]:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True,
                          check=True).stdout  # fmt: skip
    found = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
    assert found and "Pages:           1" in info, info
    return float(found.group(1)), float(found.group(2))


def text_layer(pdf: Path) -> str:
    text = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout  # fmt: skip
    # TeX's \~{} and \^{} are spacing accents in the text layer; é may come decomposed.
    text = unicodedata.normalize("NFC", text.replace("\u02dc", "~").replace("\u02c6", "^"))
    return " ".join(text.split())


def compiled(tex: str, path: Path) -> str:
    """Compile the standalone ``tex`` at ``path``; check its page is the picture's box;
    return its text layer."""
    path.write_text(tex)
    pdf = compile_tex(path)
    width, height = box_of(tex)
    assert page_size(pdf) == pytest.approx((width * BP_PER_PT, height * BP_PER_PT), abs=0.5)
    return text_layer(pdf)


def box_of(tex: str) -> tuple[float, float]:
    """Width and height (TeX points) of the picture's box, as the ``.tex`` sets it."""
    found = re.search(
        r"use as bounding box\]\s+\((-?[\d.]+), (-?[\d.]+)\) rectangle \((-?[\d.]+), (-?[\d.]+)\)",
        tex,
    )
    assert found
    x0, y0, x1, y1 = map(float, found.groups())
    return x1 - x0, y1 - y0


def same_picture(forest: Geometry, tikz: Geometry) -> None:
    """The forest and TikZ pictures of one placement agree to their rounding (0.01 pt
    per coordinate, twice over for points written as offsets from another point)."""

    def order(seg: Segment) -> tuple[float, ...]:
        return tuple(round(c, 1) for point in seg for c in point)

    def flat(segments: list[Segment]) -> list[float]:
        return [c for seg in sorted(segments, key=order) for point in seg for c in point]

    edges = sorted(forest.edges, key=lambda e: order(e.seg))
    want = sorted(tikz.edges, key=lambda e: order(e.seg))
    assert flat([e.seg for e in edges]) == pytest.approx(flat([e.seg for e in want]), abs=0.021)
    assert [(e.pruned, e.width) for e in edges] == [(e.pruned, e.width) for e in want]
    assert flat(forest.strokes) == pytest.approx(flat(tikz.strokes), abs=0.011)

    def labels(geom: Geometry) -> list[tuple[str, str, tuple[float, ...]]]:
        return sorted((lb.kind, lb.text, lb.box) for lb in geom.labels)

    got, want = labels(forest), labels(tikz)
    assert [(k, t) for k, t, _ in got] == [(k, t) for k, t, _ in want]
    for (_, _, a), (_, _, b) in zip(got, want, strict=True):
        assert a == pytest.approx(b, abs=0.021)


def bracket_parents(tex: str) -> dict[str, str]:
    """Each node's parent (``nK`` names) as forest reads the brackets."""
    body = tex[tex.index("\n  [") : tex.index("\\end{forest}")]
    parents: dict[str, str] = {}
    stack: list[str] = []
    for found in re.finditer(r"(\[\{)|(^\s*\])|name=(n\d+),", body, re.MULTILINE):
        if found.group(3):
            name = found.group(3)
            if len(stack) > 1:
                parents[name] = stack[-2]
            stack[-1] = name
        elif found.group(1):
            stack.append("?")
        else:
            stack.pop()
    return parents


def drawn_parents(G: nx.DiGraph, **options: object) -> dict[str, str]:
    """Each drawn node's first parent in preorder, as ``nK`` names (independent of the
    emitter: from the diagram's node order)."""
    d = diagram(G, **options)  # type: ignore[arg-type]
    name = {n.node: f"n{i}" for i, n in enumerate(d.nodes)}
    out: dict[str, str] = {}
    seen: set[Hashable] = {d.root}
    for n in d.nodes:
        for child in d.graph.successors(n.node):
            if child not in seen and child in name:
                seen.add(child)
                out[name[child]] = name[n.node]
    return out


# Golden files ---------------------------------------------------------------------


def test_figure_5_2_golden_bare_and_keyed() -> None:
    G = aima()
    check_golden("aima_bare.forest.tex", to_forest(G))
    result = gametree.alphabeta(G, annotate=False, trace=True)
    keyed = to_forest(G, result, show="values,bounds,order,names", standalone=True)
    check_golden("aima_alphabeta.forest.tex", keyed)


def test_figure_5_2_brackets_by_hand() -> None:
    # A (n0) over B, C, D (n1, n5, n9), each over its three leaves: E F G, H I J, K L M.
    tex = to_forest(aima())
    assert bracket_parents(tex) == {
        "n1": "n0", "n2": "n1", "n3": "n1", "n4": "n1", "n5": "n0", "n6": "n5", "n7": "n5",
        "n8": "n5", "n9": "n0", "n10": "n9", "n11": "n9", "n12": "n9",
    }  # fmt: skip
    # The leaves' values are the content, in preorder: 3 12 8 | 2 4 6 | 14 5 2.
    assert re.findall(r"\[\{(\d+)\}", tex) == ["3", "12", "8", "2", "4", "6", "14", "5", "2"]
    shapes = [tex.count(f"{shape}={{gt ") for shape in ("gt max", "gt min", "gt leaf")]
    assert shapes == [1, 3, 9]


def test_styles_name_shapes_statuses_and_edges() -> None:
    G = aima()
    tex = to_forest(G, gametree.alphabeta(G, annotate=False))
    # C's edges to I and J are cut (AIMA's pruned leaves): pruned looks and two marks.
    assert tex.count("edge={gt pruned edge}") == 2 and tex.count("gt leaf={gt pruned}") == 2
    assert tex.count("\\draw[gt stroke]") == 2
    # The principal variation A-B-E is bold.
    assert tex.count("edge={gt pv edge}") == 2 and "gt max={gt pv}" in tex
    for style in ("gt pruned/.style", "gt pruned edge/.style", "gt pv edge/.style"):
        assert style in tex
    assert "dash pattern=on 4pt off 2.5pt" in tex.split("gt pruned edge/.style=")[1]


# The same picture as TikZ ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(measured_trees()))
def test_the_b3_d4_keys_are_the_tikz_picture(name: str) -> None:
    G = measured_trees()[name]
    result = gametree.alphabeta(G, annotate=False)
    forest = read_forest(to_forest(G, result))
    same_picture(forest, read_tikz(gametree.to_tikz(G, result)))
    found = audit(forest)
    assert found.row()[1:4] == (0, 0, 0) and found.row()[5:] == (0, 0), found.problems[:3]
    assert len(forest.strokes) == 2 * len(result.pruned_edges)


def test_hostile_labels_moves_bounds_and_order() -> None:
    G = hostile()
    show = "values,bounds,order,names,moves"
    same_picture(read_forest(to_forest(G, show=show)), read_tikz(gametree.to_tikz(G, show=show)))


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(hostile_trees(), chance_trees(max_depth=4)), st.booleans())
def test_any_tree_is_the_tikz_picture_in_its_own_brackets(G: nx.DiGraph, searched: bool) -> None:
    result = None
    if searched:
        algorithm = (
            "expectiminimax"
            if any(d.get("player") == "CHANCE" for _, d in G.nodes(data=True))
            else "alphabeta"
        )
        result = gametree.solve(G, algorithm, annotate=False)
    options = {"show": "values,bounds,order,names,moves"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FitWarning)
        tex = to_forest(G, result, **options)
        tikz = gametree.to_tikz(G, result, **options)
        parents = drawn_parents(G, **options)
    same_picture(read_forest(tex), read_tikz(tikz))
    assert bracket_parents(tex) == parents
    assert "\n\n" not in tex  # a blank line would end forest's argument (a \par)


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(dags())
def test_a_shared_node_is_drawn_once_its_other_edges_after_the_tree(G: nx.DiGraph) -> None:
    tex = to_forest(G)
    shared = sum(max(0, len(G.pred[n]) - 1) for n in G)
    after = tex.split("\\end{forest}")[0].rsplit("\n  ]\n", 1)[1]
    assert after.count("\\path[") == shared
    same_picture(read_forest(tex), read_tikz(gametree.to_tikz(G)))


def test_dag_example_by_hand() -> None:
    # X is reached from B and from C: under B in the brackets, C -> X a path of its own.
    G = gametree.load(TREES / "dag.tree")
    tex = to_forest(G)
    # A-B A-C, B-X B-8, C-X C-1, X-3 X-5: eight edges, seven in the brackets.
    assert len(read_forest(tex).edges) == G.number_of_edges() == 8
    assert len(re.findall(r"^\s*\\path\[gt edge\]", tex, re.MULTILINE)) == 1


def test_a_given_placement_is_drawn_as_given() -> None:
    d = diagram(aima(), fit=None)
    pl = arrange(d)
    x, y = pl.pos["B"]
    pl.pos["B"] = (x + 40.0, y)
    tex = diagram_forest(d, pl)
    edges = read_forest(tex).edges
    assert any(e.seg[0] == pytest.approx((x + 40.0, y - pl.height["B"] / 2), abs=0.02)
               for e in edges)  # fmt: skip


# Compiled with pdflatex -----------------------------------------------------------


@pytest.mark.slow
def test_figure_5_2_key_compiles_to_its_box_with_every_label(tmp_path: Path) -> None:
    needs_forest()
    G = aima()
    result = gametree.alphabeta(G, annotate=False)
    tex = to_forest(G, result, show="values,bounds,order,names", standalone=True)
    words = compiled(tex, tmp_path / "key.tex")
    for label in [*"ABCDEFGHIJKLM", "3", "12", "≤2", "[3, 2]", "[−∞, 3]", "#11"]:
        assert label in words, label
    assert "alphabeta: cut when α ≥ β, fail-soft" in words


@pytest.mark.slow
@pytest.mark.parametrize("which", ["b3d4", "chance", "efg", "boards", "hostile"])
def test_trees_compile_with_every_label_in_the_text_layer(tmp_path: Path, which: str) -> None:
    needs_forest()
    if which == "b3d4":
        G = measured_trees()["random seed 1"]
        result = gametree.alphabeta(G, annotate=False)
    elif which == "chance":
        G = gametree.load(TREES / "chance.tree")
        result = gametree.expectiminimax(G, annotate=False)
    elif which == "efg":
        G = gametree.load(EFG / "aima_fig_5_12_left.efg")
        result = gametree.expectiminimax(G, annotate=False)
    elif which == "boards":
        from gametree.games import TicTacToe
        from gametree.games.expand import expand

        game = TicTacToe()
        G = expand(game, game.state("XOX/OO-/X--"))  # three moves left: 11 positions
        result = gametree.alphabeta(G, annotate=False)
    else:
        G, result = hostile(), None
    tex = to_forest(G, result, show="values,names,moves", standalone=True)
    words = compiled(tex, tmp_path / "tree.tex")
    labels = read_forest(tex).labels
    # Every word of every label, as often as it is drawn.
    drawn = Counter(word for lb in labels for word in lb.text.split())
    assert not drawn - Counter(words.split()), drawn - Counter(words.split())
    if which == "b3d4":
        # The key as fitted to a slide: 81 leaf values, every node named.
        assert sum(lb.kind == "value" and lb.text in words for lb in labels) >= 81
        assert {lb.text for lb in labels if lb.kind == "name"} == {str(n) for n in G}


# Through save and the command line ------------------------------------------------


def test_save_writes_forest_on_request(tmp_path: Path) -> None:
    G = aima()
    path = gametree.save(G, tmp_path / "k.tex", latex="forest")
    assert "\\begin{forest}" in path.read_text() and "\\documentclass" in path.read_text()
    assert "\\begin{tikzpicture}" in gametree.save(G, tmp_path / "t.tex").read_text()
    with pytest.raises(gametree.RenderError, match=r"applies to a \.tex file, not \.png"):
        gametree.save(G, tmp_path / "k.png", latex="forest")
    assert not (tmp_path / "k.png").exists()


def test_cli_draw_latex_choice(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = str(TREES / "aima_5_2.tree")
    out = tmp_path / "key.tex"
    assert main(["draw", tree, "-o", str(out), "-a", "alphabeta", "--latex", "forest"]) == 0
    assert "\\begin{forest}" in out.read_text() and "\\draw[gt stroke]" in out.read_text()
    assert main(["draw", tree, "-o", str(tmp_path / "t.tex"), "--latex", "tikz"]) == 0
    assert "\\begin{tikzpicture}" in (tmp_path / "t.tex").read_text()
    capsys.readouterr()
    assert main(["draw", tree, "-o", str(tmp_path / "i.tex"), "--latex", "istgame"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "does not write istgame" in err and "--latex forest" in err
    assert not (tmp_path / "i.tex").exists()
    assert main(["draw", tree, "-o", str(tmp_path / "k.svg"), "--latex", "forest"]) == 2
    assert "--latex applies to a .tex output only" in capsys.readouterr().err


@pytest.mark.slow
def test_generated_exercise_in_forest_compiles(tmp_path: Path) -> None:
    out = tmp_path / "ex"
    args = ["generate", "--depth", "3", "--seed", "1", "--no-images", "-o", str(out), "-q"]
    assert main([*args, "--latex", "forest"]) == 0
    for name in ("exercise.tex", "key.tex"):
        assert "\\begin{forest}" in (out / name).read_text()
    assert "\\draw[gt stroke]" in (out / "key.tex").read_text()
    needs_forest()
    words = text_layer(compile_tex(out / "key.tex"))
    G = gametree.load(out / "exercise.tree")
    assert {str(n) for n in G} <= set(words.split())  # every node named, as answers are


def test_untex_reads_what_forest_typesets() -> None:
    assert untex("{\\bfseries{}$\\leq$$-$10}") == "≤−10"
