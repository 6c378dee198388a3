"""The matplotlib emitter: :func:`draw` a pruning diagram on an axes, return its artists.

matplotlib is imported inside the functions, so importing :mod:`gametree` stays light.
Figures are made with :class:`matplotlib.figure.Figure` and the Agg canvas, never with
pyplot, so drawing works headless and leaves pyplot's state alone.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import networkx as nx

from gametree.drawing.fit import arrange
from gametree.drawing.labels import centred_baseline
from gametree.drawing.metrics import text_width
from gametree.drawing.model import Diagram
from gametree.drawing.shapes import shape_outline
from gametree.drawing.slots import Placement
from gametree.drawing.style import DEFAULT_FIT, diagram

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.collections import LineCollection, PathCollection, PolyCollection
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    from gametree.search.result import SearchResult

__all__ = ["Artists", "draw", "draw_diagram"]

TEXT_ARTISTS_UP_TO = 300
"""Diagrams with at most this many nodes get one :class:`~matplotlib.text.Text` per label."""

LookT = TypeVar("LookT", bound=Hashable)

_LINESTYLES = {"solid": "solid", "dashed": (0, (4.0, 2.5)), "dotted": (0, (1.0, 2.0))}


@dataclass
class Artists:
    """The artists :func:`draw` added, by role (texts keyed by node, moves by edge)."""

    ax: Axes
    nodes: PolyCollection
    """Every node's shape, in the diagram's preorder (``nodes.get_paths()``)."""
    edges: LineCollection
    cut_marks: LineCollection
    """Two strokes across each pruned edge (placed by :func:`gametree.drawing.cuts.cut_marks`)."""
    values: dict[Hashable, Text] = field(default_factory=dict)
    names: dict[Hashable, Text] = field(default_factory=dict)
    bounds: dict[Hashable, Text] = field(default_factory=dict)
    order: dict[Hashable, Text] = field(default_factory=dict)
    moves: dict[tuple[Hashable, Hashable], Text] = field(default_factory=dict)
    counts: dict[Hashable, Text] = field(default_factory=dict)
    """The count of nodes beside each stub of a collapsed view: ``(13 nodes)``."""
    marks: dict[tuple[Hashable, int, int], Text] = field(default_factory=dict)
    """The marks on game boards, keyed by (node, row, column)."""
    boards: PolyCollection | None = None
    """The frame of every board (``gametree.drawing.boards``), in preorder."""
    board_cells: PolyCollection | None = None
    """The filled cells: each board's last move."""
    board_lines: LineCollection | None = None
    """The lines between the cells of the boards."""
    title: Text | None = None
    caption: Text | None = None
    placement: Placement | None = None
    labels: PathCollection | None = None
    """On diagrams of more than :data:`TEXT_ARTISTS_UP_TO` nodes, every slot's text as
    one collection of glyph outlines (much faster than one Text artist per label); the
    ``values``, ``names``, ... dicts are then empty."""
    texts: list[Label] = field(default_factory=list)
    """On those diagrams, every label as placed (data coordinates, on its baseline)."""

    @property
    def figure(self) -> Figure:
        """The figure the artists are on."""
        return self.ax.figure  # type: ignore[return-value]

    def __iter__(self) -> Iterator[Any]:
        yield self.edges
        yield self.cut_marks
        yield self.nodes
        for collection in (self.boards, self.board_cells, self.board_lines):
            if collection is not None:
                yield collection
        groups = (self.values, self.names, self.bounds, self.order, self.moves, self.counts,
                  self.marks)  # fmt: skip
        for group in groups:
            yield from group.values()
        if self.labels is not None:
            yield self.labels
        if self.title is not None:
            yield self.title
        if self.caption is not None:
            yield self.caption


def draw(
    G: nx.DiGraph,
    result: SearchResult | None = None,
    *,
    ax: Axes | None = None,
    show: str | Iterable[str] | None = None,
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    fit: tuple[float, float] | None = DEFAULT_FIT,
    collapse: str | None = None,
    max_depth: int | None = None,
    focus: Hashable | None = None,
    orientation: str = "top-down",
) -> Artists:
    """Draw a pruning diagram with matplotlib and return its artists.

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree: bare (an exercise sheet: shapes and leaf values), or annotated by a
        search (``annotate=True`` or :func:`gametree.annotate`).
    result : SearchResult, optional
        A search of ``G`` to draw; ``G`` itself is left unchanged.
    ax : matplotlib.axes.Axes, optional
        Draw here (never cleared; its aspect is set equal and its axis turned off).
        Default: a new figure sized so that every text fits, one point per layout unit.
    show : str or iterable of str, optional
        Slots to fill: ``values`` (backed-up values), ``bounds`` (``[a, b]`` at exit),
        ``order`` (visit numbers ``#k``), ``names``, ``moves``. Default
        ``values,names,moves``. Leaf values are always drawn.
    style : mapping, optional
        Overrides of :data:`gametree.drawing.style.DEFAULT_STYLE`, key by key.
    title : str, optional
        Caption over the drawing.
    root : hashable, optional
        Draw the subtree of this node (default: the root).
    fit : (float, float) or None, default (13.33, 7.5)
        The page (width, height) in inches to fit, default a 16:9 slide: a large tree
        shrinks (fonts never below 7 pt), spreads its levels over the page and staggers
        crowded leaves; a small one keeps its natural size. None: natural size. Warns
        (:class:`gametree.FitWarning`) when the tree cannot fit legibly.
    collapse : {"pruned"}, optional
        Draw the pruned children of each node as one greyed stub with the count of the
        nodes it hides.
    max_depth : int, optional
        Stop this many levels below the root; an ellipsis marks what lies below.
    focus : hashable, optional
        Draw only the path from the root to this node and the subtree under it.
    orientation : {"top-down", "left-right"}, default "top-down"
        The direction the tree grows; "left-right" suits deep, narrow trees.

    Returns
    -------
    Artists
        The collections and texts added, by role; ``.figure`` is the figure.

    Notes
    -----
    MAX nodes are upward triangles, MIN downward triangles, CHANCE circles, leaves
    squares holding their value. Pruned edges are dashed with a double stroke across
    them and their subtrees greyed; unreached nodes are dotted on a light grey fill; the principal
    variation is bold. Only dash patterns and line weights carry meaning, so the drawing
    reads in greyscale.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> artists = draw(G)
    >>> artists.values["E"].get_text(), artists.names["A"].get_text()
    ('3', 'A')
    >>> len(artists.nodes.get_paths())
    13
    """
    d = diagram(
        G,
        result,
        show=show,
        style=style,
        title=title,
        root=root,
        fit=fit,
        collapse=collapse,
        max_depth=max_depth,
        focus=focus,
        orientation=orientation,
    )
    return draw_diagram(d, ax=ax)


def new_figure(d: Diagram, placement: Placement) -> tuple[Figure, Axes]:
    """Return an Agg figure and a full-size axes in which one data unit is one point."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    st = d.style
    margin = float(st["margin"])
    top = margin + (2.0 * float(st["font_size"]) if d.title else 0.0)
    bottom = margin + (2.0 * float(st["font_size"]) if d.caption else 0.0)
    width = placement.xmax - placement.xmin + 2 * margin
    # A caption wider than the tree widens the figure to the right, a title wider than
    # that on both sides (it is centred).
    extra = max(0.0, text_width(d.caption, float(st["font_size"])) + 2 * margin - width)
    width += extra
    wide = text_width(d.title, 1.2 * float(st["font_size"])) + 2 * margin if d.title else 0.0
    side = max(0.0, wide - width) / 2
    width += 2 * side
    height = placement.ymax - placement.ymin + top + bottom
    fig = Figure(figsize=(width / 72.0, height / 72.0), dpi=float(st["dpi"]))
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_axis_off()
    ax.set_xlim(placement.xmin - margin - side, placement.xmax + margin + extra + side)
    ax.set_ylim(placement.ymin - bottom, placement.ymax + top)
    ax.set_aspect("equal")
    return fig, ax


def draw_diagram(
    d: Diagram,
    *,
    ax: Axes | None = None,
    placement: Placement | None = None,
    outlines: bool = True,
    by_look: bool = False,
) -> Artists:
    """Draw a computed :class:`~gametree.drawing.style.Diagram` (see :func:`draw`).

    ``outlines=False`` leaves a large diagram's labels out of its (then empty) glyph
    collection, for a writer that writes them as text itself (``Artists.texts``): an
    SVG file's ``<text>`` elements (see :mod:`gametree.drawing.svgtext`).

    ``by_look=True`` draws the edges, the cut marks and the shapes as one path per look
    (colour, width, dashes), in data coordinates: the picture is the same, but the
    collections no longer hold a path per edge or node. A vector writer of a large
    diagram asks for it (matplotlib writes an SVG element per path, most of the time
    such a file takes).
    """
    from matplotlib.collections import LineCollection, PolyCollection
    from matplotlib.transforms import Affine2D, ScaledTranslation

    pl = placement if placement is not None else arrange(d)
    own_figure = ax is None
    if ax is None:
        fig, ax = new_figure(d, pl)
    else:
        fig = ax.figure  # type: ignore[assignment]
        ax.set_axis_off()
        ax.set_aspect("equal", adjustable="datalim")
        ax.update_datalim([(pl.xmin, pl.ymin), (pl.xmax, pl.ymax)])
        ax.autoscale_view()
    st = d.style
    points = Affine2D().scale(1.0 / 72.0) + fig.dpi_scale_trans
    pos = pl.pos
    unit = 1.0 if own_figure else _points_per_unit(ax)

    def ends(u: Hashable, v: Hashable) -> tuple[tuple[float, float], tuple[float, float]]:
        return pl.ends(u, v, unit)

    # Edges under the shapes, the principal variation on top of the other edges.
    edges = sorted(d.edges, key=lambda e: e.pv)
    segments: list[Any] = [ends(e.u, e.v) for e in edges]
    edge_looks = [(e.color, e.line_width, e.linestyle) for e in edges]
    if by_look:
        segments, edge_looks = _by_look(segments, edge_looks)
    edge_lines = LineCollection(
        segments,
        colors=[look[0] for look in edge_looks],
        linewidths=[look[1] for look in edge_looks],
        linestyles=[_LINESTYLES.get(look[2], look[2]) for look in edge_looks],
        capstyle="round",
        zorder=1,
        gid="edges",
    )
    ax.add_collection(edge_lines, autolim=False)

    # The cut marks where gametree.drawing.cuts placed them: strokes in points around
    # their centre, the centre on the edge as drawn on these axes.
    cut_paths: list[Any] = []
    cut_offsets: list[tuple[float, float]] = []
    for e in edges:
        mark = pl.cuts.get((e.u, e.v))
        if mark is None or not e.cut:
            continue
        (x0, y0), (x1, y1) = ends(e.u, e.v)
        centre = (x0 + mark.at * (x1 - x0), y0 + mark.at * (y1 - y0))
        cx, cy = mark.centre
        for a, b in mark.strokes:
            cut_paths.append([(a[0] - cx, a[1] - cy), (b[0] - cx, b[1] - cy)])
            cut_offsets.append(centre)
    # In points about their offsets, or (by look) in data coordinates.
    cut_at: dict[str, Any] = {"offsets": cut_offsets or None, "offset_transform": ax.transData,
                              "transform": points}  # fmt: skip
    if by_look:
        absolute = [[(ox + x / unit, oy + y / unit) for x, y in stroke]
                    for stroke, (ox, oy) in zip(cut_paths, cut_offsets, strict=True)]  # fmt: skip
        cut_paths, _ = _by_look(absolute, [()] * len(absolute))
        cut_at = {"transform": ax.transData}
    cut_lines = LineCollection(
        cut_paths,
        **cut_at,
        colors=str(st["cut_color"]),
        linewidths=float(st["cut_line_width"]),
        capstyle="butt",
        zorder=1.5,
        gid="cut-marks",
    )
    ax.add_collection(cut_lines, autolim=False)

    import numpy as np

    # One path per node, in preorder (a bare value has an empty one).
    shapes: list[Any] = [
        np.asarray(pl.outline(n.node), dtype=float).reshape(-1, 2) for n in d.nodes
    ]
    offsets = [pos[n.node] for n in d.nodes]
    node_looks = [(n.fill, n.color, n.line_width, n.linestyle) for n in d.nodes]
    shape_at: dict[str, Any] = {"offsets": offsets, "offset_transform": ax.transData,
                                "transform": points}  # fmt: skip
    if by_look:
        absolute = [
            np.asarray(xy) + shape / unit for shape, xy in zip(shapes, offsets, strict=True)
        ]
        shapes, node_looks = _by_look(absolute, node_looks, closed=True)
        shape_at = {"transform": ax.transData}
    node_shapes = PolyCollection(
        [],
        **shape_at,
        facecolors=[look[0] for look in node_looks],
        edgecolors=[look[1] for look in node_looks],
        linewidths=[look[2] for look in node_looks],
        linestyles=[_LINESTYLES.get(look[3], look[3]) for look in node_looks],
        zorder=2,
        gid="nodes",
    )
    if by_look:
        codes: Any = [c for _, c in shapes]  # arrays of codes (matplotlib's stub says ints)
        node_shapes.set_verts_and_codes([v for v, _ in shapes], codes)
    else:
        node_shapes.set_verts(shapes)
    ax.add_collection(node_shapes, autolim=False)

    big = float(st["font_size"])
    font = {"fontfamily": st["font_family"], "zorder": 3}

    artists = Artists(ax=ax, nodes=node_shapes, edges=edge_lines, cut_marks=cut_lines)
    artists.placement = pl
    labels: list[Label] = []
    _add_boards(ax, d, pl, points, artists, labels, unit)
    for t in pl.texts:
        # Offsets from a node (or a move's spot) are in points; ``unit`` points make one
        # data unit (1 on our own figure).
        if t.slot == "move":
            u, v = t.key
            ox, oy = pl.move_at(u, v)
            bx, by = pl.move_at(u, v, unit)
        else:
            ox, oy = pos[t.key]
            bx, by = ox, oy
        x = bx + (t.x - ox) / unit
        y = by + (t.baseline - oy) / unit
        labels.append(Label(_GROUPS[t.slot], t.key, x, y, t.text, t.size, t.color,
                             _ALIGN[t.anchor], bold=t.bold, italic=t.italic,
                             boxed=t.boxed))  # fmt: skip
    if len(d.nodes) <= TEXT_ARTISTS_UP_TO:
        _add_texts(ax, labels, artists, str(st["font_family"]))
    else:
        artists.texts = labels
        artists.labels = _add_label_paths(ax, labels, unit, str(st["font_family"]),
                                          glyphs=outlines)  # fmt: skip
    if d.title:
        if own_figure:
            artists.title = ax.text(
                0.5, 1.0, d.title, transform=ax.transAxes + ScaledTranslation(
                    0.0, -float(st["margin"]) / 72.0, fig.dpi_scale_trans),
                fontsize=big * 1.2, ha="center", va="top", **font,
            )  # fmt: skip
        else:
            artists.title = ax.set_title(d.title, fontsize=big * 1.2, fontfamily=st["font_family"])
    if d.caption:
        artists.caption = ax.text(
            0.0, 0.0, d.caption, transform=ax.transAxes + ScaledTranslation(
                float(st["margin"]) / 72.0, float(st["margin"]) / 72.0, fig.dpi_scale_trans),
            fontsize=big, ha="left", va="bottom", **font,
        )  # fmt: skip
    return artists


def _by_look(
    paths: Sequence[Any], looks: Sequence[LookT], *, closed: bool = False
) -> tuple[list[Any], list[LookT]]:
    """The paths joined into one per look, in the order each look first comes.

    Lines (``closed=False``) come back as vertex arrays with a row of NaN between two
    paths, which matplotlib draws as a break; polygons as ``(vertices, codes)`` with each
    closed, for :meth:`~matplotlib.collections.PolyCollection.set_verts_and_codes`.
    """
    import numpy as np
    from matplotlib.path import Path

    groups: dict[LookT, list[Any]] = {}
    for path, look in zip(paths, looks, strict=True):
        vertices = np.asarray(path, dtype=float).reshape(-1, 2)
        if len(vertices):
            groups.setdefault(look, []).append(vertices)
    joined: list[Any] = []
    for pieces in groups.values():
        if not closed:
            gap = np.full((1, 2), np.nan)
            joined.append(np.concatenate([part for v in pieces for part in (v, gap)][:-1]))
            continue
        outlines = (Path(np.concatenate([v, v[:1]]), closed=True) for v in pieces)
        compound = Path.make_compound_path(*outlines)
        joined.append((compound.vertices, compound.codes))
    return joined, list(groups)


_GROUPS = {"value": "values", "name": "names", "bounds": "bounds", "order": "order",
           "move": "moves", "count": "counts"}  # fmt: skip
_ALIGN = {"start": "left", "middle": "center", "end": "right"}


@dataclass
class Label:
    """One text of the diagram: its slot, whose it is, where (on its baseline), and how
    it looks."""

    slot: str
    key: Any
    x: float
    y: float
    text: str
    size: float
    color: str
    ha: str
    bold: bool = False
    italic: bool = False
    boxed: bool = False


def _add_texts(ax: Axes, labels: list[Label], artists: Artists, family: str) -> None:
    box = {"boxstyle": "square,pad=0.12", "facecolor": "white", "edgecolor": "none"}
    for lb in labels:
        text = ax.text(
            lb.x, lb.y, lb.text, fontsize=lb.size, color=lb.color, ha=lb.ha,
            va="baseline", fontweight="bold" if lb.bold else "normal",
            fontstyle="italic" if lb.italic else "normal", fontfamily=family, zorder=3,
            bbox=box if lb.boxed else None,
        )  # fmt: skip
        getattr(artists, lb.slot)[lb.key] = text


_GLYPHS: dict[tuple[str, str, bool, bool], tuple[Any, Any, float]] = {}
"""Outline (vertices at size 1, codes) and advance of each character drawn so far."""


def _glyph(ch: str, family: str, bold: bool, italic: bool) -> tuple[Any, Any, float]:
    key = (family, ch, bold, italic)
    found = _GLYPHS.get(key)
    if found is not None:
        return found
    from matplotlib import ft2font
    from matplotlib.font_manager import FontProperties, findfont, get_font
    from matplotlib.textpath import TextPath

    prop = FontProperties(
        family=family, weight="bold" if bold else "normal", style="italic" if italic else "normal"
    )
    import numpy as np

    if ch.isspace():
        vertices, codes = np.zeros((0, 2)), np.zeros(0, dtype=np.uint8)
    else:
        outline = TextPath((0.0, 0.0), ch, size=100.0, prop=prop)
        vertices, codes = outline.vertices / 100.0, outline.codes
    font = get_font(findfont(prop))
    font.set_size(100.0, 72)
    flags: Any = getattr(ft2font, "LoadFlags", None)
    no_hinting = flags.NO_HINTING if flags is not None else ft2font.LOAD_NO_HINTING  # type: ignore[attr-defined]
    advance = font.load_char(ord(ch), flags=no_hinting).linearHoriAdvance / 65536.0 / 100.0
    found = (vertices, codes, float(advance))
    _GLYPHS[key] = found
    return found


def _add_label_paths(
    ax: Axes, labels: list[Label], unit: float, family: str, *, glyphs: bool = True
) -> PathCollection:
    """Add every label as glyph outlines in data coordinates: one path per colour
    (``glyphs=False``: only the white boxes behind boxed labels, the collection empty).

    Glyphs are cached per character and laid side by side by their advance (no
    kerning), so thousands of labels cost little, in raster and vector output alike.
    """
    import numpy as np
    from matplotlib.collections import PathCollection, PolyCollection
    from matplotlib.path import Path

    by_color: dict[str, tuple[list[Any], list[Any]]] = {}
    boxes: list[list[tuple[float, float]]] = []
    for lb in labels:
        if not (glyphs or lb.boxed):
            continue
        pieces = []
        pen = 0.0
        for ch in lb.text:
            vertices, codes, advance = _glyph(ch, family, lb.bold, lb.italic)
            if len(vertices):
                pieces.append((vertices + np.array([pen, 0.0]), codes))
            pen += advance
        width = pen * lb.size
        left = {"left": 0.0, "right": -width}.get(lb.ha, -width / 2)
        scale = lb.size / unit
        shift = np.array([lb.x + left / unit, lb.y])
        verts, codes_list = by_color.setdefault(lb.color, ([], []))
        for vertices, codes in pieces if glyphs else []:
            verts.append(vertices * scale + shift)
            codes_list.append(codes)
        if lb.boxed:
            pad = 1.5 / unit
            x0, x1 = shift[0] - pad, shift[0] + width / unit + pad
            y0, y1 = lb.y - 0.3 * scale, lb.y + 0.9 * scale
            boxes.append([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
    if boxes:
        backs = PolyCollection(boxes, facecolors="white", edgecolors="none", zorder=2.5)
        ax.add_collection(backs, autolim=False)
    paths = []
    colors = []
    for color, (verts, codes_list) in by_color.items():
        if verts:
            paths.append(Path(np.concatenate(verts), np.concatenate(codes_list)))
            colors.append(color)
    collection = PathCollection(
        paths, facecolors=colors, edgecolors="none", zorder=3, gid="labels",
        transform=ax.transData,
    )  # fmt: skip
    ax.add_collection(collection, autolim=False)
    return collection


def _add_boards(
    ax: Axes,
    d: Diagram,
    pl: Placement,
    points: Any,
    artists: Artists,
    labels: list[Label],
    unit: float,
) -> None:
    """Add the boards: frames (the node's outline), last-move cells, cell lines, marks."""
    from matplotlib.collections import LineCollection, PolyCollection

    drawn = [n for n in d.nodes if n.board is not None]
    if not drawn:
        return
    frames, cells, cell_offsets, cell_fills = [], [], [], []
    lines, line_offsets, line_colors = [], [], []
    for n in drawn:
        board = n.board
        assert board is not None
        x, y = pl.pos[n.node]
        frames.append(shape_outline("LEAF", board.width, board.height))
        for r, c in sorted(board.last):
            x0, y0, x1, y1 = board.cell_box(r, c)
            cells.append([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
            cell_offsets.append((x, y))
            cell_fills.append(board.last_fill)
        for segment in board.grid_lines():
            lines.append(list(segment))
            line_offsets.append((x, y))
            line_colors.append(board.grid_color)
        for r, c, text in board.marks():
            dx, dy = board.cell_center(r, c)
            dy += centred_baseline(board.mark_size)
            labels.append(Label("marks", (n.node, r, c), x + dx / unit, y + dy / unit, text,
                                 board.mark_size, n.text_color, "center", bold=True))  # fmt: skip
    placed = {"offset_transform": ax.transData, "transform": points}
    artists.boards = PolyCollection(
        frames, offsets=[pl.pos[n.node] for n in drawn], facecolors=[n.fill for n in drawn],
        edgecolors=[n.color for n in drawn], linewidths=[n.line_width for n in drawn],
        linestyles=[_LINESTYLES.get(n.linestyle, n.linestyle) for n in drawn],
        zorder=2, gid="boards", **placed,
    )  # fmt: skip
    artists.board_cells = PolyCollection(
        cells, offsets=cell_offsets or None, facecolors=cell_fills, edgecolors="none",
        zorder=2.1, gid="board-last-moves", **placed,
    )  # fmt: skip
    artists.board_lines = LineCollection(
        lines, offsets=line_offsets or None, colors=line_colors, linewidths=0.6,
        zorder=2.2, gid="board-lines", **placed,
    )  # fmt: skip
    for collection in (artists.boards, artists.board_cells, artists.board_lines):
        ax.add_collection(collection, autolim=False)


def _points_per_unit(ax: Axes) -> float:
    """Points per data unit of a caller's axes (after its aspect is applied)."""
    ax.apply_aspect()
    x0, x1 = ax.get_xlim()
    width_px = ax.get_window_extent().width
    if x1 == x0 or width_px <= 0:
        return 1.0
    return float(width_px / abs(x1 - x0) * 72.0 / ax.figure.dpi)
