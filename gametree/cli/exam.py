"""``gametree generate --variants N`` and ``--moodle FILE``: exam versions and quizzes."""

from __future__ import annotations

import argparse

from gametree.cli.common import print_warnings, report_written
from gametree.cli.shapes import shape_arguments

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
    versions = make_variants(count, seed=args.seed, **shape_arguments(args))
    first = versions[0]
    print(
        f"{count} version{'s' if count != 1 else ''}: {len(first.tree)} nodes, "
        f"{first.prunes} pruned edges and {len(first.answers['pruned'])} pruned leaves each"
    )
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
        report_written(args, str(write_moodle(args.moodle, versions, force=args.force)))
    return 0
