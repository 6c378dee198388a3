"""The graph a game search saw, built in one pass from what the game loop recorded.

:func:`gametree.search_game` runs minimax and alpha-beta on the loop over game states
(:mod:`gametree.games.fastsearch`), which builds no graph; with ``record=True`` it then
builds here, in one pass, exactly the graph the engine's search through the expand hook
would have built (the same nodes in the same order, the same attributes): a tree with
:func:`build_graph` (annotated as it is built when asked), a merged graph with a
transposition table with :func:`build_dag`.
"""

from __future__ import annotations

from itertools import count
from operator import itemgetter
from typing import Any

import networkx as nx

from gametree.attrs import (
    ALPHA,
    BETA,
    BOUND,
    CELLS,
    CUTOFF,
    FRONTIER,
    LABEL,
    MOVE,
    PLAYER,
    PRUNED,
    PV,
    ROOT,
    SEARCH,
    SEARCH_VALUE,
    STATE,
    STATUS,
    VALUE,
    VISIT,
    VISITED,
)
from gametree.games.fastsearch import memo_entry
from gametree.games.protocol import cell_renderer, player_mapper, renderer
from gametree.search.annotate import remember
from gametree.search.bound import BOUND_NAME_OF_CODE

__all__ = ["build_dag", "build_graph"]


def build_graph(
    game: Any, root_state: Any, out: Any, search: dict[str, Any] | None = None
) -> nx.DiGraph:
    """The graph the recorded search would have built, from a recording fast search.

    Nodes are added in the order the hook adds them (each expansion's children, in move
    order, numbered from the expansion's base), with the same attributes. The nodes of
    one state share the attributes it determines (state, label, player and, for a leaf
    the search did not evaluate, its utility or the frontier mark), computed once per
    state and copied per node; the children the search memo already made are reused.

    With ``search`` (the graph's ``search`` attribute) the nodes and edges also get what
    :func:`gametree.annotate` would write, as they are made: in this tree every node
    the search did not enter is a child it skipped at a cutoff, so each node and edge
    is visited or pruned, and nothing is unreached.
    """
    player_of = player_mapper(game)
    render = renderer(game)
    cells = cell_renderer(game)
    result, is_terminal, utility = game.result, game.is_terminal, game.utility
    states = out.states
    values = out.node_values.entries
    horizon = out.horizon_nodes
    memo = out.memo
    G = nx.DiGraph()
    G.graph[ROOT] = 0
    node_attrs, succ, pred = G._node, G._succ, G._pred

    if memo is None:
        internal = set(map(itemgetter(0), out.expanded))

        def add(n: int, s: Any) -> None:
            data = {STATE: s, LABEL: render(s), PLAYER: player_of(s)}
            if cells is not None:
                data[CELLS] = cells(s)
            if n in internal:
                pass
            elif n in values:
                data[VALUE] = values[n][0]
                if n in horizon:
                    data[CUTOFF] = True
            elif is_terminal(s):
                data[VALUE] = utility(s)
            else:
                data[FRONTIER] = True
            node_attrs[n] = data
            succ[n] = {}
            pred[n] = {}

        add(0, root_state)
        for node, moves, base, _ in out.expanded:
            s = states[node]
            children = succ[node]
            for i, mv in enumerate(moves):
                c = base + i
                t = states.get(c)
                add(c, result(s, mv) if t is None else t)
                edge = {MOVE: mv}
                children[c] = edge
                pred[c][node] = edge
        if search is not None:
            _mark_search(G, out, search)
        return G

    # With the search memo, the nodes of one state share what the state determines,
    # kept in its memo entry: (attributes of an internal node, of a leaf or a node
    # never entered). A terminal leaf's value is its utility, entered or not.
    def attributes(e: list[Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        s = e[5]
        sign = e[3]
        player = player_of(s) if not sign else "MAX" if sign > 0 else "MIN"
        inner = {STATE: s, LABEL: render(s), PLAYER: player}
        if cells is not None:
            inner[CELLS] = cells(s)
        terminal = e[0]
        if terminal is None:
            terminal = is_terminal(s)
        other = inner.copy()
        if terminal:
            other[VALUE] = utility(s) if e[0] is None else e[1]
        else:
            other[FRONTIER] = True
        pair = e[6] = (inner, other)
        return pair

    # Entered internal and depth-cut nodes need their own attributes; every other
    # node has those of a node never entered (a terminal leaf's, if terminal).
    inner_nodes = set(map(itemgetter(0), out.expanded))
    special = inner_nodes | horizon

    def data_of(n: int, e: list[Any]) -> dict[str, Any]:
        pair = e[6] or attributes(e)
        if n in inner_nodes:
            return pair[0].copy()
        if n in horizon:
            return {**pair[0], VALUE: values[n][0], CUTOFF: True}
        return pair[1].copy()

    node_attrs[0] = data_of(0, memo[root_state])
    succ[0] = {}
    pred[0] = {}
    # With ``search``, each node's and edge's dict is annotated while fresh in memory.
    marking = search is not None
    visit_no = dict(zip(out.visit_order, count(1))) if marking else {}
    windows = out.windows
    if marking:
        _mark_node(node_attrs[0], values[0], 1, windows.get(0))
    for node, moves, c, e in out.expanded:
        s, kids = e[5], e[4]
        children = succ[node]
        for i, mv in enumerate(moves):
            ce = kids[i]
            if ce is None:
                ce = kids[i] = memo_entry(memo, result(s, mv))
            pair = ce[6] or attributes(ce)
            if c not in special:
                data = node_attrs[c] = pair[1].copy()
            elif c in inner_nodes:
                data = node_attrs[c] = pair[0].copy()
            else:
                data = node_attrs[c] = data_of(c, ce)
            if not marking:
                children[c] = edge = {MOVE: mv}
            elif (k := visit_no.get(c)) is None:
                # Not entered: a child skipped at a cutoff.
                data[STATUS] = PRUNED
                children[c] = edge = {MOVE: mv, STATUS: PRUNED}
            else:
                _mark_node(data, values[c], k, windows.get(c))
                children[c] = edge = {MOVE: mv, STATUS: VISITED}
            succ[c] = {}
            pred[c] = {node: edge}
            c += 1
    if marking:
        _mark_pv(G, out)
        G.graph[SEARCH] = search
        remember(G, list(node_attrs), ())
    return G


def _mark_node(
    data: dict[str, Any], entry: tuple[Any, ...], visit: int, window: tuple[float, float] | None
) -> None:
    """Write a visited node's annotation (what :func:`gametree.annotate` writes)."""
    data[STATUS] = VISITED
    data[SEARCH_VALUE] = entry[0]
    data[BOUND] = BOUND_NAME_OF_CODE[entry[1]]
    data[VISIT] = visit
    if window is not None:
        data[ALPHA], data[BETA] = window


def _mark_pv(G: nx.DiGraph, out: Any) -> None:
    """Mark the principal variation's edges ``pv=True``."""
    at = 0
    while at in out.chosen:
        nxt = out.chosen[at]
        G._succ[at][nxt][PV] = True
        at = nxt


def _mark_search(G: nx.DiGraph, out: Any, search: dict[str, Any]) -> None:
    """Annotate a built search tree: every node entered is visited, every other node
    (a child skipped at a cutoff) pruned, and each edge as its child."""
    values = out.node_values.entries
    windows = out.windows
    for k, n in enumerate(out.visit_order, 1):
        _mark_node(G._node[n], values[n], k, windows.get(n))
    visited = set(out.visit_order)
    for kids in G._succ.values():
        for c, edge in kids.items():
            if c in visited:
                edge[STATUS] = VISITED
            else:
                edge[STATUS] = PRUNED
                G._node[c][STATUS] = PRUNED
    _mark_pv(G, out)
    G.graph[SEARCH] = search
    remember(G, list(G._node), ())


def build_dag(game: Any, out: Any) -> nx.DiGraph:
    """The graph the hooked engine would have built, from a recording table search.

    Nodes in the order the hook creates them (their ids), edges in the order it adds
    them (each expansion's new links, in move order), with the same attributes.
    """
    render = renderer(game)
    cells = cell_renderer(game)
    dag = out.dag
    G = nx.DiGraph()
    G.graph[ROOT] = 0
    node_attrs, succ, pred = G._node, G._succ, G._pred
    players, leaf_values, cut_off, children = (
        dag.players,
        dag.leaf_values,
        dag.cut_off,
        dag.children,
    )
    for n, s in enumerate(dag.states):
        data = {STATE: s, LABEL: render(s), PLAYER: players[n]}
        if cells is not None:
            data[CELLS] = cells(s)
        if cut_off[n]:
            data[VALUE] = leaf_values[n]
            data[CUTOFF] = True
        elif leaf_values[n] is not None:
            data[VALUE] = leaf_values[n]
        elif children[n] is None:
            data[FRONTIER] = True
        node_attrs[n] = data
        succ[n] = {}
        pred[n] = {}
    for n in dag.expansions:
        links = succ[n]
        for c, mv in children[n].items():
            edge = {MOVE: mv}
            links[c] = edge
            pred[c][n] = edge
    return G
