"""Tests for gametree.homework.grade and ``gametree grade``."""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest

import gametree
from gametree import grade
from gametree.cli import main
from gametree.homework.grade import csv_safe

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


# ---------------------------------------------------------------------------- hostile folders

RIGHT = "value = 3\nmove = B\npruned = I J\n"


def _make_entry(d: Path, outside: Path, kind: str) -> str:
    """Create one hostile entry named after ``kind`` in ``d``; return its name."""
    name = f"{kind}.txt"
    path = d / name
    if kind == "dangling":
        path.symlink_to(d / "missing.txt")
    elif kind == "loop":
        path.symlink_to(d / "loop2.txt")
        (d / "loop2.txt").symlink_to(path)
    elif kind == "outside":
        path.symlink_to(outside)
    elif kind == "outside_dir":
        path.symlink_to(outside.parent)
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
        (path / "inner.txt").write_text(RIGHT)
    elif kind == "unreadable":
        path.write_text(RIGHT)
        path.chmod(0)
    elif kind == "too_large":
        path.write_text(RIGHT + "#" * 20_000)
    elif kind == "empty":
        path.write_text("")
    elif kind == "comments":
        path.write_text("# nothing here\n\n")
    elif kind == "digits400":
        path.write_text("value = 1" + "0" * 400 + "\n")
    elif kind == "digits5000":
        path.write_text("value = 1" + "0" * 5000 + "\n")
    elif kind == "fraction400":
        path.write_text("value = 1" + "0" * 400 + "/1\n")
    elif kind == "nested":
        path.write_text("pruned = " + "[" * 5000 + "\n")
    elif kind == "inside_link":
        (d / "real.txt").write_text(RIGHT)
        path.symlink_to(d / "real.txt")
    else:  # pragma: no cover
        raise AssertionError(kind)
    return name


# kind -> (words the error must contain, or None for a graded row; expected score)
HOSTILE = {
    "dangling": ("missing file", 0.0),
    "loop": ("loop", 0.0),
    "outside": ("outside the folder", 0.0),
    "outside_dir": ("outside the folder", 0.0),
    "fifo": ("FIFO", 0.0),
    "folder": ("folder", 0.0),
    "unreadable": ("Permission denied", 0.0),
    "too_large": ("input limit", 0.0),
    "empty": ("no answers", 0.0),
    "comments": ("no answers", 0.0),
    "digits400": (None, 0.0),
    "digits5000": (None, 0.0),
    "fraction400": (None, 0.0),
    "nested": (None, 0.0),
    "inside_link": (None, 1.0),
}


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_grade_hostile_entry_gets_one_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    if kind == "unreadable" and os.geteuid() == 0:
        pytest.skip("root reads files without read permission")
    monkeypatch.setenv("GAMETREE_MAX_INPUT_BYTES", "10000")
    d = tmp_path / "subs"
    d.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("value = =SECRET_OUTSIDE\n")
    (d / "ann.txt").write_text(RIGHT)
    (d / "zed.txt").write_text(RIGHT)
    name = _make_entry(d, secret, kind)
    report = grade(gametree.from_nested(AIMA), d)
    entries = sorted(p.name for p in d.iterdir())
    assert [r.file for r in report.rows] == entries  # exactly one row per entry
    rows = {r.file: r for r in report.rows}
    assert rows["ann.txt"].score == rows["zed.txt"].score == 1.0  # the class still graded
    words, score = HOSTILE[kind]
    row = rows[name]
    assert row.score == score
    if words is None:
        assert row.error is None and row.asked >= 1
        if score == 0.0:
            assert row.wrong  # the finding names what is wrong
    else:
        assert row.error is not None and words in row.error, row.error
    assert "SECRET_OUTSIDE" not in report.to_csv()


def test_grade_hostile_class_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hostile entry in one folder: the run completes and the CSV has every row."""
    monkeypatch.setenv("GAMETREE_MAX_INPUT_BYTES", "10000")
    d = tmp_path / "subs"
    d.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("value = 3\n")
    for kind in HOSTILE:
        _make_entry(d, secret, kind)
    out = tmp_path / "g.csv"
    report = grade(gametree.from_nested(AIMA), d, output=out)
    with out.open() as f:
        table = list(csv.DictReader(f))
    assert [r["file"] for r in table] == sorted(p.name for p in d.iterdir())
    assert len(report.rows) == len(table)


def test_grade_cli_with_huge_numbers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = tmp_path / "subs"
    d.mkdir()
    (d / "ann.txt").write_text(RIGHT)
    (d / "big.txt").write_text("value = 1" + "0" * 400 + "\n")
    (d / "huge.json").write_text('{"value": 1' + "0" * 5000 + "}")
    tree = tmp_path / "fig52.tree"
    tree.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n")
    assert main(["grade", str(tree), str(d)]) == 0
    captured = capsys.readouterr()
    rows = {r["file"]: r for r in csv.DictReader(io.StringIO(captured.out))}
    assert list(rows) == ["ann.txt", "big.txt", "huge.json"]
    assert rows["ann.txt"]["score"] == "1.000"
    for name in ("big.txt", "huge.json"):
        assert rows[name]["score"] == "0.000"
        assert rows[name]["wrong"] == "value: malformed" and rows[name]["error"] == ""
    report = grade(gametree.load(tree), d)
    assert all("beyond the range" in f.explanation for f in report.rows[1].report.wrong)
    assert "Traceback" not in captured.err


@pytest.mark.parametrize(
    ("cell", "safe"),
    [
        ("=1+1", "'=1+1"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("ann.txt", "ann.txt"),
        ("", ""),
        ("a=1", "a=1"),
    ],
)
def test_csv_safe(cell: str, safe: str) -> None:
    assert csv_safe(cell) == safe


def test_grade_csv_neutralises_formulas(tmp_path: Path) -> None:
    d = tmp_path / "subs"
    d.mkdir()
    (d / "=HYPERLINK(1).txt").write_text("value = 3\n")
    (d / "-2+3.txt").write_text("move = @evil\n")
    (d / "+x.txt").write_text("")
    text = grade(gametree.from_nested(AIMA), d).to_csv()
    rows = list(csv.DictReader(io.StringIO(text)))
    for row in rows:
        for column, cell in row.items():
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), (column, cell)
        float(row["score"])  # numeric cells stay numeric
        int(row["right"]), int(row["asked"])
    assert {r["file"] for r in rows} == {"'=HYPERLINK(1).txt", "'-2+3.txt", "'+x.txt"}
