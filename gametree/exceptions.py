"""One exception hierarchy, rooted at :class:`GameTreeError`.

Every class is also a builtin exception (``ValueError``, ``OSError``, ...), so code that
catches the builtin keeps working.
"""

from __future__ import annotations

from collections.abc import Hashable

__all__ = [
    "AnswerFormatError",
    "FitWarning",
    "GameError",
    "GameTreeError",
    "GameTreeWarning",
    "InputError",
    "InvalidTreeError",
    "PlatformError",
    "RenderError",
    "SearchError",
    "TreeFileError",
    "TreeSyntaxError",
]


class GameTreeError(Exception):
    """Base class of every error gametree raises on purpose."""


class InvalidTreeError(GameTreeError, ValueError):
    """A graph breaks the game-tree contract (see :mod:`gametree.attrs`).

    Attributes
    ----------
    node : hashable or None
        The node the problem is at, when there is one.
    problems : list of Problem
        Every problem found (the message shows the first few).
    """

    def __init__(
        self,
        message: str,
        *,
        node: Hashable | None = None,
        problems: list[object] | None = None,
    ) -> None:
        super().__init__(message)
        self.node = node
        self.problems = problems if problems is not None else []


class TreeSyntaxError(GameTreeError, ValueError):
    """Text in the tree notation (or another text format) cannot be parsed.

    The message quotes the offending source line with a caret under the problem.

    Attributes
    ----------
    line, column : int
        1-based position of the problem.
    source_line : str
        The text of that line.
    reason : str
        The bare description, without position or quote.
    """

    def __init__(
        self,
        reason: str,
        *,
        line: int,
        column: int,
        source_line: str = "",
        filename: str | None = None,
    ) -> None:
        self.reason = reason
        self.line = line
        self.column = column
        self.source_line = source_line
        self.filename = filename
        if filename:
            message = f"{filename}:{line}:{column}: {reason}"
        else:
            message = f"line {line}, column {column}: {reason}"
        if source_line:
            shown = source_line.expandtabs(1).rstrip("\n")
            if len(shown) > 200:
                start = max(0, column - 100)
                shown = shown[start : start + 200]
                caret_at = column - 1 - start
            else:
                caret_at = column - 1
            message += f"\n    {shown}\n    {' ' * max(caret_at, 0)}^"
        super().__init__(message)


class TreeFileError(GameTreeError, ValueError):
    """A file cannot be read or written as a game tree (unknown suffix, bad encoding, ...)."""


class SearchError(GameTreeError, ValueError):
    """A search cannot run as asked (bad option, missing heuristic at the depth limit, ...)."""


class GameError(GameTreeError, ValueError):
    """A game object misbehaves or a game-level limit is hit."""


class RenderError(GameTreeError, RuntimeError):
    """A drawing cannot be produced (missing back end, unknown format, ...)."""


class AnswerFormatError(GameTreeError, ValueError):
    """An answer file cannot be read at all."""


class PlatformError(GameTreeError, ValueError):
    """A course platform's file cannot be made as asked (Gradescope, PrairieLearn, Moodle,
    exam variants): a bad option, a constraint the platform's format cannot express."""


class GameTreeWarning(UserWarning):
    """Base class of every warning gametree gives on purpose."""


class FitWarning(GameTreeWarning):
    """A drawing does not fit its page legibly; the message names the views that do."""


class InputError(GameTreeError, OSError):
    """An input gametree refuses to read: larger than the input limit, or not a regular file.

    See :mod:`gametree.inputs` for the limit and how to raise it.
    """
