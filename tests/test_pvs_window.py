"""PVS's null window, against Reinefeld's NegaScout written from the paper.

Reinefeld (1983) probes each later child of a node with the null window ``(a, a + 1)``
on integer values and searches a child again, with ``(t, beta)``, when the probe
returned ``t`` with ``a < t < beta``. A child worth exactly ``a`` fails low: it cannot
improve on ``a``. :func:`negascout` below is that algorithm, written from the paper in
MAX's point of view (the window of a MIN node probes with ``(b - 1, b)``), on integer
trees only; it counts the leaves it evaluates. gametree's PVS must:

* on integer trees evaluate no more leaves than it (gametree keeps a probe whose value
  came back exact, where the paper searches it again);
* on any values ask the same question: a float tree is searched exactly as the integer
  tree of its values' ranks (the same comparisons, so the same leaves);
* never evaluate a leaf alpha-beta does not (NegaScout never examines a node that
  alpha-beta prunes), under both cut conventions.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import networkx as nx
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gametree
from tests.strategies import VALUES_FLOAT, VALUES_INT, VALUES_TIES, small_trees
from tests.test_search_properties import CONVENTIONS, examples, root_of, show, true_values

INF = math.inf


def negascout(G: nx.DiGraph, node: Hashable, a: float, b: float, leaves: list[Hashable]) -> float:
    """Reinefeld's NegaScout on an integer tree, MAX's point of view, fail-soft."""
    kids = list(G.succ[node])
    if not kids:
        leaves.append(node)
        return G.nodes[node]["value"]  # type: ignore[no-any-return]
    if G.nodes[node]["player"] == "MAX":
        best = -INF
        for i, child in enumerate(kids):
            lo = max(a, best)
            t = negascout(G, child, lo, b if i == 0 else lo + 1, leaves)
            if i > 0 and lo < t < b and G.succ[child]:
                t = negascout(G, child, t, b, leaves)
            best = max(best, t)
            if best >= b:
                break
        return best
    best = INF
    for i, child in enumerate(kids):
        hi = min(b, best)
        t = negascout(G, child, a if i == 0 else hi - 1, hi, leaves)
        if i > 0 and a < t < hi and G.succ[child]:
            t = negascout(G, child, a, t, leaves)
        best = min(best, t)
        if best <= a:
            break
    return best


def ranked(G: nx.DiGraph) -> nx.DiGraph:
    """``G`` with every leaf value replaced by its rank among the distinct values."""
    H = G.copy()
    values = sorted({d["value"] for n, d in G.nodes(data=True) if not G.succ[n]})
    rank = {v: i for i, v in enumerate(values)}
    for n in H:
        if not H.succ[n]:
            H.nodes[n]["value"] = rank[H.nodes[n]["value"]]
    return H


# -- by hand ------------------------------------------------------------------------------
#
# (A (B 3 5) (C (F 3 1) (G 8))): A MAX, B and C MIN, F and G MAX. B = 3, F = 3, G = 8,
# C = 3, A = 3 through B. B gets the full window: D=3, E=5, B = 3 exact, alpha 3.
# C is probed with the null window just above 3 ((3, 4) on integers). F, C's first child,
# gets it too: H=3 does not reach 4, I=1: F = 3 exact. C (MIN) sees 3 <= 3: cutoff, G
# skipped, C <= 3: the probe failed low and C is not searched again. Leaves D E H I.
# (With the window (3, 3) cut on >=, H=3 cut F at once (F >= 3), G was probed (J=8 cut
# it), C came back ">= 3" and was searched again: leaves D E H J H I.)
EQUAL_TO_ALPHA = [[3, 5], [[3, 1], [8]]]


@pytest.mark.parametrize("scale", [1, 0.5, Fraction(1, 3)], ids=["int", "float", "fraction"])
def test_a_child_worth_alpha_fails_low_without_a_re_search(scale: Any) -> None:
    def scaled(x: Any) -> Any:
        return [scaled(c) for c in x] if isinstance(x, list) else x * scale

    G = gametree.from_nested(scaled(EQUAL_TO_ALPHA))
    r = gametree.pvs(G, trace=True, annotate=False)
    assert r.value == 3 * scale and r.best_move == "B"
    assert r.visited_leaves == ("D", "E", "H", "I")
    assert r.stats.re_searches == 0
    assert r.pruned_edges == (("C", "G"),)
    assert r.node_values["C"] == gametree.NodeValue(3 * scale, gametree.Bound.UPPER)
    probes = [(e.node, e.alpha, e.beta) for e in r.trace if isinstance(e, gametree.Probe)]
    assert probes == [("C", 3 * scale, 3 * scale)]
    lean = gametree.pvs(G, annotate=False)
    assert lean.visited_leaves == r.visited_leaves and lean.pruned_edges == r.pruned_edges


def test_strict_convention_resolves_a_child_worth_alpha_in_the_probe() -> None:
    # prune_on_equal=False cuts only on > and finds ties exactly, so the probe is the
    # closed window [3, 3]: F: H=3 is not > 3, I=1: F = 3 exact; C sees 3, not < 3, goes
    # on to G: J=8; C = min(3, 8) = 3 exact, a proven tie: no re-search, no cut.
    G = gametree.from_nested(EQUAL_TO_ALPHA)
    r = gametree.pvs(G, prune_on_equal=False, annotate=False)
    assert r.visited_leaves == ("D", "E", "H", "I", "J")
    assert r.stats.re_searches == 0 and r.pruned_edges == ()
    assert r.best_moves == ("B", "C")


# -- properties -----------------------------------------------------------------------------

INT_TREES = st.one_of(small_trees(VALUES_TIES), small_trees(VALUES_INT))


@pytest.mark.slow
@examples(400)
@given(G=INT_TREES)
def test_no_more_leaves_than_reinefelds_negascout(G: nx.DiGraph) -> None:
    root = root_of(G)
    leaves: list[Hashable] = []
    value = negascout(G, root, -INF, INF, leaves)
    assert value == true_values(G)[root]
    for annotate in (False, True):
        r = gametree.pvs(G, annotate=annotate)
        assert r.value == value
        assert len(r.visited_leaves) <= len(leaves), (r.visited_leaves, leaves, show(G))


@pytest.mark.slow
@examples(300)
@given(G=st.one_of(small_trees(VALUES_FLOAT), small_trees(VALUES_TIES.map(lambda v: v / 4))))
def test_float_values_search_like_their_integer_ranks(G: nx.DiGraph) -> None:
    H = ranked(G)
    for conv in CONVENTIONS:
        a, b = gametree.pvs(G, annotate=False, **conv), gametree.pvs(H, annotate=False, **conv)
        assert a.visited_leaves == b.visited_leaves, (conv, show(G))
        assert a.pruned_edges == b.pruned_edges
        assert a.stats.re_searches == b.stats.re_searches
        assert a.best_moves == b.best_moves


@pytest.mark.slow
@examples(300)
@given(G=st.one_of(INT_TREES, small_trees(VALUES_FLOAT)))
def test_pvs_never_evaluates_a_leaf_alphabeta_prunes(G: nx.DiGraph) -> None:
    for conv in CONVENTIONS:
        p = gametree.pvs(G, annotate=False, **conv)
        ab = gametree.alphabeta(G, annotate=False, **conv)
        assert set(p.visited_leaves) <= set(ab.visited_leaves), (conv, show(G))
        assert (p.value, p.best_move) == (ab.value, ab.best_move)
