"""Where each text of a diagram goes: values, names, windows, visit order, moves, counts.

Every emitter writes the texts :func:`node_texts` and :func:`move_text` place, at the
same points, so a label sits in the same spot in the PNG, the SVG, the TikZ, the DOT and
the page. Positions are points with y up; each :class:`Text` has an anchor (its start,
middle or end) on its alphabetic baseline, so its ink box is known from its font metrics.

The slots around a node's shape:

- the value inside the shape (a bare leaf is its value);
- the name at the left, tucked beside the narrow half of a triangle (beside the apex of
  a MAX node, below the incoming edge; beside the lower point of a MIN node, above its
  outgoing edges), so that it takes little room across; under a bare leaf of the
  deepest level (exam papers write leaves in one row with their names beneath);
- the visit order (and node type) left of the name, or under it below a bare leaf;
- the window ``[alpha, beta]`` at the right, as is the count of nodes a stub hides;
- the move on the edge into the node, in a white box.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gametree.drawing.metrics import text_ascent, text_descent, text_width
from gametree.drawing.shapes import BARE, BARE_PAD, half_width_at, value_offset

__all__ = ["GAP", "MOVE_AT", "Text", "centred_baseline", "move_text", "node_texts"]

GAP = 3.0
"""Points between a shape and the texts beside it."""

MOVE_AT = 0.42
"""Where along an edge (from the parent) its move label sits."""

TUCK = 1.7
"""Points between a tucked name and the level of the apex it sits beside."""

TUCK_GAP = 2.5
"""Points across between a tucked name and the slanted side beside it."""

LINE = 1.25
"""Line height of stacked texts (under a bare leaf), in ems."""

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Text:
    """One label: what it says, where its anchor is, and how it is set."""

    slot: str
    """``"value"``, ``"name"``, ``"order"``, ``"bounds"``, ``"move"`` or ``"count"``."""
    key: Any
    """The node it belongs to, or the edge ``(u, v)`` for a move."""
    text: str
    x: float
    baseline: float
    anchor: str
    """``"start"``, ``"middle"`` or ``"end"`` of the text at ``x``."""
    size: float
    color: str = "black"
    bold: bool = False
    italic: bool = False
    boxed: bool = False
    """Drawn on a white box (a move label over its edge)."""

    # Measured once, kept in the instance (a cached_property takes a lock on every read
    # on Python 3.11: a placement of 10,000 nodes reads these half a million times).
    @property
    def width(self) -> float:
        found: float | None = self.__dict__.get("_width")
        if found is None:
            found = text_width(self.text, self.size, bold=self.bold)
            self.__dict__["_width"] = found
        return found

    def box(self) -> Box:
        """The ink's box ``(x0, y0, x1, y1)``: the advance across, ascent to descent."""
        found: Box | None = self.__dict__.get("_ink")
        if found is None:
            w = self.width
            x0 = self.x - {"start": 0.0, "end": w}.get(self.anchor, w / 2)
            found = (
                x0,
                self.baseline - text_descent(self.text, self.size),
                x0 + w,
                self.baseline + text_ascent(self.text, self.size),
            )
            self.__dict__["_ink"] = found
        return found

    def moved(self, dx: float, dy: float) -> Text:
        """The same text ``dx``, ``dy`` points away (its measured width kept)."""
        fields = dict(self.__dict__)
        fields.pop("_ink", None)
        fields["x"] = self.x + dx
        fields["baseline"] = self.baseline + dy
        # A frozen dataclass's __init__ sets each field through object.__setattr__:
        # placing a large tree moves tens of thousands of texts, each round.
        moved = object.__new__(Text)
        object.__setattr__(moved, "__dict__", fields)
        return moved


def one_line(text: str) -> str:
    """A label on one line (every back end writes labels so; SVG would anyway)."""
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text


def centred_baseline(size: float) -> float:
    """The baseline, relative to a point, of a one-line text centred on it: digits' and
    capitals' ink (0 to 0.74 em) is then centred on the point."""
    return -0.37 * size


def node_texts(
    n: Any,
    kind: str,
    w: float,
    h: float,
    st: Mapping[str, Any],
    *,
    badge: tuple[float, float, float] | None = None,
    below: bool = False,
    tuck: bool = True,
) -> list[Text]:
    """The texts of a drawn node, relative to its centre.

    ``kind`` is the shape drawn (``BARE`` for a leaf drawn as its value), ``w`` and
    ``h`` its size, ``badge`` the offset and size of the shape beside a board, and
    ``below`` puts a bare leaf's name and visit order under it; ``tuck`` puts a
    triangle's name beside its narrow half (top-down drawings; a drawing growing to the
    right keeps names at the middle of the left side, where no edge passes).
    """
    big = float(st["font_size"])
    small = float(st["small_font_size"])
    out: list[Text] = []
    value, name, order, bounds = (one_line(t) for t in (n.value, n.name, n.order, n.bounds))
    vx, sw, sh = 0.0, w, h
    if badge is not None:
        vx, sw, sh = badge
    if value:
        if kind == BARE:
            base = -h / 2 + BARE_PAD
        else:
            base = value_offset(kind, sh, big) + centred_baseline(big)
        bold = (n.pv and n.kind != "LEAF") or (kind == BARE and n.pv)
        out.append(Text("value", n.node, value, vx, base, "middle", big, n.text_color, bold))
    name_color = n.text_color if n.status else str(st["name_color"])
    if below and kind == BARE:
        top = -h / 2 - 1.0
        for slot, text, color, italic in (
            ("name", name, name_color, True),
            ("order", order, str(st["order_color"]), False),
        ):
            if text:
                base = top - text_ascent(text, small)
                out.append(Text(slot, n.node, text, 0.0, base, "middle", small, color,
                                italic=italic))  # fmt: skip
                top = base - text_descent(text, small) - 0.5
    else:
        left, base = _name_spot(name or order, kind if tuck else "", sw, sh, small, badge)
        for slot, text, color, italic in (
            ("name", name, name_color, True),
            ("order", order, str(st["order_color"]), False),
        ):
            if text:
                out.append(Text(slot, n.node, text, left, base, "end", small, color,
                                italic=italic))  # fmt: skip
                left -= text_width(text, small) + GAP
    right = w / 2 + GAP  # of the shape, or of the board
    if bounds:
        color = n.text_color if n.status != "visited" else str(st["bounds_color"])
        out.append(Text("bounds", n.node, bounds, right, centred_baseline(small), "start",
                        small, color))  # fmt: skip
    if n.kind == "STUB" and n.hidden:
        count = f"({n.hidden} node{'' if n.hidden == 1 else 's'})"
        out.append(Text("count", n.node, count, right, centred_baseline(small), "start",
                        small, n.text_color, italic=True))  # fmt: skip
    return out


def _name_spot(
    text: str,
    kind: str,
    w: float,
    h: float,
    small: float,
    badge: tuple[float, float, float] | None,
) -> tuple[float, float]:
    """Where the name ends (its right end) and its baseline, relative to the centre."""
    if badge is not None:
        dx, bw, _ = badge
        return dx - bw / 2 - GAP, centred_baseline(small)
    tall = text_ascent(text, small) + text_descent(text, small)
    if kind in {"MAX", "MIN"} and h >= tall + 2.0:
        if kind == "MAX":
            # Just below the apex, where the incoming edge ends: clear of it (and of a
            # bold, nearly flat edge's ink).
            top = h / 2 - TUCK
            bottom = top - tall
            reach = half_width_at(kind, w, h, bottom)
        else:
            bottom = -h / 2 + TUCK
            top = bottom + tall
            reach = half_width_at(kind, w, h, top)
        return -reach - TUCK_GAP, bottom + text_descent(text, small)
    return -w / 2 - GAP, centred_baseline(small)


def move_text(edge: Any, at: tuple[float, float], st: Mapping[str, Any]) -> Text:
    """The move label of ``edge`` centred at ``at``."""
    small = float(st["small_font_size"])
    base = at[1] + centred_baseline(small)
    key = (edge.u, edge.v)
    return Text("move", key, one_line(edge.move), at[0], base, "middle", small,
                str(st["move_color"]), boxed=True)  # fmt: skip


def reach(texts: list[Text], w: float, h: float) -> tuple[float, float, float, float]:
    """How far a node's shape and texts reach (left, right, up, down) from its centre."""
    left, right, up, down = w / 2, w / 2, h / 2, h / 2
    for t in texts:
        x0, y0, x1, y1 = t.box()
        left, right = max(left, -x0), max(right, x1)
        up, down = max(up, y1), max(down, -y0)
    return left, right, up, down
