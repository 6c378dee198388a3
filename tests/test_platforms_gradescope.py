"""Tests for gametree.platforms.gradescope and ``gametree gradescope`` (hand-worked answers).

results.json is checked against Gradescope's autograder specification by
``gradescope_harness.validate`` (the documented fields only, with their types and
allowed values).

The end-to-end tests run the zip as Gradescope would, in a temporary folder laid out
like ``/autograder`` (``AUTOGRADER_ROOT`` points the scripts at it): ``setup.sh``
makes a fresh virtual environment and installs only the bundled wheel (its dependencies
from the package index), then ``run_autograder`` grades right, wrong and broken
submissions. The zip is built and set up once per session (``gradescope_root``, shared
with the code autograder's tests).
"""

from __future__ import annotations

import hashlib
import json
import re
import stat
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest
from gradescope_harness import (
    FIG52,
    environment,
    fake_wheel,
    installed_gametree,
    layout,
    run,
    submit,
    validate,
)

import gametree
from gametree.cli import main
from gametree.exceptions import PlatformError
from gametree.outfiles import OutputExistsError
from gametree.platforms.gradescope import (
    CONFIG_NAME,
    SubmissionError,
    grade_hand,
    read_submission,
    run_autograder,
    write_autograder,
)

# Figure 5.2 by hand: A = 3, B = 3, C <= 2 (cut after H = 2), D = 2; I and J pruned.
RIGHT = "value = 3\nB = 3\nC = <=2\nD = 2\npruned = I J\n"
# D wrong, J missed and K extra (net 0 of 2 for the cuts): 3 of 6 points.
WRONG = "value = 3\nB = 3\nC = 2\nD = 5\npruned = I K\n"


@pytest.fixture
def config(tmp_path: Path) -> dict[str, Any]:
    zip_path = tmp_path / "ag.zip"
    write_autograder(zip_path, gametree.load(FIG52), wheel=fake_wheel())
    with zipfile.ZipFile(zip_path) as archive:
        return json.loads(archive.read(CONFIG_NAME))


# ---------------------------------------------------------------------------- the zip


def test_zip_layout(tmp_path: Path) -> None:
    made = write_autograder(tmp_path / "ag.zip", gametree.load(FIG52), wheel=fake_wheel())
    assert (made.tests, made.total) == (5, 6.0)
    with zipfile.ZipFile(made.path) as archive:
        infos = {i.filename: i for i in archive.infolist()}
        assert set(infos) == {"setup.sh", "run_autograder", CONFIG_NAME, made.wheel}
        for script in ("setup.sh", "run_autograder"):
            mode = infos[script].external_attr >> 16
            assert mode & stat.S_IXUSR, script
            text = archive.read(script).decode()
            assert text.startswith("#!/usr/bin/env bash\n")
            assert 'ROOT="${AUTOGRADER_ROOT:-/autograder}"' in text
        setup = archive.read("setup.sh").decode()
        config = json.loads(archive.read(CONFIG_NAME))
    assert f"{config['wheel']['sha256']}  $WHEEL" in setup
    assert config["mode"] == "hand" and config["total"] == 6.0
    assert config["tests"] == [
        "Root value (A)", "Value of B", "Value of C", "Value of D", "Pruned leaves",
    ]  # fmt: skip
    assert config["key"]["pruned"] == ["I", "J"]


def test_write_autograder_refuses_bad_settings(tmp_path: Path) -> None:
    G = gametree.load(FIG52)
    with pytest.raises(PlatformError, match="visibility 'later'"):
        write_autograder(tmp_path / "a.zip", G, visibility="later", wheel=fake_wheel())
    with pytest.raises(PlatformError, match="max_bytes"):
        write_autograder(tmp_path / "a.zip", G, max_bytes=0, wheel=fake_wheel())
    (tmp_path / "b.zip").write_text("mine")
    with pytest.raises(OutputExistsError):
        write_autograder(tmp_path / "b.zip", G, wheel=fake_wheel())
    assert (tmp_path / "b.zip").read_text() == "mine"


# ---------------------------------------------------------------------------- reading


def test_the_one_answer_file_is_found(tmp_path: Path) -> None:
    folder = submit(tmp_path / "s", {"work/answers.txt": RIGHT, ".hidden.txt": "x"})
    found = read_submission(folder)
    assert (found.name, found.data) == ("work/answers.txt", RIGHT.encode())


def test_answers_named_file_wins_among_several(tmp_path: Path) -> None:
    folder = submit(tmp_path / "s", {"answers.toml": RIGHT, "draft.txt": "value = 1"})
    found = read_submission(folder)
    assert found.name == "answers.toml"
    assert found.notes == ("graded answers.toml; not graded: draft.txt",)


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (None, "No submission was found. Upload your answer file (.txt, .toml or .json)"),
        ({}, "Your submission is empty. Upload your answer file"),
        ({"report.pdf": b"%PDF"}, "has no answer file (.txt, .toml or .json); it has: report.pdf"),
        ({"a.txt": RIGHT, "b.txt": RIGHT}, "several answer files (a.txt, b.txt)"),
        ({"answers.txt": ""}, "answers.txt is empty. Write your answers in it"),
        ({"answers.txt": " \n\t\n"}, "answers.txt is empty"),
    ],
)
def test_broken_submissions_say_what_to_do(
    tmp_path: Path, files: dict[str, str] | None, message: str
) -> None:
    folder = tmp_path / "s"
    if files is not None:
        submit(folder, files)
    with pytest.raises(SubmissionError) as caught:
        read_submission(folder)
    assert message in str(caught.value)


def test_oversized_file_is_not_read_whole(tmp_path: Path) -> None:
    folder = submit(tmp_path / "s", {"answers.txt": "# " + "x" * 5000})
    with pytest.raises(
        SubmissionError,
        match=r"answers.txt is 5,002 bytes; an answer file here is at most 1,000 bytes",
    ):
        read_submission(folder, max_bytes=1000)


def test_links_are_never_followed(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("value = 3")
    folder = submit(tmp_path / "s", {"answers.txt": RIGHT})
    (folder / "other.txt").symlink_to(secret)
    found = read_submission(folder)
    assert found.name == "answers.txt"
    assert "other.txt: a link, not followed" in found.notes


# ---------------------------------------------------------------------------- grading


def test_right_answers_pass_every_test(tmp_path: Path, config: dict[str, Any]) -> None:
    doc = validate(grade_hand(config, submit(tmp_path / "s", {"answers.txt": RIGHT})))
    assert doc["score"] == 6.0
    assert [t["status"] for t in doc["tests"]] == ["passed"] * 5
    assert doc["output_format"] == "html" and "<svg" in doc["output"]
    assert doc["extra_data"]["file"] == "answers.txt"


def test_wrong_answers_get_the_checkers_reasons(tmp_path: Path, config: dict[str, Any]) -> None:
    doc = validate(grade_hand(config, submit(tmp_path / "s", {"answers.txt": WRONG})))
    scores = {t["name"]: (t["score"], t["max_score"]) for t in doc["tests"]}
    assert scores == {
        "Root value (A)": (1.0, 1.0),
        "Value of B": (1.0, 1.0),
        "Value of C": (1.0, 1.0),
        "Value of D": (0.0, 1.0),
        "Pruned leaves": (0.0, 2.0),
    }
    cuts = next(t for t in doc["tests"] if t["name"] == "Pruned leaves")["output"]
    assert "MISSING    J (#6)" in cuts and "EXTRA      K (#7)" in cuts
    assert "leaf K is evaluated (5th)" in cuts
    # The marked tree and, for sanitizers that drop SVG, the same marks as a list.
    assert "\u2717 Value of D: 0/1" in doc["output"]
    # Outputs are shown in a <pre>: lines are wrapped, keeping their indent.
    assert all(len(line) <= 88 for t in doc["tests"] for line in t["output"].splitlines())
    c = next(t for t in doc["tests"] if t["name"] == "Value of C")["output"].splitlines()
    assert len(c) > 2 and c[2].startswith("  ")


def test_items_not_asked_are_listed_not_graded(tmp_path: Path, config: dict[str, Any]) -> None:
    text = RIGHT + "move = B\nbogus = 4\n"
    doc = validate(grade_hand(config, submit(tmp_path / "s", {"answers.txt": text})))
    assert doc["score"] == 6.0
    assert "<li>move: not asked</li>" in doc["output"]
    assert "<li>bogus: unknown node &#x27;bogus&#x27;" in doc["output"]


HOSTILE_FILE = (
    "value = <img src=x onerror=alert(1)>\n"
    'B = <a href="https://example.invalid/">3</a>\n'
    "C = <=2<script>alert(1)</script>\n"
    "<svg onload=alert(1)> = 3\n"
    "pruned = <b>I</b> J\n"
)


@pytest.mark.parametrize("name", ["answers.txt", "<img src=x onerror=alert(1)>.txt"])
def test_students_text_reaches_the_page_as_text(
    tmp_path: Path, config: dict[str, Any], name: str
) -> None:
    """The top-level output is HTML: what the student wrote (answers, the file's name)
    is escaped there, and each test's output is plain text (issue 33's audit)."""
    doc = validate(grade_hand(config, submit(tmp_path / "s", {name: HOSTILE_FILE})))
    # Escaped text holds no "<": every tag left is gametree's own markup.
    tags = set(re.findall(r"<([a-zA-Z][\w:-]*)", doc["output"]))
    assert not tags & {"img", "a", "script", "b"}, tags
    assert not re.search(r"<[^>]*\son\w+\s*=", doc["output"])  # no event handler
    assert "&lt;svg onload" in doc["output"]  # the student's text is there, as text
    if name != "answers.txt":
        assert "graded file &lt;img src=x onerror=alert(1)&gt;.txt" in doc["output"]
    assert {t["output_format"] for t in doc["tests"]} == {"text"}


def test_the_practice_pages_export_is_graded(tmp_path: Path, config: dict[str, Any]) -> None:
    exported = 'value = 3\npruned_edges = ["C-I", "C-J"]\n\n[values]\nB = "3"\nC = "<=2"\nD = "2"\n'
    doc = validate(grade_hand(config, submit(tmp_path / "s", {"answers.toml": exported})))
    assert doc["score"] == 6.0


def test_unreadable_file_scores_zero_with_a_message(tmp_path: Path, config: dict[str, Any]) -> None:
    doc = validate(grade_hand(config, submit(tmp_path / "s", {"answers.txt": b"\xff\xfe\x00v"})))
    assert doc["score"] == 0 and doc["tests"][0]["max_score"] == 6.0
    assert "not UTF-8 text" in doc["tests"][0]["output"]
    assert "Save it as plain text (UTF-8)" in doc["tests"][0]["output"]


def test_a_file_with_nothing_answered_says_so(tmp_path: Path, config: dict[str, Any]) -> None:
    doc = validate(grade_hand(config, submit(tmp_path / "s", {"answers.txt": "# my answers\n"})))
    assert doc["score"] == 0.0 and len(doc["tests"]) == 5
    assert "No answer was found in your file" in doc["output"]


def test_run_autograder_always_writes_results(tmp_path: Path) -> None:
    root = tmp_path / "autograder"
    (root / "source").mkdir(parents=True)
    assert run_autograder(root) == 0  # no configuration at all
    doc = validate(json.loads((root / "results" / "results.json").read_text()))
    assert doc["score"] == 0 and "please tell your instructor" in doc["tests"][0]["output"]


def test_run_autograder_reads_its_root_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, config: dict[str, Any]
) -> None:
    root = tmp_path / "autograder"
    (root / "source").mkdir(parents=True)
    (root / "source" / CONFIG_NAME).write_text(json.dumps(config))
    submit(root / "submission", {"answers.txt": RIGHT})
    monkeypatch.setenv("AUTOGRADER_ROOT", str(root))
    assert run_autograder() == 0
    assert validate(json.loads((root / "results" / "results.json").read_text()))["score"] == 6


# ---------------------------------------------------------------------------- the command


def test_cli_writes_and_refuses_to_overwrite(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ag.zip"
    assert (
        main(["gradescope", str(FIG52), "--strict", "--ask", "value,pruned", "-o", str(out)]) == 0
    )
    printed = capsys.readouterr().out
    assert printed.startswith("autograder: 2 tests, 3 points, bundling gametree-")
    with zipfile.ZipFile(out) as archive:
        config = json.loads(archive.read(CONFIG_NAME))
    assert config["options"]["prune_on_equal"] is False and config["ask"] == ["value", "pruned"]
    assert main(["gradescope", str(FIG52), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "exists; add --force to replace it" in err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--ask", "value,cuts"], "argument --ask: cannot ask 'cuts'"),
        (["-a", "mcts"], "-a mcts is not supported here"),
        (["--wheel", "other.whl"], "not a gametree wheel"),
        (["--wheel", "gametree-9.9-py3-none-any.whl"], "is gametree 9.9, but this gametree"),
        (["--max-bytes", "0"], "max_bytes must be at least 1"),
        (["--visibility", "soon"], "argument --visibility: invalid choice"),
    ],
)
def test_cli_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    assert main(["gradescope", str(FIG52), *extra, "-o", str(tmp_path / "x.zip")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not (tmp_path / "x.zip").exists()


# ---------------------------------------------------------------------------- end to end


@pytest.mark.slow
def test_setup_installs_only_the_bundled_wheel(gradescope_root: Path) -> None:
    where, version = installed_gametree(gradescope_root)
    assert where.is_relative_to(gradescope_root / "gametree-venv")
    assert version == gametree.__version__


@pytest.mark.slow
@pytest.mark.parametrize(
    ("files", "score", "says"),
    [
        ({"answers.txt": RIGHT}, 6.0, "Score: 6 / 6"),
        ({"answers.txt": WRONG}, 3.0, "Score: 3 / 6"),
        ({"answers.json": '{"value": 3, "pruned": ["#5", "#6"]}'}, 3.0, "Score: 3 / 6"),
        (None, 0.0, "No submission was found"),
        ({"answers.txt": ""}, 0.0, "answers.txt is empty"),
        ({"answers.txt": b"\x80\x81 value = 3"}, 0.0, "not UTF-8 text"),
        ({"answers.txt": "#" * 1_000_001}, 0.0, "an answer file here is at most 1.0 MB"),
        ({"scan.png": b"\x89PNG"}, 0.0, "has no answer file"),
    ],
)
def test_run_autograder_end_to_end(
    gradescope_root: Path, files: dict[str, str | bytes] | None, score: float, says: str
) -> None:
    doc = run(gradescope_root, files)
    assert doc["score"] == score
    assert says in doc["output"]
    assert sum(t["max_score"] for t in doc["tests"]) == 6.0


@pytest.mark.slow
def test_run_autograder_without_its_environment_still_reports(
    autograder_zip: Path, tmp_path: Path
) -> None:
    # setup.sh never ran: the Python environment is missing, the script says so.
    root = layout(autograder_zip, tmp_path / "autograder")
    doc = run(root, {"answers.txt": RIGHT})
    assert doc["score"] == 0.0 and doc["tests"][0]["max_score"] == 6.0
    assert "The grader failed" in doc["tests"][0]["output"]
    assert "Contact your instructor" in doc["tests"][0]["output"]


def test_a_results_file_left_on_disk_never_counts(autograder_zip: Path, tmp_path: Path) -> None:
    # Full marks written before the grader ran (by a submission, or an earlier run), and
    # a grader that cannot finish: the file on disk is replaced by a 0 saying so.
    root = layout(autograder_zip, tmp_path / "autograder")
    submit(root / "submission", {"answers.txt": RIGHT})
    (root / "results").mkdir(mode=0o777)
    forged = {"score": 6.0, "tests": [{"name": "forged", "score": 6.0, "max_score": 6.0}]}
    (root / "results" / "results.json").write_text(json.dumps(forged))
    done = subprocess.run(
        [str(root / "run_autograder")], env=environment(root), cwd=root, capture_output=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0
    doc = validate(json.loads((root / "results" / "results.json").read_text()))
    assert doc["score"] == 0.0 and "The grader failed" in doc["tests"][0]["output"]
    assert (root / "results").stat().st_mode & 0o777 == 0o700  # the grader's alone
    assert (root / "source").stat().st_mode & 0o777 == 0o700  # and so is the harness
    assert not list((root / "results").glob(".results*"))  # written whole, then renamed


def test_cli_bundles_a_given_wheel(tmp_path: Path) -> None:
    wheel = tmp_path / f"gametree-{gametree.__version__}-py3-none-any.whl"
    wheel.write_bytes(b"an instructor's own build")
    out = tmp_path / "ag.zip"
    assert main(["gradescope", str(FIG52), "--wheel", str(wheel), "-q", "-o", str(out)]) == 0
    with zipfile.ZipFile(out) as archive:
        assert archive.read(wheel.name) == b"an instructor's own build"
        config = json.loads(archive.read(CONFIG_NAME))
    assert config["wheel"]["sha256"] == hashlib.sha256(b"an instructor's own build").hexdigest()
