"""Tests for gametree.drawing.parts: a tree too wide for its page drawn in parts."""

from __future__ import annotations

import gametree
from gametree.drawing.fit import MIN_FONT
from gametree.drawing.parts import Part, draw_part, split_tree

FIG52 = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def test_a_tree_that_fits_is_one_part() -> None:
    assert split_tree(FIG52, fit=(6.69, 4.0)) == [Part("A", None)]


def test_a_narrow_page_gets_the_top_then_each_subtree() -> None:
    parts = split_tree(FIG52, fit=(1.4, 2.0))
    assert parts == [
        Part("A", 1, ("B", "C", "D")),
        Part("B", None),
        Part("C", None),
        Part("D", None),
    ]


def test_a_subtree_part_shows_the_search_of_the_whole_tree() -> None:
    # Under C alone, alpha-beta would return 2 at C; in the whole tree C is cut off
    # after its first leaf with the bound <=2, and its leaves 4 and 6 are pruned.
    result = gametree.solve(FIG52, "alphabeta", annotate=False)
    d, _ = draw_part(FIG52, result, Part("C", None), fit=(3.0, 2.0))
    values = {n.name: (n.value, n.status) for n in d.nodes}
    assert values["C"][0] == "≤2"
    assert values["H"] == ("2", "visited") and values["I"][1] == values["J"][1] == "pruned"


def test_an_exam_key_of_branching_3_depth_4_fits_a4_in_four_parts() -> None:
    """Issue 35: the whole key needs 14.1 in; the A4 text is 6.69 in wide."""
    G = gametree.random_tree(3, 4, seed=5, values=(-20, 20))
    result = gametree.solve(G, "alphabeta", annotate=False)
    page = (6.6, 3.0)
    parts = split_tree(G, result, fit=page, top_fit=(6.6, 2.0), style={"drop_names": False})
    root = gametree.find_root(G)
    children = tuple(G.successors(root))
    assert parts == [Part(root, 1, children)] + [Part(c, None) for c in children]
    for part in parts[1:]:
        d, pl = draw_part(G, result, part, fit=page, style={"drop_names": False})
        assert not pl.overflow
        assert (pl.xmax - pl.xmin + 2 * d.style["margin"]) / 72 <= page[0] + 1e-6
        assert d.style["font_size"] >= MIN_FONT and d.style["small_font_size"] >= MIN_FONT
        assert all(n.name for n in d.nodes)  # every name kept: the questions use them
