"""Benchmark: answer files with very many keys (issue 26: 1,000,000 unknown keys took
203 s and 1.08 GB).

For 10k, 100k and 1M keys naming no node of AIMA Figure 5.2 (``x0 = 0``, ``x1 = 1``,
...), in plain text, TOML and JSON: the file size, the time to read it
(``load_answers``) and to check and print the report (``check``, ``str``), the peak
memory (tracemalloc, in a separate run, since tracing slows the code), and what was
kept (items, problems, findings). Each file runs in a child process of its own. The
ratios compare each row with the 10k row of its format, measured in the same run: time
and peak memory should grow with what is kept, not with the file.

Run: ``python tests/benchmarks/bench_answers.py [--sizes 10000 100000 1000000]
[--formats text toml json]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_CHILD = r"""
import json, resource, sys, time, tracemalloc
sys.path.insert(0, sys.argv[1])
import gametree
path, mode = sys.argv[2], sys.argv[3]
G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
if mode == "trace":
    tracemalloc.start()
start = time.perf_counter()
answers = gametree.load_answers(path)
read = time.perf_counter()
report = gametree.check(G, answers)
text = str(report)
done = time.perf_counter()
out = {
    "read": read - start,
    "check": done - read,
    "items": len(answers.items),
    "problems": len(answers.problems),
    "findings": len(report.findings),
    "first": (answers.problems[0].message if answers.problems else "")[:110],
}
if mode == "trace":
    out["peak"] = tracemalloc.get_traced_memory()[1]
out["maxrss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps(out))
"""


def write_answers(folder: Path, keys: int, fmt: str) -> Path:
    path = folder / f"answers_{keys}.{'txt' if fmt == 'text' else fmt}"
    with open(path, "w", encoding="utf-8") as handle:
        if fmt == "json":
            handle.write("{" + ", ".join(f'"x{i}": {i}' for i in range(keys)) + "}\n")
        else:  # the same lines are plain text and TOML
            handle.writelines(f"x{i} = {i}\n" for i in range(keys))
    return path


def run_child(path: Path, mode: str) -> dict[str, float | str]:
    proc = subprocess.run(
        [sys.executable, "-c", _CHILD, str(ROOT), str(path), mode],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float | str] = json.loads(proc.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--formats", nargs="+", default=["text", "toml", "json"])
    args = parser.parse_args()
    print(
        f"{'format':>6} {'keys':>9} {'file MB':>8} {'read s':>7} {'check s':>8} "
        f"{'peak MB':>8} {'RSS MB':>7} {'kept':>7} {'findings':>8} {'time x':>7} {'peak x':>7}"
    )
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        for fmt in args.formats:
            base: tuple[float, float] | None = None
            for keys in args.sizes:
                path = write_answers(folder, keys, fmt)
                timed = run_child(path, "time")
                traced = run_child(path, "trace")
                seconds = float(timed["read"]) + float(timed["check"])
                peak = float(traced["peak"])
                if base is None:
                    base = (seconds, peak)
                kept = int(timed["items"]) + int(timed["problems"])
                print(
                    f"{fmt:>6} {keys:>9,} {path.stat().st_size / 1e6:>8.1f} "
                    f"{float(timed['read']):>7.2f} {float(timed['check']):>8.2f} "
                    f"{peak / 1e6:>8.1f} {float(timed['maxrss']) / 2**20:>7.0f} {kept:>7,} "
                    f"{int(timed['findings']):>8,} {seconds / base[0]:>7.2f} "
                    f"{peak / base[1]:>7.2f}"
                )
                path.unlink()
            if timed["first"]:
                print(f"       first problem: {timed['first']}")
    print("(time x, peak x: against the first row of the same format, this run)")


if __name__ == "__main__":
    main()
