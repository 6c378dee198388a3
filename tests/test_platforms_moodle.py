"""Tests for gametree.platforms.moodle: versions as Moodle XML Cloze questions.

The file is checked against Moodle's XML format (https://docs.moodle.org/en/Moodle_XML_format)
and the Cloze sub-questions are read with the regular expressions Moodle itself uses
(``qtype_multianswer_extract_question`` in ``question/type/multianswer/questiontype.php``,
ported below), validated as ``qtype_multianswer_validate_question`` does, and their right
answers compared with the answer key.
"""

from __future__ import annotations

import base64
import itertools
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import gametree
from gametree.platforms.items import grade_items, inner_nodes
from gametree.platforms.moodle import CATEGORY, cloze_text, moodle_quiz, write_moodle
from gametree.platforms.variants import make_variants

# Moodle's Cloze grammar (questiontype.php). PHP's lookbehind (?<!\\|&|&amp;) is written as
# three lookbehinds, since Python's needs a fixed width each.
FRACTION = r"=|%(-?[0-9]+(?:[.,][0-9]*)?)%"
ANSWER = r".+?(?<!\\)(?<!&)(?<!&amp;)(?=[~#}]|$)"
FEEDBACK = r".*?(?<!\\)(?=[~}]|$)"
ALTERNATIVE = f"({FRACTION})?({ANSWER})(#({FEEDBACK}))?"
NUMBER = r"-?(([0-9]+[.,]?[0-9]*|[.,][0-9]+)([eE][-+]?[0-9]+)?)"
NUMERICAL = f"^({NUMBER})(:{NUMBER})?$"
TYPES = (
    "(NUMERICAL|NM)|(MULTICHOICE|MC)|(MULTICHOICE_V|MCV)|(MULTICHOICE_H|MCH)|"
    "(SHORTANSWER|SA|MW)|(SHORTANSWER_C|SAC|MWC)|"
    "(MULTICHOICE_S|MCS)|(MULTICHOICE_VS|MCVS)|(MULTICHOICE_HS|MCHS)|"
    "(MULTIRESPONSE|MR)|(MULTIRESPONSE_H|MRH)|(MULTIRESPONSE_S|MRS)|(MULTIRESPONSE_HS|MRHS)"
)
SUBQUESTION = re.compile(rf"\{{([0-9]*):({TYPES}):({ALTERNATIVE}(~{ALTERNATIVE})*)\}}", re.S)


def subquestions(text: str) -> list[dict[str, Any]]:
    """The sub-questions as Moodle extracts them: type, weight, and (fraction, answer,
    feedback) per alternative, with multiresponse fractions normalized as Moodle does."""
    out = []
    for m in SUBQUESTION.finditer(text):
        kind = m.group(2)
        remaining = m.group(16)  # ANSWER_REGEX_ALTERNATIVES in Moodle's source
        alternatives = []
        while True:
            a = re.search("~?" + ALTERNATIVE, remaining, re.S)
            if not a:
                break
            fraction = (
                1.0 if a.group(1) == "=" else (float(a.group(2)) / 100 if a.group(2) else 0.0)
            )
            answer = a.group(3).replace("\\}", "}").replace("\\#", "#")
            alternatives.append([fraction, answer, a.group(5) or ""])
            remaining = remaining.split(a.group(0), 1)[1]
        if kind.startswith("MULTIRESPONSE") or kind.startswith("MR"):
            total = sum(f for f, _, _ in alternatives if f > 0)
            for alt in alternatives:
                alt[0] = alt[0] / total if alt[0] > 0 else -1 / total
        out.append({"type": kind, "weight": int(m.group(1) or 1), "answers": alternatives})
    return out


def validate(sub: dict[str, Any]) -> None:
    """What qtype_multianswer_validate_question refuses."""
    answers = [a for a in sub["answers"] if a[1].strip()]
    assert answers
    if sub["type"] == "NUMERICAL":
        for _, answer, _ in answers:
            assert answer == "*" or re.match(NUMERICAL, answer), answer
    if sub["type"] == "MULTIRESPONSE":
        assert len(answers) >= 2 and any(f > 0 for f, _, _ in answers)
    else:
        assert any(f == 1.0 for f, _, _ in answers)


@pytest.fixture(scope="module")
def versions() -> list[gametree.Exercise]:
    return make_variants(3, seed=4, branching=(2, 3), depth=3, prunes=(2, 4))


@pytest.fixture(scope="module")
def quiz(versions: list[gametree.Exercise]) -> str:
    return moodle_quiz(versions)


def test_the_file_is_moodle_xml(quiz: str) -> None:
    assert quiz.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n')
    root = ET.fromstring(quiz.encode("utf-8"))
    assert root.tag == "quiz"
    first, *questions = list(root)
    assert first.get("type") == "category"
    assert first.findtext("category/text") == CATEGORY
    assert [q.get("type") for q in questions] == ["cloze"] * 3
    for number, q in enumerate(questions, 1):
        assert q.findtext("name/text") == f"Alpha-beta pruning, version {number}"
        for part in ("questiontext", "generalfeedback"):
            element = q.find(part)
            assert element.get("format") == "html"
            text = element.findtext("text")
            files = element.findall("file")
            assert files
            for f in files:
                assert (f.get("path"), f.get("encoding")) == ("/", "base64")
                assert base64.b64decode(f.text).startswith(b"\x89PNG\r\n\x1a\n")
                assert f'src="@@PLUGINFILE@@/{f.get("name")}"' in text
        assert q.findtext("penalty") == "0.3333333" and q.findtext("hidden") == "0"


def test_right_answers_are_the_key(quiz: str, versions: list[gametree.Exercise]) -> None:
    root = ET.fromstring(quiz.encode("utf-8"))
    for q, version in zip(root.findall("question[@type='cloze']"), versions, strict=True):
        subs = subquestions(q.findtext("questiontext/text"))
        for sub in subs:
            validate(sub)
        key = gametree.AnswerKey(version.tree)
        answers = key.answers()
        nodes = inner_nodes(key)  # the root first, then the rest in preorder
        *values, leaves = subs
        assert len(values) == len(nodes)
        for node, sub in zip(nodes, values, strict=True):
            right = [a for f, a, _ in sub["answers"] if f == 1.0]
            if node == key.root:
                assert (sub["type"], right) == ("NUMERICAL", [f"{answers['value']}:0"])
            elif str(node) in answers["values"]:
                number = str(answers["values"][str(node)]).lstrip("<>=")
                assert (sub["type"], right) == ("NUMERICAL", [f"{number}:0"]), node
            else:  # never entered
                assert (sub["type"], right) == ("SHORTANSWER", ["pruned", "-"]), node
            assert sub["weight"] == 1
            assert sub["answers"][-1][:2] == [0.0, "*"] or sub["type"] == "SHORTANSWER"
        assert leaves["type"] == "MULTIRESPONSE"
        assert leaves["weight"] == len(answers["pruned"])
        ticked = [a.split(": ")[1].split(" ")[0] for f, a, _ in leaves["answers"] if f > 0]
        assert ticked == answers["pruned"]
        listed = [a.split(": ")[1].split(" ")[0] for _, a, _ in leaves["answers"]]
        assert listed == [str(x) for x in key.frontier]


def test_multiresponse_scores_as_the_items_do(quiz: str, versions: list[gametree.Exercise]) -> None:
    """Moodle's fractions (each right 1/k, each wrong -1/k, the sum clamped to [0, 1])
    give the pruned item's net correct score for any set of ticks."""
    root = ET.fromstring(quiz.encode("utf-8"))
    q = root.findall("question[@type='cloze']")[0]
    leaves = subquestions(q.findtext("questiontext/text"))[-1]
    key = gametree.AnswerKey(versions[0].tree)
    names = [a.split(": ")[1].split(" ")[0] for _, a, _ in leaves["answers"]]
    fractions = dict(zip(names, (f for f, _, _ in leaves["answers"]), strict=True))
    for size in range(0, 4):
        for ticked in itertools.islice(itertools.combinations(names, size), 15):
            moodle = min(1.0, max(0.0, sum(fractions[t] for t in ticked)))
            item = grade_items(key, {"pruned": list(ticked)}, ["pruned"]).results[0]
            assert moodle == pytest.approx(item.score / item.item.max_score), ticked


def test_feedback_is_the_checkers_reason(quiz: str, versions: list[gametree.Exercise]) -> None:
    root = ET.fromstring(quiz.encode("utf-8"))
    text = root.findall("question[@type='cloze']")[0].findtext("questiontext/text")
    leaves = subquestions(text)[-1]
    for fraction, _, feedback in leaves["answers"]:
        assert ("is not evaluated" in feedback) == (fraction > 0)
    root_value = subquestions(text)[0]
    assert root_value["answers"][-1][2].startswith("A (MAX) takes the largest")


def test_cloze_text_escapes_what_ends_an_answer() -> None:
    assert cloze_text("a}b~c#d <e>") == "a\\}b\u223cc#d &lt;e&gt;"
    assert cloze_text("#5", answer=True) == "\\#5"
    sub = subquestions("{1:MULTIRESPONSE:=" + cloze_text("x #1 }", answer=True) + "~y}")[0]
    assert [a[1] for a in sub["answers"]] == ["x #1 }", "y"]


def test_write_moodle_refuses_an_existing_file(
    tmp_path: Any, versions: list[gametree.Exercise]
) -> None:
    path = tmp_path / "quiz.xml"
    path.write_text("mine")
    with pytest.raises(FileExistsError):
        write_moodle(path, versions[:1])
    write_moodle(path, versions[:1], force=True)
    assert path.read_text().count('<question type="cloze">') == 1


def test_plain_feedback_names_no_other_blanks_answer(versions: list[gametree.Exercise]) -> None:
    """Issue 35: a blank's feedback (shown after each try) lists the node's children's
    values, the answers of other blanks. feedback="plain" says right or wrong only; the
    right answers and the general feedback (the diagram) stay."""
    reasons = ET.fromstring(moodle_quiz(versions).encode("utf-8"))
    plain = ET.fromstring(moodle_quiz(versions, feedback="plain").encode("utf-8"))
    for rich, bare in zip(reasons.iter("question"), plain.iter("question"), strict=True):
        if rich.get("type") != "cloze":
            continue
        rich_subs = subquestions(rich.findtext("questiontext/text") or "")
        bare_subs = subquestions(bare.findtext("questiontext/text") or "")
        assert any("takes the" in fb for s in rich_subs for _, _, fb in s["answers"])
        for rich_sub, bare_sub in zip(rich_subs, bare_subs, strict=True):
            validate(bare_sub)
            assert [a[:2] for a in bare_sub["answers"]] == [a[:2] for a in rich_sub["answers"]]
            for _, _, feedback in bare_sub["answers"]:
                assert feedback in ("right", "wrong", "pruned", "evaluated")
        assert bare.findtext("generalfeedback/text") == rich.findtext("generalfeedback/text")
    with pytest.raises(gametree.GameTreeError, match="unknown Moodle feedback 'none'"):
        moodle_quiz(versions, feedback="none")
