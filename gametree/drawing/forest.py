"""The forest emitter: :func:`to_forest`, a pruning diagram in forest's bracket notation.

Exams are typeset in LaTeX, and many instructors write their trees with the ``forest``
package: one bracket per node, ``[content, options [child] [child]]``, and styles for
the look. :func:`to_forest` writes a tree that way: each node's bracket holds its value
as content, its shape as a style (``gt max``, ``gt min``, ``gt chance``, ``gt leaf``,
``gt stub``) with the look of its status (``gt visited``, ``gt pruned``, ``gt unreached``,
``gt pv``), its name, window and visit order as ``gt text``, the edge from its parent as
``gt edge`` (with ``gt pruned edge``, ``gt pv edge``, ...), a board where the tree has
one; the cut marks' strokes follow the root's bracket.

How the picture keeps issue 23's rules (each cut-mark stroke crosses its own edge only,
2 pt clear of every other edge and label; no label crossed by an edge or by another
label). forest lays a tree out itself (its ``pack`` stage puts subtrees as close as
their nodes' outlines allow, ``s sep`` apart), but it knows nothing of cut marks, of
the labels drawn beside a node, or of how far apart two edges must be for a mark to sit
between them; computing the marks from forest's own coordinates would mean writing the
clearance search of :mod:`gametree.drawing.cuts` a second time, in TeX. So the
positions are gametree's: every node's ``x`` and ``y`` are set from the shared
placement (:func:`gametree.drawing.fit.arrange`) before forest draws the tree
(``gt at``, a ``before drawing tree`` key), and everything else is placed relative to
the node it belongs to, at the offsets the placement measured; the strokes are those of
:func:`gametree.drawing.cuts.cut_marks`. The picture is then the one every other back
end draws, checked as they are (``tests/test_draw_clearance.py`` reads the geometry
back from the ``.tex``). With every node pinned, forest's ``pack`` and ``compute xy``
stages are skipped (``stages``, set in the tree's group): they took two thirds of
pdflatex's time on a branching-3, depth-4 key (6.3 s against 1.9 s). A reader who
deletes the ``gt at`` keys and the ``stages`` setting gets forest's own layout, with the
shapes, labels and edges following their nodes, and the cut marks where they were:
those then need placing by hand.

How large a key is. Pinned to the shared placement, a tree is as compact as gametree's
layout makes it, in every back end alike. A branching-3, depth-4 key (81 leaves, every
node named) is 31 to 33 cm wide at the smallest font a fitted drawing uses (7 pt):
the 27 triangles above the leaves, each holding its value, need about 30 pt apiece,
and the leaves the 9 pt between siblings that a cut mark needs. That fits a slide or
an A3 page, not the text of an A4 page (17 cm, or 25.7 cm in landscape, with 2 cm
margins). Measured on the four keys of ``tests/keygeometry.py``, a layout trying
harder (leaves alternating between two rows, 6 pt between siblings without a mark,
names left out) gets them to 25.7 cm only at 5 to 5.5 pt, too small for an exam, so
gametree keeps its layout. Smaller trees fit A4's text (``fit=PAPERS["a4-text"]``;
``--paper a4-text``): a branching-3, depth-3 key at 9 pt or more, 16 cm wide.

A node is placed by its ``base`` anchor: the baseline of its value, where the placement
put it (the centre of the shape, for a node without a value). Shapes sit on TikZ's
``background`` layer, under the values forest draws.

LaTeX needs ``forest`` (with Debian's TeX Live: ``texlive-pictures``, and
``texlive-latex-extra`` for the packages forest loads) and TikZ's ``backgrounds``
library (:data:`PREAMBLE`). The fonts are Computer Modern Sans at the sizes the
placement measured in DejaVu Sans, which is wider: every label takes at most the room
measured for it.

Examples
--------
>>> import gametree
>>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])  # AIMA Figure 5.2
>>> lines = to_forest(G, gametree.alphabeta(G, annotate=False)).splitlines()
>>> [line.strip() for line in lines if "name=n5," in line]  # C, cut after its first leaf
['[{$\\\\leq$2}, name=n5, gt at={167.82}{-56.7}, gt min={gt visited}{30.82}{26.69}{0, -3.3},']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.drawing.fit import arrange
from gametree.drawing.labels import Text
from gametree.drawing.model import Diagram, DrawnEdge, DrawnNode
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
    standalone_document,
    tex_escape,
    text_styles,
)

if TYPE_CHECKING:
    from gametree.search.result import SearchResult

__all__ = ["PREAMBLE", "SHAPES", "diagram_forest", "to_forest"]

PREAMBLE = "\\usepackage{forest}\n\\usetikzlibrary{backgrounds}\n"
"""What a document needs in its preamble to ``\\input`` a :func:`to_forest` tree."""

SHAPES = {
    "MAX": "gt max",
    "MIN": "gt min",
    "CHANCE": "gt chance",
    "LEAF": "gt leaf",
    "STUB": "gt stub",
}
"""The forest style of each kind of node's shape (a bare value and an ellipsis have none)."""

_STYLES = r"""  begin draw/.code={\begin{tikzpicture}[x=1pt, y=1pt]},
  % gametree's placement: the node's base anchor at (x, y), in points.
  gt at/.style 2 args={before drawing tree={x=#1pt, y=#2pt}},
  % Shapes: {look}{width}{height}{centre, from the node's base anchor}.
  gt max/.style n args={4}{tikz+={\begin{pgfonlayer}{background}\path[#1]
    ([shift={(#4)}]\forestoption{name}.base) ++(0, #3/2) -- ++(-#2/2, -#3) -- ++(#2, 0)
    -- cycle;\end{pgfonlayer}}},
  gt stub/.style n args={4}{gt max={#1}{#2}{#3}{#4}},
  gt min/.style n args={4}{tikz+={\begin{pgfonlayer}{background}\path[#1]
    ([shift={(#4)}]\forestoption{name}.base) ++(0, -#3/2) -- ++(-#2/2, #3) -- ++(#2, 0)
    -- cycle;\end{pgfonlayer}}},
  gt chance/.style n args={4}{tikz+={\begin{pgfonlayer}{background}\path[#1]
    ([shift={(#4)}]\forestoption{name}.base) circle[radius=#2/2];\end{pgfonlayer}}},
  gt leaf/.style n args={4}{tikz+={\begin{pgfonlayer}{background}\path[#1]
    ([shift={(#4)}]\forestoption{name}.base) ++(-#2/2, -#3/2) rectangle ++(#2, #3);
    \end{pgfonlayer}}},
  % The edge from the parent: {start, from the parent's base}{end, from the node's}.
  gt edge/.style 2 args={edge path'={
    ([shift={(#1)}]\forestOve{\forestove{@parent}}{name}.base)
    -- ([shift={(#2)}]\forestove{name}.base)}},
  % A label: {style}{anchor}{its point, from the node's base}{text}.
  gt text/.style n args={4}{tikz+={\node[#1, anchor=#2] at
    ([shift={(#3)}]\forestoption{name}.base) {#4};}},
  % A game board: TikZ drawn with the node's base anchor as the origin.
  gt board/.style={tikz+={\begin{pgfonlayer}{background}\begin{scope}[shift={
    (\forestoption{name}.base)}]#1\end{scope}\end{pgfonlayer}}},"""


def to_forest(
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
    r"""Return the pruning diagram as a ``forest`` tree (or a whole LaTeX document).

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree, bare or annotated by a search.
    result : SearchResult, optional
        A search of ``G`` to draw (``G`` is not changed).
    standalone : bool, default False
        Return a complete document that pdflatex compiles to a PDF page cropped to the
        tree. Otherwise a ``forest`` environment (with its styles and colours, in a
        group) to ``\input``; its preamble needs :data:`PREAMBLE`.
    show, style, title, root, fit, collapse, max_depth, focus, orientation
        As for :func:`gametree.draw`: fitted to a 16:9 slide unless ``fit`` names
        another page (``fit=gametree.drawing.fit.PAPERS["a4-text"]``: the text of an A4
        page with 2 cm margins).

    Returns
    -------
    str
        A ``forest`` tree with the layout, labels and cut marks of every other back end
        (see the module's docstring): nodes named ``n0, n1, ...`` in preorder, labels
        escaped for TeX.

    See Also
    --------
    gametree.to_tikz : the same picture as plain TikZ.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> tree = to_forest(G)
    >>> [line.strip() for line in tree.splitlines() if "name=n0," in line]
    ['[{}, name=n0, gt at={167.55}{0}, gt max={gt plain}{28}{24.25}{0, 0},']
    >>> "\\documentclass" in to_forest(G, standalone=True)
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
    tree = diagram_forest(d)
    if not standalone:
        return tree
    return standalone_document(PREAMBLE, tree)


class _Looks:
    """Named TikZ styles for the looks of shapes and edges, named after their status
    (``gt pruned``, ``gt pv edge``, ...), numbered when one status has several looks."""

    def __init__(self) -> None:
        self.styles: dict[str, str] = {}

    def name(self, base: str, options: str) -> str:
        for k in range(1, len(self.styles) + 2):
            name = base if k == 1 else f"{base} {k}"
            if self.styles.setdefault(name, options) == options:
                return name
        raise AssertionError("unreachable")


def _status(item: DrawnNode | DrawnEdge) -> str:
    if isinstance(item, DrawnNode) and item.current:
        return "current"
    if item.pv and item.status != "pruned":
        return "pv"
    return item.status or "plain"


def diagram_forest(d: Diagram, placement: Placement | None = None) -> str:
    """Return the ``forest`` tree of a computed :class:`~gametree.drawing.style.Diagram`,
    at the positions of the shared placement (see the module's docstring)."""
    pl = placement if placement is not None else arrange(d)
    palette = Palette()
    color = palette.name
    cut = color(str(d.style["cut_color"]))
    looks = _Looks()
    base = {n.node: _base(n, pl) for n in d.nodes}
    texts: dict[Hashable, list[Text]] = {}
    for t in pl.texts:
        if t.slot != "value":
            texts.setdefault(t.key[1] if t.slot == "move" else t.key, []).append(t)
    edges = {(e.u, e.v): e for e in d.edges}
    parent = _spanning_tree(d)
    default_text = str(d.style["text_color"])

    def node_lines(n: DrawnNode) -> list[str]:
        x, y = base[n.node]
        value = next((t for t in pl.texts_of(n.node) if t.slot == "value"), None)
        content = tex_escape(value.text) if value else ""
        if value is not None and value.bold:
            content = "\\bfseries{}" + content
        keys = [f"name=n{d.index[n.node]}", f"gt at={{{num(x)}}}{{{num(y)}}}"]
        if value is not None and value.color != default_text:
            keys.append(f"text={color(value.color)}")
        cx, cy = pl.pos[n.node]
        kind = pl.kinds.get(n.node, n.kind)
        w, h = pl.width[n.node], pl.height[n.node]
        if n.board is not None:
            drawn = board_paths(n, (cx - x, cy - y), color, indent="")
            keys.append("gt board={" + " ".join(drawn) + "}")
            dx, w, h = pl.badges[n.node]
            cx += dx
        if kind in SHAPES:
            options = [
                f"draw={color(n.color)}",
                f"fill={color(n.fill)}",
                f"line width={num(n.line_width)}pt",
                dash(n.linestyle),
            ]
            look = looks.name(f"gt {_status(n)}", ", ".join(o for o in options if o))
            keys.append(
                f"{SHAPES[kind]}={{{look}}}{{{num(w)}}}{{{num(h)}}}{{{num(cx - x)}, {num(cy - y)}}}"
            )
        u = parent.get(n.node)
        if u is not None:
            e = edges[(u, n.node)]
            (x0, y0), (x1, y1) = pl.ends(u, n.node)
            px, py = base[u]
            keys.append(
                f"gt edge={{{num(x0 - px)}, {num(y0 - py)}}}{{{num(x1 - x)}, {num(y1 - y)}}}"
            )
            keys.append(f"edge={{{_edge_look(e, looks, color)}}}")
        for t in texts.get(n.node, []):
            weight = "\\bfseries{}" if t.bold else ""
            keys.append(
                f"gt text={{{TEXT_STYLES[t.slot]}, text={color(t.color)}}}{{{ANCHORS[t.anchor]}}}"
                f"{{{num(t.x - x)}, {num(t.baseline - y)}}}{{{weight}{tex_escape(t.text)}}}"
            )
        head = f"[{{{content}}}, {', '.join(keys[:3])}"
        return [head, *(f"  {k}" for k in keys[3:])]

    body: list[str] = []
    opened: list[Hashable] = []
    for n in d.nodes:
        while opened and opened[-1] != parent.get(n.node):
            opened.pop()
            body.append("  " * (len(opened) + 1) + "]")
        indent = "  " * (len(opened) + 1)
        lines = node_lines(n)
        body.extend(indent + line + ("," if k < len(lines) - 1 else "") for k, line in
                    enumerate(lines))  # fmt: skip
        opened.append(n.node)
    while opened:
        opened.pop()
        body.append("  " * (len(opened) + 1) + "]")
    after: list[str] = []
    for e in d.edges:
        if parent.get(e.v) == e.u:
            continue
        # A node with several parents is drawn once, under its first: its other edges
        # are paths of their own.
        (x0, y0), (x1, y1) = pl.ends(e.u, e.v)
        after.append(
            f"  \\path[{_edge_look(e, looks, color)}] "
            f"({num(x0)}, {num(y0)}) -- ({num(x1)}, {num(y1)});"
        )
    for e in d.edges:
        mark = pl.cuts.get((e.u, e.v))
        if mark is None or not e.cut:
            continue
        strokes = " ".join(
            f"({num(a[0])}, {num(a[1])}) -- ({num(b[0])}, {num(b[1])})" for a, b in mark.strokes
        )
        after.append(f"  \\draw[gt stroke] {strokes};")
    after.extend(f"  {line}" for line in frame_texts(d, pl))
    tikz_styles = [
        *text_styles(d, cut),
        *(f"{name}/.style={{{options}}}" for name, options in looks.styles.items()),
    ]
    font_key = "gt value" + (f", text={color(default_text)}" if default_text != "black" else "")
    return (
        # Each line ends in a comment: the tree may be set inside a paragraph.
        "\\begingroup\n"
        + "".join(f"{line}%\n" for line in palette.definitions())
        + "\\tikzset{%\n"
        + "".join(f"  {line},\n" for line in tikz_styles)
        + "}%\n"
        # Every node is pinned (gt at): forest's pack and compute-xy stages, most of its
        # time on a large tree, have nothing to do. Delete these lines with the gt at keys.
        + "\\forestset{stages/.style={for root'={process keylist register=default preamble,\n"
        + "  process keylist register=preamble}, process keylist=given options,\n"
        + "  process keylist=before typesetting nodes, typeset nodes stage,\n"
        + "  process keylist=before drawing tree, draw tree stage}}%\n"
        + "\\begin{forest}\n"
        + _STYLES
        + "\n"
        # The picture's box, set once everything is drawn.
        + "  end draw/.code={\\pgfresetboundingbox\\path[use as bounding box]\n"
        + f"    {bounding_box(d, pl)};\\end{{tikzpicture}}}},\n"
        + f"  for tree={{{font_key}}},\n"
        + "".join(f"{line}\n" for line in [*body, *after])
        + "\\end{forest}%\n"
        + "\\endgroup\n"
    )


def _edge_look(e: DrawnEdge, looks: _Looks, color: Any) -> str:
    options = [f"draw={color(e.color)}", f"line width={num(e.line_width)}pt", dash(e.linestyle)]
    name = "gt edge" if _status(e) in ("plain", "visited") else f"gt {_status(e)} edge"
    return looks.name(name, ", ".join(o for o in options if o))


def _base(n: DrawnNode, pl: Placement) -> tuple[float, float]:
    """Where forest puts a node: its value's baseline (its anchor ``base``), else the
    centre of its shape."""
    for t in pl.texts_of(n.node):
        if t.slot == "value":
            return t.x, t.baseline
    return pl.pos[n.node]


def _spanning_tree(d: Diagram) -> dict[Hashable, Hashable]:
    """Each drawn node's parent in the bracket tree: the one it is reached through
    first in preorder (the order of :attr:`Diagram.nodes`)."""
    parent: dict[Hashable, Hashable] = {}
    seen = {d.root}
    for n in d.nodes:
        for child in d.graph._succ[n.node]:
            if child not in seen and child in d.index:
                seen.add(child)
                parent[child] = n.node
    return parent
