"""What the Gradescope tests share: the results.json validator, submissions, and a folder
laid out like Gradescope's ``/autograder`` with the zip's own ``setup.sh`` run in it.

results.json is checked against Gradescope's autograder specification
(https://gradescope-autograders.readthedocs.io/en/latest/specs/, docs/specs.md of
github.com/gradescope/autograder_samples): the documented top-level and per-test
fields only, with their types and allowed values.

The session fixtures (imported by ``tests/conftest.py``) build the hand-worked answers'
zip once and run its ``setup.sh`` once: a fresh virtual environment with only the
bundled wheel installed (its dependencies from the package index). The code
autograder's tests lay their zip out beside it and start from a copy of that
environment (:func:`clone_environment`), so that their own ``setup.sh`` reinstalls
only the wheel and needs nothing from the package index.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

import gametree
from gametree.cli import main
from gametree.platforms.package import Wheel

VENV = "gametree-venv"
FIG52 = Path(__file__).resolve().parent.parent / "examples" / "homework" / "fig52.tree"

TOP_FIELDS = {
    "score": (int, float),
    "execution_time": (int, float),
    "output": str,
    "output_format": str,
    "test_output_format": str,
    "test_name_format": str,
    "visibility": str,
    "stdout_visibility": str,
    "extra_data": dict,
    "tests": list,
    "leaderboard": list,
}
TEST_FIELDS = {
    "score": (int, float),
    "max_score": (int, float),
    "status": str,
    "name": str,
    "name_format": str,
    "number": str,
    "output": str,
    "output_format": str,
    "tags": list,
    "visibility": str,
    "extra_data": dict,
}
VISIBILITY = {"hidden", "after_due_date", "after_published", "visible"}
FORMATS = {"text", "html", "simple_format", "md", "ansi"}


def validate(doc: dict[str, Any]) -> dict[str, Any]:
    """Check results.json against the documented fields; return it."""
    assert set(doc) <= set(TOP_FIELDS), set(doc) - set(TOP_FIELDS)
    for name, kind in TOP_FIELDS.items():
        if name in doc:
            assert isinstance(doc[name], kind), name
    assert "score" in doc or all("score" in t for t in doc["tests"])
    for name in ("visibility", "stdout_visibility"):
        assert doc.get(name, "visible") in VISIBILITY
    assert doc.get("output_format", "simple_format") in FORMATS
    for test in doc.get("tests", []):
        assert set(test) <= set(TEST_FIELDS), set(test) - set(TEST_FIELDS)
        for name, kind in TEST_FIELDS.items():
            if name in test:
                assert isinstance(test[name], kind), name
        assert test.get("visibility", "visible") in VISIBILITY
        assert test.get("output_format", "text") in FORMATS
        assert test.get("status", "passed") in {"passed", "failed"}
        assert 0 <= test["score"] <= test["max_score"]
        assert test["status"] == ("passed" if test["score"] >= test["max_score"] else "failed")
        assert "\r" not in test.get("output", "")  # the specification asks for \n
    assert doc["score"] == sum(t["score"] for t in doc["tests"])
    return doc


def fake_wheel() -> Wheel:
    return Wheel(f"gametree-{gametree.__version__}-py3-none-any.whl", b"not a real wheel")


def submit(folder: Path, files: dict[str, str | bytes]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


def layout(zip_path: Path, root: Path) -> Path:
    """Unpack ``zip_path`` as Gradescope does: ``source``, and ``run_autograder`` copied up."""
    (root / "source").mkdir(parents=True)
    with zipfile.ZipFile(zip_path) as archive:
        for info in archive.infolist():
            target = root / "source" / info.filename
            target.write_bytes(archive.read(info))
            target.chmod(info.external_attr >> 16 & 0o777)
    shutil.copy2(root / "source" / "run_autograder", root / "run_autograder")
    return root


def environment(root: Path) -> dict[str, str]:
    env = {**os.environ, "AUTOGRADER_ROOT": str(root)}
    env.pop("PYTHONPATH", None)
    return env


def clone_environment(source: Path, root: Path) -> None:
    """Copy the virtual environment ``source/gametree-venv`` to ``root``'s: its installed
    packages as hard links (instant, and pip replaces files rather than writing into
    them), its scripts and settings as copies (``python -m venv`` rewrites those)."""
    venv = source / VENV

    def link_or_copy(src: str, dst: str) -> None:
        if Path(src).is_relative_to(venv / "lib"):
            os.link(src, dst)
        else:
            shutil.copy2(src, dst)

    shutil.copytree(venv, root / VENV, symlinks=True, copy_function=link_or_copy)


def installed_gametree(root: Path) -> tuple[Path, str]:
    """Where ``root``'s environment imports gametree from, and its version."""
    python = root / VENV / "bin" / "python"
    where, version = subprocess.run(
        [str(python), "-I", "-c", "import gametree as g; print(g.__file__, g.__version__)"],
        capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    return Path(where), version


def set_up(root: Path) -> None:
    """Run the zip's own ``setup.sh`` in ``root``."""
    done = subprocess.run(
        ["bash", str(root / "source" / "setup.sh")], env=environment(root),
        capture_output=True, text=True, timeout=900, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]


def run(root: Path, files: dict[str, str | bytes] | None) -> dict[str, Any]:
    """Grade one submission with the bundled run_autograder; return its results.json."""
    shutil.rmtree(root / "submission", ignore_errors=True)
    shutil.rmtree(root / "results", ignore_errors=True)
    if files is not None:
        submit(root / "submission", files)
    done = subprocess.run(
        [str(root / "run_autograder")], env=environment(root), cwd=root, capture_output=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0
    return validate(json.loads((root / "results" / "results.json").read_text()))


@pytest.fixture(scope="session")
def autograder_zip(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real hand-worked answers' zip (with the wheel of the running gametree), built once."""
    out = tmp_path_factory.mktemp("zip") / "autograder.zip"
    assert main(["gradescope", str(FIG52), "-q", "-o", str(out)]) == 0
    return out


@pytest.fixture(scope="session")
def gradescope_root(autograder_zip: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder laid out like /autograder, set up by the zip's own setup.sh."""
    root = layout(autograder_zip, tmp_path_factory.mktemp("gs") / "autograder")
    set_up(root)
    return root
