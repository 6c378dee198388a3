"""Hypothesis strategies shared by the test modules: random game trees of every shape."""

from __future__ import annotations

from typing import Any

import networkx as nx
from hypothesis import strategies as st

import gametree

VALUES_INT = st.integers(min_value=-9, max_value=9)
VALUES_TIES = st.integers(min_value=0, max_value=2)
VALUES_FLOAT = st.floats(min_value=-100, max_value=100, allow_nan=False, allow_infinity=False)
VALUES_ANY = st.one_of(VALUES_INT, VALUES_FLOAT, st.sampled_from([float("inf"), float("-inf")]))


def nested_lists(
    values: st.SearchStrategy[Any] = VALUES_INT,
    *,
    max_branching: int = 5,
    max_depth: int = 7,
    max_leaves: int = 200,
) -> st.SearchStrategy[list[Any]]:
    """Nested lists with uneven depth and branching (the root is always a list)."""
    tree = st.recursive(
        values,
        lambda kids: st.lists(kids, min_size=1, max_size=max_branching),
        max_leaves=max_leaves,
    )
    return st.lists(tree, min_size=1, max_size=max_branching).filter(
        lambda t: _depth(t) <= max_depth
    )


def _depth(obj: Any) -> int:
    if not isinstance(obj, list):
        return 0
    return 1 + max(_depth(c) for c in obj)


PLAYER_CYCLES = st.sampled_from(
    [
        ("MAX", "MIN"),
        ("MIN", "MAX"),
        ("MAX", "MIN", "MIN"),
        ("MIN", "MIN", "MAX"),
        ("MAX",),
    ]
)


@st.composite
def trees(
    draw: st.DrawFn,
    values: st.SearchStrategy[Any] = VALUES_INT,
    *,
    players: st.SearchStrategy[tuple[str, ...]] = PLAYER_CYCLES,
    max_branching: int = 5,
    max_depth: int = 7,
) -> nx.DiGraph:
    """Deterministic game trees (MAX/MIN only) from nested lists."""
    nested = draw(nested_lists(values, max_branching=max_branching, max_depth=max_depth))
    return gametree.from_nested(nested, players=draw(players))


@st.composite
def chance_trees(
    draw: st.DrawFn, values: st.SearchStrategy[Any] = VALUES_INT, *, max_depth: int = 5
) -> nx.DiGraph:
    """Trees with CHANCE levels, some with explicit probabilities on their edges."""
    nested = draw(nested_lists(values, max_branching=4, max_depth=max_depth))
    cycle = draw(st.sampled_from([("MAX", "CHANCE", "MIN", "CHANCE"), ("MAX", "CHANCE")]))
    G = gametree.from_nested(nested, players=cycle)
    for node, data in G.nodes(data=True):
        if data.get("player") == "CHANCE" and draw(st.booleans()):
            kids = list(G.successors(node))
            weights = [draw(st.integers(1, 4)) for _ in kids]
            total = sum(weights)
            probs = [w / total for w in weights]
            probs[-1] = 1.0 - sum(probs[:-1])
            for kid, p in zip(kids, probs, strict=True):
                G.edges[node, kid]["prob"] = p
    gametree.validate(G)
    return G


@st.composite
def dags(
    draw: st.DrawFn, values: st.SearchStrategy[Any] = VALUES_INT, *, max_depth: int = 6
) -> nx.DiGraph:
    """Game DAGs: a tree in which some nodes gain extra parents from the level above.

    Extra edges only go from a node at depth d to a node at depth d + 1, so the graph
    stays acyclic and players still alternate by level.
    """
    nested = draw(nested_lists(values, max_branching=4, max_depth=max_depth))
    G = gametree.from_nested(nested, players=draw(PLAYER_CYCLES))
    depth = nx.single_source_shortest_path_length(G, G.graph["root"])
    by_level: dict[int, list[Any]] = {}
    for node, d in depth.items():
        by_level.setdefault(d, []).append(node)
    extra = draw(st.integers(0, 6))
    for _ in range(extra):
        level = draw(st.integers(0, max(by_level) - 1)) if len(by_level) > 1 else 0
        parents = [n for n in by_level.get(level, []) if G.out_degree(n) > 0]
        children = by_level.get(level + 1, [])
        if not parents or not children:
            continue
        parent = draw(st.sampled_from(parents))
        child = draw(st.sampled_from(children))
        if not G.has_edge(parent, child):
            G.add_edge(parent, child)
    gametree.validate(G)
    return G
