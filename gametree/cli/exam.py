"""``gametree generate --variants N`` and ``--moodle FILE``: exam versions and quizzes."""

from __future__ import annotations

import argparse
from typing import Any

from gametree.cli.common import print_warnings, report_written
from gametree.cli.shapes import shape_arguments, shape_flags_given

__all__ = ["run_exam"]


def run_exam(args: argparse.Namespace) -> int:
    """Write the exam sheet and key (``--variants N -o DIR``) and/or the Moodle quiz
    (``--moodle FILE``, of N versions with ``--variants N``, else one); return 0, or raise
    (exit 2)."""
    from pathlib import Path

    from gametree.exceptions import PlatformError
    from gametree.outfiles import check_new_output
    from gametree.platforms.latex import exam_file_names, latex_problem, write_exam
    from gametree.platforms.moodle import write_moodle
    from gametree.platforms.variants import make_variants

    if args.algorithm != "alphabeta":
        raise PlatformError("--variants and --moodle make alpha-beta exercises, not -a mcts")
    if args.variants is None and args.moodle is None:
        raise PlatformError("--tree FILE makes versions: give --variants N -o DIR or --moodle FILE")
    if args.variants is not None and args.output is None and args.moodle is None:
        raise PlatformError(
            "--variants N writes the sheet and key into -o DIR (or the quiz to --moodle FILE); "
            "give -o DIR"
        )
    if args.output is not None and args.variants is None:
        raise PlatformError("-o DIR with --moodle needs --variants N (the versions for DIR)")
    count = args.variants if args.variants is not None else 1
    latex = args.latex or "tikz"
    # Refuse existing outputs before any work.
    if args.moodle is not None:
        check_new_output(args.moodle, force=args.force)
    problem = latex_problem(latex) if args.output is not None else None
    if args.output is not None:
        for name in exam_file_names(count, pdf=problem is None):
            check_new_output(Path(args.output) / name, force=args.force)
    if args.tree is not None:
        versions = _tree_versions(args, count)
    else:
        if args.mirror:
            raise PlatformError("--mirror applies to versions of your own tree (--tree FILE)")
        versions = make_variants(count, seed=args.seed, **shape_arguments(args))
    first = versions[0]
    print(
        f"{count} version{'s' if count != 1 else ''}: {len(first.tree)} nodes, "
        f"{first.prunes} pruned edges and {len(first.answers['pruned'])} pruned leaves each"
    )
    if args.tree is not None:
        ties = (
            "your tree's ties make cutting on >= and on > prune different leaves, and so do "
            "every version's"
            if first.settings["distinct_conventions"]
            else "both cut rules prune the same leaves in your tree; ties in the versions are "
            "left to chance"
        )
        print(f"ties: {ties}")
    if args.output is not None:
        with print_warnings("generate"):
            written = write_exam(
                args.output, versions, force=args.force, latex=latex, pdf=problem is None,
                paper=args.paper,
            )  # fmt: skip
        for path in written:
            report_written(args, str(path))
        if problem is not None:
            print(f"{problem}: no PDFs (the .tex files compile on their own where it can)")
    if args.moodle is not None:
        quiz = write_moodle(args.moodle, versions, force=args.force, feedback=args.moodle_feedback)
        report_written(args, str(quiz))
    return 0


def _tree_versions(args: argparse.Namespace, count: int) -> list[Any]:
    """The versions of the instructor's tree (``--tree FILE``)."""
    from gametree.cli.common import read_tree
    from gametree.exceptions import PlatformError
    from gametree.platforms.variants import tree_variants

    given = shape_flags_given(args)
    if given:
        raise PlatformError(
            f"{given[0]} does not apply with --tree FILE: the versions take your tree's shape "
            "and difficulty"
        )
    return tree_variants(
        read_tree(args.tree), count, seed=args.seed, values=args.values, mirror=args.mirror,
        prune_on_equal=not args.strict, fail=args.fail, max_attempts=args.max_attempts,
    )  # fmt: skip
