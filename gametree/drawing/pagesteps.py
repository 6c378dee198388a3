"""The explore page's steps: made from a search (:func:`trace_steps`) and applied
(:func:`step_views`).

The explore page (:mod:`gametree.drawing.html`) embeds a search's *trace*, a list of
steps, and its script shows step ``k`` by applying steps ``1..k`` in order (the values
and windows written so far, the edges cut, the nodes below them greyed, the open
nodes, the current node and the edge the search went down; the principal variation
after the last step). :func:`step_views` applies the same steps the same way, so the
step animation (:mod:`gametree.drawing.animate`) draws, frame by frame, what the page
shows, from the page's own data. Step 0 is the bare tree.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from gametree.attrs import PRUNED, STATUS
from gametree.drawing.model import Diagram
from gametree.drawing.style import GEQ, LEQ, format_value
from gametree.drawing.view import Hidden

__all__ = ["PRUNING", "StepView", "stand_ins", "step_views", "trace_steps"]

PRUNING = ("alphabeta", "negamax_alphabeta", "pvs", "star1", "star2")
"""The searches whose steps show windows (and take the strict and hard conventions)."""


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
    visits: dict[int, int] = field(default_factory=dict)
    """The order in which nodes were first entered (1, 2, ...), as ``show="order"``
    numbers them."""
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
            if "h" not in step:
                view.visits.setdefault(view.current, len(view.visits) + 1)
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
        visits=dict(view.visits),
        visited_edges=set(view.visited_edges),
        pruned_edges=set(view.pruned_edges),
        cut_tops=set(view.cut_tops),
        gone=set(view.gone),
        gone_edges=set(view.gone_edges),
        open_nodes=list(view.open_nodes),
        pv_edges=set(view.pv_edges),
    )


def _window(alpha: float, beta: float) -> str:
    return f"[{format_value(alpha)}, {format_value(beta)}]"


def _value(value: float, bound: Any = "exact") -> str:
    return {"lower": GEQ, "upper": LEQ}.get(str(bound), "") + format_value(value)


def stand_ins(d: Diagram, G: nx.DiGraph) -> dict[Hashable, Hashable]:
    """Map every node of ``G`` under ``d``'s root to the drawn node that shows it.

    A drawn node stands for itself; a hidden one for the stub or ellipsis that folds it
    away, else (outside a focus) for its nearest drawn ancestor.
    """
    V = d.graph
    out: dict[Hashable, Hashable] = {d.root: d.root}
    stack = [d.root]
    while stack:
        u = stack.pop()
        here = out[u]
        markers = [h for h in V._succ[here] if isinstance(h, Hidden)] if here == u else []
        for c in G._succ[u]:
            if c in out:
                continue
            if c in d.index:
                out[c] = c
            else:
                out[c] = here
                for h in markers:
                    if h.kind == "depth" or G._succ[u][c].get(STATUS) == PRUNED:
                        out[c] = h
            stack.append(c)
    return out


def trace_steps(
    G: nx.DiGraph,
    algorithm: str,
    options: Mapping[str, Any],
    index: Mapping[Hashable, int],
    edge_index: Mapping[tuple[Hashable, Hashable], int],
    shown_as: Mapping[Hashable, Hashable] | None = None,
) -> dict[str, Any]:
    """Return the explore data of one search: a step per trace event (see above).

    ``shown_as`` (see :func:`stand_ins`) maps the nodes a view hides to the drawn nodes
    that stand for them; default: every node is drawn.
    """
    from gametree.drawing.frame import describe
    from gametree.homework.explain import explain, explain_lines
    from gametree.homework.story import replay
    from gametree.search import search_trace, solve
    from gametree.search.trace import Cutoff, Enter, Exit, Leaf, TranspositionHit

    events = list(search_trace(G, algorithm, **options))
    sentences = explain_lines(G, algorithm, **options)
    result = solve(G, algorithm, annotate=False, **options)
    searched = set(result.node_values) | set(result.visited_leaves) | set(result.visit_order)
    shown = shown_as if shown_as is not None else {x: x for x in index}
    pruning = algorithm in PRUNING

    def edge(u: Hashable, v: Hashable) -> int | None:
        """The drawn edge of ``u -> v``: itself, or the edge into the stub folding ``v``."""
        if (u, v) in edge_index:
            return edge_index[(u, v)]
        return edge_index.get((shown[u], shown[v])) if shown[u] == u else None

    window: dict[Hashable, tuple[float, float]] = {}
    steps = []
    for step, sentence in zip(replay(G, events), sentences, strict=True):
        e = step.event
        at = shown[e.node]
        out: dict[str, Any] = {"k": e.kind, "n": index[at], "t": sentence, "c": describe(e)}
        window[e.node] = (e.alpha, e.beta)
        windows: list[list[Any]] = []
        if at == e.node:
            windows.append([index[at], _window(e.alpha, e.beta)])
        else:
            out["h"] = [_name(G, e.node), _kind(G, e.node),
                        _window(e.alpha, e.beta) if pruning else ""]  # fmt: skip
        values: list[list[Any]] = []
        if isinstance(e, Enter) and e.parent is not None:
            down = edge(e.parent, e.node)
            if down is not None:
                out["d"] = down
        elif isinstance(e, (Leaf, TranspositionHit)):
            if at == e.node:
                values.append([index[at], _value(e.value, getattr(e, "bound", "exact"))])
        elif isinstance(e, Exit):
            if at == e.node:
                values.append([index[at], _value(e.value, e.bound)])
            parent = step.parent
            if parent in window and step.update in ("alpha", "beta"):
                a, b = window[parent]
                assert step.new_bound is not None
                window[parent] = (
                    (step.new_bound, b) if step.update == "alpha" else (a, step.new_bound)
                )
                if shown[parent] == parent:
                    windows.append([index[parent], _window(*window[parent])])
                else:
                    out["hw"] = [[_name(G, parent), _window(*window[parent])]]
        elif isinstance(e, Cutoff):
            cut = (edge(e.node, c) for c in e.skipped)
            out["x"] = list(dict.fromkeys(j for j in cut if j is not None))
            out["g"] = _never_searched(G, e.skipped, searched, index)
        # Minimax and expectiminimax carry no window worth showing.
        out["w"] = windows if pruning else []
        if values:
            out["v"] = values
        steps.append(out)
    summary = explain(G, algorithm, **options).splitlines()[-1]
    pv_edges = zip(result.pv, result.pv[1:], strict=False)
    pv = [edge_index[edge] for edge in pv_edges if edge in edge_index]
    return {"steps": steps, "summary": summary, "pv": pv}


def _name(G: nx.DiGraph, node: Hashable) -> str:
    return str(node)


def _kind(G: nx.DiGraph, node: Hashable) -> str:
    from gametree.attrs import PLAYER

    return "LEAF" if not G._succ[node] else str(G._node[node].get(PLAYER, "MAX"))


def _never_searched(
    G: nx.DiGraph, tops: Iterable[Hashable], searched: set[Hashable], index: Mapping[Hashable, int]
) -> list[int]:
    """The nodes at and below ``tops`` that the search never reaches, by number."""
    stack = [x for x in tops if x not in searched]
    seen = set(stack)
    gone = []
    while stack:
        x = stack.pop()
        if x in index:
            gone.append(index[x])
        for c in G._succ[x]:
            if c not in seen and c not in searched:
                seen.add(c)
                stack.append(c)
    return sorted(gone)
