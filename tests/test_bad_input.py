"""Malformed input in every format: the documented exception, naming the place."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree.notation import parse

SYNTAX = gametree.TreeSyntaxError
INVALID = gametree.InvalidTreeError
FILE = gametree.TreeFileError

NODE_LINK_TWO_ROOTS = (
    '{"directed": true, "graph": {}, "nodes": [{"id": "A", "player": "MAX"}, '
    '{"id": "B", "value": 1}, {"id": "C", "value": 2}], "edges": [{"source": "A", '
    '"target": "B"}]}'
)

# (case id, file name, content, exception, a regex the message must match: the place)
CASES: list[tuple[str, str, str | bytes, type[Exception], str]] = [
    # -- the notation
    (
        "unbalanced open",
        "t.tree",
        "(A (B 3 12 8)\n   (C 2 4 6)",
        SYNTAX,
        r"t\.tree:1:1: '\(' is never closed",
    ),
    ("unbalanced close", "t.tree", "(A 1 2))", SYNTAX, r"t\.tree:1:8: unexpected '\)'"),
    ("mismatched bracket", "t.tree", "(A [1 2)", SYNTAX, r"t\.tree:1:8: expected '\]'"),
    ("empty input", "t.tree", "", SYNTAX, r"t\.tree:1:1: empty input"),
    ("only comments", "t.tree", "# nothing\n\n", SYNTAX, r"t\.tree:3:1: empty input"),
    ("text after the tree", "t.tree", "(A 1 2)\n(B 3)", SYNTAX, r"t\.tree:2:1: unexpected '\('"),
    ("NaN value", "t.tree", "(A 1 NaN)", SYNTAX, r"t\.tree:1:6: NaN"),
    (
        "true as a value",
        "t.tree",
        "(A E=true 2)",
        SYNTAX,
        r"t\.tree:1:6: expected a number after '='",
    ),
    (
        "unknown player",
        "t.tree",
        "(A (B MINI 1 2))",
        SYNTAX,
        r"t\.tree:1:7: no node is named 'MINI'",
    ),
    (
        "unknown player attr",
        "t.tree",
        '(A {player="MINI"} 1 2)',
        INVALID,
        r"node 'A' has unknown player 'MINI'",
    ),
    (
        "probs sum to 0.9",
        "t.tree",
        "players: MAX CHANCE\n(A (B 0.5*1 0.4*2))",
        INVALID,
        r"CHANCE node 'B' sum to 0\.9",
    ),
    ("prob below MIN", "t.tree", "(A (B 0.5*1 0.5*2))", INVALID, r"edge 'B' -> 'C' has a prob"),
    (
        "missing prob",
        "t.tree",
        "players: MAX CHANCE\n(A (B 0.5*1 2))",
        INVALID,
        r"edge 'B' -> 'D' has no prob",
    ),
    ("leaf without value", "t.tree", "(A (B))", SYNTAX, r"t\.tree:1:4: empty group"),
    (
        "duplicate name",
        "t.tree",
        "(A (B 1) (B 2))",
        SYNTAX,
        r"t\.tree:1:10: node 'B' is defined twice",
    ),
    ("dangling reference", "t.tree", "(A X 1)", SYNTAX, r"t\.tree:1:4: no node is named 'X'"),
    ("cycle via reference", "t.tree", "(A (B (C A)))", INVALID, r"cycle through node '[ABC]'"),
    ("bad number", "t.tree", "(A 1 2.3.4)", SYNTAX, r"t\.tree:1:6: '2\.3\.4' is not a number"),
    ("unterminated string", "t.tree", '(A "B 1)', SYNTAX, r"t\.tree:1:4: unterminated string"),
    ("stray character", "t.tree", "(A 1 $ 2)", SYNTAX, r"t\.tree:1:6: unexpected character '\$'"),
    (
        "huge integer",
        "t.tree",
        "(A 1\n " + "9" * 5000 + ")",
        SYNTAX,
        r"t\.tree:2:2: integer with 5000 digits",
    ),
    (
        "huge fraction",
        "t.tree",
        "(A 1 " + "9" * 400 + "/3)",
        SYNTAX,
        r"t\.tree:1:6: fraction .* too large",
    ),
    # -- JSON
    ("json syntax", "t.json", '{"nodes": [}', SYNTAX, r"t\.json:1:12: invalid JSON"),
    ("json two roots", "t.json", NODE_LINK_TWO_ROOTS, INVALID, r"several roots.*'A', 'C'"),
    (
        "json nested true",
        "t.json",
        "[[3, true], [1]]",
        INVALID,
        r"\[0\]\[1\] \(node 'E'\) is a bool",
    ),
    ("json nested NaN", "t.json", "[[3, NaN]]", INVALID, r"\[0\]\[1\] \(node 'D'\) is NaN"),
    ("json empty list", "t.json", "[[1], []]", INVALID, r"empty list at \[1\] \(node 'C'\)"),
    (
        "json missing leaf value",
        "t.json",
        '{"nodes": [{"id": "A", "player": "MAX"}, {"id": "B"}], '
        '"edges": [{"source": "A", "target": "B"}]}',
        INVALID,
        r"leaf 'B' has no value",
    ),
    (
        "json unknown edge end",
        "t.json",
        '{"nodes": [{"id": "A", "value": 1}], "edges": [{"source": "A", "target": "Z"}]}',
        INVALID,
        r"edges\[0\] 'A' -> 'Z': 'Z' is not a listed node",
    ),
    (
        "json node without id",
        "t.json",
        '{"nodes": [{"value": 1}], "edges": []}',
        INVALID,
        r"nodes\[0\] must be an object with an 'id'",
    ),
    (
        "json bool value",
        "t.json",
        '{"nodes": [{"id": "A", "value": true}], "edges": []}',
        INVALID,
        r"node 'A': value is a bool",
    ),
    (
        "json wrong shape",
        "t.json",
        '"hello"',
        FILE,
        r"t\.json: expected a nested list or an object",
    ),
    ("json empty", "t.json", "", SYNTAX, r"t\.json:1:1: invalid JSON"),
    # -- DOT
    (
        "dot cycle",
        "t.dot",
        "digraph { A -> B; B -> A; A [player=MAX]; B [player=MIN] }",
        INVALID,
        r"cycle through node '[AB]'",
    ),
    ("dot syntax", "t.dot", "digraph {\n  A -> ;\n}", SYNTAX, r"t\.dot:2:\d+: invalid DOT"),
    ("dot undirected", "t.gv", "graph { A -- B }", FILE, r"t\.gv: the DOT graph is undirected"),
    (
        "dot leaf without value",
        "t.dot",
        "digraph { A [player=MAX]; A -> B }",
        INVALID,
        r"leaf 'B' has no value",
    ),
    (
        "dot unknown player",
        "t.dot",
        "digraph { A [player=boss]; A -> B; B [value=1] }",
        INVALID,
        r"node 'A' has unknown player 'BOSS'",
    ),
    (
        "dot subgraph edge",
        "t.dot",
        "digraph { {a b} -> c }",
        FILE,
        r"t\.dot: an edge to or from a subgraph",
    ),
    # -- GraphML
    (
        "graphml syntax",
        "t.graphml",
        "<graphml><graph>\n<node id='A'></graph>",
        SYNTAX,
        r"t\.graphml:2:\d+: invalid GraphML",
    ),
    (
        "graphml no value",
        "t.graphml",
        "<graphml><graph edgedefault='directed'><node id='A'/></graph></graphml>",
        INVALID,
        r"leaf 'A' has no value",
    ),
    # -- files
    (
        "non-UTF-8",
        "t.tree",
        b"(A 1 2) # caf\xe9",
        FILE,
        r"t\.tree: not UTF-8 text \(byte 0xe9 at byte offset 13\)",
    ),
    ("binary junk", "t.tree", bytes(range(256)) * 4, FILE, r"t\.tree: (binary data|not UTF-8)"),
    (
        "NUL bytes",
        "t.json",
        b"[1, 2]\x00\x00",
        FILE,
        r"t\.json: binary data \(a NUL byte at byte offset 6\)",
    ),
    (
        "unknown suffix",
        "t.yaml",
        "(A 1 2)",
        FILE,
        r"t\.yaml: cannot tell the format from '\.yaml'; known suffixes: \.tree, \.json",
    ),
    ("no suffix", "tree", "(A 1 2)", FILE, r"known suffixes"),
]


@pytest.mark.parametrize(
    ("name", "content", "error", "place"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_malformed_file(
    tmp_path: Path, name: str, content: str | bytes, error: type[Exception], place: str
) -> None:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(error) as info:
        gametree.load(path)
    message = str(info.value)
    assert re.search(place, message), message
    if isinstance(info.value, SYNTAX):
        assert info.value.line >= 1 and info.value.column >= 1


def test_missing_file() -> None:
    with pytest.raises(FileNotFoundError) as info:
        gametree.load("/nonexistent/dir/tree.tree")
    assert "/nonexistent/dir/tree.tree" in str(info.value)


def test_ten_megabytes_of_junk_fail_fast(tmp_path: Path) -> None:
    rng = random.Random(5)
    # Printable junk: the first character that is not part of the notation stops it.
    text = "".join(rng.choice("()[]{}:=*,0123456789abc ?;$%") for _ in range(10_000_000))
    path = tmp_path / "junk.tree"
    path.write_text(text)
    with pytest.raises((SYNTAX, INVALID)) as info:
        gametree.load(path)
    assert re.search(r"junk\.tree:1:\d+:|node", str(info.value))
    # Random bytes: not UTF-8.
    blob = tmp_path / "junk.json"
    blob.write_bytes(rng.randbytes(10_000_000))
    with pytest.raises(FILE, match=r"junk\.json: not UTF-8 text"):
        gametree.load(blob)


def test_count_of_cases() -> None:
    assert len(CASES) >= 30
    assert {name.rsplit(".", 1)[-1] for _, name, *_ in CASES} >= {"tree", "json", "dot", "graphml"}


# -- fuzzing the parser ----------------------------------------------------------------------

TOKENS = [
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ":",
    "=",
    "*",
    ",",
    " ",
    "\n",
    "#c\n",
    "A",
    "B",
    "x1",
    "MAX",
    "min",
    "CHANCE",
    "players",
    "3",
    "-2",
    "0.5",
    "1/2",
    "inf",
    "-inf",
    "nan",
    '"q"',
    "'s'",
    "true",
    "label",
    "1e3",
    "1/0",
    "@",
    '"',
]


def check_parse(text: str) -> None:
    try:
        G = parse(text)
    except (gametree.TreeSyntaxError, gametree.InvalidTreeError):
        return
    gametree.validate(G)
    assert isinstance(G, nx.DiGraph)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=60))
def test_fuzz_random_text(text: str) -> None:
    check_parse(text)


@settings(max_examples=700, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=40))
def test_fuzz_token_soup(tokens: list[str]) -> None:
    check_parse(" ".join(tokens) if len(tokens) % 2 else "".join(tokens))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=30))
def test_fuzz_other_formats(tokens: list[str]) -> None:
    text = "".join(tokens)
    for fmt in ("json", "dot"):
        with contextlib.suppress(gametree.GameTreeError):
            gametree.loads(("digraph {" if fmt == "dot" else "[") + text, fmt)
