"""The ``gametree`` command line: ``main(argv=None) -> int``, testable in-process.

- ``command``: :func:`main`, the argument parser of every command, usage errors with "did
  you mean", and every error told as one line on stderr (exit 2);
- ``common``: the arguments and options commands share (reading trees and games, search,
  MCTS and drawing options); ``wording``: error messages in the command line's words;
- one module per command: ``solve``, ``draw``, ``convert``, ``validate``, ``expand``,
  ``play``, ``check``, ``grade``, ``check_code``, ``grade_code``, ``generate``,
  ``compare``, ``practice``, ``gradescope``, ``prairielearn``; ``exam`` runs
  ``generate --variants`` and ``--moodle``; ``shapes``: the shape options of a generated
  exercise, shared by ``generate`` and ``prairielearn``.
"""

from gametree.cli.command import COMMANDS as COMMANDS
from gametree.cli.command import UsageError as UsageError
from gametree.cli.command import build_parser as build_parser
from gametree.cli.command import error_line as error_line
from gametree.cli.command import main
from gametree.cli.command import usage_line as usage_line

__all__ = ["main"]
