"""Helpers shared by the CLI commands: reading trees and search options."""

from __future__ import annotations

import argparse
import math
import re
import sys
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import networkx as nx

from gametree.exceptions import SearchError
from gametree.search.algorithms import ALGORITHMS, canonical_name, is_mcts

__all__ = [
    "WINDOW_ALGORITHMS",
    "add_bounds_option",
    "add_drawing_options",
    "add_force_option",
    "add_game_argument",
    "add_mcts_options",
    "add_search_options",
    "add_tree_argument",
    "algorithm_name",
    "check_at_least_one",
    "drawing_options",
    "focus_node",
    "mcts_flags_given",
    "mcts_options",
    "parse_number",
    "parse_players",
    "print_warnings",
    "read_game",
    "read_tree",
    "search_options",
]

ALGORITHM_CHOICES = (*ALGORITHMS, "mcts")
"""The names ``--algorithm`` takes: those of :func:`gametree.solve`, and Monte Carlo."""


def algorithm_name(text: str) -> str:
    """Return the canonical name of ``--algorithm TEXT`` through the API's one table of
    aliases (:func:`gametree.search.algorithms.canonical_name`: ``alpha-beta``,
    ``NegaScout``, ``sss*``, ...; ``uct`` for Monte Carlo); an unknown name is returned
    as it is, for argparse to refuse among the choices (with a did-you-mean).

    >>> algorithm_name("alpha-beta"), algorithm_name("UCT"), algorithm_name("alphabet")
    ('alphabeta', 'mcts', 'alphabet')
    """
    if is_mcts(text):
        return "mcts"
    try:
        return canonical_name(text)
    except SearchError:
        return text


_NEGATIVE_NUMBER = re.compile(r"^-(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$|^-inf(inity)?$", re.IGNORECASE)


def add_tree_argument(parser: argparse.ArgumentParser, *, optional: bool = False) -> None:
    """Add the positional TREE argument (a file in any format gametree reads, or ``-``).

    With ``optional``, TREE may be left out (for a command that also takes ``--game``).
    """
    parser.add_argument(
        "tree",
        metavar="TREE",
        nargs="?" if optional else None,
        help="tree file (.tree, .json, .dot, .graphml, .efg) or - for the notation on stdin",
    )


GAME_HELP = (
    "a game: tictactoe[:M,N,K], connect4[:ROWS,COLS,CONNECT], nim[:P1,P2,...], aima, "
    "openspiel:NAME[(PARAM=VALUE,...)], or your own class as module:Class or "
    "path/to/file.py:Class, with literal arguments: 'mygame.py:Take(n=7)'"
)


def add_game_argument(parser: argparse.ArgumentParser, *, positional: bool = True) -> None:
    """Add ``--game SPEC`` (and, with ``positional``, an optional positional GAME)."""
    if positional:
        parser.add_argument("game", metavar="GAME", nargs="?", help=GAME_HELP)
    parser.add_argument(
        "--game",
        dest="game_option",
        metavar="SPEC",
        default=None,
        help="the game, as GAME" if positional else GAME_HELP,
    )


def read_game(args: argparse.Namespace) -> Any:
    """Return the game named by GAME or ``--game`` (exactly one of them).

    For a game of the user's own, its source files are kept in ``args.user_game_files``,
    so that an exception raised in its code is told as the user's (one line naming the
    method, the file and the line; :func:`gametree.games.usercode.user_error`).
    """
    from gametree.exceptions import GameError
    from gametree.games.specs import parse_game
    from gametree.games.usercode import game_files

    given = [g for g in (getattr(args, "game", None), args.game_option) if g is not None]
    if len(given) != 1:
        raise GameError(
            "name one game, as GAME or with --game SPEC"
            + (f" (got {len(given)}: {', '.join(given)})" if given else "")
        )
    game = parse_game(given[0])
    args.user_game_files = game_files(game)
    return game


def read_tree(path: str) -> nx.DiGraph:
    """Load the tree named on the command line (``-`` reads stdin, format sniffed).

    Either is refused past the input limit (:mod:`gametree.inputs`), as is a file that
    is not a regular file.
    """
    from gametree.inputs import check_input_file, read_stream
    from gametree.readwrite import load, loads

    if path == "-":
        return loads(read_stream(sys.stdin).decode("utf-8-sig"))
    check_input_file(path)
    return load(path)


def check_at_least_one(args: argparse.Namespace, *names: str) -> None:
    """Raise :class:`GameError` (one line on stderr) unless each option given is >= 1.

    ``names`` are attribute names of ``args`` (``"games"``, ``"max_nodes"``); an option
    left at None is not checked.
    """
    from gametree.exceptions import GameError

    for name in names:
        value = getattr(args, name)
        if value is not None and value < 1:
            flag = "--" + name.replace("_", "-")
            raise GameError(f"{flag} must be at least 1, got {value}")


def parse_number(text: str) -> float:
    """Read a number argument: ``inf`` and ``-inf`` too, a whole number as an int."""
    lowered = text.strip().lower()
    if lowered in {"inf", "+inf", "infinity"}:
        return math.inf
    if lowered in {"-inf", "-infinity"}:
        return -math.inf
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if math.isnan(value):
        raise argparse.ArgumentTypeError("NaN is not allowed")
    return int(value) if value.is_integer() else value


def parse_players(text: str) -> list[str]:
    """Read ``--players MAX,MIN,CHANCE`` (the players by depth, cycled) for argparse:
    each name checked (any case), no empty name between commas, at least one.

    >>> parse_players("max, MIN")
    ['MAX', 'MIN']
    >>> parse_players("MAX,,MIN")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'MAX,,MIN': player 2 is empty; write players such as MAX,MIN
    """
    from gametree.attrs import Player

    names = [name.strip() for name in text.split(",")]
    allowed = ", ".join(p.value for p in Player)
    if not any(names):
        raise argparse.ArgumentTypeError(f"{text!r}: no player; write players such as MAX,MIN")
    for i, name in enumerate(names, 1):
        if not name:
            raise argparse.ArgumentTypeError(
                f"{text!r}: player {i} is empty; write players such as MAX,MIN"
            )
        try:
            Player.parse(name)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r}: unknown player {name!r}; expected {allowed}"
            ) from None
    return [Player.parse(name).value for name in names]


def add_search_options(
    parser: argparse.ArgumentParser, *, default: str | None = "alphabeta"
) -> None:
    """Add ``--algorithm --depth --strict --fail --window --transpositions`` and the
    multi-pass options ``--first-guess`` (mtdf), ``--guess --delta`` (aspiration)."""
    parser.add_argument(
        "-a",
        "--algorithm",
        type=algorithm_name,
        choices=ALGORITHM_CHOICES,
        default=default,
        help=f"search algorithm (default: {default}); the API's aliases too (alpha-beta, "
        "negascout, sss*, ...)",
    )
    parser.add_argument("--depth", type=int, default=None, help="depth limit (default: none)")
    parser.add_argument(
        "--strict",
        action="store_true",
        help="cut only when alpha > beta (default: cut when alpha >= beta, as AIMA)",
    )
    parser.add_argument(
        "--fail",
        choices=("soft", "hard"),
        default="soft",
        help="fail-soft or fail-hard alpha-beta (default: soft)",
    )
    # "--window -inf 5": argparse would take "-inf" for an option; read it as a number.
    if hasattr(parser, "_negative_number_matcher"):
        parser._negative_number_matcher = _NEGATIVE_NUMBER
    parser.add_argument(
        "--window",
        nargs=2,
        type=parse_number,
        metavar=("LO", "HI"),
        default=None,
        help="initial alpha-beta window (default: -inf inf)",
    )
    parser.add_argument(
        "--transpositions",
        action="store_true",
        help="use a transposition table (for DAGs)",
    )
    add_bounds_option(parser)
    parser.add_argument(
        "--first-guess",
        type=parse_number,
        metavar="F",
        default=None,
        help="mtdf: the value the first null-window pass tests (default: 0)",
    )
    parser.add_argument(
        "--guess",
        type=parse_number,
        metavar="G",
        default=None,
        help="aspiration: the expected value, the centre of the first window",
    )
    parser.add_argument(
        "--delta",
        type=parse_number,
        metavar="D",
        default=None,
        help="aspiration: half the first window's width (window G-D .. G+D)",
    )


def add_mcts_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--iterations --c --seed --solver`` (Monte Carlo tree search, ``-a mcts``)."""
    mcts = parser.add_argument_group("Monte Carlo tree search (-a mcts)")
    mcts.add_argument("--iterations", type=int, default=None, metavar="N", help="iterations")
    mcts.add_argument(
        "--c", type=float, default=None, metavar="X", help="exploration constant (default √2)"
    )
    mcts.add_argument("--seed", type=int, default=None, help="random seed (reproducible runs)")
    mcts.add_argument("--solver", action="store_true", help="MCTS-Solver: prove values")
    parser.set_defaults(mcts_options=True)


def add_bounds_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--bounds LO HI``: every value lies in [LO, HI] (Star1/Star2)."""
    parser.add_argument(
        "--bounds",
        nargs=2,
        type=parse_number,
        metavar=("LO", "HI"),
        default=None,
        help="star1/star2: every leaf value lies in [LO, HI] (default: -inf inf)",
    )


WINDOW_ALGORITHMS = ("alphabeta", "negamax_alphabeta", "pvs", "star1", "star2")
"""The algorithms that take ``--strict``, ``--fail``, ``--window`` and ``--transpositions``."""

_TAKES = {
    "--strict": (*WINDOW_ALGORITHMS, "aspiration"),
    "--fail hard": (*WINDOW_ALGORITHMS, "aspiration"),
    "--window": WINDOW_ALGORITHMS,
    "--transpositions": (*WINDOW_ALGORITHMS, "aspiration"),
    "--first-guess": ("mtdf",),
    "--guess": ("aspiration",),
    "--delta": ("aspiration",),
}
"""The algorithms each option applies to (mtdf, sss and dual always keep a table)."""


def search_options(args: argparse.Namespace) -> dict[str, Any]:
    """Return the keyword options for :func:`gametree.solve` from parsed arguments.

    Raises
    ------
    SearchError
        If an alpha-beta option is given with an algorithm that does not take it (an
        option that would be silently ignored is a wrong answer waiting to happen).
    """
    first_guess = getattr(args, "first_guess", None)
    guess = getattr(args, "guess", None)
    delta = getattr(args, "delta", None)
    given = [
        flag
        for flag, present in (
            ("--strict", args.strict),
            ("--fail hard", args.fail != "soft"),
            ("--window", args.window is not None),
            ("--transpositions", args.transpositions),
            ("--first-guess", first_guess is not None),
            ("--guess", guess is not None),
            ("--delta", delta is not None),
        )
        if present
    ]
    wrong = [flag for flag in given if args.algorithm not in _TAKES[flag]]
    if wrong:
        family = set(_TAKES[wrong[0]]) >= set(WINDOW_ALGORITHMS)
        if family:
            same = [f for f in wrong if set(_TAKES[f]) >= set(WINDOW_ALGORITHMS)]
            named = (
                f"the alpha-beta family ({', '.join(WINDOW_ALGORITHMS)}; "
                "aspiration takes all but --window)"
            )
        else:
            same = [f for f in wrong if _TAKES[f] == _TAKES[wrong[0]]]
            named = ", ".join(_TAKES[wrong[0]])
        verb = "applies" if len(same) == 1 else "apply"
        raise SearchError(f"{' and '.join(same)} {verb} only to {named}, not to {args.algorithm!r}")
    bounds = getattr(args, "bounds", None)
    if bounds is not None and args.algorithm not in ("star1", "star2"):
        raise SearchError(f"--bounds applies only to star1 and star2, not to {args.algorithm!r}")
    if args.algorithm == "mcts" or mcts_flags_given(args):
        return mcts_options(args)
    if args.algorithm == "aspiration" and (guess is None or delta is None):
        raise SearchError("-a aspiration needs --guess G and --delta D (the window G-D .. G+D)")
    options: dict[str, Any] = {}
    if bounds is not None:
        if not bounds[0] <= bounds[1]:
            raise SearchError(f"--bounds LO HI needs LO <= HI, got {bounds[0]} {bounds[1]}")
        options["bounds"] = tuple(bounds)
    if args.depth is not None:
        options["depth"] = args.depth
    if args.algorithm in _TAKES["--strict"]:
        options["prune_on_equal"] = not args.strict
        options["fail"] = args.fail
        if args.window is not None:
            options["window"] = tuple(args.window)
        if args.transpositions:
            options["transposition_table"] = True
    if first_guess is not None:
        options["first_guess"] = first_guess
    if args.algorithm == "aspiration":
        options["guess"], options["delta"] = guess, delta
    return options


def mcts_flags_given(args: argparse.Namespace) -> list[str]:
    """The MCTS flags given on the command line (of a command that defines them)."""
    if not getattr(args, "mcts_options", False):
        return []  # the command has no MCTS flags (its own --seed means something else)
    return [
        flag
        for flag, present in (
            ("--iterations", getattr(args, "iterations", None) is not None),
            ("--c", getattr(args, "c", None) is not None),
            ("--seed", getattr(args, "seed", None) is not None),
            ("--solver", getattr(args, "solver", False)),
        )
        if present
    ]


def mcts_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options of ``-a mcts`` (and an error for MCTS flags with another algorithm)."""
    given = mcts_flags_given(args)
    if args.algorithm != "mcts":
        verb = "applies" if len(given) == 1 else "apply"
        raise SearchError(
            f"{' and '.join(given)} {verb} only to Monte Carlo tree search (-a mcts), "
            f"not to {args.algorithm!r}"
        )
    if args.depth is not None:
        raise SearchError("--depth does not apply to -a mcts; it searches to the leaves")
    if getattr(args, "iterations", None) is None:
        raise SearchError("-a mcts needs --iterations N (how many iterations to run)")
    options: dict[str, Any] = {"iterations": args.iterations, "solver": args.solver}
    if args.c is not None:
        options["c"] = args.c
    if args.seed is not None:
        options["seed"] = args.seed
    return options


def add_ids_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--ids``: name the best move and the PV by node id instead of by move."""
    parser.add_argument(
        "--ids",
        action="store_true",
        help="name the best move and the PV by node id (default: by the edges' moves "
        "where the tree has them)",
    )


def add_force_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--force``: replace an output file that exists (else it is refused).

    Every command that writes a file refuses an existing one the same way, before any
    work, in one line naming ``--force`` (:mod:`gametree.outfiles`).
    """
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace the output file if it exists (default: refuse it)",
    )


def add_quiet_option(parser: argparse.ArgumentParser) -> None:
    """Add ``-q/--quiet``: do not print ``wrote PATH`` for the files written."""
    parser.add_argument(
        "-q",
        "--quiet",
        action="store_true",
        help="do not print 'wrote PATH' for each file written",
    )


def report_written(args: argparse.Namespace, path: str, detail: str = "") -> None:
    """Print ``wrote PATH`` (and ``: detail``) on stdout unless ``--quiet``.

    Every command that writes a file says so this way: one line per file.
    """
    if not getattr(args, "quiet", False):
        print(f"wrote {path}" + (f": {detail}" if detail else ""))


def add_drawing_options(parser: argparse.ArgumentParser) -> None:
    """Add the page and view options of a drawing: ``--size --paper --collapse
    --max-depth --focus --orientation`` (checked by :func:`drawing_options`)."""
    group = parser.add_argument_group("page and view (drawings)")
    page = group.add_mutually_exclusive_group()
    page.add_argument(
        "--size",
        metavar="WxH",
        default=None,
        help="page to fit, in inches (default 13.33x7.5, a 16:9 slide)",
    )
    page.add_argument(
        "--paper",
        metavar="NAME",
        default=None,
        help="page to fit by name: slide, slide-4:3, a4, a3, letter (portrait), "
        "a4-landscape, a3-landscape, letter-landscape; the text of a LaTeX page: "
        "a4-text, a4-landscape-text (2 cm margins), letter-text, letter-landscape-text (1 in)",
    )
    group.add_argument(
        "--collapse",
        metavar="WHAT",
        default=None,
        help="'pruned': draw each cutoff's pruned subtrees as one stub with a node count",
    )
    group.add_argument(
        "--max-depth",
        metavar="K",
        default=None,
        help="draw K levels below the root, an ellipsis where the tree goes on",
    )
    group.add_argument(
        "--focus",
        metavar="NODE",
        default=None,
        help="draw only the path from the root to NODE and the subtree under it",
    )
    group.add_argument(
        "--orientation",
        metavar="DIR",
        default="top-down",
        help="top-down (default) or left-right (deep, narrow trees)",
    )


def drawing_options(args: argparse.Namespace) -> dict[str, Any]:
    """Return the keyword options of :func:`gametree.save` for the page and view flags.

    Raises
    ------
    RenderError
        For a page, depth or option value that is not one the flag takes.
    """
    from gametree.drawing.fit import page_size
    from gametree.drawing.view import COLLAPSE_CHOICES, ORIENTATIONS
    from gametree.exceptions import RenderError

    options: dict[str, Any] = {}
    if args.size is not None:
        if args.size.strip().lower() in {"a4", "a3", "letter", "slide"}:
            raise RenderError(f"--size takes WIDTHxHEIGHT in inches; use --paper {args.size}")
        options["fit"] = page_size(args.size)
    elif args.paper is not None:
        options["fit"] = page_size(args.paper)
    if args.collapse is not None:
        if args.collapse not in COLLAPSE_CHOICES:
            allowed = ", ".join(COLLAPSE_CHOICES)
            raise RenderError(f"--collapse {args.collapse!r}: expected {allowed}")
        options["collapse"] = args.collapse
    if args.max_depth is not None:
        try:
            depth = int(args.max_depth)
        except ValueError:
            depth = -1
        if depth < 0:
            raise RenderError(f"--max-depth {args.max_depth!r}: expected an integer >= 0")
        options["max_depth"] = depth
    if args.focus is not None:
        options["focus"] = args.focus
    if args.orientation not in ORIENTATIONS:
        allowed = ", ".join(ORIENTATIONS)
        raise RenderError(f"--orientation {args.orientation!r}: expected one of {allowed}")
    options["orientation"] = args.orientation
    return options


def focus_node(G: Any, name: str) -> Any:
    """Return the node of ``G`` that ``--focus NAME`` means: its id, or its label."""
    from gametree.attrs import LABEL
    from gametree.exceptions import RenderError

    if name in G:
        return name
    for node, data in G.nodes(data=True):
        if str(node) == name or str(data.get(LABEL, "")) == name:
            return node
    raise RenderError(f"--focus {name!r}: no such node in the tree")


@contextmanager
def print_warnings(command: str) -> Iterator[None]:
    """Print the warnings given inside the block as one line each on stderr, each
    distinct one once."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    from gametree.cli.wording import cli_wording

    texts = [cli_wording(" ".join(str(w.message).split()), command) for w in caught]
    for text in dict.fromkeys(texts):
        print(f"gametree {command}: warning: {text}", file=sys.stderr)
