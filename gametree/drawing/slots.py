"""Where a node's texts go and how much room it takes: the geometry every emitter shares.

Each node has a shape (its size fitted to the value written inside) and distinct slots
around it: the name to the left, the visit order left of the name, the bounds ``[a, b]``
to the right, the move label on the edge coming into it. :func:`place` measures these
(in points), gives the tidy layout the room each node needs, and returns the positions,
so that names, values and bounds never collide.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from gametree.drawing.layout import tree_layout
from gametree.drawing.style import Diagram, DrawnNode

__all__ = ["Placement", "place", "text_width"]

GAP = 3.0
"""Points between a shape and the texts beside it."""

MOVE_AT = 0.42
"""Where along an edge (from the parent) its move label sits."""

CROWDED = 16
"""Levels with this many nodes may stagger their inner nodes too (see ``stagger_inner``)."""

CUT_AT = 0.7
"""Where along a pruned edge (from the parent) its cut mark sits."""

CUT_HALF = 6.5
"""Half the length, in points, of each of the two strokes of a cut mark."""

CUT_SPACING = 2.2
"""Distance, in points along the edge, of each stroke of a cut mark from its centre."""


def cut_strokes(
    start: tuple[float, float], end: tuple[float, float]
) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The two strokes of the cut mark across the edge ``start -> end`` (points).

    They cross the edge at right angles, centred at :data:`CUT_AT` of its length.

    >>> cut_strokes((0.0, 0.0), (0.0, -100.0))
    [((-6.5, -67.8), (6.5, -67.8)), ((-6.5, -72.2), (6.5, -72.2))]
    """
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    mx, my = x0 + CUT_AT * (x1 - x0), y0 + CUT_AT * (y1 - y0)
    out = []
    for along in (-CUT_SPACING, CUT_SPACING):
        cx, cy = mx + ux * along, my + uy * along
        a = (round(cx + uy * CUT_HALF, 3), round(cy - ux * CUT_HALF, 3))
        b = (round(cx - uy * CUT_HALF, 3), round(cy + ux * CUT_HALF, 3))
        out.append((a, b))
    return out


_NARROW = set(".,:;'|!iIjlJ ")
_MEDIUM = set('-()[]{}frt/\\"*')
_WIDE = set("mwMW%@")
_SYMBOLS = set("∞≥≤−#&+=<>~^")


def text_width(text: str, size: float) -> float:
    """Estimate the width in points of ``text`` in DejaVu Sans at ``size`` points.

    A slight over-estimate, so that texts placed with it do not touch. A text of several
    lines (a board) is as wide as its widest line.

    >>> round(text_width("12", 10), 1)
    13.2
    >>> text_width("X-O\\n-X-", 10) == text_width("X-O", 10)
    True
    """
    if "\n" in text:
        return max(text_width(line, size) for line in text.splitlines())
    total = 0.0
    for ch in text:
        if ch.isdigit() and ch.isascii():
            em = 0.64
        elif ch in _NARROW:
            em = 0.34
        elif ch in _MEDIUM:
            em = 0.42
        elif ch in _WIDE:
            em = 1.0
        elif ch in _SYMBOLS:
            em = 0.84
        elif ch.isupper():
            em = 0.76
        elif ch.isascii():
            em = 0.64
        elif unicodedata.east_asian_width(ch) in {"W", "F"}:
            em = 1.05
        else:
            em = 0.8
        total += em
    return total * size * 1.03


@dataclass
class Placement:
    """Positions (points) and sizes of a diagram's nodes."""

    pos: dict[Hashable, tuple[float, float]]
    """Centre of each node's shape."""
    width: dict[Hashable, float]
    """Width of each node's shape."""
    height: dict[Hashable, float]
    """Height of each node's shape."""
    extents: dict[Hashable, tuple[float, float]]
    """How far each node's drawing (shape and side texts) reaches left and right."""
    xmin: float
    xmax: float
    ymin: float
    ymax: float
    level_sep: float
    badges: dict[Hashable, tuple[float, float, float]] = field(default_factory=dict)
    """For a node drawn as a board (then ``width`` and ``height`` are the board's):
    the horizontal offset from the board's centre, width and height of its shape,
    which sits left of the board and holds the value."""

    def left(self, node: Hashable) -> float:
        """How far left of its centre a node's shape (or the shape beside its board) reaches."""
        badge = self.badges.get(node)
        if badge is None:
            return self.width[node] / 2
        return -badge[0] + badge[1] / 2

    orientation: str = "top-down"
    level_extra: float = 0.0
    """The part of :attr:`level_sep` made for move labels and a second row of leaves."""
    rows: dict[Hashable, int] = field(default_factory=dict)
    """The row of each staggered node below the first (see ``stagger``)."""
    drop: float = 0.0
    """Distance between staggered rows."""
    band: float = 0.0
    """Distance between the move labels of edges into different rows."""

    def ends(
        self, u: Hashable, v: Hashable, unit: float = 1.0
    ) -> tuple[tuple[float, float], tuple[float, float]]:
        """Where the edge ``u -> v`` is drawn: from the parent's shape to the child's.

        Top-down, from the bottom of the parent's shape to the top of the child's;
        left-right, from the right end of the parent's drawing to the left end of the
        child's (past the side texts). ``unit`` is points per coordinate unit.
        """
        (x0, y0), (x1, y1) = self.pos[u], self.pos[v]
        if self.orientation == "left-right":
            return (x0 + self.extents[u][1] / unit, y0), (x1 - self.extents[v][0] / unit, y1)
        return (x0, y0 - self.height[u] / 2 / unit), (x1, y1 + self.height[v] / 2 / unit)

    def move_at(self, u: Hashable, v: Hashable, unit: float = 1.0) -> tuple[float, float]:
        """Where the move label of ``u -> v`` sits: :data:`MOVE_AT` of the way along.

        An edge into a lower, staggered row keeps its label one text line below the
        labels of the row above, clear of that row's nodes, rather than further down.
        """
        return self._along(u, v, MOVE_AT, unit, self.band)

    def cut_at(self, u: Hashable, v: Hashable, unit: float = 1.0) -> tuple[float, float]:
        """Where the cut mark of ``u -> v`` sits: :data:`CUT_AT` of the way along (an
        edge into a lower, staggered row: as far down as into the first row)."""
        return self._along(u, v, CUT_AT, unit, 0.0)

    def _along(
        self, u: Hashable, v: Hashable, at: float, unit: float, band: float
    ) -> tuple[float, float]:
        (x0, y0), (x1, y1) = self.ends(u, v, unit)
        row = self.rows.get(v, 0)
        span = y0 - y1
        if not row or span <= 0:
            return x0 + at * (x1 - x0), y0 + at * (y1 - y0)
        down = at * (span - row * self.drop / unit) + row * band / unit
        t = min(down / span, at)
        return x0 + t * (x1 - x0), y0 - t * span


def shape_size(
    node: DrawnNode, font_size: float, node_size: float, leaf_size: float
) -> tuple[float, float]:
    """Return the (width, height) in points of a node's shape, fitted to its value text."""
    w = text_width(node.value, font_size) if node.value else 0.0
    if node.kind == "MORE":
        return w + 4.0, font_size
    if node.kind == "STUB":
        side = max(leaf_size, (w + 6.5) / 0.68)
        return side, side * 0.866
    if node.kind == "LEAF":
        return max(leaf_size, w + 6.0), leaf_size
    if node.kind == "CHANCE":
        d = max(node_size * 0.9, w + 7.0)
        return d, d
    # An equilateral triangle: the text sits at its widest part, near the base.
    side = max(node_size, (w + 6.5) / 0.68)
    return side, side * 0.866


def value_offset(node: DrawnNode, height: float) -> float:
    """Vertical offset (points) of the value text from the shape's centre."""
    if node.kind in {"MAX", "STUB"}:
        return -0.17 * height
    if node.kind == "MIN":
        return 0.17 * height
    return 0.0


def place(d: Diagram) -> Placement:
    """Measure every node of ``d`` and lay the diagram out in points.

    A diagram with a page to fit (``d.fit``) is first fitted to it (see
    :func:`gametree.drawing.fit.fit_placement`, which changes ``d`` accordingly).
    """
    if d.fit is not None:
        from gametree.drawing.fit import fit_placement

        return fit_placement(d)
    st = d.style
    big = float(st["font_size"])
    small = float(st["small_font_size"])
    width: dict[Hashable, float] = {}
    height: dict[Hashable, float] = {}
    extents: dict[Hashable, tuple[float, float]] = {}
    sides: dict[Hashable, tuple[float, float]] = {}
    move_width: dict[Hashable, float] = {}
    for e in d.edges:
        if e.move:
            move_width[e.v] = max(move_width.get(e.v, 0.0), text_width(e.move, small))
    # One size per kind of shape, fitted to the widest value it holds: a tidy figure
    # (unless fitting a page asks each shape to take only the room its value needs).
    sizes: dict[Any, tuple[float, float]] = {}
    uniform = bool(st["uniform_shapes"])
    for n in d.nodes:
        w, h = shape_size(n, big, float(st["node_size"]), float(st["leaf_size"]))
        key = n.kind if uniform else n.node
        old_w, old_h = sizes.get(key, (0.0, 0.0))
        sizes[key] = (max(w, old_w), max(h, old_h))
    badges: dict[Hashable, tuple[float, float, float]] = {}
    for n in d.nodes:
        w, h = sizes[n.kind if uniform else n.node]
        if n.board is not None:
            # The board is the node (edges meet it); its shape stands at its left.
            badges[n.node] = (-(n.board.width / 2 + GAP + w / 2), w, h)
            w, h = n.board.width, n.board.height
        width[n.node], height[n.node] = w, h
        left = w / 2 + (GAP + badges[n.node][1] if n.node in badges else 0.0)
        for text in (n.name, n.order):
            if text:
                left += GAP + text_width(text, small)
        right = w / 2 + (GAP + text_width(n.bounds, small) if n.bounds else 0.0)
        sides[n.node] = (left, right)
        if n.node in move_width:
            # Labels of sibling edges sit MOVE_AT of the way down: keep them apart too.
            reach = (move_width[n.node] / 2 + 2.0) / MOVE_AT
            left, right = max(left, reach), max(right, reach)
        extents[n.node] = (left, right)
    # How far each node's drawing reaches up and down: its shape (or board, or the shape
    # beside its board), or a taller side text of several lines, centred on it.
    tall = {
        n.node: max(
            height[n.node],
            badges[n.node][2] if n.node in badges else 0.0,
            *(_lines(t) * 1.25 * small for t in (n.name, n.order, n.bounds)),
        )
        for n in d.nodes
    }
    tallest = max(tall.values()) if tall else 0.0
    level_sep = max(float(st["level_sep"]), tallest + 2.2 * small + 12.0)
    core = level_sep
    if move_width:
        level_sep += 2.5 * small
    if d.orientation == "left-right":
        return _place_left_right(d, width, height, sides, tall, move_width, badges)
    full = dict(extents)
    rows = _leaf_rows(d, extents, int(st["stagger"]), inner=bool(st["stagger_inner"]))
    # Each further row sits below the one above's boxes and the texts beside them, and
    # the levels below make room.
    drop = max((tall[n] for n in rows), default=0.0) + 1.3 * small + GAP
    below: dict[int, float] = {}
    for n in d.nodes:
        if n.node in rows:
            below[n.depth] = max(below.get(n.depth, 0.0), drop * rows[n.node])
    pos = tree_layout(
        d.graph,
        root=d.root,
        sibling_sep=float(st["sibling_sep"]),
        subtree_sep=float(st["subtree_sep"]),
        level_sep=level_sep,
        extents=extents,
    )
    if rows:
        pushed = [0.0] * (max(n.depth for n in d.nodes) + 2)
        for depth in range(1, len(pushed)):
            pushed[depth] = pushed[depth - 1] + below.get(depth - 1, 0.0)
        for n in d.nodes:
            x, y = pos[n.node]
            pos[n.node] = (x, y - pushed[n.depth] - drop * rows.get(n.node, 0))
    extents = full
    xs_left = [pos[n][0] - extents[n][0] for n in pos]
    xs_right = [pos[n][0] + extents[n][1] for n in pos]
    ys_top = [pos[n][1] + tall[n] / 2 for n in pos]
    ys_bottom = [pos[n][1] - tall[n] / 2 for n in pos]
    return Placement(
        pos=pos,
        width=width,
        height=height,
        extents=extents,
        xmin=min(xs_left),
        xmax=max(xs_right),
        ymin=min(ys_bottom),
        ymax=max(ys_top),
        level_sep=level_sep,
        badges=badges,
        level_extra=level_sep - core,
        rows=rows,
        drop=drop,
        band=1.3 * small,
    )


def _lines(text: str) -> int:
    return text.count("\n") + 1 if text else 0


def _leaf_rows(
    d: Diagram, extents: dict[Hashable, tuple[float, float]], rows: int, *, inner: bool
) -> dict[Hashable, int]:
    """Stagger runs of adjacent leaves over ``rows`` rows; return the lower ones' rows.

    Leaf ``i`` of a run goes to row ``i % rows``, so leaves ``i`` and ``i + rows`` share
    a row, GAP apart, and the others fit between them: the inner sides of each leaf's
    room (``extents``, changed here) shrink to match. With ``inner``, the inner nodes of
    levels of at least :data:`CROWDED` nodes alternate too, over two rows. Trees only:
    in a DAG, preorder is not the left-to-right order of a level.
    """
    if rows < 2 or any(len(d.graph._pred[n.node]) > 1 for n in d.nodes):
        return {}
    sep = float(d.style["sibling_sep"])
    levels: dict[int, list[DrawnNode]] = {}
    for n in d.nodes:
        levels.setdefault(n.depth, []).append(n)
    lower: dict[Hashable, int] = {}
    for level in levels.values():
        crowded = inner and len(level) >= CROWDED
        run: list[DrawnNode] = []
        for m in [*level, None]:
            if m is not None and (crowded or m.kind in {"LEAF", "STUB"}):
                run.append(m)
                continue
            k = rows if all(m.kind in {"LEAF", "STUB"} for m in run) else 2
            if len(run) > k:
                side = (max(sum(extents[m.node]) for m in run) + GAP) / (2 * k) - sep / 2
                for i, m in enumerate(run):
                    # Only the inner sides: a run's ends keep room for their neighbours
                    # that are not leaves.
                    left, right = extents[m.node]
                    left = side if i else left
                    right = side if i < len(run) - 1 else right
                    extents[m.node] = (left, right)
                    if i % k:
                        lower[m.node] = i % k
            run = []
    return lower


def _place_left_right(
    d: Diagram,
    width: dict[Hashable, float],
    height: dict[Hashable, float],
    side: dict[Hashable, tuple[float, float]],
    tall: dict[Hashable, float],
    move_width: dict[Hashable, float],
    badges: dict[Hashable, tuple[float, float, float]],
) -> Placement:
    """Lay the tree out growing to the right: levels are columns, siblings stacked.

    ``side`` is how far each node's shape and texts reach left and right; move labels
    sit on the edges, so the columns make room for them.
    """
    st = d.style
    big = float(st["font_size"])
    # Rows across: each node takes its drawing's height (and a line of text).
    across = {n: (max(tall[n], big * 1.3) / 2,) * 2 for n in tall}
    longest = max(left + right for left, right in side.values())
    moves = max(move_width.values(), default=0.0)
    column = max(float(st["level_sep"]), longest + moves + 6 * GAP + 24.0)
    pos = tree_layout(
        d.graph,
        root=d.root,
        sibling_sep=float(st["sibling_sep"]) / 2,
        subtree_sep=float(st["subtree_sep"]) / 2,
        level_sep=column,
        extents=across,
    )
    placed = {n: (-y, -x) for n, (x, y) in pos.items()}
    return Placement(
        pos=placed,
        width=width,
        height=height,
        extents=side,
        xmin=min(placed[n][0] - side[n][0] for n in placed),
        xmax=max(placed[n][0] + side[n][1] for n in placed),
        ymin=min(placed[n][1] - across[n][0] for n in placed),
        ymax=max(placed[n][1] + across[n][1] for n in placed),
        level_sep=column,
        badges=badges,
        orientation="left-right",
    )
