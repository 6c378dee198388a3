"""``gametree compare TREE``: one row per algorithm (value, work, ebf, time)."""

from __future__ import annotations

import argparse
from typing import Any

from gametree.cli.common import (
    ALGORITHM_CHOICES,
    add_bounds_option,
    add_ids_option,
    add_mcts_options,
    add_tree_argument,
    mcts_flags_given,
    mcts_options,
    parse_number,
    read_tree,
)

__all__ = ["add_parser", "run"]

DESCRIPTION = """\
Run several algorithms on TREE and print one row each: value, best move, nodes
visited, leaves evaluated, cutoffs, re-searches (PVS; for mtdf, sss, dual and aspiration
the passes after the first), effective branching factor
(AIMA: N + 1 = 1 + b* + ... + b*^d) and time (best of --repeat runs).

examples:
  gametree compare fig52.tree
  gametree compare big.tree -a minimax,alphabeta,pvs --format markdown
  gametree compare fig52.tree -a alphabeta,mcts --iterations 200 --seed 1
  gametree compare fig52.tree -a alphabeta,mtdf,sss,dual,aspiration --guess 5 --delta 1

Monte Carlo tree search (mcts) reads differently: its value is the root's mean, its
nodes the nodes its tree holds, its leaves its playouts; cutoffs, re-searches and ebf
do not apply to it (a note under the table says why). --depth goes to the others only.
"""


def _algorithms(text: str) -> list[str]:
    names = [x.strip() for x in text.split(",") if x.strip()]
    bad = [n for n in names if n not in ALGORITHM_CHOICES]
    if bad or not names:
        raise argparse.ArgumentTypeError(
            f"unknown algorithm {bad[0] if bad else text!r}; expected a comma-separated "
            f"list of {', '.join(ALGORITHM_CHOICES)}"
        )
    return names


def add_parser(subparsers: Any) -> None:
    """Register the ``compare`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "compare",
        help="compare algorithms on one tree: nodes, leaves, cutoffs, ebf, time",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_tree_argument(parser)
    parser.add_argument(
        "-a",
        "--algorithms",
        type=_algorithms,
        default=["minimax", "alphabeta", "negamax_alphabeta", "pvs"],
        help="comma-separated algorithms (default: minimax,alphabeta,negamax_alphabeta,pvs)",
    )
    parser.add_argument("--depth", type=int, default=None, help="depth limit (default: none)")
    parser.add_argument("--strict", action="store_true", help="cut only when alpha > beta")
    parser.add_argument("--fail", choices=("soft", "hard"), default="soft")
    add_bounds_option(parser)
    parser.add_argument(
        "--first-guess", type=parse_number, metavar="F", default=None, help="mtdf's first guess"
    )
    parser.add_argument(
        "--guess", type=parse_number, metavar="G", default=None, help="aspiration's window centre"
    )
    parser.add_argument(
        "--delta", type=parse_number, metavar="D", default=None, help="aspiration's half width"
    )
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per algorithm")
    parser.add_argument("--format", choices=("text", "markdown", "csv", "json"), default="text")
    add_mcts_options(parser)
    add_ids_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree compare``; return 0."""
    from gametree.exceptions import SearchError
    from gametree.homework import compare, format_comparison

    if args.repeat < 1:
        raise SearchError(f"--repeat must be >= 1, got {args.repeat}")
    G = read_tree(args.tree)
    options: dict[str, Any] = {"prune_on_equal": not args.strict, "fail": args.fail}
    if args.depth is not None:
        options["depth"] = args.depth
    if args.bounds is not None:
        options["bounds"] = tuple(args.bounds)
    if "mcts" in args.algorithms:
        from argparse import Namespace

        options.update(
            mcts_options(Namespace(**{**vars(args), "algorithm": "mcts", "depth": None}))
        )
    elif mcts_flags_given(args):
        given = mcts_flags_given(args)
        verb = "applies" if len(given) == 1 else "apply"
        raise SearchError(f"{' and '.join(given)} {verb} only when -a lists mcts")
    for key in ("first_guess", "guess", "delta"):
        if getattr(args, key) is not None:
            options[key] = getattr(args, key)
    if "aspiration" in args.algorithms and ("guess" not in options or "delta" not in options):
        raise SearchError("aspiration needs --guess G and --delta D (the window G-D .. G+D)")
    rows = compare(G, args.algorithms, repeat=args.repeat, **options)
    print(format_comparison(rows, args.format, ids=args.ids))
    return 0
