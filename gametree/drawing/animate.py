"""Step-by-step pictures of a search: :func:`animate`, one frame per trace event."""

from __future__ import annotations

import os
from collections.abc import Hashable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.attrs import (
    ALPHA,
    BETA,
    BOUND,
    PRUNED,
    SEARCH,
    SEARCH_VALUE,
    STATUS,
    UNREACHED,
    VISIT,
    VISITED,
)
from gametree.drawing.fit import arrange
from gametree.drawing.frame import (
    MAX_FRAMES,
    bare_copy,
    check_frame_count,
    describe,
    frame_style,
    render,
)
from gametree.drawing.gif import write_gif
from gametree.drawing.style import diagram, mark_current
from gametree.exceptions import RenderError
from gametree.outfiles import check_new_output, replacing

if TYPE_CHECKING:
    from PIL.Image import Image

    from gametree.search.trace import TraceEvent

__all__ = ["MAX_FRAMES", "animate", "check_frame_count", "frames"]


def animate(
    G: nx.DiGraph,
    algorithm: str = "alphabeta",
    path: str | os.PathLike[str] = "search.gif",
    *,
    show: str | Iterable[str] | None = "values,bounds,names,moves",
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    interval: int = 900,
    dpi: float = 100,
    max_frames: int = MAX_FRAMES,
    force: bool = False,
    **options: Any,
) -> list[Path]:
    """Draw a search step by step: one frame per trace event, same layout in every frame.

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
        The most frames to draw (one per trace event, or per MCTS iteration): a longer
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
    Each frame shows what the search knows after one event of
    :func:`gametree.search_trace`: the node it is about outlined in colour and bold,
    windows ``[a, b]`` as they are when nodes are entered and left, leaf values as they
    are evaluated, cut marks as cutoffs happen; a caption says what happened.

    Examples
    --------
    >>> import gametree, tempfile, pathlib
    >>> from PIL import Image
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> gif = pathlib.Path(tempfile.mkdtemp()) / "ab.gif"
    >>> [written] = gametree.animate(G, "alphabeta", gif)
    >>> Image.open(written).n_frames == len(list(gametree.search_trace(G)))
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
    show: str | Iterable[str] | None = "values,bounds,names,moves",
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    max_frames: int = MAX_FRAMES,
    **options: Any,
) -> Iterator[Image]:
    """Yield one RGBA image per trace event of the search (see :func:`animate`);
    refuse more than ``max_frames`` of them before drawing any."""
    from gametree.search import search_trace, solve
    from gametree.search.algorithms import is_mcts

    check_frame_count(0, max_frames)  # a bad limit is refused before any search
    if is_mcts(algorithm):
        from gametree.drawing.mctsframes import mcts_frames

        yield from mcts_frames(
            G, show=show, style=style, title=title, root=root, max_frames=max_frames, **options
        )
        return
    events = list(search_trace(G, algorithm, **options))
    # The final picture fixes the layout (and so every shape and slot) for all frames.
    final = diagram(G, solve(G, algorithm, annotate=False, **options), show=show, style=style,
                    title=title, root=root)  # fmt: skip
    final.caption = " "
    placement = arrange(final)
    style = frame_style(final, placement, style)
    check_frame_count(len(events), max_frames)
    H = bare_copy(G)
    # No ``search`` mark: the search is unfinished in every frame, so a node has only
    # the status written so far (node_status derives "unreached" only after a search).
    H.graph.pop(SEARCH, None)
    visits = 0
    total = len(events)
    for step, event in enumerate(events, 1):
        visits = _apply(H, event, visits)
        d = diagram(H, show=show, style=style, title=title, root=final.root)
        mark_current(d, getattr(event, "node", None))
        d.caption = f"{step}/{total}  {describe(event)}"
        yield render(d, placement)


def _apply(H: nx.DiGraph, event: TraceEvent, visits: int) -> int:
    """Write what ``event`` tells onto the working copy ``H``; return the visit count."""
    from gametree.search.trace import Cutoff, Enter, Exit, Leaf, TranspositionHit

    data = H._node[event.node]
    data[ALPHA], data[BETA] = event.alpha, event.beta
    if isinstance(event, Enter):
        if data.get(STATUS) != VISITED:
            visits += 1
            data[VISIT] = visits
        data[STATUS] = VISITED
        if event.parent is not None and H.has_edge(event.parent, event.node):
            H.edges[event.parent, event.node][STATUS] = VISITED
    elif isinstance(event, (Leaf, Exit, TranspositionHit)):
        data[SEARCH_VALUE] = event.value
        data[BOUND] = "exact" if isinstance(event, Leaf) else str(event.bound)
    elif isinstance(event, Cutoff):
        for child in event.skipped:
            H.edges[event.node, child][STATUS] = PRUNED
            if H._node[child].get(STATUS) is None:
                H._node[child][STATUS] = PRUNED
                _mark_unreached(H, child)
    return visits


def _mark_unreached(H: nx.DiGraph, top: Hashable) -> None:
    stack = [top]
    while stack:
        node = stack.pop()
        for child in H._succ[node]:
            if H._node[child].get(STATUS) is None:
                H._node[child][STATUS] = UNREACHED
                H.edges[node, child][STATUS] = UNREACHED
                stack.append(child)
