"""Seed 3: perfect tic-tac-toe, then depth-limited search; Connect Four at depth 3
against the rule-based think-3 player with sides alternated.

Part 1 times the first move from the empty board: full minimax, alpha-beta, and
alpha-beta with a transposition table; then the depth-limited searches (depth 3, the
board heuristic at the horizon). Part 2 plays Connect Four: alpha-beta to depth 3
against think-3 (win if it can, block, avoid handing over a win), over 100 games with
sides alternated. ``--quick`` plays 4 games on a 5x6 board and skips full minimax.

    python examples/seed_3_perfect_and_depth_limited.py [--quick]
"""

from __future__ import annotations

import time

from _common import quick_mode, table

import gametree
from gametree.games import ConnectFour, TicTacToe


def main() -> None:
    quick = quick_mode(__doc__ or "")
    game = TicTacToe()
    runs = [
        ("minimax", "minimax", None, False),
        ("alpha-beta", "alphabeta", None, False),
        ("alpha-beta + transpositions", "alphabeta", None, True),
        ("minimax, depth 3", "minimax", 3, False),
        ("alpha-beta, depth 3", "alphabeta", 3, False),
    ]
    if quick:
        runs = [r for r in runs if r[0] != "minimax"]
    rows = [("first move from the empty board", "move", "value", "nodes", "time (s)")]
    for label, algorithm, depth, tt in runs:
        t0 = time.perf_counter()
        r = gametree.search_game(
            game, algorithm=algorithm, depth=depth, transposition_table=tt, record=False
        )
        seconds = time.perf_counter() - t0
        rows.append(
            (
                label,
                str(game.coords(r.best_move)),
                f"{r.value:.3g}",
                f"{r.stats.nodes_visited:,}",
                f"{seconds:.3f}",
            )
        )
    print(table(rows))

    c4 = ConnectFour(5, 6, 4) if quick else ConnectFour()
    n_games = 4 if quick else 100
    t0 = time.perf_counter()
    match = gametree.play(
        c4,
        gametree.searcher("alphabeta", depth=3),
        gametree.think_ahead(3),
        games=n_games,
        seed=5,
    )
    s = match.summary
    print()
    print(
        f"{c4!r}: alpha-beta depth 3 against think-3, {n_games} games, sides alternated "
        f"({time.perf_counter() - t0:.1f} s)"
    )
    print(f"  the alpha-beta agent won {s.wins['x']}, lost {s.losses['x']}, drew {s.draws}")
    print(s.table())


if __name__ == "__main__":
    main()
