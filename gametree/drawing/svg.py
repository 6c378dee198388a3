"""The SVG emitter: a pruning diagram as SVG elements with stable ids, for the web page.

Shapes, texts and their places come from the shared style (:func:`~gametree.drawing.style.diagram`)
and geometry (:func:`~gametree.drawing.slots.place`), so the SVG shows what the PNG shows.
Every node is a group ``id="n<i>"`` (``i`` its index in the diagram's preorder) and every
edge a group ``id="e<j>"`` (``j`` its index in :attr:`Diagram.edges`), so a script can
find them; each carries its text alternative (``aria-label``) and a ``data-status``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

import networkx as nx

from gametree.drawing.fit import arrange
from gametree.drawing.labels import Text, node_texts
from gametree.drawing.metrics import text_width
from gametree.drawing.model import Diagram, DrawnEdge, DrawnNode
from gametree.drawing.slots import Placement
from gametree.drawing.style import DEFAULT_FIT, diagram, visible

if TYPE_CHECKING:
    from gametree.search.result import SearchResult

__all__ = ["INNER", "diagram_svg", "to_svg"]

_DASHES = {"solid": None, "dashed": "4 2.5", "dotted": "1 2"}
_KIND_WORDS = {"MAX": "MAX node", "MIN": "MIN node", "CHANCE": "chance node", "LEAF": "leaf"}
INNER = ("MAX", "MIN", "CHANCE")
"""Kinds whose value and window a page fills in (not leaves, nor a view's stand-ins)."""


def to_svg(
    G: nx.DiGraph,
    result: SearchResult | None = None,
    *,
    show: str | Iterable[str] | None = None,
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    fit: tuple[float, float] | None = DEFAULT_FIT,
    collapse: str | None = None,
    max_depth: int | None = None,
    focus: Hashable | None = None,
    orientation: str = "top-down",
) -> str:
    """Return the pruning diagram of ``G`` as an SVG document (a string).

    Takes the arguments of :func:`gametree.draw` (without ``ax``), with the same
    defaults: the drawing is fitted to a 16:9 slide unless ``fit`` names another page
    (or None), and ``collapse``, ``max_depth``, ``focus`` and ``orientation`` draw the
    same part of the tree, placed the same way. Unlike the SVG that matplotlib writes,
    this one keeps the tree's structure: node ``i`` (in preorder) is the group ``n<i>``,
    edge ``j`` the group ``e<j>``, each with an ``aria-label`` (a stub says how many
    nodes it stands for). Sizes are in points (``viewBox`` units).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> svg = gametree.to_svg(G, gametree.alphabeta(G, annotate=False))
    >>> svg.startswith("<svg"), 'id="n0"' in svg, svg.count('class="cut"')
    (True, True, 2)
    >>> gametree.alphabeta(G)
    SearchResult(...)
    >>> 'aria-label="2 nodes pruned' in gametree.to_svg(G, collapse="pruned")
    True
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
    return diagram_svg(d)


def _num(x: float) -> str:
    """A coordinate with two decimals at most (small files, no ``-0``)."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _label(n: DrawnNode, edge_move: str = "") -> str:
    """The text alternative of a node: name, kind, value and window as read aloud."""
    if n.kind == "STUB":
        return f"{n.hidden} node{'' if n.hidden == 1 else 's'} pruned, not drawn"
    if n.kind == "MORE":
        return f"{n.hidden} nodes below, not drawn"
    parts = [n.name or visible(str(n.node)), _KIND_WORDS.get(n.kind, n.kind)]
    if n.board is not None:
        parts.append(f"board {n.board.text()}")
    if n.value:
        parts.append(f"value {n.value}")
    if n.bounds:
        parts.append(f"window {n.bounds}")
    if n.status:
        parts.append(n.status)
    return ", ".join(parts)


def _board_svg(n: DrawnNode, cx: float, cy: float, paint: str) -> str:
    """A node's game board: frame, last-move cells, cell lines, marks (centre cx, cy)."""
    board = n.board
    assert board is not None
    parts = [
        f'<g class="board" aria-hidden="true"><rect class="frame" '
        f'x="{_num(cx - board.width / 2)}" y="{_num(cy - board.height / 2)}" '
        f'width="{_num(board.width)}" height="{_num(board.height)}" {paint}/>'
    ]
    for r, c in sorted(board.last):
        x0, y0, x1, y1 = board.cell_box(r, c)
        parts.append(
            f'<rect x="{_num(cx + x0)}" y="{_num(cy - y1)}" width="{_num(x1 - x0)}" '
            f'height="{_num(y1 - y0)}" fill="{board.last_fill}"/>'
        )
    for (x0, y0), (x1, y1) in board.grid_lines():
        parts.append(
            f'<line x1="{_num(cx + x0)}" y1="{_num(cy - y0)}" x2="{_num(cx + x1)}" '
            f'y2="{_num(cy - y1)}" stroke="{board.grid_color}" stroke-width="0.6"/>'
        )
    for r, c, text in board.marks():
        dx, dy = board.cell_center(r, c)
        parts.append(
            f'<text x="{_num(cx + dx)}" y="{_num(cy - dy)}" font-size="{_num(board.mark_size)}" '
            f'font-weight="bold" text-anchor="middle" dominant-baseline="central" '
            f'fill="{n.text_color}">{escape(text)}</text>'
        )
    return "".join(parts) + "</g>"


def _spots(d: Diagram, pl: Placement, classes: bool) -> dict[tuple[Any, str], Text]:
    """Each text's place by (node or edge, slot). A page (``classes``) fills the value
    and window of inner nodes as the student or the steps go: their places are made
    even where the diagram has no text there yet."""
    spots = {(t.key, t.slot): t for t in pl.texts}
    if not classes:
        return spots
    for n in d.nodes:
        if n.kind not in INNER:
            continue
        missing = [s for s in ("value", "bounds") if (n.node, s) not in spots]
        if not missing:
            continue
        stand_in = replace(n, value=n.value or "0", bounds=n.bounds or "[0, 0]")
        kind = pl.kinds.get(n.node, n.kind)
        x, y = pl.pos[n.node]
        for t in node_texts(stand_in, kind, pl.width[n.node], pl.height[n.node], d.style,
                            badge=pl.badges.get(n.node)):  # fmt: skip
            if t.slot in missing:
                spots[(n.node, t.slot)] = t.moved(x, y)
    return spots


def _dash(linestyle: str) -> str:
    pattern = _DASHES.get(linestyle)
    return f' stroke-dasharray="{pattern}"' if pattern else ""


def diagram_svg(
    d: Diagram,
    placement: Placement | None = None,
    *,
    classes: bool = False,
    standalone: bool = True,
    id_prefix: str = "",
) -> str:
    """Return the SVG of a computed diagram.

    Parameters
    ----------
    d : Diagram
    placement : Placement, optional
        The geometry (default: :func:`~gametree.drawing.slots.place` of ``d``). The web
        page passes one computed for the widest texts any of its steps shows.
    classes : bool, default False
        Also mark every element with classes (``node``, ``edge``, ``value``, ``bounds``,
        ``hit``, ...) and draw empty value and window slots on internal nodes, for a
        script to fill; each edge then gets a wide invisible ``hit`` line to click.
    standalone : bool, default True
        Include the ``xmlns`` attribute (needed in an ``.svg`` file, optional inline).
    id_prefix : str, default ""
        Put before every id (several drawings in one page).
    """
    pl = placement if placement is not None else arrange(d)
    st = d.style
    margin = float(st["margin"])
    big = float(st["font_size"])
    family = str(st["font_family"])
    top = margin + (2.0 * big if d.title else 0.0)
    bottom = margin + (2.0 * big if d.caption else 0.0)
    width = pl.xmax - pl.xmin + 2 * margin
    # A caption wider than the tree widens the drawing to the right (as in matplotlib).
    width += max(0.0, text_width(d.caption, big) + 2 * margin - width)
    height = pl.ymax - pl.ymin + top + bottom

    def X(x: float) -> float:
        return x - pl.xmin + margin

    def Y(y: float) -> float:
        return pl.ymax - y + top

    ns = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    out = [
        f'<svg{ns} viewBox="0 0 {_num(width)} {_num(height)}" width="{_num(width)}pt" '
        f'height="{_num(height)}pt" font-family={quoteattr(family + ", sans-serif")} '
        f'role="group" aria-label={quoteattr(d.title or "game tree")}>'
    ]
    if d.title:
        out.append(
            f'<text class="title" x="{_num(width / 2)}" y="{_num(margin + big)}" '
            f'font-size="{_num(big * 1.2)}" text-anchor="middle">{escape(d.title)}</text>'
        )
    nodes = {n.node: n for n in d.nodes}

    def ends(e: DrawnEdge) -> tuple[float, float, float, float]:
        (x0, y0), (x1, y1) = pl.ends(e.u, e.v)
        return X(x0), Y(y0), X(x1), Y(y1)

    def along(point: tuple[float, float]) -> tuple[float, float]:
        return X(point[0]), Y(point[1])

    spots = _spots(d, pl, classes)

    def text(t: Text, content: str, cls: str, extra: str = "") -> str:
        style = ' font-style="italic"' if t.italic else ""
        style += ' font-weight="bold"' if t.bold else ""
        return (
            f'<text class="{cls}" x="{_num(X(t.x))}" y="{_num(Y(t.baseline))}" '
            f'font-size="{_num(t.size)}" text-anchor="{t.anchor}" fill="{t.color}"'
            f"{style}{extra}>{escape(content)}</text>"
        )

    out.append('<g class="edges">')
    order = sorted(range(len(d.edges)), key=lambda j: d.edges[j].pv)
    for j in order:
        e = d.edges[j]
        x0, y0, x1, y1 = ends(e)
        child = nodes[e.v]
        parent = nodes[e.u]
        what = f"edge {parent.name or e.u} to {child.name or e.v}"
        if e.move:
            what += f", move {e.move}"
        if e.status:
            what += f", {e.status}"
        cls = ' class="edge"' if classes else ""
        status = f' data-status="{e.status}"' if e.status else ""
        # A role, so that its label is allowed (ARIA prohibits aria-label on a plain g):
        # an edge is a picture of a move; the practice page's script makes it a button.
        out.append(f'<g id="{id_prefix}e{j}"{cls}{status} role="img" aria-label={quoteattr(what)}>')
        line = f'x1="{_num(x0)}" y1="{_num(y0)}" x2="{_num(x1)}" y2="{_num(y1)}"'
        out.append(
            f'<line class="stroke" {line} stroke="{e.color}" '
            f'stroke-width="{_num(e.line_width)}"{_dash(e.linestyle)} stroke-linecap="round"/>'
        )
        mark = pl.cuts.get((e.u, e.v))
        if mark is not None and (e.cut or classes):
            # Where gametree.drawing.cuts placed it; a page shows it once marked.
            strokes = [
                f'<line x1="{_num(X(a[0]))}" y1="{_num(Y(a[1]))}" '
                f'x2="{_num(X(b[0]))}" y2="{_num(Y(b[1]))}"/>'
                for a, b in mark.strokes
            ]
            hidden = "" if e.cut else ' visibility="hidden"'
            out.append(
                f'<g class="cut" stroke="{st["cut_color"]}" '
                f'stroke-width="{_num(float(st["cut_line_width"]))}"{hidden}>'
                + "".join(strokes)
                + "</g>"
            )
        moved = spots.get(((e.u, e.v), "move"))
        if e.move and moved is not None:
            x_0, y_0, x_1, y_1 = moved.box()
            out.append(
                f'<rect class="move-box" x="{_num(X(x_0) - 1.5)}" y="{_num(Y(y_1) - 1)}" '
                f'width="{_num(x_1 - x_0 + 3)}" height="{_num(y_1 - y_0 + 2)}" fill="white"/>'
                + text(moved, e.move, "move")
            )
        out.append("</g>")
    out.append("</g>")

    out.append('<g class="nodes">')
    for i, n in enumerate(d.nodes):
        x, y = pl.pos[n.node]
        cx, cy = X(x), Y(y)
        w = pl.width[n.node]
        kind = n.kind.lower()
        cls = f' class="node {kind}"' if classes else ""
        status = f' data-status="{n.status}"' if n.status else ""
        focus = ' tabindex="0"' if classes else ""
        label = quoteattr(_label(n))
        out.append(f'<g id="{id_prefix}n{i}"{cls}{status}{focus} role="img" aria-label={label}>')
        if classes:
            # A tooltip on hover: the node's name and what it holds.
            out.append(f"<title>{escape(_label(n))}</title>")
        paint = (
            f'fill="{n.fill}" stroke="{n.color}" stroke-width="{_num(n.line_width)}"'
            f"{_dash(n.linestyle)}"
        )
        if n.board is not None:
            out.append(_board_svg(n, cx, cy, paint))
        outline = pl.outline(n.node)
        if n.kind == "CHANCE" and outline:
            vx = cx + (pl.badges[n.node][0] if n.node in pl.badges else 0.0)
            r = pl.badges[n.node][1] / 2 if n.node in pl.badges else w / 2
            out.append(
                f'<circle class="shape" cx="{_num(vx)}" cy="{_num(cy)}" r="{_num(r)}" {paint}/>'
            )
        elif outline:
            points = " ".join(f"{_num(cx + px)},{_num(cy - py)}" for px, py in outline)
            out.append(f'<polygon class="shape" points="{points}" {paint}/>')
        else:
            # A bare value: an invisible box the size of its ink, for focus and clicks.
            h = pl.height[n.node]
            out.append(
                f'<rect class="shape" x="{_num(cx - w / 2)}" y="{_num(cy - h / 2)}" '
                f'width="{_num(w)}" height="{_num(h)}" fill="none" stroke="none"/>'
            )
        for slot in ("value", "name", "order", "bounds", "count"):
            t = spots.get((n.node, slot))
            content = {"value": n.value, "name": n.name, "order": n.order, "bounds": n.bounds}
            if t is None:
                continue
            shown = content.get(slot, t.text)
            if not shown and not (classes and n.kind in INNER and slot in ("value", "bounds")):
                continue
            out.append(text(t, shown, slot))
        out.append("</g>")
    out.append("</g>")
    if d.caption:
        out.append(
            f'<text class="caption" x="{_num(margin)}" y="{_num(height - margin)}" '
            f'font-size="{_num(big)}">{escape(d.caption)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out)
