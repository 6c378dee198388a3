"""Leaves, passes and time of MTD(f), SSS*, dual* and aspiration windows against alpha-beta.

Run: python tests/benchmarks/bench_mtd.py [--branching 4 --depth 6 --trees 30] [--quick]

The baseline is alpha-beta on the same random uniform trees (integer leaves 0..99, the
same child order). Every row is averaged over the trees: leaves evaluated (over all
passes), passes, and time as a ratio to alpha-beta's (best of --repeat runs each, in the
same run). SSS* evaluating fewer leaves than alpha-beta is Stockman's theorem; MTD(f)
from the true value needs two passes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import gametree


def nested(branching: int, depth: int, rng: random.Random) -> list[Any]:
    """A uniform random tree as nested lists, built level by level."""
    level: list[Any] = [rng.randint(0, 99) for _ in range(branching**depth)]
    for _ in range(depth):
        level = [level[i : i + branching] for i in range(0, len(level), branching)]
    return level[0] if depth else level


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--branching", type=int, default=4)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--trees", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="3 trees of depth 4")
    args = parser.parse_args(argv)
    if args.quick:
        args.trees, args.depth = 3, 4
    rng = random.Random(2026)
    runs: dict[str, tuple[str, dict[str, Any]]] = {
        "alphabeta": ("alphabeta", {}),
        "mtdf, guess 0": ("mtdf", {"first_guess": 0}),
        "mtdf, guess = value": ("mtdf", {}),
        "mtdf, no table": ("mtdf", {"transposition_table": False}),
        "sss": ("sss", {}),
        "dual": ("dual", {}),
        "aspiration 50 +- 10": ("aspiration", {"guess": 50, "delta": 10}),
    }
    leaves: dict[str, list[int]] = {k: [] for k in runs}
    passes: dict[str, list[int]] = {k: [] for k in runs}
    ratio: dict[str, list[float]] = {k: [] for k in runs}
    for _ in range(args.trees):
        G = gametree.from_nested(nested(args.branching, args.depth, rng))
        value = gametree.alphabeta(G, annotate=False).value
        base = 0.0
        for label, (name, options) in runs.items():
            if label == "mtdf, guess = value":
                options = {"first_guess": value}
            best = float("inf")
            for _ in range(args.repeat):
                start = time.perf_counter()
                r = gametree.solve(G, name, annotate=False, **options)
                best = min(best, time.perf_counter() - start)
            assert r.value == value, label
            if label == "alphabeta":
                base = best
            leaves[label].append(r.stats.leaves_evaluated)
            passes[label].append(r.stats.passes or 1)
            ratio[label].append(best / base)
    total = args.branching**args.depth
    print(
        f"{args.trees} random trees, branching {args.branching}, depth {args.depth} "
        f"({total} leaves); time as a ratio to alpha-beta's, best of {args.repeat}"
    )
    print(f"{'search':22} {'leaves':>8} {'passes':>7} {'time':>6}")
    for label in runs:
        print(
            f"{label:22} {statistics.mean(leaves[label]):8.1f} "
            f"{statistics.mean(passes[label]):7.2f} {statistics.mean(ratio[label]):6.2f}"
        )


if __name__ == "__main__":
    main()
