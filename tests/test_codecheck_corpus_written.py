"""The written corpus (``tests/codecheck_corpus/written/``): each file's verdict, bug codes
and the trees its contract leaves out, as its manifest entry says, checked with the
command line an instructor would type."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gametree.cli import main

CORPUS = Path(__file__).parent / "codecheck_corpus" / "written"
ENTRIES = json.loads((CORPUS / "MANIFEST.json").read_text())["files"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_each_file_gets_its_verdict_and_codes(
    entry: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(["check-code", str(CORPUS / entry["file"]), *entry["argv"], "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["verdict"] == entry["verdict"], entry["why"]
    assert status == (0 if entry["verdict"] == "correct" else 1)
    assert [b["code"] for b in report["bugs"]] == entry["codes"], entry["why"]
    checked = {t["name"] for t in report["trees"]}
    for name in entry.get("left_out", ()):
        assert name not in checked
        assert any(f.startswith("not checked on") and name in f for f in report["findings"])


def test_every_corpus_file_is_in_the_manifest() -> None:
    files = {p.name for p in CORPUS.glob("*.py")}
    assert files == {e["file"] for e in ENTRIES}


def test_code_that_reads_the_player_gets_two_min_levels_in_a_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Only the flag or colour makes a contract of alternation: code that asks each node
    who moves is checked on two-ghosts too, and fails there if it assumes alternation."""
    reads = tmp_path / "reads.py"
    reads.write_text(
        "def minimax(node):\n"
        "    if not node.children:\n"
        "        return node.value\n"
        "    values = [minimax(c) for c in node.children]\n"
        "    return max(values) if node.player == 'MAX' else min(values)\n"
    )
    argv = ["--protocol", "tree", "--entry", "minimax", "--algorithm", "minimax", "--json"]
    assert main(["check-code", str(reads), *argv]) == 0
    report = json.loads(capsys.readouterr().out)
    assert "two-ghosts" in {t["name"] for t in report["trees"]}
    # the same alternation written by depth parity, with no flag: checked there, and wrong
    parity = tmp_path / "parity.py"
    parity.write_text(
        "def minimax(node, level=0):\n"
        "    if not node.children:\n"
        "        return node.value\n"
        "    values = [minimax(c, level + 1) for c in node.children]\n"
        "    return max(values) if level % 2 == 0 else min(values)\n"
    )
    assert main(["check-code", str(parity), *argv]) == 1
    report = json.loads(capsys.readouterr().out)
    wrong = {t["name"] for t in report["trees"] if t["verdict"] != "correct"}
    assert wrong == {"two-ghosts", "min-root"}  # it takes the root for MAX, too


def test_a_typo_is_reported_as_the_crash_it_is(capsys: pytest.CaptureFixture[str]) -> None:
    """node.childrens fails at the first MIN node it reaches: every tree with one is
    wrong with the AttributeError and the student's line, and no behaviour is named
    (a depth bug's mutant crashes too, at the depth limit: that is no match)."""
    path = CORPUS / "tree_typo_childrens.py"
    argv = ["--protocol", "tree", "--entry", "alphabeta", "--algorithm", "alphabeta", "--json"]
    assert main(["check-code", str(path), *argv]) == 1
    report = json.loads(capsys.readouterr().out)
    assert [b["code"] for b in report["bugs"]] == ["crash"]  # a crash, never a behaviour
    assert "'TreeNode' object has no attribute 'childrens'" in report["bugs"][0]["variant"]
    crashed = [t for t in report["trees"] if t["error"] is not None]
    assert crashed and all(t["verdict"] == "incorrect" for t in crashed)
    for t in crashed:
        assert t["error"]["type"] == "AttributeError" and "childrens" in t["error"]["message"]
        assert t["error"]["traceback"][-1].endswith("for child in node.childrens:")
