"""One search, digested for checking: what each answer item is compared against.

:func:`run_search` searches a tree with a trace, replays it (:func:`~gametree.homework.
story.replay`) and indexes the steps by node in an :class:`Outcome`: the leaves in the
order they are evaluated, the window each node is entered and left with, the cutoff
that skipped each node, and the pruned leaves of the :func:`frontier`.

:func:`run_convention` is the same search for another convention a wrong answer is
compared with: it keeps only what comparing needs (the result, the evaluated and pruned
leaves) and reads the windows from a second, streamed search the first time a window is
asked for. It holds no trace and no steps, so the other conventions of a large tree cost
a few numbers per node each, not the replayed search.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from gametree.homework.story import Step, replay
from gametree.search.result import SearchResult
from gametree.search.trace import Cutoff, Enter, Exit, Leaf, TraceEvent, TranspositionHit

__all__ = ["Outcome", "RightToLeft", "digest", "frontier", "run_convention", "run_search"]

Windows = dict[Hashable, tuple[float, float]]


@dataclass
class Outcome:
    """One search, digested: everything the checks compare against.

    ``visited``, ``traversed`` and the step tables are filled for the answer key's own
    search (:func:`run_search`) and empty for another convention's
    (:func:`run_convention`); :attr:`enter_window` and :attr:`exit_window` are read from
    ``events`` (called again for a streamed search) the first time either is asked for.
    """

    result: SearchResult
    evaluated: tuple[Hashable, ...]
    pruned: frozenset[Hashable]
    events: Callable[[], Iterable[TraceEvent]]
    visited: frozenset[Hashable] = frozenset()
    traversed: frozenset[tuple[Hashable, Hashable]] = frozenset()
    exit_step: dict[Hashable, Step] = field(default_factory=dict)
    leaf_step: dict[Hashable, Step] = field(default_factory=dict)
    cut_at: dict[Hashable, Step] = field(default_factory=dict)
    cut_step: dict[Hashable, Step] = field(default_factory=dict)
    _windows: tuple[Windows, Windows] | None = field(default=None, repr=False)

    @property
    def enter_window(self) -> Windows:
        """The window each node is entered with (MAX's point of view)."""
        return self._read_windows()[0]

    @property
    def exit_window(self) -> Windows:
        """The window each node has when the search leaves it."""
        return self._read_windows()[1]

    def _read_windows(self) -> tuple[Windows, Windows]:
        if self._windows is None:
            self._windows = windows(self.events())
        return self._windows


def windows(events: Iterable[TraceEvent]) -> tuple[Windows, Windows]:
    """The window each node is entered with and left with, from a search's events (a
    leaf is left with the window it is evaluated in)."""
    enter: Windows = {}
    leave: Windows = {}
    for e in events:
        if isinstance(e, Enter):
            enter.setdefault(e.node, (e.alpha, e.beta))
        elif isinstance(e, (Leaf, TranspositionHit)):
            enter.setdefault(e.node, (e.alpha, e.beta))
            if isinstance(e, Leaf) and e.node not in leave:
                leave[e.node] = (e.alpha, e.beta)
        elif isinstance(e, Exit):
            leave[e.node] = (e.alpha, e.beta)
    return enter, leave


def _pruned(result: SearchResult, frontier: Sequence[Hashable]) -> frozenset[Hashable]:
    done = set(result.visited_leaves)
    return frozenset(x for x in frontier if x not in done)


def digest(result: SearchResult, steps: Iterable[Step], frontier: Sequence[Hashable]) -> Outcome:
    """Index a search's replayed steps by node: the cuts, what was visited and pruned.

    ``frontier`` lists the leaves (and depth-limit horizon nodes) an answer may call
    pruned: those the search never evaluated are. ``result`` keeps its trace, from
    which the windows are read when asked for.
    """
    visited: set[Hashable] = set()
    traversed: set[tuple[Hashable, Hashable]] = set()
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
            leaf_step.setdefault(e.node, step)
        elif isinstance(e, (Leaf, TranspositionHit)):
            visited.add(e.node)
            if step.parent is not None:
                traversed.add((step.parent, e.node))
                leaf_step.setdefault(e.node, step)
        elif isinstance(e, Exit):
            exit_step[e.node] = step
        elif isinstance(e, Cutoff):
            cut_step.setdefault(e.node, step)
            for s in e.skipped:
                cut_at.setdefault(s, step)
    return Outcome(
        result,
        tuple(result.visited_leaves),
        _pruned(result, frontier),
        lambda: result.trace,
        frozenset(visited),
        frozenset(traversed),
        exit_step,
        leaf_step,
        cut_at,
        cut_step,
    )


def frontier(G: nx.DiGraph, root: Hashable, depth: int | None) -> list[Hashable]:
    """Leaves (and depth-limit horizon nodes) left to right, each once."""
    succ = G._succ
    out: list[Hashable] = []
    if depth is None:  # a node's leaves do not depend on the path to it: expand it once
        seen: set[Hashable] = set()
        stack = [root]
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            kids = succ[node]
            if not kids:
                out.append(node)
                continue
            stack.extend(reversed(kids))
        return out
    seen_leaf: set[Hashable] = set()
    seen_at: set[tuple[Hashable, int]] = set()
    at: list[tuple[Hashable, int]] = [(root, 0)]
    while at:
        node, d = at.pop()
        if (node, d) in seen_at:
            continue
        seen_at.add((node, d))
        kids = succ[node]
        if not kids or d >= depth:
            if node not in seen_leaf:
                seen_leaf.add(node)
                out.append(node)
            continue
        for child in reversed(list(kids)):
            at.append((child, d + 1))
    return out


def run_search(
    G: nx.DiGraph, algorithm: str, options: Mapping[str, Any], frontier: Sequence[Hashable]
) -> Outcome:
    """Search ``G`` with a trace and digest it (see :func:`digest`)."""
    from gametree.search import solve
    from gametree.search.engine import gc_paused

    result = solve(G, algorithm, annotate=False, trace=True, **options)
    with gc_paused():  # the steps hold no cycles; scanning them over and over costs
        return digest(result, replay(G, result.trace), frontier)


def run_convention(
    G: nx.DiGraph, algorithm: str, options: Mapping[str, Any], frontier: Sequence[Hashable]
) -> Outcome:
    """Search ``G`` without a trace for comparing answers with (see the module
    docstring): the windows come from a streamed search when first asked for."""
    from gametree.search import search_trace, solve

    result = solve(G, algorithm, annotate=False, **options)

    def events() -> Iterator[TraceEvent]:
        return search_trace(G, algorithm, **options)

    return Outcome(result, tuple(result.visited_leaves), _pruned(result, frontier), events)


class RightToLeft(Mapping[Hashable, Sequence[Hashable]]):
    """Every node's children in reverse child order, made when a search asks for them: a
    ``child_order`` that searches ``G`` right to left without copying it.

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> order = RightToLeft(G)
    >>> order["A"], len(order)
    (['D', 'C', 'B'], 13)
    """

    def __init__(self, G: nx.DiGraph) -> None:
        self._succ = G._succ

    def __getitem__(self, node: Hashable) -> list[Hashable]:
        return list(reversed(self._succ[node]))

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._succ)

    def __len__(self) -> int:
        return len(self._succ)
