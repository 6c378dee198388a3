"""The child process: faults in a submission become findings, never a crash of ours.

Each test runs one small submission in a child process (tiny time limits keep them
quick): loops, infinite recursion, megabytes of prints, failing imports, a missing
entry, ``sys.exit``, ``os._exit``, memory, an alarm swallowed by the code, and a
process the code started, which must die with it.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import gametree
from gametree.homework.codecheck.runner import Limits, module_name, run_child
from gametree.homework.codecheck.treespec import tree_case

TREES = [
    tree_case(gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"), f"T{i}", index=i).spec
    for i in range(3)
]
FAST = Limits(timeout=0.4, memory_mb=256)


def run(source: str, entry: str = "f", limits: Limits = FAST) -> object:
    return run_child(
        source.encode(),
        "student.py",
        protocol="plaintree",
        entry=entry,
        algorithm="minimax",
        trees=TREES,
        limits=limits,
        standins=False,
    )


def test_a_right_function_reports_every_tree() -> None:
    out = run(
        "def f(node):\n"
        "    if not node.children:\n"
        "        return node.value\n"
        "    vals = [f(c) for c in node.children]\n"
        "    return max(vals) if node.player == 'MAX' else min(vals)\n"
    )
    assert sorted(out.trees) == [0, 1, 2] and out.load is None and out.processes == 1  # type: ignore[attr-defined]
    first = out.trees[0]  # type: ignore[attr-defined]
    assert first["result"] == {"value": 3} and first["error"] is None
    assert [e[1] for e in first["log"] if e[0] == "e"] == list("EFGHIJKLM")


def test_an_endless_loop_times_out_with_its_line_and_the_rest_is_not_run() -> None:
    out = run("def f(node):\n    while True:\n        pass\n")
    assert [out.trees[i]["error"]["kind"] for i in sorted(out.trees)] == ["timeout", "timeout"]  # type: ignore[attr-defined]
    assert (
        out.trees[0]["error"]["frames"] == [[3, "f", "pass", 1]]
        or out.trees[0]["error"]["frames"][0][1] == "f"
    )  # type: ignore[attr-defined]
    assert any("rest were not run" in n for n in out.notes)  # type: ignore[attr-defined]


def _running(argument: str) -> list[int]:
    """The processes (any user's) whose command line holds ``argument``."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and argument.encode() in (entry / "cmdline").read_bytes():
                state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
                found += [int(entry.name)] if state != "Z" else []
        except OSError:
            continue
    return found


def test_code_that_swallows_the_alarm_is_killed_with_what_it_started() -> None:
    mark = f"{os.getpid()}.{time.monotonic_ns() % 10**9}"
    source = (
        "import subprocess, time\n"
        f"p = subprocess.Popen(['sleep', '{mark}'])\n"
        "def f(node):\n"
        "    while True:\n"
        "        try:\n"
        "            time.sleep(10)\n"
        "        except BaseException:\n"
        "            pass\n"
    )
    began = time.monotonic()
    out = run(source, limits=Limits(timeout=0.3, memory_mb=256, max_timeouts=1))
    assert time.monotonic() - began < 10
    error = out.trees[0]["error"]  # type: ignore[attr-defined]
    assert error["kind"] == "timeout" and "killed" in error["message"]
    deadline = time.monotonic() + 5  # a loaded machine may take a moment to deliver it
    while _running(mark) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(mark)


def test_infinite_recursion_is_a_finding_with_the_repeated_line_counted() -> None:
    out = run("def f(node):\n    return f(node)\n")
    error = out.trees[0]["error"]  # type: ignore[attr-defined]
    assert error["kind"] == "recursion"
    (line, function, text, times) = error["frames"][-1]
    assert (line, function, text) == (2, "f", "return f(node)") and times > 100


def test_megabytes_of_prints_are_cut_and_counted() -> None:
    out = run(
        "def f(node):\n    for i in range(200000):\n        print('debug line', i)\n    return 3\n",
        limits=Limits(timeout=5, memory_mb=256),
    )
    text, chars = out.trees[0]["out"]  # type: ignore[attr-defined]
    assert chars > 2_000_000 and len(text) == FAST.output_chars and text.startswith("debug line 0")
    assert out.trees[0]["result"] == {"value": 3}  # type: ignore[attr-defined]


def test_a_failing_import_and_a_syntax_error_are_load_findings() -> None:
    out = run("import numpyy_does_not_exist\n\ndef f(node):\n    return 1\n")
    assert out.load["kind"] == "exception" and out.load["type"] == "ModuleNotFoundError"  # type: ignore[attr-defined, index]
    assert out.load["frames"] == [[1, "<module>", "import numpyy_does_not_exist", 1]]  # type: ignore[attr-defined, index]
    assert not out.trees  # type: ignore[attr-defined]
    out = run("def f(node)\n    return 1\n")
    assert out.load["type"] == "SyntaxError"  # type: ignore[attr-defined, index]


def test_a_missing_entry_lists_what_the_file_defines() -> None:
    out = run("def minimax(node):\n    return 1\n\ndef helper():\n    pass\n", entry="alphabeta")
    assert out.missing == "alphabeta" and out.names == ["helper", "minimax"]  # type: ignore[attr-defined]


def test_sys_exit_os_exit_and_memory_are_findings() -> None:
    out = run("import sys\ndef f(node):\n    sys.exit(3)\n")
    assert out.trees[0]["error"]["kind"] == "exit"  # type: ignore[attr-defined]
    out = run("import os\ndef f(node):\n    os._exit(3)\n")
    assert out.trees[0]["error"]["kind"] == "died"  # type: ignore[attr-defined]
    assert "exited with status 3" in out.trees[0]["error"]["message"]  # type: ignore[attr-defined]
    assert out.processes == 3  # type: ignore[attr-defined]  # a fresh child for each tree
    out = run("def f(node):\n    hog = [0] * (10 ** 9)\n    return hog[0]\n")
    assert out.trees[0]["error"]["kind"] == "memory"  # type: ignore[attr-defined]


def test_only_the_students_lines_are_quoted() -> None:
    out = run("def f(node):\n    return node.children[0].value + None\n")
    error = out.trees[0]["error"]  # type: ignore[attr-defined]
    assert error["type"] == "TypeError"
    assert error["frames"] == [[2, "f", "return node.children[0].value + None", 1]]


def test_the_child_starts_in_its_own_folder_with_a_clean_environment() -> None:
    os.environ["GAMETREE_SECRET_FOR_TEST"] = "x"
    try:
        out = run(
            "import os\n"
            "def f(node):\n"
            "    return len(os.listdir('.')) * 100 + ('GAMETREE_SECRET_FOR_TEST' in os.environ)\n"
        )
    finally:
        del os.environ["GAMETREE_SECRET_FOR_TEST"]
    assert out.trees[0]["result"] == {"value": 100}  # type: ignore[attr-defined]  # its own copy only


def test_module_names() -> None:
    assert module_name("multiAgents.py") == "multiAgents"
    assert module_name("2024 ann.py") == "submission" and module_name("json.py") == "submission"
