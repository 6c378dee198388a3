"""The ``gametree`` command: ``main(argv=None) -> int``, testable in-process.

Each command lives in a module of its own (:data:`COMMANDS`), imported when the parser
is built. ``gametree`` alone prints the help with the list of commands, ``gametree
--version`` the installed version. Exit status: 0 ok, 1 a check that found wrong answers,
2 bad usage or bad input. Bad input gives one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import errno
import importlib
import os
import re
import sys
import traceback
from collections.abc import Sequence
from types import ModuleType
from typing import NoReturn

from gametree.exceptions import GameTreeError

__all__ = ["COMMANDS", "UsageError", "build_parser", "error_line", "main", "usage_line"]

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
    ("check-code", "gametree.cli.check_code"),
    ("grade-code", "gametree.cli.grade_code"),
    ("generate", "gametree.cli.generate"),
    ("compare", "gametree.cli.compare"),
    ("practice", "gametree.cli.practice"),
    ("gradescope", "gametree.cli.gradescope"),
    ("prairielearn", "gametree.cli.prairielearn"),
)


def _command_modules(only: str | None = None) -> list[ModuleType]:
    modules = []
    for command, name in COMMANDS:
        if only is not None and command != only:
            continue
        try:
            modules.append(importlib.import_module(name))
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    return modules


class UsageError(Exception):
    """A command line argparse cannot read; ``str`` is the one line printed."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (argparse prints the usage block)."""

    commands: dict[str, argparse.ArgumentParser]

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: error: {message}")


class _Version(argparse.Action):
    """``--version``: the installed version, read only when asked for (reading package
    metadata is a third of ``import gametree``)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:  # fmt: skip
        import gametree

        print(f"gametree {gametree.__version__}")
        parser.exit()


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Return the argument parser with every available command, or with the command
    ``only`` alone (a run imports just the module of the command it runs)."""
    parser = _Parser(
        prog="gametree",
        description="Game trees: build, search, draw, check answers, play games.",
        epilog="gametree COMMAND --help says what a command takes.",
    )
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and exit")
    # Not required: `gametree` alone prints this help, with the list of commands.
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _command_modules(only):
        module.add_parser(subparsers)
    parser.commands = dict(subparsers.choices)
    return parser


_INVALID_CHOICE = re.compile(r"invalid choice: '([^']*)' \(choose from (.*)\)")


def usage_line(parser: argparse.ArgumentParser, argv: Sequence[str], error: str) -> str:
    """Return the one line for a usage error, with "did you mean ...?" for a near miss."""
    error = " ".join(error.split())
    choice = _INVALID_CHOICE.search(error)
    if choice:
        options = re.findall(r"'([^']*)'|([^,\s]+)", choice.group(2))
        known = [a or b for a, b in options]
        wrong = [choice.group(1)]
    else:
        command = next((a for a in argv if not a.startswith("-")), None)
        sub = getattr(parser, "commands", {}).get(command, parser)
        known = [o for action in sub._actions for o in action.option_strings]
        extra = error.partition("unrecognized arguments:")[2].split()
        wrong = [a.partition("=")[0] for a in extra if a.startswith("--") or a[:1] == "-"]
        if command is not None and sub is not parser and "gametree:" in error:
            error = error.replace("gametree:", f"gametree {command}:", 1)
    from gametree.cli.wording import did_you_mean

    hints = [m for w in wrong if (m := did_you_mean(w, known)) is not None]
    if hints:
        error += f"; did you mean {' or '.join(dict.fromkeys(hints))}?"
    return error


class _ClosedStream:
    """Stands in for a closed standard stream: writing to it is an error, not a crash."""

    def __init__(self, name: str) -> None:
        self.name = name

    def write(self, text: str) -> NoReturn:
        raise OSError(errno.EBADF, "closed, nothing can be written", self.name)

    def flush(self) -> None:
        """Nothing was written, so nothing is lost."""


def error_line(exc: BaseException) -> str:
    """Return a one-line description of ``exc`` for stderr."""
    from gametree.exceptions import TreeSyntaxError

    if isinstance(exc, TreeSyntaxError):
        where = f"{exc.filename}:" if exc.filename else "line "
        sep = ":" if exc.filename else ", column "
        return f"{where}{exc.line}{sep}{exc.column}: {exc.reason}"
    if (
        isinstance(exc, OSError)
        and not isinstance(exc, GameTreeError)  # (ours say it their way: OutputExistsError)
        and exc.filename is not None
        and exc.strerror
    ):
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
    arguments = sys.argv[1:] if argv is None else list(argv)
    # The command named first needs only its own module; anything else (no command, an
    # option first, a misspelt command) gets the parser of every command.
    first = arguments[0] if arguments else None
    parser = build_parser(first if first in dict(COMMANDS) else None)
    try:
        args = parser.parse_args(arguments)
    except UsageError as exc:
        print(usage_line(parser, arguments, str(exc)), file=sys.stderr)
        return 2
    except SystemExit as exc:
        return int(exc.code) if isinstance(exc.code, int) else 2
    if args.command is None:
        parser.print_help()
        return 0
    closed = sys.stdout is None  # started with stdout closed (``>&-``)
    if closed:
        sys.stdout = _ClosedStream("standard output")
    try:
        return _run(args)
    finally:
        if closed:
            sys.stdout = None


def _run(args: argparse.Namespace) -> int:
    try:
        status: int = args.func(args)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (``gametree solve t.tree | head``): not an error of ours.
        _silence_stdout()
        return 0
    except (GameTreeError, OSError, UnicodeDecodeError) as exc:
        from gametree.cli.wording import cli_wording, with_suggestion

        line = with_suggestion(cli_wording(error_line(exc), args.command))
        print(f"gametree {args.command}: error: {line}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("gametree: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        files = getattr(args, "user_game_files", None)
        if files is None:
            raise
        from gametree.games.usercode import user_error

        told = user_error(exc, files)
        if told is None:
            raise
        if getattr(args, "verbose", False):
            traceback.print_exception(exc)
            hint = ""
        else:
            hint = " (add -v for the traceback)"
        print(f"gametree {args.command}: error: {told}{hint}", file=sys.stderr)
        return 2
    return status
