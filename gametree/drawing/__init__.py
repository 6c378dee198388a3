"""Pruning diagrams: a tidy layout, one style, and matplotlib, Graphviz, TikZ, forest,
text, Jupyter and animated emitters that all draw the same picture.

The modules, from what a diagram is to the back ends that draw it:

=========== ============================================================================
model       what every emitter draws: Diagram, DrawnNode, DrawnEdge, Board
style       DEFAULT_STYLE and :func:`~gametree.drawing.style.diagram`: a tree to a Diagram
view        which part of the tree is drawn: collapsed stubs, a depth limit, a focus
boards      game positions drawn as boards beside their node
metrics     how wide and tall a label is (DejaVu Sans)
shapes      each kind of node's shape: its size and outline
labels      where each text goes around its node, on its baseline
layout      :func:`tree_layout`: tidy positions (Buchheim-Walker; layered for DAGs)
clearance   what lies near what in a placed diagram, and what crosses what
cuts        :func:`~gametree.drawing.cuts.cut_marks`: where each cut mark goes, for all
slots       :func:`~gametree.drawing.slots.place`: the placement every emitter draws
fit         fitting a page: :func:`~gametree.drawing.fit.arrange`, paper sizes, the parts
            a tree too wide for its page is split into
parts       a tree too wide for its page drawn in parts: the top levels, then each subtree
mpl         :func:`draw`: matplotlib artists
svg         :func:`to_svg`: SVG with an id per node and edge
svgtext     a large diagram's SVG file with its labels as text, not glyph outlines
tex         what the LaTeX back ends share: escaping, fonts, colours, outlines, documents
tikz        :func:`to_tikz`: TikZ for lecture notes and exam sheets
forest      :func:`to_forest`: the same picture in forest's bracket notation
latex       the LaTeX back end chosen by name (``--latex``); why istgame is not one
dot         :func:`to_dot`, :func:`to_pydot`: Graphviz, everything pinned
text        :func:`to_text`: tree art
raster      the size rule of every PNG and animation frame
output      :func:`save`: a file by its suffix
frame       one frame of an animation: style, picture, caption
animate     :func:`animate`: a frame per trace event (GIF or PNGs)
mctsframes  the frames of a Monte Carlo search; mctslabels its node and edge texts
gif         writing frames as a GIF as they come
html        :func:`to_html`: the explore and practice pages (:func:`build_page`)
pagefiles   the page's files (``page/``) put together: one HTML file, or the widget's
pagesteps   the explore page's steps: made from a search, applied (the GIF draws them)
mctspage    the page's steps of a Monte Carlo search
jupyter     :func:`show`: the page (or SVG) inline in a notebook
notebook    :func:`widget`: the page live in a notebook, talking to Python (anywidget)
widgetstate the widget's answers as the checker reads them; editing the tree
=========== ============================================================================
"""

from typing import TYPE_CHECKING

from gametree.lazyimport import lazy_package

if TYPE_CHECKING:
    from gametree.drawing.animate import animate
    from gametree.drawing.dot import to_dot, to_pydot
    from gametree.drawing.forest import to_forest
    from gametree.drawing.html import to_html
    from gametree.drawing.jupyter import DiagramView, show
    from gametree.drawing.layout import tree_layout
    from gametree.drawing.mpl import Artists, draw
    from gametree.drawing.notebook import widget
    from gametree.drawing.output import save
    from gametree.drawing.style import DEFAULT_STYLE
    from gametree.drawing.svg import to_svg
    from gametree.drawing.text import to_text
    from gametree.drawing.tikz import to_tikz

# Each name is imported from its module when first read: the back ends (matplotlib,
# the animation, the notebook widget) cost nothing until a drawing is made.
lazy_package(
    __name__,
    {
        "Artists": "gametree.drawing.mpl",
        "DEFAULT_STYLE": "gametree.drawing.style",
        "DiagramView": "gametree.drawing.jupyter",
        "animate": "gametree.drawing.animate",
        "draw": "gametree.drawing.mpl",
        "save": "gametree.drawing.output",
        "show": "gametree.drawing.jupyter",
        "to_dot": "gametree.drawing.dot",
        "to_forest": "gametree.drawing.forest",
        "to_html": "gametree.drawing.html",
        "to_pydot": "gametree.drawing.dot",
        "to_svg": "gametree.drawing.svg",
        "to_text": "gametree.drawing.text",
        "to_tikz": "gametree.drawing.tikz",
        "tree_layout": "gametree.drawing.layout",
        "widget": "gametree.drawing.notebook",
    },
)

__all__ = [
    "DEFAULT_STYLE",
    "Artists",
    "DiagramView",
    "animate",
    "draw",
    "save",
    "show",
    "to_dot",
    "to_forest",
    "to_html",
    "to_pydot",
    "to_svg",
    "to_text",
    "to_tikz",
    "tree_layout",
    "widget",
]
