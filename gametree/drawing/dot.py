"""The Graphviz emitter: :func:`to_dot` text, :func:`to_pydot` objects, rendering.

The DOT text is written here (one quoting helper, generated ids ``n0, n1, ...``), so it
is deterministic and needs no Graphviz. Rendering goes through pygraphviz when it is
installed (``pip install 'gametree[graphviz]'``, whose wheels bundle Graphviz), else a
``dot`` program on PATH.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.builders import bulk_build
from gametree.drawing.fit import arrange
from gametree.drawing.metrics import text_width
from gametree.drawing.model import Diagram, DrawnNode
from gametree.drawing.slots import Placement
from gametree.drawing.style import DEFAULT_FIT, diagram
from gametree.exceptions import RenderError

if TYPE_CHECKING:
    from gametree.readwrite.dotsyntax import DotGraph
    from gametree.search.result import SearchResult

__all__ = ["to_dot", "to_pydot"]

_SHAPES = {
    "MAX": "triangle",
    "MIN": "invtriangle",
    "CHANCE": "circle",
    "LEAF": "box",
    "STUB": "triangle",
    "MORE": "plaintext",
    "BARE": "plaintext",
}
_CENTRAL = 0.235
"""Graphviz puts a one-line label's baseline this many ems below its node's centre (in
DejaVu Sans; measured on its SVG output)."""
_TEXT_BOX = "fixedsize=false, width=0, height=0, margin=0.01"
_STYLES = {"dashed": "dashed", "dotted": "dotted", "solid": "solid"}


def dot_quote(text: str) -> str:
    """Return ``text`` as a double-quoted DOT string (quotes, backslashes, newlines).

    >>> print(dot_quote('say "hi" \\\\ bye'))
    "say \\"hi\\" \\\\ bye"
    """
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    escaped = escaped.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n")
    return f'"{escaped}"'


def to_dot(
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
    """Return the pruning diagram as Graphviz DOT text.

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree, bare or annotated by a search.
    result : SearchResult, optional
        A search of ``G`` to draw (``G`` is not changed).
    show, style, title, root, fit, collapse, max_depth, focus, orientation
        As for :func:`gametree.draw`.

    Returns
    -------
    str
        A ``digraph`` with nodes ``n0, n1, ...`` in preorder: MAX ``triangle``, MIN
        ``invtriangle``, CHANCE ``circle``, leaves ``box`` (``plaintext`` for a bare
        value), their value a text node ``n<i>_value``; names, visit order, bounds,
        counts and moves as text nodes in the same slots as :func:`gametree.draw`;
        pruned edges dashed with the two strokes of their cut mark (each an edge between
        two pinned points), the principal variation bold. Everything is pinned where
        the shared placement puts it (``pos="x,y!"``, each edge's end points in its
        ``pos``), and the file asks for no layout (``layout=nop2``, Graphviz's
        ``neato -n2``): ``dot -Tsvg`` draws it exactly as placed, in time and memory
        proportional to the tree (a layout engine run on 10,000 pinned nodes would take
        a minute and gigabytes).

    See Also
    --------
    to_pydot : the same as a :class:`pydot.Dot`.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> text = to_dot(G)
    >>> text.splitlines()[0]
    'digraph gametree {'
    >>> print(next(line for line in text.splitlines() if line.startswith("  n1 ")))
      n1 [shape=invtriangle, label="", pos="57.491,-55.959!", width=0.389, height=0.449];
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
    return diagram_dot(d)


def diagram_dot(d: Diagram, placement: Placement | None = None) -> str:
    """Return the DOT text of a computed :class:`~gametree.drawing.style.Diagram`.

    Everything is pinned where the shared placement puts it: shapes (a Graphviz triangle
    fills three quarters of its box, so its box and centre are set to draw ours), each
    label as a text node centred on its ink, each edge with its end points (``pos``,
    which ``layout=nop2`` draws as given), each cut mark's strokes as
    :func:`gametree.drawing.cuts.cut_marks` placed them.
    """
    st = d.style
    pl = placement if placement is not None else arrange(d)
    font = dot_quote(str(st["font_family"]))
    big = float(st["font_size"])
    lines = ["digraph gametree {"]
    graph_attrs = [
        "layout=nop2",
        "inputscale=72",
        "outputorder=edgesfirst",
        f"fontname={font}",
        f'pad="{_num(float(st["margin"]) / 72)}"',
    ]
    if d.title:
        graph_attrs += [f"label={dot_quote(d.title)}", "labelloc=t", f"fontsize={_num(big * 1.2)}"]
    lines.append(f"  graph [{', '.join(graph_attrs)}];")
    lines.append(
        f"  node [fontname={font}, fontsize={_num(big)}, style=filled, fillcolor=white, "
        "color=black, fixedsize=true, margin=0];"
    )
    lines.append("  edge [dir=none, color=black];")
    ids = {n.node: f"n{i}" for i, n in enumerate(d.nodes)}
    for n in d.nodes:
        x, y = pl.pos[n.node]
        w, h = pl.width[n.node], pl.height[n.node]
        kind = pl.kinds.get(n.node, n.kind)
        shape_id, sx = ids[n.node], x
        if n.board is not None:
            # The board is the node the edges meet; its shape stands beside it.
            lines.append(
                f"  {ids[n.node]} [shape=none, {_TEXT_BOX}, label=<{board_table(n)}>, "
                f'pos="{_num(x)},{_num(y)}!"];'
            )
            dx, w, h = pl.badges[n.node]
            shape_id, sx = f"{ids[n.node]}_shape", x + dx
        sy, box_h = y, h
        if kind in {"MAX", "STUB"}:
            sy, box_h = y - h / 6, h * 4 / 3
        elif kind == "MIN":
            sy, box_h = y + h / 6, h * 4 / 3
        attrs = [
            f"shape={_SHAPES.get(kind, 'box')}",
            'label=""',
            f'pos="{_num(sx)},{_num(sy)}!"',
            f"width={_num(w / 72)}",
            f"height={_num(box_h / 72)}",
        ]
        if n.value:
            attrs.append(f"tooltip={dot_quote(n.value)}")
        if n.hidden:
            what = "pruned" if n.kind == "STUB" else "below"
            attrs.append(f"tooltip={dot_quote(f'{n.hidden} nodes {what}')}")
        if kind in {"BARE", "MORE"}:
            attrs.append("style=invis")
        elif n.status in {"pruned", "unreached"}:
            attrs += [
                f'style="filled,{_STYLES.get(n.linestyle, "solid")}"',
                f"color={dot_quote(n.color)}",
                f"fillcolor={dot_quote(n.fill)}",
            ]
        elif n.current:
            attrs += [f"color={dot_quote(n.color)}", f"penwidth={_num(n.line_width)}"]
        elif n.pv:
            attrs.append(f"penwidth={_num(n.line_width)}")
        lines.append(f"  {shape_id} [{', '.join(attrs)}];")
    # Every label where the placement put it, centred on its ink.
    for t in pl.texts:
        w = t.width
        cx = t.x + {"start": w / 2, "end": -w / 2}.get(t.anchor, 0.0)
        cy = t.baseline + _CENTRAL * t.size
        if t.slot == "move":
            name = f"{ids[t.key[0]]}_{ids[t.key[1]]}_move"
        else:
            name = f"{ids[t.key]}_{t.slot}"
        face = (
            str(st["font_family"]) + (" Bold" if t.bold else "") + (" Oblique" if t.italic else "")
        )
        fill = "style=filled, fillcolor=white" if t.boxed else "style=solid"
        lines.append(
            f"  {name} [shape=plaintext, {fill}, {_TEXT_BOX}, label={dot_quote(t.text)}, "
            f"fontname={dot_quote(face)}, fontsize={_num(t.size)}, "
            f'fontcolor={dot_quote(t.color)}, pos="{_num(cx)},{_num(cy)}!"];'
        )
    for e in d.edges:
        attrs = []
        if e.status in {"pruned", "unreached"}:
            attrs += [f"style={_STYLES.get(e.linestyle, 'solid')}", f"color={dot_quote(e.color)}"]
        elif e.linestyle != "solid":
            attrs.append(f"style={_STYLES.get(e.linestyle, 'solid')}")
        if e.line_width != 1.0:
            attrs.append(f"penwidth={_num(e.line_width)}")
        # Drawn as placed (nop2 keeps an edge's pos): from the parent's shape to
        # the child's; Graphviz without -n2 draws it between the nodes, clipped.
        attrs.append(f'pos="{_spline(*pl.ends(e.u, e.v))}"')
        suffix = f" [{', '.join(attrs)}]"
        lines.append(f"  {ids[e.u]} -> {ids[e.v]}{suffix};")
    # A cut mark is two short strokes across the edge, as the other back ends draw it:
    # each an edge between two invisible points pinned at the stroke's ends.
    cut = f"color={dot_quote(str(st['cut_color']))}, penwidth={_num(st['cut_line_width'])}"
    for e in d.edges:
        mark = pl.cuts.get((e.u, e.v))
        if mark is None or not e.cut:
            continue
        for k, (a, b) in enumerate(mark.strokes):
            name = f"{ids[e.u]}_{ids[e.v]}_cut{k}"
            for end_name, (px, py) in (("a", a), ("b", b)):
                lines.append(
                    f"  {name}{end_name} [shape=point, style=invis, width=0.01, "
                    f'pos="{_num(px)},{_num(py)}!"];'
                )
            lines.append(
                f"  {name}a -> {name}b [{cut}, headclip=false, tailclip=false, "
                f'pos="{_spline(a, b)}"];'
            )
    if d.caption:
        # Under the drawing, left-aligned, as matplotlib and TikZ write it.
        cx = pl.xmin + text_width(d.caption, big) / 2
        cy = pl.ymin - float(st["margin"]) - big
        lines.append(
            f"  caption [shape=plaintext, {_TEXT_BOX}, label={dot_quote(d.caption)}, "
            f'fontsize={_num(big)}, pos="{_num(cx)},{_num(cy)}!"];'
        )
    lines.append("}")
    return "\n".join(lines) + "\n"


def _spline(a: tuple[float, float], b: tuple[float, float]) -> str:
    """A straight segment as the cubic Bezier an edge's ``pos`` holds."""
    points = [(a[0] + (b[0] - a[0]) * k / 3, a[1] + (b[1] - a[1]) * k / 3) for k in range(4)]
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def html_escape(text: str) -> str:
    """Return ``text`` escaped for a Graphviz HTML-like label.

    >>> html_escape('<b> & "c"')
    '&lt;b&gt; &amp; &quot;c&quot;'
    """
    return (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("\n", " ")
    )


def board_table(n: DrawnNode) -> str:
    """Return a board node's HTML-like label: a table of fixed-size cells.

    The table's border is the node's outline; each cell draws its right and bottom
    rules in the board's grid colour, so inner lines are single.
    """
    board = n.board
    assert board is not None
    border = max(1, round(n.line_width))
    style = {"dashed": ' STYLE="dashed"', "dotted": ' STYLE="dotted"'}.get(n.linestyle, "")
    out = [
        f'<TABLE BORDER="{border}" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" '
        f'COLOR="{_html_color(n.color)}" BGCOLOR="{_html_color(n.fill)}"{style}>'
    ]
    marks = {(r, c): text for r, c, text in board.marks()}
    size = f'WIDTH="{_num(board.cell_width)}" HEIGHT="{_num(board.cell_height)}" FIXEDSIZE="TRUE"'
    font = f'<FONT POINT-SIZE="{_num(board.mark_size)}" COLOR="{_html_color(n.text_color)}">'
    for r in range(board.n_rows):
        out.append("<TR>")
        for c in range(board.n_cols):
            sides = ("R" if c < board.n_cols - 1 else "") + ("B" if r < board.n_rows - 1 else "")
            grid = _html_color(board.grid_color)
            rules = f'SIDES="{sides}" COLOR="{grid}"' if sides else 'BORDER="0"'
            fill = f' BGCOLOR="{_html_color(board.last_fill)}"' if (r, c) in board.last else ""
            text = marks.get((r, c))
            inner = f"{font}<B>{html_escape(text)}</B></FONT>" if text else ""
            out.append(f"<TD {size} {rules}{fill}>{inner}</TD>")
        out.append("</TR>")
    out.append("</TABLE>")
    return "".join(out)


def _html_color(value: str) -> str:
    from matplotlib.colors import to_hex

    return to_hex(value)


def to_pydot(
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
) -> Any:
    """Return the pruning diagram as a :class:`pydot.Dot` (see :func:`to_dot`).

    Examples
    --------
    >>> import gametree
    >>> P = to_pydot(gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> P.get_node("n0")[0].get("shape")
    'triangle'
    """
    import pydot

    text = to_dot(
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
    # Built from gametree's own parse of the text: pydot's grammar takes milliseconds per
    # node. Values stay as written (quoted), as pydot keeps them when it parses.
    from gametree.readwrite.dotsyntax import parse_dot_syntax

    with bulk_build():
        return _pydot_of(pydot, parse_dot_syntax(text))


def _pydot_of(pydot: Any, parsed: DotGraph) -> Any:
    P = pydot.Dot(parsed.name.raw if parsed.name else "", graph_type="digraph")
    for key, ident in parsed.attrs.items():
        P.set(key, ident.raw)
    P.set_node_defaults(**{k: v.raw for k, v in parsed.node_defaults.items()})
    P.set_edge_defaults(**{k: v.raw for k, v in parsed.edge_defaults.items()})
    for name, attrs in parsed.nodes.items():
        node_attrs: dict[str, Any] = {k: v.raw for k, v in attrs.items()}
        P.add_node(pydot.Node(parsed.node_ids[name].raw, **node_attrs))
    for u, v, attrs in parsed.edges:
        edge_attrs: dict[str, Any] = {k: x.raw for k, x in attrs.items()}
        P.add_edge(pydot.Edge(parsed.node_ids[u].raw, parsed.node_ids[v].raw, **edge_attrs))
    return P


def render_dot(text: str, path: str | os.PathLike[str], fmt: str, *, dpi: float = 150) -> None:
    """Render DOT ``text`` to ``path`` in format ``fmt`` (png, svg, pdf) with Graphviz.

    The nodes are pinned at the positions :func:`to_dot` wrote, so Graphviz only draws
    (``neato -n2``). pygraphviz renders in-process when it is installed; otherwise the
    ``dot`` program on PATH is run.
    """
    try:
        import pygraphviz
    except ImportError:
        pygraphviz = None
    if pygraphviz is not None:
        graph = pygraphviz.AGraph(string=text)
        graph.draw(os.fspath(path), format=fmt, prog="neato", args=f"-n2 -Gdpi={_num(dpi)}")
        return
    program = shutil.which("dot")
    if program is None:
        raise RenderError(
            "Graphviz is not available: pip install 'gametree[graphviz]' (pygraphviz, "
            "Graphviz included) or install Graphviz's dot program (e.g. apt install graphviz)"
        )
    done = subprocess.run(
        [program, "-Kneato", "-n2", f"-Gdpi={_num(dpi)}", f"-T{fmt}", "-o", os.fspath(path)],
        input=text.encode("utf-8"),
        capture_output=True,
        check=False,
    )
    message = done.stderr.decode("utf-8", "replace").strip()
    if done.returncode != 0:
        first = message.splitlines()[0] if message else f"exit status {done.returncode}"
        raise RenderError(f"dot failed: {first}")


def _num(value: Any) -> str:
    number = float(value)
    if number.is_integer():
        return str(int(number))
    return f"{number:.3f}".rstrip("0").rstrip(".")
