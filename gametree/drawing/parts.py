"""A tree too wide for its page, drawn in parts that each fit: the top levels, then subtrees.

Textbooks draw a wide tree this way: the top levels in one picture, ending in an
ellipsis under each node whose subtree follows, then one picture per subtree, headed
by the node it continues from. :func:`split_tree` chooses the parts: the whole tree
when it fits its page at fonts of :data:`~gametree.drawing.fit.MIN_FONT` points or
more, else the fewest levels from the top that fit, then the subtree under each node
where that picture stops (each split again the same way if it is too wide itself).
Every part is fitted with :func:`~gametree.drawing.fit.fit_placement`, so a part that
fits is drawn exactly as it was measured; the values, windows and cut marks of a key
are those of the search of the whole tree.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.validation import find_root

if TYPE_CHECKING:
    from gametree.drawing.model import Diagram
    from gametree.drawing.slots import Placement
    from gametree.search.result import SearchResult

__all__ = ["PART_FORMATS", "Part", "draw_part", "part_title", "save_parts", "split_tree"]

PART_FORMATS = ("pdf", "tex", "png")
"""What a tree drawn in parts is written to: a PDF or a LaTeX document of one page per
part, or one PNG per part (``key-1.png``, ``key-2.png``, ...)."""


@dataclass(frozen=True)
class Part:
    """One picture of a tree drawn in parts.

    Attributes
    ----------
    root : hashable
        The node the picture starts from.
    max_depth : int or None
        Levels drawn below ``root`` (None: its whole subtree).
    below : tuple
        The nodes where the picture stops with an ellipsis: each one's subtree is a
        later part.
    fits : bool
        Whether the picture fits its page (a part that does not fit even alone, such
        as a node with more children than the page has room for, is drawn larger
        than the page).
    """

    root: Hashable
    max_depth: int | None
    below: tuple[Hashable, ...] = ()
    fits: bool = True


def draw_part(
    G: nx.DiGraph,
    result: SearchResult | None,
    part: Part,
    *,
    fit: tuple[float, float],
    show: str | Iterable[str] | None = None,
    style: Mapping[str, Any] | None = None,
    warn: bool = True,
    title: str | None = None,
) -> tuple[Diagram, Placement]:
    """The diagram of ``part`` fitted to ``fit`` (inches) and its placement."""
    from gametree.drawing.fit import fit_placement
    from gametree.drawing.style import diagram

    d = diagram(
        G, result, show=show, style=style, root=part.root, max_depth=part.max_depth, fit=fit,
        title=title,
    )  # fmt: skip
    return d, fit_placement(d, warn=warn)


def split_tree(
    G: nx.DiGraph,
    result: SearchResult | None = None,
    *,
    fit: tuple[float, float],
    top_fit: tuple[float, float] | None = None,
    whole_fit: tuple[float, float] | None = None,
    show: str | Iterable[str] | None = None,
    style: Mapping[str, Any] | None = None,
) -> list[Part]:
    """Return the parts ``G`` is drawn in so that each fits its page.

    Parameters
    ----------
    G : networkx.DiGraph
        A tree.
    result : SearchResult, optional
        A search of ``G`` whose annotations the pictures show (a key's pictures are
        wider than a bare tree's: split by the key's, draw both alike).
    fit : (float, float)
        The page (inches) of the whole tree and of each subtree.
    top_fit : (float, float), optional
        The page of a picture of the top levels (default ``fit``).
    whole_fit : (float, float), optional
        The page of the whole tree drawn in one picture (default ``fit``).
    show, style
        As for :func:`gametree.drawing.style.diagram`.

    Returns
    -------
    list of Part
        In reading order: the whole tree alone when it fits, else the top levels
        first, then each subtree that continues it, left to right (split again
        where needed, its own parts before the next subtree's).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> split_tree(G, fit=(6.69, 4.0))
    [Part(root='A', max_depth=None, below=(), fits=True)]
    >>> [(p.root, p.max_depth, p.below) for p in split_tree(G, fit=(1.4, 2.0))]
    [('A', 1, ('B', 'C', 'D')), ('B', None, ()), ('C', None, ()), ('D', None, ())]
    """
    top_page = fit if top_fit is None else top_fit
    succ = G._succ

    def fits(part: Part, page: tuple[float, float]) -> bool:
        return not draw_part(G, result, part, fit=page, show=show, style=style, warn=False)[
            1
        ].overflow

    def level(node: Hashable, k: int) -> list[Hashable]:
        nodes = [node]
        for _ in range(k):
            nodes = [c for n in nodes for c in succ[n]]
        return nodes

    def height(node: Hashable) -> int:
        levels, nodes = 0, [node]
        while True:
            nodes = [c for n in nodes for c in succ[n]]
            if not nodes:
                return levels
            levels += 1

    root = find_root(G)
    parts: list[Part] = []
    pending: list[Hashable] = [root]
    while pending:
        node = pending.pop()
        whole = Part(node, None)
        if fits(whole, whole_fit if node == root and whole_fit is not None else fit):
            parts.append(whole)
            continue
        deepest = height(node)
        if deepest < 2:
            parts.append(Part(node, None, fits=False))
            continue
        # The fewest levels from the top under which every subtree fits (the fewest
        # pictures); failing that, the most levels that fit, their subtrees split again.
        chosen, top_fits = 1, False
        for k in range(1, deepest):
            if not fits(Part(node, k), top_page):
                break
            chosen, top_fits = k, True
            if all(fits(Part(n, None), fit) for n in level(node, k) if succ[n]):
                break
        below = tuple(n for n in level(node, chosen) if succ[n])
        parts.append(Part(node, chosen, below, top_fits))
        pending.extend(reversed(below))
    return parts


def part_title(part: Part, parts: list[Part], title: str | None = None) -> str:
    """The heading of ``part``'s page: what it shows and where it continues.

    >>> parts = [Part("A", 1, ("B", "C")), Part("B", None), Part("C", None)]
    >>> part_title(parts[0], parts), part_title(parts[2], parts, "Key")
    ('the top levels; the subtrees under B and C follow', 'Key: the subtree under C')
    """
    if len(parts) == 1:
        return title or ""
    if part.max_depth is None:
        text = f"the subtree under {part.root}"
    else:
        words = [str(n) for n in part.below]
        under = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
        text = "the top levels" if part is parts[0] else f"the top levels under {part.root}"
        text += f"; the subtrees under {under} follow"
    return f"{title}: {text}" if title else text


def save_parts(
    G: nx.DiGraph,
    path: str | Path,
    result: SearchResult | None = None,
    *,
    fit: tuple[float, float],
    show: str | Iterable[str] | None = None,
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    latex: str = "tikz",
    dpi: float | None = None,
    force: bool = False,
) -> list[Path]:
    """Draw ``G`` in parts that each fit the page ``fit`` (:func:`split_tree`) to ``path``.

    A ``.pdf`` (matplotlib) or ``.tex`` (a LaTeX document, TikZ or forest) has one page
    per part, each headed by what it shows and where it continues; a ``.png`` becomes
    one file per part, ``path`` with ``-1``, ``-2``, ... before its suffix (or ``path``
    itself when the tree fits in one part). Every file is refused before anything is
    drawn if it exists, unless ``force``.

    Returns
    -------
    list of Path
        The files written.
    """
    from gametree.exceptions import RenderError
    from gametree.outfiles import check_new_output, replacing, write_text

    target = Path(path)
    suffix = target.suffix.lower().lstrip(".")
    if suffix not in PART_FORMATS:
        allowed = ", ".join(f".{f}" for f in PART_FORMATS)
        raise RenderError(f"a tree drawn in parts is written to {allowed}, not {target.name!r}")
    parts = split_tree(G, result, fit=fit, show=show, style=style)
    drawn = [
        draw_part(G, result, p, fit=fit, show=show, style=style, title=part_title(p, parts, title))
        for p in parts
    ]
    if suffix == "png" and len(parts) > 1:
        targets = [
            target.with_name(f"{target.stem}-{k}{target.suffix}") for k in range(1, len(parts) + 1)
        ]
    else:
        targets = [target]
    for each in targets:
        check_new_output(each, force=force)
    if suffix == "tex":
        from gametree.drawing.latex import diagram_latex, latex_preamble
        from gametree.drawing.tex import standalone_document

        pictures = [diagram_latex(d, pl, latex) for d, pl in drawn]
        return [
            write_text(target, standalone_document(latex_preamble(latex), *pictures), force=force)
        ]
    from gametree.drawing.mpl import draw_diagram

    if suffix == "pdf":
        from matplotlib.backends.backend_pdf import PdfPages

        with replacing(target, force=force) as temp, PdfPages(temp) as pdf:
            for d, pl in drawn:
                pdf.savefig(draw_diagram(d, placement=pl).figure)
        return [target]
    from gametree.drawing.raster import fit_raster, refuse_raster

    for each, (d, pl) in zip(targets, drawn, strict=True):
        refuse_raster(pl.xmax - pl.xmin, pl.ymax - pl.ymin)
        fig = draw_diagram(d, placement=pl).figure
        width, height = fig.get_size_inches() * 72.0
        resolution = fit_raster(width, height, float(dpi if dpi is not None else d.style["dpi"]))
        with replacing(each, force=force) as temp:
            fig.savefig(temp, format="png", dpi=resolution)
    return targets
