"""Inline display in Jupyter: :func:`show` returns an object that renders inline.

:func:`show` is the one way to see a diagram in a notebook cell:
:func:`gametree.draw` returns matplotlib artists for drawing on (its ``.figure`` is a
plain matplotlib figure, shown only where the notebook's matplotlib display is set up),
while ``gametree.show(G, result)`` returns a :class:`DiagramView`, which every Jupyter
front end displays by itself (``_repr_mimebundle_``).

A searched tree renders as the interactive explore page (``text/html``: the search step
by step, in an ``iframe`` so that it runs the same in JupyterLab, VS Code and the
classic Notebook without a kernel), with the static SVG kept as the fallback
(``image/svg+xml``) that nbconvert and GitHub show; a bare tree renders as SVG only.
"""

from __future__ import annotations

import hashlib
import html
import io
import itertools
from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.attrs import SEARCH
from gametree.drawing.style import DEFAULT_FIT

if TYPE_CHECKING:
    from gametree.search.result import SearchResult

__all__ = ["DiagramView", "page_frame", "show"]


def page_frame(page: str, title: str) -> str:
    """An ``iframe`` that shows a self-contained page inline (its ``srcdoc``): it runs
    without a kernel, the same in JupyterLab, VS Code, the classic Notebook and in
    exported notebooks (nbconvert HTML).

    Where scripts run, the frame then takes the height its page reports.

    >>> frame = page_frame("<p>hi</p>", "a page")
    >>> frame.startswith('<iframe srcdoc="&lt;p&gt;hi&lt;/p&gt;" title="a page" id=')
    True
    """
    text = html.escape(page, quote=True)
    digest = hashlib.sha1(page.encode("utf-8")).hexdigest()[:12]
    frame = f"gametree-frame-{digest}-{next(_FRAMES)}"  # one page may be shown twice
    return (
        f'<iframe srcdoc="{text}" title="{html.escape(title, quote=True)}" id="{frame}" '
        'style="width: 100%; height: 560px; border: 1px solid #ddd"></iframe>'
        + _FIT_FRAME.replace("FRAME", frame)
    )


_FRAMES = itertools.count(1)

# Where scripts run (exported notebooks, a documentation site), the frame takes the height
# its page reports (page.html posts it), between 200 and 1,200 px: a short page leaves no
# blank space, a long one (a practice page on a phone) shows whole or nearly.
_FIT_FRAME = (
    "<script>(function () { var f = document.getElementById('FRAME');"
    " window.addEventListener('message', function (e) {"
    " if (f && e.source === f.contentWindow && e.data && typeof e.data.gametreeHeight === 'number')"
    " { f.style.height = Math.min(1200, Math.max(200, e.data.gametreeHeight)) + 'px'; }"
    " }); })();</script>"
)


class DiagramView:
    """A pruning diagram that Jupyter displays inline.

    Build it with :func:`show`. With a search result it displays as the interactive
    explore page (``_repr_html_``, :meth:`html`) with the SVG as the static fallback
    (``_repr_svg_``, :meth:`svg`); without one, as the SVG.
    """

    def __init__(self, G: nx.DiGraph, result: SearchResult | None, options: dict[str, Any]):
        self.graph = G
        self.result = result
        self.options = options
        self._svg: str | None = None

    def svg(self) -> str:
        """Return the drawing as SVG text (made once, then cached)."""
        if self._svg is None:
            from gametree.drawing.mpl import draw

            artists = draw(self.graph, self.result, **self.options)
            from matplotlib import rc_context

            buffer = io.StringIO()
            with rc_context({"svg.hashsalt": "gametree"}):
                artists.figure.savefig(buffer, format="svg", metadata={"Date": None})
            self._svg = buffer.getvalue()
        return self._svg

    def _repr_svg_(self) -> str:
        return self.svg()

    def html(self) -> str:
        """Return the explore page of the search (see :func:`gametree.to_html`)."""
        from gametree.drawing.html import to_html

        return to_html(self.graph, self.result, **self.options)

    def _repr_html_(self) -> str | None:
        if self.result is None and not isinstance(self.graph.graph.get(SEARCH), Mapping):
            return None  # a bare tree: the SVG
        return page_frame(self.html(), "search step by step")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """What Jupyter displays: the explore page (a searched tree), the SVG, and the
        text ``repr``; each front end picks the richest it can show."""
        bundle = {"image/svg+xml": self.svg(), "text/plain": repr(self)}
        page = self._repr_html_()
        if page is not None:
            bundle["text/html"] = page
        return bundle

    def __repr__(self) -> str:
        """``<DiagramView of a tree with 13 nodes, searched by alphabeta>``."""
        n = self.graph.number_of_nodes()
        search = self.graph.graph.get(SEARCH)
        algorithm = (
            self.result.algorithm
            if self.result is not None
            else search.get("algorithm")
            if isinstance(search, Mapping)
            else None
        )
        searched = f", searched by {algorithm}" if algorithm else ""
        return f"<DiagramView of a tree with {n} node{'' if n == 1 else 's'}{searched}>"


def show(
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
) -> DiagramView:
    """Return a diagram that a Jupyter notebook displays inline.

    Takes the same arguments as :func:`gametree.draw` (without ``ax``). With ``result``
    the notebook shows the search step by step (the explore page of
    :func:`gametree.to_html`, with forward/back/play controls), and the SVG drawing
    where HTML is not shown (nbconvert, GitHub); this is the one way to show a search
    interactively, since a :class:`~gametree.search.result.SearchResult` does not keep
    its graph. Nothing is drawn until the notebook asks.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> view = gametree.show(G, gametree.alphabeta(G, annotate=False))
    >>> view._repr_svg_().lstrip().startswith("<?xml")
    True
    >>> view
    <DiagramView of a tree with 13 nodes, searched by alphabeta>
    >>> view._repr_html_().startswith("<iframe srcdoc=")
    True
    """
    options = {"show": show, "style": style, "title": title, "root": root, "fit": fit,
               "collapse": collapse, "max_depth": max_depth, "focus": focus,
               "orientation": orientation}  # fmt: skip
    return DiagramView(G, result, options)
