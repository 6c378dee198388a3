"""Tests for gametree.homework.answers: the three answer-file forms and their problems."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree import AnswerFormatError, format_answers, load_answers, parse_answers


def kinds(text: str, fmt: str | None = None) -> list[tuple[str, object, object]]:
    return [(i.kind, i.node, i.given) for i in parse_answers(text, format=fmt).items]


def test_plain_text_form() -> None:
    text = """
    # my answers
    value = 3
    move = B            # the left move
    pruned = I J
    C = <= 2
    alpha C = 3
    beta(C) = 2
    D.window = [3, 2]
    order = #1 #2 #3
    pv: A B E
    pruned_edges = (C, I) C->J
    """
    assert kinds(text) == [
        ("value", None, "3"),
        ("move", None, "B"),
        ("pruned", None, ("I", "J")),
        ("node_value", "C", "<=2"),
        ("alpha", "C", "3"),
        ("beta", "C", "2"),
        ("window", "D", ("3", "2")),
        ("order", None, ("#1", "#2", "#3")),
        ("pv", None, ("A", "B", "E")),
        ("pruned", None, ("C->I", "C->J")),
    ]
    answers = parse_answers(text)
    assert answers.format == "text" and answers.problems == ()
    assert [i.line for i in answers.items][:3] == [3, 4, 5]


def test_toml_form() -> None:
    text = (
        'value = 3\nmove = "B"\npruned = ["I", "J"]\nalpha.C = 3\n[values]\nC = "<=2"\nvalue = 5\n'
    )
    answers = parse_answers(text)
    assert answers.format == "toml"
    assert [(i.kind, i.node, i.given, i.line) for i in answers.items] == [
        ("value", None, 3, 1),
        ("move", None, "B", 2),
        ("pruned", None, ("I", "J"), 3),
        ("alpha", "C", 3, 4),
        ("node_value", "C", "<=2", 6),
        ("node_value", "value", 5, 7),  # a node named like a key word, in [values]
    ]


def test_json_form() -> None:
    text = json.dumps(
        {
            "value": 3,
            "pruned_edges": [["C", "I"], ["C", "J"]],
            "values": {"C": 2},
            "C": {"alpha": 3, "beta": 2},
        }
    )
    assert kinds(text) == [
        ("value", None, 3),
        ("pruned", None, (("C", "I"), ("C", "J"))),
        ("node_value", "C", 2),
        ("alpha", "C", 3),
        ("beta", "C", 2),
    ]


def test_problems_have_lines() -> None:
    answers = parse_answers("value = 3\nvalue = 4\njunk\nmove = B C\nC =\n[colours]\nx = 1\n")
    # Lines inside an unknown section are skipped: the section's problem covers them.
    assert [(p.line, p.message.split(" ")[0]) for p in answers.problems] == [
        (2, "duplicate"),
        (3, "cannot"),
        (4, "'move':"),
        (5, "'C'"),
        (6, "unknown"),
    ]
    assert [i.kind for i in answers.items] == ["value"]


def test_json_problems() -> None:
    dup = parse_answers('{\n  "value": 3,\n  "value": 4\n}')
    assert dup.problems[0].line == 3 and "duplicate" in dup.problems[0].message
    broken = parse_answers('{"value": 3,,}')
    assert broken.items == () and "not valid JSON" in broken.problems[0].message
    assert "object" in parse_answers("[1, 2]", format="json").problems[0].message
    bad = parse_answers('{"pruned": [true], "move": null}')
    assert len(bad.problems) == 2


def test_invalid_toml_is_read_as_text_with_a_note() -> None:
    answers = parse_answers("value = 3\nmove = B\n", format="toml")
    assert [i.given for i in answers.items] == ["3", "B"]
    assert "not valid TOML" in answers.notes[0]


def test_load_by_suffix(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('value = 3\nmove = "B"\n')
    (tmp_path / "a.json").write_text('{"value": 3}')
    (tmp_path / "a.txt").write_text("value = 3\nmove = B\n")
    assert load_answers(tmp_path / "a.toml").format == "toml"
    assert load_answers(tmp_path / "a.json").format == "json"
    assert load_answers(tmp_path / "a.txt").format == "text"
    (tmp_path / "bad.txt").write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(AnswerFormatError, match="not UTF-8"):
        load_answers(tmp_path / "bad.txt")
    with pytest.raises(OSError):
        load_answers(tmp_path / "missing.txt")


def test_format_answers_round_trip() -> None:
    answers = {
        "value": 3,
        "move": "B",
        "pruned": ["I", "J"],
        "values": {"C": "<=2", "A": 3},
        "alpha": {"C": 3},
        "beta": {"C": "inf"},
    }
    for fmt in ("toml", "json", "text"):
        parsed = parse_answers(format_answers(answers, fmt))
        assert parsed.problems == (), fmt
        got = {(i.kind, i.node): str(i.given) for i in parsed.items}
        assert got[("value", None)] == "3"
        assert got[("node_value", "C")] == "<=2"
        assert got[("beta", "C")] == "inf"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_read_without_raising(text: str) -> None:
    answers = parse_answers(text)
    assert answers.format in ("text", "toml", "json")


@settings(max_examples=100, deadline=None)
@given(
    st.dictionaries(
        st.text(max_size=8),
        st.one_of(st.integers(), st.text(max_size=5), st.lists(st.text(max_size=3))),
    )
)
def test_any_mapping_is_read_without_raising(data: dict[str, object]) -> None:
    parse_answers(data)
