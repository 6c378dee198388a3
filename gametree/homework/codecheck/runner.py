"""Running a submission in a sandboxed child process, and reading back what it did.

The child (:mod:`gametree.homework.codecheck.runtime.child`) runs in the sandbox
:func:`~gametree.homework.codecheck.sandbox.choose_sandbox` found (bubblewrap, else
``unshare``, else none), as a user of its own where the grader is root, started as the
bare interpreter without ``site`` (``python -S -B``: the standard library only; nothing
installed, gametree included, is on its path or, under bubblewrap, its file system),
in its own session, with a clean environment. The job (its own source, the runtime's,
the submission's) reaches it on standard input. It limits its address space
(``memory_mb``), CPU time, processes (``processes``) and files, writes only in a
scratch folder (under bubblewrap a tmpfs of ``disk_mb``), and stops each tree with an
alarm after ``timeout`` seconds; the parent waits ``timeout`` plus a grace period for
each tree's line and otherwise kills the child: under a sandbox its whole PID namespace
dies with it, setsid daemons included, and whatever its uid left is killed after each
child (:func:`~gametree.homework.codecheck.sandbox.kill_user`). A tree whose child died
or was killed gets a finding, and the remaining trees run in a fresh child, until
``max_timeouts`` trees have run out of time: the rest are then not run. The
submission's output is cut to ``output_chars``.

Nothing the child sends is trusted: each line is read with a size cap (the whole
stream too), in linear time, and checked against the schema of its kind (tree indices
in order, node ids of that tree, types and lengths of every field); only trees the
parent was told may be skipped (``may_skip``), for a reason it gave, can be reported
skipped. A line that
fails is the submission's doing: the tree in progress gets a finding ("died", with
what was wrong), the child is killed, and the remaining trees run in a fresh one.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import json
import keyword
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gametree.exceptions import SearchError
from gametree.homework.codecheck.messages import (
    Channel,
    Malformed,
    check_end,
    check_head,
    check_tree,
    line_limit,
    parse,
)
from gametree.homework.codecheck.runtime.child import BOOTSTRAP
from gametree.homework.codecheck.sandbox import (
    Sandbox,
    allocate_uid,
    choose_sandbox,
    interpreter,
    kill_user,
    remove_files_of,
)

__all__ = ["ChildRun", "Limits", "module_name", "run_child"]

RUNTIME = Path(__file__).with_name("runtime")
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
    processes : int
        How many processes (threads included) the submission's user may have at once,
        where it has a user of its own (the grader is root). Memory is limited per
        process, so a submission's total is at most ``processes * memory_mb``.
    disk_mb : int
        The size of the scratch folder, under bubblewrap (a tmpfs).
    """

    timeout: float = 2.0
    memory_mb: int = 512
    output_chars: int = 2000
    calls: int = 200_000
    max_timeouts: int = 2
    processes: int = 8
    disk_mb: int = 64

    def __post_init__(self) -> None:
        if not 0 < self.timeout <= 3600:
            raise SearchError(f"timeout must be between 0 and 3600 seconds, not {self.timeout!r}")
        if not 64 <= self.memory_mb <= 1 << 20:
            raise SearchError(f"memory must be at least 64 MB, not {self.memory_mb!r}")
        if not 1 <= self.processes <= 4096:
            raise SearchError(f"processes must be between 1 and 4096, not {self.processes!r}")
        if not 1 <= self.disk_mb <= 1 << 16:
            raise SearchError(f"disk must be between 1 and 65536 MB, not {self.disk_mb!r}")


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
    sandbox: str = ""
    """The kind of sandbox the submission ran in (``bwrap``, ``unshare``, ``none``)."""
    isolation: str = ""
    """One line saying what that sandbox isolates."""


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


@functools.cache
def _runtime_sources() -> tuple[dict[str, str], dict[str, str], str]:
    """The runtime's modules (by name within the package), the stand-ins (by module
    name) and the child's own source: sent in every job, as the child's file system has
    none of them."""
    runtime = {"": (RUNTIME / "__init__.py").read_text(encoding="utf-8")}
    for path in sorted(RUNTIME.glob("*.py")):
        if path.stem not in ("__init__", "child"):
            runtime[path.stem] = path.read_text(encoding="utf-8")
    standins = {}
    for path in sorted((RUNTIME / "standins").glob("*.py")):
        text = path.read_text(encoding="utf-8")
        name = "standins" if path.stem == "__init__" else f"standins.{path.stem}"
        runtime[name] = text
        if path.stem != "__init__":
            standins[path.stem] = text
    return runtime, standins, (RUNTIME / "child.py").read_text(encoding="utf-8")


class _Child:
    def __init__(self, job: Mapping[str, Any], sandbox: Sandbox, limits: Limits):
        # A fresh scratch folder for every child: one left by an earlier child of the
        # same submission could hold links that its root start-up would follow.
        self.scratch = scratch = tempfile.mkdtemp(prefix="gametree-code-")
        env = {
            "PATH": "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "PYTHONHASHSEED": "0",
            "PYTHONIOENCODING": "utf-8",
            "HOME": scratch,
        }
        self.sandbox = sandbox
        command = [*sandbox.prefix(scratch, limits.disk_mb), interpreter(), "-S", "-B"]
        self.proc = subprocess.Popen(
            [*command, "-c", BOOTSTRAP],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=scratch,
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
        assert self.proc.stdout is not None and self.proc.stderr is not None
        longest = max((len(str(n)) for t in job["trees"] for n in t["nodes"]), default=1)
        line = line_limit(limits.calls, limits.output_chars, longest)
        total = line * (len(job["trees"]) + 3)
        self.channel = Channel(self.proc.stdout, self.proc.stderr, line, total)

    @property
    def open(self) -> int:
        return self.channel.open

    @property
    def errors(self) -> bytes:
        return self.channel.errors

    def message(self, deadline: float) -> dict[str, Any] | None:
        """The next line as a JSON object; None at the deadline or when the child is
        gone. Raises :class:`Malformed` for an oversized line or one that is not JSON."""
        line = self.channel.next(deadline)
        return None if line is None else parse(line)

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.close()

    def close(self) -> int:
        self.channel.close()
        code = self.proc.wait()
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)  # anything it left behind
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        if self.sandbox.kind == "bwrap" and code > 128:
            code = 128 - code  # the sandbox passes on a signal as 128 + its number
        return code


def _tree_failure(index: int, kind: str, text: str) -> dict[str, Any]:
    return {
        "tree": index,
        "log": [],
        "calls": 0,
        "result": None,
        "error": {"kind": kind, "type": "", "message": text, "frames": []},
        "out": ["", 0],
        "seconds": 0.0,
    }


def _forged(what: Malformed) -> str:
    return (
        f"the run was stopped: the results channel carried {what}, which the checker "
        "never writes (code that writes there, or rewrites the checker's runtime, forges)"
    )


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
    may_skip: Mapping[int, Collection[str]] | None = None,
    sandbox: Sandbox | None = None,
) -> ChildRun:
    """Run the submission ``source`` (shown as ``filename``) on ``trees`` in sandboxed
    child processes; return what they reported, checked.

    ``may_skip`` maps the trees the entry may be reported to skip to the reasons the
    parent gives for that (a depth limit it takes no depth for, ...); ``sandbox``
    defaults to :func:`choose_sandbox`'s.
    """
    sandbox = sandbox if sandbox is not None else choose_sandbox()
    outcome = ChildRun(sandbox=sandbox.kind, isolation=sandbox.describe())
    began = time.monotonic()
    scratches: list[str] = []
    uid = allocate_uid() if sandbox.own_user else None
    runtime, standin_sources, child_source = _runtime_sources()
    job: dict[str, Any] = {
        "child": child_source,
        "runtime": runtime,
        "standins": standin_sources if standins else None,
        "source": base64.b64encode(source).decode("ascii"),
        "module": module_name(filename),
        "module_of_protocol": protocol,
        "entry": entry,
        "algorithm": algorithm,
        "trees": list(trees),
        "uid": uid,
        "limits": {
            "timeout": limits.timeout,
            "memory_mb": limits.memory_mb,
            "cpu_seconds": int(limits.timeout * (len(trees) + 1)) + 2,
            "output_chars": limits.output_chars,
            "calls": limits.calls,
            "max_timeouts": limits.max_timeouts,
            "processes": limits.processes,
        },
    }
    nodes = [frozenset(str(n) for n in t["nodes"]) for t in trees]
    skippable = dict(may_skip or {})
    first, timeouts = 0, 0
    try:
        while first < len(trees) and timeouts < limits.max_timeouts:
            job["first"] = first
            started = time.monotonic()
            child = _Child(job, sandbox, limits)
            scratches.append(child.scratch)
            outcome.processes += 1
            deadline = started + limits.timeout + START_ALLOWANCE
            try:
                head = child.message(deadline)
                kind = None if head is None else check_head(head, limits.output_chars)
            except Malformed as exc:
                child.kill()
                _end_child(uid)
                outcome.load = {
                    "kind": "died",
                    "type": "",
                    "message": _forged(exc),
                    "frames": [],
                }
                break
            if head is None or kind != "loaded":
                if head is None:
                    child.kill()
                code = child.proc.wait() if head is None else child.close()
                _end_child(uid)
                if head is not None and kind == "load":
                    outcome.load, outcome.load_output = head["load"], head["out"]
                elif head is not None and kind == "missing":
                    outcome.missing, outcome.names = head["missing"], head["names"]
                    outcome.load_output = head["out"]
                else:
                    if sandbox.kind == "bwrap" and code > 128:
                        code = 128 - code
                    detail = child.errors.decode("utf-8", "replace").strip().splitlines()
                    outcome.load = {
                        "kind": "died",
                        "type": "",
                        "message": "the process did not start while loading the file"
                        + (f" ({_signal_text(code)})" if code < 0 else "")
                        + (f": {detail[-1][:300]}" if detail else ""),
                        "frames": [],
                    }
                break
            assert head is not None
            if outcome.processes == 1:
                outcome.startup_seconds = time.monotonic() - started
                outcome.load_output = head["out"]
            finished, forged = False, None
            while True:
                try:
                    message = child.message(time.monotonic() + limits.timeout + GRACE)
                    if message is None:
                        break
                    if first < len(trees) and "tree" in message:
                        message = check_tree(
                            message,
                            first,
                            nodes[first],
                            calls=limits.calls,
                            output_chars=limits.output_chars,
                            may_skip=skippable.get(first, ()),
                        )
                    elif not check_end(message):
                        raise Malformed("a line that is neither a tree's run nor the end")
                    elif "done" in message and first < len(trees):
                        raise Malformed(f"the end with tree {first} not run")
                    elif "stopped" in message and timeouts < limits.max_timeouts:
                        raise Malformed("a stop with trees left and time to run them")
                except Malformed as exc:
                    forged = exc
                    break
                if "tree" in message:
                    outcome.trees[first] = message
                    first += 1
                    error = message.get("error")
                    timeouts += bool(error and error["kind"] == "timeout")
                else:
                    finished = True  # "stopped": after max_timeouts, noted once below
                    break
            if finished:
                child.close()
                _end_child(uid)
                break
            # A forged line, no line in time, or the child died: the tree in progress
            # gets the finding.
            if forged is not None:
                child.kill()
                kind, text = "died", _forged(forged)
            elif child.open:
                child.kill()
                kind, text = "timeout", f"did not stop within {limits.timeout:g} s; killed"
                timeouts += 1
            else:
                code = child.close()
                kind, text = "died", f"the process died ({_signal_text(code)})"
                if code >= 0:
                    text = f"the process exited with status {code} (os._exit or a crash)"
            _end_child(uid)
            if first < len(trees):
                outcome.trees[first] = _tree_failure(first, kind, text)
                first += 1
        if first < len(trees) and timeouts >= limits.max_timeouts and outcome.load is None:
            note = f"ran out of time on {timeouts} trees: the rest were not run"
            if note not in outcome.notes:
                outcome.notes.append(note)
        _check_skips(outcome, skippable)
    finally:
        if uid is not None:
            kill_user(uid)
            if sandbox.kind != "bwrap":  # bubblewrap's /tmp was its own
                remove_files_of(uid)
        for scratch in scratches:
            shutil.rmtree(scratch, ignore_errors=True)
        outcome.seconds = time.monotonic() - began
    return outcome


def _end_child(uid: int | None) -> None:
    if uid is not None:
        kill_user(uid)


def _check_skips(outcome: ChildRun, skippable: Mapping[int, Collection[str]]) -> None:
    """An entry skips every tree it may skip for one reason, or none of them: one
    skipped while another it may skip for that reason ran is a forged skip (the
    finding goes on the skipped tree)."""
    for reason in {r for reasons in skippable.values() for r in reasons}:
        group = [i for i, rs in skippable.items() if reason in rs and i in outcome.trees]
        if not any(_skipped(outcome.trees[i]) is False for i in group):
            continue
        for i in group:
            result = outcome.trees[i].get("result") or {}
            if outcome.trees[i].get("error") is None and result.get("skipped") == reason:
                outcome.trees[i] = _tree_failure(
                    i, "died", _forged(Malformed("a skip on a tree like others it ran"))
                )


def _skipped(message: Mapping[str, Any]) -> bool | None:
    """Whether a tree's run was a skip (None: it failed)."""
    if message.get("error") is not None:
        return None
    return bool((message.get("result") or {}).get("skipped"))
