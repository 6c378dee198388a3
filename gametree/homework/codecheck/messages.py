"""The child's messages, read as the submission's words: size caps and schemas.

The child process runs in the same interpreter as the submission, which can write
anything on the results descriptor. :class:`Channel` reads its lines in linear time
with a cap on each line and on the whole stream; :func:`check_head`,
:func:`check_tree` and :func:`check_end` accept a parsed line only when every field
has the type, range and length the child's own code produces, and raise
:class:`Malformed` (saying what is wrong) otherwise. The runner turns that into a
finding on the tree in progress.
"""

from __future__ import annotations

import json
import math
import os
import selectors
import time
from collections.abc import Collection, Mapping
from typing import Any

__all__ = [
    "ERROR_KINDS",
    "Channel",
    "Malformed",
    "check_end",
    "check_head",
    "check_tree",
    "line_limit",
]

ERROR_KINDS = frozenset(
    {"refused", "exception", "timeout", "recursion", "memory", "exit", "not-written", "died"}
)
"""How a run may fail, as the child reports it."""
TEXT = 2000
"""Longest message, type or source line the child's own code sends (it cuts them
shorter)."""
VALUE_TEXT = 100_000
"""Longest string a returned action or value may be."""
FRAMES = 12


class Malformed(ValueError):
    """A line from the child that its own code does not write."""


def line_limit(calls: int, output_chars: int, longest_id: int) -> int:
    """The longest line a tree's message can honestly be: two log entries for every
    call, each with a node id of ``longest_id`` characters (escaped: up to 6 bytes
    each), the output escaped, and room for the rest.

    >>> line_limit(200_000, 2000, 3)
    20224000
    """
    return 1_000_000 + calls * 2 * (6 * longest_id + 30) + output_chars * 12


class Channel:
    """Lines from the child's standard output; its standard error kept (4 KB).

    ``next`` returns a line's bytes, None at the deadline or the end, or raises
    :class:`Malformed` for a line over ``line_bytes`` or a stream over
    ``total_bytes``. The buffer is compacted only once half of it has been read,
    and searched from where the last search stopped, so reading is linear.
    """

    def __init__(self, stdout: Any, stderr: Any, line_bytes: int, total_bytes: int) -> None:
        self.stdout, self.stderr = stdout, stderr
        self.line_bytes, self.total_bytes = line_bytes, total_bytes
        self.buffer = bytearray()
        self.start = 0
        self.scanned = 0
        self.total = 0
        self.errors = b""
        self.selector = selectors.DefaultSelector()
        for stream in (stdout, stderr):
            os.set_blocking(stream.fileno(), False)
            self.selector.register(stream, selectors.EVENT_READ)
        self.open = 2

    def next(self, deadline: float) -> bytes | None:
        while True:
            end = self.buffer.find(b"\n", self.scanned)
            if end >= 0:
                line = bytes(self.buffer[self.start : end])
                self.start = self.scanned = end + 1
                if self.start > len(self.buffer) // 2:
                    del self.buffer[: self.start]
                    self.start = self.scanned = 0
                if len(line) > self.line_bytes:
                    raise Malformed(f"a line of {len(line):,} bytes")
                return line
            self.scanned = len(self.buffer)
            if self.scanned - self.start > self.line_bytes:
                raise Malformed(f"a line of more than {self.line_bytes:,} bytes")
            if not self.open:
                return None
            wait = deadline - time.monotonic()
            if wait <= 0:
                return None
            for key, _ in self.selector.select(wait):
                data = os.read(key.fd, 1 << 16)
                if not data:
                    self.selector.unregister(key.fileobj)
                    self.open -= 1
                elif key.fileobj is self.stdout:
                    self.total += len(data)
                    if self.total > self.total_bytes:
                        raise Malformed(f"more than {self.total_bytes:,} bytes in all")
                    self.buffer += data
                elif len(self.errors) < 4096:
                    self.errors += data

    def close(self) -> None:
        self.selector.close()


def parse(line: bytes) -> dict[str, Any]:
    """A line as a JSON object, or :class:`Malformed`."""
    try:
        value = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise Malformed(f"a line that is not JSON ({type(exc).__name__})") from None
    if not isinstance(value, dict):
        raise Malformed(f"a JSON {type(value).__name__} where an object belongs")
    return value


def _keys(message: Mapping[str, Any], required: set[str], what: str) -> None:
    if set(message) != required:
        raise Malformed(f"{what} with the fields {sorted(message)} (expected {sorted(required)})")


def _text(value: Any, where: str, limit: int = TEXT) -> str:
    if not isinstance(value, str):
        raise Malformed(f"{where} is a {type(value).__name__}, not text")
    if len(value) > limit:
        raise Malformed(f"{where} is {len(value):,} characters long")
    return value


def _count(value: Any, where: str, high: float = math.inf) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise Malformed(f"{where} is {str(value)[:40]!r}, not a count")
    return value


def _seconds(value: Any, where: str) -> float:
    if type(value) not in (int, float) or not 0 <= value < 1e7:
        raise Malformed(f"{where} is {str(value)[:40]!r}, not a time")
    return float(value)


def _out(value: Any, output_chars: int) -> None:
    if not isinstance(value, list) or len(value) != 2:
        raise Malformed("the output is not [text, length]")
    text = _text(value[0], "the output", output_chars)
    _count(value[1], "the output's length")
    if value[1] < len(text):
        raise Malformed("the output is longer than its length")


def check_error(error: Any) -> None:
    """An error as the child's ``error()`` writes it."""
    if not isinstance(error, dict):
        raise Malformed("an error that is not an object")
    _keys(error, {"kind", "type", "message", "frames"}, "an error")
    if error["kind"] not in ERROR_KINDS:
        raise Malformed(f"an error of unknown kind {str(error['kind'])[:40]!r}")
    _text(error["type"], "an error's type", 200)
    _text(error["message"], "an error's message")
    frames = error["frames"]
    if not isinstance(frames, list) or len(frames) > FRAMES:
        raise Malformed("an error's frames are not a list of at most 12")
    for frame in frames:
        if not isinstance(frame, list) or len(frame) != 4:
            raise Malformed("a frame that is not [line, function, source, times]")
        _count(frame[0], "a frame's line")
        _text(frame[1], "a frame's function", 500)
        _text(frame[2], "a frame's source", 500)
        _count(frame[3], "a frame's count")


def _returned(value: Any, where: str) -> None:
    if value is None or type(value) in (bool, int):
        return
    if type(value) is float:
        return
    if isinstance(value, str):
        _text(value, where, VALUE_TEXT)
        return
    if isinstance(value, dict) and set(value) == {"repr", "type"}:
        _text(value["repr"], where, 500)
        _text(value["type"], where, 500)
        return
    raise Malformed(f"{where} is not a value the child sends")


def check_head(message: dict[str, Any], output_chars: int) -> str:
    """The first line: ``loaded``, ``load`` or ``missing``; return which."""
    if "loaded" in message:
        _keys(message, {"loaded", "out"}, "a load report")
        _seconds(message["loaded"], "the load time")
        kind = "loaded"
    elif "load" in message:
        _keys(message, {"load", "out"}, "a load error")
        check_error(message["load"])
        kind = "load"
    elif "missing" in message:
        _keys(message, {"missing", "names", "out"}, "a missing entry")
        _text(message["missing"], "the missing name", 500)
        names = message["names"]
        if not isinstance(names, list) or len(names) > 10_000:
            raise Malformed("the names defined are not a list")
        for name in names:
            _text(name, "a name defined", 500)
        kind = "missing"
    else:
        raise Malformed("a first line that is no load report")
    _out(message["out"], output_chars)
    return kind


def check_end(message: dict[str, Any]) -> bool:
    """Whether ``message`` ends the stream (``done`` or ``stopped``)."""
    if message == {"done": True}:
        return True
    if set(message) == {"stopped"}:
        _text(message["stopped"], "the reason for stopping")
        return True
    return False


def check_tree(
    message: dict[str, Any],
    index: int,
    nodes: Collection[str],
    *,
    calls: int,
    output_chars: int,
    may_skip: Collection[str],
) -> dict[str, Any]:
    """Tree ``index``'s message, checked; return it. ``may_skip`` are the reasons the
    parent itself gives for not presenting this tree (none: it must run); a skip is
    kept only with one of them, word for word.

    Raises
    ------
    Malformed
        For anything the child's code does not write: another tree's index, an unknown
        node, a field of the wrong type or length, a result and an error together (or
        neither), or a skip on a tree that cannot be skipped.
    """
    _keys(message, {"tree", "log", "calls", "result", "error", "out", "seconds"}, "a tree's run")
    if message["tree"] != index or type(message["tree"]) is not int:
        raise Malformed(f"a run of tree {str(message['tree'])[:20]} where tree {index} was next")
    count = _count(message["calls"], "the number of calls", calls + 1)
    log = message["log"]
    if not isinstance(log, list) or len(log) > 2 * count + 2:
        raise Malformed("a log longer than the calls it records")
    for entry in log:
        _log_entry(entry, nodes)
    _out(message["out"], output_chars)
    _seconds(message["seconds"], "the run's time")
    result, error = message["result"], message["error"]
    if (result is None) == (error is None):
        raise Malformed("a run with both a result and an error, or neither")
    if error is not None:
        check_error(error)
        return message
    if not isinstance(result, dict):
        raise Malformed("a result that is not an object")
    if "skipped" in result:
        if set(result) != {"skipped"} or not isinstance(result["skipped"], str):
            raise Malformed("a skip with other fields")
        if result["skipped"] not in may_skip:
            raise Malformed("a skip reported on a tree the entry cannot skip")
        return message
    if not set(result) <= {"action", "value", "end"}:
        raise Malformed(f"a result with the fields {sorted(result)}")
    for key in ("action", "value"):
        if key in result:
            _returned(result[key], f"the returned {key}")
    if "end" in result:
        end = result["end"]
        if not isinstance(end, dict) or set(end) != {"moves_made", "at"}:
            raise Malformed("a game's end that is not {moves_made, at}")
        _count(end["moves_made"], "the moves made")
        if not isinstance(end["at"], str) or end["at"] not in nodes:
            raise Malformed("a game's end at a node the tree does not have")
    return message


def _log_entry(entry: Any, nodes: Collection[str]) -> None:
    if not isinstance(entry, list) or not entry:
        raise Malformed("a log entry that is not a list")
    op = entry[0]
    known = len(entry) > 1 and isinstance(entry[1], str) and entry[1] in nodes
    if op in ("g", "e"):
        ok = len(entry) == 3 and known and type(entry[2]) is int and entry[2] >= 0
    elif op == "n":
        ok = len(entry) == 4 and known and all(isinstance(x, str) for x in entry[2:])
        ok = ok and len(entry[2]) <= 100 and len(entry[3]) <= TEXT
    elif op == "r":
        ok = len(entry) == 3 and (entry[1] is None or known)
        ok = ok and isinstance(entry[2], str) and len(entry[2]) <= VALUE_TEXT
    else:
        ok = False
    if not ok:
        raise Malformed(f"a log entry {str(entry)[:60]!r} the recorder does not write")
