"""What lies near what in a placed diagram: the edges, shapes and texts, and their clashes.

:class:`Obstacles` buckets every drawn segment, outline and text box of a placement in
a grid, so that "what is near here" costs about the same for every query, whatever the
size of the tree. :func:`clashes` lists where an edge crosses a text or a shape that is
not its own, and where texts or shapes overlap; the placement widens the drawing there
(see :func:`gametree.drawing.slots.place`), and the cut marks keep clear of all of it
(see :mod:`gametree.drawing.cuts`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "Clash",
    "Item",
    "Obstacles",
    "box_gap",
    "clashes",
    "point_segment",
    "ray_to_item",
    "segment_gap",
]

Point = tuple[float, float]
Segment = tuple[Point, Point]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Item:
    """One thing drawn: an edge (``kind="edge"``, a segment), a node's shape (``"shape"``,
    its outline) or a text (``"text"``, its ink box)."""

    kind: str
    owner: Any
    """The edge ``(u, v)``, or the node, whose item it is; for a text, its :class:`Text`."""
    points: tuple[Point, ...]
    width: float = 0.0
    """Line width (points) of an edge."""
    box: Box = (0.0, 0.0, 0.0, 0.0)


@dataclass
class Clash:
    """Two items that touch: ``a`` and ``b``, and how far one reaches into the other."""

    a: Item
    b: Item
    depth: float


def point_segment(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment ``a b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0
    if length2 > 0:
        t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _orient(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(s: Segment, t: Segment) -> bool:
    d1, d2 = _orient(t[0], t[1], s[0]), _orient(t[0], t[1], s[1])
    d3, d4 = _orient(s[0], s[1], t[0]), _orient(s[0], s[1], t[1])
    return d1 * d2 < 0 and d3 * d4 < 0


def segment_gap(s: Segment, t: Segment) -> float:
    """Distance between two segments (0 when they cross)."""
    if segments_cross(s, t):
        return 0.0
    return min(
        point_segment(s[0], *t), point_segment(s[1], *t),
        point_segment(t[0], *s), point_segment(t[1], *s),
    )  # fmt: skip


def box_gap(s: Segment, box: Box) -> float:
    """Distance between a segment and a box (0 when the segment enters it)."""
    x0, y0, x1, y1 = box
    for p in s:
        if x0 <= p[0] <= x1 and y0 <= p[1] <= y1:
            return 0.0
    corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    return min(segment_gap(s, (corners[i], corners[(i + 1) % 4])) for i in range(4))


def _inside(p: Point, polygon: tuple[Point, ...]) -> bool:
    inside = False
    n = len(polygon)
    for i in range(n):
        (x0, y0), (x1, y1) = polygon[i], polygon[(i + 1) % n]
        if (y0 > p[1]) != (y1 > p[1]):
            x = x0 + (p[1] - y0) * (x1 - x0) / (y1 - y0)
            if x > p[0]:
                inside = not inside
    return inside


def polygon_gap(s: Segment, polygon: tuple[Point, ...]) -> float:
    """Distance between a segment and a closed polygon (0 when it enters it)."""
    if len(polygon) < 3:
        return math.inf
    if _inside(s[0], polygon) or _inside(s[1], polygon):
        return 0.0
    n = len(polygon)
    return min(segment_gap(s, (polygon[i], polygon[(i + 1) % n])) for i in range(n))


def boxes_overlap(a: Box, b: Box) -> float:
    """How far two boxes overlap (the smaller of the two overlaps; <= 0 when apart)."""
    return min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1]))


def item_gap(s: Segment, item: Item) -> float:
    """Distance from a segment to an item (its ink: less half an edge's width)."""
    if item.kind == "edge":
        return segment_gap(s, (item.points[0], item.points[1])) - item.width / 2
    if item.kind == "shape":
        return polygon_gap(s, item.points)
    return box_gap(s, item.box)


def segment_hits_box(a: Point, b: Point, box: Box) -> bool:
    """Whether the segment ``a b`` meets the box (Liang-Barsky clipping)."""
    x0, y0, x1, y1 = box
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        r = q / p
        if p < 0:
            if r > t1:
                return False
            t0 = max(t0, r)
        else:
            if r < t0:
                return False
            t1 = min(t1, r)
    return t0 <= t1


def segment_hits_polygon(a: Point, b: Point, polygon: tuple[Point, ...]) -> bool:
    """Whether the segment ``a b`` meets a closed polygon (crosses a side or lies inside)."""
    n = len(polygon)
    if n < 3:
        return False
    if _inside(a, polygon) or _inside(b, polygon):
        return True
    return any(segments_cross((a, b), (polygon[i], polygon[(i + 1) % n])) for i in range(n))


def ray_to_capsule(c: Point, n: Point, a: Point, b: Point, r: float) -> float:
    """How far from ``c`` along the unit direction ``n`` the first point lies within ``r``
    of the segment ``a b`` (0 if ``c`` is; infinite if none)."""
    # point_segment(c, a, b) and _ray_to_circle at both ends, written out: the cut marks
    # of a 10,000-node key make a quarter of a million of these tests.
    cx, cy = c
    ax_, ay = a
    dx, dy = b[0] - ax_, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0
    if length2 > 0:
        t = ((cx - ax_) * dx + (cy - ay) * dy) / length2
        t = 1.0 if t > 1.0 else (0.0 if t < 0.0 else t)
    if math.hypot(cx - ax_ - t * dx, cy - ay - t * dy) <= r:
        return 0.0
    best = math.inf
    nx_, ny_ = n
    rr = r * r
    for px, py in (a, b):
        fx, fy = cx - px, cy - py
        half_b = nx_ * fx + ny_ * fy
        disc = half_b * half_b - (fx * fx + fy * fy - rr)
        if disc >= 0:
            root = math.sqrt(disc)
            s_ = -half_b - root
            if s_ < 0:
                s_ = -half_b + root
            if 0 <= s_ < best:
                best = s_
    length = math.hypot(dx, dy)
    if length > 0:
        ux, uy = dx / length, dy / length
        det = nx_ * (-uy) - ny_ * (-ux)
        if abs(det) > 1e-12:
            for side in (1.0, -1.0):
                ox, oy = ax_ - side * r * uy - cx, ay + side * r * ux - cy
                # c + s n = o + t u, solved for s and t.
                s_ = (ox * (-uy) - oy * (-ux)) / det
                t_ = (nx_ * oy - ny_ * ox) / det
                if 0 <= s_ < best and 0 <= t_ <= length:
                    best = s_
    return best


def ray_to_box(c: Point, n: Point, box: Box, r: float) -> float:
    """How far from ``c`` along ``n`` the ray enters the box grown by ``r`` on each side."""
    x0, y0, x1, y1 = box[0] - r, box[1] - r, box[2] + r, box[3] + r
    t0, t1 = 0.0, math.inf
    for o, d, lo, hi in ((c[0], n[0], x0, x1), (c[1], n[1], y0, y1)):
        if abs(d) < 1e-12:
            if o < lo or o > hi:
                return math.inf
            continue
        a_, b_ = (lo - o) / d, (hi - o) / d
        if a_ > b_:
            a_, b_ = b_, a_
        t0, t1 = max(t0, a_), min(t1, b_)
        if t0 > t1:
            return math.inf
    return t0


def ray_to_item(c: Point, n: Point, item: Item, r: float) -> float:
    """How far from ``c`` along ``n`` the ray comes within ``r`` of an item's ink."""
    if item.kind == "edge":
        return ray_to_capsule(c, n, item.points[0], item.points[1], r + item.width / 2)
    if item.kind == "shape":
        if _inside(c, item.points):
            return 0.0
        pts = item.points
        return min(
            ray_to_capsule(c, n, pts[i], pts[(i + 1) % len(pts)], r) for i in range(len(pts))
        )
    return ray_to_box(c, n, item.box, r)


@dataclass
class Obstacles:
    """A grid of the items of a drawing, for finding what lies near a box."""

    cell: float = 24.0
    items: list[Item] = field(default_factory=list)
    lines: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    """The cells each edge passes, by item index."""
    solid: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    """The cells each shape's or text's box covers (every edge of a wide node meets its
    cells: a query for texts and shapes alone leaves the edges out)."""

    def add(self, item: Item) -> None:
        k = len(self.items)
        self.items.append(item)
        if item.kind == "edge":
            self._add_segment(k, item.points[0], item.points[1], item.width / 2)
            return
        x0, y0, x1, y1 = item.box
        c = self.cell
        solid = self.solid
        rows = range(math.floor(y0 / c), math.floor(y1 / c) + 1)
        for col in range(math.floor(x0 / c), math.floor(x1 / c) + 1):
            for row in rows:
                found = solid.get((col, row))
                if found is None:
                    solid[(col, row)] = [k]
                else:
                    found.append(k)

    def _add_segment(self, k: int, a: Point, b: Point, pad: float) -> None:
        # The cells along the segment, a row of cells at a time (a long, flat edge
        # covers few cells, not its whole bounding box).
        c = self.cell
        lines = self.lines
        ay, by = a[1], b[1]
        ya, yb = (ay, by) if ay <= by else (by, ay)
        row0, row1 = math.floor((ya - pad) / c), math.floor((yb + pad) / c)
        for row in range(row0, row1 + 1):
            lo, hi = max(ya, row * c), min(yb, (row + 1) * c)
            xlo, xhi = _x_at(a, b, lo), _x_at(a, b, hi)
            if xlo > xhi:
                xlo, xhi = xhi, xlo
            for col in range(math.floor((xlo - pad) / c), math.floor((xhi + pad) / c) + 1):
                found = lines.get((col, row))
                if found is None:
                    lines[(col, row)] = [k]
                else:
                    found.append(k)

    def near(self, box: Box, *, edges: bool = True) -> list[Item]:
        """The items whose cells meet ``box`` (each once, in the order added);
        ``edges=False`` leaves the edges out."""
        c = self.cell
        rows = range(math.floor(box[1] / c), math.floor(box[3] / c) + 1)
        cols = range(math.floor(box[0] / c), math.floor(box[2] / c) + 1)
        return self._in_cells(((col, row) for col in cols for row in rows), edges)

    def near_segment(self, a: Point, b: Point, pad: float, *, edges: bool = True) -> list[Item]:
        """The items whose cells meet the segment ``a``-``b`` grown by ``pad`` on every
        side (each once, in the order added): every item within ``pad`` of it, without
        the rest of its bounding box (a long slanting edge's box holds most of a wide
        drawing). ``edges=False`` leaves the edges out."""
        return self._in_cells(self._along(a, b, pad), edges)

    def _along(self, a: Point, b: Point, pad: float) -> Iterator[tuple[int, int]]:
        """The cells within ``pad`` of the segment ``a``-``b``, a row at a time."""
        c = self.cell
        ya, yb = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
        for row in range(math.floor((ya - pad) / c), math.floor((yb + pad) / c) + 1):
            # The part of the segment within ``pad`` of this row of cells, grown by pad.
            lo, hi = max(ya, row * c - pad), min(yb, (row + 1) * c + pad)
            if ya == yb:
                xlo, xhi = a[0], b[0]
            else:
                xlo, xhi = _x_at(a, b, lo), _x_at(a, b, hi)
            if xlo > xhi:
                xlo, xhi = xhi, xlo
            for col in range(math.floor((xlo - pad) / c), math.floor((xhi + pad) / c) + 1):
                yield col, row

    def _in_cells(self, cells: Iterable[tuple[int, int]], edges: bool) -> list[Item]:
        grids = (self.lines, self.solid) if edges else (self.solid,)
        found: set[int] = set()
        for key in cells:
            for grid in grids:
                cell = grid.get(key)
                if cell is not None:
                    found.update(cell)
        items = self.items
        return [items[k] for k in sorted(found)]


def _x_at(a: Point, b: Point, y: float) -> float:
    if a[1] == b[1]:
        return a[0] if y <= a[1] else b[0]
    t = (y - a[1]) / (b[1] - a[1])
    return a[0] + max(0.0, min(1.0, t)) * (b[0] - a[0])


def segment_box(a: Point, b: Point, pad: float = 0.0) -> Box:
    return (min(a[0], b[0]) - pad, min(a[1], b[1]) - pad,
            max(a[0], b[0]) + pad, max(a[1], b[1]) + pad)  # fmt: skip


def clashes(obstacles: Obstacles) -> list[Clash]:
    """Every edge crossing a text or shape that is not its own, and every two texts or
    shapes that overlap (a text inside its own node's shape, its value, excepted)."""
    out: list[Clash] = []
    items = obstacles.items
    index = {id(item): k for k, item in enumerate(items)}
    for k, item in enumerate(items):
        if item.kind == "edge":
            a, b = item.points[0], item.points[1]
            u, v = item.owner
            pad = item.width / 2
            for other in obstacles.near_segment(a, b, pad, edges=False):
                if not _meet(item.box, other.box):
                    continue
                if other.kind == "shape":
                    if other.owner in (u, v):
                        continue
                    # The box first (a shape lies within its box): a flat edge passes
                    # over many shapes of a wide row without meeting their boxes.
                    ob = other.box
                    if not segment_hits_box(a, b, (ob[0] - 1, ob[1] - 1, ob[2] + 1, ob[3] + 1)):
                        continue
                    if not segment_hits_polygon(a, b, other.points):
                        continue
                else:
                    text = other.owner
                    if text.slot == "move" and text.key == (u, v):
                        continue
                    grown = (other.box[0] - pad, other.box[1] - pad,
                             other.box[2] + pad, other.box[3] + pad)  # fmt: skip
                    if not segment_hits_box(a, b, grown):
                        continue
                out.append(Clash(item, other, _reach_into(a, b, other.box) + pad))
        else:
            for other in obstacles.near(item.box, edges=False):
                if index[id(other)] <= k:
                    continue
                if _same_node(item, other):
                    continue
                depth = boxes_overlap(item.box, other.box)
                if depth > 0 and _really_overlap(item, other):
                    out.append(Clash(item, other, depth))
    return out


def _meet(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _reach_into(a: Point, b: Point, box: Box) -> float:
    """How far an edge reaches into a box across (to move the box aside by)."""
    cy = (box[1] + box[3]) / 2
    t = 0.5 if b[1] == a[1] else max(0.0, min(1.0, (cy - a[1]) / (b[1] - a[1])))
    x = a[0] + t * (b[0] - a[0])
    return max(0.5, min(x - box[0], box[2] - x))


def node_of(item: Item) -> Hashable:
    """The node an item belongs to (a move text: the child of its edge)."""
    owner: Any = item.owner
    if item.kind == "text":
        key: Hashable = owner.key
        return key[1] if owner.slot == "move" else key  # type: ignore[index]
    if item.kind == "edge":
        node: Hashable = owner[1]
        return node
    shape_node: Hashable = owner
    return shape_node


def _same_node(a: Item, b: Item) -> bool:
    # A node's texts sit around (its value inside) its own shape, by construction.
    for shape, text in ((a, b), (b, a)):
        if shape.kind == "shape" and text.kind == "text":
            return bool(text.owner.slot != "move" and text.owner.key == shape.owner)
    return False


def _really_overlap(a: Item, b: Item) -> bool:
    """Boxes overlap; for a triangle or circle, does the other box meet the outline?"""
    for shape, other in ((a, b), (b, a)):
        if shape.kind == "shape" and other.kind != "shape":
            x0, y0, x1, y1 = other.box
            corners = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
            sides = [(corners[i], corners[(i + 1) % 4]) for i in range(4)]
            if any(_inside(p, shape.points) for p in corners):
                return True
            if any(x0 <= p[0] <= x1 and y0 <= p[1] <= y1 for p in shape.points):
                return True
            return any(segment_hits_polygon(a_, b_, shape.points) for a_, b_ in sides)
    return True
