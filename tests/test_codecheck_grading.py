"""grade-code: one CSV row per entry of a class folder, the grading safety rules kept.

The folder is read with gametree.grade's own functions, so the same rules hold: a link
leading out of the folder is not followed, a FIFO is never opened, a bad file does not
stop the run, text cells are safe for spreadsheets; ``--jobs 2`` gives the rows one job
gives.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest
from codecheck_students import BUGGY, CS188

from gametree.cli import main
from gametree.homework.codecheck import Checker, grade_code

BUG = BUGGY["generates-all-successors"][3]


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker("cs188", "AlphaBetaAgent")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    d = tmp_path / "class"
    d.mkdir()
    (d / "ann.py").write_text(CS188)
    (d / "bob.py").write_text(BUG)
    (d / "cat.py").write_text("def broken(:\n")
    (d / "=HYPERLINK(1).py").write_text("class AlphaBetaAgent:\n    pass\n")
    (d / "notes.txt").write_text("not a submission")
    outside = tmp_path / "secret.py"
    outside.write_text(CS188)
    (d / "eve.py").symlink_to(outside)
    os.mkfifo(d / "pipe.py")
    return d


def test_one_row_per_entry_and_nothing_stops_the_run(folder: Path, checker: Checker) -> None:
    report = grade_code(folder, protocol="cs188", checker=checker)
    rows = {r.file: r for r in report.rows}
    assert sorted(rows) == ["=HYPERLINK(1).py", "ann.py", "bob.py", "cat.py", "eve.py", "pipe.py"]
    assert rows["ann.py"].verdict == "correct" and rows["ann.py"].score == 1.0
    assert rows["bob.py"].bugs == ("generates-all-successors",) and 0 < rows["bob.py"].score < 1
    assert rows["bob.py"].first_divergence.startswith(
        ("fig52", "equal-cut", "deep-cut", "both-sides")
    )
    assert "SyntaxError" in (rows["cat.py"].error or "") and rows["cat.py"].score == 0
    assert "outside the folder" in (rows["eve.py"].error or "")
    assert rows["eve.py"].verdict == "not checked" and rows["pipe.py"].verdict == "not checked"
    # =HYPERLINK(1).py's class takes no depth=: a crash, named as one (issue 34)
    assert report.bugs == (("crash", 1), ("generates-all-successors", 1))
    assert rows["=HYPERLINK(1).py"].bugs == ("crash",)
    assert "6 submissions: 1 correct, 3 incorrect, 2 unreadable" in report.summary()


def test_jobs_two_gives_the_rows_one_job_gives(folder: Path, checker: Checker) -> None:
    one = grade_code(folder, protocol="cs188", checker=checker)
    two = grade_code(folder, protocol="cs188", checker=checker, jobs=2)
    assert [r.to_csv_row() for r in one.rows] == [r.to_csv_row() for r in two.rows]


def test_csv_cells_are_safe_and_the_file_is_written_once(
    folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "grades.csv"
    args = [
        "grade-code",
        str(folder),
        "--protocol",
        "cs188",
        "--entry",
        "AlphaBetaAgent",
        "-o",
        str(out),
    ]
    assert main([*args, "--jobs", "2"]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    hyper = next(r for r in rows if "HYPERLINK" in r["file"])
    assert hyper["file"] == "'=HYPERLINK(1).py" and hyper["score"] == "0.000"
    assert next(r for r in rows if r["file"] == "ann.py")["prune_on_equal"] == "false"
    assert main(args) == 2
    assert "exists" in capsys.readouterr().err
    assert main([*args, "--force"]) == 0


def test_the_csv_goes_to_stdout_and_the_summary_to_stderr(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["grade-code", str(folder), "--protocol", "cs188", "--entry", "AlphaBetaAgent"]
    assert main([*args, "--pattern", "a*.py"]) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[0].startswith("file,score,right,trees,verdict")
    assert len(captured.out.splitlines()) == 2 and "1 submission: 1 correct" in captured.err


def test_bad_usage_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--protocol", "cs188", "--entry", "AlphaBetaAgent"]
    assert main(["grade-code", str(tmp_path / "none"), *args]) == 2
    assert "not a directory" in capsys.readouterr().err
    assert main(["grade-code", str(tmp_path), *args, "--jobs", "0"]) == 2
    err = capsys.readouterr().err
    assert "--jobs must be at least 1" in err and err.count("\n") == 1
