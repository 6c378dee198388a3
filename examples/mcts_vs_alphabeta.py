"""Monte Carlo tree search against alpha-beta at several depths, on tic-tac-toe and
connect four (sides alternated, seeded): one match table per game.

MCTS runs with random playouts and a fixed iteration budget per move; alpha-beta
searches to a depth limit with the game's heuristic at the horizon. ``--quick`` plays
2 games per pairing with small budgets.

    python examples/mcts_vs_alphabeta.py [--quick]
"""

from __future__ import annotations

import time

from _common import quick_mode, table

import gametree
from gametree.games import ConnectFour, TicTacToe


def main() -> None:
    quick = quick_mode(__doc__ or "")
    setups = [
        (TicTacToe(), [200, 1000] if not quick else [50], [1, 2, 4] if not quick else [1, 2]),
        (ConnectFour(), [500, 2000] if not quick else [50], [2, 4] if not quick else [1]),
    ]
    games = 2 if quick else 10
    for game, budgets, depths in setups:
        rows = [("MCTS", "alpha-beta", "MCTS wins", "draws", "losses", "MCTS ms/move")]
        t0 = time.perf_counter()
        for iterations in budgets:
            for depth in depths:
                match = gametree.play(
                    game,
                    gametree.parse_player(f"mcts:iterations={iterations}"),
                    gametree.searcher("alphabeta", depth=depth),
                    games=games,
                    seed=7,
                )
                s = match.summary
                rows.append(
                    (
                        f"{iterations} iterations",
                        f"depth {depth}",
                        str(s.wins["x"]),
                        str(s.draws),
                        str(s.losses["x"]),
                        f"{1000 * s.seconds['x'] / max(s.moves['x'], 1):.1f}",
                    )
                )
        print(f"{game!r}: {games} games per pairing, sides alternated "
              f"({time.perf_counter() - t0:.1f} s)")  # fmt: skip
        print(table(rows))
        print()


if __name__ == "__main__":
    main()
