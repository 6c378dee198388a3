"""Seed 2: a negamax search printing its trace as it goes, on a tic-tac-toe position.

Each line is one event of the search: entering a position (its board on one line,
indented by depth), a terminal position's value, or the value a position backs up.
Values are X's (MAX's) point of view. ``--quick`` searches a position with fewer empty
cells.

    python examples/seed_2_negamax_trace.py [--quick]
"""

from __future__ import annotations

from _common import quick_mode

import gametree
from gametree.games import TicTacToe
from gametree.search.trace import Enter, Exit, Leaf


def main() -> None:
    quick = quick_mode(__doc__ or "")
    game = TicTacToe()
    # The seed's position: X X - / X O O / - - -, O to move.
    board = "XX-/XOO/-X-" if quick else "XX-/XOO/---"
    state = game.state(board, "O")
    result = gametree.search_game(game, state, algorithm="negamax", trace=True)
    G = result.graph
    assert G is not None

    def flat(node: object) -> str:
        return "|".join(G.nodes[node]["label"].splitlines())

    depth_of = {}
    for event in result.trace:
        if isinstance(event, Enter):
            depth_of[event.node] = event.depth
            move = (
                ""
                if event.parent is None
                else f"after {G.edges[event.parent, event.node]['move']}: "
            )
            who = G.nodes[event.node]["player"]
            print(f"{'  ' * event.depth}{move}{flat(event.node)} ({who} to move)")
        elif isinstance(event, Leaf):
            print(f"{'  ' * depth_of[event.node]}  terminal value {event.value}")
        elif isinstance(event, Exit) and G.succ[event.node]:
            print(f"{'  ' * depth_of[event.node]}  backed-up value {event.value}")
    print()
    print(
        f"value {result.value}, best move for O: cell {result.best_move} "
        f"(row, column) = {game.coords(result.best_move)}"
    )
    print(
        f"{result.stats.nodes_visited} positions entered, {result.stats.leaves_evaluated} terminal"
    )


if __name__ == "__main__":
    main()
