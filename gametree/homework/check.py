"""Checking answers: one finding per item, each with its reason.

:class:`AnswerKey` runs the search once (and, lazily, the other conventions a course may
use) and checks any number of answer sets against it; :func:`check` is the one-shot form,
which hands Monte Carlo tree search answers to :func:`~gametree.homework.mctscheck.
check_mcts`. A finding says whether an item is right, wrong, missing, extra or
unreadable, what was expected and given, why (from the search trace), and, when a wrong
answer is what another convention gives, which one.

The pruned set is compared leaf by leaf whatever form it was written in: a leaf, a whole
subtree named by its top node, or an edge ``C-I`` all stand for the leaves they cut off,
so equivalent answers score the same and every missing or extra cut names its leaf.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.homework.answeritems import AnswerItem, Answers, shape_problem
from gametree.homework.answers import load_answers, parse_answers
from gametree.homework.checkitems import (
    check_move,
    check_node_value,
    check_order,
    check_pv,
    check_value,
    check_window,
)
from gametree.homework.checkpruned import check_pruned
from gametree.homework.findings import CheckReport, Finding, Verdict, given_as_text
from gametree.homework.naming import bound_hint
from gametree.homework.solution import Solution
from gametree.homework.story import fmt

__all__ = ["AnswerKey", "check"]


class AnswerKey(Solution):
    """The correct answers to an exercise, ready to check any number of answer sets.

    The search runs once when the key is built; the other conventions (strict cut,
    fail-hard/soft, right-to-left order, plain minimax) run the first time a wrong
    answer needs comparing with them. :func:`grade` uses one key for a whole class.
    The parameters, the correct answers and the reasons are those of
    :class:`~gametree.homework.solution.Solution`.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> key = AnswerKey(G)
    >>> key.check("value = 3\\npruned = I J").score
    1.0
    >>> key.answers()["pruned"]
    ['I', 'J']
    """

    def check(self, answers: Answers | Mapping[str, Any] | str | Path) -> CheckReport:
        """Check one answer set; see :func:`check`."""
        if isinstance(answers, str) and _looks_like_path(answers):
            answers = Path(answers)
        if isinstance(answers, Path):
            answers = load_answers(answers)
        elif not isinstance(answers, Answers):
            answers = parse_answers(answers)
        findings: list[Finding] = []
        notes: list[str] = list(answers.notes)
        for problem in answers.problems:
            findings.append(
                Finding(
                    problem.key or "answer file",
                    Verdict.MALFORMED,
                    "",
                    "",
                    problem.message,
                    problem.line,
                )
            )
        for item in answers.items:
            label = item.key or item.kind
            # Each item's shape first: a malformed one is that item's unreadable answer.
            shape = shape_problem(item)
            if shape is not None:
                findings.append(Finding(label, Verdict.MALFORMED, "", "", shape, item.line))
                continue
            try:
                findings.extend(self._check_item(item, notes))
            except ValueError as exc:
                why = str(exc) + bound_hint(item.node, item.given)
                findings.append(
                    Finding(label, Verdict.MALFORMED, "", given_as_text(item.given), why, item.line)
                )
        present = {i.kind for i in answers.items} | {
            _kind_of(p.key) for p in answers.problems if p.key
        }
        for kind in self.require:
            if kind not in present:
                findings.append(
                    Finding(
                        kind,
                        Verdict.MISSING,
                        self._expected_text(kind),
                        "not answered",
                        f"the {kind} is asked for",
                    )
                )
        findings.sort(key=lambda f: (f.line is None, f.line or 0))
        return CheckReport(
            tuple(findings),
            self.algorithm,
            {k: v for k, v in self.options.items() if k != "root"},
            tuple(dict.fromkeys(notes)),
            answers.source,
        )

    def _expected_text(self, kind: str) -> str:
        a = self.answers()
        v = a.get(kind)
        if isinstance(v, list):
            return " ".join(v) if v else "(none)"
        return fmt(v) if v is not None else "(none)"

    def _check_item(self, item: AnswerItem, notes: list[str]) -> list[Finding]:
        kind = item.kind
        if kind == "value":
            return [check_value(self, item)]
        if kind == "move":
            return [check_move(self, item, notes)]
        if kind == "node_value":
            return [check_node_value(self, item)]
        if kind in ("alpha", "beta", "window"):
            return [check_window(self, item)]
        if kind == "order":
            return [check_order(self, item)]
        if kind == "pv":
            return [check_pv(self, item, notes)]
        return check_pruned(self, item, notes)


def _looks_like_path(text: str) -> bool:
    """A one-line string with no answer syntax that names an existing file."""
    if "\n" in text or any(c in text for c in "={:"):
        return False
    try:
        return Path(text).is_file()
    except (OSError, ValueError):
        return False


def _kind_of(key: str) -> str:
    low = key.lower()
    if low.startswith("pruned") or low in ("cut", "cuts"):
        return "pruned"
    return low


def check(
    G: nx.DiGraph,
    answers: Answers | Mapping[str, Any] | str | Path,
    *,
    algorithm: str = "alphabeta",
    prune_on_equal: bool = True,
    fail: str = "soft",
    **options: Any,
) -> CheckReport:
    """Check answers about a search of ``G``: one finding per item, each with its reason.

    Parameters
    ----------
    G : networkx.DiGraph
        The exercise tree.
    answers : Answers, mapping, str or pathlib.Path
        Parsed answers, a mapping in the answer-file layout, the text of an answer file
        (TOML, JSON or plain text), or a path to one (a ``Path``, or a one-line string
        naming an existing file).
    algorithm : str, default "alphabeta"
    prune_on_equal : bool, default True
        The course's cut rule: cut when alpha >= beta (True, AIMA) or only when alpha > beta.
    fail : {"soft", "hard"}, default "soft"
    **options
        ``root``, ``depth``, ``window``, ``transposition_table``, ``window_at``,
        ``tie_break``, ``require``, ``ids``: see :class:`AnswerKey`.

    Returns
    -------
    CheckReport
        ``report.findings`` (one per item: correct, wrong, missing, extra or malformed,
        with expected and given values, an explanation from the search trace, and notes
        naming another convention when a wrong answer matches it), ``report.score``
        (items right / items asked) and ``report.ok``.

    Raises
    ------
    InvalidTreeError
        If ``G`` is not a game tree. A bad answer never raises: it is a finding.

    Notes
    -----
    The pruned set may be written as leaves, as edges (``C-I``) or as whole subtrees
    (an internal node); all are read as the leaves they cut off and compared leaf by
    leaf, so equivalent answers get the same findings. Numbers compare as numbers
    (``3`` equals ``3.0``; ``inf``, ``∞``; a decimal such as ``3.33`` is accepted for
    ``10/3`` when correctly rounded). A node cut off with a bound may be answered with
    the returned number or the bound (``<=2``); a node never searched with ``pruned``
    or ``-``.

    Examples
    --------
    AIMA Figure 5.2: alpha-beta prunes C's last two leaves I and J.

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> report = check(G, "value = 3\\nmove = B\\npruned = C-I C-J\\nC = 2")
    >>> report.score, report.ok
    (1.0, True)
    >>> report = check(G, "pruned = I")
    >>> [(f.item, f.verdict.value) for f in report.findings]
    [('pruned I (#5)', 'correct'), ('pruned J (#6)', 'missing')]
    >>> print(report.findings[1].explanation)
    leaf J is not evaluated: at C (MIN) the value 2 <= alpha 3 inherited from A after B returned 3
    """
    from gametree.search.algorithms import is_mcts

    if is_mcts(algorithm):
        from gametree.homework.mctscheck import check_mcts

        return check_mcts(G, answers, **options)  # type: ignore[arg-type]
    key_options = {
        k: options.pop(k) for k in ("window_at", "tie_break", "require", "ids") if k in options
    }
    key = AnswerKey(
        G, algorithm=algorithm, prune_on_equal=prune_on_equal, fail=fail, **options, **key_options
    )
    return key.check(answers)
