"""User games that go wrong, for the command-line tests of errors in a user's code.

Each is the take-away game of take_student.py (a pile of 4; take 1 or 2; taking the last
wins) with one fault.
"""


class Take:
    """The game as it should be, for the faulty ones below to change."""

    initial = (4, "MAX")

    def to_move(self, s):
        return s[1]

    def actions(self, s):
        return [m for m in (1, 2) if m <= s[0]]

    def result(self, s, m):
        return (s[0] - m, "MIN" if s[1] == "MAX" else "MAX")

    def is_terminal(self, s):
        return s[0] == 0

    def utility(self, s):
        return 1 if s[1] == "MIN" else -1


class BadUtility(Take):
    def utility(self, s):
        return 1 / 0  # the line the error names


class BadActions(Take):
    def actions(self, s):
        return _helper(s)


def _helper(s):
    return {}[s]  # a KeyError raised one call below the method


class BadResult(Take):
    def result(self, s, m):
        raise ValueError("no such move\nsecond line \x1b[31m")


class ListStates(Take):
    """States as lists: fine for a plain search, refused for a table."""

    initial = [4, "MAX"]  # noqa: RUF012 (a list on purpose)

    def result(self, s, m):
        return [s[0] - m, "MIN" if s[1] == "MAX" else "MAX"]


class ListKey(Take):
    def key(self, s):
        return list(s)
