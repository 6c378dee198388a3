"""Cut marks (gametree.drawing.cuts): where each goes, and that every back end draws it there."""

from __future__ import annotations

import math
import re

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree.drawing.clearance import Item, Obstacles, segment_box
from gametree.drawing.cuts import CLEARANCE, HALF_LENGTH, PREFERRED, cut_marks, place_cut
from gametree.drawing.fit import arrange
from gametree.drawing.slots import place
from gametree.drawing.style import diagram


def aima() -> nx.DiGraph:
    return gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def edge(owner: tuple[str, str], a: tuple[float, float], b: tuple[float, float]) -> Item:
    return Item("edge", owner, (a, b), 1.0, segment_box(a, b, 0.5))


def close(a: list[tuple[float, ...]], b: list[tuple[float, ...]], tol: float = 0.01) -> bool:
    """Stroke lists equal to the rounding of the text outputs (two decimals)."""
    return len(a) == len(b) and all(
        abs(x - y) <= tol for s, t in zip(a, b, strict=True) for x, y in zip(s, t, strict=True)
    )


def test_aima_marks_sit_where_nothing_is_in_the_way() -> None:
    # AIMA 5.2 at its natural size: C's edges to I and J are cut (alpha 3 >= H's 2).
    # Nothing is near 70% of the way down either edge, so each mark is the full one
    # (6.5 pt strokes each side at 10 pt), its strokes at right angles to the edge.
    G = aima()
    d = diagram(G, gametree.alphabeta(G, annotate=False), fit=None)
    pl = place(d)
    marks = cut_marks(d, pl)
    assert sorted(marks) == [("C", "I"), ("C", "J")]
    for (u, v), mark in marks.items():
        (x0, y0), (x1, y1) = pl.ends(u, v)
        assert mark.at == PREFERRED and mark.half_length == pytest.approx(HALF_LENGTH * 10)
        assert mark.centre == pytest.approx((x0 + 0.7 * (x1 - x0), y0 + 0.7 * (y1 - y0)))
        for a, b in mark.strokes:
            across = (b[0] - a[0]) * (x1 - x0) + (b[1] - a[1]) * (y1 - y0)
            assert across == pytest.approx(0.0, abs=1e-6)  # perpendicular
            assert math.dist(a, b) == pytest.approx(2 * mark.half_length)
        assert mark.clear


def test_a_mark_keeps_clear_of_a_close_parallel_edge() -> None:
    # A vertical edge x = 0 from y = 0 down to -100, a parallel one 8 pt to the right.
    # Strokes 1.6 pt wide, 2 pt of white, the other edge 1 pt wide: each stroke may
    # reach 8 - 0.5 - 0.8 - 2 = 4.7 pt to the right (less the rounding margin), below
    # the 6.5 pt of a free mark: so every spot gives the same room; the first is kept.
    obstacles = Obstacles()
    obstacles.add(edge(("P", "B"), (8.0, 0.0), (8.0, -100.0)))
    seg = ((0.0, 0.0), (0.0, -100.0))
    mark = place_cut(("P", "A"), seg, obstacles, font_size=10.0, line_width=1.6)
    assert mark.half_length == pytest.approx(4.7 - 0.05, abs=0.01)
    assert mark.clearance >= CLEARANCE and mark.at == PREFERRED
    # A neighbour 12 pt away carrying a mark too: each mark takes half the room between
    # the edges. Room from the edge to the neighbour's ink, less a stroke's half width:
    # 12 - 0.5 - 0.8 = 10.7; less the white kept (2 + 0.05), halved: 4.325 pt.
    obstacles = Obstacles()
    obstacles.add(edge(("P", "B"), (12.0, 0.0), (12.0, -100.0)))
    alone = place_cut(("P", "A"), seg, obstacles, font_size=10.0, line_width=1.6)
    assert alone.half_length == pytest.approx(6.5)  # 8.65 pt free: the full mark
    shared = place_cut(("P", "A"), seg, obstacles, font_size=10.0, line_width=1.6,
                       shared={("P", "B")})  # fmt: skip
    assert shared.half_length == pytest.approx(4.325, abs=0.01)


def test_a_mark_moves_along_its_edge_to_find_room() -> None:
    # A box right beside the preferred spot: the mark moves to the next spot along
    # the edge (0.76) where strokes of full length keep clear of it.
    obstacles = Obstacles()
    box = (2.0, -75.0, 20.0, -65.0)
    from gametree.drawing.labels import Text

    text = Text("name", "X", "X", 2.0, -75.0, "start", 10.0)
    obstacles.add(Item("text", text, (), 0.0, box))
    mark = place_cut(("P", "A"), ((0.0, 0.0), (0.0, -100.0)), obstacles, font_size=10.0,
                     line_width=1.6)  # fmt: skip
    assert mark.at != PREFERRED and mark.half_length == pytest.approx(6.5)
    ys = [p[1] for s in mark.strokes for p in s]
    assert min(ys) > -65.0 + CLEARANCE or max(ys) < -75.0 - CLEARANCE


def test_every_back_end_draws_the_placed_strokes() -> None:
    G = gametree.random_tree(3, 4, seed=2)
    result = gametree.alphabeta(G, annotate=False)
    d = diagram(G, result)
    pl = arrange(d)
    placed = sorted(tuple(c for p in s for c in p) for m in pl.cuts.values() for s in m.strokes)
    assert len(placed) == 2 * len(result.pruned_edges) == 32
    # matplotlib: the strokes' paths are points around an offset on the edge.
    artists = gametree.draw(G, result)
    drawn = []
    for path, off in zip(artists.cut_marks.get_paths(), artists.cut_marks.get_offsets(),
                         strict=True):  # fmt: skip
        (ax_, ay), (bx, by) = path.vertices
        drawn.append((ax_ + off[0], ay + off[1], bx + off[0], by + off[1]))
    assert close(sorted(drawn), placed)
    # TikZ: explicit strokes at the placement's coordinates.
    tex = gametree.to_tikz(G, result)
    drawn_lines = "\n".join(line for line in tex.splitlines() if "gt stroke]" in line)
    strokes = re.findall(r"\(([-\d.]+), ([-\d.]+)\) -- \(([-\d.]+), ([-\d.]+)\)", drawn_lines)
    assert close(sorted(tuple(float(c) for c in s) for s in strokes), placed)
    # DOT: each stroke an edge between two pinned points.
    dot = gametree.to_dot(G, result)
    pins = dict(re.findall(r"(\w+_cut\d[ab]) \[.*?pos=\"([-\d.,]+)!\"", dot))
    dot_strokes = []
    for name in sorted(pins):
        if name.endswith("a"):
            a = [float(c) for c in pins[name].split(",")]
            b = [float(c) for c in pins[name[:-1] + "b"].split(",")]
            dot_strokes.append((*a, *b))
    assert close(sorted(dot_strokes), placed)


def test_every_edge_of_a_practice_page_gets_a_mark_that_shows_when_marked() -> None:
    from xml.etree import ElementTree as ET

    G = gametree.random_tree(3, 3, seed=4)
    page = gametree.to_html(G, mode="practice")
    svg = page[page.index("<svg") : page.index("</svg>") + 6]
    root = ET.fromstring(svg)
    cuts = [g for g in root.iter("{*}g") if g.get("class") == "cut"] or [
        g for g in root.iter("g") if g.get("class") == "cut"
    ]
    assert len(cuts) == G.number_of_edges()
    assert all(g.get("visibility") == "hidden" for g in cuts)


def _first_within(c: tuple[float, float], n: tuple[float, float], a: tuple[float, float],
                  b: tuple[float, float], r: float) -> float:  # fmt: skip
    """The reference: march along the ray in steps of 1/64 pt (up to 200 pt), measuring
    the distance to the segment at every step (projection onto it, clamped), then halve
    the step where it first drops to r."""
    import numpy as np

    ab = np.array(b) - np.array(a)
    length2 = float(ab @ ab)

    def dist(s: np.ndarray) -> np.ndarray:
        p = np.array(c) + s[:, None] * np.array(n)
        t = np.zeros(len(s)) if length2 == 0 else np.clip((p - a) @ ab / length2, 0, 1)
        return np.hypot(*(p - (np.array(a) + t[:, None] * ab)).T)

    steps = np.arange(0, 200 * 64 + 1) / 64
    inside = np.nonzero(dist(steps) <= r)[0]
    if len(inside) == 0:
        return math.inf
    k = int(inside[0])
    if k == 0:
        return 0.0
    lo, hi = float(steps[k - 1]), float(steps[k])
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if dist(np.array([mid]))[0] <= r else (mid, hi)
    return hi


@settings(max_examples=40, deadline=None)
@given(
    st.tuples(st.integers(-40, 40), st.integers(-40, 40)),
    st.integers(0, 359),
    st.tuples(st.integers(-40, 40), st.integers(-40, 40)),
    st.tuples(st.integers(-40, 40), st.integers(-40, 40)),
    st.integers(1, 8),
)
def test_ray_to_capsule_finds_the_first_point_within_r(
    c: tuple[int, int], degrees: int, a: tuple[int, int], b: tuple[int, int], r: int
) -> None:
    """Against a march along the ray: where a cut mark's stroke, grown from its centre,
    first comes within r of an edge (the written-out arithmetic of the cut marks)."""
    from gametree.drawing.clearance import ray_to_capsule

    n = (math.cos(math.radians(degrees)), math.sin(math.radians(degrees)))
    cf, af, bf = (float(c[0]), float(c[1])), (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))
    got = ray_to_capsule(cf, n, af, bf, float(r))
    expected = _first_within(cf, n, af, bf, float(r))
    if math.isinf(expected):
        assert got > 199.0
    else:
        assert got == pytest.approx(expected, abs=0.05)
