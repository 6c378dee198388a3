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

from gametree.drawing.layout import tree_layout
from gametree.drawing.style import Diagram, DrawnNode

__all__ = ["Placement", "place", "text_width"]

GAP = 3.0
"""Points between a shape and the texts beside it."""

MOVE_AT = 0.42
"""Where along an edge (from the parent) its move label sits."""

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

    A slight over-estimate, so that texts placed with it do not touch.

    >>> round(text_width("12", 10), 1)
    13.2
    """
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


def shape_size(
    node: DrawnNode, font_size: float, node_size: float, leaf_size: float
) -> tuple[float, float]:
    """Return the (width, height) in points of a node's shape, fitted to its value text."""
    w = text_width(node.value, font_size) if node.value else 0.0
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
    if node.kind == "MAX":
        return -0.17 * height
    if node.kind == "MIN":
        return 0.17 * height
    return 0.0


def place(d: Diagram) -> Placement:
    """Measure every node of ``d`` and lay the diagram out in points."""
    st = d.style
    big = float(st["font_size"])
    small = float(st["small_font_size"])
    width: dict[Hashable, float] = {}
    height: dict[Hashable, float] = {}
    extents: dict[Hashable, tuple[float, float]] = {}
    move_width: dict[Hashable, float] = {}
    for e in d.edges:
        if e.move:
            move_width[e.v] = max(move_width.get(e.v, 0.0), text_width(e.move, small))
    # One size per kind of shape, fitted to the widest value it holds: a tidy figure.
    sizes: dict[str, tuple[float, float]] = {}
    for n in d.nodes:
        w, h = shape_size(n, big, float(st["node_size"]), float(st["leaf_size"]))
        old_w, old_h = sizes.get(n.kind, (0.0, 0.0))
        sizes[n.kind] = (max(w, old_w), max(h, old_h))
    badges: dict[Hashable, tuple[float, float, float]] = {}
    for n in d.nodes:
        w, h = sizes[n.kind]
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
        if n.node in move_width:
            # Labels of sibling edges sit MOVE_AT of the way down: keep them apart too.
            reach = (move_width[n.node] / 2 + 2.0) / MOVE_AT
            left, right = max(left, reach), max(right, reach)
        extents[n.node] = (left, right)
    tallest = max(height.values()) if height else 0.0
    level_sep = max(float(st["level_sep"]), tallest + 2.2 * small + 12.0)
    if move_width:
        level_sep += 2.5 * small
    pos = tree_layout(
        d.graph,
        root=d.root,
        sibling_sep=float(st["sibling_sep"]),
        subtree_sep=float(st["subtree_sep"]),
        level_sep=level_sep,
        extents=extents,
    )
    xs_left = [pos[n][0] - extents[n][0] for n in pos]
    xs_right = [pos[n][0] + extents[n][1] for n in pos]
    tall = {n: max(height[n], badges[n][2] if n in badges else 0.0) for n in pos}
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
    )
