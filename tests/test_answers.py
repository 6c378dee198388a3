"""Tests for gametree.homework.answers: the three answer-file forms and their problems."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree import (
    AnswerFormatError,
    AnswerKey,
    Answers,
    InputError,
    format_answers,
    load_answers,
    parse_answers,
)
from tests.strategies import answer_texts


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


# ---------------------------------------------------------------------------- hostile input

FIG52 = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
KEY = AnswerKey(FIG52)
READERS = (None, "json", "toml", "text")


def _read_and_check(data: str | bytes, fmt: str | None) -> None:
    """The documented contract: findings, or AnswerFormatError for bytes that are not text."""
    try:
        answers = parse_answers(data, format=fmt)
    except AnswerFormatError:
        assert isinstance(data, bytes)
        return
    assert isinstance(answers, Answers)
    report = KEY.check(answers)
    assert report.asked == len(report.findings)
    str(report), report.to_markdown(), report.to_dict()


DEEP = 5000
HOSTILE_ANSWERS = [
    # (name, text, format, words in a problem or finding, line)
    ("text list", "pruned = " + "[" * DEEP, None, "", None),
    ("toml list", "pruned = " + "[" * DEEP + "]" * DEEP, "toml", "", None),
    ("json list", '{"pruned": ' + "[" * DEEP + "]" * DEEP + "}", "json", "nest", 1),
    ("json objects", '{"values": ' + '{"a": ' * DEEP + "1" + "}" * DEEP + "}", None, "nest", 1),
    ("text 400 digits", "\nvalue = 1" + "0" * 400, "text", "beyond the range", 2),
    ("toml 400 digits", "\nvalue = 1" + "0" * 400, "toml", "beyond the range", 2),
    ("json 400 digits", '{\n"value": 1' + "0" * 400 + "}", "json", "beyond the range", 2),
    ("text 5000 digits", "value = 1" + "0" * 5000, None, "beyond the range", 1),
    ("toml 5000 digits", "value = 1" + "0" * 5000, "toml", "beyond the range", 1),
    ("json 5000 digits", '{"value": 1' + "0" * 5000 + "}", None, "beyond the range", 1),
    ("json 1e400", '{"value": 1e400}', None, "beyond the range", 1),
    ("toml 1e400", "value = 1e400", "toml", "beyond the range", 1),
    ("fraction", "value = 1" + "0" * 400 + "/1", None, "beyond the range", 1),
    ("huge fraction", "value = 1" + "0" * 5000 + "/3", None, "beyond the range", 1),
    ("bound", "C = <= 1" + "0" * 400, None, "beyond the range", 1),
    ("window", "window C = [1" + "0" * 5000 + ", 2]", None, "", 1),
    ("leaf position", "pruned = #1" + "0" * 5000, None, "out of range", 1),
]


@pytest.mark.parametrize(
    ("text", "fmt", "words", "line"),
    [case[1:] for case in HOSTILE_ANSWERS],
    ids=[case[0] for case in HOSTILE_ANSWERS],
)
def test_hostile_answers_become_findings(
    text: str, fmt: str | None, words: str, line: int | None
) -> None:
    answers = parse_answers(text, format=fmt)
    report = KEY.check(answers)
    messages = [(p.message, p.line) for p in answers.problems] + [
        (f.explanation, f.line) for f in report.wrong
    ]
    assert messages, "a hostile answer must be reported"
    assert any(words in m and (line is None or at == line) for m, at in messages), messages
    _read_and_check(text, fmt)


@settings(max_examples=300, deadline=None)
@given(answer_texts(), st.sampled_from(READERS))
def test_fuzz_answer_texts(text: str, fmt: str | None) -> None:
    _read_and_check(text, fmt)


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.binary(max_size=200), st.text(max_size=200)), st.sampled_from(READERS))
def test_fuzz_answer_bytes_and_text(data: str | bytes, fmt: str | None) -> None:
    _read_and_check(data, fmt)


def test_load_answers_refuses_devices_and_large_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with pytest.raises(InputError, match="character device"):
        load_answers("/dev/zero")
    fifo = tmp_path / "a.fifo"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="FIFO"):
        load_answers(fifo)
    big = tmp_path / "big.txt"
    big.write_text("value = 3\n" + "#" * 5000)
    monkeypatch.setenv("GAMETREE_MAX_INPUT_BYTES", "1000")
    with pytest.raises(InputError, match="GAMETREE_MAX_INPUT_BYTES"):
        load_answers(big)


# --- The limit on keys (issue 26: 1,000,000 unknown keys took 203 s and 1.08 GB) -------

FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"


def unknown_lines(n: int) -> str:
    return "".join(f"x{i} = {i}\n" for i in range(n))


@pytest.mark.parametrize(("fmt", "source"), [(None, None), ("text", None), ("toml", "a.toml")])
def test_plain_text_and_toml_stop_at_the_limit_with_one_problem(
    fmt: str | None, source: str | None
) -> None:
    # 25 lines, limit 10: the first 10 are read; line 11 says where reading stopped.
    a = parse_answers(unknown_lines(25), format=fmt, source=source, max_items=10)
    assert [i.node for i in a.items] == [f"x{i}" for i in range(10)]
    (problem,) = a.problems
    assert problem.line == 11 and "more than 10 answer lines" in problem.message
    assert "GAMETREE_MAX_ANSWER_ITEMS" in problem.message and "max_items=" in problem.message
    assert a.format == ("toml" if fmt == "toml" else "text")


def test_json_past_the_limit_is_refused_with_one_problem() -> None:
    # Six keys with limit 5: the sixth ("values" counts, then A..D, then E) is on line 3.
    text = '{"value": 3, "values": {"A": 1, "B": 2,\n"C": 3,\n"D": 4, "E": 5}}'
    a = parse_answers(text, max_items=5)
    assert a.items == () and len(a.problems) == 1
    assert a.problems[0].line == 3 and "nothing was read" in a.problems[0].message
    # ':' and '"' inside string values are no keys: four keys, within a limit of 4.
    tricky = '{"move": "a\\":b", "pv": ["x:", "\\":"], "C": "<=2", "alpha": 1}'
    assert len(parse_answers(tricky, max_items=4).items) == 4


def test_a_mapping_stops_at_a_limit_it_is_given() -> None:
    a = parse_answers({f"x{i}": i for i in range(30)}, max_items=12)
    assert len(a.items) == 12 and len(a.problems) == 1
    assert "the keys before 'x12' were read" in a.problems[0].message
    # The caller's own mapping (a full key of a large tree, say) is read whole otherwise.
    assert len(parse_answers({f"x{i}": i for i in range(10_005)}).items) == 10_005


def test_the_limit_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMETREE_MAX_ANSWER_ITEMS", "3")
    a = parse_answers(unknown_lines(5))
    assert len(a.items) == 3 and a.problems[0].line == 4
    assert len(parse_answers(unknown_lines(5), max_items=5).items) == 5
    monkeypatch.setenv("GAMETREE_MAX_ANSWER_ITEMS", "lots")
    with pytest.raises(InputError, match="GAMETREE_MAX_ANSWER_ITEMS='lots'"):
        parse_answers("value = 3")
    with pytest.raises(AnswerFormatError, match="max_items=0"):
        parse_answers("value = 3", max_items=0)


def test_default_limit_is_ten_thousand_and_sheets_fit_it() -> None:
    # 200,000 unknown keys: 10,000 read, one problem more; the check has one finding each.
    G = gametree.parse(FIG52)
    report = gametree.check(G, parse_answers(unknown_lines(200_000)))
    assert len(report.findings) == 10_001
    assert "more than 10,000 answer lines" in report.findings[-1].explanation
    key = AnswerKey(G).answers()
    assert not parse_answers(format_answers(key, "toml")).problems


SEPARATORS = ["\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029", "\n\n"]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(SEPARATORS), min_size=1, max_size=12))
def test_line_numbers_follow_splitlines(separators: list[str]) -> None:
    # Lines are read one at a time (a reader that stops early never splits the rest),
    # numbered as str.splitlines numbers them.
    text = "".join(f"k{i} = {i}{sep}" for i, sep in enumerate(separators))
    want = [n for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    assert [i.line for i in parse_answers(text, format="text").items] == want


def _count_keys(obj: object) -> int:
    if isinstance(obj, dict):
        return sum(1 + _count_keys(v) for v in obj.values())
    if isinstance(obj, list):
        return sum(_count_keys(v) for v in obj)
    return 0


_JSON_VALUES = st.recursive(
    st.one_of(st.integers(-5, 5), st.text(alphabet='a:"\\{}[], ', max_size=6)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.text(alphabet='ab:"\\{ ', max_size=4), inner, max_size=3),
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(alphabet='ab:"\\{ ', max_size=4), _JSON_VALUES, min_size=1))
def test_json_keys_are_counted_as_json_reads_them(data: dict[str, object]) -> None:
    text = json.dumps(data)
    keys = _count_keys(data)
    refused = parse_answers(text, max_items=keys - 1) if keys > 1 else None
    kept = parse_answers(text, max_items=keys)
    refusal = "keys: a JSON file cannot be read in part"
    assert not any(refusal in p.message for p in kept.problems)
    assert refused is None or (refused.items == () and refusal in refused.problems[0].message)
