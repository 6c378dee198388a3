"""What the right search does on a tree, under each convention: gametree's traced search.

For every tree and convention the reference is :func:`gametree.search_trace` (and
:func:`gametree.solve` for the result): the leaves and depth-limit nodes it evaluates in
order (its ``Leaf`` events), the nodes it enters (its ``Enter`` events below the root:
what a submission must generate), the root's value and its first best move. Alpha-beta
has two references, cutting on ``>=`` (``prune_on_equal=True``) and on ``>``. Fail-hard
and fail-soft evaluate the same leaves and give the root the same value under the open
root window gametree presents, so a submission's calls cannot tell them apart; the
reference runs fail-soft and reports ``fail`` as unknown.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from gametree.homework.codecheck.treespec import TreeCase
from gametree.search import Enter, Leaf, TraceEvent, search_trace, solve

__all__ = ["ALGORITHMS", "Expected", "conventions_of", "expected"]

ALGORITHMS = ("minimax", "alphabeta", "expectiminimax")
"""The searches check-code compares against (negamax forms count as the first two)."""


def conventions_of(algorithm: str) -> tuple[bool | None, ...]:
    """The ``prune_on_equal`` values a search's references are made under (None: the
    search does not prune, so it has none)."""
    return (True, False) if algorithm == "alphabeta" else (None,)


@dataclass(frozen=True)
class Expected:
    """The right search's behaviour on one tree under one convention.

    Attributes
    ----------
    case : TreeCase
    algorithm : str
    prune_on_equal : bool or None
    evaluations : tuple of str
        Nodes whose value it reads, in order (leaves, and nodes at the depth limit).
    generated : tuple of str
        Nodes it enters below the root, in order.
    value : number
        The root's value, MAX's point of view.
    move : str
        The root's first best move (the edge's ``move``, else the child's id).
    child : str
        The child that move leads to.
    best_moves : tuple of str
        Every move attaining the root's value (minimax, ties all proven).
    events : tuple of TraceEvent
    """

    case: TreeCase
    algorithm: str
    prune_on_equal: bool | None
    evaluations: tuple[str, ...]
    generated: tuple[str, ...]
    value: Any
    move: str | None
    child: str | None
    best_moves: tuple[str, ...]
    events: tuple[TraceEvent, ...] = field(repr=False)
    child_values: tuple[tuple[str, str, Any], ...] = ()
    """``(move, child, value)`` for each of the root's children (exact values)."""
    passes: tuple[Expected, ...] = ()
    """For iterative deepening, each pass's search (depth 1, 2, ...) whose calls this
    one strings together (:mod:`~gametree.homework.codecheck.iterative`)."""

    @cached_property
    def generated_set(self) -> frozenset[str]:
        return frozenset(self.generated)

    @cached_property
    def lines(self) -> tuple[str, ...]:
        """One sentence per trace event, in the words of :func:`gametree.explain`."""
        from gametree.homework.explain import explain_lines

        if self.passes:
            return tuple(line for e in self.passes for line in e.lines)
        return tuple(explain_lines(self.case.graph, self.algorithm, **self.options))

    @property
    def options(self) -> dict[str, Any]:
        options: dict[str, Any] = {"depth": self.case.depth}
        if self.prune_on_equal is not None:
            options["prune_on_equal"] = self.prune_on_equal
        return options


def _move_of(case: TreeCase, child: Hashable | None) -> str | None:
    if child is None:
        return None
    root = case.spec["root"]
    for kid, move, _ in case.spec["nodes"][root]["c"]:
        if kid == str(child):
            return str(move)
    return str(child)


def expected(case: TreeCase, algorithm: str, prune_on_equal: bool | None) -> Expected:
    """The reference behaviour of ``algorithm`` on ``case`` under the convention."""
    options: dict[str, Any] = {"depth": case.depth}
    if prune_on_equal is not None:
        options["prune_on_equal"] = prune_on_equal
    G = case.graph
    events = tuple(search_trace(G, algorithm, **options))
    result = solve(G, algorithm, annotate=False, **options)
    root = result.pv[0] if result.pv else None
    evaluations = tuple(str(e.node) for e in events if isinstance(e, Leaf))
    generated = tuple(str(e.node) for e in events if isinstance(e, Enter) and e.parent is not None)
    exact = "expectiminimax" if algorithm == "expectiminimax" else "minimax"
    full = solve(G, exact, annotate=False, depth=case.depth)
    best = [_move_of(case, c) or "" for c in full.best_children] if root is not None else []
    kids = G.succ[root] if root is not None else ()
    child_values = tuple((_move_of(case, c) or "", str(c), full.node_values[c].value) for c in kids)
    return Expected(
        case=case,
        algorithm=algorithm,
        prune_on_equal=prune_on_equal,
        evaluations=evaluations,
        generated=generated,
        value=result.value,
        move=_move_of(case, result.best_child),
        child=None if result.best_child is None else str(result.best_child),
        best_moves=tuple(best),
        events=events,
        child_values=child_values,
    )
