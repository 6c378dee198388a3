"""What the explore page shows at each step, in Python: :func:`step_views`.

The explore page (:mod:`gametree.drawing.html`) embeds a search's *trace*, a list of
steps, and its script shows step ``k`` by applying steps ``1..k`` in order (the values
and windows written so far, the edges cut, the nodes below them greyed, the open
nodes, the current node and the edge the search went down; the principal variation
after the last step). :func:`step_views` applies the same steps the same way, so the
step animation (:mod:`gametree.drawing.animate`) draws, frame by frame, what the page
shows, from the page's own data. Step 0 is the bare tree.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["StepView", "step_views"]


@dataclass
class StepView:
    """The explore page at one step: node and edge numbers as in the page's data."""

    position: int
    """The step shown: 0 (the bare tree) to the number of steps."""
    caption: str = ""
    """The step's short caption (``"enter A with [−∞, ∞]"``); empty at step 0."""
    current: int | None = None
    """The node the step is about (outlined), None at step 0."""
    down: int | None = None
    """The edge the search has just gone down (an ``enter`` step), if any."""
    values: dict[int, str] = field(default_factory=dict)
    """The value written in each inner node so far (``"≤2"``, ``"3"``)."""
    windows: dict[int, str] = field(default_factory=dict)
    """The window written beside each inner node so far (``"[3, ∞]"``)."""
    visited: set[int] = field(default_factory=set)
    """Nodes entered so far."""
    visited_edges: set[int] = field(default_factory=set)
    pruned_edges: set[int] = field(default_factory=set)
    """Edges cut so far (drawn dashed, with the cut mark)."""
    cut_tops: set[int] = field(default_factory=set)
    """The nodes just below a cut edge."""
    gone: set[int] = field(default_factory=set)
    """Nodes below a cut that the search never reaches."""
    gone_edges: set[int] = field(default_factory=set)
    """The edges out of those nodes."""
    open_nodes: list[tuple[int, str | None]] = field(default_factory=list)
    """Entered and not yet left, the root first (the page's stack): the drawn node and
    the name of the hidden node it stands for (None when the node itself is drawn)."""
    pv_edges: set[int] = field(default_factory=set)
    """The principal variation's edges: at the last step only."""


def step_views(
    trace: Mapping[str, Any], edges: Sequence[Sequence[int]], children: Sequence[Sequence[int]]
) -> Iterator[StepView]:
    """Yield the page's view at steps ``0, 1, ..., len(trace["steps"])``.

    Parameters
    ----------
    trace : mapping
        One search's explore data, ``{"steps": [...], "pv": [...]}`` (see
        :mod:`gametree.drawing.html`; Monte Carlo tree search has other steps).
    edges : sequence of (int, int)
        The page's edges, ``[parent, child]`` node numbers.
    children : sequence of sequences of int
        Each node's children, by number.

    Examples
    --------
    >>> import gametree
    >>> from gametree.drawing.html import build_page
    >>> page = build_page(gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"))
    >>> ex = page.data["exercises"][0]
    >>> views = list(step_views(ex["explore"][0], ex["edges"],
    ...                         [n["children"] for n in ex["nodes"]]))
    >>> views[0].values, views[1].caption, views[1].windows
    ({}, 'enter A with [−∞, ∞]', {0: '[−∞, ∞]'})
    >>> views[-1].values[0], sorted(views[-1].gone)
    ('3', [7, 8])
    """
    steps = trace["steps"]
    edge_of = {(u, v): j for j, (u, v) in enumerate(edges)}
    view = StepView(position=0)
    yield _copy(view)
    last = len(steps)
    for position, step in enumerate(steps, 1):
        view.position = position
        view.caption = str(step.get("c", ""))
        view.current = int(step["n"])
        view.down = step.get("d")
        for node, text in step.get("v", ()):
            view.values[node] = text
        for node, text in step.get("w", ()):
            view.windows[node] = text
        kind = step["k"]
        entry = (view.current, step["h"][0] if "h" in step else None)
        if kind == "enter":
            view.visited.add(view.current)
            if view.down is not None:
                view.visited_edges.add(view.down)
            view.open_nodes.append(entry)
        elif kind == "exit":
            if view.open_nodes and view.open_nodes[-1] == entry:
                view.open_nodes.pop()
        elif kind == "cutoff":
            for j in step.get("x", ()):
                view.pruned_edges.add(j)
                view.cut_tops.add(edges[j][1])
            for node in step.get("g", ()):
                view.gone.add(node)
                view.gone_edges.update(
                    edge_of[(node, c)] for c in children[node] if (node, c) in edge_of
                )
        if position == last:
            view.pv_edges = set(trace.get("pv", ()))
        yield _copy(view)


def _copy(view: StepView) -> StepView:
    return StepView(
        position=view.position,
        caption=view.caption,
        current=view.current,
        down=view.down,
        values=dict(view.values),
        windows=dict(view.windows),
        visited=set(view.visited),
        visited_edges=set(view.visited_edges),
        pruned_edges=set(view.pruned_edges),
        cut_tops=set(view.cut_tops),
        gone=set(view.gone),
        gone_edges=set(view.gone_edges),
        open_nodes=list(view.open_nodes),
        pv_edges=set(view.pv_edges),
    )
