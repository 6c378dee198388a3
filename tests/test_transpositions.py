"""Transposition tables on game DAGs: reuse of exact values and of bounds, by hand and at random."""

from __future__ import annotations

import math

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gametree
from tests.strategies import VALUES_TIES, dags

INF = math.inf


def dag(edges: str, players: dict[str, str], values: dict[str, float]) -> nx.DiGraph:
    G = nx.DiGraph()
    G.add_edges_from(tuple(e) for e in edges.split())
    for node, player in players.items():
        G.nodes[node]["player"] = player
    for node, value in values.items():
        G.nodes[node]["value"] = value
    G.graph["root"] = "A"
    return G


def shared_exact() -> nx.DiGraph:
    # A:MAX -> B, C (MIN); B -> D, E=5; C -> D, F=1; D:MAX -> G=3, H=4 (D shared).
    return dag(
        "AB AC BD BE CD CF DG DH",
        {"A": "MAX", "B": "MIN", "C": "MIN", "D": "MAX"},
        {"E": 5, "F": 1, "G": 3, "H": 4},
    )


def test_exact_value_is_reused() -> None:
    # D = max(3, 4) = 4 exact, stored. B = min(4, 5) = 4 (E evaluated with (-inf, 4)).
    # A's alpha = 4. C is entered with (4, inf); D is found in the table, exact 4: no leaf
    # below D is evaluated again. C's value 4 <= alpha 4 cuts F. A = 4.
    # Without the table D is searched again with (4, inf): G and H are evaluated twice.
    G = shared_exact()
    with_tt = gametree.alphabeta(G, transposition_table=True, trace=True, annotate=False)
    without = gametree.alphabeta(G, annotate=False)
    assert with_tt.value == without.value == 4
    assert with_tt.visited_leaves == ("G", "H", "E")
    assert without.visited_leaves == ("G", "H", "E", "G", "H")
    assert with_tt.stats.transposition_hits == 1
    assert without.stats.transposition_hits == 0
    (hit,) = [e for e in with_tt.trace if isinstance(e, gametree.TranspositionHit)]
    assert (hit.node, hit.value, hit.bound, hit.alpha, hit.beta, hit.narrows) == (
        "D",
        4,
        gametree.Bound.EXACT,
        4,
        INF,
        False,
    )
    # After the hit comes D's exit, not its children.
    at = with_tt.trace.index(hit)
    after = with_tt.trace[at + 1]
    assert isinstance(after, gametree.Exit) and after.node == "D"
    assert with_tt.pruned_edges == (("C", "F"),)


def shared_bound() -> nx.DiGraph:
    # A:MAX -> B, C (MIN); B -> X=2, D; C -> D, Y=6; D:MAX -> G=5, H=7 (D shared).
    return dag(
        "AB AC BX BD CD CY DG DH",
        {"A": "MAX", "B": "MIN", "C": "MIN", "D": "MAX"},
        {"X": 2, "Y": 6, "G": 5, "H": 7},
    )


def test_stored_bound_narrows_the_window() -> None:
    # B: X=2, beta 2; D gets (-inf, 2): G=5 >= 2 cuts H, so D >= 5 (a lower bound) is
    # stored. B = 2. A's alpha = 2. C enters D with (2, inf): the stored "at least 5"
    # does not decide anything (beta is inf) but raises D's alpha to 5. G (a leaf in the
    # table) is reused, H=7 is evaluated with (5, inf): D = 7 exact. C = min(7, 6) = 6.
    G = shared_bound()
    r = gametree.alphabeta(G, transposition_table=True, trace=True, annotate=False)
    assert r.value == 6 and r.best_move == "C" and r.pv == ("A", "C", "Y")
    hits = [e for e in r.trace if isinstance(e, gametree.TranspositionHit)]
    assert [(h.node, h.value, str(h.bound), h.narrows) for h in hits] == [
        ("D", 5, "lower", True),
        ("G", 5, "exact", False),
    ]
    enters = [(e.node, e.alpha, e.beta) for e in r.trace if isinstance(e, gametree.Enter)]
    assert ("H", 5, INF) in enters
    assert r.node_values["D"] == gametree.NodeValue(7, gametree.Bound.EXACT)
    # (D, H) was cut the first time and searched the second: not a pruned edge.
    assert r.pruned_edges == ()
    assert r.visited_leaves == ("X", "G", "H", "Y")


def test_bounds_follow_prune_on_equal() -> None:
    # A:MAX -> B, C (MIN); B -> X=4, D; C -> Y=5, D; D:MAX -> G=5, H=9 (D shared).
    # B: X=4, beta 4; D gets (-inf, 4): G=5 cuts H under both conventions (5 > 4), so
    # "D >= 5" is stored. B = 4, A's alpha = 4. C: Y=5, beta 5; D is entered with (4, 5).
    # prune_on_equal: the stored 5 >= beta 5 decides the cutoff; D is not searched.
    # strict: 5 > 5 is false and 5 is not inside (4, 5): D is searched; G comes from the
    # table (a leaf), H=9 is evaluated: D = 9. Either way C = 5 and A = 5.
    G = dag(
        "AB AC BX BD CY CD DG DH",
        {"A": "MAX", "B": "MIN", "C": "MIN", "D": "MAX"},
        {"X": 4, "Y": 5, "G": 5, "H": 9},
    )
    loose = gametree.alphabeta(G, transposition_table=True, trace=True, annotate=False)
    strict = gametree.alphabeta(
        G, transposition_table=True, prune_on_equal=False, trace=True, annotate=False
    )
    assert loose.value == strict.value == 5

    def hits(r: gametree.SearchResult) -> list[tuple[object, float, str]]:
        return [
            (e.node, e.value, str(e.bound))
            for e in r.trace
            if isinstance(e, gametree.TranspositionHit)
        ]

    assert hits(loose) == [("D", 5, "lower")]
    assert loose.visited_leaves == ("X", "G", "Y")
    assert hits(strict) == [("G", 5, "exact")]
    assert strict.visited_leaves == ("X", "G", "Y", "H")
    assert strict.node_values["D"] == gametree.NodeValue(9, gametree.Bound.EXACT)


def test_pvs_research_reuses_the_probe() -> None:
    # The PVS tree of test_engine: the probe of C (null window just above 1) stores
    # C >= 5 (MAX's view) and the leaves G=5 and I=6. The re-search starts from the
    # probe's bound itself, (5, inf), so C's entry has nothing left to narrow; G comes
    # from the table (5, exact) and so does I when F is probed with (9, 9): only H and
    # J are new. Leaves evaluated: D G I, then H J.
    G = gametree.from_nested([[1], [[5, 9], [6, 7]]])
    r = gametree.pvs(G, transposition_table=True, trace=True, annotate=False)
    assert r.value == 7 and r.stats.re_searches == 1
    hits = [e for e in r.trace if isinstance(e, gametree.TranspositionHit)]
    assert [(h.node, h.value, h.narrows) for h in hits] == [("G", 5, False), ("I", 6, False)]
    assert r.stats.transposition_hits == len(hits)
    assert r.visited_leaves == ("D", "G", "I", "H", "J")


def test_trees_never_hit() -> None:
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = gametree.alphabeta(G, transposition_table=True, annotate=False)
    assert r.stats.transposition_hits == 0
    assert r.visited_leaves == ("E", "F", "G", "H", "K", "L", "M")


def test_depth_limited_entries_only_match_the_same_depth() -> None:
    # D is reached at depth 1 (below A) and depth 2 (below B): with depth=2 it is a
    # horizon node the second time, so the depth-1 entry must not be reused there.
    G = dag(
        "AB AD BD DE DF",
        {"A": "MAX", "B": "MIN", "D": "MIN"},
        {"D": 100, "E": 4, "F": 6},
    )
    # Searched to depth 2: B -> D is at the horizon (value 100), so B = 100; D below A
    # is searched: min(4, 6) = 4. A = max(100, 4) = 100.
    r = gametree.alphabeta(G, depth=2, transposition_table=True, annotate=False)
    assert r.value == 100
    assert gametree.alphabeta(G, depth=2, annotate=False).value == 100


def brute(G: nx.DiGraph) -> dict[object, float]:
    values: dict[object, float] = {}
    for node in reversed(list(nx.topological_sort(G))):
        kids = list(G.successors(node))
        if not kids:
            values[node] = G.nodes[node]["value"]
        elif G.nodes[node]["player"] == "MAX":
            values[node] = max(values[k] for k in kids)
        else:
            values[node] = min(values[k] for k in kids)
    return values


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    G=st.one_of(dags(), dags(VALUES_TIES)),
    name=st.sampled_from(["alphabeta", "negamax_alphabeta", "pvs"]),
    poe=st.booleans(),
    fail=st.sampled_from(["soft", "hard"]),
)
def test_tables_keep_every_value_right(G: nx.DiGraph, name: str, poe: bool, fail: str) -> None:
    truth = brute(G)
    root = G.graph["root"]
    r = gametree.solve(
        G,
        name,
        transposition_table=True,
        prune_on_equal=poe,
        fail=fail,
        trace=True,
        annotate=False,
    )
    assert r.value == truth[root]
    for node, nv in r.node_values.items():
        if nv.bound is gametree.Bound.EXACT:
            assert nv.value == truth[node]
        elif nv.bound is gametree.Bound.LOWER:
            assert truth[node] >= nv.value
        else:
            assert truth[node] <= nv.value
    hits = [e for e in r.trace if isinstance(e, gametree.TranspositionHit)]
    assert r.stats.transposition_hits == len(hits)
    # A full hit never searches below the node: the next event is its exit.
    for i, e in enumerate(r.trace):
        if isinstance(e, gametree.TranspositionHit) and not e.narrows:
            nxt = r.trace[i + 1]
            assert isinstance(nxt, gametree.Exit) and nxt.node == e.node
    # With a table a leaf is evaluated at most once.
    assert len(set(r.visited_leaves)) == len(r.visited_leaves)


@pytest.mark.parametrize("name", ["minimax", "negamax", "expectiminimax"])
def test_minimax_family_has_no_table_option(name: str) -> None:
    with pytest.raises(gametree.SearchError, match="transposition_table"):
        gametree.solve(shared_exact(), name, transposition_table=True)


def test_pvs_table_no_longer_costs_a_re_search() -> None:
    # Found by hypothesis. I (MAX, = max(U, P) = -1) is reached from B and from C. Under
    # the old null window (alpha, alpha) with a cut on >=, a child worth exactly alpha
    # failed high: I's probe under B was searched again and the table's "I >= -1" then
    # cost C a re-search. With the window just above alpha, a child worth alpha fails
    # low: neither search re-searches anything, and the table only saves leaves.
    G = gametree.parse(
        "(A (B (D (L W=-1) (M X=0 Y=0 Z=-1)) (E N=0 O=0 (P (AA AI=-1) AB=0 AC=0) Q=0)"
        " (F R=0) (G S=0) (I (U AD=-1 AE=0) P)) (C (H T=0) I J=0 (K (V AF=0 AG=0 AH=0))))"
    )
    plain = gametree.pvs(G, annotate=False)
    table = gametree.pvs(G, transposition_table=True, annotate=False)
    assert plain.value == table.value == -1
    assert (plain.stats.re_searches, table.stats.re_searches) == (0, 0)
    assert table.stats.leaves_evaluated <= plain.stats.leaves_evaluated
    assert set(table.visited_leaves) <= set(plain.visited_leaves)


@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax_alphabeta", "pvs"])
@pytest.mark.parametrize("table", [False, True])
def test_second_visit_with_a_bound_keeps_the_exact_best_child(algorithm: str, table: bool) -> None:
    """Found by hypothesis: G (MIN, shared) is exact 0 through J on its first visit
    (A-B-D-G); the second visit (A-C-E-G, E's alpha 1 after H = 1) stops after I = 1
    with the bound "at most 1". The value kept is G's exact 0, so the PV through G
    must go to J (worth 0), not to I (worth 1), which the bounded visit had chosen."""
    G = dag(
        "AB BD DG GI GJ AC CE EH EG CF",
        {"A": "MAX", "B": "MIN", "D": "MAX", "G": "MIN", "C": "MIN", "E": "MAX"},
        {"I": 1, "J": 0, "H": 1, "F": 0},
    )
    r = gametree.solve(G, algorithm, transposition_table=table)
    assert r.value == 0
    assert r.pv == ("A", "B", "D", "G", "J")
    assert r.node_values["G"].value == 0 and r.node_values["G"].bound.value == "exact"
