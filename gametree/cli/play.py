"""``gametree play GAME --x PLAYER --o PLAYER``: play a match and print the summary."""

from __future__ import annotations

import argparse
from typing import Any

from gametree.cli.common import add_game_argument, check_at_least_one, read_game

__all__ = ["add_parser", "run"]

DESCRIPTION = """\
Play GAMES games of GAME between two players and print wins, draws and losses per
player (sides alternate by default), with nodes explored and time per move.

games:   tictactoe[:M,N,K]  connect4[:ROWS,COLS,CONNECT]  nim[:P1,P2,...]  aima
         openspiel:NAME[(PARAM=VALUE,...)]   your own: module:Class or file.py:Class(ARGS)
players: alphabeta[:depth=N,iterative,tt,strict,hard,random-ties]  minimax  negamax
         negamax_alphabeta  pvs  random[:SEED]  first-open  think:K (K = 1..3)  human
         expectiminimax[:depth=N] (for games with chance)
         mcts:iterations=N[,c=X][,solver][,seed=S] (Monte Carlo tree search)

examples:
  gametree play tictactoe --x alphabeta --o first-open
  gametree play tictactoe --x alphabeta:iterative --o random --games 20 --seed 1
  gametree play connect4 --x alphabeta:depth=3 --o think:3 --games 100 --seed 0
  gametree play tictactoe --x mcts:iterations=1000 --o alphabeta:depth=2 --games 10 --seed 0
  gametree play tictactoe --x human --o alphabeta
  gametree play --game "mygame.py:Take(n=9)" --x alphabeta --o random --games 10
"""


def add_parser(subparsers: Any) -> None:
    """Register the ``play`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play",
        help="play a match between two players and print the summary table",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_game_argument(parser)
    parser.add_argument(
        "--x", required=True, metavar="PLAYER", help="the player moving first in game 1"
    )
    parser.add_argument("--o", required=True, metavar="PLAYER", help="the other player")
    parser.add_argument("--games", type=int, default=1, help="number of games (default 1)")
    parser.add_argument(
        "--max-nodes",
        type=int,
        default=None,
        help="stop a searching player past this many nodes per move (default 1,000,000)",
    )
    parser.add_argument(
        "--max-games", type=int, default=100_000, help="refuse more games (default 100000)"
    )
    parser.add_argument("--seed", type=int, default=None, help="random seed of the match")
    parser.add_argument("--no-alternate", action="store_true", help="x moves first in every game")
    parser.add_argument("--state", help="start position (as for gametree expand)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every move and board")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree play``."""
    from gametree.games.match import play
    from gametree.games.players import parse_player
    from gametree.games.protocol import game_name
    from gametree.games.specs import parse_state

    check_at_least_one(args, "games", "max_nodes", "max_games")
    game = read_game(args)
    x = parse_player(args.x, max_nodes=args.max_nodes)
    o = parse_player(args.o, max_nodes=args.max_nodes)
    state = None if args.state is None else parse_state(game, args.state)
    result = play(
        game,
        x,
        o,
        games=args.games,
        max_games=args.max_games,
        seed=args.seed,
        alternate=not args.no_alternate,
        verbose=args.verbose,
        state=state,
    )
    print(f"{game_name(game)}: {len(result.games)} game(s)")
    print(result.summary.table())
    return 0
