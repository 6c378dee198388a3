"""The protocols by name (how a tree is presented to each style of code), and running
a trusted entry (a mutant of the right search) through one in this process, recorded as
a submission's run is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gametree.homework.codecheck.behaviour import Behaviour, behaviour
from gametree.homework.codecheck.runtime import adapted, aima, cs188, mutable, plaintree
from gametree.homework.codecheck.runtime.child import plain
from gametree.homework.codecheck.runtime.recorder import Recorder, Refusal
from gametree.homework.codecheck.treespec import TreeCase

__all__ = ["PROTOCOLS", "RUNTIME_NAME", "run_in_process"]

PROTOCOLS: dict[str, Any] = {
    "aima": aima,
    "cs188": cs188,
    "mutable": mutable,
    "tree": plaintree,
    "adapter": adapted,
}
"""The protocol modules by name (``adapter``: a course's own classes, through an
instructor's adapter file; see :mod:`~gametree.homework.codecheck.runtime.adapted`)."""

RUNTIME_NAME = {
    "aima": "aima",
    "cs188": "cs188",
    "mutable": "mutable",
    "tree": "plaintree",
    "adapter": "adapted",
}


def run_in_process(
    entry: Callable[..., Any], case: TreeCase, protocol: str, algorithm: str
) -> Behaviour:
    """Run a trusted entry (a mutant) on ``case`` through the protocol and recorder,
    in this process; a refusal or an exception is recorded as for a submission."""
    tree = case.data
    rec = Recorder(max(10_000, 200 * len(tree)))
    message: dict[str, Any] = {"result": None, "error": None}
    try:
        returned = PROTOCOLS[protocol].run(entry, tree, rec, algorithm)
        message["result"] = {k: (v if k == "end" else plain(v)) for k, v in returned.items()}
    except Refusal as exc:
        message["error"] = {"kind": "refused", "type": "Refusal", "message": exc.text, "frames": []}
    except RecursionError as exc:
        message["error"] = {
            "kind": "recursion",
            "type": "RecursionError",
            "message": str(exc),
            "frames": [],
        }
    except Exception as exc:  # a mutant may crash as student code would
        message["error"] = {
            "kind": "exception",
            "type": type(exc).__name__,
            "message": str(exc),
            "frames": [],
        }
    message["log"] = rec.log
    message["calls"] = rec.calls
    return behaviour(message)
