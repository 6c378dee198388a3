"""The command line reference, read from gametree's own argument parsers at build time.

``gametree.cli.command.build_parser()`` is what ``gametree`` runs, so the reference shows
exactly the commands, usage lines, options, choices and defaults the installed program
has, and cannot drift from it. Two directives:

- ``gametree-commands``: a table of every command with its one-line help, linking to
  each command's reference;
- ``gametree-command NAME``: one command: its usage, its description (the text of
  ``gametree NAME --help``, examples included) and every argument and option, by group,
  with its choices and default.

A command of :data:`gametree.cli.command.COMMANDS` that no ``gametree-command``
directive documents is a build warning (an error under ``sphinx-build -W``).
"""

from __future__ import annotations

import argparse
import copy
import functools
import os
from collections.abc import Iterator
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

logger = logging.getLogger(__name__)

WIDTH = 88
"""Columns of the usage lines (argparse wraps them to the terminal's width)."""


@functools.cache
def parser() -> argparse.ArgumentParser:
    """Return the ``gametree`` parser, built once per build."""
    from gametree.cli.command import build_parser

    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(WIDTH)
    try:
        return build_parser()
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """Return every command's parser, in the order of ``gametree --help``."""
    commands: dict[str, argparse.ArgumentParser] = parser().commands  # type: ignore[attr-defined]
    return commands


def command_help() -> dict[str, str]:
    """Return each command's one-line help, as ``gametree --help`` lists it."""
    for action in parser()._subparsers._group_actions:  # type: ignore[union-attr]
        if isinstance(action, argparse._SubParsersAction):
            return {choice.dest: choice.help or "" for choice in action._choices_actions}
    return {}


def anchor(command: str) -> str:
    """Return the HTML id of a command's reference."""
    return f"command-{command}"


def formatter(command: argparse.ArgumentParser) -> argparse.HelpFormatter:
    """Return the help formatter argparse would use for ``command``, at :data:`WIDTH`."""
    return command.formatter_class(prog=command.prog, width=WIDTH)


def invocation(action: argparse.Action, fmt: argparse.HelpFormatter) -> str:
    """Return how an argument is written: ``-o OUT, --output OUT`` or ``TREE``."""
    if action.choices is not None and action.metavar is None:
        metavar = action.dest.upper() if action.option_strings else action.dest
    else:
        metavar = action.metavar or (action.dest.upper() if action.option_strings else action.dest)
    if not action.option_strings:
        return str(metavar)
    if action.nargs == 0:
        return ", ".join(action.option_strings)
    shown = copy.copy(action)  # its choices are listed apart: a name stands for them here
    shown.metavar = metavar
    args = fmt._format_args(shown, str(metavar))
    return ", ".join(f"{option} {args}" for option in action.option_strings)


def help_text(action: argparse.Action, fmt: argparse.HelpFormatter) -> str:
    """Return an argument's help with ``%(default)s`` and the like filled in."""
    if not action.help:
        return ""
    return fmt._expand_help(action)


def argument_item(action: argparse.Action, fmt: argparse.HelpFormatter) -> nodes.Node:
    """Return one argument as a definition-list item."""
    term = nodes.term("", "")
    term += nodes.literal(text=invocation(action, fmt))
    body = nodes.definition()
    text = help_text(action, fmt)
    if text:
        body += nodes.paragraph(text=text)
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        choices = nodes.paragraph(text="One of: ")
        for i, choice in enumerate(action.choices):
            if i:
                choices += nodes.Text(", ")
            choices += nodes.literal(text=str(choice))
        body += choices
    item = nodes.definition_list_item()
    item += term
    item += body
    return item


def groups(command: argparse.ArgumentParser) -> Iterator[tuple[str, list[argparse.Action]]]:
    """Yield each argument group's title and its documented arguments, in order."""
    for group in command._action_groups:
        actions = [
            a
            for a in group._group_actions
            if a.help != argparse.SUPPRESS and not isinstance(a, argparse._HelpAction)
        ]
        if actions:
            yield str(group.title or "options"), actions


def exclusive_notes(command: argparse.ArgumentParser) -> list[nodes.paragraph]:
    """Return one sentence per set of options that exclude each other."""
    notes = []
    for group in command._mutually_exclusive_groups:
        names = [a.option_strings[-1] for a in group._group_actions if a.option_strings]
        if len(names) < 2:
            continue
        note = nodes.paragraph()
        for i, name in enumerate(names):
            if i:
                note += nodes.Text(" and " if i == len(names) - 1 else ", ")
            note += nodes.literal(text=name)
        note += nodes.Text(" exclude each other.")
        notes.append(note)
    return notes


class CommandDirective(SphinxDirective):
    """``gametree-command NAME``: the reference of one command."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        commands = subcommands()
        if name not in commands:
            raise self.error(f"gametree has no command {name!r}; it has {', '.join(commands)}")
        documented: set[str] = getattr(self.env, "gametree_commands", set())
        documented.add(name)
        self.env.gametree_commands = documented  # type: ignore[attr-defined]
        command = commands[name]
        fmt = formatter(command)
        container = nodes.container(classes=["gametree-command"], ids=[anchor(name)])
        usage = command.format_usage().strip().removeprefix("usage: ")
        container += nodes.literal_block(usage, usage, language="text", classes=["usage"])
        if command.description:
            description = command.description.strip("\n")
            container += nodes.literal_block(
                description, description, language="text", classes=["description"]
            )
        for title, actions in groups(command):
            container += nodes.rubric(text=title[:1].upper() + title[1:])
            items = nodes.definition_list(classes=["options"])
            for action in actions:
                items += argument_item(action, fmt)
            container += items
        for note in exclusive_notes(command):
            container += note
        return [container]


class CommandsDirective(SphinxDirective):
    """``gametree-commands``: every command, its one-line help and a link to it."""

    def run(self) -> list[nodes.Node]:
        helps = command_help()
        table = nodes.table(classes=["gametree-commands"])
        group = nodes.tgroup(cols=2)
        table += group
        group += nodes.colspec(colwidth=1)
        group += nodes.colspec(colwidth=4)
        body = nodes.tbody()
        group += body
        for name in subcommands():
            row = nodes.row()
            cell = nodes.entry()
            link = nodes.reference("", "", refid=anchor(name), internal=True)
            link += nodes.literal(text=name)
            cell += nodes.paragraph("", "", link)
            row += cell
            row += nodes.entry("", nodes.paragraph(text=helps.get(name, "")))
            body += row
        return [table]


def check_every_command(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn about each command that no ``gametree-command`` directive documents."""
    documented: set[str] = getattr(env, "gametree_commands", set())
    for name in subcommands():
        if name not in documented:
            logger.warning(
                "gametree %s has no reference: add a `gametree-command %s` directive to "
                "docs/guides/cli.md",
                name,
                name,
            )


def merge_commands(app: Sphinx, env: BuildEnvironment, docnames: Any, other: Any) -> None:
    """Keep the commands documented by parallel readers."""
    merged = getattr(env, "gametree_commands", set()) | getattr(other, "gametree_commands", set())
    env.gametree_commands = merged  # type: ignore[attr-defined]


def purge_commands(app: Sphinx, env: BuildEnvironment, docname: str) -> None:
    """Forget the commands of a page being read again (its directives will say them)."""
    if docname == "guides/cli":
        env.gametree_commands = set()  # type: ignore[attr-defined]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the two directives and the check."""
    app.add_directive("gametree-command", CommandDirective)
    app.add_directive("gametree-commands", CommandsDirective)
    app.connect("env-check-consistency", check_every_command)
    app.connect("env-merge-info", merge_commands)
    app.connect("env-purge-doc", purge_commands)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
