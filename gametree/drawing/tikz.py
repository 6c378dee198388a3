"""The TikZ emitter: :func:`to_tikz` for lecture notes and exam sheets (pdflatex)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.drawing.fit import arrange
from gametree.drawing.model import Diagram
from gametree.drawing.slots import Placement
from gametree.drawing.style import DEFAULT_FIT, diagram
from gametree.drawing.tex import (
    ANCHORS,
    TEXT_STYLES,
    Palette,
    board_paths,
    bounding_box,
    dash,
    frame_texts,
    num,
    outline,
    standalone_document,
    tex_escape,
    text_styles,
)

if TYPE_CHECKING:
    from gametree.search.result import SearchResult

__all__ = ["PREAMBLE", "diagram_tikz", "tex_escape", "to_tikz"]

PREAMBLE = "\\usepackage{tikz}\n"
"""What a document needs in its preamble to ``\\input`` a :func:`to_tikz` picture."""


def to_tikz(
    G: nx.DiGraph,
    result: SearchResult | None = None,
    *,
    standalone: bool = False,
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
    r"""Return the pruning diagram as a TikZ picture (or a whole LaTeX document).

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree, bare or annotated by a search.
    result : SearchResult, optional
        A search of ``G`` to draw (``G`` is not changed).
    standalone : bool, default False
        Return a complete document that pdflatex compiles to a PDF page cropped to the
        picture. Otherwise a ``tikzpicture`` to ``\input``; its preamble needs
        :data:`PREAMBLE` (``\usepackage{tikz}`` and the ``decorations.markings``
        library).
    show, style, title, root, fit, collapse, max_depth, focus, orientation
        As for :func:`gametree.draw`.

    Returns
    -------
    str
        TikZ code with the same layout and slots as :func:`gametree.draw`: coordinates
        ``n0, n1, ...`` in preorder, labels escaped for TeX.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> lines = to_tikz(G).splitlines()
    >>> lines[0]
    '\\begin{tikzpicture}[x=1pt, y=1pt,'
    >>> [line for line in lines if "(n0)" in line][0]
    '  \\coordinate (n0) at (167.55, 0);'
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
    picture = diagram_tikz(d)
    if not standalone:
        return picture
    return standalone_document(PREAMBLE, picture)


def diagram_tikz(d: Diagram, placement: Placement | None = None) -> str:
    """Return the ``tikzpicture`` of a computed :class:`~gametree.drawing.style.Diagram`.

    Everything is at the coordinates of the shared placement (points): the nodes'
    centres ``n0, n1, ...``, the edges, each label on its baseline (anchors ``base``,
    ``base west``, ``base east``, font sizes as placed) and each cut mark's two strokes
    as :func:`gametree.drawing.cuts.cut_marks` placed them.
    """
    st = d.style
    pl = placement if placement is not None else arrange(d)
    palette = Palette()
    color = palette.name
    body: list[str] = []
    ids = {n.node: f"n{i}" for i, n in enumerate(d.nodes)}
    for n in d.nodes:
        x, y = pl.pos[n.node]
        body.append(f"  \\coordinate ({ids[n.node]}) at ({num(x)}, {num(y)});")
    for e in sorted(d.edges, key=lambda e: e.pv):
        (x0, y0), (x1, y1) = pl.ends(e.u, e.v)
        opts = [
            f"draw={color(e.color)}",
            f"line width={num(e.line_width)}pt",
            dash(e.linestyle),
        ]
        body.append(
            f"  \\path[{', '.join(o for o in opts if o)}] "
            f"({num(x0)}, {num(y0)}) -- ({num(x1)}, {num(y1)});"
        )
    cut = color(str(st["cut_color"]))
    for e in d.edges:
        mark = pl.cuts.get((e.u, e.v))
        if mark is None or not e.cut:
            continue
        strokes = " ".join(
            f"({num(a[0])}, {num(a[1])}) -- ({num(b[0])}, {num(b[1])})" for a, b in mark.strokes
        )
        body.append(f"  \\draw[gt stroke] {strokes};")
    texts = [t for t in pl.texts if t.slot == "move"]
    for n in d.nodes:
        w, h = pl.width[n.node], pl.height[n.node]
        at = ids[n.node]
        if n.board is not None:
            body.extend(board_paths(n, pl.pos[n.node], color))
            dx, w, h = pl.badges[n.node]
            at = f"[xshift={num(dx)}pt]{ids[n.node]}"
        opts = [
            f"draw={color(n.color)}",
            f"fill={color(n.fill)}",
            f"line width={num(n.line_width)}pt",
            dash(n.linestyle),
        ]
        path = outline(pl.kinds.get(n.node, n.kind), w, h)
        if path:
            body.append(f"  \\path[{', '.join(o for o in opts if o)}] ({at}) {path};")
    for t in pl.texts:
        if t.slot == "move":
            continue
        texts.append(t)
    for t in texts:
        style = TEXT_STYLES[t.slot]
        weight = "\\bfseries{}" if t.bold else ""
        if t.slot == "move":
            at = f"{num(t.x)}, {num(t.baseline)}"
        else:
            # A node's texts from its coordinate, so that the picture reads as the tree.
            x, y = pl.pos[t.key]
            at = f"[xshift={num(t.x - x)}pt, yshift={num(t.baseline - y)}pt]{ids[t.key]}"
        body.append(
            f"  \\node[{style}, anchor={ANCHORS[t.anchor]}, text={color(t.color)}] at "
            f"({at}) {{{weight}{tex_escape(t.text)}}};"
        )
    body.extend(f"  {line}" for line in frame_texts(d, pl))
    header = [
        "\\begin{tikzpicture}[x=1pt, y=1pt,",
        *(f"  {line}," for line in text_styles(d, cut)),
        "]",
        *(f"  {line}" for line in palette.definitions()),
    ]
    box = f"  \\useasboundingbox {bounding_box(d, pl)};"
    return "\n".join([*header, box, *body, "\\end{tikzpicture}"]) + "\n"
