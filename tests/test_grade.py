"""Tests for gametree.homework.grade and ``gametree grade``."""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
        ("\tx", "\\tx"),
        ("\rx", "\\rx"),
        ("=a\rb", "'=a\\rb"),
        ("a\r=cmd|' /C calc'!A0", "a\\r=cmd|' /C calc'!A0"),
        ("\x1b[31mred", "\\x1b[31mred"),
        ("a\u2028b\x85c", "a\\u2028b\\x85c"),
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


# ------------------------------------------------- CSV cells: one row per entry, no formula

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
CONTROL = [chr(c) for c in (*range(32), *range(0x7F, 0xA0))] + ["\u2028", "\u2029", "\u202e"]


def spreadsheet_rows(text: str) -> list[list[str]]:
    """Split CSV text as a spreadsheet does: a row ends at any CR, LF or CRLF outside
    quotes; a quoted cell runs to its closing quote (``""`` is a quote)."""
    rows: list[list[str]] = [[]]
    cell: list[str] = []
    i, quoted = 0, False
    while i < len(text):
        ch = text[i]
        if quoted:
            if ch == '"' and text[i + 1 : i + 2] == '"':
                cell.append('"')
                i += 1
            elif ch == '"':
                quoted = False
            else:
                cell.append(ch)
        elif ch == '"' and not cell:
            quoted = True
        elif ch == ",":
            rows[-1].append("".join(cell))
            cell = []
        elif ch in "\r\n":
            rows[-1].append("".join(cell))
            cell = []
            if ch == "\r" and text[i + 1 : i + 2] == "\n":
                i += 1
            rows.append([])
        else:
            cell.append(ch)
        i += 1
    if cell or rows[-1]:
        rows[-1].append("".join(cell))
    return [r for r in rows if r]


HOSTILE_NAMES = [
    "a\r=cmd|' -C calc'!A0.txt",
    "b\n=HYPERLINK(1).txt",
    "=1+1.txt",
    "+2.txt",
    "-3.txt",
    "@SUM(A1).txt",
    "\tt.txt",
    "\x1b[2J\x1b[31mred.txt",
    "\u202eevil.txt",
]
HOSTILE_CONTENTS = [
    "value = 3\nC\r=2+2 = 2\n",
    "value = \x1b]0;pwned\x07\nmove = B\n",
    "value = 3\n=cmd = 1\n",
    "\r=SUM(1)\n",
]


def _hostile_class(tmp_path: Path) -> Path:
    d = tmp_path / "subs"
    d.mkdir()
    for name in HOSTILE_NAMES:
        (d / name).write_text(RIGHT)
    for k, content in enumerate(HOSTILE_CONTENTS):
        (d / f"content{k}.txt").write_text(content)
    return d


def test_csv_reads_back_one_row_per_entry_with_csv_and_a_spreadsheet(tmp_path: Path) -> None:
    d = _hostile_class(tmp_path)
    out = tmp_path / "g.csv"
    report = grade(gametree.from_nested(AIMA), d, output=out)
    entries = sorted(p.name for p in d.iterdir())
    assert len(report.rows) == len(entries) == len(HOSTILE_NAMES) + len(HOSTILE_CONTENTS)
    data = out.read_bytes().decode("utf-8")
    with out.open(newline="") as f:
        by_csv = list(csv.reader(f))
    by_sheet = spreadsheet_rows(data)
    for table in (by_csv, by_sheet):
        assert len(table) == 1 + len(entries)  # one row per entry, the header first
        assert all(len(row) == 7 for row in table)
        for row in table[1:]:
            for column, cell in zip(table[0], row, strict=True):
                assert not any(c in cell for c in CONTROL), (column, cell)
                if column in ("score", "right", "asked"):
                    assert cell.replace(".", "").isdigit(), cell  # numbers stay numbers
                else:
                    assert not cell.startswith(FORMULA_START), (column, cell)
    # The names are there, escaped: a reader can tell which file each row is.
    files = [row[0] for row in by_csv[1:]]
    assert "a\\r=cmd|' -C calc'!A0.txt" in files and "'=1+1.txt" in files
    assert "\\x1b[2J\\x1b[31mred.txt" in files and "\\u202eevil.txt" in files


def test_terminal_escapes_from_answers_are_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = _hostile_class(tmp_path)
    tree = tmp_path / "fig52.tree"
    tree.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n")
    assert main(["grade", str(tree), str(d), "-o", str(tmp_path / "g.csv")]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out and "\x07" not in out
    for k, content in enumerate(HOSTILE_CONTENTS):
        path = d / f"content{k}.txt"
        status = main(["check", str(tree), str(path)])
        captured = capsys.readouterr()
        assert status in (1, 2)
        for stream in (captured.out, captured.err):
            assert not any(c in stream for c in CONTROL if c not in "\n"), (content, stream)
    assert main(["check", str(tree), str(d / "content1.txt")]) == 1
    assert "\\x1b]0;pwned\\x07" in capsys.readouterr().out  # shown, escaped


# ------------------------------------------- reading beneath the folder, race-free


def _swap_at_stat(
    monkeypatch: pytest.MonkeyPatch, name: str, swap: Callable[[], None]
) -> list[str]:
    """Run ``swap`` right after grading looks at ``name`` (``lstat``) and before it opens
    it: the moment a racing attacker would pick. Return the names looked at."""
    real_stat = os.stat
    seen: list[str] = []

    def racing_stat(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        result = real_stat(path, *args, **kwargs)
        seen.append(str(path))
        if str(path) == name and kwargs.get("dir_fd") is not None and len(seen) < 1_000:
            seen.extend(["swapped"] * 1_000)  # once
            swap()
        return result

    monkeypatch.setattr(os, "stat", racing_stat)
    return seen


def _racy_class(tmp_path: Path) -> tuple[Path, Path]:
    d = tmp_path / "subs"
    (d / ".inner").mkdir(parents=True)  # (hidden: not graded as an entry itself)
    (d / ".inner" / "real.txt").write_text(RIGHT)
    (d / "via.txt").symlink_to(".inner/real.txt")  # a link inside the folder: followed
    (d / "ann.txt").write_text(RIGHT)
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "real.txt").write_text("value = =SECRET_OUTSIDE\n")
    return d, secret


def test_a_link_inside_the_folder_is_followed_beneath_it(tmp_path: Path) -> None:
    d, _ = _racy_class(tmp_path)
    rows = {r.file: r for r in grade(gametree.from_nested(AIMA), d).rows}
    assert rows["via.txt"].score == 1.0 and rows["via.txt"].error is None
    assert list(rows) == ["ann.txt", "via.txt"]


def test_an_intermediate_folder_swapped_for_a_link_is_never_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    d, secret = _racy_class(tmp_path)

    def swap() -> None:  # .inner/ becomes a link to the secret folder
        (d / ".inner").rename(tmp_path / "inner.old")
        (d / ".inner").symlink_to(secret)

    seen = _swap_at_stat(monkeypatch, ".inner", swap)
    report = grade(gametree.from_nested(AIMA), d)
    assert "swapped" in seen  # the swap happened between the look and the open
    rows = {r.file: r for r in report.rows}
    assert rows["via.txt"].score == 0.0 and rows["via.txt"].error is not None
    assert "link" in rows["via.txt"].error
    assert rows["ann.txt"].score == 1.0
    assert "SECRET_OUTSIDE" not in report.to_csv()


def test_a_file_swapped_for_a_link_is_never_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    d, secret = _racy_class(tmp_path)

    def swap() -> None:  # ann.txt becomes a link to the secret answers
        (d / "ann.txt").unlink()
        (d / "ann.txt").symlink_to(secret / "real.txt")

    _swap_at_stat(monkeypatch, "ann.txt", swap)
    report = grade(gametree.from_nested(AIMA), d)
    row = {r.file: r for r in report.rows}["ann.txt"]
    assert row.error is not None and "link" in row.error
    assert "SECRET_OUTSIDE" not in report.to_csv()


@pytest.mark.parametrize(
    ("target", "words"),
    [
        ("../secret/real.txt", "outside the folder"),
        (".inner/../../secret/real.txt", "outside the folder"),
        (".inner/../.inner/real.txt", None),
        ("./.inner/./real.txt", None),
        ("loop_a", "loop"),
        (".inner/missing.txt", "missing file"),
        (".inner", "folder"),
        ("ann.txt/x", "where a folder should be"),
        (".", "folder itself"),
    ],
)
def test_links_are_walked_beneath_the_folder(
    tmp_path: Path, target: str, words: str | None
) -> None:
    from gametree.homework.grade import folder_roots, open_folder, read_beneath

    d, _ = _racy_class(tmp_path)
    (d / "loop_a").symlink_to("loop_b")
    (d / "loop_b").symlink_to("loop_a")
    (d / "link.txt").symlink_to(target)
    folder = open_folder(d)
    try:
        if words is None:
            assert read_beneath(folder, "link.txt", roots=folder_roots(d)) == RIGHT.encode()
        else:
            with pytest.raises(gametree.InputError, match=words):
                read_beneath(folder, "link.txt", roots=folder_roots(d))
    finally:
        os.close(folder)


def test_the_folder_functions_are_public() -> None:
    import importlib

    module = importlib.import_module("gametree.homework.grade")

    for name in ("folder_entries", "open_beneath", "read_beneath", "open_folder", "csv_safe"):
        assert name in module.__all__ and callable(getattr(module, name))
