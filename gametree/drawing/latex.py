"""The LaTeX back end chosen by name: ``tikz`` (the default) or ``forest``; why not istgame.

:func:`to_latex` draws a tree with the back end ``gametree draw --latex``, ``gametree
generate --latex`` and the exam sheets name, :func:`latex_preamble` says what a
document needs for it. Both back ends draw the shared placement, so the choice changes
the TeX a reader edits, not the picture.

Why there is no istgame back end. istgame draws game trees the way game theory writes
them: players' names at solid dots, actions along the branches, payoff vectors at the
ends, information sets, continua of moves. Measured on the trees it would be for (AIMA
Figure 5.2, the CHANCE example ``examples/trees/chance.tree``, the three ``.efg`` games
of ``tests/data/efg`` that gametree reads, a branching-3, depth-4 key and a 42-node
expectiminimax tree of uneven branching; ``tests/benchmarks/measure_latex.py``):

- Nothing of istgame's own is left to draw. gametree reads only ``.efg`` games of
  perfect information with one value per leaf (it refuses an information set of two
  nodes and, unless told whose payoff counts, payoffs that do not sum to a constant),
  so information sets and payoff vectors never occur; what remains is a tree of
  decision, chance and terminal nodes with moves and probabilities, which forest and
  TikZ draw already, with the values in the shapes, windows, visit order, visited and
  pruned edges and cut marks that istgame has no notation for.
- istgame does not lay a tree out: each ``\\istroot`` spreads its children evenly, one
  sibling distance per simple tree, set by hand. Set as tightly as the nodes' drawings
  allow, that even layout is 0.89 to 1.01 times as wide as gametree's tidy one on the
  near-uniform trees and 1.33 times on the uneven one; either way it knows nothing of
  where a cut mark needs room. Keeping issue 23's rules would mean pinning every
  branch to gametree's placement (a ``grow`` angle and a ``level distance`` per
  ``\\istb``), as the forest back end pins its nodes: istgame would contribute its
  macro names and no layout.
- It is not cheaper: pdflatex took 1.0 to 3.5 s per istgame document of these trees,
  with none of a key's labels, against 0.8 to 2.8 s for the whole TikZ key (forest:
  1.2 to 10 s, its ``pack`` stage; medians of three runs on a shared machine).

So ``--latex istgame`` is refused with a one-line reason (:data:`ISTGAME`), naming the
back ends that draw these trees.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.drawing.style import DEFAULT_FIT
from gametree.exceptions import RenderError

if TYPE_CHECKING:
    from gametree.drawing.model import Diagram
    from gametree.drawing.slots import Placement
    from gametree.search.result import SearchResult

__all__ = ["ISTGAME", "LATEX", "check_latex", "diagram_latex", "latex_preamble", "to_latex"]

LATEX = ("tikz", "forest", "istgame")
"""The names ``--latex`` takes (``istgame`` only to say why it is not offered)."""

ISTGAME = (
    "gametree does not write istgame: its trees have no information sets or payoff "
    "vectors for istgame to draw, and istgame has no layout to add (the picture would "
    "be gametree's own, pinned branch by branch); use --latex forest or --latex tikz, "
    "which draw CHANCE nodes and .efg games too"
)
"""Why ``--latex istgame`` is refused (see the module's docstring for the measurements)."""


def check_latex(latex: str) -> str:
    """Return ``latex`` if gametree writes it, else raise a RenderError saying why.

    >>> check_latex("forest")
    'forest'
    >>> check_latex("pstricks")
    Traceback (most recent call last):
    ...
    gametree.exceptions.RenderError: unknown LaTeX back end 'pstricks'; expected 'tikz' or 'forest'
    """
    if latex == "istgame":
        raise RenderError(ISTGAME)
    if latex not in ("tikz", "forest"):
        raise RenderError(f"unknown LaTeX back end {latex!r}; expected 'tikz' or 'forest'")
    return latex


def latex_preamble(latex: str = "tikz") -> str:
    """What a document's preamble needs to ``\\input`` a picture of the back end ``latex``.

    >>> print(latex_preamble("forest"), end="")
    \\usepackage{forest}
    \\usetikzlibrary{backgrounds}
    """
    if check_latex(latex) == "forest":
        from gametree.drawing.forest import PREAMBLE as FOREST

        return FOREST
    from gametree.drawing.tikz import PREAMBLE as TIKZ

    return TIKZ


def diagram_latex(d: Diagram, placement: Placement, latex: str = "tikz") -> str:
    """The picture of a placed diagram in the LaTeX back end ``latex`` (``"tikz"`` or
    ``"forest"``): :func:`gametree.drawing.tikz.diagram_tikz` or
    :func:`gametree.drawing.forest.diagram_forest`."""
    if check_latex(latex) == "forest":
        from gametree.drawing.forest import diagram_forest

        return diagram_forest(d, placement)
    from gametree.drawing.tikz import diagram_tikz

    return diagram_tikz(d, placement)


def to_latex(
    G: nx.DiGraph,
    result: SearchResult | None = None,
    *,
    latex: str = "tikz",
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
    """Return the pruning diagram drawn by the LaTeX back end ``latex``.

    ``latex`` is ``"tikz"`` (:func:`gametree.to_tikz`) or ``"forest"``
    (:func:`gametree.to_forest`); the other arguments are theirs.

    Raises
    ------
    RenderError
        For another name (``"istgame"`` with the reason it is not offered).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> to_latex(G, latex="forest").startswith("\\\\begingroup")
    True
    """
    options: dict[str, Any] = {
        "standalone": standalone,
        "show": show,
        "style": style,
        "title": title,
        "root": root,
        "fit": fit,
        "collapse": collapse,
        "max_depth": max_depth,
        "focus": focus,
        "orientation": orientation,
    }
    if check_latex(latex) == "forest":
        from gametree.drawing.forest import to_forest

        return to_forest(G, result, **options)
    from gametree.drawing.tikz import to_tikz

    return to_tikz(G, result, **options)
