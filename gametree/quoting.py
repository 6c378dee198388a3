"""Showing untrusted text: quoted on one line in messages, escaped on a terminal.

Input reaches messages and printed reports: a token a reader could not parse, a file
name, an answer a student typed. Two helpers keep it from breaking what shows it:

* :func:`quoted` is how every error message shows a piece of input: ``repr`` quoting
  (control characters, line breaks and other unprintable characters escaped, so a
  message is always one line) and shortened past ``limit`` characters;
* :func:`terminal_safe` is how printed reports show text from input: line breaks and
  tabs kept, every other control character (ESC and the terminal escape sequences it
  starts, a bare carriage return that would overwrite the line, C1 controls) and the
  bidirectional overrides shown as escapes.

>>> print(quoted('say "hi"\\nthen \\x1b[2J'))
'say "hi"\\nthen \\x1b[2J'
>>> quoted("x" * 100, limit=12)
"'xxxxxxxxx...' (100 characters)"
>>> print(terminal_safe("value = 3\\n\\x1b[31mred\\rC = 2"))
value = 3
\\x1b[31mred\\rC = 2
"""

from __future__ import annotations

import re

__all__ = ["UNSAFE_ON_A_TERMINAL", "one_line", "quoted", "terminal_safe"]

UNSAFE_ON_A_TERMINAL = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]"
)
"""Characters :func:`terminal_safe` escapes: C0 controls but line feed and tab, DEL, C1
controls, line and paragraph separators, and the bidirectional marks and overrides
(which can make a line read other than it is)."""


def quoted(text: object, *, limit: int = 60) -> str:
    """Return ``text`` quoted for a one-line message: ``repr``, shortened past ``limit``.

    Parameters
    ----------
    text : object
        What to show; not a string is shown as ``repr`` of its ``str``.
    limit : int, default 60
        The most characters of ``text`` shown; a longer text shows its start and its
        length.

    Returns
    -------
    str
        A quoted string with no control character, line break or unprintable
        character in it (``repr`` escapes them all).
    """
    value = text if isinstance(text, str) else str(text)
    if len(value) <= limit:
        return repr(value)
    return f"{value[: max(limit - 3, 1)] + '...'!r} ({len(value):,} characters)"


def _escape(match: re.Match[str]) -> str:
    shown = repr(match[0])[1:-1]
    return shown if shown != match[0] else f"\\u{ord(match[0]):04x}"


def terminal_safe(text: str) -> str:
    """Return ``text`` with every character of :data:`UNSAFE_ON_A_TERMINAL` escaped.

    Line feeds and tabs stay, so a multi-line report keeps its lines; everything else
    that a terminal would act on instead of showing is written as its escape
    (``\\x1b``, ``\\r``, ``\\u202e``).
    """
    return UNSAFE_ON_A_TERMINAL.sub(_escape, text)


_BREAKS = re.compile(UNSAFE_ON_A_TERMINAL.pattern[:-1] + "\t\n]")


def one_line(text: str) -> str:
    """Return ``text`` (a message from another library that may quote input) with line
    breaks, tabs and every character :func:`terminal_safe` escapes written as escapes.

    >>> print(one_line("no key d\\n5"))
    no key d\\n5
    """
    return _BREAKS.sub(_escape, text)
