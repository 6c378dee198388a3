"""Malformed answer items: each is an unreadable answer to that item, never a crash.

Every item the checker reads goes through
:func:`gametree.homework.answeritems.shape_problem` first (issue 33: ``pv = []`` on a tree
with moves raised IndexError, so ``check`` printed a traceback, ``grade`` wrote no CSV
for the class and the Gradescope autograder gave 0 for a right value). The classes of
input below are the ones ``tests/fuzz/fuzz_answers.py`` found; the property tests feed
answer documents of any shape to ``check``, item-by-item grading and ``grade``.
"""

from __future__ import annotations

import html
import itertools
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from gradescope_harness import fake_wheel, submit, validate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import answer_documents

import gametree
from gametree import AnswerKey, parse_answers
from gametree.cli import main
from gametree.homework.answeritems import AnswerItem, Answers, shape_problem
from gametree.homework.findings import Verdict
from gametree.platforms.gradescope import CONFIG_NAME, grade_hand, write_autograder
from gametree.platforms.items import ASK_CHOICES, grade_items

# AIMA Figure 5.2 as ``gametree expand aima`` writes it: ids "0".."12", labels A..M and
# moves a1..d3 on the edges. Value 3; alpha-beta prunes c2 and c3.
MOVES_TREE = (
    '("0" {label="A"} a1:("1" {label="B"} b1:("4"=3 MIN) b2:("5"=12 MIN) b3:("6"=8 MIN))'
    ' a2:("2" {label="C"} c1:("7"=2 MIN) c2:("8"=4 MIN) c3:("9"=6 MIN))'
    ' a3:("3" {label="D"} d1:("10"=14 MIN) d2:("11"=5 MIN) d3:("12"=2 MIN)))'
)
MOVES = gametree.parse(MOVES_TREE)
KEY = AnswerKey(MOVES)

# Each answer set: the root's value, right, and one malformed item.
MALFORMED: list[tuple[str, Any]] = [
    ("pv = []", "value = 3\npv = []"),
    ("pv = '' (TOML)", 'value = 3\npv = ""'),
    ("pv = [] (JSON)", '{"value": 3, "pv": []}'),
    ("pv = '' (JSON)", '{"value": 3, "pv": ""}'),
    ("pv of null", '{"value": 3, "pv": [null]}'),
    ("pv of true", '{"value": 3, "pv": [true, "a1"]}'),
    ("blank move (TOML)", 'value = 3\nmove = "  "'),
    ("move as a list", '{"value": 3, "move": ["a1"]}'),
    ("move as an object", '{"value": 3, "move": {"a1": 1}}'),
    ("an edge in order", '{"value": 3, "order": [["1", "4"]]}'),
    ("an edge of three", '{"value": 3, "pruned": [["2", "8", "9"]]}'),
    ("nested lists", '{"value": 3, "pruned": [[["2"]], "8"]}'),
    ("pruned as an object", '{"value": 3, "pruned": {"c2": true}}'),
    ("a window of one", '{"value": 3, "window": {"C": [1]}}'),
    ("a value as a list", '{"value": 3, "values": {"C": [1, 2]}}'),
    ("alpha as an object", '{"value": 3, "alpha": {"C": {"x": 1}}}'),
    ("a huge number", {"value": 3, "move": 10**5000}),
    ("a huge number in a pv", {"value": 3, "pv": ["a1", -(10**5000)]}),
]


@pytest.mark.parametrize(("what", "answers"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_a_malformed_item_is_unreadable_and_the_rest_is_graded(what: str, answers: Any) -> None:
    report = KEY.check(parse_answers(answers))
    verdicts = {f.item: f.verdict for f in report.findings}
    assert verdicts.pop("value") is Verdict.CORRECT
    assert list(verdicts.values()) == [Verdict.MALFORMED], report.findings
    str(report), report.format("json"), report.to_markdown()  # every form prints


def test_items_made_by_hand_are_read_for_shape_too() -> None:
    items = (
        AnswerItem("value", 3),
        AnswerItem("pv", ()),
        AnswerItem("value", ["3"]),
        AnswerItem("move", None),
        AnswerItem("alpha", "3"),  # no node
        AnswerItem("window", ("1",), node="2"),
        AnswerItem("order", (("1", "4"),)),
        AnswerItem("pruned", ("8", ["9"], {"x": 1})),  # a list and a dict among names
        AnswerItem("guess", "x"),  # type: ignore[arg-type]
    )
    findings = KEY.check(Answers(items)).findings
    assert [f.verdict for f in findings] == [Verdict.CORRECT] + [Verdict.MALFORMED] * 8


def test_shape_problems_say_what_is_wrong() -> None:
    assert shape_problem(AnswerItem("pv", (), key="pv")) == (
        "'pv' is empty: write the principal variation, the nodes (or moves) from the root"
    )
    assert shape_problem(AnswerItem("move", "", key="move")) == (
        "'move' is empty: name the root's best move (a child or its move)"
    )
    assert shape_problem(AnswerItem("order", (("C", "I"),), key="order")) == (
        "'order': ('C', 'I') is an edge; order lists single names"
    )
    assert shape_problem(AnswerItem("value", 10**5000, key="value")) == (
        "'value': a number of about 5,000 digits is beyond the range of numbers gametree compares"
    )
    assert shape_problem(AnswerItem("node_value", None, node="C", key="C")) == (
        "'C': None is not a name or a number"
    )
    for fine in (
        AnswerItem("pruned", ()),
        AnswerItem("pruned", (("C", "I"), "J", 5)),
        AnswerItem("window", ("-inf", 3), node="C"),
        AnswerItem("node_value", "", node="C"),  # read as "no value", as before
    ):
        assert shape_problem(fine) is None, fine


def test_a_pv_leaving_the_tree_is_wrong_not_a_crash() -> None:
    # Moves that repeat below different parents: a PV read loosely may name a node
    # that is not a child; the moves of such a path are written as the nodes.
    nim = gametree.parse("(A x:(B y:(D 1 2) x:(E 3 -1)) y:(C x:(F 0 5) B:(G 2 2)))")
    finding = gametree.check(nim, "pv = B B x").findings[0]
    assert finding.verdict is Verdict.WRONG
    assert finding.given.split()[:2] == ["x", "B"]


def test_an_edge_with_a_number_end_reads() -> None:
    finding = gametree.check(MOVES, Answers((AnswerItem("pruned", (("2", 8),)),))).findings
    assert [f.verdict for f in finding] == [Verdict.CORRECT, Verdict.MISSING]


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("a.txt", "value = 3\npv = []"),
        ("a.json", '{"value": 3, "pv": []}'),
        ("a.toml", 'value = 3\npv = ""'),
        ("only.txt", "pv = []"),  # the one item given is malformed: still an answer
        ("only.json", '{"pv": []}'),
    ],
)
def test_check_exits_1_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, text: str
) -> None:
    tree = tmp_path / "aima.tree"
    tree.write_text(MOVES_TREE, encoding="utf-8")
    (tmp_path / name).write_text(text, encoding="utf-8")
    assert main(["check", str(tree), str(tmp_path / name)]) == 1
    out, err = capsys.readouterr()
    assert "'pv' is empty" in out
    assert err == ""


def test_check_exits_2_when_nothing_is_an_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "aima.tree"
    tree.write_text(MOVES_TREE, encoding="utf-8")
    for text in ("hello world", '{"value": 3', ""):
        (tmp_path / "a.txt").write_text(text, encoding="utf-8")
        assert main(["check", str(tree), str(tmp_path / "a.txt")]) == 2
        assert capsys.readouterr().err.count("\n") == 1


def test_grade_writes_a_row_per_file(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    (folder / "ann.json").write_text('{"value": 3, "pv": []}', encoding="utf-8")
    (folder / "bob.txt").write_text("value = 3\npv = a1 b1\n", encoding="utf-8")
    (folder / "cat.toml").write_text(
        'value = 3\nmove = ""\npruned = ["c2", "c3"]', encoding="utf-8"
    )
    (folder / "dan.json").write_text('{"pv": [[1, 2]], "move": [], "value": [3]}', encoding="utf-8")
    report = gametree.grade(MOVES, folder, output=tmp_path / "grades.csv")
    rows = {r.file: (r.right, r.asked, r.error) for r in report.rows}
    assert rows == {
        "ann.json": (1, 2, None),
        "bob.txt": (2, 2, None),
        "cat.toml": (3, 4, None),
        "dan.json": (0, 3, None),
    }
    assert len((tmp_path / "grades.csv").read_text(encoding="utf-8").splitlines()) == 5


def test_a_checker_failure_costs_one_row_not_the_class(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("ann.txt", "bug.txt", "cat.txt"):
        (folder / name).write_text("value = 3\n", encoding="utf-8")
    real = AnswerKey.check

    def check(self: AnswerKey, answers: Any) -> Any:
        if answers.source == "bug.txt":
            raise IndexError("tuple index out of range")
        return real(self, answers)

    monkeypatch.setattr(AnswerKey, "check", check)
    report = gametree.grade(MOVES, folder)
    assert [(r.file, r.score, r.error) for r in report.rows] == [
        ("ann.txt", 1.0, None),
        (
            "bug.txt",
            0.0,
            "internal error in gametree (IndexError: tuple index out of range); this file "
            "was not graded: please report it with the file",
        ),
        ("cat.txt", 1.0, None),
    ]


def test_gradescope_grades_the_value_beside_an_empty_pv(tmp_path: Path) -> None:
    zip_path = tmp_path / "ag.zip"
    write_autograder(zip_path, MOVES, ask=("value", "move", "pruned"), wheel=fake_wheel())
    with zipfile.ZipFile(zip_path) as archive:
        config = json.loads(archive.read(CONFIG_NAME))
    text = "value = 3\nmove = a1\npv = []\npruned = c2 c3\n"
    doc = validate(grade_hand(config, submit(tmp_path / "s", {"answers.txt": text})))
    assert doc["score"] == 4  # value, move and the two cuts
    assert "'pv' is empty" in html.unescape(doc["output"])


# ---------------------------------------------------------------------------- Monte Carlo


def _statistics_tree() -> Any:
    from test_mcts import stats_tree

    return stats_tree()[0]


@pytest.mark.parametrize(
    ("answers", "item", "says"),
    [
        ('{"select.A": "D", "visits.D": 4', "answer file", "not valid JSON (line 1, column 32)"),
        ('{"select.A": "D"} {}', "answer file", "not valid JSON"),
        # closed, so that no Python reads it as cut short (3.13's decoder takes 5,000 levels)
        ('{"path": ' * 5000 + "1" + "}" * 5000, "answer file", "nested too deeply"),
        ('{"a": ' * 40 + "1" + "}" * 40, "answer file", "nested too deeply"),
        ({"select.A": "D", "visits.D": 10**5000}, "visits of D", "not a number"),
        ({"select.A": "D", "visits.D": True}, "visits.D", "expected one answer"),
        (
            {"select.A": "D", "ucb1.A.D": [1.33]},
            "ucb1.A.D",
            "expected one answer (a name or a number), not a list",
        ),
        (
            {"select.A": "D", "total.A": None},
            "total.A",
            "expected one answer (a name or a number), not None",
        ),
        ("select.A = D\nucb1.A.D = " + "9" * 5000, "ucb1 D at A", "not a number"),
    ],
)
def test_monte_carlo_answers_of_any_shape_are_findings(answers: Any, item: str, says: str) -> None:
    """The Monte Carlo checker's own reader: broken JSON was a JSONDecodeError (a
    traceback from ``check -a mcts``), a huge number a ValueError or OverflowError."""
    report = gametree.check(_statistics_tree(), answers, algorithm="mcts", c=1.0, playout_value=1)
    found = {f.item: f for f in report.findings}
    assert found[item].verdict is Verdict.MALFORMED and says in found[item].explanation
    if item != "answer file":
        assert found["selected at A"].verdict is Verdict.CORRECT  # the rest is graded


def test_a_long_one_line_answer_is_not_taken_for_a_file_name() -> None:
    text = "select.A = D " + "x" * 5000  # once an OSError: file name too long
    report = gametree.check(_statistics_tree(), text, algorithm="mcts", c=1.0)
    assert [f.verdict for f in report.findings] == [Verdict.MALFORMED]  # no such node


def test_check_mcts_exits_1_on_broken_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "stats.json"
    tree.write_text(gametree.dumps(_statistics_tree(), "json"), encoding="utf-8")
    answers = tmp_path / "a.json"
    answers.write_text('{"select.A": "D",', encoding="utf-8")
    assert main(["check", str(tree), str(answers), "-a", "mcts", "--c", "1"]) == 1
    out, err = capsys.readouterr()
    assert "not valid JSON" in out and err == ""


# ---------------------------------------------------------------------------- properties

KEYS = (
    KEY,
    AnswerKey(MOVES, ids=True, fail="hard", window_at="enter", tie_break="any"),
    AnswerKey(gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])),
)
NAMES = tuple(
    {str(n) for n in MOVES}
    | {str(d["label"]) for _, d in MOVES.nodes(data=True) if "label" in d}
    | {str(d["move"]) for *_, d in MOVES.edges(data=True)}
    | {"#1", "#5", "2-8", "C-I"}
)


@pytest.mark.slow
@given(answer_documents(tuple(sorted(NAMES))), st.sampled_from(KEYS), st.booleans())
@settings(max_examples=300, deadline=None)
def test_check_and_item_grading_never_raise(
    doc: dict[str, Any], key: AnswerKey, as_json: bool
) -> None:
    """Any document, as a mapping or as JSON text: findings, never an exception."""
    if as_json:
        text = json.dumps(doc, default=str) if _printable(doc) else "{}"
        answers = parse_answers(text)
    else:
        answers = parse_answers(doc)
    report = key.check(answers)
    assert all(isinstance(f.verdict, Verdict) for f in report.findings)
    assert 0.0 <= report.score <= 1.0
    report.format("text")
    grading = grade_items(key, answers, ASK_CHOICES)
    assert 0.0 <= grading.score <= grading.max_score


@given(st.lists(answer_documents(tuple(sorted(NAMES))), min_size=1, max_size=4))
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_grade_gives_every_file_a_row(tmp_path: Path, docs: list[dict[str, Any]]) -> None:
    folder = Path(tmp_path) / f"class{next(_FOLDERS)}"
    folder.mkdir()
    for i, doc in enumerate(docs):
        text = json.dumps(doc, default=str) if _printable(doc) else "{}"
        (folder / f"s{i}.json").write_text(text, encoding="utf-8")
    report = gametree.grade(MOVES, folder)
    assert [r.file for r in report.rows] == [f"s{i}.json" for i in range(len(docs))]
    assert not any(r.error and "internal error" in r.error for r in report.rows)
    report.to_csv()


_FOLDERS = itertools.count()


def _printable(doc: Any) -> bool:
    """Whether JSON can write ``doc`` (Python refuses to print an integer past 4,300 digits)."""
    try:
        json.dumps(doc)
    except ValueError:
        return False
    return True
