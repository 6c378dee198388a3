"""Tests for gametree.platforms.prairielearn and ``gametree prairielearn``.

The generated ``server.py`` hooks are called with ``data`` dicts shaped as PrairieLearn's
documentation describes them (https://prairielearn.readthedocs.io/en/latest/question/server/):
``generate`` gets ``params``, ``correct_answers`` and ``variant_seed``; ``parse`` and
``grade`` get ``submitted_answers`` after the elements parsed them, ``format_errors``,
``partial_scores`` and ``feedback``. What the elements themselves add is simulated as
their documentation (and, for ``pl-checkbox``'s ``params`` entry, its ``prepare``)
describes it. ``question.html`` may use only the documented elements and attributes.
"""

from __future__ import annotations

import html.parser
import importlib.util
import json
import re
import subprocess
import sys
import uuid
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import gametree
from gametree.cli import main
from gametree.exceptions import PlatformError
from gametree.platforms.prairielearn import (
    question_settings,
    write_question,
    write_server_files,
)

# Documented attributes of each element question.html uses (the elements' doc pages).
ELEMENTS = {
    "pl-question-panel": set(),
    "pl-submission-panel": set(),
    "pl-answer-panel": set(),
    "pl-figure": {"alt", "directory", "display", "file-name", "type", "width"},
    "pl-integer-input": {
        "allow-blank", "answers-name", "aria-label", "base", "blank-value", "correct-answer",
        "display", "initial-value", "label", "placeholder", "show-help-text", "show-score",
        "size", "suffix", "weight",
    },
    "pl-string-input": {
        "allow-blank", "answers-name", "aria-label", "correct-answer", "correct-answer-format",
        "display", "ignore-case", "initial-value", "label", "multiline", "normalize-to-ascii",
        "placeholder", "remove-leading-trailing", "remove-spaces", "show-help-text",
        "show-score", "size", "suffix", "weight",
    },
    "pl-checkbox": {
        "allow-blank", "answers-name", "detailed-help-text", "display", "hide-help-text",
        "hide-letter-keys", "hide-score-badge", "max-correct", "max-select", "min-correct",
        "min-select", "number-answers", "order", "partial-credit", "show-number-correct",
        "weight",
    },
    "pl-answer": {"correct", "feedback"},
}  # fmt: skip
INFO_FIELDS = {
    "uuid", "type", "title", "topic", "tags", "authors", "gradingMethod", "singleVariant",
    "showCorrectAnswer", "partialCredit", "externalGradingOptions", "dependencies",
    "preferences", "sharePublicly", "shareSourcePublicly", "sharingSets", "comment",
}  # fmt: skip


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("course")
    (root / "infoCourse.json").write_text("{}")
    (root / "questions").mkdir()
    args = ["prairielearn", "--depth", "3", "--branching", "2-3", "--prunes", "2-4", "-q"]
    assert main([*args, "-o", str(root / "questions" / "ab")]) == 0
    return root


@pytest.fixture(scope="module")
def server(course: Path) -> ModuleType:
    path = course / "questions" / "ab" / "server.py"
    spec = importlib.util.spec_from_file_location("pl_server", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# What each server.py phase may change in data (checkData in PrairieLearn's
# apps/prairielearn/src/question-servers/freeform.ts); any other change, or a new key,
# breaks the question.
EDITABLE = {
    "generate": {"params", "correct_answers"},
    "parse": {"params", "correct_answers", "submitted_answers", "format_errors", "feedback"},
    "grade": {"params", "correct_answers", "submitted_answers", "format_errors",
              "partial_scores", "score", "feedback"},
    "test": {"raw_submitted_answers", "format_errors", "partial_scores", "score", "feedback"},
}  # fmt: skip


def phase(hook: Any, data: dict[str, Any], name: str) -> None:
    """Call a hook as PrairieLearn does, and check it changed only what it may."""
    before = json.loads(json.dumps(data))
    hook(data)
    assert set(data) == set(before), set(data) ^ set(before)
    changed = {k for k in data if data[k] != before[k]}
    assert changed <= EDITABLE[name], changed - EDITABLE[name]
    json.dumps(data, allow_nan=False)  # everything in data must be JSON


def new_variant(server: ModuleType, seed: int) -> dict[str, Any]:
    """generate(), then what the elements' prepare adds: pl-checkbox lists its options
    in params["pruned"] as {key, html, feedback} in display order (order="fixed")."""
    data: dict[str, Any] = {"params": {}, "correct_answers": {}, "variant_seed": seed}
    phase(server.generate, data, "generate")
    keys = [chr(ord("a") + i) for i in range(len(data["params"]["leaves"]))]
    data["params"]["pruned"] = [
        {"key": k, "html": leaf["label"], "feedback": None}
        for k, leaf in zip(keys, data["params"]["leaves"], strict=True)
    ]
    return data


def right_answers(data: dict[str, Any]) -> dict[str, Any]:
    params, correct = data["params"], data["correct_answers"]
    submitted: dict[str, Any] = {"root_value": correct["root_value"]}
    submitted.update({n["answer"]: correct[n["answer"]] for n in params["nodes"]})
    submitted["pruned"] = [
        option["key"]
        for option, leaf in zip(params["pruned"], params["leaves"], strict=True)
        if leaf["correct"] == "true"
    ]
    return submitted


def submission(data: dict[str, Any], submitted: dict[str, Any]) -> dict[str, Any]:
    return {
        **json.loads(json.dumps(data)),
        "submitted_answers": submitted,
        "raw_submitted_answers": {k: str(v) for k, v in submitted.items()},
        "format_errors": {},
        "partial_scores": {},
        "score": 0,
        "feedback": {},
    }


# ---------------------------------------------------------------------------- the files


def test_info_json_is_a_v3_question_with_a_fresh_uuid(course: Path) -> None:
    info = json.loads((course / "questions" / "ab" / "info.json").read_text())
    assert set(info) <= INFO_FIELDS
    assert uuid.UUID(info["uuid"]).version == 4
    assert info["type"] == "v3" and info["title"] and info["topic"]
    assert isinstance(info["tags"], list)


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.used: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.used.append((tag, dict(attrs)))


def test_question_html_uses_only_documented_elements(course: Path) -> None:
    text = (course / "questions" / "ab" / "question.html").read_text()
    parser = _Tags()
    parser.feed(text)
    elements = [(t, a) for t, a in parser.used if t.startswith("pl-")]
    assert {t for t, _ in elements} == set(ELEMENTS)
    for tag, attrs in elements:
        assert set(attrs) <= ELEMENTS[tag], (tag, set(attrs) - ELEMENTS[tag])
    others = {t for t, _ in parser.used if not t.startswith("pl-")}
    assert others <= {"p", "code", "ul", "li", "strong", "span"}
    # Mustache sections open and close in order.
    stack = []
    for sign, name in re.findall(r"\{\{([#^/])([\w.]+)\}\}", text):
        if sign in "#^":
            stack.append(name)
        else:
            assert stack.pop() == name
    assert stack == []


def test_question_html_asks_for_what_params_hold(course: Path, server: ModuleType) -> None:
    text = (course / "questions" / "ab" / "question.html").read_text()
    params = new_variant(server, 1)["params"]
    for name in re.findall(r"\{\{[#^/]?params\.(\w+)", text):
        assert name in params, name
    for section, fields in (("nodes", {"answer", "name"}), ("leaves", {"correct", "label"})):
        body = text.split("{{#params." + section + "}}")[1].split("{{/params." + section + "}}")[0]
        assert set(re.findall(r"\{\{(\w+)\}\}", body)) == fields
        assert all(fields <= set(entry) for entry in params[section])


# ---------------------------------------------------------------------------- generate


def test_each_variant_is_a_new_tree_meeting_the_constraints(server: ModuleType) -> None:
    trees = set()
    for seed in (1, 2, 3, 4, 5, 2**31 - 1):
        data = new_variant(server, seed)
        params = data["params"]
        trees.add(params["tree"])
        G = gametree.parse(params["tree"])
        key = gametree.AnswerKey(G)
        answers = key.answers()
        # Depth 3 and 2-4 pruned edges, as asked; the checkbox's right choices are the
        # pruned leaves, left to right.
        assert max(len(p) for p in _paths(G)) == 4
        assert 2 <= len(answers["pruned_edges"]) <= 4
        right = [leaf["name"] for leaf in params["leaves"] if leaf["correct"] == "true"]
        assert right == answers["pruned"] and params["pruned_weight"] == len(right)
        assert data["correct_answers"]["root_value"] == answers["value"]
        for node in params["nodes"]:
            want = answers["values"].get(node["name"], "pruned")
            assert data["correct_answers"][node["answer"]] == str(want)
        # The same seed is the same variant.
        assert new_variant(server, seed)["params"] == params
    assert len(trees) == 6


def _paths(G: Any) -> list[list[Any]]:
    out, stack = [], [["A"]]
    while stack:
        path = stack.pop()
        children = list(G.successors(path[-1]))
        if not children:
            out.append(path)
        stack.extend([*path, c] for c in children)
    return out


# ---------------------------------------------------------------------------- grade


def test_right_answers_score_one(server: ModuleType) -> None:
    for seed in (1, 7):
        data = submission(new_variant(server, seed), {})
        data["submitted_answers"] = right_answers(data)
        phase(server.parse, data, "parse")
        assert data["format_errors"] == {}
        phase(server.grade, data, "grade")
        assert data["score"] == 1.0
        assert all(p["score"] == 1.0 for p in data["partial_scores"].values())
        assert data["feedback"]["summary"].startswith(
            f"{sum(p['weight'] for p in data['partial_scores'].values())} of "
        )


def test_partly_right_answers_get_partial_credit(server: ModuleType) -> None:
    data = new_variant(server, 3)
    params = data["params"]
    submitted = right_answers(data)
    first = params["nodes"][0]["answer"]
    submitted[first] = "123"  # no node of a -9..9 tree returns 123
    wrong_leaf = next(
        o["key"]
        for o, leaf in zip(params["pruned"], params["leaves"], strict=True)
        if leaf["correct"] == "false"
    )
    submitted["pruned"] = [*submitted["pruned"], wrong_leaf]
    data = submission(data, submitted)
    phase(server.parse, data, "parse")
    phase(server.grade, data, "grade")
    nodes, cuts = len(params["nodes"]), params["pruned_weight"]
    # By the documented rule: root 1, nodes - 1 of nodes, and the checkbox net correct
    # (cuts right - 1 wrong) of cuts; score = weighted average.
    assert data["partial_scores"][first]["score"] == 0.0
    assert data["partial_scores"]["pruned"] == {
        "score": (cuts - 1) / cuts,
        "weight": cuts,
        "feedback": data["partial_scores"]["pruned"]["feedback"],
    }
    assert data["score"] == pytest.approx((1 + nodes - 1 + cuts - 1) / (1 + nodes + cuts))
    # The wrong tick carries the checker's reason as the option's feedback.
    assert "is evaluated" in data["partial_scores"]["pruned"]["feedback"][wrong_leaf]
    item = next(i for i in data["feedback"]["items"] if i["name"].endswith(first[6:]))
    assert item["points"] == "0/1" and item["text"].startswith("wrong: you gave 123")


def test_checkbox_score_is_pl_checkbox_net_correct(server: ModuleType) -> None:
    data = new_variant(server, 5)
    params = data["params"]
    keys = [o["key"] for o in params["pruned"]]
    correct = {o["key"] for o, leaf in zip(params["pruned"], params["leaves"], strict=True)
               if leaf["correct"] == "true"}  # fmt: skip
    for chosen in (set(), set(keys), correct, set(keys[:3]), set(keys[-2:])):
        graded = submission(data, {**right_answers(data), "pruned": sorted(chosen)})
        server.grade(graded)
        # pl-checkbox's own "net-correct" (its grade() in PrairieLearn's source).
        points = len(correct & chosen) - len(chosen - correct)
        expected = 1 if chosen == correct else max(0, points / len(correct))
        assert graded["partial_scores"]["pruned"]["score"] == pytest.approx(expected)


def test_every_leaf_ticked_or_missed_gets_its_reason(server: ModuleType) -> None:
    """The checker reports a cut-off subtree's leaves as one finding; each of its leaves
    still gets the reason as its option's feedback (nothing ticked: every pruned leaf is
    missed; everything ticked: every option is right or wrong)."""
    grouped = 0
    for seed in range(1, 9):
        data = new_variant(server, seed)
        params = data["params"]
        keys = [o["key"] for o in params["pruned"]]
        correct = {o["key"] for o, leaf in zip(params["pruned"], params["leaves"], strict=True)
                   if leaf["correct"] == "true"}  # fmt: skip
        for chosen, expected in ((set(), correct), (set(keys), set(keys))):
            graded = submission(data, {**right_answers(data), "pruned": sorted(chosen)})
            server.grade(graded)
            feedback = graded["partial_scores"]["pruned"]["feedback"]
            assert set(feedback) == expected
            assert all(feedback.values())
        report = graded["feedback"]["items"]
        grouped += sum(" leaves" in i["text"] for i in report if i["name"].startswith("Pruned"))
    assert grouped  # some variant cut off a subtree of several leaves


def test_malformed_value_is_a_format_error(server: ModuleType) -> None:
    data = new_variant(server, 2)
    submitted = right_answers(data)
    name = data["params"]["nodes"][1]["answer"]
    submitted[name] = "three"
    del submitted["root_value"]  # pl-integer-input already rejected it: not in the dict
    data = submission(data, submitted)
    phase(server.parse, data, "parse")
    assert set(data["format_errors"]) == {name}
    shown = data["format_errors"][name]  # HTML: PrairieLearn shows it as such
    assert shown.startswith("&#x27;three&#x27; is not a number.")
    assert "Write a number (3), a bound (&lt;=2 or &gt;=5), or pruned" in shown


@pytest.mark.parametrize(
    "junk",
    [[], [3], {"x": 1}, True, 10**400, "", "  ", "<=2 3"],
    ids=["empty list", "list", "object", "true", "huge", "empty", "blank", "two answers"],
)
def test_submitted_values_of_any_shape_are_graded(server: ModuleType, junk: Any) -> None:
    """Whatever shape a submitted value has, parse and grade finish, the right answers
    beside it score, and the value's own item scores 0 (issue 33)."""
    data = new_variant(server, 2)
    submitted = right_answers(data)
    name = data["params"]["nodes"][0]["answer"]
    submitted[name] = junk
    submitted["pruned"] = junk if not isinstance(junk, str) else submitted["pruned"]
    data = submission(data, submitted)
    phase(server.parse, data, "parse")
    phase(server.grade, data, "grade")
    scores = data["partial_scores"]
    assert scores["root_value"]["score"] == 1
    assert scores[name]["score"] == 0 or junk in ("", "  ")  # blank: not answered


def test_bounds_and_pruned_are_read(server: ModuleType) -> None:
    data = new_variant(server, 4)
    submitted = right_answers(data)
    for node in data["params"]["nodes"]:
        text = submitted[node["answer"]]
        submitted[node["answer"]] = text.replace("<=", "\u2264 ").replace(">=", " >= ")
    graded = submission(data, submitted)
    server.parse(graded)
    assert graded["format_errors"] == {}
    server.grade(graded)
    assert graded["score"] == 1.0


def test_nothing_ticked_is_graded_zero(server: ModuleType) -> None:
    data = submission(new_variant(server, 1), {})
    data["submitted_answers"] = {**right_answers(data), "pruned": []}
    server.grade(data)
    assert data["partial_scores"]["pruned"]["score"] == 0.0


HOSTILE = (
    "<img src=x onerror=alert(1)>",
    '<a href="https://example.invalid/">3</a>',
    "<=2<script>alert(1)</script>",
    "\"'><svg onload=alert(1)>",
    "3 & <b>4</b>",
)


def _tags(text: str) -> list[str]:
    """The HTML tags in ``text`` (what a browser would make elements of)."""
    found = _Tags()
    found.feed(text)
    return [tag for tag, _ in found.used]


@pytest.mark.parametrize("typed", HOSTILE)
def test_format_errors_quote_the_student_escaped(server: ModuleType, typed: str) -> None:
    """PrairieLearn shows a format error as HTML (the element's "Invalid" popover): what
    the student typed is quoted as text, never as markup (issue 33)."""
    data = new_variant(server, 2)
    submitted = right_answers(data)
    name = data["params"]["nodes"][0]["answer"]
    submitted[name] = typed
    data = submission(data, submitted)
    phase(server.parse, data, "parse")
    shown = data["format_errors"][name]
    assert _tags(shown) == []
    # the typed text is quoted (as the checker's message writes it), as text
    assert re.sub(r"\W", "", typed)[:10] in re.sub(r"\W", "", html.unescape(shown))


def test_feedback_into_elements_is_escaped(server: ModuleType) -> None:
    """The feedback of partial_scores (pl-checkbox writes each option's unescaped) holds
    no markup but line breaks, even graded without parse's format errors."""
    data = new_variant(server, 2)
    submitted = right_answers(data)
    for node, typed in zip(data["params"]["nodes"], HOSTILE, strict=False):
        submitted[node["answer"]] = typed
    data = submission(data, submitted)
    phase(server.grade, data, "grade")
    texts = []
    for entry in data["partial_scores"].values():
        feedback = entry.get("feedback") or ""
        texts += list(feedback.values()) if isinstance(feedback, dict) else [feedback]
    assert texts and all(set(_tags(t)) <= {"br"} for t in texts)
    assert any("&lt;" in t for t in texts)  # the student's text is there, as text


def test_question_html_escapes_every_value(course: Path) -> None:
    """Mustache escapes {{name}} and leaves {{{name}}} and {{&name}} raw: question.html
    (which shows the feedback items, quoting the student) uses only the escaping form."""
    text = (course / "questions" / "ab" / "question.html").read_text()
    assert "{{{" not in text and "{{&" not in text
    assert "{{text}}" in text and "{{feedback.summary}}" in text


def test_test_hook(server: ModuleType) -> None:
    # data as PrairieLearn passes it to test(): no submitted_answers in this phase, and
    # only raw_submitted_answers, format_errors, partial_scores, score and feedback may
    # change (PrairieLearn's checkData refuses other changes and new keys).
    base = new_variant(server, 6)
    base.update({"options": {}, "preferences": {}, "format_errors": {}, "gradable": True,
                 "raw_submitted_answers": {}, "partial_scores": {}, "score": 0,
                 "feedback": {}})  # fmt: skip
    for kind in ("correct", "incorrect", "invalid"):
        data = {**json.loads(json.dumps(base)), "test_type": kind}
        phase(server.test, data, "test")
        # The prediction is what parse() and grade() give the raw answers.
        check = submission(base, {k: (int(v) if k == "root_value" else v)
                                  for k, v in data["raw_submitted_answers"].items()})  # fmt: skip
        server.parse(check)
        if kind == "invalid":
            assert data["format_errors"] and data["format_errors"] == check["format_errors"]
            continue
        server.grade(check)
        assert data["partial_scores"] == check["partial_scores"]
        assert data["score"] == check["score"] == (1.0 if kind == "correct" else data["score"])
        assert (data["score"] == 1.0) == (kind == "correct")


def test_figures(server: ModuleType) -> None:
    data = new_variant(server, 1)
    tree = server.file({**data, "filename": "tree.svg"})
    key = server.file({**data, "filename": "key.svg"})
    assert tree.startswith("<svg") and 'class="cut"' not in tree
    cuts = len(gametree.AnswerKey(gametree.parse(data["params"]["tree"])).answers()["pruned_edges"])
    assert key.count('class="cut"') == cuts
    graded = submission(data, right_answers(data))
    marked = server.file({**graded, "filename": "marked.svg"})
    assert marked.count(' mark right"') > 0 and " mark wrong" not in marked
    # Every leaf ticked is marked beside its name (a subtree's cut is one edge mark).
    ticked = len(graded["submitted_answers"]["pruned"])
    assert marked.count('class="order mark right"') == ticked
    # An invalid or "save only" submission still gets a picture.
    assert server.file({**data, "submitted_answers": {}, "filename": "marked.svg"}).startswith(
        "<svg"
    )
    assert server.file({**data, "filename": "other.png"}) == ""


def test_server_py_imports_the_courses_copy(course: Path) -> None:
    server_py = str(course / "questions" / "ab" / "server.py")
    code = (
        "import importlib.util, json, sys\n"
        f"sys.path.insert(0, {str(course / 'serverFilesCourse')!r})\n"
        f"spec = importlib.util.spec_from_file_location('s', {server_py!r})\n"
        "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
        "import gametree\n"
        "data = {'params': {}, 'correct_answers': {}, 'variant_seed': 11}\n"
        "m.generate(data)\n"
        "print(json.dumps([gametree.__file__, data['correct_answers']['root_value']]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=course / "questions" / "ab", check=True)  # fmt: skip
    where, value = json.loads(done.stdout)
    assert Path(where).is_relative_to(course / "serverFilesCourse" / "gametree")
    assert isinstance(value, int)


# ---------------------------------------------------------------------------- writing


def test_rewriting_keeps_the_uuid_and_refuses_without_force(tmp_path: Path) -> None:
    settings = question_settings(depth=2, branching=3, prunes=1)
    write_question(tmp_path / "q", settings)
    first = json.loads((tmp_path / "q" / "info.json").read_text())["uuid"]
    with pytest.raises(FileExistsError):
        write_question(tmp_path / "q", settings)
    write_question(tmp_path / "q", settings, force=True)
    assert json.loads((tmp_path / "q" / "info.json").read_text())["uuid"] == first
    write_question(tmp_path / "r", settings)
    assert json.loads((tmp_path / "r" / "info.json").read_text())["uuid"] != first


def test_server_files(tmp_path: Path) -> None:
    written, current = write_server_files(tmp_path)
    assert len(written) > 50 and not current and (tmp_path / "gametree" / "__init__.py").is_file()
    assert write_server_files(tmp_path) == ([], True)
    (tmp_path / "gametree" / "attrs.py").write_text("# another version\n")
    with pytest.raises(PlatformError, match="holds another gametree; add --force"):
        write_server_files(tmp_path)
    assert write_server_files(tmp_path, force=True)[1] is False
    assert write_server_files(tmp_path) == ([], True)


def test_settings_refuse_what_a_question_cannot_do() -> None:
    with pytest.raises(PlatformError, match="needs a pruned leaf"):
        question_settings(prunes=(0, 2))
    with pytest.raises(PlatformError, match="cannot ask 'move'"):
        question_settings(ask=["value", "move"])
    with pytest.raises(gametree.ExerciseError):
        question_settings(depth=2, branching=2, prunes=(3, 4))


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ([], "is not inside a PrairieLearn course (no infoCourse.json above it)"),
        (["--prunes", "0-2", "--server-files", "sf"], "needs a pruned leaf to tick"),
        (["--ask", "pruned,order", "--server-files", "sf"], "cannot ask 'order'"),
    ],
)
def test_cli_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    args = [a if a != "sf" else str(tmp_path / "sf") for a in extra]
    assert main(["prairielearn", *args, "-o", str(tmp_path / "q")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not (tmp_path / "q").exists()


MINE = (
    "(A (B (E 3 5 2) (F 5 1 7) (G 4 4 9)) (C (H 2 7 1) (I 5 4 3) (J 6 2 8))"
    " (D (K 6 6 1) (L 1 8 3) (M 7 5 5)))"
)


def test_own_tree_question_draws_a_new_version_per_variant(tmp_path: Path) -> None:
    """Issue 35: a question could only draw random trees. With --tree, each variant is
    a version of the instructor's tree: same shape, as many pruned edges and leaves,
    other values, and the same seed gives the same version."""
    (tmp_path / "infoCourse.json").write_text("{}")
    (tmp_path / "mine.tree").write_text(MINE + "\n")
    out = tmp_path / "questions" / "mine"
    argv = ["prairielearn", "--tree", str(tmp_path / "mine.tree"), "-q", "-o", str(out)]
    assert main(argv) == 0
    spec = importlib.util.spec_from_file_location("pl_server_mine", out / "server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    original = gametree.AnswerKey(gametree.parse(MINE)).answers()
    trees = set()
    for seed in (1, 2, 3):
        data = new_variant(module, seed)
        G = gametree.parse(data["params"]["tree"])
        answers = gametree.AnswerKey(G).answers()
        assert sorted(G) == sorted(gametree.parse(MINE))  # the same nodes and shape
        assert len(answers["pruned_edges"]) == len(original["pruned_edges"]) == 6
        assert len(answers["pruned"]) == len(original["pruned"]) == 8
        assert {G.nodes[n]["value"] for n in G if not G.succ[n]} <= set(range(1, 10))
        assert data["correct_answers"]["root_value"] == answers["value"]
        assert new_variant(module, seed)["params"] == data["params"]
        trees.add(data["params"]["tree"])
    assert len(trees) == 3 and gametree.to_notation(gametree.parse(MINE)) not in trees


def test_own_tree_refuses_shape_options_and_mirror_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "mine.tree").write_text(MINE + "\n")
    base = ["prairielearn", "-o", str(tmp_path / "q"), "--server-files", str(tmp_path / "s")]
    assert main([*base, "--tree", str(tmp_path / "mine.tree"), "--depth", "4"]) == 2
    assert main([*base, "--mirror"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "gametree prairielearn: error: --depth does not apply with --tree FILE: the variants "
        "take your tree's shape and difficulty",
        "gametree prairielearn: error: --mirror applies to variants of your own tree (--tree FILE)",
    ]


def test_require_bounds_reaches_the_grader(tmp_path: Path) -> None:
    """Issue 35: an instructor could not require bounds. With --require-bounds a bare
    number where the key has a bound loses its point; the bound itself scores."""
    (tmp_path / "infoCourse.json").write_text("{}")
    out = tmp_path / "questions" / "strict"
    argv = ["prairielearn", "--depth", "3", "--branching", "3", "--prunes", "2-4",
            "--require-bounds", "-q", "-o", str(out)]  # fmt: skip
    assert main(argv) == 0
    spec = importlib.util.spec_from_file_location("pl_server_strict", out / "server.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for seed in range(1, 20):
        data = new_variant(module, seed)
        bounded = [n["answer"] for n in data["params"]["nodes"]
                   if data["correct_answers"][n["answer"]][:2] in ("<=", ">=")]  # fmt: skip
        if bounded:
            break
    submitted = right_answers(data)
    graded = submission(data, submitted)
    module.parse(graded)
    module.grade(graded)
    assert graded["score"] == 1.0
    submitted[bounded[0]] = submitted[bounded[0]][2:]  # the bare number
    graded = submission(data, submitted)
    module.parse(graded)
    module.grade(graded)
    assert graded["score"] < 1.0
