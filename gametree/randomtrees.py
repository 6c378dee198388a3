"""Random game trees for exercises, tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

import networkx as nx

from gametree.attrs import CHANCE, MAX, PLAYER, ROOT, VALUE, Player
from gametree.builders import bulk_build, letter_ids, new_tree_graph, players_cycle
from gametree.validation import validate

__all__ = ["random_tree"]


def _branching_range(branching: int | tuple[int, int]) -> tuple[int, int]:
    if isinstance(branching, bool):
        raise ValueError(f"branching must be an int or a (min, max) pair, got {branching!r}")
    if isinstance(branching, int):
        low = high = branching
    else:
        try:
            low, high = branching
        except (TypeError, ValueError):
            raise ValueError(
                f"branching must be an int or a (min, max) pair, got {branching!r}"
            ) from None
        if not isinstance(low, int) or not isinstance(high, int):
            raise ValueError(f"branching bounds must be ints, got {branching!r}")
    if low < 1 or high < low:
        raise ValueError(f"branching must satisfy 1 <= min <= max, got {branching!r}")
    return low, high


def random_tree(
    branching: int | tuple[int, int],
    depth: int,
    *,
    seed: int | None,
    values: tuple[float, float] = (-10, 10),
    integers: bool = True,
    ordering: Literal["best", "worst"] | None = None,
    players: Sequence[str | Player] = ("MAX", "MIN"),
) -> nx.DiGraph:
    """Return a random game tree whose leaves all lie at ``depth``.

    Parameters
    ----------
    branching : int or (int, int)
        Children per internal node: a fixed number, or a ``(min, max)`` range drawn
        uniformly (inclusive) for each node.
    depth : int
        Depth of every leaf (0 gives a single leaf).
    seed : int or None
        Seed of the ``random.Random`` that draws everything: the same arguments and
        seed give the same tree. ``None`` draws a fresh tree each call.
    values : (lo, hi), default (-10, 10)
        Range of the leaf values (inclusive).
    integers : bool, default True
        Draw integer values with ``randint(lo, hi)``; otherwise floats with
        ``uniform(lo, hi)``.
    ordering : {None, "best", "worst"}
        ``"best"`` arranges the children of every node so that left-to-right alpha-beta
        meets the best move for that node's player first (perfect ordering: MAX children
        by decreasing, MIN children by increasing minimax value; ties keep their drawn
        order); ``"worst"`` the reverse. CHANCE nodes keep their drawn order.
    players : sequence of str, default ("MAX", "MIN")
        The cycle of node types by depth, as for :func:`gametree.from_nested`.

    Returns
    -------
    networkx.DiGraph
        Node ids are textbook letters, breadth-first and left to right (after
        ordering), as for :func:`gametree.from_nested`.

    Raises
    ------
    ValueError
        For a bad ``branching``, ``depth``, ``values`` or ``ordering``.

    Notes
    -----
    Draws happen breadth-first: first each internal node's number of children, level by
    level, then the leaf values left to right (``choices`` over the integer range, or
    ``uniform``). O(n) time and memory, no recursion; the minimax values for
    ``ordering`` are computed bottom-up, level by level.

    Examples
    --------
    Three MIN nodes under a MAX root, like AIMA Figure 5.2:

    >>> G = random_tree(3, 2, seed=1, values=(0, 20))
    >>> len(G), list(G.successors("A")), G.nodes["B"]["player"]
    (13, ['B', 'C', 'D'], 'MIN')
    >>> nx.utils.graphs_equal(G, random_tree(3, 2, seed=1, values=(0, 20)))
    True

    With ``ordering="best"`` the MIN node with the largest minimum comes first and
    each MIN node's smallest leaf comes first:

    >>> H = random_tree(3, 2, seed=1, values=(0, 20), ordering="best")
    >>> [[H.nodes[leaf]["value"] for leaf in H.successors(n)] for n in "BCD"]
    [[5, 9, 10], [2, 16, 17], [1, 13, 16]]
    """
    low, high = _branching_range(branching)
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be an int >= 0, got {depth!r}")
    if ordering not in (None, "best", "worst"):
        raise ValueError(f"ordering must be None, 'best' or 'worst', got {ordering!r}")
    try:
        lo, hi = values
    except (TypeError, ValueError):
        raise ValueError(f"values must be a (lo, hi) pair, got {values!r}") from None
    if lo > hi:
        raise ValueError(f"values must satisfy lo <= hi, got {values!r}")
    if integers and (int(lo) != lo or int(hi) != hi):
        raise ValueError(f"integers=True needs integer bounds, got {values!r}")
    cycle = tuple(p.value for p in players_cycle(players))
    rng = random.Random(seed)

    with bulk_build():
        # levels[d] holds, for each node at depth d, the list of its children's
        # positions in levels[d + 1] (internal levels) or its value (leaf level).
        children_at: list[list[range]] = []
        width = 1
        for _ in range(depth):
            spans: list[range] = []
            start = 0
            for _ in range(width):
                count = low if low == high else rng.randint(low, high)
                spans.append(range(start, start + count))
                start += count
            children_at.append(spans)
            width = start
        if integers:
            a, b = int(lo), int(hi)
            leaf_values: list[Any] = rng.choices(range(a, b + 1), k=width)
        else:
            leaf_values = [rng.uniform(lo, hi) for _ in range(width)]

        order: list[list[list[int]]] = [[list(span) for span in spans] for spans in children_at]
        if ordering is not None:
            _order_children(order, leaf_values, cycle, best=ordering == "best")
        return _assemble(order, leaf_values, cycle)


def _order_children(
    order: list[list[list[int]]],
    leaf_values: list[Any],
    cycle: tuple[str, ...],
    *,
    best: bool,
) -> None:
    """Sort every child list in place by minimax value (bottom-up, level by level)."""
    below: list[Any] = leaf_values
    for d in range(len(order) - 1, -1, -1):
        player = cycle[d % len(cycle)]
        here: list[Any] = []
        for kids in order[d]:
            scores = [below[k] for k in kids]
            if player == CHANCE:
                here.append(sum(scores) / len(scores))
                continue
            descending = (player == MAX) == best
            kids.sort(key=below.__getitem__, reverse=descending)
            here.append(max(scores) if player == MAX else min(scores))
        below = here


def _assemble(
    order: list[list[list[int]]], leaf_values: list[Any], cycle: tuple[str, ...]
) -> nx.DiGraph:
    """Build the graph breadth-first over the (ordered) child lists, naming by letters."""
    G, node_data, succ, pred = new_tree_graph()
    names = letter_ids()
    root = next(names)
    succ[root] = {}
    pred[root] = {}
    # The current level as (position in its level, node id), in left-to-right order.
    level: list[tuple[int, str]] = [(0, root)]
    for d, child_lists in enumerate(order):
        player = cycle[d % len(cycle)]
        next_level: list[tuple[int, str]] = []
        for position, node in level:
            node_data[node] = {PLAYER: player}
            out = succ[node]
            for k in child_lists[position]:
                child = next(names)
                edge: dict[str, Any] = {}
                out[child] = edge
                pred[child] = {node: edge}
                succ[child] = {}
                next_level.append((k, child))
        level = next_level
    for position, node in level:
        node_data[node] = {VALUE: leaf_values[position]}
    G.graph[ROOT] = root
    validate(G)
    return G
