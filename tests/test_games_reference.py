"""The built-in games' compact states against straightforward references written here.

Tic-tac-toe and Connect Four keep their positions as bitboards with incremental win
detection; Nim keeps cached move lists. The references below keep a grid of characters
and scan the whole board for a line after every move, as a textbook would. Random move
sequences (hypothesis) must give the same legal moves, terminal test, winner, utility,
heuristic, board text and rendering, and small endgames the same search values.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree.games import ConnectFour, Nim, TicTacToe, search_game

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def windows(rows: int, cols: int, k: int) -> list[list[tuple[int, int]]]:
    """Every run of ``k`` cells (row, column) in a straight line on the grid."""
    found = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in DIRECTIONS:
                cells = [(r + dr * i, c + dc * i) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    found.append(cells)
    return found


class Grid:
    """A rows x cols grid of ``"X"``, ``"O"``, ``"-"``, whole-board line scans."""

    def __init__(self, rows: int, cols: int, k: int) -> None:
        self.rows, self.cols, self.k = rows, cols, k
        self.cells = [["-"] * cols for _ in range(rows)]
        self.mover = "X"
        self.lines = windows(rows, cols, k)

    def winner(self) -> str:
        winners = {
            self.cells[line[0][0]][line[0][1]]
            for line in self.lines
            if self.cells[line[0][0]][line[0][1]] != "-"
            and all(self.cells[r][c] == self.cells[line[0][0]][line[0][1]] for r, c in line)
        }
        assert len(winners) <= 1
        return winners.pop() if winners else ""

    def full(self) -> bool:
        return all(ch != "-" for row in self.cells for ch in row)

    def counts(self) -> list[tuple[int, int]]:
        """(X pieces, O pieces) in every line."""
        out = []
        for line in self.lines:
            marks = [self.cells[r][c] for r, c in line]
            out.append((marks.count("X"), marks.count("O")))
        return out

    def play(self, r: int, c: int) -> None:
        self.cells[r][c] = self.mover
        self.mover = "O" if self.mover == "X" else "X"


class RefTicTacToe(Grid):
    def moves(self) -> list[int]:
        if self.winner():
            return []
        return [r * self.cols + c for r in range(self.rows) for c in range(self.cols)
                if self.cells[r][c] == "-"]  # fmt: skip

    def move(self, cell: int) -> None:
        self.play(*divmod(cell, self.cols))

    def utility(self, win: float) -> float:
        return {"X": win, "O": -win, "": 0}[self.winner()]

    def evaluate(self, win: float) -> Fraction:
        score = sum((1 if os_ == 0 else 0) - (1 if xs == 0 else 0) for xs, os_ in self.counts())
        return Fraction(score) * Fraction(win) / (len(self.lines) + 1)

    def board(self) -> str:
        return "".join("".join(row) for row in self.cells)

    def render(self) -> str:
        return "\n".join("".join(row) for row in self.cells)


class RefConnectFour(Grid):
    """Row 0 is the bottom row."""

    def height(self, c: int) -> int:
        return sum(1 for r in range(self.rows) if self.cells[r][c] != "-")

    order: list[int] | None = None
    """Columns in search order (default left to right)."""

    def moves(self) -> list[int]:
        if self.winner():
            return []
        order = range(self.cols) if self.order is None else self.order
        return [c for c in order if self.height(c) < self.rows]

    def move(self, col: int) -> None:
        self.play(self.height(col), col)

    def utility(self, win: float) -> float:
        return {"X": win, "O": -win, "": 0}[self.winner()]

    def evaluate(self, win: float) -> float:
        score = 0
        for xs, os_ in self.counts():
            if os_ == 0 and xs:
                score += 4 ** (xs - 1)
            elif xs == 0 and os_:
                score -= 4 ** (os_ - 1)
        scale = len(self.lines) * 4 ** (self.k - 2) if self.k > 1 else 0
        return score * win / (scale + 1) if scale >= win else score

    def board(self) -> str:
        return "".join(self.cells[r][c] for c in range(self.cols) for r in range(self.rows))

    def render(self) -> str:
        return "\n".join("".join(self.cells[r]) for r in range(self.rows - 1, -1, -1))


def mnk_sizes() -> st.SearchStrategy[tuple[int, int, int]]:
    return st.tuples(st.integers(1, 5), st.integers(1, 5), st.integers(1, 5)).filter(
        lambda t: t[2] <= max(t[0], t[1])
    )


def play_along(game: Any, ref: Any, picks: list[int], win: float, cells: range, extra: Any) -> Any:
    """Play ``picks`` (indices into the legal moves) on the game and the reference,
    comparing them after every move; ``extra(state)`` checks what one game adds.
    Returns the last state."""
    state = game.initial
    for pick in [*picks, None]:
        legal = ref.moves()
        assert list(game.actions(state)) == legal
        assert game.to_move(state) == ref.mover
        assert state.winner == ref.winner()
        terminal = bool(ref.winner()) or ref.full()
        assert game.is_terminal(state) == terminal
        assert state.board == ref.board()
        assert game.render(state) == ref.render()
        extra(state)
        if terminal:
            assert game.utility(state) == ref.utility(win)
            assert game.evaluate(state) == ref.utility(win)
        else:
            assert game.evaluate(state) == pytest.approx(float(ref.evaluate(win)), abs=1e-9)
        for bad in [i for i in cells if i not in legal][:2]:
            with pytest.raises(gametree.GameError, match="not playable"):
                game.result(state, bad)
        if pick is None or not legal:
            break
        move = legal[pick % len(legal)]
        state = game.result(state, move)
        ref.move(move)
    hash(state)
    return state


@given(mnk_sizes(), st.lists(st.integers(0, 10**6), max_size=25), st.sampled_from([1, 10, 2.5]))
@settings(max_examples=300, deadline=None)
def test_tictactoe_matches_the_reference(
    size: tuple[int, int, int], picks: list[int], win: float
) -> None:
    m, n, k = size
    game = TicTacToe(m, n, k, win=win)
    ref = RefTicTacToe(m, n, k)

    def extra(state: Any) -> None:
        assert game.state(ref.render(), ref.mover) == state

    play_along(game, ref, picks, win, range(m * n), extra)


def test_tictactoe_evaluate_keeps_exact_integers() -> None:
    # The score is an int when win * score divides by lines + 1, as before the bitboards.
    game = TicTacToe(win=9)
    value = game.evaluate(game.result(game.initial, 4))
    assert value == 4 and isinstance(value, int)


@given(
    st.tuples(st.integers(1, 6), st.integers(1, 7), st.integers(1, 5)).filter(
        lambda t: t[2] <= max(t[0], t[1])
    ),
    st.lists(st.integers(0, 10**6), max_size=45),
    st.sampled_from([10_000, 1, 7.5]),
    st.booleans(),
)
@settings(max_examples=300, deadline=None)
def test_connect_four_matches_the_reference(
    size: tuple[int, int, int], picks: list[int], win: float, center_first: bool
) -> None:
    rows, cols, k = size
    game = ConnectFour(rows, cols, k, win=win, center_first=center_first)
    ref = RefConnectFour(rows, cols, k)
    if center_first:
        # Centre column first, then outwards, the left one of two equally central first.
        ref.order = sorted(range(cols), key=lambda c: (abs(2 * c - (cols - 1)), c))

    def extra(state: Any) -> None:
        assert state.heights == tuple(ref.height(c) for c in range(cols))

    state = play_along(game, ref, picks, win, range(cols), extra)
    # Rebuilding from the board text gives the same state.
    assert game.initial._replace(board=state.board, to_move=state.to_move) == state._replace(
        winner=""
    )


def test_connect_four_state_fields_and_replace() -> None:
    c = ConnectFour(2, 3, 2)
    s = c.state("01")
    assert (s.board, s.heights, s.to_move, s.winner) == ("X-O---", (1, 1, 0), "X", "")
    t = s._replace(board="O-X---", heights=(1, 1, 0))
    assert t.board == "O-X---" and t.heights == (1, 1, 0)
    with pytest.raises(gametree.GameError, match="disagree"):
        s._replace(heights=(2, 0, 0))
    with pytest.raises(gametree.GameError, match="bad cell"):
        s._replace(board="Z-----")
    with pytest.raises(gametree.GameError, match="no column"):
        c.result(s, 3)
    with pytest.raises(gametree.GameError, match="not playable"):
        c.result(s, -1)


def test_tictactoe_state_replace_board() -> None:
    g = TicTacToe()
    s = g.state("XO-/---/---")
    t = s._replace(board="OX-------")
    assert t.board == "OX-------" and t.to_move == s.to_move and g.render(t) == "OX-\n---\n---"


def ref_nim_moves(piles: tuple[int, ...]) -> list[tuple[int, int]]:
    return [(i, c) for i in range(len(piles)) for c in range(1, piles[i] + 1)]


@given(st.lists(st.integers(0, 5), min_size=1, max_size=4), st.lists(st.integers(0, 10**6)))
@settings(max_examples=200, deadline=None)
def test_nim_matches_the_reference(piles: list[int], picks: list[int]) -> None:
    game = Nim(piles)
    state = game.initial
    current, mover = tuple(piles), "MAX"
    for pick in [*picks, None]:
        legal = ref_nim_moves(current)
        assert game.actions(state) == legal
        assert state == (current, mover) and hash(state) == hash((current, mover))
        assert game.is_terminal(state) == (sum(current) == 0)
        assert game.render(state) == " ".join(str(p) for p in current)
        if not legal:
            assert game.utility(state) == (-1 if mover == "MAX" else 1)
            break
        if pick is None:
            break
        pile, count = legal[pick % len(legal)]
        state = game.result(state, (pile, count))
        current = tuple(p - count if i == pile else p for i, p in enumerate(current))
        mover = "MIN" if mover == "MAX" else "MAX"
    with pytest.raises(gametree.GameError, match="bad move"):
        game.result(game.initial, (0, "1"))


def ref_value(ref_cls: type[Any], moves: list[int], dims: tuple[int, int, int]) -> float:
    """The minimax value of the position after ``moves``, by plain recursion."""

    def replay(seq: list[int]) -> Any:
        r = ref_cls(*dims)
        for mv in seq:
            r.move(mv)
        return r

    def value(seq: list[int]) -> float:
        r = replay(seq)
        if r.winner() or r.full():
            return float(r.utility(1))
        children = [value([*seq, mv]) for mv in r.moves()]
        return max(children) if r.mover == "X" else min(children)

    return value(moves)


@given(st.lists(st.integers(0, 10**6), min_size=5, max_size=9))
@settings(max_examples=40, deadline=None)
def test_search_values_match_the_reference(picks: list[int]) -> None:
    # Endgames (five or more moves in) small enough for the plain reference minimax.
    for game, ref_cls, dims in (
        (TicTacToe(), RefTicTacToe, (3, 3, 3)),
        (ConnectFour(3, 4, 3, win=1), RefConnectFour, (3, 4, 3)),
    ):
        ref = ref_cls(*dims)
        state, moves = game.initial, []
        for pick in picks:
            legal = ref.moves()
            if not legal:
                break
            mv = legal[pick % len(legal)]
            ref.move(mv)
            moves.append(mv)
            state = game.result(state, mv)
        expected = ref_value(ref_cls, moves, dims)
        assert search_game(game, state, record=False).value == expected
        assert search_game(game, state, algorithm="minimax", record=False).value == expected
        assert search_game(game, state, transposition_table=True).value == expected


def test_solved_values_and_node_counts() -> None:
    # Draws, with the node counts OpenSpiel 2.0.2's minimax.alpha_beta_search gives over
    # its own C++ connect_four (rows=4,columns=4 and rows=3,columns=5; columns tried left
    # to right, cut when alpha >= beta), counted as calls of its _alpha_beta.
    assert search_game(TicTacToe(), record=False).value == 0
    for rows, cols, nodes in ((4, 4, 62_889), (3, 5, 247_888)):
        r = search_game(ConnectFour(rows, cols, 4), record=False)
        assert (r.value, r.stats.nodes_visited) == (0, nodes)
