"""The notebook widget's Python side (gametree/drawing/notebook.py), without a browser:
what Python changes reaches the model the picture draws from, and what the picture
writes into the model (the answers, the step, an edit message) comes back to Python as
the checker's answers and a valid tree. The real front end is tested in JupyterLab by
tests/test_notebook_browser.py."""

from __future__ import annotations

import html
import re
import subprocess
import sys

import pytest

import gametree
from gametree.drawing.notebook import NOTEBOOK_EXTRA, widget_class
from gametree.exceptions import AnswerFormatError, InvalidTreeError, RenderError, SearchError

# These two run without anywidget too (where they matter most); the rest need it.
WITHOUT_ANYWIDGET = (
    "test_without_anywidget_one_clear_error_names_the_extra",
    "test_importing_and_using_gametree_never_imports_anywidget",
)


@pytest.fixture(autouse=True)
def _anywidget(request):
    if request.function.__name__ not in WITHOUT_ANYWIDGET:
        pytest.importorskip(
            "anywidget", reason="anywidget is not installed (pip install -e '.[test]')"
        )


FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"
TIE = "(A (B 3 12 8) (C 3 4 6) (D 14 5 2))"  # C's first leaf ties alpha = 3


def _numbers(w):
    nodes = w._data["exercises"][0]["nodes"]
    number = {n["name"]: i for i, n in enumerate(nodes)}
    edge = {(nodes[u]["name"], nodes[v]["name"]): j
            for j, (u, v) in enumerate(w._data["exercises"][0]["edges"])}  # fmt: skip
    return number, edge


def _finding(f):
    return (f.item, f.verdict, f.expected, f.given, f.explanation, f.notes)  # not the line


def _cut_at_the_end(w, convention=0):
    steps = w._data["exercises"][0]["explore"][convention]["steps"]
    return sorted(j for s in steps for j in s.get("x", ()))


def test_without_anywidget_one_clear_error_names_the_extra(monkeypatch):
    widget_class.cache_clear()
    monkeypatch.setitem(sys.modules, "anywidget", None)  # as if not installed
    try:
        with pytest.raises(RenderError, match=re.escape(NOTEBOOK_EXTRA)) as raised:
            gametree.widget(gametree.parse(FIG52))
        assert str(raised.value).startswith("gametree.widget needs anywidget: pip install")
        assert isinstance(raised.value, RuntimeError)  # the builtin RenderError also is
    finally:
        widget_class.cache_clear()


def test_importing_and_using_gametree_never_imports_anywidget():
    # Every module of the package imported (the command-line entry point aside), the
    # page and the static display made: no widget library is loaded.
    code = (
        "import importlib, pkgutil, sys, gametree\n"
        "for m in pkgutil.walk_packages(gametree.__path__, 'gametree.'):\n"
        "    if not m.name.endswith('__main__'):\n"
        "        importlib.import_module(m.name)\n"
        "G = gametree.parse('(A 1 2)')\n"
        "gametree.to_html(G); gametree.show(G)._repr_mimebundle_()\n"
        "print(sorted(m for m in ('anywidget', 'ipywidgets', 'traitlets') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_python_steps_the_picture_within_the_trace():
    w = gametree.widget(gametree.parse(FIG52))
    assert (w.steps, w.step, w.mode) == (30, 0, "explore")  # 30 trace events (AIMA 5.2)
    w.step = 17
    assert w.step == 17
    w.step = 99
    assert w.step == 30
    w.step = -4
    assert w.step == 0


def test_changing_the_algorithm_or_a_convention_option_runs_the_search_again():
    G = gametree.parse(TIE)
    w = gametree.widget(G)
    _, edge = _numbers(w)
    # By hand: cutting on equality, C's 3 <= alpha 3 prunes I and J; the strict rule
    # searches them. D's value drops to alpha or below only at its last leaf (14, 5,
    # then 2), so nothing is pruned below D under either rule.
    assert _cut_at_the_end(w) == sorted([edge[("C", "I")], edge[("C", "J")]])
    w.prune_on_equal = False
    assert _cut_at_the_end(w) == []
    assert w._data["conventions"][0]["label"] == "alphabeta, cut only when α > β, fail-soft"
    w.algorithm = "minimax"
    assert (w.steps, _cut_at_the_end(w)) == (len(list(gametree.search_trace(G, "minimax"))), [])
    assert w._data["conventions"][0]["options"] == {}  # minimax takes no cut rule
    with pytest.raises(SearchError, match="depth limit 1 reached at internal node 'B'"):
        w.depth = 1  # B, C and D have no heuristic value
    assert w.depth is None
    for node, value in (("B", 4), ("C", 1), ("D", 6)):
        G.nodes[node]["value"] = value
    w.tree, w.algorithm, w.depth = G, "alphabeta", 1
    assert w.steps == len(list(gametree.search_trace(G, depth=1, prune_on_equal=False)))


def test_a_bad_change_is_refused_and_the_picture_stays():
    w = gametree.widget(gametree.parse(FIG52))
    w.step = 12
    before = w._data
    with pytest.raises(SearchError, match="'nope' is not known"):
        w.algorithm = "nope"
    assert (w.algorithm, w._data, w.step) == ("alphabeta", before, 12)
    with pytest.raises(RenderError, match="unknown mode"):
        w.mode = "exam"
    assert w.mode == "explore"
    with pytest.raises(InvalidTreeError):
        w.tree = gametree.parse("(A 1 2)").reverse()
    assert len(w.tree) == 13


def test_more_conventions_and_views_reach_the_picture():
    G = gametree.parse(FIG52)
    w = gametree.widget(G, conventions=["alphabeta", "pvs", "alphabeta"])
    assert [c["algorithm"] for c in w._data["conventions"]] == ["alphabeta", "pvs"]
    w.convention = 1
    assert w.steps == len(list(gametree.search_trace(G, "pvs")))
    w.convention = 5
    assert w.convention == 1
    w.collapse = "pruned"
    kinds = [n["kind"] for n in w._data["exercises"][0]["nodes"]]
    assert kinds.count("STUB") == 1 and len(kinds) == 12  # I and J folded into one stub
    w.collapse, w.focus = None, "C"
    assert [n["name"] for n in w._data["exercises"][0]["nodes"]] == ["A", "C", "H", "I", "J"]


def test_a_search_result_and_mcts_set_the_convention():
    G = gametree.parse(FIG52)
    w = gametree.widget(G, gametree.pvs(G, fail="hard", annotate=False))
    assert (w.algorithm, w.fail, w.prune_on_equal) == ("pvs", "hard", True)
    m = gametree.widget(G, conventions=[{"algorithm": "mcts", "iterations": 12, "seed": 7}])
    assert m.algorithm == "mcts" and m.options == {"iterations": 12, "seed": 7}
    assert m.steps == len(gametree.mcts(G, iterations=12, seed=7, trace=True).trace)
    assert m.svg().startswith("<svg")


def test_answers_written_by_the_picture_are_the_checkers_answers():
    G = gametree.parse(FIG52)
    p = gametree.widget(G, mode="practice", ask=["pruned", "values", "move"])
    n, e = _numbers(p)
    # What the page's script writes into the model when the student marks C-I and C-J,
    # types the values and picks B (by hand: the solution of AIMA Figure 5.2).
    p._answers = {"cuts": {str(e[("C", "I")]): True, str(e[("C", "J")]): True},
                  "values": {str(n["A"]): "3", str(n["B"]): "3", str(n["C"]): "<=2",
                             str(n["D"]): "2"},
                  "alpha": {}, "beta": {}, "move": n["B"], "conv": 0,
                  "checked": False, "shown": False, "everChecked": False}  # fmt: skip
    report = p.check()
    # The file the page would export, written out by hand, checked by gametree check.
    exported = (
        'move = "B"\npruned = ["C-I", "C-J"]\n\n[values]\n"A" = "3"\n"B" = "3"\n'
        '"C" = "<=2"\n"D" = "2"\n'
    )
    assert [_finding(f) for f in report.findings] == [
        _finding(f) for f in gametree.check(G, exported).findings
    ]
    assert report.score == 1.0 and p.report is report
    assert p._report["findings"] == [f.to_dict() for f in report.findings]
    assert p._report["count"] == 1
    p.check()
    assert p._report["count"] == 2  # the picture shows each check, even an equal one


def test_answers_are_checked_under_the_convention_the_student_picked():
    G = gametree.parse(TIE)
    p = gametree.widget(G, mode="practice", conventions=["alphabeta", "alphabeta:strict"])
    p.answers = "pruned = C-I C-J"
    assert p.check().ok  # cut on equality: right
    p._answers = {**p._answers, "conv": 1}  # the student picks the strict rule
    report = p.check()
    assert report.options["prune_on_equal"] is False and not report.ok
    assert any("also prune on equality" in " ".join(f.notes) for f in report.findings)


@pytest.mark.parametrize("state", [{"move": 999}, {"cuts": [1, 2]}, {"cuts": {"-1": True}}])
def test_the_pages_state_is_validated(state):
    """What the page writes into the model is checked before it is read (issue 33):
    a bad state is an AnswerFormatError from w.answers and w.check(), never an
    IndexError, and -1 never reads as the last edge."""
    p = gametree.widget(gametree.parse(FIG52), mode="practice", ask=["pruned", "move"])
    p._answers = state
    with pytest.raises(AnswerFormatError, match="the page's"):
        p.answers  # noqa: B018
    with pytest.raises(AnswerFormatError, match="the page's"):
        p.check()
    assert p.report is None


def test_python_sets_answers_for_the_picture():
    p = gametree.widget(gametree.parse(FIG52), mode="practice")
    n, e = _numbers(p)
    p.answers = "pruned = I\nC = <=2"
    assert p._answers["cuts"] == {str(e[("C", "I")]): True}
    assert p._answers["values"] == {str(n["C"]): "<=2"}
    p.answers = {"pruned": ["C-J"]}
    assert p._answers["cuts"] == {str(e[("C", "J")]): True}
    with pytest.raises(RenderError, match="an explore widget asks nothing"):
        gametree.widget(gametree.parse(FIG52)).answers  # noqa: B018


def test_new_trees_start_afresh_and_new_conventions_keep_the_answers():
    p = gametree.widget(gametree.parse(TIE), mode="practice")
    p.answers = "pruned = C-I"
    p.prune_on_equal = False  # the same drawing: the student's marks stay
    assert p._answers["cuts"]
    p.tree = gametree.parse(FIG52)
    assert p._answers == {} and p.report is None


def _message(w, **content):
    w._on_message(w, {"kind": "edit", **content}, [])
    return w._message


def test_edits_from_the_picture_come_back_as_a_valid_tree():
    w = gametree.widget(gametree.parse(FIG52), editable=True)
    n, _ = _numbers(w)
    assert _message(w, edit="value", node=n["I"], value="1") == "I is worth 1 now."
    assert _message(w, edit="swap", node=n["B"]) == "B is MAX now."
    n, _ = _numbers(w)
    assert _message(w, edit="remove", node=n["J"]) == "J is removed."
    n, _ = _numbers(w)
    assert _message(w, edit="add", node=n["D"]) == "D has 4 children now."
    G = w.tree
    gametree.validate(G)
    assert G.nodes["B"]["player"] == "MAX" and G.nodes["I"]["value"] == 1
    assert "J" not in G or G.nodes["J"]["value"] == 0  # the new leaf may reuse the name
    assert [G.nodes[c]["value"] for c in G.successors("D")] == [14, 5, 2, 0]
    # The picture is the edited tree: B MAX now, so B backs up 12 (by hand).
    assert w._data["exercises"][0]["notation"] == gametree.to_notation(G)
    assert "value 12" in w._data["exercises"][0]["explore"][0]["summary"]
    # Refused edits say why and change nothing.
    n, _ = _numbers(w)
    assert "is not a number" in _message(w, edit="value", node=n["E"], value="x")
    assert "A is the root" in _message(w, edit="remove", node=0)
    assert "no node numbered" in _message(w, edit="swap", node=99)
    assert gametree.to_notation(w.tree) == gametree.to_notation(G)
    w.editable = False
    assert "editing is off" in _message(w, edit="swap", node=0)


def test_a_folded_stub_cannot_be_edited():
    w = gametree.widget(gametree.parse(FIG52), collapse="pruned", editable=True)
    stub = [n["kind"] for n in w._data["exercises"][0]["nodes"]].index("STUB")
    assert "stands for nodes it hides" in _message(w, edit="remove", node=stub)


def test_the_display_carries_the_svg_and_the_page_for_exported_notebooks(monkeypatch):
    G = gametree.parse(FIG52)
    w = gametree.widget(G)
    data, _ = w._repr_mimebundle_()
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
    page = re.search(r'srcdoc="([^"]*)"', data["text/html"])
    assert page and "gametree-data" in html.unescape(page.group(1))
    assert html.unescape(page.group(1)).startswith("<!DOCTYPE html>")
    svg = data["image/svg+xml"]
    # At step 0, as the page opens: the bare tree, no cut given away; at the end, the
    # search's cuts (I and J, AIMA 5.2).
    assert svg.startswith("<svg") and svg.count('class="cut"') == 0
    w.step = w.steps
    assert w._repr_mimebundle_()[0]["image/svg+xml"].count('class="cut"') == 2
    assert gametree.widget(G, mode="practice").svg().count('class="cut"') == 0
    # Displayed in a notebook: the widget, then the fallback as an output of its own.
    shown = []
    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda d, **kw: shown.append(d))
    w._ipython_display_()
    assert [sorted(d) for d in shown] == [
        ["application/vnd.jupyter.widget-view+json", "text/plain"],
        ["image/svg+xml", "text/html", "text/plain"],
    ]
    assert f'data-gametree="{w._uid}"' in shown[1]["text/html"]


def test_a_1365_node_tree_makes_a_widget():
    big = gametree.random_tree(4, 5, seed=1)
    with pytest.warns(gametree.FitWarning):
        w = gametree.widget(big)
    assert len(w._data["exercises"][0]["nodes"]) == 1365
    assert w.steps == len(list(gametree.search_trace(big)))
