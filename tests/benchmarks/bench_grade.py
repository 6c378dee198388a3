"""Benchmark: grade 1,000 submissions of a 40-node tree (target: under 10 s).

Prints the grading time and its ratio to a baseline measured in the same run: one plain
alpha-beta search (``annotate=False``) per submission, i.e. what a grader that re-runs
the search for every student would spend on searching alone; and, for scale, a naive
grader that builds a new answer key (search, trace and replay) for every file.

Run: python tests/benchmarks/bench_grade.py [--submissions N]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from pathlib import Path

import gametree
from gametree.homework import AnswerKey, format_answers, generate, grade


def write_submissions(directory: Path, key: AnswerKey, n: int, seed: int = 0) -> None:
    """n answer files: right, or with one or two mutations, in the three formats."""
    rng = random.Random(seed)
    base = key.answers()
    leaves = [str(x) for x in key.frontier]
    formats = ("toml", "json", "text")
    for i in range(n):
        a = {
            "value": base["value"],
            "move": base["move"],
            "pruned": list(base["pruned"]),
            "order": list(base["order"]),
            "values": dict(list(base["values"].items())[:6]),
        }
        for _ in range(rng.choice((0, 0, 1, 2))):
            kind = rng.choice(("value", "move", "pruned", "values"))
            if kind == "value":
                a["value"] = rng.randint(-9, 9)
            elif kind == "move":
                a["move"] = rng.choice([str(c) for c in key.G.successors(key.root)])
            elif kind == "pruned":
                leaf = rng.choice(leaves)
                pruned = a["pruned"]
                assert isinstance(pruned, list)
                if leaf in pruned:
                    pruned.remove(leaf)
                else:
                    pruned.append(leaf)
            else:
                values = a["values"]
                assert isinstance(values, dict)
                node = rng.choice(sorted(values))
                values[node] = rng.randint(-9, 9)
        fmt = formats[i % 3]
        suffix = {"toml": ".toml", "json": ".json", "text": ".txt"}[fmt]
        (directory / f"student{i:04d}{suffix}").write_text(format_answers(a, fmt))
    (directory / "broken.txt").write_bytes(b"\xff\xfe\x00")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--submissions", type=int, default=1000)
    args = parser.parse_args()
    exercise = generate(branching=3, depth=3, seed=11, prunes=(4, 12))
    G = exercise.tree
    key = AnswerKey(G)
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        write_submissions(d, key, args.submissions)
        files = len(list(d.iterdir()))

        start = time.perf_counter()
        for _ in range(files):
            gametree.alphabeta(G, annotate=False)
        baseline = time.perf_counter() - start

        start = time.perf_counter()
        report = grade(G, d, output=d / "grades.csv")
        elapsed = time.perf_counter() - start

        # A naive grader: a fresh key (search with trace) for every submission.
        sample = sorted(d.glob("student*"))[:200]
        start = time.perf_counter()
        for path in sample:
            AnswerKey(G).check(path)
        naive = (time.perf_counter() - start) * files / len(sample)
    findings = sum(r.asked for r in report.rows)
    print(f"tree: {len(G)} nodes, {len(key.frontier)} leaves, {exercise.prunes} pruned edges")
    print(f"{'what':<44} {'seconds':>8} {'ratio':>7}")
    print(f"{'baseline: one alphabeta search per file':<44} {baseline:8.3f} {1.0:7.2f}")
    print(
        f"{f'grade {files} files ({findings} findings)':<44} {elapsed:8.3f} "
        f"{elapsed / baseline:7.2f}"
    )
    print(
        f"{'naive: new AnswerKey per file (extrapolated)':<44} {naive:8.3f} {naive / baseline:7.2f}"
    )
    print(
        f"per submission: {elapsed / files * 1000:.2f} ms; target: {files} files < 10 s: "
        f"{'met' if elapsed < 10 else 'NOT MET'}"
    )
    print(report.summary(3))


if __name__ == "__main__":
    main()
