"""Convention hints: the other conventions a course may follow, and which one a wrong
answer matches.

Courses differ in when alpha-beta cuts (when alpha >= beta, as AIMA, or only when alpha >
beta), in what a cut-off node returns (fail-soft or fail-hard), in child order, and some
students answer with plain minimax. A wrong answer that equals what another convention
gives gets a note naming it. :class:`Conventions` searches each other convention once, the
first time a wrong answer needs it, keeping only what comparing needs
(:func:`~gametree.homework.outcome.run_convention`; right to left through a
``child_order``, never a copy of the tree).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

import networkx as nx

from gametree.homework.outcome import Outcome, RightToLeft, run_convention
from gametree.homework.story import fmt

__all__ = ["CUT_RULE_ALGORITHMS", "OTHER_CONVENTIONS", "Conventions", "convention_text"]

CUT_RULE_ALGORITHMS = frozenset(
    {"alphabeta", "negamax_alphabeta", "pvs", "star1", "star2", "aspiration"}
)
"""The algorithms that take ``prune_on_equal``, ``fail`` and ``transposition_table``."""

OTHER_CONVENTIONS = ("strict", "fail", "reverse", "minimax")
"""The other conventions, in the order a wrong answer is compared with them: the other
cut rule, the other fail mode, right-to-left child order, plain minimax."""


def convention_text(algorithm: str, options: Mapping[str, Any]) -> str:
    """Name the convention of a search in a few words.

    >>> convention_text("alphabeta", {"prune_on_equal": False, "fail": "hard"})
    'alphabeta, cut on > only, fail-hard'
    """
    parts = [algorithm]
    if algorithm in CUT_RULE_ALGORITHMS:
        parts.append("cut on >=" if options.get("prune_on_equal", True) else "cut on > only")
        parts.append(f"fail-{options.get('fail', 'soft')}")
    if "bounds" in options:
        lo, hi = options["bounds"]
        parts.append(f"values in [{fmt(lo)}, {fmt(hi)}]")
    return ", ".join(parts)


class Conventions:
    """The other conventions of one exercise, each searched the first time it is asked for.

    Parameters
    ----------
    G : networkx.DiGraph
        The exercise tree.
    algorithm : str
        The algorithm of the answer key.
    options : Mapping
        The key's search options (``root`` included).
    frontier : sequence
        The leaves an answer may call pruned (see :func:`~gametree.homework.outcome.frontier`).
    """

    def __init__(
        self,
        G: nx.DiGraph,
        algorithm: str,
        options: Mapping[str, Any],
        frontier: Sequence[Hashable],
    ) -> None:
        self.G = G
        self.algorithm = algorithm
        self.options = options
        self.frontier = frontier
        self._outcomes: dict[str, tuple[str, Outcome] | None] = {}

    def outcome(self, name: str) -> tuple[str, Outcome] | None:
        """The convention ``name`` (one of :data:`OTHER_CONVENTIONS`) as (note, outcome), or
        None when it does not apply to the algorithm."""
        if name in self._outcomes:
            return self._outcomes[name]
        o = dict(self.options)
        alt: tuple[str, Outcome] | None = None
        family = self.algorithm in CUT_RULE_ALGORITHMS
        if name == "strict" and family:
            o["prune_on_equal"] = not o["prune_on_equal"]
            text = (
                "this is what you get if you do not prune on equality (cut only when alpha > beta)"
                if not o["prune_on_equal"]
                else "this is what you get if you also prune on equality (cut when alpha >= beta)"
            )
            alt = (text, run_convention(self.G, self.algorithm, o, self.frontier))
        elif name == "fail" and family:
            o["fail"] = "hard" if o["fail"] == "soft" else "soft"
            text = (
                "this is what fail-hard alpha-beta gives (returned values clamped to the window)"
                if o["fail"] == "hard"
                else "this is what fail-soft alpha-beta gives (a cut-off node returns the "
                "value it found, not the bound)"
            )
            alt = (text, run_convention(self.G, self.algorithm, o, self.frontier))
        elif name == "reverse":
            o["child_order"] = RightToLeft(self.G)
            alt = (
                "this is what you get searching the children right to left",
                run_convention(self.G, self.algorithm, o, self.frontier),
            )
        elif name == "minimax" and self.algorithm != "minimax":
            mo = {k: v for k, v in o.items() if k in ("root", "depth")}
            alt = (
                "this is what plain minimax (no pruning) gives",
                run_convention(self.G, "minimax", mo, self.frontier),
            )
        self._outcomes[name] = alt
        return alt

    def outcomes(self) -> list[tuple[str, Outcome]]:
        """Every convention that applies, as (note, outcome), in :data:`OTHER_CONVENTIONS`
        order."""
        found = (self.outcome(name) for name in OTHER_CONVENTIONS)
        return [alt for alt in found if alt is not None]

    def notes(
        self, matches: Callable[[Outcome], bool], skip: Sequence[str] = ()
    ) -> tuple[str, ...]:
        """The notes of the conventions whose outcome ``matches`` (those in ``skip`` aside)."""
        notes = []
        for name in OTHER_CONVENTIONS:
            if name in skip:
                continue
            alt = self.outcome(name)
            if alt is not None and matches(alt[1]):
                notes.append(alt[0])
        return tuple(notes)
