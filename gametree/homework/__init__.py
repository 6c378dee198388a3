"""Homework tools: answer checking, grading, explanations, exercises, ordering, comparison.

Everything listed in ``__all__`` is also available at the top level (``gametree.check``).

Checking answers:

- ``answers``: reading answer files in TOML, JSON and plain text; ``answerformat``: writing them;
  ``answeritems``: what an answer set claims (items, problems);
- ``solution``: :class:`~gametree.homework.solution.Solution`, an exercise solved under
  one convention, the model behind a key; ``check``: :class:`AnswerKey` (a solution that
  checks answer sets) and :func:`check`;
- ``findings``: :class:`Verdict`, :class:`Finding`, :class:`CheckReport`;
- ``checkitems`` (value, move, node values and bounds, alpha/beta, order, PV) and
  ``checkpruned`` (the pruned set, leaf by leaf): the per-item comparisons;
- ``answernumbers``: numbers and bounds as answers write them; ``naming``: how answers
  name nodes, edges and moves; ``outcome``: one search digested for checking;
  ``reasons``: why a node is pruned, evaluated or has its value; ``conventions``: the
  other conventions a wrong answer may follow;
- ``mctscheck``: checking Monte Carlo tree search answers (UCB1, selection, counts);
- ``codecheck``: checking students' search code (a subpackage: protocols, a child
  process with limits, the reference under each convention, the bug catalogue).

Teaching with searches:

- ``story``: replaying a trace with the origin of each alpha and beta; ``explain`` and
  ``mctsexplain``: worked solutions, step by step;
- ``generate`` and ``mctsgenerate``: exercises with their keys (their folders are written
  by :mod:`gametree.publish`); ``grade``: a class graded against one key; ``practice``:
  what a practice page needs to grade answers without the checker;
- ``ordering``: best and worst child orders, node types; ``compare``: algorithms compared
  on one tree.
"""

from typing import TYPE_CHECKING

from gametree.lazyimport import lazy_package

if TYPE_CHECKING:
    from gametree.homework.answerformat import format_answers
    from gametree.homework.answeritems import AnswerItem, AnswerProblem, Answers
    from gametree.homework.answers import load_answers, parse_answers
    from gametree.homework.check import AnswerKey, check
    from gametree.homework.codecheck import CodeGradeReport, CodeReport, check_code, grade_code
    from gametree.homework.compare import ComparisonRow, compare, format_comparison
    from gametree.homework.explain import explain, explain_lines
    from gametree.homework.findings import CheckReport, Finding, Verdict
    from gametree.homework.generate import Exercise, ExerciseError, generate
    from gametree.homework.grade import GradeReport, GradeRow, grade
    from gametree.homework.ordering import NODE_TYPE, minimax_values, node_types, reorder

# Each name is imported from its module when first read: a module that needs one part
# (the answer items, say) does not load the checker of students' code with it.
lazy_package(
    __name__,
    {
        "AnswerItem": "gametree.homework.answeritems",
        "AnswerKey": "gametree.homework.check",
        "AnswerProblem": "gametree.homework.answeritems",
        "Answers": "gametree.homework.answeritems",
        "CheckReport": "gametree.homework.findings",
        "CodeGradeReport": "gametree.homework.codecheck",
        "CodeReport": "gametree.homework.codecheck",
        "ComparisonRow": "gametree.homework.compare",
        "Exercise": "gametree.homework.generate",
        "ExerciseError": "gametree.homework.generate",
        "Finding": "gametree.homework.findings",
        "GradeReport": "gametree.homework.grade",
        "GradeRow": "gametree.homework.grade",
        "NODE_TYPE": "gametree.homework.ordering",
        "Verdict": "gametree.homework.findings",
        "check": "gametree.homework.check",
        "check_code": "gametree.homework.codecheck",
        "compare": "gametree.homework.compare",
        "explain": "gametree.homework.explain",
        "explain_lines": "gametree.homework.explain",
        "format_answers": "gametree.homework.answerformat",
        "format_comparison": "gametree.homework.compare",
        "generate": "gametree.homework.generate",
        "grade": "gametree.homework.grade",
        "grade_code": "gametree.homework.codecheck",
        "load_answers": "gametree.homework.answers",
        "minimax_values": "gametree.homework.ordering",
        "node_types": "gametree.homework.ordering",
        "parse_answers": "gametree.homework.answers",
        "reorder": "gametree.homework.ordering",
    },
)

__all__ = [
    "NODE_TYPE",
    "AnswerItem",
    "AnswerKey",
    "AnswerProblem",
    "Answers",
    "CheckReport",
    "CodeGradeReport",
    "CodeReport",
    "ComparisonRow",
    "Exercise",
    "ExerciseError",
    "Finding",
    "GradeReport",
    "GradeRow",
    "Verdict",
    "check",
    "check_code",
    "compare",
    "explain",
    "explain_lines",
    "format_answers",
    "format_comparison",
    "generate",
    "grade",
    "grade_code",
    "load_answers",
    "minimax_values",
    "node_types",
    "parse_answers",
    "reorder",
]
