"""``gametree gradescope``: a Gradescope autograder zip, for hand-worked answers about TREE
(``gametree gradescope TREE -o autograder.zip``) or for search code (``gametree gradescope
--code --protocol P --entry E --algorithm A -o autograder.zip``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gametree.cli.check import add_key_options, key_options
from gametree.cli.check_code import (
    add_convention_options,
    add_limit_options,
    add_order_options,
    add_protocol_options,
    add_suite_options,
    checker_from_args,
)
from gametree.cli.common import add_quiet_option, add_search_options, add_tree_argument, read_tree

__all__ = ["add_parser", "parse_ask", "run"]

DESCRIPTION = """\
Write a Gradescope autograder (a zip to upload as the assignment's autograder).

Hand-worked answers about TREE: the student uploads an answer file (the plain form
'value = 3', 'C = <=2', 'pruned = I J', TOML or JSON; the practice page's exported
answers.toml), and gets one test per item (the root value, each node's value or bound,
the pruned leaves) with the checker's reasons, and the tree marked right and wrong.
Convention options are those of 'gametree check'.

Search code (--code): the student uploads the Python file with their search (a CS188
multiAgents.py, an aima-style games.py, ...; among several .py files, the one that
defines the entry is graded); it runs as 'gametree check-code' runs it, with the
protocol, entry, algorithm, convention, trees and limits given here, and gets one test
per tree (the first divergence, the text art and picture of where the code and the
search parted, the catalogued bug with its fix). The trees (the built-in suite, --trees
files, --random ones) are bundled, so every student is graded on the same ones. The
zip's setup.sh installs bubblewrap; the code runs sandboxed, and where Gradescope's
container allows no sandbox the student gets 0 with "the grader failed: contact your
instructor", unless you write the zip with --no-sandbox (the code then runs unisolated).

The zip bundles this gametree as a wheel, so students are graded by the code you
made the autograder with.

examples:
  gametree gradescope fig52.tree -o autograder.zip
  gametree gradescope fig52.tree --strict --ask value,values,pruned,move -o ag.zip
  gametree gradescope hw3.tree --visibility after_due_date -o hw3.zip
  gametree gradescope --code --protocol cs188 --entry AlphaBetaAgent -a alphabeta -o ab.zip
  gametree gradescope --code --protocol mutable --entry negamaxAB -a alphabeta --strict \\
      --trees hw5/*.tree --random 5 --seed 1 --timeout 3 -o hw5.zip
"""

_CODE_ONLY = (
    "protocol",
    "entry",
    "convention",
    "prune_on_equal",
    "trees",
    "no_suite",
    "random",
    "seed",
    "timeout",
    "memory",
    "disk",
    "sandbox",
    "no_sandbox",
    "order",
    "agent_calls",
)
"""Options of ``--code`` only (their ``dest``)."""

_HAND_ONLY = (
    "tree",
    "ask",
    "fail",
    "window",
    "transpositions",
    "bounds",
    "first_guess",
    "guess",
    "delta",
    "window_at",
    "require",
    "ids",
)
"""Options of hand-worked answers only (their ``dest``)."""


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
        help="write a Gradescope autograder zip for hand-worked answers or search code",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_tree_argument(parser, optional=True)
    add_search_options(parser)
    parser.set_defaults(algorithm=None)  # hand-worked: alphabeta; code: from --entry
    add_key_options(parser)
    code = parser.add_argument_group(
        "search code (--code; -a, --strict, --depth and --tie-break as check-code takes them)"
    )
    code.add_argument(
        "--code", action="store_true", help="grade students' search code instead of answers"
    )
    add_protocol_options(code, required=False, where="gametree check-code --help")
    add_convention_options(code, strict=False)
    add_suite_options(code)
    add_order_options(code)
    add_limit_options(code)
    parser.set_defaults(convention=None)  # given or not, to refuse it beside --strict
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
        help=f"largest file graded (default: {DEFAULT_MAX_BYTES})",
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
    defaults = {dest: parser.get_default(dest) for dest in (*_CODE_ONLY, *_HAND_ONLY)}
    parser.set_defaults(func=run, mode_defaults=defaults)


def _given(args: argparse.Namespace, dests: tuple[str, ...]) -> list[str]:
    """The options among ``dests`` given on the command line, as written there."""
    defaults = args.mode_defaults
    return [
        "TREE" if d == "tree" else "--" + d.replace("_", "-")
        for d in dests
        if getattr(args, d) != defaults[d]
    ]


def _wheel(path: str | None) -> Any:
    """The ``--wheel`` file as a :class:`~gametree.platforms.package.Wheel` (None: build
    one from the running gametree)."""
    import gametree
    from gametree.exceptions import PlatformError
    from gametree.platforms.package import Wheel

    if path is None:
        return None
    wheel = Path(path)
    if not wheel.name.startswith("gametree-") or wheel.suffix != ".whl":
        raise PlatformError(f"{path}: not a gametree wheel (gametree-*.whl)")
    version = wheel.name.split("-")[1]
    if version != gametree.__version__:
        raise PlatformError(
            f"{path} is gametree {version}, but this gametree (which makes the "
            f"autograder) is {gametree.__version__}; bundle a wheel of the same version"
        )
    return Wheel(wheel.name, wheel.read_bytes())


def run(args: argparse.Namespace) -> int:
    """Run ``gametree gradescope``; return 0, or raise (exit 2)."""
    from gametree.cli.common import report_written
    from gametree.exceptions import PlatformError
    from gametree.outfiles import check_new_output

    check_new_output(args.output, force=args.force)
    if args.code:
        wrong = _given(args, _HAND_ONLY)
        if wrong:
            raise PlatformError(
                f"{wrong[0]} is for hand-worked answers, not for --code (which checks code "
                "on the built-in trees and --trees FILE ...)"
            )
        made = _run_code(args)
    else:
        wrong = _given(args, _CODE_ONLY)
        if wrong:
            raise PlatformError(f"{wrong[0]} applies only with --code (search code homework)")
        if args.tree is None:
            raise PlatformError(
                "give the TREE the answers are about, or --code to grade search code"
            )
        made = _run_hand(args)
    report_written(args, str(made.path))
    return 0


def _run_hand(args: argparse.Namespace) -> Any:
    from gametree.exceptions import PlatformError
    from gametree.platforms.gradescope import write_autograder

    if args.algorithm is None:
        args.algorithm = "alphabeta"
    if args.algorithm == "mcts":
        raise PlatformError("gradescope grades search answers; -a mcts is not supported here")
    wheel = _wheel(args.wheel)
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
    return made


def _run_code(args: argparse.Namespace) -> Any:
    from gametree.exceptions import PlatformError
    from gametree.platforms.gradescope_code import write_code_autograder

    if args.protocol is None:
        raise PlatformError("--code needs --protocol aima|cs188|mutable|tree")
    rules = [
        flag
        for flag, given in (
            ("--convention auto", args.convention is not None),
            ("--strict", args.strict),
            ("--prune-on-equal", args.prune_on_equal),
        )
        if given
    ]
    if len(rules) > 1:
        raise PlatformError(f"{rules[0]} and {rules[1]} cannot be used together: choose one")
    wheel = _wheel(args.wheel)
    checker = checker_from_args(args)
    made = write_code_autograder(
        args.output,
        checker,
        visibility=args.visibility,
        max_bytes=args.max_bytes,
        wheel=wheel,
        force=args.force,
        require_sandbox=not args.no_sandbox,
    )
    trees = f"{made.tests} tree{'s' if made.tests != 1 else ''}"
    print(
        f"autograder: {checker.entry} ({checker.protocol}, {checker.algorithm}) on {trees}, "
        f"one point each, bundling {made.wheel}; upload it on the assignment's Configure "
        "Autograder page"
    )
    return made
