"""Fitting a diagram to a page: a slide, an A4 sheet, or any size in inches.

:func:`fit_placement` chooses how a :class:`~gametree.drawing.style.Diagram` is drawn so
that it fits the page it is meant for: fonts and shapes shrink together (never below
:data:`MIN_FONT` points), each shape takes only the room its value needs, leaves become
bare values in one row with their names beneath, and, only if that is not enough (and
the style allows it), names are left out. A shrunk drawing's levels then spread over
the page's height. When even that does not fit, a
:class:`~gametree.exceptions.FitWarning` names the views that do.
"""

from __future__ import annotations

import os
import re
import sys
import warnings
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gametree.exceptions import FitWarning, RenderError

if TYPE_CHECKING:
    import networkx as nx

    from gametree.drawing.model import Diagram
    from gametree.drawing.slots import Placement
    from gametree.search.result import SearchResult

__all__ = ["MIN_FONT", "PAPERS", "arrange", "fit_placement", "page_size"]

LEAVES = frozenset({"LEAF", "STUB", "MORE"})

MIN_FONT = 7.0
"""The smallest font size (points) a fitted drawing uses."""

PAPERS: dict[str, tuple[float, float]] = {
    "slide": (13.33, 7.5),
    "slide-4:3": (10.0, 7.5),
    "a4": (8.27, 11.69),
    "a4-landscape": (11.69, 8.27),
    "a3": (11.69, 16.54),
    "a3-landscape": (16.54, 11.69),
    "letter": (8.5, 11.0),
    "letter-landscape": (11.0, 8.5),
    # The text of a page, to set a picture in a LaTeX document: A4 less 2 cm margins,
    # letter less 1 in margins.
    "a4-text": (6.69, 10.12),
    "a4-landscape-text": (10.12, 6.69),
    "letter-text": (6.5, 9.0),
    "letter-landscape-text": (9.0, 6.5),
}
"""Named pages, (width, height) in inches: a plain paper name is portrait; a ``-text``
name is the part of the page a LaTeX document sets its text in (A4 with 2 cm margins,
letter with 1 in margins)."""

_SCALED = (
    "font_size",
    "small_font_size",
    "node_size",
    "leaf_size",
    "sibling_sep",
    "subtree_sep",
    "level_sep",
    "margin",
    "board_cell",
)
"""Style sizes (points) that shrink together when a drawing is fitted."""

WIDE = 2.5
"""Drawings shrunk to fit that are wider than this many times their height get their
levels spread towards the page's proportions."""

_SIZE = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*[x×]\s*(\d+(?:\.\d*)?|\.\d+)\s*(in)?\s*$")


def page_size(text: str) -> tuple[float, float]:
    """Return ``(width, height)`` in inches for a paper name or a ``WIDTHxHEIGHT`` size.

    >>> page_size("a4"), page_size("a4-landscape"), page_size("13.33x7.5")
    ((8.27, 11.69), (11.69, 8.27), (13.33, 7.5))
    >>> page_size("a4-landscape-text")
    (10.12, 6.69)
    >>> page_size("a5")
    Traceback (most recent call last):
    ...
    gametree.exceptions.RenderError: unknown page 'a5'; expected WIDTHxHEIGHT in inches ...
    """
    key = text.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    found = _SIZE.match(key)
    if found:
        width, height = float(found.group(1)), float(found.group(2))
        if width > 0 and height > 0:
            return width, height
    names = ", ".join(PAPERS)
    raise RenderError(
        f"unknown page {text!r}; expected WIDTHxHEIGHT in inches (e.g. 13.33x7.5) or one of {names}"
    )


def arrange(d: Diagram) -> Placement:
    """Place ``d``: fitted to its page (``d.fit``) if it has one, else as its style says.

    Every emitter places a diagram through this function.
    """
    from gametree.drawing.slots import place

    return fit_placement(d) if d.fit is not None else place(d)


def fit_placement(d: Diagram, *, warn: bool = True) -> Placement:
    """Fit ``d`` to its page ``d.fit`` and return its placement (points).

    Changes ``d`` to what is drawn (the style's sizes scaled, leaves drawn bare, levels
    spread, names dropped when nothing else fits) and clears ``d.fit``, so that every
    emitter placing ``d`` again gets the same result.

    The first of these that fits the page wins, each at the largest scale at most 1
    (a small tree keeps its natural size): (1) the drawing as it is, (2) each shape
    sized to its own value, (3) leaves as bare values in one row with their names
    beneath (as exam papers draw them), subtrees set a little apart, (4) the same with
    subtrees no further apart than siblings, then, if the style allows it
    (``drop_names``), (5) without the inner nodes' names and (6) without any. Fonts
    never go below :data:`MIN_FONT` points: a tree that does not fit even so is drawn
    at that size in mode (4), larger than the page, with a
    :class:`~gametree.exceptions.FitWarning` (none with ``warn=False``) and the
    placement's ``overflow`` set. A drawing that was shrunk and is more
    than :data:`WIDE` times as wide as tall then gets its levels spread towards the
    page's proportions: the levels whose children are far apart first, each at most
    :data:`~gametree.drawing.slots.SPREAD` times as tall, so that crowded children
    keep their edges apart. Trials lay out the nodes only (the texts, the checks and the
    cut marks only for the layout kept); a tree whose levels or widest level alone are
    larger than the page at a scale (see :func:`_cannot_fit`) skips the trials at that
    scale, so a tree far too large for the page is laid out few times.

    Examples
    --------
    >>> import gametree
    >>> from gametree.drawing.style import diagram
    >>> d = diagram(gametree.random_tree(3, 4, seed=1), fit=(13.33, 7.5))
    >>> pl = fit_placement(d)
    >>> (pl.xmax - pl.xmin) / 72 <= 13.33, d.style["font_size"] >= MIN_FONT
    (True, True)
    >>> d.style["leaf_style"]
    'bare'
    """
    from gametree.drawing.slots import place

    if d.fit is None:
        return place(d)
    pl = _fit(d, warn=warn, overflowing=True)
    assert pl is not None
    return pl


def _fits_page(d: Diagram) -> bool:
    """Whether ``d`` fits its page ``d.fit`` with fonts of :data:`MIN_FONT` points or
    more: :func:`fit_placement`'s trials, without the drawing itself (a remedy's
    question, asked of several views of a large tree)."""
    return _fit(d, warn=False, overflowing=False) is not None


def _fit(d: Diagram, *, warn: bool, overflowing: bool) -> Placement | None:
    """:func:`fit_placement` when ``overflowing``; otherwise the trial that fits the
    page (its levels not spread, nor its texts placed), or None when none does."""
    from gametree.drawing.slots import place

    page = d.fit
    assert page is not None
    d.fit = None
    base = dict(d.style)
    names = [n.name for n in d.nodes]
    page_w, page_h = page[0] * 72.0, page[1] * 72.0
    # Small texts stop at MIN_FONT on their own (see _scale): the values set the floor.
    big = float(base["font_size"])
    s_min = min(1.0, MIN_FONT / big) if big > 0 else 1.0
    # (leaves, subtrees apart, names kept), from the most to the least like the natural
    # drawing. Names: kept on every node, on inner nodes only, or on none.
    modes: list[tuple[str, bool, str]] = [
        ("box", True, "all"), ("bare", True, "all"), ("bare", False, "all"),
    ]  # fmt: skip
    if any(names) and base["drop_names"]:
        modes += [("bare", False, "inner"), ("bare", False, "none")]
    if d.orientation == "left-right":
        modes = [("box", True, "all")]
        if any(names) and base["drop_names"]:
            modes.append(("box", True, "none"))
    natural = bool(base["uniform_shapes"])

    def attempt(mode: tuple[str, bool, str], s: float, *, finish: bool = False) -> Placement:
        leaves, apart, keep_names = mode
        _scale(d, base, s)
        d.style["spread"] = base["spread"]
        d.style["leaf_style"] = leaves if base["leaf_style"] == "box" else base["leaf_style"]
        d.style["uniform_shapes"] = natural and mode == modes[0]
        if not apart:
            d.style["subtree_sep"] = min(float(d.style["subtree_sep"]), d.style["sibling_sep"])
        for n, name in zip(d.nodes, names, strict=True):
            kept = keep_names == "all" or (keep_names == "inner" and n.kind not in LEAVES)
            n.name = name if kept else ""
        return place(d, finish=finish)

    def room(pl: Placement) -> float:
        """How much the drawing must shrink (< 1) or may grow (> 1) to fit the page."""
        margin, title = _frame(d)
        width = pl.xmax - pl.xmin
        height = pl.ymax - pl.ymin
        return min((page_w - 2 * margin) / max(width, 1e-9), (page_h - title) / max(height, 1e-9))

    def fits(pl: Placement) -> bool:
        return room(pl) >= 1.0 - 1e-9

    chosen: tuple[tuple[str, bool, str], float] | None = None
    fitted: Placement | None = None
    # A large tree that cannot fit at a scale, however it is drawn, skips the trials
    # at that scale: each lays the whole tree out, and none could win.
    if not _cannot_fit(d, base, 1.0, page_w, page_h):
        pl = attempt(modes[0], 1.0)
        if fits(pl):
            chosen, fitted = (modes[0], 1.0), pl
    hopeless = chosen is None and _cannot_fit(d, base, s_min, page_w, page_h)
    for mode in modes if chosen is None and not hopeless else []:
        # The drawing's size is nearly proportional to the scale: if it fits at the
        # smallest scale, a few proportional steps find (close to) the largest one.
        pl = attempt(mode, s_min)
        if not fits(pl):
            continue
        best, fitted = s_min, pl
        scale = min(1.0, s_min * room(pl))
        for _ in range(3):
            if scale <= best:
                break
            trial = attempt(mode, scale)
            if fits(trial):
                best, fitted = scale, trial
                break
            scale = max(best, scale * room(trial) * 0.995)
        chosen = (mode, best)
        break
    if not overflowing:
        return fitted
    if chosen is None:
        mode = next(m for m in reversed(modes) if m[2] == "all")
        pl = attempt(mode, s_min, finish=True)
        margin, title = _frame(d)
        need_w = (pl.xmax - pl.xmin + 2 * margin) / 72.0
        need_h = (pl.ymax - pl.ymin + title) / 72.0
        pl.overflow = True
        if not warn:
            return pl
        warnings.warn(
            f"the tree does not fit a {_inches(page[0])} x {_inches(page[1])} in page with "
            f"fonts of {MIN_FONT:g} pt or more (it needs {need_w:.1f} x {need_h:.1f} in)"
            + _remedies(d, base, page, need_w, need_h),
            FitWarning,
            stacklevel=_caller_level(),
        )
        return pl
    mode, scale = chosen
    pl = attempt(mode, scale)
    pl = _spread(d, pl, page_w, page_h, scale)
    # The checks may widen the drawing: shrink it a little more if it no longer fits.
    final = place(d)
    for _ in range(2):
        if fits(final) or scale <= s_min:
            break
        scale = max(s_min, scale * room(final) * 0.995)
        _spread(d, attempt(mode, scale), page_w, page_h, scale)
        final = place(d)
    return final


PARTS_CHECKED = 2_000
"""The most nodes of a tree whose warning checks that drawing it in parts fits (the
parts are laid out to see; a larger tree's warning does not offer them)."""

FOCUS_TRIALS = 12
"""The most subtrees a warning lays out looking for one that fits (``focus``)."""


def _remedies(
    d: Diagram, base: dict[str, object], page: tuple[float, float], need_w: float, need_h: float
) -> str:
    """What the warning suggests: of the remedies the caller offers (``d.remedies``) and
    that were not given (``d.given``), those that make the drawing fit the page, each
    laid out to see (parts only of a whole tree drawn top-down), and the page size it
    needs as it is."""
    offered = [r for r in d.remedies if r not in d.given]
    if d.given:  # parts are of the whole tree, drawn top-down
        offered = [r for r in offered if r != "parts"]
    texts = []
    if "parts" in offered:
        count = _parts_that_fit(d, base, page)
        if count:
            texts.append(f"draw it in parts, its top levels and then each subtree "
                         f"(parts=True: {count} pictures)")  # fmt: skip
    if "max_depth" in offered:
        levels = _levels_that_fit(d, base, page)
        if levels:
            texts.append(f"draw its top {levels} level{'s' * (levels > 1)} only "
                         f"(max_depth={levels})")  # fmt: skip
    if "focus" in offered:
        node = _subtree_that_fits(d, base, page)
        if node is not None:
            texts.append(f"draw one subtree (focus={node!r} fits)")
    if "fit" in offered:
        texts.append(f"fit it to a page of {need_w:.1f} x {need_h:.1f} in or more "
                     f"(fit=({need_w:.1f}, {need_h:.1f}))")  # fmt: skip
    if not texts:
        return ""
    return "; " + (", ".join(texts[:-1]) + " or " + texts[-1] if len(texts) > 1 else texts[0])


def _view_fits(d: Diagram, base: dict[str, object], page: tuple[float, float],
               **view: object) -> bool:  # fmt: skip
    """Whether ``d``'s tree drawn with ``view`` (``max_depth``, ``focus``) fits ``page``."""
    from gametree.drawing.style import diagram

    top = view.get("focus", d.root)
    deepest = view.get("max_depth")
    if top in d.graph and (deepest is None or isinstance(deepest, int)):
        # The view's levels, counted on the graph: a view clearly too large for the
        # page is no remedy, known without drawing it (a large tree asks many views).
        levels = _level_counts(d.graph, top, deepest)
        s_min = min(1.0, MIN_FONT / float(base["font_size"]))  # type: ignore[arg-type]
        if _cannot_fit(d, base, s_min, page[0] * 72.0, page[1] * 72.0, levels=levels):
            return False
    try:
        trial = diagram(d.graph, show=d.show, style=base, title=d.title, root=d.root, fit=page,
                        orientation=d.orientation, **view)  # type: ignore[arg-type]  # fmt: skip
    except (RenderError, ValueError, KeyError, TypeError):
        return False  # a view this drawing cannot take is no remedy
    return _fits_page(trial)


def _levels_that_fit(d: Diagram, base: dict[str, object], page: tuple[float, float]) -> int:
    """The most levels below the root drawn with ``max_depth`` that fit ``page`` (0: none
    does). A deeper view draws more, so the levels that fit are found by bisection."""
    deepest = max((n.depth for n in d.nodes), default=0)
    lo, hi = 0, deepest - 1  # the whole depth is what does not fit
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _view_fits(d, base, page, max_depth=mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _subtree_that_fits(d: Diagram, base: dict[str, object], page: tuple[float, float]) -> object:
    """The first node, level by level from the root's children, whose subtree drawn with
    ``focus`` fits ``page``; None when none of the first :data:`FOCUS_TRIALS` does."""
    succ = d.graph._succ
    level = [c for c in succ[d.root] if succ[c]]
    trials = 0
    while level and trials < FOCUS_TRIALS:
        for node in level:
            if trials >= FOCUS_TRIALS:
                break
            trials += 1
            if _view_fits(d, base, page, focus=node):
                return node
        level = [c for n in level for c in succ[n] if succ[c]]
    return None


def _parts_that_fit(d: Diagram, base: dict[str, object], page: tuple[float, float]) -> int:
    """How many pictures the tree takes drawn in parts that each fit ``page``; 0 when
    some part does not fit, or the tree has more than :data:`PARTS_CHECKED` nodes."""
    if d.orientation != "top-down" or d.graph.number_of_nodes() > PARTS_CHECKED:
        return 0
    parts = split_tree(d.graph, fit=page, show=d.show, style=base)
    return len(parts) if all(p.fits for p in parts) else 0


def _level_counts(G: nx.DiGraph, top: Hashable, deepest: int | None) -> dict[int, int]:
    """How many nodes each level of the tree under ``top`` holds, down to ``deepest``."""
    succ = G._succ
    counts: dict[int, int] = {}
    level, depth = [top], 0
    while level and (deepest is None or depth <= deepest):
        counts[depth] = len(level)
        level = [c for n in level for c in succ[n]]
        depth += 1
    return counts


def _cannot_fit(
    d: Diagram,
    base: dict[str, object],
    s: float,
    page_w: float,
    page_h: float,
    *,
    levels: Mapping[int, int] | None = None,
) -> bool:
    """Whether ``d`` at scale ``s`` is larger than the page in every mode (``levels``:
    a view of ``d``'s tree with so many nodes at each depth instead).

    Lower bounds on the placement's size that no mode goes below: the levels are at
    least the scaled ``level_sep`` (or the room a line of small text needs) apart, and
    adjacent nodes of a level of a tree at least
    :data:`~gametree.drawing.slots.MIN_BRANCH` points. Only trees drawn top-down
    without boards, where those bounds are simple, are judged.
    """
    from gametree.drawing.slots import MIN_BRANCH

    if d.orientation != "top-down" or not d.nodes:
        return False
    if any(n.board is not None for n in d.nodes):
        return False
    st = _scaled(base, s)  # d itself is left as it is
    small = st["small_font_size"]
    margin, title = _frame(d, st)
    counts: dict[int, int] = dict(levels or {})
    for n in d.nodes if levels is None else ():
        counts[n.depth] = counts.get(n.depth, 0) + 1
    # A margin of 1%: only a drawing clearly too large is judged without a trial.
    height = max(counts) * max(st["level_sep"], 2.2 * small + 12.0)
    if height > 1.01 * (page_h - title):
        return True
    pred = d.graph._pred
    if any(len(pred[n.node]) > 1 for n in d.nodes):
        return False  # a DAG's levels are its longest paths, not these depths
    width = (max(counts.values()) - 1) * MIN_BRANCH
    return width > 1.01 * (page_w - 2 * margin)


def _spread(d: Diagram, pl: Placement, page_w: float, page_h: float, s: float) -> Placement:
    """Spread the levels of a wide drawing towards the page's proportions."""
    from gametree.drawing.slots import place

    width, height = pl.xmax - pl.xmin, pl.ymax - pl.ymin
    if s >= 1.0 or d.orientation != "top-down" or height <= 0 or width <= WIDE * height:
        return pl
    if max(n.depth for n in d.nodes) == 0:
        return pl
    title = _frame(d)[1]
    wanted = min(page_h - title, width * page_h / page_w)
    if wanted <= height:
        return pl
    d.style["spread"] = wanted - height
    return place(d, finish=False)


def _scale(d: Diagram, base: dict[str, object], s: float) -> None:
    from gametree.drawing.boards import attach_boards

    d.style.update(_scaled(base, s))
    if any(n.board is not None for n in d.nodes):
        attach_boards(d)


def _scaled(base: Mapping[str, object], s: float) -> dict[str, float]:
    """The style's sizes (:data:`_SCALED`) at scale ``s``."""
    from gametree.drawing.boards import MARK_SCALE

    out = {}
    for key in _SCALED:
        value = float(base[key])  # type: ignore[arg-type]
        scaled = value * s
        # Fonts, and the marks on boards, stop at MIN_FONT (unless the style asks for
        # smaller ones).
        if key.endswith("font_size"):
            scaled = max(scaled, min(value, MIN_FONT))
        elif key == "board_cell":
            scaled = max(scaled, min(value, MIN_FONT / MARK_SCALE))
        out[key] = scaled
    return out


def _frame(d: Diagram, style: Mapping[str, object] | None = None) -> tuple[float, float]:
    """The margin around the drawing and the height taken by margins and captions (with
    ``style``'s sizes instead of the drawing's, if given)."""
    st = d.style if style is None else style
    margin = float(st["margin"])  # type: ignore[arg-type]
    extra = 2.0 * float(st["font_size"])  # type: ignore[arg-type]
    height = 2 * margin + (extra if d.title else 0.0) + (extra if d.caption else 0.0)
    return margin, height


def _caller_level() -> int:
    """The ``stacklevel`` that points a warning given here at the first caller outside
    gametree (the depth differs between ``draw``, ``save``, ``to_dot``, ...)."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame = sys._getframe(1)
    level = 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(package):
        frame = frame.f_back
        level += 1
    return level


def _inches(value: float) -> str:
    return f"{value:g}"


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
    from gametree.validation import find_root

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
