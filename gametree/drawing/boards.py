"""Game boards drawn as boards: the grid model that every emitter translates.

A node whose position is a grid (tic-tac-toe, Connect Four, a user's game) is drawn as
a small board: cell lines, each mark centred in its cell, the cells of the last move
filled. Its shape (triangle, circle or square, holding its value) sits beside the
board, so MAX, MIN, CHANCE and leaves read as in every other diagram.

The grid of a node comes from, in this order:

1. its ``cells`` attribute (:data:`gametree.attrs.CELLS`): rows of cell texts, top row
   first. :func:`gametree.games.expand` and :func:`gametree.search_game` write it for
   a game with a ``render_cells(state)`` hook (see :mod:`gametree.games.protocol`);
2. its ``label`` when that is a multi-line string of equal-length rows (what the
   built-in games' ``render`` returns): one cell per character, or, when every odd
   column holds the same separator (``"X|O|-"``, ``"X O -"``), per even column.

Cells reading ``-``, ``.``, ``_`` or blank are drawn empty. The last move is
derived, whatever the game: the cells that differ from the board of the node's parent
(the one it is drawn under), when at most half of them do.

:func:`attach_boards` computes this once per diagram, in
:func:`gametree.drawing.style.diagram`; :func:`gametree.drawing.slots.place` gives each
board node the room its board needs.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from gametree.attrs import CELLS, LABEL, PRUNED, UNREACHED
from gametree.drawing.metrics import text_width
from gametree.drawing.model import EMPTY_CELLS, Board, Diagram, Rows
from gametree.exceptions import RenderError

__all__ = ["EMPTY_CELLS", "Board", "attach_boards", "grid_of", "last_move"]

MARK_SCALE = 0.7
"""Size of a mark, as a fraction of the cell's side."""

_SEPARATORS = frozenset({" ", "|"})


def grid_of(data: Mapping[str, Any], node: Hashable = None) -> Rows | None:
    """Return the grid of a node's attributes ``data``, or None when it has none.

    Parameters
    ----------
    data : mapping
        The node's attributes: ``cells`` (rows of texts), else a multi-line ``label``.
    node : hashable, optional
        Named in the error message.

    Raises
    ------
    RenderError
        When ``cells`` is not a non-empty sequence of non-empty rows.

    Examples
    --------
    >>> grid_of({"label": "XO-\\n-X-\\n--O"})
    (('X', 'O', '-'), ('-', 'X', '-'), ('-', '-', 'O'))
    >>> grid_of({"label": "X|O\\n-|X"}), grid_of({"label": "B"}), grid_of({"label": "ab\\nc"})
    ((('X', 'O'), ('-', 'X')), None, None)
    >>> grid_of({"cells": [["K", ""], ["", "10"]]})
    (('K', ''), ('', '10'))
    """
    cells = data.get(CELLS)
    if cells is not None:
        return _checked_cells(cells, node)
    label = data.get(LABEL)
    if isinstance(label, str) and "\n" in label:
        return _text_grid(label)
    return None


def _checked_cells(cells: Any, node: Hashable) -> Rows:
    bad = RenderError(
        f"node {node!r}: {CELLS!r} must be rows of cell texts (a list of lists of str), "
        f"got {cells!r}"
    )
    if isinstance(cells, (str, bytes)) or not isinstance(cells, Sequence) or not cells:
        raise bad
    rows = []
    for row in cells:
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or not row:
            raise bad
        rows.append(tuple("" if cell is None else str(cell) for cell in row))
    width = max(len(row) for row in rows)
    # Ragged rows are padded with empty cells on the right.
    return tuple(row + ("",) * (width - len(row)) for row in rows)


def _text_grid(text: str) -> Rows | None:
    lines = text.replace("\r\n", "\n").split("\n")
    while lines and not lines[-1]:
        lines.pop()
    if len(lines) < 2:
        return None
    width = len(lines[0])
    if width == 0 or any(len(line) != width for line in lines):
        return None
    if width >= 3 and width % 2:
        odd = {line[i] for line in lines for i in range(1, width, 2)}
        even = {line[i] for line in lines for i in range(0, width, 2)}
        if len(odd) == 1 and odd <= _SEPARATORS and not odd & even:
            return tuple(tuple(line[0::2]) for line in lines)
    return tuple(tuple(line) for line in lines)


def last_move(before: Rows | None, after: Rows) -> frozenset[tuple[int, int]]:
    """Return the cells that differ between two boards of one shape (the move made).

    Empty when the shapes differ or more than half of the cells changed (a board that
    was redrawn, not a move on it).

    >>> sorted(last_move((("-", "-"), ("-", "-")), (("-", "X"), ("-", "-"))))
    [(0, 1)]
    >>> last_move((("-", "-"),), (("X", "O"),)), last_move(None, (("X",),))
    (frozenset(), frozenset())
    """
    if before is None or len(before) != len(after) or len(before[0]) != len(after[0]):
        return frozenset()
    changed = frozenset(
        (r, c)
        for r, (old, new) in enumerate(zip(before, after, strict=True))
        for c, (a, b) in enumerate(zip(old, new, strict=True))
        if a != b
    )
    if 2 * len(changed) > len(after) * len(after[0]):
        return frozenset()
    return changed


def attach_boards(d: Diagram) -> None:
    """Give every node of ``d`` whose grid :func:`grid_of` finds its :class:`Board`.

    The board replaces the node's name (it is the node's label); its colours follow
    the node's status: greyed in pruned and unreached subtrees.
    """
    st = d.style
    data = d.graph._node
    grids = {n.node: grid_of(data[n.node], n.node) for n in d.nodes}
    parent: dict[Hashable, Hashable] = {}
    for e in d.edges:
        parent.setdefault(e.v, e.u)
    cell = float(st["board_cell"])
    mark_size = MARK_SCALE * cell
    fill = str(st["board_last_fill"])
    for n in d.nodes:
        rows = grids[n.node]
        if rows is None:
            continue
        widest = max((text_width(t, mark_size) for row in rows for t in row), default=0.0)
        muted = n.status in {PRUNED, UNREACHED}
        n.board = Board(
            rows=rows,
            last=last_move(grids.get(parent.get(n.node)), rows),
            cell_width=max(cell, widest + 3.0),
            cell_height=cell,
            mark_size=mark_size,
            grid_color=n.color if muted else str(st["board_grid_color"]),
            last_fill=_blend(fill, n.fill) if muted else fill,
        )
        n.name = ""


def _blend(color: str, other: str) -> str:
    """The colour halfway between two matplotlib colours, as ``#rrggbb``."""
    from matplotlib.colors import to_hex, to_rgb

    (r0, g0, b0), (r1, g1, b1) = to_rgb(color), to_rgb(other)
    return to_hex(((r0 + r1) / 2, (g0 + g1) / 2, (b0 + b1) / 2))
