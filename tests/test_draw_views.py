"""View options in every back end: collapse="pruned", max_depth, focus, orientation.

Known answers on AIMA Figure 5.2 after alpha-beta: C's children I and J are pruned
(one cutoff, two hidden nodes); preorder A B E F G C H I J D K L M.
"""

from __future__ import annotations

import re
from pathlib import Path

import networkx as nx
import pytest

import gametree
from gametree.cli import main
from gametree.drawing.view import Hidden, view_graph
from gametree.exceptions import RenderError


def aima() -> nx.DiGraph:
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    gametree.alphabeta(G)
    return G


def dot_nodes(text: str) -> dict[str, str]:
    """DOT shape nodes (not the text slots): id -> attribute text."""
    return dict(re.findall(r"^  (n\d+) \[(.*)\];$", text, re.MULTILINE))


def dot_labels(text: str) -> list[str]:
    """Each DOT shape node's value: the label of its text node ``n<i>_value`` ("" if none)."""
    values = dict(re.findall(r'^  (n\d+)_value \[.*?label="([^"]*)"', text, re.MULTILINE))
    return [values.get(n, "") for n in dot_nodes(text)]


def tikz_texts(text: str, slot: str = "value") -> list[tuple[str, str]]:
    """(node, text) of each TikZ label of a slot, placed from its node's coordinate."""
    return re.findall(
        rf"\\node\[gt {slot}[^]]*\] at \(\[[^]]*\](n\d+)\) \{{(?:\\bfseries\{{\}})?([^}}]*)\}}",
        text,
    )


def tikz_values(text: str) -> list[tuple[str, str]]:
    return tikz_texts(text, "value")


# collapse="pruned" ---------------------------------------------------------------------


def test_collapse_hand_known_graph() -> None:
    G = aima()
    V = view_graph(G, "A", collapse="pruned")
    stub = Hidden("C", "pruned", 2)
    assert list(V.successors("C")) == ["H", stub]
    assert "I" not in V and "J" not in V
    assert V.number_of_nodes() == 12


def test_collapse_counts_a_whole_pruned_subtree() -> None:
    # [[5, 6], [[1, 2], [7, 8]]]: after B = 5, C's first child E = max(1, 2) = 2 <= 5
    # cuts C's second child F with its two leaves: the stub hides 3 nodes.
    G = gametree.from_nested([[5, 6], [[1, 2], [7, 8]]], players=["MAX", "MIN", "MAX"])
    gametree.alphabeta(G)
    text = gametree.to_text(G, collapse="pruned")
    assert "[3 nodes pruned]" in text
    assert text.count("pruned") == 1


def test_collapse_in_every_back_end(tmp_path: Path) -> None:
    G = aima()
    text = gametree.to_text(G, collapse="pruned", ascii=True)
    assert "`// [2 nodes pruned]" in text
    assert " I " not in text and " J " not in text
    dot = gametree.to_dot(G, collapse="pruned")
    nodes = dot_nodes(dot)
    assert len(nodes) == 12
    # The stub is a greyed triangle; its count is written beside it, as a count of
    # hidden nodes rather than as a value (issue 26).
    assert nodes["n7"].startswith('shape=triangle, label=""') and "dashed" in nodes["n7"]
    assert 'tooltip="2 nodes pruned"' in nodes["n7"]
    assert re.search(r'^  n7_count \[.*label="\(2 nodes\)"', dot, re.MULTILINE)
    assert dot_labels(dot)[7] == ""
    assert re.search(r"^  n5 -> n7 \[.*dashed", dot, re.MULTILINE)
    assert "n5_n7_cut0a -> n5_n7_cut0b" in dot and "n5_n7_cut1a -> n5_n7_cut1b" in dot
    tikz = gametree.to_tikz(G, collapse="pruned")
    assert ("n7", "(2 nodes)") in tikz_texts(tikz, "count")
    assert "n7" not in dict(tikz_values(tikz))
    assert "dash pattern" in next(line for line in tikz.splitlines() if "(n7) ++" in line)
    artists = gametree.draw(G, collapse="pruned")
    assert len(artists.nodes.get_paths()) == 12
    stub = Hidden("C", "pruned", 2)
    assert artists.counts[stub].get_text() == "(2 nodes)"
    assert stub not in artists.values and stub not in artists.names
    assert len(artists.cut_marks.get_paths()) == 2  # one cut: two strokes


def test_collapse_on_a_bare_tree_changes_nothing() -> None:
    G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert gametree.to_text(G, collapse="pruned") == gametree.to_text(G)


# max_depth -----------------------------------------------------------------------------


@pytest.mark.parametrize("k", [0, 1, 2])
def test_max_depth_draws_nothing_below_k(k: int) -> None:
    G = aima()
    depth = nx.shortest_path_length(G, "A")
    kept = {n for n in G if depth[n] <= k}
    hidden_below = {0: 12, 1: 3, 2: 0}[k]
    # DOT: the kept nodes plus one ellipsis per cut-off node.
    labels = dot_labels(gametree.to_dot(G, max_depth=k))
    ellipses = {0: 1, 1: 3, 2: 0}[k]
    assert len(labels) == len(kept) + ellipses
    assert labels.count("…") == ellipses
    text = gametree.to_text(G, max_depth=k)
    assert text.count(f"… ({hidden_below} more nodes)") == ellipses
    for n in set(G) - kept:
        assert not re.search(rf"\b{n}\b", text), n
    tikz = gametree.to_tikz(G, max_depth=k)
    assert [v for _, v in tikz_values(tikz)].count("$\\ldots$") == ellipses
    artists = gametree.draw(G, max_depth=k)
    assert set(artists.names) == kept
    assert len(artists.nodes.get_paths()) == len(kept) + ellipses


def test_max_depth_ellipsis_edges_are_dotted() -> None:
    lines = gametree.to_dot(aima(), max_depth=1).splitlines()
    dotted = [line.split(" [")[0].strip() for line in lines if "->" in line and "dotted" in line]
    assert dotted == ["n1 -> n2", "n3 -> n4", "n5 -> n6"]


# focus ---------------------------------------------------------------------------------


def test_focus_draws_the_path_and_the_subtree_only() -> None:
    G = aima()
    expected = {"A", "C", "H", "I", "J"}
    artists = gametree.draw(G, focus="C")
    assert set(artists.names) == expected
    text = gametree.to_text(G, focus="C", ascii=True)
    assert text.splitlines()[:5] == [
        "*A  MAX  3",
        "`-- C  MIN  <=2",
        "    |-- H  2",
        "    |// I  4  pruned",
        "    `// J  6  pruned",
    ]
    assert sorted(dot_labels(gametree.to_dot(G, focus="C"))) == sorted(["3", "≤2", "2", "4", "6"])
    tikz = gametree.to_tikz(G, focus="C", show="names")
    assert len(re.findall(r"\\coordinate \(n\d+\)", tikz)) == 5


def test_focus_and_collapse_combine() -> None:
    text = gametree.to_text(aima(), focus="C", collapse="pruned", ascii=True)
    assert text.splitlines()[3] == "    `// [2 nodes pruned]"


# orientation ---------------------------------------------------------------------------


def test_left_right_swaps_the_axes() -> None:
    G = aima()
    down = gametree.draw(G, fit=None).placement
    right = gametree.draw(G, fit=None, orientation="left-right").placement
    assert down is not None and right is not None
    # Top-down, depth goes down the page and siblings left to right; left-right, depth
    # goes to the right and siblings down the page, in the same order.
    assert down.pos["A"][1] > down.pos["B"][1] > down.pos["E"][1]
    assert right.pos["A"][0] < right.pos["B"][0] < right.pos["E"][0]
    assert len({right.pos[n][0] for n in "BCD"}) == 1
    assert len({right.pos[n][0] for n in "EFGHIJKLM"}) == 1
    ys = [right.pos[n][1] for n in "EFGHIJKLM"]
    assert ys == sorted(ys, reverse=True)
    xs = [down.pos[n][0] for n in "EFGHIJKLM"]
    assert xs == sorted(xs)
    # Edges leave the parent's right side and reach the child's left side.
    (x0, y0), (x1, y1) = right.ends("A", "B")
    assert x0 > right.pos["A"][0] and x1 < right.pos["B"][0]
    assert (y0, y1) == (right.pos["A"][1], right.pos["B"][1])


def test_left_right_in_dot_and_tikz() -> None:
    G = aima()
    dot = gametree.to_dot(G, orientation="left-right")
    pos = {k: tuple(map(float, re.search(r'pos="([^,]+),([^!]+)!"', a).groups()))  # type: ignore[union-attr]
           for k, a in dot_nodes(dot).items()}  # fmt: skip
    assert pos["n0"][0] < pos["n1"][0] < pos["n2"][0]  # A, B, E left to right
    assert pos["n2"][1] > pos["n3"][1]  # E above F
    tikz = gametree.to_tikz(G, orientation="left-right")
    coords = dict(re.findall(r"\\coordinate \((n\d+)\) at \(([^)]*)\)", tikz))
    assert float(coords["n0"].split(",")[0]) < float(coords["n1"].split(",")[0])


# errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"focus": "Z"}, "focus node 'Z' is not in the tree"),
        ({"collapse": "unreached"}, "unknown collapse 'unreached'"),
        ({"max_depth": -1}, "max_depth must be an integer >= 0, got -1"),
        ({"max_depth": 1.5}, "max_depth must be an integer"),
        ({"orientation": "bottom-up"}, "unknown orientation 'bottom-up'"),
    ],
)
def test_bad_view_options_are_clear_errors(options: dict[str, object], message: str) -> None:
    G = aima()
    for emit in (gametree.draw, gametree.to_dot, gametree.to_tikz):
        with pytest.raises(RenderError, match=re.escape(message)):
            emit(G, **options)  # type: ignore[operator]


def test_cli_view_flags(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = tmp_path / "aima.tree"
    tree.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n")
    out = tmp_path / "key.txt"
    argv = ["draw", str(tree), "-o", str(out), "-a", "alphabeta", "--force"]  # (again and again)
    assert main([*argv, "--collapse", "pruned", "--focus", "C"]) == 0
    assert out.read_text().splitlines()[3] == "    └╫─ [2 nodes pruned]"
    assert main([*argv, "--max-depth", "1"]) == 0
    assert out.read_text().count("… (3 more nodes)") == 3
    png = tmp_path / "key.png"
    assert main(["draw", str(tree), "-o", str(png), "--orientation", "left-right"]) == 0
    capsys.readouterr()
    for flags, words in (
        (["--focus", "Z"], "--focus 'Z': no such node"),
        (["--collapse", "all"], "--collapse 'all': expected pruned"),
        (["--max-depth", "two"], "--max-depth 'two'"),
        (["--orientation", "up"], "--orientation 'up'"),
    ):
        assert main([*argv, *flags]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and words in err, err
