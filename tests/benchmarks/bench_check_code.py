"""Benchmark: check-code on one right submission per protocol, and grade-code on a class.

For each protocol, a right alpha-beta submission (from tests/codecheck_students.py) is
checked on the default suite; the table prints, per protocol, the one-time set-up (trees,
references and mutants), the child process's start-up (spawn to "file loaded"), the run
of the code on every tree, and the whole check; and beside them baselines measured in
the same run: starting a bare interpreter (``python -S -c pass``), and the same code's
calls on the same trees made in this process with no child at all. Then grade-code with
``--jobs 2`` on a class of 300 submissions (right and buggy CS188 files), against the
same class checked one at a time.

First, one ``gametree check-code`` command's CPU (itself and its child), with the bug
catalogue's signatures computed and cached, against a bare interpreter's start-up and
``import networkx`` measured in the same run (the package compiled to bytecode first, as
an installed one is, and networkx is).

Run: python tests/benchmarks/bench_check_code.py [--submissions N] [--jobs J] [--one]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from codecheck_students import AIMA, BUGGY, CS188, MUTABLE, TREE

from gametree.homework.codecheck import Checker
from gametree.homework.codecheck.behaviour import behaviour

SUBMISSIONS = {
    "aima": ("alpha_beta_search", AIMA),
    "cs188": ("AlphaBetaAgent", CS188),
    "mutable": ("negamaxAB", MUTABLE),
    "tree": ("alphabeta", TREE),
}


def bare_interpreter(repeat: int = 5) -> float:
    best = float("inf")
    for _ in range(repeat):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-S", "-c", "pass"], check=True)
        best = min(best, time.perf_counter() - began)
    return best


def in_process(checker: Checker, source: str) -> float:
    """The same code's run on every tree in this process: compile, call, record."""
    from gametree.homework.codecheck.checker import PROTOCOLS
    from gametree.homework.codecheck.runtime.recorder import Recorder
    from gametree.homework.codecheck.runtime.treedata import TreeData

    namespace: dict[str, object] = {}
    if checker.protocol == "cs188":
        from gametree.homework.codecheck.runtime.standins import game, pacman, util

        sys.modules.setdefault("util", util)
        sys.modules.setdefault("game", game)
        sys.modules.setdefault("pacman", pacman)
    began = time.perf_counter()
    exec(compile(source, "student.py", "exec"), namespace)
    entry = namespace[checker.entry]
    for case in checker.cases:
        rec = Recorder()
        PROTOCOLS[checker.protocol].run(entry, TreeData(case.spec), rec, checker.algorithm)
        behaviour({"log": rec.log})
    return time.perf_counter() - began


def protocols_table(repeat: int) -> None:
    bare = bare_interpreter()
    print(f"bare interpreter start (python -S -c pass), best of 5: {bare * 1000:.1f} ms\n")
    head = (
        f"{'protocol':<8} {'trees':>5} {'set-up':>9} {'start-up':>9} {'x bare':>7} "
        f"{'run':>9} {'in-process':>11} {'check':>9}"
    )
    print(head)
    for protocol, (entry, source) in SUBMISSIONS.items():
        began = time.perf_counter()
        checker = Checker(protocol, entry, "alphabeta")
        setup = time.perf_counter() - began
        starts, runs, totals = [], [], []
        for _ in range(repeat):
            began = time.perf_counter()
            child = checker.run(source.encode(), "student.py")
            report = checker.report(child, "student.py")
            totals.append(time.perf_counter() - began)
            assert report.ok, report.to_text()
            starts.append(child.startup_seconds)
            runs.append(sum(t.seconds for t in report.trees))
        local = min(in_process(checker, source) for _ in range(repeat))
        print(
            f"{protocol:<8} {len(checker.cases):>5} {setup * 1000:>7.1f}ms "
            f"{min(starts) * 1000:>7.1f}ms {min(starts) / bare:>6.1f}x "
            f"{min(runs) * 1000:>7.2f}ms {local * 1000:>9.2f}ms {min(totals) * 1000:>7.1f}ms"
        )
    print(
        "\nset-up: trees, references, mutants (once per class); start-up: spawn to file "
        "loaded; run: the code on every tree, measured inside the child; in-process: the "
        "same calls without a child; check: start-up, run and comparison. Best of "
        f"{repeat}."
    )


def class_folder(folder: Path, n: int) -> None:
    """n CS188 files: right ones and each CS188 bug of the catalogue, in turn."""
    buggy = [src for p, _, _, src, _ in BUGGY.values() if p == "cs188"]
    kinds = [CS188, *buggy]
    for i in range(n):
        (folder / f"student{i:03d}.py").write_text(kinds[i % len(kinds)])


def grading_table(n: int, jobs: int) -> None:
    from gametree.homework.codecheck.grading import grade_code

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        class_folder(folder, n)
        began = time.perf_counter()
        grade_code(folder, protocol="cs188", entry="AlphaBetaAgent", jobs=jobs)
        parallel = time.perf_counter() - began
        began = time.perf_counter()
        grade_code(folder, protocol="cs188", entry="AlphaBetaAgent", jobs=1, pattern="student00*")
        one = (time.perf_counter() - began) / 10
    print(f"\ngrade-code, {n} CS188 submissions (right and each CS188 bug in turn):")
    print(f"  --jobs {jobs}: {parallel:.1f} s in all, {parallel / n * 1000:.0f} ms a submission")
    print(f"  --jobs 1 (first 10): {one * 1000:.0f} ms a submission, {one * n:.1f} s for {n}")
    print(f"  speed-up {one * n / parallel:.2f}x; target: under 120 s")


def child_cpu(argv: list[str], env: dict[str, str] | None = None) -> float:
    """CPU seconds (user + system) of one command and every process it waited for."""
    import os
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=False, stdout=subprocess.DEVNULL, env={**os.environ, **(env or {})})
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def one_check_table(repeat: int) -> None:
    """One ``gametree check-code`` command's CPU, the signatures cached and not, beside
    a bare interpreter's start-up and ``import networkx``, all in this run."""
    from bench_startup import compile_package

    compile_package(Path(__file__).resolve().parents[2])  # as installed: see there
    with tempfile.TemporaryDirectory() as tmp:
        code = Path(tmp) / "multiAgents.py"
        code.write_text(CS188)
        cache = str(Path(tmp) / "cache")
        check = [sys.executable, "-m", "gametree", "check-code", str(code), "--protocol",
                 "cs188", "--entry", "AlphaBetaAgent"]  # fmt: skip
        child_cpu(check, {"GAMETREE_CACHE_DIR": cache})  # fills the cache
        rows = {
            "bare interpreter (python -S -c pass)": [sys.executable, "-S", "-c", "pass"],
            "import networkx": [sys.executable, "-c", "import networkx"],
            "import gametree": [sys.executable, "-c", "import gametree"],
        }
        times = {name: min(child_cpu(argv) for _ in range(repeat)) for name, argv in rows.items()}
        times["check-code, signatures computed (cache off)"] = min(
            child_cpu(check, {"GAMETREE_CACHE_DIR": "off"}) for _ in range(repeat)
        )
        times["check-code, signatures cached"] = min(
            child_cpu(check, {"GAMETREE_CACHE_DIR": cache}) for _ in range(repeat)
        )
    bare = times["bare interpreter (python -S -c pass)"]
    networkx = times["import networkx"]
    print(f"\none check-code (CS188 AlphaBetaAgent, default suite), CPU, best of {repeat}:")
    print(f"{'':<46} {'CPU':>9} {'x bare':>7} {'x networkx':>11}")
    for name, t in times.items():
        print(f"{name:<46} {t * 1000:>7.0f}ms {t / bare:>6.1f}x {t / networkx:>10.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--submissions", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--one", action="store_true", help="only one check-code's CPU")
    args = parser.parse_args()
    one_check_table(args.repeat)
    if args.one:
        return
    protocols_table(args.repeat)
    try:
        grading_table(args.submissions, args.jobs)
    except ImportError as exc:
        print(f"\ngrade-code not available: {exc}")


if __name__ == "__main__":
    main()
