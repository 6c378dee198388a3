"""Fuzzing every tree reader (issue 10): any input gives a tree or a gametree error.

A fixed hypothesis budget keeps CI fast; ``tests/fuzz/fuzz_readers.py`` runs the same
contract for a given count or time outside CI.
"""

from __future__ import annotations

import re

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import overflowed_infinities, reader_texts

import gametree
from gametree.readwrite.common import decode_text

READERS = ["tree", "json", "dot", "graphml", "efg"]
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(exc: BaseException) -> bool:
    """Whether the message the command line prints for ``exc`` is one line, no control
    character in it (a syntax error's reason; any other error's whole text)."""
    text = exc.reason if isinstance(exc, gametree.TreeSyntaxError) else str(exc)
    return CONTROL.search(text) is None


FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read(text: str, fmt: str | None) -> None:
    """The contract: a valid tree, or a GameTreeError (anything else fails the test) whose
    message (the reason, for a syntax error) is one line without control characters.

    A tree read from a text that never spells ``inf`` holds no infinity (no numeral
    overflowed into one).
    """
    try:
        G = gametree.loads(text, fmt)
    except gametree.GameTreeError as exc:
        assert str(exc)
        assert one_line(exc), exc
        return
    assert isinstance(G, nx.DiGraph) and gametree.is_game_tree(G)
    assert overflowed_infinities(G, text) == []


@pytest.mark.parametrize("fmt", READERS)
@FUZZ
@given(data=st.data())
def test_fuzz_reader_with_pieces_of_its_format(fmt: str, data: st.DataObject) -> None:
    read(data.draw(reader_texts(fmt)), fmt)


@FUZZ
@given(data=st.data(), fmt=st.sampled_from(READERS))
def test_fuzz_sniffing_reader(data: st.DataObject, fmt: str) -> None:
    read(data.draw(reader_texts(fmt)), None)


@pytest.mark.parametrize("fmt", READERS)
@settings(max_examples=60, deadline=None)
@given(data=st.binary(max_size=200))
def test_fuzz_reader_with_bytes(fmt: str, data: bytes) -> None:
    # As load() reads a file: decode (a TreeFileError for bytes that are not text), parse.
    try:
        text = decode_text(data, "t")
    except gametree.TreeFileError:
        return
    read(text, fmt)


def test_efg_payoff_sums_beyond_float_range_are_an_error() -> None:
    # Found by tests/fuzz/fuzz_readers.py: outcomes near the float limit add up past it on
    # the way down, and comparing their sums raised OverflowError.
    big = str(int(1.7e308))
    text = (
        'EFG 2 R "" { "1" "2" } ""\n'
        f'p "A" 1 1 "" {{ "a" "b" }} 1 "" {{ {big} -{big} }}\n'
        f't "B" 2 "" {{ {big} -{big} }}\n'
        't "C" 3 "" { 1 -1 }\n'
    )
    with pytest.raises(gametree.InvalidTreeError, match="beyond float range") as info:
        gametree.loads(text, "efg")
    assert info.value.node == "B"


@pytest.mark.parametrize(
    ("text", "fmt", "words"),
    [
        ('EFG 2 R "" { "1" "2" } ""\n"x\ny"', "efg", "the string 'x\\ny'"),
        ("digraph { A [x\n] }", "dot", "has no value"),
        ('EFG 2 R "" { "1" "2" }\np "" 1 1 "" { "a" } "\x1b[2J"', "efg", "'\\x1b[2J'"),
    ],
)
def test_errors_quote_tokens_on_one_line(text: str, fmt: str, words: str) -> None:
    with pytest.raises(gametree.GameTreeError) as info:
        gametree.loads(text, fmt)
    assert one_line(info.value), info.value
    assert words in (getattr(info.value, "reason", None) or str(info.value))


def test_graphml_key_defaults_apply_and_number_keys_read_once() -> None:
    # A key's <default> holds for every node without a value of its own (GraphML): B's
    # value is the default 3, C's its own 5; MAX takes 5.
    text = """<?xml version="1.0"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
<key id="d0" for="node" attr.name="value" attr.type="int"><default>3</default></key>
<key id="d1" for="node" attr.name="player" attr.type="string"/>
<key id="d2" for="edge" attr.name="move" attr.type="string"><default>m</default></key>
<graph edgedefault="directed">
<node id="A"><data key="d1">MAX</data></node><node id="B"/>
<node id="C"><data key="d0">5</data></node>
<edge source="A" target="B"/><edge source="A" target="C"><data key="d2">c</data></edge>
</graph></graphml>"""
    G = gametree.loads(text, "graphml")
    assert G.nodes["B"]["value"] == 3 and G.nodes["C"]["value"] == 5
    assert G.nodes["A"]["value"] == 3  # (a heuristic value: the default holds there too)
    assert G.edges["A", "B"]["move"] == "m" and G.edges["A", "C"]["move"] == "c"
    assert gametree.alphabeta(G, annotate=False).value == 5
    for default in ("<default/>", "<default>x</default>", "<default>1e999</default>"):
        bad = text.replace("<default>3</default>", default)
        with pytest.raises(gametree.GameTreeError):
            gametree.loads(bad, "graphml")


def test_efg_decimal_payoff_beside_an_integer_beyond_float_range() -> None:
    big = "1" + "0" * 400
    for payoffs in (f"{{ 0.5 {big} }}", f"{{ {big} 0.5 }}", f"{{ {big} -{big} }}"):
        text = f'EFG 2 R "" {{ "1" "2" }}\np "" 1 1 "" {{ "a" "b" }} 0\nt "" 1 "" {payoffs}\n'
        text += 't "" 2 "" { 1 -1 }\n'
        with pytest.raises(gametree.TreeSyntaxError, match="beyond float range") as info:
            gametree.loads(text, "efg")
        assert info.value.line == 3
    # Floats near the limit summed on the way down never overflow into infinity.
    near = 'EFG 2 R "" { "1" "2" }\np "" 1 1 "" { "a" "b" } 1 "" { 1.5e308 -1.5e308 }\n'
    near += 't "B" 2 "" { 1.5e308 -1.5e308 }\nt "C" 3 "" { 1 -1 }\n'
    with pytest.raises(gametree.InvalidTreeError, match="beyond float range"):
        gametree.loads(near, "efg")


@pytest.mark.parametrize("fmt", ["json", "graphml"])
@pytest.mark.parametrize("name", ["prob", "move", "player"])
def test_null_in_a_contract_attribute_is_an_error_in_every_reader(fmt: str, name: str) -> None:
    G = gametree.parse("players: CHANCE\n(A 1 2)")
    target = G.edges["A", "B"] if name != "player" else G.nodes["B"]
    target[name] = None
    text = gametree.readwrite.jsonfile.generate_json(G)
    if fmt == "graphml":
        text = gametree.readwrite.graphml.generate_graphml(G)
    with pytest.raises(gametree.InvalidTreeError, match=f"{name} is None \\(null in JSON\\)"):
        gametree.loads(text, fmt)
    with pytest.raises(gametree.InvalidTreeError, match="null"):
        gametree.dumps(G, "tree")  # and no writer writes it
