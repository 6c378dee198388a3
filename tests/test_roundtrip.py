"""Round trips through every format, or a refusal at write time (issue 10).

Each writer either writes a tree so that its reader gives it back (nodes, edges, child
order, attributes with their types, as far as the format keeps them) or refuses with a
:class:`gametree.TreeFileError` naming the node; it never writes a file its reader
cannot read.
"""

from __future__ import annotations

import math
import warnings
import xml.etree.ElementTree as ET
from collections.abc import Hashable
from fractions import Fraction
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from strategies import hostile_trees

import gametree
from gametree import TreeFileError

FORMATS = ["tree", "json", "dot", "graphml"]
# Formats whose ids come back as text (str of the id).
TEXT_IDS = {"tree", "dot"}


def kept(G: nx.DiGraph, fmt: str) -> nx.DiGraph:
    """What ``fmt`` keeps of ``G``: everything (JSON, GraphML), or ids as text, scalar
    attributes, the root among graph attributes and (the notation) move and prob on edges."""
    if fmt in ("json", "graphml"):
        return G
    H = nx.DiGraph()
    for node, data in G.nodes(data=True):
        H.add_node(str(node), **data)
    for u, v, data in G.edges(data=True):
        if fmt == "tree":
            data = {k: x for k, x in data.items() if k in ("move", "prob")}
        H.add_edge(str(u), str(v), **data)
    if G.graph.get("root") is not None:
        H.graph["root"] = str(G.graph["root"])
    return H


def assert_same(G: nx.DiGraph, H: nx.DiGraph, *, node_order: bool = True) -> None:
    """Same nodes (in order), child order, attributes with types, graph attributes."""
    if node_order:
        assert list(H.nodes) == list(G.nodes)
    else:
        assert set(H.nodes) == set(G.nodes)
    for node, data in G.nodes(data=True):
        assert list(H.succ[node]) == list(G.succ[node]), node
        assert _typed(H.nodes[node]) == _typed(data), node
    for u, v, data in G.edges(data=True):
        assert _typed(H.edges[u, v]) == _typed(data), (u, v)
    assert _typed(H.graph) == _typed(G.graph)


def _typed(data: dict[Any, Any]) -> dict[Any, Any]:
    return {k: (type(v), v) for k, v in data.items()}


def round_trip(G: nx.DiGraph, fmt: str) -> nx.DiGraph | None:
    """The tree read back from ``fmt``, or None when the writer refused it."""
    try:
        text = gametree.dumps(G, fmt)
    except TreeFileError as exc:
        assert str(exc)  # a message, naming what cannot be written
        return None
    return gametree.loads(text, fmt)


# -- the cases the issue lists -----------------------------------------------------------


def aima() -> nx.DiGraph:
    return gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def relabeled(mapping: dict[Hashable, Hashable]) -> nx.DiGraph:
    G = nx.relabel_nodes(aima(), mapping)
    G.graph["root"] = mapping.get("A", "A")
    return G


def with_node_attr(name: str, value: Any) -> nx.DiGraph:
    G = aima()
    G.nodes["B"][name] = value
    return G


def with_edge_attrs(**attrs: Any) -> nx.DiGraph:
    G = aima()
    G.edges["A", "B"].update(attrs)
    return G


def with_label(node: str, label: str) -> nx.DiGraph:
    G = aima()
    G.nodes[node]["label"] = label
    return G


def frac_leaf() -> nx.DiGraph:
    G = aima()
    G.nodes["E"]["value"] = Fraction(1, 3)
    return G


CONTROL = "a\x00b\x01c\x0cd\ufffee\x1b\x7f"
# (name, tree, formats that must give it back exactly (ids as text where TEXT_IDS))
CASES: list[tuple[str, nx.DiGraph, list[str]]] = [
    ("node attribute id", with_node_attr("id", 7), FORMATS),
    ("node attribute gametree:id", with_node_attr("gametree:id", "x"), FORMATS),
    (
        "edge attributes source, target, key",
        with_edge_attrs(source=1, target="t", key=2.5),
        FORMATS,
    ),
    ("node named inf is the root", relabeled({"A": "inf"}), FORMATS),
    (
        "nodes named -inf, nan, Infinity",
        relabeled({"B": "-inf", "C": "nan", "D": "Infinity"}),
        FORMATS,
    ),
    ("nodes named node, edge, graph", relabeled({"A": "node", "B": "edge", "C": "graph"}), FORMATS),
    (
        "nodes named NODE, Subgraph, strict",
        relabeled({"A": "NODE", "B": "Subgraph", "E": "strict"}),
        FORMATS,
    ),
    ("control characters in ids", relabeled({"B": CONTROL, "E": "\x00", "F": "\r\n\t"}), FORMATS),
    ("control characters in labels", with_label("B", CONTROL), FORMATS),
    ("control characters in moves", with_edge_attrs(move=CONTROL), FORMATS),
    (
        "control characters in attribute names",
        with_node_attr("k\x01\ufffe", 1),
        ["json", "dot", "tree"],
    ),
    ("mixed int and str ids", relabeled({"A": 0, "B": "1", "E": 2, "F": (3, "x")}), FORMATS),
    ("int root with str children", relabeled({"A": 0}), FORMATS),
    ("text that looks like numbers", with_node_attr("note", "3"), FORMATS),
    ("label that looks like a number", with_label("B", "12"), FORMATS),
    ("float attributes", with_node_attr("w", 1e300), FORMATS),
    ("tiny float attribute", with_node_attr("w", -5e-324), FORMATS),
    ("infinite attribute", with_node_attr("w", -math.inf), FORMATS),
    ("boolean attribute", with_node_attr("flag", True), FORMATS),
    ("keyword attribute names", with_edge_attrs(node=1, graph="g", edge=True), FORMATS),
    # Issue 33: JSON and GraphML wrote a 1/3 leaf as 0.333...; now tagged, exact.
    ("a 1/3 leaf", frac_leaf(), FORMATS),
    (
        "exact fractions in any attribute",
        with_node_attr("w", Fraction(-7, 2)),
        ["json", "graphml", "tree"],
    ),
    ("fractions in bounds", with_node_attr("bounds", (Fraction(1, 3), 12)), ["json", "graphml"]),
    ("a move that is a Fraction", with_edge_attrs(move=Fraction(1, 3)), ["json", "graphml"]),
    ("a move that reads like a ratio", with_edge_attrs(move="1/3"), FORMATS),
    ("text that looks like a fraction", with_node_attr("note", "1/3"), FORMATS),
]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(("name", "G", "formats"), CASES, ids=[c[0] for c in CASES])
def test_listed_case_round_trips(name: str, G: nx.DiGraph, formats: list[str], fmt: str) -> None:
    H = round_trip(G, fmt)
    if fmt in formats:
        assert H is not None, f"{fmt} refused {name}"
        assert_same(kept(G, fmt), H, node_order=fmt != "tree")
    elif H is not None:
        assert_same(kept(G, fmt), H, node_order=fmt != "tree")


# (name, tree, format, words of the refusal)
REFUSALS = [
    ("ids equal as text", relabeled({"B": 1, "C": "1"}), "dot", "both '1'"),
    ("ids equal as text", relabeled({"B": 1, "C": "1"}), "tree", "both '1'"),
    ("text inf in a number-like attribute", with_node_attr("note", "-inf"), "json", "infinity"),
    ("text inf in a number-like attribute", with_node_attr("note", "inf"), "dot", "as a number"),
    ("non-string attribute name", with_node_attr(3, "x"), "json", "attribute name 3"),  # type: ignore[arg-type]
    ("non-string attribute name", with_node_attr(3, "x"), "graphml", "attribute name 3"),  # type: ignore[arg-type]
    ("integer beyond float range", with_node_attr("n", 10**400), "json", "beyond float range"),
    ("integer beyond float range", with_node_attr("n", 10**400), "dot", "beyond float range"),
    ("integer past the int-string limit", with_node_attr("n", 10**5000), "graphml", "beyond float"),
    ("lone surrogate", relabeled({"B": "\ud800"}), "json", "U+D800"),
    ("lone surrogate", relabeled({"B": "\ud800"}), "dot", "U+D800"),
    ("lone surrogate", with_label("B", "\udfff"), "tree", "U+DFFF"),
    ("GraphML's reserved attribute name", with_node_attr("x__json", "[1]"), "graphml", "reserved"),
    ("edge label without move", with_edge_attrs(label="x"), "dot", "label without a move"),
    ("float id inf", relabeled({"B": math.inf}), "json", "finite float"),
    ("a Fraction move", with_edge_attrs(move=Fraction(1, 3)), "tree", "as the text '1/3'"),
    ("a Fraction move", with_edge_attrs(move=Fraction(1, 3)), "dot", "fraction 1/3"),
    ("a whole Fraction", with_node_attr("w", Fraction(3, 1)), "tree", "as the int 3"),
    (
        "the fraction tag as a key",
        with_node_attr("m", {"gametree:fraction": "1/3"}),
        "json",
        "would read back as a Fraction",
    ),
    (
        "a fraction beyond float range",
        with_node_attr("w", Fraction(10**400, 3)),
        "json",
        "beyond float range",
    ),
    (
        "a fraction beyond float range",
        with_node_attr("w", Fraction(10**400, 3)),
        "graphml",
        "beyond float range",
    ),
]


@pytest.mark.parametrize(
    ("name", "G", "fmt", "words"), REFUSALS, ids=[f"{c[2]}: {c[0]}" for c in REFUSALS]
)
def test_refused_at_write_time_naming_the_node(
    name: str, G: nx.DiGraph, fmt: str, words: str
) -> None:
    with pytest.raises(TreeFileError, match=r"node|edge|graph") as info:
        gametree.dumps(G, fmt)
    assert words in str(info.value)


def test_a_fraction_is_tagged_in_json_and_read_back_exact() -> None:
    text = gametree.dumps(frac_leaf(), "json")
    assert '{"id": "E", "value": {"gametree:fraction": "1/3"}}' in text
    H = gametree.loads(text, "json")
    assert H.nodes["E"]["value"] == Fraction(1, 3) and type(H.nodes["E"]["value"]) is Fraction
    assert gametree.solve(H, "minimax").value == gametree.solve(frac_leaf(), "minimax").value
    nested = gametree.loads('[[{"gametree:fraction": "-1/3"}, 2], [4]]', "json")
    assert [nested.nodes[n].get("value") for n in nested if not nested.succ[n]] == [
        Fraction(-1, 3), 2, 4
    ]  # fmt: skip


@pytest.mark.parametrize(
    "tag",
    ['"x"', '"1/0"', "3", '"1/3", "y": 1', '"1.5"', '"' + "1" * 5000 + '/3"'],
    ids=["text", "divides by zero", "a number", "another key", "a decimal", "too long"],
)
def test_a_broken_fraction_tag_is_refused_naming_it(tag: str) -> None:
    text = (
        '{"nodes": [{"id": "A", "player": "MAX"}, {"id": "B", "value": {"gametree:fraction": '
        + tag
        + '}}], "edges": [{"source": "A", "target": "B"}]}'
    )
    with pytest.raises(gametree.GameTreeError, match="gametree:fraction") as info:
        gametree.loads(text, "json")
    assert "\n" not in str(info.value)


def test_a_move_written_as_a_ratio_is_its_text() -> None:
    """Issue 33: ``1/3:`` read as a Fraction (and ``4/2:`` as the int 2), and came back
    as text or a float from other formats; a move is read as the text written."""
    G = gametree.parse("(A 1/3:(B 1 2) 4/2:(C 3 4) 3:(D 5 6) 0.5:(E 7 8))")
    moves = [G.edges["A", k]["move"] for k in "BCDE"]
    assert moves == ["1/3", "4/2", 3, 0.5]
    for fmt in FORMATS:
        H = gametree.loads(gametree.dumps(G, fmt), fmt)
        assert [H.edges["A", k]["move"] for k in "BCDE"] == moves, fmt
    assert gametree.check(G, "move = 1/3").findings[0].verdict.value in ("correct", "wrong")


def test_frontier_leaf_is_refused_by_the_notation_and_kept_elsewhere() -> None:
    G = aima()
    del G.nodes["J"]["value"]
    G.nodes["J"]["frontier"] = True
    with pytest.raises(TreeFileError, match="node 'J': a leaf without a value"):
        gametree.dumps(G, "tree")
    for fmt in ("json", "graphml", "dot"):
        assert_same(kept(G, fmt), gametree.loads(gametree.dumps(G, fmt), fmt))


def test_dump_never_writes_a_file_load_refuses(tmp_path: Path) -> None:
    G = relabeled({"B": "\x00", "C": "c\x00"})
    G.nodes["E"]["label"] = "\x00"
    for suffix in (".tree", ".json", ".dot", ".graphml"):
        path = tmp_path / f"t{suffix}"
        gametree.dump(G, path)
        assert_same(kept(G, suffix[1:]), gametree.load(path), node_order=suffix != ".tree")


def test_dot_quoted_keywords_are_ids_and_bare_ones_are_refused() -> None:
    text = 'digraph { "node" [player=MAX]; "node" -> "edge"; "edge" [value=1] }'
    assert list(gametree.loads(text, "dot")) == ["node", "edge"]
    with pytest.raises(gametree.TreeSyntaxError, match="'node' is a keyword") as info:
        gametree.loads("digraph {\n  node -> b\n}", "dot")
    assert (info.value.line, info.value.column) == (2, 3)


# -- drawings: control characters are shown, and every SVG is well-formed ----------------


def hostile_drawing() -> nx.DiGraph:
    G = relabeled({"B": "b\x01\x0c\ufffe\x00z"})
    G.nodes["b\x01\x0c\ufffe\x00z"]["label"] = "L\x1b\x7f\x00"
    G.edges["A", "C"]["move"] = "m\x00\x1b"
    return G


@pytest.mark.parametrize("engine", ["svg", "matplotlib", "graphviz"])
def test_svg_with_control_characters_is_well_formed(tmp_path: Path, engine: str) -> None:
    G = hostile_drawing()
    options: dict[str, Any] = {"show": "values,names,moves", "title": "t\x01"}
    if engine == "svg":
        text = gametree.to_svg(G, **options)
    else:
        if engine == "graphviz":
            pytest.importorskip("pygraphviz")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            path = gametree.save(G, tmp_path / "t.svg", engine=engine, **options)
        text = path.read_text(encoding="utf-8")
    ET.fromstring(text.encode("utf-8"))  # raises on ill-formed XML
    if engine != "matplotlib":  # matplotlib draws text as paths
        assert "L␛␡␀" in text and "m␀␛" in text  # shown, not turned into spaces


def test_tikz_writes_control_characters_as_code_points() -> None:
    text = gametree.to_tikz(hostile_drawing(), show="values,names,moves")
    assert not any((ord(c) < 32 and c not in "\n") or c == "\x7f" for c in text)
    assert "U+241B" in text or "U+001B" in text


# -- the property -----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(G=hostile_trees())
def test_any_valid_tree_round_trips_or_is_refused(fmt: str, G: nx.DiGraph) -> None:
    assume(gametree.is_game_tree(G))
    H = round_trip(G, fmt)
    if H is not None:
        assert_same(kept(G, fmt), H, node_order=fmt != "tree")


def _shape(G: nx.DiGraph) -> list[tuple[Any, ...]]:
    """Breadth-first: each node's player (internal) or value (leaf) and child count."""
    root = gametree.find_root(G)
    order = [root]
    for node in order:
        order.extend(G.successors(node))
    return [
        (G.nodes[n].get("player"), len(G.succ[n])) if G.succ[n] else ("leaf", G.nodes[n]["value"])
        for n in order
    ]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(G=hostile_trees())
def test_efg_writes_what_it_reads_back_or_refuses(G: nx.DiGraph) -> None:
    # .efg keeps the ids, the players, the leaf values, the moves and the odds of a tree
    # (with their types), in child order; what it would give back otherwise is refused.
    assume(gametree.is_game_tree(G))
    H = round_trip(G, "efg")
    if H is not None:
        assert _shape(H) == _shape(G)
        assert_same(efg_kept(G), H)


def efg_kept(G: nx.DiGraph) -> nx.DiGraph:
    """What .efg keeps of the tree ``G``: ids, players, leaf values, moves, odds (equal
    odds 1/n as exact ratios are the default, no prob), the root and the title."""
    H = nx.DiGraph()
    H.graph["root"] = gametree.find_root(G)
    if G.graph.get("name"):
        H.graph["name"] = G.graph["name"]
    for node, data in G.nodes(data=True):
        H.add_node(node, **{k: data[k] for k in ("player", "value") if k in data and
                            (k == "player") == bool(G.succ[node])})  # fmt: skip
    for node in G:
        kids = list(G.successors(node))
        probs = [G.edges[node, k].get("prob") for k in kids]
        equal = all(type(p) is Fraction and p == Fraction(1, len(kids)) for p in probs)
        for kid in kids:
            data = G.edges[node, kid]
            H.add_edge(node, kid, **{k: data[k] for k in ("move",) if k in data})
            if "prob" in data and not equal:
                H.edges[node, kid]["prob"] = data["prob"]
    return H


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda G: nx.relabel_nodes(G, {"E": ""}), "empty name"),
        (lambda G: G.edges["A", "B"].update(move="") or G, "is empty"),
        (lambda G: G.edges["A", "B"].update(move="B") or G, "name of the node it leads to"),
        (lambda G: G.edges["A", "B"].update(move=3) or G, "is int"),
        (lambda G: nx.relabel_nodes(G, {"E": 5}), "are text"),
        (lambda G: nx.relabel_nodes(G, {n: str(i) for i, n in enumerate(G)}), "spells an integer"),
        (lambda G: G.nodes["E"].update(value=Fraction(3, 1)) or G, "read back as the int 3"),
    ],
)
def test_efg_refuses_what_would_read_back_otherwise(change: Any, words: str) -> None:
    G = change(aima())
    G.graph.pop("root", None)
    with pytest.raises(TreeFileError, match=words):
        gametree.dumps(G, "efg")


def test_efg_keeps_whole_number_floats_and_hostile_text() -> None:
    G = aima()
    G.nodes["E"]["value"] = 1e16
    G.nodes["F"]["value"] = 12.0
    G.edges["A", "B"]["move"] = 'a "quoted"\nmove\\'
    H = gametree.loads(gametree.dumps(G, "efg"), "efg")
    assert H.nodes["E"]["value"] == 1e16 and type(H.nodes["E"]["value"]) is float
    assert type(H.nodes["F"]["value"]) is float
    assert H.edges["A", "B"]["move"] == 'a "quoted"\nmove\\'
    assert_same(efg_kept(G), H)


def test_cli_convert_refuses_in_one_line_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gametree.cli import main

    source = tmp_path / "t.json"
    source.write_text(gametree.dumps(relabeled({"B": 1, "C": "1"}), "json"), encoding="utf-8")
    target = tmp_path / "t.dot"
    assert main(["convert", str(source), str(target)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "both '1'" in err
    assert not target.exists()
