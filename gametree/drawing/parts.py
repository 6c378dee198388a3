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

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import networkx as nx

if TYPE_CHECKING:
    from gametree.search.result import SearchResult

from gametree.drawing.fit import Part, draw_part, split_tree

__all__ = ["PART_FORMATS", "Part", "draw_part", "part_title", "save_parts", "split_tree"]
# Part, draw_part and split_tree live in fit.py (whose warning names the parts a tree
# fits in, so choosing parts and fitting one call each other); this module draws them.

PART_FORMATS = ("pdf", "tex", "png")
"""What a tree drawn in parts is written to: a PDF or a LaTeX document of one page per
part, or one PNG per part (``key-1.png``, ``key-2.png``, ...)."""


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
