"""Homework tools: answer checking, grading, explanations, exercises, ordering, comparison.

Everything listed in ``__all__`` is also available at the top level (``gametree.check``).
"""

from gametree.homework.answers import (
    AnswerItem,
    AnswerProblem,
    Answers,
    format_answers,
    load_answers,
    parse_answers,
)
from gametree.homework.check import AnswerKey, CheckReport, Finding, Verdict, check
from gametree.homework.codecheck import CodeGradeReport, CodeReport, check_code, grade_code
from gametree.homework.compare import ComparisonRow, compare, format_comparison
from gametree.homework.explain import explain, explain_lines
from gametree.homework.generate import Exercise, ExerciseError, generate
from gametree.homework.grade import GradeReport, GradeRow, grade
from gametree.homework.ordering import NODE_TYPE, minimax_values, node_types, reorder

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
