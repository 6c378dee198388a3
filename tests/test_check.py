"""Tests for gametree.homework.check: known answers, equivalent forms, mutations, robustness."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gametree
from gametree import AnswerKey, Verdict, check, format_answers
from gametree.search.result import move_path
from tests.strategies import VALUES_INT, VALUES_TIES, chance_trees, dags, trees

AIMA = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def fig52() -> nx.DiGraph:
    return gametree.from_nested(AIMA)


def verdicts(report: gametree.CheckReport) -> list[tuple[str, str]]:
    return [(f.item, f.verdict.value) for f in report.findings]


def leaf_findings(report: gametree.CheckReport) -> list[tuple[str, gametree.Finding]]:
    """Each leaf a pruned finding stands for (its name, ``"I (#5)"``) with the finding,
    left to right; other findings under their item."""
    pairs = [(name, f) for f in report.findings for name in (f.leaves or (f.item,))]

    def place(pair: tuple[str, gametree.Finding]) -> tuple[int, str]:
        name = pair[0]
        return (int(name.rsplit("#", 1)[1].rstrip(")")) if "(#" in name else 0, name)

    return sorted(pairs, key=place)


def leaf_verdicts(report: gametree.CheckReport) -> list[tuple[str, str]]:
    return [(name, f.verdict.value) for name, f in leaf_findings(report)]


# --------------------------------------------------------------------------- known answers

# AIMA Figure 5.2, by hand: B = min(3, 12, 8) = 3, so A's alpha is 3. C's first leaf H = 2
# <= alpha 3: cut, I (#5) and J (#6) pruned. D: K 14, L 5, M 2 (2 comes last, no cut
# before it), D = 2. A = max(3, <=2, 2) = 3, move B. The same under the strict rule (no
# equality is ever met) and under fail-hard (C then returns alpha = 3 as an upper bound).


def test_fig52_all_forms_of_the_right_answer() -> None:
    G = fig52()
    for text in (
        "value = 3\nmove = B\npruned = I J",
        "value = 3.0\nmove = b\npruned = #5 #6",
        "value = 3\nmove = B\npruned = C-I C->J",
        "value = 3\npruned_edges = (C, I) (C, J)",
        '{"value": 3, "move": "B", "pruned": [["C", "I"], ["C", "J"]]}',
        'value = 3\nmove = "B"\npruned = ["I", "J"]\n[values]\nC = "<=2"\nB = 3\n',
        "C = 2\nC.alpha = 3\nbeta C = 2\nD = 2\norder = E F G H K L M\npv = A B E",
        "pv = B E\nwindow C = [3, 2]\nvalues.C = <= 2",
    ):
        report = check(G, text)
        assert report.ok, (text, report.to_text())
        assert report.score == 1.0


def test_fig52_findings_name_the_leaf_and_the_reason() -> None:
    report = check(fig52(), "pruned = I K")
    assert verdicts(report) == [
        ("pruned I (#5)", "correct"),
        ("pruned J (#6)", "missing"),
        ("pruned K (#7)", "extra"),
    ]
    missing = report.findings[1]
    assert missing.explanation == (
        "leaf J is not evaluated: at C (MIN) the value 2 <= alpha 3 "
        "inherited from A after B returned 3"
    )
    assert "first child of D" in report.findings[2].explanation
    assert (report.right, report.asked) == (1, 3)


def test_fig52_subtree_is_read_as_its_leaves() -> None:
    # Claiming D's whole subtree: K, L, M are all evaluated -> three extra leaves, in one
    # finding for the subtree D that counts three; the report says it read subtrees.
    report = check(fig52(), "pruned = I J D")
    [extra] = report.wrong
    assert extra.item == "pruned D (3 leaves, #7-#9)" and extra.count == 3
    assert extra.leaves == ("K (#7)", "L (#8)", "M (#9)")
    assert extra.verdict is Verdict.EXTRA and extra.given == "pruned (as subtree D)"
    assert extra.explanation.startswith("D is searched: at A (MAX) the value so far 3 is not")
    assert (report.right, report.asked) == (2, 5)  # I, J right; K, L, M extra
    assert any("whole subtrees" in n for n in report.notes)
    # The JSON keeps the leaves and the count.
    data = report.to_dict()["findings"][2]
    assert data["count"] == 3 and data["leaves"] == ["K (#7)", "L (#8)", "M (#9)"]


def test_fig52_fail_hard_values() -> None:
    # Fail-hard: C returns its alpha 3 as an upper bound; 2 is the fail-soft answer.
    G = fig52()
    assert check(G, "C = 3", fail="hard").ok
    assert check(G, "C = <=3", fail="hard").ok
    assert check(G, "C = <=2", fail="hard").ok  # the bound C found is as true
    assert not check(G, "C = >=2", fail="hard").ok
    report = check(G, "C = 2", fail="hard")
    assert not report.ok
    assert any("fail-soft" in n for n in report.findings[0].notes)


def two_conventions() -> nx.DiGraph:
    # (A (B 3 5) (C 3 9)): B = 3, alpha 3 at A. C's first leaf F = 3: 3 <= alpha 3 cuts
    # when pruning on equality (G pruned); under the strict rule 3 < 3 fails, G (9) is
    # evaluated and C = 3 exactly. Ids: A; B C; D E (B's leaves); F G (C's).
    return gametree.from_nested([[3, 5], [3, 9]])


def test_two_conventions_by_hand() -> None:
    G = two_conventions()
    assert check(G, "pruned = G\nC = <=3").ok
    assert check(G, "pruned =\nC = 3", prune_on_equal=False).ok
    strict_answer = check(G, "pruned =")
    assert verdicts(strict_answer) == [("pruned G (#4)", "missing")]
    # Nothing pruned is also what right-to-left order and plain minimax give here.
    assert strict_answer.findings[0].notes[0] == (
        "this is what you get if you do not prune on equality (cut only when alpha > beta)"
    )
    aima_answer = check(G, "pruned = G", prune_on_equal=False)
    assert verdicts(aima_answer) == [("pruned G (#4)", "extra")]
    assert "also prune on equality" in aima_answer.findings[0].notes[0]
    order = check(G, "order = D E F", prune_on_equal=False)
    assert not order.ok and "also prune on equality" in order.findings[0].notes[0]


def test_right_to_left_order_is_named() -> None:
    # Right to left on Figure 5.2: D first (K.. evaluated right to left: M 2, L 5, K 14),
    # D = 2, alpha 2; C: J 6, I 4, H 2 <= 2 -> all evaluated (H last); B: G 8, F 12, E 3.
    # Right-to-left order: M L K J I H G F E.
    report = check(fig52(), "order = M L K J I H G F E")
    assert not report.ok
    assert any("right to left" in n for n in report.findings[0].notes)


def test_tie_break() -> None:
    # (A (B 3 4) (C 3 5)): B = 3, C = 3 exactly under the strict rule: both moves tie.
    G = gametree.from_nested([[3, 4], [3, 5]])
    report = check(G, "move = C", prune_on_equal=False)
    assert not report.ok and "broke the tie" in report.findings[0].notes[0]
    assert check(G, "move = C", prune_on_equal=False, tie_break="any").ok


def test_minimax_value_of_a_cut_node_is_explained() -> None:
    # (A (B 5 6) (C 4 1)): C is cut after 4 <= alpha 5; its minimax value 1 is not what
    # alpha-beta returns.
    G = gametree.from_nested([[5, 6], [4, 1]])
    report = check(G, "C = 1")
    assert not report.ok
    assert any("minimax" in n for n in report.findings[0].notes)
    assert check(G, "C = 4").ok and check(G, "C = <=4").ok and check(G, "C = ≤ 4").ok
    assert not check(G, "C = >=4").ok


def test_never_searched_node() -> None:
    # (A (B 5 6) (C 4 (D 1 2))): D is below C's cut; its value is "pruned".
    G = gametree.from_nested([[5, 6], [4, [1, 2]]])
    node_d = next(n for n in G.successors("C") if G.out_degree(n))
    assert check(G, f"{node_d} = pruned").ok
    assert check(G, f"{node_d} = -").ok
    wrong = check(G, f"{node_d} = 1")
    assert not wrong.ok and "not searched" in wrong.findings[0].explanation
    assert check(G, f"pruned = C-{node_d}").ok


def test_infinities_and_floats() -> None:
    # B = min(inf, inf) = inf, so A = inf; C's first leaf -inf <= alpha inf cuts.
    G = gametree.from_nested([[math.inf, math.inf], [-math.inf, 2]])
    for text in ("value = inf", "value = +∞", "value = Infinity", '{"value": "inf"}'):
        assert check(G, text).ok, text
    assert check(G, "value = inf\n").findings[0].given == "inf"
    H = gametree.from_nested([[10 / 3, 4], [1, 2]])
    assert check(H, "value = 3.33").ok
    assert check(H, "value = 10/3").ok
    assert check(H, "value = 3.3").ok  # 10/3 correctly rounded to one decimal
    assert not check(H, "value = 3.4").ok
    assert not check(H, "value = 3").ok


def test_malformed_items_are_findings_with_lines() -> None:
    text = "value = three\nQ = 3\nmove = B\nmove = C\npruned = I X-Y\nvalue\n"
    report = check(fig52(), text)
    by_line = {f.line: f for f in report.findings}
    assert by_line[1].verdict is Verdict.MALFORMED and "not a number" in by_line[1].explanation
    assert by_line[2].verdict is Verdict.MALFORMED and "unknown node 'Q'" in by_line[2].explanation
    assert by_line[3].ok
    assert by_line[4].verdict is Verdict.MALFORMED and "duplicate" in by_line[4].explanation
    assert by_line[5].verdict is Verdict.MALFORMED
    assert by_line[6].verdict is Verdict.MALFORMED
    assert not report.ok


def test_not_an_edge_and_positions() -> None:
    report = check(fig52(), "pruned = B-I\norder = #10")
    assert "not an edge" in report.findings[0].explanation
    assert "out of range" in report.findings[1].explanation
    assert "write #7" in check(fig52(), "pruned = 7").findings[0].explanation


def test_toml_duplicate_key_has_its_line() -> None:
    report = check(fig52(), 'value = 3\nmove = "B"\nvalue = 3\n')
    bad = [f for f in report.findings if f.verdict is Verdict.MALFORMED]
    assert len(bad) == 1 and bad[0].line == 3


def test_required_items() -> None:
    report = check(fig52(), "value = 3", require=("value", "pruned"))
    assert verdicts(report) == [("value", "correct"), ("pruned", "missing")]


def test_labels_name_nodes() -> None:
    G = fig52()
    G.nodes["B"]["label"] = "left"
    assert check(G, "move = left").ok
    G.edges["A", "B"]["move"] = "a1"
    assert check(G, "move = a1").ok


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_random_text_never_crashes(text: str) -> None:
    report = check(fig52(), text)
    assert 0.0 <= report.score <= 1.0


# --------------------------------------------------------------------------- properties

SMALL = trees(
    st.one_of(VALUES_TIES, VALUES_INT),  # many ties: the conventions differ on them
    max_branching=3,
    max_depth=4,
    players=st.sampled_from([("MAX", "MIN"), ("MIN", "MAX"), ("MAX", "MIN", "MIN")]),
)
CONVENTIONS = st.sampled_from([(True, "soft"), (False, "soft"), (True, "hard"), (False, "hard")])


def key_for(G: nx.DiGraph, convention: tuple[bool, str]) -> AnswerKey:
    return AnswerKey(G, prune_on_equal=convention[0], fail=convention[1])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SMALL, CONVENTIONS, st.sampled_from(["toml", "json", "text"]))
def test_answers_from_the_search_are_all_correct(
    G: nx.DiGraph, convention: tuple[bool, str], fmt: str
) -> None:
    key = key_for(G, convention)
    answers = key.answers()
    report = key.check(format_answers(answers, fmt))
    assert report.ok, report.to_text()
    assert report.asked >= 3


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SMALL, CONVENTIONS, st.randoms(use_true_random=False))
def test_equivalent_pruned_forms_give_the_same_findings(
    G: nx.DiGraph, convention: tuple[bool, str], rnd: random.Random
) -> None:
    key = key_for(G, convention)
    a = key.answers()
    leaves = a["pruned"]
    edges = a["pruned_edges"]
    tops = [e.split("-", 1)[1] for e in edges]
    positions = [f"#{key.position[x]}" for x in key.frontier if str(x) in leaves]
    mixed = [rnd.choice([e, t]) for e, t in zip(edges, tops, strict=True)]
    reference = leaf_verdicts(key.check({"pruned": leaves}))
    assert all(v == "correct" for _, v in reference)
    for form in (edges, tops, positions, mixed):
        assert leaf_verdicts(key.check({"pruned": form})) == reference
    assert leaf_verdicts(key.check({"pruned_edges": edges})) == reference


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SMALL, CONVENTIONS, st.randoms(use_true_random=False))
def test_grouped_pruned_findings_keep_every_leaf_verdict_and_the_score(
    G: nx.DiGraph, convention: tuple[bool, str], rnd: random.Random
) -> None:
    """Issue 26: one finding per subtree instead of per leaf; the verdict of every leaf
    and the score are those of the plain reference (leaf by leaf, from the search's
    evaluated leaves and the leaves below what was claimed)."""
    key = key_for(G, convention)
    plain = gametree.alphabeta(G, prune_on_equal=convention[0], fail=convention[1], annotate=False)
    leaves = [n for n in G if not G._succ[n]]
    expected = {x for x in leaves if x not in set(plain.visited_leaves)}
    claims = [n for n in rnd.sample(list(G), rnd.randint(0, len(G))) if n != key.root]
    given = {x for n in claims for x in (n, *nx.descendants(G, n)) if x in key.position}
    report = key.check({"pruned_nodes": [str(n) for n in claims]})
    want = {f"{x} (#{key.position[x]})": "correct" if x in given else "missing" for x in expected}
    want.update({f"{x} (#{key.position[x]})": "extra" for x in given - expected})
    got = dict(leaf_verdicts(report)) if given | expected else {}
    assert got == want
    right = sum(1 for v in want.values() if v == "correct")
    assert (report.right, report.asked) == ((right, len(want)) if want else (1, 1))
    for f in report.findings:
        if f.count > 1:  # a subtree: its leaves are all below the node it names
            top = f.item.split()[1]
            below = {
                f"{x} (#{key.position[x]})" for x in nx.descendants(G, top) if x in key.position
            }
            assert set(f.leaves) <= below


def _mutations(key: AnswerKey, rnd: random.Random) -> list[tuple[dict[str, object], str]]:
    """(answers with one mutation, the item the checker must name)."""
    a = key.answers()
    out: list[tuple[dict[str, object], str]] = []
    value = a["value"]
    new_value = 0 if isinstance(value, str) else value + 1
    out.append(({"value": new_value}, "value"))
    kids = [str(c) for c in key.G.successors(key.root)]
    if a["move"] is not None and len(kids) > 1:
        other = rnd.choice([c for c in kids if c != a["move"]])
        out.append(({"move": other}, "move"))
    pruned = list(a["pruned"])
    evaluated = [str(x) for x in key.frontier if str(x) not in pruned]
    if evaluated:
        extra = rnd.choice(evaluated)
        out.append(({"pruned": [*pruned, extra]}, f"pruned {key.name(key.resolve(extra))}"))
    if pruned:
        gone = rnd.choice(pruned)
        rest = [p for p in pruned if p != gone]
        out.append(({"pruned": rest}, f"pruned {key.name(key.resolve(gone))}"))
    node, v = rnd.choice(sorted(a["values"].items()))
    if isinstance(v, str) and v[:2] in ("<=", ">="):
        # Flip the bound: moving its number could land on a tighter bound the search
        # also proved (under fail-hard the bound found is accepted beside the clamped one).
        changed: object = {"<=": ">=", ">=": "<="}[v[:2]] + v[2:]
    elif isinstance(v, str):
        changed = 0
    else:
        changed = v + 1
    out.append(({"values": {node: changed}}, node))
    return out


@pytest.mark.slow
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SMALL, CONVENTIONS, st.randoms(use_true_random=False))
def test_every_single_mutation_is_caught_and_named(
    G: nx.DiGraph, convention: tuple[bool, str], rnd: random.Random
) -> None:
    key = key_for(G, convention)
    for answers, item in _mutations(key, rnd):
        report = key.check(answers)
        wrong = report.wrong
        assert [f.item for f in wrong] == [item], (answers, report.to_text())
        assert wrong[0].explanation


def test_mutations_on_fig52_by_hand() -> None:
    key = AnswerKey(fig52())
    assert [f.item for f in key.check({"value": 2, "move": "B"}).wrong] == ["value"]
    assert [f.item for f in key.check({"move": "D"}).wrong] == ["move"]
    assert [f.item for f in key.check({"pruned": ["I"]}).wrong] == ["pruned J (#6)"]


def test_report_formats() -> None:
    report = check(fig52(), "value = 4\npruned = I J")
    text = report.format("text")
    assert "WRONG      value (line 1): given 4; expected 3" in text
    assert text.rstrip().endswith("score: 2/3")
    md = report.format("markdown")
    assert "| value | wrong | 4 | 3 |" in md
    import json

    data = json.loads(report.format("json"))
    assert data["right"] == 2 and data["asked"] == 3
    with pytest.raises(ValueError, match="unknown format"):
        report.format("html")


def test_bad_options_raise() -> None:
    with pytest.raises(gametree.SearchError):
        AnswerKey(fig52(), window_at="middle")
    with pytest.raises(gametree.SearchError):
        AnswerKey(fig52(), require=("colour",))


# --------------------------------------------------------------------------- CLI


def test_check_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from gametree.cli import main

    tree = tmp_path / "fig52.tree"
    tree.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n")
    right = tmp_path / "right.txt"
    right.write_text("value = 3\nmove = B\npruned = I J\n")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('value = 3\nmove = "B"\npruned = ["I"]\n')
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing yet\n")
    assert main(["check", str(tree), str(right)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("score: 4/4")  # value, move, I, J
    assert main(["check", str(tree), str(wrong)]) == 1
    out = capsys.readouterr().out
    assert "MISSING    pruned J (#6) (line 3)" in out
    assert main(["check", str(tree), str(wrong), "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["right"] == 3  # value, move, I
    assert main(["check", str(tree), str(wrong), "--format", "markdown"]) == 1
    assert "| pruned J (#6) | missing |" in capsys.readouterr().out
    # Strict cut: nothing is pruned on Figure 5.2 either way (no equality is met).
    assert main(["check", str(tree), str(right), "--strict", "--fail", "hard"]) == 0
    capsys.readouterr()
    assert main(["check", str(tree), str(empty)]) == 2
    assert main(["check", str(tree), str(tmp_path / "missing.txt")]) == 2
    assert main(["check", str(tmp_path / "missing.tree"), str(right)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "missing" in err


def test_more_equivalent_forms() -> None:
    G = fig52()
    # The evaluation order given as leaf values, as some sheets ask for it.
    assert check(G, "order = 3 12 8 2 14 5 2").ok
    values_order = check(G, "order = 3 12 8 2 4 6 14 5 2")
    assert not values_order.ok
    assert any("minimax" in n for n in values_order.findings[0].notes)
    # A pruned leaf's value is printed on the sheet: saying it is not wrong.
    assert check(G, "I = 4\nJ = pruned").ok
    assert not check(G, "I = 5").ok
    # The PV by move labels.
    G.edges["A", "B"]["move"] = "left"
    G.edges["B", "E"]["move"] = "a"
    assert check(G, "pv = left a").ok


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(dags(max_depth=4), chance_trees(max_depth=4)),
    st.sampled_from(["alphabeta", "negamax_alphabeta", "pvs", "minimax"]),
    st.booleans(),
    st.booleans(),
)
def test_key_answers_correct_on_dags_and_chance_trees(
    G: nx.DiGraph, algorithm: str, poe: bool, tt: bool
) -> None:
    options = {} if algorithm == "minimax" else {"prune_on_equal": poe, "transposition_table": tt}
    key = AnswerKey(G, algorithm=algorithm, **options)  # type: ignore[arg-type]
    answers = key.answers()
    assert key.check(format_answers(answers, "toml")).ok
    assert key.check({"pruned": answers["pruned_edges"]}).ok


def test_depth_limited_horizon_nodes_are_leaves() -> None:
    # Depth 2 on a depth-3 tree: B..D's children E..J are the horizon, given values 1..6,
    # so they are the leaves #1..#6 of the search.
    G = gametree.from_nested([[[3, 12], [8, 1]], [[2, 4], [6, 7]], [[14, 5], [2, 0]]])
    for value, node in enumerate("EFGHIJ", 1):
        G.nodes[node]["value"] = value
    for node in "ABCD":
        G.nodes[node]["value"] = 0
    key = AnswerKey(G, depth=2)
    assert key.frontier == list("EFGHIJ")
    # B = min(E 1, F 2) = 1 -> alpha 1. C: G = 3 > 1, H = 4: C = 3. D: I = 5, J = 6: D = 5.
    # Nothing is cut (every MIN node's first value exceeds alpha), A = 5.
    assert key.answers()["value"] == 5 and key.answers()["pruned"] == []
    assert check(G, "value = 5\norder = #1 #2 #3 #4 #5 #6\npruned =", depth=2).ok


_KEYS = st.sampled_from(
    [
        "value",
        "move",
        "pruned",
        "pruned_edges",
        "pruned_nodes",
        "order",
        "pv",
        "A",
        "C",
        "I",
        "alpha C",
        "beta(A)",
        "window D",
        "C.alpha",
        "values.B",
        "[values]",
        "[alpha]",
        "x",
    ]
)
_TOKENS = st.sampled_from(
    [
        "A",
        "B",
        "C",
        "I",
        "#1",
        "#0",
        "#99",
        "C-I",
        "C->",
        "-",
        "->I",
        "(C, I)",
        "(C,",
        "<=2",
        ">=",
        "inf",
        "∞",
        "3",
        "3.5",
        "10/3",
        "1/0",
        "pruned",
        "",
        "[",
        "]",
        '"B"',
        "C-D",
        "A-B-E",
        "#",
        "nan",
        "1e309",
    ]
)
_LINES = st.tuples(_KEYS, st.sampled_from([" = ", "=", ": ", " "]), st.lists(_TOKENS, max_size=4))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_LINES, max_size=8), st.booleans(), st.sampled_from(["soft", "hard"]))
def test_answer_like_garbage_never_crashes(
    lines: list[tuple[str, str, list[str]]], poe: bool, fail: str
) -> None:
    text = "\n".join(k + sep + " ".join(tokens) for k, sep, tokens in lines)
    report = check(fig52(), text, prune_on_equal=poe, fail=fail)
    assert json.loads(report.format("json"))["asked"] == report.asked


def test_min_root_both_conventions_by_hand() -> None:
    # (A (B 4 6) (C 6 9)) with a MIN root: B (MAX) = 6, so A's beta is 6. C (MAX) sees F = 6:
    # cutting on >= gives 6 >= beta 6, G pruned, C returns 6 as a lower bound; cutting only
    # on > goes on, G = 9, C = 9 exactly. Either way A = min(6, C) = 6 and the move is B.
    G = gametree.from_nested([[4, 6], [6, 9]], players=("MIN", "MAX"))
    assert check(G, "value = 6\nmove = B\npruned = G\nC = >=6\nbeta C = 6").ok
    assert check(G, "C = 6").ok
    assert check(G, "value = 6\nmove = B\npruned =\nC = 9", prune_on_equal=False).ok
    report = check(G, "C = 9\npruned =")
    assert [f.verdict.value for f in report.findings] == ["wrong", "missing"]
    assert "do not prune on equality" in report.findings[0].notes[0]
    assert "at C (MAX) the value 6 >= beta 6 inherited from A after B returned 6" in (
        report.findings[1].explanation
    )


# --------------------------------------------------------------------------- moves

# moves.tree is Figure 5.2 labelled as the figure: a1..a3 from A, b1..d3 below; the
# pruned leaves I, J are the moves c2, c3 below a2.
MOVES = Path(__file__).resolve().parent.parent / "examples" / "trees" / "moves.tree"


@pytest.mark.parametrize(
    ("answer", "form"),
    [
        ("pruned = c2 c3", "as moves"),
        ("pruned = a2/c2 a2/c3", "as move paths from the root"),
        ("pruned = /a2/c2 a2/c3", "as move paths from the root"),
        ("pruned_moves = c2 c3", "as moves"),
        ("pruned = I J", "as leaves"),
        ("pruned = C-I C-J", "as edges"),
    ],
)
def test_pruned_by_move_or_id_says_which_form_it_read(answer: str, form: str) -> None:
    report = check(gametree.load(MOVES), answer)
    assert verdicts(report) == [("pruned I (#5)", "correct"), ("pruned J (#6)", "correct")]
    assert any("read pruned" in n and form in n for n in report.notes), report.notes


def test_a_wrong_move_path_is_graded_wrong_not_right() -> None:
    # a3/d2 is L (#8), evaluated; c2 is I, pruned. J is then missing.
    report = check(gametree.load(MOVES), "pruned = c2 a3/d2")
    assert verdicts(report) == [
        ("pruned I (#5)", "correct"),
        ("pruned J (#6)", "missing"),
        ("pruned L (#8)", "extra"),
    ]


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("pruned = a2/c9", "move path 'a2/c9' matches nothing: no move 'c9' after a2"),
        ("pruned = a4/c2", "no move 'a4' after the root"),
        ("pruned_moves = I", "no edge has the move 'I'"),
    ],
)
def test_move_paths_matching_nothing_are_unreadable(answer: str, message: str) -> None:
    report = check(gametree.load(MOVES), answer)
    assert [f.verdict for f in report.findings] == [Verdict.MALFORMED]
    assert message in report.findings[0].explanation


def test_a_token_that_is_both_an_id_and_a_move_is_an_error() -> None:
    # The move "B" leads to C while B is the other child: never guess.
    G = gametree.loads("(A x:(B 1 2) B:(C 3 4))")
    for answer in ("pruned = B", "move = B", "pv = B D"):
        report = check(G, answer)
        assert [f.verdict for f in report.findings] == [Verdict.MALFORMED], answer
        assert "ambiguous" in report.findings[0].explanation
    # The forms that say what they mean are read as written.
    assert check(G, "pruned_nodes = B").findings[0].given == "pruned (as subtree B)"
    assert check(G, "pruned_moves = B").findings[0].given == "pruned (as move B)"


def test_a_move_that_labels_several_edges_needs_a_path() -> None:
    G = gametree.loads("(A l:(B l:1 r:2) r:(C l:3 r:4))")
    report = check(G, "pruned = l")
    assert "labels 3 edges" in report.findings[0].explanation
    assert "move path from the root, such as /l" in report.findings[0].explanation
    # minimax prunes nothing: r/l (leaf 3) listed is extra.
    assert verdicts(check(G, "pruned = r/l", algorithm="minimax")) == [("pruned F (#3)", "extra")]


def test_move_and_pv_by_move() -> None:
    report = check(gametree.load(MOVES), "move = a1\npv = a1 b1")
    assert report.ok
    assert [(f.expected, f.given) for f in report.findings] == [
        ("a1 (to B)", "a1 (to B)"),
        ("a1 b1", "a1 b1"),
    ]
    wrong = check(gametree.load(MOVES), "move = a3").findings[0]
    assert (wrong.verdict, wrong.expected, wrong.given) == (Verdict.WRONG, "a1 (to B)", "a3 (to D)")
    ids = AnswerKey(gametree.load(MOVES), ids=True).check("move = a1\npv = a1 b1")
    assert [(f.expected, f.given) for f in ids.findings] == [("B", "B"), ("A B E", "A B E")]


def test_game_trees_read_an_ambiguous_token_as_the_move_and_say_so() -> None:
    from gametree.games import TicTacToe, expand

    G = expand(TicTacToe(), depth=1)  # root 0; node k + 1 is the move k
    report = check(G, "move = 4", algorithm="minimax")
    assert report.ok and report.findings[0].given == "4 (to 5)"
    assert any("'4' read as the move to 5, not the node 4" in n for n in report.notes)
    # In pruned a move labelling one edge is still ambiguous with the node: an error.
    bad = check(G, "pruned = 4", algorithm="minimax").findings[0]
    assert bad.verdict is Verdict.MALFORMED and "ambiguous" in bad.explanation


def test_cli_check_reads_move_paths(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from gametree.cli import main

    answers = tmp_path / "a.txt"
    answers.write_text("move = a1\npruned = a2/c2 a2/c3\n")
    assert main(["check", str(MOVES), str(answers)]) == 0
    out = capsys.readouterr().out
    assert "read pruned (line 2) as move paths from the root" in out
    assert "move (line 1): a1 (to B)" in out
    assert main(["check", str(MOVES), str(answers), "--ids"]) == 0
    assert "move (line 1): B" in capsys.readouterr().out


def test_the_key_of_a_game_tree_checks_as_right() -> None:
    from gametree.games import Nim, TicTacToe, expand

    # Node ids 0..8 are also tic-tac-toe moves: the key names children so that they
    # read back as the same nodes (moves for the move and the PV, #k for such leaves).
    ttt = TicTacToe()
    for G in (
        expand(ttt, depth=2),
        expand(ttt, ttt.state("XO-/-X-/--O", "O")),
        expand(Nim((2, 2))),
    ):
        key = AnswerKey(G)
        answers = key.answers()
        assert key.check(answers).ok, key.check(answers).to_text()
        assert key.check({k: answers[k] for k in ("move", "pv", "pruned")}).score == 1.0
    key = AnswerKey(gametree.load(MOVES))
    assert (key.answers()["move"], key.answers()["pv"]) == ("a1", ["a1", "b1"])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SMALL, CONVENTIONS, st.randoms(use_true_random=False))
def test_pruned_by_move_path_grades_like_pruned_by_edge(
    G: nx.DiGraph, convention: tuple[bool, str], rnd: random.Random
) -> None:
    # Moves L0, L1, ... by child position: every move labels many edges, so only paths
    # name one; a random subset of the cut edges (and a random evaluated edge) is given
    # both ways and must get the same findings, leaf by leaf.
    for u in G:
        for i, v in enumerate(G.successors(u)):
            G.edges[u, v]["move"] = f"L{i}"
    key = key_for(G, convention)
    root = key.root
    edges = [tuple(e.split("-", 1)) for e in key.answers()["pruned_edges"]]
    chosen = [e for e in edges if rnd.random() < 0.7]
    others = [e for e in G.edges if e not in edges]
    if others and rnd.random() < 0.5:
        chosen.append(rnd.choice(others))
    by_id = verdicts(key.check({"pruned_edges": [f"{u}-{v}" for u, v in chosen]}))
    paths = [move_path(G, v, root) for _, v in chosen]
    assert verdicts(key.check({"pruned": paths})) == by_id
    assert verdicts(key.check({"pruned_moves": paths})) == by_id


# --------------------------------------------------------------------------- size and depth
# (issue 10: checking must stay linear; these pin what the faster paths must still say)


def caterpillar(depth: int) -> nx.DiGraph:
    """A (MAX) over B (MIN: 5) and C (MIN: 3, then X0): 3 <= alpha 5 cuts off X0, the top
    of a spine X0 .. X{depth-1} with one leaf L{i} hanging from each spine node."""
    G = nx.DiGraph()
    G.add_node("A", player="MAX")
    for inner, leaf, value in (("B", "b", 5), ("C", "c", 3)):
        G.add_node(inner, player="MIN")
        G.add_node(leaf, value=value)
        G.add_edge("A", inner)
        G.add_edge(inner, leaf)
    G.add_edge("C", "X0")
    for i in range(depth):
        G.add_node(f"X{i}", player="MAX" if i % 2 else "MIN")
        G.add_node(f"L{i}", value=i)
        G.add_edge(f"X{i}", f"L{i}")
        if i + 1 < depth:
            G.add_edge(f"X{i}", f"X{i + 1}")
    return G


@pytest.fixture
def low_recursion_limit() -> object:
    import sys

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(1_000)
    yield
    sys.setrecursionlimit(old)


@pytest.mark.usefixtures("low_recursion_limit")
def test_every_leaf_deep_under_one_cut_names_that_cut() -> None:
    depth = 20_000
    key = AnswerKey(caterpillar(depth))
    report = key.check("pruned = C-X0")
    assert report.ok and report.asked == depth
    cut = "at C (MIN) the value 3 <= alpha 5 inherited from A after B returned 5"
    # One finding for the subtree X0 the cut removes, counting its 20,000 leaves.
    [f] = report.findings
    assert f.item == f"pruned X0 ({depth} leaves, #3-#{depth + 2})"
    assert f.given == "pruned (as edge C-X0)" and f.count == depth
    assert f.explanation == f"node X0 is not searched: {cut}"
    for i in (0, 1, depth // 2, depth - 1):
        assert f.leaves[i] == f"L{i} (#{i + 3})"
        reason = key.pruned_reason(f"L{i}")
        assert reason == f"leaf L{i} is not evaluated: it is below X0, which is cut off: {cut}"


@pytest.mark.usefixtures("low_recursion_limit")
def test_nested_claims_name_each_leaf_by_the_first_claim_above_it() -> None:
    depth = 20_000
    report = check(caterpillar(depth), "pruned = X5 X0 L3")
    assert report.ok and report.asked == depth
    given = {name.split()[0]: f.given for name, f in leaf_findings(report)}
    assert given["L0"] == given["L4"] == "pruned (as subtree X0)"
    assert given["L3"] == "pruned (as subtree X0)"  # X0 comes before the leaf itself
    assert given["L5"] == given[f"L{depth - 1}"] == "pruned (as subtree X5)"


@pytest.mark.slow
@pytest.mark.usefixtures("low_recursion_limit")
def test_listing_every_searched_node_of_a_deep_chain() -> None:
    # Every node of a 20,000-deep chain is searched: naming them all as pruned cuts off
    # the one leaf, which is evaluated. Each claim reaches that wrong leaf, so the one
    # finding is the leaf's (no claim is wrong on its own).
    G = gametree.random_tree(1, 20_000, seed=1)
    inner = [str(n) for n in G if G._succ[n]]
    report = check(G, {"pruned": inner})
    assert [f.verdict.value for f in report.findings] == ["extra"]
    assert report.findings[0].expected == "evaluated"


@pytest.mark.slow
def test_extra_leaves_of_a_wide_star_give_their_rank() -> None:
    n = 20_000
    G = nx.DiGraph()
    G.add_node("R", player="MAX")
    for i in range(n):
        G.add_node(f"v{i}", value=i % 7)
        G.add_edge("R", f"v{i}")
    report = check(G, {"pruned": [f"v{i}" for i in range(n)]})
    assert report.asked == n and report.right == 0
    assert report.findings[0].explanation.startswith("leaf v0 is evaluated (1st): it is the first")
    last = report.findings[-1].explanation
    assert last.startswith(f"leaf v{n - 1} is evaluated ({n}th): at R (MAX) the value so far 6 is")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(SMALL, dags(max_depth=4)), st.randoms(use_true_random=False))
def test_given_and_reasons_match_a_plain_reference(G: nx.DiGraph, rnd: random.Random) -> None:
    # The reference, written plainly: a leaf's "given" names the first claimed node above
    # it; a pruned leaf's reason names the nearest skipped node above it, breadth first.
    key = AnswerKey(G)
    nodes = list(G)
    claims = [n for n in rnd.sample(nodes, rnd.randint(0, len(nodes))) if n != key.root]
    report = key.check({"pruned_nodes": [str(n) for n in claims]})
    named: dict[object, str] = {}
    for n in claims:
        if G._succ[n] and n not in key.position:
            for x in [n, *nx.descendants(G, n)]:
                if x in key.position:
                    named.setdefault(x, f"pruned (as subtree {n})")
    cut_at = key.main.cut_at
    for name, f in leaf_findings(report):
        if not f.item.startswith("pruned ") or f.expected == "searched":
            continue
        leaf = key.frontier[int(name.rsplit("#", 1)[1].rstrip(")")) - 1]
        if f.given != "not listed":
            assert f.given == named.get(leaf, "pruned")
        if f.expected != "pruned":
            continue
        seen, queue, above = {leaf}, [leaf], None
        while queue and above is None:
            x = queue.pop(0)
            if x in cut_at:
                above = x
            for p in G._pred[x]:
                if p not in seen:
                    seen.add(p)
                    queue.append(p)
        assert above is not None
        if f.count > 1:  # the finding of the subtree cut off at ``above``
            assert f.explanation.startswith(f"node {above} is not searched: ")
        elif above != leaf:
            assert f"it is below {above}, which is cut off" in f.explanation


def test_a_comparison_in_the_name_suggests_the_bound() -> None:
    """Issue 35: ``C <= -2`` was read as the node 'C <' and told "unknown node 'C <'"."""
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    report = gametree.AnswerKey(G).check("C <= 2\nD >= 2\n")
    whys = [f.explanation for f in report.findings]
    assert "to give C a bound, write 'C = <=2'" in whys[0]
    assert "to give D a bound, write 'D = >=2'" in whys[1]


def test_bounds_can_be_required() -> None:
    """Issue 35: ``C = 2`` is accepted where the key says ``<=2`` (kept by default);
    require_bounds makes it wrong and says why, and still accepts ``<=2``."""
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert gametree.AnswerKey(G).check("C = 2\nB = 3").score == 1.0
    strict = gametree.AnswerKey(G, require_bounds=True)
    report = strict.check("C = 2\nB = 3")
    assert [f.verdict.name for f in report.findings] == ["WRONG", "CORRECT"]
    assert "the search returns only the bound <=2" in report.findings[0].notes[0]
    assert strict.check("C = <=2\nB = 3").score == 1.0


def test_require_bounds_on_the_command_line(tmp_path: Path) -> None:
    from gametree.cli import main

    (tmp_path / "t.tree").write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n")
    (tmp_path / "a.txt").write_text("C = 2\n")
    argv = ["check", str(tmp_path / "t.tree"), str(tmp_path / "a.txt")]
    assert main(argv) == 0
    assert main([*argv, "--require-bounds"]) == 1
