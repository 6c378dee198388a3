"""``gametree check TREE ANSWERS``: check a student's answers, one finding per item."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gametree.cli.common import (
    add_ids_option,
    add_search_options,
    add_tree_argument,
    read_tree,
    search_options,
)
from gametree.exceptions import SearchError
from gametree.quoting import terminal_safe

__all__ = ["add_key_options", "add_parser", "key_options", "run"]

DESCRIPTION = """\
Check the answers in ANSWERS (TOML, JSON or the plain form 'value = 3', 'move = B',
'pruned = I J', 'C = 2') against a search of TREE, under the course's convention.
Every item gets a verdict, the expected and given values, and the reason. Where the
tree's edges carry moves, answers may name moves ('move = a1', 'pv = a1 b1',
'pruned = c2 c3' or by path from the root 'pruned = a2/c2'); the report says which
form it read.

exit status: 0 every item right, 1 something wrong, 2 unusable input.

examples:
  gametree check fig52.tree answers.txt             cut on >= (AIMA), fail-soft
  gametree check fig52.tree answers.toml --strict   cut only when alpha > beta
  gametree check fig52.tree answers.json --format markdown
  gametree check stats.json mcts.txt -a mcts --c 1 --playout-value 1   UCB1, counts
"""


def add_parser(subparsers: Any) -> None:
    """Register the ``check`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check",
        help="check answers (value, move, pruned leaves, ...) against a search",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_tree_argument(parser)
    parser.add_argument("answers", metavar="ANSWERS", help="answer file (.toml, .json, .txt)")
    add_search_options(parser)
    parser.add_argument(
        "--format",
        choices=("text", "json", "markdown"),
        default="text",
        help="report format (default: text)",
    )
    add_key_options(parser)
    mcts = parser.add_argument_group("Monte Carlo tree search answers (-a mcts)")
    mcts.add_argument("--c", type=float, default=None, metavar="X", help="UCB1's c (default √2)")
    mcts.add_argument(
        "--playout-value",
        type=float,
        default=None,
        metavar="V",
        help="the value of the stated playout (for the counts after it)",
    )
    parser.set_defaults(func=run)


def add_key_options(parser: argparse.ArgumentParser) -> None:
    """Add the checker's own options, ``--window-at --tie-break --require
    --require-bounds --ids`` (read
    back by :func:`key_options`), for every command that checks answers."""
    parser.add_argument(
        "--window-at",
        choices=("exit", "enter"),
        default="exit",
        help="compare alpha/beta answers with the window when a node is left (default) or entered",
    )
    parser.add_argument(
        "--tie-break",
        choices=("first", "any"),
        default="first",
        help="best move among equal children: the first in child order (default) or any",
    )
    parser.add_argument(
        "--require",
        default="",
        metavar="ITEMS",
        help="comma-separated items that must be answered (value,move,pruned,order,pv)",
    )
    parser.add_argument(
        "--require-bounds",
        action="store_true",
        help="a node cut off must be answered with its bound (<=2): a bare 2 is wrong "
        "(default: accepted)",
    )
    add_ids_option(parser)


def key_options(args: argparse.Namespace) -> dict[str, Any]:
    """Return the :class:`gametree.AnswerKey` options from parsed arguments."""
    options = search_options(args)
    options["window_at"] = args.window_at
    options["tie_break"] = args.tie_break
    options["require"] = tuple(x.strip() for x in args.require.split(",") if x.strip())
    options["ids"] = getattr(args, "ids", False)
    options["require_bounds"] = args.require_bounds
    return options


def run(args: argparse.Namespace) -> int:
    """Run ``gametree check``; return 0 (all right), 1 (something wrong) or 2."""
    from gametree.homework import AnswerKey, load_answers

    G = read_tree(args.tree)
    if args.algorithm == "mcts":
        from gametree.homework.mctscheck import check_mcts

        options = {"c": args.c, "playout_value": args.playout_value}
        found = check_mcts(
            G, Path(args.answers), **{k: v for k, v in options.items() if v is not None}
        )
        print(terminal_safe(found.format(args.format)))
        return 0 if found.ok else 1
    if args.c is not None or args.playout_value is not None:
        raise SearchError("--c and --playout-value apply only to -a mcts")
    answers = load_answers(Path(args.answers))
    key = AnswerKey(G, algorithm=args.algorithm, **key_options(args))
    report = key.check(answers)
    # The answers are the student's: shown escaped, never run by the terminal.
    print(terminal_safe(report.format(args.format)))
    # Unusable input (2) is a file with no answer at all; an answer given to an item but
    # malformed (an empty pv, a list for the value) is that item's unreadable answer (1).
    answered = answers.items or any(p.key not in (None, "answer file") for p in answers.problems)
    if not answered and not key.require:
        why = "nothing could be read" if answers.problems else "no answers found"
        print(f"gametree check: error: {args.answers}: {why}", file=sys.stderr)
        return 2
    return 0 if report.ok else 1
