"""One frame of an animation: its style, its picture, the bare tree it starts from, its caption.

:mod:`gametree.drawing.animate` (the search trace) and :mod:`gametree.drawing.mctsframes`
(Monte Carlo tree search) draw their frames with these; the web page captions its steps
with :func:`describe`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.attrs import ANNOTATION_EDGE_ATTRS, ANNOTATION_NODE_ATTRS
from gametree.drawing.model import Diagram
from gametree.drawing.raster import fit_raster
from gametree.drawing.slots import Placement
from gametree.drawing.style import GEQ, LEQ, format_value
from gametree.exceptions import RenderError

if TYPE_CHECKING:
    from PIL.Image import Image

    from gametree.search.trace import TraceEvent

__all__ = [
    "MAX_FRAMES",
    "bare_copy",
    "check_frame_count",
    "describe",
    "frame_style",
    "render",
    "with_texts_of",
]

MAX_FRAMES = 1_000
"""The default frame limit of an animation: a frame takes about 0.1 s to draw (more on
a large tree), so 1,000 frames take minutes and play for 15 minutes at 900 ms each."""


def check_frame_count(count: int, max_frames: int) -> None:
    """Refuse an animation of ``count`` frames past ``max_frames``, before any is drawn.

    Raises
    ------
    RenderError
        Naming the count, the limit and how to raise it; also if ``max_frames`` is not
        a whole number of at least 1.

    Examples
    --------
    >>> check_frame_count(30, 1000)
    >>> check_frame_count(1500, 1000)
    Traceback (most recent call last):
    ...
    gametree.exceptions.RenderError: the animation would have 1,500 frames, more than the
    frame limit of 1,000: raise it with max_frames=... (CLI: --max-frames), or animate ...
    """
    if isinstance(max_frames, bool) or not isinstance(max_frames, int) or max_frames < 1:
        raise RenderError(f"max_frames={max_frames!r} is not allowed; expected an int >= 1")
    if count > max_frames:
        raise RenderError(
            f"the animation would have {count:,} frames, more than the frame limit of "
            f"{max_frames:,}: raise it with max_frames=... (CLI: --max-frames), or animate "
            "a smaller tree"
        )


def frame_style(final: Diagram, placement: Placement, style: Mapping[str, Any] | None) -> Any:
    """Return ``style`` for the frames of an animation laid out as ``placement``, its
    ``dpi`` lowered (with a warning) where a frame would pass the raster limit; refuse
    a tree too large for any legible frame (the rule of a PNG:
    :func:`gametree.drawing.raster.fit_raster`), before any frame is drawn."""
    st = final.style
    frame = 2 * float(st["margin"]) + 4 * float(st["font_size"])  # margins, title, caption
    dpi = float(st["dpi"])
    fitted = fit_raster(
        placement.xmax - placement.xmin + frame,
        placement.ymax - placement.ymin + frame,
        dpi,
        what="an animation frame",
        instead="animate a smaller tree, or draw this one to .svg or .pdf",
    )
    return style if fitted == dpi else {**(style or {}), "dpi": fitted}


def with_texts_of(d: Diagram, placement: Placement) -> Placement:
    """``placement`` (laid out once, for the last frame) with the texts of frame ``d``.

    A placement holds every label's text as well as its spot; a frame drawn with the
    last frame's placement as it is would show the finished search under every caption.
    Each label keeps its spot and takes the frame's text and colour (a label the frame
    has not written yet is left out).
    """
    from dataclasses import replace

    nodes = {n.node: n for n in d.nodes}
    moves = {(e.u, e.v): e.move for e in d.edges}
    texts = []
    for t in placement.texts:
        if t.slot == "move":
            text, color = moves.get(t.key, ""), t.color
        else:
            n = nodes[t.key]
            text = {"value": n.value, "name": n.name, "order": n.order,
                    "bounds": n.bounds}.get(t.slot, t.text)  # fmt: skip
            color = n.text_color if t.slot == "value" else t.color
        if text:
            texts.append(replace(t, text=text, color=color))
    return replace(placement, texts=texts)


def render(d: Any, placement: Any) -> Image:
    """Draw one frame's diagram with the fixed ``placement`` into an RGBA image."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from PIL import Image as PILImage

    from gametree.drawing.mpl import draw_diagram

    canvas = draw_diagram(d, placement=placement).figure.canvas
    assert isinstance(canvas, FigureCanvasAgg)
    canvas.draw()  # type: ignore[no-untyped-call]
    return PILImage.frombuffer(
        "RGBA",
        canvas.get_width_height(),
        canvas.buffer_rgba(),  # type: ignore[no-untyped-call]
        "raw",
        "RGBA",
        0,
        1,
    ).copy()


def bare_copy(G: nx.DiGraph) -> nx.DiGraph:
    """A copy of ``G`` without any search annotation (the first frame's tree)."""
    H = G.copy()
    for data in H._node.values():
        for key in ANNOTATION_NODE_ATTRS:
            data.pop(key, None)
    for _, _, data in H.edges(data=True):
        for key in ANNOTATION_EDGE_ATTRS:
            data.pop(key, None)
    return H


def describe(event: TraceEvent) -> str:
    """Return a short caption for one trace event.

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> [describe(e) for e in gametree.search_trace(G)][:2]
    ['enter A with [−∞, ∞]', 'enter B with [−∞, ∞]']
    """
    from gametree.search.trace import (
        Cutoff,
        Enter,
        Exit,
        Leaf,
        PassEnd,
        Probe,
        ReSearch,
        TranspositionHit,
    )

    window = f"[{format_value(event.alpha)}, {format_value(event.beta)}]"
    node = event.node
    if isinstance(event, Enter):
        return f"enter {node} with {window}"
    if isinstance(event, Leaf):
        return f"leaf {node} = {format_value(event.value)}"
    if isinstance(event, Cutoff):
        skipped = ", ".join(str(s) for s in event.skipped) or "nothing left"
        after = "" if event.child is None else f" after {event.child}"
        return f"cut-off at {node}{after}: prune {skipped}"
    if isinstance(event, Probe):
        return f"probe {node} with null window {window}"
    if isinstance(event, ReSearch):
        return f"re-search {node} with {window}"
    if isinstance(event, TranspositionHit):
        return f"{node} from the table: {format_value(event.value)}"
    if isinstance(event, PassEnd):
        proved = {"lower": GEQ, "upper": LEQ}.get(str(event.bound), "= ")
        return f"pass {event.index} with {window}: {node} {proved}{format_value(event.value)}"
    assert isinstance(event, Exit)
    prefix = {"lower": GEQ, "upper": LEQ}.get(str(event.bound), "")
    return f"{node} returns {prefix}{format_value(event.value)}"
