"""The SVG emitter: stable ids, text alternatives, and the same picture as matplotlib."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import gametree
from gametree.drawing.slots import place
from gametree.drawing.style import diagram
from gametree.drawing.svg import diagram_svg

NS = {"s": "http://www.w3.org/2000/svg"}
FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"


@pytest.fixture
def fig52():
    return gametree.parse(FIG52)


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_every_node_and_edge_has_a_stable_id_in_preorder(fig52):
    root = _root(gametree.to_svg(fig52))
    ids = [g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("id")]
    assert [i for i in ids if i.startswith("n")] == [f"n{i}" for i in range(13)]
    assert sorted(i for i in ids if i.startswith("e")) == sorted(f"e{j}" for j in range(12))
    # Preorder: n0 is the root A, n1 is B, n2 its first leaf E (value 3).
    labels = {g.get("id"): g.get("aria-label") for g in root.iter() if g.get("id")}
    assert labels["n0"].startswith("A, MAX node")
    assert labels["n1"].startswith("B, MIN node")
    assert labels["n2"] == "E, leaf, value 3"


def test_cut_marks_only_on_pruned_edges_of_a_searched_tree(fig52):
    result = gametree.alphabeta(fig52, annotate=False)
    root = _root(gametree.to_svg(fig52, result))
    d = diagram(fig52, result)
    cut_edges = {g.get("id") for g in root.iter() if g.find("s:g[@class='cut']", NS) is not None}
    expected = {f"e{j}" for j, e in enumerate(d.edges) if (e.u, e.v) in result.pruned_edges}
    assert cut_edges == expected and len(expected) == 2
    # Pruned edges are dashed (not only a colour).
    for j in expected:
        stroke = root.find(f".//s:g[@id='{j}']/s:line[@class='stroke']", NS)
        assert stroke.get("stroke-dasharray")


def test_shapes_and_texts_sit_where_the_shared_placement_puts_them(fig52):
    """The SVG's geometry is the placement's, so the page looks like the PNG."""
    result = gametree.alphabeta(fig52, annotate=False)
    d = diagram(fig52, result, show="values,bounds,names,moves")
    pl = place(d)
    root = _root(diagram_svg(d, pl))
    margin = float(d.style["margin"])
    for i, n in enumerate(d.nodes):
        group = root.find(f".//s:g[@id='n{i}']", NS)
        shape = group.find("s:polygon", NS)
        xs = [float(p.split(",")[0]) for p in shape.get("points").split()]
        width = max(xs) - min(xs)
        assert width == pytest.approx(pl.width[n.node], abs=0.02)
        centre = (max(xs) + min(xs)) / 2
        assert centre == pytest.approx(pl.pos[n.node][0] - pl.xmin + margin, abs=0.02)
        value = group.find("s:text[@class='value']", NS)
        assert (value.text or "") == n.value
    # Same texts as the matplotlib emitter.
    artists = gametree.draw(fig52, result, show="values,bounds,names,moves")
    svg_values = {
        g.get("id"): (g.find("s:text[@class='value']", NS).text or "")
        for g in root.iter()
        if g.get("id", "").startswith("n") and g.find("s:text[@class='value']", NS) is not None
    }
    for node, text in artists.values.items():
        assert svg_values[f"n{d.index[node]}"] == text.get_text()
    texts = root.iter("{http://www.w3.org/2000/svg}text")
    bounds = [t.text for t in texts if t.get("class") == "bounds"]
    assert sorted(bounds) == sorted(t.get_text() for t in artists.bounds.values())


def test_texts_are_escaped_and_title_drawn():
    G = gametree.from_nested([[1, 2], [3]])
    G.nodes["A"]["label"] = "<A&B>"
    svg = gametree.to_svg(G, title='a "quoted" & <title>')
    root = _root(svg)  # well-formed despite the markup characters
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert 'a "quoted" & <title>' in texts and "<A&B>" in texts


def test_coordinates_are_short():
    G = gametree.random_tree(3, 4, seed=2)
    svg = gametree.to_svg(G)
    assert not re.search(r"\d\.\d{3,}", svg)


def test_game_boards_are_drawn_in_the_svg():
    from gametree.games import TicTacToe

    game = TicTacToe()
    G = gametree.expand(game, game.state("XOX/OO-/X--"))
    d = diagram(G)
    pl = place(d)
    root = _root(diagram_svg(d, pl))
    boards = root.findall(".//s:g[@class='board']", NS)
    assert len(boards) == sum(1 for n in d.nodes if n.board is not None) == 12
    first = d.nodes[0].board
    marks = [t.text for t in boards[0].findall("s:text", NS)]
    assert marks == [text for _, _, text in first.marks()]
    group = root.find(".//s:g[@id='n0']", NS)
    assert "board XOX/OO-/X--" in group.get("aria-label")
    # The shape stands beside its board, as in matplotlib (Placement.badges).
    xs = [float(p.split(",")[0]) for p in group.find("s:polygon", NS).get("points").split()]
    frame = boards[0].find("s:rect[@class='frame']", NS)
    assert max(xs) < float(frame.get("x"))
    page = gametree.to_html(G)
    assert page.count('class="board"') == 12


SVG = "{http://www.w3.org/2000/svg}"


def _groups(root: ET.Element, prefix: str) -> dict[str, ET.Element]:
    return {
        g.get("id"): g
        for g in root.iter(f"{SVG}g")
        if g.get("id", "").startswith(prefix) and g.get("id")[1:].isdigit()
    }


def _centre(group: ET.Element) -> tuple[float, float]:
    points = [
        tuple(map(float, p.split(","))) for p in group.find(f"{SVG}polygon").get("points").split()
    ]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2


def test_focus_draws_only_the_path_and_the_subtree(fig52):
    # AIMA Figure 5.2 focused on C: A, then C with its leaves H, I, J (2, 4, 6).
    root = _root(gametree.to_svg(fig52, gametree.alphabeta(fig52, annotate=False), focus="C"))
    nodes = _groups(root, "n")
    labels = [nodes[f"n{i}"].get("aria-label").split(",")[0] for i in range(len(nodes))]
    assert labels == ["A", "C", "H", "I", "J"]
    values = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "value"]
    assert values == ["3", "≤2", "2", "4", "6"]
    assert len(_groups(root, "e")) == 4


def test_collapse_draws_one_stub_with_the_hidden_count(fig52):
    result = gametree.alphabeta(fig52, annotate=False)
    root = _root(gametree.to_svg(fig52, result, collapse="pruned"))
    nodes = _groups(root, "n")
    assert len(nodes) == 12  # 13 nodes, I and J folded into one stub
    stubs = [g for g in nodes.values() if "pruned, not drawn" in g.get("aria-label")]
    assert [g.get("aria-label") for g in stubs] == ["2 nodes pruned, not drawn"]
    # Its count is written beside it as a count of hidden nodes, not as a value.
    assert stubs[0].find(f"{SVG}text[@class='value']") is None
    assert stubs[0].find(f"{SVG}text[@class='count']").text == "(2 nodes)"
    assert stubs[0].find(f"{SVG}polygon").get("stroke-dasharray")  # greyed, dashed
    # The edge into the stub is the one cut, under C (n5).
    d = diagram(fig52, result, collapse="pruned")
    (cut,) = [j for j, e in enumerate(d.edges) if e.cut]
    assert d.edges[cut].u == "C" and d.nodes[d.index[d.edges[cut].v]].kind == "STUB"
    assert root.find(f".//s:g[@id='e{cut}']/s:g[@class='cut']", NS) is not None


def test_max_depth_draws_an_ellipsis_saying_what_lies_below(fig52):
    root = _root(gametree.to_svg(fig52, max_depth=1))
    labels = sorted(g.get("aria-label") for g in _groups(root, "n").values())
    assert labels.count("3 nodes below, not drawn") == 3 and len(labels) == 7


def test_left_right_swaps_the_axes(fig52):
    down = _groups(_root(gametree.to_svg(fig52)), "n")
    right = _groups(_root(gametree.to_svg(fig52, orientation="left-right")), "n")
    d = diagram(fig52)
    kids = [f"n{d.index[c]}" for c in "BCD"]
    # Top-down: B, C, D on one level (same y), left to right, below A.
    ys = {round(_centre(down[k])[1], 1) for k in kids}
    assert len(ys) == 1 and ys.pop() > _centre(down["n0"])[1]
    assert [_centre(down[k])[0] for k in kids] == sorted(_centre(down[k])[0] for k in kids)
    # Left-right: one column (same x) right of A, top to bottom.
    xs = {round(_centre(right[k])[0], 1) for k in kids}
    assert len(xs) == 1 and xs.pop() > _centre(right["n0"])[0]
    assert [_centre(right[k])[1] for k in kids] == sorted(_centre(right[k])[1] for k in kids)
    assert _centre(right["n0"])[1] == pytest.approx(_centre(right[kids[1]])[1], abs=0.05)


def test_a_b3_d4_key_fits_a_slide_at_7pt_or_more():
    G = gametree.random_tree(3, 4, seed=1)
    result = gametree.alphabeta(G, annotate=False)
    root = _root(gametree.to_svg(G, result))
    sizes = [float(t.get("font-size")) for t in root.iter(f"{SVG}text")]
    assert sizes and min(sizes) >= 7.0
    _, _, width, height = map(float, root.get("viewBox").split())
    assert width <= 13.33 * 72 + 0.5 and height <= 7.5 * 72 + 0.5
    # The natural size (fit=None) is far wider: the fit did the work.
    natural = _root(gametree.to_svg(G, result, fit=None))
    assert float(natural.get("viewBox").split()[2]) > 1.5 * width


def test_views_place_nodes_where_the_shared_placement_does(fig52):
    result = gametree.alphabeta(fig52, annotate=False)
    for view in ({"collapse": "pruned"}, {"orientation": "left-right"}, {"fit": (4.0, 3.0)}):
        d = diagram(fig52, result, **view)
        pl = place(d)
        root = _root(diagram_svg(d, pl))
        margin = float(d.style["margin"])
        for i, n in enumerate(d.nodes):
            group = root.find(f".//s:g[@id='n{i}']", NS)
            x, _ = _centre(group)
            assert x == pytest.approx(pl.pos[n.node][0] - pl.xmin + margin, abs=0.02), view
