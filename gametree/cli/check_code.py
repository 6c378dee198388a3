"""``gametree check-code SUBMISSION.py``: run a student's search code and check every step."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gametree.cli.common import add_quiet_option, report_written

__all__ = [
    "add_code_options",
    "add_convention_options",
    "add_course_class_options",
    "add_limit_options",
    "add_order_options",
    "add_parser",
    "add_protocol_options",
    "add_suite_options",
    "checker_from_args",
    "run",
]

DESCRIPTION = """\
Run the search in SUBMISSION.py on game trees presented as the objects its style of code
expects (--protocol), record every call it makes, and compare with gametree's own search
under each documented convention: the move (and value) it returns, the values it reads
in order, the positions it generates. Each tree is correct, or gets its first divergence
explained; a behaviour that matches a catalogued bug is named with how to fix it.

protocols:
  aima     aima-python's games module: minmax_decision(state, game), alpha_beta_search,
           alpha_beta_cutoff_search(state, game, d), expect_minmax; returns an action
  cs188    a multiAgents.py with MinimaxAgent, AlphaBetaAgent, ExpectimaxAgent (built with
           depth=, called as getAction(gameState)); util, game and pacman are supplied
  mutable  negamax over one mutable game (get_moves, make_move, unmake_move, get_utility,
           is_over); parameters bound by name; returns (value, move)
  tree     a function of plain nodes (name, player, value, children, probability);
           returns a value or (value, child)
  adapter  code written against a course's own classes (--adapter FILE: a short file
           of the instructor's that presents each tree as those classes)

The code runs in a child process with time, memory, process, disk and output limits,
inside the strongest sandbox the machine has (--sandbox auto: bubblewrap, else Linux
namespaces through unshare, else, as root, only a user of its own, else none), as a
user of its own where gametree runs as root. The report's second line (--json:
"isolation") says which. Without a sandbox the check still runs, as your own user: do
that only with code you trust (your own).

course rules: each protocol carries its course's rules as defaults (cs188: no pruning on
equality, the set of generated states and the move compared, extra getLegalActions calls
only noted; aima: aima-python's alpha_beta_search prunes on equality); --convention,
--strict, --prune-on-equal, --tie-break, --order and --agent-calls override them, and the
report says which rules were in force and where each came from.

exit status: 0 correct on every tree, 1 wrong, crashed or out of time, 2 bad usage or
unreadable input.

examples:
  gametree check-code multiAgents.py --protocol cs188 --entry AlphaBetaAgent
  gametree check-code multiAgents.py --protocol cs188 --trees test_cases/q3/*.test
  gametree check-code games.py --protocol aima --entry alpha_beta_search --strict
  gametree check-code ttt.py --protocol mutable --entry negamaxAB --algorithm alphabeta
  gametree check-code mm.py --protocol tree --entry minimax --algorithm minimax --json
  gametree check-code seed.py --adapter nodetree.py --entry minimax --algorithm minimax
"""


def add_code_options(parser: argparse.ArgumentParser) -> None:
    """The options check-code and grade-code share: protocol, entry, convention, trees,
    limits."""
    add_protocol_options(parser, required=False)
    parser.add_argument(
        "-a",
        "--algorithm",
        default=None,
        help="minimax, alphabeta or expectiminimax (negamax forms count); default from --entry",
    )
    add_convention_options(parser.add_mutually_exclusive_group())
    add_suite_options(parser)
    parser.add_argument(
        "--depth", type=int, default=None, help="depth limit for the --trees trees (plies)"
    )
    add_rule_options(parser)
    add_course_class_options(parser)
    add_limit_options(parser)


def add_rule_options(parser: Any) -> None:
    """The course rules besides the cut rule (``--tie-break``, ``--order``,
    ``--agent-calls``); each left out keeps the protocol's course default."""
    parser.add_argument(
        "--tie-break",
        choices=("first", "any"),
        default=None,
        help="best move among equal ones: the first or any (default: the course's, first)",
    )
    add_order_options(parser)


def add_order_options(parser: Any) -> None:
    """``--order`` and ``--agent-calls``: what the comparison counts (default: the
    protocol's course's rules)."""
    parser.add_argument(
        "--order",
        choices=("any", "search"),
        default=None,
        help="minimax/expectimax: compare the set of values and states read (any) or "
        "their order too (search); default the course's: any. Alpha-beta: always the order",
    )
    parser.add_argument(
        "--agent-calls",
        choices=("note", "fail"),
        default=None,
        help="cs188: a getLegalActions call for an agent not moving there is a note "
        "(default: CS188's grader ignores it) or fails the tree",
    )


def add_course_class_options(parser: Any) -> None:
    """``--adapter FILE`` (code against a course's own classes) and ``--iterative``."""
    parser.add_argument(
        "--adapter",
        default=None,
        metavar="FILE",
        help="an instructor's adapter presenting each tree as the course's own classes "
        "(implies --protocol adapter)",
    )
    parser.add_argument(
        "--iterative",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="the entry deepens iteratively (mutable protocol); default: when its name "
        "says so (negamaxIDS, iterative_deepening)",
    )


def add_protocol_options(parser: Any, *, required: bool, where: str = "above") -> None:
    """``--protocol`` and ``--entry`` (on a parser or an argument group); ``where`` the
    protocols are described."""
    parser.add_argument(
        "--protocol",
        required=required,
        default=None,
        choices=("aima", "cs188", "mutable", "tree", "adapter"),
        help=f"the style of code (see {where})",
    )
    parser.add_argument(
        "--entry", default=None, help="function (cs188: agent class) to call; default standard"
    )


def add_convention_options(group: Any, *, strict: bool = True) -> None:
    """``--convention auto``, ``--strict`` (unless the parser has its own) and
    ``--prune-on-equal``: at most one of them (a mutually exclusive group says so)."""
    group.add_argument(
        "--convention",
        choices=("auto", "course"),
        default=None,
        help="auto: accept cutting on >= or on >, report which; course (default): the "
        "protocol's course rule (cs188: only >, aima: >=, mutable/tree: auto)",
    )
    if strict:
        group.add_argument(
            "--strict",
            action="store_true",
            help="the course cuts only when alpha > beta; cutting on equality is a bug",
        )
    group.add_argument(
        "--prune-on-equal",
        action="store_true",
        help="the course cuts when alpha >= beta; not cutting on equality is a bug",
    )


def add_suite_options(parser: Any) -> None:
    """The trees beside (or instead of) the built-in suite: ``--trees --no-suite
    --random --seed``."""
    parser.add_argument(
        "--trees",
        nargs="+",
        default=(),
        metavar="FILE",
        help="more trees to check on (any tree format; CS188 .test files; aima-python "
        "succs/utils tables in .py files)",
    )
    parser.add_argument("--no-suite", action="store_true", help="leave out the built-in trees")
    parser.add_argument("--random", type=int, default=0, metavar="N", help="add N random trees")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random trees")


def add_limit_options(parser: Any) -> None:
    """What the submission may use: ``--timeout S`` per tree, ``--memory MB``, ``--disk
    MB``; where it runs: ``--sandbox KIND``, ``--no-sandbox``."""
    parser.add_argument(
        "--timeout", type=float, default=2.0, metavar="S", help="seconds per tree (default 2)"
    )
    parser.add_argument(
        "--memory", type=int, default=512, metavar="MB", help="memory limit (default 512 MB)"
    )
    parser.add_argument(
        "--disk", type=int, default=64, metavar="MB", help="scratch space (default 64 MB)"
    )
    parser.add_argument(
        "--sandbox",
        choices=("auto", "bwrap", "unshare", "user", "none"),
        default=None,
        help="where the code runs: auto (default; $GAMETREE_SANDBOX), bwrap, unshare, user "
        "(root: a uid of its own only), none",
    )
    parser.add_argument(
        "--no-sandbox",
        action="store_true",
        help="run the code unisolated, as your user (grading refuses to without this)",
    )


def checker_from_args(args: argparse.Namespace, *, require_sandbox: bool = False) -> Any:
    """Build the :class:`~gametree.homework.codecheck.Checker` the options describe
    (``require_sandbox``: grading, which refuses to run code unisolated unless
    ``--no-sandbox``)."""
    from gametree.exceptions import SearchError
    from gametree.homework.codecheck import Checker, Limits

    if args.random < 0:
        raise SearchError(f"--random must be 0 or more, not {args.random}")
    if args.depth is not None and args.depth < 1:
        raise SearchError(f"--depth must be at least 1, not {args.depth}")
    from gametree.homework.codecheck.profiles import COURSE

    pinned: bool | str | None = COURSE
    if args.prune_on_equal:
        pinned = True
    elif getattr(args, "strict", False):
        pinned = False
    elif args.convention == "auto":
        pinned = None
    order = getattr(args, "order", None)
    calls = getattr(args, "agent_calls", None)
    tie_break = getattr(args, "tie_break", None)
    adapter = getattr(args, "adapter", None)
    protocol = args.protocol or ("adapter" if adapter is not None else None)
    if protocol is None:
        raise SearchError(
            "name the style of code: --protocol aima|cs188|mutable|tree, or --adapter FILE"
        )
    options: dict[str, Any] = {}
    if adapter is not None:
        options["adapter"] = adapter
    if getattr(args, "iterative", None) is not None:
        options["iterative"] = args.iterative
    if args.no_sandbox and args.sandbox not in (None, "none"):
        raise SearchError(f"--no-sandbox and --sandbox {args.sandbox} contradict each other")
    return Checker(
        protocol,
        args.entry,
        args.algorithm,
        prune_on_equal=pinned,
        ordered=COURSE if order is None else order == "search",
        foreign_agent_calls=COURSE if calls is None else calls,
        trees=list(args.trees),
        suite=not args.no_suite,
        random=args.random,
        seed=args.seed,
        depth=args.depth,
        tie_break=COURSE if tie_break is None else tie_break,
        limits=Limits(timeout=args.timeout, memory_mb=args.memory, disk_mb=args.disk),
        sandbox="none" if args.no_sandbox else args.sandbox,
        require_sandbox=require_sandbox and not args.no_sandbox,
        **options,
    )


def add_parser(subparsers: Any) -> None:
    """Register the ``check-code`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "check-code",
        help="run a student's minimax/alpha-beta/expectimax code and check every step",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("submission", metavar="SUBMISSION.py", help="the Python file")
    add_code_options(parser)
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument(
        "--diagram",
        default=None,
        metavar="DIR",
        help="draw each wrong tree's divergence into DIR (one picture per tree)",
    )
    parser.add_argument(
        "--diagram-format", choices=("png", "svg"), default="png", help="picture format"
    )
    parser.add_argument("--force", action="store_true", help="replace existing pictures")
    add_quiet_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree check-code``; 0 correct, 1 not."""
    import time

    from gametree.inputs import read_input
    from gametree.quoting import terminal_safe

    source = read_input(args.submission)
    checker = checker_from_args(args)
    began = time.monotonic()
    child = checker.run(source, Path(args.submission).name)
    report = checker.report(child, Path(args.submission).name, began, source)
    if args.json:
        sys.stdout.write(report.to_json() + "\n")
    else:  # the students' lines and output, shown escaped: never run by the terminal
        print(terminal_safe(report.to_text()))
    if args.diagram is not None:
        from gametree.publish import write_divergence_diagrams

        for path in write_divergence_diagrams(
            checker, report, child, args.diagram, args.diagram_format, force=args.force
        ):
            if not args.json:
                report_written(args, str(path))
    return 0 if report.ok else 1
