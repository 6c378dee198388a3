"""Benchmark: what the sandbox costs a submission, and a class of 300 graded in one.

First table: a right CS188 AlphaBetaAgent checked on the default suite under each kind
of sandbox this machine can run (``none`` is the bare child, the baseline, measured in
the same run): the child's start-up (spawn to "file loaded"), the whole run of the
child, the whole check, each best of ``--repeat``, with the ratio to the bare child.

Then the parent's reader of the child's lines (linear in the bytes, 10x the data
about 10x the time). Last: grade-code with the sandbox in force (``auto``) and
``--jobs 2`` on a class of ``--submissions`` CS188 files (right ones and each CS188 bug
of the catalogue in turn), with the time split into the checker's set-up (trees,
references, mutants: once per class), the children (sandbox, start-up, the code's run)
and the judging (comparison, bug naming, report) summed over submissions, and
``import gametree`` measured apart.

Run: python tests/benchmarks/bench_sandbox.py [--submissions N] [--jobs J] [--repeat R]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_check_code import class_folder
from codecheck_students import CS188

from gametree.homework.codecheck import Checker
from gametree.homework.codecheck.grading import grade_code
from gametree.homework.codecheck.sandbox import KINDS, choose_sandbox


def startup_table(repeat: int) -> None:
    rows: dict[str, tuple[float, float, float]] = {}
    for kind in reversed(KINDS):  # none first: the baseline
        try:
            sandbox = choose_sandbox(kind)
        except Exception as exc:  # a kind this machine cannot run is reported, not timed
            print(f"{kind:<8} not available: {exc}")
            continue
        checker = Checker("cs188", "AlphaBetaAgent", "alphabeta", sandbox=sandbox)
        starts, children, checks = [], [], []
        for _ in range(repeat):
            began = time.perf_counter()
            child = checker.run(CS188.encode(), "multiAgents.py")
            ran = time.perf_counter() - began
            report = checker.report(child, "multiAgents.py")
            checks.append(time.perf_counter() - began)
            assert report.ok, report.to_text()
            starts.append(child.startup_seconds)
            children.append(ran)
        rows[kind] = (min(starts), min(children), min(checks))
    base = rows["none"]
    print(
        f"\n{'sandbox':<8} {'start-up':>10} {'x none':>7} {'child':>10} {'x none':>7} {'check':>10}"
    )
    for kind, (start, child, check) in rows.items():
        print(
            f"{kind:<8} {start * 1000:>8.1f}ms {start / base[0]:>6.2f}x "
            f"{child * 1000:>8.1f}ms {child / base[1]:>6.2f}x {check * 1000:>8.1f}ms"
        )
    print(
        f"\nstart-up: spawn to file loaded; child: the whole child run (sandbox set-up, "
        f"start-up, every tree, clean-up); check: child and judging. Best of {repeat}; "
        f"{len(Checker('cs188', 'AlphaBetaAgent', 'alphabeta').cases)} trees."
    )


def channel_table() -> None:
    """The parent's reader on 20,000, 200,000 and 2,000,000 lines, and on one line of 4
    and of 40 MB, sent by another process (``cat``, as the child sends them) through a
    pipe, best of 3, against the same bytes pulled through the same pipe into a buffer
    with no reading of lines (the baseline): the ratio stays put as the data grows
    tenfold, so reading is linear, not quadratic."""
    import os

    from gametree.homework.codecheck.messages import Channel

    def read(data: bytes, parse: bool) -> float:
        with tempfile.NamedTemporaryFile() as source:
            source.write(data)
            source.flush()
            cat = subprocess.Popen(
                ["cat", source.name], stdout=subprocess.PIPE, stderr=subprocess.PIPE
            )
            assert cat.stdout is not None and cat.stderr is not None
            began = time.perf_counter()
            if parse:
                channel = Channel(cat.stdout, cat.stderr, 1 << 27, 1 << 31)
                while channel.next(time.monotonic() + 60) is not None:
                    pass
            else:
                buffer = bytearray()
                while chunk := os.read(cat.stdout.fileno(), 1 << 16):
                    buffer += chunk
            seconds = time.perf_counter() - began
            cat.communicate()
        return seconds

    line = b'{"tree": 0, "log": [["e", "E", 1]], "calls": 1}\n'
    cases = [("lines", n, line * n) for n in (20_000, 200_000, 2_000_000)]
    cases += [("one line, MB", n, b"x" * (n << 20) + b"\n") for n in (4, 40)]
    print(f"\n{'reading':<14} {'size':>10} {'reader s':>9} {'pipe s':>9} {'ratio':>6}")
    for what, size, data in cases:
        mine = min(read(data, True) for _ in range(3))
        pipe = min(read(data, False) for _ in range(3))
        print(f"{what:<14} {size:>10,} {mine:>9.4f} {pipe:>9.4f} {mine / pipe:>5.1f}x")


def import_seconds() -> float:
    code = "import time; t = time.perf_counter(); import gametree.homework.codecheck; "
    code += "print(time.perf_counter() - t)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return float(done.stdout)


def class_table(n: int, jobs: int) -> None:
    sandbox = choose_sandbox()
    began = time.perf_counter()
    checker = Checker("cs188", "AlphaBetaAgent", "alphabeta", require_sandbox=True)
    setup = time.perf_counter() - began
    spent = {"child": 0.0, "judge": 0.0}
    lock = threading.Lock()
    run, report = checker.run, checker.report

    def timed_run(source: bytes, filename: str) -> Any:
        t = time.perf_counter()
        try:
            return run(source, filename)
        finally:
            with lock:
                spent["child"] += time.perf_counter() - t

    def timed_report(*args: Any, **kwargs: Any) -> Any:
        t = time.perf_counter()
        try:
            return report(*args, **kwargs)
        finally:
            with lock:
                spent["judge"] += time.perf_counter() - t

    checker.run = timed_run  # type: ignore[method-assign]
    checker.report = timed_report  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        class_folder(folder, n)
        began = time.perf_counter()
        graded = grade_code(folder, protocol="cs188", checker=checker, jobs=jobs)
        wall = time.perf_counter() - began
    assert len(graded.rows) == n
    print(f"\ngrade-code, {n} CS188 submissions, --jobs {jobs}, {sandbox.describe()}:")
    print(f"  import gametree.homework.codecheck (a fresh interpreter): {import_seconds():.2f} s")
    print(f"  checker set-up (trees, references, mutants; once): {setup:.2f} s")
    print(
        f"  grading: {wall:.1f} s wall, {wall / n * 1000:.0f} ms a submission; target under 120 s"
    )
    print(
        f"  summed over submissions: children {spent['child']:.1f} s "
        f"({spent['child'] / n * 1000:.0f} ms each), judging {spent['judge']:.1f} s "
        f"({spent['judge'] / n * 1000:.0f} ms each)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--submissions", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    startup_table(args.repeat)
    channel_table()
    class_table(args.submissions, args.jobs)


if __name__ == "__main__":
    main()
