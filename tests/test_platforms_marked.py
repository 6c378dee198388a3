"""Tests for gametree.platforms.marked: the student's tree marked right and wrong (SVG)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import networkx as nx
import pytest

import gametree
from gametree.platforms.items import grade_items
from gametree.platforms.marked import COLORS, marked_svg
from tests.keygeometry import audit, exam_tree, ink_box, read_svg

NS = "{http://www.w3.org/2000/svg}"
DEEP = "(A (B 3 12 8) (C 2 4 (X 1 2)) (D 14 5 2))"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def group(root: ET.Element, label_start: str) -> ET.Element:
    found = [g for g in root.iter(f"{NS}g") if (g.get("aria-label") or "").startswith(label_start)]
    assert len(found) == 1, label_start
    return found[0]


def marks(g: ET.Element) -> list[tuple[str, str]]:
    """The marks written in a group: (classes after the slot's, text)."""
    return [
        (t.get("class", "").partition(" ")[2], t.text or "")
        for t in g.iter(f"{NS}text")
        if "mark" in t.get("class", "")
    ]


@pytest.fixture
def svg() -> ET.Element:
    key = gametree.AnswerKey(gametree.parse(DEEP))
    # By hand (see test_platforms_items): A 3 right, C <=2 right, X 4 wrong (never
    # entered), D not answered; I right cut, M N missed (as the subtree C-X), J extra.
    grading = grade_items(key, "value = 3\nC = <=2\nX = 4\npruned = I J")
    text = marked_svg(key, grading)
    assert text is not None
    return parse(text)


def test_node_values_are_written_in_and_marked(svg: ET.Element) -> None:
    a = group(svg, "A, MAX node")
    assert marks(a) == [("mark right", "3"), ("mark right", "\u2713")]
    assert a.find(f"{NS}polygon").get("stroke") == COLORS["right"]
    c = group(svg, "C, MIN node")
    assert marks(c) == [("mark right", "\u22642"), ("mark right", "\u2713")]
    x = group(svg, "X, MAX node")
    assert marks(x) == [("mark wrong", "4"), ("mark wrong", "\u2717")]
    assert x.get("aria-label").endswith("you gave 4: wrong")
    d = group(svg, "D, MIN node")
    assert marks(d) == [("mark unanswered", "?")]


def test_value_sits_in_its_shape(svg: ET.Element) -> None:
    c = group(svg, "C, MIN node")
    points = [tuple(map(float, p.split(","))) for p in c.find(f"{NS}polygon").get("points").split()]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    value = next(t for t in c.iter(f"{NS}text") if t.get("class") == "value mark right")
    assert min(xs) < float(value.get("x")) < max(xs)
    assert min(ys) < float(value.get("y")) < max(ys)


def test_cuts_are_marked_on_the_topmost_edge(svg: ET.Element) -> None:
    # I: a right cut; the whole subtree below X missed: one mark on C-X, none below.
    right = group(svg, "edge C to I")
    assert right.get("aria-label").endswith("you cut it: right")
    assert [g.get("class") for g in right.iter(f"{NS}g") if g.get("class")] == ["cut mark right"]
    missed = group(svg, "edge C to X")
    assert missed.get("aria-label").endswith("missed")
    assert missed.find(f"{NS}line").get("stroke") == COLORS["missed"]
    assert group(svg, "edge X to M").get("aria-label") == "edge X to M"
    wrong = group(svg, "edge D to J")
    assert wrong.get("aria-label").endswith("you cut it: wrong")
    assert marks(wrong) == [("mark wrong", "\u2717")]


def test_cut_mark_crosses_its_edge(svg: ET.Element) -> None:
    edge = group(svg, "edge D to J")
    line = edge.find(f"{NS}line")
    x1, y1, x2, y2 = (float(line.get(k)) for k in ("x1", "y1", "x2", "y2"))
    cut = next(g for g in edge.iter(f"{NS}g") if g.get("class") == "cut mark wrong")
    for stroke in cut.iter(f"{NS}line"):
        a = (float(stroke.get("x1")), float(stroke.get("y1")))
        b = (float(stroke.get("x2")), float(stroke.get("y2")))
        # The two ends lie on opposite sides of the edge's line.
        side = [(x2 - x1) * (p[1] - y1) - (y2 - y1) * (p[0] - x1) for p in (a, b)]
        assert side[0] * side[1] < 0


def test_a_dag_is_not_drawn() -> None:
    G = nx.DiGraph([("A", "B"), ("A", "C"), ("B", "D"), ("C", "D"), ("B", "E"), ("C", "F")])
    G.nodes["A"]["player"] = "MAX"
    G.nodes["B"]["player"] = G.nodes["C"]["player"] = "MIN"
    for leaf, v in (("D", 1), ("E", 2), ("F", 3)):
        G.nodes[leaf]["value"] = v
    key = gametree.AnswerKey(G)
    assert marked_svg(key, grade_items(key, "value = 1")) is None


def test_the_picture_is_one_svg_document(svg: ET.Element) -> None:
    assert svg.tag == f"{NS}svg"
    assert svg.get("aria-label") == "your answers marked on the tree"


# --- exam-sized trees: the picture reads as cleanly as a key (issue 35, item 5) ----------


def _exam_answers(key: gametree.AnswerKey, style: str) -> str:
    """Answers to every internal node and half the pruned leaves: right ones ("none" for a
    node never searched) or, for ``bounds``, a wrong bound like ``<=-3`` everywhere."""
    right = key.answers()["values"]
    lines = []
    inner = [n for n in key.G if key.G._succ[n] and n != key.root]
    for i, n in enumerate(inner):
        if style == "bounds":
            lines.append(f"{n} = <=-{i % 9 + 1}")
        else:
            lines.append(f"{n} = {right.get(n, 'none')}")
    pruned = key.answers()["pruned"]
    lines.append("pruned = " + " ".join(pruned[: len(pruned) // 2]))
    lines.append("value = 3")
    return "\n".join(lines)


EXAM_TREES = {
    "exam": exam_tree,
    "random-b3-d4": lambda: gametree.random_tree(3, 4, seed=5, values=(-20, 20)),
    "random-b2-d5": lambda: gametree.random_tree(2, 5, seed=8, values=(-9, 9)),
}


@pytest.mark.parametrize("fit", [(8.0, 6.0), (9.0, 4.5)], ids=["gradescope", "prairielearn"])
@pytest.mark.parametrize("style", ["mixed", "bounds"])
@pytest.mark.parametrize("name", sorted(EXAM_TREES))
def test_marked_exam_trees_pass_the_keys_clearance_audit(name: str, style: str, fit) -> None:
    """Before: "no value (not searched)" in bold over a node and its neighbours, ``<=-3``
    wider than its triangle, marks across edges (1 to 15 labels crossed or overlapping
    on these trees); now: no cut mark near another edge or a label, no label crossed by
    an edge or overlapping another."""
    key = gametree.AnswerKey(EXAM_TREES[name]())
    grading = grade_items(key, _exam_answers(key, style))
    text = marked_svg(key, grading, fit=fit)
    assert text is not None
    geom = read_svg(text)
    found = audit(geom)
    assert found.strokes > 0 and found.labels > 0
    assert found.row()[1:4] == (0, 0, 0) and found.crossed == found.overlapping == 0, (
        found.problems[:5]
    )
    assert "no value" not in "".join(parse(text).itertext())
    # Each value the student wrote lies inside its node's shape, across and up and down.
    root = parse(text)
    height = float(root.get("viewBox").split()[3])
    for g in root.iter(f"{NS}g"):
        value = next((t for t in g.iter(f"{NS}text") if t.get("class", "").startswith(
            "value mark")), None)  # fmt: skip
        shape = g.find(f"{NS}polygon")
        if value is None or shape is None:
            continue
        points = [tuple(map(float, p.split(","))) for p in shape.get("points").split()]
        xs = [p[0] for p in points]
        ys = [height - p[1] for p in points]
        x0, y0, x1, y1 = ink_box(value.text, float(value.get("font-size")), float(
            value.get("x")), height - float(value.get("y")), "middle")  # fmt: skip
        assert min(xs) <= x0 and x1 <= max(xs), (g.get("aria-label"), value.text)
        assert min(ys) <= y0 and y1 <= max(ys), (g.get("aria-label"), value.text)


def test_the_picture_scales_to_its_container() -> None:
    """Before: ``width="4240pt"`` on a b=3 d=4 tree (a quarter of it in Gradescope's
    ~700 px column). Now as wide as the container, never wider than drawn, never so
    narrow that its smallest text falls under 9 px (it scrolls then)."""
    key = gametree.AnswerKey(gametree.random_tree(3, 4, seed=5, values=(-20, 20)))
    root = parse(marked_svg(key, grade_items(key, _exam_answers(key, "mixed"))))
    assert root.get("width") == "100%" and root.get("height") is None
    style = dict(part.split(": ") for part in root.get("style").split("; "))
    least = float(style["min-width"].removesuffix("pt"))
    most = float(style["max-width"].removesuffix("pt"))
    assert style["width"] == "100%" and style["height"] == "auto"
    assert least <= most == pytest.approx(float(root.get("viewBox").split()[2]), abs=1)
    small = min(float(t.get("font-size")) for t in root.iter(f"{NS}text"))
    assert small * (least / most) * 4 / 3 >= 9.0 - 0.05


def test_every_leaf_listed_or_missed_is_marked_beside_its_name() -> None:
    """A cut of a subtree is one mark on its top edge; each leaf the student ticked (as on
    PrairieLearn's checkboxes) or missed still gets its verdict beside its name."""
    key = gametree.AnswerKey(gametree.parse(DEEP))
    grading = grade_items(key, "pruned = I J")  # I right; J extra; M, N missed
    root = parse(marked_svg(key, grading))
    leaves = {
        g.get("aria-label").split(",")[0]: marks(g)
        for g in root.iter(f"{NS}g")
        if "leaf" in (g.get("aria-label") or "") and marks(g)
    }
    assert leaves == {
        "I": [("mark right", "\u2713")],
        "J": [("mark wrong", "\u2717")],
        "M": [("mark missed", "!")],
        "N": [("mark missed", "!")],
    }
