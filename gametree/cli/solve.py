"""``gametree solve TREE``: search a tree and print what the search found and did.

Text output (the default) shows the value, the best move, the principal variation, the
statistics, the visited leaves in evaluation order and the pruned edges; ``--json``
prints one JSON object instead; ``--explain`` adds the step-by-step explanation.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

import networkx as nx

from gametree.attrs import MOVE, VALUE
from gametree.cli.common import (
    add_game_argument,
    add_ids_option,
    add_mcts_options,
    add_search_options,
    add_tree_argument,
    check_at_least_one,
    read_tree,
    search_options,
)
from gametree.exceptions import SearchError
from gametree.search.passes import SearchPass, edge_text
from gametree.search.result import SearchResult, jsonable, move_path
from gametree.search.theory import ebf

__all__ = ["add_parser", "format_text", "result_json", "run"]


DESCRIPTION = """\
Search TREE (a .tree, .json, .dot or .graphml file, or - for the notation on stdin)
and print the value, the best move, the principal variation, the statistics, the leaves
evaluated in order and the edges pruned.

examples:
  gametree solve fig52.tree                      alpha-beta, cut on >= (AIMA)
  gametree solve fig52.tree --strict --fail hard cut only on >, fail-hard values
  gametree solve fig52.tree -a pvs --json        one JSON object
  gametree solve fig52.tree -a mtdf --first-guess 5  MTD(f): null-window passes
  gametree solve fig52.tree -a sss               SSS* (MT-SSS*: MTD from +inf)
  gametree solve fig52.tree -a aspiration --guess 5 --delta 1
  echo '(A (B 3 12 8) (C 2 4 6) (D 14 5 2))' | gametree solve -
  gametree solve --game tictactoe:3,3,3 -a alphabeta  a game, searched as it is played
  gametree solve --game "mygame.py:Take(n=9)"         a class of yours
  gametree solve fig52.tree -a mcts --iterations 100 --seed 1 [--c 1 --solver]
"""


def add_parser(subparsers: Any) -> None:
    """Register the ``solve`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "solve",
        help="search a tree: value, best move, PV, visited leaves, pruned edges",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_tree_argument(parser, optional=True)
    add_game_argument(parser, positional=False)
    parser.add_argument(
        "--max-nodes",
        type=int,
        default=None,
        help="with --game: stop past this many nodes (default 1,000,000)",
    )
    add_search_options(parser)
    add_mcts_options(parser)
    output = parser.add_mutually_exclusive_group()
    output.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object (algorithm, options, value, best_move, best_moves, "
        "pv_moves, best_child, best_children, principal_variation, visited_leaves, "
        "pruned_edges, node_values, stats; passes for mtdf, sss, dual, aspiration)",
    )
    add_ids_option(parser)
    output.add_argument(
        "--explain",
        nargs="?",
        const="text",
        default=None,
        choices=("text", "markdown"),
        metavar="FORMAT",
        help="also tell the search step by step, one sentence per event "
        "(gametree.explain; FORMAT text, the default, or markdown)",
    )
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="with a game of your own: the traceback of an error raised in its code",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree solve`` with parsed arguments; return the exit status."""
    if args.depth is not None and args.depth < 0:
        raise SearchError(f"--depth must be >= 0, got {args.depth}")
    if args.window is not None and not args.window[0] < args.window[1]:
        lo, hi = args.window
        raise SearchError(f"--window LO HI needs LO < HI, got {_num(lo)} {_num(hi)}")
    check_at_least_one(args, "max_nodes")
    options = search_options(args)
    if (args.game_option is None) == (args.tree is None):
        raise SearchError("give a TREE file (- for stdin) or --game SPEC, one of them")
    if args.game_option is not None:
        return _solve_game(args, options)
    if args.max_nodes is not None:
        raise SearchError("--max-nodes applies to --game; a tree file is searched whole")
    G = read_tree(args.tree)
    from gametree.search import solve

    result: SearchResult = solve(G, args.algorithm, annotate=False, **options)
    if args.json:
        print(json.dumps(result_json(result), indent=2))
        return 0
    print(format_text(result, G, ids=args.ids))
    if args.explain:
        import gametree

        explain = getattr(gametree, "explain", None)
        if explain is None:
            raise SearchError(
                "--explain needs gametree.explain (the homework module), "
                "which is not available in this installation"
            )
        text = explain(G, algorithm=args.algorithm, format=args.explain, **options)
        print()
        print(text if isinstance(text, str) else "\n".join(str(line) for line in text))
    return 0


def _solve_game(args: argparse.Namespace, options: dict[str, Any]) -> int:
    """``solve --game``: search the game from its start and print the report with moves."""
    from gametree.cli.common import read_game
    from gametree.games.lazy import search_game

    if args.explain:
        raise SearchError("--explain works on a TREE file; expand the game first")
    game = read_game(args)
    limit = {} if args.max_nodes is None else {"max_nodes": args.max_nodes}
    if options.get("transposition_table"):
        # Every search path, the engine's too, is refused before it starts.
        from gametree.games.fastsearch import TABLE
        from gametree.games.protocol import check_hashable

        check_hashable(game, game.initial, table=TABLE)
    if args.algorithm == "expectiminimax":
        # Games with chance: the whole tree (to the depth limit), then the graph search.
        from gametree.games.expand import expand
        from gametree.search import solve

        G = expand(game, depth=options.pop("depth", None), **limit)
        result: SearchResult = solve(G, args.algorithm, annotate=False, **options)
    elif args.algorithm == "mcts":
        from gametree.games.mcts import mcts_game

        played = mcts_game(game, annotate=False, **options, **limit)
        result, G = played, played.graph
    else:
        found = search_game(game, algorithm=args.algorithm, annotate=False, **options, **limit)
        result, G = found, found.graph
    if args.json:
        print(json.dumps(result_json(result), indent=2))
        return 0
    print(format_text(result, G, ids=args.ids))
    return 0


def result_json(result: SearchResult) -> dict[str, Any]:
    """Return the ``--json`` object of a search result.

    Keys: ``algorithm``, ``options``, ``value``, ``best_move``, ``best_moves``,
    ``pv_moves`` (moves: an edge's ``move``, else the child's id), ``best_child``,
    ``best_children``, ``principal_variation`` (node ids), ``visited_leaves``,
    ``pruned_edges`` (pairs), ``node_values`` (node id to value) and ``stats``;
    infinities are the strings ``"inf"`` and ``"-inf"``.
    """
    from gametree.search.mcts_loop import MCTSResult

    if isinstance(result, MCTSResult):
        # The common keys, then the root children's statistics and the proven value.
        return result.to_dict()
    return {
        "algorithm": result.algorithm,
        "options": jsonable(dict(result.options)),
        "value": jsonable(result.value),
        "best_move": jsonable(result.best_move),
        "best_moves": jsonable(result.best_moves),
        "pv_moves": jsonable(result.pv_moves),
        "best_child": jsonable(result.best_child),
        "best_children": jsonable(result.best_children),
        "principal_variation": jsonable(result.pv),
        "visited_leaves": jsonable(result.visited_leaves),
        "pruned_edges": jsonable(result.pruned_edges),
        "node_values": {str(n): jsonable(v.value) for n, v in result.node_values.items()},
        "stats": result.stats.to_dict(),
    } | ({"passes": [p.to_dict() for p in passes]} if (passes := _passes(result)) else {})


def _passes(result: SearchResult) -> tuple[SearchPass, ...]:
    from gametree.search.passes import MultiPassResult

    return result.passes if isinstance(result, MultiPassResult) else ()


def _pass_lines(result: SearchResult, G: nx.DiGraph | None) -> list[str]:
    """One line per pass of a multi-pass search: window, what it proved, its leaves."""
    lines = []
    for p in _passes(result):
        lo, hi = p.window
        proved = {"lower": ">=", "upper": "<=", "exact": "="}[p.bound.value]
        how = {"lower": "failed high", "upper": "failed low", "exact": "exact"}[p.bound.value]
        leaves = " ".join(_leaf_text(G, leaf) for leaf in p.result.visited_leaves) or "(none)"
        lines.append(
            f"pass {p.index}:     window ({edge_text(lo, _num(lo))}, {edge_text(hi, _num(hi))})"
            f" -> {_num(p.value)}, {how}: "
            f"value {proved} {_num(p.value)}; leaves ({p.leaves_evaluated}): {leaves}"
        )
    return lines


def _num(value: float) -> str:
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        if value.is_integer() and abs(value) < 2**53:
            return str(int(value))
        return repr(value)
    return str(value)


def _nodes(nodes: Iterable[Hashable]) -> str:
    text = " ".join(str(n) for n in nodes)
    return text or "(none)"


def _options_text(options: Mapping[str, Any]) -> str:
    parts = []
    for key, value in options.items():
        if key == "root" or value is None or (key == "transposition_table" and not value):
            continue
        if isinstance(value, tuple):
            shown = "(" + ", ".join(_num(v) for v in value) + ")"
        elif isinstance(value, float):
            shown = _num(value)
        else:
            shown = str(value)
        parts.append(f"{key}={shown}")
    return ", ".join(parts)


def _leaf_text(G: nx.DiGraph | None, leaf: Hashable) -> str:
    if G is None or leaf not in G or VALUE not in G.nodes[leaf]:
        return str(leaf)
    return f"{leaf}={_num(G.nodes[leaf][VALUE])}"


def format_text(result: SearchResult, G: nx.DiGraph | None = None, *, ids: bool = False) -> str:
    """Return the text report of ``gametree solve`` for ``result``.

    With the searched graph ``G``, each visited leaf is shown with its value (``E=3``).
    The best move, the PV and the pruned edges are named by move (``best move:  a1``,
    ``PV:  a1 b1``, pruned edges as move paths from the root ``a2/c2``, the form answer
    files accept) where the edges of ``G`` carry moves, and by node id (the PV from the
    root ``A B E``, edges ``C->I``) where they do not or with ``ids``.
    """
    stats = result.stats
    options = _options_text(result.options)
    lines = [f"algorithm:  {result.algorithm}" + (f" ({options})" if options else "")]
    root_value = result.node_values.get(result.root)
    bound = ""
    if root_value is not None and root_value.bound.value != "exact":
        bound = f" ({root_value.bound.value} bound)"
    lines.append(f"value:      {_num(result.value)}{bound}")
    if G is not None:
        by_move = not ids and any(MOVE in data for _, _, data in G.edges(data=True))
    else:
        by_move = not ids and tuple(result.pv_moves) + tuple(result.best_moves) != tuple(
            result.pv[1:]
        ) + tuple(result.best_children)
    best_one, best_all = (
        (result.best_move, result.best_moves)
        if by_move
        else (result.best_child, result.best_children)
    )
    best = "(none)" if best_one is None else str(best_one)
    if len(best_all) > 1:
        best += f" (all best: {_nodes(best_all)})"
    lines.append(f"best move:  {best}")
    lines.append(f"PV:         {_nodes(result.pv_moves if by_move else result.pv)}")
    counts = (
        f"nodes visited {stats.nodes_visited}, leaves evaluated {stats.leaves_evaluated}, "
        f"cutoffs {stats.cutoffs}, re-searches {stats.re_searches}, "
        f"transposition hits {stats.transposition_hits}, max depth {stats.max_depth}"
    )
    if stats.max_depth >= 1 and stats.nodes_visited >= 1:
        counts += f", ebf {ebf(stats.nodes_visited - 1, stats.max_depth):.2f}"
    if stats.passes:
        counts += f", passes {stats.passes}"
    lines.append(f"stats:      {counts}")
    lines.extend(_pass_lines(result, G))
    shown = [_leaf_text(G, leaf) for leaf in result.visited_leaves]
    lines.append(f"visited leaves ({len(shown)}): {' '.join(shown) or '(none)'}")
    if by_move and G is not None:
        pruned = " ".join(move_path(G, v, result.root) for _, v in result.pruned_edges)
    else:
        pruned = " ".join(f"{u}->{v}" for u, v in result.pruned_edges)
    pruned = pruned or "(none)"
    lines.append(f"pruned edges ({len(result.pruned_edges)}): {pruned}")
    from gametree.search.mcts_loop import MCTSResult, format_children

    if isinstance(result, MCTSResult):
        lines.extend(format_children(result))
    return "\n".join(lines)
