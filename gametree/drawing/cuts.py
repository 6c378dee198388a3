"""Where each cut mark goes: the one geometry every back end draws a pruned edge's mark with.

A cut mark is two short parallel strokes across a pruned edge. :func:`cut_marks` places
each from the diagram's placement: which edge, how far along it, at what angle and how
long, so that each stroke crosses its own edge only and keeps at least :data:`CLEARANCE`
points of white between its ink and every other edge, shape and label. matplotlib, SVG,
TikZ, Graphviz and the web page draw the strokes it returns (a TikZ ``forest`` back end
draws them as explicit strokes too), so a mark is in the same place in every output.

How a mark is placed: along the edge, from :data:`PREFERRED` of the way from the parent
outwards in both directions, the first spot where strokes of the full length
(:data:`HALF_LENGTH` ems of the diagram's font each side) keep clear; where no spot does,
the longest strokes that keep clear, down to :data:`SHORTEST` ems; where even those do
not, the spot that keeps the most room, reported by its ``clearance`` (the placement then
widens the drawing there and places the marks again; see
:func:`gametree.drawing.slots.place`).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Hashable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from gametree.drawing.clearance import (
    Item,
    Obstacles,
    item_gap,
    point_segment,
    ray_to_item,
)

if TYPE_CHECKING:
    from gametree.drawing.model import Diagram

__all__ = ["CLEARANCE", "CutMark", "cut_marks", "place_cut"]

Point = tuple[float, float]
Segment = tuple[Point, Point]

CLEARANCE = 2.0
"""Points of white kept between a stroke's ink and any other ink."""

PREFERRED = 0.7
"""Where along a pruned edge (from the parent) a mark goes when nothing is in the way."""

AT = (0.7, 0.76, 0.64, 0.82, 0.58, 0.52, 0.88, 0.46, 0.4, 0.34, 0.28)
"""The spots tried along an edge, in order of preference."""

HALF_LENGTH = 0.65
"""Each stroke reaches this many ems of the diagram's font on either side of the edge
(6.5 points at the default 10 pt)."""

SHORTEST = 0.3
"""Strokes are never shorter than this many ems on either side."""

ROUNDING = 0.05
"""Room kept beyond :data:`CLEARANCE` for the rounding of coordinates in text outputs
(TikZ and SVG write two decimals)."""

GOOD = 0.8
"""A spot along the edge where strokes keep this fraction of the full length is taken
without trying the others."""

SPACING = 0.22
"""Each stroke's distance, in ems, from the mark's centre along the edge."""


@dataclass(frozen=True)
class CutMark:
    """The cut mark of one edge, in the placement's points (y up).

    ``at`` is the fraction of the drawn edge from the parent's end to the mark's centre;
    ``angle`` the direction of the strokes (radians, across the edge); each stroke
    reaches ``half_length`` points either side of the edge and lies ``spacing`` points
    from the centre along it. ``clearance`` is the white, in points, between the strokes'
    ink and the nearest other ink (at least :data:`CLEARANCE` unless the drawing has no
    room for it).
    """

    edge: tuple[Hashable, Hashable]
    at: float
    centre: Point
    angle: float
    half_length: float
    spacing: float
    strokes: tuple[Segment, Segment]
    clearance: float

    @property
    def clear(self) -> bool:
        """Whether the mark keeps :data:`CLEARANCE` points from everything else."""
        return self.clearance >= CLEARANCE - 1e-9


class Placed(Protocol):
    """What :func:`cut_marks` reads of a placement (a
    :class:`gametree.drawing.slots.Placement`)."""

    cuts: dict[tuple[Hashable, Hashable], CutMark]


def cut_marks(d: Diagram, pl: Placed) -> dict[tuple[Hashable, Hashable], CutMark]:
    """The cut mark of every pruned edge of ``d`` as placed by ``pl``.

    On a page whose student marks edges (``d.every_cut``), every edge gets one, drawn
    only when marked.

    Examples
    --------
    AIMA Figure 5.2 after alpha-beta: C's edges to I and J are cut; the marks sit
    about 70% of the way down, their strokes clear of the other edges.

    >>> import gametree
    >>> from gametree.drawing.slots import place
    >>> from gametree.drawing.style import diagram
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> d = diagram(G, gametree.alphabeta(G, annotate=False), fit=None)
    >>> marks = cut_marks(d, place(d))
    >>> sorted(marks), all(m.clear for m in marks.values())
    ([('C', 'I'), ('C', 'J')], True)
    >>> round(marks[("C", "I")].at, 2), round(marks[("C", "I")].half_length, 1)
    (0.7, 6.5)
    """
    marked = [(e.u, e.v) for e in d.edges if e.cut or d.every_cut]
    return {edge: pl.cuts[edge] for edge in marked if edge in pl.cuts}


def place_cut(
    edge: tuple[Hashable, Hashable],
    seg: Segment,
    obstacles: Obstacles,
    *,
    font_size: float,
    line_width: float,
    ignore: Iterable[Item] = (),
    shared: Collection[Hashable] = (),
) -> CutMark:
    """Place the mark of the edge ``edge`` drawn as ``seg`` among ``obstacles``.

    Every item of ``obstacles`` but the edge itself (and ``ignore``) is kept clear of.
    Towards an edge of ``shared`` (edges that carry a mark too, or may: on a page every
    edge may), a mark takes at most half of the room, so that two marks facing each
    other keep clear of each other as well.
    """
    (x0, y0), (x1, y1) = seg
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx_, ny_ = -uy, ux
    longest = HALF_LENGTH * font_size
    shortest = min(longest, SHORTEST * font_size)
    spacing = SPACING * font_size
    reach = 2 * longest + spacing + line_width + CLEARANCE + 2.0  # a facing mark too
    skipped = {id(item) for item in ignore}
    near = [
        item
        for item in obstacles.near_segment(seg[0], seg[1], reach)
        if not (item.kind == "edge" and item.owner == edge) and id(item) not in skipped
    ]
    half_width = line_width / 2
    normals = ((nx_, ny_), (-nx_, -ny_))

    def centre(t: float) -> Point:
        return x0 + t * (x1 - x0), y0 + t * (y1 - y0)

    def strokes(t: float, half: float) -> tuple[Segment, Segment]:
        cx, cy = centre(t)
        out = []
        for along in (-spacing, spacing):
            px, py = cx + ux * along, cy + uy * along
            out.append(((px - nx_ * half, py - ny_ * half), (px + nx_ * half, py + ny_ * half)))
        return out[0], out[1]

    # What room() reads of each near item, read once for every spot it tries: whether
    # the item is an edge that may carry a mark too, half its width, its box.
    facts = [(item, item.kind == "edge" and item.owner in shared, item.width / 2, item.box)
             for item in near]  # fmt: skip

    def room(t: float, need: float) -> float:
        """How long (each side of the edge) strokes at ``t`` may be while keeping ``need``
        points of white from every item near them (half the room towards a facing mark)."""
        c = centre(t)
        starts = ((c[0] - ux * spacing, c[1] - uy * spacing),
                  (c[0] + ux * spacing, c[1] + uy * spacing))  # fmt: skip
        (x0_, y0_), (x1_, y1_) = starts
        lo_x, hi_x = (x0_, x1_) if x0_ <= x1_ else (x1_, x0_)
        lo_y, hi_y = (y0_, y1_) if y0_ <= y1_ else (y1_, y0_)
        best = longest
        for item, facing, half_item, ib in facts:
            r = need + half_width
            if facing:
                gap = point_segment(c, *item.points) - half_item - half_width
                r += max(0.0, (gap + need) / 2 - need)
            span = best + r + half_item
            if ib[0] > hi_x + span or ib[2] < lo_x - span or ib[1] > hi_y + span:
                continue
            if ib[3] < lo_y - span:
                continue
            # Farther from the mark's centre than any stroke reaches: no limit.
            if item.kind == "edge":
                far = point_segment(c, *item.points) - half_item
            else:
                far = _box_distance(c, ib)
            if far > span + spacing:
                continue
            for p in starts:
                for n in normals:
                    reach = ray_to_item(p, n, item, r)
                    if reach < best:
                        best = reach
                        if best <= 0:
                            return 0.0
        return best

    need = CLEARANCE + ROUNDING
    chosen: tuple[float, float] | None = None  # (half length, t)
    widest: tuple[float, float] = (-1.0, AT[0])
    for t in AT:
        half = room(t, need)
        if half >= GOOD * longest:
            chosen = (min(half, longest), t)
            break
        if half > widest[0]:
            widest = (half, t)
    if chosen is None:
        half, t = widest
        chosen = (half, t) if half >= shortest else (shortest, t)
    half, t = chosen
    pair = strokes(t, half)
    clearance = _clearance(pair, near, shared, centre(t), half_width)
    return CutMark(
        edge=edge,
        at=t,
        centre=centre(t),
        angle=math.atan2(ny_, nx_),
        half_length=half,
        spacing=spacing,
        strokes=pair,
        clearance=min(clearance, 99.0),
    )


def _clearance(
    pair: tuple[Segment, Segment],
    near: list[Item],
    shared: Collection[Hashable],
    centre: Point,
    half_width: float,
) -> float:
    """The least white between the strokes and the items near them, less what is left
    to a facing mark (items farther than a few points count as far)."""
    least = 99.0
    xs = [p[0] for s in pair for p in s]
    ys = [p[1] for s in pair for p in s]
    for item in near:
        ib = item.box
        pad = CLEARANCE + half_width + item.width / 2 + 1.0
        if ib[0] > max(xs) + pad or ib[2] < min(xs) - pad:
            continue
        if ib[1] > max(ys) + pad or ib[3] < min(ys) - pad:
            continue
        share = 0.0
        if item.kind == "edge" and item.owner in shared:
            room = point_segment(centre, *item.points) - item.width / 2 - half_width
            share = max(0.0, (room + CLEARANCE) / 2 - CLEARANCE)
        for s in pair:
            least = min(least, item_gap(s, item) - half_width - share)
    return least


def _box_distance(p: Point, box: tuple[float, float, float, float]) -> float:
    dx = max(box[0] - p[0], 0.0, p[0] - box[2])
    dy = max(box[1] - p[1], 0.0, p[1] - box[3])
    return math.hypot(dx, dy)
