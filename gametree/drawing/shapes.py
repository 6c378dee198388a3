"""The shape of each kind of node: its size, fitted to its value, and its outline.

MAX nodes are upward triangles, MIN nodes downward triangles, CHANCE nodes circles,
leaves boxes holding their value (or, in a crowded fitted drawing, the bare value: see
:data:`BARE`), a view's pruned stub a greyed triangle and its ellipsis a bare ``…``.
Every emitter draws these outlines, so the shapes are the same in each back end.
"""

from __future__ import annotations

import math

from gametree.drawing.metrics import ASCENT, text_width

__all__ = ["BARE", "LEAVES", "TRIANGLES", "shape_outline", "shape_size", "value_offset"]

LEAVES = frozenset({"LEAF", "STUB", "MORE"})
"""Kinds drawn at the end of a branch: leaves and a view's stand-ins."""

TRIANGLES = frozenset({"MAX", "MIN", "STUB"})

BARE = "BARE"
"""The kind of a leaf drawn as its bare value, without a box (exam papers and Russell &
Norvig draw leaves so): its "shape" is the value's ink with a little room around it."""

BARE_PAD = 2.5
"""Points between a bare value's ink and the end of the edge that reaches it (a bold
edge's round cap reaches half its width further)."""

SIN60 = math.sqrt(3) / 2

SIDE_PAD = 1.8
"""Points of white between a value's ink and a triangle's slanted sides."""

WIDE_PAD = 2.5
"""Points between a triangle's wide side and its value's ink."""


def shape_size(
    kind: str, value: str, font_size: float, node_size: float, leaf_size: float
) -> tuple[float, float]:
    """Return the (width, height) in points of a node's shape, fitted to its value text.

    >>> [round(x, 1) for x in shape_size("LEAF", "12", 10, 28, 18)]
    [18.8, 18]
    >>> [round(x, 1) for x in shape_size("MIN", "≤−10", 7, 19.6, 12.6)]
    [34.1, 29.5]
    >>> [round(x, 1) for x in shape_size("BARE", "12", 10, 28, 18)]
    [12.8, 12.7]
    """
    w = text_width(value, font_size) if value else 0.0
    if kind == BARE:
        return w, ASCENT * font_size + 2 * BARE_PAD
    if kind == "MORE":
        return w + 4.0, font_size
    if kind == "STUB":
        side = leaf_size
        return side, side * 0.866
    if kind == "LEAF":
        return max(leaf_size, w + 6.0), leaf_size
    if kind == "CHANCE":
        d = max(node_size * 0.9, w + 7.0)
        return d, d
    # An equilateral triangle, the value near its wide side: as wide as the value, its
    # room at the side (SIDE_PAD across the slanted sides) and what the triangle loses
    # between its wide side and the far edge of the value's ink.
    ink = ASCENT * font_size + WIDE_PAD
    side = max(node_size, w + 2 * SIDE_PAD / SIN60 + ink / SIN60)
    return side, side * SIN60


def value_offset(kind: str, height: float, font_size: float) -> float:
    """Vertical offset (points, up) of the centre of the value's ink from the shape's
    centre: in a triangle, :data:`WIDE_PAD` below (MAX) or above (MIN) its wide side."""
    inset = height / 2 - WIDE_PAD - ASCENT * font_size / 2
    if kind in {"MAX", "STUB"}:
        return -max(0.0, inset)
    if kind == "MIN":
        return max(0.0, inset)
    return 0.0


def half_width_at(kind: str, w: float, h: float, y: float) -> float:
    """Half the width of a shape at height ``y`` above its centre (triangles narrow
    towards their apex; other shapes are taken as their box)."""
    if kind in {"MAX", "STUB"}:
        return max(0.0, min(w / 2, w / 2 * (h / 2 - y) / h))
    if kind == "MIN":
        return max(0.0, min(w / 2, w / 2 * (y + h / 2) / h))
    return w / 2


def shape_outline(kind: str, w: float, h: float) -> list[tuple[float, float]]:
    """Vertices (points around the centre, y up) of a node's shape; empty for a bare value.

    >>> shape_outline("MAX", 2.0, 2.0)
    [(0.0, 1.0), (-1.0, -1.0), (1.0, -1.0)]
    """
    if kind in {"MAX", "STUB"}:
        return [(0.0, h / 2), (-w / 2, -h / 2), (w / 2, -h / 2)]
    if kind == "MIN":
        return [(-w / 2, h / 2), (w / 2, h / 2), (0.0, -h / 2)]
    if kind == "CHANCE":
        r = w / 2
        return [
            (r * math.cos(2 * math.pi * i / 40), r * math.sin(2 * math.pi * i / 40))
            for i in range(40)
        ]
    if kind in {BARE, "MORE"}:
        return []
    return [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
