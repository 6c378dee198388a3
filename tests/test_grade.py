"""Tests for gametree.homework.grade and ``gametree grade``."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

import gametree
from gametree import grade
from gametree.cli import main

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]

SUBMISSIONS = {
    # Right in three forms.
    "ann.txt": "value = 3\nmove = B\npruned = I J\n",
    "ben.toml": 'value = 3\nmove = "B"\npruned = ["C-I", "C-J"]\n',
    "cat.json": '{"value": 3, "move": "B", "pruned": ["#5", "#6"]}',
    # J missing (the most common slip), and the strict-cut answer.
    "dan.txt": "value = 3\nmove = B\npruned = I\n",
    "eve.txt": "value = 3\nmove = B\npruned = I\n",
    # Wrong move and an extra cut.
    "fay.txt": "value = 3\nmove = D\npruned = I J K\n",
    # Broken: not UTF-8; an unknown node and a bad number still give a row.
    "gus.txt": b"\xff\xfe\x00\x01",
    "hal.txt": "value = three\nmove = Q\n",
}


def write_class(tmp_path: Path) -> Path:
    d = tmp_path / "subs"
    d.mkdir()
    for name, content in SUBMISSIONS.items():
        path = d / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
    (d / ".hidden").write_text("value = 1")
    return d


def test_grade_rows_and_mistakes(tmp_path: Path) -> None:
    d = write_class(tmp_path)
    report = grade(gametree.from_nested(AIMA), d, output=tmp_path / "grades.csv")
    rows = {r.file: r for r in report.rows}
    assert list(rows) == sorted(SUBMISSIONS)  # one row per file, hidden skipped
    for name in ("ann.txt", "ben.toml", "cat.json"):
        assert (rows[name].right, rows[name].asked) == (4, 4), name
    # dan: value, move, I right; J missing -> 3/4.
    assert (rows["dan.txt"].right, rows["dan.txt"].asked) == (3, 4)
    assert rows["dan.txt"].wrong == ("pruned J (#6): missing",)
    # fay: value, I, J right; move wrong, K extra -> 3/5.
    assert (rows["fay.txt"].right, rows["fay.txt"].asked) == (3, 5)
    assert rows["gus.txt"].error is not None and "UTF-8" in rows["gus.txt"].error
    assert rows["hal.txt"].error is None and rows["hal.txt"].right == 0
    assert report.mistakes[0] == ("pruned J (#6): missing", 2)
    with (tmp_path / "grades.csv").open() as f:
        table = list(csv.DictReader(f))
    assert [r["file"] for r in table] == sorted(SUBMISSIONS)
    assert table[0]["score"] == "1.000" and table[0]["error"] == ""
    summary = report.summary()
    assert "8 submissions: 3 all right, 4 with mistakes, 1 unreadable" in summary
    assert "2 x pruned J (#6): missing" in summary


def test_grade_names_the_convention(tmp_path: Path) -> None:
    # (A (B 3 5) (C 3 9)): G pruned only when cutting on equality (see test_check).
    G = gametree.from_nested([[3, 5], [3, 9]])
    d = tmp_path / "s"
    d.mkdir()
    (d / "a.txt").write_text("pruned =\n")
    (d / "b.txt").write_text("pruned = G\n")
    report = grade(G, d)
    notes = dict(report.conventions)
    assert (
        notes["this is what you get if you do not prune on equality (cut only when alpha > beta)"]
        == 1
    )


def test_grade_missing_directory(tmp_path: Path) -> None:
    with pytest.raises(NotADirectoryError):
        grade(gametree.from_nested(AIMA), tmp_path / "nope")


def test_grade_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = write_class(tmp_path)
    tree = tmp_path / "fig52.tree"
    tree.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n")
    out = tmp_path / "g.csv"
    assert main(["grade", str(tree), str(d), "-o", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "most common mistakes" in printed and out.exists()
    assert main(["grade", str(tree), str(d)]) == 0
    captured = capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(captured.out)))
    assert len(rows) == len(SUBMISSIONS)
    assert "mean score" in captured.err
    assert main(["grade", str(tree), str(tmp_path / "nope")]) == 2
