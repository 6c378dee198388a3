"""``gametree grade TREE SUBMISSIONS_DIR``: check a whole class, one CSV row per file."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gametree.cli.check import key_options
from gametree.cli.common import (
    add_force_option,
    add_quiet_option,
    add_search_options,
    add_tree_argument,
    read_tree,
    report_written,
)
from gametree.quoting import terminal_safe

__all__ = ["add_parser", "run"]

DESCRIPTION = """\
Check every answer file in SUBMISSIONS_DIR against one search of TREE. Writes one CSV
row per file (file, score, right, asked, wrong, conventions, error; an unreadable file
is a row with its error) and prints the most common mistakes across the class.

examples:
  gametree grade fig52.tree submissions/ -o grades.csv
  gametree grade fig52.tree submissions/ --pattern '*.toml' --strict
"""


def add_parser(subparsers: Any) -> None:
    """Register the ``grade`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "grade",
        help="grade a directory of answer files: CSV of scores and common mistakes",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_tree_argument(parser)
    parser.add_argument("submissions", metavar="SUBMISSIONS_DIR", help="directory of answers")
    parser.add_argument(
        "-o", "--output", default=None, help="CSV file to write (default: CSV on stdout)"
    )
    parser.add_argument("--pattern", default="*", help="glob for answer files (default: *)")
    parser.add_argument(
        "--top", type=int, default=5, help="how many common mistakes to list (default: 5)"
    )
    add_search_options(parser)
    parser.add_argument(
        "--window-at",
        choices=("exit", "enter"),
        default="exit",
        help="alpha/beta answers are the window at exit (default) or entry",
    )
    parser.add_argument(
        "--tie-break",
        choices=("first", "any"),
        default="first",
        help="best move among equal children: first (default) or any",
    )
    parser.add_argument(
        "--require",
        default="",
        metavar="ITEMS",
        help="comma-separated items every submission must answer",
    )
    parser.add_argument(
        "--require-bounds",
        action="store_true",
        help="a node cut off must be answered with its bound (<=2): a bare 2 is wrong "
        "(default: accepted)",
    )
    add_force_option(parser)
    add_quiet_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree grade``; return 0 when the run completes."""
    from gametree.homework import grade

    G = read_tree(args.tree)
    report = grade(
        G,
        args.submissions,
        pattern=args.pattern,
        output=args.output,
        algorithm=args.algorithm,
        force=args.force,
        **key_options(args),
    )
    # File names and answers are the students': shown escaped, never run by the terminal.
    summary = terminal_safe(report.summary(args.top))
    if args.output is None:
        sys.stdout.write(report.to_csv())
        print(summary, file=sys.stderr)
    else:
        print(summary)
        report_written(args, args.output)
    return 0
