"""Tests of gametree.search.theory: the effective branching factor and the minimal tree."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gametree.exceptions import SearchError
from gametree.search.theory import ebf, minimal_tree_leaves


def size(b: float, d: int, *, root: bool) -> float:
    """Nodes of a uniform tree of branching b and depth d (with or without the root)."""
    return sum(b**i for i in range(0 if root else 1, d + 1))


# --- ebf: known answers -------------------------------------------------------------


def test_aima_example() -> None:
    # AIMA 3.6.1: "if A* finds a solution at depth 5 using 52 nodes, then the effective
    # branching factor is 1.92": 52 + 1 = 1 + b + ... + b^5 at b = 1.917...
    assert round(ebf(52, 5), 2) == 1.92
    assert size(ebf(52, 5), 5, root=False) == pytest.approx(52, rel=1e-10)


def test_figure_5_2_counts() -> None:
    # Minimax visits all 13 nodes of (A (B 3 12 8) (C 2 4 6) (D 14 5 2)):
    # 12 below the root = 3 + 3^2, so b* = 3 exactly in both definitions.
    assert ebf(12, 2) == 3.0
    assert ebf(13, 2, count_root=True) == 3.0
    # Alpha-beta skips I and J: 10 below the root, b + b^2 = 10, b = (sqrt(41) - 1) / 2.
    assert ebf(10, 2) == pytest.approx((math.sqrt(41) - 1) / 2, rel=1e-12)


@pytest.mark.parametrize("b", [1, 2, 3, 5, 10])
@pytest.mark.parametrize("d", [1, 2, 3, 6])
def test_uniform_trees_give_their_branching_exactly(b: int, d: int) -> None:
    n = sum(b**i for i in range(1, d + 1))
    assert ebf(n, d) == float(b)
    assert ebf(n + 1, d, count_root=True) == float(b)


def test_degenerate_counts() -> None:
    # No node below the root: b* = 0 (1 = 1 + 0 + ... + 0).
    assert ebf(0, 3) == 0.0
    assert ebf(1, 3, count_root=True) == 0.0
    # A chain of d nodes: b* = 1; fewer nodes than the depth: b* < 1.
    assert ebf(4, 4) == 1.0
    assert 0 < ebf(2, 4) < 1
    # depth 1: b* = N.
    assert ebf(7, 1) == 7.0
    assert ebf(2.5, 1) == pytest.approx(2.5)


def test_count_root_is_aima_with_one_node_more() -> None:
    # The root-counting variant reads N as 1 + b + ... + b^d, AIMA reads N + 1 as that.
    for n, d in [(100, 3), (40, 4), (5000, 6), (17.5, 2)]:
        assert ebf(n, d, count_root=True) == pytest.approx(ebf(n - 1, d), rel=1e-12)
        # Fed the same count, counting the root gives the smaller branching factor.
        assert ebf(n, d, count_root=True) < ebf(n, d)


def test_seed_report_style() -> None:
    # The negamax notebooks report ebf(moves explored, game depth) with the root
    # counted. A search that explored 6 moves over 2 plies: 1 + b + b^2 = 6,
    # b = (-1 + sqrt(21)) / 2 = 1.79; AIMA's reading (6 + 1 = 1 + b + b^2) gives 2.
    assert round(ebf(6, 2, count_root=True), 2) == 1.79
    assert ebf(6, 2) == 2.0


def test_huge_inputs_do_not_overflow() -> None:
    assert ebf(1e300, 3) == pytest.approx(1e100, rel=1e-9)
    assert 1 < ebf(10**6, 1000) < 1.02


# --- ebf: properties ----------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    b=st.floats(min_value=0.01, max_value=50),
    d=st.integers(min_value=1, max_value=9),
    root=st.booleans(),
)
def test_ebf_inverts_the_tree_size(b: float, d: int, root: bool) -> None:
    n = size(b, d, root=root)
    got = ebf(n, d, count_root=root)
    assert got == pytest.approx(b, rel=1e-9)
    assert size(got, d, root=root) == pytest.approx(n, rel=1e-9)


@settings(max_examples=200, deadline=None)
@given(
    n1=st.floats(min_value=0, max_value=1e6),
    n2=st.floats(min_value=0, max_value=1e6),
    d=st.integers(min_value=1, max_value=8),
)
def test_ebf_is_monotone_in_n(n1: float, n2: float, d: int) -> None:
    lo, hi = sorted((n1, n2))
    assert ebf(lo, d) <= ebf(hi, d)
    # ... and decreasing in the depth.
    assert ebf(hi, d + 1) <= ebf(hi, d)


# --- ebf: bad input -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "kwargs", "match"),
    [
        ((-1, 2), {}, r"n_nodes must be >= 0, got -1"),
        ((0, 2), {"count_root": True}, r"n_nodes must be >= 1 with the root counted, got 0"),
        ((float("nan"), 2), {}, r"finite"),
        ((float("inf"), 2), {}, r"finite"),
        (("12", 2), {}, r"n_nodes must be a real number, got '12'"),
        ((True, 2), {}, r"real number, got True"),
        ((None, 2), {}, r"real number, got None"),
        ((12, 0), {}, r"depth must be an int >= 1, got 0"),
        ((12, -3), {}, r"depth must be an int >= 1, got -3"),
        ((12, 2.0), {}, r"depth must be an int >= 1, got 2.0"),
        ((12, True), {}, r"depth must be an int >= 1, got True"),
        ((12, 2), {"tol": 0}, r"tol must be a number in \(0, 1\), got 0"),
        ((12, 2), {"tol": 2.0}, r"tol"),
    ],
)
def test_ebf_errors(args: tuple[object, ...], kwargs: dict[str, object], match: str) -> None:
    with pytest.raises(SearchError, match=match):
        ebf(*args, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError):  # SearchError is also a ValueError
        ebf(*args, **kwargs)  # type: ignore[arg-type]


# --- minimal_tree_leaves ------------------------------------------------------------


def test_minimal_tree_known_values() -> None:
    # b^ceil(d/2) + b^floor(d/2) - 1, worked out by hand.
    assert minimal_tree_leaves(3, 2) == 3 + 3 - 1  # AIMA Figure 5.2 in best order
    assert minimal_tree_leaves(2, 3) == 4 + 2 - 1
    assert minimal_tree_leaves(10, 5) == 1000 + 100 - 1
    assert minimal_tree_leaves(10, 6) == 1000 + 1000 - 1
    assert minimal_tree_leaves(7, 1) == 7  # one ply: every move must be looked at
    assert minimal_tree_leaves(5, 0) == 1  # a lone leaf
    assert minimal_tree_leaves(1, 9) == 1  # a chain


def _minimal_tree_by_node_types(b: int, d: int) -> int:
    """Count the leaves of the minimal tree from Knuth and Moore's node types.

    A PV node's first child is PV and its others CUT; a CUT node searches only its
    first child, which is ALL; an ALL node searches every child, each CUT.
    """
    counts = {"PV": 1, "CUT": 0, "ALL": 0}
    for _ in range(d):
        counts = {
            "PV": counts["PV"],
            "CUT": counts["PV"] * (b - 1) + counts["ALL"] * b,
            "ALL": counts["CUT"],
        }
    return sum(counts.values())


@pytest.mark.parametrize("b", range(1, 7))
@pytest.mark.parametrize("d", range(0, 9))
def test_minimal_tree_matches_node_type_count(b: int, d: int) -> None:
    assert minimal_tree_leaves(b, d) == _minimal_tree_by_node_types(b, d)
    assert minimal_tree_leaves(b, d) <= b**d


@pytest.mark.parametrize(
    ("b", "d", "match"),
    [
        (0, 3, r"b must be an int >= 1, got 0"),
        (-2, 3, r"b must be an int >= 1, got -2"),
        (2.0, 3, r"b must be an int >= 1, got 2.0"),
        (True, 3, r"got True"),
        (2, -1, r"d must be an int >= 0, got -1"),
        (2, "3", r"d must be an int >= 0, got '3'"),
        (2, None, r"got None"),
    ],
)
def test_minimal_tree_errors(b: object, d: object, match: str) -> None:
    with pytest.raises(SearchError, match=match):
        minimal_tree_leaves(b, d)  # type: ignore[arg-type]
