"""Fuzz ``--game`` specs outside CI: any spec gives a game or one line, and runs nothing.

Feeds :func:`gametree.games.specs.parse_game` specs assembled from hostile pieces:
callables of the standard library that act (``os:system``, ``subprocess:Popen``,
``shutil:rmtree``, ``builtins:exec``, ...), classes that are not games, the test games,
and argument texts that are deep, long, not literals or not Python. An audit hook
(:func:`sys.addaudithook`) watches the whole run: a process started, a file removed or
opened for writing, code executed after the imports is a crash, as is any
exception but a :class:`gametree.GameError` or a message of more than one line.

    python tests/fuzz/fuzz_specs.py --count 20000
    python tests/fuzz/fuzz_specs.py --seconds 300 --seed 7
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import gametree
from gametree.games.specs import parse_game
from tests.fuzz.crashes import note_crash

GAMES = Path(__file__).resolve().parents[1] / "data" / "games"
TARGETS = (
    "os:system", "os:remove", "os:execv", "os:popen", "subprocess:Popen", "subprocess:run",
    "shutil:rmtree", "builtins:exec", "builtins:eval", "builtins:open", "builtins:__import__",
    "pathlib:Path", "os:environ", "sys:exit", "code:interact", "pdb:set_trace",
    "gametree.games:TicTacToe", "gametree.games:Nim", "gametree.games:adapt",
    f"{GAMES / 'take_student.py'}:TakeGame", f"{GAMES / 'take_student.py'}:Take",
    f"{GAMES / 'take_student.py'}:Trap", f"{GAMES / 'take_student.py'}:undeclared",
    f"{GAMES / 'take_student.py'}:make_take", f"{GAMES / 'take_student.py'}:broken",
    "tictactoe", "nim", "no_such_module:X", "os.path:join", ":", "a:b:c", "os:",
)  # fmt: skip
ARGUMENT_PIECES = (
    "'touch /tmp/gametree-fuzz-ran'", "['ls']", "'/tmp/gametree-fuzz-dir'", "3", "-1",
    "n=4", "first='first'", "1e999", "9" * 5000, "(", ")", "[", "]", "{", "}", ",", "=",
    "*", "**", "lambda: 0", "__import__('os')", "x", "'\n'", "'\x1b[2J'", "-" * 200,
    "[" * 200, "]" * 200, "(" * 60, ")" * 60, "{'a': " * 30, "}" * 30, "'" + "x" * 12_000,
    "b''", "1j", "...", "None", "True", "f'{1}'", "\\", "#", ";", "\n",
)  # fmt: skip

WATCHED = (
    "os.system", "os.exec", "os.posix_spawn", "os.spawn", "os.fork", "subprocess.Popen",
    "os.remove", "os.rmdir", "shutil.rmtree", "os.kill", "exec",
)  # fmt: skip
# (``compile`` is left out: reading the arguments parses them with ast.parse, which
# compiles to a syntax tree and runs nothing.)
events: list[str] = []
watching = False


def audit(event: str, args: tuple[Any, ...]) -> None:
    """Record what would act: a process, a removal, code compiled or run, a write."""
    if not watching:
        return
    code = args[0] if event == "exec" and args else None
    if getattr(code, "co_name", None) == "<module>" and Path(code.co_filename).is_file():
        return  # a module imported from its file (a file spec's own import is allowed)
    if event.startswith(WATCHED):
        events.append(event)
    elif event == "open" and len(args) > 1 and isinstance(args[1], str) and "w" in args[1]:
        events.append(f"open for writing {args[0]!r}")


def one_spec(rng: random.Random) -> str:
    """A spec: a target, maybe with an argument text of hostile pieces."""
    target = rng.choice(TARGETS)
    if rng.random() < 0.2:
        return target
    text = "".join(rng.choice(ARGUMENT_PIECES) for _ in range(rng.randrange(1, 6)))
    return f"{target}({text})"


def main(argv: list[str] | None = None) -> int:
    global watching
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5_000, help="specs to try")
    parser.add_argument("--seconds", type=float, default=None, help="or run this long")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    for target in TARGETS:  # imports happen once, before watching
        with contextlib.suppress(Exception):
            parse_game(target)
    sys.addaudithook(audit)
    stop = time.monotonic() + args.seconds if args.seconds else None
    crashes: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    done = 0
    while (done < args.count) if stop is None else (time.monotonic() < stop):
        spec = one_spec(rng)
        events.clear()
        watching = True
        try:
            parse_game(spec)
            outcomes["game"] += 1
        except gametree.GameError as exc:
            outcomes["refused"] += 1
            if "\n" in str(exc) or len(str(exc)) > 1_000:
                note_crash(crashes, AssertionError(f"not one short line: {exc}"), "spec", spec)
        except Exception as exc:
            note_crash(crashes, exc, "spec", spec)
        finally:
            watching = False
        if events:
            note_crash(crashes, AssertionError(f"ran: {events[0]}"), "spec", spec)
        done += 1
    print(
        f"{done:,} specs: {outcomes['game']:,} games, {outcomes['refused']:,} refused, "
        f"{sum(crashes.values())} crashes ({len(crashes)} distinct)"
    )
    for kind, n in crashes.most_common():
        print(f"  {n:>6} x {kind}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
