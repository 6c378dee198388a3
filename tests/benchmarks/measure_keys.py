"""Measure what could be misread in exam-sized answer keys, in every back end (issue 23).

Four b = 3, d = 4 keys (81 leaves each): the exam exercise of ``tests/keygeometry.py``
(the values 0..80 in best-first order) and ``gametree.random_tree(3, 4, seed=1..3)``,
each searched with alpha-beta and drawn as ``gametree draw TREE -o key.EXT -a alphabeta``
draws it (the default slots, fitted to a 16:9 slide). For matplotlib, our SVG, TikZ
(coordinates read back from the ``.tex``), forest (the points and offsets of its bracket
tree) and Graphviz (the SVG that Graphviz renders
from the ``.dot``), it counts:

- ``strokes``: cut-mark strokes; ``~unpruned``: strokes crossing or within 2 pt of an
  edge that was not pruned; ``~edge``: of any edge but their own; ``~label``: of a
  label's ink;
- ``labels``: value, name, bounds, order, move and count labels; ``crossed``: labels an
  edge crosses; ``overlap``: labels overlapping another label.

With ``--page`` it also opens each tree's practice page in headless Chromium at desktop
(1280 x 900) and phone (390 x 844) size and clicks along every edge: ``short`` counts
the edges a click selects along less than half of their visible length.

Run: ``python tests/benchmarks/measure_keys.py [--show SLOTS] [--page] [--paper PAGE]
[--pictures DIR]``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import gametree
from gametree.drawing.fit import page_size
from tests.keygeometry import (
    audit,
    measured_trees,
    page_click_coverage,
    read_forest,
    read_graphviz_svg,
    read_mpl,
    read_svg,
    read_tikz,
    render_graphviz_svg,
)

BACK_ENDS = ("matplotlib", "svg", "tikz", "forest", "graphviz")


def measure(G, result, back_end: str, show: str | None, fit: tuple[float, float], out: Path | None):
    kwargs = {"show": show, "fit": fit}
    if back_end == "matplotlib":
        artists = gametree.draw(G, result, **kwargs)
        if out is not None:
            artists.figure.savefig(out.with_suffix(".png"), dpi=150)
        return read_mpl(artists)
    if back_end == "svg":
        return read_svg(gametree.to_svg(G, result, **kwargs))
    if back_end == "tikz":
        return read_tikz(gametree.to_tikz(G, result, **kwargs))
    if back_end == "forest":
        return read_forest(gametree.to_forest(G, result, **kwargs))
    svg = render_graphviz_svg(gametree.to_dot(G, result, **kwargs))
    if out is not None:
        out.with_suffix(".dot.svg").write_text(svg)
    return read_graphviz_svg(svg)


def page_rows(trees, pictures: Path | None):
    from tests.test_page_browser import _binaries

    found = _binaries()
    if found is None:
        print("(no chromium: page not measured)")
        return []
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = found[0]
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(found[1]), options=options)
    rows = []
    folder = Path(tempfile.mkdtemp())
    try:
        for name, G in trees.items():
            path = folder / f"{name.replace(' ', '_')}.html"
            path.write_text(gametree.to_html(G, mode="practice"), encoding="utf-8")
            for size_name, size in (("desktop", (1280, 900)), ("phone", (390, 844))):
                driver.set_window_size(*size)
                driver.get(path.as_uri())
                driver.execute_script("window.localStorage.clear()")
                driver.get(path.as_uri())
                if pictures is not None:
                    shot = pictures / f"page_{name.replace(' ', '_')}_{size_name}.png"
                    driver.save_screenshot(str(shot))
                found_rows = page_click_coverage(driver)
                short = sum(1 for _, shown, right in found_rows if right < 0.5 * shown)
                hidden = sum(1 for _, shown, _ in found_rows if shown == 0)
                rows.append((name, size_name, len(found_rows), short, hidden))
    finally:
        driver.quit()
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", default=None, help="slots, as gametree draw --show")
    parser.add_argument("--paper", default="slide", help="page to fit (slide, a4, ...)")
    parser.add_argument("--page", action="store_true", help="also measure the practice page")
    parser.add_argument("--pictures", type=Path, default=None, help="keep the drawings here")
    parser.add_argument("--verbose", action="store_true", help="list every problem")
    args = parser.parse_args(argv)
    fit = page_size(args.paper)
    trees = measured_trees()
    if args.pictures is not None:
        args.pictures.mkdir(parents=True, exist_ok=True)
    totals = {b: [0] * 7 for b in BACK_ENDS}
    header = ("tree", "back end", "strokes", "~unpruned", "~edge", "~label", "labels",
              "crossed", "overlap")  # fmt: skip
    print("{:<15} {:<11} {:>7} {:>9} {:>6} {:>7} {:>6} {:>7} {:>7}".format(*header))
    for name, G in trees.items():
        result = gametree.alphabeta(G, annotate=False)
        for back_end in BACK_ENDS:
            out = None
            if args.pictures is not None:
                out = args.pictures / f"{name.replace(' ', '_')}_{back_end}"
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                geom = measure(G, result, back_end, args.show, fit, out)
            found = audit(geom)
            row = found.row()
            totals[back_end] = [a + b for a, b in zip(totals[back_end], row, strict=True)]
            print(f"{name:<15} {back_end:<11} " + " ".join(
                f"{v:>{w}}" for v, w in zip(row, (7, 9, 6, 7, 6, 7, 7), strict=True)))  # fmt: skip
            if args.verbose:
                for problem in found.problems:
                    print("    " + problem)
    for back_end, row in totals.items():
        print(f"{'all four':<15} {back_end:<11} " + " ".join(
            f"{v:>{w}}" for v, w in zip(row, (7, 9, 6, 7, 6, 7, 7), strict=True)))  # fmt: skip
    if args.page:
        print()
        print("{:<15} {:<8} {:>6} {:>6} {:>7}".format("tree", "size", "edges", "short", "hidden"))
        for name, size_name, edges, short, hidden in page_rows(trees, args.pictures):
            print(f"{name:<15} {size_name:<8} {edges:>6} {short:>6} {hidden:>7}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
