"""The widget's state in Python's terms (gametree/drawing/widgetstate.py): a practice
page's answers read as the checker reads the exported file and back, and tree edits.
No browser: the state is what the page's script keeps (its layout is in the module)."""

from __future__ import annotations

from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree.drawing.html import build_page
from gametree.drawing.widgetstate import (
    answers_from_state,
    edit_tree,
    empty_state,
    state_from_answers,
)
from gametree.exceptions import AnswerFormatError, InvalidTreeError
from tests.strategies import chance_trees, small_trees

FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"
ALL = ["pruned", "values", "alpha", "beta", "move"]


def _page(G, **kwargs):
    return build_page(G, mode="practice", **kwargs).data


def _numbers(data):
    nodes = data["exercises"][0]["nodes"]
    number = {n["name"]: i for i, n in enumerate(nodes)}
    edge = {(nodes[u]["name"], nodes[v]["name"]): j
            for j, (u, v) in enumerate(data["exercises"][0]["edges"])}  # fmt: skip
    return number, edge


def _items(answers):
    return [(i.kind, i.node, i.given) for i in answers.items]


def test_the_solution_state_reads_as_the_checker_reads_it():
    # AIMA Figure 5.2 by hand: alpha-beta cuts C-I and C-J; A = B = 3, C <= 2 (it stops
    # at its first leaf), D = 2; the best move is B.
    G = gametree.parse(FIG52)
    data = _page(G, ask=ALL)
    n, e = _numbers(data)
    state = {"cuts": {str(e[("C", "I")]): True, str(e[("C", "J")]): True, "0": False},
             "values": {str(n["A"]): "3", str(n["B"]): " 3 ", str(n["C"]): "<=2",
                        str(n["D"]): "2", str(n["E"]): "3"},  # E is a leaf: no box
             "alpha": {str(n["C"]): "3"}, "beta": {str(n["C"]): ""},
             "move": n["B"], "conv": 0}  # fmt: skip
    answers = answers_from_state(data, state)
    assert _items(answers) == [
        ("move", None, "B"),
        ("pruned", None, ("C-I", "C-J")),
        ("node_value", "A", "3"),
        ("node_value", "B", "3"),
        ("node_value", "C", "<=2"),
        ("node_value", "D", "2"),
        ("alpha", "C", "3"),  # an empty box is not an answer
    ]
    report = gametree.check(G, answers)
    assert report.ok and report.asked == 8  # move, I, J, A, B, C, D, alpha C


def test_only_asked_items_are_read_and_nothing_marked_is_an_answer():
    G = gametree.parse(FIG52)
    data = _page(G, ask=["pruned"])
    n, _ = _numbers(data)
    answers = answers_from_state(data, {"values": {str(n["A"]): "3"}, "move": 1})
    assert _items(answers) == [("pruned", None, ())]  # "pruned = []", as the page exports
    # Nothing marked: I and J are missing (by hand, as above).
    verdicts = [(f.item, f.verdict.value) for f in gametree.check(G, answers).findings]
    assert verdicts == [("pruned I (#5)", "missing"), ("pruned J (#6)", "missing")]


def test_the_chosen_convention_decides_which_boxes_exist():
    # (A (B 3 12 8) (C 3 4 6) (D 14 5 2)): C's first leaf 3 ties alpha 3. Cutting on
    # equality prunes I and J (C then has no window to ask about beyond H); the strict
    # rule searches them. Both ask the inner nodes above the frontier: A, B, C, D.
    G = gametree.parse("(A (B 3 12 8) (C 3 4 6) (D 14 5 2))")
    data = _page(G, conventions=["alphabeta", "alphabeta:strict"])
    n, _ = _numbers(data)
    state = {"values": {str(n[x]): "3" for x in "ABCD"}, "conv": 1}
    assert [i.node for i in answers_from_state(data, state).items[1:]] == list("ABCD")
    assert answers_from_state(data, {**state, "conv": 7}).items == (
        answers_from_state(data, {**state, "conv": 0}).items
    )


BAD_STATES = [
    ({"move": 999}, "the page's move: 999 is not a node of the drawing (numbered 0 to 12)"),
    ({"move": -1}, "the page's move: -1 is not a node of the drawing"),
    ({"move": True}, "the page's move: True is not a node"),
    ({"move": "B"}, "the page's move: 'B' is not a node"),
    ({"move": 2}, "the page's move: node 2 (E) is not a child of the root"),
    ({"cuts": [1, 2]}, "the page's cuts must be an object by number"),
    ({"cuts": "7"}, "the page's cuts must be an object by number"),
    ({"cuts": {"-1": True}}, "the page's cuts: '-1' is not an edge of the drawing"),
    ({"cuts": {"12": True}}, "the page's cuts: '12' is not an edge of the drawing (numbered 0"),
    ({"cuts": {"x": True}}, "the page's cuts: 'x' is not an edge"),
    ({"cuts": {"٣": True}}, "the page's cuts: '٣' is not an edge"),
    ({"cuts": {"7": "yes"}}, "the page's cuts: edge '7' is 'yes', not true or false"),
    ({"values": {"5": ["<=2"]}}, "the page's values: node 5 holds ['<=2'], not a typed text"),
    ({"values": {"5": None}}, "the page's values: node 5 holds None"),
    ({"alpha": {"13": "3"}}, "the page's alpha: '13' is not a node of the drawing"),
    ({"beta": 3}, "the page's beta must be an object by number"),
]  # fmt: skip


@pytest.mark.parametrize(("state", "message"), BAD_STATES)
def test_a_state_the_page_never_writes_is_refused_naming_what(state, message):
    """Issue 33: {"move": 999} and {"cuts": [1, 2]} raised IndexError/AttributeError,
    and -1 read as the last edge; each is an AnswerFormatError now."""
    data = _page(gametree.parse(FIG52), ask=ALL)
    with pytest.raises(AnswerFormatError) as raised:
        answers_from_state(data, state)
    assert str(raised.value).startswith(message)


def test_a_state_that_is_not_an_object_is_refused():
    data = _page(gametree.parse(FIG52), ask=ALL)
    with pytest.raises(AnswerFormatError, match=r"the page's state must be an object, got \[\]"):
        answers_from_state(data, [])  # type: ignore[arg-type]


def test_a_table_not_asked_is_still_read_for_shape():
    data = _page(gametree.parse(FIG52))  # asks pruned and values only
    with pytest.raises(AnswerFormatError, match="the page's alpha: '99'"):
        answers_from_state(data, {"alpha": {"99": "3"}})
    assert [i.kind for i in answers_from_state(data, {"alpha": {"5": "3"}}).items] == ["pruned"]


def test_json_keys_and_numbers_read_alike():
    data = _page(gametree.parse(FIG52), ask=ALL)
    number, edge = _numbers(data)
    by_text = {"cuts": {str(edge[("C", "I")]): True}, "values": {str(number["C"]): "<=2"},
               "move": number["B"]}  # fmt: skip
    by_int = {"cuts": {edge[("C", "I")]: True}, "values": {number["C"]: "<=2"},
              "move": str(number["B"])}  # fmt: skip
    read = [
        [(i.kind, i.given) for i in answers_from_state(data, s).items] for s in (by_text, by_int)
    ]
    assert read[0] == read[1] == [("move", "B"), ("pruned", ("C-I",)), ("node_value", "<=2")]


def test_answers_become_the_state_that_shows_them():
    G = gametree.parse(FIG52)
    data = _page(G, ask=ALL)
    n, e = _numbers(data)
    text = 'move = "B"\npruned = ["C-I", "J"]\n[values]\nC = "<=2"\n[alpha]\nC = "3"'
    state = state_from_answers(data, gametree.parse_answers(text), conv=0)
    assert state == {**empty_state(), "cuts": {str(e[("C", "I")]): True,
                                              str(e[("C", "J")]): True},
                     "values": {str(n["C"]): "<=2"}, "alpha": {str(n["C"]): "3"},
                     "move": n["B"]}  # fmt: skip
    # An edge given as a pair, and a whole subtree (the edge into it).
    pairs = gametree.parse_answers({"pruned": [["C", "I"], "D"]})
    assert state_from_answers(data, pairs)["cuts"] == {
        str(e[("C", "I")]): True, str(e[("A", "D")]): True
    }  # fmt: skip


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("pruned = Z", "'Z' is not a node of the drawing"),
        ("pruned = A", "the root has no edge into it"),
        ("pruned = B-I", "B-I is not an edge"),
        ("order = E F G", "does not ask for the order"),
        ("move = D-K", "is not a move at the root"),
        ("value = 3\nvalue = 4", "cannot read the answers: line 2: duplicate key 'value'"),
    ],
)
def test_answers_a_page_cannot_show_are_refused_clearly(text, message):
    data = _page(gametree.parse(FIG52), ask=ALL)
    with pytest.raises(AnswerFormatError, match=message):
        state_from_answers(data, gametree.parse_answers(text))


@st.composite
def page_and_state(draw):
    G = draw(small_trees(max_leaves=12, max_depth=4))
    data = _page(G, ask=ALL)
    exercise = data["exercises"][0]
    inner = exercise["practice"][0]["inner"]
    texts = st.sampled_from(["3", "<=2", ">=5", "pruned", "-", "inf", "x", "2.5"])
    cuts = draw(st.sets(st.integers(0, len(exercise["edges"]) - 1), max_size=4))
    state = {**empty_state(),
             "cuts": {str(j): True for j in sorted(cuts)},
             "values": {str(i): draw(texts) for i in inner if draw(st.booleans())},
             "alpha": {str(i): draw(texts) for i in inner if draw(st.booleans())},
             "beta": {str(i): draw(texts) for i in inner if draw(st.booleans())},
             "move": draw(st.sampled_from([None, *exercise["nodes"][0]["children"]]))}  # fmt: skip
    return G, data, state


@settings(max_examples=60, deadline=None)
@given(page_and_state())
def test_a_state_survives_the_trip_to_answers_and_back(case):
    _, data, state = case
    answers = answers_from_state(data, state)
    assert state_from_answers(data, answers) == state
    # What gametree check reads from the text the page exports is the same answer set.
    assert _items(gametree.parse_answers(gametree.format_answers(_mapping(answers)))) == (
        [(k, n, tuple(v) if isinstance(v, list) else v) for k, n, v in _items(answers)]
    )


def _mapping(answers):
    out = {}
    for item in answers.items:
        if item.kind == "node_value":
            out.setdefault("values", {})[item.node] = item.given
        elif item.kind in ("alpha", "beta"):
            out.setdefault(item.kind, {})[item.node] = item.given
        else:
            out[item.kind] = list(item.given) if isinstance(item.given, tuple) else item.given
    return out


# ---------------------------------------------------------------------------- edits


def test_edits_by_hand():
    G = gametree.parse(FIG52)
    H = edit_tree(G, "value", "I", value="−7/2")  # the page's minus sign, a fraction
    assert H.nodes["I"]["value"] == -3.5 and G.nodes["I"]["value"] == 4  # G untouched
    assert edit_tree(G, "value", "I", value="∞").nodes["I"]["value"] == float("inf")
    assert edit_tree(G, "swap", "C").nodes["C"]["player"] == "MAX"
    assert edit_tree(G, "swap", "A").nodes["A"]["player"] == "MIN"
    added = edit_tree(G, "add", "C")
    assert list(added.successors("C")) == ["H", "I", "J", "N"] and added.nodes["N"]["value"] == 0
    # A leaf that gets a child: the opposite player of its MIN parent, its value moves down.
    grown = edit_tree(G, "add", "E")
    assert grown.nodes["E"]["player"] == "MAX" and "value" not in grown.nodes["E"]
    assert [grown.nodes[c]["value"] for c in grown.successors("E")] == [3]
    assert gametree.alphabeta(grown, annotate=False).value == 3  # the same game
    removed = edit_tree(G, "remove", "B")
    assert sorted(removed) == sorted(set(G) - {"B", "E", "F", "G"})
    assert gametree.alphabeta(removed, annotate=False).value == 2  # max(min(2,4,6), 2)
    # A name freed by a removal goes to no other node: the new leaf is N, after M.
    regrown = edit_tree(edit_tree(G, "remove", "J"), "add", "D")
    assert list(regrown.successors("D")) == ["K", "L", "M", "N"]
    # Integer ids get the next integer.
    T = nx.relabel_nodes(G, {x: k for k, x in enumerate(G)})
    T.graph.pop("root", None)
    assert max(edit_tree(T, "add", 0)) == 13


def test_search_annotations_are_cleared():
    G = gametree.parse(FIG52)
    gametree.alphabeta(G)
    H = edit_tree(G, "swap", "B")
    assert "search" not in H.graph and "status" not in H.nodes["I"]


@pytest.mark.parametrize(
    ("edit", "node", "value", "message"),
    [
        ("value", "C", "3", "C is an inner node"),
        ("value", "I", "twelve", "'twelve' is not a number"),
        ("value", "I", "1e999", "beyond float range"),
        ("swap", "I", None, "I is a leaf: only MAX and MIN swap"),
        ("remove", "A", None, "A is the root"),
        ("rotate", "A", None, "unknown edit 'rotate'"),
        ("add", "Q", None, "'Q' is not a node"),
    ],
)
def test_edits_the_tree_cannot_take_say_why(edit, node, value, message):
    with pytest.raises(InvalidTreeError, match=message) as raised:
        edit_tree(gametree.parse(FIG52), edit, node, value=value)
    assert raised.value.node == node


def test_a_last_child_and_chance_outcomes_with_probabilities_stay():
    G = gametree.parse("(A (B 3) (C 2 4))")
    with pytest.raises(InvalidTreeError, match="only child of B"):
        edit_tree(G, "remove", next(iter(G.successors("B"))))
    C = gametree.parse("(A CHANCE (B 3) (C 2 4))")
    for u, v in C.edges("A"):
        C.edges[u, v]["prob"] = 0.5
    with pytest.raises(InvalidTreeError, match="carry probabilities"):
        edit_tree(C, "add", "A")
    with pytest.raises(InvalidTreeError, match="carry probabilities"):
        edit_tree(C, "remove", "B")
    # Equally likely outcomes (no probabilities written) take a new one.
    del C.edges["A", "B"]["prob"], C.edges["A", "C"]["prob"]
    assert len(list(edit_tree(C, "add", "A").successors("A"))) == 3


def test_a_node_with_two_parents_needs_the_edge_named():
    G = gametree.load(Path(__file__).parent.parent / "examples" / "trees" / "dag.tree")
    shared = next(x for x in G if G.in_degree(x) > 1)
    with pytest.raises(InvalidTreeError, match="parents: say which edge"):
        edit_tree(G, "remove", shared)
    parent = next(iter(G.predecessors(shared)))
    H = edit_tree(G, "remove", shared, parent=parent)
    assert shared in H and not H.has_edge(parent, shared)  # still below its other parent


@settings(max_examples=80, deadline=None)
@given(st.one_of(small_trees(max_leaves=15), chance_trees(max_depth=3)), st.data())
def test_every_edit_makes_a_valid_tree_or_says_why(G, data):
    # Against what each edit means, counted on the graph: a value or a swap keeps the
    # nodes, an add makes one more, a remove takes the node's subtree away.
    for _ in range(4):
        node = data.draw(st.sampled_from(sorted(G)))
        edit = data.draw(st.sampled_from(["value", "swap", "add", "remove"]))
        value = data.draw(st.sampled_from(["5", "-1.5", "3/4", "inf", "x"]))
        try:
            H = edit_tree(G, edit, node, value=value)
        except InvalidTreeError as exc:
            assert str(exc) and exc.node == node
            continue
        gametree.validate(H)
        if edit in ("value", "swap"):
            assert sorted(H) == sorted(G)
        elif edit == "add":
            assert len(H) == len(G) + 1 and len(list(H.successors(node))) >= 1
        else:
            assert set(H) == set(G) - ({node} | nx.descendants(G, node))
        G = H
