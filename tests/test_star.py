"""Star1 and Star2 (Ballard 1983): pruning below CHANCE nodes with bounds on the values.

The references here are independent of the engine: a plain recursive expectiminimax
(probability-weighted averages, min, max) run on the graph, and brute-force re-runs
of it after changing a pruned leaf. Hand-derived trees are in ``tests/data/known/``
(``star1_upper_bound``, ``star1_min_root``, ``star2_probing``).
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Hashable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import matplotlib
import matplotlib.pyplot as plt
import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gametree
import gametree.readwrite as rw
from gametree.cli import main
from gametree.search.trace import ChanceCutoff, ProbeCutoff, StarProbe
from tests.strategies import VALUES_FLOAT, VALUES_INT, VALUES_TIES, bounded_chance_graphs

matplotlib.use("Agg")

INF = math.inf
STAR = ("star1", "star2")
PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def expectiminimax(G: nx.DiGraph, node: Hashable, memo: dict[Hashable, float]) -> float:
    """The reference: the textbook recursion, written out."""
    if node in memo:
        return memo[node]
    kids = list(G.successors(node))
    data = G.nodes[node]
    if not kids:
        value = data["value"]
    elif data["player"] == "MAX":
        value = max(expectiminimax(G, k, memo) for k in kids)
    elif data["player"] == "MIN":
        value = min(expectiminimax(G, k, memo) for k in kids)
    else:
        probs = [G.edges[node, k].get("prob") for k in kids]
        if probs[0] is None:
            probs = [1 / len(kids)] * len(kids)
        value = sum(p * expectiminimax(G, k, memo) for p, k in zip(probs, kids, strict=True) if p)
    memo[node] = value
    return value


def root_value(G: nx.DiGraph) -> float:
    return expectiminimax(G, G.graph["root"], {})


def same(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def leaf_bounds(G: nx.DiGraph, leaf: Hashable, tree: tuple[float, float]) -> tuple[float, float]:
    """Every claim that holds for ``leaf``: the tree's and each ancestor's ``bounds``."""
    lo, hi = tree
    for node in nx.ancestors(G, leaf) | {leaf}:
        own = G.nodes[node].get("bounds")
        if own is not None:
            lo, hi = max(lo, own[0]), min(hi, own[1])
    return lo, hi


def values_within(lo: float, hi: float) -> list[float]:
    """Values to try for a leaf known to lie in [lo, hi]: its ends and a middle."""
    lo_f = lo if lo > -INF else (hi if hi < INF else 0) - 1000
    hi_f = hi if hi < INF else lo_f + 2000
    return [lo_f, hi_f, (lo_f + hi_f) / 2]


# -- values -------------------------------------------------------------------------


@PROPERTY
@given(
    bounded_chance_graphs(),
    st.sampled_from(STAR),
    st.booleans(),
    st.sampled_from(["soft", "hard"]),
    st.booleans(),
)
def test_value_is_expectiminimax(
    case: tuple[nx.DiGraph, tuple[float, float]], algorithm: str, poe: bool, fail: str, table: bool
) -> None:
    G, bounds = case
    result = gametree.solve(
        G,
        algorithm,
        bounds=bounds,
        prune_on_equal=poe,
        fail=fail,
        transposition_table=table,
        annotate=False,
    )
    assert same(result.value, root_value(G))


@PROPERTY
@given(
    bounded_chance_graphs(st.one_of(VALUES_INT, VALUES_TIES, VALUES_FLOAT)),
    st.sampled_from(STAR),
    st.booleans(),
)
def test_pruned_leaves_cannot_change_the_root_value(
    case: tuple[nx.DiGraph, tuple[float, float]], algorithm: str, poe: bool
) -> None:
    """Soundness: any value a pruned leaf may take within its bounds gives the same root."""
    G, bounds = case
    result = gametree.solve(G, algorithm, bounds=bounds, prune_on_equal=poe, annotate=False)
    expected = root_value(G)
    reachable = nx.descendants(G, G.graph["root"])
    unseen = [n for n in reachable if not G.out_degree(n) and n not in result.visited_leaves]
    for leaf in unseen:
        original = G.nodes[leaf]["value"]
        for value in values_within(*leaf_bounds(G, leaf, bounds)):
            G.nodes[leaf]["value"] = value
            assert same(root_value(G), expected), (leaf, value)
        G.nodes[leaf]["value"] = original
    # All of them at once, at either end.
    for end in (0, 1):
        H = G.copy()
        for leaf in unseen:
            H.nodes[leaf]["value"] = values_within(*leaf_bounds(G, leaf, bounds))[end]
        assert same(root_value(H), expected)


@pytest.mark.slow
@PROPERTY
@given(bounded_chance_graphs(), st.sampled_from(STAR), st.booleans(), st.booleans())
def test_unbounded_is_alphabeta_leaf_for_leaf(
    case: tuple[nx.DiGraph, tuple[float, float]], algorithm: str, poe: bool, table: bool
) -> None:
    """With bounds (-inf, inf) and no bounds attributes, Star1/Star2 are alpha-beta
    (which searches every chance outcome with the open window)."""
    G, _ = case
    for node in G:
        G.nodes[node].pop("bounds", None)
    options: dict[str, Any] = {"prune_on_equal": poe, "transposition_table": table}
    star = gametree.solve(G, algorithm, bounds=(-INF, INF), annotate=False, **options)
    ab = gametree.alphabeta(G, annotate=False, **options)
    assert star.value == ab.value
    assert star.visited_leaves == ab.visited_leaves
    assert star.pruned_edges == ab.pruned_edges
    assert dict(star.node_values) == dict(ab.node_values)


@settings(max_examples=100, deadline=None)
@given(bounded_chance_graphs(dag=False), st.sampled_from(STAR))
def test_prunes_only_below_what_alphabeta_evaluates(
    case: tuple[nx.DiGraph, tuple[float, float]], algorithm: str
) -> None:
    """On trees, Star1/Star2 with bounds evaluate no leaf alpha-beta skips... except that
    Star2 may evaluate a probed first child twice; the set is a subset either way."""
    G, bounds = case
    star = gametree.solve(G, algorithm, bounds=bounds, annotate=False)
    ab = gametree.alphabeta(G, annotate=False)
    if algorithm == "star1":
        assert set(star.visited_leaves) <= set(ab.visited_leaves)
    assert same(star.value, ab.value)


def test_depth_limit_uses_the_bounds_for_heuristic_values() -> None:
    # F is an internal node at the depth limit: its heuristic 6 makes B = (8 + 6) / 2 = 7.
    G = gametree.from_nested([[8, [6, 1]], [4, 9], [2, 5]], players=("MAX", "CHANCE"))
    r = gametree.star1(G, bounds=(0, 10), depth=2, evaluate=lambda G, n: 6, annotate=False)
    assert r.value == 7 and r.pruned_edges == (("C", "H"), ("D", "J"))
    with pytest.raises(gametree.SearchError, match=r"worth 30, outside the bounds \[0, 10\]"):
        gametree.star1(G, bounds=(0, 10), depth=2, evaluate=lambda G, n: 30)


# -- bounds on nodes ----------------------------------------------------------------


def coins() -> nx.DiGraph:
    return gametree.from_nested([[8, 6], [4, 9], [2, 5]], players=("MAX", "CHANCE"))


def test_bounds_on_a_chance_node_hold_for_its_outcomes() -> None:
    """ "The children of C and D are at most 10" prunes as the tree-wide bound does."""
    G = coins()
    G.nodes["C"]["bounds"] = (-INF, 10)
    G.nodes["D"]["bounds"] = (-INF, 10)
    r = gametree.star1(G)
    assert r.pruned_edges == (("C", "H"), ("D", "J"))
    assert gametree.node_status(G, "H") == "pruned"
    # Only on C: D's outcomes are unbounded, so D is searched in full.
    del G.nodes["D"]["bounds"]
    assert gametree.star1(G, annotate=False).pruned_edges == (("C", "H"),)


def test_leaf_bounds_narrow_the_tree_bounds() -> None:
    G = coins()
    G.nodes["H"]["bounds"] = (0, 9)  # H is at most 9: after G = 4, C <= 6.5 < 7
    r = gametree.star1(G, annotate=False)  # the tree is unbounded, H alone is not
    assert r.pruned_edges == (("C", "H"),)
    assert r.node_values["C"].value == 6.5 and str(r.node_values["C"].bound) == "upper"


def test_values_outside_their_bounds_are_errors() -> None:
    G = coins()
    # H is pruned, never evaluated: the claim is checked before the search all the same.
    with pytest.raises(
        gametree.InvalidTreeError, match=r"'H': value 9 lies outside its bounds \[0, 8\]"
    ):
        gametree.star1(G, bounds=(0, 8))
    G.nodes["H"]["bounds"] = (0, 5)
    found = [p.message for p in gametree.problems(G)]
    assert found == ["node 'H': value 9 lies outside its bounds [0, 5]"]
    G.nodes["H"]["bounds"] = (10, 5)
    assert "expected lo <= hi" in str(gametree.problems(G)[0])
    G.nodes["H"]["bounds"] = (0, "x")
    assert "'x' is 'x' (str); expected a real number" in str(gametree.problems(G)[0])
    with pytest.raises(gametree.InvalidTreeError, match="bounds is"):
        gametree.star1(G)
    with pytest.raises(gametree.SearchError, match=r"bounds=\(5, 1\) is not allowed"):
        gametree.star1(coins(), bounds=(5, 1))
    with pytest.raises(gametree.SearchError, match="alphabeta has no option 'bounds'"):
        gametree.solve(coins(), "alphabeta", bounds=(0, 10))


def test_dag_bounds_are_the_claims_of_every_path() -> None:
    # X is below both B and C; C says its subtree is at most 5, so X (7) breaks C's claim.
    with pytest.raises(
        gametree.InvalidTreeError, match=r"value 7 lies outside its bounds \[0, 5\]"
    ):
        gametree.parse("players: MAX CHANCE\n(A (B (X MAX 7 1) 3) (C {bounds=(0, 5)} X 2))")
    G = gametree.parse("players: MAX CHANCE\n(A (B (X MAX 5 1) 3) (C {bounds=(0, 5)} X 2))")
    assert gametree.problems(G) == []
    G.nodes["X"]["bounds"] = (6, 9)  # X's claim and C's do not meet
    assert "do not meet" in str(gametree.problems(G)[0])


# -- the notation and the formats -----------------------------------------------------


NOTATION = "players: MAX CHANCE\n(A (B {bounds=(0, 10)} 8 (=6 {bounds=(-inf, 6.5)})) (C 4 9))"


def test_notation_reads_and_writes_bounds() -> None:
    G = gametree.parse(NOTATION)
    assert G.nodes["B"]["bounds"] == (0, 10)
    assert G.nodes["E"]["bounds"] == (-INF, 6.5) and G.nodes["E"]["value"] == 6
    text = gametree.to_notation(G)
    assert "{bounds=(0, 10)}" in text and "(=6 {bounds=(-inf, 6.5)})" in text
    assert nx.utils.graphs_equal(gametree.parse(text), G)
    assert gametree.parse(text).nodes(data=True) == G.nodes(data=True)
    assert gametree.parse("[[1, 2]]").nodes["A"].get("bounds") is None
    brackets = gametree.parse("(A {bounds=[0, 10]} 3 4)")
    assert brackets.nodes["A"]["bounds"] == (0, 10)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("(A {bounds=(0, x)} 3 4)", "expected a number or ')'"),
        ("(A {bounds=()} 3 4)", "expected a number or ')'"),
        ("(A {bounds=(0, 10} 3 4)", "expected a number or ')'"),
        ("(A {bounds=(10, 0)} 3 4)", "expected lo <= hi"),
        ("(A {bounds=(0, 1, 2)} 3 4)", "expected a pair"),
        ("(A {bounds=(0, 3)} 3 4)", "value 4 lies outside its bounds"),
    ],
)
def test_notation_bad_bounds(text: str, message: str) -> None:
    with pytest.raises(gametree.GameTreeError, match=re_escape(message)):
        gametree.parse(text)


def re_escape(text: str) -> str:
    import re

    return re.escape(text)


@pytest.mark.parametrize(
    ("generate", "parse"),
    [
        (rw.generate_json, rw.parse_json),
        (rw.generate_graphml, rw.parse_graphml),
        (rw.generate_dot, rw.parse_dot),
    ],
)
def test_formats_round_trip_bounds(generate: Any, parse: Any) -> None:
    G = gametree.parse(NOTATION)
    H = parse(generate(G))
    assert H.nodes["B"]["bounds"] == (0, 10)
    assert H.nodes["E"]["bounds"] == (-INF, 6.5)
    assert isinstance(H.nodes["E"]["bounds"], tuple)
    same_search = gametree.star1(H, annotate=False)
    assert same_search.pruned_edges == gametree.star1(G, annotate=False).pruned_edges


def test_file_round_trip_through_load_and_dump(tmp_path: Path) -> None:
    G = gametree.parse(NOTATION)
    for suffix in (".json", ".graphml", ".dot", ".tree"):
        path = tmp_path / f"t{suffix}"
        gametree.dump(G, path)
        assert gametree.load(path).nodes["E"]["bounds"] == (-INF, 6.5), suffix


# -- trace, annotation, drawing -------------------------------------------------------


def test_trace_events_of_a_chance_cutoff() -> None:
    G = coins()
    events = list(gametree.search_trace(G, "star1", bounds=(0, 10)))
    cuts = [e for e in events if isinstance(e, ChanceCutoff)]
    assert [(c.node, c.child, c.skipped) for c in cuts] == [("C", "G", ("H",)), ("D", "I", ("J",))]
    first = cuts[0]
    assert (first.value, str(first.bound), first.alpha) == (7, "upper", 7)
    assert (first.terms, first.sources, first.weights) == ((4, 10), ("value", "bound"), (0.5, 0.5))
    assert first.to_dict()["kind"] == "cutoff" and json.dumps(first.to_dict())
    enters = {e.node: (e.alpha, e.beta) for e in events if e.kind == "enter"}
    assert enters["G"] == (4, 10) and enters["E"] == (0, 10)


def test_star2_probe_events() -> None:
    G = gametree.from_nested([[5, 5], [[1, 8], [2, 9]]], players=("MAX", "CHANCE", "MIN"))
    events = list(gametree.search_trace(G, "star2", bounds=(0, 10)))
    probes = [(e.node, e.alpha, e.beta) for e in events if isinstance(e, StarProbe)]
    assert probes == [("F", 0, 10), ("G", 9, 10)]
    rest = [(e.node, e.child, e.skipped) for e in events if isinstance(e, ProbeCutoff)]
    assert rest == [("F", "H", ("I",)), ("G", "J", ("K",))]
    cut = next(e for e in events if isinstance(e, ChanceCutoff))
    assert (cut.terms, cut.sources, cut.skipped) == ((1, 2), ("probe", "probe"), ())


def test_drawing_marks_pruned_outcomes() -> None:
    G = coins()
    gametree.star1(G, bounds=(0, 10))
    artists = gametree.draw(G, show="values,bounds")
    assert len(artists.cut_marks.get_paths()) == 4  # C-H and D-J, two strokes each
    assert artists.values["C"].get_text() == "≤7"
    assert artists.values["D"].get_text() == "≤6"
    plt.close(artists.ax.figure)


# -- explain, compare, check, the CLI --------------------------------------------------


def test_explain_writes_out_the_average() -> None:
    text = gametree.explain(coins(), "star1", bounds=(0, 10))
    lines = text.splitlines()
    assert lines[0] == (
        "star1 from A (star1, cut when alpha >= beta, fail-soft, values in [0, 10]):"
    )
    cut = next(line for line in lines if "Cutoff" in line and "at C" in line)
    assert cut.split(". ", 1)[1] == (
        "Cutoff: at C (CHANCE) after G (G returned 4; H is at most 10) the average cannot "
        "exceed (4 + 10) / 2 = 7, equal to alpha 7 inherited from A after B returned 7, "
        "so H is pruned."
    )
    cut = next(line for line in lines if "Cutoff" in line and "at D" in line)
    assert "(2 + 10) / 2 = 6, below alpha 7" in cut
    assert lines[-1] == "Result: value 7, best move B; pruned: H, J."
    # Weighted: after F (weight 0.75) C is at most 0.75*4 + 0.25*10 = 5.5 < 7.
    weighted = gametree.parse("players: MAX CHANCE\n(A (B 8 6) (C 0.75*4 0.25*9))")
    text = gametree.explain(weighted, "star1", bounds=(0, 10), format="markdown")
    assert "cannot exceed 0.75×4 + 0.25×10 = 5.5, below α 7" in text
    assert text.splitlines()[-1] == "**Result:** value 7, best move B; pruned: G."


def test_explain_says_why_nothing_is_pruned_without_bounds() -> None:
    text = gametree.explain(coins(), "star1")
    assert text.count("its outcomes are unbounded, so none can be pruned") == 3
    assert text.splitlines()[-1] == "Result: value 7, best move B; pruned: nothing."


def test_explain_fail_high_at_a_min_root() -> None:
    G = gametree.from_nested([[4, 2], [6, 1]], players=("MIN", "CHANCE"))
    text = gametree.explain(G, "star2", bounds=(0, 10), format="markdown")
    assert "the average cannot fall below (6 + 0) / 2 = 3, equal to β 3" in text


def test_compare_rows() -> None:
    rows = gametree.compare(coins(), ["expectiminimax", "star1", "star2"], repeat=1, bounds=(0, 10))
    assert [(r.algorithm, r.value, r.leaves_evaluated, r.cutoffs) for r in rows] == [
        ("expectiminimax", 7, 6, 0),
        ("star1", 7, 4, 2),
        ("star2", 7, 4, 2),
    ]
    # EBF: N = 7 nodes below the root in d = 2 levels: b + b^2 = 7.
    assert rows[1].ebf == pytest.approx((-1 + math.sqrt(29)) / 2)


def test_answer_key_for_star1() -> None:
    key = gametree.AnswerKey(coins(), algorithm="star1", bounds=(0, 10))
    assert key.answers()["pruned"] == ["H", "J"]
    report = key.check("value = 7\nmove = B\npruned = H J")
    assert report.ok and report.score == 1.0
    report = key.check("pruned = H")
    missing = [f for f in report.findings if f.verdict.value == "missing"]
    assert missing and "(2 + 10) / 2 = 6" in missing[0].explanation
    assert "values in [0, 10]" in report.to_text()


def run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_cli_solve_with_bounds(tmp_path: Path) -> None:
    tree = tmp_path / "coins.tree"
    tree.write_text("players: MAX CHANCE\n(A (B 8 6) (C 4 9) (D 2 5))\n")
    code, out, _ = run_cli("solve", str(tree), "-a", "star1", "--bounds", "0", "10", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["value"] == 7 and data["pruned_edges"] == [["C", "H"], ["D", "J"]]
    assert data["options"]["bounds"] == [0, 10]
    code, out, _ = run_cli("solve", str(tree), "-a", "star2", "--bounds", "-inf", "10")
    assert code == 0 and "bounds=(-inf, 10)" in out
    code, out, _ = run_cli("solve", str(tree), "-a", "star1", "--explain")
    assert code == 0 and "its outcomes are unbounded" in out
    code, _, err = run_cli("solve", str(tree), "-a", "alphabeta", "--bounds", "0", "10")
    assert code == 2 and err.count("\n") == 1 and "--bounds applies only to star1" in err
    code, _, err = run_cli("solve", str(tree), "-a", "star1", "--bounds", "10", "0")
    assert code == 2 and "LO <= HI" in err
    code, _, err = run_cli("solve", str(tree), "-a", "star1", "--bounds", "0", "8")
    assert code == 2 and "outside its bounds" in err and "Traceback" not in err


def test_cli_compare_and_check(tmp_path: Path) -> None:
    tree = tmp_path / "coins.tree"
    tree.write_text("players: MAX CHANCE\n(A (B 8 6) (C 4 9) (D 2 5))\n")
    code, out, _ = run_cli(
        "compare", str(tree), "-a", "alphabeta,star1,star2", "--bounds", "0", "10",
        "--repeat", "1", "--format", "csv",
    )  # fmt: skip
    assert code == 0
    rows = {line.split(",")[0]: line.split(",") for line in out.splitlines()[1:]}
    assert rows["alphabeta"][4] == "6" and rows["star1"][4] == "4" and rows["star2"][4] == "4"
    answers = tmp_path / "answers.txt"
    answers.write_text("value = 7\npruned = H J\n")
    code, out, _ = run_cli("check", str(tree), str(answers), "-a", "star1", "--bounds", "0", "10")
    assert code == 0, out
    answers.write_text("value = 7\npruned = H\n")
    code, out, _ = run_cli("check", str(tree), str(answers), "-a", "star1", "--bounds", "0", "10")
    assert code == 1 and "J" in out


def test_views_step_by_step(tmp_path: Path) -> None:
    G = coins()
    path = tmp_path / "coins.tree"
    path.write_text(gametree.to_notation(G))
    for suffix in (".html", ".gif", ".txt"):
        code, _, err = run_cli(
            "draw", str(path), "-o", str(tmp_path / f"steps{suffix}"), "-a", "star2",
            "--bounds", "0", "10",
        )  # fmt: skip
        assert code == 0, err
    text = (tmp_path / "steps.txt").read_text()
    assert "└╫─ H  9  pruned" in text and "values in [0, 10]" in text
    page = (tmp_path / "steps.html").read_text()
    assert "--bounds 0 10" in page and "(4 + 10) / 2 = 7" in page
    from gametree.drawing.frame import describe

    captions = [describe(e) for e in gametree.search_trace(G, "star1", bounds=(0, 10))]
    assert "cut-off at C after G: prune H" in captions
