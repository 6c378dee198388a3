"""``gametree practice TREE -o page.html``: a web page where a student prunes the tree."""

from __future__ import annotations

import argparse
from typing import Any

from gametree.cli.common import (
    add_drawing_options,
    add_force_option,
    add_quiet_option,
    add_search_options,
    drawing_options,
    focus_node,
    print_warnings,
    read_tree,
    report_written,
    search_options,
)
from gametree.cli.generate import parse_range
from gametree.exceptions import GameTreeError, RenderError
from gametree.outfiles import check_new_output, write_text

__all__ = ["add_parser", "run"]

DESCRIPTION = """\
Write a practice page: one HTML file (no server, no network) showing the bare TREE. The
student clicks the edges the search prunes and types node values (and, if asked, alpha
and beta), presses Check and gets every item marked right or wrong with the reason
'gametree check' gives, can show the solution, and exports an answer file that
'gametree check TREE answers.toml' grades the same way. Answers survive a reload.

With --generate N the page holds N generated exercises (seeds S, S+1, ...) with
previous/next buttons, and TREE is left out.

examples:
  gametree practice fig52.tree -o practice.html
  gametree practice fig52.tree -o practice.html --strict --ask pruned,values,alpha,beta
  gametree practice fig52.tree -o practice.html --conventions alphabeta,alphabeta:strict
  gametree practice --generate 20 --seed 7 --depth 3 --prunes 2-4 -o drill.html
  gametree practice big.tree -o practice.html --paper a4-landscape

The tree is fitted to a 16:9 slide as in 'gametree draw' (--size, --paper, --orientation).
--collapse, --max-depth and --focus are refused when they would hide part of the tree:
the student answers about every edge and node drawn.
"""


def add_parser(subparsers: Any) -> None:
    """Register the ``practice`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "practice",
        help="write a practice page (HTML): prune the tree, check, see the solution",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "tree",
        metavar="TREE",
        nargs="?",
        default=None,
        help="tree file (.tree, .json, .dot, .graphml) or - for stdin; omit with --generate",
    )
    parser.add_argument("-o", "--output", required=True, metavar="PAGE", help="the .html to write")
    add_search_options(parser)
    parser.add_argument(
        "--conventions",
        default=None,
        metavar="SPECS",
        help="let the student pick the convention among these (comma-separated "
        "ALGORITHM[:strict][:hard]); the first is the one the flags give",
    )
    parser.add_argument(
        "--ask",
        default="pruned,values",
        metavar="ITEMS",
        help="what is asked, comma-separated: pruned,values,alpha,beta,move "
        "(default: pruned,values)",
    )
    parser.add_argument(
        "--reveal",
        choices=("always", "after-check", "never"),
        default="always",
        help="when 'Show solution' is offered (default: always)",
    )
    parser.add_argument("--title", default=None, help="the page's heading")
    parser.add_argument(
        "--generate", type=int, default=None, metavar="N", help="embed N generated exercises"
    )
    parser.add_argument("--seed", type=int, default=0, help="with --generate: the first seed")
    parser.add_argument(
        "--branching", type=parse_range, default=(2, 3), help="with --generate: N or MIN-MAX"
    )
    parser.add_argument(
        "--tree-depth",
        type=int,
        default=3,
        help="with --generate: depth of every leaf (default: 3)",
    )
    parser.add_argument(
        "--prunes",
        type=parse_range,
        default=None,
        help="with --generate: pruned edges, N or MIN-MAX",
    )
    add_force_option(parser)
    add_quiet_option(parser)
    add_drawing_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree practice``; return 0, or raise a GameTreeError (exit 2)."""
    from gametree.drawing.html import NO_MCTS_PRACTICE, to_html

    check_new_output(args.output, force=args.force)  # refused before any work
    if args.algorithm == "mcts":
        raise RenderError(NO_MCTS_PRACTICE)
    options = search_options(args)
    view = drawing_options(args)
    first: dict[str, Any] = {"algorithm": args.algorithm, **options}
    more = [s.strip() for s in (args.conventions or "").split(",") if s.strip()]
    ask = [s.strip() for s in args.ask.split(",") if s.strip()]
    if args.generate is not None:
        if args.tree is not None:
            raise GameTreeError("give TREE or --generate N, not both")
        if args.generate < 1:
            raise GameTreeError(f"--generate must be at least 1, got {args.generate}")
        from gametree.homework import generate

        trees = [
            generate(
                branching=args.branching,
                depth=args.tree_depth,
                seed=args.seed + k,
                prunes=args.prunes,
                prune_on_equal=options.get("prune_on_equal", True),
                fail=options.get("fail", "soft"),
            ).tree
            for k in range(args.generate)
        ]
    else:
        if args.tree is None:
            raise GameTreeError("give a TREE file, or --generate N for generated exercises")
        trees = [read_tree(args.tree)]
    conventions = [first, *more] if more else [first]
    if "focus" in view:
        view["focus"] = focus_node(trees[0], view["focus"])
    with print_warnings("practice"):
        page = to_html(
            trees if len(trees) > 1 else trees[0],
            mode="practice",
            conventions=conventions,
            ask=ask,
            reveal=args.reveal,
            title=args.title,
            **view,
        )
    write_text(args.output, page, force=args.force)
    count = f"{len(trees)} exercises" if len(trees) > 1 else "1 exercise"
    report_written(args, args.output, f"{count}, asking {', '.join(ask)}")
    return 0
