"""Error messages in the command line's words.

The library's messages name Python arguments (``max_nodes=...``, ``depth=...``,
``evaluate=``), which is what a Python user can change. A command-line user changes
options instead: :func:`cli_wording` rewrites the Python spellings of one message into
the options of the command that failed, from one table.

>>> cli_wording("searching X passed max_nodes=1,000: raise the limit (max_nodes=...)", "play")
'searching X passed --max-nodes 1,000: raise the limit (--max-nodes N)'
"""

from __future__ import annotations

import re

from gametree.inputs import NODES_VARIABLE

__all__ = ["cli_wording"]

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
    (re.compile(r"pass force=True to replace it"), "add --force to replace it", "add --force"),
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


def cli_wording(message: str, command: str) -> str:
    """Return ``message`` with Python argument spellings replaced by ``command``'s options."""
    for pattern, words, play_words in _WORDING:
        message = pattern.sub(play_words if command == "play" else words, message)
    return message
