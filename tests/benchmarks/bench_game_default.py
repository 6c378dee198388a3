"""Benchmark: the default game search and the transposition-table search against their
floors (issue 36, items 2 and 3).

Tic-tac-toe and Connect Four 4x4 solved from the empty board, every case in the same
interleaved rounds (CPU time, best of ``--repeat``):

* ``search_game(game)`` (recorded, annotated: the default) against
  ``search_game(game, record=False, keep="root")``, the same search keeping the root's
  answer only. Target 2x. The graph is built when ``result.graph`` is first read: that
  row is printed too, for context, with the default search with ``record=False``.
* ``search_game(game, transposition_table=True, record=False, keep="root")`` against the
  floor's table search: a plain recursive alpha-beta through the game's methods (the
  same moves, the same order, cut on >=) doing one ``dict.get`` and one store per node
  (``PlainOverGame`` of ``bench_games.py``, with its table). Target 2x.

Run: ``python tests/benchmarks/bench_game_default.py [--repeat N]`` (``--help``: this
text). Exit status 1 when a target is missed.
"""

from __future__ import annotations

import gc
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_games import PlainOverGame

from gametree.games import ConnectFour, TicTacToe, search_game

INF = math.inf
BIG = 10**9


def cpu(fn: Callable[[], Any]) -> float:
    gc.collect()
    t0 = time.process_time()
    out = fn()
    t = time.process_time() - t0
    del out
    return t


def main(argv: list[str]) -> int:
    if "--help" in argv:
        print(__doc__)
        return 0
    repeat = int(argv[argv.index("--repeat") + 1]) if "--repeat" in argv else 5
    games: list[tuple[str, Callable[[], Any]]] = [
        ("tic-tac-toe", TicTacToe),
        ("Connect Four 4x4", lambda: ConnectFour(rows=4, cols=4)),
    ]
    ok = True
    print(f"CPU ms, best of {repeat} interleaved rounds")
    print(f"{'game':<17} {'case':<44} {'ms':>8} {'ratio':>6} {'target':>6} met?")
    for name, make in games:

        def floor(make: Callable[[], Any] = make) -> float:
            game = make()
            return PlainOverGame(game, tt=True).search(game.initial, -INF, INF)

        def graph_read(make: Callable[[], Any] = make) -> Any:
            r = search_game(make(), max_nodes=BIG)
            return r.graph

        cases: list[tuple[str, Callable[[], Any], int | None, float | None]] = [
            ("keep='root'", lambda m=make: search_game(m(), record=False, keep="root"), None, None),
            ("default search_game", lambda m=make: search_game(m(), max_nodes=BIG), 0, 2.0),
            ("default, then result.graph read", graph_read, 0, None),
            ("record=False", lambda m=make: search_game(m(), record=False), 0, None),
            ("floor: plain alpha-beta + dict TT", floor, None, None),
            (
                "TT, keep='root'",
                lambda m=make: search_game(
                    m(), transposition_table=True, record=False, keep="root"
                ),
                4,
                2.0,
            ),
            (
                "TT, record=False",
                lambda m=make: search_game(m(), transposition_table=True, record=False),
                4,
                None,
            ),
        ]
        best = [INF] * len(cases)
        for _ in range(repeat):
            for i, (_, fn, _, _) in enumerate(cases):
                best[i] = min(best[i], cpu(fn))
        for i, (label, _, base, target) in enumerate(cases):
            ratio = "" if base is None else f"{best[i] / best[base]:6.2f}"
            met = ""
            if target is not None and base is not None:
                fine = best[i] / best[base] <= target
                ok &= fine
                met = "yes" if fine else "no"
            shown = f"{target:6.1f}" if target is not None else ""
            print(f"{name:<17} {label:<44} {best[i] * 1e3:8.1f} {ratio:>6} {shown:>6} {met}")
    print("ratio: over keep='root' (the default's rows) or over the floor (the TT rows)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
