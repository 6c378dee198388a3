"""Fuzz every answer reader outside CI: random and hostile input must give findings.

Feeds random bytes, random text and answer-like text assembled from hostile pieces
(tests/strategies.py ``ANSWER_PIECES``) to :func:`gametree.parse_answers` in every format
(sniffed, JSON, TOML, plain text) and checks each result against the AIMA Figure 5.2 key.
The contract: findings, or :class:`gametree.AnswerFormatError` for bytes that are not
UTF-8; the grading CSV of a submission named after the input reads back as one row of
one-line cells, none a formula, and the report printed terminal-safe holds no control
character; anything else is a crash, printed with its input and counted. A fifth of the
inputs repeat a piece hundreds or thousands of times and are read with a small
``max_items``: at most that many items and problems, plus the one that says so, are kept
(what the limit promises), else it counts as a crash too.

    python tests/fuzz/fuzz_answers.py --count 100000
    python tests/fuzz/fuzz_answers.py --seconds 600 --seed 7
"""

from __future__ import annotations

import argparse
import csv
import io
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import gametree
from gametree import AnswerFormatError, AnswerKey, parse_answers
from gametree.homework.grade import GradeReport, GradeRow
from gametree.quoting import terminal_safe
from tests.fuzz.crashes import note_crash
from tests.strategies import ANSWER_PIECES

READERS = (None, "json", "toml", "text")
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
FORMULA = ("=", "+", "-", "@", "\t", "\r")
KEY = AnswerKey(gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))


class LimitBroken(Exception):
    """More was kept from an answer file than its key limit allows."""


def many_keys(rng: random.Random) -> str:
    """A piece of answer text (a line, a JSON member, a TOML table) repeated many times."""
    piece = rng.choice(
        [
            "x{} = {}\n",
            "values.x{} = {}\n",
            "[values]\nx{} = {}\n",
            "[nowhere]\n# {} {}\n",
            "alpha x{} = [{}, 2]\n",
            "not an answer {} {}\n",
            '"x{}": {}, ',
            "x{} = {{alpha = {}, beta = 2}}\n",
        ]
    )
    body = "".join(piece.format(i, i) for i in range(rng.randrange(50, 3000)))
    return "{" + body + '"end": 1}' if piece.startswith('"') else body


def one_input(rng: random.Random) -> str | bytes:
    """Return one fuzz input: random bytes, random text, or hostile answer-like text."""
    roll = rng.random()
    if roll < 0.15:
        return rng.randbytes(rng.randrange(64))
    if roll < 0.3:
        return "".join(chr(rng.randrange(0x20000)) for _ in range(rng.randrange(40)))
    pieces = [
        rng.choice(ANSWER_PIECES) if rng.random() < 0.8 else chr(rng.randrange(0x110000))
        for _ in range(rng.randrange(1, 25))
    ]
    text = "".join(pieces)
    if rng.random() < 0.2:  # mutate: cut, duplicate or drop a slice
        i, j = sorted(rng.randrange(len(text) + 1) for _ in range(2))
        text = rng.choice((text[:i] + text[j:], text[:j] + text[i:j] + text[j:], text[i:j]))
    return text


def check(data: str | bytes, fmt: str | None, max_items: int | None = None) -> None:
    """Raise if ``data`` breaks the contract of the answer readers."""
    try:
        answers = parse_answers(data, format=fmt, max_items=max_items)
    except AnswerFormatError:
        if not isinstance(data, bytes):
            raise
        return
    kept = len(answers.items) + len(answers.problems)
    if max_items is not None and kept > max_items + 1:
        raise LimitBroken(f"{kept} items and problems kept with max_items={max_items}")
    report = KEY.check(answers)
    str(report)
    report.to_markdown()
    # The grading CSV of a submission named after the input: one row, one line per
    # cell, no control character, no formula (issue 26).
    name = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    wrong = tuple(f"{f.item}: {f.verdict.value}" for f in report.wrong)
    row = GradeRow(name[:80], report.score, report.right, report.asked, wrong, (), name[:80])
    text = GradeReport((row,), (), ()).to_csv()
    table = list(csv.reader(io.StringIO(text, newline="")))
    if len(table) != 2 or len(table[1]) != 7:
        raise AssertionError(f"the CSV reads back as {len(table)} rows")
    for cell in (table[1][0], *table[1][4:]):
        if CONTROL.search(cell) or cell.startswith(FORMULA):
            raise AssertionError(f"unsafe CSV cell {cell[:60]!r}")
    if CONTROL.search(terminal_safe(report.format("text")).replace("\n", "")):
        raise AssertionError("a control character reaches the terminal")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000, help="inputs to try")
    parser.add_argument("--seconds", type=float, default=None, help="or run this long")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    stop = time.monotonic() + args.seconds if args.seconds else None
    crashes: Counter[str] = Counter()
    done = 0
    while (done < args.count) if stop is None else (time.monotonic() < stop):
        big = rng.random() < 0.2
        data = many_keys(rng) if big else one_input(rng)
        fmt = rng.choice(READERS)
        try:
            check(data, fmt, rng.randrange(1, 200) if big else None)
        except Exception as exc:
            note_crash(crashes, exc, f"format={fmt}", data)
        done += 1
    print(f"{done} inputs, {sum(crashes.values())} crashes, {len(crashes)} distinct")
    for kind, n in crashes.most_common():
        print(f"  {n:>6} x {kind}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
