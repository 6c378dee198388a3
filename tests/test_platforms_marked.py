"""Tests for gametree.platforms.marked: the student's tree marked right and wrong (SVG)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import networkx as nx
import pytest

import gametree
from gametree.platforms.items import grade_items
from gametree.platforms.marked import COLORS, marked_svg

NS = "{http://www.w3.org/2000/svg}"
DEEP = "(A (B 3 12 8) (C 2 4 (X 1 2)) (D 14 5 2))"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def group(root: ET.Element, label_start: str) -> ET.Element:
    found = [g for g in root.iter(f"{NS}g") if (g.get("aria-label") or "").startswith(label_start)]
    assert len(found) == 1, label_start
    return found[0]


def marks(g: ET.Element) -> list[tuple[str, str]]:
    return [
        (t.get("class", ""), t.text or "")
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
    assert marks(d) == [("mark unanswered", "?"), ("mark unanswered", "?")]


def test_value_sits_in_its_shape(svg: ET.Element) -> None:
    c = group(svg, "C, MIN node")
    points = [tuple(map(float, p.split(","))) for p in c.find(f"{NS}polygon").get("points").split()]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    value = next(t for t in c.iter(f"{NS}text") if t.get("class") == "mark right")
    assert min(xs) < float(value.get("x")) < max(xs)
    assert min(ys) < float(value.get("y")) < max(ys)


def test_cuts_are_marked_on_the_topmost_edge(svg: ET.Element) -> None:
    # I: a right cut; the whole subtree below X missed: one mark on C-X, none below.
    right = group(svg, "edge C to I")
    assert right.get("aria-label").endswith("you cut it: right")
    assert [g.get("class") for g in right.iter(f"{NS}g") if g.get("class")] == ["mark right"]
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
    cut = next(g for g in edge.iter(f"{NS}g") if g.get("class") == "mark wrong")
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
