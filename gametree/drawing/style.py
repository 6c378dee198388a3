"""The one style mapping and the one label computation that every emitter consumes.

:func:`diagram` turns a (searched or bare) game tree into a :class:`Diagram`: for each
node its shape, status, the texts of its slots (value, name, bounds, visit order) and
its resolved colours; for each edge its status, PV flag, move label and cut mark. The
matplotlib, DOT, TikZ and text emitters only translate this into their own syntax, so a
tree looks the same, and says the same, in every back end.
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.attrs import (
    ALPHA,
    BETA,
    BOUND,
    LABEL,
    MOVE,
    NODE_TYPE,
    PLAYER,
    PROB,
    PRUNED,
    PV,
    SEARCH,
    SEARCH_VALUE,
    STATUS,
    UNREACHED,
    VALUE,
    VISIT,
    VISITS,
)
from gametree.drawing.mctslabels import edge_visits_text, edge_width, mcts_wins
from gametree.drawing.mctslabels import node_text as mcts_node_text
from gametree.drawing.model import Diagram, DrawnEdge, DrawnNode
from gametree.drawing.view import Hidden, check_view, view_graph
from gametree.exceptions import RenderError
from gametree.search.status import edge_status, node_statuses
from gametree.validation import find_root
from gametree.valuetext import GEQ as GEQ
from gametree.valuetext import LEQ as LEQ
from gametree.valuetext import format_value as format_value

if TYPE_CHECKING:
    from gametree.search.result import SearchResult

__all__ = [
    "DEFAULT_STYLE",
    "SHOW_CHOICES",
    "VERDICT_COLORS",
    "Diagram",
    "DrawnEdge",
    "DrawnNode",
    "diagram",
]

SHOW_CHOICES = ("values", "bounds", "leaf_bounds", "order", "names", "moves", "types")
"""What ``show=`` may ask for, besides the leaf values that are always drawn.

``bounds`` writes the window ``[alpha, beta]`` beside each searched internal node;
``leaf_bounds`` beside each evaluated leaf too (a leaf's window rarely informs: the
first leaves all read ``[−∞, ∞]``)."""

DEFAULT_SHOW = ("values", "names", "moves")

DEFAULT_STYLE: Mapping[str, Any] = {
    # Text (sizes in points).
    "font_family": "DejaVu Sans",
    "font_size": 10.0,
    "small_font_size": 8.5,
    "text_color": "black",
    "name_color": "#202020",
    "bounds_color": "#303030",
    "order_color": "#505050",
    "move_color": "#202020",
    # Shapes (sizes in points).
    "node_size": 28.0,
    "leaf_size": 18.0,
    "line_width": 1.0,
    "color": "black",
    "max_fill": "white",
    "min_fill": "white",
    "chance_fill": "white",
    "leaf_fill": "white",
    # The principal variation.
    "pv_line_width": 3.0,
    "pv_color": "black",
    # Cut-off branches: dashed outlines and edges on a grey fill, with a double stroke
    # across the pruned edge; nodes below a cut dotted on a lighter fill. Told apart by
    # dashes and fills, not by faint text: every text colour reads at 4.5:1 or more (WCAG
    # 2.1 AA) on white and on these fills, strokes at 3:1 or more on white.
    "pruned_color": "#7f7f7f",
    "pruned_fill": "#e5e5e5",
    "pruned_text_color": "#4d4d4d",
    "pruned_linestyle": "dashed",
    "cut_color": "black",
    "cut_line_width": 1.6,
    "unreached_color": "#8c8c8c",
    "unreached_fill": "#f4f4f4",
    "unreached_text_color": "#595959",
    "unreached_linestyle": "dotted",
    # The node an animation frame is about.
    "current_color": "#1f5fbf",
    "current_line_width": 2.5,
    # Spacing (points): gaps between the drawings of adjacent nodes, and between levels.
    "sibling_sep": 8.0,
    "subtree_sep": 14.0,
    "level_sep": 60.0,
    "margin": 14.0,
    # Set by fitting to a page (see gametree.drawing.fit): leaves drawn in boxes ("box")
    # or as bare values in one row, names beneath ("bare"); each shape only as large as
    # its own value needs; points of height added to the levels, the shortest first.
    "leaf_style": "box",
    "uniform_shapes": True,
    "spread": 0.0,
    # Whether fitting may leave names out when nothing else fits the page.
    "drop_names": True,
    # Raster output.
    "dpi": 150.0,
    # Game boards (gametree.drawing.boards): cell side (points), lines, last move.
    "boards": True,
    "board_cell": 12.0,
    "board_grid_color": "#8c8c8c",
    "board_last_fill": "#ffd966",
    # A searched diagram's caption: the convention (cut rule, fail-soft/hard, window).
    "caption": True,
    # Numbers: decimals kept for non-integers.
    "precision": 3,
}
"""The default look. Pass ``style={"key": value}`` to override single keys."""

VERDICT_COLORS: Mapping[str, str] = {
    "right": "#1a7f37",
    "wrong": "#b3261e",
    "missed": "#b3261e",
    "unanswered": "#6e6e6e",
}
"""The colours of an answer's verdict on feedback pictures (green right, red wrong or
missed, grey not answered): text at 5:1 or more on white."""

DEFAULT_FIT = (13.33, 7.5)
"""The page a drawing is fitted to by default, in inches: a 16:9 slide."""

ELLIPSIS = "…"


def resolve_style(style: Mapping[str, Any] | None) -> dict[str, Any]:
    """Return :data:`DEFAULT_STYLE` updated with ``style``, rejecting unknown keys.

    >>> resolve_style({"font_size": 12})["font_size"]
    12
    >>> resolve_style({"colour": "red"})
    Traceback (most recent call last):
    ...
    gametree.exceptions.RenderError: unknown style key 'colour'; known keys: ...
    """
    merged = dict(DEFAULT_STYLE)
    if style:
        for key, value in style.items():
            if key not in DEFAULT_STYLE:
                known = ", ".join(sorted(DEFAULT_STYLE))
                raise RenderError(f"unknown style key {key!r}; known keys: {known}")
            merged[key] = value
    return merged


def parse_show(show: str | Iterable[str] | None) -> frozenset[str]:
    """Return the set of slots asked for by ``show`` (a comma-separated string or names).

    >>> sorted(parse_show("values,bounds"))
    ['bounds', 'values']
    >>> parse_show("colour")
    Traceback (most recent call last):
    ...
    gametree.exceptions.RenderError: unknown show item 'colour'; expected some of ...
    """
    if show is None:
        return frozenset(DEFAULT_SHOW)
    items = [s.strip() for s in show.split(",")] if isinstance(show, str) else list(show)
    chosen = set()
    for item in items:
        if not item:
            continue
        if item not in SHOW_CHOICES:
            allowed = ", ".join(repr(c) for c in SHOW_CHOICES)
            raise RenderError(f"unknown show item {item!r}; expected some of {allowed}")
        chosen.add(item)
    return frozenset(chosen)


# Characters no drawing shows (XML cannot hold most of them; fonts have no glyph).
_INVISIBLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _stand_in(match: re.Match[str]) -> str:
    code = ord(match[0])
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures: ␀ ␁ ␛ ...
    return "\u2421" if code == 0x7F else "\ufffd"


def visible(text: str) -> str:
    """Return ``text`` with characters no drawing can show replaced by visible stand-ins.

    Control characters become their Control Pictures (``\\x01`` is ``␁``, DEL is ``␡``),
    other unshowable code points (C1 controls, U+FFFE, lone surrogates) ``�``; newlines
    and tabs stay. Every back end draws labels through it, so SVG stays well-formed.

    >>> visible("a\\x00b\\x1b\\ufffe")
    'a␀b␛�'
    """
    return _INVISIBLE.sub(_stand_in, text) if _INVISIBLE.search(text) else text


def annotated(G: nx.DiGraph, result: SearchResult | None) -> nx.DiGraph:
    """Return ``G`` itself, or an annotated copy of it when a search ``result`` is given."""
    if result is None:
        return G
    from gametree.search import annotate

    H = G.copy()
    annotate(H, result)
    return H


def diagram(
    G: nx.DiGraph,
    result: SearchResult | None = None,
    *,
    show: str | Iterable[str] | None = None,
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    fit: tuple[float, float] | None = DEFAULT_FIT,
    collapse: str | None = None,
    max_depth: int | None = None,
    focus: Hashable | None = None,
    orientation: str = "top-down",
) -> Diagram:
    """Compute what every emitter draws: shapes, statuses, slot texts and colours.

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree, bare or annotated by a search (see :mod:`gametree.attrs`).
    result : SearchResult, optional
        A search of ``G``: its annotations are drawn (``G`` itself is not changed).
    show : str or iterable of str, optional
        Slots to fill, from :data:`SHOW_CHOICES` (default ``values, names, moves``).
        Leaf values are always drawn.
    style : mapping, optional
        Overrides of :data:`DEFAULT_STYLE`, key by key.
    title : str, optional
        A caption over the drawing.
    root : hashable, optional
        The node to draw from (default: the tree's root).
    fit : (float, float) or None, default (13.33, 7.5)
        The page, in inches, the drawing should fit (default a 16:9 slide): fonts and
        shapes shrink (never below 7 pt), levels spread to the page height, leaves
        become bare values in one row, the names under crowded ones alternating between
        rows. None draws at the style's natural size.
        See :func:`gametree.drawing.fit.fit_placement`.
    collapse : {"pruned"}, optional
        Draw the pruned children of each node as one greyed stub with the count of the
        nodes it hides.
    max_depth : int, optional
        Draw nodes at most this many levels below the root; an ellipsis marks where
        more of the tree lies below.
    focus : hashable, optional
        Draw only the path from the root to this node and the subtree under it.
    orientation : {"top-down", "left-right"}, default "top-down"
        The direction the tree grows ("left-right" suits deep narrow trees).

    Returns
    -------
    Diagram

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> d = diagram(G)
    >>> [(n.name, n.kind, n.value) for n in d.nodes[:3]]
    [('A', 'MAX', ''), ('B', 'MIN', ''), ('E', 'LEAF', '3')]
    """
    st = resolve_style(style)
    shown = parse_show(show)
    fit = check_fit(fit)
    check_view(G, collapse=collapse, max_depth=max_depth, focus=focus, orientation=orientation)
    H = annotated(G, result)
    whole_root = find_root(H)
    if root is None:
        root = whole_root
    precision = int(st["precision"])
    searched = SEARCH in H.graph or any(STATUS in d for d in H._node.values())
    statuses = node_statuses(H) if searched else {}
    pv_nodes = {u for u, v, d in H.edges(data=True) if d.get(PV)} | {
        v for u, v, d in H.edges(data=True) if d.get(PV)
    }
    H = view_graph(H, root, collapse=collapse, max_depth=max_depth, focus=focus)
    order = _preorder(H, root)
    nodes: list[DrawnNode] = []
    index: dict[Hashable, int] = {}
    for node, depth in order:
        data = H._node[node]
        leaf = not H._succ[node]
        kind = "LEAF" if leaf else str(data.get(PLAYER, "MAX"))
        status = statuses.get(node)
        drawn = DrawnNode(node=node, kind=kind, status=status, depth=depth)
        if isinstance(node, Hidden):
            _hidden_node(drawn, node, searched)
        elif leaf:
            if VALUE in data:
                drawn.value = format_value(data[VALUE], precision)
            elif SEARCH_VALUE in data:
                drawn.value = format_value(data[SEARCH_VALUE], precision)
        elif "values" in shown and data.get(SEARCH_VALUE) is not None:
            text = format_value(data[SEARCH_VALUE], precision)
            bound = str(data.get(BOUND, "exact"))
            drawn.value = {"lower": GEQ, "upper": LEQ}.get(bound, "") + text
        if "values" in shown and not leaf and VISITS in data:
            drawn.value = mcts_node_text(H, node, lambda v: format_value(v, precision)) or ""
        elif leaf and VISITS in data and "values" in shown and mcts_wins(H):
            # A leaf's mean is its value, drawn already; its wins/playouts are not.
            drawn.bounds = mcts_node_text(H, node, lambda v: format_value(v, precision)) or ""
        if "names" in shown and not isinstance(node, Hidden):
            drawn.name = visible(str(data.get(LABEL, node)))
        window = "leaf_bounds" if leaf else "bounds"
        if window in shown and data.get(ALPHA) is not None and data.get(BETA) is not None:
            drawn.bounds = (
                f"[{format_value(data[ALPHA], precision)}, {format_value(data[BETA], precision)}]"
            )
        if "order" in shown and data.get(VISIT) is not None:
            drawn.order = f"#{data[VISIT]}"
        if "types" in shown and data.get(NODE_TYPE):
            # Knuth & Moore's PV/CUT/ALL share the left slot with the visit order.
            drawn.order = f"{drawn.order} {data[NODE_TYPE]}".strip()
        drawn.pv = node in pv_nodes
        paint_node(drawn, st)
        index[node] = len(nodes)
        nodes.append(drawn)
    edges: list[DrawnEdge] = []
    root_visits = int(H._node[root].get(VISITS) or 0) if root in H else 0
    for drawn in nodes:
        u = drawn.node
        for v, data in H._succ[u].items():
            if isinstance(v, Hidden):
                status = data.get(STATUS)  # pruned for a stub, None for an ellipsis
            elif SEARCH in H.graph:
                status = edge_status(H, u, v, statuses=statuses)
            else:
                status = data.get(STATUS, nodes[index[v]].status) if searched else None
            edge = DrawnEdge(u=u, v=v, status=status, pv=bool(data.get(PV)))
            edge.cut = status == PRUNED
            if "moves" in shown:
                edge.move = _move_text(data, precision)
                if VISITS in data:
                    edge.move = f"{edge.move} {edge_visits_text(data)}".strip()
            paint_edge(edge, st)
            if VISITS in data and root_visits:
                edge.line_width = edge_width(
                    data, root_visits, edge.line_width, float(st["pv_line_width"]) * 1.5
                )
            if isinstance(v, Hidden) and v.kind == "depth":
                edge.linestyle = "dotted"
            edges.append(edge)
    title = "" if title is None else visible(title)
    caption = ""
    if st["caption"] and isinstance(H.graph.get(SEARCH), Mapping):
        caption = convention_text(H.graph[SEARCH])
    d = Diagram(
        root=root,
        nodes=nodes,
        edges=edges,
        style=st,
        show=shown,
        title=title,
        searched=searched,
        index=index,
        caption=caption,
        graph=H,
        fit=fit,
        orientation=orientation,
        given=_given_views(
            collapse=collapse,
            max_depth=max_depth,
            focus=focus,
            orientation=orientation,
            root=None if root == whole_root else root,
        ),
    )
    if st["boards"]:
        from gametree.drawing.boards import attach_boards

        attach_boards(d)
    return d


def _given_views(**views: Any) -> frozenset[str]:
    """The names of the view options given (a top-down drawing of the whole tree gives none)."""
    if views.get("orientation") == "top-down":
        views["orientation"] = None
    return frozenset(name for name, value in views.items() if value is not None)


def convention_text(search: Mapping[str, Any]) -> str:
    """Return the caption naming a search's algorithm and convention.

    The cut rule, fail-soft or fail-hard and the root's window for the alpha-beta
    family, and a depth limit or transposition table when used, so that a key drawn
    for a course with the strict rule says so.

    >>> convention_text({"algorithm": "alphabeta", "prune_on_equal": False, "fail": "hard",
    ...                  "window": (float("-inf"), float("inf"))})
    'alphabeta: cut only when α > β (strict), fail-hard, window (−∞, ∞)'
    >>> convention_text({"algorithm": "minimax", "depth": 2})
    'minimax: depth 2'
    >>> convention_text({"algorithm": "star1", "bounds": (0, 10)})
    'star1: values in [0, 10]'
    """
    parts = []
    if search.get("algorithm") == "mcts":
        parts.append(f"{search.get('iterations')} iterations, c = {format_value(search.get('c'))}")
        if search.get("solver"):
            parts.append("solver")
        if search.get("seed") is not None:
            parts.append(f"seed {search['seed']}")
    if "prune_on_equal" in search:
        parts.append(
            "cut when α ≥ β" if search["prune_on_equal"] else "cut only when α > β (strict)"
        )
    if search.get("fail") is not None:
        parts.append(f"fail-{search['fail']}")
    window = search.get("window")
    if isinstance(window, (tuple, list)) and len(window) == 2:
        parts.append(f"window ({format_value(window[0])}, {format_value(window[1])})")
    bounds = search.get("bounds")
    if isinstance(bounds, (tuple, list)) and len(bounds) == 2:
        parts.append(f"values in [{format_value(bounds[0])}, {format_value(bounds[1])}]")
    if search.get("depth") is not None:
        parts.append(f"depth {search['depth']}")
    if search.get("transposition_table"):
        parts.append("transposition table")
    name = str(search.get("algorithm", "search"))
    return f"{name}: {', '.join(parts)}" if parts else name


def _hidden_node(drawn: DrawnNode, node: Hidden, searched: bool) -> None:
    """Fill in a view's stand-in: a pruned stub or a depth ellipsis."""
    drawn.hidden = node.count
    if node.kind == "pruned":
        drawn.kind = "STUB"  # its count is written beside it, not as a value
        drawn.status = PRUNED if searched else None
    else:
        drawn.kind = "MORE"
        drawn.value = ELLIPSIS
        drawn.status = None


def check_fit(fit: Any) -> tuple[float, float] | None:
    """Return ``fit`` as ``(width, height)`` in inches, or raise a RenderError.

    >>> check_fit((13.33, 7.5))
    (13.33, 7.5)
    >>> check_fit((0, 7.5))
    Traceback (most recent call last):
    ...
    gametree.exceptions.RenderError: fit must be (width, height) in inches, both > 0; got (0, 7.5)
    """
    if fit is None:
        return None
    try:
        width, height = (float(x) for x in fit)
    except (TypeError, ValueError):
        raise RenderError(f"fit must be (width, height) in inches, got {fit!r}") from None
    if not (0 < width < math.inf and 0 < height < math.inf):
        raise RenderError(f"fit must be (width, height) in inches, both > 0; got {fit!r}")
    return width, height


def _move_text(data: Mapping[str, Any], precision: int) -> str:
    move = data.get(MOVE)
    prob = data.get(PROB)
    parts = []
    if move is not None:
        parts.append(visible(str(move)))
    if prob is not None:
        p = format_value(prob, precision)
        parts.append(f"({p})" if parts else p)
    return " ".join(parts)


def paint_node(drawn: DrawnNode, st: Mapping[str, Any]) -> None:
    """Set a node's colours, line and dashes from its kind, status and PV flag."""
    fill_key = {"MAX": "max_fill", "MIN": "min_fill", "CHANCE": "chance_fill"}.get(
        drawn.kind, "leaf_fill"
    )
    drawn.fill = str(st[fill_key])
    drawn.color = str(st["color"])
    drawn.text_color = str(st["text_color"])
    drawn.line_width = float(st["line_width"])
    if drawn.kind == "MORE":
        drawn.fill = drawn.color = "none"
    elif drawn.status == PRUNED:
        drawn.color = str(st["pruned_color"])
        drawn.text_color = str(st["pruned_text_color"])
        drawn.fill = str(st["pruned_fill"])
        drawn.linestyle = str(st["pruned_linestyle"])
    elif drawn.status == UNREACHED:
        drawn.color = str(st["unreached_color"])
        drawn.text_color = str(st["unreached_text_color"])
        drawn.fill = str(st["unreached_fill"])
        drawn.linestyle = str(st["unreached_linestyle"])
    elif drawn.pv:
        drawn.line_width = float(st["pv_line_width"]) * 0.7
        drawn.color = str(st["pv_color"])


def paint_edge(edge: DrawnEdge, st: Mapping[str, Any]) -> None:
    """Set an edge's colour, width and dashes from its status and PV flag."""
    edge.color = str(st["color"])
    edge.line_width = float(st["line_width"])
    if edge.status == PRUNED:
        edge.color = str(st["pruned_color"])
        edge.linestyle = str(st["pruned_linestyle"])
    elif edge.status == UNREACHED:
        edge.color = str(st["unreached_color"])
        edge.linestyle = str(st["unreached_linestyle"])
    elif edge.pv:
        edge.color = str(st["pv_color"])
        edge.line_width = float(st["pv_line_width"])


def mark_current(d: Diagram, node: Hashable | None) -> None:
    """Highlight ``node`` (the one an animation frame is about)."""
    if node is None or node not in d.index:
        return
    drawn = d.nodes[d.index[node]]
    drawn.current = True
    drawn.color = str(d.style["current_color"])
    drawn.line_width = float(d.style["current_line_width"])
    drawn.linestyle = "solid"


def _preorder(G: nx.DiGraph, root: Hashable) -> list[tuple[Hashable, int]]:
    """Nodes reachable from ``root`` in preorder (child order), each once, with its depth."""
    seen = {root}
    out: list[tuple[Hashable, int]] = []
    stack: list[tuple[Hashable, int]] = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        out.append((node, depth))
        fresh = [c for c in G._succ[node] if c not in seen]
        seen.update(fresh)
        stack.extend((c, depth + 1) for c in reversed(fresh))
    return out
