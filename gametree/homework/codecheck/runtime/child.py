"""The child process: load one submission, run it on each tree, stream what it did.

Started by :mod:`gametree.homework.codecheck.runner` as ``python -S -B child.py`` in a
fresh session (so the whole process group can be killed) with the job as JSON on
standard input. It imports only the standard library and the protocol modules beside
it, so it starts in milliseconds. Before the submission is loaded it sets its own
limits (address space, CPU time, file size, no core files), points file descriptors 0,
1 and 2 at ``/dev/null`` and keeps a private copy of descriptor 1 for the results; the
submission's prints go to a buffer that keeps only their start. Each tree runs under a
wall-clock alarm; what the code did comes back as one JSON line per tree:
``{"tree": i, "log": [...], "calls": n, "result": {...} | null, "error": {...} | null,
"skipped": reason | null, "out": [start, length], "seconds": t}``, then
``{"done": true}``. A submission that cannot be loaded, or has no entry of that name,
gives one line ``{"load": {...}}`` instead.

This isolates faults (loops, crashes, ``sys.exit``, runaway memory and output), not
malice: run untrusted code in a container.
"""

from __future__ import annotations

import importlib
import importlib.util
import io
import json
import numbers
import os
import resource
import signal
import sys
import time
from types import ModuleType, TracebackType

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from typing import Any

_HERE = os.path.dirname(os.path.abspath(__file__))
_PACKAGE = "_gametree_codecheck_runtime"


class TimeLimit(BaseException):
    """The tree's wall-clock time ran out (raised by the alarm inside the code)."""


class Capture(io.TextIOBase):
    """Stands in for stdout and stderr: keeps the first ``limit`` characters."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.parts: list[str] = []
        self.kept = 0
        self.total = 0

    def write(self, text: str) -> int:
        n = len(text)
        self.total += n
        if self.kept < self.limit:
            piece = text[: self.limit - self.kept]
            self.parts.append(piece)
            self.kept += len(piece)
        return n

    def writable(self) -> bool:
        return True

    def take(self) -> list[Any]:
        out = ["".join(self.parts), self.total]
        self.parts, self.kept, self.total = [], 0, 0
        return out


def plain(x: Any) -> Any:
    """A returned action or value as JSON can carry it."""
    if x is None or isinstance(x, (bool, str)):
        return x
    if isinstance(x, numbers.Integral):
        return int(x)
    if isinstance(x, numbers.Real):
        return float(x)
    try:
        text = repr(x)
    except Exception:  # a broken __repr__ of the submission's
        text = f"<{type(x).__name__} object>"
    return {"repr": text[:120], "type": type(x).__name__}


def frames(tb: TracebackType | None, filename: str) -> list[list[Any]]:
    """The traceback's frames in the submission's file as ``[line, function, source,
    times]``, each distinct line once, in the order of its last appearance (so a deep
    recursion reads as the few lines it repeats, with how often), at most 12."""
    import traceback  # only when something failed: it is slow to import

    counts: dict[tuple[int, str, str], int] = {}
    for fs in traceback.extract_tb(tb):
        if os.path.abspath(fs.filename) != filename:
            continue
        key = (fs.lineno or 0, fs.name, (fs.line or "").strip()[:160])
        counts[key] = counts.pop(key, 0) + 1
    return [[line, name, text, n] for (line, name, text), n in counts.items()][-12:]


def error(exc: BaseException, filename: str, refusal: type) -> dict[str, Any]:
    kind = "exception"
    if isinstance(exc, refusal):
        kind = "refused"
    elif isinstance(exc, TimeLimit):
        kind = "timeout"
    elif isinstance(exc, RecursionError):
        kind = "recursion"
    elif isinstance(exc, MemoryError):
        kind = "memory"
    elif isinstance(exc, SystemExit):
        kind = "exit"
    elif isinstance(exc, NotImplementedError):
        kind = "not-written"
    try:
        message = str(exc)
    except Exception:
        message = ""
    return {
        "kind": kind,
        "type": type(exc).__name__,
        "message": message[:400],
        "frames": frames(exc.__traceback__, filename),
    }


def set_limits(limits: dict[str, Any]) -> None:
    memory = int(limits["memory_mb"]) * 1024 * 1024
    cpu = max(1, int(limits["cpu_seconds"]))
    for name, soft, hard in (
        ("RLIMIT_AS", memory, memory),
        ("RLIMIT_CPU", cpu, cpu + 1),
        ("RLIMIT_FSIZE", 1 << 20, 1 << 20),
        ("RLIMIT_CORE", 0, 0),
    ):
        which = getattr(resource, name, None)
        if which is None:
            continue
        try:
            _, old_hard = resource.getrlimit(which)
            if old_hard != resource.RLIM_INFINITY:
                hard = min(hard, old_hard)
                soft = min(soft, hard)
            resource.setrlimit(which, (soft, hard))
        except (OSError, ValueError):
            pass
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails instead


def load_runtime() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        _PACKAGE, os.path.join(_HERE, "__init__.py"), submodule_search_locations=[_HERE]
    )
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules[_PACKAGE] = package
    spec.loader.exec_module(package)
    return package


def alarm(seconds: float) -> None:
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.0))


def main() -> int:
    job = json.loads(sys.stdin.buffer.read().decode("utf-8"))
    sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != _HERE]
    out_fd = os.dup(1)

    def send(message: dict[str, Any]) -> None:
        data = (json.dumps(message) + "\n").encode("utf-8")
        view = memoryview(data)
        while view:
            view = view[os.write(out_fd, view) :]

    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    sys.stdin = io.StringIO("")
    limits = job["limits"]
    set_limits(limits)
    load_runtime()
    recorder = importlib.import_module(_PACKAGE + ".recorder")
    treedata = importlib.import_module(_PACKAGE + ".treedata")
    protocol = importlib.import_module(_PACKAGE + "." + job["module_of_protocol"])
    standins = os.path.join(_HERE, "standins")
    if job.get("standins"):
        sys.path.insert(0, standins)
    sys.path.extend(p for p in job.get("paths", ()) if p not in sys.path)
    capture = Capture(int(limits["output_chars"]))
    sys.stdout = sys.stderr = capture
    filename = os.path.abspath(job["file"])
    timeout = float(limits["timeout"])

    def on_alarm(signum: int, frame: Any) -> None:
        raise TimeLimit(f"ran for more than {timeout:g} s")

    signal.signal(signal.SIGALRM, on_alarm)
    start = time.perf_counter()
    try:
        alarm(timeout)
        spec = importlib.util.spec_from_file_location(job["module"], filename)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {filename}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[job["module"]] = module
        spec.loader.exec_module(module)
        alarm(0)
    except BaseException as exc:
        alarm(0)
        send({"load": error(exc, filename, recorder.Refusal), "out": capture.take()})
        return 0
    loaded = time.perf_counter() - start
    entry = getattr(module, job["entry"], None)
    if entry is None or not callable(entry):
        names = sorted(
            n
            for n, v in vars(module).items()
            if callable(v)
            and not n.startswith("_")
            and getattr(v, "__module__", "") == job["module"]
        )
        send({"missing": job["entry"], "names": names, "out": capture.take()})
        return 0
    send({"loaded": loaded, "out": capture.take()})
    timeouts = 0
    extra = {}
    if job["module_of_protocol"] == "cs188" and job.get("standins"):
        extra["state_class"] = importlib.import_module("pacman").GameState
    for i, spec_tree in enumerate(job["trees"]):
        if i < job.get("first", 0):
            continue
        tree = treedata.TreeData(spec_tree)
        rec = recorder.Recorder(int(limits["calls"]))
        began = time.perf_counter()
        result: dict[str, Any] | None = None
        err: dict[str, Any] | None = None
        try:
            alarm(timeout)
            returned = protocol.run(entry, tree, rec, job["algorithm"], **extra)
            result = {k: (v if k == "end" else plain(v)) for k, v in returned.items()}
            alarm(0)
        except BaseException as exc:
            alarm(0)
            err = error(exc, filename, recorder.Refusal)
            if rec.refused is not None and err["kind"] != "timeout":
                err["kind"] = "refused"
                err["message"] = rec.refused.text
            timeouts += err["kind"] == "timeout"
        send(
            {
                "tree": i,
                "log": rec.log,
                "calls": rec.calls,
                "result": result,
                "error": err,
                "out": capture.take(),
                "seconds": time.perf_counter() - began,
            }
        )
        if timeouts >= int(limits.get("max_timeouts", 2)):
            send({"stopped": f"ran out of time on {timeouts} trees"})
            return 0
    send({"done": True})
    return 0


if __name__ == "__main__":
    sys.exit(main())
