"""Build time and memory per node: game-tree builders against a plain nested list.

Run: python tests/benchmarks/bench_build.py [--branching 10 --depth 6] [--quick]

The baseline is building the same uniform tree as a nested Python list (what a textbook
implementation would hold). Every other row is a networkx.DiGraph with attribute dicts,
validated once; the ratios say what the graph costs relative to the list.
"""

from __future__ import annotations

import argparse
import gc
import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import gametree


def nested(branching: int, depth: int, seed: int) -> list[Any]:
    """The same uniform random tree as nested lists, built level by level (no recursion)."""
    rng = random.Random(seed)
    level: list[Any] = [rng.randint(-10, 10) for _ in range(branching**depth)]
    for _ in range(depth):
        level = [level[i : i + branching] for i in range(0, len(level), branching)]
    return level[0] if depth else level


def measure(build: Callable[[], Any]) -> tuple[float, int, Any]:
    """Return (seconds, bytes retained by the result, result); best time of two runs."""
    best = float("inf")
    result = None
    for _ in range(2):
        result = None
        gc.collect()
        start = time.perf_counter()
        result = build()
        best = min(best, time.perf_counter() - start)
    result = None
    gc.collect()
    tracemalloc.start()
    result = build()
    retained, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return best, retained, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--branching", type=int, default=10)
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--quick", action="store_true", help="b=10, d=4 (for a smoke run)")
    args = parser.parse_args()
    b, d = (10, 4) if args.quick else (args.branching, args.depth)
    n = sum(b**k for k in range(d + 1))
    print(f"uniform tree b={b}, d={d}: {n:,} nodes")

    base_time, base_mem, lists = measure(lambda: nested(b, d, 1))
    rows: list[tuple[str, float, int]] = [("nested list (baseline)", base_time, base_mem)]
    t, m, _ = measure(lambda: gametree.from_nested(lists))
    rows.append(("from_nested(list)", t, m))
    t, m, G = measure(lambda: gametree.random_tree(b, d, seed=1))
    rows.append(("random_tree(b, d)", t, m))
    t, m, _ = measure(lambda: gametree.random_tree(b, d, seed=1, ordering="best"))
    rows.append(('random_tree(..., ordering="best")', t, m))
    t, _, _ = measure(lambda: gametree.validate(G))
    rows.append(("validate(G) alone", t, 0))
    if n <= 200_000:
        text = gametree.dumps(G, "tree")
        t, m, _ = measure(lambda: gametree.parse(text))
        rows.append(("parse(notation)", t, m))

    print(
        f"{'builder':36} {'time s':>8} {'us/node':>8} {'x list':>7} "
        f"{'bytes/node':>11} {'x list':>7}"
    )
    for name, seconds, memory in rows:
        mem_cols = (
            f"{memory / n:11.0f} {memory / base_mem:7.1f}" if memory else f"{'-':>11} {'-':>7}"
        )
        print(
            f"{name:36} {seconds:8.2f} {seconds / n * 1e6:8.2f} "
            f"{seconds / base_time:7.1f} {mem_cols}"
        )


if __name__ == "__main__":
    main()
