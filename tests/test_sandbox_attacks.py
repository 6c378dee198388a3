"""The attack suite: hostile submissions against check-code, grade-code and the
Gradescope code autograder, each asserting the honest outcome.

Every attack (``sandbox_attacks.ATTACKS``) returns a wrong value, so any tree scored
right would be a forgery. After each run: no score above 0, no planted text in any
report, CSV row or results.json, no file written outside the sandbox, the installed
gametree unchanged, nothing reached the test's listening sockets, and no process of a
submission's user (or marked by the attack) left. The class run has honest classmates
beside the attackers, graded in parallel (``--jobs 2``): their rows must be right.

These tests need a sandbox (CI runs as root on Debian with bubblewrap installed) and
never skip: without one they fail, saying so. The fallback chooser's tests force
``unshare`` and ``none`` through ``--sandbox`` and ``GAMETREE_SANDBOX``.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import secrets
import socket
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from gradescope_harness import (
    clone_environment,
    fake_wheel,
    layout,
    run,
    set_up,
    submit,
    validate,
)
from sandbox_attacks import ATTACKS, HONEST, hostile

import gametree
from gametree.cli import main
from gametree.homework.codecheck import Checker, Limits, choose_sandbox
from gametree.homework.codecheck.sandbox import FIRST_UID, UID_RANGE
from gametree.platforms.gradescope_code import grade_code, write_code_autograder

CODE = ["--protocol", "tree", "--entry", "f", "-a", "minimax", "--timeout", "1"]
TREES = sum(c.depth is None for c in Checker("tree", "f", "minimax").cases)
"""The trees ``f(node)`` runs on: one taking no depth skips the depth-limited ones."""


@dataclass
class Plant:
    """What the attacks aim at on the grader's machine."""

    secret: str
    secret_file: Path
    outside: Path
    forge: Path
    package: Path
    package_hash: str
    mark: str
    tcp: socket.socket
    udp: socket.socket

    def fill(self, results: Path) -> dict[str, str]:
        return {
            "RESULTS": str(results),
            "SECRET": str(self.secret_file),
            "OUTSIDE": str(self.outside),
            "PACKAGE": str(self.package),
            "SITE": str(self.package.parent.parent),
            "PORT": str(self.tcp.getsockname()[1]),
            "MARK": self.mark,
        }


@pytest.fixture(scope="module")
def plant(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Plant]:
    assert choose_sandbox().isolated, (
        f"no sandbox on this machine ({choose_sandbox().why}): install bubblewrap"
    )
    base = tmp_path_factory.mktemp("plant")
    base.chmod(0o755)
    secret = "planted-" + secrets.token_hex(8)
    secret_file = base / "secret.txt"
    secret_file.write_text(secret)
    secret_file.chmod(0o644)  # anyone may read it: only the sandbox keeps it out
    outside, forge = base / "outside", base / "forge"
    for folder in (outside, forge):
        folder.mkdir()
        folder.chmod(0o777)  # anyone may write here: only the sandbox keeps them out
    package = Path(gametree.__file__)
    tcp = socket.create_server(("127.0.0.1", 0))
    tcp.setblocking(False)
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", tcp.getsockname()[1]))
    udp.setblocking(False)
    digest = hashlib.sha256(package.read_bytes()).hexdigest()
    mark = "gtattack" + secrets.token_hex(6)
    yield Plant(secret, secret_file, outside, forge, package, digest, mark, tcp, udp)
    tcp.close()
    udp.close()


def _processes(mark: str) -> list[str]:
    """Live processes of a submission's user, or whose command line holds ``mark``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if fields.get("State", "").split()[:1] == ["Z"]:
            continue
        uid = int(fields["Uid"].split()[0])
        if FIRST_UID <= uid < FIRST_UID + UID_RANGE or mark.encode() in cmdline:
            found.append(f"{entry.name} uid {uid}: {cmdline[:80]!r}")
    return found


def assert_clean(plant: Plant, shown: str, results: Path | None = None) -> None:
    """Nothing leaked into ``shown``, written outside, sent, or left running."""
    assert plant.secret not in shown
    deadline = time.monotonic() + 3
    while _processes(plant.mark) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _processes(plant.mark) == []
    for folder in (plant.outside, plant.forge, Path("/tmp"), Path("/var/tmp"), Path("/dev/shm")):
        assert not [p for p in folder.iterdir() if plant.mark in p.name], folder
    assert list(plant.outside.iterdir()) == [] and list(plant.forge.iterdir()) == []
    assert hashlib.sha256(plant.package.read_bytes()).hexdigest() == plant.package_hash
    with pytest.raises(BlockingIOError):
        plant.tcp.accept()
    with pytest.raises(BlockingIOError):
        plant.udp.recv(100)
    if results is not None:
        assert "forged" not in results.read_text()


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_check_code_gives_an_attack_no_score(
    attack: str, plant: Plant, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "student.py"
    path.write_text(hostile(attack, plant.fill(plant.forge / "results.json")))
    assert main(["check-code", str(path), *CODE, "--json"]) == 1
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert report["score"] == 0 and report["verdict"] == "incorrect"
    assert len(report["trees"]) >= TREES  # every tree accounted for, none vanished
    assert report["isolation"]["sandbox"] == choose_sandbox().kind != "none"
    assert "Traceback" not in out + err
    assert_clean(plant, out + err)


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [2, 1])
def test_grade_code_rows_stay_right_beside_every_attack(
    jobs: int, plant: Plant, tmp_path: Path
) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    honest = ["aaa_honest.py", "mmm_honest.py", "zzz_honest.py"]
    for name in honest:
        (folder / name).write_text(HONEST + f"# {name}\n")
    attacks = sorted(ATTACKS) if jobs == 2 else ["kill-parent", "fork-bomb", "results-then-kill"]
    for attack in attacks:
        source = hostile(attack, plant.fill(plant.forge / "results.json"))
        (folder / f"{attack}.py").write_text(source)
    out = tmp_path / "grades.csv"
    done = subprocess.run(
        [sys.executable, "-m", "gametree", "grade-code", str(folder), *CODE,
         "--jobs", str(jobs), "-o", str(out)],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    rows = {row["file"]: row for row in csv.DictReader(out.open())}
    assert sorted(rows) == sorted(honest + [f"{a}.py" for a in attacks])
    for name in honest:
        assert (rows[name]["verdict"], rows[name]["score"]) == ("correct", "1.000"), rows[name]
    for attack in attacks:
        row = rows[f"{attack}.py"]
        assert (row["verdict"], row["score"]) == ("incorrect", "0.000"), row
    assert "isolation: bubblewrap" in done.stdout or choose_sandbox().kind != "bwrap"
    assert_clean(plant, out.read_text() + done.stdout + done.stderr)


@pytest.fixture(scope="module")
def tree_root(gradescope_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A code autograder for ``f`` (tree protocol, minimax), laid out like /autograder
    and set up by its own setup.sh."""
    out = tmp_path_factory.mktemp("attack-zip") / "autograder.zip"
    assert main(["gradescope", "--code", *CODE, "-q", "-o", str(out)]) == 0
    root = layout(out, tmp_path_factory.mktemp("gs-attack") / "autograder")
    clone_environment(gradescope_root, root)
    set_up(root)
    return root


@pytest.mark.slow
@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_gradescope_gives_an_attack_no_score(attack: str, plant: Plant, tree_root: Path) -> None:
    results = tree_root / "results" / "results.json"
    source = hostile(attack, plant.fill(results))
    doc = run(tree_root, {"student.py": source})
    assert doc["score"] == 0, doc
    time.sleep(0.5)  # a daemon would rewrite it now
    again: dict[str, Any] = json.loads(results.read_text())
    assert again == doc
    shown = json.dumps(doc)
    assert_clean(plant, shown, results)


@pytest.mark.slow
def test_gradescope_grades_an_honest_file_right(tree_root: Path) -> None:
    doc = run(tree_root, {"student.py": HONEST})
    assert doc["score"] == TREES and "bubblewrap" in doc["extra_data"]["isolation"]
    for harness in ("results", "source", "gametree-venv"):  # root's alone
        assert (tree_root / harness).stat().st_mode & 0o077 == 0, harness


# ---------------------------------------------------------------------------- the chooser


def test_unshare_runs_honest_code_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "student.py"
    path.write_text(HONEST)
    assert main(["check-code", str(path), *CODE, "--sandbox", "unshare"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("isolation: unshare (no network, no other processes")


def test_the_environment_variable_forces_a_sandbox(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "student.py"
    path.write_text(hostile("socket", {"PORT": "9", "MARK": "m"}))
    monkeypatch.setenv("GAMETREE_SANDBOX", "unshare")
    assert main(["check-code", str(path), *CODE, "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["isolation"]["sandbox"] == "unshare"


def test_without_a_sandbox_check_code_runs_and_grading_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "ann.py").write_text(HONEST)
    monkeypatch.setenv("GAMETREE_SANDBOX", "none")
    assert main(["check-code", str(folder / "ann.py"), *CODE]) == 0
    assert "isolation: none" in capsys.readouterr().out
    assert main(["grade-code", str(folder), *CODE]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no sandbox" in err[0] and "--no-sandbox" in err[0]
    assert main(["grade-code", str(folder), *CODE, "--no-sandbox"]) == 0
    captured = capsys.readouterr()
    assert "ann.py,1.000" in captured.out and "isolation: none" in captured.err


def test_the_gradescope_grader_refuses_without_a_sandbox(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config: dict[bool, dict[str, Any]] = {}
    for required in (True, False):
        out = tmp_path / f"ag-{required}.zip"
        checker = Checker("tree", "f", "minimax", limits=Limits(timeout=1))
        write_code_autograder(out, checker, wheel=fake_wheel(), require_sandbox=required)
        with zipfile.ZipFile(out) as archive:
            config[required] = json.loads(archive.read("gametree-autograder.json"))
    monkeypatch.setenv("GAMETREE_SANDBOX", "none")
    folder = submit(tmp_path / "submission", {"student.py": HONEST})
    refused = validate(grade_code(config[True], folder))
    assert refused["score"] == 0 and "The grader failed" in refused["tests"][0]["output"]
    assert "contact your instructor" in refused["tests"][0]["output"]
    allowed = validate(grade_code(config[False], folder))
    assert allowed["score"] == TREES


def _interpreter_for_another_user() -> str | None:
    """This Python's interpreter, or the system's of the same version, where a user of
    its own can run it (a pyenv under /root cannot be)."""
    from gametree.homework.codecheck.sandbox import _reachable_by_others, interpreter

    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    for path in (interpreter(), f"/usr/bin/python{version}", f"/usr/local/bin/python{version}"):
        if Path(path).exists() and _reachable_by_others(path):
            return path
    return None


@pytest.mark.slow
@pytest.mark.parametrize(
    "attack",
    ["results-then-kill", "setsid-daemon", "kill-parent", "write-outside", "link-the-next-child"],
)
def test_a_user_of_its_own_keeps_the_grade_without_namespaces(
    attack: str, plant: Plant, tmp_path: Path
) -> None:
    # What Gradescope's Docker root gets when no namespace can be made: the grader's
    # folders (0700, root's) and processes are out of the submission's reach.
    python = _interpreter_for_another_user()
    if python is None or os.geteuid() != 0:
        pytest.skip("needs root and an interpreter another user can run")
    results = tmp_path / "results" / "results.json"
    results.parent.mkdir(mode=0o700)
    guarded = tmp_path / "guarded"  # root's: only following a link as root writes here
    guarded.mkdir(mode=0o755)
    tmp_path.chmod(0o755)
    path = tmp_path / "student.py"
    path.write_text(hostile(attack, {**plant.fill(results), "OUTSIDE": str(guarded)}))
    paths = [str(Path(gametree.__file__).parent.parent), *sys.path]
    done = subprocess.run(
        [python, "-m", "gametree", "check-code", str(path), *CODE, "--sandbox", "user", "--json"],
        capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)},
    )  # fmt: skip
    assert done.returncode == 1, done.stderr[-2000:]
    report = json.loads(done.stdout)
    assert report["score"] == 0 and report["isolation"]["sandbox"] == "user"
    time.sleep(0.5)  # a daemon would write now
    assert not results.exists()
    assert list(guarded.iterdir()) == [] and guarded.stat().st_uid == 0
    assert guarded.stat().st_mode & 0o777 == 0o755
    assert_clean(plant, done.stdout + done.stderr)
