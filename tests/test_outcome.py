"""The searches an answer key compares with (gametree/homework/outcome.py and
conventions.py): the key's own search digested, and the other conventions kept light.

The references here are plain: the search run again on an explicit right-to-left copy of
the tree, the windows read from a traced search, the frontier by a recursive walk.
"""

from __future__ import annotations

from collections.abc import Hashable

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import VALUES_TIES, dags, trees

import gametree
from gametree.homework.conventions import OTHER_CONVENTIONS
from gametree.homework.outcome import RightToLeft, frontier, run_convention, run_search

TREES = st.one_of(trees(VALUES_TIES, max_branching=3, max_depth=4), dags(VALUES_TIES, max_depth=4))


def reversed_copy(G: nx.DiGraph) -> nx.DiGraph:
    H = nx.DiGraph()
    H.add_nodes_from(G.nodes(data=True))
    for node in G:
        for child in reversed(list(G.succ[node])):
            H.add_edge(node, child, **G.succ[node][child])
    return H


def plain_frontier(G: nx.DiGraph, node: Hashable, depth: int | None, d: int = 0) -> list:
    """Leaves (and horizon nodes) left to right, first visits only (small trees)."""
    if not G.succ[node] or (depth is not None and d >= depth):
        return [node]
    out: list = []
    for child in G.succ[node]:
        out += [x for x in plain_frontier(G, child, depth, d + 1) if x not in out]
    return out


@settings(max_examples=80, deadline=None)
@given(TREES, st.sampled_from([None, 1, 2, 3]))
def test_frontier_is_the_leaves_left_to_right(G: nx.DiGraph, depth: int | None) -> None:
    root = gametree.find_root(G)
    assert frontier(G, root, depth) == plain_frontier(G, root, depth)


@settings(max_examples=80, deadline=None)
@given(TREES, st.sampled_from(["alphabeta", "minimax", "pvs"]))
def test_right_to_left_without_a_copy(G: nx.DiGraph, algorithm: str) -> None:
    """Searching through RightToLeft gives what searching a reversed copy gives."""
    root = gametree.find_root(G)
    leaves = frontier(G, root, None)
    light = run_convention(G, algorithm, {"root": root, "child_order": RightToLeft(G)}, leaves)
    full = run_search(reversed_copy(G), algorithm, {"root": root}, leaves)
    assert light.result.value == full.result.value
    assert light.evaluated == full.evaluated and light.pruned == full.pruned
    assert light.result.pruned_edges == full.result.pruned_edges
    assert light.enter_window == full.enter_window
    assert light.exit_window == full.exit_window


@settings(max_examples=60, deadline=None)
@given(TREES)
def test_other_conventions_are_light_and_agree_with_a_traced_search(G: nx.DiGraph) -> None:
    key = gametree.AnswerKey(G)
    root, leaves = key.root, key.frontier
    cut = {"root": root, "prune_on_equal": True, "fail": "soft"}
    plain = {
        "strict": ("alphabeta", G, {**cut, "prune_on_equal": False}),
        "fail": ("alphabeta", G, {**cut, "fail": "hard"}),
        "reverse": ("alphabeta", reversed_copy(G), cut),
        "minimax": ("minimax", G, {"root": root}),
    }
    for name in OTHER_CONVENTIONS:
        found = key.conventions.outcome(name)
        assert found is not None
        alt = found[1]
        # No trace, no steps: a few numbers per node.
        assert alt.result.trace == () and not alt.leaf_step and not alt.visited
        algorithm, graph, options = plain[name]
        full = run_search(graph, algorithm, options, leaves)
        assert alt.result.value == full.result.value and alt.pruned == full.pruned
        assert alt.evaluated == full.evaluated
        assert alt.exit_window == full.exit_window and alt.enter_window == full.enter_window
    assert key.main.result.trace and key.main.leaf_step  # the key's own search keeps steps
