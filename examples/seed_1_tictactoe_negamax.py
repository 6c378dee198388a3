"""Seed 1: negamax, negamax with iterative deepening, and iterative deepening with
alpha-beta, each playing X against the first-open opponent; then the win rate of the
last against a random opponent.

The table reports, as the seed does, the moves X made, the nodes explored over the
game, the effective branching factor ebf(nodes, moves in the game) (root counted) and
the time. ``--quick`` starts from a position two moves in and plays fewer games.

    python examples/seed_1_tictactoe_negamax.py [--quick]
"""

from __future__ import annotations

import time

from _common import quick_mode, table

import gametree
from gametree.games import TicTacToe


def main() -> None:
    quick = quick_mode(__doc__ or "")
    game = TicTacToe()
    start = game.state("XO-/---/---") if quick else game.initial
    players = [
        ("negamax", gametree.searcher("negamax", depth=9)),
        ("negamaxIDS", gametree.searcher("negamax", depth=9, iterative=True)),
        ("negamaxIDSab", gametree.searcher("negamax_alphabeta", depth=9, iterative=True)),
    ]
    rows = [("search", "X moves", "nodes explored", "ebf", "time (s)", "result")]
    for name, player in players:
        t0 = time.perf_counter()
        match = gametree.play(game, player, gametree.first_open(), state=start, alternate=False)
        seconds = time.perf_counter() - t0
        record = match.games[0]
        x_moves = sum(1 for m in record.moves if m.role == "x")
        ebf = record.ebf("x")
        rows.append(
            (
                name,
                str(x_moves),
                f"{record.nodes('x'):,}",
                "-" if ebf is None else f"{ebf:.2f}",
                f"{seconds:.2f}",
                "X wins" if record.winner == "x" else "draw" if record.winner is None else "O wins",
            )
        )
    print("Tic-tac-toe, X searching against the first-open opponent")
    print(table(rows))

    n_games = 4 if quick else 50
    match = gametree.play(
        game,
        gametree.searcher("negamax_alphabeta", depth=9, iterative=True),
        gametree.random_player(),
        games=n_games,
        seed=2024,
        alternate=False,
        state=start,
    )
    s = match.summary
    print()
    print(
        f"negamaxIDSab against a random opponent: X won {100 * s.wins['x'] / n_games:.0f}% "
        f"of {n_games} games ({s.wins['x']} wins, {s.draws} draws, {s.losses['x']} losses)"
    )


if __name__ == "__main__":
    main()
