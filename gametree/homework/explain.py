"""A search told step by step: one plain sentence per trace event, as a worked solution."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import networkx as nx

from gametree.attrs import BOUNDS, CHANCE
from gametree.homework.story import Step, cut_reason, fmt, origin_text, replay
from gametree.search.passes import edge_text
from gametree.search.result import Bound
from gametree.search.rules import star_bounds
from gametree.search.trace import (
    Cutoff,
    Enter,
    Exit,
    Leaf,
    PassEnd,
    Probe,
    ProbeCutoff,
    ReSearch,
    StarProbe,
    TranspositionHit,
)
from gametree.validation import find_root, validate

__all__ = ["explain", "explain_lines"]

_PRUNING = frozenset({"alphabeta", "negamax_alphabeta", "pvs", "star1", "star2", "aspiration"})
_STAR = frozenset({"star1", "star2"})
_NULL_WINDOW = frozenset({"mtdf", "sss", "dual"})
"""Multi-pass searches of null-window tests (gametree.search.mtd): always cut on >=."""


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


class _Teller:
    def __init__(
        self,
        G: nx.DiGraph,
        style: str,
        prune_on_equal: bool,
        pruning: bool,
        star: tuple[float, float] | None = None,
    ) -> None:
        self.G = G
        self.style = style
        self.poe = prune_on_equal
        self.pruning = pruning
        self.passes = 0
        self.multi = False
        # Star1/Star2: the tree's bounds, then each entered node's (narrowed on the way).
        self.star = star
        self.bounds: dict[Hashable, tuple[float, float]] = {}
        self.probed: set[Hashable] = set()

    def own_bounds(self, node: Hashable) -> tuple[float, float] | None:
        own = self.G._node[node].get(BOUNDS)
        return None if own is None else (own[0], own[1])

    def outcome_bounds(self, node: Hashable, parent: Hashable | None) -> str:
        """Star1/Star2 entering a CHANCE node: what its outcomes are known to be worth."""
        assert self.star is not None
        outer = self.bounds.get(parent, self.star) if parent is not None else self.star
        here = self.bounds[node] = star_bounds(outer, self.own_bounds(node))
        if self.G._node[node].get("player") != CHANCE:
            return ""
        pairs = [star_bounds(here, self.own_bounds(c)) for c in self.G._succ[node]]
        if all(lo == -float("inf") and hi == float("inf") for lo, hi in pairs):
            return (
                "; its outcomes are unbounded, so none can be pruned: one not yet searched "
                "could be worth anything (give bounds to prune)"
            )
        if len(set(pairs)) == 1:
            lo, hi = pairs[0]
            if lo == -float("inf"):
                return f"; each of its outcomes is worth at most {self.v(hi)}"
            if hi == float("inf"):
                return f"; each of its outcomes is worth at least {self.v(lo)}"
            return f"; each of its outcomes is worth between {self.v(lo)} and {self.v(hi)}"
        shown = ", ".join(
            f"{self.n(c)} in [{self.v(lo)}, {self.v(hi)}]"
            for c, (lo, hi) in zip(self.G._succ[node], pairs, strict=True)
        )
        return f"; its outcomes are bounded: {shown}"

    def n(self, node: Hashable) -> str:
        return f"**{node}**" if self.style == "markdown" else str(node)

    def v(self, x: Any) -> str:
        return fmt(x, self.style)

    def window(self, a: float, b: float) -> str:
        if self.style == "markdown":
            return f"[α = {self.v(a)}, β = {self.v(b)}]"
        return f"[alpha {self.v(a)}, beta {self.v(b)}]"

    def who(self, node: Hashable, player: str | None) -> str:
        if player is None:
            return f"leaf {self.n(node)}"
        return f"{self.n(node)} ({player})"

    def bound_word(self, bound: Bound, node: Hashable, value: float) -> str:
        if bound is Bound.UPPER:
            return f" (an upper bound: {self.n(node)} is worth at most {self.v(value)})"
        if bound is Bound.LOWER:
            return f" (a lower bound: {self.n(node)} is worth at least {self.v(value)})"
        return ""

    def update(self, step: Step) -> str:
        parent = step.parent
        if parent is None:
            return ""
        pp = step.parent_player
        node = getattr(step.event, "node", None)
        if pp == CHANCE and node in self.probed:
            self.probed.discard(node)
            return f"; {self.n(parent)} now knows this bound on {self.n(node)}"
        if pp == CHANCE:
            return f"; it counts towards the average at {self.n(parent)}"
        if step.update == "alpha":
            name = "α" if self.style == "markdown" else "alpha"
            if self.pruning:
                return f"; {self.n(parent)} (MAX) raises {name} to {self.v(step.new_bound)}"
            return f"; it is the best so far for {self.n(parent)} (MAX)"
        if step.update == "beta":
            name = "β" if self.style == "markdown" else "beta"
            if self.pruning:
                return f"; {self.n(parent)} (MIN) lowers {name} to {self.v(step.new_bound)}"
            return f"; it is the best so far for {self.n(parent)} (MIN)"
        if step.update == "best":
            return f"; it is the best so far for {self.n(parent)} ({pp})"
        return f"; no better for {self.n(parent)} ({pp})"

    def sentence(self, step: Step) -> str:
        text = self.plain_sentence(step)
        e = step.event
        if self.star is not None and isinstance(e, Enter):
            text = text[:-1] + self.outcome_bounds(e.node, e.parent) + "."
        return text

    def plain_sentence(self, step: Step) -> str:
        e = step.event
        if isinstance(e, Enter):
            w = self.window(e.alpha, e.beta) if self.pruning else ""
            if e.parent is None:
                self.passes += 1
                start = f"Start at the root {self.who(e.node, step.player)}"
                if self.passes > 1 or self.multi:
                    start = f"Pass {self.passes}: start at the root {self.who(e.node, step.player)}"
                return f"{start} with the window {w}." if w else f"{start}."
            what = self.who(e.node, step.player)
            pos = f"the {_ordinal(step.index)} child of {self.n(e.parent)}" if step.index else ""
            text = f"Enter {what}" + (f", {pos}" if pos else "")
            if w:
                text += f"{',' if pos else ''} with the window {w}"
            if w and step.player is not None:
                extra = [
                    origin_text(b, x, o, self.style)
                    for b, x, o in (
                        ("alpha", e.alpha, step.alpha_from),
                        ("beta", e.beta, step.beta_from),
                    )
                    if o.node not in (None, "?") and o.child is not None
                ]
                if extra:
                    text += " (" + "; ".join(extra) + ")"
            return text + "."
        if isinstance(e, Leaf):
            kind = "horizon node" if e.horizon else "leaf"
            head = f"Evaluate {kind} {self.n(e.node)}: {self.v(e.value)}"
            if step.parent is not None:  # a leaf evaluated without an Enter event
                return head + self.update(step) + "."
            return head + "."
        if isinstance(e, Cutoff) and not e.skipped:
            reason = cut_reason(step, self.poe, self.style)
            return f"Cutoff: {reason}, so no outcome needs a full search."
        if isinstance(e, ProbeCutoff):
            names = [self.n(s) for s in e.skipped]
            skipped = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            word = "is" if len(e.skipped) == 1 else "are"
            return f"{cut_reason(step, self.poe, self.style)}: so {skipped} {word} pruned too."
        if isinstance(e, Cutoff):
            names = [self.n(s) for s in e.skipped]
            skipped = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            word = "is" if len(e.skipped) == 1 else "are"
            reason = cut_reason(step, self.poe, self.style)
            return f"Cutoff: {reason}, so {skipped} {word} pruned."
        if isinstance(e, Exit):
            if not self.G._succ[e.node] and step.player is None:
                if step.parent is None:
                    return f"Leaf {self.n(e.node)} returns {self.v(e.value)}."
                return f"{self.n(e.node)} returns {self.v(e.value)} to {self.n(step.parent)}" + (
                    self.update(step) + "."
                )
            head = f"Leave {self.who(e.node, step.player)} with {self.v(e.value)}"
            head += self.bound_word(e.bound, e.node, e.value)
            if step.parent is None:
                if self.multi and e.bound is not Bound.EXACT:
                    return f"{head}."
                return f"{head}: the value of the root is {self.v(e.value)}."
            return f"{head}, back to {self.n(step.parent)}" + self.update(step) + "."
        if isinstance(e, StarProbe):
            self.probed.add(e.node)
            side = "from below" if step.player == "MAX" else "from above"
            return (
                f"Probe {self.n(e.node)} ({step.player}), an outcome of {self.n(e.parent)}: "
                f"search only its first child, with the window {self.window(e.alpha, e.beta)}, "
                f"to bound {self.n(e.node)} {side} before any outcome is searched in full."
            )
        if isinstance(e, Probe):
            return (
                f"Probe {self.n(e.node)} with the null window {self.window(e.alpha, e.beta)}: "
                f"can it do better than the best move of {self.n(e.parent)} so far?"
            )
        if isinstance(e, ReSearch) and e.parent is None:
            return (
                f"{self.n(e.node)} returned {self.v(e.probe_value)}, outside the aspiration "
                f"window: search it again with the window {self.window(e.alpha, e.beta)}."
            )
        if isinstance(e, PassEnd):
            a, b = edge_text(e.alpha, self.v(e.alpha)), edge_text(e.beta, self.v(e.beta))
            v = self.v(e.value)
            head = f"End of pass {e.index}, window ({a}, {b}): {self.n(e.node)} returned {v}"
            leaves = f" ({e.leaves} leaves evaluated in this pass)"
            if e.bound is Bound.LOWER:
                return f"{head}, failed high: the value is at least {v}{leaves}."
            if e.bound is Bound.UPPER:
                return f"{head}, failed low: the value is at most {v}{leaves}."
            return f"{head}, exact: the value is {v}{leaves}."
        if isinstance(e, ReSearch):
            return (
                f"The probe of {self.n(e.node)} returned {self.v(e.probe_value)}, better than "
                f"{self.n(e.parent)}'s best so far: search it again with the window "
                f"{self.window(e.alpha, e.beta)}."
            )
        if isinstance(e, TranspositionHit):
            return (
                f"{self.n(e.node)} was searched before: reuse its stored value "
                f"{self.v(e.value)} ({e.bound.value})" + self.update(step) + "."
            )
        return str(e)  # pragma: no cover - future event types


def explain_lines(
    G: nx.DiGraph,
    algorithm: str = "alphabeta",
    *,
    format: str = "text",
    **options: Any,
) -> list[str]:
    """Return one sentence per trace event (see :func:`explain`)."""
    from gametree.search import search_trace
    from gametree.search.algorithms import canonical_name, is_mcts

    if is_mcts(algorithm):
        from gametree.homework.mctsexplain import mcts_lines
        from gametree.search.mcts import mcts

        options.pop("annotate", None)
        return mcts_lines(mcts(G, annotate=False, trace=True, **options), format)

    if format not in ("text", "markdown"):
        raise ValueError(f"unknown format {format!r}; expected 'text' or 'markdown'")
    validate(G)
    options.pop("annotate", None)
    events = list(search_trace(G, algorithm, **options))
    name = canonical_name(algorithm)
    star = None
    if name in _STAR:
        lo, hi = options.get("bounds", (-float("inf"), float("inf")))
        star = (lo, hi)
    windowed = name in _PRUNING or name in _NULL_WINDOW
    teller = _Teller(G, format, bool(options.get("prune_on_equal", True)), windowed, star)
    teller.multi = name in _NULL_WINDOW or name == "aspiration"
    return [teller.sentence(step) for step in replay(G, events)]


def explain(
    G: nx.DiGraph,
    algorithm: str = "alphabeta",
    *,
    format: str = "text",
    **options: Any,
) -> str:
    """Tell a search step by step, one sentence per trace event, as a worked solution.

    Parameters
    ----------
    G : networkx.DiGraph
        The tree.
    algorithm : str, default "alphabeta"
        Any algorithm :func:`gametree.search_trace` runs.
    format : {"text", "markdown"}, default "text"
        Plain numbered lines (``alpha``, ``inf``), or a markdown numbered list with node
        names in bold and ``α``, ``β``, ``∞``.
    **options
        Search options (``prune_on_equal``, ``fail``, ``window``, ``depth``, ``root``, ...).

    Returns
    -------
    str
        A heading naming the convention, the numbered sentences (each entry into a node
        gives its window and where its bounds came from; each cutoff says which bound was
        crossed, who set it and what is pruned; each exit says what the parent does with
        the value), and a summary of the result.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> text = explain(G)
    >>> print(text.splitlines()[1])
    1. Start at the root A (MAX) with the window [alpha -inf, beta inf].
    >>> print(next(line for line in text.splitlines() if "Cutoff" in line))
    17. Cutoff: at C (MIN) the value 2 <= alpha 3 inherited from A after B returned 3,
    so I and J are pruned.
    >>> print(text.splitlines()[-1])
    Result: value 3, best move B; pruned: I, J.
    """
    from gametree.search import solve
    from gametree.search.algorithms import is_mcts

    if is_mcts(algorithm):
        from gametree.homework.mctsexplain import explain_mcts

        return explain_mcts(G, format=format, **options)
    lines = explain_lines(G, algorithm, format=format, **options)
    opts = dict(options)
    opts.pop("annotate", None)
    result = solve(G, algorithm, annotate=False, **opts)
    root = opts.get("root", find_root(G))
    poe = bool(opts.get("prune_on_equal", True))
    convention = algorithm
    if algorithm in _PRUNING:
        convention += ", cut when alpha >= beta" if poe else ", cut only when alpha > beta"
        convention += f", fail-{opts.get('fail', 'soft')}"
    if algorithm in _STAR:
        lo, hi = opts.get("bounds", (-float("inf"), float("inf")))
        convention += f", values in [{fmt(lo, format)}, {fmt(hi, format)}]"
    if algorithm == "aspiration":
        convention += f", window {fmt(opts['guess'], format)} +- {fmt(opts['delta'], format)}"
    if algorithm in _NULL_WINDOW:
        guess = {"sss": "inf", "dual": "-inf"}.get(algorithm, fmt(opts.get("first_guess", 0)))
        convention += f", null-window passes from the guess {guess}, fail-soft"
    pruned = list(dict.fromkeys(c for _, c in result.pruned_edges))
    pruned_text = ", ".join(str(c) for c in pruned) if pruned else "nothing"
    move = ""
    if result.best_move is not None:
        move = f", best move {result.best_move}"
        if str(result.best_move) != str(result.best_child):
            move += f" (to {result.best_child})"
    summary = f"value {fmt(result.value, format)}{move}; pruned: {pruned_text}."
    if result.stats.passes:
        summary = f"value {fmt(result.value, format)}{move} after {result.stats.passes} passes"
        summary += f"; never evaluated in any pass: {pruned_text}."
    if format == "markdown":
        head = f"**{algorithm} on the tree rooted at {root}** ({convention})"
        body = [f"{i}. {line}" for i, line in enumerate(lines, 1)]
        return "\n".join([head, "", *body, "", f"**Result:** {summary}"])
    head = f"{algorithm} from {root} ({convention}):"
    body = [f"{i}. {line}" for i, line in enumerate(lines, 1)]
    return "\n".join([head, *body, f"Result: {summary}"])
