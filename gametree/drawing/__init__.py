"""Pruning diagrams: layout, style, and the matplotlib, Graphviz, TikZ, text emitters."""

from gametree.drawing.dot import to_dot, to_pydot
from gametree.drawing.layout import tree_layout
from gametree.drawing.mpl import draw
from gametree.drawing.text import to_text

__all__ = ["draw", "to_dot", "to_pydot", "to_text", "tree_layout"]
