"""Fuzz every tree reader outside CI: any input must give a tree or a gametree error.

Feeds each reader (the notation, JSON, DOT, GraphML, .efg, and sniffing) random bytes
(decoded as ``load`` decodes a file), random text, text assembled from pieces of its
format (tests/strategies.py ``READER_PIECES``: keywords, deep brackets, numbers past
float range, control characters) and valid files with a slice replaced. The contract:
a valid game tree, or a :class:`gametree.GameTreeError` whose message (a syntax
error's reason) is one line with every control character escaped; anything else (a
ValueError, a RecursionError, a message with a raw line break, ...) is a crash,
printed once with its input and counted. A tree holding an infinity its text never
spells (``1e999`` read as ``inf``) breaks the number rule and is counted as a crash too,
and so is a tree read that JSON or GraphML writes and gives back with other values
(issue 33: a ``1/3`` leaf came back as ``0.333...``); the pieces and seeds hold exact
ratios, tagged fractions (``{"gametree:fraction": "1/3"}``) and moves written ``1/3:``.

    python tests/fuzz/fuzz_readers.py --count 100000              # per reader
    python tests/fuzz/fuzz_readers.py --readers dot graphml --seconds 600 --seed 7
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
import warnings
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import gametree
from gametree.readwrite.common import decode_text
from tests.fuzz.crashes import note_crash
from tests.strategies import READER_PIECES, overflowed_infinities, reader_seeds

READERS = ("tree", "json", "dot", "graphml", "efg", "sniff")
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


class MessageNotOneLine(Exception):
    """An error message that quotes input without escaping it (counted as a crash)."""


class NumberRuleBroken(Exception):
    """A reader gave a tree holding an infinity its text never spells."""


class RoundTripBroken(Exception):
    """JSON or GraphML wrote a tree read from the input, and gave back other values."""


def _typed_values(G: object) -> list[tuple[object, type, object]]:
    return [(n, type(d["value"]), d["value"]) for n, d in G.nodes(data=True) if "value" in d]  # type: ignore[attr-defined]


def round_trips(G: object) -> None:
    """Every value (a 1/3 leaf exact) comes back from JSON and GraphML, or is refused."""
    for fmt in ("json", "graphml"):
        try:
            text = gametree.dumps(G, fmt)
        except gametree.TreeFileError:
            continue
        H = gametree.loads(text, fmt)
        if _typed_values(H) != _typed_values(G):
            raise RoundTripBroken(f"{fmt} gave back other values")


def one_input(rng: random.Random, fmt: str, seeds: list[str]) -> str | bytes:
    """Return one fuzz input for the reader of ``fmt``."""
    pieces = READER_PIECES[fmt]
    roll = rng.random()
    if roll < 0.1:
        return rng.randbytes(rng.randrange(64))
    if roll < 0.2:
        return "".join(chr(rng.randrange(0x20000)) for _ in range(rng.randrange(40)))
    if roll < 0.6:
        return "".join(
            rng.choice(pieces) if rng.random() < 0.85 else chr(rng.randrange(0x110000))
            for _ in range(rng.randrange(1, 30))
        )
    text = rng.choice(seeds)
    for _ in range(rng.randrange(1, 4)):  # replace, duplicate or drop slices
        i = rng.randrange(len(text) + 1)
        j = min(len(text), i + rng.randrange(12))
        what = rng.random()
        if what < 0.5:
            text = text[:i] + rng.choice(pieces) + text[j:]
        elif what < 0.75:
            text = text[:j] + text[i:j] + text[j:]
        else:
            text = text[:i] + text[j:]
    return text


def check(data: str | bytes, fmt: str) -> str:
    """Return "tree" or "error"; raise if ``data`` breaks the readers' contract."""
    try:
        text = decode_text(data, "fuzz") if isinstance(data, bytes) else data
        G = gametree.loads(text, None if fmt == "sniff" else fmt)
    except gametree.GameTreeError as exc:
        if not str(exc):
            raise AssertionError("an error without a message") from None
        shown = exc.reason if isinstance(exc, gametree.TreeSyntaxError) else str(exc)
        if CONTROL.search(shown):  # the command line prints it on one line
            raise MessageNotOneLine(shown[:200]) from None
        return "error"
    gametree.validate(G)
    overflowed = overflowed_infinities(G, text)
    if overflowed:
        raise NumberRuleBroken(f"a numeral overflowed into infinity at {overflowed[0]}")
    round_trips(G)
    return "tree"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000, help="inputs per reader")
    parser.add_argument("--seconds", type=float, default=None, help="or this long per reader")
    parser.add_argument("--readers", nargs="+", choices=READERS, default=list(READERS))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # networkx warns about GraphML keys without a type
    all_seeds = reader_seeds()
    total_crashes = 0
    for fmt in args.readers:
        rng = random.Random(f"{args.seed}-{fmt}")
        stop = time.monotonic() + args.seconds if args.seconds else None
        crashes: Counter[str] = Counter()
        outcomes: Counter[str] = Counter()
        done = 0
        start = time.monotonic()
        while (done < args.count) if stop is None else (time.monotonic() < stop):
            source = rng.choice([f for f in READER_PIECES]) if fmt == "sniff" else fmt
            data = one_input(rng, source, all_seeds[source])
            try:
                outcomes[check(data, fmt)] += 1
            except AssertionError:
                raise
            except Exception as exc:
                note_crash(crashes, exc, f"reader={fmt}", data)
            done += 1
        seconds = time.monotonic() - start
        total_crashes += sum(crashes.values())
        print(
            f"{fmt:8} {done:>8,} inputs in {seconds:7.1f}s: {outcomes['tree']:>7,} trees, "
            f"{outcomes['error']:>7,} gametree errors, {sum(crashes.values())} crashes "
            f"({len(crashes)} distinct)"
        )
        for kind, n in crashes.most_common():
            print(f"  {n:>6} x {kind}")
        sys.stdout.flush()
    return 1 if total_crashes else 0


if __name__ == "__main__":
    sys.exit(main())
