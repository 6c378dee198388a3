"""``gametree generate``: a random alpha-beta exercise with its answer key."""

from __future__ import annotations

import argparse
from typing import Any

from gametree.cli.common import add_quiet_option, print_warnings, report_written
from gametree.cli.shapes import (
    add_own_tree_options,
    add_shape_options,
    parse_range,
    shape_arguments,
)
from gametree.drawing.latex import LATEX, check_latex
from gametree.platforms.latex import PAPER_CHOICES

__all__ = ["add_parser", "add_shape_options", "parse_range", "run", "shape_arguments"]

DESCRIPTION = """\
Generate an alpha-beta exercise into DIR: the tree (exercise.tree), a blank diagram for
the sheet (exercise.png, exercise.tex), and the answer key: the annotated diagram
(key.png, key.tex; the .tex files in TikZ, or forest with --latex forest), the answers
(answers.toml, usable with 'gametree check') and the worked solution (solution.md). The
same arguments and seed give the same exercise.
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
  gametree generate --depth 3 --branching 3 --variants 4 --latex forest -o exam
  gametree generate --depth 3 --prunes 2-4 --variants 10 --moodle quiz.xml
  gametree generate --tree mine.tree --variants 4 --mirror -o exam
  gametree generate --depth 4 --branching 3 --variants 4 --paper letter -o exam

With --tree FILE the versions are of your own tree: same shape, same numbers of pruned
edges and leaves (the same difficulty), other leaf values, other pruned leaves, none the
same as another or as your tree; when your tree's ties make cutting on >= and on >
prune different leaves, every version's do too. A tree wider than the page is drawn in
parts (the top levels, then each subtree).
"""


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
        "--latex",
        choices=LATEX,
        default=None,
        help="what draws the trees of the .tex files (exercise.tex and key.tex; sheet.tex "
        "and key.tex with --variants): tikz (default) or forest (istgame is refused, with "
        "the reason)",
    )
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
    add_own_tree_options(exam, "versions")
    exam.add_argument(
        "--moodle-feedback",
        choices=("reasons", "plain"),
        default="reasons",
        help="what each Moodle blank says after a try: the checker's reason (default; it "
        "names the children's values, which other blanks ask for) or plain right/wrong",
    )
    exam.add_argument(
        "--paper",
        choices=PAPER_CHOICES,
        default="a4",
        help="the paper of sheet.tex and key.tex (default: a4, 2 cm margins; letter has 1 in "
        "margins); a tree too wide for it is drawn in parts: its top levels, then each subtree",
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

    if args.latex is not None:
        if args.algorithm == "mcts":
            raise ExerciseError("--latex applies to alpha-beta exercises (an MCTS one has no .tex)")
        check_latex(args.latex)
    if args.variants is not None or args.moodle is not None or args.tree is not None:
        from gametree.cli.exam import run_exam

        return run_exam(args)
    if args.output is None:
        raise ExerciseError("the following argument is required: -o/--output DIR")
    if args.algorithm == "mcts":
        return _mcts(args)
    exercise = generate(seed=args.seed, **shape_arguments(args))
    with print_warnings("generate"):
        paths = exercise.write(
            args.output, images=not args.no_images, force=args.force, latex=args.latex or "tikz"
        )
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
