"""Fitting a diagram to a page: a slide, an A4 sheet, or any size in inches.

:func:`fit_placement` chooses how a :class:`~gametree.drawing.style.Diagram` is drawn so
that it fits the page it is meant for: fonts and shapes shrink together (never below
:data:`MIN_FONT` points), crowded leaves alternate between two or three rows, and, only
if that is not enough, names are left out. A shrunk drawing's levels then spread over
the page's height. When even that does not fit, a
:class:`~gametree.exceptions.FitWarning` names the views that do.
"""

from __future__ import annotations

import os
import re
import sys
import warnings
from typing import TYPE_CHECKING

from gametree.exceptions import FitWarning, RenderError

if TYPE_CHECKING:
    from gametree.drawing.slots import Placement
    from gametree.drawing.style import Diagram

__all__ = ["MIN_FONT", "PAPERS", "fit_placement", "page_size"]

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
}
"""Named pages, (width, height) in inches: a plain paper name is portrait."""

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

SPREAD = 3.0
"""Levels spread to at most this many times their natural distance."""

_SIZE = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*[x×]\s*(\d+(?:\.\d*)?|\.\d+)\s*(in)?\s*$")


def page_size(text: str) -> tuple[float, float]:
    """Return ``(width, height)`` in inches for a paper name or a ``WIDTHxHEIGHT`` size.

    >>> page_size("a4"), page_size("a4-landscape"), page_size("13.33x7.5")
    ((8.27, 11.69), (11.69, 8.27), (13.33, 7.5))
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


def fit_placement(d: Diagram) -> Placement:
    """Fit ``d`` to its page ``d.fit`` and return its placement (points).

    Changes ``d`` to what is drawn (the style's sizes scaled, ``stagger`` set to the
    rows leaves alternate between, names dropped when nothing else fits) and clears
    ``d.fit``, so that every emitter placing ``d`` again gets the same result.

    The first of these that fits the page wins, each at the largest scale at most 1
    (a small tree keeps its natural size): (1) the drawing as it is, (2) runs of leaves
    alternating between two, then three rows, each shape sized to its own value, (3)
    the same without the leaves' names, (4) crowded levels of inner nodes alternating
    between two rows too, (5) without any names. Fonts never go below :data:`MIN_FONT`
    points: a tree that does not fit even so is drawn at that size, larger than the
    page, with a :class:`~gametree.exceptions.FitWarning`. A drawing that was shrunk
    and is more than :data:`WIDE` times as wide as tall then gets its levels spread
    towards the page's proportions (at most :data:`SPREAD` times as far apart).
    Each trial lays the whole tree out; a tree whose levels or widest level alone are
    larger than the page at a scale (see :func:`_cannot_fit`) skips the trials at that
    scale, so a tree far too large for the page is laid out once, not ten times.

    Examples
    --------
    >>> import gametree
    >>> from gametree.drawing.style import diagram
    >>> d = diagram(gametree.random_tree(3, 4, seed=1), fit=(13.33, 7.5))
    >>> pl = fit_placement(d)
    >>> (pl.xmax - pl.xmin) / 72 <= 13.33, d.style["font_size"] >= MIN_FONT
    (True, True)
    """
    from gametree.drawing.slots import place

    page = d.fit
    d.fit = None
    if page is None:
        return place(d)
    base = dict(d.style)
    names = [n.name for n in d.nodes]
    page_w, page_h = page[0] * 72.0, page[1] * 72.0
    # Small texts stop at MIN_FONT on their own (see _scale): the values set the floor.
    big = float(base["font_size"])
    s_min = min(1.0, MIN_FONT / big) if big > 0 else 1.0
    # (rows of leaves, names kept), from the most to the least like the natural drawing.
    # Rows 4: three rows of leaves, and crowded levels of inner nodes over two rows.
    # Names: kept on every node, on inner nodes only, or on none.
    modes: list[tuple[int, str]] = [(1, "all"), (2, "all"), (3, "all")]
    if any(names):
        modes += [(2, "inner"), (3, "inner"), (4, "inner"), (3, "none"), (4, "none")]
    else:
        modes += [(4, "all")]
    if d.orientation == "left-right":
        modes = [(1, "all")] + ([(1, "none")] if any(names) else [])

    def attempt(rows: int, keep_names: str, s: float) -> Placement:
        _scale(d, base, s)
        d.style["stagger"] = max(min(rows, 3), int(base["stagger"]))
        d.style["stagger_inner"] = bool(base["stagger_inner"]) or rows > 3
        d.style["uniform_shapes"] = bool(base["uniform_shapes"]) and rows == 1
        if rows > 1:
            # Staggered rows already tell families apart: no wider gap between cousins.
            d.style["subtree_sep"] = min(float(d.style["subtree_sep"]), d.style["sibling_sep"])
        for n, name in zip(d.nodes, names, strict=True):
            kept = keep_names == "all" or (keep_names == "inner" and n.kind not in LEAVES)
            n.name = name if kept else ""
        return place(d)

    def room(pl: Placement) -> float:
        """How much the drawing must shrink (< 1) or may grow (> 1) to fit the page."""
        margin, title = _frame(d)
        width = pl.xmax - pl.xmin
        height = pl.ymax - pl.ymin
        return min((page_w - 2 * margin) / max(width, 1e-9), (page_h - title) / max(height, 1e-9))

    def fits(pl: Placement) -> bool:
        return room(pl) >= 1.0 - 1e-9

    chosen: tuple[Placement, float] | None = None
    # A large tree that cannot fit at a scale, however it is drawn, skips the trials
    # at that scale: each lays the whole tree out, and none could win.
    if not _cannot_fit(d, base, 1.0, page_w, page_h):
        pl = attempt(*modes[0], 1.0)
        if fits(pl):
            chosen = (pl, 1.0)
    hopeless = chosen is None and _cannot_fit(d, base, s_min, page_w, page_h)
    for rows, keep_names in modes if chosen is None and not hopeless else []:
        # The drawing's size is nearly proportional to the scale: if it fits at the
        # smallest scale, a few proportional steps find (close to) the largest one.
        pl = attempt(rows, keep_names, s_min)
        if not fits(pl):
            continue
        best, placed, drawn_at = s_min, pl, s_min
        scale = min(1.0, s_min * room(pl))
        for _ in range(3):
            if scale <= best:
                break
            trial = attempt(rows, keep_names, scale)
            drawn_at = scale
            if fits(trial):
                best, placed = scale, trial
                break
            scale = max(best, scale * room(trial) * 0.995)
        if drawn_at != best:
            # Every larger scale failed: ``d`` must be drawn as the placement kept.
            placed = attempt(rows, keep_names, best)
        chosen = (placed, best)
        break
    if chosen is None:
        rows, keep_names = modes[-1]
        pl = attempt(rows, keep_names, s_min)
        margin, title = _frame(d)
        need_w = (pl.xmax - pl.xmin + 2 * margin) / 72.0
        need_h = (pl.ymax - pl.ymin + title) / 72.0
        warnings.warn(
            f"the tree does not fit a {_inches(page[0])} x {_inches(page[1])} in page with "
            f"fonts of {MIN_FONT:g} pt or more (it needs {need_w:.1f} x {need_h:.1f} in); "
            'draw less of it with collapse="pruned", max_depth=K, focus=NODE or '
            'orientation="left-right" (CLI: --collapse pruned, --max-depth K, --focus NODE, '
            "--orientation left-right), or fit it to a larger page",
            FitWarning,
            stacklevel=_caller_level(),
        )
        return pl
    return _spread(d, chosen[0], page_w, page_h, chosen[1])


def _cannot_fit(
    d: Diagram, base: dict[str, object], s: float, page_w: float, page_h: float
) -> bool:
    """Whether ``d`` at scale ``s`` is larger than the page in every mode (rows, names).

    Lower bounds on the placement's size that no mode goes below: the levels are at
    least the scaled ``level_sep`` (or the room a line of small text needs) apart; on a
    level, adjacent nodes of a tree are at least the narrowest shape and the smaller gap
    apart, or, staggered over up to three rows, a third of a shape and its gap. Only
    trees drawn top-down without boards, where those bounds are simple, are judged.
    """
    from gametree.drawing.slots import GAP, shape_size

    if d.orientation != "top-down" or not d.nodes:
        return False
    if any(n.board is not None for n in d.nodes):
        return False
    _scale(d, base, s)
    st = d.style
    big, small = float(st["font_size"]), float(st["small_font_size"])
    node_size, leaf_size = float(st["node_size"]), float(st["leaf_size"])
    sibling, cousin = float(st["sibling_sep"]), float(st["subtree_sep"])
    margin, title = _frame(d)
    counts: dict[int, int] = {}
    narrowest = float("inf")
    for n in d.nodes:
        counts[n.depth] = counts.get(n.depth, 0) + 1
        narrowest = min(narrowest, shape_size(n, big, node_size, leaf_size)[0])
    # A margin of 1%: only a drawing clearly too large is judged without a trial.
    height = max(counts) * max(float(st["level_sep"]), 2.2 * small + 12.0)
    if height > 1.01 * (page_h - title):
        return True
    pred = d.graph._pred
    if any(len(pred[n.node]) > 1 for n in d.nodes):
        return False  # a DAG's levels are its longest paths, not these depths
    gap = min(sibling, cousin)
    pair = min(narrowest + gap, (narrowest + GAP) / 3 - sibling + gap)
    width = (max(counts.values()) - 1) * pair
    return pair > 0 and width > 1.01 * (page_w - 2 * margin)


def _spread(d: Diagram, pl: Placement, page_w: float, page_h: float, s: float) -> Placement:
    """Spread the levels of a wide drawing towards the page's proportions."""
    from gametree.drawing.slots import place

    width, height = pl.xmax - pl.xmin, pl.ymax - pl.ymin
    if s >= 1.0 or d.orientation != "top-down" or height <= 0 or width <= WIDE * height:
        return pl
    levels = max(n.depth for n in d.nodes)
    if levels == 0:
        return pl
    title = _frame(d)[1]
    wanted = min(page_h - title, width * page_h / page_w)
    extra = min((wanted - height) / levels, (SPREAD - 1.0) * pl.level_sep)
    if extra <= 0:
        return pl
    d.style["level_sep"] = pl.level_sep - pl.level_extra + extra
    return place(d)


def _scale(d: Diagram, base: dict[str, object], s: float) -> None:
    from gametree.drawing.boards import MARK_SCALE, attach_boards

    for key in _SCALED:
        value = float(base[key])  # type: ignore[arg-type]
        scaled = value * s
        # Fonts, and the marks on boards, stop at MIN_FONT (unless the style asks for
        # smaller ones).
        if key.endswith("font_size"):
            scaled = max(scaled, min(value, MIN_FONT))
        elif key == "board_cell":
            scaled = max(scaled, min(value, MIN_FONT / MARK_SCALE))
        d.style[key] = scaled
    if any(n.board is not None for n in d.nodes):
        attach_boards(d)


def _frame(d: Diagram) -> tuple[float, float]:
    """The margin around the drawing and the height taken by margins and captions."""
    margin = float(d.style["margin"])
    extra = 2.0 * float(d.style["font_size"])
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
