"""Every seed example runs in quick mode and prints its table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXPECTED = {
    "seed_1_tictactoe_negamax.py": ["negamaxIDSab", "nodes explored", "random opponent"],
    "seed_2_negamax_trace.py": ["terminal value", "backed-up value", "best move for O"],
    "seed_3_perfect_and_depth_limited.py": ["alpha-beta + transpositions", "think-3"],
    "seed_4_alphabeta_partial_board.py": [
        "the score is: 0",
        "(row, column): (1, 0)",
        "pruned branches (2)",
    ],
    "seed_5_labelled_dag.py": ["minimax: -1   negamax: -1", "window (2, 5): 5", "search: 7"],
}


def test_every_example_is_listed() -> None:
    assert sorted(p.name for p in (ROOT / "examples").glob("seed_*.py")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_runs_quick(name: str, tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    proc = subprocess.run(
        [sys.executable, str(ROOT / "examples" / name), "--quick"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    for text in EXPECTED[name]:
        assert text in proc.stdout, (text, proc.stdout)
    assert list(tmp_path.iterdir()) == []  # quick mode writes no files
