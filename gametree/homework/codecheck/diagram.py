"""Where the code and the search parted: text art, and the graph a ``--diagram`` draws.

The text art lists the tree, one node a line, and beside each node what the search did
there (``#3``: its third value read; ``pruned``) and what the code did (``you #3``),
with an arrow at the first divergence. The picture is gametree's own pruning diagram of
the right search, its title naming the divergence and the nodes where the code did
otherwise labelled so.
"""

from __future__ import annotations

import networkx as nx

from gametree.homework.codecheck.behaviour import Behaviour
from gametree.homework.codecheck.compare import Divergence
from gametree.homework.codecheck.reference import Expected
from gametree.search import SearchResult

__all__ = ["diagram_text", "divergence_graph"]

MAX_LINES = 40


def _value(x: float | None) -> str:
    if x is None:
        return ""
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    return f"{x:g}" if isinstance(x, float) else str(x)


def diagram_text(e: Expected, b: Behaviour, divergence: Divergence | None) -> str:
    """Text art of ``e``'s tree with the search's and the code's steps side by side."""
    tree = e.case.data
    ours = {n: i + 1 for i, n in reversed(list(enumerate(e.evaluations)))}
    yours = {n: i + 1 for i, n in reversed(list(enumerate(b.evaluations)))}
    entered = set(e.generated) | {tree.root}
    focus: set[str] | None = None
    if len(tree) > MAX_LINES and divergence is not None and divergence.node in tree.ply:
        path = [divergence.node]
        while path[-1] in tree.parent:
            path.append(tree.parent[path[-1]])
        focus = set(path) | {c for n in path for c in tree.children(n)}
    rows: list[tuple[str, str, str, str]] = []
    stack: list[tuple[str, str, bool]] = [(tree.root, "", True)]
    while stack:
        node, prefix, last = stack.pop()
        if focus is not None and node not in focus:
            continue
        glyph = "" if node == tree.root else ("└── " if last else "├── ")
        player = tree.player(node)
        value = tree.value(node)
        label = f"{node}  {player}" if player else f"{node}  {_value(value)}"
        if player and tree.at_horizon(node):
            label += f" ={_value(value)}"
        if node in ours:
            search = f"#{ours[node]}"
        elif (
            node not in entered
            and tree.parent.get(node) in entered
            and not tree.at_horizon(tree.parent[node])
        ):
            search = "pruned"
        else:
            search = ""
        you = f"you #{yours[node]}" if node in yours else ""
        arrow = "<- first difference" if divergence is not None and node == divergence.node else ""
        rows.append((prefix + glyph + label, search, you, arrow))
        kids = tree.children(node)
        inner = prefix + ("" if node == tree.root else ("    " if last else "│   "))
        for i, child in reversed(list(enumerate(kids))):
            stack.append((child, inner, i == len(kids) - 1))
    width = max(len(r[0]) for r in rows)
    out: list[str] = []
    for label, search, you, arrow in rows[:MAX_LINES]:
        line = f"{label:<{width}}  {search:<7} {you:<7} {arrow}".rstrip()
        out.append(line)
    if len(rows) > MAX_LINES:
        out.append(f"... ({len(rows) - MAX_LINES} more nodes)")
    out.append("#k: the search's k-th value read; you #k: your code's")
    return "\n".join(out)


def divergence_graph(
    e: Expected, b: Behaviour, divergence: Divergence | None
) -> tuple[nx.DiGraph, SearchResult, str]:
    """The right search on ``e``'s tree, ready to draw: a copy of the tree with the nodes
    where the code did otherwise labelled ("H: you read it", "I: you skipped it", "▶" at
    the divergence), the search's result, and a title naming the divergence.
    :func:`gametree.publish.write_divergence_diagrams` draws it."""
    from gametree.search import solve

    G = e.case.graph.copy()
    ids = e.case.ids
    read = set(b.evaluations)
    wanted = set(e.evaluations)
    for node in read - wanted:
        if node in ids:
            G.nodes[ids[node]]["label"] = f"{node}: you read it"
    for node in wanted - read:
        if node in ids:
            G.nodes[ids[node]]["label"] = f"{node}: you skipped it"
    if divergence is not None and divergence.node in ids:
        here = ids[divergence.node]
        G.nodes[here]["label"] = "▶ " + str(G.nodes[here].get("label", divergence.node))
    result = solve(G, e.algorithm, annotate=False, **e.options)
    title = f"tree {e.case.name}"
    if divergence is not None:
        where = f" at {divergence.node}" if divergence.node else ""
        title += f": first difference{where}"
    return G, result, title
