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


# The notebooks in examples/notebooks/ (issue 28): each runs start to end in a kernel.
NOTEBOOKS = {
    "instructor.ipynb": ["the key checks itself: 1.0", "answers.toml", "practice.html"],
    "student.ipynb": ["score: 7/7", "EXTRA", "leaf F is evaluated"],
    "seeds.ipynb": [
        "negamaxIDSab",
        "backed-up value",
        "think-3",
        "the score is: 0",
        "window (2, 5)",
    ],
}


def test_every_notebook_is_listed() -> None:
    assert sorted(p.name for p in (ROOT / "examples" / "notebooks").glob("*.ipynb")) == sorted(
        NOTEBOOKS
    )


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(NOTEBOOKS))
def test_notebook_runs(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for module in ("nbclient", "nbformat", "ipykernel", "anywidget"):
        pytest.importorskip(module, reason=f"{module} is not installed (pip install -e '.[test]')")
    import nbclient
    import nbformat

    from tests.jupyterlab import jupyter_env

    for key, value in jupyter_env(tmp_path / "jupyter").items():
        monkeypatch.setenv(key, value)  # the kernel's files stay in tmp_path
    folder = ROOT / "examples" / "notebooks"
    before = sorted(p.name for p in folder.iterdir())
    nb = nbformat.read(folder / name, as_version=4)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")  # kept clean
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    )
    client.execute()
    text = "\n".join(
        out.get("text", "") + str(out.get("data", {}).get("text/plain", ""))
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.outputs
    )
    for expected in NOTEBOOKS[name]:
        assert expected in text, (expected, text[-3000:])
    shown = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if "data" in o]
    assert any("application/vnd.jupyter.widget-view+json" in o["data"] for o in shown)
    assert sorted(p.name for p in folder.iterdir()) == before  # nothing written beside them
