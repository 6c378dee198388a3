"""Tests for gametree.platforms.gradescope_code and ``gametree gradescope --code``.

Submissions are CS188 ``multiAgents.py`` files from ``codecheck_students``: the right
``AlphaBetaAgent`` (it cuts only on ``>``), the catalogued ``root-alpha-not-updated``
bug, and broken variants written here. Every results.json is checked against
Gradescope's documented fields (``gradescope_harness.validate``).

The end-to-end tests (``slow``) build the code autograder once with the command, lay it
out like ``/autograder`` and run its own ``setup.sh`` and ``run_autograder``; the
virtual environment is the one the hand-worked answers' zip set up (the same wheel,
which the code zip's ``setup.sh`` finds installed), so the two kinds cost one install.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from codecheck_students import BUGGY, CS188
from gradescope_harness import (
    FIG52,
    clone_environment,
    fake_wheel,
    installed_gametree,
    layout,
    run,
    set_up,
    submit,
    validate,
)

import gametree
from gametree.cli import main
from gametree.exceptions import PlatformError
from gametree.homework.codecheck import Checker, Limits
from gametree.outfiles import OutputExistsError
from gametree.platforms.gradescope import (
    CONFIG_NAME,
    SANDBOX_SETUP,
    Submission,
    SubmissionError,
    run_autograder,
    write_autograder,
)
from gametree.platforms.gradescope_code import (
    SVG_BUDGET,
    checker_from_config,
    entry_file,
    grade_code,
    write_code_autograder,
)

ROOT_LOOP = '        alpha, best = float("-inf"), None\n'
assert CS188.count(ROOT_LOOP) == 1  # AlphaBetaAgent's root loop, where the breakage goes
CRASH = CS188.replace(ROOT_LOOP, ROOT_LOOP + "        x = 1 / 0\n")
LOOP = CS188.replace(ROOT_LOOP, ROOT_LOOP + "        while True:\n            pass\n")
MISSING = CS188.replace("class AlphaBetaAgent", "class AlphaBetaAgen")
ROOT_ALPHA = BUGGY["root-alpha-not-updated"][3]
# Minimax in AlphaBetaAgent's place: it never prunes, so it is wrong on nearly every tree.
NO_PRUNING = CS188.replace("class AlphaBetaAgent", "class Unused").replace(
    "class MinimaxAgent", "class AlphaBetaAgent"
)
# Figure 5.2 by hand: after B = 3, alpha = 3 reaches C; its first leaf H = 2 <= 3 ends C,
# so I and J are never read. Code that calls each root move with (-inf, inf) reads I.
FIG52_DIVERGENCE = (
    "at C (MIN) the value 2 &lt; alpha 3 inherited from A after B returned 3, so "
    "alpha-beta stops at C; your code went on to evaluate I"
)


def config_of(zip_path: Path) -> dict[str, Any]:
    with zipfile.ZipFile(zip_path) as archive:
        config: dict[str, Any] = json.loads(archive.read(CONFIG_NAME))
    return config


@pytest.fixture(scope="module")
def code_config(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The suite for CS188's AlphaBetaAgent, one-second time-outs."""
    out = tmp_path_factory.mktemp("code") / "ag.zip"
    checker = Checker("cs188", "AlphaBetaAgent", limits=Limits(timeout=1))
    write_code_autograder(out, checker, wheel=fake_wheel())
    return config_of(out)


def grade(config: dict[str, Any], folder: Path, files: dict[str, str | bytes]) -> dict[str, Any]:
    return validate(grade_code(config, submit(folder, files)))


def outputs(doc: dict[str, Any]) -> dict[str, str]:
    return {t["name"]: t["output"] for t in doc["tests"]}


# ---------------------------------------------------------------------------- the zip


def test_both_kinds_share_the_scripts_and_the_wheel(tmp_path: Path) -> None:
    hand = write_autograder(tmp_path / "hand.zip", gametree.load(FIG52), wheel=fake_wheel())
    checker = Checker("cs188", "AlphaBetaAgent")
    made = write_code_autograder(tmp_path / "code.zip", checker, wheel=fake_wheel())
    assert (made.tests, made.total) == (len(checker.cases), float(len(checker.cases)))
    with zipfile.ZipFile(hand.path) as a, zipfile.ZipFile(made.path) as b:
        assert a.namelist() == b.namelist()
        # setup.sh differs only in the code zip's installing bubblewrap for its sandbox.
        setup = b.read("setup.sh").decode()
        assert "apt-get install -y bubblewrap" in setup
        assert "bubblewrap" not in a.read("setup.sh").decode()
        assert a.read("setup.sh").decode() == setup.replace(SANDBOX_SETUP, "")
        assert a.read(hand.wheel) == b.read(made.wheel)
        # run_autograder differs only in the points its fallback results.json gives 0 of.
        mine, theirs = (z.read("run_autograder").decode().split("<<'JSON'")[0] for z in (a, b))
        assert mine == theirs
        assert b.getinfo("run_autograder").external_attr >> 16 & 0o111
    config = config_of(made.path)
    assert config["mode"] == "code"
    assert config["code"] == {
        "protocol": "cs188",
        "entry": "AlphaBetaAgent",
        "algorithm": "alphabeta",
        "prune_on_equal": "course",
        "tie_break": "course",
        "ordered": "course",
        "foreign_agent_calls": "course",
        "limits": {
            "timeout": 2.0, "memory_mb": 512, "output_chars": 2000, "calls": 200_000,
            "max_timeouts": 2, "processes": 8, "disk_mb": 64,
        },
        "file": "multiAgents.py",
        "sandbox": "auto",
        "require_sandbox": True,
    }  # fmt: skip
    assert config["tests"] == [f"tree {c.name}" for c in checker.cases]


def test_every_tree_is_bundled_and_rebuilds_the_same_checker(tmp_path: Path) -> None:
    mine = tmp_path / "mine.tree"
    mine.write_text("(A (B (C=4 5 6) 1) (E 3 9))")  # C is scored by its value at depth 2
    checker = Checker("tree", "f", "minimax", trees=[mine], random=2, seed=5, depth=2)
    config = config_of(write_code_autograder(tmp_path / "a.zip", checker, wheel=fake_wheel()).path)
    names = [t["name"] for t in config["trees"]]
    assert names[-3:] == ["mine.tree", "random-5-1", "random-5-2"]
    assert names[0] == "fig52" and len(names) == len(checker.cases)
    assert config["trees"][-3]["depth"] == 2
    assert config["trees"][-1]["purpose"] == "random tree 2 of seed 5"
    rebuilt = checker_from_config(config)
    assert [c.spec for c in rebuilt.cases] == [c.spec for c in checker.cases]
    assert [c.purpose for c in rebuilt.cases] == [c.purpose for c in checker.cases]
    assert (rebuilt.protocol, rebuilt.entry, rebuilt.algorithm) == ("tree", "f", "minimax")
    assert [e[None].evaluations for e in rebuilt.expected] == [
        e[None].evaluations for e in checker.expected
    ]


@pytest.mark.parametrize(
    ("settings", "error", "message"),
    [
        ({"visibility": "soon"}, PlatformError, "visibility 'soon'"),
        ({"max_bytes": 0}, PlatformError, "max_bytes must be at least 1"),
        ({"force": False}, OutputExistsError, "exists"),
    ],
)
def test_write_code_autograder_refuses_bad_settings(
    tmp_path: Path, settings: dict[str, Any], error: type[Exception], message: str
) -> None:
    target = tmp_path / ("b.zip" if "force" in settings else "a.zip")
    if "force" in settings:
        target.write_text("mine")
    checker = Checker("cs188", "MinimaxAgent")
    with pytest.raises(error, match=message):
        write_code_autograder(target, checker, wheel=fake_wheel(), **settings)
    assert target.read_text() == "mine" if "force" in settings else not target.exists()


# ---------------------------------------------------------------------------- the file


def sub(name: str, text: str) -> Submission:
    return Submission(name, text.encode())


AGENT = "class AlphaBetaAgent:\n    pass\n"


@pytest.mark.parametrize(
    ("files", "graded", "why"),
    [
        ([("hw.py", "x = 1")], "hw.py", None),  # one file: graded, whatever it holds
        (
            [("p/multiAgents (1).py", AGENT), ("p/util.py", "def lookup(): pass"),
             ("p/pacman.py", "import util")],
            "p/multiAgents (1).py", "the file that defines AlphaBetaAgent",
        ),
        (
            [("old/multiAgents.py", AGENT), ("multiAgents.py", AGENT), ("a.py", "y = 2")],
            None, "Several of your files define AlphaBetaAgent",
        ),
        (
            [("mine.py", AGENT), ("multiAgents.py", AGENT)],
            "multiAgents.py", "it has the usual name, multiAgents.py",
        ),
        (
            [("multiAgents.py", "class AlphaBetaAgen: pass"), ("util.py", "x = 1")],
            "multiAgents.py", "none defines AlphaBetaAgent",
        ),
        ([("agents.py", "def f(:"), ("util.py", "x = 1")], "agents.py", "not valid Python"),
        (
            [("a.py", "x = 1"), ("b.py", "y = 2")],
            None, "None of your files (a.py, b.py) defines AlphaBetaAgent (usually in",
        ),
    ],
)  # fmt: skip
def test_the_file_that_defines_the_entry_is_graded(
    files: list[tuple[str, str]], graded: str | None, why: str | None
) -> None:
    given = [sub(n, t) for n, t in files]
    if graded is None:
        with pytest.raises(SubmissionError) as caught:
            entry_file(given, "AlphaBetaAgent", "multiAgents.py")
        assert why is not None and why in str(caught.value)
        return
    chosen = entry_file(given, "AlphaBetaAgent", "multiAgents.py")
    assert chosen.name == graded
    if why is not None:
        assert why in chosen.notes[0] and "not graded: " in chosen.notes[0]


# ---------------------------------------------------------------------------- grading


def test_right_code_passes_every_tree(tmp_path: Path, code_config: dict[str, Any]) -> None:
    doc = grade(code_config, tmp_path, {"multiAgents.py": CS188})
    total = code_config["total"]
    assert doc["score"] == total and all(t["status"] == "passed" for t in doc["tests"])
    assert [t["name"] for t in doc["tests"]] == code_config["tests"]
    assert all(t["output_format"] == "html" for t in doc["tests"])
    assert f"Score: {total:g} / {total:g}" in doc["output"]
    assert "is right on every tree" in doc["output"]
    # CS188's AlphaBetaAgent above cuts only on >, CS188's own rule (issue 34).
    assert "Convention: the course&#x27;s (cs188), cut only on &gt;" in doc["output"]
    assert "Right: your code returned move a1." in outputs(doc)["tree fig52"]
    assert doc["extra_data"]["convention"]["prune_on_equal"] is False


def test_a_catalogued_bug_is_named_with_its_fix(
    tmp_path: Path, code_config: dict[str, Any]
) -> None:
    doc = grade(code_config, tmp_path, {"multiAgents.py": ROOT_ALPHA})
    expected = Checker("cs188", "AlphaBetaAgent").check(ROOT_ALPHA.encode(), "multiAgents.py")
    assert doc["score"] == expected.right < code_config["total"]
    assert "Bug found: root-alpha-not-updated" in doc["output"]
    assert "How to fix it:</strong> at the root, raise alpha" in doc["output"]
    fig52 = outputs(doc)["tree fig52"]
    assert FIG52_DIVERGENCE in fig52
    assert "<pre>A  MAX\n" in fig52 and "you #5" in fig52  # the text art: I is its 5th read
    assert "<svg" in fig52 and "first difference at C" in fig52  # the picture
    assert "<strong>Bug: root-alpha-not-updated</strong>" in fig52
    assert doc["extra_data"]["bugs"] == ["root-alpha-not-updated"]


def test_pictures_stop_at_the_budget(tmp_path: Path) -> None:
    checker = Checker("cs188", "AlphaBetaAgent", random=3, seed=1)
    config = config_of(write_code_autograder(tmp_path / "a.zip", checker, wheel=fake_wheel()).path)
    doc = grade(config, tmp_path / "s", {"multiAgents.py": NO_PRUNING})
    assert "Bug found: no-pruning" in doc["output"]
    texts = [t["output"] for t in doc["tests"] if "<svg" in t["output"]]
    pictures = [x[x.index("<svg") : x.index("</svg>") + len("</svg>")] for x in texts]
    assert pictures and sum(map(len, pictures)) <= SVG_BUDGET
    left_out = [t for t in doc["tests"] if "picture is left out" in t["output"]]
    assert left_out and all("<pre>" in t["output"] for t in left_out)  # the text art stays
    assert len(json.dumps(doc)) < 200_000


def test_a_crash_is_each_trees_finding(tmp_path: Path, code_config: dict[str, Any]) -> None:
    doc = grade(code_config, tmp_path, {"multiAgents.py": CRASH})
    assert doc["score"] == 0 and len(doc["tests"]) == len(code_config["tests"])
    fig52 = outputs(doc)["tree fig52"]
    assert "ZeroDivisionError: division by zero" in fig52
    assert "in getAction: x = 1 / 0" in fig52
    assert "<svg" not in fig52  # nothing was searched: no picture of it
    assert "Your code failed on 14 trees" in doc["output"]


@pytest.mark.parametrize(
    ("files", "name", "says"),
    [
        ({"multiAgents.py": MISSING}, "Loading multiAgents.py",
         "multiAgents.py has no AlphaBetaAgent (it defines: AlphaBetaAgen, ExpectimaxAgent"),
        ({"multiAgents.py": " \n"}, "Reading your submission",
         "multiAgents.py is empty. Write your AlphaBetaAgent in it, save it, and submit again."),
        ({"answers.txt": "value = 3"}, "Reading your submission",
         "has no Python file (.py); it has: answers.txt"),
        ({"multiAgents.py": "def getAction(:\n"}, "Loading multiAgents.py",
         "could not be loaded: SyntaxError"),
        ({"multiAgents.py": "import helpers\n" + CS188}, "Loading multiAgents.py",
         "Only multiAgents.py is run (util, game and pacman are supplied)"),
        ({"multiAgents.py": "import sys\nsys.exit(1)\n"}, "Loading multiAgents.py",
         "must not call exit() when it is loaded"),
        ({"multiAgents.py": b"\xff\xfe" + b"x" * 10}, "Loading multiAgents.py",
         "could not be loaded"),
        ({"a.py": "x = 1", "b.py": "y = 2"}, "Reading your submission",
         "None of your files (a.py, b.py) defines AlphaBetaAgent (usually in multiAgents.py)"),
    ],
)  # fmt: skip
def test_a_submission_that_cannot_run_scores_zero_with_what_to_do(
    tmp_path: Path, code_config: dict[str, Any], files: dict[str, str | bytes], name: str, says: str
) -> None:
    doc = grade(code_config, tmp_path, files)
    assert doc["score"] == 0
    [test] = doc["tests"]
    assert (test["name"], test["max_score"]) == (name, code_config["total"])
    assert says in test["output"], test["output"]


def test_an_oversized_file_is_not_run(tmp_path: Path, code_config: dict[str, Any]) -> None:
    small = {**code_config, "max_bytes": 1000}
    doc = grade(small, tmp_path, {"multiAgents.py": CS188})
    assert "multiAgents.py is " in doc["tests"][0]["output"]
    assert "a Python file here is at most 1,000 bytes" in doc["tests"][0]["output"]


PRUNES_ON_EQUAL = CS188.replace("if v > beta:", "if v >= beta:").replace(
    "if v < alpha:", "if v <= alpha:"
)


def test_a_cs188_zip_fails_pruning_on_equality_with_no_flag(
    tmp_path: Path, code_config: dict[str, Any]
) -> None:
    assert PRUNES_ON_EQUAL != CS188
    doc = grade(code_config, tmp_path, {"multiAgents.py": PRUNES_ON_EQUAL})
    assert doc["score"] < code_config["total"]
    assert "Bug found: prunes-on-equal" in doc["output"]
    assert "Convention: the course&#x27;s (cs188), cut only on &gt;" in doc["output"]


def test_the_courses_pinned_rule_is_held(tmp_path: Path) -> None:
    checker = Checker("cs188", "AlphaBetaAgent", prune_on_equal=True)
    config = config_of(write_code_autograder(tmp_path / "a.zip", checker, wheel=fake_wheel()).path)
    doc = grade(config, tmp_path / "s", {"multiAgents.py": CS188})  # it cuts only on >
    assert "Convention: the instructor&#x27;s, cut on &gt;=" in doc["output"]
    assert "Bug found: misses-equal-cutoff" in doc["output"]
    assert 0 < doc["score"] < config["total"]


def test_run_autograder_dispatches_to_the_code_grader(
    tmp_path: Path, code_config: dict[str, Any]
) -> None:
    root = tmp_path / "autograder"
    (root / "source").mkdir(parents=True)
    (root / "source" / CONFIG_NAME).write_text(json.dumps(code_config))
    submit(root / "submission", {"multiAgents.py": CS188})
    assert run_autograder(root) == 0
    doc = validate(json.loads((root / "results" / "results.json").read_text()))
    assert doc["score"] == code_config["total"]


# ---------------------------------------------------------------------------- the command


def test_cli_writes_the_code_autograder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "mine.tree"
    mine.write_text("(A (B 1 5) (C 2 7))")
    out = tmp_path / "ag.zip"
    argv = ["gradescope", "--code", "--protocol", "mutable", "--entry", "negamaxAB", "-a",
            "alphabeta", "--strict", "--trees", str(mine), "--random", "2", "--seed", "4",
            "--timeout", "3", "--memory", "256", "--visibility", "after_due_date",
            "-o", str(out)]  # fmt: skip
    assert main(argv) == 0
    printed = capsys.readouterr().out
    config = config_of(out)
    assert printed.startswith(
        f"autograder: negamaxAB (mutable, alphabeta) on {len(config['tests'])} trees, one "
        "point each, bundling gametree-"
    )
    assert config["code"]["prune_on_equal"] is False
    assert config["code"]["limits"]["timeout"] == 3.0
    assert config["code"]["limits"]["memory_mb"] == 256
    assert config["visibility"] == "after_due_date"
    assert [t["name"] for t in config["trees"]][-3:] == ["mine.tree", "random-4-1", "random-4-2"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--code", "--protocol", "cs188", "--ask", "value"], "--ask is for hand-worked answers"),
        (["--code", "--protocol", "cs188", str(FIG52)], "TREE is for hand-worked answers"),
        (["--code", "--protocol", "cs188", "--fail", "hard"], "--fail is for hand-worked"),
        ([str(FIG52), "--protocol", "cs188"], "--protocol applies only with --code"),
        ([str(FIG52), "--random", "3"], "--random applies only with --code"),
        ([], "give the TREE the answers are about, or --code"),
        (["--code"], "--code needs --protocol aima|cs188|mutable|tree"),
        (["--code", "--protocol", "tree", "--entry", "f"], "name the algorithm 'f' implements"),
        (["--code", "--protocol", "cs188", "-a", "pvs"], "unknown algorithm 'pvs'"),
        (["--code", "--protocol", "cs188", "--strict", "--prune-on-equal"],
         "--strict and --prune-on-equal cannot be used together"),
        (["--code", "--protocol", "cs188", "--convention", "auto", "--strict"],
         "--convention auto and --strict cannot be used together"),
        (["--code", "--protocol", "cs188", "-a", "minimax", "--trees", "nowhere.tree"],
         "nowhere.tree: No such file or directory"),
        (["--code", "--protocol", "cs188", "-a", "minimax", "--random", "-1"],
         "--random must be 0 or more"),
        (["--code", "--protocol", "cs188", "-a", "minimax", "--timeout", "0"],
         "timeout must be between 0 and 3600 seconds"),
        (["--code", "--protocol", "cs188", "-a", "minimax", "--no-suite"], "no tree to check"),
    ],
)  # fmt: skip
def test_cli_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert main(["gradescope", *argv, "-o", str(tmp_path / "x.zip")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err
    assert not (tmp_path / "x.zip").exists()


# ---------------------------------------------------------------------------- end to end


@pytest.fixture(scope="session")
def code_root(gradescope_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The code autograder (built with the command: the suite, an instructor's tree and
    a random one), laid out like /autograder and set up by its own setup.sh, over a copy
    of the environment the hand-worked answers' zip installed."""
    out = tmp_path_factory.mktemp("code-zip") / "autograder.zip"
    argv = ["gradescope", "--code", "--protocol", "cs188", "--entry", "AlphaBetaAgent",
            "--trees", str(FIG52), "--random", "1", "--seed", "3", "--timeout", "1", "-q",
            "-o", str(out)]  # fmt: skip
    assert main(argv) == 0
    root = layout(out, tmp_path_factory.mktemp("gs-code") / "autograder")
    clone_environment(gradescope_root, root)
    set_up(root)
    return root


@pytest.mark.slow
def test_end_to_end_right_and_wrong_code(code_root: Path) -> None:
    # The zip's own setup.sh installed its wheel into this root's environment.
    assert installed_gametree(code_root)[0].is_relative_to(code_root / "gametree-venv")
    config = config_of_root(code_root)
    total = config["total"]
    assert config["tests"][-2:] == ["tree fig52.tree", "tree random-3-1"]
    right = run(code_root, {"multiAgents.py": CS188})
    assert right["score"] == total and f"Score: {total:g} / {total:g}" in right["output"]
    wrong = run(code_root, {"multiAgents.py": ROOT_ALPHA})
    assert 0 < wrong["score"] < total
    assert "Bug found: root-alpha-not-updated" in wrong["output"]
    assert FIG52_DIVERGENCE in outputs(wrong)["tree fig52.tree"]  # the instructor's copy
    # Built with no convention flag, the CS188 zip holds CS188's rule (issue 34).
    equal = run(code_root, {"multiAgents.py": PRUNES_ON_EQUAL})
    assert equal["score"] < total and "Bug found: prunes-on-equal" in equal["output"]


def config_of_root(root: Path) -> dict[str, Any]:
    config: dict[str, Any] = json.loads((root / "source" / CONFIG_NAME).read_text())
    return config


@pytest.mark.slow
@pytest.mark.parametrize(
    ("files", "says"),
    [
        ({"multiAgents.py": CRASH}, "ZeroDivisionError: division by zero"),
        ({"multiAgents.py": MISSING}, "multiAgents.py has no AlphaBetaAgent"),
        ({"multiAgents.py": ""}, "multiAgents.py is empty"),
        (None, "No submission was found. Upload your Python file (.py)"),
    ],
)
def test_end_to_end_broken_code_scores_zero(
    code_root: Path, files: dict[str, str] | None, says: str
) -> None:
    doc = run(code_root, files)
    assert doc["score"] == 0
    assert sum(t["max_score"] for t in doc["tests"]) == config_of_root(code_root)["total"]
    assert says in doc["tests"][0]["output"]


@pytest.mark.slow
def test_end_to_end_an_endless_loop_times_out(code_root: Path) -> None:
    doc = run(code_root, {"multiAgents.py": LOOP})
    assert doc["score"] == 0
    tests = doc["tests"]
    # Two trees run out of time (one second each); the rest are not run.
    assert all("it ran out of time" in t["output"] for t in tests[:2])
    assert all("Not run. Ran out of time on 2 trees" in t["output"] for t in tests[2:])
    assert "while True:" in tests[0]["output"]
