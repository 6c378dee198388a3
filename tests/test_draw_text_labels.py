"""Text art keeps one line per node even when labels are game boards."""

from __future__ import annotations

import networkx as nx

import gametree


def test_multi_line_labels_fold_into_one_line_per_node() -> None:
    G = nx.DiGraph()
    G.add_node("root", player="MAX", label="XO-\n-X-\n--O")
    G.add_node("a", value=1, label="XOX\n-X-\n--O")
    G.add_node("b", value=0, label="XO-\nXX-\n--O")
    G.add_edge("root", "a", move="2\n")
    G.add_edge("root", "b")
    lines = gametree.to_text(G, show="names,moves").splitlines()
    assert lines == [
        "XO-/-X-/--O  MAX",
        "├── 2:  XOX/-X-/--O  1",
        "└── XO-/XX-/--O  0",
    ]
