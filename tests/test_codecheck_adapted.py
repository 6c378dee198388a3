"""The ``adapter`` protocol: an instructor's file presents trees as a course's classes."""

from __future__ import annotations

from pathlib import Path

import pytest

from gametree.cli import main
from gametree.exceptions import SearchError
from gametree.homework.codecheck import Checker

# A course whose nodes are dicts: {"kids": [...], "score": n, "max": bool}
DICT_ADAPTER = """
NOTE = "nodes are dicts"

class Kids(list):
    pass

def as_dict(node):
    kids = node.children
    out = {"max": node.player == "MAX"}
    if kids:
        out["kids"] = Kids(as_dict(k) for k in kids)
    else:
        out["score"] = node.value
    return out

def call(entry, root, tree, module):
    return entry(as_dict(root))

def presentable(tree, entry_name):
    if tree.depth is not None:
        return "dict nodes have no depth limit"
    return None
"""

RIGHT = """
def value(d):
    if "kids" not in d:
        return d["score"]
    values = [value(k) for k in d["kids"]]
    return max(values) if d["max"] else min(values)
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_an_adapter_presents_trees_eagerly_built(tmp_path: Path) -> None:
    adapter = _write(tmp_path, "dicts.py", DICT_ADAPTER)
    checker = Checker("adapter", "value", "minimax", adapter=adapter)
    report = checker.check(RIGHT.encode(), "value.py")
    # the adapter reads every node while building the dicts, before the code runs: the
    # reads are the adapter's, in the tree's order, so plain minimax is right
    assert report.verdict == "correct"
    assert "presented through the adapter dicts.py: nodes are dicts" in report.findings
    assert any(f.startswith("not checked on horizon: dict nodes") for f in report.findings)
    assert "horizon" not in {t.name for t in report.trees}


def test_wrong_code_through_an_adapter_is_wrong(tmp_path: Path) -> None:
    adapter = _write(tmp_path, "dicts.py", DICT_ADAPTER)
    wrong = RIGHT.replace('max(values) if d["max"] else min(values)', "max(values)")
    report = Checker("adapter", "value", "minimax", adapter=adapter).check(wrong.encode(), "v.py")
    fig = next(t for t in report.trees if t.name == "fig52")
    assert not fig.ok and fig.returned_value == 14  # max of all: 14 (d1), not 3
    assert report.bugs == ()  # the catalogue's mutants speak the built-in protocols


def test_an_adapter_without_call_is_its_own_error(tmp_path: Path) -> None:
    adapter = _write(tmp_path, "broken.py", "def presentable(tree, entry_name):\n    return None\n")
    # The grader loads the adapter to ask which trees it presents: an instructor's broken
    # adapter is refused before any student's code runs, not charged to every student.
    with pytest.raises(SearchError, match="defines no call"):
        Checker("adapter", "value", "minimax", adapter=adapter)
    failing = _write(tmp_path, "failing.py", DICT_ADAPTER.replace("if tree.depth", "if tree.nope"))
    with pytest.raises(SearchError, match="failed in presentable"):
        Checker("adapter", "value", "minimax", adapter=failing)


def test_bad_adapter_files_are_refused(tmp_path: Path) -> None:
    bad = _write(tmp_path, "bad.py", "def call(:\n")
    with pytest.raises(SearchError, match="not a Python file"):
        Checker("adapter", "value", "minimax", adapter=bad)
    with pytest.raises(SearchError, match="needs the adapter file"):
        Checker("adapter", "value", "minimax")
    with pytest.raises(SearchError, match="with the adapter protocol"):
        Checker("tree", "value", "minimax", adapter=_write(tmp_path, "a.py", DICT_ADAPTER))


def test_cli_needs_a_protocol_or_an_adapter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = _write(tmp_path, "value.py", RIGHT)
    assert main(["check-code", str(code), "--entry", "value", "--algorithm", "minimax"]) == 2
    assert "--protocol aima|cs188|mutable|tree, or --adapter FILE" in capsys.readouterr().err
    adapter = _write(tmp_path, "dicts.py", DICT_ADAPTER)
    argv = ["check-code", str(code), "--adapter", str(adapter), "--entry", "value", "-a", "minimax"]
    assert main(argv) == 0
    assert "presented through the adapter dicts.py" in capsys.readouterr().out


def test_an_adapter_that_fails_to_load_says_so(tmp_path: Path) -> None:
    adapter = _write(
        tmp_path, "needs.py", "import no_such_module\n\ndef call(e, r, t, m):\n    pass\n"
    )
    with pytest.raises(SearchError, match=r"the adapter needs\.py failed to load: ModuleNotFound"):
        Checker("adapter", "value", "minimax", adapter=adapter)


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--adapter", "missing.py"], "missing.py"),
        (["--protocol", "tree", "--iterative"], "mutable protocol"),
    ],
)
def test_cli_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], says: str
) -> None:
    code = _write(tmp_path, "value.py", RIGHT)
    argv = ["check-code", str(code), "--entry", "value", "-a", "minimax", *extra]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
