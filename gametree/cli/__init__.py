"""The ``gametree`` command: ``main(argv=None) -> int``, testable in-process.

Exit status: 0 ok, 1 a check that found wrong answers, 2 bad usage or bad input. Bad
input gives one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from gametree.exceptions import GameTreeError

__all__ = ["main"]

# (command, module). Each module defines ``add_parser(subparsers)``, which registers the
# command and sets ``func`` (``run(args) -> int``) as a default.
COMMANDS: tuple[tuple[str, str], ...] = (
    ("solve", "gametree.cli.solve"),
    ("draw", "gametree.cli.draw"),
    ("convert", "gametree.cli.convert"),
    ("validate", "gametree.cli.validate"),
    ("expand", "gametree.cli.expand"),
    ("play", "gametree.cli.play"),
    ("check", "gametree.cli.check"),
    ("grade", "gametree.cli.grade"),
    ("generate", "gametree.cli.generate"),
    ("compare", "gametree.cli.compare"),
    ("practice", "gametree.cli.practice"),
)


def _command_modules() -> list[ModuleType]:
    modules = []
    for _, name in COMMANDS:
        try:
            modules.append(importlib.import_module(name))
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    return modules


def build_parser() -> argparse.ArgumentParser:
    """Return the argument parser with every available command."""
    parser = argparse.ArgumentParser(
        prog="gametree",
        description="Game trees: build, search, draw, check answers, play games.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in _command_modules():
        module.add_parser(subparsers)
    return parser


def error_line(exc: BaseException) -> str:
    """Return a one-line description of ``exc`` for stderr."""
    from gametree.exceptions import TreeSyntaxError

    if isinstance(exc, TreeSyntaxError):
        where = f"{exc.filename}:" if exc.filename else "line "
        sep = ":" if exc.filename else ", column "
        return f"{where}{exc.line}{sep}{exc.column}: {exc.reason}"
    if isinstance(exc, OSError) and exc.filename is not None and exc.strerror:
        return f"{exc.filename}: {exc.strerror}"
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``gametree`` command line and return its exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else 2
    try:
        status: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``gametree solve t.tree | head``): not an error of ours.
        _silence_stdout()
        return 0
    except (GameTreeError, OSError, UnicodeDecodeError) as exc:
        from gametree.cli.wording import cli_wording

        line = cli_wording(error_line(exc), args.command)
        print(f"gametree {args.command}: error: {line}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("gametree: interrupted", file=sys.stderr)
        return 130
    return status
