"""The text emitter: :func:`to_text` draws a game tree as terminal tree art."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.attrs import PV
from gametree.drawing.model import Diagram, DrawnNode
from gametree.drawing.style import diagram
from gametree.search.result import edge_move

if TYPE_CHECKING:
    from gametree.search.result import SearchResult

__all__ = ["to_text"]

_ASCII = str.maketrans(
    {"∞": "inf", "−": "-", "≥": ">=", "≤": "<=", "α": "alpha", "β": "beta", "·": "-"}
)

_BOX = {"tee": "├── ", "last": "└── ", "cut tee": "├╫─ ", "cut last": "└╫─ ", "bar": "│   "}
_PLAIN = {"tee": "|-- ", "last": "`-- ", "cut tee": "|// ", "cut last": "`// ", "bar": "|   "}

MAX_INDENT = 40
"""Levels of indentation shown; deeper lines show ``(depth N)`` instead of more bars."""


def to_text(
    G: nx.DiGraph,
    result: SearchResult | None = None,
    *,
    show: str | Iterable[str] | None = None,
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    collapse: str | None = None,
    max_depth: int | None = None,
    focus: Hashable | None = None,
    ascii: bool = False,
) -> str:
    """Return the tree as text art: one line per node with its type, value and status.

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree, bare or annotated by a search.
    result : SearchResult, optional
        A search of ``G`` to show (``G`` is not changed).
    show, style, title, root, collapse, max_depth, focus
        As for :func:`gametree.draw`: a collapsed pruned subtree prints as one line
        ``[N nodes pruned]``, the nodes past ``max_depth`` as ``… (N more nodes)``.
    ascii : bool, default False
        Plain ASCII (``|--``, ``inf``, ``>=``) instead of box-drawing characters.

    Returns
    -------
    str
        Lines ``NAME  TYPE  VALUE  [a, b]  #k``, children indented under their parent.
        A pruned edge is drawn ``├╫─`` (``|//`` in ASCII) and its node marked
        ``pruned``; nodes below it are marked ``unreached``; ``*`` marks the principal
        variation. In a DAG a node reached again shows ``(see above)``. Under a
        searched tree, the caption names the convention and a last line the best move
        and the PV, by move where the edges carry moves (``best move: a1  PV: a1 b1``)
        and by node id where they do not (``best move: B  PV: A B E``).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6]])
    >>> print(to_text(G))
    A  MAX
    ├── B  MIN
    │   ├── D  3
    │   ├── E  12
    │   └── F  8
    └── C  MIN
        ├── G  2
        ├── H  4
        └── I  6
    """
    d = diagram(G, result, show=show, style=style, title=title, root=root, fit=None,
                collapse=collapse, max_depth=max_depth, focus=focus)  # fmt: skip
    return diagram_text(d, ascii=ascii)


def diagram_text(d: Diagram, *, ascii: bool = False) -> str:
    """Return the text art of a computed :class:`~gametree.drawing.style.Diagram`."""
    marks = _PLAIN if ascii else _BOX
    out_edges: dict[Hashable, list[Any]] = {}
    for e in d.edges:
        out_edges.setdefault(e.u, []).append(e)
    lines: list[str] = []
    if d.title:
        lines.append(d.title)
    lines.append(_node_line(d.nodes[d.index[d.root]]))
    printed = {d.root}
    # Each frame: (edges still to print, last first, so that taking the next one is
    # O(1); prefix of the children's lines; depth). Linear in the nodes, however deep
    # or wide the tree.
    stack: list[tuple[list[Any], str, int]] = [(out_edges.get(d.root, [])[::-1], "", 1)]
    while stack:
        pending, prefix, depth = stack[-1]
        if not pending:
            stack.pop()
            continue
        e = pending.pop()
        last = not pending
        connector = marks[("cut " if e.cut else "") + ("last" if last else "tee")]
        shown_prefix = prefix
        if depth > MAX_INDENT:
            shown_prefix = f"(depth {depth}) "
        child = d.nodes[d.index[e.v]]
        text = _node_line(child, e.move)
        if e.v in printed:
            lines.append(f"{shown_prefix}{connector}{text}  (see above)")
            continue
        printed.add(e.v)
        lines.append(f"{shown_prefix}{connector}{text}")
        kids = out_edges.get(e.v, [])
        if kids:
            extend = "    " if last else marks["bar"]
            child_prefix = prefix + extend if depth < MAX_INDENT else prefix
            stack.append((kids[::-1], child_prefix, depth + 1))
    if d.caption:
        lines.append(d.caption)
    best = _best_line(d)
    if best:
        lines.append(best)
    text = "\n".join(line.rstrip() for line in lines)
    return text.translate(_ASCII) if ascii else text


def _best_line(d: Diagram) -> str:
    """``best move: a1  PV: a1 b1`` along the PV edges from the root (node ids where
    no PV edge carries a move, the PV then starting at the root)."""
    H = d.graph
    if H is None or not d.searched:
        return ""
    path = [d.root]
    on_path = {d.root}  # (a set: the membership test along a deep PV stays O(1))
    while True:
        nxt = next(
            (v for v, data in H._succ[path[-1]].items() if data.get(PV) and v not in on_path),
            None,
        )
        if nxt is None:
            break
        path.append(nxt)
        on_path.add(nxt)
    if len(path) < 2:
        return ""
    moves = [edge_move(H, u, v) for u, v in pairwise(path)]
    if all(m == v for m, v in zip(moves, path[1:], strict=True)):
        return f"best move: {path[1]}  PV: {' '.join(str(n) for n in path)}"
    return f"best move: {moves[0]}  PV: {' '.join(str(m) for m in moves)}"


def _one_line(text: str) -> str:
    """Fold a multi-line label (a game board) into one line, rows joined by ``/``."""
    return "/".join(part.strip() for part in text.splitlines()) if "\n" in text else text


def _node_line(n: DrawnNode, move: str = "") -> str:
    parts = []
    if move:
        parts.append(f"{_one_line(move)}:")
    if n.kind == "STUB":
        return "  ".join([*parts, f"[{n.hidden} nodes pruned]"])
    if n.kind == "MORE":
        return "  ".join([*parts, f"{n.value} ({n.hidden} more nodes)"])
    head = ("*" if n.pv else "") + (n.board.text() if n.board else _one_line(n.name or ""))
    if head:
        parts.append(head)
    if n.kind != "LEAF":
        parts.append(n.kind)
    if n.value:
        parts.append(n.value)
    if n.bounds:
        parts.append(n.bounds)
    if n.order:
        parts.append(n.order)
    if n.status in {"pruned", "unreached"}:
        parts.append(n.status)
    return "  ".join(parts)
