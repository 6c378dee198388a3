"""Unit tests of the search engine: traces written out by hand, conventions, options, limits.

Every expected trace and value below is derived by hand in the comment above it.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gametree
from gametree.search.engine import run_to_result
from gametree.search.fast import fast_search
from gametree.search.frontdoor import algorithm_plan
from tests.strategies import VALUES_TIES, dags, trees

INF = math.inf
AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def aima() -> nx.DiGraph:
    return gametree.from_nested(AIMA)


def kinds(events: object) -> list[tuple[str, object]]:
    return [(e.kind, e.node) for e in events]  # type: ignore[attr-defined]


# -- AIMA Figure 5.2, alpha-beta, written out by hand -----------------------------------
#
# A (MAX) enters with (-inf, inf) and passes it to B (MIN).
# B: E=3 is evaluated with (-inf, inf); B's beta becomes 3, so F=12 and G=8 are evaluated
#    with (-inf, 3); neither is below 3. B exits 3 (exact) with window (-inf, 3).
# A: alpha becomes 3. C enters with (3, inf); H=2 is evaluated with (3, inf); C's beta
#    becomes 2 <= alpha 3: cutoff, I and J skipped. C exits 2, an upper bound, (3, 2).
# D enters with (3, inf): K=14 -> beta 14; L=5 evaluated with (3, 14) -> beta 5; M=2
#    evaluated with (3, 5) -> beta 2 <= 3, but M is D's last child: no cutoff, and D's
#    value 2 is exact (every child searched). D exits 2 with (3, 2).
# A exits 3 (exact) with (3, inf).
AIMA_ALPHABETA_TRACE = [
    ("enter", "A", -INF, INF),
    ("enter", "B", -INF, INF),
    ("enter", "E", -INF, INF),
    ("leaf", "E", -INF, INF),
    ("exit", "E", -INF, INF),
    ("enter", "F", -INF, 3),
    ("leaf", "F", -INF, 3),
    ("exit", "F", -INF, 3),
    ("enter", "G", -INF, 3),
    ("leaf", "G", -INF, 3),
    ("exit", "G", -INF, 3),
    ("exit", "B", -INF, 3),
    ("enter", "C", 3, INF),
    ("enter", "H", 3, INF),
    ("leaf", "H", 3, INF),
    ("exit", "H", 3, INF),
    ("cutoff", "C", 3, 2),
    ("exit", "C", 3, 2),
    ("enter", "D", 3, INF),
    ("enter", "K", 3, INF),
    ("leaf", "K", 3, INF),
    ("exit", "K", 3, INF),
    ("enter", "L", 3, 14),
    ("leaf", "L", 3, 14),
    ("exit", "L", 3, 14),
    ("enter", "M", 3, 5),
    ("leaf", "M", 3, 5),
    ("exit", "M", 3, 5),
    ("exit", "D", 3, 2),
    ("exit", "A", 3, INF),
]


@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax_alphabeta"])
def test_aima_alphabeta_trace_by_hand(algorithm: str) -> None:
    events = list(gametree.search_trace(aima(), algorithm))
    assert [(e.kind, e.node, e.alpha, e.beta) for e in events] == AIMA_ALPHABETA_TRACE
    cut = next(e for e in events if isinstance(e, gametree.Cutoff))
    assert (cut.child, cut.value, cut.skipped) == ("H", 2, ("I", "J"))
    exits = {e.node: (e.value, str(e.bound)) for e in events if isinstance(e, gametree.Exit)}
    assert exits["B"] == (3, "exact")
    assert exits["C"] == (2, "upper")
    assert exits["D"] == (2, "exact")
    assert exits["A"] == (3, "exact")
    assert [e.parent for e in events if isinstance(e, gametree.Enter)][:3] == [None, "A", "B"]
    assert [e.depth for e in events if isinstance(e, gametree.Enter)][:3] == [0, 1, 2]


def test_aima_alphabeta_result_by_hand() -> None:
    r = gametree.alphabeta(aima(), annotate=False)
    assert r.value == 3
    assert r.best_move == "B" and r.best_moves == ("B",)
    assert r.pv == ("A", "B", "E")
    assert r.visited_leaves == ("E", "F", "G", "H", "K", "L", "M")
    assert r.pruned_edges == (("C", "I"), ("C", "J"))
    # Nodes entered: A B E F G C H D K L M = 11; leaves 7; one cutoff (at C).
    assert r.stats.nodes_visited == 11
    assert r.stats.leaves_evaluated == 7
    assert r.stats.cutoffs == 1
    assert r.stats.max_depth == 2
    assert r.node_values["C"] == gametree.NodeValue(2, gametree.Bound.UPPER)
    assert "I" not in r.node_values


def test_aima_minimax_trace_has_open_windows_and_every_leaf() -> None:
    # Minimax evaluates all nine leaves; its events carry the open window.
    events = list(gametree.search_trace(aima(), "minimax"))
    assert [n for k, n in kinds(events) if k == "leaf"] == list("EFGHIJKLM")
    assert all((e.alpha, e.beta) == (-INF, INF) for e in events)
    assert not any(e.kind == "cutoff" for e in events)
    r = gametree.minimax(aima(), annotate=False)
    assert [r.node_values[n].value for n in "ABCD"] == [3, 3, 2, 2]
    assert r.windows == {}


# -- PVS with a re-search, by hand ------------------------------------------------------
#
# (A (B 1) (C (E 5 9) (F 6 7))): A MAX, B and C MIN, E and F MAX. True values E=9,
# F=7, C=7, A=7.
# A: B (first child) full window: D=1, B=1, alpha 1.
# C is probed with the null window just above 1 (shown (1, 1); Reinefeld's (1, 2) on
# integers). Inside, E (C's first child) gets it too: G=5 > 1 cuts (H skipped), E >= 5.
#   F is probed inside the probe (the same window: C's window is already null): I=6 > 1
#   cuts (J skipped), F >= 6. C = min(5, 6) = 5 as a lower bound: C failed high.
# 5 lies inside A's window (1, inf): re-search C from the proven bound, (5, inf).
#   E full window (5, inf): G=5, H=9 evaluated: E=9 exact.
#   F probed with (9, 9): I=6 and J=7 stay below 9: F=7, exact (every child searched).
#   C = 7 exact. A = 7.
# The edges cut during the probe were searched again, so nothing ends up pruned.
PVS_TREE = [[1], [[5, 9], [6, 7]]]
PVS_TRACE = [
    ("enter", "A"),
    ("enter", "B"),
    ("enter", "D"),
    ("leaf", "D"),
    ("exit", "D"),
    ("exit", "B"),
    ("probe", "C"),
    ("enter", "C"),
    ("enter", "E"),
    ("enter", "G"),
    ("leaf", "G"),
    ("exit", "G"),
    ("cutoff", "E"),
    ("exit", "E"),
    ("probe", "F"),
    ("enter", "F"),
    ("enter", "I"),
    ("leaf", "I"),
    ("exit", "I"),
    ("cutoff", "F"),
    ("exit", "F"),
    ("exit", "C"),
    ("research", "C"),
    ("enter", "C"),
    ("enter", "E"),
    ("enter", "G"),
    ("leaf", "G"),
    ("exit", "G"),
    ("enter", "H"),
    ("leaf", "H"),
    ("exit", "H"),
    ("exit", "E"),
    ("probe", "F"),
    ("enter", "F"),
    ("enter", "I"),
    ("leaf", "I"),
    ("exit", "I"),
    ("enter", "J"),
    ("leaf", "J"),
    ("exit", "J"),
    ("exit", "F"),
    ("exit", "C"),
    ("exit", "A"),
]


def test_pvs_probe_and_research_by_hand() -> None:
    G = gametree.from_nested(PVS_TREE)
    r = gametree.pvs(G, trace=True, annotate=False)
    assert kinds(r.trace) == PVS_TRACE
    probes = [e for e in r.trace if isinstance(e, gametree.Probe)]
    assert [(p.node, p.parent, p.alpha, p.beta) for p in probes] == [
        ("C", "A", 1, 1),
        ("F", "C", 1, 1),
        ("F", "C", 9, 9),
    ]
    (research,) = [e for e in r.trace if isinstance(e, gametree.ReSearch)]
    assert (research.node, research.alpha, research.beta, research.probe_value) == (
        "C",
        5,
        INF,
        5,
    )
    assert r.value == 7 and r.best_move == "C" and r.pv == ("A", "C", "F", "J")
    assert r.stats.re_searches == 1
    assert r.stats.nodes_visited == 15
    assert r.visited_leaves == ("D", "G", "I", "G", "H", "I", "J")
    assert r.pruned_edges == ()
    assert r.node_values["C"] == gametree.NodeValue(7, gametree.Bound.EXACT)


def test_pvs_on_aima_prunes_like_alphabeta() -> None:
    # C is probed with (3, 3): H=2 < 3 cuts; D is probed: K=14, L=5, M=2 -> D=2, below 3.
    r = gametree.pvs(aima(), annotate=False)
    assert r.value == 3
    assert r.pruned_edges == (("C", "I"), ("C", "J"))
    assert r.stats.re_searches == 0


NEEDS: dict[str, dict[str, float]] = {"aspiration": {"guess": 0, "delta": 1}}
"""Options an algorithm cannot do without (aspiration windows need their window)."""


# -- players from attributes, not depth --------------------------------------------------


def test_min_root_all_algorithms() -> None:
    # (A:MIN (B:MAX 3 5) (C:MAX 2 9)): B=5, C=9, A=5. Alpha-beta: B -> 5, beta 5; C sees
    # 2 (not >= 5), then 9 >= 5 cuts nothing (last child). Every leaf is evaluated.
    G = gametree.from_nested([[3, 5], [2, 9]], players=("MIN", "MAX"))
    for name in gametree.ALGORITHMS:
        r = gametree.solve(G, name, annotate=False, **NEEDS.get(name, {}))
        assert r.value == 5 and r.best_move == "B", name


def test_two_min_levels_in_a_row() -> None:
    # (A:MAX (B:MIN (D:MIN H=4 I=6) (E:MIN J=7)) (C:MIN (F:MIN K=1 L=9) (G:MIN M=8)))
    # D=4, E=7, B=4; F=1, G=8, C=1; A=4.
    # Alpha-beta: after B, alpha=4. C and F are MIN under MIN: F gets C's window (4, inf);
    # leaf K=1 <= 4 cuts F (L skipped); F returns <= 1, so C (same player, same window)
    # cuts too: G is skipped.
    G = gametree.from_nested([[[4, 6], [7]], [[1, 9], [8]]], players=("MAX", "MIN", "MIN"))
    for name in ("alphabeta", "negamax_alphabeta", "pvs"):
        r = gametree.solve(G, name, annotate=False)
        assert r.value == 4, name
        assert ("C", "G") in r.pruned_edges, name
        assert ("F", "L") in r.pruned_edges, name
    for name in ("minimax", "negamax"):
        assert gametree.solve(G, name, annotate=False).value == 4


def test_uneven_depths() -> None:
    # (A:MAX 1 (B:MIN 5 (D:MAX 0 7))): D=7, B=min(5, 7)=5, A=max(1, 5)=5.
    G = gametree.from_nested([1, [5, [0, 7]]])
    for name in gametree.ALGORITHMS:
        assert gametree.solve(G, name, annotate=False, **NEEDS.get(name, {})).value == 5, name


# -- CHANCE nodes ----------------------------------------------------------------------


def chance_tree() -> nx.DiGraph:
    # (A:MAX (B:CHANCE 2 4) (C:CHANCE 0 10)), C's edges weighted 0.9 / 0.1.
    # B = (2 + 4) / 2 = 3; C = 0.9 * 0 + 0.1 * 10 = 1; A = 3, best move B.
    G = gametree.from_nested([[2, 4], [0, 10]], players=("MAX", "CHANCE"))
    G.edges["C", "F"]["prob"] = 0.9
    G.edges["C", "G"]["prob"] = 0.1
    return G


@pytest.mark.parametrize("name", gametree.ALGORITHMS)
def test_chance_values_by_hand(name: str) -> None:
    r = gametree.solve(chance_tree(), name, annotate=False, **NEEDS.get(name, {}))
    assert r.value == pytest.approx(3.0)
    assert r.best_move == "B"
    assert r.node_values["C"].value == pytest.approx(1.0)
    assert r.node_values["C"].bound is gametree.Bound.EXACT


def test_alphabeta_searches_below_chance_with_open_window() -> None:
    events = list(gametree.search_trace(chance_tree(), "alphabeta"))
    enters = {e.node: (e.alpha, e.beta) for e in events if isinstance(e, gametree.Enter)}
    # C itself is entered with A's window (3, inf); its outcomes with (-inf, inf).
    assert enters["C"] == (3, INF)
    assert enters["F"] == enters["G"] == (-INF, INF)
    assert not any(isinstance(e, gametree.Cutoff) for e in events)


def test_chance_root_has_no_best_move() -> None:
    G = gametree.from_nested([[1, 3], [5]], players=("CHANCE", "MAX"))
    r = gametree.expectiminimax(G, annotate=False)
    # B = 3, C = 5, A = (3 + 5) / 2 = 4.
    assert r.value == 4 and r.best_move is None and r.best_moves == ()


def test_chance_of_plus_and_minus_infinity_is_an_error() -> None:
    G = gametree.from_nested([[INF, -INF]], players=("MAX", "CHANCE"))
    with pytest.raises(gametree.SearchError, match="'B'"):
        gametree.expectiminimax(G)


# -- conventions -----------------------------------------------------------------------


def test_prune_on_equal_changes_the_pruned_leaves() -> None:
    # (A:MAX (B:MIN 3) (C:MIN 3 1)): B=3, alpha=3. C's first leaf is 3: 3 <= 3 cuts with
    # prune_on_equal=True (leaf 1 pruned); 3 < 3 is false, so strict alpha-beta also
    # evaluates 1. Both give 3.
    G = gametree.from_nested([[3], [3, 1]])
    loose = gametree.alphabeta(G, annotate=False)
    strict = gametree.alphabeta(G, prune_on_equal=False, annotate=False)
    assert loose.value == strict.value == 3
    assert loose.pruned_edges == (("C", "F"),)
    assert strict.pruned_edges == ()
    assert strict.visited_leaves == ("D", "E", "F")
    # C returns 3: with the cut it is an upper bound, without it exact (min(3, 1) = 1 is
    # exact, and 1 is what strict search returns).
    assert str(loose.node_values["C"].bound) == "upper"
    assert strict.node_values["C"] == gametree.NodeValue(1, gametree.Bound.EXACT)


def test_fail_hard_clamps_but_evaluates_the_same_leaves() -> None:
    # AIMA with the window (2, 5): B=3 lies inside. C: H=2 <= alpha 3 cuts; fail-soft
    # returns 2, fail-hard clamps to C's entry window (3, 5) -> 3, an upper bound. D: K=14,
    # L=5, M=2 -> 2 (exact, all searched); fail-hard reports max(3, 2) = 3 (upper).
    G = aima()
    soft = gametree.alphabeta(G, window=(2, 5), annotate=False)
    hard = gametree.alphabeta(G, window=(2, 5), fail="hard", annotate=False)
    assert soft.visited_leaves == hard.visited_leaves
    assert soft.value == hard.value == 3
    assert soft.node_values["C"] == gametree.NodeValue(2, gametree.Bound.UPPER)
    assert hard.node_values["C"] == gametree.NodeValue(3, gametree.Bound.UPPER)
    assert hard.node_values["D"] == gametree.NodeValue(3, gametree.Bound.UPPER)


def test_narrow_window_failing_high_and_low() -> None:
    # AIMA's value 3 is above the window (0, 2): B=3 >= beta 2 cuts the root after B.
    high = gametree.alphabeta(aima(), window=(0, 2), annotate=False)
    assert high.node_values["A"].bound is gametree.Bound.LOWER and high.value >= 2
    assert ("A", "C") in high.pruned_edges and ("A", "D") in high.pruned_edges
    # ... and below the window (5, 9): every MIN child fails low.
    low = gametree.alphabeta(aima(), window=(5, 9), annotate=False)
    assert low.node_values["A"].bound is gametree.Bound.UPPER and low.value <= 5
    low_hard = gametree.alphabeta(aima(), window=(5, 9), fail="hard", annotate=False)
    assert low_hard.value == 5


def test_ties_best_moves() -> None:
    # (A:MAX (B:MIN 3) (C:MIN 3) (D:MIN 1 3)): B=3, C=3, D=1. Minimax proves both ties;
    # alpha-beta searches C with alpha=3 and its leaf 3 is exact, so C is proven too.
    G = gametree.from_nested([[3], [3], [1, 3]])
    assert gametree.minimax(G, annotate=False).best_moves == ("B", "C")
    r = gametree.alphabeta(G, annotate=False)
    assert r.best_move == "B" and r.best_moves == ("B", "C")
    # (A:MAX (B:MIN 3) (C:MIN 4 3)) with C failing low at 3 via a cut? Here C=3 exactly
    # but its first leaf 4 is fine and 3 <= alpha 3 is its last leaf: exact again.
    H = gametree.from_nested([[3], [[3, 9], 3]])
    # C is MIN over (E:MAX 3 9) and 3: E is searched with (3, inf): 3 then 9 -> E=9;
    # C's leaf 3 ties the root value and is exact.
    assert gametree.alphabeta(H, annotate=False).best_moves == ("B", "C")


def test_best_moves_lists_only_proven_ties() -> None:
    # (A:MAX B=3 (C:MIN (D:MAX F=3 G=0) E=5)): B=3 exact, alpha 3. C gets (3, inf); D gets
    # (3, inf): F=3, G=0 -> D=3 exact; C's value 3 <= alpha 3 cuts E: C is "at most 3".
    # Minimax knows C = min(3, 5) = 3 ties B; alpha-beta cannot prove it.
    G = gametree.from_nested([3, [[3, 0], 5]])
    r = gametree.alphabeta(G, annotate=False)
    assert r.value == 3 and r.best_move == "B"
    assert r.best_moves == ("B",)
    assert r.pruned_edges == (("C", "E"),)
    assert gametree.minimax(G, annotate=False).best_moves == ("B", "C")


# -- depth limits -----------------------------------------------------------------------


def test_depth_limit_uses_value_attribute_or_evaluate() -> None:
    G = aima()
    for node, v in {"B": 1, "C": 7, "D": 4}.items():
        G.nodes[node]["value"] = v
    # Depth 1: B, C, D are horizon nodes worth 1, 7, 4 -> A = 7, best move C.
    r = gametree.alphabeta(G, depth=1, annotate=False)
    assert r.value == 7 and r.best_move == "C"
    assert r.visited_leaves == ("B", "C", "D")
    assert r.stats.horizon_evaluations == 3
    leaf = [e for e in gametree.search_trace(G, depth=1) if isinstance(e, gametree.Leaf)]
    assert all(e.horizon for e in leaf)
    # evaluate= wins over the attribute: 10 - len(name) * 0 ... every node worth its
    # number of children: 3 each, A = 3, first child B.
    r = gametree.minimax(G, depth=1, evaluate=lambda G, n: G.out_degree(n), annotate=False)
    assert r.value == 3 and r.best_move == "B"
    # Leaves always use their value, even with evaluate=.
    r = gametree.minimax(G, depth=5, evaluate=lambda G, n: 100, annotate=False)
    assert r.value == 3
    # Depth 0: the root itself is the horizon.
    G.nodes["A"]["value"] = 42
    assert gametree.alphabeta(G, depth=0, annotate=False).value == 42


def test_missing_heuristic_names_the_node() -> None:
    with pytest.raises(gametree.SearchError, match=r"internal node 'B'.*evaluate="):
        gametree.minimax(aima(), depth=1)


def test_bad_evaluate_result_names_the_node() -> None:
    with pytest.raises(gametree.SearchError, match="'B'"):
        gametree.minimax(aima(), depth=1, evaluate=lambda G, n: "high")


# -- very deep trees ---------------------------------------------------------------------


def chain(n: int) -> nx.DiGraph:
    G = nx.DiGraph()
    G.add_edges_from((i, i + 1) for i in range(n - 1))
    for i in range(n - 1):
        G.nodes[i]["player"] = "MAX" if i % 2 == 0 else "MIN"
    G.nodes[n - 1]["value"] = 7
    G.graph["root"] = 0
    return G


@pytest.mark.slow
@pytest.mark.parametrize("name", gametree.ALGORITHMS)
def test_100000_deep_chain(name: str) -> None:
    G = chain(100_000)
    r = gametree.solve(G, name, **NEEDS.get(name, {}))
    assert r.value == 7
    assert len(r.pv) == 100_000
    assert r.stats.max_depth == 99_999
    assert G.nodes[50_000]["status"] == "visited"


@pytest.mark.slow
def test_100000_deep_chain_trace_streams() -> None:
    count = sum(1 for _ in gametree.search_trace(chain(100_000), "pvs"))
    # Every node: enter + exit; the leaf also a leaf event.
    assert count == 2 * 100_000 + 1


# -- option errors and bad trees ----------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"fail": "medium"}, r"fail='medium'.*'soft' or 'hard'"),
        ({"window": (5, 2)}, r"window=\(5, 2\).*lo < hi"),
        ({"window": "wide"}, r"window='wide'"),
        ({"window": (0, float("nan"))}, r"window"),
        ({"depth": -1}, r"depth=-1"),
        ({"depth": 1.5}, r"depth=1.5"),
        ({"prune_on_equal": "yes"}, r"prune_on_equal='yes'.*True or False"),
        ({"transposition_table": 1}, r"transposition_table=1"),
        ({"annotate": "no"}, r"annotate='no'"),
        ({"trace": None}, r"trace=None"),
        ({"root": "Z"}, r"root='Z'"),
        ({"evaluate": 3}, r"evaluate=3"),
    ],
)
def test_bad_options_name_the_option(options: dict[str, object], match: str) -> None:
    with pytest.raises(gametree.SearchError, match=match):
        gametree.alphabeta(aima(), **options)  # type: ignore[arg-type]


def test_solve_dispatch_and_aliases() -> None:
    G = aima()
    for alias in ("alpha-beta", "AlphaBeta", "negascout", "expectimax", "negamax-alphabeta"):
        assert gametree.solve(G, alias, annotate=False).value == 3
    assert gametree.solve(G, annotate=False).algorithm == "alphabeta"
    with pytest.raises(gametree.SearchError, match=r"'mtd'.*'minimax'"):
        gametree.solve(G, "mtd")
    with pytest.raises(gametree.SearchError, match=r"minimax has no option 'window'"):
        gametree.solve(G, "minimax", window=(0, 1))
    assert set(gametree.ALGORITHMS) == {
        "minimax",
        "negamax",
        "alphabeta",
        "negamax_alphabeta",
        "pvs",
        "expectiminimax",
        "star1",
        "star2",
        "mtdf",
        "sss",
        "dual",
        "aspiration",
    }


def test_search_trace_validates_before_streaming() -> None:
    # The error comes from the call itself, before any event is requested.
    with pytest.raises(gametree.SearchError, match="fail"):
        gametree.search_trace(aima(), fail="never")
    with pytest.raises(gametree.SearchError, match="annotate"):
        gametree.search_trace(aima(), annotate=True)
    G = aima()
    events = gametree.search_trace(G)
    assert "status" not in G.nodes["A"]
    assert next(events).kind == "enter"


def test_bad_trees_raise_the_hierarchy() -> None:
    G = aima()
    del G.nodes["F"]["value"]
    with pytest.raises(gametree.InvalidTreeError, match="'F'"):
        gametree.alphabeta(G)
    G = aima()
    del G.nodes["C"]["player"]
    with pytest.raises(gametree.InvalidTreeError, match="'C'"):
        gametree.minimax(G)
    G = aima()
    G.add_edge("E", "A")
    G.nodes["E"]["player"] = "MAX"
    with pytest.raises(gametree.InvalidTreeError):
        gametree.alphabeta(G, root="A")
    G = aima()
    G.nodes["H"]["value"] = "two"
    with pytest.raises(gametree.InvalidTreeError, match="'H'"):
        gametree.alphabeta(G)
    with pytest.raises(gametree.InvalidTreeError):
        gametree.alphabeta(nx.Graph())  # type: ignore[arg-type]


def test_leaf_root() -> None:
    G = nx.DiGraph()
    G.add_node("only", value=4)
    r = gametree.alphabeta(G)
    assert (r.value, r.best_move, r.best_moves, r.pv) == (4, None, (), ("only",))
    assert G.nodes["only"]["status"] == "visited"


def test_root_option_searches_a_subtree() -> None:
    r = gametree.alphabeta(aima(), root="D", annotate=False)
    # D is MIN over 14, 5, 2: 2, best move M.
    assert (r.value, r.best_move, r.root) == (2, "M", "D")


def test_to_dict_is_json() -> None:
    r = gametree.pvs(aima(), trace=True, annotate=False)
    data = json.loads(json.dumps(r.to_dict()))
    assert data["value"] == 3
    assert data["pruned_edges"] == [["C", "I"], ["C", "J"]]
    assert data["node_values"]["C"] == {"value": 2, "bound": "upper"}
    assert data["options"]["window"] == ["-inf", "inf"]
    assert [json.loads(json.dumps(e.to_dict()))["kind"] for e in r.trace][:2] == [
        "enter",
        "enter",
    ]


def test_expand_hook_builds_the_tree_lazily() -> None:
    # A counting game: from n, MAX/MIN alternate adding 1 or 2; at 4 or more it ends,
    # worth the number reached. Each node is expanded once, on first need.
    G = nx.DiGraph()
    G.add_node(("MAX", 0))
    expanded: list[object] = []

    def expand(node: object) -> None:
        expanded.append(node)
        player, n = node  # type: ignore[misc]
        data = G.nodes[node]
        if n >= 4:
            data["value"] = n
            return
        data["player"] = player
        other = "MIN" if player == "MAX" else "MAX"
        for step in (1, 2):
            G.add_edge(node, (other, n + step))

    r = gametree.minimax(G, expand=expand, annotate=False)
    assert len(expanded) == len(set(expanded))
    # By hand, V(player, n): at 3, MAX reaches 5 and MIN 4; at 2, MAX gets min-values
    # (4, 4) -> 4 and MIN max-values (5, 4) -> 4; at 1 both get 4; so V(MAX, 0) = 4.
    assert r.value == 4
    assert r.node_values[("MAX", 3)].value == 5
    # The graph now holds exactly the expanded nodes (a DAG: ("MIN", 3) has two parents).
    assert set(G) == set(expanded)
    assert gametree.minimax(G, annotate=False).value == 4


# -- the fast loop and the core agree ----------------------------------------------------


def both(G: nx.DiGraph, name: str, **options: object) -> tuple[object, object]:
    plan = algorithm_plan(
        G,
        name,
        root=None,
        depth=None,
        evaluate=None,
        record=False,
        child_order=None,
        expand=None,
        **options,  # type: ignore[arg-type]
    )
    return fast_search(plan, details=True), run_to_result(plan)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    G=st.one_of(trees(), trees(VALUES_TIES), dags()),
    poe=st.booleans(),
    fail=st.sampled_from(["soft", "hard"]),
    window=st.sampled_from([(-INF, INF), (0, 1), (-2, 3), (1, 2)]),
)
def test_fast_loop_matches_the_core(
    G: nx.DiGraph, poe: bool, fail: str, window: tuple[float, float]
) -> None:
    for name, options in (
        ("minimax", {}),
        ("alphabeta", {"prune_on_equal": poe, "fail": fail, "window": window}),
    ):
        fast, core = both(G, name, **options)
        if fast is None:
            continue
        assert fast.to_dict() == core.to_dict()  # type: ignore[attr-defined]
        assert fast.visit_order == core.visit_order  # type: ignore[attr-defined]
        assert dict(fast.windows) == dict(core.windows)  # type: ignore[attr-defined]


def test_fast_loop_gives_way_on_shared_internal_nodes_and_chance_nodes() -> None:
    G = aima()
    G.add_edge("B", "C")  # C (MIN) now also below B (MIN)
    assert both(G, "alphabeta")[0] is None
    assert both(chance_tree(), "minimax")[0] is None
    # A leaf with two parents too: the core reports the edges gone down into it.
    H = aima()
    H.add_edge("B", "H")
    for name in ("alphabeta", "minimax"):
        fast, core = both(H, name)
        assert fast is None
        assert core.visited_leaves.count("H") == 2  # type: ignore[attr-defined]
        assert core.visited_edges == (("B", "H"), ("C", "H"))  # type: ignore[attr-defined]
    assert gametree.alphabeta(H, annotate=False).visited_edges == (("B", "H"), ("C", "H"))


def test_child_order_override() -> None:
    # AIMA with A's children tried D, C, B: D = 2 (alpha 2); C: H=2 <= 2 cuts I, J;
    # B: E=3, F=12, G=8 -> 3. A = 3, still B; the graph's own order is untouched.
    G = gametree.from_nested(AIMA)
    r = gametree.alphabeta(G, child_order={"A": ["D", "C", "B"]}, annotate=False)
    assert r.value == 3 and r.best_move == "B"
    assert r.visited_leaves == ("K", "L", "M", "H", "E", "F", "G")
    assert list(G.successors("A")) == ["B", "C", "D"]
    with pytest.raises(gametree.SearchError, match=r"child_order\['A'\]"):
        gametree.alphabeta(G, child_order={"A": ["D", "C"]})


# (algorithm as given, its canonical name, an option it does not take): every algorithm,
# Monte Carlo tree search and an alias of each kind.
BAD_OPTIONS = [
    ("minimax", "minimax", {"fail": "hard"}),
    ("negamax", "negamax", {"prune_on_equal": False}),
    ("alphabeta", "alphabeta", {"bounds": (0, 20)}),
    ("minimax", "minimax", {"iterations": 10}),
    ("negascout", "pvs", {"c": 1.0}),
    ("negamax_alphabeta", "negamax_alphabeta", {"guess": 1}),
    ("expectiminimax", "expectiminimax", {"window": (0, 1)}),
    ("star1", "star1", {"seed": 1}),
    ("star2", "star2", {"solver": True}),
    ("mtdf", "mtdf", {"window": (0, 1)}),
    ("mtdf", "mtdf", {"fail": "hard"}),
    ("sss", "sss", {"first_guess": 0}),
    ("dual", "dual", {"colour": "red"}),
    ("aspiration", "aspiration", {"window": (0, 1)}),
    ("mcts", "mcts", {"iterations": 5, "fail": "hard"}),
    ("mcts", "mcts", {"iterations": 5, "depth": 2}),
    ("mcts", "mcts", {"iterations": 5, "prune_on_equal": False}),
    ("MCTS", "mcts", {"iterations": 5, "window": (0, 1)}),
    ("uct", "mcts", {"iterations": 5, "first_guess": 0}),
    ("monte-carlo", "mcts", {"colour": "red"}),
]


@pytest.mark.parametrize(("algorithm", "name", "options"), BAD_OPTIONS)
def test_an_option_the_algorithm_does_not_take_is_a_search_error(
    algorithm: str, name: str, options: dict[str, object]
) -> None:
    bad = next(k for k in options if k != "iterations" or name != "mcts")
    for call in (gametree.solve, gametree.search_trace):
        with pytest.raises(gametree.SearchError) as caught:
            call(aima(), algorithm, **options)
        assert type(caught.value) is gametree.SearchError
        assert str(caught.value).startswith(f"{name} has no option {bad!r}")


def test_mcts_without_iterations_is_a_search_error() -> None:
    for call in (gametree.solve, gametree.search_trace):
        with pytest.raises(gametree.SearchError, match=r"^mcts needs iterations="):
            call(aima(), "mcts", seed=1)


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["-a", "mcts", "--iterations", "3", "--fail", "hard"], "--fail hard applies only to"),
        (["-a", "mcts", "--iterations", "3", "--window", "0", "1"], "--window applies only to"),
        (["-a", "mcts", "--iterations", "3", "--depth", "2"], "--depth does not apply to -a mcts"),
        (["-a", "mcts"], "-a mcts needs --iterations N"),
        (["-a", "minimax", "--iterations", "3"], "--iterations applies only to Monte Carlo"),
        (["-a", "sss", "--first-guess", "1"], "--first-guess applies only to mtdf"),
    ],
)
def test_cli_options_an_algorithm_does_not_take(
    flags: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gametree.cli import main

    tree = tmp_path / "t.tree"
    tree.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    assert main(["solve", str(tree), *flags]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gametree solve: error: ")
    assert words in err
