"""Measure the LaTeX back ends on the trees istgame would be for: compile time, size, layout.

For each tree (AIMA Figure 5.2, the CHANCE example ``examples/trees/chance.tree``, the
``.efg`` games gametree reads, a branching-3, depth-4 alpha-beta key and a random
expectiminimax tree with uneven branching), searched and drawn at its natural size:

- ``tikz s``, ``forest s``, ``istgame s``: pdflatex's wall time for a standalone
  document of the tree (the median of ``--runs`` runs), and the PDF's page in cm for
  TikZ and forest (the same picture: forest's nodes are pinned to the placement);
- ``istgame``: the tree written with istgame's own macros (``\\istroot``, ``\\istb``,
  ``\\endist``: one simple tree per inner node, players as owners, moves and
  probabilities as action labels, leaf values as payoffs), laid out the way istgame
  lays trees out: the children of a node evenly spread, one sibling distance per level
  (``\\xtdistance``), each level's distance the least that keeps every node's drawing
  (its shape and labels, as gametree measures them) clear of its neighbours';
  ``ist/tidy`` is that layout's width over gametree's tidy layout's.

Nothing here is gametree's istgame back end (there is none; see
``gametree/drawing/latex.py`` for why): the istgame documents exist to be timed and
measured. Run: ``python tests/benchmarks/measure_latex.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import gametree
from gametree.drawing.slots import place
from gametree.drawing.style import diagram
from gametree.drawing.tex import standalone_document, tex_escape
from gametree.drawing.tikz import PREAMBLE as TIKZ
from tests.keygeometry import measured_trees

ROOT = Path(__file__).resolve().parents[2]
GAP = 8.0  # points between two nodes' drawings in the even layout (the style's sibling_sep)


def trees() -> dict[str, tuple[object, object]]:
    out: dict[str, tuple[object, object]] = {}
    G = gametree.load(ROOT / "examples" / "trees" / "aima_5_2.tree")
    out["AIMA 5.2"] = (G, gametree.alphabeta(G, annotate=False))
    G = gametree.load(ROOT / "examples" / "trees" / "chance.tree")
    out["chance.tree"] = (G, gametree.expectiminimax(G, annotate=False))
    for name in ("aima_fig_5_2", "aima_fig_5_12_left", "aima_fig_5_12_right"):
        G = gametree.load(ROOT / "tests" / "data" / "efg" / f"{name}.efg")
        out[f"{name}.efg"] = (G, gametree.expectiminimax(G, annotate=False))
    G = measured_trees()["random seed 1"]
    out["b3 d4 key"] = (G, gametree.alphabeta(G, annotate=False))
    G = gametree.random_tree((1, 4), 4, seed=7, players=("MAX", "CHANCE", "MIN", "CHANCE"))
    out["uneven chance"] = (G, gametree.expectiminimax(G, annotate=False))
    return out


def even_layout(G: object, result: object) -> tuple[float, float, dict[int, float]]:
    """Width of istgame's even layout, width of gametree's tidy layout (points), and the
    even layout's sibling distance per level."""
    d = diagram(G, result, fit=None)  # type: ignore[arg-type]
    pl = place(d)
    graph = d.graph
    reach = {n.node: pl.extents[n.node] for n in d.nodes}
    depth = {n.node: n.depth for n in d.nodes}
    deepest = max(depth.values())
    # Per subtree, its contour: depth -> (left, right) relative to its root.
    contour: dict[object, dict[int, tuple[float, float]]] = {}
    spacing: dict[int, float] = {}
    for k in range(deepest, -1, -1):
        level = [n.node for n in d.nodes if depth[n.node] == k]
        need = 0.0
        for u in level:
            kids = list(graph.successors(u))
            for a, b in pairwise(kids):
                for j in set(contour[a]) & set(contour[b]):
                    need = max(need, contour[a][j][1] + contour[b][j][0] + GAP)
        spacing[k] = need
        for u in level:
            kids = list(graph.successors(u))
            mine = {k: reach[u]}
            for i, child in enumerate(kids):
                dx = (i - (len(kids) - 1) / 2) * need
                for j, (left, right) in contour[child].items():
                    old = mine.get(j, (-1e9, -1e9))
                    mine[j] = (max(old[0], left - dx), max(old[1], right + dx))
            contour[u] = mine
    whole = contour[d.root]
    even = max(r for _, r in whole.values()) + max(left for left, _ in whole.values())
    return even, pl.xmax - pl.xmin, spacing


def istgame_document(G: object, result: object, spacing: dict[int, float]) -> str:
    """The tree in istgame's macros, laid out evenly as :func:`even_layout` says."""
    d = diagram(G, result, fit=None)  # type: ignore[arg-type]
    graph = d.graph
    names = {n.node: f"n{i}" for i, n in enumerate(d.nodes)}
    lines = ["\\begin{istgame}[font=\\footnotesize]", "\\setistgrowdirection{south}"]
    for n in d.nodes:
        kids = list(graph.successors(n.node))
        if not kids:
            continue
        owner = tex_escape(f"{n.kind} {n.value}".strip())
        at = "(0,0)" if n.node == d.root else f"({names[next(iter(graph.pred[n.node]))]}-"
        if n.node != d.root:
            parent = next(iter(graph.pred[n.node]))
            at += f"{list(graph.successors(parent)).index(n.node) + 1})"
        style = "[chance node]" if n.kind == "CHANCE" else ""
        distances = f"+{{60pt}}..{{{spacing[n.depth]:.1f}pt}}+"
        lines.append(f"\\istroot({names[n.node]}){at}{style}{{{owner}}}{distances}")
        for child in kids:
            data = graph.edges[n.node, child]
            action = tex_escape(str(data.get("move") or data.get("prob") or ""))
            drawn = d.nodes[d.index[child]]
            payoff = f"{{{tex_escape(drawn.value)}}}" if not graph.succ[child] else ""
            lines.append(f"  \\istb{{{action}}}[a]{payoff}")
        lines.append("\\endist")
    lines.append("\\end{istgame}")
    return standalone_document("\\usepackage{istgame}\n", "\n".join(lines) + "\n")


def compile_time(tex: str, runs: int) -> tuple[float, tuple[float, float]]:
    times = []
    size = (0.0, 0.0)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.tex"
        path.write_text(tex)
        for _ in range(runs):
            start = time.perf_counter()
            done = subprocess.run(
                ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
                cwd=folder, capture_output=True, text=True, check=False,
            )  # fmt: skip
            times.append(time.perf_counter() - start)
            if done.returncode != 0:
                raise SystemExit(f"pdflatex failed:\n{done.stdout[-1500:]}")
        info = subprocess.run(["pdfinfo", "t.pdf"], cwd=folder, capture_output=True, text=True)
        for line in info.stdout.splitlines():
            if line.startswith("Page size:"):
                w, _, h = line.split()[2:5]
                size = (float(w) / 72 * 2.54, float(h) / 72 * 2.54)
    return statistics.median(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    header = (f"{'tree':20} {'nodes':>5} {'tikz s':>7} {'forest s':>8} {'istgame s':>9} "
              f"{'page cm':>12} {'ist/tidy':>8}")  # fmt: skip
    print(header)
    for name, (G, result) in trees().items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tikz = gametree.to_tikz(G, result, standalone=True, fit=None)  # type: ignore[arg-type]
            forest = gametree.to_forest(G, result, standalone=True, fit=None)  # type: ignore[arg-type]
        t_tikz, size = compile_time(tikz, args.runs)
        t_forest, size_forest = compile_time(forest, args.runs)
        assert abs(size[0] - size_forest[0]) < 0.05, (size, size_forest)
        even, tidy, spacing = even_layout(G, result)
        t_ist, _ = compile_time(istgame_document(G, result, spacing), args.runs)
        page = f"{size[0]:.1f} x {size[1]:.1f}"
        print(f"{name:20} {len(G):5} {t_tikz:7.2f} {t_forest:8.2f} {t_ist:9.2f} {page:>12} "
              f"{even / tidy:8.2f}")  # fmt: skip
    print(f"(pdflatex {TIKZ.strip()} | forest | istgame; median of {args.runs} runs)")


if __name__ == "__main__":
    main()
