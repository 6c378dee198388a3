"""Hypothesis strategies shared by the test modules: random game trees of every shape."""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from typing import Any

import networkx as nx
from hypothesis import strategies as st

import gametree

VALUES_INT = st.integers(min_value=-9, max_value=9)
VALUES_TIES = st.integers(min_value=0, max_value=2)
VALUES_FLOAT = st.floats(min_value=-100, max_value=100, allow_nan=False, allow_infinity=False)
VALUES_ANY = st.one_of(VALUES_INT, VALUES_FLOAT, st.sampled_from([float("inf"), float("-inf")]))
BIG = 1.7e308
VALUES_EXTREME = st.one_of(
    VALUES_INT,
    st.sampled_from([math.inf, -math.inf, BIG, -BIG, sys.float_info.max, 0.5, Fraction(1, 3)]),
)
"""Leaf values for the statistics of Monte Carlo tree search: infinities, values whose
sums pass the float range, small ints, a dyadic float and an exact fraction."""


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
    draw: st.DrawFn,
    values: st.SearchStrategy[Any] = VALUES_INT,
    *,
    max_depth: int = 5,
    exact: bool = False,
) -> nx.DiGraph:
    """Trees with CHANCE levels, some with explicit probabilities on their edges: floats
    summing to 1 up to rounding, or with ``exact`` Fractions (zero allowed) summing to 1."""
    nested = draw(nested_lists(values, max_branching=4, max_depth=max_depth))
    cycles = [("MAX", "CHANCE", "MIN", "CHANCE"), ("CHANCE", "MIN") if exact else ("MAX", "CHANCE")]
    G = gametree.from_nested(nested, players=draw(st.sampled_from(cycles)))
    for node, data in G.nodes(data=True):
        if data.get("player") == "CHANCE" and draw(st.booleans()):
            kids = list(G.successors(node))
            weights = [draw(st.integers(0 if exact else 1, 4)) for _ in kids]
            weights[-1] += exact  # never all zero
            total = sum(weights)
            probs: list[Any] = [Fraction(w, total) if exact else w / total for w in weights]
            if not exact:
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


# --- Search checks (helper B2): best-ordered uniform trees, uneven DAGs, heuristics ---


def _nested_value(obj: Any, players: tuple[str, ...], depth: int = 0) -> float:
    """Minimax value of a nested list (small trees only: recursive)."""
    if not isinstance(obj, list):
        return float(obj)
    values = [_nested_value(child, players, depth + 1) for child in obj]
    return max(values) if players[depth % len(players)] == "MAX" else min(values)


def _best_first(obj: Any, players: tuple[str, ...], depth: int = 0) -> Any:
    """The same nested tree with every node's children sorted best move first."""
    if not isinstance(obj, list):
        return obj
    kids = [_best_first(child, players, depth + 1) for child in obj]
    maximise = players[depth % len(players)] == "MAX"
    return sorted(kids, key=lambda k: _nested_value(k, players, depth + 1), reverse=maximise)


@st.composite
def best_ordered_uniform_trees(
    draw: st.DrawFn, *, max_branching: int = 4, max_depth: int = 5, max_leaves: int = 256
) -> tuple[nx.DiGraph, int, int]:
    """``(G, b, d)``: a uniform MAX/MIN tree with distinct leaf values, best move first.

    Built independently of :func:`gametree.random_tree`: distinct values in random
    order, then every node's children sorted by their minimax value (largest first at
    MAX, smallest first at MIN), so left-to-right alpha-beta meets the best move first
    everywhere (Knuth and Moore's perfectly ordered tree).
    """
    b = draw(st.integers(1, max_branching))
    depths = [d for d in range(1, max_depth + 1) if b**d <= max_leaves]
    d = draw(st.sampled_from(depths))
    values = draw(st.permutations(list(range(b**d))))
    players = draw(st.sampled_from([("MAX", "MIN"), ("MIN", "MAX")]))
    leaves = iter(values)

    def build(level: int) -> Any:
        if level == d:
            return next(leaves)
        return [build(level + 1) for _ in range(b)]

    nested = _best_first(build(0), players)
    return gametree.from_nested(nested, players=players), b, d


@st.composite
def uneven_dags(
    draw: st.DrawFn, values: st.SearchStrategy[Any] = VALUES_INT, *, max_depth: int = 6
) -> nx.DiGraph:
    """Game DAGs in which one node can be reached along paths of different lengths.

    Extra edges go from a node at depth d to any node at depth d + 1 or d + 2, so
    depth-limited searches meet the same node at different remaining depths and two
    nodes of the same player can follow each other. Every internal node carries a
    heuristic ``value`` so depth-limited searches can run.
    """
    G = draw(dags(values, max_depth=max_depth))
    depth = nx.single_source_shortest_path_length(G, G.graph["root"])
    by_level: dict[int, list[Any]] = {}
    for node, d in depth.items():
        by_level.setdefault(d, []).append(node)
    for _ in range(draw(st.integers(0, 4))):
        level = draw(st.integers(0, max(by_level)))
        parents = [n for n in by_level.get(level, []) if G.out_degree(n) > 0]
        targets = by_level.get(level + 2, [])
        if parents and targets:
            parent, child = draw(st.sampled_from(parents)), draw(st.sampled_from(targets))
            if not G.has_edge(parent, child):
                G.add_edge(parent, child)
    for node in G:
        if G.out_degree(node) > 0:
            G.nodes[node]["value"] = draw(values)
    gametree.validate(G)
    return G


@st.composite
def trees_with_heuristics(
    draw: st.DrawFn, values: st.SearchStrategy[Any] = VALUES_INT, *, max_depth: int = 6
) -> nx.DiGraph:
    """Deterministic trees whose internal nodes all carry a heuristic ``value``."""
    G = draw(small_trees(values, max_depth=max_depth, max_leaves=60))
    for node in G:
        if G.out_degree(node) > 0:
            G.nodes[node]["value"] = draw(values)
    return G


# --- File-format strategies (readwrite / notation tests) -------------------------------

VALUES_WITH_INF = st.one_of(
    VALUES_INT,
    st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False),
    st.sampled_from([float("inf"), float("-inf")]),
)
MOVES = st.one_of(
    st.text(alphabet="abcxyz0129 -'\"\\#(", min_size=1, max_size=6),
    st.integers(min_value=0, max_value=9),
)


@st.composite
def annotated_trees(draw: st.DrawFn) -> nx.DiGraph:
    """Trees, chance trees or DAGs with moves, labels and search annotations (with +-inf)."""
    G = draw(
        st.one_of(
            trees(VALUES_WITH_INF, max_depth=4),
            chance_trees(VALUES_WITH_INF, max_depth=4),
            dags(VALUES_WITH_INF, max_depth=4),
        )
    )
    bounds = st.sampled_from([float("-inf"), float("inf"), -3, 2.5, 0])
    for node, data in G.nodes(data=True):
        if draw(st.booleans()):
            data["status"] = draw(st.sampled_from(["visited", "pruned", "unreached"]))
            data["search_value"] = draw(bounds)
            data["bound"] = draw(st.sampled_from(["exact", "lower", "upper"]))
            data["alpha"] = draw(bounds)
            data["beta"] = draw(bounds)
            data["visit"] = draw(st.integers(1, 50))
        if draw(st.integers(0, 4)) == 0:
            data["label"] = draw(st.text(min_size=0, max_size=5))
        if G.out_degree(node) and draw(st.integers(0, 3)) == 0:
            data["value"] = draw(VALUES_WITH_INF)
    for _, _, data in G.edges(data=True):
        if draw(st.booleans()):
            data["move"] = draw(MOVES)
        if draw(st.booleans()):
            data["status"] = draw(st.sampled_from(["visited", "pruned", "unreached"]))
            data["pv"] = draw(st.booleans())
    if draw(st.booleans()):
        G.graph["search"] = {
            "algorithm": draw(st.sampled_from(["alphabeta", "pvs"])),
            "fail": "soft",
            "prune_on_equal": draw(st.booleans()),
            "alpha0": float("-inf"),
            "beta0": float("inf"),
            "depth": draw(st.one_of(st.none(), st.integers(1, 5))),
        }
    return G


@st.composite
def small_trees(
    draw: st.DrawFn,
    values: st.SearchStrategy[Any] = VALUES_INT,
    *,
    max_branching: int = 5,
    max_depth: int = 7,
    max_leaves: int = 40,
) -> nx.DiGraph:
    """Like :func:`trees` but with at most ``max_leaves`` leaves: cheap enough for thousands."""
    nested = draw(
        nested_lists(
            values, max_branching=max_branching, max_depth=max_depth, max_leaves=max_leaves
        )
    )
    return gametree.from_nested(nested, players=draw(PLAYER_CYCLES))


# Pieces of answer files, hostile ones included: deep brackets, numbers past float range
# and past Python's int-string limit, bounds, edges, tables, quotes, control characters.
ANSWER_PIECES = (
    "value", "move", "pruned", "pruned_edges", "order", "pv", "alpha", "beta", "window",
    "[values]", "[alpha]", "values.C", "alpha C", "C", "B", "I", "J", "#5", "#99999",
    "C-I", "(C, I)", "a2/c2", " = ", "=", ":", "\n", " ", ",", "[", "]", "{", "}", '"',
    "'", "#", "# c", "<=", ">=", "-", "inf", "-inf", "∞", "nan", "1e400", "-1e400", "3",
    "2.5", "1/3", "1/0", "1" + "0" * 400, "1" + "0" * 400 + "/1", "1" + "0" * 5000,
    "[" * 3000, "]" * 3000, "{" * 3000, '{"value": ', "true", "null", "\x00", "\ufeff",
)  # fmt: skip


@st.composite
def answer_texts(draw: st.DrawFn) -> str:
    """Text that looks like an answer file often enough to reach every reader's corners."""
    pieces = draw(
        st.lists(st.one_of(st.sampled_from(ANSWER_PIECES), st.text(max_size=8)), max_size=25)
    )
    return "".join(pieces)


ANSWER_ITEM_NAMES = (
    "value", "root", "move", "best_move", "pruned", "cuts", "pruned_leaves", "pruned_edges",
    "pruned_nodes", "pruned_moves", "order", "evaluated", "pv", "principal_variation",
    "values", "nodes", "alpha", "beta", "window", "windows",
)  # fmt: skip
"""Item and table names of an answer file (with some aliases)."""

ANSWER_JUNK = (
    "", " ", "-", "pruned", "3", "<=2", ">=5", "1/3", "1/0", "inf", "nan", "1e400", "#0",
    "#99999999999999999999", "C-I", "a2/c2", "<img src=x>", 0, -1, 2**64, 10**400, 0.5,
    1e308, math.inf, math.nan, True, None,
)  # fmt: skip
"""Scalars an answer value may be: names, bounds, hostile numbers, JSON's true and null
(and, drawn by :func:`answer_documents`, an integer too long for Python to print)."""


@st.composite
def answer_documents(draw: st.DrawFn, names: tuple[Any, ...] = ("A", "B", "C", "I")) -> Any:
    """An answer file as a mapping (what JSON or TOML give): any item name or node name
    with a value of any shape (a name, junk, empty or nested lists, edge pairs, objects).
    """
    huge = st.builds(pow, st.just(-10), st.just(5001))  # built when drawn, never printed
    scalars = st.one_of(st.sampled_from((*names, *ANSWER_JUNK)), huge)
    values = st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(
                st.sampled_from(("value", "alpha", "beta", "window", "x", *map(str, names))),
                inner,
                max_size=3,
            ),
        ),
        max_leaves=8,
    )
    keys = st.one_of(
        st.sampled_from(ANSWER_ITEM_NAMES),
        st.sampled_from([str(n) for n in names]),
        st.text(max_size=4),
    )
    return draw(st.dictionaries(keys, values, max_size=6))


# --- Star1/Star2: chance trees with bounds on their values ----------------------------


@st.composite
def bounded_chance_graphs(
    draw: st.DrawFn,
    values: st.SearchStrategy[Any] | None = None,
    *,
    max_depth: int = 5,
    dag: bool | None = None,
) -> tuple[nx.DiGraph, tuple[float, float]]:
    """A random tree or DAG of MAX, MIN and CHANCE nodes in any order (MIN roots, two
    MIN levels in a row, chance over chance, uneven depths), with tree bounds that hold
    every leaf and ``bounds`` attributes on some nodes, each holding its subtree.

    Returns ``(G, bounds)``: the bounds for ``star1(G, bounds=...)``.
    """
    if values is None:
        values = st.one_of(VALUES_INT, VALUES_TIES, VALUES_FLOAT)
    nested = draw(nested_lists(values, max_branching=4, max_depth=max_depth, max_leaves=40))
    G = gametree.from_nested(nested)
    for node in G:
        if G.out_degree(node):
            G.nodes[node]["player"] = draw(st.sampled_from(["MAX", "MIN", "CHANCE"]))
    if dag if dag is not None else draw(st.booleans()):
        depth = nx.single_source_shortest_path_length(G, G.graph["root"])
        nodes = sorted(G, key=lambda n: depth[n])
        for _ in range(draw(st.integers(0, 5))):
            parent = draw(st.sampled_from(nodes))
            child = draw(st.sampled_from(nodes))
            if (
                G.out_degree(parent)
                and depth[child] > depth[parent]
                and not G.has_edge(parent, child)
            ):
                G.add_edge(parent, child)
    for node, data in G.nodes(data=True):
        if data.get("player") == "CHANCE" and draw(st.booleans()):
            kids = list(G.successors(node))
            weights = [draw(st.integers(0, 4)) for _ in kids]
            if sum(weights) == 0:
                weights[0] = 1
            total = sum(weights)
            for kid, w in zip(kids, weights, strict=True):
                G.edges[node, kid]["prob"] = w / total
    leaves = [n for n in G if not G.out_degree(n)]
    low = min(G.nodes[n]["value"] for n in leaves)
    high = max(G.nodes[n]["value"] for n in leaves)
    slack = st.sampled_from([0, 0, 1, 5.5])
    lo = draw(st.sampled_from([low - draw(slack), -float("inf")]))
    hi = draw(st.sampled_from([high + draw(slack), float("inf")]))
    for node in G:
        if draw(st.integers(0, 4)) == 0:
            below = [G.nodes[n]["value"] for n in nx.descendants(G, node) | {node} if n in leaves]
            G.nodes[node]["bounds"] = (min(below) - draw(slack), max(below) + draw(slack))
    gametree.validate(G)
    return G, (lo, hi)


def exact_chance_trees(*, max_depth: int = 5) -> st.SearchStrategy[nx.DiGraph]:
    """Chance trees whose leaves are ints (some past 2**53) or Fractions and whose
    probabilities, where given, are Fractions summing to exactly 1."""
    values = st.one_of(
        VALUES_INT,
        st.integers(min_value=2**53 - 4, max_value=2**53 + 4),
        st.fractions(min_value=-9, max_value=9, max_denominator=12),
    )
    return chance_trees(values, max_depth=max_depth, exact=True)


# --- Hostile trees: ids, attribute names and texts that break naive writers (issue 10) ----

HOSTILE_WORDS = [
    "node", "edge", "graph", "subgraph", "strict", "digraph", "NODE", "inf", "-inf",
    "Infinity", "nan", "true", "false", "MAX", "min", "id", "source", "target", "key",
    "gametree:id", "1", "-1.5", "", " ", "players", "x__json", "a b", "é", "∞",
]  # fmt: skip
HOSTILE_CHARS = "ab1 \x00\x01\x0c\x1b\x7f\x85\ufffe\uffff\r\n\t\"'\\<>&{}[];=,#%$_^~:-*()/"
HOSTILE_TEXT = st.one_of(
    st.sampled_from(HOSTILE_WORDS),
    st.text(alphabet=HOSTILE_CHARS, max_size=6),
    st.text(max_size=4),
)
HOSTILE_IDS = st.one_of(
    HOSTILE_TEXT,
    st.integers(-(10**20), 10**20),
    st.tuples(HOSTILE_TEXT, st.integers(0, 3)),
)
# Attribute names the contract gives a meaning (a random value there breaks the tree).
_CONTRACT_NAMES = {"player", "value", "prob", "frontier", "cells", "label", "move", "bounds"}
HOSTILE_NAMES = st.one_of(
    st.sampled_from(HOSTILE_WORDS), st.sampled_from(HOSTILE_WORDS), HOSTILE_TEXT
).filter(lambda name: name not in _CONTRACT_NAMES)
# Exact ratios (a whole one, 3/1, included): JSON and GraphML tag them (issue 33).
HOSTILE_FRACTIONS = st.one_of(
    st.fractions(max_denominator=10**6),
    st.sampled_from([Fraction(1, 3), Fraction(-7, 2), Fraction(3, 1), Fraction(10**300, 3)]),
)
HOSTILE_VALUES = st.one_of(
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False),
    st.booleans(),
    HOSTILE_TEXT,
    HOSTILE_FRACTIONS,
)
# Moves, ratios among them: the text "1/3" is a move as written, a Fraction one too.
HOSTILE_MOVES = st.one_of(
    HOSTILE_TEXT,
    st.integers(-5, 5),
    st.sampled_from(["1/3", "4/2", "-1/3", "0/1"]),
    HOSTILE_FRACTIONS,
)


@st.composite
def hostile_trees(draw: st.DrawFn) -> nx.DiGraph:
    """Small valid trees with hostile ids, attribute names, labels, moves and values."""
    G = draw(
        st.one_of(
            small_trees(VALUES_WITH_INF, max_depth=3, max_leaves=8), chance_trees(max_depth=3)
        )
    )
    ids = draw(st.lists(HOSTILE_IDS, min_size=len(G), max_size=len(G), unique=True))
    mapping = dict(zip(list(G), ids, strict=True))
    root = G.graph.get("root")
    G = nx.relabel_nodes(G, mapping)
    if root is not None:
        G.graph["root"] = mapping[root]
    for node, data in G.nodes(data=True):
        if draw(st.booleans()):
            data["label"] = draw(HOSTILE_TEXT)
        if not G.out_degree(node) and draw(st.integers(0, 3)) == 0:
            data["value"] = draw(HOSTILE_FRACTIONS)  # a 1/3 leaf
        for name in draw(st.lists(HOSTILE_NAMES, max_size=2, unique=True)):
            data[name] = draw(HOSTILE_VALUES)
    for _, _, data in G.edges(data=True):
        if draw(st.booleans()):
            data["move"] = draw(HOSTILE_MOVES)
        for name in draw(st.lists(HOSTILE_NAMES, max_size=2, unique=True)):
            data[name] = draw(HOSTILE_VALUES)
    return G


# --- Reader fuzzing: pieces of each tree format, hostile ones included (issue 10) ---------

_NUMBERS = ("3", "-2", "0.5", "1/3", "1/0", "inf", "-inf", "nan", "1e400", "1e-400",
            "1" + "0" * 400, "1" + "0" * 5000, "0x10", "1_0", "-0", ".5", "5.")  # fmt: skip
_SPECIAL = ("\x00", "\x01", "\x0c", "\x7f", "\ufeff", "\ufffe", "\u2028", "\r", "\n", "\t",
            " ", "é", "∞", "\\", '"', "'")  # fmt: skip
READER_PIECES: dict[str, tuple[str, ...]] = {
    "tree": ("(", ")", "[", "]", "{", "}", "A", "B", "x", "=", ":", "*", ",", "MAX", "MIN",
             "CHANCE", "players:", "players: MIN MAX\n", "# c\n", '"q"', "'q'", "label",
             "(" * 2000, ")" * 2000, "true", "1e999:", "{k=1e999}", "{b=(1, 1e999)}",
             "=-1e999", "1e999*", "1/3:", "4/2:", "-1/3:", "{w=1/3}", *_NUMBERS, *_SPECIAL),
    "json": ("[", "]", "{", "}", ",", ":", '"nodes"', '"edges"', '"links"', '"graph"',
             '"root"', '"id"', '"source"', '"target"', '"player"', '"MAX"', '"CHANCE"',
             '"value"', '"prob"', '"tree"', '"players"', '"directed"', "false", "true",
             "null", "Infinity", "NaN", '"inf"', '"A"', '"B"', "[" * 3000, "]" * 3000,
             '{"a":' * 3000, '"prob": null', '"move": null', '"player": null', '"value": null',
             '{"gametree:fraction": "1/3"}', '"gametree:fraction"', '{"gametree:fraction": "1/0"}',
             '{"gametree:fraction": 3}', '{"gametree:fraction": "2/4", "x": 1}',
             '"value": {"gametree:fraction": "-7/2"}', '"move": {"gametree:fraction": "1/3"}',
             *_NUMBERS, *_SPECIAL),
    "dot": ("digraph", "graph", "strict", "subgraph", "node", "edge", "{", "}", "[", "]",
            "->", "--", "=", ";", ",", ":", "+", "A", "B", '"A"', '"node"', "<x<y>>", "<",
            ">", "value", "player", "MAX", "min", "label", "move", "prob", "root", "shape",
            "triangle", "// c\n", "/*", "*/", "\n# x\n", ":n", "subgraph {" * 500,
            "}" * 500, *_NUMBERS, *_SPECIAL),
    "graphml": ('<?xml version="1.0"?>', '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
                "<graphml>", "</graphml>", '<graph edgedefault="directed">',
                '<graph edgedefault="undirected">', "</graph>", '<node id="A">', '<node id="B"/>',
                "</node>", '<edge source="A" target="B"/>', '<edge source="A" target="C">',
                "</edge>", '<key id="d0" for="node" attr.name="value" attr.type="int"/>',
                '<key id="d1" for="node" attr.name="player" attr.type="string"/>',
                '<key id="d2" for="graph" attr.name="gametree_node_ids" attr.type="string"/>',
                '<key id="d3" for="node" attr.name="x__json" attr.type="string"/>',
                '<data key="d0">', '<data key="d1">', '<data key="d2">', '<data key="d3">',
                "</data>", "MAX", "int", "json", "[" * 2000, '<!DOCTYPE g [<!ENTITY e "x">]>',
                "&e;", "&amp;", "<![CDATA[", "]]>",
                '<key id="d4" for="node" attr.name="value" attr.type="int">'
                "<default>3</default></key>",
                '<key id="d5" for="edge" attr.name="prob" attr.type="double">'
                "<default>0.5</default></key>",
                '<key id="d6" for="node" attr.name="value" attr.type="long"><default/></key>',
                "<default>", "</default>",
                '<key id="d7" for="edge" attr.name="prob__json" attr.type="string"/>',
                '<data key="d7">null</data>',
                '<key id="d8" for="node" attr.name="value__json" attr.type="string"/>',
                '<data key="d8">{"gametree:fraction": "1/3"}</data>',
                '<data key="d8">{"gametree:fraction": "x"}</data>', "gametree:fraction",
                *_NUMBERS, *_SPECIAL),
    "efg": ("EFG", "2", "R", '""', '"t"', "{", "}", '"1"', '"2"', '"3"', "p", "c", "t",
            "1", "0", "1/2", "0.5", '"a"', '"b"', "\n", " ", 'EFG 2 R "" { "1" "2" } ""\n',
            'p "" 1 1 "" { "a" "b" } 0\n', 't "" 1 "" { 3 -3 }\n',
            'c "" 1 "" { "h" 1/2 "t" 1/2 } 0\n', "0.5 " + "1" + "0" * 400, "1.5e308",
            str(int(1.5e308)), '"a\nb"', '"\x1b[2J"', *_NUMBERS, *_SPECIAL),
}  # fmt: skip


def reader_seeds() -> dict[str, list[str]]:
    """Valid files of every format (plain, chance with moves, annotated) to mutate."""
    plain = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    chance = gametree.parse(
        'players: MAX CHANCE MIN\n(A left:(B 0.9*(D 2 3) 0.1*(E 4 5)) "r t":(C 1/3*6 2/3*-1))'
    )
    searched = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    gametree.alphabeta(searched)
    searched.nodes["A"]["label"] = 'q"\\\n<&>'
    # Exact values (issue 33): a 1/3 leaf, a ratio in bounds, a move written like a ratio.
    exact = gametree.parse('(A "1/3":(B 1/3 -7/2) x:(C 4 (D 1/6 2)))')
    exact.nodes["C"]["bounds"] = (Fraction(-7, 2), 4)
    return {
        fmt: [gametree.dumps(G, fmt) for G in (plain, chance, searched, exact)]
        for fmt in ("tree", "json", "dot", "graphml", "efg")
    }


@st.composite
def reader_texts(draw: st.DrawFn, fmt: str) -> str:
    """Text for one reader: pieces of its format, or a valid file with a slice mutated."""
    if draw(st.booleans()):
        pieces = st.one_of(st.sampled_from(READER_PIECES[fmt]), st.text(max_size=3))
        return "".join(draw(st.lists(pieces, max_size=30)))
    text = draw(st.sampled_from(_SEEDS.setdefault(fmt, reader_seeds()[fmt])))
    i = draw(st.integers(0, len(text)))
    j = draw(st.integers(i, min(len(text), i + 8)))
    middle = draw(st.one_of(st.sampled_from(READER_PIECES[fmt]), st.text(max_size=3)))
    return text[:i] + middle + text[j:]


_SEEDS: dict[str, list[str]] = {}


def overflowed_infinities(G: nx.DiGraph, text: str) -> list[str]:
    """Where ``G`` holds an infinity that ``text`` never spells (a numeral that overflowed).

    The number rule every reader keeps: only ``inf`` (in any of its spellings, all of which
    contain those letters) reads as infinity, never a numeral past float range (``1e999``).
    A text without ``inf`` therefore gives a tree without infinities, in values, other
    attributes (tuples included), probabilities and moves.
    """
    if "inf" in text.lower():
        return []

    def infinite(value: Any) -> bool:
        if isinstance(value, (tuple, list)):
            return any(infinite(v) for v in value)
        return isinstance(value, float) and value in (float("inf"), float("-inf"))

    places = [
        f"node {n!r}: {k}" for n, d in G.nodes(data=True) for k, v in d.items() if infinite(v)
    ]
    places += [
        f"edge {u!r}->{v!r}: {k}"
        for u, v, d in G.edges(data=True)
        for k, x in d.items()
        if infinite(x)
    ]
    places += [f"graph: {k}" for k, v in G.graph.items() if infinite(v)]
    return places


# --- check-code: trees as each protocol presents them -----------------------------------

_CODE_PLAYERS = {
    ("aima", "minimax"): [("MAX", "MIN"), ("MIN", "MAX")],
    ("mutable", "minimax"): [("MAX", "MIN"), ("MIN", "MAX")],
    ("cs188", "minimax"): [("MAX", "MIN"), ("MAX", "MIN", "MIN")],
    ("tree", "minimax"): [
        ("MAX", "MIN"),
        ("MIN", "MAX"),
        ("MAX", "MIN", "MIN"),
        ("MIN", "MIN", "MAX"),
    ],
    ("aima", "expectiminimax"): [("MAX", "CHANCE", "MIN", "CHANCE"), ("MAX", "CHANCE")],
    ("cs188", "expectiminimax"): [("MAX", "CHANCE"), ("MAX", "CHANCE", "CHANCE")],
    ("tree", "expectiminimax"): [("MAX", "CHANCE", "MIN", "CHANCE"), ("MIN", "CHANCE", "MAX")],
}


@st.composite
def code_trees(draw: st.DrawFn, protocol: str, algorithm: str) -> tuple[nx.DiGraph, int | None]:
    """A small tree shaped for ``protocol``'s code (players alternating for aima and
    mutable code, CS188's agent cycle, chance levels for expectiminimax), with ties
    among the values, and sometimes a depth limit with heuristic values at every
    internal node (a whole number of CS188 rounds). Chance probabilities are dyadic
    (quarters, eighths) so that float and exact averages agree to the last bit.
    Returns ``(tree, depth)``."""
    kind = "minimax" if algorithm == "alphabeta" else algorithm
    cycle = draw(st.sampled_from(_CODE_PLAYERS[(protocol, kind)]))
    values = st.one_of(VALUES_TIES, VALUES_INT)
    nested = draw(nested_lists(values, max_branching=3, max_depth=4, max_leaves=24))
    G = gametree.from_nested(nested, players=cycle)
    if protocol != "cs188":
        for node, data in G.nodes(data=True):
            if data.get("player") == "CHANCE" and draw(st.booleans()):
                kids = list(G.successors(node))
                total = draw(st.sampled_from([4, 8])) if len(kids) <= 4 else 16
                weights = [1] * len(kids)
                for _ in range(total - len(kids)):
                    weights[draw(st.integers(0, len(kids) - 1))] += 1
                for kid, w in zip(kids, weights, strict=True):
                    G.edges[node, kid]["prob"] = w / total
    height = max(nx.shortest_path_length(G, gametree.find_root(G)).values())
    depth = None
    step = len(cycle) if protocol == "cs188" else 1
    if height > step and draw(st.booleans()):
        depth = draw(st.sampled_from(list(range(step, height, step))))
        for node in G:
            if G.out_degree(node):
                G.nodes[node]["value"] = draw(VALUES_INT)
    gametree.validate(G)
    return G, depth
