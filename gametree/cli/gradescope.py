"""``gametree gradescope TREE -o autograder.zip``: a Gradescope autograder for hand-worked
answers about TREE, under the course's convention."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gametree.cli.check import add_key_options, key_options
from gametree.cli.common import add_quiet_option, add_search_options, add_tree_argument, read_tree

__all__ = ["add_parser", "parse_ask", "run"]

DESCRIPTION = """\
Write a Gradescope autograder (a zip to upload as the assignment's autograder) that
grades hand-worked answers about TREE: the student uploads an answer file (the plain
form 'value = 3', 'C = <=2', 'pruned = I J', TOML or JSON; the practice page's
exported answers.toml), and gets one test per item (the root value, each node's value
or bound, the pruned leaves) with the checker's reasons, and the tree marked right
and wrong. The zip bundles this gametree as a wheel, so students are graded by the
code you checked the key with. Convention options are those of 'gametree check'.

examples:
  gametree gradescope fig52.tree -o autograder.zip
  gametree gradescope fig52.tree --strict --ask value,values,pruned,move -o ag.zip
  gametree gradescope hw3.tree --visibility after_due_date -o hw3.zip
"""


def parse_ask(text: str) -> tuple[str, ...]:
    """Read ``--ask value,values,pruned`` (checked against the items a platform grades).

    >>> parse_ask("pruned, value")
    ('value', 'pruned')
    """
    from gametree.exceptions import PlatformError
    from gametree.platforms.items import check_ask

    try:
        return check_ask(x.strip() for x in text.split(",") if x.strip())
    except PlatformError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_parser(subparsers: Any) -> None:
    """Register the ``gradescope`` command."""
    from gametree.platforms.gradescope import DEFAULT_MAX_BYTES, VISIBILITIES

    parser: argparse.ArgumentParser = subparsers.add_parser(
        "gradescope",
        help="write a Gradescope autograder zip for hand-worked answers",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_tree_argument(parser)
    add_search_options(parser)
    add_key_options(parser)
    group = parser.add_argument_group("the autograder")
    group.add_argument(
        "--ask",
        type=parse_ask,
        default=("value", "values", "pruned"),
        metavar="ITEMS",
        help="items graded, one test each: value,move,values,alpha,beta,pruned "
        "(default: value,values,pruned)",
    )
    group.add_argument(
        "--visibility",
        choices=VISIBILITIES,
        default="visible",
        help="when students see the tests (default: visible)",
    )
    group.add_argument(
        "--max-bytes",
        type=int,
        default=DEFAULT_MAX_BYTES,
        metavar="N",
        help=f"largest answer file graded (default: {DEFAULT_MAX_BYTES})",
    )
    group.add_argument(
        "--wheel",
        metavar="FILE",
        default=None,
        help="bundle this gametree wheel (of this version) instead of building one from "
        "the running gametree",
    )
    parser.add_argument("--force", action="store_true", help="replace the zip if it exists")
    parser.add_argument(
        "-o", "--output", required=True, metavar="ZIP", help="the autograder zip to write"
    )
    add_quiet_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree gradescope``; return 0, or raise (exit 2)."""
    import gametree
    from gametree.cli.common import report_written
    from gametree.exceptions import PlatformError
    from gametree.outfiles import check_new_output
    from gametree.platforms.gradescope import write_autograder
    from gametree.platforms.package import Wheel

    check_new_output(args.output, force=args.force)
    if args.algorithm == "mcts":
        raise PlatformError("gradescope grades search answers; -a mcts is not supported here")
    wheel = None
    if args.wheel is not None:
        path = Path(args.wheel)
        if not path.name.startswith("gametree-") or path.suffix != ".whl":
            raise PlatformError(f"{args.wheel}: not a gametree wheel (gametree-*.whl)")
        version = path.name.split("-")[1]
        if version != gametree.__version__:
            raise PlatformError(
                f"{args.wheel} is gametree {version}, but this gametree (which checks the "
                f"key) is {gametree.__version__}; bundle a wheel of the same version"
            )
        wheel = Wheel(path.name, path.read_bytes())
    G = read_tree(args.tree)
    made = write_autograder(
        args.output,
        G,
        ask=args.ask,
        visibility=args.visibility,
        max_bytes=args.max_bytes,
        wheel=wheel,
        force=args.force,
        algorithm=args.algorithm,
        **key_options(args),
    )
    print(
        f"autograder: {made.tests} tests, {made.total:g} points, bundling {made.wheel}; "
        "upload it on the assignment's Configure Autograder page"
    )
    report_written(args, str(made.path))
    return 0
