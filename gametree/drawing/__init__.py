"""Pruning diagrams: a tidy layout, one style, and matplotlib, Graphviz, TikZ, text,
Jupyter and animated emitters that all draw the same picture.
"""

from gametree.drawing.animate import animate
from gametree.drawing.dot import to_dot, to_pydot
from gametree.drawing.html import to_html
from gametree.drawing.jupyter import DiagramView, show
from gametree.drawing.layout import tree_layout
from gametree.drawing.mpl import Artists, draw
from gametree.drawing.output import save
from gametree.drawing.style import DEFAULT_STYLE
from gametree.drawing.svg import to_svg
from gametree.drawing.text import to_text
from gametree.drawing.tikz import to_tikz

__all__ = [
    "DEFAULT_STYLE",
    "Artists",
    "DiagramView",
    "animate",
    "draw",
    "save",
    "show",
    "to_dot",
    "to_html",
    "to_pydot",
    "to_svg",
    "to_text",
    "to_tikz",
    "tree_layout",
]
