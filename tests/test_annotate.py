"""Annotations written onto the graph: statuses, values, windows, visit order, PV."""

from __future__ import annotations

import math

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gametree
from tests.strategies import dags, trees, trees_with_heuristics

INF = math.inf
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def status(G: nx.DiGraph) -> dict[object, object]:
    return {n: gametree.node_status(G, n) for n in G}


def edge_status(G: nx.DiGraph) -> dict[tuple[object, object], object]:
    return {(u, v): gametree.edge_status(G, u, v) for u, v in G.edges}


def test_aima_alphabeta_annotations_by_hand() -> None:
    # From the hand trace in test_engine: visit order A B E F G C H D K L M; I, J pruned.
    G = gametree.from_nested(AIMA)
    gametree.alphabeta(G)
    assert status(G) == {n: "visited" for n in "ABCDEFGHKLM"} | {"I": "pruned", "J": "pruned"}
    assert [n for n in sorted(G, key=lambda n: G.nodes[n].get("visit", 99))][:11] == list(
        "ABEFGCHDKLM"
    )
    assert "visit" not in G.nodes["I"]
    assert {n: G.nodes[n]["search_value"] for n in "ABCD"} == {"A": 3, "B": 3, "C": 2, "D": 2}
    assert {n: G.nodes[n]["bound"] for n in "ABCD"} == {
        "A": "exact",
        "B": "exact",
        "C": "upper",
        "D": "exact",
    }
    windows = {n: (G.nodes[n]["alpha"], G.nodes[n]["beta"]) for n in "ABCDFL"}
    assert windows == {
        "A": (3, INF),
        "B": (-INF, 3),
        "C": (3, 2),
        "D": (3, 2),
        "F": (-INF, 3),
        "L": (3, 14),
    }
    edges = edge_status(G)
    assert edges[("C", "I")] == edges[("C", "J")] == "pruned"
    assert all(s == "visited" for e, s in edges.items() if e not in {("C", "I"), ("C", "J")})
    assert [e for e in G.edges if G.edges[e].get("pv")] == [("A", "B"), ("B", "E")]
    assert G.graph["search"] == {
        "algorithm": "alphabeta",
        "root": "A",
        "depth": None,
        "prune_on_equal": True,
        "fail": "soft",
        "window": (-INF, INF),
        "transposition_table": False,
    }


def test_input_attributes_are_never_overwritten() -> None:
    G = gametree.from_nested(AIMA)
    G.nodes["B"]["value"] = 99  # a heuristic value, unused without a depth limit
    G.nodes["B"]["label"] = "left"
    G.edges["A", "B"]["move"] = "a1"
    before = {n: dict(d) for n, d in G.nodes(data=True)}
    gametree.alphabeta(G)
    for node, data in before.items():
        for key, value in data.items():
            assert G.nodes[node][key] == value
    assert G.edges["A", "B"]["move"] == "a1"
    assert G.nodes["B"]["search_value"] == 3


def test_below_a_pruned_node_is_unreached() -> None:
    # (A:MAX (B:MIN 3) (C:MIN 1 (F:MAX 7 8))): C's first leaf 1 <= alpha 3 cuts F, whose
    # leaves are below a pruned node: unreached, as are the edges to them.
    G = gametree.from_nested([[3], [1, [7, 8]]])
    gametree.alphabeta(G)
    # ids: A; B C; D(3) E(1) F; G(7) H(8)
    assert status(G) == {
        "A": "visited",
        "B": "visited",
        "C": "visited",
        "D": "visited",
        "E": "visited",
        "F": "pruned",
        "G": "unreached",
        "H": "unreached",
    }
    assert edge_status(G)[("C", "F")] == "pruned"
    assert edge_status(G)[("F", "G")] == edge_status(G)[("F", "H")] == "unreached"


def test_below_the_depth_limit_is_unreached() -> None:
    G = gametree.from_nested(AIMA)
    for node in "BCD":
        G.nodes[node]["value"] = 0
    gametree.minimax(G, depth=1)
    assert {status(G)[n] for n in "ABCD"} == {"visited"}
    assert {status(G)[n] for n in "EFGHIJKLM"} == {"unreached"}
    assert edge_status(G)[("B", "E")] == "unreached"
    # minimax has no window: no alpha or beta.
    assert "alpha" not in G.nodes["A"]


def test_outside_the_searched_subtree_gets_no_status() -> None:
    G = gametree.from_nested(AIMA)
    gametree.alphabeta(G, root="C")
    # C: MIN over 2, 4, 6 -> every leaf searched (no window to cut against).
    assert {n: G.nodes[n].get("status") for n in "CHIJ"} == {
        "C": "visited",
        "H": "visited",
        "I": "visited",
        "J": "visited",
    }
    assert all("status" not in G.nodes[n] for n in "ABDEFGKLM")
    assert "status" not in G.edges["A", "C"]


def test_reannotating_clears_stale_annotations() -> None:
    G = gametree.from_nested(AIMA)
    gametree.minimax(G)
    assert G.nodes["I"]["status"] == "visited"
    gametree.alphabeta(G)
    assert G.nodes["I"] == {"value": 4, "status": "pruned"}
    gametree.alphabeta(G, root="D")
    assert "status" not in G.nodes["I"]
    assert G.graph["search"]["root"] == "D"


def test_annotate_false_writes_nothing_and_annotate_later_is_complete() -> None:
    G = gametree.from_nested(AIMA)
    r = gametree.alphabeta(G, annotate=False)
    assert all(set(d) <= {"player", "value"} for _, d in G.nodes(data=True))
    assert "search" not in G.graph
    gametree.annotate(G, r)
    H = gametree.from_nested(AIMA)
    gametree.alphabeta(H)
    assert dict(G.nodes(data=True)) == dict(H.nodes(data=True))
    assert edge_status(G) == edge_status(H)


def test_clear_annotations() -> None:
    G = gametree.from_nested(AIMA)
    clean = {n: dict(d) for n, d in G.nodes(data=True)}
    gametree.pvs(G)
    gametree.clear_annotations(G)
    assert {n: dict(d) for n, d in G.nodes(data=True)} == clean
    assert all(not d for _, _, d in G.edges(data=True))
    assert "search" not in G.graph


def test_dag_node_visited_along_one_path_and_pruned_along_another() -> None:
    # A:MAX -> B, C (MIN). B -> D=3. C -> E=1, S; B also -> S (S a shared leaf, 9).
    # B: D=3, S=9 -> B = 3. C with alpha 3: E=1 cuts S. S was visited (from B): visited,
    # while the edge C -> S is pruned and B -> S visited.
    G = nx.DiGraph()
    G.add_edges_from([("A", "B"), ("A", "C"), ("B", "D"), ("B", "S"), ("C", "E"), ("C", "S")])
    G.nodes["A"]["player"] = "MAX"
    G.nodes["B"]["player"] = G.nodes["C"]["player"] = "MIN"
    for node, v in {"D": 3, "S": 9, "E": 1}.items():
        G.nodes[node]["value"] = v
    G.graph["root"] = "A"
    for name in ("alphabeta", "negamax_alphabeta", "pvs"):
        r = gametree.solve(G, name)
        assert r.pruned_edges == (("C", "S"),), name
        assert G.nodes["S"]["status"] == "visited", name
        assert G.edges["C", "S"]["status"] == "pruned", name
        assert G.edges["B", "S"]["status"] == "visited", name


def test_transposition_hit_node_is_visited() -> None:
    G = nx.DiGraph()
    G.add_edges_from(tuple(e) for e in ["AB", "AC", "BD", "BE", "CD", "CF", "DG", "DH"])
    for node, p in {"A": "MAX", "B": "MIN", "C": "MIN", "D": "MAX"}.items():
        G.nodes[node]["player"] = p
    for node, v in {"E": 5, "F": 1, "G": 3, "H": 4}.items():
        G.nodes[node]["value"] = v
    G.graph["root"] = "A"
    gametree.alphabeta(G, transposition_table=True)
    # D (reached from B, then reused from the table under C): visited; C -> D visited;
    # F cut at C: pruned.
    assert G.nodes["D"]["status"] == "visited"
    assert G.edges["C", "D"]["status"] == "visited"
    assert G.nodes["F"]["status"] == "pruned"
    assert G.edges["D", "G"]["status"] == "visited"


def test_annotate_rejects_a_foreign_result() -> None:
    r = gametree.alphabeta(gametree.from_nested(AIMA), annotate=False)
    G = nx.DiGraph([("x", "y")])
    with pytest.raises(gametree.SearchError, match="'A'"):
        gametree.annotate(G, r)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(G=trees())
def test_statuses_partition_the_tree(G: nx.DiGraph) -> None:
    r = gametree.alphabeta(G)
    s = status(G)
    visited = {n for n in G if s[n] == "visited"}
    pruned = {n for n in G if s[n] == "pruned"}
    unreached = {n for n in G if s[n] == "unreached"}
    assert visited | pruned | unreached == set(G)
    assert visited == set(r.node_values)
    assert pruned == {c for _, c in r.pruned_edges}
    # An unreached node has a pruned or unreached parent; a pruned node a visited one.
    for node in unreached:
        (parent,) = G.predecessors(node)
        assert s[parent] in {"pruned", "unreached"}
    for node in pruned:
        (parent,) = G.predecessors(node)
        assert s[parent] == "visited"
    # Edge status equals its child's status in a tree.
    for u, v in G.edges:
        assert gametree.edge_status(G, u, v) == s[v]
    visits = sorted(G.nodes[n]["visit"] for n in visited)
    assert visits == list(range(1, len(visited) + 1))
    pv_edges = [(u, v) for u, v, d in G.edges(data=True) if d.get("pv")]
    assert set(pv_edges) == set(zip(r.pv, r.pv[1:], strict=False))


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(G=dags())
def test_dag_edges_are_visited_only_when_traversed(G: nx.DiGraph) -> None:
    r = gametree.alphabeta(G, trace=True, annotate=False)
    traversed = {(e.parent, e.node) for e in r.trace if isinstance(e, gametree.Enter)}
    # Annotated by the traced run and by a plain run (which may take the fast loop).
    for run in (lambda: gametree.annotate(G, r), lambda: gametree.alphabeta(G)):
        run()
        for u, v in G.edges:
            if (u, v) in traversed:
                assert gametree.edge_status(G, u, v) == "visited", (u, v)
            else:
                assert gametree.edge_status(G, u, v) in {"pruned", "unreached"}, (u, v)


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(G=dags())
def test_reannotating_equals_annotating_fresh(G: nx.DiGraph) -> None:
    fresh = G.copy()
    gametree.minimax(G)
    gametree.pvs(G, transposition_table=True)
    gametree.alphabeta(G, window=(0, 1))
    gametree.alphabeta(fresh, window=(0, 1))
    assert dict(G.nodes(data=True)) == dict(fresh.nodes(data=True))
    assert list(G.edges(data=True)) == list(fresh.edges(data=True))
    assert G.graph == fresh.graph


def _attributes(G: nx.DiGraph) -> tuple[object, ...]:
    return (dict(G.nodes(data=True)), list(G.edges(data=True)), G.graph)


SEARCHES = (
    lambda G, root: gametree.alphabeta(G, root=root),
    lambda G, root: gametree.minimax(G, root=root, depth=2),
    lambda G, root: gametree.pvs(G, root=root, fail="hard"),
    lambda G, root: gametree.alphabeta(G, root=root, depth=1, prune_on_equal=False),
    lambda G, root: gametree.negamax_alphabeta(G, root=root, window=(0, 1)),
)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    G=trees_with_heuristics(st.integers(-5, 5), max_depth=4),
    plan=st.lists(st.tuples(st.integers(0, len(SEARCHES) - 1), st.booleans()), min_size=2),
)
def test_a_search_after_others_annotates_as_on_a_fresh_graph(
    G: nx.DiGraph, plan: list[tuple[int, bool]]
) -> None:
    # Annotations write only what a search touched; the next search must remove exactly
    # that, whatever the algorithm, depth or root (a subtree) of either, and also when
    # the graph is a copy that does not remember what was written.
    root = G.graph["root"]
    inner = next((c for c in G.succ[root] if G.succ[c]), root)
    fresh = G.copy()
    for k, (which, sub) in enumerate(plan):
        if k == len(plan) // 2:
            G = G.copy()
        SEARCHES[which](G, inner if sub else root)
    which, sub = plan[-1]
    SEARCHES[which](fresh, inner if sub else root)
    assert _attributes(G) == _attributes(fresh)
    assert gametree.node_statuses(G) == gametree.node_statuses(fresh)
    gametree.clear_annotations(G)
    assert not gametree.node_statuses(G)


def test_unreached_is_derived_not_written() -> None:
    # A best-ordered tree: alpha-beta writes its visited nodes and pruned children only.
    G = gametree.random_tree(4, 5, seed=3, ordering="best")
    r = gametree.alphabeta(G)
    written = {n for n, d in G.nodes(data=True) if "status" in d}
    assert written == set(r.node_values) | {v for _, v in r.pruned_edges}
    assert len(written) < len(G) / 3
    statuses = gametree.node_statuses(G)
    assert set(statuses) == set(G)
    for n in G:
        assert gametree.node_status(G, n) == statuses[n]
    for u, v in G.edges:
        expected = "unreached" if statuses[u] != "visited" else statuses[v]
        assert gametree.edge_status(G, u, v) == expected, (u, v)


def test_nodes_outside_the_searched_subtree_have_no_status() -> None:
    G = gametree.from_nested(AIMA)
    gametree.alphabeta(G, root="C")
    assert gametree.node_status(G, "A") is None
    assert gametree.node_status(G, "B") is None and gametree.node_status(G, "E") is None
    assert gametree.edge_status(G, "A", "C") is None
    assert [gametree.node_status(G, n) for n in "CHIJ"] == ["visited"] * 4
