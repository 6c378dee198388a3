"""Answer keys nobody can misread (issue 23), read back from what each back end drew.

Every check goes through ``tests/keygeometry.py``, which reads the output itself (the
matplotlib artists as rendered, the SVG elements, the TikZ coordinates of the ``.tex``,
the forest tree's pinned points and the offsets from them, the positions pinned in the
DOT) and measures with DejaVu Sans' own glyph outlines: no
cut-mark stroke comes within 2 pt of an edge but its own or of a label, no edge crosses
a value, name, window, visit order or move label, and no two labels overlap. On the four
b = 3, d = 4 keys of the issue and on hypothesis-drawn trees of branching 2-4, depth 3-5.
"""

from __future__ import annotations

import shutil
import warnings

import networkx as nx
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import gametree
from gametree.drawing.fit import arrange
from gametree.drawing.style import diagram
from gametree.exceptions import FitWarning
from tests.keygeometry import (
    Geometry,
    audit,
    measured_trees,
    read_dot,
    read_forest,
    read_graphviz_svg,
    read_mpl,
    read_svg,
    read_tikz,
    render_graphviz_svg,
)

TREES = measured_trees()
SLIDE = (13.33, 7.5)


def clean(geom: Geometry, what: str) -> None:
    found = audit(geom)
    assert found.strokes == len(geom.strokes)
    assert (found.near_other_edge, found.near_label) == (0, 0), (what, found.problems[:5])
    assert (found.crossed, found.overlapping) == (0, 0), (what, found.problems[:5])


def read_all(G: nx.DiGraph, result: object, **options: object) -> dict[str, Geometry]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FitWarning)
        return {
            "matplotlib": read_mpl(gametree.draw(G, result, **options)),  # type: ignore[arg-type]
            "svg": read_svg(gametree.to_svg(G, result, **options)),  # type: ignore[arg-type]
            "tikz": read_tikz(gametree.to_tikz(G, result, **options)),  # type: ignore[arg-type]
            "forest": read_forest(gametree.to_forest(G, result, **options)),  # type: ignore[arg-type]
            "dot": read_dot(gametree.to_dot(G, result, **options)),  # type: ignore[arg-type]
        }


@pytest.mark.parametrize("name", sorted(TREES))
def test_the_b3_d4_keys_of_the_issue_read_cleanly_in_every_back_end(name: str) -> None:
    G = TREES[name]
    result = gametree.alphabeta(G, annotate=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error", FitWarning)  # and they fit a slide
        drawn = read_all(G, result)
    for back_end, geom in drawn.items():
        clean(geom, back_end)
        assert len(geom.strokes) == 2 * len(result.pruned_edges)
        values = [lb for lb in geom.labels if lb.kind == "value"]
        assert len(values) >= 81  # every leaf's value
        names = {lb.text for lb in geom.labels if lb.kind == "name"}
        assert names == {str(n) for n in G}  # every node's name, leaves too


def test_graphviz_draws_the_dot_as_pinned() -> None:
    if shutil.which("dot") is None:
        pytest.skip("Graphviz's dot is not installed")
    G = TREES["random seed 1"]
    result = gametree.alphabeta(G, annotate=False)
    drawn = read_graphviz_svg(render_graphviz_svg(gametree.to_dot(G, result)))
    clean(drawn, "graphviz")
    pinned = read_dot(gametree.to_dot(G, result))
    assert len(drawn.strokes) == len(pinned.strokes) == 28
    assert len(drawn.labels) == len(pinned.labels)


def test_a_key_with_windows_and_visit_order_reads_cleanly() -> None:
    G = TREES["random seed 2"]
    result = gametree.alphabeta(G, annotate=False)
    for back_end, geom in read_all(G, result, show="values,bounds,order,names").items():
        clean(geom, back_end)
        assert any(lb.kind == "bounds" for lb in geom.labels)


def test_moves_and_a_collapsed_view_read_cleanly() -> None:
    G = gametree.random_tree(3, 3, seed=5)
    for k, (u, v) in enumerate(G.edges):
        G.edges[u, v]["move"] = f"m{k}"
    result = gametree.alphabeta(G, annotate=False)
    for back_end, geom in read_all(G, result).items():
        clean(geom, back_end)
        assert sum(lb.kind == "move" for lb in geom.labels) == G.number_of_edges()
    for back_end, geom in read_all(G, result, collapse="pruned").items():
        clean(geom, back_end)
        counts = [lb.text for lb in geom.labels if lb.kind == "count"]
        assert counts and all(t.startswith("(") and "node" in t for t in counts)


@st.composite
def exam_trees(draw: st.DrawFn) -> nx.DiGraph:
    """Trees of exam size: branching 2-4, depth 3-5, at most about 350 nodes."""
    depth = draw(st.integers(3, 5))
    high = {3: 4, 4: 4, 5: 3}[depth]
    low = draw(st.integers(2, high))
    branching = (low, draw(st.integers(low, high)))
    seed = draw(st.integers(0, 10_000))
    G = gametree.random_tree(branching, depth, seed=seed)
    if G.number_of_nodes() > 400:
        G = gametree.random_tree(2, depth, seed=seed)
    return G


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(exam_trees(), st.sampled_from(["values,names", "values,bounds,names"]))
def test_exam_sized_keys_read_cleanly_in_every_back_end(G: nx.DiGraph, show: str) -> None:
    result = gametree.alphabeta(G, annotate=False)
    for back_end, geom in read_all(G, result, show=show).items():
        clean(geom, back_end)


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(exam_trees())
def test_the_placement_itself_reports_no_clash(G: nx.DiGraph) -> None:
    d = diagram(G, gametree.alphabeta(G, annotate=False))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FitWarning)
        pl = arrange(d)
    assert pl.clashes == []
    assert all(mark.clear for mark in pl.cuts.values())


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(exam_trees())
# The bold principal variation E-J ended 1.2 pt short of the name J, whose italic hook
# leans 0.16 em left of its start, and its round cap reached 1.75 pt past its end.
@example(gametree.parse("(A (B (D -8 7) (E 6 -5)) (C (F 0 -1) (G 3 6)))"))
def test_a_key_growing_to_the_right_reads_cleanly(G: nx.DiGraph) -> None:
    result = gametree.alphabeta(G, annotate=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FitWarning)
        drawn = {
            "matplotlib": read_mpl(gametree.draw(G, result, orientation="left-right")),
            "svg": read_svg(gametree.to_svg(G, result, orientation="left-right")),
        }
    for back_end, geom in drawn.items():
        clean(geom, back_end)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "a4-landscape", "letter", "letter-landscape"])
def test_the_b3_d4_keys_in_parts_on_paper_read_cleanly(paper: str) -> None:
    """Issue 35: a b=3 d=4 key on A4 was 12.7 in wide. Drawn in parts (the top levels,
    then each subtree) every part fits the paper at 7 pt or more and passes the same
    audit as the slide keys, in matplotlib, TikZ and forest: every cut mark clear of the
    other edges and the labels, no label crossed or overlapping."""
    from gametree.drawing.fit import MIN_FONT, PAPERS
    from gametree.drawing.latex import diagram_latex
    from gametree.drawing.mpl import draw_diagram
    from gametree.drawing.parts import draw_part, split_tree

    page = PAPERS[paper]
    for name in sorted(TREES):
        G = TREES[name]
        result = gametree.alphabeta(G, annotate=False)
        parts = split_tree(G, result, fit=page)
        assert len(parts) > 1 and all(p.fits for p in parts)
        strokes = 0
        for part in parts:
            d, pl = draw_part(G, result, part, fit=page, warn=False)
            assert not pl.overflow and d.style["font_size"] >= MIN_FONT
            fig = draw_diagram(d, placement=pl)
            width, height = fig.figure.get_size_inches()
            assert width <= page[0] + 0.01 and height <= page[1] + 0.01
            geoms = {
                "matplotlib": read_mpl(fig),
                "tikz": read_tikz(diagram_latex(d, pl, "tikz")),
                "forest": read_forest(diagram_latex(d, pl, "forest")),
            }
            for back_end, geom in geoms.items():
                clean(geom, f"{name} {paper} part {part.root} {back_end}")
            strokes += len(geoms["tikz"].strokes)
        assert strokes == 2 * len(result.pruned_edges)  # every cut mark, once


def _segment_distance(
    p: tuple[float, float], q: tuple[float, float], a: tuple[float, float], b: tuple[float, float]
) -> float:
    """Distance between the segments p q and a b: 0 where they cross, else the least of
    each end's distance to the other segment (the reference, written here)."""
    import math

    def to_segment(x: tuple[float, float], s: tuple[float, float], e: tuple[float, float]) -> float:
        vx, vy = e[0] - s[0], e[1] - s[1]
        n2 = vx * vx + vy * vy
        t = 0.0 if n2 == 0 else min(1.0, max(0.0, ((x[0] - s[0]) * vx + (x[1] - s[1]) * vy) / n2))
        return math.dist(x, (s[0] + t * vx, s[1] + t * vy))

    def side(o: tuple[float, float], s: tuple[float, float], e: tuple[float, float]) -> float:
        return (s[0] - o[0]) * (e[1] - o[1]) - (s[1] - o[1]) * (e[0] - o[0])

    if side(a, b, p) * side(a, b, q) < 0 and side(p, q, a) * side(p, q, b) < 0:
        return 0.0
    return min(to_segment(p, a, b), to_segment(q, a, b), to_segment(a, p, q), to_segment(b, p, q))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["edge", "text"]),
            st.tuples(st.integers(-60, 60), st.integers(-60, 60)),
            st.tuples(st.integers(-60, 60), st.integers(-60, 60)),
        ),
        min_size=1,
        max_size=25,
    ),
    st.tuples(st.integers(-60, 60), st.integers(-60, 60)),
    st.tuples(st.integers(-60, 60), st.integers(-60, 60)),
    st.integers(0, 15),
    st.booleans(),
)
def test_what_lies_near_a_segment_is_every_item_within_reach(
    things: list[tuple[str, tuple[int, int], tuple[int, int]]],
    a: tuple[int, int],
    b: tuple[int, int],
    pad: int,
    edges: bool,
) -> None:
    """The grid's answer to "what lies within ``pad`` of this segment" holds every item
    that does (found by measuring against each), each once, in the order added; edges
    only when asked for. The texts and shapes and the edges are kept in two grids."""
    from gametree.drawing.clearance import Item, Obstacles, segment_box

    obstacles = Obstacles(cell=5.0)  # small cells: most items span several
    items = []
    for kind, p, q in things:
        pf, qf = (float(p[0]), float(p[1])), (float(q[0]), float(q[1]))
        if kind == "edge":
            item = Item("edge", (p, q), (pf, qf), 1.0, segment_box(pf, qf, 0.5))
        else:
            box = (min(pf[0], qf[0]), min(pf[1], qf[1]), max(pf[0], qf[0]), max(pf[1], qf[1]))
            item = Item("text", None, (), 0.0, box)
        obstacles.add(item)
        items.append(item)
    af, bf = (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))
    found = obstacles.near_segment(af, bf, float(pad), edges=edges)
    assert found == [it for it in items if it in found]  # in the order added, each once
    assert len({id(it) for it in found}) == len(found)
    for item in items:
        if item.kind == "edge":
            close = _segment_distance(af, bf, *item.points) <= pad
            wanted = edges and close
        else:
            x0, y0, x1, y1 = item.box
            corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
            sides = [(corners[k], corners[(k + 1) % 4]) for k in range(4)]
            inside = x0 <= af[0] <= x1 and y0 <= af[1] <= y1
            wanted = inside or min(_segment_distance(af, bf, s, e) for s, e in sides) <= pad
        if wanted:
            assert any(it is item for it in found), item
    if not edges:
        assert all(it.kind != "edge" for it in found)
    box = segment_box(af, bf, float(pad))
    around = obstacles.near(box, edges=edges)
    assert all(any(it is f for it in around) for f in found)  # a box holds the segment
