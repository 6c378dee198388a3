"""Where a submission's child process runs: the isolation chosen at run time.

Four kinds, tried in this order (``GAMETREE_SANDBOX`` or ``prefer=`` forces one):

``bwrap``
    bubblewrap: new PID, network, IPC and UTS namespaces (and a user namespace when the
    grader is an ordinary user), a root file system holding only ``/usr`` (with the
    ``/lib``, ``/bin`` links) and the interpreter's prefix read-only, its package folders
    hidden under empty folders, a fresh ``/proc`` showing only the sandbox's processes,
    a minimal ``/dev``, and a size-limited ``tmpfs`` on ``/tmp`` as the only place it can
    write. ``--die-with-parent`` and ``--new-session``; every capability dropped (when
    the grader is root, the child keeps only what it needs to become another user, and
    does so before the submission loads).
``unshare``
    util-linux's ``unshare``: new PID (with its own ``/proc``), network, IPC and UTS
    namespaces, the whole namespace killed with its first process. The file system is
    the grader's: reads are limited by permissions only, and the scratch folder is an
    ordinary folder (its total size is not capped).
``user``
    Only where the grader is root and no namespace can be made (a Docker container's
    root under the default seccomp profile, as on Gradescope): the child becomes a
    user of its own (below) in an ordinary process. That keeps the grade the grader's
    (the child cannot write or signal anything of root's, and everything its uid
    started is killed afterwards) but not the network, nor files anyone may read.
``none``
    A plain child process in its own session: limits, but no isolation.

When the grader runs as root (CI, Gradescope), the child becomes a user of its own
(:func:`allocate_uid`: a uid from a high range no account uses, one per submission), so
that the process-count limit binds, it can neither signal nor write anything of the
grader's, parallel classmates cannot read each other's files, and
:func:`kill_user` removes whatever that uid left. Under ``unshare`` this needs the
interpreter to be readable by other users (a pyenv under ``/root`` is not), else the
child stays root and the one-line description says so.

A kind is available when a trial run of the interpreter under it succeeds (Docker's
default profile refuses namespaces to a container's root; some distributions refuse
unprivileged user namespaces): detected, never assumed.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass
from pathlib import Path

from gametree.exceptions import SearchError

__all__ = [
    "KINDS",
    "SANDBOX_VARIABLE",
    "Sandbox",
    "SandboxUnavailable",
    "allocate_uid",
    "choose_sandbox",
    "interpreter",
    "kill_user",
    "remove_files_of",
]

KINDS = ("bwrap", "unshare", "user", "none")
"""The kinds of isolation, strongest first."""
SANDBOX_VARIABLE = "GAMETREE_SANDBOX"
"""Environment variable forcing a kind (``bwrap``, ``unshare``, ``user``, ``none``) or
``auto``."""
SCRATCH = "/tmp"
"""Where the scratch tmpfs is mounted inside bubblewrap."""
FIRST_UID = 2_000_000_000
"""Submission uids are drawn from ``FIRST_UID`` up (no account uses that range)."""
UID_RANGE = 100_000_000
_CAPABILITIES = ("CAP_SETUID", "CAP_SETGID", "CAP_CHOWN")
"""What the child keeps under bubblewrap run by root, to become its own user; lost
(with everything else) when it does."""


class SandboxUnavailable(SearchError):
    """No sandbox on this machine, and the caller requires one."""


@dataclass(frozen=True)
class Sandbox:
    """One kind of isolation, as this machine allows it.

    Attributes
    ----------
    kind : {"bwrap", "unshare", "user", "none"}
    own_user : bool
        Whether each submission runs as a user of its own (the grader is root and the
        interpreter can be run by another user).
    why : str
        For ``none``: why nothing stronger is available.
    """

    kind: str
    own_user: bool = False
    why: str = ""

    @property
    def isolated(self) -> bool:
        """Whether the grade is safe from the code: some isolation, and never the code
        running as root."""
        return self.kind != "none" and (self.own_user or os.geteuid() != 0)

    def describe(self) -> str:
        """One line saying what the submission ran in.

        >>> Sandbox("none", why="bwrap and unshare are not installed").describe()
        'isolation: none (bwrap and unshare are not installed): the code ran as your user'
        """
        user = "as a user of its own" if self.own_user else "as the grader's user"
        if self.kind != "none" and not self.isolated:
            user += " (root: the interpreter is not readable by another user)"
        if self.kind == "bwrap":
            return (
                "isolation: bubblewrap (no network, no other processes, read-only "
                f"system, private /tmp), {user}"
            )
        if self.kind == "unshare":
            return (
                "isolation: unshare (no network, no other processes; the grader's "
                f"file system, read as permissions allow), {user}"
            )
        if self.kind == "user":
            return (
                "isolation: a user of its own only (no namespaces here): the grader's "
                "files and processes are out of reach, the network and world-readable "
                "files are not"
            )
        why = f" ({self.why})" if self.why else ""
        return f"isolation: none{why}: the code ran as your user"

    def prefix(self, scratch: str, disk_mb: int) -> list[str]:
        """The command line before the interpreter's: ``scratch`` is the folder the
        child writes in (bubblewrap mounts its own there instead)."""
        if self.kind == "bwrap":
            return _bwrap(disk_mb)
        if self.kind in ("user", "none"):
            return []
        args = ["unshare", "--pid", "--fork", "--kill-child", "--mount-proc"]
        args += ["--net", "--ipc", "--uts"]
        if os.geteuid() != 0:
            args.insert(1, "--map-current-user")
        return args


def interpreter() -> str:
    """The real interpreter (a virtual environment's ``python`` is a link to it): run
    without ``site``, it sees the standard library and nothing installed."""
    return os.path.realpath(sys.executable)


def _prefixes() -> list[str]:
    paths = {os.path.realpath(p) for p in (sys.base_prefix, sys.base_exec_prefix)}
    paths.add(os.path.dirname(os.path.dirname(interpreter())))
    return sorted(p for p in paths if not p.startswith("/usr/") and p != "/usr")


def _package_folders() -> list[str]:
    """The interpreter's and the system's package folders that exist: hidden in the
    sandbox."""
    base = {"base": sys.base_prefix, "platbase": sys.base_exec_prefix}
    found: set[str] = set()
    for scheme in {sysconfig.get_default_scheme(), "posix_prefix"}:
        paths = sysconfig.get_paths(scheme, vars=base)
        found.update(os.path.realpath(paths[k]) for k in ("purelib", "platlib"))
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    for root in ("/usr/lib", "/usr/local/lib"):
        found.update(
            f"{root}/{v}/{kind}"
            for v in (version, f"python{sys.version_info[0]}")
            for kind in ("dist-packages", "site-packages")
        )
    return sorted(p for p in found if os.path.isdir(p))


def _bwrap(disk_mb: int) -> list[str]:
    root = os.geteuid() == 0
    args = ["bwrap", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"]
    args += ["--unshare-cgroup-try"]
    if not root:
        args.append("--unshare-user")
    args += ["--die-with-parent", "--new-session", "--cap-drop", "ALL"]
    if root:
        for cap in _CAPABILITIES:
            args += ["--cap-add", cap]
    args += ["--ro-bind", "/usr", "/usr"]
    for top in ("/bin", "/sbin", "/lib", "/lib32", "/lib64"):
        if os.path.islink(top):
            args += ["--symlink", os.readlink(top), top]
        elif os.path.isdir(top):
            args += ["--ro-bind", top, top]
    made = set()
    for prefix in _prefixes():
        for parent in reversed(Path(prefix).parents[:-1]):  # readable by the child's user
            if str(parent) not in made:
                args += ["--perms", "0755", "--dir", str(parent)]
                made.add(str(parent))
        args += ["--ro-bind", prefix, prefix]
    for folder in _package_folders():
        args += ["--tmpfs", folder, "--remount-ro", folder]
    args += ["--proc", "/proc", "--dev", "/dev"]
    args += ["--size", str(disk_mb * 1024 * 1024), "--tmpfs", SCRATCH]
    args += ["--chdir", SCRATCH, "--hostname", "sandbox"]
    return args


def _reachable_by_others(path: str) -> bool:
    """Whether a user other than the owner can reach ``path``'s folder and read it."""
    current = Path(path).resolve()
    for folder in [current.parent, *current.parent.parents]:
        if not folder.stat().st_mode & 0o001:
            return False
    return bool(current.stat().st_mode & 0o004) or bool(current.stat().st_mode & 0o001)


def _works(sandbox: Sandbox) -> str | None:
    """None when a trial run of the interpreter under ``sandbox`` succeeds (as a user
    of its own where it gets one), else why not."""
    prefix = sandbox.prefix("/", 1)
    program = prefix[0] if prefix else "setuid"
    if prefix and shutil.which(program) is None:
        return f"{program} is not installed"
    if sandbox.kind == "user" and not sandbox.own_user:
        return "a user of its own needs root and an interpreter other users can run"
    trial = "pass"
    if sandbox.own_user:
        uid = allocate_uid()
        trial = f"import os; os.setgroups([]); os.setresgid({uid}, {uid}, {uid}); "
        trial += f"os.setresuid({uid}, {uid}, {uid}); import json"
    command = [*prefix, interpreter(), "-S", "-B", "-c", trial]
    try:
        done = subprocess.run(command, capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"{program} failed: {exc}"
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return f"{program} failed: {lines[-1] if lines else f'status {done.returncode}'}"
    return None


_CHOSEN: dict[str, Sandbox] = {}


def choose_sandbox(prefer: str | None = None) -> Sandbox:
    """The strongest sandbox this machine allows (cached per process), or the kind
    ``prefer`` names; ``$GAMETREE_SANDBOX`` replaces ``auto`` (the default).

    Raises
    ------
    SearchError
        For an unknown kind, or a forced kind this machine cannot run.
    """
    wanted = prefer if prefer not in (None, "auto") else None
    wanted = wanted or os.environ.get(SANDBOX_VARIABLE) or "auto"
    if wanted != "auto" and wanted not in KINDS:
        raise SearchError(f"unknown sandbox {wanted!r}; expected auto or one of {', '.join(KINDS)}")
    if wanted in _CHOSEN:
        return _CHOSEN[wanted]
    reasons: list[str] = []
    chosen = None
    for kind in KINDS if wanted == "auto" else (wanted,):
        if kind == "none":
            chosen = Sandbox("none", why="; ".join(reasons))
            break
        own = os.geteuid() == 0 and (kind == "bwrap" or _reachable_by_others(interpreter()))
        candidate = Sandbox(kind, own_user=own)
        why = _works(candidate)
        if why is None and wanted == "auto" and not candidate.isolated:
            why = f"{kind} would run the code as root: the interpreter is not readable by others"
        if why is None:
            chosen = candidate
            break
        if wanted != "auto":
            raise SearchError(f"the {kind} sandbox cannot run here: {why}")
        reasons.append(why)
    assert chosen is not None
    _CHOSEN[wanted] = chosen
    return chosen


def allocate_uid() -> int:
    """A uid for one submission, drawn at random from a range no account uses."""
    return FIRST_UID + secrets.randbelow(UID_RANGE)


def _processes_of(uid: int) -> list[int]:
    """The live processes whose real uid is ``uid`` (zombies are dead already)."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/status", "rb") as status:
                fields = dict(line.split(b":", 1) for line in status if b":" in line)
        except OSError:
            continue
        alive = fields.get(b"State", b"").split()[:1] != [b"Z"]
        if alive and int(fields.get(b"Uid", b"-1").split()[0]) == uid:
            found.append(int(entry.name))
    return found


def kill_user(uid: int, *, patience: float = 2.0) -> int:
    """Kill every process whose real uid is ``uid`` (a submission's leftovers, daemons
    in their own session included) until none is left; return how many were killed."""
    killed = 0
    deadline = time.monotonic() + patience
    while True:
        pids = _processes_of(uid)
        if not pids or time.monotonic() > deadline:
            return killed
        for pid in pids:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
                killed += 1
        time.sleep(0.01)


SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm")
"""The folders any user may write in: where a submission's user could leave files
outside its scratch folder when no mount namespace gives it a private ``/tmp``."""


def remove_files_of(uid: int, folders: tuple[str, ...] = SHARED_FOLDERS) -> int:
    """Remove what ``uid`` owns in ``folders`` (links are removed, never followed);
    return how many entries went."""
    removed = 0
    for top in folders:
        for root, dirs, files in os.walk(top, topdown=False, followlinks=False):
            for name in files + dirs:
                path = os.path.join(root, name)
                with contextlib.suppress(OSError):
                    info = os.lstat(path)
                    if info.st_uid != uid:
                        continue
                    if name in dirs and not os.path.islink(path):
                        shutil.rmtree(path, ignore_errors=True)
                    else:
                        os.unlink(path)
                    removed += 1
    return removed
