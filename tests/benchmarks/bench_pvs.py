"""Benchmark: PVS against alpha-beta, in time and in leaves (issue 36, item 4).

Targets, measured in the same run on ``random_tree(10, 5, seed=7)`` (111,111 nodes):

* ``pvs(G, annotate=False)`` within 1.5x ``alphabeta(G, annotate=False)`` (both on the
  lean loop of :mod:`gametree.search.fast`); the general engine running the same PVS
  (what ``pvs`` cost before it had the lean loop) is printed for context;
* leaves: on integer trees no more than Reinefeld's NegaScout with the integer null
  window ``(a, a + 1)`` (:func:`negascout` below, over the same tree as nested lists).

Also printed: the leaves of alpha-beta and of PVS on integer and float trees of several
seeds (PVS can evaluate more leaves than alpha-beta on random orderings, where its
probes fail high; never a leaf alpha-beta prunes).

Run: ``python tests/benchmarks/bench_pvs.py`` (``--help``: this text). Exit status 1
when a target is missed. CPU times (``time.process_time``), best of several
repetitions interleaved; the machine may be shared, so expect noise.
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

import gametree
from gametree.search.engine import run_to_result
from gametree.search.plan import make_plan

INF = math.inf


def root_of(G: Any) -> Any:
    return next(n for n in G if not G._pred[n])


def to_nested(G: Any, node: Any) -> Any:
    kids = G._succ[node]
    if not kids:
        return G._node[node]["value"]
    return [to_nested(G, c) for c in kids]


def negascout(t: Any, a: float, b: float, is_max: bool, leaves: list[int]) -> Any:
    """Reinefeld's NegaScout in MAX's view, integer null windows, fail-soft."""
    if type(t) is not list:
        leaves[0] += 1
        return t
    if is_max:
        best = -INF
        for i, c in enumerate(t):
            lo = max(a, best)
            v = negascout(c, lo, b if i == 0 else lo + 1, False, leaves)
            if i and lo < v < b and type(c) is list:
                v = negascout(c, v, b, False, leaves)
            best = max(best, v)
            if best >= b:
                break
        return best
    best = INF
    for i, c in enumerate(t):
        hi = min(b, best)
        v = negascout(c, a if i == 0 else hi - 1, hi, True, leaves)
        if i and a < v < hi and type(c) is list:
            v = negascout(c, a, v, True, leaves)
        best = min(best, v)
        if best <= a:
            break
    return best


def interleaved(fns: list[Callable[[], Any]], repeat: int) -> list[float]:
    best = [INF] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            gc.collect()
            t0 = time.process_time()
            fn()
            best[i] = min(best[i], time.process_time() - t0)
    return best


def main(argv: list[str]) -> int:
    if "--help" in argv:
        print(__doc__)
        return 0
    G = gametree.random_tree(10, 5, seed=7)
    engine_plan = make_plan(G, "pvs", pruning=True, pvs=True)
    t_ab, t_pvs, t_core = interleaved(
        [
            lambda: gametree.alphabeta(G, annotate=False),
            lambda: gametree.pvs(G, annotate=False),
            lambda: run_to_result(engine_plan),
        ],
        5,
    )
    ok = True
    ratio = t_pvs / t_ab
    ok &= ratio <= 1.5
    print("time on random_tree(10, 5, seed=7), 111,111 nodes (CPU ms, best of 5)")
    print(f"{'case':<34} {'ms':>8} {'ratio':>6} {'target':>6} met?")
    print(f"{'alphabeta(annotate=False)':<34} {t_ab * 1e3:8.1f} {'1.00':>6}")
    met = "yes" if ratio <= 1.5 else "no"
    print(f"{'pvs(annotate=False)':<34} {t_pvs * 1e3:8.1f} {ratio:6.2f} {1.5:6.1f} {met}")
    print(f"{'pvs on the general engine':<34} {t_core * 1e3:8.1f} {t_core / t_ab:6.2f}")
    print()
    print("leaves evaluated (NegaScout: integer null window (a, a + 1), re-search (t, beta))")
    print(
        f"{'tree':<28} {'alphabeta':>9} {'pvs':>7} {'negascout':>9} {'pvs/ab':>6} "
        f"{'pvs/ns':>6} met?"
    )
    for seed in (7, 1, 2, 3):
        for integers in (True, False):
            H = G if (seed, integers) == (7, True) else None
            if H is None:
                H = gametree.random_tree(10, 5, seed=seed, integers=integers)
            ab = len(gametree.alphabeta(H, annotate=False).visited_leaves)
            pv = len(gametree.pvs(H, annotate=False).visited_leaves)
            label = f"(10, 5, seed={seed}) {'int' if integers else 'float'}"
            if integers:
                count = [0]
                negascout(to_nested(H, root_of(H)), -INF, INF, True, count)
                ns = count[0]
                fine = pv <= ns
                ok &= fine
                tail = f"{ns:9d} {pv / ab:6.2f} {pv / ns:6.2f} {'yes' if fine else 'no'}"
            else:
                tail = f"{'':>9} {pv / ab:6.2f}"
            print(f"{label:<28} {ab:9d} {pv:7d} {tail}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
