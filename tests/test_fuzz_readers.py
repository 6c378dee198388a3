"""Fuzzing every tree reader (issue 10): any input gives a tree or a gametree error.

A fixed hypothesis budget keeps CI fast; ``tests/fuzz/fuzz_readers.py`` runs the same
contract for a given count or time outside CI.
"""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import overflowed_infinities, reader_texts

import gametree
from gametree.readwrite.common import decode_text

READERS = ["tree", "json", "dot", "graphml", "efg"]
FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def read(text: str, fmt: str | None) -> None:
    """The contract: a valid tree, or a GameTreeError (anything else fails the test).

    A tree read from a text that never spells ``inf`` holds no infinity (no numeral
    overflowed into one).
    """
    try:
        G = gametree.loads(text, fmt)
    except gametree.GameTreeError as exc:
        assert str(exc)
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
