"""Game boards drawn as boards (gametree.drawing.boards) in every back end."""

from __future__ import annotations

import re
import shutil
from collections.abc import Hashable
from itertools import pairwise
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

import gametree
from gametree.cli import main
from gametree.drawing.boards import Board, grid_of, last_move
from gametree.drawing.mpl import Artists
from gametree.drawing.style import diagram
from gametree.games import ConnectFour, TicTacToe, search_game
from gametree.games.expand import expand
from tests.test_draw_render import HAVE_PDFLATEX, pdflatex

try:
    import pygraphviz  # noqa: F401

    HAVE_PYGRAPHVIZ = True
except ImportError:
    HAVE_PYGRAPHVIZ = False
HAVE_DOT = shutil.which("dot") is not None

# X to move with three cells left (5, 7, 8 in row-major order). By hand: the children
# are X at row 1 column 2, at row 2 column 1 and at row 2 column 2.
TTT_ROOT = "XOX/OO-/X--"
TTT_LAST = {
    (TTT_ROOT, "XOX/OOX/X--"): (1, 2),
    (TTT_ROOT, "XOX/OO-/XX-"): (2, 1),
    (TTT_ROOT, "XOX/OO-/X-X"): (2, 2),
    ("XOX/OOX/X--", "XOX/OOX/XO-"): (2, 1),
    ("XOX/OOX/X--", "XOX/OOX/X-O"): (2, 2),
    ("XOX/OOX/X-O", "XOX/OOX/XXO"): (2, 1),
    ("XOX/OO-/XX-", "XOX/OOO/XX-"): (1, 2),
    ("XOX/OO-/XX-", "XOX/OO-/XXO"): (2, 2),
    ("XOX/OO-/XXO", "XOX/OOX/XXO"): (1, 2),
    ("XOX/OO-/X-X", "XOX/OOO/X-X"): (1, 2),
    ("XOX/OO-/X-X", "XOX/OO-/XOX"): (2, 1),
}
"""(parent, child) boards: the cell of the move between them."""


def ttt() -> nx.DiGraph:
    game = TicTacToe()
    return expand(game, game.state(TTT_ROOT))


def one_line(label: str) -> str:
    return label.replace("\n", "/")


def edge_key(G: nx.DiGraph, node: Hashable) -> tuple[str, str]:
    """The (parent, node) boards of a tree node, as one-line texts."""
    (parent,) = G.pred[node]
    return one_line(G.nodes[parent]["label"]), one_line(G.nodes[node]["label"])


@pytest.fixture(scope="module")
def ttt_searched() -> tuple[nx.DiGraph, Artists]:
    G = ttt()
    gametree.alphabeta(G)
    return G, gametree.draw(G, show="values,bounds,order,names,moves")


def display_box(artists: Artists, node: Hashable, box: tuple[float, ...]) -> tuple[float, ...]:
    """A box given in points from a node's centre, in display pixels."""
    fig = artists.figure
    assert artists.placement is not None
    cx, cy = artists.ax.transData.transform(artists.placement.pos[node])
    k = fig.dpi / 72.0
    x0, y0, x1, y1 = box
    return cx + x0 * k, cy + y0 * k, cx + x1 * k, cy + y1 * k


def boards_of(artists: Artists, G: nx.DiGraph) -> dict[Hashable, Board]:
    d = diagram(G)
    return {n.node: n.board for n in d.nodes if n.board is not None}


# The grid model --------------------------------------------------------------------


def test_grid_from_labels_and_cells() -> None:
    assert grid_of({"label": "XO-\n-X-\n--O"}) == (
        ("X", "O", "-"),
        ("-", "X", "-"),
        ("-", "-", "O"),
    )
    # Separators between cells: "|" or single spaces.
    assert grid_of({"label": "X|O|-\n-|-|O"}) == (("X", "O", "-"), ("-", "-", "O"))
    assert grid_of({"label": "X O .\n. X ."}) == (("X", "O", "."), (".", "X", "."))
    # A space as an empty cell is not taken for a separator.
    assert grid_of({"label": "X O\n   \nO X"}) == (
        ("X", " ", "O"),
        (" ", " ", " "),
        ("O", " ", "X"),
    )
    # A trailing newline and Windows line ends are fine.
    assert grid_of({"label": "ab\r\ncd\n"}) == (("a", "b"), ("c", "d"))
    # Not boards: one line, rows of different lengths, not text.
    for label in ("XO-", "B", "ab\nc", "\n\n", 3, None):
        assert grid_of({"label": label}) is None
    # The cells attribute wins over the label; ragged rows are padded.
    assert grid_of({"cells": [["K", "10"], ["Q"]], "label": "x\ny"}) == (
        ("K", "10"),
        ("Q", ""),
    )


@pytest.mark.parametrize("cells", ["XO", [], [[]], [["X"], "O"], 5])
def test_bad_cells_say_what_is_wrong(cells: Any) -> None:
    G = gametree.from_nested([1, 2])
    G.nodes["B"]["cells"] = cells
    with pytest.raises(gametree.RenderError, match=r"node 'B': 'cells' must be rows"):
        gametree.to_text(G)


def test_last_move_known_answers() -> None:
    empty = (("-", "-", "-"),) * 3
    one = (("-", "-", "-"), ("-", "X", "-"), ("-", "-", "-"))
    assert last_move(empty, one) == {(1, 1)}
    # A capture changes two cells: both are the move.
    before = (("X", "O", "-"),)
    assert last_move(before, (("-", "-", "X"),)) == set()  # 3 of 3 changed: redrawn
    assert last_move((("X", "O", "-", "-"),), (("-", "O", "X", "-"),)) == {(0, 0), (0, 2)}
    assert last_move(None, one) == set() and last_move((("-",),), one) == set()


def test_board_geometry() -> None:
    b = Board((("X", "O"), ("-", "X"), ("-", "-")), cell_width=10.0, cell_height=12.0)
    assert (b.width, b.height, b.n_rows, b.n_cols) == (20.0, 36.0, 3, 2)
    assert b.cell_box(0, 0) == (-10.0, 6.0, 0.0, 18.0)
    assert b.cell_center(2, 1) == (5.0, -12.0)
    # 2 inner horizontal and 1 inner vertical line.
    assert sorted(b.grid_lines()) == [
        ((-10.0, -6.0), (10.0, -6.0)),
        ((-10.0, 6.0), (10.0, 6.0)),
        ((0.0, -18.0), (0.0, 18.0)),
    ]
    assert list(b.marks()) == [(0, 0, "X"), (0, 1, "O"), (1, 1, "X")]


def test_diagram_gives_each_position_its_board() -> None:
    d = diagram(ttt())
    assert len(d.nodes) == 12 and all(n.board is not None for n in d.nodes)
    for n in d.nodes:
        assert n.board is not None and n.name == ""  # the board is the label
        text = n.board.text()
        assert text == one_line(d.graph.nodes[n.node]["label"])
        if n.node == 0:
            assert n.board.last == set()
        else:
            assert n.board.last == {TTT_LAST[edge_key(d.graph, n.node)]}


def test_connect_four_last_move_is_where_the_piece_falls() -> None:
    game = ConnectFour()
    G = expand(game, depth=2)
    d = diagram(G)
    for u, v, data in G.edges(data=True):
        col = data["move"]
        parent_rows = G.nodes[u]["label"].split("\n")
        # Gravity: the piece lands on the lowest empty cell of its column.
        height = sum(row[col] != "-" for row in parent_rows)
        board = d.nodes[d.index[v]].board
        assert board is not None and board.last == {(5 - height, col)}


def test_boards_can_be_turned_off() -> None:
    d = diagram(ttt(), style={"boards": False})
    assert all(n.board is None for n in d.nodes)
    assert d.nodes[0].name == TTT_ROOT.replace("/", "\n")


# matplotlib --------------------------------------------------------------------------


def test_marks_are_the_cells(ttt_searched: tuple[nx.DiGraph, Artists]) -> None:
    G, artists = ttt_searched
    root = {(r, c): t.get_text() for (n, r, c), t in artists.marks.items() if n == 0}
    assert root == {(0, 0): "X", (0, 1): "O", (0, 2): "X", (1, 0): "O", (1, 1): "O", (2, 0): "X"}
    marks = sum(1 for n in G for ch in G.nodes[n]["label"] if ch in "XO")
    assert len(artists.marks) == marks
    assert all(
        t.get_fontsize() >= 7 and t.get_fontweight() == "bold" for t in artists.marks.values()
    )


def test_marks_centred_in_their_cells(ttt_searched: tuple[nx.DiGraph, Artists]) -> None:
    G, artists = ttt_searched
    boards = boards_of(artists, G)
    renderer = artists.figure.canvas.get_renderer()  # type: ignore[attr-defined]
    for (node, r, c), text in artists.marks.items():
        x0, y0, x1, y1 = display_box(artists, node, boards[node].cell_box(r, c))
        box = text.get_window_extent(renderer)
        assert abs((box.x0 + box.x1) / 2 - (x0 + x1) / 2) < 0.5
        assert abs((box.y0 + box.y1) / 2 - (y0 + y1) / 2) < 0.15 * (y1 - y0)
        assert x0 <= box.x0 and box.x1 <= x1 and y0 - 0.5 <= box.y0 and box.y1 <= y1 + 0.5


def inside_figure(artists: Artists, G: nx.DiGraph) -> None:
    """Every board, every shape beside one and every text lies inside the figure."""
    fig = artists.figure
    width, height = fig.bbox.width, fig.bbox.height
    assert artists.placement is not None
    for node, board in boards_of(artists, G).items():
        x0, y0, x1, y1 = display_box(
            artists, node, (-board.width / 2, -board.height / 2, board.width / 2, board.height / 2)
        )
        assert x0 >= 0 and x1 <= width and y0 >= 0 and y1 <= height, node
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    boxes = [artists.nodes.get_window_extent(renderer)]
    for group in (artists.values, artists.names, artists.bounds, artists.moves, artists.marks):
        boxes += [t.get_window_extent(renderer) for t in group.values()]  # type: ignore[attr-defined]
    for box in boxes:
        assert box.x0 >= -0.5 and box.x1 <= width + 0.5
        assert box.y0 >= -0.5 and box.y1 <= height + 0.5


def test_boards_inside_the_figure(ttt_searched: tuple[nx.DiGraph, Artists]) -> None:
    inside_figure(ttt_searched[1], ttt_searched[0])


def test_connect_four_boards_are_not_clipped() -> None:
    # gametree expand connect4 --depth 2 used to cut the bottom row off every board.
    G = expand(ConnectFour(), depth=2)
    artists = gametree.draw(G)
    inside_figure(artists, G)
    # By hand: an empty root, 7 boards with one piece, 49 with two; the second piece
    # lands on the bottom row except when both went down one column (7 boards).
    bottom = [t for (_, r, _), t in artists.marks.items() if r == 5]
    assert len(artists.marks) == 7 + 49 * 2 and len(bottom) == 7 + 49 * 2 - 7


def test_nodes_get_the_room_their_boards_need(ttt_searched: tuple[nx.DiGraph, Artists]) -> None:
    G, artists = ttt_searched
    pl = artists.placement
    assert pl is not None
    boards = boards_of(artists, G)
    for node, board in boards.items():
        assert (pl.width[node], pl.height[node]) == (board.width, board.height)
        y = pl.pos[node][1]
        assert pl.ymin <= y - board.height / 2 and y + board.height / 2 <= pl.ymax
    small = 8.5
    for u, v in G.edges:
        # A child's board sits below its parent's, with room for the move label between.
        bottom = pl.pos[u][1] - pl.height[u] / 2
        top = pl.pos[v][1] + pl.height[v] / 2
        assert bottom - top >= 2 * small
    # Drawings (board and the shape beside it) on one level never overlap.
    levels: dict[float, list[Hashable]] = {}
    for node, (_, y) in pl.pos.items():
        levels.setdefault(y, []).append(node)
    for nodes in levels.values():
        nodes.sort(key=lambda n: pl.pos[n][0])
        for a, b in pairwise(nodes):
            assert pl.pos[a][0] + pl.width[a] / 2 < pl.pos[b][0] - pl.left(b)


def test_shape_and_value_beside_the_board(ttt_searched: tuple[nx.DiGraph, Artists]) -> None:
    G, artists = ttt_searched
    pl = artists.placement
    assert pl is not None
    d = diagram(G)
    for n, path in zip(d.nodes, artists.nodes.get_paths(), strict=True):
        corners = {tuple(v) for v in path.vertices.tolist()}
        left = -pl.width[n.node] / 2
        assert max(x for x, _ in corners) < left  # the shape stands left of the board
        top = max(y for _, y in corners)
        on_top = sum(1 for _, y in corners if y == top)
        expected = {"MAX": (3, 1), "MIN": (3, 2), "LEAF": (4, 2)}[n.kind]
        assert (len(corners), on_top) == expected
        value = artists.values.get(n.node)
        if value is None:  # a pruned MAX node: no value
            assert n.status == "pruned"
            continue
        vx = artists.ax.transData.inverted().transform(
            artists.ax.transData.transform(value.get_position())
        )[0]
        assert vx - pl.pos[n.node][0] < left
    assert artists.values[0].get_text() == "−1"


def test_last_move_filled(ttt_searched: tuple[nx.DiGraph, Artists]) -> None:
    G, artists = ttt_searched
    assert artists.board_cells is not None and artists.placement is not None
    boards = boards_of(artists, G)
    by_pos = {artists.placement.pos[n]: n for n in boards}
    found: dict[tuple[str, str], tuple[int, int]] = {}
    for path, offset in zip(
        artists.board_cells.get_paths(), artists.board_cells.get_offsets(), strict=True
    ):
        node = by_pos[tuple(offset)]  # type: ignore[index]
        board = boards[node]
        cx, cy = path.vertices[:4].mean(axis=0)
        cell = (round((board.height / 2 - cy) / board.cell_height - 0.5),
                round((cx + board.width / 2) / board.cell_width - 0.5))  # fmt: skip
        assert board.cell_center(*cell) == pytest.approx((cx, cy))
        assert edge_key(G, node) not in found
        found[edge_key(G, node)] = cell
    assert found == TTT_LAST
    fills = {tuple(rgba[:3].round(3)) for rgba in artists.board_cells.get_facecolors()}
    assert (1.0, round(0xD9 / 255, 3), round(0x66 / 255, 3)) in fills


def test_frames_carry_the_status(ttt_searched: tuple[nx.DiGraph, Artists]) -> None:
    G, artists = ttt_searched
    assert artists.boards is not None
    d = diagram(G)
    widths = artists.boards.get_linewidths()
    styles = artists.boards.get_linestyles()
    for i, n in enumerate(d.nodes):
        status = gametree.node_status(G, n.node)
        if status == "pruned":
            assert styles[i][1] is not None  # dashed
        if G.nodes[n.node].get("search_value") is not None and n.pv:
            assert widths[i] > 1.0
    assert any(n.pv for n in d.nodes)


def test_many_boards_drawn_as_glyph_outlines() -> None:
    G = expand(TicTacToe(), depth=3)  # 1 + 9 + 72 + 504 nodes
    artists = gametree.draw(G)
    assert artists.labels is not None and not artists.marks
    assert artists.boards is not None and len(artists.boards.get_paths()) == 586
    # The figure is 67,080 pixels wide at its 100 dpi: matplotlib before 3.10 renders at
    # most 65,535, so the geometry is read at a lower resolution (display units scale).
    fig = artists.figure
    fig.set_dpi(min(fig.dpi, 30_000 / max(fig.get_size_inches())))
    inside_figure(artists, G)


# User games --------------------------------------------------------------------------


class Counting:
    """Two players write 1..2 into a row of two cells; MAX wants a big sum."""

    initial = ((0, 0), "MAX")

    def to_move(self, s: Any) -> str:
        return str(s[1])

    def actions(self, s: Any) -> list[tuple[int, int]]:
        return [(i, v) for i in range(2) if not s[0][i] for v in (1, 10)]

    def result(self, s: Any, a: tuple[int, int]) -> Any:
        cells = list(s[0])
        cells[a[0]] = a[1]
        return (tuple(cells), "MIN" if s[1] == "MAX" else "MAX")

    def is_terminal(self, s: Any) -> bool:
        return all(s[0])

    def utility(self, s: Any) -> float:
        return float(sum(s[0]))

    def render_cells(self, s: Any) -> list[list[str]]:
        return [[str(v) if v else "" for v in s[0]], ["&", "#"]]


class Piles(Counting):
    """The same game, rendered as a multi-line string with '|' between cells."""

    render_cells = None  # type: ignore[assignment]

    def render(self, s: Any) -> str:
        return "\n".join(["|".join("X" if v == 10 else "o" if v else "." for v in s[0]), "a|b"])


def test_user_game_with_render_cells() -> None:
    G = expand(Counting())
    assert G.nodes[0]["cells"] == [["", ""], ["&", "#"]]
    found = search_game(Counting(), algorithm="alphabeta").graph
    assert found is not None and all("cells" in data for _, data in found.nodes(data=True))
    artists = gametree.draw(G)
    texts = {t.get_text() for t in artists.marks.values()}
    assert texts == {"1", "10", "&", "#"}
    d = diagram(G)
    child = next(n for n in d.nodes if n.board is not None and n.board.rows[0] == ("10", ""))
    assert child.board is not None and child.board.last == {(0, 0)}
    # Two-character marks get wider cells.
    assert child.board.cell_width > child.board.cell_height
    inside_figure(artists, G)
    assert "10,-/&,#" in gametree.to_text(G)


def test_user_game_with_a_multi_line_render() -> None:
    G = expand(Piles())
    d = diagram(G)
    assert d.nodes[0].board is not None and d.nodes[0].board.rows == ((".", "."), ("a", "b"))
    artists = gametree.draw(G)
    assert {t.get_text() for t in artists.marks.values()} == {"X", "o", "a", "b"}
    inside_figure(artists, G)


def test_hand_tree_with_cells() -> None:
    G = gametree.from_nested([1, 2])
    G.nodes["A"]["cells"] = [["", ""]]
    G.nodes["B"]["cells"] = [["X", ""]]
    text = gametree.to_text(G)
    assert text.splitlines() == ["--  MAX", "├── X-  1", "└── C  2"]


def test_chance_board_keeps_its_circle() -> None:
    G = gametree.from_nested([1, 2])
    G.nodes["A"]["player"] = "CHANCE"
    G.nodes["A"]["cells"] = [["?", ""]]
    artists = gametree.draw(G)
    root = artists.nodes.get_paths()[0].vertices
    assert len({tuple(v) for v in root.tolist()}) == 40  # a circle, left of the board
    assert root[:, 0].max() < -artists.placement.width["A"] / 2  # type: ignore[union-attr]
    assert re.search(r'n0_shape \[shape=circle, label=""', gametree.to_dot(G))
    tikz = gametree.to_tikz(G)
    assert re.search(r"\(\[xshift=-[0-9.]+pt\]n0\) circle\[radius=", tikz)


# DOT -----------------------------------------------------------------------------


def tiny() -> nx.DiGraph:
    G = gametree.from_nested([1, 2])
    G.nodes["A"]["label"] = "--\n--"
    G.nodes["B"]["label"] = "X-\n--"
    G.nodes["C"]["label"] = "-X\n--"
    return G


def test_dot_board_is_an_html_table() -> None:
    text = gametree.to_dot(tiny())
    cell = 'WIDTH="12" HEIGHT="12" FIXEDSIZE="TRUE"'
    grid = 'COLOR="#8c8c8c"'
    mark = '<FONT POINT-SIZE="8.4" COLOR="#000000"><B>X</B></FONT>'
    # By hand: B's board, X in its top-left cell (the last move), rules right and below.
    expected = (
        '<TABLE BORDER="1" CELLBORDER="1" CELLSPACING="0" CELLPADDING="0" '
        'COLOR="#000000" BGCOLOR="#ffffff">'
        f'<TR><TD {cell} SIDES="RB" {grid} BGCOLOR="#ffd966">{mark}</TD>'
        f'<TD {cell} SIDES="B" {grid}></TD></TR>'
        f'<TR><TD {cell} SIDES="R" {grid}></TD><TD {cell} BORDER="0"></TD></TR></TABLE>'
    )
    line = next(line for line in text.splitlines() if line.startswith("  n1 "))
    assert f"label=<{expected}>" in line and "shape=none" in line
    # The leaf's value sits in its square beside the board, edges meet the board.
    assert re.search(r'n1_shape \[shape=box, label=""', text)
    assert re.search(r'n1_value \[shape=plaintext, .*label="1"', text)
    # The edge meets the bottom of A's board and the top of B's: its pinned end points.
    (x0, y0), (x1, y1) = (
        re.search(r'n0 -> n1 \[pos="([-\d.]+),([-\d.]+) .* ([-\d.]+),([-\d.]+)"\];', text).groups()[
            :2
        ],
        re.search(r'n0 -> n1 \[pos=".* ([-\d.]+),([-\d.]+)"\];', text).groups(),
    )
    pos = dict(re.findall(r'^  (n[01]) \[shape=none.*pos="([-\d.,]+)!"', text, re.MULTILINE))
    assert float(x0) == pytest.approx(float(pos["n0"].split(",")[0]), abs=0.01)
    assert float(x1) == pytest.approx(float(pos["n1"].split(",")[0]), abs=0.01)
    assert float(y0) > float(y1)
    node = gametree.to_pydot(tiny()).get_node("n1")[0]
    assert node.get("label").startswith("<<TABLE")


def render_svg(tmp_path: Path, G: nx.DiGraph) -> str:
    path = gametree.save(G, tmp_path / "t.svg", engine="graphviz")
    return path.read_text()


def svg_graph() -> nx.DiGraph:
    game = TicTacToe()
    G = expand(game, game.state("XOX/OOX/--O"))  # O to move (it has 4 marks to 3)
    gametree.alphabeta(G)
    return G


@pytest.mark.skipif(not HAVE_PYGRAPHVIZ, reason="pygraphviz is not installed")
def test_dot_renders_with_pygraphviz(tmp_path: Path) -> None:
    svg = render_svg(tmp_path, svg_graph())
    # By hand: XOX/OOX/--O, then O-O and -OO, have 3 X each; XOX/OOX/OXO has 4: 13.
    assert len(re.findall(r">X</text>", svg)) == 13
    assert "#ffd966" in svg and svg.count("<polygon") > 10


@pytest.mark.skipif(not HAVE_DOT, reason="Graphviz's dot program is not on PATH")
def test_dot_renders_with_the_dot_program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pygraphviz", None)
    svg = render_svg(tmp_path, svg_graph())
    assert len(re.findall(r">X</text>", svg)) == 13 and "#ffd966" in svg


# TikZ ----------------------------------------------------------------------------


def test_tikz_draws_the_cells() -> None:
    G = tiny()
    text = gametree.to_tikz(G)
    d = diagram(G)
    from gametree.drawing.slots import place

    pl = place(d)
    x, y = pl.pos["B"]
    # By hand: B's X sits in the top-left cell of a 24 x 24 board centred at B.
    assert f"at ({x - 6:g}, {y + 6:g}) {{X}};" in text.replace(".0,", ",").replace(".0)", ")")
    assert text.count("\\node[gt mark,") == 2  # B's X and C's X
    assert text.count("rectangle") >= 3 * 2 + 2  # fill and outline per board, 2 last moves
    assert "gt mark/.style" in text
    assert "gt mark/.style" not in gametree.to_tikz(gametree.from_nested([1, 2]))


@pytest.mark.skipif(not HAVE_PDFLATEX, reason="pdflatex is not installed")
@pytest.mark.parametrize("which", ["connect4", "user"])
def test_tikz_boards_compile(tmp_path: Path, which: str) -> None:
    G = expand(ConnectFour(), depth=1) if which == "connect4" else expand(Counting())
    gametree.alphabeta(G)
    gametree.save(G, tmp_path / "tree.tex", title="boards")
    pdflatex(tmp_path / "tree.tex")


# The command line -----------------------------------------------------------------


def test_cli_expand_connect4_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from PIL import Image

    out = tmp_path / "c4.png"
    assert main(["expand", "connect4", "--depth", "2", "-o", str(out)]) == 0
    with Image.open(out) as image:
        width, height = image.size
    # The same drawing through the API: the PNG holds every board, bottom rows included.
    artists = gametree.draw(expand(ConnectFour(), depth=2))
    fig_w, fig_h = artists.figure.bbox.width, artists.figure.bbox.height
    assert abs(width - fig_w) <= 1 and abs(height - fig_h) <= 1
    assert height > 3 * 6 * 12 * 150 / 72  # three levels of six-row boards at least


@pytest.mark.parametrize("suffix", ["tex", "txt"])
def test_cli_expand_tictactoe(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"t.{suffix}"
    assert main(["expand", "tictactoe", "--state", TTT_ROOT, "-o", str(out)]) == 0
    text = out.read_text()
    marker = {"tex": "\\node[gt mark,", "txt": "XOX/OOX/X--"}[suffix]
    assert marker in text
