"""``gametree convert IN OUT``: any readable format to any writable one."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gametree.cli.common import add_force_option, add_quiet_option, report_written
from gametree.outfiles import check_new_output, write_text
from gametree.readwrite import dumps, format_for_path, format_name, load, loads

__all__ = ["add_parser", "run"]

_FORMAT_CHOICES = ("tree", "json", "dot", "graphml", "efg")


def add_parser(subparsers: Any) -> None:
    """Register the ``convert`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "convert",
        help="convert a tree between the notation, JSON, DOT, GraphML and Gambit .efg",
        description=(
            "Read a tree in any format (by suffix; - reads stdin and guesses the format) "
            "and write it in the format of OUT's suffix (- writes the notation to stdout, "
            "or the --to format). Example: gametree convert aima.tree aima.json"
        ),
    )
    parser.add_argument(
        "input", metavar="IN", help="input file (.tree .json .dot .gv .graphml .efg) or -"
    )
    parser.add_argument("output", metavar="OUT", help="output file (format by suffix) or -")
    parser.add_argument(
        "--from",
        dest="from_format",
        choices=_FORMAT_CHOICES,
        default=None,
        help="input format (default: from IN's suffix; guessed for stdin)",
    )
    parser.add_argument(
        "--to",
        dest="to_format",
        choices=_FORMAT_CHOICES,
        default=None,
        help="output format (default: from OUT's suffix; the notation for stdout)",
    )
    add_force_option(parser)
    add_quiet_option(parser)
    parser.add_argument(
        "--payoff",
        type=int,
        choices=(1, 2),
        default=None,
        help="for a general-sum .efg game: whose payoff is the value (1: player 1's, "
        "2: minus player 2's); zero-sum and constant-sum games need none",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Convert and return 0; bad input raises (main prints it and returns 2)."""
    from gametree.inputs import check_input_file, read_stream

    if args.output != "-":
        check_new_output(args.output, force=args.force)  # refused before any work
    options = {} if args.payoff is None else {"payoff": args.payoff}
    if args.input == "-":
        text = read_stream(sys.stdin).decode("utf-8-sig")
        G = loads(text, args.from_format, filename="<stdin>", **options)
    elif args.from_format is not None:
        check_input_file(args.input)
        with open(args.input, encoding="utf-8") as handle:
            G = loads(handle.read(), args.from_format, filename=args.input, **options)
    else:
        check_input_file(args.input)
        G = load(args.input, **options)
    if args.to_format is not None:
        fmt = format_name(args.to_format)
    elif args.output == "-":
        fmt = "tree"
    else:
        fmt = format_for_path(args.output)
    text = dumps(G, fmt)
    if not text.endswith("\n"):
        text += "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        write_text(args.output, text, force=args.force)
        report_written(args, args.output)
    return 0
