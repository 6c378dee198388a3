"""Writing diagrams to files: :func:`save` picks the format from the suffix."""

from __future__ import annotations

import os
from collections.abc import Hashable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.drawing.model import Diagram
from gametree.drawing.raster import fit_raster, refuse_raster
from gametree.drawing.style import DEFAULT_FIT, diagram
from gametree.exceptions import RenderError
from gametree.outfiles import check_new_output, replacing, write_text

if TYPE_CHECKING:
    from gametree.search.result import SearchResult

__all__ = ["FORMATS", "save"]

FORMATS = ("png", "svg", "pdf", "dot", "tex", "txt", "gif", "html")
"""File suffixes :func:`save` writes."""

ENGINES = ("matplotlib", "graphviz")


def save(
    G: nx.DiGraph,
    path: str | os.PathLike[str],
    result: SearchResult | None = None,
    *,
    engine: str = "matplotlib",
    show: str | Iterable[str] | None = None,
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    fit: tuple[float, float] | None = DEFAULT_FIT,
    collapse: str | None = None,
    max_depth: int | None = None,
    focus: Hashable | None = None,
    orientation: str = "top-down",
    dpi: float | None = None,
    standalone: bool = True,
    latex: str = "tikz",
    algorithm: str | None = None,
    force: bool = False,
    parts: bool = False,
    **options: Any,
) -> Path:
    """Write the pruning diagram of ``G`` to ``path``, in the format its suffix names.

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree, bare or annotated by a search.
    path : str or path-like
        ``.png``, ``.svg``, ``.pdf`` (a drawing), ``.dot`` (:func:`gametree.to_dot`),
        ``.tex`` (:func:`gametree.to_tikz` or :func:`gametree.to_forest`), ``.txt``
        (:func:`gametree.to_text`) or ``.gif`` (:func:`gametree.animate`: one frame per
        search event) or ``.html`` (:func:`gametree.to_html`: the search step by step in
        a web page).
    result : SearchResult, optional
        A search of ``G`` to draw (``G`` is not changed).
    engine : {"matplotlib", "graphviz"}
        Who draws PNG, SVG and PDF. Graphviz needs pygraphviz
        (``pip install 'gametree[graphviz]'``) or a ``dot`` program on PATH.
    show, style, title, root, fit, collapse, max_depth, focus, orientation
        As for :func:`gametree.draw` (``.txt`` ignores ``fit`` and ``orientation``; the
        ``.html`` page takes them all, see :func:`gametree.to_html`).
    dpi : float, optional
        Resolution of a PNG (default: the style's ``dpi``, 150).
    standalone : bool, default True
        For ``.tex``: a whole document (else a picture to ``\\input``).
    latex : {"tikz", "forest"}, default "tikz"
        For ``.tex``: the LaTeX package that draws the tree (see
        :mod:`gametree.drawing.latex`, which also says why ``"istgame"`` is refused).
    algorithm : str, optional
        For ``.gif`` and ``.html``: the search to show (default: the one ``G`` or
        ``result`` was searched with, else ``"alphabeta"``).
    force : bool, default False
        Replace ``path`` if it exists. Without it an existing ``path`` is refused
        (:class:`~gametree.outfiles.OutputExistsError`) before anything is drawn. The
        file is written through :mod:`gametree.outfiles`: to a fresh temporary file
        beside it, renamed over it when complete.
    parts : bool, default False
        For ``.pdf``, ``.tex`` and ``.png``: a tree too large for the page ``fit`` at
        fonts of 7 pt or more is drawn in parts, its top levels and then each subtree,
        one page per part (one PNG per part: ``key-1.png``, ``key-2.png``, ...; see
        :func:`gametree.drawing.parts.save_parts`).
    **options
        For ``.gif`` and ``.html``: the search options (``depth``, ``prune_on_equal``, ...).

    Returns
    -------
    pathlib.Path
        The file written (the first, for a tree drawn in parts as PNGs).

    Raises
    ------
    RenderError
        For an unknown suffix, engine or LaTeX back end, when Graphviz is needed and
        missing, or for a PNG too large to be legible (see
        :data:`~gametree.drawing.raster.MIN_PNG_DPI`).
    OutputExistsError
        If ``path`` exists and ``force`` is false.

    Warns
    -----
    UserWarning
        When a PNG would be wider or taller than 32,767 pixels: it is written at a lower
        resolution, and an SVG is suggested. Below
        :data:`~gametree.drawing.raster.MIN_PNG_DPI` it is refused instead (a
        ``RenderError`` naming SVG and the options that draw less).

    Examples
    --------
    >>> import gametree, tempfile, pathlib
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> gametree.save(G, folder / "aima.txt", gametree.alphabeta(G, annotate=False)).name
    'aima.txt'
    >>> print((folder / "aima.txt").read_text().splitlines()[2])
    │   ├── *E  3
    """
    target = Path(path)
    suffix = target.suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        allowed = ", ".join(f".{f}" for f in FORMATS)
        raise RenderError(f"cannot write {str(target)!r}: unknown suffix; use one of {allowed}")
    if engine not in ENGINES:
        allowed = ", ".join(repr(e) for e in ENGINES)
        raise RenderError(f"unknown engine {engine!r}; expected one of {allowed}")
    if suffix == "tex":
        from gametree.drawing.latex import check_latex

        check_latex(latex)
    elif latex != "tikz":
        raise RenderError(f"latex={latex!r} applies to a .tex file, not .{suffix}")
    if suffix not in ("gif", "html") and options:
        raise RenderError(
            f"save() got search options {sorted(options)!r}, which only a .gif takes; "
            "search first and pass the result"
        )
    if parts:
        views = {"root": root, "collapse": collapse, "max_depth": max_depth, "focus": focus}
        refused = [k for k, v in views.items() if v is not None]
        refused += ["orientation"] if orientation != "top-down" else []
        refused += ["engine"] if engine != "matplotlib" else []
        if refused:
            raise RenderError(f"parts=True draws the whole tree top-down, without {refused[0]}=")
        if fit is None:
            raise RenderError("parts=True needs a page to fit the parts to (fit=(width, height))")
        from gametree.drawing.parts import save_parts

        return save_parts(
            G, target, result, fit=fit, show=show, style=style, title=title, latex=latex,
            dpi=dpi, force=force,
        )[0]  # fmt: skip
    check_new_output(target, force=force)  # refused before anything is drawn
    drawing: dict[str, Any] = {"show": show, "style": style, "title": title, "root": root}
    view: dict[str, Any] = {"collapse": collapse, "max_depth": max_depth, "focus": focus}
    page: dict[str, Any] = {"fit": fit, "orientation": orientation}
    if suffix == "gif":
        from gametree.drawing.animate import animate

        if algorithm is None:
            searched = G.graph.get("search") or {}
            algorithm = result.algorithm if result is not None else searched.get("algorithm")
        animate(
            G, algorithm=algorithm or "alphabeta", path=target, force=force, **drawing, **options
        )
        return target
    if suffix == "html":
        from gametree.drawing.html import to_html

        asked = algorithm is not None or options
        conventions = [{"algorithm": algorithm or "alphabeta", **options}] if asked else None
        text = to_html(G, result, conventions=conventions, **drawing, **view, **page)
        return write_text(target, text, force=force)
    if suffix == "txt":
        from gametree.drawing.text import to_text

        return write_text(target, to_text(G, result, **drawing, **view) + "\n", force=force)
    if suffix == "dot":
        from gametree.drawing.dot import to_dot

        return write_text(target, to_dot(G, result, **drawing, **view, **page), force=force)
    if suffix == "tex":
        from gametree.drawing.latex import to_latex

        text = to_latex(G, result, latex=latex, standalone=standalone, **drawing, **view, **page)
        return write_text(target, text, force=force)
    d = diagram(G, result, **drawing, **view, **page)
    resolution = float(dpi if dpi is not None else d.style["dpi"])
    if suffix == "png":
        # Refused before laying it out when its levels alone are too long for a PNG.
        refuse_raster(_levels_extent(d), 0.0)
    if engine == "graphviz":
        from gametree.drawing.dot import diagram_dot, render_dot
        from gametree.drawing.fit import arrange

        pl = arrange(d)
        if suffix == "png":
            resolution = fit_raster(pl.xmax - pl.xmin, pl.ymax - pl.ymin, resolution)
        with replacing(target, force=force) as temp:
            render_dot(diagram_dot(d, pl), temp, suffix, dpi=resolution)
        return target
    from gametree.drawing.fit import arrange
    from gametree.drawing.mpl import TEXT_ARTISTS_UP_TO, draw_diagram

    pl = arrange(d)
    if suffix == "png":
        # Refused before the (many) artists are made.
        refuse_raster(pl.xmax - pl.xmin, pl.ymax - pl.ymin)
    # An SVG file gets a large diagram's labels as text, not glyph outlines.
    artists = draw_diagram(
        d,
        placement=pl,
        outlines=suffix != "svg",
        by_look=suffix == "svg" and len(d.nodes) > TEXT_ARTISTS_UP_TO,
    )
    fig = artists.figure
    if suffix == "png":
        width, height = fig.get_size_inches() * 72.0
        resolution = fit_raster(width, height, resolution)
    extra: dict[str, Any] = {}
    if suffix == "svg":
        extra = {"metadata": {"Date": None}}
    elif suffix == "pdf":
        extra = {"metadata": {"CreationDate": None}}
    else:
        extra = {"pil_kwargs": {"compress_level": 2}}
    from matplotlib import rc_context

    # SVG texts stay text (fast, small, searchable); a fixed salt makes the file's
    # generated ids, and so the file, reproducible.
    with (
        rc_context({"svg.hashsalt": "gametree", "svg.fonttype": "none"}),
        replacing(target, force=force) as temp,
    ):
        if suffix == "svg":
            from gametree.drawing.svgtext import save_svg

            save_svg(artists, temp, str(d.style["font_family"]), dpi=resolution, **extra)
        else:
            fig.savefig(temp, format=suffix, dpi=resolution, **extra)
    return target


def _levels_extent(d: Diagram) -> float:
    """A lower bound of the drawing's length along its levels (points): the levels
    times their gap at the smallest scale fitting to a page may use."""
    from gametree.drawing.fit import MIN_FONT

    if not d.nodes:
        return 0.0
    st = d.style
    big = float(st["font_size"])
    s = min(1.0, MIN_FONT / big) if d.fit is not None and big > 0 else 1.0
    depths = [n.depth for n in d.nodes]
    return (max(depths) - min(depths)) * float(st["level_sep"]) * s
