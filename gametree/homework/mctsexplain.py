"""Monte Carlo tree search told iteration by iteration: the UCB1 arithmetic of each
selection, the node added, the playout and the counts backed up."""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator, Sequence
from typing import Any

import networkx as nx

from gametree.search.mcts_loop import (
    Backpropagation,
    Expansion,
    MCTSEvent,
    MCTSResult,
    Playout,
    Selection,
)

__all__ = [
    "by_iteration",
    "event_sentence",
    "explain_mcts",
    "iteration_sentence",
    "mcts_lines",
    "result_summary",
]


def by_iteration(trace: Sequence[Any]) -> Iterator[list[MCTSEvent]]:
    """Group an MCTS trace into the events of each iteration, in order."""
    group: list[MCTSEvent] = []
    for event in trace:
        group.append(event)
        if isinstance(event, Backpropagation):
            yield group
            group = []


def _num(x: float, digits: int = 2) -> str:
    if isinstance(x, int) or (isinstance(x, float) and x.is_integer() and abs(x) < 1e15):
        return str(int(x))
    return f"{x:.{digits}f}"


def _bold(name: object, format: str) -> str:
    return f"**{name}**" if format == "markdown" else str(name)


def selection_text(
    event: Selection, *, c: float, lo: float, hi: float, format: str = "text"
) -> str:
    """``at A (MAX): UCB1(B) = 0.62 + 1.41 x sqrt(ln 30 / 9) = 1.24, ..., so B``.

    The first term is the child's mean scaled to [0, 1] for the chooser (MIN: one minus
    it); a child the solver skipped (proven at the chooser's worst value) says so.
    """
    node = _bold(event.node, format)
    if event.player == "CHANCE":
        return f"at {node} (CHANCE) the outcome {_bold(event.child, format)} is drawn"
    parts = []
    times = "×" if format == "markdown" else "x"
    for child, n, _total, score in event.children:
        if score is None:
            parts.append(f"{child} is proven lost for {event.player}, skipped")
            continue
        if n == 0:
            parts.append(f"UCB1({child}) = inf (no visits yet: tried first)")
            continue
        # The share the search scored (playout_share: each infinite playout counts as
        # an end of the range, which the child's total alone no longer tells).
        q = score - c * math.sqrt(math.log(event.visits) / n)
        parts.append(
            f"UCB1({child}) = {_num(q)} + {_num(c)} {times} sqrt(ln {event.visits} / {n}) "
            f"= {_num(score)}"
        )
    return f"at {node} ({event.player}): " + ", ".join(parts) + f", so {event.child}"


def event_sentence(
    e: MCTSEvent,
    counts: dict[Hashable, tuple[int, float]],
    *,
    c: float,
    lo: float,
    hi: float,
    format: str = "text",
) -> str:
    """One phase of an iteration told in a sentence (without the final period);
    ``counts`` (node -> visits, total) is updated by a backpropagation."""
    if isinstance(e, Selection):
        text = selection_text(e, c=c, lo=lo, hi=hi, format=format)
        return text[0].upper() + text[1:]
    if isinstance(e, Expansion):
        return (
            f"Expansion: {_bold(e.child, format)} is added below {e.node} (its first untried child)"
        )
    if isinstance(e, Playout):
        if e.proven:
            return (
                f"{_bold(e.start, format)} is proven at {_num(e.value)}: "
                "that value is backed up, no playout"
            )
        if e.moves:
            path = " -> ".join(str(m) for m in (e.start, *e.moves))
            return f"Playout: {path}, value {_num(e.value)}"
        return f"Playout: {e.start} is a leaf, value {_num(e.value)}"
    shown = []
    for node, total in zip(e.path, e.totals, strict=True):
        n = counts.get(node, (0, 0.0))[0] + 1
        counts[node] = (n, total)
        shown.append(f"{node} {n}/{_num(total)}")
    said = ["Backpropagation (visits/total): " + ", ".join(shown)]
    said.extend(f"{node} is now proven at {_num(value)}" for node, value in e.proven)
    return ". ".join(said)


def iteration_sentence(
    events: Sequence[MCTSEvent],
    counts: dict[Hashable, tuple[int, float]],
    *,
    c: float,
    lo: float,
    hi: float,
    format: str = "text",
) -> str:
    """One iteration told in one paragraph; ``counts`` (node -> visits, total) is
    updated with its backpropagation."""
    said = [event_sentence(e, counts, c=c, lo=lo, hi=hi, format=format) for e in events]
    return f"Iteration {events[0].iteration}: " + ". ".join(said) + "."


def mcts_lines(result: MCTSResult, format: str = "text") -> list[str]:
    """One sentence per iteration of a traced MCTS result."""
    if not result.trace:
        raise ValueError("the result has no trace: run the search with trace=True")
    c = float(result.options.get("c", math.sqrt(2)))
    lo, hi = result.value_range
    counts: dict[Hashable, tuple[int, float]] = {}
    return [
        iteration_sentence(events, counts, c=c, lo=lo, hi=hi, format=format)
        for events in by_iteration(result.trace)
    ]


def result_summary(result: MCTSResult) -> str:
    """``best move D (the most visited; visits B 1, C 2, D 3); root mean 7.33``."""
    parts = [f"{s.move} {s.visits}" for s in result.children]
    summary = f"best move {result.best_move} (the most visited; visits {', '.join(parts)})"
    if result.proven_value is not None:
        return summary + f"; proven value {_num(result.proven_value)}"
    return summary + f"; root mean {_num(result.value)}"


def explain_mcts(G: nx.DiGraph, *, format: str = "text", **options: Any) -> str:
    """Tell :func:`gametree.mcts` iteration by iteration (what :func:`gametree.explain`
    writes for ``algorithm="mcts"``).

    Examples
    --------
    >>> import gametree
    >>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    >>> first = lambda G, n: next(iter(G.succ[n]))
    >>> text = gametree.explain(G, "mcts", iterations=4, c=1, playout=first)
    >>> print(text.splitlines()[4])
    4. Iteration 4: At A (MAX): UCB1(B) = 0.08 + 1 x sqrt(ln 3 / 1) = 1.13,
    UCB1(C) = 0 + 1 x sqrt(ln 3 / 1) = 1.05, UCB1(D) = 1 + 1 x sqrt(ln 3 / 1) = 2.05, so D.
    Expansion: K is added below D (its first untried child). Playout: K is a leaf,
    value 14. Backpropagation (visits/total): A 4/33, D 2/28, K 1/14.
    """
    from gametree.search.algorithms import check_options
    from gametree.search.mcts import mcts

    if format not in ("text", "markdown"):
        raise ValueError(f"unknown format {format!r}; expected 'text' or 'markdown'")
    options.pop("annotate", None)
    options.pop("trace", None)
    check_options("mcts", options)
    result = mcts(G, annotate=False, trace=True, **options)
    lines = mcts_lines(result, format)
    lo, hi = result.value_range
    c = result.options.get("c")
    head = (
        f"mcts from {result.root} ({result.iterations} iterations, c = {_num(float(c or 0))}, "
        f"means scaled by ({_num(lo)}, {_num(hi)}); unvisited children first, in child "
        "order; ties to the first child)"
    )
    summary = result_summary(result)
    body = [f"{i}. {line}" for i, line in enumerate(lines, 1)]
    if format == "markdown":
        return "\n".join([f"**{head}**", "", *body, "", f"**Result:** {summary}."])
    return "\n".join([head + ":", *body, f"Result: {summary}."])
