"""Benchmark: growth with size on deep, wide and large trees (issue 10: no quadratic path).

Every step a user runs on a big tree, timed on three shapes at 10,000 and 100,000 nodes:
a chain (MAX and MIN alternating down one path to one leaf), a star (a MAX root over
that many leaves) and a random tree of branching 10 (11,111 and 111,111 nodes; without
``--quick`` also 1,111,111). The steps: parse (the notation that ``to_notation``
wrote), validate, each search with annotation (``minimax``, ``alphabeta``, ``pvs``,
``expectiminimax``), ``check`` of a full answer key, ``to_notation``, DOT write and
read (``gametree.dumps``/``loads`` with ``format="dot"``), ``to_dot`` (the Graphviz
drawing), ``to_pydot`` (the same drawing as pydot objects) and ``tree_layout``.

Columns: the seconds at each size, then ``x10`` = time at 100k / time at 10k (linear
means about 10; quadratic about 100) and, for the 1M tree, ``x10`` again against 100k.
A step whose projected time (ten times the last size's) passes ``--budget`` is not run
at the larger size: its cell shows the projection as ``>~N``.

A second table times the text art of a searched tree (``to_text`` with the search
result, issue 26): a chain of 10,000 and 100,000 nodes and a star of 200,000 and
2,000,000 leaves, with the same ``x10`` growth ratio (``--text-art-only`` runs just it);
its times are CPU seconds (``time.process_time``), which a busy shared machine does not
inflate the way it does wall-clock time.

Run: ``python tests/benchmarks/bench_scale.py [--quick] [--budget SECONDS]``.
Times are wall-clock seconds (``time.perf_counter``: memory traffic is part of the cost
at this size), the best of ``--repeat`` runs below 100,000 nodes and one run above;
the machine may be shared, so expect noise of some tens of percent.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import warnings
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import networkx as nx

import gametree
from gametree.drawing import to_pydot
from gametree.homework import AnswerKey

Step = Callable[[nx.DiGraph, dict[str, Any]], object]


def chain(n: int) -> nx.DiGraph:
    """A path of ``n`` internal nodes, MAX and MIN alternating, to one leaf."""
    return gametree.random_tree(1, n, seed=1)


def star(n: int) -> nx.DiGraph:
    """A MAX root over ``n`` leaves."""
    return gametree.random_tree((n, n), 1, seed=1)


def tree(n: int) -> nx.DiGraph:
    """A random tree of branching 10 with about ``n`` nodes (depth 4, 5 or 6)."""
    depth = {10_000: 4, 100_000: 5, 1_000_000: 6}[n]
    return gametree.random_tree(10, depth, seed=1)


SHAPES: dict[str, Callable[[int], nx.DiGraph]] = {"chain": chain, "star": star, "tree": tree}


def _check(G: nx.DiGraph, memo: dict[str, Any]) -> object:
    return gametree.check(G, memo["answers"])


def _dot_read(G: nx.DiGraph, memo: dict[str, Any]) -> object:
    return gametree.loads(memo["dot"], format="dot")


STEPS: dict[str, Step] = {
    "parse": lambda G, memo: gametree.parse(memo["notation"]),
    "validate": lambda G, memo: gametree.validate(G),
    "minimax": lambda G, memo: gametree.minimax(G),
    "alphabeta": lambda G, memo: gametree.alphabeta(G),
    "pvs": lambda G, memo: gametree.pvs(G),
    "expectiminimax": lambda G, memo: gametree.expectiminimax(G),
    "check (full key)": _check,
    "to_notation": lambda G, memo: gametree.to_notation(G),
    "DOT write": lambda G, memo: gametree.dumps(G, "dot"),
    "DOT read": _dot_read,
    "to_dot (drawing)": lambda G, memo: gametree.to_dot(G),
    "to_pydot": lambda G, memo: to_pydot(G),
    "tree_layout": lambda G, memo: gametree.tree_layout(G),
}


def timed(step: Step, G: nx.DiGraph, memo: dict[str, Any], repeat: int) -> float:
    """Best wall-clock time of ``repeat`` runs (garbage collected before each)."""
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        step(G, memo)
        best = min(best, time.perf_counter() - start)
    return best


def inputs(G: nx.DiGraph, names: list[str]) -> dict[str, Any]:
    """What some steps read: the notation and DOT texts and a full answer key."""
    memo: dict[str, Any] = {}
    if "parse" in names:
        memo["notation"] = gametree.to_notation(G)
    if "DOT read" in names:
        memo["dot"] = gametree.dumps(G, "dot")
    if "check (full key)" in names:
        memo["answers"] = AnswerKey(G).answers()
    return memo


def bench_shape(
    shape: str, sizes: list[int], repeat: int, budget: float
) -> list[tuple[str, list[str]]]:
    """Return one row per step: the time (or the projection) at each size."""
    last: dict[str, float] = {}
    cells: dict[str, list[str]] = {name: [] for name in STEPS}
    times: dict[str, list[float | None]] = {name: [] for name in STEPS}
    for n in sizes:
        G = SHAPES[shape](n)
        runs = [name for name in STEPS if name not in last or last[name] * 10 <= budget]
        memo = inputs(G, runs)
        for name in STEPS:
            if name not in runs:
                projected = last[name] * 10
                last[name] = projected
                cells[name].append(f">~{projected:,.0f}")
                times[name].append(None)
                continue
            seconds = timed(STEPS[name], G, memo, repeat if n < 100_000 else 1)
            last[name] = seconds
            cells[name].append(f"{seconds:.3f}")
            times[name].append(seconds)
        print(f"  {shape} {n:,} nodes done", file=sys.stderr, flush=True)
        del G, memo
        gc.collect()
    rows = []
    for name in STEPS:
        row = list(cells[name])
        series = times[name]
        for a, b in pairwise(series):
            row.append(f"{b / a:.1f}" if a and b else "-")
        rows.append((name, row))
    return rows


TEXT_ART_SIZES = {"chain": (10_000, 100_000), "star": (200_000, 2_000_000)}
"""The text-art table's trees: a deep PV (the chain) and a very wide root (the star)."""


def bench_text_art() -> list[tuple[str, list[str]]]:
    """One row per shape: the seconds of ``to_text(G, result)`` at each size, and x10."""
    rows = []
    for shape, sizes in TEXT_ART_SIZES.items():
        cells, series = [], []
        for n in sizes:
            G = SHAPES[shape](n)
            result = gametree.alphabeta(G, annotate=False)
            gc.collect()
            start = time.process_time()
            text = gametree.to_text(G, result)
            seconds = time.process_time() - start
            assert text.count("\n") >= n  # one line per node, and the PV line
            cells.append(f"{n:,}: {seconds:.2f}")
            series.append(seconds)
            print(f"  text art: {shape} {n:,} nodes done", file=sys.stderr, flush=True)
            del G, result, text
            gc.collect()
        cells.append(f"{series[1] / series[0]:.1f}")
        rows.append((shape, cells))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="no 1,000,000-node tree")
    parser.add_argument(
        "--budget",
        type=float,
        default=120.0,
        help="skip a step at the next size when ten times its last time passes this (s)",
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs per step below 100k")
    parser.add_argument("--shapes", default="chain,star,tree", help="comma-separated shapes")
    parser.add_argument(
        "--text-art-only", action="store_true", help="only the text art of searched trees"
    )
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # the drawing of a 100k chain warns that it does not fit
    sys.setrecursionlimit(1_000)  # a recursive walk of the 100,000-deep chain fails loudly
    print(f"python {sys.version.split()[0]}, gametree {gametree.__version__}")
    for shape in [] if args.text_art_only else args.shapes.split(","):
        sizes = [10_000, 100_000]
        if shape == "tree" and not args.quick:
            sizes.append(1_000_000)
        rows = bench_shape(shape, sizes, args.repeat, args.budget)
        heads = [f"{n // 1000:,}k s" for n in sizes] + ["x10"] * (len(sizes) - 1)
        header = f"{shape:<18}" + "".join(f"{h:>12}" for h in heads)
        print()
        print(header)
        print("-" * len(header))
        for name, row in rows:
            print(f"{name:<18}" + "".join(f"{c:>12}" for c in row))
    header = f"{'to_text (searched)':<18}{'small: s':>20}{'large: s':>22}{'x10':>8}"
    print()
    print(header)
    print("-" * len(header))
    for shape, cells in bench_text_art():
        print(f"{shape:<18}{cells[0]:>20}{cells[1]:>22}{cells[2]:>8}")
    print()
    print("x10: time at the larger size / time at the smaller (linear ~10, quadratic ~100)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
