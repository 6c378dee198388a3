"""``gametree validate TREE...``: report every problem of each tree file."""

from __future__ import annotations

import argparse
import sys
from typing import Any

import networkx as nx

from gametree.cli.common import read_tree
from gametree.exceptions import InvalidTreeError, TreeFileError, TreeSyntaxError
from gametree.validation import find_root

__all__ = ["add_parser", "run"]


def add_parser(subparsers: Any) -> None:
    """Register the ``validate`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "validate",
        help="check tree files against the game-tree contract",
        description=(
            "Read each TREE and print every problem found. Exit status: 0 all valid, "
            "1 some tree is invalid, 2 some file cannot be read or parsed."
        ),
    )
    parser.add_argument(
        "trees", metavar="TREE", nargs="+", help="tree files (.tree .json .dot .gv .graphml) or -"
    )
    parser.set_defaults(func=run)


def _summary(G: nx.DiGraph) -> str:
    root = find_root(G)
    depth = {root: 0}
    order = [root]
    for node in order:
        for child in G._succ[node]:
            if child not in depth:
                depth[child] = depth[node] + 1
                order.append(child)
    leaves = sum(1 for node in G if not G._succ[node])
    return f"{len(G)} nodes, {leaves} leaves, depth {max(depth.values())}, root {root!r}"


def run(args: argparse.Namespace) -> int:
    """Validate each file; return the worst status (0 valid, 1 invalid, 2 unreadable)."""
    from gametree.cli.command import error_line
    from gametree.cli.wording import cli_wording

    status = 0
    for path in args.trees:
        shown = "<stdin>" if path == "-" else path
        try:
            G = read_tree(path)
        except InvalidTreeError as exc:
            status = max(status, 1)
            found = [str(p) for p in exc.problems] or [str(exc).removeprefix(f"{path}: ")]
            print(f"{shown}: invalid, {len(found)} problem{'s' if len(found) > 1 else ''}:")
            for problem in found:
                print(f"{shown}:   {problem}")
        except (TreeSyntaxError, TreeFileError, OSError, UnicodeDecodeError) as exc:
            status = 2
            line = cli_wording(error_line(exc), "validate")
            if not line.startswith(shown):
                line = f"{shown}: {line}"
            print(f"gametree validate: error: {line}", file=sys.stderr)
        else:
            print(f"{shown}: ok ({_summary(G)})")
    return status
