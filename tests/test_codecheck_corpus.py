"""The check-code corpus (issue 34): CS188 files written in student style, each with
its verdict, bug codes and notes in ``tests/codecheck_corpus/cs188/manifest.json``.

Every false alarm and false pass the issue measured on real code has a file here: the
getNextState API, a root factor from another agent's getLegalActions, an end test
written ``not getLegalActions()``, shuffled root moves, every child searched twice
(correct); summed and mis-divided expectations, pruning on equality with no flag,
two and three bugs in one file, window-not-passed in CS188 code, a Python 2 idiom and
a crash (incorrect, each named).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gametree.homework.codecheck import Checker

CORPUS = Path(__file__).parent / "codecheck_corpus" / "cs188"
ROWS: list[dict[str, Any]] = json.loads((CORPUS / "manifest.json").read_text())["rows"]


@cache
def checker(entry: str, options: str) -> Checker:
    return Checker("cs188", entry, **json.loads(options))


def test_every_file_in_the_folder_is_in_the_manifest() -> None:
    assert {p.name for p in CORPUS.glob("*.py")} == {row["file"] for row in ROWS}


@pytest.mark.parametrize(
    "row", ROWS, ids=[f"{r['file']}-{r['entry']}-{len(r.get('options', {}))}" for r in ROWS]
)
def test_each_file_gets_its_verdict_codes_and_notes(row: dict[str, Any]) -> None:
    options = json.dumps(row.get("options", {}), sort_keys=True)
    source = (CORPUS / row["file"]).read_bytes()
    report = checker(row["entry"], options).check(source, row["file"])
    assert report.verdict == row["verdict"], report.to_text()
    assert [b.code for b in report.bugs] == row["codes"], report.to_text()
    for code, trees in row.get("trees", {}).items():
        named = next(b for b in report.bugs if b.code == code)
        assert set(trees) <= set(named.trees), (code, named.trees)
    for note in row.get("notes", ()):
        assert any(note in f for f in report.findings), (note, report.findings)
    if row["verdict"] == "correct" and not row.get("notes"):
        assert not report.findings, report.findings
    wrong = {t.name for t in report.trees if not t.ok}
    for bug in report.bugs:
        assert set(bug.trees) <= wrong


def test_a_crash_names_the_students_line() -> None:
    report = checker("MinimaxAgent", "{}").check(
        (CORPUS / "minimax_crash_typo.py").read_bytes(), "minimax_crash_typo.py"
    )
    (crash,) = report.bugs
    assert "AttributeError" in crash.variant and "getLegalAction(agentIndex)" in crash.variant
    assert "line 26, in minimax" in crash.variant  # by hand: the typo is on line 26


def test_the_rules_in_force_are_cs188s_and_said_so() -> None:
    report = checker("AlphaBetaAgent", "{}").check(
        (CORPUS / "correct_classic.py").read_bytes(), "multiAgents.py"
    )
    rules = report.to_dict()["rules"]
    assert rules["prune_on_equal"]["source"] == "course default (cs188)"
    assert "only on >" in rules["prune_on_equal"]["in_words"]
    overridden = checker("AlphaBetaAgent", json.dumps({"prune_on_equal": None}))
    again = overridden.check((CORPUS / "correct_classic.py").read_bytes(), "multiAgents.py")
    assert again.to_dict()["rules"]["prune_on_equal"]["source"] == "instructor"


def test_window_not_passed_is_named_in_aima_code_too() -> None:
    """aima-python style: the root's loop passes its best value down, the inner functions
    give every child (-inf, inf); it was named one-sided-pruning before issue 34."""
    from codecheck_students import AIMA

    source = AIMA.replace(
        "v = max(v, min_value(game.result(s, a), alpha, beta))",
        "v = max(v, min_value(game.result(s, a), -math.inf, math.inf))",
        1,
    ).replace(
        "v = min(v, max_value(game.result(s, a), alpha, beta))",
        "v = min(v, max_value(game.result(s, a), -math.inf, math.inf))",
        1,
    )
    assert source.count("-math.inf, math.inf))") >= 2
    report = Checker("aima", "alpha_beta_search").check(source.encode(), "games.py")
    assert [b.code for b in report.bugs] == ["window-not-passed"]
    assert "(-inf, inf)" in report.bugs[0].variant
