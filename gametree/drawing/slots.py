"""Where every node, text and cut mark of a diagram goes: the geometry every emitter shares.

:func:`place` measures each node's shape (fitted to its value) and the texts around it
(:mod:`gametree.drawing.labels`), gives the tidy layout the room each node needs, puts
the levels as far apart as their shapes and edges need, then checks the result as a
reader would see it: an edge crossing a text or a shape that is not its own, two texts
or shapes overlapping, a cut mark without room to keep clear of other edges
(:mod:`gametree.drawing.clearance`, :mod:`gametree.drawing.cuts`). Where it finds one,
it widens the drawing there and lays it out again (a few rounds at most). Emitters draw
the :class:`Placement` it returns: positions, sizes, texts and cut marks in points.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from gametree.drawing.clearance import Clash, Item, Obstacles, node_of, segment_box
from gametree.drawing.cuts import CLEARANCE, CutMark, place_cut
from gametree.drawing.labels import GAP, LINE, MOVE_AT, Text, move_text, node_texts, reach
from gametree.drawing.layout import tree_layout
from gametree.drawing.metrics import text_width
from gametree.drawing.model import Diagram
from gametree.drawing.shapes import BARE, shape_outline, shape_size

__all__ = ["MIN_BRANCH", "Placement", "place"]

MIN_BRANCH = 9.0
"""Points between the centres of two children of one parent, at least: room for a cut
mark on either edge that keeps clear of the other."""

CUT_BRANCH = 11.0
"""Points between the centres of two children whose edges are both cut, at least: room
for both marks, each keeping clear of the other."""

BARE_GAP = 2.0
"""Points of white between two leaves drawn as bare values (about a space)."""

EDGE_PAD = 2.5
"""Points of white between the texts beside a node and the ink of an edge of a tree
growing to the right (an italic name leans out past its start: a ``J`` by 0.16 em)."""

ROUNDS = 4
"""Layouts tried at most, each widening the drawing where the one before had a clash
(:data:`LARGE_ROUNDS` for a drawing of more than :data:`LARGE` nodes)."""

LARGE = 2000
LARGE_ROUNDS = 2

SPREAD = 2.0
"""Levels spread to at most this many times their natural distance."""

STEEPEST = 3.7
"""A spread level is at most this many times as tall as its children are typically
apart (the median over its parents of their nearest two), so that sibling edges keep
about 15 degrees between them or more."""

Box = tuple[float, float, float, float]


@dataclass
class Placement:
    """Positions (points, y up) and sizes of a diagram's nodes, its texts and cut marks."""

    pos: dict[Hashable, tuple[float, float]]
    """Centre of each node's shape."""
    width: dict[Hashable, float]
    """Width of each node's shape (of its board, for a board)."""
    height: dict[Hashable, float]
    """Height of each node's shape."""
    extents: dict[Hashable, tuple[float, float]]
    """How far each node's drawing (shape and side texts) reaches left and right."""
    xmin: float
    xmax: float
    ymin: float
    ymax: float
    level_sep: float
    """The distance between the first two levels (all levels, unless spread)."""
    badges: dict[Hashable, tuple[float, float, float]] = field(default_factory=dict)
    """For a node drawn as a board (then ``width`` and ``height`` are the board's):
    the horizontal offset from the board's centre, width and height of its shape,
    which sits left of the board and holds the value."""
    orientation: str = "top-down"
    kinds: dict[Hashable, str] = field(default_factory=dict)
    """The shape drawn for each node: its kind, or ``"BARE"`` for a leaf drawn as its
    bare value."""
    texts: list[Text] = field(default_factory=list)
    """Every label, in the order: per node (preorder) value, name, order, bounds,
    count; then the moves, per edge."""
    cuts: dict[tuple[Hashable, Hashable], CutMark] = field(default_factory=dict, repr=False)
    """The cut mark of each pruned edge (of every edge on a page where the student marks
    them): see :mod:`gametree.drawing.cuts`."""
    clashes: list[Clash] = field(default_factory=list, repr=False)
    """What the last layout round still found crossing or overlapping (empty when the
    drawing is clean)."""
    gaps: list[float] = field(default_factory=list)
    """Distance between each level and the next."""
    overflow: bool = False
    """Whether the drawing is larger than the page it was fitted to (fonts at their
    smallest, :func:`gametree.drawing.fit.fit_placement`)."""
    edge_widths: dict[tuple[Hashable, Hashable], float] = field(default_factory=dict)
    """Line width of each edge of a tree growing to the right, whose ends keep
    :data:`EDGE_PAD` of white from the texts beside the nodes, ink to ink (a bold edge's
    round cap reaches half its width past its end)."""

    def left(self, node: Hashable) -> float:
        """How far left of its centre a node's shape (or the shape beside its board) reaches."""
        badge = self.badges.get(node)
        if badge is None:
            return self.width[node] / 2
        return -badge[0] + badge[1] / 2

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
            pad = (EDGE_PAD + self.edge_widths.get((u, v), 0.0) / 2) / unit
            return (x0 + self.extents[u][1] / unit + pad, y0), (
                x1 - self.extents[v][0] / unit - pad,
                y1,
            )
        return (x0, y0 - self.height[u] / 2 / unit), (x1, y1 + self.height[v] / 2 / unit)

    def move_at(self, u: Hashable, v: Hashable, unit: float = 1.0) -> tuple[float, float]:
        """Where the move label of ``u -> v`` sits: :data:`MOVE_AT` of the way along."""
        (x0, y0), (x1, y1) = self.ends(u, v, unit)
        return x0 + MOVE_AT * (x1 - x0), y0 + MOVE_AT * (y1 - y0)

    def outline(self, node: Hashable) -> list[tuple[float, float]]:
        """A node's outline (points from its centre, y up), as placed: its shape, the
        shape beside its board for a board node, nothing for a bare value."""
        badge = self.badges.get(node)
        kind = self.kinds.get(node, "LEAF")
        if badge is None:
            return shape_outline(kind, self.width[node], self.height[node])
        dx, w, h = badge
        return [(x + dx, y) for x, y in shape_outline(kind, w, h)]

    def texts_of(self, key: Any) -> list[Text]:
        """The texts of one node (or the move of one edge ``(u, v)``)."""
        return [t for t in self.texts if t.key == key]


def place(d: Diagram, *, finish: bool = True) -> Placement:
    """Measure every node of ``d`` and lay the diagram out in points.

    With ``finish`` (the default) the texts are placed and checked and the cut marks
    placed (see the module's docstring); without, only the nodes are, which is enough to
    know the drawing's size (fitting a page tries several layouts so).

    A diagram with a page to fit is fitted with :func:`gametree.drawing.fit.arrange`;
    ``place`` draws it as its style says.
    """
    st = d.style
    big = float(st["font_size"])
    small = float(st["small_font_size"])
    bare = st["leaf_style"] == "bare"
    uniform = bool(st["uniform_shapes"])
    top_down = d.orientation == "top-down"
    kinds: dict[Hashable, str] = {}
    for n in d.nodes:
        kinds[n.node] = BARE if bare and n.kind == "LEAF" and n.board is None else n.kind
    sizes: dict[Any, tuple[float, float]] = {}
    for n in d.nodes:
        kind = kinds[n.node]
        w, h = shape_size(kind, n.value, big, float(st["node_size"]), float(st["leaf_size"]))
        key = kind if uniform and kind != BARE else n.node
        old_w, old_h = sizes.get(key, (0.0, 0.0))
        sizes[key] = (max(w, old_w), max(h, old_h))
    width: dict[Hashable, float] = {}
    height: dict[Hashable, float] = {}
    badges: dict[Hashable, tuple[float, float, float]] = {}
    deepest = max((n.depth for n in d.nodes), default=0)
    relative: dict[Hashable, list[Text]] = {}
    reaches: dict[Hashable, tuple[float, float, float, float]] = {}
    for n in d.nodes:
        kind = kinds[n.node]
        w, h = sizes[kind if uniform and kind != BARE else n.node]
        badge = None
        if n.board is not None:
            # The board is the node (edges meet it); its shape stands at its left.
            badge = (-(n.board.width / 2 + GAP + w / 2), w, h)
            badges[n.node] = badge
            w, h = n.board.width, n.board.height
        width[n.node], height[n.node] = w, h
        below = kind == BARE and n.depth == deepest and top_down
        texts = node_texts(n, kind, w, h, st, badge=badge, below=below, tuck=top_down)
        relative[n.node] = texts
        shown = [t for t in texts if not (below and t.slot in ("name", "order"))]
        reaches[n.node] = reach(shown, w, h)
        if badge is not None:
            reaches[n.node] = _with_badge(reaches[n.node], badge)
    moves = {e.v: text_width(e.move, small) for e in d.edges if e.move}
    if not top_down:
        return _place_left_right(d, width, height, reaches, relative, moves, badges, kinds)
    sep = float(st["sibling_sep"])
    extents: dict[Hashable, tuple[float, float]] = {}
    # Children whose edge carries a mark beside a sibling whose edge does too.
    marked = {e.v for e in d.edges if e.cut or d.every_cut}
    paired: set[Hashable] = set()
    for kids in (list(d.graph._succ[n.node]) for n in d.nodes):
        for a, b in pairwise(kids):
            if a in marked and b in marked:
                paired.update((a, b))
    for n in d.nodes:
        left, right, _, _ = reaches[n.node]
        least = (CUT_BRANCH if n.node in paired else MIN_BRANCH) / 2
        if kinds[n.node] == BARE:
            half = max(width[n.node] / 2 + BARE_GAP / 2, least)
            left, right = max(left + BARE_GAP / 2, half), max(right + BARE_GAP / 2, half)
        else:
            left, right = left + sep / 2, right + sep / 2
            left, right = max(left, least), max(right, least)
        if n.node in moves:
            # Labels of sibling edges sit MOVE_AT of the way down: keep them apart too.
            room = (moves[n.node] / 2 + 2.0) / MOVE_AT
            left, right = max(left, room), max(right, room)
        extents[n.node] = (left, right)
    cousins = max(0.0, float(st["subtree_sep"]) - sep)
    extra: dict[Hashable, list[float]] = {}
    pl = None
    rounds = ROUNDS if len(d.nodes) <= LARGE else LARGE_ROUNDS
    for _ in range(rounds if finish else 1):
        pl = _top_down(d, extents, extra, cousins, width, height, reaches, relative, badges,
                       kinds, bool(moves))  # fmt: skip
        if not finish:
            return pl
        _finish(d, pl, relative, deepest)
        widen = _widening(d, pl)
        # A node whose own (nearly flat, bold) edge runs through its tucked name: its
        # name goes back to the middle of its left side, and makes room there.
        for node in _untuck(pl):
            n = d.nodes[d.index[node]]
            relative[node] = node_texts(n, kinds[node], width[node], height[node], st,
                                        badge=badges.get(node), tuck=False)  # fmt: skip
            left, _, up, down = reach(relative[node], width[node], height[node])
            reaches[node] = (left, reaches[node][1], max(up, reaches[node][2]),
                             max(down, reaches[node][3]))  # fmt: skip
            extents[node] = (max(extents[node][0], left + sep / 2), extents[node][1])
            widen.setdefault(node, (0.0, 0.0))
        if not widen:
            break
        for node, (left, right) in widen.items():
            more = extra.setdefault(node, [0.0, 0.0])
            more[0] += left
            more[1] += right
    assert pl is not None
    return pl


def _with_badge(
    r: tuple[float, float, float, float], badge: tuple[float, float, float]
) -> tuple[float, float, float, float]:
    dx, bw, bh = badge
    left, right, up, down = r
    return max(left, -dx + bw / 2), right, max(up, bh / 2), max(down, bh / 2)


def _top_down(
    d: Diagram,
    extents: dict[Hashable, tuple[float, float]],
    extra: dict[Hashable, list[float]],
    cousins: float,
    width: dict[Hashable, float],
    height: dict[Hashable, float],
    reaches: dict[Hashable, tuple[float, float, float, float]],
    relative: dict[Hashable, list[Text]],
    badges: dict[Hashable, tuple[float, float, float]],
    kinds: dict[Hashable, str],
    moves: bool,
) -> Placement:
    st = d.style
    small = float(st["small_font_size"])
    room = {
        n: (left + extra.get(n, (0.0, 0.0))[0], right + extra.get(n, (0.0, 0.0))[1])
        for n, (left, right) in extents.items()
    }
    flat = tree_layout(
        d.graph, root=d.root, sibling_sep=0.0, subtree_sep=cousins, level_sep=1.0, extents=room
    )
    level = {n: round(-y) for n, (_, y) in flat.items()}
    depth = max(level.values(), default=0)
    up = [0.0] * (depth + 1)
    down = [0.0] * (depth + 1)
    for n in d.nodes:
        k = level[n.node]
        if d.graph._succ[n.node]:
            down[k] = max(down[k], height[n.node] / 2)
        up[k] = max(up[k], height[n.node] / 2)
    base = float(st["level_sep"])
    edge_room = 2.2 * small + 12.0
    gaps = [
        max(base, down[k] + up[k + 1] + edge_room) + (2.5 * small if moves else 0.0)
        for k in range(depth)
    ]
    spread = float(st["spread"])
    if spread > 0 and gaps:
        gaps = _spread(gaps, spread, _sibling_distances(d, flat, level, depth))
    ys = [0.0] * (depth + 1)
    for k in range(depth):
        ys[k + 1] = ys[k] - gaps[k]
    pos = {n: (x, ys[level[n]]) for n, (x, _) in flat.items()}
    full = {n: (room[n][0], room[n][1]) for n in room}
    xs_left = [pos[n][0] - max(full[n][0], reaches[n][0]) for n in pos]
    xs_right = [pos[n][0] + max(full[n][1], reaches[n][1]) for n in pos]
    ys_top = [pos[n][1] + reaches[n][2] for n in pos]
    ys_bottom = [pos[n][1] - reaches[n][3] for n in pos]
    return Placement(
        pos=pos,
        width=width,
        height=height,
        extents={n: (reaches[n][0], reaches[n][1]) for n in pos},
        xmin=min(xs_left),
        xmax=max(xs_right),
        ymin=min(ys_bottom),
        ymax=max(ys_top),
        level_sep=gaps[0] if gaps else base,
        badges=badges,
        kinds=kinds,
        gaps=gaps,
    )


def _sibling_distances(
    d: Diagram, flat: dict[Hashable, tuple[float, float]], level: dict[Hashable, int], depth: int
) -> list[float]:
    """Per level, how far apart two adjacent children of one parent on the level below
    typically are: the median over its parents of their nearest two (infinite where no
    parent there has two children)."""
    nearest: list[list[float]] = [[] for _ in range(depth)]
    for u, kids in d.graph._succ.items():
        if u not in level or len(kids) < 2 or level[u] >= depth:
            continue
        xs = sorted(flat[k][0] for k in kids if k in flat)
        if len(xs) > 1:
            nearest[level[u]].append(min(b - a for a, b in pairwise(xs)))
    return [sorted(v)[len(v) // 2] if v else math.inf for v in nearest]


def _spread(gaps: list[float], extra: float, apart: list[float]) -> list[float]:
    """Add ``extra`` points of height to the levels, the shortest first (water-filling),
    each at most :data:`SPREAD` times its natural gap and :data:`STEEPEST` times the
    distance between its nearest siblings."""
    caps = [
        max(g, min(SPREAD * g, STEEPEST * a if math.isfinite(a) else SPREAD * g))
        for g, a in zip(gaps, apart, strict=True)
    ]
    room = sum(caps) - sum(gaps)
    if room <= 0:
        return gaps
    target = sum(gaps) + min(extra, room)
    lo, hi = min(gaps), max(caps)
    for _ in range(60):
        mid = (lo + hi) / 2
        total = sum(min(c, max(g, mid)) for g, c in zip(gaps, caps, strict=True))
        if total < target:
            lo = mid
        else:
            hi = mid
    return [min(c, max(g, hi)) for g, c in zip(gaps, caps, strict=True)]


def _finish(d: Diagram, pl: Placement, relative: dict[Hashable, list[Text]], deepest: int) -> None:
    """Place the texts (names under bare leaves in as few rows as fit), check what
    crosses what, and place the cut marks."""
    st = d.style
    small = float(st["small_font_size"])
    texts: list[Text] = []
    under: list[tuple[float, float, Hashable]] = []
    for n in d.nodes:
        x, y = pl.pos[n.node]
        mine = [t.moved(x, y) for t in relative[n.node]]
        if pl.kinds[n.node] == BARE and n.depth == deepest:
            names = [t for t in mine if t.slot in ("name", "order")]
            if names:
                boxes = [t.box() for t in names]
                under.append((min(b[0] for b in boxes), max(b[2] for b in boxes), n.node))
        texts.extend(mine)
    row_of = _rows(under)
    if row_of:
        block = {node: sum(1 for t in relative[node] if t.slot in ("name", "order"))
                 for node in row_of}  # fmt: skip
        shifted = []
        for t in texts:
            r = row_of.get(t.key, 0)
            if r and t.slot in ("name", "order"):
                t = t.moved(0.0, -r * block[t.key] * LINE * small)
            shifted.append(t)
        texts = shifted
    for e in d.edges:
        if e.move:
            texts.append(move_text(e, pl.move_at(e.u, e.v), st))
    pl.texts = texts
    for t in texts:
        x0, y0, x1, y1 = t.box()
        pl.xmin, pl.xmax = min(pl.xmin, x0), max(pl.xmax, x1)
        pl.ymin, pl.ymax = min(pl.ymin, y0), max(pl.ymax, y1)
    obstacles = obstacles_of(d, pl)
    from gametree.drawing.clearance import clashes

    pl.clashes = clashes(obstacles)
    font = float(st["font_size"])
    line = float(st["cut_line_width"])
    pl.cuts = {}
    marked = {(e.u, e.v) for e in d.edges if e.cut or d.every_cut}
    for e in d.edges:
        if (e.u, e.v) not in marked:
            continue
        mark = place_cut((e.u, e.v), pl.ends(e.u, e.v), obstacles, font_size=font,
                         line_width=line, shared=marked)  # fmt: skip
        pl.cuts[(e.u, e.v)] = mark
        for s in mark.strokes:
            obstacles.add(Item("edge", ("cut", e.u, e.v), s, line, segment_box(*s, line / 2)))
    for mark in pl.cuts.values():
        for s in mark.strokes:
            for p in s:
                pl.xmin, pl.xmax = min(pl.xmin, p[0]), max(pl.xmax, p[0])
                pl.ymin, pl.ymax = min(pl.ymin, p[1]), max(pl.ymax, p[1])


def _rows(under: list[tuple[float, float, Hashable]], most: int = 3) -> dict[Hashable, int]:
    """Rows for the texts under bare leaves: each in the first row where it clears the
    one before by :data:`BARE_GAP`, at most ``most`` rows (then the least crowded)."""
    ends: list[float] = []
    out: dict[Hashable, int] = {}
    for x0, x1, node in sorted(under, key=lambda u: u[0]):
        free = [k for k, end in enumerate(ends) if end + BARE_GAP <= x0]
        if free:
            r = free[0]
        else:
            r = len(ends)
            if r >= most:
                r = min(range(len(ends)), key=lambda k: ends[k])
            else:
                ends.append(-math.inf)
        ends[r] = x1
        if r:
            out[node] = r
    return out


def obstacles_of(d: Diagram, pl: Placement) -> Obstacles:
    """Every edge, shape and text of a placed diagram, bucketed for near queries."""
    small = float(d.style["small_font_size"])
    obstacles = Obstacles(cell=max(12.0, 3.0 * small))
    for e in d.edges:
        a, b = pl.ends(e.u, e.v)
        obstacles.add(Item("edge", (e.u, e.v), (a, b), e.line_width,
                           segment_box(a, b, e.line_width / 2)))  # fmt: skip
    for n in d.nodes:
        x, y = pl.pos[n.node]
        kind = pl.kinds[n.node]
        outlines: list[tuple[float, float, list[tuple[float, float]]]] = []
        if n.board is not None:
            w, h = pl.width[n.node], pl.height[n.node]
            outlines.append((0.0, 0.0, shape_outline("LEAF", w, h)))
            dx, bw, bh = pl.badges[n.node]
            outlines.append((dx, 0.0, shape_outline(kind, bw, bh)))
        else:
            outlines.append((0.0, 0.0, shape_outline(kind, pl.width[n.node], pl.height[n.node])))
        for dx, dy, outline in outlines:
            if not outline:
                continue
            points = tuple((x + dx + px, y + dy + py) for px, py in outline)
            xs = [p[0] for p in points]
            ys = [p[1] for p in points]
            obstacles.add(Item("shape", n.node, points, 0.0, (min(xs), min(ys), max(xs), max(ys))))
    for t in pl.texts:
        box = t.box()
        if t.boxed:
            box = (box[0] - 1.5, box[1] - 1.0, box[2] + 1.5, box[3] + 1.0)
        obstacles.add(Item("text", t, (), 0.0, box))
    return obstacles


def _untuck(pl: Placement) -> list[Hashable]:
    """Nodes whose own edge crosses their tucked name (or visit order)."""
    out = []
    for clash in pl.clashes:
        a, b = clash.a, clash.b
        own = a.kind == "edge" and b.kind == "text" and b.owner.key in a.owner
        if own and b.owner.slot in ("name", "order") and b.owner.key not in out:
            out.append(b.owner.key)
    return out


def _widening(d: Diagram, pl: Placement) -> dict[Hashable, tuple[float, float]]:
    """How much room to add beside which nodes to undo the clashes and give every cut
    mark its clearance."""
    out: dict[Hashable, list[float]] = {}

    def add(node: Hashable, left: float, right: float) -> None:
        if node not in pl.pos:
            return
        more = out.setdefault(node, [0.0, 0.0])
        more[0], more[1] = max(more[0], left), max(more[1], right)

    for clash in pl.clashes:
        a, b = clash.a, clash.b
        amount = clash.depth + GAP
        if a.kind == "edge":
            n = node_of(b)
            if n in a.owner:
                continue
            (x0, y0), (x1, y1) = a.points
            cy = (b.box[1] + b.box[3]) / 2
            t = 0.5 if y1 == y0 else max(0.0, min(1.0, (cy - y0) / (y1 - y0)))
            edge_x = x0 + t * (x1 - x0)
            if edge_x >= (b.box[0] + b.box[2]) / 2:
                add(n, 0.0, amount)
            else:
                add(n, amount, 0.0)
            continue
        na, nb = node_of(a), node_of(b)
        if na == nb:
            continue
        if (a.box[0] + a.box[2]) <= (b.box[0] + b.box[2]):
            add(na, 0.0, amount)
        else:
            add(nb, 0.0, amount)
    for (_, v), mark in pl.cuts.items():
        if mark.clear:
            continue
        edge = next(e for e in d.edges if e.v == v)
        if not (edge.cut or d.every_cut):
            continue
        need = 1.5 * (CLEARANCE - mark.clearance + 1.0) / max(mark.at, 0.3)
        add(v, need, need)
    return {n: (m[0], m[1]) for n, m in out.items()}


def _place_left_right(
    d: Diagram,
    width: dict[Hashable, float],
    height: dict[Hashable, float],
    reaches: dict[Hashable, tuple[float, float, float, float]],
    relative: dict[Hashable, list[Text]],
    moves: dict[Hashable, float],
    badges: dict[Hashable, tuple[float, float, float]],
    kinds: dict[Hashable, str],
) -> Placement:
    """Lay the tree out growing to the right: levels are columns, siblings stacked.

    Edges run from the right end of a node's drawing to the left end of its child's;
    move labels sit on the edges, so the columns make room for them.
    """
    st = d.style
    big = float(st["font_size"])
    side = {n: (r[0], r[1]) for n, r in reaches.items()}
    across = {n: (max(r[2], r[3], big * 0.65),) * 2 for n, r in reaches.items()}
    longest = max(left + right for left, right in side.values())
    most = max(moves.values(), default=0.0)
    column = max(float(st["level_sep"]), longest + most + 6 * GAP + 24.0)
    pos = tree_layout(
        d.graph,
        root=d.root,
        sibling_sep=float(st["sibling_sep"]) / 2,
        subtree_sep=float(st["subtree_sep"]) / 2,
        level_sep=column,
        extents=across,
    )
    placed = {n: (-y, -x) for n, (x, y) in pos.items()}
    pl = Placement(
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
        kinds=kinds,
        edge_widths={(e.u, e.v): e.line_width for e in d.edges},
    )
    _finish(d, pl, relative, -1)
    return pl
