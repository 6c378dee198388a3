"""Error messages in the command line's words.

The library's messages name Python arguments (``max_nodes=...``, ``depth=...``,
``evaluate=``), which is what a Python user can change. A command-line user changes
options instead: :func:`cli_wording` rewrites the Python spellings of one message into
the options of the command that failed, from one table.

>>> cli_wording("searching X passed max_nodes=1,000: raise the limit (max_nodes=...)", "play")
'searching X passed --max-nodes 1,000: raise the limit (--max-nodes N)'
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable

from gametree.inputs import NODES_VARIABLE

__all__ = ["cli_wording", "did_you_mean", "with_suggestion"]

# (pattern, replacement for commands with --depth, replacement for play, whose depth is
# part of a player: alphabeta:depth=N).
_WORDING: tuple[tuple[re.Pattern[str], str, str], ...] = (
    # A reader's node limit: no option, the environment variable (gametree.inputs).
    (
        re.compile(rf"max_nodes=\.\.\. or (the environment variable {NODES_VARIABLE})"),
        r"\1",
        r"\1",
    ),
    (
        re.compile(r"\(max_nodes=\.\.\., --max-nodes on the command line\)"),
        "(--max-nodes N)",
        "(--max-nodes N)",
    ),
    (re.compile(r"\(max_nodes=\.\.\.\)"), "(--max-nodes N)", "(--max-nodes N)"),
    (re.compile(r"max_nodes=([\d,]+)"), r"--max-nodes \1", r"--max-nodes \1"),
    (re.compile(r"\(max_games=\.\.\.\)"), "(--max-games N)", "(--max-games N)"),
    (re.compile(r"max_games=([\d,]+)"), r"--max-games \1", r"--max-games \1"),
    (
        re.compile(r"\(depth=\.\.\.\)"),
        "(--depth N)",
        "(a depth in the player spec, alphabeta:depth=N)",
    ),
    (re.compile(r"\(merge_transpositions=True\)"), "(--merge)", "(--merge)"),
    (re.compile(r"pass force=True"), "add --force", "add --force"),
    # A page as large as a drawing needs (gametree.drawing.fit).
    (re.compile(r"\(fit=\(([\d.]+), ([\d.]+)\)\)"), r"(--size \1x\2)", r"(--size \1x\2)"),
    # A view a practice page cannot take: its remedies as flags.
    (re.compile(r"\(fit, orientation\)"), "(--size or --paper, --orientation)", "(fit)"),
    (
        re.compile(r"\(root=NODE\)"),
        "(a tree file holding just that subtree)",
        "(a tree file holding just that subtree)",
    ),
    (
        re.compile(r"\(transposition_table=True\)"),
        "(--transpositions)",
        "(a tt in the player spec, alphabeta:tt)",
    ),
    (
        re.compile(r"give it a heuristic value or pass evaluate="),
        "give it a heuristic value in the tree file (B=5 in the notation) or leave out --depth",
        "give it a heuristic value",
    ),
    (
        re.compile(r"pass adapt\(obj, evaluate=f\) or search without a depth limit"),
        "give the class an evaluate() method or leave out --depth",
        "give the class an evaluate() method or play without depth=N",
    ),
    (
        re.compile(r"add one or search without a depth limit"),
        "add one or leave out --depth",
        "add one or play without depth=N",
    ),
    (
        re.compile(r"\(gametree\.expectiminimax\(gametree\.expand\(game\)\); on the command line "),
        "(",
        "(",
    ),
    (
        re.compile(r"\(payoff=1 or payoff=2; gametree convert --payoff 1\)"),
        "(gametree convert --payoff 1 or --payoff 2 to a .tree file)",
        "(gametree convert --payoff 1 or --payoff 2 to a .tree file)",
    ),
)


# Keyword arguments of the drawing and output functions and the flag each is on the
# command line (the value kept, a placeholder for ``...``).
_FLAGS = {
    "max_depth": ("--max-depth", "K"),
    "collapse": ("--collapse", "WHAT"),
    "focus": ("--focus", "NODE"),
    "orientation": ("--orientation", "DIR"),
    "max_frames": ("--max-frames", "N"),
    "force": ("--force", ""),
    "parts": ("--parts", ""),
}
_KEYWORD = re.compile(
    r"\b(?P<name>" + "|".join(_FLAGS) + r")=(?:'(?P<q1>[^']*)'|\"(?P<q2>[^\"]*)\"|(?P<bare>[\w.]+))"
)
# A library message that spells the flags out too: "(CLI: --max-depth K, ...)".
_CLI_ASIDE = re.compile(r" \(CLI: [^)]*\)")


def _flag(match: re.Match[str]) -> str:
    flag, placeholder = _FLAGS[match["name"]]
    value = match["q1"] if match["q1"] is not None else match["q2"]
    if value is None:
        value = match["bare"]
    if match["name"] in ("force", "parts") or value in ("True", "..."):
        value = placeholder
    return f"{flag} {value}".rstrip()


# generate draws an exercise's pictures on a slide; a tree too large for one is drawn
# in parts by draw, or on an exam sheet.
_GENERATE_REMEDY = re.compile(r"; draw it in parts, its top levels and then each subtree.*$")
_GENERATE_WORDS = (
    "; draw it in parts, its top levels and then each subtree, with gametree draw "
    "exercise.tree --parts --paper PAPER, or make it an exam sheet (--variants 1 --paper "
    "PAPER), which draws it so"
)


def cli_wording(message: str, command: str) -> str:
    """Return ``message`` with Python argument spellings replaced by ``command``'s options.

    >>> cli_wording('draw less with collapse="pruned", max_depth=K (CLI: --collapse pruned)',
    ...             "draw")
    'draw less with --collapse pruned, --max-depth K'
    """
    if command == "generate":
        message = _GENERATE_REMEDY.sub(_GENERATE_WORDS, message)
    for pattern, words, play_words in _WORDING:
        message = pattern.sub(play_words if command == "play" else words, message)
    message = _CLI_ASIDE.sub("", message)
    return _KEYWORD.sub(_flag, message)


def did_you_mean(word: str, choices: Iterable[str]) -> str | None:
    """Return the choice closest to ``word`` when it is a near miss, else None.

    The one suggestion rule of the command line (argparse's choices and every list a
    message names): :func:`difflib.get_close_matches` with a cutoff of 0.75, case
    ignored; an exact choice needs no suggestion.

    >>> did_you_mean("value", ["pruned", "values", "alpha"]), did_you_mean("x", ["values"])
    ('values', None)
    """
    known = {c.lower(): c for c in choices if c}
    key = word.strip().lower()
    if not key or key in known:
        return None
    close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.75)
    return known[close[0]] if close else None


_BAD_AND_CHOICES = re.compile(
    r"""(?P<bad>'[^']*'|"[^"]*")[^;]*?[;:] expected (?:(?:one|some) of:? )?(?P<choices>.+)$"""
)
_QUOTED = re.compile("'([^']*)'|\"([^\"]*)\"")
_CHOICE_WORD = re.compile(r"[A-Za-z][\w.+-]*")


def with_suggestion(message: str) -> str:
    """Return ``message`` with "; did you mean X?" when it refuses a value that is a near
    miss of one of the choices it lists (``cannot ask 'value'; expected some of pruned,
    values, ...``: the messages quote the bad value and name the allowed set).

    >>> with_suggestion("cannot ask 'value'; expected some of pruned, values, alpha")
    "cannot ask 'value'; expected some of pruned, values, alpha; did you mean values?"
    >>> with_suggestion("player 'ab:dept=3': unknown option 'dept=3'; expected depth=N or tt")
    "player 'ab:dept=3': unknown option 'dept=3'; expected depth=N or tt; did you mean depth?"
    """
    found = None
    for match in _BAD_AND_CHOICES.finditer(message):
        found = match
    if found is None or "did you mean" in message:
        return message
    # The last quoted value before "expected" is the one refused.
    quoted_values = _QUOTED.findall(message[: found.start("choices")])
    if not quoted_values:
        return message
    bad = next(a or b for a, b in reversed(quoted_values))
    bad = bad.split(":")[-1].split("=")[0]
    choices = [w.split("=")[0] for w in _CHOICE_WORD.findall(found["choices"])]
    hint = did_you_mean(bad, choices)
    return message if hint is None else f"{message}; did you mean {hint}?"
