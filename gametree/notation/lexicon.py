"""The words of the tree notation, shared by its reader and its writer.

What a name written without quotes may look like, the reserved words, how a quoted
string escapes its characters, and the players cycle a text without a ``players:``
header follows.

>>> is_bare_name("B"), is_bare_name("MAX"), is_bare_name("inf"), is_bare_name("two words")
(True, False, False, False)
>>> print(quote('say "hi"'))
"say \\"hi\\""
>>> unescape(quote('say "hi"')[1:-1])
'say "hi"'
"""

from __future__ import annotations

import re

from gametree.attrs import Player

__all__ = ["DEFAULT_PLAYERS", "IDENTIFIER", "PLAYER_WORDS", "is_bare_name", "quote", "unescape"]

DEFAULT_PLAYERS = ("MAX", "MIN")
"""The players cycle by depth of a text without a ``players:`` header."""

PLAYER_WORDS = frozenset(p.value for p in Player)
"""The player keywords (reserved in any case: never names)."""

IDENTIFIER = re.compile(r"[^\W\d][\w'.+\-!?]*")
"""A name written without quotes: a letter or ``_``, then letters, digits, ``_ ' . + - ! ?``."""

_NOT_BARE = frozenset({"inf", "infinity", "nan", "true", "false", "players"})
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\x00", "\\": "\\", '"': '"', "'": "'"}
_ESCAPE_RE = re.compile(r"\\(.)")


def is_bare_name(text: str) -> bool:
    """Whether ``text`` reads back as the same name written without quotes."""
    return (
        IDENTIFIER.fullmatch(text) is not None
        and text.upper() not in PLAYER_WORDS
        and text.lower() not in _NOT_BARE
    )


def quote(text: str) -> str:
    """``text`` as a double-quoted string of the notation."""
    escaped = (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    )
    escaped = escaped.replace("\r", "\\r").replace("\x00", "\\0")
    return f'"{escaped}"'


def unescape(body: str) -> str:
    """The characters of a quoted string's ``body`` (between its quotes)."""
    return _ESCAPE_RE.sub(lambda m: _ESCAPES.get(m[1], m[0]), body)
