"""Rendering through external tools (Graphviz, pdflatex), the GIF, and ``gametree draw``.

Tests that need a tool skip with the reason when it is missing; CI installs them all.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

import gametree
from gametree.cli import main

TREES = Path(__file__).parent.parent / "examples" / "trees"

try:
    import pygraphviz  # noqa: F401

    HAVE_PYGRAPHVIZ = True
except ImportError:
    HAVE_PYGRAPHVIZ = False
HAVE_DOT = shutil.which("dot") is not None
HAVE_PDFLATEX = shutil.which("pdflatex") is not None


def pdflatex(tex: Path) -> None:
    """Compile ``tex`` in its folder; fail with the end of pdflatex's log."""
    done = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", tex.name],
        cwd=tex.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    assert tex.with_suffix(".pdf").read_bytes().startswith(b"%PDF")


def aima() -> nx.DiGraph:
    return gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def png_size(path: Path) -> tuple[int, int]:
    from PIL import Image

    with Image.open(path) as image:
        return image.size


@pytest.mark.skipif(not HAVE_PYGRAPHVIZ, reason="pygraphviz is not installed")
@pytest.mark.parametrize("suffix", ["png", "svg", "pdf"])
def test_graphviz_in_process(tmp_path: Path, suffix: str) -> None:
    G = aima()
    gametree.alphabeta(G)
    path = gametree.save(G, tmp_path / f"t.{suffix}", engine="graphviz")
    data = path.read_bytes()
    assert data.startswith({"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF"}[suffix])
    if suffix == "svg":
        text = data.decode()
        assert text.count('<g id="node') >= 13 and "≤2" in text


@pytest.mark.skipif(not HAVE_DOT, reason="Graphviz's dot program is not on PATH")
def test_graphviz_dot_program_fallback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pygraphviz", None)  # import now fails
    G = aima()
    gametree.alphabeta(G)
    path = gametree.save(G, tmp_path / "t.svg", engine="graphviz", title="fallback")
    text = path.read_text()
    assert "fallback" in text and "≤2" in text
    png = gametree.save(G, tmp_path / "t.png", engine="graphviz")
    assert png_size(png)[0] > 200


def test_graphviz_missing_says_how_to_get_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pygraphviz", None)
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    with pytest.raises(gametree.RenderError) as info:
        gametree.save(aima(), tmp_path / "t.png", engine="graphviz")
    message = str(info.value)
    assert "\n" not in message
    assert "pip install 'gametree[graphviz]'" in message and "dot" in message


@pytest.mark.skipif(not (HAVE_PYGRAPHVIZ or HAVE_DOT), reason="no Graphviz")
def test_graphviz_huge_png_warns(tmp_path: Path) -> None:
    G = gametree.from_nested([list(range(1500))])
    with pytest.warns(UserWarning, match="Save as .svg"):
        path = gametree.save(G, tmp_path / "wide.png", engine="graphviz", fit=None)
    assert max(png_size(path)) <= 32767


@pytest.mark.skipif(not HAVE_PDFLATEX, reason="pdflatex is not installed")
def test_tikz_compiles_with_pdflatex(tmp_path: Path) -> None:
    G = gametree.from_nested([[3, 5.5], [-2, 9], [float("inf"), 4]])
    labels = {"A": 'root "quoted"', "B": "back\\slash {x}", "C": "100% & $5 #1", "D": "é ∞ 日"}
    for node, label in labels.items():
        G.nodes[node]["label"] = label
    G.edges["A", "B"]["move"] = "a_1 ~^"
    gametree.alphabeta(G)
    gametree.save(G, tmp_path / "tree.tex", show="values,bounds,order,names,moves", title="T&1")
    pdflatex(tmp_path / "tree.tex")


@pytest.mark.skipif(not HAVE_PDFLATEX, reason="pdflatex is not installed")
def test_tikz_snippet_inputs_into_a_document(tmp_path: Path) -> None:
    G = aima()
    gametree.alphabeta(G)
    (tmp_path / "fig.tex").write_text(gametree.to_tikz(G, standalone=False))
    (tmp_path / "doc.tex").write_text(
        "\\documentclass{article}\n\\usepackage{tikz}\n"
        "\\usetikzlibrary{decorations.markings}\n"
        "\\begin{document}\nFigure:\n\n\\input{fig.tex}\n\\end{document}\n"
    )
    pdflatex(tmp_path / "doc.tex")


@pytest.mark.parametrize(
    ("algorithm", "options"),
    [("alphabeta", {}), ("pvs", {}), ("alphabeta", {"prune_on_equal": False})],
)
def test_gif_has_one_frame_per_event(
    tmp_path: Path, algorithm: str, options: dict[str, object]
) -> None:
    from PIL import Image

    G = aima()
    events = list(gametree.search_trace(G, algorithm, **options))
    [gif] = gametree.animate(G, algorithm, tmp_path / "s.gif", **options)
    with Image.open(gif) as image:
        assert image.n_frames == 1 + len(events)  # the bare tree, then each event
        sizes = set()
        for i in range(image.n_frames):
            image.seek(i)
            sizes.add(image.size)
        assert len(sizes) == 1  # the same canvas, so nothing jumps
    assert "status" not in G.nodes["A"]


def test_png_frames_numbered(tmp_path: Path) -> None:
    G = gametree.from_nested([[3, 1], [2, 4]])
    n = 1 + len(list(gametree.search_trace(G, "alphabeta")))  # step 0 and each event
    written = gametree.animate(G, "alphabeta", tmp_path / "step.png")
    assert [p.name for p in written] == [f"step-{i:03d}.png" for i in range(1, n + 1)]
    assert len({png_size(p) for p in written}) == 1


def test_animate_rejects_other_suffixes(tmp_path: Path) -> None:
    with pytest.raises(gametree.RenderError, match=r"use a \.gif path"):
        gametree.animate(aima(), "alphabeta", tmp_path / "s.mp4")


def test_frames_follow_the_search() -> None:
    from gametree.drawing.frame import describe

    G = aima()
    captions = [describe(e) for e in gametree.search_trace(G, "alphabeta")]
    # A, B, E entered; E = 3 is the first leaf; the cutoff happens at C after H.
    assert captions[:4] == [
        "enter A with [−∞, ∞]",
        "enter B with [−∞, ∞]",
        "enter E with [−∞, ∞]",
        "leaf E = 3",
    ]
    assert "cut-off at C after H: prune I, J" in captions


def run_cli(*argv: str) -> int:
    return main(["draw", *argv])


def test_cli_bare_tree_and_formats(tmp_path: Path) -> None:
    tree = str(TREES / "aima_5_2.tree")
    for suffix in ("png", "svg", "pdf", "dot", "tex", "txt"):
        assert run_cli(tree, "-o", str(tmp_path / f"bare.{suffix}")) == 0
    text = (tmp_path / "bare.txt").read_text()
    assert "pruned" not in text and "C  MIN\n" in text


def test_cli_searched_tree(tmp_path: Path) -> None:
    tree = str(TREES / "aima_5_2.tree")
    out = tmp_path / "key.txt"
    assert run_cli(tree, "-o", str(out), "-a", "alphabeta", "--show", "values,bounds,order") == 0
    text = out.read_text()
    assert "≤2  [3, 2]  #6" in text and "4  pruned" in text
    # --strict (cut only on >): C's first leaf 2 < 3 still cuts, so I and J stay pruned.
    # (The same file again: --force replaces it.)
    assert run_cli(tree, "-o", str(out), "-a", "alphabeta", "--strict", "--force") == 0
    assert out.read_text().count("pruned") == 2
    assert run_cli(tree, "-o", str(out), "-a", "minimax", "--force") == 0
    assert "pruned" not in out.read_text()


def test_cli_gif(tmp_path: Path) -> None:
    from PIL import Image

    tree = str(TREES / "aima_5_2.tree")
    out = tmp_path / "steps.gif"
    assert run_cli(tree, "-o", str(out), "-a", "pvs") == 0
    G = gametree.load(tree)
    with Image.open(out) as image:
        assert image.n_frames == 1 + len(list(gametree.search_trace(G, "pvs")))


def test_cli_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = str(TREES / "aima_5_2.tree")
    cases = [
        ([tree, "-o", str(tmp_path / "x.jpeg")], "unknown suffix"),
        ([tree, "-o", str(tmp_path / "x.png"), "--show", "values,colour"], "unknown show item"),
        ([tree, "-o", str(tmp_path / "x.png"), "--strict"], "need a search"),
        ([tree, "-o", str(tmp_path / "x.gif")], "animates a search"),
        ([tree, "-o", str(tmp_path / "x.png"), "-a", "minimax", "--strict"], "alpha-beta family"),
        ([str(tmp_path / "missing.tree"), "-o", str(tmp_path / "x.png")], "missing.tree"),
    ]
    for argv, expected in cases:
        assert run_cli(*argv) == 2
        err = capsys.readouterr().err
        assert expected in err and err.count("\n") == 1, err


def test_cli_graphviz_engine(tmp_path: Path) -> None:
    if not (HAVE_PYGRAPHVIZ or HAVE_DOT):
        pytest.skip("no Graphviz")
    out = tmp_path / "key.svg"
    tree = str(TREES / "moves.tree")
    assert run_cli(tree, "-o", str(out), "-a", "alphabeta", "--engine", "graphviz") == 0
    assert "a1" in out.read_text()


def test_every_command_that_writes_a_file_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = str(TREES / "aima_5_2.tree")
    out = tmp_path / "key.txt"
    assert run_cli(tree, "-o", str(out), "-a", "alphabeta") == 0
    assert capsys.readouterr().out == f"wrote {out}\n"
    assert run_cli(tree, "-o", str(out), "-q", "--force") == 0
    assert capsys.readouterr().out == ""
    converted = tmp_path / "t.json"
    assert main(["convert", tree, str(converted)]) == 0
    assert capsys.readouterr().out == f"wrote {converted}\n"
    assert main(["convert", tree, str(converted), "--quiet", "--force"]) == 0
    assert capsys.readouterr().out == ""
    expanded = tmp_path / "nim.tree"
    assert main(["expand", "nim:3", "-o", str(expanded)]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {expanded}: ")
    assert main(["expand", "nim:3", "-o", str(expanded), "-q", "--force"]) == 0
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("show", "named"),
    [("bounds", "--show bounds needs"), ("values,order", "--show values,order needs")],
)
def test_cli_show_of_a_search_without_one_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], show: str, named: str
) -> None:
    tree = str(TREES / "aima_5_2.tree")
    assert run_cli(tree, "-o", str(tmp_path / "x.png"), "--show", show) == 2
    err = capsys.readouterr().err
    assert named in err and "add --algorithm" in err and err.count("\n") == 1
    assert not (tmp_path / "x.png").exists()
    # A tree file that carries a search's annotations draws them without -a.
    G = gametree.load(tree)
    gametree.alphabeta(G)
    annotated = tmp_path / "searched.json"
    gametree.dump(G, annotated)
    assert run_cli(str(annotated), "-o", str(tmp_path / "y.txt"), "--show", show) == 0
    # Names and moves need no search.
    assert run_cli(tree, "-o", str(tmp_path / "z.txt"), "--show", "names,moves") == 0


@pytest.mark.skipif(not HAVE_DOT, reason="no dot program")
def test_plain_dot_draws_the_exported_file_as_placed_without_a_layout() -> None:
    """``dot -Tsvg tree.dot`` (no engine named) draws what ``neato -n2`` draws: the file
    asks for no layout (``layout=nop2``), so Graphviz neither moves a pinned node nor
    runs neato's layout on them (a minute and gigabytes on 10,000 nodes)."""
    G = aima()
    text = gametree.to_dot(G, gametree.alphabeta(G, annotate=False), show="values,names")

    def svg(*args: str) -> str:
        done = subprocess.run(["dot", *args, "-Tsvg"], input=text.encode(), capture_output=True,
                              check=True)  # fmt: skip
        return done.stdout.decode()

    plain = svg()
    assert plain == svg("-Kneato", "-n2")
    # Laid out by neato instead (the file's engine before), the edges are routed anew.
    text = text.replace("layout=nop2", "layout=neato", 1)
    assert svg() != plain
