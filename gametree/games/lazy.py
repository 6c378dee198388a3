"""Search a game without expanding it first: only the nodes the search enters are built.

:func:`search_game` checks its options and picks the way to run: the loop over game
states (:mod:`gametree.games.fastsearch`), then with ``record=True`` the graph built in
one pass (:mod:`gametree.games.searchgraph`); or, for PVS and traced searches, the graph
engine with an expand hook that adds each node's children as it enters it; or, for
``algorithm="mcts"``, :func:`gametree.mcts_game`.
"""

from __future__ import annotations

import gc
import math
import warnings
from collections.abc import Callable, Hashable
from dataclasses import dataclass, fields, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Literal, overload

import networkx as nx

from gametree.attrs import (
    CELLS,
    CUTOFF,
    FRONTIER,
    LABEL,
    MOVE,
    PLAYER,
    ROOT,
    STATE,
    VALUE,
)
from gametree.exceptions import SearchError
from gametree.games.expand import too_many
from gametree.games.fastsearch import search as game_loop
from gametree.games.protocol import (
    cell_renderer,
    check_game,
    evaluator,
    keyer,
    no_moves_error,
    player_mapper,
    renderer,
)
from gametree.games.searchgraph import build_dag, build_graph
from gametree.search.engine import gc_paused
from gametree.search.result import SearchResult, replaced, with_moves

if TYPE_CHECKING:
    from gametree.search.mcts_result import MCTSResult

__all__ = ["FRONTIER", "GameSearchResult", "search_game"]


ALGORITHMS = ("minimax", "negamax", "alphabeta", "negamax_alphabeta", "pvs")
_FAST = {"minimax": False, "negamax": False, "alphabeta": True, "negamax_alphabeta": True}


class GraphRecipe:
    """How to build a result's graph from what the search recorded, when first read."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[], nx.DiGraph]) -> None:
        self.build = build


class _GraphField:
    """The ``graph`` field of :class:`GameSearchResult`: a graph or None, which may be
    stored as a :class:`GraphRecipe` and built on first reading."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, result: object, owner: type | None = None) -> nx.DiGraph | None:
        if result is None:
            return None  # the field's default
        stored = result.__dict__.get(self.name)
        if type(stored) is GraphRecipe:
            # Many small dicts and no cycles: the collector would rescan the graph.
            with gc_paused():
                stored = stored.build()
            result.__dict__[self.name] = stored
        graph: nx.DiGraph | None = stored
        return graph

    def __set__(self, result: object, value: nx.DiGraph | GraphRecipe | None) -> None:
        result.__dict__[self.name] = value


@dataclass(frozen=True)
class GameSearchResult(SearchResult):
    """A :class:`SearchResult` of a game search, with the moves and the graph.

    ``best_move``, ``best_moves`` and ``pv_moves`` are the game's moves; the inherited
    ``best_child``, ``best_children``, ``pv`` and the other node fields name nodes of
    :attr:`graph` (integers, root 0), numbered as the search created them; with
    ``record=False`` the numbering is the same, though no graph is kept, except with a
    transposition table: that search makes a child only when it goes down its move,
    numbers positions in that order, and gives each move it skipped at a cutoff an id of
    its own (see :func:`search_game`).

    Attributes
    ----------
    graph : networkx.DiGraph or None
        What the search saw (``record=True``): entered nodes with their subtrees, and
        the moves it pruned as ``frontier`` nodes with no subtree. Annotated when asked.
        A tree searched without a trace is built when first read, from what the
        search recorded (building it cost more than the search; a player never reads
        it).
    root_state : object
        The position searched.
    """

    if TYPE_CHECKING:
        graph: nx.DiGraph | None = None
    else:
        graph: _GraphField = _GraphField()
    root_state: Any = None

    @property
    def best_action(self) -> Any:
        """Deprecated alias of :attr:`best_move` (the move to play); removed next release."""
        _deprecated("best_action", "best_move")
        return self.best_move

    @property
    def best_actions(self) -> tuple[Any, ...]:
        """Deprecated alias of :attr:`best_moves`; removed next release."""
        _deprecated("best_actions", "best_moves")
        return self.best_moves

    @property
    def pv_actions(self) -> tuple[Any, ...]:
        """Deprecated alias of :attr:`pv_moves`; removed next release."""
        _deprecated("pv_actions", "pv_moves")
        return self.pv_moves


def _deprecated(old: str, new: str) -> None:
    warnings.warn(
        f"GameSearchResult.{old} is deprecated and will be removed in the next release; use {new}",
        DeprecationWarning,
        stacklevel=3,
    )


def _check(
    algorithm: str,
    depth: int | None,
    fail: str,
    window: tuple[float, float],
    max_nodes: int,
) -> None:
    if algorithm not in ALGORITHMS:
        allowed = ", ".join(repr(a) for a in ALGORITHMS)
        raise SearchError(
            f"algorithm={algorithm!r} is not allowed for games; expected one of {allowed}"
        )
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 0):
        raise SearchError(f"depth={depth!r} is not allowed; expected None or an int >= 0")
    if fail not in ("soft", "hard"):
        raise SearchError(f"fail={fail!r} is not allowed; expected 'soft' or 'hard'")
    try:
        lo, hi = window
        ok = lo < hi
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise SearchError(
            f"window={window!r} is not allowed; expected a pair (lo, hi) with lo < hi"
        )
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise SearchError(f"max_nodes={max_nodes!r} is not allowed; expected an int >= 1")


@overload
def search_game(
    game: Any,
    state: Any = None,
    *,
    algorithm: Literal["mcts"],
    depth: int | None = None,
    transposition_table: bool = False,
    record: bool = True,
    keep: str = "all",
    prune_on_equal: bool = True,
    fail: str = "soft",
    window: tuple[float, float] = (-math.inf, math.inf),
    annotate: bool = True,
    trace: bool = False,
    max_nodes: int = 1_000_000,
    iterations: int | None = None,
    c: float = math.sqrt(2),
    seed: int | None = None,
    playout: str | Callable[[Any, Any], Any] = "random",
    value_range: tuple[float, float] | None = None,
    solver: bool = False,
) -> MCTSResult: ...


@overload
def search_game(
    game: Any,
    state: Any = None,
    *,
    algorithm: str = "alphabeta",
    depth: int | None = None,
    transposition_table: bool = False,
    record: bool = True,
    keep: str = "all",
    prune_on_equal: bool = True,
    fail: str = "soft",
    window: tuple[float, float] = (-math.inf, math.inf),
    annotate: bool = True,
    trace: bool = False,
    max_nodes: int = 1_000_000,
    iterations: int | None = None,
    c: float = math.sqrt(2),
    seed: int | None = None,
    playout: str | Callable[[Any, Any], Any] = "random",
    value_range: tuple[float, float] | None = None,
    solver: bool = False,
) -> GameSearchResult: ...


def search_game(
    game: Any,
    state: Any = None,
    *,
    algorithm: str = "alphabeta",
    depth: int | None = None,
    transposition_table: bool = False,
    record: bool = True,
    keep: str = "all",
    prune_on_equal: bool = True,
    fail: str = "soft",
    window: tuple[float, float] = (-math.inf, math.inf),
    annotate: bool = True,
    trace: bool = False,
    max_nodes: int = 1_000_000,
    iterations: int | None = None,
    c: float = math.sqrt(2),
    seed: int | None = None,
    playout: str | Callable[[Any, Any], Any] = "random",
    value_range: tuple[float, float] | None = None,
    solver: bool = False,
) -> GameSearchResult | MCTSResult:
    """Search ``game`` from ``state``, building only what the search enters.

    Parameters
    ----------
    game : Game
        Any object following :class:`gametree.games.Game`.
    state : optional
        The position (default ``game.initial``).
    algorithm : str, default "alphabeta"
        ``"minimax"``, ``"negamax"``, ``"alphabeta"``, ``"negamax_alphabeta"`` or
        ``"pvs"``, with the conventions of the graph searches; or ``"mcts"``: Monte
        Carlo tree search, which is :func:`gametree.mcts_game` (the same loop, the same
        :class:`~gametree.search.mcts_result.MCTSResult` for the same seed).
    depth : int, optional
        Plies to search; non-terminal positions at the limit get ``game.evaluate`` and
        are marked ``cutoff=True`` (exactly as in ``expand(game, depth=...)``).
    transposition_table : bool, default False
        Merge positions by ``game.key`` (and ply under a depth limit) into one node
        each, and reuse stored values and bounds: the graph is a DAG, as
        ``expand(game, merge_transpositions=True)``.
    record : bool, default True
        Keep the graph of what the search saw (:attr:`GameSearchResult.graph`). With
        ``False`` no graph is built and the result is the same value, moves, node
        numbering, leaves, pruned edges and statistics (``visit_order``, ``windows``
        and the trace stay empty); players and matches use it. With a transposition
        table too, children are made lazily, as game engines do: the same value, moves,
        statistics and, position by position, node values, leaves and pruned moves,
        but nodes numbered in the order the search makes them, and each pruned edge
        leading to an id of its own (no position is made for a skipped move). In a
        game where two moves from one position reach the same position, a cutoff
        counts the moves left, the recorded search the distinct positions left.
    keep : {"all", "root"}, default "all"
        With ``record=False``, what the result keeps. ``"all"``: every searched node's
        value, the leaves, the pruned edges and the whole PV. ``"root"``: only what a
        player needs, the root's value and bound, ``best_move`` and ``best_moves``,
        the PV's first move and the statistics (``node_values`` holds the root alone,
        ``visited_leaves`` and ``pruned_edges`` are empty, ``pv`` stops after one
        move): the same search, storing nothing per node, so its memory is the
        search path (plus the table with ``transposition_table``) instead of the
        size of the search. ``"root"`` needs ``record=False``.
    prune_on_equal, fail, window
        Alpha-beta conventions, as for :func:`gametree.alphabeta`.
    annotate : bool, default True
        With ``record``, write the search annotations onto the graph.
    trace : bool, default False
        With ``record``, keep the trace events in the result.
    max_nodes : int, default 1_000_000
        Stop with :class:`GameError` when the search numbers more nodes.
    iterations, c, seed, playout, value_range, solver
        ``algorithm="mcts"`` only (``iterations`` required), as for
        :func:`gametree.mcts_game`; depth, transposition table, ``keep`` and the
        alpha-beta conventions do not apply to it.

    Returns
    -------
    GameSearchResult
        A :class:`SearchResult` whose node fields (``best_child``, ``pv``, ...) name
        graph nodes and whose ``best_move``, ``best_moves``, ``pv_moves`` are the
        game's moves, plus ``graph`` and ``root_state``. ``best_action``,
        ``best_actions`` and ``pv_actions`` are deprecated aliases of the move fields
        (they warn with :class:`DeprecationWarning`; removed in the next release).

    Raises
    ------
    SearchError
        For a bad option.
    GameError
        Past ``max_nodes``, or at a depth cut in a game without ``evaluate``.

    See Also
    --------
    expand : the whole tree, then any graph search.

    Notes
    -----
    How it runs: minimax, negamax and the alpha-beta pair run on a dedicated loop over
    game states that follows the graph engine's rules step for step (two more do so
    with a transposition table: one making children lazily when nothing is recorded,
    one making every child of an entered node when the graph is); when recording, the
    graph is then built in one pass. With ``trace=True`` or PVS, the graph engine
    itself runs, calling an ``expand`` hook the first time it enters a node, which adds
    that node's children.
    Both ways give the same graph and result (the tests check it).

    The result graph holds exactly what the search saw: every entered node with its
    children (the moves it generated); moves skipped at a cutoff are ``frontier``
    nodes (or terminal leaves with their utility) with no subtree. Searching
    ``expand(game, depth=d)`` with the same algorithm visits the same positions in
    the same order and prunes the same moves.

    Examples
    --------
    >>> from gametree.games import Fig52Game
    >>> r = search_game(Fig52Game())
    >>> r.value, r.best_move, r.pv_moves
    (3, 'a1', ('a1', 'b1'))
    >>> r.best_child, r.pv
    (1, (0, 1, 4))
    >>> [r.graph.nodes[n]["label"] for n in r.visited_leaves]
    ['E', 'F', 'G', 'H', 'K', 'L', 'M']
    >>> [r.graph.nodes[c]["label"] for _, c in r.pruned_edges]
    ['I', 'J']
    >>> m = search_game(Fig52Game(), algorithm="mcts", iterations=30, seed=1)
    >>> m.best_move, m.graph.nodes[0]["visits"]
    ('a1', 30)
    """
    if algorithm == "mcts":
        from gametree.games.mcts import mcts_game

        others = {
            "depth": (depth, None),
            "transposition_table": (transposition_table, False),
            "keep": (keep, "all"),
            "prune_on_equal": (prune_on_equal, True),
            "fail": (fail, "soft"),
            "window": (tuple(window), (-math.inf, math.inf)),
        }
        given = [f"{k}={v!r}" for k, (v, default) in others.items() if v != default]
        if given:
            raise SearchError(f"{', '.join(given)} does not apply to algorithm='mcts'")
        if iterations is None:
            raise SearchError("algorithm='mcts' needs iterations=N (an int >= 1)")
        return mcts_game(
            game,
            state,
            iterations=iterations,
            c=c,
            seed=seed,
            playout=playout,
            value_range=value_range,
            solver=solver,
            annotate=annotate,
            trace=trace,
            record=record,
            max_nodes=max_nodes,
        )
    mcts_given = {
        "iterations": iterations is not None,
        "c": c != math.sqrt(2),
        "seed": seed is not None,
        "playout": not isinstance(playout, str) or playout != "random",
        "value_range": value_range is not None,
        "solver": solver is not False,
    }
    if any(mcts_given.values()):
        given = [k for k, v in mcts_given.items() if v]
        raise SearchError(f"{', '.join(given)} applies to algorithm='mcts' only")
    check_game(game)
    _check(algorithm, depth, fail, window, max_nodes)
    if keep not in ("all", "root"):
        raise SearchError(f"keep={keep!r} is not allowed; expected 'all' or 'root'")
    if keep == "root" and record:
        raise SearchError("keep='root' keeps no graph: it needs record=False")
    root_state = game.initial if state is None else state
    options: dict[str, Any] = {"depth": depth, "transposition_table": transposition_table}
    if algorithm not in ("minimax", "negamax"):
        options.update(prune_on_equal=prune_on_equal, fail=fail, window=tuple(window))
    # A search allocates many small containers and no reference cycles; the cyclic
    # collector would scan the growing graph over and over, so it waits until the end.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        fast = algorithm in _FAST
        if fast and not record:
            return _fast(game, root_state, algorithm, options, max_nodes, keep=keep == "all")
        if fast and not trace:
            # The same search, then the graph built in one pass (the engine's trace is
            # the only thing it cannot give).
            return _fast(
                game, root_state, algorithm, options, max_nodes, record=True, annotate=annotate
            )
        full = _recorded(game, root_state, algorithm, options, max_nodes, record, annotate, trace)
        return full if keep == "all" else _root_only(full)
    finally:
        if gc_was_enabled:
            gc.enable()


def _fast(
    game: Any,
    root_state: Any,
    algorithm: str,
    options: dict[str, Any],
    max_nodes: int,
    *,
    record: bool = False,
    annotate: bool = False,
    keep: bool = True,
) -> GameSearchResult:
    pruning = _FAST[algorithm]
    kwargs: dict[str, Any] = {
        "pruning": pruning,
        "depth": options["depth"],
        "prune_on_equal": options.get("prune_on_equal", True),
        "fail_hard": options.get("fail") == "hard",
        "window": options.get("window", (-math.inf, math.inf))
        if pruning
        else (-math.inf, math.inf),
        "player_of": player_mapper(game),
        "evaluate": evaluator(game),
        "max_nodes": max_nodes,
    }
    key = keyer(game) if options["transposition_table"] else None
    out = game_loop(
        game,
        root_state,
        key=key,
        record=record,
        keep=keep,
        eager=record and key is not None,
        **kwargs,
    )
    pv = [0]
    pv_actions = []
    node = 0
    seen = {0}
    while node in out.chosen:
        pv_actions.append(out.chosen_moves[node])
        node = out.chosen[node]
        if node in seen:
            break
        seen.add(node)
        pv.append(node)
    where = {c: i for i, c in enumerate(out.root_children)}
    moves = out.root_moves
    G: nx.DiGraph | GraphRecipe | None = None
    if record and out.dag is not None:
        G = build_dag(game, out)
    elif record:
        # A tree is annotated as it is built (the same attributes annotate() writes),
        # when the graph is first read.
        search = {"algorithm": algorithm, **options} if annotate else None
        G = GraphRecipe(partial(build_graph, game, root_state, out, search))
    result = GameSearchResult(
        algorithm=algorithm,
        root=0,
        value=out.value,
        best_child=out.best_move,
        best_children=out.best_moves,
        pv=tuple(pv),
        node_values=out.node_values,
        visited_leaves=tuple(out.visited_leaves),
        pruned_edges=tuple(out.pruned_edges),
        stats=out.stats,
        options=options,
        best_move=None if out.best_move is None else moves[where[out.best_move]],
        best_moves=tuple(moves[where[c]] for c in out.best_moves),
        pv_moves=tuple(pv_actions[: len(pv) - 1]),
        root_state=root_state,
        visit_order=tuple(out.visit_order),
        windows=out.windows,
        visited_edges=out.visited_edges,
        graph=G,
    )
    if isinstance(G, nx.DiGraph) and annotate and out.dag is not None:
        from gametree.search.annotate import annotate as write

        # The hooked engine annotates a merged graph with its own result, in which the
        # depth cut (applied by the hook) is invisible: do exactly the same.
        write(G, replaced(result, stats=replace(result.stats, horizon_evaluations=0)))
    return result


def _root_only(result: GameSearchResult) -> GameSearchResult:
    """``result`` cut to what ``keep="root"`` keeps (for the searches that run on the
    graph engine, which records every node anyway)."""
    root = result.root
    return replaced(
        result,
        node_values={root: result.node_values[root]},
        visited_leaves=(),
        pruned_edges=(),
        pv=result.pv[:2],
        pv_moves=result.pv_moves[:1],
    )


def _recorded(
    game: Any,
    root_state: Any,
    algorithm: str,
    options: dict[str, Any],
    max_nodes: int,
    record: bool,
    annotate: bool,
    trace: bool,
) -> GameSearchResult:
    depth: int | None = options["depth"]
    merged: bool = options["transposition_table"]
    player_of = player_mapper(game)
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
    pending: dict[int, tuple[Any, int]] = {}

    def new_node(s: Any, ply: int) -> int:
        n = len(node_attrs)
        data = {STATE: s, LABEL: render(s), PLAYER: player_of(s)}
        if cells is not None:
            data[CELLS] = cells(s)
        node_attrs[n] = data
        succ[n] = {}
        pred[n] = {}
        if is_terminal(s):
            data[VALUE] = utility(s)
        else:
            data[FRONTIER] = True
            pending[n] = (s, ply)
        return n

    root = new_node(root_state, 0)
    if merged:
        ids[key(root_state) if depth is None else (key(root_state), 0)] = root

    def hook(node: Hashable) -> None:
        entry = pending.pop(node, None)  # type: ignore[call-overload]
        if entry is None:
            return
        s, ply = entry
        data = node_attrs[node]
        del data[FRONTIER]
        if depth is not None and ply >= depth:
            data[VALUE] = evaluate(s)
            data[CUTOFF] = True
            return
        moves = actions(s)
        if not moves:
            raise no_moves_error(game, s)
        children = succ[node]
        for a in moves:
            t = result(s, a)
            if merged:
                k = key(t) if depth is None else (key(t), ply + 1)
                child = ids.get(k)
                if child is None:
                    child = new_node(t, ply + 1)
                    ids[k] = child
                elif child in children:
                    continue
            else:
                child = new_node(t, ply + 1)
            edge = {MOVE: a}
            children[child] = edge
            pred[child][node] = edge
        if len(node_attrs) > max_nodes:
            raise too_many(game, len(node_attrs), max_nodes, searching=True)

    r = _engine_search(G, algorithm, options, hook, annotate and record, trace and record)
    r = with_moves(r, G)
    base = {f.name: getattr(r, f.name) for f in fields(SearchResult)}
    base["options"] = options
    # The hook, not the engine, applies the depth limit: count the cut leaves it saw.
    horizon = sum(1 for n in r.visited_leaves if CUTOFF in node_attrs[n])
    base["stats"] = replace(r.stats, horizon_evaluations=horizon)
    base["root"] = 0
    return GameSearchResult(
        **base,
        graph=G if record else None,
        root_state=root_state,
    )


def _engine_search(
    G: nx.DiGraph,
    algorithm: str,
    options: dict[str, Any],
    hook: Callable[[Hashable], None],
    annotate: bool,
    trace: bool,
) -> SearchResult:
    """Run the graph engine over the lazily built ``G`` (depth is handled by the hook)."""
    from gametree.search import engine

    pruning = algorithm in ("alphabeta", "negamax_alphabeta", "pvs")
    kwargs: dict[str, Any] = {}
    if pruning:
        kwargs = {
            "prune_on_equal": options["prune_on_equal"],
            "fail": options["fail"],
            "window": options["window"],
        }
    plan = engine.make_plan(
        G,
        algorithm,
        root=0,
        pruning=pruning,
        pvs=algorithm == "pvs",
        transposition_table=options["transposition_table"],
        record=trace,
        expand=hook,
        options=options,
        **kwargs,
    )
    result = engine.run_to_result(plan)
    if annotate:
        from gametree.search.annotate import annotate as write

        write(G, result)
    return result
