"""What every emitter draws: a :class:`Diagram` of :class:`DrawnNode` and :class:`DrawnEdge`.

:func:`gametree.drawing.style.diagram` fills these in from a (searched or bare) tree:
each node's shape, status, slot texts and colours, each edge's status, PV flag, move
label and cut. :func:`gametree.drawing.slots.place` then says where they go.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any

__all__ = ["EMPTY_CELLS", "Board", "Diagram", "DrawnEdge", "DrawnNode"]

EMPTY_CELLS = frozenset({"", " ", "-", ".", "_"})
"""Cell texts drawn as an empty cell."""

Rows = tuple[tuple[str, ...], ...]


@dataclass
class Board:
    """A node's board as every emitter draws it (sizes in points, y upwards).

    Examples
    --------
    >>> b = Board((("X", "O", "-"), ("-", "X", "-"), ("-", "-", "O")), frozenset({(2, 2)}))
    >>> b.width, b.height, b.cell_center(0, 0), b.text()
    (36.0, 36.0, (-12.0, 12.0), 'XO-/-X-/--O')
    >>> [text for _, _, text in b.marks()]
    ['X', 'O', 'X', 'O']
    """

    rows: Rows
    """Cell texts, top row first; every row as long as the first."""
    last: frozenset[tuple[int, int]] = frozenset()
    """The (row, column) cells of the move that led here."""
    cell_width: float = 12.0
    cell_height: float = 12.0
    mark_size: float = 8.4
    """Font size of the marks."""
    grid_color: str = "#8c8c8c"
    """Colour of the lines between cells (the frame takes the node's colour)."""
    last_fill: str = "#ffd966"

    @property
    def n_rows(self) -> int:
        """Number of rows."""
        return len(self.rows)

    @property
    def n_cols(self) -> int:
        """Number of columns."""
        return len(self.rows[0])

    @property
    def width(self) -> float:
        """Width of the board."""
        return self.n_cols * self.cell_width

    @property
    def height(self) -> float:
        """Height of the board."""
        return self.n_rows * self.cell_height

    def cell_box(self, row: int, col: int) -> tuple[float, float, float, float]:
        """Return ``(x0, y0, x1, y1)`` of a cell, from the board's centre."""
        x0 = -self.width / 2 + col * self.cell_width
        y1 = self.height / 2 - row * self.cell_height
        return x0, y1 - self.cell_height, x0 + self.cell_width, y1

    def cell_center(self, row: int, col: int) -> tuple[float, float]:
        """Return the centre of a cell, from the board's centre."""
        x0, y0, x1, y1 = self.cell_box(row, col)
        return (x0 + x1) / 2, (y0 + y1) / 2

    def grid_lines(self) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Return the lines between cells (the frame is drawn as the node's outline)."""
        w, h = self.width / 2, self.height / 2
        lines = []
        for i in range(1, self.n_rows):
            y = h - i * self.cell_height
            lines.append(((-w, y), (w, y)))
        for j in range(1, self.n_cols):
            x = -w + j * self.cell_width
            lines.append(((x, -h), (x, h)))
        return lines

    def marks(self) -> Iterator[tuple[int, int, str]]:
        """Yield ``(row, column, text)`` of every non-empty cell."""
        for r, row in enumerate(self.rows):
            for c, text in enumerate(row):
                if text not in EMPTY_CELLS and text.strip():
                    yield r, c, text

    def text(self) -> str:
        """Return the board on one line, rows joined by ``/`` (for text art)."""
        rows = [[cell if cell.strip() else "-" for cell in row] for row in self.rows]
        sep = "" if all(len(cell) == 1 for row in rows for cell in row) else ","
        return "/".join(sep.join(row) for row in rows)


@dataclass
class DrawnNode:
    """One node as every emitter draws it."""

    node: Hashable
    kind: str
    """``"MAX"``, ``"MIN"``, ``"CHANCE"`` or ``"LEAF"`` (the shape); ``"STUB"`` for pruned
    subtrees folded into one greyed triangle, ``"MORE"`` for the ellipsis past ``max_depth``
    (see :mod:`gametree.drawing.view`)."""
    status: str | None
    """``"visited"``, ``"pruned"``, ``"unreached"``, or None in a bare tree."""
    depth: int
    value: str = ""
    """Text inside the shape: the leaf value or the backed-up value (``≥ 3`` for a bound)."""
    name: str = ""
    bounds: str = ""
    order: str = ""
    pv: bool = False
    current: bool = False
    color: str = "black"
    fill: str = "white"
    text_color: str = "black"
    line_width: float = 1.0
    linestyle: str = "solid"
    board: Board | None = None
    """The node's game board, drawn with its shape beside it (then ``name`` is empty)."""
    hidden: int = 0
    """How many nodes a ``STUB`` or ``MORE`` marker stands for."""


@dataclass
class DrawnEdge:
    """One edge as every emitter draws it."""

    u: Hashable
    v: Hashable
    status: str | None
    pv: bool = False
    cut: bool = False
    """True on a pruned edge: drawn with a double stroke across it."""
    move: str = ""
    color: str = "black"
    line_width: float = 1.0
    linestyle: str = "solid"


@dataclass
class Diagram:
    """What to draw: nodes in preorder, edges, title, the resolved style."""

    root: Hashable
    nodes: list[DrawnNode]
    edges: list[DrawnEdge]
    style: dict[str, Any]
    show: frozenset[str]
    title: str = ""
    searched: bool = False
    index: dict[Hashable, int] = field(default_factory=dict)
    """Position of each node in :attr:`nodes` (the emitters' generated ids ``n0, n1, ...``)."""
    caption: str = ""
    graph: Any = None
    """The graph drawn: the (annotated) tree, or the part of it a view keeps."""
    fit: tuple[float, float] | None = None
    """The page (width, height) in inches the drawing is fitted to, or None (natural size)."""
    orientation: str = "top-down"
    """``"top-down"`` or ``"left-right"``."""
    every_cut: bool = False
    """Place a cut mark on every edge (a page where the student marks edges), not only
    on the pruned ones."""
    given: frozenset[str] = frozenset()
    """The view options the drawing was asked with (``collapse``, ``max_depth``,
    ``focus``, ``root``, ``orientation``): a warning that the tree does not fit never
    suggests one of them again."""
    remedies: tuple[str, ...] = ("parts", "max_depth", "focus", "fit")
    """What a warning that the tree does not fit its page may suggest, as the caller
    offers it: ``parts`` (the top levels, then each subtree), ``max_depth``, ``focus``
    (draw less of it) and ``fit`` (a page as large as it needs)."""
