"""The shape, difficulty and key convention of a generated exercise, as CLI options.

``gametree generate`` (an exercise, or exam versions with ``--variants``) and
``gametree prairielearn`` take the same options; :func:`add_shape_options` adds them and
:func:`shape_arguments` reads them back as :func:`gametree.generate`'s keywords.
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from gametree.cli.common import parse_players

__all__ = [
    "add_own_tree_options",
    "add_shape_options",
    "parse_range",
    "shape_arguments",
    "shape_flags_given",
]

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
        "--values",
        type=parse_range,
        default=None,
        help="leaf values MIN..MAX (default: -9..9; with --tree, the tree's own range)",
    )
    parser.add_argument(
        "--ordering",
        choices=("random", "best", "worst"),
        default="random",
        help="child order: as drawn, best first or worst first",
    )
    parser.add_argument(
        "--players",
        type=parse_players,
        default=["MAX", "MIN"],
        help="players by depth, comma-separated: MAX, MIN, CHANCE (default: MAX,MIN)",
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


def add_own_tree_options(parser: Any, what: str) -> None:
    """Add ``--tree FILE`` and ``--mirror``: ``what`` ("versions", "variants") of the
    instructor's own tree instead of random trees."""
    parser.add_argument(
        "--tree",
        metavar="FILE",
        default=None,
        help=f"{what} of this tree (yours) instead of random trees: the same shape, as many "
        "pruned edges and leaves under the key's convention, other leaf values (from "
        "--values, default the tree's own range) and other pruned leaves; --branching, "
        "--depth, --prunes, --ordering, --players, --distinct-conventions do not apply",
    )
    parser.add_argument(
        "--mirror",
        action="store_true",
        help=f"with --tree: {what} may also mirror subtrees (a node's children reversed)",
    )


def shape_arguments(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of :func:`gametree.generate` but ``seed``, from parsed
    :func:`add_shape_options`."""
    return {
        "branching": args.branching,
        "depth": args.depth,
        "prunes": args.prunes,
        "values": args.values if args.values is not None else (-9, 9),
        "ordering": args.ordering,
        "players": list(args.players),
        "distinct_conventions": args.distinct_conventions,
        "prune_on_equal": not args.strict,
        "fail": args.fail,
        "max_attempts": args.max_attempts,
    }


def shape_flags_given(args: argparse.Namespace) -> list[str]:
    """The shape options given on the command line that ``--tree FILE`` replaces."""
    shape = {
        "--branching": args.branching != (2, 3),
        "--depth": args.depth != 3,
        "--prunes": args.prunes is not None,
        "--ordering": args.ordering != "random",
        "--players": list(args.players) != ["MAX", "MIN"],
        "--distinct-conventions": args.distinct_conventions,
    }
    return [flag for flag, present in shape.items() if present]
