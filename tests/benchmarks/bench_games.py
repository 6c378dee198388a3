"""Benchmark: solving tic-tac-toe from the empty board, and expanding its full tree.

Compares, in the same run, :func:`gametree.search_game` alpha-beta (value 0) with and
without a transposition table, graph-free (``record=False``) and recorded, against a
plain recursive alpha-beta over tuple boards written here; then easyAI's Negamax and
AIMA's ``alpha_beta_search`` when they are installed (benchmark only, never
dependencies); then ``gametree.expand`` of the full 549,946-node tree.

Targets: within 1.5x of the plain search when no graph is recorded, within 5x when it
is. Times are the best of ``--repeat`` runs (default 3); the machine may be shared.

    python tests/benchmarks/bench_games.py [--repeat N] [--skip-expand]
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


def best_time(fn: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    best = math.inf
    out = None
    for _ in range(repeat):
        gc.collect()
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def easyai_run() -> tuple[Callable[[], Any], Callable[[], int]] | None:
    try:
        from easyAI import Negamax, TwoPlayerGame
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
    for name in ("aima.games", "aima3.games", "games"):
        try:
            module = __import__(name, fromlist=["alpha_beta_search", "TicTacToe"])
            search = module.alpha_beta_search
            game_cls = module.TicTacToe
        except (ImportError, AttributeError):
            continue

        def run(search: Any = search, game_cls: Any = game_cls) -> Any:
            game = game_cls()
            return search(game.initial, game)

        return run, lambda: 0
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-expand", action="store_true")
    args = parser.parse_args()
    game = TicTacToe()
    rows: list[tuple[str, str, str, str, str]] = []

    def plain(tt: bool) -> tuple[float, int]:
        p = Plain(tt)
        value = p.search(EMPTY, "X", -math.inf, math.inf)
        return value, p.nodes

    cases: list[tuple[str, Callable[[], Any], bool, float]] = [
        ("plain recursive alpha-beta", lambda: plain(False), False, 0.0),
        ("plain alpha-beta + TT", lambda: plain(True), True, 0.0),
        ("search_game, record=False", lambda: search_game(game, record=False), False, 1.5),
        (
            "search_game + TT, record=False",
            lambda: search_game(game, record=False, transposition_table=True),
            True,
            1.5,
        ),
        ("search_game, recorded", lambda: search_game(game, annotate=False), False, 5.0),
        (
            "search_game + TT, recorded",
            lambda: search_game(game, annotate=False, transposition_table=True),
            True,
            5.0,
        ),
        ("search_game, recorded + annotated", lambda: search_game(game), False, 5.0),
    ]
    # Rounds over all cases (not all runs of one case, then the next), so that every
    # case sees the same load on a shared machine; each keeps its best time.
    best = [math.inf] * len(cases)
    outs: list[Any] = [None] * len(cases)
    for _ in range(args.repeat):
        for k, (_, fn, _, _) in enumerate(cases):
            t, outs[k] = best_time(fn, 1)
            best[k] = min(best[k], t)
    t_plain, t_plain_tt = best[0], best[1]
    for k, (label, _, tt, target) in enumerate(cases):
        out = outs[k]
        if k < 2:
            value, nodes = out
            rows.append((label, f"{best[k] * 1000:.1f}", f"{nodes:,}", "1.00", ""))
        else:
            value, nodes = out.value, out.stats.nodes_visited
            ratio = best[k] / (t_plain_tt if tt else t_plain)
            flag = "ok" if ratio <= target else f"over {target}x"
            rows.append((label, f"{best[k] * 1000:.1f}", f"{nodes:,}", f"{ratio:.2f}", flag))
        assert value == 0

    for label, maker in (("easyAI Negamax(9)", easyai_run), ("AIMA alpha_beta_search", aima_run)):
        found = maker()
        if found is None:
            rows.append((label, "-", "-", "-", "not installed"))
            continue
        run, nodes = found
        t, _ = best_time(run, 1)
        rows.append(
            (
                label,
                f"{t * 1000:.1f}",
                f"{nodes():,}" if nodes() else "?",
                f"{t / t_plain:.2f}",
                "(vs plain, no TT)",
            )
        )

    print(f"Solving tic-tac-toe from the empty board (value 0), best of {args.repeat}")
    header = ("search", "ms", "nodes", "ratio", "target")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(5)]
    for r in [header, *rows]:
        print(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(r, widths, strict=True))
            )
        )
    print("ratio: time over the plain search (with TT rows over the plain search with TT)")

    if not args.skip_expand:
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
