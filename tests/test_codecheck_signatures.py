"""The bug catalogue's signatures cached on disk (issue 34): reused when the set-up is
the same, rebuilt when anything that changes them changes, never trusted out of shape."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gametree.homework.codecheck import Checker
from gametree.homework.codecheck import signatures as sig

CORPUS = Path(__file__).parent / "codecheck_corpus" / "cs188"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GAMETREE_CACHE_DIR", str(tmp_path))
    return tmp_path / "codecheck"


def files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*"))


def test_a_second_checker_reads_the_signatures_and_names_the_same_bugs(folder: Path) -> None:
    first = Checker("cs188", "AlphaBetaAgent")
    (cached,) = files(folder)
    assert first._computed is True  # it computed them
    second = Checker("cs188", "AlphaBetaAgent")
    assert second._computed is False  # every mutant came from the file
    assert [m.runs for m in second.mutants] == [m.runs for m in first.mutants]
    source = (CORPUS / "alphabeta_equal_root.py").read_bytes()
    a, b = first.check(source, "x.py"), second.check(source, "x.py")
    assert [x.code for x in b.bugs] == ["prunes-on-equal", "root-alpha-not-updated"]
    assert [x.trees for x in a.bugs] == [x.trees for x in b.bugs]
    assert files(folder) == [cached]


def test_anything_that_changes_the_signatures_changes_the_key(folder: Path) -> None:
    Checker("cs188", "AlphaBetaAgent")
    Checker("cs188", "AlphaBetaAgent", prune_on_equal=None)
    Checker("cs188", "AlphaBetaAgent", random=1)
    Checker("aima", "alpha_beta_search")
    assert len(files(folder)) == 4


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 2],  # cut short
        lambda text: "[]",
        lambda text: text.replace('"evaluations": [', '"evaluations": [7, ', 1),
        lambda text: text.replace('"calls": ', '"calls": "many", "x": ', 1),
        lambda text: json.dumps({**json.loads(text), "key": "someone else's"}),
    ],
)
def test_a_file_out_of_shape_is_ignored_and_rebuilt(folder: Path, damage: object) -> None:
    right = Checker("tree", "alphabeta", "alphabeta")
    (path,) = files(folder)
    path.write_text(damage(path.read_text()))  # type: ignore[operator]
    again = Checker("tree", "alphabeta", "alphabeta")
    assert again._computed is True
    assert [m.runs for m in again.mutants] == [m.runs for m in right.mutants]
    assert json.loads(path.read_text())["format"] == sig.FORMAT  # rewritten whole


def test_the_cache_can_be_turned_off_and_a_read_only_folder_costs_only_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GAMETREE_CACHE_DIR", "off")
    assert sig.cache_folder() is None
    Checker("tree", "alphabeta", "alphabeta")
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("GAMETREE_CACHE_DIR", str(blocked))
    assert Checker("tree", "alphabeta", "alphabeta").mutants
