"""The parent trusts nothing from the child: size caps, schemas, and skips it decides.

Known-answer tests on :mod:`gametree.homework.codecheck.messages` (every field of a
tree's run checked; a line read in pieces, many lines, one too long), and end to end
through :class:`~gametree.homework.codecheck.Checker`: which trees the parent lets an
entry skip, read from its source (``takes_depth``), and what a forged skip becomes.
"""

from __future__ import annotations

import os
import time
from typing import Any

import pytest

import gametree
from gametree.homework.codecheck import Checker
from gametree.homework.codecheck.checker import takes_depth
from gametree.homework.codecheck.messages import (
    Channel,
    Malformed,
    check_head,
    check_tree,
    parse,
)
from gametree.homework.codecheck.runtime.binding import SKIPPED

NODES = frozenset("ABCDEFGHIJKLM")


def tree_message(**changes: Any) -> dict[str, Any]:
    message = {
        "tree": 0,
        "log": [["g", "B", 1], ["e", "E", 1], ["n", "B", "agent", "wrong index"]],
        "calls": 3,
        "result": {"action": "a1", "value": 3},
        "error": None,
        "out": ["hi", 2],
        "seconds": 0.01,
    }
    message.update(changes)
    return message


def checked(message: dict[str, Any], may_skip: tuple[str, ...] = ()) -> dict[str, Any]:
    return check_tree(message, 0, NODES, calls=100, output_chars=10, may_skip=may_skip)


def test_a_message_the_child_writes_is_accepted_as_it_is() -> None:
    assert checked(tree_message()) == tree_message()
    error = {"kind": "exception", "type": "ValueError", "message": "x", "frames": [[3, "f", "", 1]]}
    assert checked(tree_message(result=None, error=error))["error"] == error


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"tree": 1}, "where tree 0 was next"),
        ({"tree": True}, "where tree 0 was next"),
        ({"log": [["e", "Z", 1]]}, "the recorder does not write"),
        ({"log": [["e", ["A"], 1]]}, "the recorder does not write"),
        ({"log": [["g", "B", -1]]}, "the recorder does not write"),
        ({"log": [["x"]]}, "the recorder does not write"),
        ({"log": [["e", "E", 1]] * 9}, "longer than the calls"),
        ({"calls": 101 + 1}, "not a count"),
        ({"calls": "3"}, "not a count"),
        ({"out": ["x" * 11, 11]}, "characters long"),
        ({"out": ["abc", 1]}, "longer than its length"),
        ({"seconds": float("nan")}, "not a time"),
        ({"result": None}, "both a result and an error, or neither"),
        ({"error": {"kind": "timeout", "type": "", "message": "", "frames": []}}, "both"),
        ({"result": {"value": [1, 2]}}, "not a value the child sends"),
        ({"result": {"value": 3, "score": 1}}, "a result with the fields"),
        ({"result": {"end": {"moves_made": 1, "at": "Q"}}}, "a node the tree does not have"),
        ({"result": {"skipped": "no depth"}}, "a tree the entry cannot skip"),
        ({"extra": 1}, "with the fields"),
    ],
)
def test_anything_else_is_malformed_and_says_what(changes: dict[str, Any], why: str) -> None:
    with pytest.raises(Malformed, match=why):
        checked(tree_message(**changes))


def test_a_skip_is_kept_only_in_the_parents_own_words_where_it_may_skip() -> None:
    message = tree_message(log=[], calls=0, result={"skipped": SKIPPED})
    assert checked(message, may_skip=(SKIPPED,)) == message
    with pytest.raises(Malformed, match="a tree the entry cannot skip"):
        checked(tree_message(log=[], calls=0, result={"skipped": "x" * 50}), may_skip=(SKIPPED,))
    with pytest.raises(Malformed, match="a tree the entry cannot skip"):
        checked(message)


def test_heads_and_lines_that_are_not_objects() -> None:
    assert check_head({"loaded": 0.1, "out": ["", 0]}, 10) == "loaded"
    assert check_head({"missing": "f", "names": ["g"], "out": ["", 0]}, 10) == "missing"
    for bad in ({"loaded": "0.1", "out": ["", 0]}, {"load": {}, "out": ["", 0]}, {"done": True}):
        with pytest.raises(Malformed):
            check_head(bad, 10)
    for line in (b"not json", b"[1, 2]", b"\xff\xfe", b"[" * 100_000):
        with pytest.raises(Malformed):
            parse(line)


def channel_of(data: bytes, line_bytes: int, total_bytes: int = 1 << 30) -> Channel:
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    os.close(err_w)
    with os.fdopen(out_w, "wb") as writer:  # a pipe holds 64 KB: the tests stay below
        writer.write(data)
    return Channel(os.fdopen(out_r, "rb"), os.fdopen(err_r, "rb"), line_bytes, total_bytes)


def test_lines_come_back_whole_and_in_order() -> None:
    lines = [b'{"n": %d}' % i for i in range(3000)]
    channel = channel_of(b"\n".join(lines) + b"\npartial", 100)
    got = []
    while (line := channel.next(time.monotonic() + 5)) is not None:
        got.append(line)
    assert got == lines  # the unterminated tail is no message


def test_a_line_or_a_stream_over_its_cap_is_malformed() -> None:
    with pytest.raises(Malformed, match="a line of"):
        channel_of(b"x" * 5000 + b"\n", 1000).next(time.monotonic() + 5)
    with pytest.raises(Malformed, match="a line of more than"):
        channel_of(b"x" * 5000, 1000).next(time.monotonic() + 5)
    channel = channel_of(b"ab\n" * 5000, 10, total_bytes=1000)
    with pytest.raises(Malformed, match="in all"):
        while channel.next(time.monotonic() + 5) is not None:
            pass


# ---------------------------------------------------------------------------- skips

DEPTH_TREE = gametree.parse("(A (B (E 3 12) (F 8 2)) (C (G 2 4) (H 6 14)))")
for node, value in (("B", 4), ("C", 5)):
    DEPTH_TREE.nodes[node]["value"] = value


def test_the_parent_reads_whether_the_entry_takes_a_depth() -> None:
    assert takes_depth(b"def f(node, depth):\n    pass\n", "f") is True
    assert takes_depth(b"def f(node, maxPly=3):\n    pass\n", "f") is True
    assert takes_depth(b"def f(node):\n    pass\n", "f") is False
    assert takes_depth(b"@cache\ndef f(node, depth):\n    pass\n", "f") is None
    assert takes_depth(b"def f(node, depth):\n    pass\nf = g\n", "f") is None
    assert takes_depth(b"def f(:\n", "f") is None


MINIMAX = """\
def f(node{extra}):
    if not node.children:
        return node.value
    values = [f(c) for c in node.children]
    return max(values) if node.player == "MAX" else min(values)
"""
FORGE_SKIPS = """
import gc
for thing in gc.get_objects():
    if isinstance(thing, dict) and "run" in thing and "presentable" in thing:
        thing["run"] = lambda *args, **kwargs: {"skipped": "not presented"}
"""


def test_an_honest_skip_counts_for_nothing_and_a_forged_one_is_wrong() -> None:
    checker = Checker(
        "tree", "f", "minimax", trees=[gametree.parse("(A (B 3 5) (C 2 9))")], suite=False
    )
    limited = Checker("tree", "f", "minimax", trees=[DEPTH_TREE], depth=1, suite=False)
    honest = MINIMAX.format(extra="").encode()
    # No depth parameter: the depth-limited tree is not presented (and not scored).
    assert limited.skippable(honest) == {0: {SKIPPED}}
    assert limited.check(honest, "ann.py").trees == ()
    assert checker.check(honest, "ann.py").ok
    # The same code, forging skips: on a tree it must run, that is a wrong tree.
    forged = checker.check(honest + FORGE_SKIPS.encode(), "bob.py")
    assert (forged.verdict, forged.score) == ("incorrect", 0.0)
    assert "never writes" in forged.trees[0].error["message"]  # type: ignore[index]
    # With a depth parameter the parent expects the tree run: a skip is forged.
    deep = MINIMAX.format(extra=", depth").encode()
    assert limited.skippable(deep) == {}
    assert limited.check(deep + FORGE_SKIPS.encode(), "cy.py").verdict == "incorrect"


def test_an_early_end_on_the_results_channel_is_the_trees_finding() -> None:
    checker = Checker("tree", "f", "minimax", trees=[gametree.parse("(A (B 3 5) (C 2 9))")] * 2)
    early = """
import os
def f(node):
    for fd in range(3, 12):
        try:
            os.write(fd, b'{"done": true}\\n')
        except OSError:
            pass
    return 3
"""
    report = checker.check(early.encode(), "dee.py")
    assert report.verdict == "incorrect" and report.right == 0
    assert all("the end with tree" in t.error["message"] for t in report.trees)  # type: ignore[index]
