"""How answers name nodes (gametree/homework/naming.py): ids first, then labels, then both
case-insensitively; every id reads back as its node (issue 26: a label equal to another
node's id made answer keys read their own ids as ambiguous, and practice pages crash)."""

from __future__ import annotations

import tracemalloc

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import trees

import gametree
from gametree.drawing.style import diagram
from gametree.homework.answerformat import format_answers
from gametree.homework.naming import NodeNames

FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"


def names_of(G: nx.DiGraph) -> NodeNames:
    leaves = [n for n in G if not G._succ[n]]
    return NodeNames(G, leaves, {leaf: k for k, leaf in enumerate(leaves, 1)})


def test_an_id_names_its_node_even_where_it_is_another_nodes_label() -> None:
    G = gametree.parse(FIG52)
    G.nodes["C"]["label"] = "B"  # C is drawn "B"
    G.nodes["A"]["label"] = "root"
    G.nodes["K"]["label"] = "k"  # the label of K, spelled like no id
    names = names_of(G)
    assert names.resolve("B") == "B" and names.resolve("C") == "C"
    assert names.resolve("root") == "A" and names.resolve("ROOT") == "A"
    assert names.resolve("b") == "B"  # case-folded ids before case-folded labels
    assert names.resolve("k") == "K"  # an exact label before a case-folded id


def test_names_that_name_several_nodes_are_errors() -> None:
    G = gametree.parse(FIG52)
    G.nodes["C"]["label"] = G.nodes["D"]["label"] = "twin"
    with pytest.raises(ValueError, match="'twin' is ambiguous: it names the nodes 'C', 'D'"):
        names_of(G).resolve("twin")
    H = nx.DiGraph([(0, 1), (0, "1")])
    H.nodes[0]["player"] = "MAX"
    H.nodes[1]["value"] = H.nodes["1"]["value"] = 2
    with pytest.raises(ValueError, match="'1' is ambiguous"):
        names_of(H).resolve("1")
    assert names_of(H).resolve(1) == 1  # a non-string id given as itself


def test_no_table_for_a_tree_named_by_string_ids() -> None:
    # Names that are ids are looked up in the graph itself: resolving them builds no
    # table of the 88,573 nodes (one would take megabytes).
    G = gametree.random_tree(3, 10, seed=1)
    names = names_of(G)
    tracemalloc.start()
    try:
        found = [names.resolve(n) for n in ("A", "B", "#3", "AB")]
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found == ["A", "B", names.frontier[2], "AB"]
    assert peak < 100_000


@st.composite
def labelled_like_ids(draw: st.DrawFn) -> nx.DiGraph:
    """Trees whose labels are drawn from the node ids (so they collide with them)."""
    G = draw(trees(max_depth=3, max_branching=3))
    ids = sorted(G, key=str)
    for node in G:
        if draw(st.booleans()):
            G.nodes[node]["label"] = draw(st.sampled_from(ids))
    return G


@settings(max_examples=60, deadline=None)
@given(labelled_like_ids(), st.sampled_from(["toml", "json", "text"]))
def test_every_id_and_every_answer_key_reads_back(G: nx.DiGraph, fmt: str) -> None:
    names = names_of(G)
    for node in G:
        assert names.resolve(str(node)) == node
    key = gametree.AnswerKey(G)
    report = key.check(format_answers(key.answers(), fmt))
    assert report.ok, report.to_text()


@settings(max_examples=25, deadline=None)
@given(labelled_like_ids())
def test_practice_keys_of_trees_labelled_like_ids(G: nx.DiGraph) -> None:
    # It crashed (KeyError) when a label spelled another node's id.
    from gametree.homework.practice import practice_key

    d = diagram(G)
    edges = [(e.u, e.v) for e in d.edges]
    data = practice_key(G, ask=("pruned", "values", "alpha", "move"), index=d.index, edges=edges)
    answers = gametree.AnswerKey(G).answers()
    node = {str(n): n for n in G}
    assert data["solution"]["values"] == {
        str(d.index[node[n]]): str(v) for n, v in answers["values"].items()
    }
    # Each searched inner node's own answer is among its candidates, judged correct.
    for i, entry in data["values"].items():
        assert any(c[2] == "correct" for c in entry["cands"]), (i, entry)
