"""``gametree prairielearn -o QUESTION_DIR``: a PrairieLearn question drawing a new
alpha-beta exercise for each variant."""

from __future__ import annotations

import argparse
from typing import Any

from gametree.cli.common import add_quiet_option, report_written
from gametree.cli.shapes import (
    add_own_tree_options,
    add_shape_options,
    shape_arguments,
    shape_flags_given,
)

__all__ = ["add_parser", "run"]

DESCRIPTION = """\
Write a PrairieLearn question into QUESTION_DIR (info.json with a fresh uuid,
question.html, server.py). Each variant is a new tree drawn by gametree with the
shape and difficulty options of 'gametree generate'; the student gives the root's
value, every other internal node's value or bound, and ticks the pruned leaves, and
gets partial credit per item with the checker's reasons. server.py imports gametree,
so this gametree's package is also copied into the course's serverFilesCourse (found
from infoCourse.json above QUESTION_DIR, or given with --server-files).

examples:
  gametree prairielearn --depth 3 --branching 2-3 --prunes 2-4 -o COURSE/questions/alphabeta
  gametree prairielearn --depth 2 --branching 3 --strict --title "Strict cuts" -o q2
      --server-files COURSE/serverFilesCourse
  gametree prairielearn --tree mine.tree --mirror -o COURSE/questions/mine

With --tree FILE each variant is a new version of your tree: the same shape, as many
pruned edges and leaves, other leaf values and pruned leaves (see gametree generate).
"""


def add_parser(subparsers: Any) -> None:
    """Register the ``prairielearn`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "prairielearn",
        help="write a PrairieLearn question with a new alpha-beta tree per variant",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_shape_options(parser)
    add_own_tree_options(parser, "variants")
    group = parser.add_argument_group("the question")
    group.add_argument(
        "--ask",
        default="value,values,pruned",
        metavar="ITEMS",
        help="what the question asks, some of value,values,pruned (default: all three)",
    )
    group.add_argument(
        "--require-bounds",
        action="store_true",
        help="a node cut off must be answered with its bound (<=2): a bare 2 is wrong "
        "(default: accepted)",
    )
    group.add_argument("--title", default="Alpha-beta pruning", help="the question's title")
    group.add_argument("--topic", default="Game search", help="the question's topic")
    group.add_argument(
        "--server-files",
        metavar="DIR",
        default=None,
        help="the course's serverFilesCourse folder (default: found from infoCourse.json)",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace the question's files (keeping its uuid) and another gametree copy",
    )
    parser.add_argument(
        "-o", "--output", required=True, metavar="QUESTION_DIR", help="the question directory"
    )
    add_quiet_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree prairielearn``; return 0, or raise (exit 2)."""
    from pathlib import Path

    from gametree.exceptions import PlatformError
    from gametree.outfiles import check_new_output
    from gametree.platforms import prairielearn as pl

    for name in pl.QUESTION_FILES:
        check_new_output(Path(args.output) / name, force=args.force)
    server_files = args.server_files
    if server_files is None:
        course = pl.find_course(args.output)
        if course is None:
            raise PlatformError(
                f"{args.output} is not inside a PrairieLearn course (no infoCourse.json "
                "above it); give --server-files COURSE/serverFilesCourse"
            )
        server_files = str(course / "serverFilesCourse")
    own = None
    if args.tree is not None:
        from gametree.cli.common import read_tree

        given = shape_flags_given(args)
        if given:
            raise PlatformError(f"{given[0]} does not apply with --tree FILE: the variants "
                                "take your tree's shape and difficulty")  # fmt: skip
        own = read_tree(args.tree)
    elif args.mirror:
        raise PlatformError("--mirror applies to variants of your own tree (--tree FILE)")
    arguments = shape_arguments(args)
    if own is not None:
        arguments["values"] = args.values  # None: the tree's own range
    settings = pl.question_settings(
        **arguments,
        tree=own,
        mirror=args.mirror,
        require_bounds=args.require_bounds,
        ask=[x.strip() for x in args.ask.split(",") if x.strip()],
        title=args.title,
        topic=args.topic,
    )
    copied, current = pl.write_server_files(server_files, force=args.force)
    written = pl.write_question(args.output, settings, force=args.force)
    if own is not None:
        print(f"question: {args.title!r}, a new version of {args.tree} per variant")
    else:
        print(f"question: {args.title!r}, a new tree per variant ({settings['shape']['depth']} "
              f"levels, {settings['shape']['prunes'][0]}+ pruned edges)")  # fmt: skip
    for path in written:
        report_written(args, str(path))
    if current:
        print(f"{server_files}/gametree is this gametree already")
    else:
        report_written(args, f"{server_files}/gametree", f"{len(copied)} files")
    return 0
