"""The web page: one self-contained file, its embedded data, the CLI (no browser here)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import gametree
from gametree.cli import main
from gametree.drawing.html import parse_convention
from gametree.drawing.style import diagram, format_value
from gametree.exceptions import RenderError

FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"


def page_data(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="gametree-data">(.*?)</script>', page, re.S)
    assert m
    return json.loads(m.group(1))


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[tuple[str, str, str]] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("src", "href", "xlink:href", "srcset", "action", "poster", "data"):
                self.refs.append((tag, name, value or ""))


@pytest.mark.parametrize("mode", ["explore", "practice"])
def test_page_is_self_contained(mode):
    G = gametree.parse(FIG52)
    page = gametree.to_html(G, mode=mode)
    parser = _Refs()
    parser.feed(page)
    assert parser.refs == []  # no src, no href: nothing is fetched
    assert "link" not in parser.tags and "iframe" not in parser.tags
    assert not re.search(r"@import|url\(|https?://(?!www\.w3\.org/2000/svg)", page)
    assert page.count("<script") == 3  # the data, where it opens, the inline script; no src
    assert page.startswith("<!DOCTYPE html>")


def _apply(steps: list[dict], upto: int) -> dict:
    """What the page shows after ``upto`` steps, by the documented rules."""
    values: dict[int, str] = {}
    windows: dict[int, str] = {}
    cut: set[int] = set()
    stack: list[int] = []
    for s in steps[:upto]:
        values.update({i: t for i, t in s.get("v", [])})
        windows.update({i: t for i, t in s["w"]})
        cut.update(s.get("x", []))
        if s["k"] == "enter":
            stack.append(s["n"])
        elif s["k"] == "exit" and stack and stack[-1] == s["n"]:
            stack.pop()
    return {"values": values, "windows": windows, "cut": cut, "stack": stack}


@pytest.mark.parametrize(
    ("algorithm", "options"),
    [
        ("alphabeta", {}),
        ("alphabeta", {"prune_on_equal": False}),
        ("alphabeta", {"fail": "hard"}),
        ("negamax_alphabeta", {}),
        ("pvs", {}),
        ("minimax", {}),
        ("negamax", {}),
        ("expectiminimax", {}),
        ("alphabeta", {"depth": 2}),
    ],
)
def test_explore_steps_follow_the_trace_and_end_at_the_result(algorithm, options):
    if algorithm == "expectiminimax":
        G = gametree.load(Path(__file__).parent.parent / "examples" / "trees" / "chance.tree")
    else:
        G = gametree.random_tree(3, 3, seed=5)
        for k, node in enumerate(G):
            if G._succ[node]:
                G.nodes[node]["value"] = k % 7 - 3  # heuristic values for a depth limit
    result = gametree.solve(G, algorithm, annotate=False, **options)
    data = page_data(gametree.to_html(G, result))
    ex = data["exercises"][0]
    steps = ex["explore"][0]["steps"]
    events = list(gametree.search_trace(G, algorithm, **options))
    d = diagram(G)
    assert [(s["k"], s["n"]) for s in steps] == [(e.kind, d.index[e.node]) for e in events]
    assert [s["t"] for s in steps] == gametree.explain_lines(G, algorithm, **options)
    final = _apply(steps, len(steps))
    assert final["stack"] == []
    for node, nv in result.node_values.items():
        prefix = {"lower": "≥", "upper": "≤"}.get(nv.bound.value, "")
        assert final["values"][d.index[node]] == prefix + format_value(nv.value)
    edges = [tuple(e) for e in ex["edges"]]
    cut = {(d.nodes[edges[j][0]].node, d.nodes[edges[j][1]].node) for j in final["cut"]}
    assert cut == set(result.pruned_edges)
    assert ex["explore"][0]["summary"].startswith("Result: value")


def test_explore_windows_at_fig52_steps_known_answers():
    """Hand-checked: B's window after E returns 3 is [-inf, 3]; at C's cutoff [3, 2]."""
    G = gametree.parse(FIG52)
    data = page_data(gametree.to_html(G))
    steps = data["exercises"][0]["explore"][0]["steps"]
    idx = diagram(G).index
    after_e = next(k for k, s in enumerate(steps) if s["k"] == "exit" and s["n"] == idx["E"])
    shown = _apply(steps, after_e + 1)
    assert shown["windows"][idx["B"]] == "[−∞, 3]"
    assert shown["values"][idx["E"]] == "3"
    assert shown["stack"] == [idx["A"], idx["B"]]
    cut = next(k for k, s in enumerate(steps) if s["k"] == "cutoff")
    shown = _apply(steps, cut + 1)
    assert shown["windows"][idx["C"]] == "[3, 2]"
    assert steps[cut]["t"].startswith("Cutoff: at C (MIN) the value 2 <= alpha 3")
    assert sorted(steps[cut]["g"]) == sorted([idx["I"], idx["J"]])


def test_conventions_are_offered_once_each_with_check_flags():
    G = gametree.parse(FIG52)
    result = gametree.alphabeta(G, annotate=False)
    data = page_data(
        gametree.to_html(G, result, conventions=["alphabeta", "alphabeta:strict:hard", "pvs"])
    )
    assert [c["label"] for c in data["conventions"]] == [
        "alphabeta, cut when α ≥ β, fail-soft",
        "alphabeta, cut only when α > β, fail-hard",
        "pvs, cut when α ≥ β, fail-soft",
    ]
    assert [c["flags"] for c in data["conventions"]] == ["", "--strict --fail hard", "-a pvs"]
    assert len(data["exercises"][0]["explore"]) == 3


def test_convention_and_option_errors():
    with pytest.raises(RenderError, match="unknown convention flag 'soft'"):
        parse_convention("alphabeta:soft")
    with pytest.raises(RenderError, match="apply only to"):
        parse_convention("minimax:strict")
    G = gametree.parse(FIG52)
    with pytest.raises(RenderError, match="unknown mode 'quiz'"):
        gametree.to_html(G, mode="quiz")
    with pytest.raises(RenderError, match="cannot ask 'order'"):
        gametree.to_html(G, mode="practice", ask=["order"])
    with pytest.raises(RenderError, match="unknown reveal"):
        gametree.to_html(G, mode="practice", reveal="later")
    with pytest.raises(RenderError, match="exercise set"):
        gametree.to_html([G, G])


def test_practice_key_reasons_are_the_checkers():
    G = gametree.parse(FIG52)
    data = page_data(gametree.to_html(G, mode="practice", conventions=["alphabeta:strict"]))
    key = data["exercises"][0]["practice"][0]
    assert [leaf[0] for leaf in key["leaves"]] == [
        f"pruned {x} (#{k})" for k, x in enumerate("EFGHIJKLM", 1)
    ]
    assert [leaf[1] for leaf in key["leaves"]] == [False] * 4 + [True] * 2 + [False] * 3
    report = gametree.check(G, "pruned = E", prune_on_equal=False)
    assert key["leaves"][0][2] == report.findings[0].explanation
    # Strict: the other cut rule gives the same pruned leaves I, J (positions 4, 5).
    assert key["alts"][0][1] == [4, 5]
    assert "also prune on equality" in key["alts"][0][0]
    idx = diagram(G).index
    assert key["solution"]["values"][str(idx["C"])] == "<=2"
    assert key["solution"]["move"] == idx["B"]


def test_page_size_for_a_100_node_tree():
    G = gametree.random_tree(3, 4, seed=1)  # 121 nodes
    assert 100 <= len(G) <= 125
    for mode in ("explore", "practice"):
        page = gametree.to_html(G, mode=mode)
        assert len(page.encode("utf-8")) < 300_000, mode


def test_exercise_set_has_prefixed_ids():
    trees = [gametree.generate(depth=2, branching=2, seed=s).tree for s in range(3)]
    page = gametree.to_html(trees, mode="practice", title="Drill")
    data = page_data(page)
    assert [e["title"] for e in data["exercises"]] == [
        f"Drill — exercise {k} of 3" for k in (1, 2, 3)
    ]
    assert 'id="n0"' in page and 'id="x1-n0"' in page and 'id="x2-e0"' in page
    markup = page[: page.index("<script")]
    ids = re.findall(r'id="([^"]+)"', markup)
    assert len(set(ids)) == len(ids)


def test_jupyter_view_renders_the_explore_page_with_svg_fallback():
    G = gametree.parse(FIG52)
    view = gametree.show(G, gametree.alphabeta(G, annotate=False))
    html = view._repr_html_()
    assert html.startswith("<iframe srcdoc=") and "&lt;!DOCTYPE html&gt;" in html
    assert view._repr_svg_()
    assert gametree.show(G)._repr_html_() is None  # a bare tree stays a picture
    gametree.alphabeta(G, prune_on_equal=False)  # annotated: the page shows that search
    data = page_data(gametree.to_html(G))
    assert data["conventions"][0]["label"] == "alphabeta, cut only when α > β, fail-soft"
    assert gametree.show(G)._repr_html_().startswith("<iframe")


# ------------------------------------------------------------------ CLI


def test_cli_draw_html_with_conventions(tmp_path):
    tree = tmp_path / "fig52.tree"
    tree.write_text(FIG52)
    out = tmp_path / "page.html"
    assert main(["draw", str(tree), "-o", str(out), "--conventions", "alphabeta:strict,pvs"]) == 0
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["mode"] == "explore"
    assert [c["algorithm"] for c in data["conventions"]] == ["alphabeta", "alphabeta", "pvs"]
    out2 = tmp_path / "mm.html"
    assert main(["draw", str(tree), "-o", str(out2), "-a", "minimax"]) == 0
    assert page_data(out2.read_text(encoding="utf-8"))["conventions"][0]["algorithm"] == "minimax"


def test_cli_practice_and_generate(tmp_path):
    tree = tmp_path / "fig52.tree"
    tree.write_text(FIG52)
    out = tmp_path / "p.html"
    args = ["practice", str(tree), "-o", str(out), "--strict", "--ask", "pruned,values,move"]
    assert main([*args, "--reveal", "after-check"]) == 0
    data = page_data(out.read_text(encoding="utf-8"))
    assert data["mode"] == "practice" and data["reveal"] == "after-check"
    assert data["ask"] == ["pruned", "values", "move"]
    assert data["conventions"][0]["options"] == {"prune_on_equal": False, "fail": "soft"}
    drill = tmp_path / "drill.html"
    assert main(["practice", "--generate", "4", "--seed", "7", "-o", str(drill)]) == 0
    data = page_data(drill.read_text(encoding="utf-8"))
    assert len(data["exercises"]) == 4
    assert data["exercises"][0]["notation"] == gametree.to_notation(gametree.generate(seed=7).tree)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["practice", "-o", "x.html"], "give a TREE file, or --generate N"),
        (["practice", "T.tree", "--generate", "2", "-o", "x.html"], "not both"),
        (["practice", "--generate", "0", "-o", "x.html"], "at least 1"),
        (["practice", "T.tree", "--ask", "colour", "-o", "x.html"], "cannot ask 'colour'"),
        (["draw", "T.tree", "-o", "x.png", "--conventions", "pvs"], "applies to a .html page only"),
        (["draw", "T.tree", "-o", "x.html", "--conventions", "pvs:loose"], "convention flag"),
        (["practice", "T.tree", "-a", "minimax", "--strict", "-o", "x.html"], "alpha-beta"),
        (["practice", "T.tree", "--focus", "C", "-o", "x.html"], "hides 8 nodes"),
        (["practice", "T.tree", "--collapse", "pruned", "-o", "x.html"], "cannot use --collapse"),
        (["practice", "T.tree", "--focus", "Z", "-o", "x.html"], "--focus 'Z'"),
        (["draw", "T.tree", "-o", "x.html", "--max-depth", "-1"], "--max-depth '-1'"),
        (["draw", "T.tree", "-o", "x.html", "--orientation", "up"], "--orientation 'up'"),
    ],
)
def test_cli_bad_input_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys, argv, message):
    monkeypatch.chdir(tmp_path)
    Path("T.tree").write_text(FIG52)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
    assert not Path("x.html").exists()


def test_save_html_uses_the_algorithm_and_options(tmp_path):
    G = gametree.parse(FIG52)
    path = tmp_path / "s.html"
    gametree.save(G, path, algorithm="pvs", prune_on_equal=False)
    data = page_data(path.read_text(encoding="utf-8"))
    assert data["conventions"][0]["label"] == "pvs, cut only when α > β, fail-soft"
    gametree.minimax(G)  # annotates G: the page shows that search
    gametree.save(G, path, force=True)  # (the same page again)
    assert page_data(path.read_text(encoding="utf-8"))["conventions"][0]["algorithm"] == "minimax"


def test_minimax_steps_carry_no_windows():
    G = gametree.parse(FIG52)
    steps = page_data(gametree.to_html(G, conventions=["minimax"]))["exercises"][0]["explore"]
    assert all(s["w"] == [] for s in steps[0]["steps"])


def test_markup_in_names_cannot_break_the_page():
    G = gametree.from_nested([[3, 12], [2, 4]])
    G.nodes["B"]["label"] = "</script><!-- B"
    page = gametree.to_html(G, mode="practice", title="<b>x</b>")
    data_text = page.split('id="gametree-data">', 1)[1].split("</script>", 1)[0]
    assert "</" not in data_text and "<!--" not in data_text
    data = page_data(page)
    assert data["exercises"][0]["title"] == "<b>x</b>"
    assert "<title>&lt;b&gt;x&lt;/b&gt;</title>" in page


def test_root_draws_and_searches_a_subtree():
    G = gametree.parse(FIG52)
    for mode in ("explore", "practice"):
        data = page_data(gametree.to_html(G, root="C", mode=mode))
        ex = data["exercises"][0]
        assert [n["name"] for n in ex["nodes"]] == ["C", "H", "I", "J"]
    assert ex["practice"][0]["solution"]["values"] == {"0": "2"}
    explore = page_data(gametree.to_html(G, root="C"))["exercises"][0]["explore"][0]
    assert explore["summary"] == "Result: value 2, best move H; pruned: nothing."


def test_the_page_of_an_annotated_tree_starts_bare() -> None:
    # alphabeta() annotates G by default: the page must still start before the search,
    # with no edge cut and no PV drawn until the steps reach them.
    G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    bare = gametree.to_html(G, conventions=["alphabeta"])
    result = gametree.alphabeta(G)
    data = '<script type="application/json"'
    assert gametree.to_html(G, result).split(data)[0] == bare.split(data)[0]
    assert G.graph.get("search") is not None  # G itself keeps its annotation


def _views_page(G, **view):
    data = page_data(gametree.to_html(G, **view))
    return data["exercises"][0]


def test_focus_page_maps_hidden_steps_to_the_nearest_drawn_ancestor():
    G = gametree.parse(FIG52)
    ex = _views_page(G, focus="C")
    assert [n["name"] for n in ex["nodes"]] == ["A", "C", "H", "I", "J"]
    steps = ex["explore"][0]["steps"]
    events = list(gametree.search_trace(G))
    # Every event keeps its step and sentence; B, D and their leaves light A (node 0).
    assert [s["t"] for s in steps] == gametree.explain_lines(G)
    drawn = {"A": 0, "C": 1, "H": 2, "I": 3, "J": 4}
    assert [s["n"] for s in steps] == [drawn.get(e.node, 0) for e in events]
    hidden = [(s["h"][0], s["h"][1]) for s in steps if "h" in s]
    assert ("B", "MIN") in hidden and ("E", "LEAF") in hidden and ("D", "MIN") in hidden
    assert all(s["n"] in drawn.values() for s in steps)
    # B's window is tracked on the stack: [-inf, 3] once E returned 3.
    after_e = next(s for s in steps if s["k"] == "exit" and s.get("h", [""])[0] == "E")
    assert after_e["hw"] == [["B", "[−∞, 3]"]]
    # Values and windows only ever name drawn nodes; C's cut is on its edges to I and J.
    final = _apply(steps, len(steps))
    assert set(final["values"]) <= set(drawn.values()) and final["values"][1] == "≤2"
    assert {tuple(ex["edges"][j]) for j in final["cut"]} == {(1, 3), (1, 4)}
    assert final["stack"] == []


def test_max_depth_page_lights_the_ellipsis_and_cuts_its_edge():
    G = gametree.parse(FIG52)
    ex = _views_page(G, max_depth=1)
    names = [n["name"] for n in ex["nodes"]]
    kinds = [n["kind"] for n in ex["nodes"]]
    assert kinds == ["MAX", "MIN", "MORE", "MIN", "MORE", "MIN", "MORE"]
    steps = ex["explore"][0]["steps"]
    leaf_e = next(s for s in steps if s["k"] == "leaf")
    assert leaf_e["h"][0] == "E" and kinds[leaf_e["n"]] == "MORE" and leaf_e["n"] == 2
    cutoff = next(s for s in steps if s["k"] == "cutoff")
    assert [ex["edges"][j] for j in cutoff["x"]] == [[3, 4]]  # C -> C's ellipsis
    assert names[3] == "C"


def test_collapse_page_folds_cuts_of_every_convention_and_cuts_the_stub_at_its_step():
    G = gametree.parse(FIG52)
    page = gametree.to_html(G, collapse="pruned")
    ex = page_data(page)["exercises"][0]
    kinds = [n["kind"] for n in ex["nodes"]]
    assert kinds.count("STUB") == 1 and len(kinds) == 12
    stub = kinds.index("STUB")
    (j,) = [j for j, e in enumerate(ex["edges"]) if e[1] == stub]
    steps = ex["explore"][0]["steps"]
    (cutoff,) = [s for s in steps if s["k"] == "cutoff"]
    assert cutoff["x"] == [j] and ex["nodes"][cutoff["n"]]["name"] == "C"
    # Not cut before its step: the SVG's cut mark starts hidden, the edge undashed.
    start = page.index(f'<g id="e{j}" class="edge"')
    group = page[start : page.index("</g>\n<g id=", start)]
    assert 'visibility="hidden"' in group
    assert "stroke-dasharray" not in group.split('class="stroke"')[1].split("/>")[0]
    assert "2 nodes pruned, not drawn" in page
    # No search enters a folded subtree: no step is shown on the stub.
    assert all(s["n"] != stub for s in steps)
    # With the strict rule offered too, only what both prune is folded: in AIMA 5.2
    # C's 2 < 3 cuts under both rules; in G2 only the rule that cuts on equality cuts.
    both = page_data(gametree.to_html(G, collapse="pruned", conventions=["alphabeta:strict"]))
    assert [n["kind"] for n in both["exercises"][0]["nodes"]].count("STUB") == 1
    G2 = gametree.parse("(A (B 3 5) (C 3 9))")  # C's first leaf 3 = alpha: cut only on >=
    strict = ["alphabeta", "alphabeta:strict"]
    assert [n["kind"] for n in _views_page(G2, collapse="pruned")["nodes"]].count("STUB") == 1
    ex2 = page_data(gametree.to_html(G2, collapse="pruned", conventions=strict))["exercises"][0]
    assert [n["kind"] for n in ex2["nodes"]].count("STUB") == 0
    for trace in ex2["explore"]:
        assert all(0 <= s["n"] < len(ex2["nodes"]) for s in trace["steps"])


def test_practice_refuses_views_that_hide_what_is_asked():
    G = gametree.parse(FIG52)
    with pytest.raises(RenderError, match="focus='C': it hides 8 nodes"):
        gametree.to_html(G, mode="practice", focus="C")
    with pytest.raises(RenderError, match="max_depth=1: it hides 9 nodes"):
        gametree.to_html(G, mode="practice", max_depth=1)
    with pytest.raises(RenderError, match="collapse='pruned'"):
        gametree.to_html(G, mode="practice", collapse="pruned")
    # Views that hide nothing, and the page options, are fine.
    for view in ({"max_depth": 2}, {"focus": "A"}, {"orientation": "left-right"}, {"fit": None}):
        assert page_data(gametree.to_html(G, mode="practice", **view))["mode"] == "practice"
    with pytest.raises(RenderError, match="unknown orientation"):
        gametree.to_html(G, orientation="up")


def test_page_is_fitted_like_the_png():
    G = gametree.random_tree(3, 3, seed=2)
    fitted = gametree.to_html(G, fit=(10.0, 5.0))
    box = re.search(r'<svg viewBox="0 0 ([\d.]+) ([\d.]+)"', fitted)
    assert box and float(box.group(1)) <= 10.0 * 72 + 0.5
    assert float(box.group(2)) <= 5.0 * 72 + 0.5
    sizes = [float(x) for x in re.findall(r'font-size="([\d.]+)"', fitted.split("<svg", 1)[1])]
    assert min(sizes) >= 7.0
    natural = re.search(r'<svg viewBox="0 0 ([\d.]+)', gametree.to_html(G, fit=None))
    assert natural and float(natural.group(1)) > float(box.group(1))


def test_cli_page_and_practice_take_the_drawing_options(tmp_path):
    tree = tmp_path / "fig52.tree"
    tree.write_text(FIG52)
    out = tmp_path / "page.html"
    assert main(["draw", str(tree), "-o", str(out), "--focus", "C", "-q"]) == 0
    ex = page_data(out.read_text())["exercises"][0]
    assert [n["name"] for n in ex["nodes"]] == ["A", "C", "H", "I", "J"]
    assert main(["draw", str(tree), "-o", str(out), "--collapse", "pruned", "-q", "--force"]) == 0
    assert "2 nodes pruned, not drawn" in out.read_text()
    practice = tmp_path / "practice.html"
    argv = ["practice", str(tree), "-o", str(practice), "-q", "--orientation", "left-right"]
    assert main([*argv, "--paper", "a4"]) == 0
    assert page_data(practice.read_text())["mode"] == "practice"


def test_save_html_and_jupyter_pass_the_views(tmp_path):
    G = gametree.parse(FIG52)
    result = gametree.alphabeta(G, annotate=False)
    path = gametree.save(G, tmp_path / "p.html", result, focus="C")
    assert [n["name"] for n in page_data(path.read_text())["exercises"][0]["nodes"]] == [
        "A", "C", "H", "I", "J"
    ]  # fmt: skip
    view = gametree.show(G, result, collapse="pruned")
    assert "2 nodes pruned, not drawn" in view.html()


def test_page_keeps_every_name_even_where_a_fitted_png_leaves_them_out():
    # A b=3 d=4 tree with every window beside it does not fit a slide with names: the
    # PNG would drop them, the page keeps them (its stack and answer table name nodes).
    G = gametree.random_tree(3, 4, seed=1)
    with pytest.warns(gametree.FitWarning):
        page = gametree.to_html(G, mode="practice")
    names = set(re.findall(r'class="name"[^>]*>([^<]+)</text>', page))
    assert names == {str(n) for n in G}


def test_mcts_steps_under_a_view_name_the_hidden_nodes() -> None:
    """With max_depth=1 the leaves are drawn as ellipses: labels and edge counts stay on
    drawn nodes and edges, a step on a hidden leaf lights its ellipsis, and the path
    lists the leaf by its own name."""
    G = gametree.parse(FIG52)
    page = gametree.to_html(
        G, conventions=[{"algorithm": "mcts", "iterations": 12, "seed": 1}], max_depth=1
    )
    ex = page_data(page)["exercises"][0]
    kinds = [n["kind"] for n in ex["nodes"]]
    steps = ex["explore"][0]["steps"]
    assert [s["k"] for s in steps].count("backpropagate") == 12
    for s in steps:
        assert all(kinds[i] in ("MAX", "MIN") for i, _ in s.get("v", ()))
        assert all(kinds[ex["edges"][j][1]] in ("MAX", "MIN") for j, _ in s.get("ev", ()))
    hidden = [s for s in steps if s["k"] == "expand" and kinds[s["n"]] == "MORE"]
    assert hidden, "some iteration adds a leaf"
    for s in hidden:
        *_, (drawn, name, kind) = s["path"]
        assert drawn == s["n"] and kind == "LEAF" and name in "EFGHIJKLM"
    last = [s for s in steps if s["k"] == "backpropagate"][-1]
    r = gametree.mcts(G, iterations=12, seed=1)
    assert dict(map(tuple, last["v"]))[0] == f"{format_value(r.totals['A'] / 12)} / 12"
