"""``gametree expand GAME``: expand a game into a tree file or a drawing."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.attrs import MOVE, STATE
from gametree.cli.common import (
    add_drawing_options,
    add_force_option,
    add_game_argument,
    add_quiet_option,
    drawing_options,
    focus_node,
    print_warnings,
    read_game,
    report_written,
)
from gametree.exceptions import RenderError
from gametree.outfiles import check_new_output

__all__ = ["add_parser", "portable", "run"]

TREE_SUFFIXES = frozenset({".tree", ".json", ".dot", ".gv", ".graphml", ".efg"})

DESCRIPTION = """\
Expand GAME from its start (or --state) into its game tree and write it to OUT: a tree
file (.tree, .json, .dot, .graphml) or any drawing the draw command makes (.png, .pdf,
.svg, .tex, ...). Without -o, print how many nodes and leaves the tree has.

games: tictactoe[:M,N,K]  connect4[:ROWS,COLS,CONNECT]  nim[:P1,P2,...]  aima
       openspiel:NAME[(PARAM=VALUE,...)]   your own: module:Class or file.py:Class(ARGS)

examples:
  gametree expand aima -o fig52.tree
  gametree expand tictactoe --state "XO-/-X-/--O" -o endgame.png
  gametree expand tictactoe --merge                     5478 positions
  gametree expand connect4 --depth 2 -o c4.json         heuristic values at depth 2
  gametree expand nim:1,2,2 -o nim.dot
  gametree expand --game "mygame.py:Take(n=5)" -o take.png   a class of yours
"""


def add_parser(subparsers: Any) -> None:
    """Register the ``expand`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "expand",
        help="expand a game (built-in, OpenSpiel or your own) into a tree file or drawing",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_argument(parser)
    parser.add_argument(
        "--state",
        help="start position: a tic-tac-toe board (X, O, - by rows, / between rows), "
        "Connect Four columns played (3342), Nim piles (1,2,3), an AIMA letter",
    )
    parser.add_argument(
        "--depth", type=int, default=None, help="plies to expand (heuristic values at the cut)"
    )
    parser.add_argument("--merge", action="store_true", help="merge transpositions (a DAG)")
    parser.add_argument(
        "--max-nodes",
        type=int,
        default=1_000_000,
        help="stop past this many nodes (default 1,000,000)",
    )
    parser.add_argument(
        "-o", "--output", metavar="OUT", help="file to write; the suffix picks the format"
    )
    add_force_option(parser)
    add_quiet_option(parser)
    add_drawing_options(parser)
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="with a game of your own: the traceback of an error raised in its code",
    )
    parser.set_defaults(func=run)


def portable(G: nx.DiGraph, *, text_moves: bool = False) -> nx.DiGraph:
    """Return a copy of ``G`` that every file format can hold.

    Game states are Python objects: the copy drops the ``state`` attribute (the
    ``label`` keeps the board) and turns moves that are not str/int/float into text;
    with ``text_moves`` (for .efg, whose actions are text) every move.
    """
    H = G.copy()
    for _, data in H.nodes(data=True):
        data.pop(STATE, None)
    for _, _, data in H.edges(data=True):
        move = data.get(MOVE)
        if move is not None and (text_moves or not isinstance(move, (str, int, float))):
            data[MOVE] = str(move)
    return H


def write(G: nx.DiGraph, path: str, *, force: bool = False, **drawing: Any) -> None:
    """Write ``G`` to ``path``: a tree file by ``gametree.dump``, else a drawing."""
    import gametree

    suffix = Path(path).suffix.lower()
    if suffix in TREE_SUFFIXES:
        dump = getattr(gametree, "dump", None)
        if dump is None:
            raise RenderError("writing tree files needs gametree.dump, which is not available")
        dump(portable(G, text_moves=suffix == ".efg"), path, force=force)
        return
    save = getattr(gametree, "save", None)
    if save is None:
        raise RenderError(f"cannot write {path!r}: gametree.save (drawings) is not available")
    with print_warnings("expand"):
        save(portable(G), path, force=force, **drawing)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree expand``."""
    from gametree.games.expand import expand
    from gametree.games.protocol import game_name
    from gametree.games.specs import parse_state

    if args.output:
        check_new_output(args.output, force=args.force)  # refused before any work
    game = read_game(args)
    state = None if args.state is None else parse_state(game, args.state)
    G = expand(
        game,
        state,
        depth=args.depth,
        merge_transpositions=args.merge,
        max_nodes=args.max_nodes,
    )
    leaves = sum(1 for n in G if not G._succ[n])
    if args.output:
        view = drawing_options(args)
        if "focus" in view:
            view["focus"] = focus_node(G, view["focus"])
        drawing = view if Path(args.output).suffix.lower() not in TREE_SUFFIXES else {}
        write(G, args.output, force=args.force, **drawing)
        report_written(args, args.output, f"{len(G):,} nodes, {leaves:,} leaves")
    else:
        kind = "positions" if args.merge else "nodes"
        edges = G.number_of_edges()
        print(f"{game_name(game)}: {len(G):,} {kind}, {leaves:,} leaves, {edges:,} edges")
    return 0
