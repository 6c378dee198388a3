"""Regenerate the gallery: every picture fitted to a 16:9 slide (13.33 x 7.5 in).

    python examples/gallery/make.py [OUTDIR]

Writes, with the public API only:

- ``b3d4_key.png``: the answer key of a generated exercise (branching 3, depth 4,
  121 nodes) after alpha-beta;
- ``b4d3_collapsed.png``: a random tree (branching 4, depth 3, 85 nodes) after
  alpha-beta, each cutoff's pruned subtrees drawn as one stub, its node count beside it;
- ``tictactoe.png``: tic-tac-toe from a position four moves from the end, alpha-beta;
- ``connect4.png``: Connect Four expanded two plies (heuristic values), alpha-beta,
  focused on the best first move;
- ``chance.png``: ``examples/trees/chance.tree`` after expectiminimax.
"""

from __future__ import annotations

import sys
from pathlib import Path

import gametree
from gametree.games import ConnectFour, TicTacToe

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else HERE
    out.mkdir(parents=True, exist_ok=True)

    key = gametree.generate(branching=3, depth=4, seed=3).tree
    result = gametree.alphabeta(key, annotate=False)
    gametree.save(key, out / "b3d4_key.png", result, title="Alpha-beta, b = 3, d = 4")

    big = gametree.random_tree(4, 3, seed=1)
    result = gametree.alphabeta(big, annotate=False)
    gametree.save(
        big,
        out / "b4d3_collapsed.png",
        result,
        collapse="pruned",
        title="b = 4, d = 3: pruned subtrees collapsed",
    )

    game = TicTacToe()
    tictactoe = gametree.expand(game, game.state("XOX/-O-/--X"))
    result = gametree.alphabeta(tictactoe, annotate=False)
    gametree.save(tictactoe, out / "tictactoe.png", result, title="Tic-tac-toe, O to move")

    # Two plies of Connect Four (57 boards) need 17 inches at 7 pt even with the pruned
    # subtrees collapsed: the slide shows the best first move and every reply to it.
    connect4 = gametree.expand(ConnectFour(), depth=2)
    result = gametree.alphabeta(connect4, annotate=False)
    root = gametree.find_root(connect4)
    best = next(v for v in connect4.successors(root) if v in result.pv)
    gametree.save(
        connect4,
        out / "connect4.png",
        result,
        focus=best,
        title="Connect Four, two plies: the best first move and the replies to it",
    )

    chance = gametree.load(HERE.parent / "trees" / "chance.tree")
    result = gametree.expectiminimax(chance, annotate=False)
    gametree.save(chance, out / "chance.png", result, title="Expectiminimax")

    for path in sorted(out.glob("*.png")):
        print(f"wrote {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
