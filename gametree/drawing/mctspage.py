"""The explore page's Monte Carlo tree search: a step per phase of every iteration.

:func:`mcts_steps` is the ``"explore"`` trace of :func:`gametree.to_html` for
``algorithm="mcts"`` (the data schema is in :mod:`gametree.drawing.html`). Every count,
label and sentence is computed here from the trace of :func:`gametree.mcts`; the page
only shows them. A step is::

    {"k": "select" | "expand" | "playout" | "backpropagate",
     "n": i,                  # the node of the step (the chooser, the node added,
                              # the playout's start, the root after backpropagation)
     "t": "...",              # the sentence of gametree.explain for this phase
     "c": "iteration 3: expansion",
     "w": [],
     "v": [[i, "7.5 / 2"]],   # node labels from now on (as the diagrams write them)
     "ev": [[j, "n=2"]],      # edge visit counts from now on
     "a": [i],                # nodes that join the MCTS tree at this step
     "d": j,                  # the edge selection goes down (select, expand)
     "p": [j, ...],           # the playout's (select, expand: the path's) edges, lit now
     "path": [i, ...]}        # the iteration's path so far, listed beside the tree
                              # (a node a view hides: [drawn i, its name, its kind])

The trace also carries ``"mcts": true``, ``"stack"`` (the heading of that list) and
``"legend"``; its ``pv`` is the edge of the chosen move (the most visited root child).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from itertools import pairwise
from typing import Any

import networkx as nx

from gametree.attrs import PLAYER, SEARCH, TOTAL, VISITS
from gametree.drawing.mctslabels import edge_visits_text, node_text
from gametree.drawing.style import format_value

__all__ = ["LEGEND", "mcts_steps"]

LEGEND = (
    "Nodes not yet in the MCTS tree are dotted on a light grey fill; a node joins it when "
    "expansion adds it. "
    "Labels read wins/playouts (win/loss trees) or mean / N; n= on an edge counts the "
    "iterations that went down it. The node of the step is outlined in blue, the path "
    "of the phase drawn in blue; after the last step the chosen move (the most visited "
    "root child) is bold."
)

_PHASE = {
    "select": "selection",
    "expand": "expansion",
    "playout": "playout",
    "backpropagate": "backpropagation",
}


def mcts_steps(
    G: nx.DiGraph,
    options: Mapping[str, Any],
    index: Mapping[Hashable, int],
    edge_index: Mapping[tuple[Hashable, Hashable], int],
    shown_as: Mapping[Hashable, Hashable] | None = None,
) -> dict[str, Any]:
    """Return the explore data of :func:`gametree.mcts` on ``G`` with ``options``.

    ``shown_as`` maps every node to the drawn node standing for it (see
    :func:`gametree.drawing.pagesteps.stand_ins`); default: every node is drawn.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    >>> index = {n: i for i, n in enumerate(G)}
    >>> edges = {e: j for j, e in enumerate(G.edges)}
    >>> trace = mcts_steps(G, {"iterations": 4, "seed": 1}, index, edges)
    >>> [s["c"] for s in trace["steps"][:3]]
    ['iteration 1: expansion', 'iteration 1: playout', 'iteration 1: backpropagation']
    >>> trace["steps"][2]["v"]
    [[0, '3 / 1'], [1, '3 / 1']]
    """
    from gametree.homework.mctsexplain import event_sentence, result_summary
    from gametree.search.algorithms import check_options
    from gametree.search.mcts import mcts
    from gametree.search.mcts_loop import Backpropagation, Expansion, Playout, Selection

    given = {k: v for k, v in options.items() if k not in ("annotate", "trace")}
    check_options("mcts", given)
    result = mcts(G, annotate=False, trace=True, **given)
    lo, hi = result.value_range
    c = float(result.options.get("c", math.sqrt(2)))
    shown = shown_as if shown_as is not None else {x: x for x in index}
    # The counts so far, on a copy the diagrams' label rule reads.
    H = nx.DiGraph()
    H.add_nodes_from((n, {PLAYER: d.get(PLAYER, "MAX")}) for n, d in G.nodes(data=True))
    H.add_edges_from(G.edges)
    H.graph[SEARCH] = {
        "algorithm": "mcts",
        "scale": result.value_range,
        "labels": "wins" if result.win_loss else "mean",
    }
    counts: dict[Hashable, tuple[int, float]] = {}

    def drawn(node: Hashable) -> int | None:
        at = shown.get(node)
        return index[at] if at == node else None

    def edge(u: Hashable, v: Hashable) -> int | None:
        if (u, v) in edge_index:
            return edge_index[(u, v)]
        return edge_index.get((shown[u], shown[v])) if shown.get(u) == u else None

    def edges(path: tuple[Hashable, ...]) -> list[int]:
        found = (edge(u, v) for u, v in pairwise(path))
        return list(dict.fromkeys(j for j in found if j is not None))

    steps: list[dict[str, Any]] = []
    path: list[Hashable] = [result.root]
    phases = (Selection, Expansion, Playout, Backpropagation)
    for e in (x for x in result.trace if isinstance(x, phases)):
        step: dict[str, Any] = {"k": e.kind, "w": []}
        step["t"] = event_sentence(e, counts, c=c, lo=lo, hi=hi) + "."
        step["c"] = f"iteration {e.iteration}: {_PHASE[e.kind]}"
        if isinstance(e, Selection):
            if e.node == result.root:
                path = [result.root]
            path.append(e.child)
            at, down = e.node, edge(e.node, e.child)
        elif isinstance(e, Expansion):
            if e.node == result.root:
                path = [result.root]
            path.append(e.child)
            at, down = e.child, edge(e.node, e.child)
            step["a"] = [index[shown[e.child]]]
        elif isinstance(e, Playout):
            at, down = e.start, None
            step["p"] = edges((e.start, *e.moves))
        else:
            assert isinstance(e, Backpropagation)
            at, down = e.path[0], None
            labels = []
            for node in e.path:
                data = H._node[node]
                data[VISITS] = counts[node][0]
                data[TOTAL] = counts[node][1]
                i = drawn(node)
                if i is not None and H._succ[node]:
                    labels.append([i, node_text(H, node, format_value) or ""])
            step["v"] = labels
            ev = []
            for u, v in pairwise(e.path):
                data = H._succ[u][v]
                data[VISITS] = data.get(VISITS, 0) + 1
                j = edge(u, v)
                if j is not None and edge_index.get((u, v)) == j:
                    ev.append([j, edge_visits_text(data)])
            step["ev"] = ev
            step["p"] = edges(e.path)
            path = list(e.path)
        step["n"] = index[shown[at]]
        if down is not None:
            step["d"] = down
        if isinstance(e, (Selection, Expansion)):
            step["p"] = edges(tuple(path))
        step["path"] = [index[x] if shown[x] == x else [index[shown[x]], str(x), _kind(G, x)]
                        for x in path]  # fmt: skip
        steps.append(step)
    summary = f"Result: {result_summary(result)}."
    chosen = edge(result.root, result.pv[1]) if len(result.pv) > 1 else None
    return {
        "steps": steps,
        "summary": summary,
        "pv": [] if chosen is None else [chosen],
        "mcts": True,
        "stack": "Path of this iteration ("
        + ("wins/playouts" if result.win_loss else "mean / N")
        + ")",
        "legend": LEGEND,
        "root": index[shown[result.root]],
    }


def _kind(G: nx.DiGraph, node: Hashable) -> str:
    return str(G._node[node].get(PLAYER, "MAX")) if G._succ[node] else "LEAF"
