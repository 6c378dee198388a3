"""Step-by-step pictures of a search: :func:`animate`, one frame per trace event."""

from __future__ import annotations

import os
from collections.abc import Hashable, Iterable, Iterator, Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.attrs import PRUNED, UNREACHED, VISITED
from gametree.drawing.frame import MAX_FRAMES, check_frame_count, frame_style, render
from gametree.drawing.gif import write_gif
from gametree.drawing.model import Diagram
from gametree.drawing.pagesteps import StepView
from gametree.drawing.slots import Placement
from gametree.drawing.style import mark_current, paint_edge, paint_node, visible
from gametree.drawing.svg import INNER
from gametree.exceptions import RenderError
from gametree.outfiles import check_new_output, replacing

if TYPE_CHECKING:
    from PIL.Image import Image


__all__ = ["ANIMATION_SHOW", "MAX_FRAMES", "animate", "check_frame_count", "frames", "step_frames"]

NOT_STARTED = "not started"
"""The caption of step 0, the bare tree (the page says "The search has not started")."""

ANIMATION_SHOW = "values,bounds,names,moves"
"""What a frame shows unless ``show=`` says otherwise: what the explore page shows."""


def animate(
    G: nx.DiGraph,
    algorithm: str = "alphabeta",
    path: str | os.PathLike[str] = "search.gif",
    *,
    show: str | Iterable[str] | None = ANIMATION_SHOW,
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    interval: int = 900,
    dpi: float = 100,
    max_frames: int = MAX_FRAMES,
    force: bool = False,
    **options: Any,
) -> list[Path]:
    """Draw a search step by step: the bare tree, then one frame per trace event, same
    layout in every frame.

    Parameters
    ----------
    G : networkx.DiGraph
        The game tree (not changed).
    algorithm : str, default "alphabeta"
        The search, as for :func:`gametree.solve`.
    path : str or path-like, default "search.gif"
        A ``.gif`` path writes one animated GIF (pillow). A ``.png`` path writes numbered
        frames beside it: ``step.png`` gives ``step-001.png``, ``step-002.png``, ...
    show, style, title, root
        As for :func:`gametree.draw` (default slots: values, bounds, names, moves).
    interval : int, default 900
        Milliseconds per GIF frame.
    dpi : float, default 100
        Resolution of the frames.
    max_frames : int, default 1000
        The most frames to draw (the bare tree and one per trace event, or one per MCTS
        iteration): a longer
        animation is refused before any frame is drawn (:data:`MAX_FRAMES`).
    force : bool, default False
        Replace files that exist (the GIF, or a frame); without it an existing one is
        refused (:class:`~gametree.outfiles.OutputExistsError`). Every file is written
        through :mod:`gametree.outfiles`.
    **options
        The search's options (``depth``, ``prune_on_equal``, ``fail``, ...).

    Returns
    -------
    list of pathlib.Path
        The files written (one GIF, or the PNG frames in order).

    Notes
    -----
    Frame ``k`` is step ``k`` of the explore page (:func:`gametree.to_html`), drawn from
    the page's own steps (:func:`step_frames`): first the bare tree (step 0, captioned
    ``0/N  not started``, nothing searched), then at each step the node the step is
    about outlined in colour, the edge just gone down in colour, windows ``[a, b]`` and
    backed-up values as far as the search has got, cut marks as cutoffs happen with the
    nodes below them greyed, the principal variation in bold on the last frame; a
    caption says what happened. Without ``show`` (None) a frame shows values, windows,
    names and moves.

    Examples
    --------
    >>> import gametree, tempfile, pathlib
    >>> from PIL import Image
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> gif = pathlib.Path(tempfile.mkdtemp()) / "ab.gif"
    >>> [written] = gametree.animate(G, "alphabeta", gif)
    >>> Image.open(written).n_frames == 1 + len(list(gametree.search_trace(G)))
    True
    """
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in {".gif", ".png"}:
        raise RenderError(
            f"cannot animate to {str(target)!r}: use a .gif path, or a .png path for "
            "numbered frames"
        )
    frame_style = {"dpi": dpi, **(style or {})}
    images = frames(
        G,
        algorithm,
        show=show,
        style=frame_style,
        title=title,
        root=root,
        max_frames=max_frames,
        **options,
    )
    if suffix == ".gif":
        check_new_output(target, force=force)  # before any frame is drawn
        if not write_gif(images, target, interval=interval, force=force):
            raise RenderError("the search produced no events to draw")
        return [target]
    check_new_output(target.with_name(f"{target.stem}-001.png"), force=force)
    written = []
    for i, image in enumerate(images, 1):
        frame_path = target.with_name(f"{target.stem}-{i:03d}.png")
        with replacing(frame_path, force=force) as temp:
            image.save(temp, format="PNG")
        written.append(frame_path)
    if not written:
        raise RenderError("the search produced no events to draw")
    width = len(str(len(written)))
    if width > 3:  # more than 999 frames: renumber so the names sort in order
        for i, frame_path in enumerate(written):
            renamed = target.with_name(f"{target.stem}-{i + 1:0{width}d}.png")
            check_new_output(renamed, force=force)
            written[i] = frame_path.replace(renamed)
    return written


def frames(
    G: nx.DiGraph,
    algorithm: str = "alphabeta",
    *,
    show: str | Iterable[str] | None = ANIMATION_SHOW,
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    max_frames: int = MAX_FRAMES,
    **options: Any,
) -> Iterator[Image]:
    """Yield one RGBA image per frame of :func:`animate` (the bare tree, then one per
    trace event); refuse more than ``max_frames`` of them before drawing any."""
    from gametree.search.algorithms import is_mcts

    check_frame_count(0, max_frames)  # a bad limit is refused before any search
    if is_mcts(algorithm):
        from gametree.drawing.mctsframes import mcts_frames

        yield from mcts_frames(
            G, show=show, style=style, title=title, root=root, max_frames=max_frames, **options
        )
        return
    for d, placement in step_frames(G, algorithm, show=show, style=style, title=title,
                                    root=root, max_frames=max_frames, **options):  # fmt: skip
        yield render(d, placement)


def step_frames(
    G: nx.DiGraph,
    algorithm: str = "alphabeta",
    *,
    show: str | Iterable[str] | None = ANIMATION_SHOW,
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    max_frames: int = MAX_FRAMES,
    view: Mapping[str, Any] | None = None,
    **options: Any,
) -> Iterator[tuple[Diagram, Placement]]:
    """Yield each frame of :func:`animate` (not MCTS) as a diagram and its placement.

    The frames are the explore page's steps 0, 1, 2, ..., read from the page's own data
    (:func:`gametree.drawing.html.explore_layout`) and applied as the page applies them
    (:func:`gametree.drawing.pagesteps.step_views`): frame 0 is the bare tree, as the
    page opens (captioned ``0/N  not started``); frame ``k`` shows the values and
    windows step ``k`` of the page shows, its cut edges and the nodes below them greyed,
    the current node outlined and the edge just gone down in colour; the last frame adds
    the principal variation. One placement, sized for every value and window any step
    writes, serves every frame. ``view`` is the page's view, as for
    :func:`gametree.drawing.html.explore_layout` (a notebook widget's ``collapse``,
    ``max_depth``, ``focus``, ``orientation``).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> from itertools import islice
    >>> bare, second = [d for d, _ in islice(step_frames(G), 2)]
    >>> bare.caption, [n.value for n in bare.nodes if n.kind != "LEAF"]
    ('0/30  not started', ['', '', '', ''])
    >>> any(n.current for n in bare.nodes), any(n.current for n in second.nodes)
    (False, True)
    >>> second.caption
    '1/30  enter A with [−∞, ∞]'
    """
    from gametree.drawing.html import explore_layout
    from gametree.drawing.pagesteps import step_views
    from gametree.search import search_trace

    check_frame_count(0, max_frames)  # a bad limit is refused before any search
    if show is None:  # as the explore page: values and windows
        show = ANIMATION_SHOW
    # Counted before the page's data is built: that takes far longer than the search.
    check_frame_count(1 + sum(1 for _ in search_trace(G, algorithm, **options)), max_frames)
    bare, placement, trace = explore_layout(G, algorithm, options, show=show, style=style,
                                            root=root, view=view)  # fmt: skip
    total = len(trace["steps"])
    fitted = frame_style(bare, placement, style)
    if fitted is not style:
        bare.style["dpi"] = fitted["dpi"]
    edges = [(bare.index[e.u], bare.index[e.v]) for e in bare.edges]
    children = [[bare.index[c] for c in bare.graph._succ[n.node] if c in bare.index]
                for n in bare.nodes]  # fmt: skip
    title = "" if title is None else visible(title)
    for step in step_views(trace, edges, children):
        yield _frame(bare, placement, step, edges, title, f"{step.position}/{total}")


def _frame(
    bare: Diagram,
    placement: Placement,
    view: StepView,
    edges: list[tuple[int, int]],
    title: str,
    count: str,
) -> tuple[Diagram, Placement]:
    """The diagram and placement of one frame: ``bare`` painted as ``view`` shows it."""
    st = bare.style
    pv_nodes = {i for j in view.pv_edges for i in edges[j]}
    nodes = []
    for i, old in enumerate(bare.nodes):
        n = replace(old, pv=i in pv_nodes)
        n.status = (
            PRUNED if i in view.cut_tops
            else UNREACHED if i in view.gone
            else VISITED if i in view.visited
            else None
        )  # fmt: skip
        if n.kind in INNER:
            n.value = view.values.get(i, "") if "values" in bare.show else ""
            n.bounds = view.windows.get(i, "") if "bounds" in bare.show else ""
        if "order" in bare.show and i in view.visits:
            n.order = f"#{view.visits[i]}"
        paint_node(n, st)
        nodes.append(n)
    drawn_edges = []
    for j, old_edge in enumerate(bare.edges):
        e = replace(old_edge, pv=j in view.pv_edges, cut=j in view.pruned_edges)
        e.status = (
            PRUNED if j in view.pruned_edges
            else UNREACHED if j in view.gone_edges
            else VISITED if j in view.visited_edges
            else None
        )  # fmt: skip
        paint_edge(e, st)
        if j == view.down:
            e.color = str(st["current_color"])
            e.line_width = float(st["current_line_width"])
        drawn_edges.append(e)
    d = replace(bare, nodes=nodes, edges=drawn_edges, title=title,
                caption=f"{count}  {view.caption or NOT_STARTED}", searched=True)  # fmt: skip
    if view.current is not None:
        mark_current(d, nodes[view.current].node)
    texts = []
    for t in placement.texts:
        if t.slot == "move":
            texts.append(t)
            continue
        n = nodes[bare.index[t.key]]
        if t.slot == "order":
            text = n.order  # the visit number so far (a leaf's too)
        elif n.kind in INNER:
            text = {"value": n.value, "bounds": n.bounds}.get(t.slot, t.text)
        else:
            text = t.text
        if not text:
            continue
        bold = (n.current or n.pv) if t.slot == "value" and n.kind in INNER else t.bold
        texts.append(replace(t, text=text, color=n.text_color, bold=bold))
    return d, replace(placement, texts=texts)
