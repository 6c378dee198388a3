"""``gametree grade-code SUBMISSIONS_DIR``: check a class's search code, one CSV row each."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gametree.cli.check_code import add_code_options, checker_from_args
from gametree.cli.common import add_force_option, add_quiet_option, report_written

__all__ = ["add_parser", "run"]

DESCRIPTION = """\
Run every submission in SUBMISSIONS_DIR (files matching --pattern, default *.py) as
check-code does, each in its own child process, --jobs at a time, and write one CSV row
per entry: file, score, right, trees, verdict, prune_on_equal, bugs, first_divergence,
error. An entry that cannot be read, loaded or run is a row with its error; a link
leading out of the folder is never followed; no entry stops the run (one that kills,
hangs or floods is that entry's finding). Prints the most common bugs across the
class, and which sandbox the code ran in. Where the machine has no sandbox
(bubblewrap, or namespaces through unshare), grade-code refuses to run students' code
unless you pass --no-sandbox.

examples:
  gametree grade-code submissions/ --protocol cs188 --entry AlphaBetaAgent -o grades.csv
  gametree grade-code hw3/ --protocol mutable --entry negamaxAB -a alphabeta --jobs 2
"""


def add_parser(subparsers: Any) -> None:
    """Register the ``grade-code`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "grade-code",
        help="check a folder of search code submissions: CSV of scores and bugs",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("submissions", metavar="SUBMISSIONS_DIR", help="folder of .py files")
    add_code_options(parser)
    parser.add_argument(
        "-o", "--output", default=None, help="CSV file to write (default: CSV on stdout)"
    )
    parser.add_argument("--pattern", default="*.py", help="glob for submissions (default: *.py)")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="submissions at a time")
    parser.add_argument(
        "--top", type=int, default=5, help="how many common bugs to list (default: 5)"
    )
    add_force_option(parser)
    add_quiet_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree grade-code``; return 0 when the run completes."""
    from gametree.exceptions import SearchError
    from gametree.homework.codecheck.grading import grade_code
    from gametree.outfiles import check_new_output
    from gametree.quoting import terminal_safe

    if args.jobs < 1:
        raise SearchError(f"--jobs must be at least 1, not {args.jobs}")
    if args.output is not None:
        check_new_output(args.output, force=args.force)
    checker = checker_from_args(args, require_sandbox=True)
    checker.sandbox()  # refused before any work where there is none
    report = grade_code(
        args.submissions,
        protocol=args.protocol,
        pattern=args.pattern,
        output=args.output,
        force=args.force,
        jobs=args.jobs,
        checker=checker,
    )
    summary = terminal_safe(report.summary(args.top) + "\n" + checker.sandbox().describe())
    if args.output is None:
        sys.stdout.write(report.to_csv())
        print(summary, file=sys.stderr)
    else:
        print(summary)
        report_written(args, args.output)
    return 0
