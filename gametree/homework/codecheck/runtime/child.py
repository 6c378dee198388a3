"""The child process: load one submission, run it on each tree, stream what it did.

Started by :mod:`gametree.homework.codecheck.runner` inside the sandbox it chose
(:mod:`gametree.homework.codecheck.sandbox`) as ``python -S -B -c BOOTSTRAP``: the
bootstrap reads the job as JSON on standard input, with this module's source and the
runtime's, and runs :func:`main`. Nothing of gametree is on the child's file system
or path: the runtime (protocols, recorder, tree data) is compiled from the job's text
by an in-memory finder. In its scratch folder the child writes the submission (in
``work``, its working folder) and the CS188 and aima stand-ins (in ``lib``); when the
grader is root it then gives the scratch folder to the submission's own uid and
becomes that user (:func:`become`). Before the submission loads, it puts a guard first
on ``sys.meta_path`` that refuses ``gametree`` and the runtime, and drops the runtime
from ``sys.modules``; it sets its limits (address space, CPU time, file size, open
files, processes, no core files), points descriptors 0, 1 and 2 at ``/dev/null`` and
keeps a private copy of descriptor 1 for the results; the submission's prints go to a
buffer that keeps only their start. Each tree runs under a wall-clock alarm; what the
code did comes back as one JSON line per tree:
``{"tree": i, "log": [...], "calls": n, "result": {...} | null, "error": {...} | null,
"out": [start, length], "seconds": t}``, then ``{"done": true}``. A submission that
cannot be loaded, or has no entry of that name, gives one line ``{"load": {...}}`` or
``{"missing": ...}`` instead.

Everything here runs in the same process as the submission, which can rewrite any of
it: the parent trusts none of these lines (the runner checks each against its schema
and size, and decides itself which trees may be skipped).
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
        key = (fs.lineno or 0, fs.name[:200], (fs.line or "").strip()[:160])
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
        "type": type(exc).__name__[:200],
        "message": message[:400],
        "frames": frames(exc.__traceback__, filename),
    }


def set_limits(limits: dict[str, Any], own_user: bool) -> None:
    """Limit this process and what it starts; ``own_user``: the process-count limit
    binds (it counts every process of the uid, so only a uid of its own can have one)."""
    memory = int(limits["memory_mb"]) * 1024 * 1024
    cpu = max(1, int(limits["cpu_seconds"]))
    wanted = [
        ("RLIMIT_AS", memory, memory),
        ("RLIMIT_CPU", cpu, cpu + 1),
        ("RLIMIT_FSIZE", 1 << 20, 1 << 20),
        ("RLIMIT_CORE", 0, 0),
        ("RLIMIT_NOFILE", 256, 256),
    ]
    if own_user:
        processes = int(limits.get("processes", 8))
        wanted.append(("RLIMIT_NPROC", processes, processes))
    for name, soft, hard in wanted:
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


class SourceFinder:
    """Serves modules from source text held in memory (``{dotted name: source}``), so
    that the runtime never has to be on the child's file system."""

    def __init__(self, sources: dict[str, str], packages: set[str]) -> None:
        self.sources = sources
        self.packages = packages

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        if name not in self.sources:
            return None
        return importlib.util.spec_from_loader(
            name,
            self,  # type: ignore[arg-type]  # a loader by its methods
            origin=f"<gametree {name}>",
            is_package=name in self.packages,
        )

    def create_module(self, spec: Any) -> None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        name = module.__name__
        code = compile(self.sources[name], f"<gametree {name}>", "exec", dont_inherit=True)
        if name in self.packages:
            module.__path__ = []
        exec(code, module.__dict__)


class ImportGuard:
    """First on ``sys.meta_path`` while the submission runs: ``gametree`` and the
    checker's runtime cannot be imported (a copy of them is not on the file system
    either)."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> None:
        top = name.partition(".")[0]
        if top == "gametree" or top.startswith("_gametree"):
            raise ImportError(f"{name} cannot be imported by the code being checked", name=name)
        return None


def load_runtime(sources: dict[str, str]) -> dict[str, ModuleType]:
    """Import the runtime's modules from ``sources`` (keyed by their name within the
    package); return them by that name. They are taken out of ``sys.modules`` later."""
    full = {f"{_PACKAGE}.{k}" if k else _PACKAGE: v for k, v in sources.items()}
    packages = {_PACKAGE} | {f"{_PACKAGE}.{k}" for k in sources if k.endswith("standins")}
    finder = SourceFinder(full, packages)
    sys.meta_path.insert(0, finder)
    try:
        return {k: importlib.import_module(n) for k, n in zip(sources, full, strict=True) if k}
    finally:
        sys.meta_path.remove(finder)


def hide_runtime() -> None:
    """Drop the runtime and anything of gametree from ``sys.modules``; guard imports."""
    for name in list(sys.modules):
        top = name.partition(".")[0]
        if top == "gametree" or top.startswith("_gametree"):
            del sys.modules[name]
    sys.meta_path.insert(0, ImportGuard())


def become(uid: int, folders: list[str]) -> None:
    """Give ``folders`` to ``uid`` and become that user for good (the grader is root)."""
    for folder in folders:
        os.chmod(folder, 0o700)
        os.chown(folder, uid, uid)
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    if os.getuid() != uid or os.geteuid() != uid:
        raise SystemExit("could not become the submission's user")


def prepare(job: dict[str, Any]) -> str:
    """Write the submission and the stand-ins into the scratch folder (the working
    folder); return the submission's path. The working folder becomes ``work``."""
    import base64

    scratch = os.getcwd()
    work, lib = os.path.join(scratch, "work"), os.path.join(scratch, "lib")
    os.makedirs(work, exist_ok=True)
    os.makedirs(lib, exist_ok=True)
    filename = os.path.join(work, job["module"] + ".py")
    with open(filename, "wb") as f:
        f.write(base64.b64decode(job["source"]))
    for name, text in (job.get("standins") or {}).items():
        with open(os.path.join(lib, name + ".py"), "w", encoding="utf-8") as f:
            f.write(text)
    if job.get("uid") is not None:
        become(int(job["uid"]), [work, lib, scratch])  # the scratch folder last: root
        # has no capability to pass a folder it gave away
    os.chdir(work)
    os.environ["HOME"] = os.environ["TMPDIR"] = work
    sys.path[:] = [p for p in sys.path if p and p != "."]
    sys.path.insert(0, work)
    if job.get("standins"):
        sys.path.insert(0, lib)
    return filename


def alarm(seconds: float) -> None:
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.0))


def main(job: dict[str, Any]) -> int:
    """Run ``job`` (see the module docstring); every result goes to descriptor 1."""
    out_fd = os.dup(1)

    def send(message: dict[str, Any]) -> None:
        data = (json.dumps(message) + "\n").encode("utf-8")
        view = memoryview(data)
        while view:
            view = view[os.write(out_fd, view) :]

    runtime = load_runtime(job["runtime"])
    recorder, treedata = runtime["recorder"], runtime["treedata"]
    protocol = runtime[job["module_of_protocol"]]
    import traceback  # noqa: F401  (loaded now: the interpreter may be out of reach later)

    filename = prepare(job)
    hide_runtime()
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    sys.stdin = io.StringIO("")
    limits = job["limits"]
    set_limits(limits, job.get("uid") is not None)
    capture = Capture(int(limits["output_chars"]))
    sys.stdout = sys.stderr = capture
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
                err["message"] = rec.refused.text[:1000]
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


BOOTSTRAP = (
    "import json,sys\n"
    "job=json.loads(sys.stdin.buffer.read())\n"
    "code=compile(job.pop('child'),'<gametree child>','exec')\n"
    "scope={'__name__':'_gametree_child'}\n"
    "exec(code,scope)\n"
    "sys.exit(scope['main'](job))\n"
)
"""What the interpreter runs (``-c``): this module's source comes in the job."""
