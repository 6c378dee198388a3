"""Benchmark: memory per node when reading a tree, and the cost of refusing a huge one.

Issue 10: a valid 50 MB ``.tree`` used 14.5 GB and was still parsing at 300 s. Readers
now stop at the node limit (``gametree.inputs.node_limit``, 2,000,000 by default). This
prints what the limit is based on:

1. For notation files of about 10k, 100k and 1M nodes (random trees of branching 10,
   as ``to_notation`` writes them): the file size, the parse time, and the memory per
   node, both the peak while parsing and what the finished graph keeps (tracemalloc,
   in a child process each, so that one run does not inflate the next; tracemalloc
   slows the parse, so the time is measured in a separate untraced run).
2. For the 100k tree in every format: bytes of text per node, and peak memory per node
   and per byte of text while reading it.
3. A ~50 MB notation file (about 12 million nodes) read under the default limit: the
   time to refuse it and the peak resident memory of that process (``ru_maxrss``).
4. Checking answers on large trees (issue 26: ``check`` on a 2,000,000-node tree took
   more than 15 GB and 500 s, where validating it took 2.3 GB): for random trees of
   about 100k, 1M and 2M nodes read from notation files, the peak resident memory and
   time of ``gametree.check`` (a wrong value, a wrong move, a wrongly pruned subtree:
   the other conventions are searched too) against ``gametree.validate`` of the same
   file, each in a child process; and the time per node against the 100k row.

Run: ``python tests/benchmarks/bench_memory.py [--quick] [--parts 1 2 3 4]
[--check-sizes 100k 1M 2M]`` (``--quick``: no 1M row, a 10 MB file for part 3, no 2M
check).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

_CHECK_CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
import gametree
path, mode = sys.argv[2], sys.argv[3]
start = time.perf_counter()
G = gametree.load(path)
loaded = time.perf_counter()
out = {"nodes": len(G)}
if mode == "validate":
    gametree.validate(G)
else:
    report = gametree.check(G, "value = 0\nmove = B\npruned = C")
    out["lines"] = len(str(report).splitlines())
    out["findings"] = len(report.findings)
out["load"] = loaded - start
out["seconds"] = time.perf_counter() - loaded
out["maxrss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps(out))
"""

CHECK_SIZES = {"100k": (10, 5), "1M": (10, 6), "2M": (2, 20)}
"""Random trees by size: (branching, depth): 111,111, 1,111,111 and 2,097,151 nodes."""

_CHILD = r"""
import json, resource, sys, time, tracemalloc
sys.path.insert(0, sys.argv[1])
import gametree
path, fmt, mode = sys.argv[2], sys.argv[3], sys.argv[4]
text = open(path, encoding="utf-8").read()
out = {"bytes": len(text.encode("utf-8"))}
if mode == "trace":
    tracemalloc.start()
start = time.perf_counter()
try:
    G = gametree.loads(text, fmt)
    out["nodes"] = len(G)
except gametree.GameTreeError as exc:
    out["error"] = str(exc).splitlines()[0]
out["seconds"] = time.perf_counter() - start
if mode == "trace":
    out["kept"], out["peak"] = tracemalloc.get_traced_memory()
out["maxrss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps(out))
"""


def run_child(path: Path, fmt: str, mode: str) -> dict[str, float | str]:
    proc = subprocess.run(
        [sys.executable, "-c", _CHILD, str(ROOT), str(path), fmt, mode],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float | str] = json.loads(proc.stdout)
    return result


def write_tree(folder: Path, branching: int, depth: int, fmt: str) -> Path:
    import gametree

    G = gametree.random_tree(branching, depth, seed=1)
    path = folder / f"t{branching}_{depth}.{fmt}"
    path.write_text(gametree.dumps(G, fmt), encoding="utf-8")
    return path


def write_huge_notation(path: Path, megabytes: int) -> int:
    """A flat-ish tree in the notation, about ``megabytes`` MB: groups of ten leaves."""
    group = "(" + " ".join(["7"] * 10) + ")\n"  # 11 nodes in 22 bytes
    count = megabytes * 1_000_000 // len(group)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("(ROOT\n")
        for _ in range(count):
            handle.write(group)
        handle.write(")\n")
    return 1 + 11 * count


def run_check_child(path: Path, mode: str) -> dict[str, float]:
    env = {**os.environ, "GAMETREE_MAX_NODES": "3000000"}  # the 2M row passes 2,000,000
    proc = subprocess.run(
        [sys.executable, "-c", _CHECK_CHILD, str(ROOT), str(path), mode],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    result: dict[str, float] = json.loads(proc.stdout)
    return result


def check_part(folder: Path, sizes: list[str]) -> None:
    print("4. check against validate, each in a child process (the tree read from a file)")
    print(
        f"{'nodes':>10} {'validate s':>10} {'RSS MB':>7} {'check s':>8} {'RSS MB':>7} "
        f"{'RSS ratio':>9} {'us/node':>8} {'x 100k':>7} {'findings':>8}"
    )
    base = None
    for size in sizes:
        branching, depth = CHECK_SIZES[size]
        path = write_tree(folder, branching, depth, "tree")
        validated = run_check_child(path, "validate")
        checked = run_check_child(path, "check")
        n = checked["nodes"]
        per_node = checked["seconds"] / n * 1e6
        base = base or per_node
        print(
            f"{int(n):>10,} {validated['seconds']:>10.1f} {validated['maxrss'] / 2**20:>7,.0f} "
            f"{checked['seconds']:>8.1f} {checked['maxrss'] / 2**20:>7,.0f} "
            f"{checked['maxrss'] / validated['maxrss']:>9.2f} {per_node:>8.1f} "
            f"{per_node / base:>7.2f} {int(checked['findings']):>8,}"
        )
        path.unlink()
    print("(RSS: peak resident memory of the process, reading the tree included; check s and")
    print(" validate s: after reading it; x 100k: time per node against the first row)")


def parse_part(folder: Path, sizes: list[tuple[int, int]]) -> None:
    print("1. Parsing the notation: memory per node")
    print(f"{'nodes':>10} {'file':>10} {'seconds':>8} {'peak B/node':>12} {'kept B/node':>12}")
    for branching, depth in sizes:
        path = write_tree(folder, branching, depth, "tree")
        timed = run_child(path, "tree", "time")
        traced = run_child(path, "tree", "trace")
        n = float(traced["nodes"])
        print(
            f"{int(n):>10,} {int(traced['bytes']):>10,} {float(timed['seconds']):>8.2f} "
            f"{float(traced['peak']) / n:>12,.0f} {float(traced['kept']) / n:>12,.0f}"
        )


def formats_part(folder: Path) -> None:
    print("2. Every format, 111,111 nodes: text and peak memory while reading")
    print(f"{'format':>8} {'B text/node':>12} {'peak B/node':>12} {'peak/text byte':>15}")
    for fmt in ("tree", "json", "dot", "graphml", "efg"):
        path = write_tree(folder, 10, 5, fmt)
        traced = run_child(path, fmt, "trace")
        n, size = float(traced["nodes"]), float(traced["bytes"])
        print(
            f"{fmt:>8} {size / n:>12.1f} {float(traced['peak']) / n:>12,.0f} "
            f"{float(traced['peak']) / size:>15.1f}"
        )


def refusal_part(folder: Path, megabytes: int) -> None:
    huge = folder / "huge.tree"
    nodes = write_huge_notation(huge, megabytes)
    print(f"3. A {megabytes} MB notation file of {nodes:,} nodes, default node limit")
    result = run_child(huge, "tree", "time")
    print(
        f"   refused in {float(result['seconds']):.2f} s, peak RSS "
        f"{float(result['maxrss']) / 2**20:,.0f} MiB (text included)"
    )
    print(f"   {result.get('error', 'NOT REFUSED')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--parts", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--check-sizes", nargs="+", choices=list(CHECK_SIZES), default=None)
    args = parser.parse_args()
    sizes = [(10, 4), (10, 5)] if args.quick else [(10, 4), (10, 5), (10, 6)]
    check_sizes = args.check_sizes or (["100k", "1M"] if args.quick else list(CHECK_SIZES))
    parts = {
        1: lambda folder: parse_part(folder, sizes),
        2: formats_part,
        3: lambda folder: refusal_part(folder, 10 if args.quick else 50),
        4: lambda folder: check_part(folder, check_sizes),
    }
    with tempfile.TemporaryDirectory() as folder_name:
        for number in sorted(set(args.parts)):
            parts[number](Path(folder_name))
            print()


if __name__ == "__main__":
    main()
