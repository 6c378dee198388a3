"""Hostile input to the readers: numbers out of range, DOT and GraphML edge cases (issue 10)."""

from __future__ import annotations

import os
from fractions import Fraction

import networkx as nx
import pytest

import gametree
from gametree.exceptions import InputError, InvalidTreeError, TreeFileError, TreeSyntaxError
from gametree.validation import validate

BIG = "1" + "0" * 5000  # past Python's 4,300-digit int-string limit
HUGE = "1" + "0" * 400  # an int beyond float range
DOT = "digraph {{ A [player=MAX]; A -> B; A -> C; B [{b}]; C [value=1] }}"
GRAPHML_HEAD = (
    '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
    '<key id="v" for="node" attr.name="value" attr.type="{t}"/>'
    '<graph edgedefault="directed"><node id="A"><data key="p">MAX</data></node>'
)


def graphml(value: str, kind: str = "long") -> str:
    return (
        '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
        '<key id="p" for="node" attr.name="player" attr.type="string"/>'
        f'<key id="v" for="node" attr.name="value" attr.type="{kind}"/>'
        '<graph edgedefault="directed"><node id="A"><data key="p">MAX</data></node>'
        f'<node id="B"><data key="v">{value}</data></node>'
        '<node id="C"><data key="v">1</data></node>'
        '<edge source="A" target="B"/><edge source="A" target="C"/></graph></graphml>'
    )


EFG = (
    'EFG 2 R "" {{ "1" "2" }}\np "" 1 1 "" {{ "a" "b" }} 0\n'
    't "" 1 "" {{ {x}, -1 }}\nt "" 2 "" {{ 1, -1 }}\n'
)

# (text, format, exception, node or None, (line, column) or None, words in the message)
CASES = [
    (EFG.format(x=BIG), "efg", TreeSyntaxError, None, (3, 13), "4,300 digits"),
    (EFG.format(x="1e999"), "efg", TreeSyntaxError, None, (3, 13), "beyond float range"),
    (f"[[{BIG}, 1], 2]", "json", TreeSyntaxError, None, (1, 3), "5,001 digits"),
    ("[[1e999, 1], 2]", "json", TreeSyntaxError, None, (1, 3), "beyond float range"),
    (f"[[{HUGE}, 1], 2]", "json", InvalidTreeError, "D", None, "beyond float range"),
    (f"\n(A {HUGE} 1)", "tree", InvalidTreeError, "B", None, "beyond float range"),
    (f"(A {BIG} 1)", "tree", TreeSyntaxError, None, (1, 4), "digits"),
    # The notation refuses a numeral that overflows wherever a number may stand: a leaf,
    # a heuristic value, an attribute (and a tuple in one), a move, a probability.
    ("(A 1 1e999)", "tree", TreeSyntaxError, None, (1, 6), "'1e999' is beyond float range"),
    ("(A\n  -1E400 1)", "tree", TreeSyntaxError, None, (2, 3), "'-1E400' is beyond"),
    ("(A =1e999 1 2)", "tree", TreeSyntaxError, None, (1, 5), "beyond float range"),
    ("(A {x=1e999} 1 2)", "tree", TreeSyntaxError, None, (1, 7), "beyond float range"),
    ("(A {b=(1, 1e999)} 1 2)", "tree", TreeSyntaxError, None, (1, 11), "beyond float range"),
    ("(A 1e999:3 2)", "tree", TreeSyntaxError, None, (1, 4), "beyond float range"),
    ("players: CHANCE\n(A 1e999*3 2)", "tree", TreeSyntaxError, None, (2, 4), "beyond float"),
    (DOT.format(b="value=" + BIG), "dot", InvalidTreeError, "B", None, "4,300 digits"),
    (DOT.format(b="value=" + HUGE), "dot", InvalidTreeError, "B", None, "beyond float range"),
    (DOT.format(b='value="1e999"'), "dot", InvalidTreeError, "B", None, "beyond float range"),
    (DOT.format(b='label="1e999"'), "dot", InvalidTreeError, "B", None, "beyond float range"),
    (DOT.format(b="value=1, x"), "dot", TreeSyntaxError, None, (1, 55), "'x' of node 'B'"),
    (DOT.format(b="value=0x10"), "dot", TreeSyntaxError, None, (1, 52), "no value"),
    (DOT.format(b="value=1_0"), "dot", TreeSyntaxError, None, (1, 52), "no value"),
    (
        graphml(BIG),
        "graphml",
        TreeSyntaxError,
        None,
        (1, graphml(BIG).index(BIG) + 1),
        "4,300 digits",
    ),
    (
        graphml("1e999", "double"),
        "graphml",
        TreeSyntaxError,
        None,
        (1, graphml("1e999", "double").index("1e999") + 1),
        "float range",
    ),
    (graphml(HUGE), "graphml", InvalidTreeError, "B", None, "beyond float range"),
]


@pytest.mark.parametrize(
    ("text", "fmt", "error", "node", "place", "words"),
    CASES,
    ids=[f"{c[1]}-{i}" for i, c in enumerate(CASES)],
)
def test_number_rule_in_every_reader(
    text: str,
    fmt: str,
    error: type[Exception],
    node: str | None,
    place: tuple[int, int] | None,
    words: str,
) -> None:
    with pytest.raises(error) as info:
        gametree.loads(text, fmt)
    assert words in str(info.value)
    if node is not None:
        assert info.value.node == node  # type: ignore[attr-defined]
    if place is not None:
        assert (info.value.line, info.value.column) == place  # type: ignore[attr-defined]


def test_inf_spelled_out_is_still_read() -> None:
    G = gametree.loads(DOT.format(b='value="-inf"'), "dot")
    assert G.nodes["B"]["value"] == float("-inf")
    assert gametree.loads(graphml("INF", "double"), "graphml").nodes["B"]["value"] == float("inf")
    T = gametree.parse("(A {b=(-inf, Infinity)} inf:-inf 1.7976931348623157e308 1e-999)")
    assert T.nodes["A"]["b"] == (float("-inf"), float("inf"))
    assert T.edges["A", "B"]["move"] == float("inf") and T.nodes["B"]["value"] == float("-inf")
    # The largest float is read as itself, and a numeral below the smallest one as 0.0.
    assert T.nodes["C"]["value"] == 1.7976931348623157e308 and T.nodes["D"]["value"] == 0.0


@pytest.mark.parametrize(
    "value",
    [10**400, -(10**400), Fraction(10**400, 3), 10**5000],
    ids=["int", "negative int", "Fraction", "5001 digits"],
)
def test_validation_refuses_values_beyond_float_range(value: object) -> None:
    G = gametree.from_nested([[1, 2], 3])
    G.nodes["D"]["value"] = value
    with pytest.raises(InvalidTreeError, match="beyond float range") as info:
        validate(G)
    assert info.value.node == "D"


def test_validation_refuses_probability_beyond_float_range() -> None:
    G = nx.DiGraph()
    G.add_node("A", player="CHANCE")
    G.add_node("B", value=1)
    G.add_node("C", value=2)
    G.add_edge("A", "B", prob=10**400)
    G.add_edge("A", "C", prob=Fraction(1, 2))
    with pytest.raises(InvalidTreeError, match="prob beyond float range") as info:
        validate(G)
    assert info.value.node == "A"


def test_largest_float_still_valid() -> None:
    G = gametree.loads(f"[{int(1.7e308)}, 1]", "json")
    assert gametree.minimax(G).value == int(1.7e308)


@pytest.mark.parametrize("depth", [8, 300, 100_000])
def test_dot_deep_subgraphs_read(depth: int) -> None:
    # gametree's own DOT parser keeps a stack of braces: no nesting limit, no recursion.
    text = DOT.format(b="value=2")[:-1] + "subgraph { " * depth + "}" * depth + "}"
    assert gametree.loads(text, "dot").nodes["B"]["value"] == 2


def test_dot_unclosed_deep_brace_is_named() -> None:
    text = DOT.format(b="value=2")[:-1] + "subgraph {\n" * 500
    with pytest.raises(TreeSyntaxError, match="never closed") as info:
        gametree.loads(text, "dot")
    assert (info.value.line, info.value.column) == (500, 10)


def test_dot_moderate_nesting_reads() -> None:
    text = "digraph { A [player=MAX]; A -> B; " + "subgraph { " * 6 + "B [value=3]" + "}" * 6 + "}"
    assert gametree.loads(text, "dot").nodes["B"]["value"] == 3


def test_graphml_int_id_type_that_does_not_fit() -> None:
    G = nx.relabel_nodes(gametree.from_nested([[1, 2]]), {"A": 0, "B": 1, "C": 2, "D": 3})
    G.graph["root"] = 0
    text = (
        gametree.dumps(G, "graphml").replace('id="3"', 'id="D"').replace('target="3"', 'target="D"')
    )
    with pytest.raises(InvalidTreeError, match="node id 'D' is not an integer") as info:
        gametree.loads(text, "graphml")
    assert info.value.node == "D"


def test_graphml_deep_json_attribute() -> None:
    G = gametree.from_nested([[1, 2]])
    G.nodes["C"]["notes"] = [1]
    text = gametree.dumps(G, "graphml")
    assert "notes__json" in text
    deep = text.replace("[1]", "[" * 100_000 + "]" * 100_000)
    with pytest.raises(TreeFileError, match="node 'C': notes__json: JSON nested too deeply"):
        gametree.loads(deep, "graphml")


def test_load_reads_through_the_input_limit(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = os.path.join(str(tmp_path), "t.tree")
    with open(path, "w") as handle:
        handle.write("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    monkeypatch.setenv("GAMETREE_MAX_INPUT_BYTES", "10")
    with pytest.raises(InputError, match="larger than the input limit of 10 bytes"):
        gametree.load(path)
    monkeypatch.delenv("GAMETREE_MAX_INPUT_BYTES")
    assert gametree.load(path).nodes["E"]["value"] == 3
    fifo = os.path.join(str(tmp_path), "f.tree")
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="FIFO"):
        gametree.load(fifo)


@pytest.mark.parametrize("search", [gametree.minimax, gametree.alphabeta])
def test_search_names_a_leaf_beyond_float_range(search: object) -> None:
    G = gametree.from_nested([1.5, 2])
    G.nodes["C"]["value"] = 10**400
    with pytest.raises(InvalidTreeError, match="beyond float range") as info:
        search(G)  # type: ignore[operator]
    assert info.value.node == "C"
