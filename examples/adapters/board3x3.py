"""Adapter: a 3x3 tic-tac-toe board as a list of lists of 'x', 'o' and 'e' (seed 003's
``alphabeta(state, player, alpha, beta)``, ``player`` True for x).

The code scores positions itself (x wins 10, o wins -10, a draw 0), so it is checked on
real tic-tac-toe positions (``gametree expand tictactoe --state ... -o pos.json``): each
mark it writes is a move (a node generated, a finished game read), each 'e' written
back takes the last move back; its value is returned in the tree's units (/ 10).
"""

import math

WIN = 10
MARKS = {"X": "x", "O": "o", "-": "e"}


class Row(list):
    def __init__(self, board, r, cells):
        super().__init__(cells)
        self.board, self.r = board, r

    def __setitem__(self, c, mark):
        self.board.play(self.r, c, mark)
        super().__setitem__(c, mark)


class Board(list):
    def __init__(self, root):
        super().__init__(Row(self, r, [MARKS[ch] for ch in line])
                         for r, line in enumerate(root.label.split("\n")))  # fmt: skip
        self.path = [root]

    def play(self, r, c, mark):
        here = self.path[-1]
        if mark == "e" and len(self.path) > 1 and here.move == str(3 * r + c):
            self.path.pop()
            return
        child = here.child(3 * r + c)
        if child is None or mark != MARKS["X" if here.player == "MAX" else "O"]:
            raise ValueError(f"{mark!r} at ({r}, {c}) is not a move in this position")
        self.path.append(child)
        if child.is_leaf():
            _ = child.value  # the code reads the finished game off the board


def presentable(tree, entry_name):
    rows = (tree.label(tree.root) or "").split("\n")
    if len(rows) != 3 or any(len(r) != 3 or set(r) - set(MARKS) for r in rows):
        return "the code reads a 3x3 tic-tac-toe board: not a tic-tac-toe position"
    return None


def call(entry, root, tree, module):
    value = entry(Board(root), root.player == "MAX", -math.inf, math.inf)
    return value / WIN if isinstance(value, (int, float)) else value
