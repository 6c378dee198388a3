"""Benchmark: the built-in games against OpenSpiel's C++ states, and what a game costs.

Three tables, every figure measured in the same run (CPU time; the machine may be
shared):

1. Solving from the empty board with ``search_game(game, algorithm="alphabeta",
   record=False)`` against OpenSpiel's Python ``minimax.alpha_beta_search`` over its C++
   states: tic-tac-toe (best of ``--ttt-repeat`` interleaved rounds) and Connect Four with
   4 rows, 5 columns, connect 4 (``connect_four(rows=4,columns=5)``: about 18 million
   nodes, value 0; one round, it takes minutes; ``--quick`` solves 4x4 instead). Both
   try columns left to right and cut when alpha >= beta, so the node counts must be
   equal; OpenSpiel's nodes are counted as calls of its ``_alpha_beta`` in a separate
   run, so that counting does not slow the timed one. Target: we are faster.
2. Connect Four 6x7, depth 8 from the start, with the built-in evaluation: nodes per
   second for us, for OpenSpiel (its search given the same window score as its
   ``value_function``, read from the state's text, scaled by 1/10,000 so that its
   terminal returns of +-1 still outrank it: the same tree, so equal node counts) and
   for easyAI's ``Negamax(8)`` (its own negamax alpha-beta, the same score).
3. What one node costs: solving Connect Four 4x4 through a game written by a user
   (plain AIMA-style class, with and without ``memoize_states``), through a
   student-style class wrapped by ``gametree.adapt``, and through the built-in game
   with and without the memo, with the protocol calls made per node.

OpenSpiel (``pip install open-spiel``, the extra ``gametree[openspiel]``) and easyAI
(``pip install easyAI``) are benchmark-only; a missing one is skipped with a note.

    python tests/benchmarks/bench_game_speed.py [--repeat N] [--ttt-repeat N] [--quick]
        [--skip-solve]
"""

from __future__ import annotations

import argparse
import gc
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import gametree
from gametree.games import ConnectFour, TicTacToe, adapt, search_game

BIG = 10**9


def cpu_time(fn: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds of one call, after a collection."""
    gc.collect()
    t0 = time.process_time()
    out = fn()
    return time.process_time() - t0, out


def table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, *rows]:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )


# -- OpenSpiel -----------------------------------------------------------------------


def openspiel() -> Any:
    try:
        import pyspiel  # type: ignore[import-not-found,unused-ignore]
        from open_spiel.python.algorithms import (  # type: ignore[import-not-found,unused-ignore]
            minimax,
        )
    except ImportError:
        return None
    return pyspiel, minimax


def openspiel_search(
    spiel: Any, name: str, *, depth: int = 100, value_function: Any = None, count: bool = False
) -> tuple[float, int]:
    """OpenSpiel's alpha-beta from the start of game ``name``: (value, nodes or 0)."""
    pyspiel, minimax = spiel
    game = pyspiel.load_game(name)
    if not count:
        value, _ = minimax.alpha_beta_search(
            game, maximum_depth=depth, value_function=value_function
        )
        return value, 0
    calls = [0]
    original = minimax._alpha_beta

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    minimax._alpha_beta = counted
    try:
        value, _ = minimax.alpha_beta_search(
            game, maximum_depth=depth, value_function=value_function
        )
    finally:
        minimax._alpha_beta = original
    return value, calls[0]


def window_scorer(rows: int, cols: int, connect: int) -> Callable[[str], int]:
    """ConnectFour.evaluate's window score over a board text with one row per line,
    top row first (``x``/``X``, ``o``/``O``, anything else empty)."""
    windows = []
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                cells = [(r + dr * i, c + dc * i) for i in range(connect)]
                if all(0 <= rr < rows and 0 <= cc < cols for rr, cc in cells):
                    windows.append([rr * (cols + 1) + cc for rr, cc in cells])
    weights = [0] + [4 ** (i - 1) for i in range(1, connect + 1)]

    def score(text: str) -> int:
        total = 0
        for window in windows:
            xs = os_ = 0
            for i in window:
                ch = text[i]
                if ch in "xX":
                    xs += 1
                elif ch in "oO":
                    os_ += 1
            if not os_:
                total += weights[xs]
            elif not xs:
                total -= weights[os_]
        return total

    return score


# -- easyAI ----------------------------------------------------------------------------


def easyai_connect_four(depth: int, score: Callable[[str], int]) -> Callable[[], int] | None:
    """easyAI's Negamax(depth) from the empty 6x7 board; returns a run giving its nodes
    (calls of ``make_move``, plus the root)."""
    try:
        from easyAI import Negamax, TwoPlayerGame  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None
    lines = window_lines(6, 7, 4)
    counter = [0]

    class EasyConnectFour(TwoPlayerGame):  # type: ignore[misc]
        """Columns of a 6x7 board, bottom first; player 1 is X."""

        def __init__(self) -> None:
            self.players = [None, None]
            self.cols: list[list[int]] = [[] for _ in range(7)]
            self.current_player = 1

        def possible_moves(self) -> list[int]:
            return [c for c in range(7) if len(self.cols[c]) < 6]

        def make_move(self, move: int) -> None:
            counter[0] += 1
            self.cols[move].append(self.current_player)

        def unmake_move(self, move: int) -> None:
            self.cols[move].pop()

        def cell(self, c: int, r: int) -> int:
            col = self.cols[c]
            return col[r] if r < len(col) else 0

        def lose(self) -> bool:
            o = self.opponent_index
            return any(all(self.cell(c, r) == o for c, r in line) for line in lines)

        def is_over(self) -> bool:
            return self.lose() or all(len(col) == 6 for col in self.cols)

        def text(self) -> str:
            marks = " xo"
            return "".join(
                "".join(marks[self.cell(c, r)] for c in range(7)) + "\n" for r in range(5, -1, -1)
            )

        def scoring(self) -> float:
            if self.lose():
                return -10_000
            s = score(self.text())
            return s if self.current_player == 1 else -s

    def run() -> int:
        counter[0] = 0
        Negamax(depth, win_score=10_000)(EasyConnectFour())
        return counter[0] + 1

    return run


def window_lines(rows: int, cols: int, k: int) -> list[list[tuple[int, int]]]:
    """Every run of ``k`` cells (column, row) on the board."""
    found = []
    for c in range(cols):
        for r in range(rows):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                cells = [(c + dc * i, r + dr * i) for i in range(k)]
                if all(0 <= cc < cols and 0 <= rr < rows for cc, rr in cells):
                    found.append(cells)
    return found


# -- a user's own games ------------------------------------------------------------------


class UserState(NamedTuple):
    board: str
    """Column-major, bottom first."""
    player: str
    winner: str


class UserConnectFour:
    """Connect Four as a user might write it for gametree: AIMA's protocol over a
    board string, a win looked for on the lines through the new piece."""

    def __init__(self, rows: int, cols: int, connect: int = 4) -> None:
        self.rows, self.cols = rows, cols
        self.initial = UserState("." * (rows * cols), "MAX", "")
        self.through: list[list[list[int]]] = [[] for _ in range(rows * cols)]
        for line in window_lines(rows, cols, connect):
            cells = [c * rows + r for c, r in line]
            for cell in cells:
                self.through[cell].append(cells)

    def to_move(self, state: UserState) -> str:
        return state.player

    def actions(self, state: UserState) -> list[int]:
        if state.winner:
            return []
        return [c for c in range(self.cols) if state.board[c * self.rows + self.rows - 1] == "."]

    def result(self, state: UserState, move: int) -> UserState:
        rows = self.rows
        column = state.board[move * rows : (move + 1) * rows]
        cell = move * rows + column.index(".")
        mark = "X" if state.player == "MAX" else "O"
        board = state.board[:cell] + mark + state.board[cell + 1 :]
        won = any(all(board[i] == mark for i in line) for line in self.through[cell])
        return UserState(board, "MIN" if state.player == "MAX" else "MAX", mark if won else "")

    def is_terminal(self, state: UserState) -> bool:
        return bool(state.winner) or "." not in state.board

    def utility(self, state: UserState) -> float:
        return 1 if state.winner == "X" else -1 if state.winner == "O" else 0


class UserConnectFourMemo(UserConnectFour):
    """The same game, letting the search ask about each distinct position once."""

    memoize_states: ClassVar[bool] = True


class StudentConnectFour:
    """A student's notebook class: one mutable board, make/unmake, the utility from the
    mover's point of view (what ``gametree.adapt`` wraps)."""

    def __init__(self, rows: int, cols: int, connect: int = 4) -> None:
        self.rows, self.ncols = rows, cols
        self.cols: list[list[str]] = [[] for _ in range(cols)]
        self.mover = "X"
        self.lines = window_lines(rows, cols, connect)

    def get_moves(self) -> list[int]:
        return [c for c in range(self.ncols) if len(self.cols[c]) < self.rows]

    def make_move(self, move: int) -> None:
        self.cols[move].append(self.mover)
        self.mover = "O" if self.mover == "X" else "X"

    def unmake_move(self, move: int) -> None:
        self.cols[move].pop()
        self.mover = "O" if self.mover == "X" else "X"

    def cell(self, c: int, r: int) -> str:
        col = self.cols[c]
        return col[r] if r < len(col) else "."

    def winner(self) -> str:
        for line in self.lines:
            first = self.cell(*line[0])
            if first != "." and all(self.cell(c, r) == first for c, r in line):
                return first
        return ""

    def is_over(self) -> bool:
        return bool(self.winner()) or all(len(col) == self.rows for col in self.cols)

    def get_utility(self) -> float | None:
        w = self.winner()
        if w:
            return 1 if w == self.mover else -1
        return 0 if self.is_over() else None


class NoMemoConnectFour(ConnectFour):
    """The built-in game with the state memo off: every node asks the game."""

    memoize_states: ClassVar[bool] = False


class Counting:
    """Wraps a game and counts its protocol calls (a separate, untimed run)."""

    METHODS = ("to_move", "actions", "result", "is_terminal", "utility")

    def __init__(self, game: Any) -> None:
        self.game = game
        self.calls = 0
        self.initial = game.initial
        self.players = getattr(game, "players", {"MAX": "MAX", "MIN": "MIN"})
        self.memoize_states = getattr(game, "memoize_states", False)
        for name in self.METHODS:
            setattr(self, name, self._counted(getattr(game, name)))

    def _counted(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            self.calls += 1
            return method(*args)

        return call


# -- the tables -----------------------------------------------------------------------------


def solve_table(spiel: Any, repeat: int, quick: bool, skip_solve: bool) -> None:
    rows, cols = (4, 4) if quick else (4, 5)
    cases: list[tuple[str, Callable[[], Any], str, int]] = [
        ("tic-tac-toe", TicTacToe, "tic_tac_toe", repeat),
    ]
    # A tic-tac-toe solve takes some 20 ms either way: best of many rounds.
    if not skip_solve:
        cases.append(
            (
                f"connect four {rows}x{cols}",
                lambda: ConnectFour(rows, cols, 4),
                f"connect_four(rows={rows},columns={cols})",
                1,
            )
        )
    out: list[tuple[str, ...]] = []
    for label, make, spiel_name, rounds in cases:
        ours = theirs = lean = math.inf
        value: Any = None
        nodes = 0
        spiel_value: Any = "-"
        for _ in range(rounds):
            t, r = cpu_time(lambda make=make: search_game(make(), record=False, max_nodes=BIG))  # type: ignore[misc]
            ours = min(ours, t)
            value, nodes = r.value, r.stats.nodes_visited
            del r
            t, r = cpu_time(
                lambda make=make: search_game(make(), record=False, keep="root", max_nodes=BIG)  # type: ignore[misc]
            )
            lean = min(lean, t)
            assert (r.value, r.stats.nodes_visited) == (value, nodes)
            del r
            if spiel is not None:
                t, (spiel_value, _) = cpu_time(lambda n=spiel_name: openspiel_search(spiel, n))  # type: ignore[misc]
                theirs = min(theirs, t)
        spiel_nodes = openspiel_search(spiel, spiel_name, count=True)[1] if spiel else 0
        if spiel is None:
            out.append((label, f"{value}", f"{nodes:,}", f"{ours:.3f}", f"{ours / nodes * 1e6:.2f}",
                        f"{lean:.3f}", f"{lean / ours:.2f}",
                        "not installed", "-", "-", "-", "skipped"))  # fmt: skip
            continue
        met = "yes" if ours < theirs and spiel_nodes == nodes else "NO"
        out.append(
            (
                label,
                f"{value}",
                f"{nodes:,}",
                f"{ours:.3f}",
                f"{ours / nodes * 1e6:.2f}",
                f"{lean:.3f}",
                f"{lean / ours:.2f}",
                f"{spiel_value}",
                f"{spiel_nodes:,}",
                f"{theirs:.3f}",
                f"{ours / theirs:.2f}",
                met,
            )
        )
    print("1. Solving from the empty board: search_game(record=False) alpha-beta vs OpenSpiel")
    table(
        ("game", "value", "nodes", "ours s", "us/node", "keep=root s", "/ours", "OpenSpiel value",
         "OpenSpiel nodes",
         "OpenSpiel s", "ours/OS", "faster, same nodes?"),
        out,
    )  # fmt: skip
    print(
        f"tic-tac-toe: best of {repeat} interleaved rounds; connect four: one round each.\n"
        "OpenSpiel's nodes come from a separate counting run. Each of our runs makes a fresh\n"
        "game (nothing cached survives from one run to the next). keep=root: the same search\n"
        "keeping only the root's value, best moves and statistics (what players use).\n"
    )


def depth_table(spiel: Any, repeat: int) -> None:
    depth = 8
    score = window_scorer(6, 7, 4)
    rows: list[tuple[str, ...]] = []
    best = math.inf
    r: Any = None
    for _ in range(repeat):
        t, r = cpu_time(
            lambda: search_game(ConnectFour(), depth=depth, record=False, max_nodes=BIG)
        )
        best = min(best, t)
    ours_rate = r.stats.nodes_visited / best
    rows.append(("gametree search_game", f"{r.value}", f"{r.stats.nodes_visited:,}",
                 f"{best:.3f}", f"{ours_rate:,.0f}", "1.00"))  # fmt: skip
    if spiel is None:
        rows.append(("OpenSpiel alpha_beta_search", "-", "-", "-", "not installed", "-"))
    else:

        def value_function(state: Any) -> float:
            return score(str(state)) / 10_000

        best_os = math.inf
        value: Any = None
        for _ in range(repeat):
            t, (value, _) = cpu_time(
                lambda: openspiel_search(
                    spiel, "connect_four", depth=depth, value_function=value_function
                )
            )
            best_os = min(best_os, t)
        _, n_os = openspiel_search(
            spiel, "connect_four", depth=depth, value_function=value_function, count=True
        )
        rows.append(("OpenSpiel alpha_beta_search", f"{value * 10_000:g}", f"{n_os:,}",
                     f"{best_os:.3f}", f"{n_os / best_os:,.0f}",
                     f"{ours_rate / (n_os / best_os):.2f}"))  # fmt: skip
    easy = easyai_connect_four(depth, score)
    if easy is None:
        rows.append(("easyAI Negamax(8)", "-", "-", "-", "not installed", "-"))
    else:
        best_e = math.inf
        n_e = 0
        for _ in range(max(1, repeat // 2)):
            t, n_e = cpu_time(easy)
            best_e = min(best_e, t)
        rows.append(("easyAI Negamax(8)", "", f"{n_e:,}", f"{best_e:.3f}",
                     f"{n_e / best_e:,.0f}", f"{ours_rate / (n_e / best_e):.2f}"))  # fmt: skip
    print()
    print(f"2. Connect Four 6x7, depth {depth} from the start, window-score evaluation")
    table(("search", "value", "nodes", "CPU s", "nodes/s", "our rate / theirs"), rows)
    print(
        "OpenSpiel's value_function is the same score read from its state text (scaled by\n"
        "1/10,000); easyAI's Negamax has its own move loop (nodes: make_move calls + 1)."
    )


def cost_table(spiel: Any, repeat: int) -> None:
    rows_n, cols_n = 4, 4
    games: list[tuple[str, Callable[[], Any]]] = [
        ("built-in ConnectFour (bitboards, memo)", lambda: ConnectFour(rows_n, cols_n, 4)),
        ("built-in ConnectFour, memo off", lambda: NoMemoConnectFour(rows_n, cols_n, 4)),
        ("user's own Game class", lambda: UserConnectFour(rows_n, cols_n)),
        ("user's Game + memoize_states = True", lambda: UserConnectFourMemo(rows_n, cols_n)),
        ("student class via gametree.adapt", lambda: adapt(StudentConnectFour(rows_n, cols_n))),
    ]
    best = [math.inf] * len(games)
    nodes = [0] * len(games)
    os_best = math.inf
    name = f"connect_four(rows={rows_n},columns={cols_n})"
    for _ in range(repeat):
        for k, (_, make) in enumerate(games):
            t, r = cpu_time(lambda make=make: search_game(make(), record=False, max_nodes=BIG))  # type: ignore[misc]
            assert r.value == 0, r.value
            best[k] = min(best[k], t)
            nodes[k] = r.stats.nodes_visited
        if spiel is not None:
            t, _ = cpu_time(lambda: openspiel_search(spiel, name))
            os_best = min(os_best, t)
    out: list[tuple[str, ...]] = []
    for k, (label, make) in enumerate(games):
        counting = Counting(make())
        search_game(counting, record=False, max_nodes=BIG)
        out.append((label, f"{nodes[k]:,}", f"{best[k]:.3f}", f"{best[k] / nodes[k] * 1e6:.2f}",
                    f"{counting.calls / nodes[k]:.2f}", f"{best[k] / best[0]:.2f}"))  # fmt: skip
    if spiel is not None:
        per_node = os_best / nodes[0] * 1e6
        out.append(("OpenSpiel (C++ states, Python search)", f"{nodes[0]:,}", f"{os_best:.3f}",
                    f"{per_node:.2f}", "-", f"{os_best / best[0]:.2f}"))  # fmt: skip
    print()
    print(f"3. What a node costs: solving Connect Four {rows_n}x{cols_n} (value 0), record=False")
    table(("game", "nodes", "CPU s", "us/node", "game calls/node", "/ built-in"), out)
    print(
        "game calls/node: calls of to_move, actions, result, is_terminal and utility per\n"
        "node searched. Without memoize_states the search asks the game about every node it\n"
        "enters (about four calls a node: each a Python call, plus whatever the method does);\n"
        "with it, once per distinct position (a solve meets the same positions again and\n"
        "again). The student adapter's states are move sequences: every question first\n"
        "makes and unmakes moves on the wrapped object to reach the position, and its\n"
        "get_utility/is_over scan the board."
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--ttt-repeat", type=int, default=15, help="tic-tac-toe rounds")
    parser.add_argument("--quick", action="store_true", help="solve 4x4 instead of 4x5")
    parser.add_argument("--skip-solve", action="store_true", help="no Connect Four solve")
    args = parser.parse_args()
    spiel = openspiel()
    if spiel is None:
        print("OpenSpiel is not installed (pip install open-spiel): its columns are skipped")
    solve_table(spiel, args.ttt_repeat, args.quick, args.skip_solve)
    depth_table(spiel, args.repeat)
    cost_table(spiel, args.repeat)
    print(f"gametree {gametree.__version__}, Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
