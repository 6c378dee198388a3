"""Helpers shared by the CLI commands: reading trees and search options."""

from __future__ import annotations

import argparse
import math
import re
import sys
from typing import Any

import networkx as nx

from gametree.exceptions import SearchError

__all__ = [
    "WINDOW_ALGORITHMS",
    "add_search_options",
    "add_tree_argument",
    "read_tree",
    "search_options",
]

ALGORITHM_CHOICES = (
    "minimax",
    "negamax",
    "alphabeta",
    "negamax_alphabeta",
    "pvs",
    "expectiminimax",
)


_NEGATIVE_NUMBER = re.compile(r"^-(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$|^-inf(inity)?$", re.IGNORECASE)


def add_tree_argument(parser: argparse.ArgumentParser) -> None:
    """Add the positional TREE argument (a file in any format gametree reads, or ``-``)."""
    parser.add_argument(
        "tree",
        metavar="TREE",
        help="tree file (.tree, .json, .dot, .graphml) or - for the notation on stdin",
    )


def read_tree(path: str) -> nx.DiGraph:
    """Load the tree named on the command line (``-`` reads stdin, format sniffed)."""
    from gametree.readwrite import load, loads

    if path == "-":
        return loads(sys.stdin.read())
    return load(path)


def _number(text: str) -> float:
    lowered = text.strip().lower()
    if lowered in {"inf", "+inf", "infinity"}:
        return math.inf
    if lowered in {"-inf", "-infinity"}:
        return -math.inf
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if math.isnan(value):
        raise argparse.ArgumentTypeError("NaN is not allowed")
    return int(value) if value.is_integer() else value


def add_search_options(
    parser: argparse.ArgumentParser, *, default: str | None = "alphabeta"
) -> None:
    """Add ``--algorithm --depth --strict --fail --window --transpositions``."""
    parser.add_argument(
        "-a",
        "--algorithm",
        choices=ALGORITHM_CHOICES,
        default=default,
        help=f"search algorithm (default: {default})",
    )
    parser.add_argument("--depth", type=int, default=None, help="depth limit (default: none)")
    parser.add_argument(
        "--strict",
        action="store_true",
        help="cut only when alpha > beta (default: cut when alpha >= beta, as AIMA)",
    )
    parser.add_argument(
        "--fail",
        choices=("soft", "hard"),
        default="soft",
        help="fail-soft or fail-hard alpha-beta (default: soft)",
    )
    # "--window -inf 5": argparse would take "-inf" for an option; read it as a number.
    if hasattr(parser, "_negative_number_matcher"):
        parser._negative_number_matcher = _NEGATIVE_NUMBER
    parser.add_argument(
        "--window",
        nargs=2,
        type=_number,
        metavar=("LO", "HI"),
        default=None,
        help="initial alpha-beta window (default: -inf inf)",
    )
    parser.add_argument(
        "--transpositions",
        action="store_true",
        help="use a transposition table (for DAGs)",
    )


WINDOW_ALGORITHMS = ("alphabeta", "negamax_alphabeta", "pvs")
"""The algorithms that take ``--strict``, ``--fail``, ``--window`` and ``--transpositions``."""


def search_options(args: argparse.Namespace) -> dict[str, Any]:
    """Return the keyword options for :func:`gametree.solve` from parsed arguments.

    Raises
    ------
    SearchError
        If an alpha-beta option is given with an algorithm that does not take it (an
        option that would be silently ignored is a wrong answer waiting to happen).
    """
    given = [
        flag
        for flag, present in (
            ("--strict", args.strict),
            ("--fail hard", args.fail != "soft"),
            ("--window", args.window is not None),
            ("--transpositions", args.transpositions),
        )
        if present
    ]
    if given and args.algorithm not in WINDOW_ALGORITHMS:
        verb = "applies" if len(given) == 1 else "apply"
        raise SearchError(
            f"{' and '.join(given)} {verb} only to the alpha-beta family "
            f"({', '.join(WINDOW_ALGORITHMS)}), not to {args.algorithm!r}"
        )
    options: dict[str, Any] = {}
    if args.depth is not None:
        options["depth"] = args.depth
    if args.algorithm in WINDOW_ALGORITHMS:
        options["prune_on_equal"] = not args.strict
        options["fail"] = args.fail
        if args.window is not None:
            options["window"] = tuple(args.window)
        if args.transpositions:
            options["transposition_table"] = True
    return options


def add_ids_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--ids``: name the best move and the PV by node id instead of by move."""
    parser.add_argument(
        "--ids",
        action="store_true",
        help="name the best move and the PV by node id (default: by the edges' moves "
        "where the tree has them)",
    )


def add_quiet_option(parser: argparse.ArgumentParser) -> None:
    """Add ``-q/--quiet``: do not print ``wrote PATH`` for the files written."""
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="do not print 'wrote PATH' for each file written",
    )


def report_written(args: argparse.Namespace, path: str, detail: str = "") -> None:
    """Print ``wrote PATH`` (and ``: detail``) on stdout unless ``--quiet``.

    Every command that writes a file says so this way: one line per file.
    """
    if not getattr(args, "quiet", False):
        print(f"wrote {path}" + (f": {detail}" if detail else ""))
