"""The student's tree, each answer marked right or wrong, as an SVG picture.

The picture is the bare exercise tree drawn as the keys are (one placement for every
label: nothing crosses an edge or another label), with what the student wrote on it:
each internal node's value (green with \u2713 when right, red with \u2717 when wrong, a
grey ``?`` when not answered), a cut mark across the edge above each leaf or subtree
the student lists as pruned (green \u2713 when the search prunes it, red \u2717 when it
evaluates it) and a dashed red edge with ``!`` where the student missed a cut. Node
``i`` in preorder is the group ``n<i>``, edge ``j`` the group ``e<j>`` (as
:func:`gametree.to_svg` documents); each says its verdict in its ``aria-label``. A
tree that is not drawn as a tree (a DAG draws shared nodes once) gets None from
:func:`marked_svg`, and the caller shows the marks as text only.

Examples
--------
>>> import gametree
>>> from gametree.platforms.items import grade_items
>>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
>>> key = gametree.AnswerKey(G)
>>> svg = marked_svg(key, grade_items(key, "value = 3\\nB = 3\\nC = 2\\nD = 5\\npruned = I K"))
>>> svg.count(">\u2713<"), svg.count(">\u2717<"), svg.count(">!<")  # on nodes, edges, leaves
(5, 3, 2)
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Hashable

from gametree.drawing.style import VERDICT_COLORS
from gametree.homework import AnswerKey, Verdict
from gametree.platforms.items import Grading

__all__ = ["COLORS", "MARKED_FIT", "marked_svg"]

COLORS = VERDICT_COLORS
"""The colour of each mark (green right, red wrong or missed, grey not answered): the
drawing style's :data:`~gametree.drawing.style.VERDICT_COLORS`."""

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


MARKED_FIT = (8.0, 6.0)
"""The page a marked tree is fitted to by default, in inches: a web page's column (the
picture then scales to the width it is shown at)."""

LEGIBLE_PX = 9.0
"""The smallest text, in CSS pixels, a marked tree is scaled down to (it scrolls instead)."""

_NO_VALUE = "\u2013"  # what a node is shown holding when the answer says it has none


def marked_svg(
    key: AnswerKey, grading: Grading, *, fit: tuple[float, float] | None = MARKED_FIT
) -> str | None:
    """Return the student's tree with each answer marked, or None for a DAG.

    The picture is drawn as the keys are (:func:`gametree.drawing.style.diagram`, one
    placement for every label, so no label crosses an edge or another label): the
    student's value inside each internal node, in the node's colour, its verdict
    (\u2713, \u2717) beside it where a window would go; a cut mark on each edge the
    student cut and a dashed red edge where a cut was missed, each with its verdict
    written on the edge. The SVG scales to the width of its container (``width="100%"``),
    never wider than drawn nor so narrow that its smallest text falls under
    :data:`LEGIBLE_PX` pixels (``min-width``: a wider tree scrolls in a container that
    lets it, as Gradescope's output does).

    Parameters
    ----------
    key : gametree.AnswerKey
        The exercise (its tree, root and convention).
    grading : Grading
        The student's answers graded by :func:`gametree.platforms.items.grade_items`.
    fit : (width, height) in inches or None, default (8, 6)
        As for :func:`gametree.to_svg`: fonts and shapes shrink (to 7 pt at least) to
        fit; None draws at natural size.

    Returns
    -------
    str or None
        An SVG document; None when the tree is not drawn as a tree (a node with two
        parents), where marks on the picture could mislead.
    """
    import warnings

    from gametree.drawing.fit import arrange
    from gametree.drawing.style import diagram
    from gametree.drawing.svg import diagram_svg

    order = _preorder(key)
    if order is None:
        return None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a tree too wide for the page is drawn larger
        d = diagram(key.G, root=key.root, show="names,moves", fit=fit)
        node_marks = _node_marks(key, grading)
        said: dict[int, str] = {}
        for i, n in enumerate(d.nodes):
            found = node_marks.get(n.node)
            if found is None:
                continue
            text, mark = found
            n.value = _shown(text)
            n.bounds = "" if mark == "unanswered" else _SYMBOL[mark]
            n.color = n.text_color = COLORS[mark]
            n.line_width = 2.0
            said[i] = f"you gave {_spoken(text)}: {mark}"
        leaf_marks = _leaf_marks(key, grading)
        leaf_words = {"right": "you listed it as pruned: right",
                      "wrong": "you listed it as pruned: wrong",
                      "missed": "pruned, you missed it: missed"}  # fmt: skip
        for i, n in enumerate(d.nodes):
            listed = leaf_marks.get(n.node)
            if listed is not None and n.kind == "LEAF":
                n.order = _SYMBOL[listed]  # beside the leaf's name: each leaf ticked or missed
                said[i] = leaf_words[listed]
        edge_marks = _edge_marks(key, order, leaf_marks)
        marked: dict[int, str] = {}
        for j, e in enumerate(d.edges):
            mark = edge_marks.get((e.u, e.v), "")
            if not mark:
                continue
            marked[j] = mark
            e.cut = mark != "missed"
            e.color = COLORS[mark]
            e.linestyle = "dashed"
            e.line_width = 2.0 if mark == "missed" else e.line_width
            e.move = f"{e.move} {_SYMBOL[mark]}".strip()
        placement = arrange(d)
    root = ET.fromstring(diagram_svg(d, placement))
    for el in root.iter():
        el.tag = el.tag.rpartition("}")[2]
    groups = {el.get("id"): el for el in root.iter("g") if el.get("id")}
    for i, words in said.items():
        g = groups[f"n{i}"]
        mark = words.rpartition(": ")[2]
        for t in g.iter("text"):
            slot = t.get("class")
            if (slot in ("value", "bounds") and d.nodes[i].kind != "LEAF") or slot == "order":
                t.set("class", f"{slot} mark {mark}")
                t.set("fill", COLORS[mark])
        g.set("aria-label", f"{g.get('aria-label')}, {words}")
    what = {"right": "you cut it: right", "wrong": "you cut it: wrong", "missed": "missed"}
    for j, mark in marked.items():
        g = groups[f"e{j}"]
        for strokes in g.iter("g"):
            if strokes.get("class") == "cut":
                strokes.set("class", f"cut mark {mark}")
                strokes.set("stroke", COLORS[mark])
        for t in g.iter("text"):
            if t.get("class") == "move":
                t.set("class", f"move mark {mark}")
                t.set("fill", COLORS[mark])
        g.set("aria-label", f"{g.get('aria-label')}, {what[mark]}")
    natural = float(root.get("width", "0pt").removesuffix("pt"))
    root.attrib.pop("height", None)
    root.set("width", "100%")
    # As wide as its container, never wider than drawn, nor so narrow that the smallest
    # text falls under LEGIBLE_PX pixels (a wider tree then scrolls in its container).
    smallest = min(float(d.style["small_font_size"]), float(d.style["font_size"])) * 4 / 3
    least = natural * min(1.0, LEGIBLE_PX / smallest)
    root.set("style", f"width: 100%; min-width: {least:.0f}pt; max-width: {natural:.0f}pt; "
             "height: auto")  # fmt: skip
    root.set("xmlns", _SVG)
    root.set("role", "img")
    root.set("aria-label", "your answers marked on the tree")
    text = ET.tostring(root, encoding="unicode")
    return re.sub(r"\s+/>", "/>", text)


def _shown(text: str) -> str:
    """An answer as the picture writes it: typeset signs, a dash for "no value"."""
    if text.startswith("no value"):
        return _NO_VALUE
    return text.replace("<=", "\u2264").replace(">=", "\u2265").replace("-", "\u2212")


def _spoken(text: str) -> str:
    return "no value" if text.startswith("no value") else _shown(text)
