"""Why, node by node: the sentences a finding gives from the answer key's search.

:class:`Reasons` says why a node is never searched (the cutoff above it), why a leaf is
evaluated (no cutoff came before it), how a node got its value (its children and any
cutoff) and where a node's window came from, from the trace replayed by
:func:`~gametree.homework.story.replay`. Each text is made once per node.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Mapping
from functools import cached_property

import networkx as nx

from gametree.attrs import MAX, MIN, PLAYER
from gametree.homework.answernumbers import bound_text
from gametree.homework.outcome import Outcome
from gametree.homework.story import cut_reason, fmt, origin_text
from gametree.search.result import Bound

__all__ = ["Reasons", "ordinal", "player_text"]


class Reasons:
    """The reasons behind one search's answers, made when first asked for.

    Parameters
    ----------
    G : networkx.DiGraph
        The tree searched.
    outcome : Outcome
        The search (see :func:`~gametree.homework.outcome.run_search`).
    prune_on_equal : bool
        The search's cut rule (cut when alpha >= beta, or only when alpha > beta).
    position : Mapping
        Frontier leaf -> its ``#k`` position.
    depth : int or None
        The search's depth limit (a node at the horizon is a leaf).
    window_at : {"exit", "enter"}
        The moment a node's window is told at.

    Examples
    --------
    >>> import gametree
    >>> from gametree.homework.outcome import frontier, run_search
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> leaves = frontier(G, "A", None)
    >>> outcome = run_search(G, "alphabeta", {}, leaves)
    >>> reasons = Reasons(G, outcome, True, {n: k for k, n in enumerate(leaves, 1)}, None, "exit")
    >>> reasons.evaluated_reason("H")
    'leaf H is evaluated (4th): it is the first child of C, which is always searched'
    >>> for part in reasons.window_story("C", outcome.exit_window["C"]).split("; "):
    ...     print(part)
    at exit C's window is [3, 2]: alpha 3 inherited from A after B returned 3
    beta 2 set when H returned 2
    """

    def __init__(
        self,
        G: nx.DiGraph,
        outcome: Outcome,
        prune_on_equal: bool,
        position: Mapping[Hashable, int],
        depth: int | None,
        window_at: str,
    ) -> None:
        self.G = G
        self.outcome = outcome
        self.prune_on_equal = prune_on_equal
        self.position = position
        self.depth = depth
        self.window_at = window_at
        self._stories: dict[str, dict[Hashable, str]] = {
            "pruned": {},
            "evaluated": {},
            "value": {},
            "window": {},
        }
        self._cut_above: dict[Hashable, Hashable | None] = {}
        self._cut_reasons: dict[Hashable, str] = {}

    @cached_property
    def _evaluated_rank(self) -> dict[Hashable, int]:
        """1 for the first leaf the search evaluates, 2 for the second, ..."""
        rank: dict[Hashable, int] = {}
        for i, leaf in enumerate(self.outcome.evaluated, 1):
            rank.setdefault(leaf, i)
        return rank

    def _once(self, kind: str, node: Hashable, make: Callable[[Hashable], str]) -> str:
        """The ``kind`` text about ``node``, made the first time it is asked for."""
        texts = self._stories[kind]
        text = texts.get(node)
        if text is None:
            text = texts[node] = make(node)
        return text

    def pruned_reason(self, node: Hashable) -> str:
        """Why ``node`` is never searched: the cutoff above it."""
        return self._once("pruned", node, self._pruned_reason)

    def _pruned_reason(self, node: Hashable) -> str:
        x = self.skipped_above(node)
        if x is None:
            return f"{node} is not searched"
        reason = self._cut_reasons.get(x)
        if reason is None:
            poe = self.prune_on_equal
            reason = self._cut_reasons[x] = cut_reason(self.outcome.cut_at[x], poe)
        what = "leaf" if not self.G._succ[node] else "node"
        verb = "evaluated" if what == "leaf" else "searched"
        if x == node:
            return f"{what} {node} is not {verb}: {reason}"
        return f"{what} {node} is not {verb}: it is below {x}, which is cut off: {reason}"

    def skipped_above(self, node: Hashable) -> Hashable | None:
        """The nearest node at or above ``node`` (breadth first) that a cutoff skipped.

        In a tree the answer is remembered for every node on the way up, so the leaves
        below one cut cost one step each, however deep they are.
        """
        cut_at, pred, memo = self.outcome.cut_at, self.G._pred, self._cut_above
        path: list[Hashable] = []
        x: Hashable | None = node
        while x is not None and x not in memo:
            if x in cut_at:
                break
            parents = pred[x]
            if len(parents) > 1:
                return self._skipped_above_dag(node)
            path.append(x)
            x = next(iter(parents), None)
        found = memo[x] if x is not None and x in memo else x
        for y in path:
            memo[y] = found
        return found

    def _skipped_above_dag(self, node: Hashable) -> Hashable | None:
        seen = {node}
        queue = deque([node])
        while queue:
            x = queue.popleft()
            if x in self.outcome.cut_at:
                return x
            for p in self.G._pred[x]:
                if p not in seen:
                    seen.add(p)
                    queue.append(p)
        return None

    def evaluated_reason(self, leaf: Hashable) -> str:
        """Why ``leaf`` is evaluated: no cutoff happened before it."""
        return self._once("evaluated", leaf, self._evaluated_reason)

    def _evaluated_reason(self, leaf: Hashable) -> str:
        """Why ``leaf`` is evaluated: no cutoff happened before it."""
        o = self.outcome
        k = self._evaluated_rank.get(leaf, 0)
        head = f"leaf {leaf} is evaluated ({ordinal(k)})" if k else f"{leaf} is searched"
        step = o.leaf_step.get(leaf)
        if step is None or step.parent is None:
            return head
        e = step.event
        if step.index <= 1 or step.parent_value is None:
            return f"{head}: it is the first child of {step.parent}, which is always searched"
        pp = step.parent_player
        poe = self.prune_on_equal
        sofar = fmt(step.parent_value)
        if pp == MIN:
            side, op = "MIN", "<=" if poe else "<"
            bound = origin_text("alpha", e.alpha, step.alpha_from)
        elif pp == MAX:
            side, op = "MAX", ">=" if poe else ">"
            bound = origin_text("beta", e.beta, step.beta_from)
        else:
            return f"{head}: every child of a CHANCE node is searched"
        return (
            f"{head}: at {step.parent} ({side}) the value so far {sofar} is not {op} "
            f"{bound}, so the search goes on"
        )

    def value_story(self, node: Hashable) -> str:
        """How ``node`` got its value: its children and any cutoff."""
        return self._once("value", node, self._value_story)

    def _value_story(self, node: Hashable) -> str:
        """How ``node`` got its value: its children's values and any cutoff."""
        o = self.outcome
        nv = o.result.node_values.get(node)
        if nv is None:
            return self.pruned_reason(node)
        kids = list(self.G._succ[node])
        if not kids or (self.depth is not None and node in self.position):
            return f"{node} is a leaf worth {fmt(nv.value)}"
        parts = []
        for c in kids:
            cv = o.result.node_values.get(c)
            if cv is None:
                parts.append(f"{c} pruned")
            else:
                parts.append(f"{c} {bound_text(cv)}")
        player = player_text(self.G, node)
        word = {"MAX": "largest", "MIN": "smallest"}.get(player, "average")
        text = f"{node} ({player}) takes the {word} of its children's values: " + ", ".join(parts)
        cut = o.cut_step.get(node)
        if cut is not None:
            poe = self.prune_on_equal
            text += f"; it is cut off: {cut_reason(cut, poe)}"
        if nv.bound is not Bound.EXACT:
            text += f", so {fmt(nv.value)} is " + (
                "an upper bound (the true value is at most that)"
                if nv.bound is Bound.UPPER
                else "a lower bound (the true value is at least that)"
            )
        return text

    def window_story(self, node: Hashable, w: tuple[float, float]) -> str:
        """Where ``node``'s window came from (one text for its alpha and beta items)."""
        stories = self._stories["window"]
        story = stories.get(node)
        if story is None:
            step = self.outcome.exit_step.get(node)
            story = f"at {self.window_at} {node}'s window is [{fmt(w[0])}, {fmt(w[1])}]"
            if step is not None and self.window_at == "exit":
                story += (
                    f": {origin_text('alpha', w[0], step.alpha_from, at=node)}; "
                    f"{origin_text('beta', w[1], step.beta_from, at=node)}"
                )
            stories[node] = story
        return story


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ..., ``11th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def player_text(G: nx.DiGraph, node: Hashable) -> str:
    """The player of ``node`` as text (``"MAX"``), or ``"leaf"``."""
    p = G.nodes[node].get(PLAYER)
    return str(getattr(p, "value", p)) if p is not None else "leaf"
