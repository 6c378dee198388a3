"""Monte Carlo tree search step by step: one frame per iteration (see
:func:`gametree.animate` with ``algorithm="mcts"``)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.attrs import (
    SEARCH,
    STATUS,
    TOTAL,
    VISITED,
    VISITS,
)
from gametree.drawing.fit import arrange
from gametree.drawing.frame import (
    bare_copy,
    check_frame_count,
    frame_style,
    render,
    with_texts_of,
)
from gametree.drawing.model import Diagram
from gametree.drawing.slots import Placement
from gametree.drawing.style import diagram, format_value, mark_current

if TYPE_CHECKING:
    from PIL.Image import Image

__all__ = ["mcts_frames", "mcts_step_frames"]


def mcts_frames(
    G: nx.DiGraph,
    *,
    show: str | Iterable[str] | None = "values,bounds,names,moves",
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    max_frames: int,
    **options: Any,
) -> Iterator[Image]:
    """Yield one image per MCTS iteration: the tree grown so far with its counts, the
    added node outlined, the caption naming the path, the node added and the playout.

    The layout is that of the final tree, so nodes do not move between frames; each
    frame writes only the counts of its own iteration. More iterations than
    ``max_frames`` are refused before the search runs.
    """
    for d, placement in mcts_step_frames(G, show=show, style=style, title=title, root=root,
                                         max_frames=max_frames, **options):  # fmt: skip
        yield render(d, placement)


def mcts_step_frames(
    G: nx.DiGraph,
    *,
    show: str | Iterable[str] | None = "values,bounds,names,moves",
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    max_frames: int,
    **options: Any,
) -> Iterator[tuple[Diagram, Placement]]:
    """Each frame of :func:`mcts_frames` as a diagram and the placement it is drawn
    with (the final tree's spots, the iteration's texts)."""
    from gametree.homework.mctsexplain import by_iteration
    from gametree.search.algorithms import check_options
    from gametree.search.mcts import mcts
    from gametree.search.mcts_loop import Backpropagation, Expansion, Playout

    options.pop("annotate", None)
    options.pop("trace", None)
    check_options("mcts", options)
    iterations = options.get("iterations")
    if isinstance(iterations, int) and not isinstance(iterations, bool):
        check_frame_count(iterations, max_frames)  # one frame per iteration, before searching
    result = mcts(G, annotate=False, trace=True, **options)
    final = diagram(G, result, show=show, style=style, title=title, root=root)
    final.caption = " "
    placement = arrange(final)
    style = frame_style(final, placement, style)
    H = bare_copy(G)
    H.graph[SEARCH] = {
        "algorithm": "mcts",
        **dict(result.options),
        "scale": result.value_range,
        "labels": "wins" if result.win_loss else "mean",
    }
    groups = list(by_iteration(result.trace))
    for k, events in enumerate(groups, 1):
        added = None
        said = []
        for e in events:
            if isinstance(e, Expansion):
                added = e.child
                said.append(f"add {e.child}")
            elif isinstance(e, Playout):
                leaf = e.moves[-1] if e.moves else e.start
                said.append(f"playout to {leaf} = {format_value(e.value)}")
            elif isinstance(e, Backpropagation):
                for node, total in zip(e.path, e.totals, strict=True):
                    data = H._node[node]
                    data[STATUS] = VISITED
                    data[VISITS] = data.get(VISITS, 0) + 1
                    data[TOTAL] = total
                for u, v in pairwise(e.path):
                    edge = H._succ[u][v]
                    edge[STATUS] = VISITED
                    edge[VISITS] = edge.get(VISITS, 0) + 1
                path = " ".join(str(n) for n in e.path)
                said.insert(0, f"path {path}")
        d = diagram(H, show=show, style=style, title=title, root=final.root)
        mark_current(d, added)
        d.caption = f"{k}/{len(groups)}  iteration {k}: " + ", ".join(said)
        yield d, with_texts_of(d, placement)
