"""One search, digested for checking: what each answer item is compared against.

:func:`run_search` searches a tree with a trace, replays it (:func:`~gametree.homework.
story.replay`) and indexes the steps by node in an :class:`Outcome`: the leaves in the
order they are evaluated, the window each node is entered and left with, the cutoff
that skipped each node, and the pruned leaves of the :func:`frontier`.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx

from gametree.homework.story import Step, replay
from gametree.search.result import SearchResult
from gametree.search.trace import Cutoff, Enter, Exit, Leaf, TranspositionHit

__all__ = ["Outcome", "digest", "frontier", "run_search"]


@dataclass
class Outcome:
    """One search, digested: everything the checks compare against."""

    result: SearchResult
    steps: list[Step]
    evaluated: tuple[Hashable, ...]
    visited: frozenset[Hashable]
    traversed: frozenset[tuple[Hashable, Hashable]]
    enter_window: dict[Hashable, tuple[float, float]]
    exit_window: dict[Hashable, tuple[float, float]]
    exit_step: dict[Hashable, Step]
    leaf_step: dict[Hashable, Step]
    cut_at: dict[Hashable, Step]
    pruned: frozenset[Hashable]
    cut_step: dict[Hashable, Step]


def digest(result: SearchResult, steps: list[Step], frontier: Sequence[Hashable]) -> Outcome:
    """Index a search's replayed steps by node: the windows, the cuts, what was pruned.

    ``frontier`` lists the leaves (and depth-limit horizon nodes) an answer may call
    pruned: those the search never evaluated are.
    """
    visited: set[Hashable] = set()
    traversed: set[tuple[Hashable, Hashable]] = set()
    enter_window: dict[Hashable, tuple[float, float]] = {}
    exit_window: dict[Hashable, tuple[float, float]] = {}
    exit_step: dict[Hashable, Step] = {}
    leaf_step: dict[Hashable, Step] = {}
    cut_at: dict[Hashable, Step] = {}
    cut_step: dict[Hashable, Step] = {}
    for step in steps:
        e = step.event
        if isinstance(e, Enter):
            visited.add(e.node)
            if e.parent is not None:
                traversed.add((e.parent, e.node))
            enter_window.setdefault(e.node, (e.alpha, e.beta))
            leaf_step.setdefault(e.node, step)
        elif isinstance(e, (Leaf, TranspositionHit)):
            visited.add(e.node)
            if step.parent is not None:
                traversed.add((step.parent, e.node))
                leaf_step.setdefault(e.node, step)
            enter_window.setdefault(e.node, (e.alpha, e.beta))
            if isinstance(e, Leaf) and e.node not in exit_window:
                exit_window[e.node] = (e.alpha, e.beta)
        elif isinstance(e, Exit):
            exit_window[e.node] = (e.alpha, e.beta)
            exit_step[e.node] = step
        elif isinstance(e, Cutoff):
            cut_step.setdefault(e.node, step)
            for s in e.skipped:
                cut_at.setdefault(s, step)
    evaluated = tuple(result.visited_leaves)
    done = set(evaluated)
    pruned = frozenset(x for x in frontier if x not in done)
    return Outcome(
        result,
        steps,
        evaluated,
        frozenset(visited),
        frozenset(traversed),
        enter_window,
        exit_window,
        exit_step,
        leaf_step,
        cut_at,
        pruned,
        cut_step,
    )


def frontier(G: nx.DiGraph, root: Hashable, depth: int | None) -> list[Hashable]:
    """Leaves (and depth-limit horizon nodes) left to right, each once."""
    succ = G._succ
    out: list[Hashable] = []
    seen_leaf: set[Hashable] = set()
    seen: set[tuple[Hashable, int]] = set()
    stack: list[tuple[Hashable, int]] = [(root, 0)]
    while stack:
        node, d = stack.pop()
        if (node, d) in seen:
            continue
        seen.add((node, d))
        kids = succ[node]
        if not kids or (depth is not None and d >= depth):
            if node not in seen_leaf:
                seen_leaf.add(node)
                out.append(node)
            continue
        for child in reversed(list(kids)):
            stack.append((child, d + 1))
    return out


def run_search(
    G: nx.DiGraph, algorithm: str, options: Mapping[str, Any], frontier: Sequence[Hashable]
) -> Outcome:
    """Search ``G`` with a trace and digest it (see :func:`digest`)."""
    from gametree.search import solve

    result = solve(G, algorithm, annotate=False, trace=True, **options)
    return digest(result, replay(G, result.trace), frontier)
