"""DOT read and write at 10k and 100k nodes: gametree's own DOT parser against pydot's.

Run: python tests/benchmarks/bench_dot.py [--sizes 10000 100000] [--pydot 2000] [--repeat 3]
     python tests/benchmarks/bench_dot.py --render [--neato]

Trees: a chain (every internal node has one leaf child and one internal child, so the
depth is n/2) and a star (one root, n-1 leaves). Rows: ``dumps(G, "dot")`` (write),
``loads(text, "dot")`` (read: parse and validate), ``to_dot`` (the styled diagram; the
layout included) and ``to_pydot``. The last column is the growth ratio from the smallest
size to each size divided by the size ratio: 1.0 is linear. pydot's own parser is timed
at ``--pydot`` nodes only (it takes milliseconds per node) as the baseline the first
rows replace.

``--render`` instead times Graphviz's ``dot -Tsvg`` (CPU and peak memory of the
program, through GNU ``/usr/bin/time``) on the exported 10,185-node answer key
(``to_dot``: every node pinned, ``layout=nop2``) against ``dot -Tsvg`` laying out the
same tree's plain DOT (``dumps(G, "dot")``) itself, in the same run; ``--neato`` adds the
key as exported before (``layout=neato``: a minute and gigabytes).
"""

from __future__ import annotations

import argparse
import gc
import os
import shutil
import subprocess
import tempfile
import time
import warnings
from collections.abc import Callable
from functools import partial
from typing import Any

import networkx as nx

import gametree


def chain(n: int) -> nx.DiGraph:
    """A MAX/MIN chain of about n nodes: each internal node has a leaf and the next node."""
    G = nx.DiGraph()
    internal = max(1, n // 2)
    for i in range(internal):
        G.add_node(f"n{i}", player="MAX" if i % 2 == 0 else "MIN")
        G.add_node(f"v{i}", value=i % 7 - 3)
        G.add_edge(f"n{i}", f"v{i}", move=f"m{i}")
        if i + 1 < internal:
            G.add_edge(f"n{i}", f"n{i + 1}")
    G.add_node(f"n{internal - 1}", player="MAX")
    G.add_edge(f"n{internal - 1}", "last")
    G.add_node("last", value=0)
    G.graph["root"] = "n0"
    return G


def star(n: int) -> nx.DiGraph:
    G = nx.DiGraph()
    G.add_node("r", player="MAX")
    for i in range(n - 1):
        G.add_edge("r", f"l{i}")
        G.nodes[f"l{i}"]["value"] = i % 11
    G.graph["root"] = "r"
    return G


def best_of(repeat: int, job: Callable[[], Any]) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        job()
        best = min(best, time.perf_counter() - start)
    return best


def pydot_read(text: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import pydot

        pydot.graph_from_dot_data(text)


def graphviz_cost(dot_text: str, folder: str) -> tuple[float, float]:
    """CPU seconds and peak resident MB of ``dot -Tsvg`` on ``dot_text``."""
    source = os.path.join(folder, "in.dot")
    with open(source, "w", encoding="utf-8") as out:
        out.write(dot_text)
    command = ["/usr/bin/time", "-f", "%U %S %M", "dot", "-Tsvg", "-o", os.devnull, source]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    user, system, kb = done.stderr.strip().splitlines()[-1].split()
    return float(user) + float(system), int(kb) / 1024


def render(neato: bool) -> None:
    if shutil.which("dot") is None or not os.path.exists("/usr/bin/time"):
        print("needs Graphviz's dot and GNU time (/usr/bin/time)")
        return
    warnings.simplefilter("ignore")
    G = gametree.random_tree((3, 6), 6, seed=8)
    result = gametree.alphabeta(G, trace=True, annotate=False)
    key = gametree.to_dot(G, result, show="values,names")
    cases = [("plain dot of the tree (baseline)", gametree.dumps(G, "dot")),
             ("exported key, layout=nop2", key)]  # fmt: skip
    if neato:
        cases.append(("exported key as before, layout=neato", key.replace("nop2", "neato", 1)))
    with tempfile.TemporaryDirectory() as folder:
        costs = [graphviz_cost(text, folder) for _, text in cases]
    print(f"dot -Tsvg on {G.number_of_nodes():,} nodes (load average {os.getloadavg()[0]:.1f})")
    print(f"{'input':40} {'cpu s':>7} {'ratio':>6} {'peak MB':>8} {'ratio':>6}")
    base_s, base_mb = costs[0]
    for (name, _), (cpu, mb) in zip(cases, costs, strict=True):
        print(f"{name:40} {cpu:>7.2f} {cpu / base_s:>6.2f} {mb:>8.0f} {mb / base_mb:>6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--pydot", type=int, default=2_000, help="nodes for pydot's parser")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--render", action="store_true", help="Graphviz on the 10k key")
    parser.add_argument("--neato", action="store_true", help="with --render: the old export")
    args = parser.parse_args()
    if args.render:
        render(args.neato)
        return
    sizes = sorted(args.sizes)
    rows: list[tuple[str, str, list[float]]] = []
    for shape, build in (("chain", chain), ("star", star)):
        graphs = [build(n) for n in sizes]
        texts = [gametree.dumps(G, "dot") for G in graphs]
        jobs: list[tuple[str, Callable[[int], Any]]] = [
            ("dumps dot", lambda k, gs=graphs: gametree.dumps(gs[k], "dot")),
            ("loads dot", lambda k, ts=texts: gametree.loads(ts[k], "dot")),
            ("to_dot", lambda k, gs=graphs: gametree.to_dot(gs[k], fit=None)),
            ("to_pydot", lambda k, gs=graphs: gametree.to_pydot(gs[k], fit=None)),
        ]
        for name, job in jobs:
            times = [best_of(args.repeat, partial(job, k)) for k in range(len(sizes))]
            rows.append((shape, name, times))
        small = gametree.dumps(build(args.pydot), "dot")
        seconds = best_of(1, partial(pydot_read, small))
        ours = best_of(args.repeat, partial(gametree.loads, small, "dot"))
        rows.append((shape, f"pydot parse @{args.pydot:,}", [seconds]))
        rows.append((shape, f"loads dot @{args.pydot:,}", [ours]))
    header = f"{'tree':6} {'operation':22}" + "".join(f"{n:>12,}" for n in sizes)
    print(header + "   growth/size (1.0 = linear)")
    for shape, name, times in rows:
        cells = "".join(f"{t:>11.3f}s" for t in times)
        if len(times) == len(sizes) and len(sizes) > 1:
            growth = (times[-1] / times[0]) / (sizes[-1] / sizes[0])
            cells += f"   {growth:.2f}"
        print(f"{shape:6} {name:22}{cells}")


if __name__ == "__main__":
    main()
