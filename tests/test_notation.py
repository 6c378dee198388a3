"""The tree notation: parse, to_notation, golden outputs, round trips, error positions."""

from __future__ import annotations

import math
import os
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import MOVES, VALUES_WITH_INF, chance_trees, dags, trees

import gametree
from gametree.notation import parse, to_notation

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "trees"
GOLDEN = Path(__file__).resolve().parent / "data" / "io" / "notation"
REGENERATE = os.environ.get("GAMETREE_REGENERATE_GOLDEN") == "1"


def assert_same_tree(G: nx.DiGraph, H: nx.DiGraph) -> None:
    """Same nodes, child order, attributes and their types; same node order for trees.

    (In a DAG the notation writes a shared node under its first parent in breadth-first
    order, which need not match the order in which the graph's nodes were added.)
    """
    if all(len(parents) <= 1 for parents in G.pred.values()):
        assert list(G.nodes) == list(H.nodes)
    else:
        assert set(G.nodes) == set(H.nodes)
    assert G.graph.get("root", None) == H.graph.get("root", None)
    for node in G:
        assert list(G.succ[node]) == list(H.succ[node]), node
        assert G.nodes[node] == H.nodes[node], node
        assert [type(v) for v in G.nodes[node].values()] == [
            type(H.nodes[node][k]) for k in G.nodes[node]
        ], node
    for u, v, data in G.edges(data=True):
        assert H.edges[u, v] == data, (u, v)
        assert [type(x) for x in data.values()] == [type(H.edges[u, v][k]) for k in data]


# -- known answers ---------------------------------------------------------------------------


def test_aima_figure_5_2() -> None:
    G = parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    # Named groups A B C D; the nine leaves get E..M breadth-first, as from_nested.
    assert_same_tree(G, gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    assert_same_tree(G, parse("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"))
    assert_same_tree(G, parse("(A [3 12 8] (C, 2, 4, 6,) [14, 5, 2])"))


def test_unnamed_nodes_skip_explicit_names() -> None:
    # Explicit X B C D; the leaves take the free letters in BFS order: A, E, F, ..., L.
    G = parse("(X (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    assert list(G.successors("B")) == ["A", "E", "F"]
    assert list(G.successors("D")) == ["J", "K", "L"]
    # Unnamed groups are named too: root A, groups B C, leaves D.. in BFS order.
    G = parse("((1 2) (3 Q=4) 5)")
    assert list(G.edges) == [
        ("A", "B"),
        ("A", "C"),
        ("A", "D"),
        ("B", "E"),
        ("B", "F"),
        ("C", "G"),
        ("C", "Q"),
    ]


def test_values_named_leaves_and_numbers() -> None:
    G = parse("(A x=-3 y=2.5 z=-inf inf +7 1/4 -1/2 1e3 .5 Big=123456789012345678901234567890)")
    values = [G.nodes[n]["value"] for n in G.successors("A")]
    assert values == [
        -3,
        2.5,
        -math.inf,
        math.inf,
        7,
        0.25,
        -0.5,
        1000.0,
        0.5,
        123456789012345678901234567890,
    ]
    assert [type(v) for v in values[:5]] == [int, float, float, float, int]
    assert list(G.successors("A"))[:3] == ["x", "y", "z"]


def test_players_header_and_overrides() -> None:
    G = parse("players: MIN MAX\n(A (B 1 2) (C MIN (D 3 4)))")
    # By depth: A MIN, B MAX; C overrides to MIN; D at depth 2 follows the cycle: MIN.
    assert [G.nodes[n]["player"] for n in "ABCD"] == ["MIN", "MAX", "MIN", "MIN"]
    textbook = parse("(max (min 3 12 8) (MIN 2 4 6))")
    assert [textbook.nodes[n]["player"] for n in "ABC"] == ["MAX", "MIN", "MIN"]
    three = parse("players: MAX, MIN, MIN\n(A (B (C (D 1 2))))")
    assert [three.nodes[n]["player"] for n in "ABCD"] == ["MAX", "MIN", "MIN", "MAX"]


def test_chance_probabilities_and_moves() -> None:
    G = parse('players: MAX CHANCE\n(A roll:(B 1/6*6 5/6*(C 1 2)) "stay put":(D 3 4))')
    assert G.edges["A", "B"] == {"move": "roll"}
    assert G.edges["A", "D"] == {"move": "stay put"}
    assert G.edges["B", "E"]["prob"] == pytest.approx(1 / 6)
    assert G.edges["B", "C"]["prob"] == pytest.approx(5 / 6)
    assert G.nodes["C"]["player"] == "MAX"  # depth 2 in MAX CHANCE
    both = parse("players: MAX CHANCE\n(A (B heads:0.5*1 tails:0.5*2) 3:(C 1 2))")
    assert both.edges["B", "D"] == {"move": "heads", "prob": 0.5}
    assert both.edges["A", "C"] == {"move": 3}


def test_dag_references_forward_and_backward() -> None:
    G = parse("(A (B X 8) (C (X 3 5) 1))")
    assert sorted(G.predecessors("X")) == ["B", "C"]
    assert list(G.successors("B")) == ["X", "D"]  # reference first, then leaf 8 = D
    # X is defined in C at depth 2, so it is a MAX node.
    assert G.nodes["X"]["player"] == "MAX"


def test_heads_attributes_quotes_and_comments() -> None:
    text = """
    # a comment line
    (A=5 {label="the root", note='it\\'s', flag=true, n=3}   # heuristic 5
       ("B c" =2 MIN 'x\\ty'=1 2)
       (E=7 {label="leaf"}))
    """
    G = parse(text)
    assert G.nodes["A"] == {
        "label": "the root",
        "note": "it's",
        "flag": True,
        "n": 3,
        "player": "MAX",
        "value": 5,
    }
    assert G.nodes["B c"] == {"player": "MIN", "value": 2}
    assert G.nodes["x\ty"] == {"value": 1}
    assert G.nodes["E"] == {"label": "leaf", "value": 7}
    assert list(G.successors("A")) == ["B c", "E"]


def test_one_leaf_trees() -> None:
    assert list(parse("42").nodes(data=True)) == [("A", {"value": 42})]
    assert list(parse("win = inf").nodes(data=True)) == [("win", {"value": math.inf})]


@pytest.mark.slow
def test_hundred_thousand_levels_parse_and_write() -> None:
    n = 100_000
    G = parse("(" * n + "7" + ")" * n)
    assert len(G) == n + 1
    H = parse(to_notation(G))
    assert len(H) == n + 1 and nx.utils.graphs_equal(G, H)


# -- errors ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("(A (B 3 12 8)\n   (C 2 4 6)", 1, 1, "'(' is never closed"),
        ("(A\n  (B 3 12 8))\n  (C 2 4 6))", 3, 3, "after the end of the tree"),
        ("(A\n  (B 3 1x2 8))", 2, 8, "'1x2' is not a number"),
        ("(A [3 4)", 1, 8, "expected ']' to close '[' at line 1, column 4"),
        ("(A\n\t(B 3 nan))", 2, 7, "NaN"),
        ("(A\n (B X))", 2, 5, "no node is named 'X'"),
        ("(A (B 1) (B 2))", 1, 10, "node 'B' is defined twice (first at line 1, column 4)"),
        ("(A (B=1 2) MAX)", 1, 12, "player MAX can only stand in a group's head"),
        ('(A "open 1)', 1, 4, "unterminated string"),
        ("", 1, 1, "empty input"),
        ("(A 3 @x)", 1, 6, "unexpected character '@'"),
        ("(A 1 2,, 3)", 1, 8, "unexpected ','"),
        ("(A (B))", 1, 4, "empty group"),
        ("a1:(A 1)", 1, 1, "unknown header 'a1'"),
        ("(A 0.5*)", 1, 8, "expected a child"),
        ("(A B=)", 1, 6, "expected a number after '='"),
        ("(A 1 1/0)", 1, 6, "divides by zero"),
        ("(A {x 1} 2)", 1, 7, "expected '=' after attribute 'x'"),
        ("(A 1 (B 2) B)", 1, 12, "'B' is already a child of 'A'"),
    ],
)
def test_syntax_errors_point_at_the_problem(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(gametree.TreeSyntaxError) as info:
        parse(text, filename="t.tree")
    error = info.value
    assert (error.line, error.column) == (line, column)
    assert words in error.reason
    message = str(error)
    assert message.startswith(f"t.tree:{line}:{column}: ")
    if not text:
        return
    # The message quotes the line with a caret under the column.
    quoted, caret = message.splitlines()[1:3]
    source_line = text.splitlines()[line - 1] if text else ""
    assert quoted.strip() == source_line.expandtabs(1).strip()
    assert caret.index("^") - 4 == column - 1


def test_invalid_trees_name_the_node() -> None:
    with pytest.raises(gametree.InvalidTreeError, match=r"CHANCE node 'B' sum to 0\.9"):
        parse("players: MAX CHANCE\n(A (B 0.5*1 0.4*2))")
    with pytest.raises(gametree.InvalidTreeError, match="cycle through node"):
        parse("(A (B (C A)))")
    with pytest.raises(gametree.InvalidTreeError, match="'A' is not a CHANCE node"):
        parse("(A 0.5*1 0.5*2)")


# -- to_notation -----------------------------------------------------------------------------


def golden_cases() -> dict[str, nx.DiGraph]:
    cases = {path.stem: gametree.load(path) for path in sorted(EXAMPLES.glob("*.tree"))}
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    G.nodes["A"]["label"] = 'root "A"'
    G.nodes["C"]["player"] = "MAX"
    G.nodes["B"]["value"] = 4.5
    G.nodes["F"]["player"] = "MIN"
    G.edges["A", "B"]["move"] = "go left"
    cases["overrides"] = G
    cases["named"] = nx.relabel_nodes(
        gametree.from_nested([[1, [2, 3]], 4]), {"C": "inf", "G": "x y", "E": "MAX"}
    )
    cases["wide"] = gametree.random_tree(4, 3, seed=5, values=(-20, 20))
    return cases


@pytest.mark.parametrize("name", sorted(golden_cases()))
def test_to_notation_golden(name: str) -> None:
    G = golden_cases()[name]
    text = to_notation(G) + "\n"
    path = GOLDEN / f"{name}.tree"
    if REGENERATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    assert_same_tree(G, parse(text))


def test_to_notation_rejects_invalid_graphs() -> None:
    with pytest.raises(gametree.InvalidTreeError):
        to_notation(nx.DiGraph([(1, 2), (2, 1)]))


@st.composite
def trees_with_moves(draw: st.DrawFn) -> nx.DiGraph:
    G = draw(trees(VALUES_WITH_INF) | chance_trees(VALUES_WITH_INF) | dags(VALUES_WITH_INF))
    for _, _, data in G.edges(data=True):
        if draw(st.booleans()):
            data["move"] = draw(MOVES)
    for node, data in G.nodes(data=True):
        if G.out_degree(node) and draw(st.integers(0, 4)) == 0:
            data["player"] = draw(st.sampled_from(["MAX", "MIN", "CHANCE"]))
            for child in G.successors(node):
                G.edges[node, child].pop("prob", None)
        if draw(st.integers(0, 5)) == 0:
            data["label"] = draw(st.text(max_size=4))
    gametree.validate(G)
    return G


@settings(max_examples=100, deadline=None)
@given(trees_with_moves())
def test_to_notation_round_trips(G: nx.DiGraph) -> None:
    assert_same_tree(G, parse(to_notation(G)))


@settings(max_examples=60, deadline=None)
@given(trees_with_moves(), st.data())
def test_round_trip_with_arbitrary_names(G: nx.DiGraph, data: st.DataObject) -> None:
    names = data.draw(
        st.lists(st.text(min_size=1, max_size=4), min_size=len(G), max_size=len(G), unique=True)
    )
    H = nx.relabel_nodes(G, dict(zip(G, names, strict=False)))
    H.graph["root"] = names[list(G).index(G.graph["root"])]
    out = parse(to_notation(H))
    assert set(out.nodes) == set(H.nodes)
    for node in H:
        assert list(H.succ[node]) == list(out.succ[node])
        assert H.nodes[node] == out.nodes[node]


@pytest.mark.parametrize(
    ("text", "column", "word"),
    [
        ("players: MAX MINN\n(A 1 2)", 14, "MINN"),
        ("players: MAXX, MIN\n(A 1 2)", 10, "MAXX"),
        ("players: MAX, CHANCE, mn\n(A (B (C 1 2)))", 23, "mn"),
    ],
)
def test_a_misspelt_player_in_the_header_is_named(text: str, column: int, word: str) -> None:
    with pytest.raises(gametree.TreeSyntaxError) as caught:
        parse(text)
    message = str(caught.value)
    assert message.startswith(
        f"line 1, column {column}: unknown player {word!r} (expected MAX, MIN or CHANCE)"
    )
    assert message.splitlines()[-1] == " " * (4 + column - 1) + "^"


def test_the_tree_may_follow_the_header_on_its_line() -> None:
    assert parse("players: MIN MAX (A 1 2)").nodes["A"]["player"] == "MIN"
    assert parse("players: MIN A=3").nodes["A"]["value"] == 3
