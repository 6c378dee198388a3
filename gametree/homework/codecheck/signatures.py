"""The bug catalogue's signatures, cached: every mutant's behaviour on every tree.

A :class:`~gametree.homework.codecheck.Checker` runs each catalogued mutant on each tree
to know what each bug looks like (the signatures); a check of one file then needs none
of them again. They depend only on the checker's set-up, so they are cached on disk,
one JSON file per set-up, keyed on everything that can change them: gametree's version,
the bytes of every module a mutant's run goes through, the protocol, the algorithm,
the rules in force and the trees. A cache file is written to a temporary name and
renamed (never half-written), read back only if every field has the shape it must, and
otherwise ignored and rebuilt. Nothing in it is ever run or unpickled.

The folder is ``$GAMETREE_CACHE_DIR``, else ``$XDG_CACHE_HOME/gametree``, else
``~/.cache/gametree`` (``codecheck/`` inside); ``GAMETREE_CACHE_DIR=off`` turns the
cache off. A folder that cannot be written only costs the time.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from gametree.homework.codecheck.behaviour import Behaviour

__all__ = ["cache_folder", "load", "signature_key", "store"]

FORMAT = 1
"""The cache file's layout version."""


def cache_folder() -> Path | None:
    """Where signature files live (None: the cache is off)."""
    given = os.environ.get("GAMETREE_CACHE_DIR")
    if given == "off":
        return None
    if given:
        return Path(given) / "codecheck"
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "gametree" / "codecheck"


@cache
def _code_fingerprint() -> str:
    """A hash of every module the mutants' runs and their comparison go through."""
    here = Path(__file__).parent
    digest = hashlib.sha256()
    for path in sorted([*here.glob("*.py"), *here.glob("runtime/*.py"),
                        *here.glob("runtime/standins/*.py")]):  # fmt: skip
        digest.update(path.relative_to(here).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def signature_key(setup: Mapping[str, Any]) -> str:
    """The cache key of a checker's set-up (a JSON-ready mapping)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        release = version("gametree")
    except PackageNotFoundError:  # a checkout run from its folder
        release = "unknown"
    text = json.dumps(
        {"format": FORMAT, "version": release, "code": _code_fingerprint(), **setup},
        sort_keys=True,
        default=str,
    )
    return hashlib.sha256(text.encode()).hexdigest()


def _encode(b: Behaviour) -> dict[str, Any]:
    return {
        "evaluations": list(b.evaluations),
        "generated": list(b.generated),
        "order": [list(x) for x in b.order],
        "action": b.action,
        "value": b.value,
        "error": None if b.error is None else dict(b.error),
        "refused_at": b.refused_at,
        "notes": [list(n) for n in b.notes],
        "end": None if b.end is None else dict(b.end),
        "skipped": b.skipped,
        "output": list(b.output),
        "calls": b.calls,
    }


def _strings(x: Any, width: int | None = None) -> bool:
    return (
        isinstance(x, list)
        and all(isinstance(s, str) for s in x)
        and (width is None or len(x) == width)
    )


def _scalar(x: Any) -> bool:
    if isinstance(x, dict):
        return all(isinstance(k, str) and _scalar(v) for k, v in x.items())
    if isinstance(x, list):
        return all(_scalar(v) for v in x)
    return x is None or isinstance(x, (str, int, float, bool))


def _decode(d: Any) -> Behaviour:
    """A Behaviour back from its JSON form; ValueError for any field out of shape."""
    ok = (
        isinstance(d, dict)
        and _strings(d.get("evaluations"))
        and _strings(d.get("generated"))
        and isinstance(d.get("order"), list)
        and all(_strings(x, 2) for x in d["order"])
        and isinstance(d.get("notes"), list)
        and all(_strings(x, 3) for x in d["notes"])
        and _scalar(d.get("action"))
        and _scalar(d.get("value"))
        and (d.get("error") is None or (isinstance(d["error"], dict) and _scalar(d["error"])))
        and (d.get("end") is None or (isinstance(d["end"], dict) and _scalar(d["end"])))
        and (d.get("refused_at") is None or isinstance(d["refused_at"], str))
        and (d.get("skipped") is None or isinstance(d["skipped"], str))
        and isinstance(d.get("output"), list)
        and len(d["output"]) == 2
        and isinstance(d["output"][0], str)
        and isinstance(d["output"][1], int)
        and isinstance(d.get("calls"), int)
    )
    if not ok:
        raise ValueError("a behaviour out of shape")
    return Behaviour(
        evaluations=tuple(d["evaluations"]),
        generated=tuple(d["generated"]),
        order=tuple((a, b) for a, b in d["order"]),
        action=d["action"],
        value=d["value"],
        error=d["error"],
        refused_at=d["refused_at"],
        notes=tuple((a, b, c) for a, b, c in d["notes"]),
        end=d["end"],
        skipped=d["skipped"],
        output=(d["output"][0], d["output"][1]),
        calls=d["calls"],
    )


def load(key: str, trees: int) -> dict[str, tuple[Behaviour, ...]]:
    """The cached runs for ``key`` (mutation key to one behaviour per tree), or an
    empty dict when there are none or the file is out of shape."""
    folder = cache_folder()
    if folder is None:
        return {}
    try:
        raw = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
        if not isinstance(raw, dict) or raw.get("format") != FORMAT or raw.get("key") != key:
            return {}
        runs = raw["runs"]
        if not isinstance(runs, dict):
            return {}
        out = {}
        for name, items in runs.items():
            if not isinstance(items, list) or len(items) != trees:
                return {}
            out[str(name)] = tuple(_decode(d) for d in items)
        return out
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return {}


def store(key: str, runs: Mapping[str, Sequence[Behaviour]]) -> None:
    """Write the runs for ``key`` atomically (a temporary file renamed); a folder that
    cannot be written is left alone."""
    folder = cache_folder()
    if folder is None:
        return
    doc = {
        "format": FORMAT,
        "key": key,
        "runs": {k: [_encode(b) for b in v] for k, v in runs.items()},
    }
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, tmp = tempfile.mkstemp(prefix=f".{key[:16]}-", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(doc, out)
            os.replace(tmp, folder / f"{key}.json")
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except (OSError, ValueError, TypeError):
        return
