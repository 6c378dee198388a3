"""MTD(f), SSS*, dual* and aspiration windows against independent references.

The references are written here from the papers' definitions only:

* :func:`true_value`: minimax/expectiminimax by exhaustive recursion.
* :func:`stockman_sss`: Stockman's (1979) SSS* with its OPEN list of (node, status,
  merit) states, as Pearl (*Heuristics*, 1984) and Russell & Norvig's first edition state
  it. Ties between states of equal merit are broken by taking a SOLVED state before a
  LIVE one, then the leftmost node (in the tree's child order). With that rule it
  evaluates exactly the leaves MT-SSS* evaluates, in the same order, on every random
  tree below (MAX root, MAX and MIN alternating, no transpositions, ties and floats
  included); taking the leftmost or the last-inserted state first instead differs from
  MT-SSS* on trees with equal leaves.
"""

from __future__ import annotations

import json
import math
from collections.abc import Hashable
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gametree
from gametree.search.mtd import null_window
from tests.strategies import (
    VALUES_FLOAT,
    VALUES_INT,
    VALUES_TIES,
    chance_trees,
    dags,
    nested_lists,
    small_trees,
    trees_with_heuristics,
    uneven_dags,
)

INF = math.inf
FIG52 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
KNOWN = Path(__file__).parent / "data" / "known"

# --- references -----------------------------------------------------------------------


def true_value(G: nx.DiGraph, node: Hashable, depth: int | None = None, level: int = 0) -> float:
    """Minimax / expectiminimax value of ``node`` (heuristic ``value`` at the depth limit)."""
    kids = list(G.succ[node])
    if not kids or (depth is not None and level >= depth):
        return float(G.nodes[node]["value"])
    values = [true_value(G, c, depth, level + 1) for c in kids]
    player = G.nodes[node]["player"]
    if player == "MAX":
        return max(values)
    if player == "MIN":
        return min(values)
    probs = [G.edges[node, c].get("prob") for c in kids]
    if all(p is None for p in probs):
        probs = [1 / len(kids)] * len(kids)
    return sum(p * v for p, v in zip(probs, values, strict=True))


def stockman_sss(G: nx.DiGraph) -> tuple[float, list[Hashable]]:
    """Stockman's SSS* (MAX root, alternating plies, a tree): (value, leaves evaluated)."""
    root = G.graph["root"]
    position = {n: i for i, n in enumerate(nx.dfs_preorder_nodes(G, root))}
    parent = {c: p for p in G for c in G.succ[p]}
    live, solved = "LIVE", "SOLVED"
    open_list: list[tuple[Hashable, str, float]] = [(root, live, INF)]
    leaves: list[Hashable] = []

    def below(n: Hashable) -> set[Hashable]:
        return set(nx.descendants(G, n))

    while True:
        i = max(
            range(len(open_list)),
            key=lambda k: (
                open_list[k][2],
                open_list[k][1] == solved,
                -position[open_list[k][0]],
            ),
        )
        n, status, h = open_list.pop(i)
        if n == root and status == solved:
            return h, leaves
        kids = list(G.succ[n])
        if status == live:
            if not kids:  # case 1: a leaf is evaluated
                leaves.append(n)
                open_list.append((n, solved, min(h, G.nodes[n]["value"])))
            elif G.nodes[n]["player"] == "MAX":  # case 2: every child
                open_list.extend((c, live, h) for c in kids)
            else:  # case 3: a MIN node's first child
                open_list.append((kids[0], live, h))
            continue
        p = parent[n]
        if G.nodes[p]["player"] == "MAX":  # case 4: the MAX parent is solved
            gone = below(p)
            open_list = [s for s in open_list if s[0] not in gone]
            open_list.append((p, solved, h))
        else:  # case 5: the MIN parent's next child, or the parent solved
            siblings = list(G.succ[p])
            k = siblings.index(n)
            if k + 1 < len(siblings):
                open_list.append((siblings[k + 1], live, h))
            else:
                open_list.append((p, solved, h))


def leaves_below(G: nx.DiGraph, node: Hashable) -> set[Hashable]:
    if not G.succ[node]:
        return {node}
    return {x for x in nx.descendants(G, node) if not G.succ[x]}


# --- strategies ---------------------------------------------------------------------------

VALUES = st.one_of(VALUES_INT, VALUES_TIES, VALUES_FLOAT)
GUESSES = st.one_of(
    st.integers(-20, 20),
    st.floats(-1e300, 1e300, allow_nan=False),
    st.sampled_from([INF, -INF, 1e308, -1e308, 0.5]),
)
DELTAS = st.one_of(
    st.integers(1, 30),
    st.floats(1e-12, 1e300, allow_nan=False, allow_infinity=False),
)
ANY_TREE = st.one_of(
    small_trees(VALUES_INT),
    small_trees(VALUES_TIES),
    small_trees(VALUES_FLOAT),
    dags(VALUES_INT, max_depth=5),
    dags(VALUES_TIES, max_depth=5),
)


@st.composite
def alternating_trees(draw: st.DrawFn, values: st.SearchStrategy[Any]) -> nx.DiGraph:
    nested = draw(nested_lists(values, max_branching=4, max_depth=5, max_leaves=40))
    return gametree.from_nested(nested, players=("MAX", "MIN"))


FAST = settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))

# --- values ------------------------------------------------------------------------------


@pytest.mark.slow
@FAST
@given(ANY_TREE, GUESSES, st.booleans())
def test_mtdf_value_from_any_first_guess(G: nx.DiGraph, guess: float, table: bool) -> None:
    expected = true_value(G, G.graph["root"])
    r = gametree.mtdf(G, first_guess=guess, transposition_table=table, annotate=False)
    assert r.value == expected
    assert r.node_values[r.root].bound is gametree.Bound.EXACT
    # Each pass's bound is true, lies beyond its window's far edge, and the windows
    # stay inside the bounds proven so far.
    lower, upper = -INF, INF
    for p in r.passes:
        lo, hi = p.window
        assert lower <= lo < hi <= upper
        if p.bound is gametree.Bound.LOWER:
            assert lo < p.value <= expected
            lower = p.value
        elif p.bound is gametree.Bound.UPPER:
            assert expected <= p.value < hi
            upper = p.value
        else:
            assert p.value == expected
    assert r.stats.passes == len(r.passes) >= 1
    assert r.stats.re_searches == len(r.passes) - 1
    assert r.stats.leaves_evaluated == sum(p.leaves_evaluated for p in r.passes)


@pytest.mark.slow
@FAST
@given(ANY_TREE)
def test_sss_and_dual_values(G: nx.DiGraph) -> None:
    expected = true_value(G, G.graph["root"])
    assert gametree.sss_star(G, annotate=False).value == expected
    assert gametree.solve(G, "dual*", annotate=False).value == expected


@pytest.mark.slow
@FAST
@given(
    ANY_TREE,
    st.one_of(st.integers(-20, 20), st.floats(-1e300, 1e300, allow_nan=False)),
    DELTAS,
    st.booleans(),
    st.sampled_from(["soft", "hard"]),
)
def test_aspiration_value_from_any_window(
    G: nx.DiGraph, guess: float, delta: float, poe: bool, fail: str
) -> None:
    if not guess - delta < guess + delta:
        return  # the window would be empty in floating point: refused (tested below)
    expected = true_value(G, G.graph["root"])
    r = gametree.aspiration(
        G, guess=guess, delta=delta, prune_on_equal=poe, fail=fail, annotate=False
    )
    assert r.value == expected
    assert 1 <= len(r.passes) <= 2
    first = r.passes[0]
    assert first.window == (guess - delta, guess + delta)
    if guess - delta < expected < guess + delta:
        assert len(r.passes) == 1
    if len(r.passes) == 2:
        lo, hi = first.window
        assert r.passes[1].window == (
            (-INF, hi) if first.bound is gametree.Bound.UPPER else (lo, INF)
        )
        assert r.passes[1].bound is gametree.Bound.EXACT
        # The first pass of an alpha-beta with the same window evaluates the same leaves.
        ab = gametree.alphabeta(G, window=first.window, prune_on_equal=poe, annotate=False)
        assert first.result.visited_leaves == ab.visited_leaves


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.one_of(trees_with_heuristics(VALUES_INT), uneven_dags(VALUES_INT, max_depth=5)),
    st.integers(0, 4),
    GUESSES,
)
def test_depth_limited_with_evaluate(G: nx.DiGraph, depth: int, guess: float) -> None:
    # evaluate differs from the stored heuristic, so the function is what is used.
    def evaluate(H: nx.DiGraph, node: Hashable) -> float:
        return float(H.nodes[node]["value"]) * 2 + 1

    H = G.copy()
    for node in H:
        if H.succ[node]:
            H.nodes[node]["value"] = G.nodes[node]["value"] * 2 + 1
    expected = true_value(H, H.graph["root"], depth)
    for name, options in (
        ("mtdf", {"first_guess": guess}),
        ("sss", {}),
        ("dual", {}),
        ("aspiration", {"guess": 0, "delta": 3}),
    ):
        r = gametree.solve(G, name, depth=depth, evaluate=evaluate, annotate=False, **options)
        assert r.value == expected, name


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(chance_trees(VALUES_INT, max_depth=4), GUESSES)
def test_chance_trees(G: nx.DiGraph, guess: float) -> None:
    expected = true_value(G, G.graph["root"])
    for r in (
        gametree.mtdf(G, first_guess=guess, annotate=False),
        gametree.sss_star(G, annotate=False),
        gametree.aspiration(G, guess=1, delta=2, annotate=False),
    ):
        assert r.value == pytest.approx(expected)


# --- what the passes evaluate and prune -----------------------------------------------------


@pytest.mark.slow
@FAST
@given(st.one_of(small_trees(VALUES), dags(VALUES_TIES, max_depth=5)), GUESSES)
def test_pruned_leaves_are_the_leaves_no_pass_evaluated(G: nx.DiGraph, guess: float) -> None:
    r = gametree.mtdf(G, first_guess=guess, annotate=False)
    root = r.root
    evaluated = set(r.visited_leaves)
    every = leaves_below(G, root)
    under_cuts = (
        set().union(*(leaves_below(G, v) for _, v in r.pruned_edges)) if r.pruned_edges else set()
    )
    assert every - evaluated <= under_cuts
    if all(G.in_degree(n) <= 1 for n in G):
        # In a tree a pruned edge's leaves are never evaluated; with a table every leaf once.
        assert not under_cuts & evaluated
        assert len(r.visited_leaves) == len(evaluated)
        assert {v for _, v in r.pruned_edges}.isdisjoint(r.visit_order)


@pytest.mark.slow
@FAST
@given(
    st.one_of(
        alternating_trees(VALUES_INT),
        alternating_trees(VALUES_TIES),
        alternating_trees(VALUES_FLOAT),
    )
)
def test_mt_sss_evaluates_stockmans_leaves(G: nx.DiGraph) -> None:
    value, leaves = stockman_sss(G)
    r = gametree.sss_star(G, annotate=False)
    assert r.value == value
    assert list(r.visited_leaves) == leaves
    # Stockman's theorem: SSS* never evaluates a leaf alpha-beta skips (same child order).
    ab = gametree.alphabeta(G, annotate=False)
    assert set(leaves) <= set(ab.visited_leaves)


def test_stockman_tie_rule_matters() -> None:
    # (A (B 8 6) (C 8)): after D = 8 and F = 8 are solved with merit 8, taking the leftmost
    # (D) first would go on to E; MT-SSS* stops when C returns 8 exactly.
    G = gametree.from_nested([[8, 6], [8]])
    assert stockman_sss(G) == (8, ["D", "F"])
    assert gametree.sss_star(G, annotate=False).visited_leaves == ("D", "F")


def test_mtdf_with_a_table_never_evaluates_a_leaf_twice_on_fig52() -> None:
    G = gametree.from_nested(FIG52)
    for guess in (-100, 0, 3, 4, 100, INF, -INF):
        r = gametree.mtdf(G, first_guess=guess, annotate=False)
        assert len(set(r.visited_leaves)) == len(r.visited_leaves)
        without = gametree.mtdf(G, first_guess=guess, transposition_table=False, annotate=False)
        assert without.value == 3 and len(without.visited_leaves) >= len(r.visited_leaves)


# --- windows -------------------------------------------------------------------------------


def test_test_window() -> None:
    assert null_window(5, -INF, INF) == (4, 5)
    assert null_window(5, 5, INF) == (5, 6)
    assert null_window(5, 5, 5.5) == (5, 5.5)  # clipped to the known upper bound
    lo, hi = null_window(2.5, -INF, INF)
    assert hi == 2.5 and lo == math.nextafter(2.5, -INF)
    assert null_window(INF, -INF, INF) == (1.7976931348623157e308, INF)
    assert null_window(-INF, -INF, INF) == (-INF, -1.7976931348623157e308)
    assert null_window(100, -INF, 7) == (6, 7)


def test_min_root_and_two_min_plies() -> None:
    # Fig. 5.2 mirrored (MIN root): value -3, and MTD comes down to it from the guess 0.
    G = gametree.from_nested([[-3, -12, -8], [-2, -4, -6], [-14, -5, -2]], players=("MIN", "MAX"))
    r = gametree.mtdf(G, annotate=False)
    assert (r.value, r.best_move) == (-3, "B")
    assert [(p.window, p.value, str(p.bound)) for p in r.passes] == [
        ((-1, 0), -3, "upper"),
        ((-4, -3), -3, "exact"),
    ]
    # MAX, MIN, MIN: D = 4, E = 7, B = 4; F = 1, G = 8, C = 1; A = 4.
    G = gametree.from_nested([[[4, 6], [7]], [[1, 9], [8]]], players=("MAX", "MIN", "MIN"))
    for name in ("mtdf", "sss", "dual"):
        r = gametree.solve(G, name, annotate=False)
        assert (r.value, r.best_move) == (4, "B"), name


# --- trace, annotation, errors -------------------------------------------------------------


def test_trace_has_one_pass_event_per_pass() -> None:
    G = gametree.from_nested(FIG52)
    events = list(gametree.search_trace(G, "sss"))
    ends = [e for e in events if isinstance(e, gametree.PassEnd)]
    r = gametree.sss_star(G, annotate=False, trace=True)
    assert r.trace == tuple(events)
    assert [(e.index, (e.alpha, e.beta), e.value, str(e.bound), e.leaves) for e in ends] == [
        (p.index, p.window, p.value, str(p.bound), p.leaves_evaluated) for p in r.passes
    ]
    # Each pass starts with the root entered with the pass's window.
    roots = [e for e in events if isinstance(e, gametree.Enter) and e.parent is None]
    assert [(e.alpha, e.beta) for e in roots] == [p.window for p in r.passes]
    assert ends[-1].to_dict()["kind"] == "pass"


def test_aspiration_trace_has_the_re_search() -> None:
    G = gametree.from_nested(FIG52)
    events = list(gametree.search_trace(G, "aspiration", guess=5, delta=1))
    again = [e for e in events if isinstance(e, gametree.ReSearch)]
    assert [(e.node, e.parent, e.alpha, e.beta, e.probe_value) for e in again] == [
        ("A", None, -INF, 6, 3)
    ]


def test_annotate_final_pass_or_all() -> None:
    G = gametree.from_nested(FIG52)
    gametree.sss_star(G)
    # The last pass (window (2, 3)) cut A after B: C and D are pruned in it.
    assert [gametree.node_status(G, n) for n in "BCDH"] == [
        "visited",
        "pruned",
        "pruned",
        "unreached",
    ]
    assert G.graph["search"]["algorithm"] == "sss"
    gametree.sss_star(G, annotate="all")
    assert [gametree.node_status(G, n) for n in "BCDHIJ"] == [
        "visited", "visited", "visited", "visited", "pruned", "pruned",
    ]  # fmt: skip
    assert G.nodes["C"]["search_value"] == 2 and G.nodes["C"]["bound"] == "upper"
    gametree.mtdf(G, annotate=False)
    with pytest.raises(gametree.SearchError, match=r"annotate='some'"):
        gametree.mtdf(G, annotate="some")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("name", "options", "match"),
    [
        ("mtdf", {"first_guess": float("nan")}, r"first_guess=nan"),
        ("mtdf", {"first_guess": "0"}, r"first_guess='0'"),
        ("mtdf", {"fail": "soft"}, r"mtdf has no option 'fail': .*fail soft"),
        ("mtdf", {"prune_on_equal": False}, r"mtdf has no option 'prune_on_equal'"),
        ("sss", {"first_guess": 3}, r"sss has no option 'first_guess'"),
        ("mtdf", {"transposition_table": 1}, r"transposition_table=1"),
        ("aspiration", {}, r"aspiration needs guess= and delta="),
        ("aspiration", {"guess": 0, "delta": 0}, r"delta=0 .*> 0"),
        ("aspiration", {"guess": INF, "delta": 1}, r"guess=inf .*finite"),
        ("aspiration", {"guess": 1e300, "delta": 1}, r"lo == hi"),
        ("aspiration", {"guess": 0, "delta": 1, "window": (0, 1)}, r"no option 'window'"),
    ],
)
def test_bad_options(name: str, options: dict[str, Any], match: str) -> None:
    G = gametree.from_nested(FIG52)
    with pytest.raises(gametree.SearchError, match=match):
        gametree.solve(G, name, **options)
    with pytest.raises(gametree.SearchError, match=match):
        gametree.search_trace(G, name, **options)


def test_deep_chain_searches_without_recursion() -> None:
    G = nx.DiGraph()
    n = 20_000
    for i in range(n - 1):
        G.add_node(i, player="MAX" if i % 2 == 0 else "MIN")
        G.add_edge(i, i + 1)
    G.nodes[n - 1]["value"] = 7
    G.graph["root"] = 0
    for name, options in (("mtdf", {}), ("sss", {}), ("aspiration", {"guess": 0, "delta": 1})):
        r = gametree.solve(G, name, annotate=False, **options)
        assert r.value == 7 and len(r.pv) == n, name


# --- known answers (tests/data/known/mtd_*.json) -----------------------------------------


@pytest.mark.parametrize(
    "path",
    [p for p in sorted(KNOWN.glob("*.json")) if "passes" in json.loads(p.read_text())],
    ids=lambda p: p.stem,
)
def test_known_passes(path: Path) -> None:
    data = json.loads(path.read_text())
    from tests.test_known_answers import build

    for case in data["passes"]:
        G = build(data["tree"])
        options = {
            k: (INF if v == "inf" else -INF if v == "-inf" else v)
            for k, v in case["options"].items()
        }
        r = gametree.solve(G, case["algorithm"], annotate=False, **options)
        got = [
            {
                "window": [_plain(x) for x in p.window],
                "value": p.value,
                "bound": str(p.bound),
                "leaves": list(p.result.visited_leaves),
            }
            for p in r.passes
        ]
        assert got == case["expect"], case["algorithm"]


def _plain(x: float) -> Any:
    if x == INF:
        return "inf"
    if x == -INF:
        return "-inf"
    if x == 1.7976931348623157e308:
        return "max"
    return x


# --- command line, explain, compare, check ---------------------------------------------------


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    from gametree.cli import main

    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["-a", "aspiration"], "aspiration needs --guess G and --delta D"),
        (["-a", "aspiration", "--guess", "3"], "aspiration needs --guess G and --delta D"),
        (["-a", "aspiration", "--guess", "3", "--delta", "0"], "delta=0 is not allowed"),
        (["-a", "mtdf", "--strict"], "--strict applies only to the alpha-beta family"),
        (["-a", "sss", "--first-guess", "3"], "--first-guess applies only to mtdf"),
        (["-a", "alphabeta", "--guess", "3", "--delta", "1"], "--guess and --delta apply only"),
        (["-a", "aspiration", "--guess", "3", "--delta", "1", "--window", "0", "1"], "--window"),
    ],
)
def test_cli_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    tree = str(Path(__file__).parent / "data" / "solve" / "fig52.tree")
    status, out, err = _cli(capsys, "solve", tree, *argv)
    assert status == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1


def test_explain_tells_each_pass() -> None:
    G = gametree.from_nested(FIG52)
    text = gametree.explain(G, "mtdf", first_guess=9)
    lines = text.splitlines()
    assert lines[0] == "mtdf from A (mtdf, null-window passes from the guess 9, fail-soft):"
    assert lines[1] == "1. Pass 1: start at the root A (MAX) with the window [alpha 8, beta 9]."
    ends = [line.split(". ", 1)[1] for line in lines if "End of pass" in line]
    assert ends == [
        "End of pass 1, window (8, 9): A returned 5, failed low: the value is at most 5 "
        "(4 leaves evaluated in this pass).",
        "End of pass 2, window (4, 5): A returned 3, failed low: the value is at most 3 "
        "(1 leaves evaluated in this pass).",
        "End of pass 3, window (2, 3): A returned 3, failed high: the value is at least 3 "
        "(2 leaves evaluated in this pass).",
    ]
    assert (
        lines[-1]
        == "Result: value 3, best move B after 3 passes; never evaluated in any pass: I, J."
    )
    text = gametree.explain(G, "aspiration", guess=5, delta=1)
    assert (
        "A returned 3, outside the aspiration window: search it again with the window "
        "[alpha -inf, beta 6]." in text
    )


def test_compare_rows(capsys: pytest.CaptureFixture[str]) -> None:
    G = gametree.from_nested(FIG52)
    rows = gametree.compare(
        G, ["alphabeta", "mtdf", "sss", "dual", "aspiration"], repeat=1, guess=5, delta=1
    )
    got = [(r.algorithm, r.value, r.leaves_evaluated, r.re_searches) for r in rows]
    assert got == [
        ("alphabeta", 3, 7, 0),
        ("mtdf", 3, 7, 1),
        ("sss", 3, 7, 3),
        ("dual", 3, 7, 1),
        ("aspiration", 3, 12, 1),
    ]
    # SSS*: 4 passes entered 9 + 5 + 5 + 6 = 25 nodes, the deepest at depth 2.
    assert rows[2].nodes_visited == 25
    assert rows[2].ebf == pytest.approx(gametree.ebf(24, 2))
    tree = str(Path(__file__).parent / "data" / "solve" / "fig52.tree")
    status, out, _ = _cli(
        capsys, "compare", tree, "-a", "sss,aspiration", "--guess", "5", "--delta", "1"
    )
    assert status == 0 and out.splitlines()[1].split()[:7] == ["sss", "3", "B", "25", "7", "5", "3"]


def test_check_counts_every_pass() -> None:
    G = gametree.from_nested(FIG52)
    # SSS* never evaluates I and J; F and G are evaluated in its last pass.
    assert gametree.check(G, "value = 3\npruned = I J", algorithm="sss").score == 1.0
    report = gametree.check(G, "pruned = F G I J", algorithm="sss")
    assert [f.verdict.value for f in report.findings] == ["extra", "extra", "correct", "correct"]
    # Aspiration 5 +- 1: the first pass cut F and G, the re-search evaluated them.
    key = gametree.AnswerKey(G, algorithm="aspiration", guess=5, delta=1)
    assert key.answers()["pruned"] == ["I", "J"]
    assert gametree.AnswerKey(G, algorithm="mtdf", first_guess=9).answers()["order"] == list(
        "EHKLMFG"
    )


def test_cli_draw_final_pass_or_all(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    tree = str(Path(__file__).parent / "data" / "solve" / "fig52.tree")
    final, every = tmp_path / "final.txt", tmp_path / "all.txt"
    assert _cli(capsys, "draw", tree, "-a", "sss", "-o", str(final), "-q")[0] == 0
    assert (
        _cli(capsys, "draw", tree, "-a", "sss", "--passes", "all", "-o", str(every), "-q")[0] == 0
    )
    # SSS*'s last pass (window (2, 3)) cut A after B; over all passes only I and J are pruned.
    assert "├╫─ C  MIN  pruned" in final.read_text()
    text = every.read_text()
    assert "├── C  MIN  ≤2" in text and "├╫─ I  4  pruned" in text


def test_expand_hook_is_called_once_per_node_over_all_passes() -> None:
    full = gametree.from_nested(FIG52)
    calls: list[Hashable] = []
    G = nx.DiGraph()
    G.add_node("A", **full.nodes["A"])
    G.graph["root"] = "A"

    def expand(node: Hashable) -> None:
        calls.append(node)
        for child in full.succ[node]:
            G.add_node(child, **full.nodes[child])
            G.add_edge(node, child)

    r = gametree.sss_star(G, expand=expand, annotate=False)
    assert r.value == 3 and len(r.passes) == 4
    assert sorted(calls) == sorted(set(calls))
