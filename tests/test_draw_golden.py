"""Golden files for the text emitters (DOT, TikZ, text art), hostile labels included.

Regenerate after a deliberate change with ``GAMETREE_REGENERATE=1 pytest
tests/test_draw_golden.py`` and read the diff before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import networkx as nx
import pytest

import gametree

DATA = Path(__file__).parent / "data" / "draw"

HOSTILE_LABELS = {
    "A": 'root "quoted"',
    "B": "back\\slash {x}",
    "C": "100% & $5 #1",
    "D": "é ∞ 日 α→β",
    "E": "under_score ~ ^",
    "F": "<less|more>",
}


def aima() -> nx.DiGraph:
    return gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def hostile() -> nx.DiGraph:
    """A searched tree with a cut, inf, a negative float, and labels that need quoting.

    [[3, 5.5], [-2, 9], [inf, 4]], ids breadth-first (leaves E F | G H | I J):
    B = min(3, 5.5) = 3 (alpha becomes 3); C sees G = -2 <= 3 and cuts H = 9;
    D = min(inf, 4) = 4 > 3, so the root is 4 with PV A-D-J.
    """
    G = gametree.from_nested([[3, 5.5], [-2, 9], [float("inf"), 4]])
    for node, label in HOSTILE_LABELS.items():
        G.nodes[node]["label"] = label
    G.edges["A", "B"]["move"] = 'a"1\\'
    G.edges["A", "C"]["move"] = "{a2} 50%"
    G.edges["A", "D"]["move"] = "a3 & é"
    gametree.alphabeta(G)
    return G


def check_golden(name: str, text: str) -> None:
    path = DATA / name
    if os.environ.get("GAMETREE_REGENERATE"):
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing golden file {path}; run with GAMETREE_REGENERATE=1"
    assert text == path.read_text(encoding="utf-8")


def test_hostile_tree_is_searched_as_derived() -> None:
    G = hostile()
    assert G.nodes["A"]["search_value"] == 4
    assert [e for e in G.edges if G.edges[e]["status"] == "pruned"] == [("C", "H")]
    assert [e for e in G.edges if G.edges[e].get("pv")] == [("A", "D"), ("D", "J")]


@pytest.mark.parametrize(
    ("name", "show"),
    [("aima_bare", None), ("aima_alphabeta", "values,bounds,order,names,moves")],
)
def test_text_golden(name: str, show: str | None) -> None:
    G = aima()
    result = None if name == "aima_bare" else gametree.alphabeta(G, annotate=False, trace=True)
    check_golden(f"{name}.txt", gametree.to_text(G, result, show=show) + "\n")
    check_golden(f"{name}.ascii.txt", gametree.to_text(G, result, show=show, ascii=True) + "\n")


def test_text_golden_hostile() -> None:
    text = gametree.to_text(hostile(), show="values,bounds,order,names,moves")
    check_golden("hostile.txt", text + "\n")


def test_text_marks_what_alpha_beta_did() -> None:
    G = aima()
    gametree.alphabeta(G)
    lines = gametree.to_text(G, ascii=True).splitlines()
    # C's value is an upper bound (it stopped after H = 2 <= alpha = 3); I and J are cut.
    assert lines[5] == "|-- C  MIN  <=2"
    assert lines[7] == "|   |// I  4  pruned"
    assert lines[8] == "|   `// J  6  pruned"
    assert lines[0] == "*A  MAX  3"


def test_text_dag_prints_shared_node_once() -> None:
    G = nx.DiGraph([("A", "B"), ("A", "C"), ("B", "D"), ("C", "D")])
    G.nodes["A"]["player"] = "MAX"
    G.nodes["B"]["player"] = G.nodes["C"]["player"] = "MIN"
    G.nodes["D"]["value"] = 7
    assert gametree.to_text(G, ascii=True).splitlines() == [
        "A  MAX",
        "|-- B  MIN",
        "|   `-- D  7",
        "`-- C  MIN",
        "    `-- D  7  (see above)",
    ]


@pytest.mark.slow
def test_text_deep_chain_caps_indentation() -> None:
    n = 100_000
    G = nx.DiGraph()
    G.add_edges_from((i, i + 1) for i in range(n - 1))
    for i in range(n - 1):
        G.nodes[i]["player"] = "MAX"
    G.nodes[n - 1]["value"] = 1
    lines = gametree.to_text(G).splitlines()
    assert len(lines) == n
    assert max(len(line) for line in lines) < 250
    assert lines[-1].startswith(f"(depth {n - 1}) ")


@pytest.mark.parametrize("searched", [False, True])
def test_dot_golden(searched: bool) -> None:
    G = aima()
    result = gametree.alphabeta(G, annotate=False, trace=True) if searched else None
    name = "aima_alphabeta.dot" if searched else "aima_bare.dot"
    check_golden(name, gametree.to_dot(G, result, show="values,names,bounds,order"))


def test_dot_golden_hostile() -> None:
    text = gametree.to_dot(hostile(), show="values,bounds,order,names,moves", title='T "1"')
    check_golden("hostile.dot", text)


def test_dot_parses_back_with_the_hostile_labels() -> None:
    P = gametree.to_pydot(hostile(), show="values,names,moves")
    labels = {n.get_name(): n.get("label") for n in P.get_nodes()}
    assert labels["n0_name"] == '"root \\"quoted\\""'
    assert labels["n1_name"] == '"back\\\\slash {x}"'
    assert P.get_node("n0")[0].get("shape") == "triangle"
    assert P.get_node("n1")[0].get("shape") == "invtriangle"


def test_dot_marks_cut_and_pv_edges() -> None:
    G = aima()
    gametree.alphabeta(G)
    lines = gametree.to_dot(G).splitlines()
    # Preorder ids: A n0, B n1, E n2, F n3, G n4, C n5, H n6, I n7, J n8, D n9, ...
    cut = [line for line in lines if "style=dashed" in line and "->" in line]
    assert [line.split("[")[0].strip() for line in cut] == ["n5 -> n7", "n5 -> n8"]
    # Each cut edge gets two black strokes across it (as matplotlib and TikZ draw them),
    # not a grey arrowhead on the pruned node's box.
    strokes = [line.split("[")[0].strip() for line in lines if "_cut" in line and "->" in line]
    assert strokes == [f"n5_{c}_cut{k}a -> n5_{c}_cut{k}b" for c in ("n7", "n8") for k in (0, 1)]
    assert all(
        'color="black", penwidth=1.6' in line for line in lines if "_cut" in line and "->" in line
    )
    assert not any("teetee" in line for line in lines)
    bold = [line.split("[")[0].strip() for line in lines if "penwidth=3" in line]
    assert bold == ["n0 -> n1", "n1 -> n2"]


@pytest.mark.parametrize("standalone", [False, True])
def test_tikz_golden(standalone: bool) -> None:
    G = aima()
    result = gametree.alphabeta(G, annotate=False, trace=True)
    text = gametree.to_tikz(G, result, standalone=standalone, show="values,names,bounds,order")
    check_golden("aima_alphabeta.standalone.tex" if standalone else "aima_alphabeta.tex", text)


def test_tikz_golden_hostile() -> None:
    text = gametree.to_tikz(
        hostile(), standalone=True, show="values,bounds,order,names,moves", title="50% & {x}"
    )
    check_golden("hostile.tex", text)
    assert "100\\% \\& {\\upshape\\ttfamily\\char36}5 \\#1" in text
    assert "back$\\backslash$slash $\\{$x$\\}$" in text
    assert "\\'{e} $\\infty$ {\\ttfamily U+65E5} $\\alpha$$\\rightarrow$$\\beta$" in text


def _dot_points(text: str) -> dict[str, tuple[float, float]]:
    import re

    return {
        m.group(1): (float(m.group(2)), float(m.group(3)))
        for m in re.finditer(r'^\s*(\w+) \[.*pos="(-?[\d.]+),(-?[\d.]+)!"', text, re.M)
    }


def test_dot_cut_marks_match_matplotlib_and_clear_the_pruned_box() -> None:
    pytest.importorskip("matplotlib")
    G = aima()
    gametree.alphabeta(G)
    text = gametree.to_dot(G)
    pos = _dot_points(text)
    dot_strokes = sorted(
        tuple(sorted((pos[f"n5_{c}_cut{k}a"], pos[f"n5_{c}_cut{k}b"])))
        for c in ("n7", "n8")
        for k in (0, 1)
    )
    artists = gametree.draw(G)
    marks = artists.cut_marks
    offsets = marks.get_offsets()
    mpl_strokes = sorted(
        tuple(sorted((round(ox + x, 3), round(oy + y, 3)) for x, y in path.vertices))
        for path, (ox, oy) in zip(marks.get_paths(), offsets, strict=True)
    )
    flat = [c for stroke in dot_strokes for point in stroke for c in point]
    assert flat == pytest.approx([c for s in mpl_strokes for p in s for c in p], abs=0.01)
    assert marks.get_edgecolor()[0][:3].tolist() == [0.0, 0.0, 0.0]
    # Every stroke end stays above the top of the pruned leaf boxes (I at n7, J at n8).
    for c in ("n7", "n8"):
        _, leaf_y = pos[c]
        top = leaf_y + 18.0 / 2  # the leaf box is leaf_size (18 pt) high
        for k in (0, 1):
            for end in "ab":
                assert pos[f"n5_{c}_cut{k}{end}"][1] > top + 2
