"""Benchmark: what starting gametree costs, against ``import networkx`` (issue 36, item 1).

Each case runs in a fresh interpreter; its cost is the CPU time (user + system) of that
child process, the best of several rounds with the cases interleaved. The package is
compiled to bytecode first, as an installed one is. Target, measured
in the same run: ``import gametree`` within 1.5x ``import networkx``. Also printed, for
context: a bare interpreter; the first search of a tree from the notation (which loads
networkx, the notation and the searches); and the ``solve`` command on AIMA Figure 5.2.

``--before DIR`` also times the cases with the gametree package found in DIR (for
instance ``git archive e3bf1bd gametree | tar -x -C /tmp/before``), in the same rounds.

Run: ``python tests/benchmarks/bench_startup.py [--rounds N] [--before DIR]``
(``--help``: this text). Exit status 1 when the target is missed.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n"
FIRST_SEARCH = "import gametree; gametree.alphabeta(gametree.parse(" + repr(FIG52) + "))"


def child_cpu(args: list[str], path: Path, cwd: str) -> float:
    """CPU seconds of one child process running ``python ARGS`` with ``path`` first."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "PYTHONPATH": str(path)}
    subprocess.run([sys.executable, *args], check=True, env=env, cwd=cwd, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compile_package(path: Path) -> None:
    """Write the bytecode of the gametree package under ``path``, as ``pip install``
    does: networkx is measured from its installed ``.pyc`` files, and a checkout run
    where ``PYTHONDONTWRITEBYTECODE`` is set (as on these machines) would otherwise
    compile every gametree module from source at each start."""
    import compileall

    compileall.compile_dir(path / "gametree", quiet=1)


def main(argv: list[str]) -> int:
    if "--help" in argv:
        print(__doc__)
        return 0
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 7
    trees = [("", ROOT)]
    if "--before" in argv:
        trees.append((" (before)", Path(argv[argv.index("--before") + 1]).resolve()))
    for _, path in trees:
        compile_package(path)
    work = tempfile.mkdtemp(prefix="bench_startup_")
    Path(work, "fig52.tree").write_text(FIG52)
    cases: list[tuple[str, list[str], Path]] = [
        ("python -c pass", ["-c", "pass"], ROOT),
        ("import networkx", ["-c", "import networkx"], ROOT),
    ]
    for suffix, path in trees:
        cases += [
            (f"import gametree{suffix}", ["-c", "import gametree"], path),
            (f"first alphabeta of a parsed tree{suffix}", ["-c", FIRST_SEARCH], path),
            (f"gametree solve fig52.tree{suffix}", ["-m", "gametree", "solve", "fig52.tree"], path),
        ]
    best = [float("inf")] * len(cases)
    for _ in range(rounds):
        for i, (_, args, path) in enumerate(cases):
            best[i] = min(best[i], child_cpu(args, path, work))
    base = best[1]
    print(f"CPU ms per fresh interpreter, best of {rounds} interleaved rounds")
    print(f"{'case':<44} {'ms':>7} {'x networkx':>10} {'target':>6} met?")
    ok = True
    for (label, _, _), t in zip(cases, best, strict=True):
        target = 1.5 if label == "import gametree" else None
        met = ""
        if target is not None:
            met = "yes" if t / base <= target else "no"
            ok &= met == "yes"
        shown = f"{target:6.1f}" if target is not None else ""
        print(f"{label:<44} {t * 1e3:7.1f} {t / base:10.2f} {shown:>6} {met}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
