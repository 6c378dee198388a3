"""User games for the command-line tests (loaded as tests/data/games/take_student.py:Class).

Take-away: one pile, a move takes 1 or 2 objects, whoever takes the last object wins. By
hand: the player to move loses exactly when the pile is a multiple of 3.
"""


class Take:
    """Student style: one mutable pile, utility from the mover's point of view."""

    def __init__(self, n=5):
        self.n = n

    def get_moves(self):
        return [m for m in (1, 2) if m <= self.n]

    def make_move(self, m):
        self.n -= m

    def unmake_move(self, m):
        self.n += m

    def is_over(self):
        return self.n == 0

    def get_utility(self):
        # The mover faces an empty pile: the other player took the last object.
        return -1 if self.n == 0 else None

    def __str__(self):
        return str(self.n)


class TakeGame:
    """The same game with the gametree protocol and its own player ids."""

    players = {"first": "MAX", "second": "MIN"}  # noqa: RUF012

    def __init__(self, n=5, *, first="first"):
        self.initial = (n, first)

    def to_move(self, s):
        return s[1]

    def actions(self, s):
        return [m for m in (1, 2) if m <= s[0]]

    def result(self, s, m):
        return (s[0] - m, "second" if s[1] == "first" else "first")

    def is_terminal(self, s):
        return s[0] == 0

    def utility(self, s):
        return 1 if s[1] == "second" else -1


class NoMoves:
    """Half a student class: it cannot be played."""

    def make_move(self, m):
        pass


def broken():
    raise RuntimeError("the constructor fails")


class Trap:
    """Not a game, with a constructor that leaves a mark: it must never be constructed."""

    def __init__(self, path):
        open(path, "w").close()


def make_take(n=5):
    """A factory this module declares: ``take_student.py:make_take(4)`` builds a game."""
    return TakeGame(n)


def undeclared(path):
    """A function this module does not declare: never called from a spec."""
    open(path, "w").close()
    return TakeGame(3)


GAMETREE_FACTORIES = ("broken", "make_take")
