"""Course profiles: the rules a protocol's course judges search code by.

A protocol serves a course, and the course has rules: which cut rule alpha-beta follows,
whether the order of the values read matters, which of equal moves counts, whether a
call for an agent that does not move there is a mistake. :func:`rules_for` gives the
rules in force for one check, each with where it came from: the course's default
(:data:`PROFILES`) or the instructor (an option of :class:`~gametree.homework.codecheck.
Checker`, a flag of ``check-code``).

The courses' rules, as their own materials state them:

- ``cs188`` (Berkeley's Pacman project 2, multi-agent search): alpha-beta must not prune
  on equality (the project says so and its grader fails code that does); the grader
  compares the action and the *set* of generated states, so the order matters only
  where the algorithm fixes it (alpha-beta's pruning does); the tree states ignore the
  agent index a ``getLegalActions`` call gives, so an extra such call is no mistake.
- ``aima`` (aima-python's ``games.py``): ``alpha_beta_search`` returns as soon as
  ``v >= beta`` (MAX) or ``v <= alpha`` (MIN): it prunes on equality.
- ``mutable`` and ``tree``: no course behind them; either cut rule is accepted and the
  report says which one the code follows.

Minimax and expectiminimax have no order to get wrong: every profile judges them by
values, the move and the set of states generated unless the instructor asks for order.

Examples
--------
>>> rules = rules_for("cs188", "alphabeta")
>>> rules.prune_on_equal, rules.source["prune_on_equal"]
(False, 'course default (cs188)')
>>> rules_for("cs188", "alphabeta", prune_on_equal=None).source["prune_on_equal"]
'instructor'
>>> rules_for("aima", "minimax").ordered
False
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from gametree.homework.codecheck.runtime.cs188 import FOREIGN_AGENT_CALL

if TYPE_CHECKING:
    from gametree.homework.codecheck.behaviour import Behaviour
    from gametree.homework.codecheck.reference import Expected

__all__ = ["COURSE", "PROFILES", "Profile", "Rules", "cost_notes", "read_under", "rules_for"]

COURSE = "course"
"""An option left to the course's default (the value every rule option starts at)."""


@dataclass(frozen=True)
class Profile:
    """What one course expects by default.

    Attributes
    ----------
    course : str
        Whose rules these are.
    prune_on_equal : bool or None
        Alpha-beta's cut rule: True (``>=``), False (only ``>``), None (either).
    ordered_unpruned : bool
        Whether minimax and expectiminimax must read values in the search's order.
    foreign_agent_calls : {"note", "fail"}
        A ``getLegalActions`` call for an agent that does not move there: a note or a
        wrong tree.
    tie_break : {"first", "any"}
    """

    course: str
    prune_on_equal: bool | None
    ordered_unpruned: bool = False
    foreign_agent_calls: str = "note"
    tie_break: str = "first"


PROFILES: dict[str, Profile] = {
    "cs188": Profile("cs188", prune_on_equal=False),
    "aima": Profile("aima", prune_on_equal=True),
    "mutable": Profile("mutable", prune_on_equal=None),
    "tree": Profile("tree", prune_on_equal=None),
    "adapter": Profile("adapter", prune_on_equal=None),
}
"""Each protocol's course defaults (``adapter``: a course's own classes, whose rules the
instructor gives; by default those of plain-node code)."""


@dataclass(frozen=True)
class Rules:
    """The rules in force for one check, and where each came from.

    Attributes
    ----------
    prune_on_equal : bool or None
        None for a search without pruning, or when either rule is accepted.
    ordered : bool
        The values read must come in the search's order (alpha-beta: always).
    tie_break : {"first", "any"}
    foreign_agent_calls : {"note", "fail"}
    source : dict
        Per rule name, ``"course default (NAME)"`` or ``"instructor"``.
    """

    prune_on_equal: bool | None
    ordered: bool
    tie_break: str
    foreign_agent_calls: str
    source: dict[str, str] = field(default_factory=dict)
    protocol: str = "tree"

    def described(self, algorithm: str) -> list[tuple[str, str, str]]:
        """``(rule, value in words, source)`` for each rule that matters to ``algorithm``."""
        out = []
        if algorithm == "alphabeta":
            cut = {True: "cut on >= (prune on equality)", False: "cut only on > (strict)"}
            words = cut.get(self.prune_on_equal, "either (the report says which)")  # type: ignore[arg-type]
            out.append(("prune_on_equal", words, self.source["prune_on_equal"]))
        order = (
            "the values read in the search's order"
            if self.ordered
            else "the values, the move and the set of states (any order)"
        )
        out.append(("ordered", order, self.source["ordered"]))
        out.append(("tie_break", f"{self.tie_break} best move", self.source["tie_break"]))
        if self.protocol == "cs188":
            calls = {
                "note": "a note (they cannot change the move)",
                "fail": "a mistake",
            }[self.foreign_agent_calls]
            out.append(
                ("foreign_agent_calls", f"getLegalActions for another agent: {calls}",
                 self.source["foreign_agent_calls"])
            )  # fmt: skip
        return out

    def to_dict(self, algorithm: str) -> dict[str, Any]:
        """The ``rules`` object of the ``--json`` report."""
        return {
            name: {"value": value, "in_words": words, "source": self.source[name]}
            for name, words, _ in self.described(algorithm)
            for value in (getattr(self, name),)
        }


def _choose(given: Any, default: Any, course: str) -> tuple[Any, str]:
    if isinstance(given, str) and given == COURSE:
        return default, f"course default ({course})"
    return given, "instructor"


def rules_for(
    protocol: str,
    algorithm: str,
    *,
    prune_on_equal: bool | str | None = COURSE,
    ordered: bool | str = COURSE,
    tie_break: str = COURSE,
    foreign_agent_calls: str = COURSE,
) -> Rules:
    """The rules in force: each option given (anything but :data:`COURSE`) is the
    instructor's; the rest are the protocol's course defaults.

    Raises
    ------
    ValueError
        For a value a rule cannot take.
    """
    profile = PROFILES[protocol]
    source: dict[str, str] = {}
    poe, source["prune_on_equal"] = _choose(prune_on_equal, profile.prune_on_equal, profile.course)
    if poe not in (True, False, None):
        raise ValueError(f"prune_on_equal={poe!r} is not allowed; expected True, False or None")
    if algorithm != "alphabeta":
        poe = None
    order, source["ordered"] = _choose(ordered, profile.ordered_unpruned, profile.course)
    if algorithm == "alphabeta":
        order, source["ordered"] = True, "the algorithm (alpha-beta's pruning fixes the order)"
    tie, source["tie_break"] = _choose(tie_break, profile.tie_break, profile.course)
    if tie not in ("first", "any"):
        raise ValueError(f"tie_break={tie!r} is not allowed; expected 'first' or 'any'")
    calls, source["foreign_agent_calls"] = _choose(
        foreign_agent_calls, profile.foreign_agent_calls, profile.course
    )
    if calls not in ("note", "fail"):
        raise ValueError(f"foreign_agent_calls={calls!r} is not allowed; expected 'note' or 'fail'")
    return Rules(bool(poe) if poe is not None else None, bool(order), tie, calls, source, protocol)


def read_under(rules: Rules, run: Behaviour, search: Expected | None) -> Behaviour:
    """``run`` as the rules in force read it: calls for an agent that does not move
    there dropped from its notes when the course does not count them; for a search
    judged without order (``search``: the right search where order does not count),
    its reads and states put in the search's order when they are the search's (each
    searched once or more)."""
    if rules.foreign_agent_calls == "note" and any(n[1] == FOREIGN_AGENT_CALL for n in run.notes):
        run = replace(run, notes=tuple(n for n in run.notes if n[1] != FOREIGN_AGENT_CALL))
    if not rules.ordered and search is not None and run.error is None:
        same_reads = set(run.evaluations) == set(search.evaluations)
        if same_reads and set(run.generated) == search.generated_set:
            order = tuple(("g", n) for n in search.generated) + tuple(
                ("e", n) for n in search.evaluations
            )
            run = replace(
                run, evaluations=search.evaluations, generated=search.generated, order=order
            )
    return run


def cost_notes(
    rules: Rules,
    runs: Sequence[Behaviour | None],
    names: Sequence[str],
    *,
    twice_on_purpose: bool = False,
) -> list[str]:
    """Notes for what costs time without changing the answer, and for calls the course
    does not count: states searched more than once (unless the search does so on
    purpose, as iterative deepening does), extra agent calls."""
    notes = []
    twice = [
        names[i]
        for i, r in enumerate(runs)
        if r is not None and len(r.generated) > len(set(r.generated))
    ]
    if twice and not twice_on_purpose:
        notes.append(
            "your code generates some states more than once (on "
            f"{', '.join(twice[:4])}{', ...' if len(twice) > 4 else ''}): the answer is "
            "the same, the cost is not; search each child once and keep its value "
            "[searched-twice]"
        )
    if rules.foreign_agent_calls == "note":
        for r in runs:
            foreign = [n for n in (r.notes if r is not None else ()) if n[1] == FOREIGN_AGENT_CALL]
            if foreign:
                notes.append(
                    f"your code called {foreign[0][2]}; the course's grader does not "
                    "count such calls (they cannot change the move), so this is only a note"
                )
                break
    return notes
