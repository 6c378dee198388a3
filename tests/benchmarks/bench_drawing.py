"""Benchmark: pruning diagrams of searched random trees against ``nx.draw``.

Run ``python tests/benchmarks/bench_drawing.py``. For an exam-sized key (121 nodes) and
about 1,000 and 10,000 nodes it
times the tidy layout alone, ``gametree.save`` (layout, labels, file), and as the
baseline ``nx.draw`` of the same graph with precomputed positions and labels, saved to
the same format, all in this run. Targets (issue 4): 1,000-node labelled PNG under
1.5 s, 10,000-node labelled SVG under 10 s.

``--before DIR`` (a checkout of an older commit, e.g. ``git worktree add /tmp/e3bf1bd
e3bf1bd``) instead saves the 10,185-node SVG key in fresh interpreters, this checkout's
package and DIR's in interleaved rounds (``--rounds N``, default 3), and prints the CPU
time and file size of each with their ratios (issue 36: at most 1.25x e3bf1bd's time and
no larger a file). The save is timed after a small save in the same interpreter, so
that neither package pays for imports there (DIR's imports matplotlib with gametree,
this one when it first draws); the whole run from ``import gametree`` is timed too.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import gametree
from gametree.drawing.layout import tree_layout

CASES = [
    # (branching range, depth, seed, format)
    ((3, 3), 4, 1, "png"),  # 121 nodes: an exam's answer key, fitted to a slide
    ((2, 4), 6, 7, "png"),  # 965 nodes
    ((3, 6), 6, 8, "svg"),  # 10,185 nodes
]


def best_of(runs: int, func: Any) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


def nx_baseline(G: Any, path: Path, fmt: str) -> None:
    import networkx as nx
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    pos = G.graph["_pos"]
    labels = G.graph["_labels"]
    fig = Figure(figsize=G.graph["_size"])
    FigureCanvasAgg(fig)
    ax = fig.add_axes((0, 0, 1, 1))
    nx.draw(G, pos=pos, ax=ax, labels=labels, node_size=200, font_size=8, arrows=False)
    fig.savefig(path, format=fmt, dpi=100)


SAVE_KEY = """
import sys, warnings, resource
warnings.simplefilter("ignore")

def cpu():
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime

start = cpu()
import gametree
G = gametree.random_tree((3, 6), 6, seed=8)
H = G.copy()
gametree.annotate(H, gametree.alphabeta(G, trace=True, annotate=False))
if sys.argv[3] == "warm":
    # A small key first: the modules a save imports on first use, and their caches, are
    # then ready in both packages (one imports them with gametree, the other when drawing).
    gametree.save(gametree.random_tree(2, 3, seed=1), sys.argv[1], force=True)
before = cpu()
gametree.save(H, sys.argv[1], show="values,names", force=True)
assert gametree.__file__.startswith(sys.argv[2]), gametree.__file__
after = cpu()
print(after - before, after - start)
"""


def save_key_cpu(package_dir: Path, out: Path, warm: bool) -> tuple[float, float]:
    """CPU seconds of ``gametree.save`` of the 10,185-node SVG key (after a small save
    when ``warm``), and of the whole script from ``import gametree`` on, in a fresh
    interpreter importing gametree from ``package_dir`` (compiled to bytecode first, as
    an installed package is: this checkout's environment may not write ``.pyc`` files)."""
    env = {**os.environ, "PYTHONPATH": str(package_dir)}
    command = [
        sys.executable,
        "-c",
        SAVE_KEY,
        str(out),
        str(package_dir),
        "warm" if warm else "cold",
    ]
    done = subprocess.run(command, env=env, cwd=out.parent, capture_output=True, text=True,
                          check=True)  # fmt: skip
    save_s, whole_s = done.stdout.split()[-2:]
    return float(save_s), float(whole_s)


def compare_with(before: Path, rounds: int) -> None:
    import compileall

    here = Path(__file__).resolve().parents[2]
    folder = Path(tempfile.mkdtemp())
    trees = {"this checkout": here, f"before ({before})": before}
    for path in trees.values():
        compileall.compile_dir(path / "gametree", quiet=1)
    rows = {(name, warm): [] for name in trees for warm in (True, False)}  # type: ignore[var-annotated]
    sizes: dict[str, int] = {}
    for _ in range(rounds):
        for warm in (True, False):
            for k, (name, path) in enumerate(trees.items()):
                out = folder / f"key_{k}.svg"
                rows[(name, warm)].append(save_key_cpu(path, out, warm))
                sizes[name] = out.stat().st_size
    load = os.getloadavg()[0]

    def median(name: str, warm: bool, column: int) -> float:
        return sorted(r[column] for r in rows[(name, warm)])[rounds // 2]

    base = f"before ({before})"
    print(f"10,185-node SVG key, CPU s, median of {rounds} interleaved rounds "
          f"(load average {load:.1f})")  # fmt: skip
    print("  save: gametree.save after a small save (imports and caches warm in both);")
    print("  import+save: a fresh interpreter's import gametree, search and save (what a")
    print("  command waits for)")
    print(f"{'package':32} {'save s':>7} {'x before':>8} {'import+save s':>14} {'x before':>8} "
          f"{'file MB':>8} {'x before':>8}")  # fmt: skip
    for name in trees:
        save_s = median(name, True, 0)
        whole_s = median(name, False, 1)
        mb = sizes[name] / 1e6
        print(f"{name:32} {save_s:>7.2f} {save_s / median(base, True, 0):>8.2f} "
              f"{whole_s:>14.2f} {whole_s / median(base, False, 1):>8.2f} "
              f"{mb:>8.1f} {mb / (sizes[base] / 1e6):>8.2f}")  # fmt: skip


def main() -> int:
    if "--before" in sys.argv:
        rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 3
        compare_with(Path(sys.argv[sys.argv.index("--before") + 1]).resolve(), rounds)
        return 0
    warnings.simplefilter("ignore")  # the large trees do not fit the slide: they say so
    folder = Path(tempfile.mkdtemp())
    rows = []
    for branching, depth, seed, fmt in CASES:
        G = gametree.random_tree(branching, depth, seed=seed)
        result = gametree.alphabeta(G, trace=True, annotate=False)
        H = G.copy()
        gametree.annotate(H, result)
        n = G.number_of_nodes()
        runs = 3 if n < 5000 else 1
        layout_s = best_of(runs, lambda G=G: tree_layout(G))
        out = folder / f"gt_{n}.{fmt}"
        ours = best_of(
            runs, lambda H=H, out=out: gametree.save(H, out, show="values,names", force=True)
        )
        # Baseline inputs computed outside its timing: positions, labels, figure size.
        pos = tree_layout(G, sibling_sep=30.0, level_sep=60.0)
        H.graph["_pos"] = pos
        H.graph["_labels"] = {
            v: str(H.nodes[v].get("search_value", H.nodes[v].get("value", ""))) for v in H
        }
        width = max(x for x, _ in pos.values()) / 72 + 1
        height = max(-y for _, y in pos.values()) / 72 + 1
        H.graph["_size"] = (width, height)
        base_out = folder / f"nx_{n}.{fmt}"
        base = best_of(runs, lambda H=H, out=base_out, f=fmt: nx_baseline(H, out, f))
        rows.append((n, fmt, layout_s, ours, base, ours / base))
    header = ("nodes", "fmt", "layout s", "gametree s", "nx.draw s", "ratio")
    print("{:>6} {:>4} {:>9} {:>11} {:>10} {:>6}".format(*header))
    for n, fmt, layout_s, ours, base, ratio in rows:
        print(f"{n:>6} {fmt:>4} {layout_s:>9.3f} {ours:>11.3f} {base:>10.3f} {ratio:>6.2f}")
    print(f"(ratio = gametree / nx.draw with precomputed positions and labels; files in {folder})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
