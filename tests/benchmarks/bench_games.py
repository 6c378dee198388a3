"""Benchmark: solving tic-tac-toe from the empty board, and expanding its full tree.

Compares, in the same run, :func:`gametree.search_game` alpha-beta (value 0) with and
without a transposition table, graph-free (``record=False``) and recorded, against a
plain recursive alpha-beta over tuple boards written here; then easyAI's Negamax and
AIMA's ``alpha_beta_search`` when they are installed (benchmark only, never
dependencies); then ``gametree.expand`` of the full 549,946-node tree.

Targets (issue 5): within 1.5x of the plain search when no graph is recorded, within
5x when it is. For context the table also gives each row over the plain search with
the same transposition-table setting (the plain search with a table is 3x faster than
without), and over that plain search written against the game's methods
(``actions``, ``result``, ...) instead of inline tuple code, which is what any search
of a user's game pays. Times are CPU times, the best of ``--repeat`` interleaved
rounds (default 5); the machine may be shared.

    python tests/benchmarks/bench_games.py [--repeat N] [--skip-expand]

easyAI (``pip install easyAI``) and AIMA (``pip install aima3``, the AIMA code as a
package; the search looks for ``aima.games``, ``aima3.games`` or aima-python's
``games`` on the path) are timed when installed; when absent the table says so.
"""

from __future__ import annotations

import argparse
import gc
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import gametree
from gametree.games import TicTacToe, expand, search_game

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
EMPTY = (" ",) * 9


def winner(board: tuple[str, ...]) -> str | None:
    for a, b, c in LINES:
        if board[a] != " " and board[a] == board[b] == board[c]:
            return board[a]
    return None


class Plain:
    """Recursive alpha-beta over tuple boards, MAX = X, cut on >=, moves 0..8."""

    def __init__(self, tt: bool) -> None:
        self.nodes = 0
        self.tt: dict[tuple[tuple[str, ...], str], tuple[float, int]] | None = {} if tt else None

    def search(self, board: tuple[str, ...], mover: str, alpha: float, beta: float) -> float:
        self.nodes += 1
        key = (board, mover)
        tt = self.tt
        if tt is not None and key in tt:
            v, flag = tt[key]
            if flag == 0 or (flag > 0 and v >= beta) or (flag < 0 and v <= alpha):
                return v
        w = winner(board)
        if w is not None:
            value: float = 1 if w == "X" else -1
        elif " " not in board:
            value = 0
        else:
            a0, b0 = alpha, beta
            nxt = "O" if mover == "X" else "X"
            if mover == "X":
                value = -math.inf
                for i in range(9):
                    if board[i] == " ":
                        child = board[:i] + ("X",) + board[i + 1 :]  # noqa: RUF005 (the fastest way)
                        v = self.search(child, nxt, alpha, beta)
                        if v > value:
                            value = v
                        if value >= beta:
                            break
                        if value > alpha:
                            alpha = value
            else:
                value = math.inf
                for i in range(9):
                    if board[i] == " ":
                        child = board[:i] + ("O",) + board[i + 1 :]  # noqa: RUF005
                        v = self.search(child, nxt, alpha, beta)
                        if v < value:
                            value = v
                        if value <= alpha:
                            break
                        if value < beta:
                            beta = value
            if tt is not None:
                flag = 1 if value >= b0 else -1 if value <= a0 else 0
                tt[key] = (value, flag)
                return value
        if tt is not None:
            tt[key] = (value, 0)
        return value


class PlainOverGame:
    """The same recursive alpha-beta as :class:`Plain`, through a Game's methods.

    Not a target: it shows what calling ``is_terminal``, ``utility``, ``to_move``,
    ``actions`` and ``result`` on the game object (and its namedtuple states) costs
    against the inline tuple-board code, before any search machinery.
    """

    def __init__(self, game: Any, tt: bool) -> None:
        self.game = game
        self.nodes = 0
        self.tt: dict[Any, tuple[float, int]] | None = {} if tt else None

    def search(self, state: Any, alpha: float, beta: float) -> float:
        self.nodes += 1
        game, tt = self.game, self.tt
        if tt is not None:
            entry = tt.get(state)
            if entry is not None:
                v, flag = entry
                if flag == 0 or (flag > 0 and v >= beta) or (flag < 0 and v <= alpha):
                    return v
        if game.is_terminal(state):
            value: float = game.utility(state)
            if tt is not None:
                tt[state] = (value, 0)
            return value
        a0, b0 = alpha, beta
        if game.to_move(state) == "X":
            value = -math.inf
            for a in game.actions(state):
                v = self.search(game.result(state, a), alpha, beta)
                if v > value:
                    value = v
                if value >= beta:
                    break
                if value > alpha:
                    alpha = value
        else:
            value = math.inf
            for a in game.actions(state):
                v = self.search(game.result(state, a), alpha, beta)
                if v < value:
                    value = v
                if value <= alpha:
                    break
                if value < beta:
                    beta = value
        if tt is not None:
            tt[state] = (value, 1 if value >= b0 else -1 if value <= a0 else 0)
        return value


def cpu_time(fn: Callable[[], Any]) -> tuple[float, Any]:
    """CPU seconds of one call (process time: other processes' load does not count).

    What the call returns stays alive until the clock has stopped: freeing a recorded
    graph is the caller's business, after it has used it, not part of the search.
    """
    gc.collect()
    t0 = time.process_time()
    out = fn()
    return time.process_time() - t0, out


def easyai_run() -> tuple[Callable[[], Any], Callable[[], int]] | None:
    try:
        from easyAI import Negamax, TwoPlayerGame  # type: ignore[import-untyped,unused-ignore]
    except ImportError:
        return None

    counter = [0]

    class EasyTTT(TwoPlayerGame):  # type: ignore[misc]
        def __init__(self) -> None:
            self.players = [None, None]
            self.board = [0] * 9
            self.current_player = 1

        def possible_moves(self) -> list[int]:
            return [i for i in range(9) if self.board[i] == 0]

        def make_move(self, move: int) -> None:
            counter[0] += 1
            self.board[move] = self.current_player

        def unmake_move(self, move: int) -> None:
            self.board[move] = 0

        def lose(self) -> bool:
            o = self.opponent_index
            return any(all(self.board[i] == o for i in line) for line in LINES)

        def is_over(self) -> bool:
            return self.lose() or 0 not in self.board

    def run() -> Any:
        counter[0] = 0
        ai = Negamax(9, lambda g: -100 if g.lose() else 0)
        return ai(EasyTTT())

    return run, lambda: counter[0] + 1


def aima_run() -> tuple[Callable[[], Any], Callable[[], int]] | None:
    """AIMA's alpha-beta on its own TicTacToe (``pip install aima3``, or aima-python on
    the path); the search is ``alpha_beta_search`` (4th edition) or ``alphabeta_search``
    (3rd). Nodes are counted as calls of ``result``, plus the root."""
    search = game_cls = None
    for name in ("aima.games", "aima3.games", "games"):
        try:
            module = __import__(name, fromlist=["TicTacToe"])
        except ImportError:
            continue
        search = getattr(module, "alpha_beta_search", None) or getattr(
            module, "alphabeta_search", None
        )
        game_cls = getattr(module, "TicTacToe", None)
        if search is not None and game_cls is not None:
            break
    if search is None or game_cls is None:
        return None
    counter = [0]

    class Counting(game_cls):  # type: ignore[misc,valid-type]
        def result(self, state: Any, move: Any) -> Any:
            counter[0] += 1
            return super().result(state, move)

    def run() -> Any:
        counter[0] = 0
        game = Counting()
        return search(game.initial, game)

    return run, lambda: counter[0] + 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--skip-expand", action="store_true")
    args = parser.parse_args()

    def plain(tt: bool) -> tuple[float, int]:
        p = Plain(tt)
        value = p.search(EMPTY, "X", -math.inf, math.inf)
        return value, p.nodes

    def plain_over_game(tt: bool) -> tuple[float, int]:
        game = TicTacToe()
        p = PlainOverGame(game, tt)
        value = p.search(game.initial, -math.inf, math.inf)
        return value, p.nodes

    def solve(**kwargs: Any) -> tuple[float, int, Any]:
        # A fresh game each run: nothing the game caches survives from one run to the next.
        r = search_game(TicTacToe(), **kwargs)
        return r.value, r.stats.nodes_visited, r

    # (case, run, uses a table, target ratio over the plain search or 0 for none).
    cases: list[tuple[str, Callable[[], tuple[Any, ...]], bool, float]] = [
        ("plain recursive alpha-beta", lambda: plain(False), False, 0.0),
        ("plain alpha-beta + TT", lambda: plain(True), True, 0.0),
        ("plain, through the Game methods", lambda: plain_over_game(False), False, 0.0),
        ("plain + TT, through the Game methods", lambda: plain_over_game(True), True, 0.0),
        ("search_game, record=False", lambda: solve(record=False), False, 1.5),
        (
            "search_game + TT, record=False",
            lambda: solve(record=False, transposition_table=True),
            True,
            1.5,
        ),
        ("search_game, recorded", lambda: solve(annotate=False), False, 5.0),
        (
            "search_game + TT, recorded",
            lambda: solve(annotate=False, transposition_table=True),
            True,
            5.0,
        ),
        ("search_game, recorded + annotated", lambda: solve(), False, 0.0),
        (
            "search_game + TT, recorded + annotated",
            lambda: solve(transposition_table=True),
            True,
            0.0,
        ),
    ]
    others: list[tuple[str, Callable[[], Any], Callable[[], int]]] = []
    missing: list[str] = []
    for label, maker in (("easyAI Negamax(9)", easyai_run), ("AIMA alpha-beta search", aima_run)):
        found = maker()
        if found is None:
            missing.append(label)
        else:
            others.append((label, found[0], found[1]))

    # Interleaved rounds (every case once per round, not all runs of one case and then
    # the next), so that every case sees the same load on a shared machine; each case
    # keeps its best CPU time.
    best = [math.inf] * (len(cases) + len(others))
    values: list[float] = [0.0] * len(cases)
    nodes: list[int] = [0] * (len(cases) + len(others))
    for _ in range(args.repeat):
        for k, (_, fn, _, _) in enumerate(cases):
            t, found = cpu_time(fn)
            values[k], nodes[k] = found[0], found[1]
            del found
            best[k] = min(best[k], t)
        for j, (_, fn, count) in enumerate(others):
            t, _ = cpu_time(fn)
            best[len(cases) + j] = min(best[len(cases) + j], t)
            nodes[len(cases) + j] = count()
    assert all(v == 0 for v in values), values

    rows: list[tuple[str, ...]] = []
    for k, (label, _, tt, target) in enumerate(cases):
        ratio = best[k] / best[0]
        if k == 0:
            met = ""
        elif target:
            met = "yes" if ratio <= target else "NO"
        else:
            met = "-"
        rows.append(
            (
                label,
                f"{best[k] * 1000:.1f}",
                f"{nodes[k]:,}",
                f"{ratio:.2f}",
                f"<= {target:g}x" if target else "baseline" if k == 0 else "(context)",
                met,
                f"{best[k] / best[1 if tt else 0]:.2f}",
                f"{best[k] / best[3 if tt else 2]:.2f}",
            )
        )
    # easyAI and AIMA return the best move and build no graph: the same job as
    # search_game with record=False (row 4). The recorded search also builds the graph.
    same_job, recorded = best[4], best[6]
    versus: list[str] = []
    for j, (label, _, _) in enumerate(others):
        t = best[len(cases) + j]
        rows.append(
            (
                label,
                f"{t * 1000:.1f}",
                f"{nodes[len(cases) + j]:,}" if nodes[len(cases) + j] else "?",
                f"{t / best[0]:.2f}",
                "slower than search_game",
                "yes" if t > same_job else "NO",
                "",
                "",
            )
        )
        versus.append(
            f"{label}: {t / same_job:.2f}x search_game record=False, "
            f"{t / recorded:.2f}x search_game recorded (which also builds the graph)"
        )
    for label in missing:
        rows.append((label, "-", "-", "-", "slower than search_game", "not installed", "", ""))

    print(
        f"Solving tic-tac-toe from the empty board (value 0): CPU time, best of "
        f"{args.repeat} interleaved rounds"
    )
    header = ("case", "ms", "nodes", "ratio", "target", "met?", "/same TT", "/via Game")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    for r in [header, *rows]:
        print(
            "  ".join(
                c.ljust(w) if i in (0, 4) else c.rjust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    print(
        "ratio: CPU time over the plain recursive alpha-beta (issue 5's baseline; its targets\n"
        "are within 1.5x without a recorded graph, within 5x with one). Context columns:\n"
        "/same TT, over the plain search with the same table setting (a table row over the\n"
        "plain alpha-beta + TT); /via Game, over the plain search with the same table\n"
        "setting calling the game's methods instead of inline tuple-board code. easyAI and\n"
        "AIMA find the best move and build no graph; they are met when slower than\n"
        "search_game doing the same (record=False)."
    )
    for line in versus:
        print(line)
    if missing:
        print(f"not installed (not timed): {', '.join(missing)}")

    if not args.skip_expand:
        game = TicTacToe()
        t0 = time.perf_counter()
        G = expand(game)
        t = time.perf_counter() - t0
        leaves = sum(1 for node in G if not G.succ[node])
        print()
        print(
            f"expand(TicTacToe()): {len(G):,} nodes, {leaves:,} leaves in {t:.2f} s "
            f"({len(G) / t:,.0f} nodes/s)"
        )
        del G
        t0 = time.perf_counter()
        H = expand(game, merge_transpositions=True)
        t = time.perf_counter() - t0
        print(f"expand(TicTacToe(), merge_transpositions=True): {len(H):,} positions in {t:.3f} s")
    print(f"gametree {gametree.__version__}, Python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
