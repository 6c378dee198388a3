"""Tidy positions for game trees: Buchheim-Walker for trees, layered sweeps for DAGs.

The layout is a pure function of the graph's shape (and optional node extents): it
returns ``{node: (x, y)}`` and draws nothing. Every emitter that needs coordinates
(matplotlib, TikZ, the animation) uses it, so a tree looks the same in each.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from itertools import pairwise
from typing import Any

import networkx as nx

from gametree.validation import find_root

__all__ = ["tree_layout"]

Extents = Mapping[Hashable, tuple[float, float]]


def tree_layout(
    G: nx.DiGraph,
    *,
    root: Hashable | None = None,
    sibling_sep: float = 1.0,
    subtree_sep: float | None = None,
    level_sep: float = 1.0,
    extents: Extents | Callable[[Hashable], tuple[float, float]] | None = None,
) -> dict[Hashable, tuple[float, float]]:
    """Return tidy positions ``{node: (x, y)}`` for the nodes reachable from the root.

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree or DAG. Child order is the order of ``G.succ[u]``.
    root : hashable, optional
        The node at the top (default: :func:`gametree.find_root`).
    sibling_sep : float, default 1.0
        Gap between the extents of two adjacent children of one parent.
    subtree_sep : float, optional
        Gap between adjacent nodes of a level with different parents (default:
        ``sibling_sep``).
    level_sep : float, default 1.0
        Vertical distance between levels: a node at depth ``d`` has ``y = -d * level_sep``.
    extents : mapping or callable, optional
        ``node -> (left, right)``: how far a node's drawing reaches left and right of its
        centre. Default ``(0, 0)``, so adjacent nodes are ``sibling_sep`` apart.

    Returns
    -------
    dict
        ``{node: (x, y)}``, the leftmost extent at ``x = 0``, the root at ``y = 0``.

    Notes
    -----
    Trees use Buchheim, Jünger and Leipert's linear-time version of Walker's algorithm:
    each parent is centred over its first and last child, subtrees are pushed apart
    only as far as their contours need, and identical subtrees are drawn identically.
    A node with several parents (a DAG) switches to a layered drawing: longest-path
    levels from the root, orderings improved by barycentre sweeps (fewer crossings),
    then each node pulled towards the mean of its neighbours without overlapping.
    Both are iterative (no recursion), so 100,000-deep chains work. O(n) for trees.

    References
    ----------
    C. Buchheim, M. Jünger, S. Leipert, "Improving Walker's Algorithm to Run in Linear
    Time", Graph Drawing 2002. J. Q. Walker II, "A node-positioning algorithm for
    general trees", Software: Practice and Experience 20(7), 1990.

    Examples
    --------
    AIMA Figure 5.2: the root sits over its middle child, the leaves one apart.

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> pos = tree_layout(G)
    >>> pos["A"], pos["C"], pos["B"], pos["E"], pos["F"]
    ((4.0, 0.0), (4.0, -1.0), (1.0, -1.0), (0.0, -2.0), (1.0, -2.0))
    """
    if root is None:
        root = find_root(G)
    ext = _extent_function(extents)
    gap_cousins = sibling_sep if subtree_sep is None else subtree_sep
    order, children, parents = _reachable(G, root)
    if any(len(p) > 1 for p in parents):
        xs, levels = _layered(order, children, parents, ext, sibling_sep, gap_cousins)
    else:
        xs, levels = _buchheim(order, children, ext, sibling_sep, gap_cousins)
    lefts = [x - ext(order[i])[0] for i, x in enumerate(xs)]
    shift = min(lefts) if lefts else 0.0
    return {
        node: (float(xs[i] - shift) + 0.0, float(-levels[i] * level_sep) + 0.0)
        for i, node in enumerate(order)
    }


def _extent_function(
    extents: Extents | Callable[[Hashable], tuple[float, float]] | None,
) -> Callable[[Hashable], tuple[float, float]]:
    if extents is None:
        return lambda _node: (0.0, 0.0)
    if callable(extents):
        return extents
    table = extents
    return lambda node: table.get(node, (0.0, 0.0))


def _reachable(
    G: nx.DiGraph, root: Hashable
) -> tuple[list[Hashable], list[list[int]], list[list[int]]]:
    """Number the nodes reachable from ``root`` in preorder; children and parents by index."""
    index: dict[Hashable, int] = {root: 0}
    order: list[Hashable] = [root]
    stack = [root]
    succ = G._succ
    while stack:
        node = stack.pop()
        fresh = [c for c in succ[node] if c not in index]
        for child in fresh:
            index[child] = -1  # claimed; numbered when popped
        stack.extend(reversed(fresh))
        if index[node] < 0:
            index[node] = len(order)
            order.append(node)
    children: list[list[int]] = [[index[c] for c in succ[n]] for n in order]
    parents: list[list[int]] = [[] for _ in order]
    for i, kids in enumerate(children):
        for k in kids:
            parents[k].append(i)
    return order, children, parents


def _buchheim(
    order: list[Hashable],
    children: list[list[int]],
    ext: Callable[[Hashable], tuple[float, float]],
    sibling_sep: float,
    cousin_sep: float,
) -> tuple[list[float], list[int]]:
    n = len(order)
    parent = [-1] * n
    number = [0] * n  # 1-based position among siblings
    for i, kids in enumerate(children):
        for j, k in enumerate(kids):
            parent[k] = i
            number[k] = j + 1
    left = [0.0] * n
    right = [0.0] * n
    for i, node in enumerate(order):
        left[i], right[i] = ext(node)
    prelim = [0.0] * n
    mod = [0.0] * n
    shift = [0.0] * n
    change = [0.0] * n
    thread = [-1] * n
    ancestor = list(range(n))

    def distance(a: int, b: int) -> float:
        gap = sibling_sep if parent[a] == parent[b] else cousin_sep
        return right[a] + gap + left[b]

    def next_left(v: int) -> int:
        return children[v][0] if children[v] else thread[v]

    def next_right(v: int) -> int:
        return children[v][-1] if children[v] else thread[v]

    def move_subtree(wl: int, wr: int, amount: float) -> None:
        subtrees = number[wr] - number[wl]
        change[wr] -= amount / subtrees
        shift[wr] += amount
        change[wl] += amount / subtrees
        prelim[wr] += amount
        mod[wr] += amount

    def apportion(v: int, default_ancestor: int) -> int:
        siblings = children[parent[v]]
        w = siblings[number[v] - 2]
        vir = vor = v
        vil = w
        vol = siblings[0]
        sir = sor = mod[vir]
        sil = mod[vil]
        sol = mod[vol]
        while next_right(vil) >= 0 and next_left(vir) >= 0:
            vil = next_right(vil)
            vir = next_left(vir)
            vol = next_left(vol)
            vor = next_right(vor)
            ancestor[vor] = v
            amount = (prelim[vil] + sil) - (prelim[vir] + sir) + distance(vil, vir)
            if amount > 0:
                a = ancestor[vil]
                wl = a if parent[a] == parent[v] else default_ancestor
                move_subtree(wl, v, amount)
                sir += amount
                sor += amount
            sil += mod[vil]
            sir += mod[vir]
            sol += mod[vol]
            sor += mod[vor]
        if next_right(vil) >= 0 and next_right(vor) < 0:
            thread[vor] = next_right(vil)
            mod[vor] += sil - sor
        if next_left(vir) >= 0 and next_left(vol) < 0:
            thread[vol] = next_left(vir)
            mod[vol] += sir - sol
            default_ancestor = v
        return default_ancestor

    # First walk, post-order: order is a preorder, so its reverse visits children first
    # but siblings right to left; apportion needs left to right, so work per parent.
    for v in reversed(range(n)):
        kids = children[v]
        if kids:
            default_ancestor = kids[0]
            for k in kids[1:]:
                w = kids[number[k] - 2]
                placed = prelim[w] + distance(w, k)
                if children[k]:
                    mod[k] = placed - prelim[k]  # prelim[k] holds its children's midpoint
                prelim[k] = placed
                default_ancestor = apportion(k, default_ancestor)
            total_shift = total_change = 0.0
            for k in reversed(kids):
                prelim[k] += total_shift
                mod[k] += total_shift
                total_change += change[k]
                total_shift += shift[k] + total_change
            prelim[v] = (prelim[kids[0]] + prelim[kids[-1]]) / 2
    # Second walk, pre-order: x = prelim + the sum of the ancestors' mods.
    xs = [0.0] * n
    acc = [0.0] * n  # sum of mods of proper ancestors
    levels = [0] * n
    for v in range(n):
        p = parent[v]
        if p >= 0:
            acc[v] = acc[p] + mod[p]
            levels[v] = levels[p] + 1
        xs[v] = prelim[v] + acc[v]
    return xs, levels


def _layered(
    order: list[Hashable],
    children: list[list[int]],
    parents: list[list[int]],
    ext: Callable[[Hashable], tuple[float, float]],
    sibling_sep: float,
    cousin_sep: float,
) -> tuple[list[float], list[int]]:
    n = len(order)
    levels = _longest_path_levels(children, parents)
    depth = max(levels) + 1
    rows: list[list[int]] = [[] for _ in range(depth)]
    for v in range(n):  # preorder gives a natural first ordering
        rows[levels[v]].append(v)
    rank = [0.0] * n
    _renumber(rows, rank)
    best = [list(r) for r in rows]
    best_crossings = _crossings(rows, children, rank)
    for sweep in range(8):
        if best_crossings == 0:
            break
        down = sweep % 2 == 0
        sequence = range(1, depth) if down else range(depth - 2, -1, -1)
        for lv in sequence:
            row = rows[lv]
            neighbours = parents if down else children
            key = {
                v: (sum(rank[u] for u in neighbours[v]) / len(neighbours[v]))
                if neighbours[v]
                else rank[v]
                for v in row
            }
            before = list(row)
            broken = _order_breaks(row, rank, children, parents)
            row.sort(key=lambda v: (key[v], rank[v]))
            old = {v: rank[v] for v in row}
            for i, v in enumerate(row):
                rank[v] = i
            if _order_breaks(row, rank, children, parents) > broken:
                # Never draw a parent's children out of their (search) order.
                row[:] = before
                for v in row:
                    rank[v] = old[v]
        found = _crossings(rows, children, rank)
        if found < best_crossings:
            best_crossings = found
            best = [list(r) for r in rows]
    rows = best
    _renumber(rows, rank)
    left = [ext(node)[0] for node in order]
    right = [ext(node)[1] for node in order]
    parent_set = [frozenset(p) for p in parents]

    def gap(a: int, b: int) -> float:
        shared = parent_set[a] & parent_set[b]
        return right[a] + (sibling_sep if shared else cousin_sep) + left[b]

    xs = [0.0] * n
    for row in rows:
        x = 0.0
        for i, v in enumerate(row):
            if i:
                x += gap(row[i - 1], v)
            xs[v] = x
    for sweep in range(6):
        down = sweep % 2 == 0
        sequence = range(1, depth) if down else range(depth - 2, -1, -1)
        for lv in sequence:
            row = rows[lv]
            neighbours = parents if down else children
            wanted = [
                sum(xs[u] for u in neighbours[v]) / len(neighbours[v]) if neighbours[v] else xs[v]
                for v in row
            ]
            _place_row(row, wanted, xs, gap)
    return xs, levels


def _place_row(
    row: list[int], wanted: list[float], xs: list[float], gap: Callable[[int, int], float]
) -> None:
    """Put the row's nodes near ``wanted`` keeping their order and gaps (two-way sweep)."""
    if not row:
        return
    push_right = list(wanted)
    for i in range(1, len(row)):
        push_right[i] = max(push_right[i], push_right[i - 1] + gap(row[i - 1], row[i]))
    push_left = list(wanted)
    for i in range(len(row) - 2, -1, -1):
        push_left[i] = min(push_left[i], push_left[i + 1] - gap(row[i], row[i + 1]))
    placed = [(a + b) / 2 for a, b in zip(push_right, push_left, strict=True)]
    for i in range(1, len(row)):
        placed[i] = max(placed[i], placed[i - 1] + gap(row[i - 1], row[i]))
    for v, x in zip(row, placed, strict=True):
        xs[v] = x


def _order_breaks(
    row: list[int], rank: list[float], children: list[list[int]], parents: list[list[int]]
) -> int:
    """Count pairs of siblings in ``row`` drawn against their parent's child order."""
    in_row = set(row)
    seen_parents = {p for v in row for p in parents[v]}
    breaks = 0
    for p in seen_parents:
        kids = [k for k in children[p] if k in in_row]
        breaks += sum(1 for a, b in pairwise(kids) if rank[a] > rank[b])
    return breaks


def _longest_path_levels(children: list[list[int]], parents: list[list[int]]) -> list[int]:
    n = len(children)
    waiting = [len(p) for p in parents]
    levels = [0] * n
    ready = [v for v in range(n) if waiting[v] == 0]
    while ready:
        v = ready.pop()
        for k in children[v]:
            levels[k] = max(levels[k], levels[v] + 1)
            waiting[k] -= 1
            if waiting[k] == 0:
                ready.append(k)
    return levels


def _renumber(rows: list[list[int]], rank: list[float]) -> None:
    for row in rows:
        for i, v in enumerate(row):
            rank[v] = i


def _crossings(rows: list[list[int]], children: list[list[int]], rank: list[float]) -> int:
    """Count edge crossings between adjacent levels (edges spanning levels count once)."""
    total = 0
    for row in rows:
        edges = sorted((rank[u], rank[v]) for u in row for v in children[u])
        # Count inversions of the child ranks with a merge sort, iteratively.
        seq: list[Any] = [e[1] for e in edges]
        width = 1
        while width < len(seq):
            merged: list[Any] = []
            for lo in range(0, len(seq), 2 * width):
                a = seq[lo : lo + width]
                b = seq[lo + width : lo + 2 * width]
                i = j = 0
                while i < len(a) and j < len(b):
                    if b[j] < a[i]:
                        total += len(a) - i
                        merged.append(b[j])
                        j += 1
                    else:
                        merged.append(a[i])
                        i += 1
                merged.extend(a[i:])
                merged.extend(b[j:])
            seq = merged
            width *= 2
    return total
