"""``gametree generate``: a random alpha-beta exercise with its answer key."""

from __future__ import annotations

import argparse
import re
from typing import Any

from gametree.cli.common import add_quiet_option, report_written

__all__ = ["add_parser", "add_shape_options", "parse_range", "run", "shape_arguments"]

DESCRIPTION = """\
Generate an alpha-beta exercise into DIR: the tree (exercise.tree), a blank diagram for
the sheet (exercise.png, exercise.tex), and the answer key: the annotated diagram
(key.png, key.tex), the answers (answers.toml, usable with 'gametree check') and the
worked solution (solution.md). The same arguments and seed give the same exercise.
When no tree meets the constraints, it says so and exits with status 2.

With --variants N it writes N versions of one exercise for an exam instead (same
tree shape, same numbers of pruned edges and leaves, other values and other cuts):
sheet.tex and key.tex in DIR (one version per page), their PDFs when pdflatex is
installed, and each version's tree and answer key; --moodle FILE writes the versions
as a Moodle XML quiz (one Cloze question each).

examples:
  gametree generate --branching 2-3 --depth 3 --seed 7 -o ex7
  gametree generate --depth 3 --seed 1 --prunes 2-4 --values -9..9 -o ex1
  gametree generate --depth 4 --seed 3 --ordering best --distinct-conventions -o ex3
  gametree generate --depth 3 --branching 3 --prunes 3-5 --variants 4 -o exam
  gametree generate --depth 3 --prunes 2-4 --variants 10 --moodle quiz.xml
"""

_RANGE = re.compile(r"^\s*(-?\d+)\s*(?:\.\.|,|-|:)\s*(-?\d+)\s*$")


def parse_range(text: str) -> tuple[int, int]:
    """Read ``"3"``, ``"2-3"``, ``"2..3"`` or ``"-9..9"`` as a (min, max) pair.

    >>> parse_range("2-3"), parse_range("-9..9"), parse_range("4")
    ((2, 3), (-9, 9), (4, 4))
    """
    text = text.strip()
    if re.fullmatch(r"-?\d+", text):
        return int(text), int(text)
    m = _RANGE.match(text)
    if not m:
        raise argparse.ArgumentTypeError(
            f"expected a number or a range such as 2-3 or -9..9, got {text!r}"
        )
    lo, hi = int(m.group(1)), int(m.group(2))
    if lo > hi:
        raise argparse.ArgumentTypeError(f"range {text!r} has min > max")
    return lo, hi


def add_shape_options(parser: argparse.ArgumentParser) -> None:
    """Add the shape, difficulty and key convention of an exercise (``--branching
    --depth --prunes --values --ordering --players --distinct-conventions --strict
    --fail --max-attempts``), read back by :func:`shape_arguments`."""
    # Let "--values -9..9" read as a value, not as an option.
    parser._negative_number_matcher = re.compile(r"^-\d+(\.\.-?\d+)?$|^-\d*\.\d+$")
    parser.add_argument(
        "--branching",
        type=parse_range,
        default=(2, 3),
        help="children per node, N or MIN-MAX (default: 2-3)",
    )
    parser.add_argument("--depth", type=int, default=3, help="depth of every leaf (default: 3)")
    parser.add_argument(
        "--prunes",
        type=parse_range,
        default=None,
        help="number of pruned edges wanted, N or MIN-MAX",
    )
    parser.add_argument(
        "--values", type=parse_range, default=(-9, 9), help="leaf values MIN..MAX (default: -9..9)"
    )
    parser.add_argument(
        "--ordering",
        choices=("random", "best", "worst"),
        default="random",
        help="child order: as drawn, best first or worst first",
    )
    parser.add_argument(
        "--players", default="MAX,MIN", help="players by depth, comma-separated (default: MAX,MIN)"
    )
    parser.add_argument(
        "--distinct-conventions",
        action="store_true",
        help="pruned leaves must differ between cutting on >= and on >",
    )
    parser.add_argument(
        "--strict", action="store_true", help="answer key cuts only when alpha > beta (default: >=)"
    )
    parser.add_argument(
        "--fail",
        choices=("soft", "hard"),
        default="soft",
        help="answer key values fail-soft (default) or fail-hard",
    )
    parser.add_argument(
        "--max-attempts",
        type=int,
        default=2000,
        help="trees to try before giving up (default: 2000)",
    )


def shape_arguments(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of :func:`gametree.generate` but ``seed``, from parsed
    :func:`add_shape_options`."""
    return {
        "branching": args.branching,
        "depth": args.depth,
        "prunes": args.prunes,
        "values": args.values,
        "ordering": args.ordering,
        "players": [p for p in args.players.split(",") if p.strip()],
        "distinct_conventions": args.distinct_conventions,
        "prune_on_equal": not args.strict,
        "fail": args.fail,
        "max_attempts": args.max_attempts,
    }


def add_parser(subparsers: Any) -> None:
    """Register the ``generate`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "generate",
        help="generate an exercise tree with blank diagram, answer key and solution",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_shape_options(parser)
    parser.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    parser.add_argument("--no-images", action="store_true", help="skip the PNG diagrams")
    parser.add_argument(
        "--force",
        action="store_true",
        help="write into a folder that is not empty, replacing the exercise files",
    )
    parser.add_argument(
        "-o", "--output", metavar="DIR", help="directory to write the exercise (or exam) into"
    )
    exam = parser.add_argument_group("exam versions and quizzes (gametree.platforms)")
    exam.add_argument(
        "--variants",
        type=int,
        metavar="N",
        default=None,
        help="N versions of the exercise (same shape and difficulty, other values and cuts): "
        "sheet.tex and key.tex in DIR, and their PDFs when pdflatex is installed",
    )
    exam.add_argument(
        "--moodle",
        metavar="FILE",
        default=None,
        help="the versions (--variants N, default 1) as a Moodle XML quiz of Cloze questions",
    )
    parser.add_argument(
        "--algorithm",
        choices=("alphabeta", "mcts"),
        default="alphabeta",
        help="alphabeta (default): a pruning exercise; mcts: UCB1 selection and counts "
        "on a statistics tree",
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=20,
        help="with --algorithm mcts: iterations behind the statistics (default: 20)",
    )
    parser.add_argument(
        "--c", type=float, default=1.41, help="with --algorithm mcts: UCB1's c (default: 1.41)"
    )
    add_quiet_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree generate``; return 0, or raise an ExerciseError (exit 2)."""
    from gametree.homework import ExerciseError, generate

    if args.variants is not None or args.moodle is not None:
        from gametree.cli.exam import run_exam

        return run_exam(args)
    if args.output is None:
        raise ExerciseError("the following argument is required: -o/--output DIR")
    if args.algorithm == "mcts":
        return _mcts(args)
    exercise = generate(seed=args.seed, **shape_arguments(args))
    paths = exercise.write(args.output, images=not args.no_images, force=args.force)
    a = exercise.answers
    print(
        f"exercise: {len(exercise.tree)} nodes, value {a['value']}, best move {a['move']}, "
        f"{exercise.prunes} pruned edge{'s' if exercise.prunes != 1 else ''} "
        f"(tree {exercise.attempts} of seed {args.seed})"
    )
    for path in paths:
        report_written(args, str(path))
    return 0


def _mcts(args: argparse.Namespace) -> int:
    """``generate --algorithm mcts``: a statistics tree, its questions and key."""
    from gametree.homework.mctsgenerate import generate_mcts

    exercise = generate_mcts(
        branching=args.branching,
        depth=args.depth,
        iterations=args.iterations,
        c=args.c,
        seed=args.seed,
    )
    paths = exercise.write(args.output, images=not args.no_images, force=args.force)
    path = " ".join(str(n) for n in exercise.key.path)
    print(
        f"exercise: {len(exercise.tree)} nodes, {args.iterations} iterations, selection "
        f"path {path}, playout value {exercise.playout_value}"
    )
    for written in paths:
        report_written(args, str(written))
    return 0
