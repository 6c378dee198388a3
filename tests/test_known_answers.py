"""Known-answer tests: trees worked out by hand, python-chess perft style.

Each file in ``tests/data/known/`` holds a tree, its derivation by hand (the
``derivation`` lines: read them next to the tree) and, per algorithm and options, what a
search must return: value, best move(s), PV, the leaves in evaluation order, the pruned
edges, each node's value with its bound type, annotation statuses and statistics. A key
absent from a case is not checked.
"""

from __future__ import annotations

import json
import math
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

import gametree

KNOWN = Path(__file__).parent / "data" / "known"
FILES = sorted(KNOWN.glob("*.json"))


def _number(x: Any) -> Any:
    if x == "inf":
        return math.inf
    if x == "-inf":
        return -math.inf
    return x


def build(spec: dict[str, Any]) -> nx.DiGraph:
    """The tree of a known-answer file: nested lists with a players cycle, or nodes and edges."""
    if "nested" in spec:
        return gametree.from_nested(spec["nested"], players=tuple(spec["players"]))
    G = nx.DiGraph()
    G.graph["root"] = spec["root"]
    for node, attrs in spec["nodes"].items():
        G.add_node(node, **attrs)
    for edge in spec["edges"]:
        G.add_edge(edge[0], edge[1], **(edge[2] if len(edge) > 2 else {}))
    gametree.validate(G)
    return G


def load_cases() -> list[Any]:
    params = []
    for path in FILES:
        data = json.loads(path.read_text())
        assert data["derivation"], f"{path.name} has no derivation"
        for i, case in enumerate(data["cases"]):
            for algorithm in case["algorithms"]:
                options = {k: _number(v) for k, v in case["options"].items()}
                for key in ("window", "bounds"):
                    if key in options:
                        options[key] = tuple(_number(v) for v in options[key])
                params.append(
                    pytest.param(
                        data["tree"],
                        algorithm,
                        options,
                        case["expect"],
                        id=f"{path.stem}-{i}-{algorithm}",
                    )
                )
    return params


def _pairs(edges: Any) -> list[tuple[Hashable, Hashable]]:
    return [(u, v) for u, v in edges]


@pytest.mark.parametrize(("tree", "algorithm", "options", "expect"), load_cases())
def test_known_answer(
    tree: dict[str, Any], algorithm: str, options: dict[str, Any], expect: dict[str, Any]
) -> None:
    G = build(tree)
    before = {n: dict(d) for n, d in G.nodes(data=True)}
    result = gametree.solve(G, algorithm, **options)
    assert result.value == _number(expect["value"])
    if "best_move" in expect:
        assert result.best_move == expect["best_move"]
    if "best_moves" in expect:
        assert list(result.best_moves) == expect["best_moves"]
    if "pv" in expect:
        assert list(result.pv) == expect["pv"]
    if "visited_leaves" in expect:
        assert list(result.visited_leaves) == expect["visited_leaves"]
    if "pruned_edges" in expect:
        assert _pairs(result.pruned_edges) == _pairs(expect["pruned_edges"])
    for node, (value, bound) in expect.get("node_values", {}).items():
        assert node in result.node_values, node
        got = result.node_values[node]
        assert (got.value, str(got.bound)) == (value, bound), node
    for key, value in expect.get("stats", {}).items():
        assert getattr(result.stats, key) == value, key
    # annotate=True (the default) wrote the statuses and kept the inputs.
    for node, status in expect.get("statuses", {}).items():
        assert gametree.node_status(G, node) == status, node
    for node, data in before.items():
        for key, value in data.items():
            assert G.nodes[node][key] == value
    # The public function of the same name agrees with solve().
    direct = getattr(gametree, algorithm)(G.copy(), annotate=False, **options)
    assert direct.value == result.value
    assert direct.visited_leaves == result.visited_leaves
    assert direct.pruned_edges == result.pruned_edges


def test_every_file_has_a_case() -> None:
    assert len(FILES) >= 9
    for path in FILES:
        data = json.loads(path.read_text())
        assert {"name", "source", "tree", "derivation", "cases"} <= data.keys(), path.name


# --- iterative deepening and the evaluate hook on the depth-limited tree ------------------


def _depth_tree() -> nx.DiGraph:
    data = json.loads((KNOWN / "depth_limited.json").read_text())
    return build(data["tree"])


def test_iterative_deepening_known_answers() -> None:
    # Derivation in depth_limited.json: the iterations find 4 (depth 1), 5 (depth 2), 8 (depth 3).
    G = _depth_tree()
    for algorithm in ("negamax", "alphabeta", "negamax_alphabeta", "pvs"):
        deepening = gametree.iterative_deepening(G, algorithm, 3)
        assert [r.value for r in deepening.iterations] == [4, 5, 8], algorithm
        assert deepening.value == 8
        assert deepening.best_move == "C"
        assert not deepening.stopped_early
        # The seeds' negamaxIDS stops as soon as the winning value is found.
        early = gametree.iterative_deepening(G, algorithm, 3, stop_at=4)
        assert [r.value for r in early.iterations] == [4]
        assert early.value == 4 and early.best_move == "B" and early.stopped_early


def test_evaluate_function_replaces_the_heuristic_attribute() -> None:
    # depth 1: B and C are evaluated by the function: 10 and 20, so A = 20 via C.
    G = _depth_tree()
    scores = {"B": 10, "C": 20}
    result = gametree.alphabeta(G, depth=1, evaluate=lambda _G, node: scores[node])
    assert (result.value, result.best_move) == (20, "C")
    assert list(result.visited_leaves) == ["B", "C"]


def test_mirror_image_min_root() -> None:
    # Negating every leaf and swapping MAX and MIN negates the value and keeps the pruning:
    # AIMA Figure 5.2 mirrored is value -3, the same leaves E F G H K L M, C-I and C-J pruned.
    G = gametree.from_nested([[-3, -12, -8], [-2, -4, -6], [-14, -5, -2]], players=("MIN", "MAX"))
    for algorithm in ("alphabeta", "negamax_alphabeta", "pvs"):
        result = gametree.solve(G, algorithm, annotate=False)
        assert result.value == -3
        assert list(result.visited_leaves) == ["E", "F", "G", "H", "K", "L", "M"]
        assert _pairs(result.pruned_edges) == [("C", "I"), ("C", "J")]
