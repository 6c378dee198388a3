"""Iterative deepening: an entry that searches to depth 1, 2, ... and may stop at a win.

The seeds' ``negamaxIDS(game, depthLimit)`` and ``negamaxIDSab`` call a depth-limited
negamax once per depth and stop as soon as one pass returns ``game.getWinningValue()``.
Such an entry is checked on trees where every internal node has a heuristic value
(:func:`iterative_case` gives one, the mean of the leaves below, to a node without), so
each pass can stop wherever its depth says; its calls must be those of the reference
search at depth 1, then at depth 2, and so on up to the tree's depth (its depth limit,
else its height), and its answer the last pass's. Stopping after the first pass whose
value is the winning value is right too (:func:`iterative_expected` gives both).

A mutable game's winning value is the best leaf value for the player to move at the
root, when no heuristic value reaches it (else infinity): only a proven win reaches it,
so a pass that returns it has found the true value.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from gametree.homework.codecheck.reference import Expected, expected
from gametree.homework.codecheck.treespec import TreeCase, tree_case

__all__ = [
    "ITERATIVE_NOTE",
    "ITERATIVE_TREES",
    "is_iterative_name",
    "iterative_case",
    "iterative_entry",
    "iterative_expected",
]

ITERATIVE_TREES = (
    (
        "ids-win",
        "(A (B (D (H (J 1 2) (K 0 3)) 4) 5) (C (E 9 0) 9) (F (G 9 1) 2))",
        "a win (9) proven at depth 3 under C in a tree 5 plies deep: iterative deepening "
        "may stop after the third pass",
    ),
)
"""Trees only iterative-deepening entries get: (name, notation, purpose)."""

ITERATIVE_NOTE = (
    "checked as iterative deepening: each pass (depth 1, 2, ...) against the search to "
    "that depth, stopping at a proven win allowed; internal nodes without a heuristic "
    "value get the mean of their leaves"
)
"""What a report on an iterative-deepening entry says about how it was checked."""

_NAME = re.compile(r"IDS|(?i:iterative|deepening)|(?i:(?:^|_)ids(?:$|_))")


def is_iterative_name(entry: str) -> bool:
    """Whether an entry's name says it deepens iteratively.

    >>> [is_iterative_name(n) for n in ("negamaxIDS", "negamaxIDSab", "iterative_deepening",
    ...                                  "alpha_ids", "negamax", "considers")]
    [True, True, True, True, False, False]
    """
    return _NAME.search(entry) is not None


def iterative_case(case: TreeCase) -> TreeCase:
    """``case`` with a heuristic value at every internal node that has none (the mean of
    the leaf values below it), evaluable at any depth."""
    G = case.graph.copy()
    totals: dict[Any, tuple[Fraction, int]] = {}  # the sum and count of the leaves below
    for node in reversed(_preorder(G)):
        kids = list(G.successors(node))
        value = G.nodes[node].get("value")
        if not kids:
            totals[node] = (Fraction(value), 1) if value is not None else (Fraction(0), 0)
            continue
        total = sum((totals[k][0] for k in kids), Fraction(0))
        count = sum(totals[k][1] for k in kids)
        totals[node] = (total, count)
        if value is None and count:
            G.nodes[node]["value"] = total / count
    out = tree_case(
        G, case.name, index=int(case.spec["index"]), depth=case.depth, purpose=case.purpose
    )
    out.spec["everywhere"] = True
    return out


def _preorder(G: Any) -> list[Any]:
    root = next(n for n in G if G.in_degree(n) == 0)
    order = [root]
    for node in order:
        order.extend(G.successors(node))
    return order


def iterative_expected(
    case: TreeCase, algorithm: str, prune_on_equal: bool | None
) -> tuple[Expected, ...]:
    """The right iterative deepening on ``case`` (from :func:`iterative_case`): every
    pass to the tree's depth, and (where a pass proves a win first) stopping there."""
    tree = case.data
    bound = case.depth if case.depth is not None else tree.height()
    won = tree.winning_value()
    sign = 1 if tree.mover(tree.root) == "MAX" else -1
    passes: list[Expected] = []
    stop: int | None = None
    for d in range(1, bound + 1):
        at = tree_case(
            case.graph, case.name, index=int(case.spec["index"]), depth=d, purpose=case.purpose
        )
        e = expected(at, algorithm, prune_on_equal)
        passes.append(e)
        if stop is None and d < bound and sign * e.value == won:
            stop = d
    full = _joined(case, passes)
    return (full,) if stop is None else (full, _joined(case, passes[:stop]))


def _joined(case: TreeCase, passes: list[Expected]) -> Expected:
    last = passes[-1]
    return replace(
        last,
        case=case,
        evaluations=tuple(n for e in passes for n in e.evaluations),
        generated=tuple(n for e in passes for n in e.generated),
        events=tuple(ev for e in passes for ev in e.events),
        passes=tuple(passes),
    )


def iterative_entry(search: Callable[..., tuple[Any, Any]]) -> Callable[..., tuple[Any, Any]]:
    """A mutable-protocol entry ``(game, depth)`` that runs ``search(game, d)`` for d =
    1, 2, ... up to ``depth``, stopping at a pass that returns the winning value."""

    def deepening(game: Any, depth: int) -> tuple[Any, Any]:
        won = game.get_winning_value()
        best: tuple[Any, Any] = (None, None)
        for d in range(1, depth + 1):
            best = search(game, d)
            if best[0] == won:
                break
        return best

    return deepening
