"""What a drawn answer key looks like, read back from each back end's own output.

Used by the drawing tests and by ``tests/benchmarks/measure_keys.py``. A reader takes one
back end's output (matplotlib artists, the SVG of ``to_svg``, the TikZ of ``to_tikz``,
the forest tree of ``to_forest``, the SVG that Graphviz renders from ``to_dot``) and
returns a :class:`Geometry` in
points, y up: every edge segment with its dash style, every cut-mark stroke, and the
ink box of every node label (value, name, bounds, visit order, move, stub count).
:func:`audit` then counts what a reader of the key could misread:

- cut-mark strokes that cross or come within ``clearance`` points of an edge that was
  not pruned (the issue's measure), of any edge but their own, or of a label;
- labels crossed by an edge (their own edge excepted for move labels, which sit on it
  in a white box) and labels overlapping another label.

Text boxes are ink boxes: glyph outlines of DejaVu Sans (matplotlib's font, the one the
PNG, the SVG and Graphviz use) at the size the output declares, placed at its anchor.
TikZ typesets in Computer Modern Sans, narrower than DejaVu Sans, so its boxes here are
a little larger than on paper (the check errs on the strict side). Nothing here comes
from gametree's own geometry code: it is an independent reading of what was drawn.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

Point = tuple[float, float]
Segment = tuple[Point, Point]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass
class Edge:
    seg: Segment
    pruned: bool
    width: float = 1.0
    key: str = ""


@dataclass
class Label:
    kind: str  # value, name, bounds, order, move, count
    text: str
    box: Box
    key: str = ""  # for a move label: the key of its edge


@dataclass
class Geometry:
    edges: list[Edge] = field(default_factory=list)
    strokes: list[Segment] = field(default_factory=list)
    stroke_width: float = 1.6
    labels: list[Label] = field(default_factory=list)


# ---------------------------------------------------------------- distances


def _point_segment(p: Point, s: Segment) -> float:
    (x0, y0), (x1, y1) = s
    dx, dy = x1 - x0, y1 - y0
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - x0) * dx + (p[1] - y0) * dy) / length2))
    return math.hypot(p[0] - (x0 + t * dx), p[1] - (y0 + t * dy))


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _intersect(s: Segment, t: Segment) -> bool:
    a, b = s
    c, d = t
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0) and d1 * d2 < 0 and d3 * d4 < 0


def segment_distance(s: Segment, t: Segment) -> float:
    """Distance between two segments (0 when they cross)."""
    if _intersect(s, t):
        return 0.0
    return min(
        _point_segment(s[0], t), _point_segment(s[1], t),
        _point_segment(t[0], s), _point_segment(t[1], s),
    )  # fmt: skip


def box_distance(s: Segment, box: Box) -> float:
    """Distance between a segment and an axis-aligned box (0 when it enters the box)."""
    x0, y0, x1, y1 = box
    for p in s:
        if x0 <= p[0] <= x1 and y0 <= p[1] <= y1:
            return 0.0
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    sides = [(corners[i], corners[(i + 1) % 4]) for i in range(4)]
    return min(segment_distance(s, side) for side in sides)


def boxes_overlap(a: Box, b: Box, slack: float = 0.0) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


# ---------------------------------------------------------------- text ink


@lru_cache(maxsize=4096)
def _ink(text: str, bold: bool, italic: bool) -> tuple[float, float, float, float, float]:
    """(ink x0, x1, y0, y1, advance) of ``text`` at size 1, origin at the left baseline."""
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextPath

    prop = FontProperties(
        family="DejaVu Sans",
        weight="bold" if bold else "normal",
        style="italic" if italic else "normal",
    )
    if not text.strip():
        return (0.0, 0.0, 0.0, 0.0, 0.0)
    verts = TextPath((0, 0), text, size=100, prop=prop).vertices
    return (
        float(verts[:, 0].min()) / 100,
        float(verts[:, 0].max()) / 100,
        float(verts[:, 1].min()) / 100,
        float(verts[:, 1].max()) / 100,
        _advance(text, bold, italic),
    )


@lru_cache(maxsize=4096)
def _advance(text: str, bold: bool, italic: bool) -> float:
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import TextToPath

    prop = FontProperties(
        family="DejaVu Sans",
        weight="bold" if bold else "normal",
        style="italic" if italic else "normal",
        size=100,
    )
    width, _, _ = TextToPath().get_text_width_height_descent(text, prop, ismath=False)
    return float(width) / 100


CENTRAL = 0.346
"""Where SVG's ``dominant-baseline="central"`` puts the alphabetic baseline, in ems
below ``y``: half of DejaVu Sans' ascent (0.928) minus descent (0.236)."""


def ink_box(
    text: str,
    size: float,
    x: float,
    baseline: float,
    anchor: str = "middle",
    *,
    bold: bool = False,
    italic: bool = False,
) -> Box:
    """The ink box (y up) of ``text`` at ``size`` points drawn from ``x`` (start, middle
    or end of its advance) on the alphabetic ``baseline``."""
    lines = text.split("\n")
    if len(lines) > 1:
        boxes = [
            ink_box(line, size, x, baseline - i * 1.2 * size, anchor, bold=bold, italic=italic)
            for i, line in enumerate(lines)
        ]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[2] for b in boxes), max(b[3] for b in boxes))  # fmt: skip
    x0, x1, y0, y1, advance = _ink(text, bold, italic)
    left = {"start": 0.0, "end": -advance}.get(anchor, -advance / 2) * size
    return (x + left + x0 * size, baseline + y0 * size, x + left + x1 * size, baseline + y1 * size)


# ---------------------------------------------------------------- matplotlib


def read_mpl(artists: Any) -> Geometry:
    """The geometry of :func:`gametree.draw`'s artists, in data units (points on its
    own figure), read from the collections and the rendered texts."""
    import numpy as np

    ax = artists.ax
    fig = artists.figure
    renderer = fig.canvas.get_renderer()
    to_data = ax.transData.inverted()
    geom = Geometry()
    segments = artists.edges.get_segments()
    styles = artists.edges.get_linestyles()
    widths = artists.edges.get_linewidths()
    for i, seg in enumerate(segments):
        _, dashes = styles[i % len(styles)]
        # Pruned edges are dashed (4 on, 2.5 off), unreached ones dotted (1 on, 2 off).
        pruned = dashes is not None and len(dashes) == 2 and dashes[0] > dashes[1]
        geom.edges.append(
            Edge(((float(seg[0][0]), float(seg[0][1])), (float(seg[1][0]), float(seg[1][1]))),
                 bool(pruned),
                 float(widths[i % len(widths)]), key=str(i))
        )  # fmt: skip
    cuts = artists.cut_marks
    offsets = cuts.get_offsets()
    # Each stroke is in points around its offset (data units); on an own figure one data
    # unit is one point, on a caller's axes convert through the display.
    trans = cuts.get_transform()
    for path, off in zip(cuts.get_paths(), offsets, strict=False):
        ends = trans.transform(path.vertices) - trans.transform(np.zeros((1, 2)))
        base = ax.transData.transform(np.asarray(off).reshape(1, 2))
        points = to_data.transform(ends + base)
        geom.strokes.append(
            (
                (float(points[0][0]), float(points[0][1])),
                (float(points[-1][0]), float(points[-1][1])),
            )
        )
    if len(cuts.get_linewidths()):
        geom.stroke_width = float(cuts.get_linewidths()[0])
    groups = (("value", artists.values), ("name", artists.names), ("bounds", artists.bounds),
              ("order", artists.order), ("move", artists.moves),
              ("count", getattr(artists, "counts", {}) or {}))  # fmt: skip
    dpi = fig.dpi
    for kind, group in groups:
        for key, text in group.items():
            content = text.get_text()
            if not content:
                continue
            box = text.get_window_extent(renderer)
            # Where matplotlib put the first line's baseline, whatever the alignment.
            _, info, _ = text._get_layout(renderer)
            anchor = ax.transData.transform(text.get_position())
            # A line is (text, (width, ascent, descent), (x, y)) since matplotlib 3.8,
            # (text, (width, height), x, y) before: y is the last number either way.
            baseline_px = anchor[1] + float(np.ravel(info[0][2:])[-1])
            prop = text.get_fontproperties()
            bold = prop.get_weight() in ("bold", 700)
            italic = prop.get_style() == "italic"
            left = to_data.transform((box.x0, baseline_px))
            right = to_data.transform((box.x1, baseline_px))
            size = (
                text.get_fontsize() * (right[0] - left[0]) / max(box.x1 - box.x0, 1e-9) * dpi / 72
            )
            ink = ink_box(content, float(size), float(left[0]), float(left[1]), "start",
                          bold=bold, italic=italic)  # fmt: skip
            edge_key = str(key) if kind == "move" else ""
            geom.labels.append(Label(kind, content, ink, key=edge_key))
    return geom


# ---------------------------------------------------------------- our SVG


def _strip_ns(root: ET.Element) -> None:
    for el in root.iter():
        if isinstance(el.tag, str) and "}" in el.tag:
            el.tag = el.tag.split("}", 1)[1]


_SVG_KINDS = {"value": "value", "name": "name", "bounds": "bounds", "order": "order",
              "move": "move", "count": "count"}  # fmt: skip


def read_svg(svg: str) -> Geometry:
    """The geometry of :func:`gametree.to_svg` (viewBox units are points; y flipped)."""
    root = ET.fromstring(svg)
    _strip_ns(root)
    geom = Geometry()
    height = float(root.get("viewBox", "0 0 0 0").split()[3])

    def pt(x: str | None, y: str | None) -> Point:
        return float(x or 0), height - float(y or 0)

    for g in root.iter("g"):
        gid = g.get("id") or ""
        if re.fullmatch(r"(x\d+-)?e\d+", gid):
            line = g.find("line[@class='stroke']")
            if line is None:
                continue
            seg = (pt(line.get("x1"), line.get("y1")), pt(line.get("x2"), line.get("y2")))
            dash = line.get("stroke-dasharray") or ""
            pruned = g.get("data-status") == "pruned" or dash.startswith("4")
            geom.edges.append(Edge(seg, pruned, float(line.get("stroke-width") or 1), key=gid))
            for cut in g.iter("g"):
                if (
                    "cut" not in (cut.get("class") or "").split()
                    or cut.get("visibility") == "hidden"
                ):
                    continue
                geom.stroke_width = float(cut.get("stroke-width") or 1.6)
                for s in cut.iter("line"):
                    geom.strokes.append(
                        (pt(s.get("x1"), s.get("y1")), pt(s.get("x2"), s.get("y2")))
                    )
            for text in g.iter("text"):
                if "move" in (text.get("class") or "") and (text.text or "").strip():
                    geom.labels.append(_svg_label(text, "move", height, key=gid))
        elif re.fullmatch(r"(x\d+-)?n\d+", gid):
            for text in g.iter("text"):
                kind = _SVG_KINDS.get((text.get("class") or "").split(" ")[0])
                if kind and (text.text or "").strip():
                    geom.labels.append(_svg_label(text, kind, height))
    return geom


def _svg_label(text: ET.Element, kind: str, height: float, key: str = "") -> Label:
    size = float(text.get("font-size") or 10)
    x = float(text.get("x") or 0)
    y = height - float(text.get("y") or 0)
    if text.get("dominant-baseline") == "central":
        y -= CENTRAL * size
    anchor = text.get("text-anchor") or "start"
    bold = text.get("font-weight") == "bold"
    italic = text.get("font-style") == "italic"
    content = "".join(text.itertext())
    return Label(kind, content, ink_box(content, size, x, y, anchor, bold=bold, italic=italic), key)


# ---------------------------------------------------------------- TikZ

_NUMBER = r"(-?\d+(?:\.\d+)?)"
_COORD = re.compile(r"\\coordinate \((n\d+)\) at \(" + _NUMBER + r", " + _NUMBER + r"\);")
_PATH = re.compile(r"\\path\[([^\]]*)\] \(" + _NUMBER + ", " + _NUMBER + r"\) -- \("
                   + _NUMBER + ", " + _NUMBER + r"\);")  # fmt: skip
_DRAW = re.compile(r"\\draw\[([^\]]*)\] (.*);")
_NODE = re.compile(r"\\node\[([^\]]*)\] at \((.*?)\) \{(.*)\};")
_STYLE = re.compile(r"(gt [a-z]+)/\.style=\{(.*)\},?$")
_FONT_SIZES = {"\\normalsize": 10.0, "\\footnotesize": 8.0, "\\small": 9.0, "\\scriptsize": 7.0}


def untex(text: str) -> str:
    """The characters a TikZ label typesets (the inverse of ``tex_escape``, roughly)."""
    out = text.replace("\\bfseries{}", "").replace("\\bfseries", "").replace("\\itshape", "")
    out = re.sub(r"\{(?:\\upshape)?\\ttfamily\\char(\d+)\}",
                 lambda m: "\0s" if m[1] == "36" else chr(int(m[1])), out)  # fmt: skip
    out = re.sub(r"\{\\ttfamily (U\+[0-9A-F]+)\}", r"\1", out)
    for tex, ch in (("$\\infty$", "∞"), ("$\\leq$", "≤"), ("$\\geq$", "≥"), ("$-$", "−"),
                    ("$\\ldots$", "…"), ("\\ldots", "…"), ("$\\{$", "{"), ("$\\}$", "}"),
                    ("$\\backslash$", "\\"), ("$<$", "<"), ("$>$", ">"), ("$|$", "|"),
                    ("$\\alpha$", "α"), ("$\\beta$", "β"), ("$\\rightarrow$", "→"),
                    ("\\~{}", "~"), ("\\^{}", "^"), ("\\'{e}", "é"),
                    ("\\%", "%"), ("\\&", "&"), ("\\#", "#"), ("\\_", "_")):  # fmt: skip
        if ch in "{}":
            ch = "\0" + ("(" if ch == "{" else ")")  # kept through the brace removal
        out = out.replace(tex, ch)
    out = re.sub(r"\\fontsize\{[^}]*\}\{[^}]*\}\\selectfont", "", out)
    out = out.replace("{", "").replace("}", "").replace("$", "")
    return out.replace("\0(", "{").replace("\0)", "}").replace("\0s", "$").strip()


def _font_size(options: str, styles: dict[str, str]) -> float:
    found = re.search(r"\\fontsize\{(\d+(?:\.\d+)?)(?:pt)?\}", options)
    if found:
        return float(found.group(1))
    for name, size in _FONT_SIZES.items():
        if name in options:
            return size
    for style, body in styles.items():
        if style in options:
            return _font_size(body, {})
    return 10.0


def _strokes(line: str) -> list[Segment] | None:
    """The segments of a ``\\draw[gt stroke] (x, y) -- (x, y) ...;`` line (cut marks)."""
    found = _DRAW.match(line)
    if not (found and "gt stroke" in found.group(1)):
        return None
    pairs = re.findall(r"\(" + _NUMBER + ", " + _NUMBER + r"\) -- \(" + _NUMBER + ", "
                       + _NUMBER + r"\)", found.group(2))  # fmt: skip
    return [((float(x0), float(y0)), (float(x1), float(y1))) for x0, y0, x1, y1 in pairs]


def read_tikz(tex: str) -> Geometry:
    """The geometry of :func:`gametree.to_tikz`, read back from its coordinates."""
    coords: dict[str, Point] = {}
    styles: dict[str, str] = {}
    geom = Geometry()
    for raw in tex.splitlines():
        line = raw.strip()
        found = _STYLE.match(line)
        if found:
            styles[found.group(1)] = found.group(2)
            continue
        found = _COORD.match(line)
        if found:
            coords[found.group(1)] = (float(found.group(2)), float(found.group(3)))
            continue
        found = _PATH.match(line)
        if found:
            options = found.group(1)
            seg = ((float(found.group(2)), float(found.group(3))),
                   (float(found.group(4)), float(found.group(5))))  # fmt: skip
            if "cut" in options.split(",")[0] or options.startswith("gt cut"):
                geom.strokes.append(seg)
                continue
            width = re.search(r"line width=" + _NUMBER, options)
            pruned = "on 4pt off 2.5pt" in options or "gt cut" in options
            geom.edges.append(Edge(seg, pruned, float(width.group(1)) if width else 1.0,
                                   key=str(len(geom.edges))))  # fmt: skip
            if "gt cut" in options:
                geom.strokes.extend(_decorated_cut(seg, styles.get("gt cut", "")))
            continue
        strokes = _strokes(line)
        if strokes is not None:
            geom.strokes.extend(strokes)
            continue
        found = _NODE.match(line)
        if found:
            options, at, body = found.groups()
            kind = _tikz_kind(options)
            if kind is None:
                continue
            x, y = _tikz_point(at, coords)
            size = _font_size(options, styles)
            text = untex(body)
            if not text:
                continue
            bold = "\\bfseries" in body or "bfseries" in options
            italic = kind in ("name", "count")
            if "anchor=base" in options:
                # The point is on the text's baseline (anchors base, base east/west).
                where = (
                    "end"
                    if "base east" in options
                    else "start"
                    if "base west" in options
                    else "middle"
                )
                box = ink_box(text, size, x, y, where, bold=bold, italic=italic)
            else:
                anchor = {"anchor=east": "end", "anchor=west": "start"}
                where = next((v for k, v in anchor.items() if k in options), "middle")
                # The node's text is centred vertically on the point (inner sep 0): put
                # the ink's centre there.
                _, _, y0, y1, _ = _ink(text.split("\n")[0], bold, italic)
                baseline = y - (y0 + y1) / 2 * size
                box = ink_box(text, size, x, baseline, where, bold=bold, italic=italic)
            geom.labels.append(Label(kind, text, box))
    if geom.strokes and "cut_width" in styles:
        geom.stroke_width = float(styles["cut_width"])
    return geom


def _tikz_kind(options: str) -> str | None:
    if "gt value" in options:
        return "value"
    if "gt move" in options:
        return "move"
    if "gt count" in options:
        return "count"
    if "gt bounds" in options or ("gt side" in options and "anchor=west" in options):
        return "bounds"
    if "gt order" in options:
        return "order"
    if "gt name" in options or ("gt side" in options and "anchor=east" in options):
        return "name"
    return None


def _tikz_point(at: str, coords: dict[str, Point]) -> Point:
    found = re.fullmatch(_NUMBER + ", " + _NUMBER, at.strip())
    if found:
        return float(found.group(1)), float(found.group(2))
    found = re.fullmatch(r"\[([^\]]*)\](n\d+)", at.strip())
    if not found:
        raise ValueError(f"cannot read the TikZ point {at!r}")
    x, y = coords[found.group(2)]
    for axis, amount in re.findall(r"([xy])shift=" + _NUMBER + "pt", found.group(1)):
        if axis == "x":
            x += float(amount)
        else:
            y += float(amount)
    return x, y


def _decorated_cut(seg: Segment, style: str) -> list[Segment]:
    """The strokes of the old ``gt cut`` decoration: ``mark=at position P`` drawing
    strokes in the edge's own frame (x along the edge, y across)."""
    at = re.search(r"position " + _NUMBER, style)
    if not at:
        return []
    t = float(at.group(1))
    (x0, y0), (x1, y1) = seg
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    cx, cy = x0 + t * (x1 - x0), y0 + t * (y1 - y0)
    out = []
    for a, b, c, d in re.findall(r"\(" + _NUMBER + "pt, " + _NUMBER + r"pt\) -- \("
                                 + _NUMBER + "pt, " + _NUMBER + r"pt\)", style):  # fmt: skip
        p = (cx + ux * float(a) - uy * float(b), cy + uy * float(a) + ux * float(b))
        q = (cx + ux * float(c) - uy * float(d), cy + uy * float(c) + ux * float(d))
        out.append((p, q))
    return out


# ---------------------------------------------------------------- forest

_LOOK = re.compile(r"^\s*(gt [a-z0-9 ]+)/\.style=\{(.*)\},?$")
_AT = re.compile(r"gt at=\{" + _NUMBER + r"\}\{" + _NUMBER + r"\}")
_PAIR = re.compile(r"^\s*" + _NUMBER + r",\s*" + _NUMBER + r"\s*$")


def _braced(text: str, start: int, count: int) -> tuple[list[str], int]:
    """``count`` brace-delimited arguments of ``text`` from ``start`` (balanced braces)."""
    out = []
    i = start
    for _ in range(count):
        while text[i] != "{":
            i += 1
        depth, j = 0, i
        while True:
            if text[j] == "\\":
                j += 2
                continue
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            if depth == 0:
                break
            j += 1
        out.append(text[i + 1 : j])
        i = j + 1
    return out, i


def _key_args(block: str, key: str, count: int) -> list[list[str]]:
    """Every use of the forest key ``key={...}{...}`` in a node's options."""
    found = []
    for match in re.finditer(r"(?:^|,)\s*" + re.escape(key) + r"=\{", block):
        args, _ = _braced(block, match.end() - 1, count)
        found.append(args)
    return found


def _pair(text: str) -> Point:
    found = _PAIR.match(text)
    if not found:
        raise ValueError(f"cannot read the offset {text!r}")
    return float(found.group(1)), float(found.group(2))


def read_forest(tex: str) -> Geometry:
    """The geometry of :func:`gametree.to_forest`, read back from its bracket tree: each
    node's ``gt at`` point (its value's baseline), each ``gt edge`` from the parent's
    point to the node's, each ``gt text`` at its offset, the content as the value, the
    ``gt stroke`` paths and the paths after the tree."""
    styles: dict[str, str] = {}
    geom = Geometry()
    lines = tex.splitlines()
    for line in lines:
        found = _LOOK.match(line)
        if found:
            styles[found.group(1)] = found.group(2)
    # Split the tree into nodes: a node's text runs from its "[" to the next "[" or "]".
    start = tex.index("\\begin{forest}")
    body = tex[start : tex.index("\\end{forest}")]
    tree_start = body.index("\n  [")
    blocks: list[tuple[int, str]] = []  # (depth, text)
    depth = 0
    i = tree_start
    current: list[str] = []
    pending = False
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if pending:
                current.append(body[i : i + 2])
            i += 2
            continue
        if ch == "{" and pending:
            args, j = _braced(body, i, 1)
            current.append("{" + args[0] + "}")
            i = j
            continue
        if ch == "[":
            if pending:
                blocks.append((depth, "".join(current)))
            depth += 1
            current, pending = [], True
        elif ch == "]":
            if pending:
                blocks.append((depth, "".join(current)))
                pending = False
            depth -= 1
            if depth == 0:
                after = body[i + 1 :]
                break
        elif pending:
            current.append(ch)
        i += 1
    points: dict[int, Point] = {}
    parents: list[Point] = []
    for depth, block in blocks:
        found = _AT.search(block)
        assert found, block[:80]
        point = (float(found.group(1)), float(found.group(2)))
        del parents[depth - 1 :]
        parents.append(point)
        points[len(points)] = point
        content, _ = _braced(block, 0, 1)
        text = untex(content[0])
        if text:
            size = _font_size("gt value", styles)
            bold = "\\bfseries" in content[0]
            geom.labels.append(Label("value", text, ink_box(text, size, *point, "middle",
                                                            bold=bold)))  # fmt: skip
        for start_at, end_at in _key_args(block, "gt edge", 2):
            (ax, ay), (bx, by) = _pair(start_at), _pair(end_at)
            parent = parents[depth - 2]
            look = _key_args(block, "edge", 1)[0][0].strip()
            options = styles.get(look, look)
            width = re.search(r"line width=" + _NUMBER, options)
            pruned = "on 4pt off 2.5pt" in options
            seg = ((parent[0] + ax, parent[1] + ay), (point[0] + bx, point[1] + by))
            geom.edges.append(Edge(seg, pruned, float(width.group(1)) if width else 1.0,
                                   key=str(len(geom.edges))))  # fmt: skip
        for style, anchor, offset, body_text in _key_args(block, "gt text", 4):
            kind = _tikz_kind(style)
            if kind is None:
                continue
            text = untex(body_text)
            if not text:
                continue
            dx, dy = _pair(offset)
            where = {"base east": "end", "base west": "start"}.get(anchor.strip(), "middle")
            size = _font_size(style, styles)
            bold = "\\bfseries" in body_text
            italic = kind in ("name", "count")
            box = ink_box(text, size, point[0] + dx, point[1] + dy, where, bold=bold,
                          italic=italic)  # fmt: skip
            geom.labels.append(Label(kind, text, box))
    for line in after.splitlines():
        strokes = _strokes(line.strip())
        if strokes is not None:
            geom.strokes.extend(strokes)
            continue
        found = _PATH.match(line.strip())
        if found:
            options = styles.get(found.group(1).strip(), found.group(1))
            seg = ((float(found.group(2)), float(found.group(3))),
                   (float(found.group(4)), float(found.group(5))))  # fmt: skip
            width = re.search(r"line width=" + _NUMBER, options)
            geom.edges.append(Edge(seg, "on 4pt off 2.5pt" in options,
                                   float(width.group(1)) if width else 1.0,
                                   key=str(len(geom.edges))))  # fmt: skip
    stroke = re.search(r"line width=" + _NUMBER, styles.get("gt stroke", ""))
    if stroke:
        geom.stroke_width = float(stroke.group(1))
    return geom


# ---------------------------------------------------------------- Graphviz


def render_graphviz_svg(dot: str) -> str:
    """Render DOT text to SVG the way ``gametree.save(..., engine="graphviz")`` does."""
    import subprocess

    done = subprocess.run(
        ["dot", "-Kneato", "-n2", "-Tsvg"], input=dot.encode(), capture_output=True, check=True
    )
    return done.stdout.decode()


def _bezier_segments(d: str) -> list[Point]:
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d)]
    return [(numbers[i], numbers[i + 1]) for i in range(0, len(numbers) - 1, 2)]


def read_graphviz_svg(svg: str) -> Geometry:
    """The geometry of Graphviz's SVG of :func:`gametree.to_dot` (points, y up)."""
    root = ET.fromstring(svg)
    _strip_ns(root)
    geom = Geometry()
    for g in root.iter("g"):
        cls = g.get("class")
        title_el = g.find("title")
        title = (title_el.text or "") if title_el is not None else ""
        if cls == "edge":
            path = g.find("path")
            if path is None:
                continue
            points = _bezier_segments(path.get("d") or "")
            seg = ((points[0][0], -points[0][1]), (points[-1][0], -points[-1][1]))
            width = float(path.get("stroke-width") or 1)
            if "_cut" in title or "_stroke" in title:
                geom.strokes.append(seg)
                geom.stroke_width = width
                continue
            dashed = (path.get("stroke-dasharray") or "").startswith("5")
            geom.edges.append(Edge(seg, dashed, width, key=title.replace("->", "-")))
        elif cls == "node":
            for text in g.iter("text"):
                content = "".join(text.itertext())
                if not content.strip():
                    continue
                kind = _dot_kind(title)
                if kind is None:
                    continue
                size = float(text.get("font-size") or 10)
                x = float(text.get("x") or 0)
                y = -float(text.get("y") or 0)
                bold = "Bold" in (text.get("font-family") or "")
                italic = text.get("font-style") == "italic"
                anchor = text.get("text-anchor") or "start"
                key = title.rsplit("_", 1)[0].replace("_", "-") if kind == "move" else ""
                geom.labels.append(
                    Label(kind, content, ink_box(content, size, x, y, anchor, bold=bold,
                                                 italic=italic), key)
                )  # fmt: skip
    return geom


def _dot_kind(title: str) -> str | None:
    if re.fullmatch(r"n\d+", title):
        return "value"
    suffixes = (("_value", "value"), ("_name", "name"), ("_bounds", "bounds"),
                ("_order", "order"), ("_move", "move"), ("_count", "count"))  # fmt: skip
    for suffix, kind in suffixes:
        if title.endswith(suffix):
            return kind
    return None


_DOT_LINE = re.compile(r"^\s*(\w+)(?:\s*->\s*(\w+))?\s*\[(.*)\];$")
_DOT_ATTR = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|[^,\s]+)')
GRAPHVIZ_CENTRAL = 0.235
"""Graphviz sets a one-line label's baseline this many ems below its node's centre
(DejaVu Sans; measured on Graphviz's SVG)."""


def read_dot(dot: str) -> Geometry:
    """The geometry of :func:`gametree.to_dot` read from its pinned positions: each
    edge's and stroke's ``pos`` (its end points), each text node's centre, label, size
    and font. Graphviz draws these as they are (``neato -n2``)."""
    geom = Geometry()
    for line in dot.splitlines():
        found = _DOT_LINE.match(line)
        if not found:
            continue
        name, head, body = found.groups()
        attrs = {k: v.strip('"') for k, v in _DOT_ATTR.findall(body)}
        if head is not None:
            if "pos" not in attrs:
                continue
            points = [tuple(float(c) for c in p.split(",")) for p in attrs["pos"].split()]
            seg = (points[0], points[-1])
            width = float(attrs.get("penwidth", 1))
            if "_cut" in name:
                geom.strokes.append(seg)  # type: ignore[arg-type]
                geom.stroke_width = width
            else:
                geom.edges.append(Edge(seg, attrs.get("style") == "dashed", width,  # type: ignore[arg-type]
                                       key=f"{name}-{head}"))  # fmt: skip
            continue
        kind = _dot_kind(name)
        if kind is None or attrs.get("shape") != "plaintext" or "label" not in attrs:
            continue
        text = attrs["label"].replace('\\"', '"').replace("\\\\", "\\")
        if not text.strip():
            continue
        x, y = (float(c) for c in attrs["pos"].rstrip("!").split(","))
        size = float(attrs.get("fontsize", 10))
        face = attrs.get("fontname", "")
        baseline = y - GRAPHVIZ_CENTRAL * size
        box = ink_box(text, size, x, baseline, "middle", bold="Bold" in face,
                      italic="Oblique" in face)  # fmt: skip
        key = name.rsplit("_", 1)[0].replace("_", "-") if kind == "move" else ""
        geom.labels.append(Label(kind, text, box, key))
    return geom


# ---------------------------------------------------------------- the audit


@dataclass
class Audit:
    strokes: int = 0
    near_unpruned: int = 0
    """Strokes crossing or within the clearance of an edge that was not pruned."""
    near_other_edge: int = 0
    """Strokes crossing or within the clearance of any edge but their own."""
    near_label: int = 0
    """Strokes crossing or within the clearance of a label's ink."""
    labels: int = 0
    crossed: int = 0
    """Labels whose ink an edge (not their own, for moves) crosses."""
    overlapping: int = 0
    """Labels whose ink overlaps another label's."""
    problems: list[str] = field(default_factory=list)

    def row(self) -> tuple[int, ...]:
        return (self.strokes, self.near_unpruned, self.near_other_edge, self.near_label,
                self.labels, self.crossed, self.overlapping)  # fmt: skip


def _own_edge(stroke: Segment, edges: list[Edge]) -> int:
    mid = ((stroke[0][0] + stroke[1][0]) / 2, (stroke[0][1] + stroke[1][1]) / 2)
    crossing = [i for i, e in enumerate(edges) if e.pruned and _intersect(stroke, e.seg)]
    pool = crossing or [i for i, e in enumerate(edges) if e.pruned] or range(len(edges))
    return min(pool, key=lambda i: _point_segment(mid, edges[i].seg))


def audit(geom: Geometry, clearance: float = 2.0, kinds: Iterable[str] | None = None) -> Audit:
    """Count what could be misread (see the module docstring).

    Distances are between ink: centre lines less half of each line's width.
    """
    wanted = set(kinds) if kinds is not None else None
    labels = [lb for lb in geom.labels if wanted is None or lb.kind in wanted]
    out = Audit(strokes=len(geom.strokes), labels=len(labels))
    half_stroke = geom.stroke_width / 2

    def near(box: Box, seg: Segment, pad: float) -> bool:
        x0, x1 = sorted((seg[0][0], seg[1][0]))
        y0, y1 = sorted((seg[0][1], seg[1][1]))
        return not (
            x1 < box[0] - pad or x0 > box[2] + pad or y1 < box[1] - pad or y0 > box[3] + pad
        )

    def seg_box(seg: Segment) -> Box:
        return (min(seg[0][0], seg[1][0]), min(seg[0][1], seg[1][1]),
                max(seg[0][0], seg[1][0]), max(seg[0][1], seg[1][1]))  # fmt: skip

    reach = clearance + half_stroke + 3.0
    for stroke in geom.strokes:
        own = _own_edge(stroke, geom.edges) if geom.edges else -1
        unpruned = other = False
        sbox = seg_box(stroke)
        for i, e in enumerate(geom.edges):
            if i == own or not near(sbox, e.seg, reach):
                continue
            gap = segment_distance(stroke, e.seg) - half_stroke - e.width / 2
            if gap < clearance:
                other = True
                unpruned = unpruned or not e.pruned
        close = any(
            near(lb.box, stroke, reach) and box_distance(stroke, lb.box) - half_stroke < clearance
            for lb in labels
        )
        out.near_unpruned += unpruned
        out.near_other_edge += other
        out.near_label += close
        if other or close:
            out.problems.append(f"stroke {stroke} near {'an edge' if other else 'a label'}")
    for lb in labels:
        centre = ((lb.box[0] + lb.box[2]) / 2, (lb.box[1] + lb.box[3]) / 2)
        for e in geom.edges:
            # A move label sits on its own edge, in a white box: the edge through it.
            if lb.kind == "move" and _point_segment(centre, e.seg) < 1.0:
                continue
            if not near(lb.box, e.seg, e.width):
                continue
            if box_distance(e.seg, lb.box) - e.width / 2 < 0:
                out.crossed += 1
                out.problems.append(f"{lb.kind} {lb.text!r} at {lb.box} crossed by {e.seg}")
                break
    overlapping: set[int] = set()
    order = sorted(range(len(labels)), key=lambda k: labels[k].box[0])
    for pos, i in enumerate(order):
        a = labels[i]
        for j in order[pos + 1 :]:
            b = labels[j]
            if b.box[0] >= a.box[2]:
                break
            if boxes_overlap(a.box, b.box):
                overlapping.update((i, j))
                out.problems.append(f"{a.kind} {a.text!r} overlaps {b.kind} {b.text!r}")
    out.overlapping = len(overlapping)
    return out


# ---------------------------------------------------------------- the trees measured


def exam_tree() -> Any:
    """The exam exercise with 81 leaves: branching 3, depth 4, the values 0 to 80 placed
    so that alpha-beta prunes as much as it can (every node's children in best-first
    order: the children of a MAX node hold descending thirds of its range, those of a
    MIN node ascending thirds). A classic question ("fill in the leaves with 0..80 so
    that alpha-beta prunes the most"); its answer is this tree, derived by hand."""
    import gametree

    def build(lo: int, size: int, maximizing: bool) -> Any:
        if size == 1:
            return lo
        third = size // 3
        starts = [lo + k * third for k in range(3)]
        if maximizing:
            starts.reverse()
        return [build(s, third, not maximizing) for s in starts]

    return gametree.from_nested(build(0, 81, True))


def measured_trees() -> dict[str, Any]:
    """The four b = 3, d = 4 keys of issue 23: the exam tree and three random trees."""
    import gametree

    trees = {"exam": exam_tree()}
    for seed in (1, 2, 3):
        trees[f"random seed {seed}"] = gametree.random_tree(3, 4, seed=seed)
    return trees


# ---------------------------------------------------------------- the page

PAGE_CLICKS_JS = r"""
// For every edge of the practice page: sample points along its drawn line, keep those
// where the edge shows (in the tree's box once scrolled there, no node drawn over it),
// click there as a user would (the event goes to the topmost element at the point) and
// see which edge the page marks.
const samples = arguments[0];
const box = document.getElementById('viewport');
const page = window.gametreePage;
const svg = document.querySelector('.drawing:not([hidden]) svg');
const edges = Array.from(svg.querySelectorAll('g.edge'));
const out = [];
function marked() {
  return Array.from(svg.querySelectorAll('g.edge.marked')).map(g => g.id);
}
page.setAnswers({});
function at(line, t) {
  const a = ['x1', 'y1', 'x2', 'y2'].map((k) => +line.getAttribute(k));
  return new DOMPoint(a[0] + t * (a[2] - a[0]), a[1] + t * (a[3] - a[1]))
    .matrixTransform(line.getScreenCTM());
}
for (const g of edges) {
  const line = g.querySelector('line.stroke');
  let shown = 0, right = 0;
  for (let k = 0; k < samples; k++) {
    const t = (k + 0.5) / samples;
    // Scroll the tree's box (and the window) so that the point is on screen.
    let p = at(line, t);
    const v = box.getBoundingClientRect();
    box.scrollLeft += p.x - (v.left + v.width / 2);
    box.scrollTop += p.y - (v.top + v.height / 2);
    p = at(line, t);
    window.scrollBy(0, p.y - window.innerHeight / 2);
    p = at(line, t);
    const w = box.getBoundingClientRect();
    const inside = p.x > w.left + 1 && p.x < w.left + box.clientWidth - 1 &&
      p.y > w.top + 1 && p.y < w.top + box.clientHeight - 1;
    const el = inside ? document.elementFromPoint(p.x, p.y) : null;
    if (!el || !svg.contains(el) || el.closest('g.node')) { continue; }
    shown++;
    el.dispatchEvent(new MouseEvent('click',
      {bubbles: true, cancelable: true, clientX: p.x, clientY: p.y, view: window}));
    const now = marked();
    if (now.length === 1 && now[0] === g.id) { right++; }
    if (now.length) { page.setAnswers({}); }
  }
  out.push([g.id, shown, right]);
}
page.setAnswers({});
return out;
"""


def page_click_coverage(driver: Any, samples: int = 24) -> list[tuple[str, int, int]]:
    """Per edge of the open practice page: (edge id, points where it shows, points where
    a click there marks it)."""
    rows = driver.execute_script(PAGE_CLICKS_JS, samples)
    return [(str(r[0]), int(r[1]), int(r[2])) for r in rows]
