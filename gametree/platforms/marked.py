"""The student's tree, each answer marked right or wrong, as an SVG picture.

The picture is :func:`gametree.to_svg` of the bare exercise tree, with what the student
wrote drawn on it: each internal node's value (green and ✓ when right, red and ✗ when
wrong, a grey ``?`` when not answered) and a cut mark across the edge above each leaf
the student lists as pruned (green when the search prunes it, red when it evaluates
it), with a red ``!`` on each pruned leaf's edge the student missed. It finds nodes
and edges by the structure :func:`gametree.to_svg` documents (node ``i`` in preorder is
the group ``n<i>``, each edge a group ``e<j>`` labelled ``edge U to V``) and reads the
coordinates of their shapes, as the practice page's script does. When the drawing does
not have that structure (a DAG draws shared nodes once), :func:`marked_svg` returns
None and the caller shows the marks as text only.

Examples
--------
>>> import gametree
>>> from gametree.platforms.items import grade_items
>>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
>>> key = gametree.AnswerKey(G)
>>> svg = marked_svg(key, grade_items(key, "value = 3\\nB = 3\\nC = 2\\nD = 5\\npruned = I K"))
>>> svg.count(">\u2713<"), svg.count(">\u2717<"), svg.count(">!<")    # right, wrong, missed
(4, 2, 1)
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Hashable
from typing import Any

from gametree.drawing import to_svg
from gametree.homework import AnswerKey, Verdict
from gametree.platforms.items import Grading

__all__ = ["COLORS", "marked_svg"]

COLORS = {"right": "#1a7f37", "wrong": "#b3261e", "missed": "#b3261e", "unanswered": "#6e6e6e"}
"""The colour of each mark (green right, red wrong or missed, grey not answered)."""

_SYMBOL = {"right": "\u2713", "wrong": "\u2717", "missed": "!", "unanswered": "?"}
_SVG = "http://www.w3.org/2000/svg"


def _preorder(key: AnswerKey) -> list[Hashable] | None:
    """The drawn tree's nodes in preorder, or None when a node has two parents (a DAG)."""
    G, out, seen = key.G, [], set()
    stack = [key.root]
    while stack:
        node = stack.pop()
        if node in seen:
            return None
        seen.add(node)
        out.append(node)
        stack.extend(reversed(list(G._succ[node])))
    return out


def _center(shape: ET.Element) -> tuple[float, float, float] | None:
    """The centre and half width of a node's shape (polygon, circle, ellipse or rect)."""
    a = shape.attrib
    try:
        if "points" in a:
            pts = [tuple(map(float, p.split(","))) for p in a["points"].split()]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            return sum(xs) / len(xs), sum(ys) / len(ys), (max(xs) - min(xs)) / 2
        if "cx" in a:
            r = float(a.get("r", a.get("rx", "0")))
            return float(a["cx"]), float(a["cy"]), r
        if "width" in a:
            w, h = float(a["width"]), float(a["height"])
            return float(a["x"]) + w / 2, float(a["y"]) + h / 2, w / 2
    except (ValueError, KeyError, ZeroDivisionError):
        return None
    return None


def _text(parent: ET.Element, x: float, y: float, text: str, mark: str, **extra: str) -> None:
    attrs = {
        "class": f"mark {mark}",
        "x": f"{x:.2f}",
        "y": f"{y:.2f}",
        "font-size": "10",
        "text-anchor": "middle",
        "dominant-baseline": "central",
        "fill": COLORS[mark],
        "font-weight": "bold",
    }
    attrs.update(extra)
    ET.SubElement(parent, "text", attrs).text = text


def _node_marks(key: AnswerKey, grading: Grading) -> dict[Hashable, tuple[str, str]]:
    """For each internal node asked about: (what to write, right/wrong/unanswered)."""
    marks: dict[Hashable, tuple[str, str]] = {}
    for r in grading.results:
        if r.item.kind not in ("value", "values") or r.item.node is None:
            continue
        if not r.answered:
            marks[r.item.node] = ("?", "unanswered")
            continue
        given = r.findings[0].given or "?"
        marks[r.item.node] = (given, "right" if r.passed else "wrong")
    return marks


def _leaf_marks(key: AnswerKey, grading: Grading) -> dict[Hashable, str]:
    """For each leaf the pruned item speaks of: right (a right cut), wrong, or missed."""
    by_name = {key.name(leaf): leaf for leaf in key.frontier}
    verdicts = {Verdict.CORRECT: "right", Verdict.EXTRA: "wrong", Verdict.MISSING: "missed"}
    marks: dict[Hashable, str] = {}
    for r in grading.results:
        if r.item.kind != "pruned":
            continue
        for f in r.findings:
            if f.verdict not in verdicts:
                continue
            for name in f.leaves:  # one finding may stand for a whole cut-off subtree
                leaf = by_name.get(name)
                if leaf is not None:
                    marks[leaf] = verdicts[f.verdict]
    return marks


def _edge_marks(
    key: AnswerKey, order: list[Hashable], leaves: dict[Hashable, str]
) -> dict[tuple[Hashable, Hashable], str]:
    """Each leaf's mark moved up to the top-most edge above which every leaf has it.

    A cut of a whole subtree (``pruned = X`` or its leaves one by one) is drawn once,
    across the edge into the subtree, as on a pruning diagram.
    """
    G = key.G
    uniform: dict[Hashable, str | None] = {}
    for node in reversed(order):
        children = list(G._succ[node])
        if node in key.position or not children:
            uniform[node] = leaves.get(node)
            continue
        marks = {uniform.get(c) for c in children}
        uniform[node] = marks.pop() if len(marks) == 1 else None
    out: dict[tuple[Hashable, Hashable], str] = {}
    for u in order:
        if u in key.position:
            continue
        for v in G._succ[u]:
            mark = uniform.get(v)
            if mark is not None and (uniform[u] != mark or u == key.root):
                out[u, v] = mark
    return out


def marked_svg(key: AnswerKey, grading: Grading, *, fit: Any = None) -> str | None:
    """Return the student's tree with each answer marked, or None for a DAG.

    Parameters
    ----------
    key : gametree.AnswerKey
        The exercise (its tree, root and convention).
    grading : Grading
        The student's answers graded by :func:`gametree.platforms.items.grade_items`.
    fit : (width, height) in inches, optional
        As for :func:`gametree.to_svg`; None (the default) draws at natural size.

    Returns
    -------
    str or None
        An SVG document; None when the tree is not drawn as a tree (a node with two
        parents), where marks on the picture could mislead.
    """
    order = _preorder(key)
    if order is None:
        return None
    root = ET.fromstring(to_svg(key.G, root=key.root, fit=fit))
    for el in root.iter():
        el.tag = el.tag.rpartition("}")[2]
    groups = {el.get("id"): el for el in root.iter("g") if el.get("id")}
    found = [groups.get(f"n{i}") for i in range(len(order))]
    nodes = [g for g in found if g is not None]
    if len(nodes) != len(order) or f"n{len(order)}" in groups:
        return None
    names = {
        n: (g.get("aria-label") or "").split(",")[0] for n, g in zip(order, nodes, strict=True)
    }
    edges: dict[tuple[Hashable, Hashable], ET.Element] = {}
    labelled = {g.get("aria-label"): g for k, g in groups.items() if k and k.startswith("e")}
    for u in order:
        for v in key.G._succ[u]:
            g = labelled.get(f"edge {names[u]} to {names[v]}")
            if g is None:
                return None
            edges[u, v] = g
    for node, (text, mark) in _node_marks(key, grading).items():
        g = nodes[order.index(node)]
        shape = g.find("*[@class='shape']")
        place = _center(shape) if shape is not None else None
        if place is None or shape is None:
            continue
        x, y, half = place
        shape.set("stroke", COLORS[mark])
        shape.set("stroke-width", "2")
        shown = text.replace("<=", "\u2264").replace(">=", "\u2265").replace("-", "\u2212")
        _text(g, x, y, shown, mark)
        _text(g, x + half + 3, y - 9, _SYMBOL[mark], mark, **{"text-anchor": "start"})
        g.set("aria-label", f"{g.get('aria-label')}, you gave {shown}: {mark}")
    for (u, v), mark in _edge_marks(key, order, _leaf_marks(key, grading)).items():
        g = edges[u, v]
        line = g.find("line")
        if line is None:
            continue
        x1, y1, x2, y2 = (float(line.get(k, "0")) for k in ("x1", "y1", "x2", "y2"))
        mx, my = x1 + 0.6 * (x2 - x1), y1 + 0.6 * (y2 - y1)
        if mark == "missed":
            line.set("stroke", COLORS[mark])
            line.set("stroke-dasharray", "4 2.5")
            _text(g, mx + 9, my, "!", mark)
        else:
            cut = ET.SubElement(g, "g", {"class": f"mark {mark}", "stroke": COLORS[mark]})
            cut.set("stroke-width", "2")
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            dx, dy = (x2 - x1) / length, (y2 - y1) / length  # along the edge
            for off in (-2.2, 2.2):  # two strokes across it, as a pruning diagram's cut
                cx, cy = mx + off * dx, my + off * dy
                ET.SubElement(cut, "line", {
                    "x1": f"{cx + 6 * dy:.2f}", "y1": f"{cy - 6 * dx:.2f}",
                    "x2": f"{cx - 6 * dy:.2f}", "y2": f"{cy + 6 * dx:.2f}",
                })  # fmt: skip
            _text(g, mx + 14, my, _SYMBOL[mark], mark)
        what = {"right": "you cut it: right", "wrong": "you cut it: wrong", "missed": "missed"}
        g.set("aria-label", f"{g.get('aria-label')}, {what[mark]}")
    root.set("xmlns", _SVG)
    root.set("aria-label", "your answers marked on the tree")
    text = ET.tostring(root, encoding="unicode")
    return re.sub(r"\s+/>", "/>", text)
