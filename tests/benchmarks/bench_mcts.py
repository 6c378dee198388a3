"""Benchmark: Monte Carlo tree search iterations per second from the start of a game.

Compares, in the same run, :func:`gametree.mcts_game` (random playouts, no solver;
graph-free ``record=False`` as players run it, and recorded ``record=True``) with
OpenSpiel's ``MCTSBot`` (``RandomRolloutEvaluator``, one rollout, ``solve=False``, the
same iteration count) and aima-python's ``monte_carlo_tree_search`` (``aima.games``),
on tic-tac-toe and connect four 6x7 from the empty board. Each time is the best of
``--repeat`` interleaved rounds (default 3) of wall-clock time; the machine may be
shared, so compare the ratios, measured in the same run.

    python tests/benchmarks/bench_mcts.py [--repeat N] [--iterations N]

OpenSpiel comes with ``pip install 'gametree[openspiel]'``. aima-python is not on PyPI
under that name (the ``aima3`` package has an AlphaZero-style MCTS instead): put a
checkout of github.com/aimacode/aima-python on ``PYTHONPATH`` (its ``aima`` package).
Rows for libraries that are absent say so.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from gametree import mcts_game
from gametree.games import ConnectFour, TicTacToe

Runner = Callable[[], Any]


def gametree_runs(name: str, iterations: int) -> list[tuple[str, Runner]]:
    game = TicTacToe() if name == "tic-tac-toe" else ConnectFour()
    return [
        (
            "gametree mcts_game (record=False)",
            lambda: mcts_game(game, iterations=iterations, seed=1, record=False),
        ),
        (
            "gametree mcts_game (recorded tree)",
            lambda: mcts_game(game, iterations=iterations, seed=1, annotate=False),
        ),
    ]


def openspiel_run(name: str, iterations: int) -> Runner | None:
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return None
    game = pyspiel.load_game("tic_tac_toe" if name == "tic-tac-toe" else "connect_four")

    def run() -> Any:
        rng = np.random.RandomState(1)
        bot = mcts.MCTSBot(
            game,
            uct_c=2**0.5,
            max_simulations=iterations,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
            solve=False,
            random_state=rng,
        )
        return bot.step(game.new_initial_state())

    return run


def aima_run(name: str, iterations: int) -> Runner | None:
    try:
        from aima import games
    except ImportError:
        return None
    search = getattr(games, "monte_carlo_tree_search", None)
    if search is None:
        return None
    game = games.TicTacToe() if name == "tic-tac-toe" else games.ConnectFour()

    def run() -> Any:
        random.seed(1)
        return search(game.initial, game, N=iterations)

    return run


def best_time(runs: list[tuple[str, Runner | None]], repeat: int) -> dict[str, float]:
    best: dict[str, float] = {}
    for _ in range(repeat):
        for label, run in runs:
            if run is None:
                continue
            start = time.perf_counter()
            run()
            took = time.perf_counter() - start
            best[label] = min(best.get(label, took), took)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=2000)
    args = parser.parse_args(argv)
    print(f"MCTS from the empty board, {args.iterations} iterations, random playouts")
    print(f"best of {args.repeat} rounds; ratio = iterations/s over OpenSpiel's MCTSBot\n")
    header = f"{'game':<13} {'search':<38} {'iter/s':>9} {'vs OpenSpiel':>13} {'vs aima':>9}"
    print(header)
    print("-" * len(header))
    for name in ("tic-tac-toe", "connect four"):
        runs: list[tuple[str, Runner | None]] = list(gametree_runs(name, args.iterations))
        runs.append(("OpenSpiel MCTSBot", openspiel_run(name, args.iterations)))
        runs.append(("aima-python monte_carlo_tree_search", aima_run(name, args.iterations)))
        best = best_time(runs, args.repeat)
        rate = {label: args.iterations / t for label, t in best.items()}
        spiel = rate.get("OpenSpiel MCTSBot")
        aima = rate.get("aima-python monte_carlo_tree_search")
        for label, _ in runs:
            if label not in rate:
                print(f"{name:<13} {label:<38} {'not installed':>9}")
                continue
            vs_spiel = f"{rate[label] / spiel:.2f}x" if spiel else "-"
            vs_aima = f"{rate[label] / aima:.2f}x" if aima else "-"
            print(f"{name:<13} {label:<38} {rate[label]:>9,.0f} {vs_spiel:>13} {vs_aima:>9}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
