"""Seed 4: alpha-beta from a partial tic-tac-toe board with utilities +10/0/-10.

Prints the score, the best move as (row, column) and every pruned branch (the moves
leading to it). The seed's board, X to move::

    o o x
    - x -
    o x -

``--quick`` is the same (the search is tiny); it also checks the answer against full
minimax.

    python examples/seed_4_alphabeta_partial_board.py [--quick]
"""

from __future__ import annotations

from _common import quick_mode

import gametree
from gametree.games import TicTacToe


def main() -> None:
    quick_mode(__doc__ or "")
    game = TicTacToe(win=10)
    state = game.state("oox/-x-/ox-", "X")
    r = gametree.search_game(game, state, algorithm="alphabeta")
    G = r.graph
    assert G is not None
    print("the score is:", r.value)
    print("the best move for X is at (row, column):", game.coords(r.best_move))
    print(
        "principal variation:",
        " ".join(f"{'XO'[i % 2]}{game.coords(a)}" for i, a in enumerate(r.pv_moves)),
    )
    print(f"pruned branches ({len(r.pruned_edges)}):")
    for _parent, child in r.pruned_edges:
        path = []
        node = child
        while node != r.root:
            (up,) = G.pred[node]
            path.append(G.edges[up, node]["move"])
            node = up
        moves = [f"{'XO'[i % 2]}{game.coords(a)}" for i, a in enumerate(reversed(path))]
        print("  " + " ".join(moves))
    check = gametree.search_game(game, state, algorithm="minimax", record=False)
    assert check.value == r.value, (check.value, r.value)
    print(
        f"minimax agrees: value {check.value} "
        f"({check.stats.leaves_evaluated} leaves; alpha-beta evaluated {r.stats.leaves_evaluated})"
    )


if __name__ == "__main__":
    main()
