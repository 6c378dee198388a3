"""Running a submission in a child process with limits, and reading back what it did.

The child (:mod:`gametree.homework.codecheck.runtime.child`) starts without ``site``
(``python -S -B``; the package folders are added to its path), in its own session
in a fresh temporary folder holding a copy of the submission, with a clean environment.
It limits its own address space (``memory_mb``) and CPU time, and stops each tree with
an alarm after ``timeout`` seconds; the parent waits ``timeout`` plus a grace period for
each tree's line and otherwise kills the child's whole process group (code that catches
the alarm, or loops inside C). A tree whose child died or was killed gets a finding, and
the remaining trees run in a fresh child, until ``max_timeouts`` trees have run out of
time: the rest are then not run. The submission's output is cut to ``output_chars``.

This isolates faults, not malice: code that means harm can still read files and use the
network. Run untrusted submissions in a container (Gradescope runs its autograders in
one).
"""

from __future__ import annotations

import contextlib
import json
import keyword
import os
import selectors
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gametree.exceptions import SearchError

__all__ = ["ChildRun", "Limits", "module_name", "run_child"]

CHILD = Path(__file__).with_name("runtime") / "child.py"
GRACE = 1.0
"""Seconds the parent waits past the child's own alarm before killing it."""
START_ALLOWANCE = 5.0
"""Seconds a child may take to start and load the submission, beyond ``timeout``."""


@dataclass(frozen=True)
class Limits:
    """What a submission may use, per tree and in all.

    Attributes
    ----------
    timeout : float
        Wall-clock seconds per tree (and for loading the file).
    memory_mb : int
        Address-space limit of the child process, in MB.
    output_chars : int
        How much of the submission's printed output is kept per tree.
    calls : int
        How many calls to the game the code may make on one tree.
    max_timeouts : int
        After this many trees run out of time, the rest are not run.
    """

    timeout: float = 2.0
    memory_mb: int = 512
    output_chars: int = 2000
    calls: int = 200_000
    max_timeouts: int = 2

    def __post_init__(self) -> None:
        if not 0 < self.timeout <= 3600:
            raise SearchError(f"timeout must be between 0 and 3600 seconds, not {self.timeout!r}")
        if not 64 <= self.memory_mb <= 1 << 20:
            raise SearchError(f"memory must be at least 64 MB, not {self.memory_mb!r}")


@dataclass
class ChildRun:
    """What the child processes reported for one submission.

    ``trees`` maps a tree's index to its message (see the child module), ``load`` is the
    error that stopped the file from loading, ``missing`` the entry name it lacks (with
    ``names``, what the file defines), ``notes`` what happened to the processes.
    """

    trees: dict[int, dict[str, Any]] = field(default_factory=dict)
    load: dict[str, Any] | None = None
    missing: str | None = None
    names: list[str] = field(default_factory=list)
    load_output: list[Any] = field(default_factory=lambda: ["", 0])
    notes: list[str] = field(default_factory=list)
    startup_seconds: float = 0.0
    """Wall time from starting the first child to its report that the file loaded."""
    seconds: float = 0.0
    processes: int = 0


def module_name(filename: str) -> str:
    """The module name a submission is loaded under: its file's stem where that is an
    identifier no standard or stand-in module uses, else ``submission``.

    >>> module_name("multiAgents.py"), module_name("my games.py"), module_name("random.py")
    ('multiAgents', 'submission', 'submission')
    """
    stem = Path(filename).stem
    taken = set(getattr(sys, "stdlib_module_names", ())) | {"util", "game", "pacman", "utils"}
    if stem.isidentifier() and not keyword.iskeyword(stem) and stem not in taken:
        return stem
    return "submission"


def site_packages() -> list[str]:
    """The interpreter's package folders: the child starts without ``site`` (``-S``, no
    ``.pth`` hooks, faster) and adds these so a submission can import what is installed."""
    paths = sysconfig.get_paths()
    return list(dict.fromkeys(p for p in (paths.get("purelib"), paths.get("platlib")) if p))


def _signal_text(code: int) -> str:
    try:
        name = signal.Signals(-code).name
    except ValueError:
        return f"signal {-code}"
    why = {
        "SIGXCPU": "the CPU time limit",
        "SIGKILL": "killed: the time or memory limit",
        "SIGSEGV": "a crash of the interpreter (often a recursion too deep)",
        "SIGXFSZ": "the file size limit",
    }.get(name)
    return f"{name}: {why}" if why else name


class _Child:
    def __init__(self, job: Mapping[str, Any], cwd: str) -> None:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "LANG": "C.UTF-8",
            "PYTHONHASHSEED": "0",
            "PYTHONIOENCODING": "utf-8",
            "HOME": cwd,
        }
        self.proc = subprocess.Popen(
            [sys.executable, "-S", "-B", str(CHILD)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(job).encode("utf-8"))
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        self.buffer = b""
        self.errors = b""
        self.selector = selectors.DefaultSelector()
        assert self.proc.stdout is not None and self.proc.stderr is not None
        for stream in (self.proc.stdout, self.proc.stderr):
            os.set_blocking(stream.fileno(), False)
            self.selector.register(stream, selectors.EVENT_READ)
        self.open = 2

    def message(self, deadline: float) -> dict[str, Any] | None:
        """The next line as a dict; None at the deadline or when the child is gone."""
        while True:
            line, sep, rest = self.buffer.partition(b"\n")
            if sep:
                self.buffer = rest
                parsed: dict[str, Any] = json.loads(line)
                return parsed
            if not self.open:
                return None
            wait = deadline - time.monotonic()
            if wait <= 0:
                return None
            for key, _ in self.selector.select(wait):
                stream = key.fileobj
                data = os.read(key.fd, 1 << 16)
                if not data:
                    self.selector.unregister(stream)
                    self.open -= 1
                elif stream is self.proc.stdout:
                    self.buffer += data
                elif len(self.errors) < 4096:
                    self.errors += data

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.close()

    def close(self) -> int:
        self.selector.close()
        code = self.proc.wait()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # anything it left behind
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        return code


def run_child(
    source: bytes,
    filename: str,
    *,
    protocol: str,
    entry: str,
    algorithm: str,
    trees: Sequence[Mapping[str, Any]],
    limits: Limits,
    standins: bool,
) -> ChildRun:
    """Run the submission ``source`` (shown as ``filename``) on ``trees`` in child
    processes; return what they reported."""
    outcome = ChildRun()
    began = time.monotonic()
    folder = tempfile.mkdtemp(prefix="gametree-code-")
    name = module_name(filename)
    path = Path(folder) / f"{name}.py"
    path.write_bytes(source)
    job: dict[str, Any] = {
        "file": str(path),
        "module": name,
        "module_of_protocol": protocol,
        "entry": entry,
        "algorithm": algorithm,
        "trees": list(trees),
        "standins": standins,
        "paths": site_packages(),
        "limits": {
            "timeout": limits.timeout,
            "memory_mb": limits.memory_mb,
            "cpu_seconds": int(limits.timeout * (len(trees) + 1)) + 2,
            "output_chars": limits.output_chars,
            "calls": limits.calls,
            "max_timeouts": limits.max_timeouts,
        },
    }
    first, timeouts = 0, 0
    try:
        while first < len(trees) and timeouts < limits.max_timeouts:
            job["first"] = first
            started = time.monotonic()
            child = _Child(job, folder)
            outcome.processes += 1
            deadline = started + limits.timeout + START_ALLOWANCE
            head = child.message(deadline)
            if head is None or "loaded" not in head:
                if head is None:
                    child.kill()
                code = child.proc.wait() if head is None else child.close()
                if head is not None and "load" in head:
                    outcome.load, outcome.load_output = head["load"], head["out"]
                elif head is not None and "missing" in head:
                    outcome.missing, outcome.names = head["missing"], head["names"]
                    outcome.load_output = head["out"]
                else:
                    why = "did not start" if head is None else "stopped"
                    detail = child.errors.decode("utf-8", "replace").strip().splitlines()
                    outcome.load = {
                        "kind": "died",
                        "type": "",
                        "message": f"the process {why} while loading the file"
                        + (f" ({_signal_text(code)})" if code < 0 else "")
                        + (f": {detail[-1]}" if detail else ""),
                        "frames": [],
                    }
                break
            if outcome.processes == 1:
                outcome.startup_seconds = time.monotonic() - started
                outcome.load_output = head["out"]
            finished = False
            while True:
                message = child.message(time.monotonic() + limits.timeout + GRACE)
                if message is None:
                    break
                if "tree" in message:
                    outcome.trees[message["tree"]] = message
                    first = message["tree"] + 1
                    error = message.get("error")
                    timeouts += bool(error and error["kind"] == "timeout")
                elif message.get("done") or "stopped" in message:
                    finished = True  # "stopped": after max_timeouts, noted once below
                    break
            if finished:
                child.close()
                break
            # No line in time, or the child died: the tree in progress gets the finding.
            if child.open:
                child.kill()
                code = child.proc.returncode
                kind, text = "timeout", f"did not stop within {limits.timeout:g} s; killed"
                timeouts += 1
            else:
                code = child.close()
                kind, text = "died", f"the process died ({_signal_text(code)})"
                if code >= 0:
                    text = f"the process exited with status {code} (os._exit or a crash)"
            if first < len(trees):
                outcome.trees[first] = {
                    "tree": first,
                    "log": [],
                    "calls": 0,
                    "result": None,
                    "error": {"kind": kind, "type": "", "message": text, "frames": []},
                    "out": ["", 0],
                    "seconds": 0.0,
                }
                first += 1
        if first < len(trees) and timeouts >= limits.max_timeouts and outcome.load is None:
            note = f"ran out of time on {timeouts} trees: the rest were not run"
            if note not in outcome.notes:
                outcome.notes.append(note)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
        outcome.seconds = time.monotonic() - began
    return outcome
