"""Expand a game from a state into an explicit game tree (or, merged, a DAG)."""

from __future__ import annotations

import gc
import sys
import time
from collections import deque
from collections.abc import Callable, Hashable
from typing import Any, TextIO

import networkx as nx

from gametree.attrs import CELLS, CUTOFF, LABEL, MOVE, PLAYER, PROB, ROOT, STATE, VALUE
from gametree.exceptions import GameError
from gametree.games.protocol import (
    cell_renderer,
    chance_outcomes,
    check_game,
    check_hashable,
    evaluator,
    game_name,
    keyer,
    no_moves_error,
    player_mapper,
    renderer,
)

__all__ = ["Progress", "expand"]


class Progress:
    """A one-line node counter on a terminal's stderr (silent elsewhere).

    It draws at most five times a second, and only when ``stream`` is a TTY.
    """

    def __init__(self, what: str, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        try:
            self.enabled = self.stream.isatty()
        except (AttributeError, ValueError):
            self.enabled = False
        self.what = what
        self.start = time.perf_counter()
        self.last = self.start
        self.shown = False

    def update(self, count: int) -> None:
        """Show ``count`` if enough time has passed since the last draw."""
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last < 0.2:
            return
        self.last = now
        rate = count / max(now - self.start, 1e-9)
        self.stream.write(f"\r{self.what}: {count:,} nodes ({rate:,.0f}/s)")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """Erase the line, if one was drawn."""
        if self.shown:
            self.stream.write("\r\033[K")
            self.stream.flush()


def too_many(game: Any, count: int, max_nodes: int, *, searching: bool = False) -> GameError:
    """The error for an expansion (or, with ``searching``, a search) past ``max_nodes``."""
    if searching:
        return GameError(
            f"searching {game_name(game)} passed max_nodes={max_nodes:,}: {count:,} nodes so far; "
            "raise the limit (max_nodes=...) or set a depth limit (depth=...)"
        )
    return GameError(
        f"expanding {game_name(game)} passed max_nodes={max_nodes:,}: {count:,} nodes so far and "
        "more to come; raise the limit (max_nodes=..., --max-nodes on the command line), "
        "set a depth limit (depth=...) or "
        "merge transpositions (merge_transpositions=True)"
    )


def expand(
    game: Any,
    state: Any = None,
    *,
    depth: int | None = None,
    merge_transpositions: bool = False,
    max_nodes: int = 1_000_000,
) -> nx.DiGraph:
    """Return the game tree below ``state`` as a DiGraph.

    Parameters
    ----------
    game : Game
        Any object following :class:`gametree.games.Game` (wrap a student-style class
        with :func:`gametree.games.adapt`).
    state : optional
        The root position (default ``game.initial``).
    depth : int, optional
        Expand only this many plies below the root: non-terminal states at that depth
        become leaves with ``value = game.evaluate(state)`` and ``cutoff=True``.
    merge_transpositions : bool, default False
        One node per position (``game.key(state)``, and the ply when ``depth`` is set, so
        a position cut by the depth limit is never merged with one that is not): a DAG.
        When two moves of one state lead to the same position the graph keeps one edge
        (a DiGraph has no parallel edges) with the first move.
    max_nodes : int, default 1_000_000
        Stop with :class:`GameError` once the graph would have more nodes.

    Returns
    -------
    networkx.DiGraph
        Nodes are integers numbered breadth-first from the root 0
        (``G.graph["root"] == 0``). Node attributes: ``state``, ``label`` (the rendered
        board), ``player`` (``"MAX"``/``"MIN"``, the side to move, or ``"CHANCE"``);
        ``value`` on terminals (the utility) and on depth-cut nodes (the heuristic, with
        ``cutoff=True``). Edge attribute ``move``: the action, and ``prob`` out of a
        CHANCE node whose game gives ``chance_outcomes``. Child order is
        ``game.actions`` order. A chance node counts as a ply of ``depth``.

    Raises
    ------
    GameError
        Past ``max_nodes`` (saying how many nodes so far and how to raise the limit), at
        a depth cut in a game without ``evaluate``, or when a non-terminal state has no
        moves.

    See Also
    --------
    search_game : search a game without expanding all of it.

    Notes
    -----
    Iterative (breadth-first with a queue), O(nodes). A progress line is shown on stderr
    when it is a terminal. Tic-tac-toe's full tree has 549,946 nodes (255,168 leaves);
    merged, 5,478 positions.

    Examples
    --------
    >>> import gametree
    >>> from gametree.games import Fig52Game
    >>> G = expand(Fig52Game())
    >>> [G.nodes[n]["label"] for n in G.successors(0)], G.nodes[4]["value"]
    (['B', 'C', 'D'], 3)
    >>> gametree.minimax(G).value
    3
    """
    check_game(game)
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise GameError(f"depth must be a non-negative integer or None, got {depth!r}")
    if max_nodes < 1:
        raise GameError(f"max_nodes must be at least 1, got {max_nodes!r}")
    root_state = game.initial if state is None else state
    player_of = player_mapper(game, chance=True)
    outcomes = chance_outcomes(game)
    evaluate = evaluator(game)
    key: Callable[[Any], Hashable] = keyer(game)
    render = renderer(game)
    cells = cell_renderer(game)
    actions, result = game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility

    G = nx.DiGraph()
    G.graph[ROOT] = 0
    node_attrs, succ, pred = G._node, G._succ, G._pred
    ids: dict[Hashable, int] = {}

    def new_node(s: Any) -> int:
        n = len(node_attrs)
        node_attrs[n] = {STATE: s, LABEL: render(s), PLAYER: player_of(s)}
        if cells is not None:
            node_attrs[n][CELLS] = cells(s)
        succ[n] = {}
        pred[n] = {}
        return n

    root = new_node(root_state)
    if merge_transpositions:
        check_hashable(game, root_state, table="merging transpositions (merge_transpositions=True)")
        ids[key(root_state) if depth is None else (key(root_state), 0)] = root
    queue: deque[tuple[int, Any, int]] = deque([(root, root_state, 0)])
    progress = Progress("expand")
    # Millions of small dicts would trigger the cyclic collector over and over; the graph
    # holds no cycles of its own, so collection can wait until the end.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        while queue:
            node, s, ply = queue.popleft()
            data = node_attrs[node]
            if is_terminal(s):
                data[VALUE] = utility(s)
                continue
            if depth is not None and ply >= depth:
                data[VALUE] = evaluate(s)
                data[CUTOFF] = True
                continue
            landed: list[int] | None = None  # a chance node's child for each outcome
            if data[PLAYER] == "CHANCE":
                drawn = outcomes(s)
                moves = [a for a, _ in drawn]
                landed = []
            else:
                moves = actions(s)
            if not moves:
                raise no_moves_error(game, s)
            children = succ[node]
            for a in moves:
                t = result(s, a)
                if merge_transpositions:
                    k = key(t) if depth is None else (key(t), ply + 1)
                    child = ids.get(k)
                    if child is None:
                        child = new_node(t)
                        ids[k] = child
                        queue.append((child, t, ply + 1))
                    elif child in children:
                        if landed is not None:
                            landed.append(child)
                        continue
                else:
                    child = new_node(t)
                    queue.append((child, t, ply + 1))
                if landed is not None:
                    landed.append(child)
                edge = {MOVE: a}
                children[child] = edge
                pred[child][node] = edge
            if landed is not None and drawn[0][1] is not None:
                # Two outcomes reaching one position share its edge: their odds add up.
                for child in landed:
                    children[child][PROB] = 0
                for child, (_, p) in zip(landed, drawn, strict=True):
                    children[child][PROB] += p
            count = len(node_attrs)
            if count > max_nodes:
                raise too_many(game, count, max_nodes)
            if not count & 0x3FFF:
                progress.update(count)
    finally:
        if gc_was_enabled:
            gc.enable()
        progress.close()
    return G
