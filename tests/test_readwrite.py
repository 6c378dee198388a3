"""load/dump/loads/dumps: every format, sniffing, and round trips of every attribute."""

from __future__ import annotations

import inspect
import json
import math
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from strategies import annotated_trees, chance_trees, dags, trees

import gametree

AIMA_TEXT = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"


def aima() -> nx.DiGraph:
    return gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def assert_identical(G: nx.DiGraph, H: nx.DiGraph, *, graph: bool = True) -> None:
    """Same node order, child order, attributes (with types) and graph attributes."""
    assert list(G.nodes) == list(H.nodes)
    for node, data in G.nodes(data=True):
        assert list(G.succ[node]) == list(H.succ[node]), node
        assert H.nodes[node] == data, node
        assert {k: type(v) for k, v in data.items()} == {
            k: type(v) for k, v in H.nodes[node].items()
        }, node
    for u, v, data in G.edges(data=True):
        assert H.edges[u, v] == data, (u, v)
        assert {k: type(x) for k, x in data.items()} == {
            k: type(x) for k, x in H.edges[u, v].items()
        }
    if graph:
        assert H.graph == G.graph


# -- round trips ---------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["json", "graphml"])
@settings(max_examples=35, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(G=annotated_trees())
def test_json_and_graphml_keep_every_attribute(fmt: str, G: nx.DiGraph) -> None:
    # Trees, chance trees and DAGs with moves, labels, heuristic values and the search
    # annotations (status, search_value, bound, alpha, beta with +-inf, visit, pv) and
    # G.graph["search"].
    assert_identical(G, gametree.loads(gametree.dumps(G, fmt), fmt))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(G=annotated_trees())
def test_dot_keeps_contract_attributes_and_annotations(G: nx.DiGraph) -> None:
    G.graph.pop("search", None)  # DOT keeps only the root among graph attributes
    assert_identical(G, gametree.loads(gametree.dumps(G, "dot"), "dot"))


@pytest.mark.parametrize("suffix", [".tree", ".json", ".dot", ".gv", ".graphml"])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(G=trees() | chance_trees() | dags())
def test_dump_then_load_by_suffix(
    tmp_path_factory: pytest.TempPathFactory, suffix: str, G: nx.DiGraph
) -> None:
    path = tmp_path_factory.mktemp("rt") / f"tree{suffix}"
    gametree.dump(G, path)
    H = gametree.load(path)
    if suffix == ".tree" and any(len(p) > 1 for p in G.pred.values()):
        assert set(H.nodes) == set(G.nodes)  # a DAG's node order may differ
        for node in G:
            assert list(G.succ[node]) == list(H.succ[node])
            assert G.nodes[node] == H.nodes[node]
    else:
        assert_identical(G, H)


def test_integer_ids_round_trip_in_json_and_graphml() -> None:
    G = nx.convert_node_labels_to_integers(aima())
    G.graph["root"] = 0
    for fmt in ("json", "graphml"):
        H = gametree.loads(gametree.dumps(G, fmt), fmt)
        assert list(H.nodes) == list(range(13))
        assert_identical(G, H)


def test_json_writes_infinity_as_strings() -> None:
    G = gametree.parse("(A -inf (B=inf 1 2))")
    text = gametree.dumps(G, "json")
    data = json.loads(text)  # strict JSON: no Infinity literal
    assert "Infinity" not in text
    values = {n["id"]: n.get("value") for n in data["nodes"]}
    assert values["C"] == "-inf" and values["B"] == "inf"
    assert gametree.loads(text).nodes["C"]["value"] == -math.inf


# -- reading other producers' files --------------------------------------------------------


def test_json_variants() -> None:
    assert_identical(aima(), gametree.loads("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"))
    G = gametree.loads('{"tree": [[3, 12, 8], [2, 4, 6]], "players": ["MIN", "MAX"]}')
    assert G.nodes["A"]["player"] == "MIN"
    G = gametree.loads('[["-inf", 1], [Infinity]]')  # strings and Python's extension
    assert [G.nodes[n]["value"] for n in "DEF"] == [-math.inf, 1, math.inf]
    # networkx's own node-link output, old ("links") and new ("edges") key; the keyword
    # naming the key is edges= since networkx 3.4, link= before.
    H = aima()
    keyword = "edges" if "edges" in inspect.signature(nx.node_link_data).parameters else "link"
    for edges in ("links", "edges"):
        data = nx.node_link_data(H, **{keyword: edges})
        assert_identical(H, gametree.loads(json.dumps(data)))


def test_deep_json_nested_list_falls_back_to_the_notation() -> None:
    n = 50_000  # deeper than the json module's recursion limit
    G = gametree.loads("[" * n + "1" + "]" * n)
    assert len(G) == n + 1


def test_hand_written_dot() -> None:
    # A tree drawn elsewhere: shapes give players, leaf labels give values, edge labels
    # give moves, subgraphs are read too.
    text = """
    digraph g {
      node [fontsize=10];
      a [shape=triangle, label="root"];
      b [shape=invtriangle]; c [player=min];
      a -> b [label="x"]; a -> c [label=2];
      b -> d; b -> e;
      subgraph cluster_0 { d [label="3"]; e [label="-1.5"]; }
      c -> f; f [value="+inf"];
      c:se -> "g":n; g [value=0];
    }
    """
    G = gametree.loads(text)
    assert [G.nodes[n].get("player") for n in "abc"] == ["MAX", "MIN", "MIN"]
    assert [G.nodes[n]["value"] for n in "def"] == [3, -1.5, math.inf]
    assert G.edges["a", "b"]["move"] == "x" and G.edges["a", "c"]["move"] == 2
    assert list(G.successors("a")) == ["b", "c"]
    assert list(G.successors("c")) == ["f", "g"]  # ports are not part of the node id


def test_foreign_graphml_with_string_values() -> None:
    G = nx.DiGraph()
    G.add_node("r", player="MAX")
    G.add_node("x", value="3")
    G.add_node("y", value="-inf")
    G.add_edges_from([("r", "x"), ("r", "y")])
    H = gametree.loads("\n".join(nx.generate_graphml(G)))
    assert H.nodes["x"]["value"] == 3 and H.nodes["y"]["value"] == -math.inf


# -- sniffing and suffixes -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "fmt"),
    [
        ("[[1]]", "json"),
        ('  {"tree": [1]}', "json"),
        ("digraph { }", "dot"),
        ("strict digraph { }", "dot"),
        ("graph { }", "dot"),
        ("<?xml version='1.0'?>", "graphml"),
        ("(A 1)", "tree"),
        ("# comment\n[1 2]", "tree"),
    ],
)
def test_sniff(text: str, fmt: str) -> None:
    from gametree.readwrite import sniff

    assert sniff(text) == fmt


def test_notation_list_that_is_not_json() -> None:
    G = gametree.loads("[[3 12 8] [2 4 6] [14 5 2]]  # not JSON, still a tree")
    assert_identical(aima(), G)


def test_load_and_dump_every_suffix(tmp_path: Path) -> None:
    for suffix in (".tree", ".json", ".dot", ".gv", ".graphml", ".TREE"):
        path = tmp_path / f"aima{suffix}"
        gametree.dump(aima(), path)
        assert_identical(aima(), gametree.load(str(path)))
    assert (tmp_path / "aima.tree").read_text() == AIMA_TEXT + "\n"


def test_dumps_validates_and_knows_its_formats() -> None:
    with pytest.raises(gametree.InvalidTreeError):
        gametree.dumps(nx.DiGraph([(1, 2)]), "json")
    with pytest.raises(gametree.TreeFileError, match="known formats"):
        gametree.dumps(aima(), "yaml")
    G = aima()
    G.nodes["A"]["state"] = object()
    with pytest.raises(gametree.TreeFileError, match="cannot be written as JSON"):
        gametree.dumps(G, "json")


def test_exact_probabilities_stay_exact_in_every_format() -> None:
    from fractions import Fraction

    G = gametree.from_nested([[3, 12, 8], [2, 4, 6]], players=["CHANCE", "MIN"])
    for kid, p in zip(G.successors("A"), (Fraction(1, 3), Fraction(2, 3)), strict=True):
        G.edges["A", kid]["prob"] = p
    for fmt in ("dot", "json", "graphml", "tree"):
        H = gametree.loads(gametree.dumps(G, fmt), fmt)
        probs = [H.edges["A", k]["prob"] for k in "BC"]
        assert probs == [Fraction(1, 3), Fraction(2, 3)], fmt
        assert all(type(p) is Fraction for p in probs), fmt
    assert '"prob": {"gametree:fraction": "1/3"}' in gametree.dumps(G, "json")
