"""Knuth & Moore node types are drawable like the other annotations (show="types")."""

from __future__ import annotations

import gametree

FIG_5_2 = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_types_appear_in_the_left_slot_of_every_back_end() -> None:
    G = gametree.from_nested(FIG_5_2)
    types = gametree.node_types(G)
    # By hand: A and B lie on the principal variation; C and D are refuted (CUT);
    # a CUT node's refuting child is an ALL node.
    assert (types["A"], types["B"], types["C"], types["D"]) == ("PV", "PV", "CUT", "CUT")
    artists = gametree.draw(G, show="names,types")
    assert artists.order["C"].get_text() == "CUT"
    assert artists.order["A"].get_text() == "PV"
    text = gametree.to_text(G, show="types")
    assert "CUT" in text.splitlines()[5]
    assert "CUT" in gametree.to_dot(G, show="types")
    assert "CUT" in gametree.to_tikz(G, show="types")


def test_types_are_not_drawn_unless_asked() -> None:
    G = gametree.from_nested(FIG_5_2)
    gametree.node_types(G)
    assert "CUT" not in gametree.to_text(G)


def test_draw_cli_computes_the_types_when_asked(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from gametree.cli import main

    tree = tmp_path / "fig.tree"
    tree.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n")
    out = tmp_path / "key.txt"
    assert main(["draw", str(tree), "-o", str(out), "-a", "alphabeta", "--show", "types"]) == 0
    lines = out.read_text().splitlines()
    assert lines[0].endswith("PV") and "CUT" in lines[5]
