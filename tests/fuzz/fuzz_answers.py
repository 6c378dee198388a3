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

Half the inputs are built from the structure of an answer file instead
(:func:`structured_answers`): every item name and alias, the tables, node names, ids,
labels, moves and leaf positions of the tree, with values of every shape (empty lists,
lists of lists, objects where a list goes, ``true``, ``null``, huge numbers, NaN, blank
moves), written as JSON, TOML or the plain-text form, or passed as a mapping. Each is
checked against one of several answer keys (ids, labels, moves, a CHANCE tree,
fail-hard, ``window_at="enter"``, ``tie_break="any"``, ``ids=True``), graded item by
item as Gradescope and PrairieLearn grade it, and every file of a batch is also graded
by :func:`gametree.grade` over its folder (one row per file, none an internal error)
and one in 20 by ``gametree check`` in-process (exit 0, 1 or 2, nothing raised). One
in four also draws a Monte Carlo answer file (``select.A``, ``ucb1.A.D``, ``path``,
``visits.D``, ... with values of any shape, some files broken) checked on the
statistics tree of ``tests/data/known/mcts``.

    python tests/fuzz/fuzz_answers.py --count 100000
    python tests/fuzz/fuzz_answers.py --seconds 600 --seed 7
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import itertools
import json
import math
import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import networkx as nx

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import gametree
from gametree import AnswerFormatError, AnswerKey, parse_answers
from gametree.cli.command import main as gametree_main
from gametree.homework.answers import _TABLES, _TOP_KEYS
from gametree.homework.grade import GradeReport, GradeRow, grade
from gametree.platforms.items import ASK_CHOICES, grade_items
from gametree.platforms.marked import marked_svg
from gametree.quoting import terminal_safe
from tests.fuzz.crashes import note_crash
from tests.strategies import ANSWER_PIECES

READERS = (None, "json", "toml", "text")
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
FORMULA = ("=", "+", "-", "@", "\t", "\r")
AIMA = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
KEY = AnswerKey(AIMA)
# Ids "0".."12" with labels A..M and moves a1..d3 (what ``gametree expand aima`` writes).
MOVES = gametree.parse(
    '("0" {label="A"} a1:("1" {label="B"} b1:("4"=3 MIN) b2:("5"=12 MIN) b3:("6"=8 MIN))'
    ' a2:("2" {label="C"} c1:("7"=2 MIN) c2:("8"=4 MIN) c3:("9"=6 MIN))'
    ' a3:("3" {label="D"} d1:("10"=14 MIN) d2:("11"=5 MIN) d3:("12"=2 MIN)))'
)
# Moves that repeat under different parents (named by path), a move spelled like an id.
NIM = gametree.parse("(A x:(B y:(D 1 2) x:(E 3 -1)) y:(C x:(F 0 5) B:(G 2 2)))")
CHANCE = gametree.parse(
    "players: MAX CHANCE MIN\n(A (B 2/3*(D 3 1) 1/3*(E 2 8)) (C (G 4 0) (F 1/2 5)))"
)
KEYS = (
    KEY,
    AnswerKey(AIMA, fail="hard", prune_on_equal=False, window_at="enter", tie_break="any"),
    AnswerKey(MOVES),
    AnswerKey(MOVES, ids=True),
    AnswerKey(NIM),
    AnswerKey(CHANCE, algorithm="expectiminimax"),
)


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


def check(
    data: str | bytes, fmt: str | None, max_items: int | None = None, key: AnswerKey = KEY
) -> None:
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
    report = key.check(answers)
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


def _statistics_tree() -> Any:
    """The hand-made statistics tree of tests/data/known/mcts (visits and totals)."""
    spec = json.loads(
        (Path(__file__).parents[1] / "data/known/mcts/ucb1_statistics.json").read_text()
    )
    G = nx.DiGraph()
    for n, data in spec["nodes"].items():
        G.add_node(n, **data)
    G.add_edges_from(spec["edges"])
    return G


STATS = _statistics_tree()
MCTS_NAMES = (
    "select.A", "select.B", "select.Z", "ucb1.A.D", "ucb1.A", "ucb1.Z.D", "path", "visits.D",
    "total.A", "visits.Z", "select", "ucb1", "visits", "total", "ucb1.A.D.E",
)  # fmt: skip
"""The items of a Monte Carlo tree search answer file (and some it does not have)."""


def check_mcts_structured(rng: random.Random) -> None:
    """A Monte Carlo answer file of any shape: findings, never an exception."""
    names = [*STATS, "A D", "#1"]
    doc = {rng.choice(MCTS_NAMES): junk_value(rng, names) for _ in range(rng.randrange(1, 6))}
    data, _ = written(rng, doc)
    if isinstance(data, str) and rng.random() < 0.2:  # a broken file
        i = rng.randrange(len(data) + 1)
        data = data[:i] + rng.choice(("{", "}", "\n", "=", '"', "\x00")) + data[i:]
    for options in ({}, {"c": 1.0, "playout_value": 1}):
        report = gametree.check(STATS, data, algorithm="mcts", **options)
        report.format("text")
        report.format("json")


ITEM_NAMES = (*_TOP_KEYS, *_TABLES, "VALUE", " pv ", "Pruned_Moves", "values.C", "alpha C")
"""Every key an answer file may use (and a few spelled unusually)."""

JUNK: tuple[Any, ...] = (
    "", " ", "\t", "-", "pruned", "none", "3", "-2", "2.5", "<=2", ">=5", "<2", "=<3", "1/3",
    "1/0", "inf", "-∞", "nan", "1e400", "#0", "#1", "#5", "#99999999999999999999", "C-I",
    "(C, I)", "a2/c2", "x/x", "a1 b1", "[", "{}", '"', "\x00", "\u202e", "<img src=x>",
    0, -1, 3, 2**64, 10**400, -(10**5000), 0.5, 1e308, math.inf, -math.inf, math.nan,
    True, False, None,
)  # fmt: skip


def names_of(G: Any) -> list[Any]:
    """What an answer may call the nodes of ``G``: ids, labels, moves, leaf positions."""
    out: list[Any] = list(G)
    out += [d["label"] for _, d in G.nodes(data=True) if "label" in d]
    out += [d["move"] for _, _, d in G.edges(data=True) if "move" in d]
    out += [f"#{k}" for k in range(len(G) + 2)]
    out += [f"{u}-{v}" for u, v in G.edges]
    return out


def junk_value(rng: random.Random, names: list[Any], depth: int = 0) -> Any:
    """A value of any shape: a name, junk, a list (empty, of names, of pairs, nested), an
    object, ..."""
    roll = rng.random()
    if roll < 0.35 or depth > 2:
        return rng.choice(names) if rng.random() < 0.5 else rng.choice(JUNK)
    if roll < 0.75:
        size = rng.choice((0, 0, 1, 2, 3, rng.randrange(20)))
        return [junk_value(rng, names, depth + 1) for _ in range(size)]
    if roll < 0.85:
        return [[rng.choice(names), rng.choice(names)] for _ in range(rng.randrange(4))]
    keys = ("value", "alpha", "beta", "window", "x", *map(str, names[:6]))
    return {
        str(rng.choice(keys)): junk_value(rng, names, depth + 1) for _ in range(rng.randrange(4))
    }


def structured_answers(rng: random.Random, G: Any) -> dict[str, Any]:
    """An answer document: items by every name, node tables, per-node objects, junk."""
    names = names_of(G)
    doc: dict[str, Any] = {}
    for _ in range(rng.randrange(1, 9)):
        roll = rng.random()
        if roll < 0.55:
            key = rng.choice(ITEM_NAMES)
        elif roll < 0.85:
            key = str(rng.choice(names))
        else:
            key = rng.choice([j for j in JUNK if isinstance(j, str)])
        doc[key] = junk_value(rng, names)
    return doc


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return (
            "nan"
            if value != value
            else ("inf" if value > 0 else "-inf")
            if math.isinf(value)
            else repr(value)
        )
    if isinstance(value, int):
        return str(value) if value.bit_length() < 10_000 else "1" + "0" * 3000
    if value is None:
        return '""'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return (
            "{" + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"
        )
    return json.dumps(str(value), ensure_ascii=False)


def _text_value(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_text_value(v) for v in value)
    if isinstance(value, dict):
        return " ".join(f"{k} {_text_value(v)}" for k, v in value.items())
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 10_000:
        return "9" * 5000
    return str(value)


def written(rng: random.Random, doc: dict[str, Any]) -> tuple[str | dict[str, Any], str]:
    """``doc`` as a JSON, TOML or plain-text file's content (or the mapping itself)."""
    fmt = rng.choice(("json", "toml", "text", "dict"))
    if fmt == "json":

        def safe(v: Any) -> Any:
            if isinstance(v, int) and not isinstance(v, bool) and v.bit_length() > 10_000:
                return float("inf")
            if isinstance(v, list):
                return [safe(x) for x in v]
            if isinstance(v, dict):
                return {k: safe(x) for k, x in v.items()}
            return v

        return json.dumps(safe(doc), ensure_ascii=rng.random() < 0.5), ".json"
    if fmt == "toml":
        return "\n".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in doc.items()), ".toml"
    if fmt == "text":
        return "\n".join(f"{k} = {_text_value(v)}" for k, v in doc.items()), ".txt"
    return doc, ""


_CHECKED = itertools.count()


def check_structured(data: str | dict[str, Any], key: AnswerKey, suffix: str) -> None:
    """Check, report and grade item by item (Gradescope's and PrairieLearn's way)."""
    answers = parse_answers(
        data, format={".json": "json", ".toml": "toml", ".txt": "text"}.get(suffix)
    )
    report = key.check(answers)
    report.format("text")
    report.format("json")
    report.to_markdown()
    grading = grade_items(key, answers, ASK_CHOICES)
    if not 0 <= grading.score <= grading.max_score:
        raise AssertionError(f"item score {grading.score} of {grading.max_score}")
    if next(_CHECKED) % 25 == 0:
        marked_svg(key, grading)  # the tree Gradescope shows, marked with what was given


def grade_folder(folder: Path, tree: Path, files: list[Path], crashes: Counter[str]) -> None:
    """Grade the batch's folder and run ``gametree check`` on one file in 20."""
    try:
        report = grade(tree, folder)
        if len(report.rows) != len(files):
            raise AssertionError(f"{len(report.rows)} rows for {len(files)} files")
        for row in report.rows:
            if row.error is not None and "internal error" in row.error:
                raise AssertionError(row.error)
        report.to_csv()
    except Exception as exc:
        note_crash(crashes, exc, f"grade {folder}", [f.name for f in files][:5])
    for path in files[::20]:
        out, err = io.StringIO(), io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = gametree_main(["check", str(tree), str(path)])
            if status not in (0, 1, 2) or "Traceback" in err.getvalue():
                raise AssertionError(f"check exit {status}: {err.getvalue()[:200]}")
        except Exception as exc:
            note_crash(crashes, exc, f"check {path.name}", path.read_bytes()[:200])


def run_structured(count: int, stop: float | None, seed: int, crashes: Counter[str]) -> int:
    """Fuzz with structured answer files; return how many files were tried."""
    rng = random.Random(seed)
    done = 0
    with tempfile.TemporaryDirectory() as tmp:
        trees = []
        for i, key in enumerate(KEYS[:5]):
            path = Path(tmp) / f"tree{i}.tree"
            path.write_text(gametree.to_notation(key.G), encoding="utf-8")
            trees.append((path, key))
        batch = 0
        while (done < count) if stop is None else (time.monotonic() < stop):
            tree, _ = trees[batch % len(trees)]
            folder = Path(tmp) / f"batch{batch}"
            folder.mkdir()
            files = []
            for i in range(100):
                key = rng.choice(KEYS)
                doc = structured_answers(rng, key.G)
                data, suffix = written(rng, doc)
                try:
                    check_structured(data, key, suffix)
                except Exception as exc:
                    note_crash(crashes, exc, f"structured {suffix or 'dict'}", data)
                if i % 4 == 0:
                    try:
                        check_mcts_structured(rng)
                    except Exception as exc:
                        note_crash(crashes, exc, "structured mcts", "")
                if suffix:
                    path = folder / f"s{i:03}{suffix}"
                    path.write_text(data, encoding="utf-8", errors="surrogatepass")  # type: ignore[arg-type]
                    files.append(path)
                done += 1
            grade_folder(folder, tree, files, crashes)
            for path in files:
                path.unlink()
            folder.rmdir()
            batch += 1
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000, help="inputs to try")
    parser.add_argument("--seconds", type=float, default=None, help="or run this long")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--only", choices=("text", "structured"), default=None, help="one kind of input only"
    )
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    started = time.monotonic()
    crashes: Counter[str] = Counter()
    halves = {"text": 0, "structured": 0}
    if args.only != "text":
        share = args.count if args.only else args.count // 2
        stop = started + (args.seconds / (1 if args.only else 2)) if args.seconds else None
        halves["structured"] = run_structured(share, stop, args.seed, crashes)
    stop = (
        time.monotonic() + args.seconds / 2
        if args.seconds and not args.only
        else (started + args.seconds if args.seconds else None)
    )
    share = 0 if args.only == "structured" else args.count - halves["structured"]
    done = 0
    while (
        (done < share) if stop is None else (time.monotonic() < stop and args.only != "structured")
    ):
        big = rng.random() < 0.2
        data = many_keys(rng) if big else one_input(rng)
        fmt = rng.choice(READERS)
        try:
            check(data, fmt, rng.randrange(1, 200) if big else None, rng.choice(KEYS))
        except Exception as exc:
            note_crash(crashes, exc, f"format={fmt}", data)
        done += 1
    halves["text"] = done
    total = done + halves["structured"]
    print(
        f"{total} inputs ({halves['structured']} structured files, {done} texts), seed "
        f"{args.seed}, {time.monotonic() - started:.0f} s: {sum(crashes.values())} crashes, "
        f"{len(crashes)} distinct"
    )
    for kind, n in crashes.most_common():
        print(f"  {n:>6} x {kind}")
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
