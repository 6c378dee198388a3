"""Monte Carlo tree search on a game: the same loop as :func:`gametree.mcts`, over states.

:class:`GameSource` gives the loop (:mod:`gametree.search.mcts_loop`) a game's states as
its positions; :func:`mcts_game` runs it, :func:`mcts_player` plays by it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import networkx as nx

from gametree.attrs import CELLS, FRONTIER, LABEL, MOVE, PLAYER, ROOT, STATE, VALUE
from gametree.exceptions import GameError, SearchError
from gametree.games.protocol import (
    GamePlayer,
    cell_renderer,
    chance_outcomes,
    check_game,
    evaluator,
    game_name,
    no_moves_error,
    player_mapper,
    renderer,
)
from gametree.search.annotate import annotate_mcts
from gametree.search.mcts_loop import check_options, recorded_options, run_seeded
from gametree.search.mcts_result import MCTSResult, summarise
from gametree.search.mcts_tree import Tree
from gametree.search.plan import check_flag

__all__ = ["GameSource", "game_value_range", "mcts_game", "mcts_player"]


class GameSource:
    """The positions of a game: its states; moves are the game's actions."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self._player = player_mapper(game, chance=True)
        self._outcomes = chance_outcomes(game)
        self._evaluate = evaluator(game)
        self.is_terminal = game.is_terminal
        self.actions = game.actions
        self.step = game.result
        self.terminal_value = game.utility

    def player(self, pos: Any) -> str:
        """``"MAX"``, ``"MIN"``, ``"CHANCE"``, or ``""`` at a terminal state."""
        return "" if self.is_terminal(pos) else self._player(pos)

    def heuristic(self, pos: Any) -> float:
        """``game.evaluate(state)``."""
        return self._evaluate(pos)

    def moves(self, pos: Any) -> list[Any]:
        """The legal moves (the outcomes at a chance state)."""
        moves = list(self.actions(pos))
        if not moves:
            raise no_moves_error(self.game, pos)
        return moves

    def probabilities(self, pos: Any, moves: Sequence[Any]) -> list[float]:
        """The outcomes' probabilities (equal when the game gives none)."""
        pairs = self._outcomes(pos)
        if all(p is None for _, p in pairs):
            return [1.0 / len(moves)] * len(moves)
        return [float(p) for _, p in pairs]

    def policy_move(self, policy: Callable[..., Any], pos: Any, moves: Sequence[Any]) -> Any:
        """Ask a playout policy ``policy(game, state) -> move``."""
        return policy(self.game, pos)


def game_value_range(game: Any) -> tuple[float, float] | None:
    """The game's utility range: ``game.utility_range`` (a pair), else ``(-win, win)``
    for a game with a ``win`` utility (tic-tac-toe, connect four, Nim), else None.

    >>> from gametree.games import TicTacToe
    >>> game_value_range(TicTacToe())
    (-1.0, 1.0)
    """
    own = getattr(game, "utility_range", None)
    if callable(own):
        own = own()
    if own is not None:
        lo, hi = own
        return float(lo), float(hi)
    win = getattr(game, "win", None)
    if isinstance(win, (int, float)) and not isinstance(win, bool) and win > 0:
        return -float(win), float(win)
    return None


def mcts_game(
    game: Any,
    state: Any = None,
    *,
    iterations: int,
    c: float = math.sqrt(2),
    seed: int | None = None,
    playout: str | Callable[[Any, Any], Any] = "random",
    value_range: tuple[float, float] | None = None,
    solver: bool = False,
    annotate: bool = True,
    trace: bool = False,
    record: bool = True,
    max_nodes: int = 1_000_000,
) -> MCTSResult:
    """Search ``game`` from ``state`` with Monte Carlo tree search.

    The loop, its rules and its options are those of :func:`gametree.mcts`; positions
    are states and moves the game's actions (a policy is ``policy(game, state) ->
    move``, ``"evaluate"`` uses ``game.evaluate``). Chance states are drawn by
    ``chance_outcomes``.

    Parameters
    ----------
    game : Game
    state : optional
        The position (default ``game.initial``).
    iterations, c, seed, playout, solver, trace
        As for :func:`gametree.mcts`.
    value_range : (float, float), optional
        Default :func:`game_value_range`; for a game stating none, the smallest and
        largest playout value seen so far (then the solver proves only by all children).
    annotate : bool, default True
        Annotate :attr:`MCTSResult.graph`.
    record : bool, default True
        Build :attr:`MCTSResult.graph`, the MCTS tree: nodes numbered as added (root 0)
        with ``state``, ``label``, ``player``, ``cells``; a terminal's ``value``; a
        non-terminal leaf of the tree is a ``frontier`` node. Players use False.
    max_nodes : int, default 1_000_000
        Stop with :class:`GameError` when the tree would hold more nodes.

    Returns
    -------
    MCTSResult
        ``best_move`` the game's move; ``graph`` and ``root_state`` set.

    Examples
    --------
    >>> from gametree.games import Fig52Game
    >>> r = mcts_game(Fig52Game(), iterations=100, seed=0, solver=True, value_range=(2, 14))
    >>> r.best_move, r.proven_value, r.graph.nodes[0]["visits"]
    ('a1', 3, 100)
    """
    check_game(game)
    checked = check_options(iterations, c, playout, value_range, solver)
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise SearchError(f"max_nodes={max_nodes!r} is not allowed; expected an int >= 1")
    for flag, text in ((annotate, "annotate"), (trace, "trace"), (record, "record")):
        check_flag(text, flag)
    root_state = game.initial if state is None else state
    if checked is None:
        checked = game_value_range(game)

    def name(tree: Tree, i: int) -> Hashable:
        return i

    options = recorded_options(iterations, c, seed, playout, value_range, solver)
    out = run_seeded(
        GameSource(game),
        root_state,
        iterations=iterations,
        c=c,
        seed=seed,
        playout=playout,
        value_range=checked,
        solver=solver,
        trace=trace,
        name=name,
        max_nodes=max_nodes,
        on_too_many=lambda n: GameError(
            f"Monte Carlo tree search of {game_name(game)} passed max_nodes={max_nodes:,}: {n:,} "
            "nodes in its tree; raise the limit (max_nodes=...) or run fewer iterations"
        ),
    )
    tree = out.tree
    G = _tree_graph(game, tree) if record else None
    result = summarise(
        "mcts",
        out,
        c=float(c),
        solver=solver,
        iterations=iterations,
        options=options,
        name=name,
        move_of=tree.move.__getitem__,
        graph=G,
        root_state=root_state,
    )
    if G is not None and annotate:
        annotate_mcts(G, result)
    return result


def _tree_graph(game: Any, tree: Tree) -> nx.DiGraph:
    """The MCTS tree as a graph (node i is tree slot i)."""
    render = renderer(game)
    cells = cell_renderer(game)
    G = nx.DiGraph()
    G.graph[ROOT] = 0
    for i, s in enumerate(tree.pos):
        who = tree.player[i]
        data: dict[str, Any] = {STATE: s, LABEL: render(s)}
        if cells is not None:
            data[CELLS] = cells(s)
        if who:
            data[PLAYER] = who
        else:
            data[VALUE] = game.utility(s)
        G.add_node(i, **data)
        p = tree.parent[i]
        if p >= 0:
            G.add_edge(p, i, **{MOVE: tree.move[i]})
    for i, who in enumerate(tree.player):
        if who and not G._succ[i]:
            G._node[i][FRONTIER] = True
    return G


class _MCTSPlayer(GamePlayer):
    """A player running :func:`mcts_game` from each position it must move in."""

    def __init__(
        self, iterations: int, c: float, solver: bool, seed: int | None, max_nodes: int | None
    ) -> None:
        super().__init__()
        check_options(iterations, c, "random", None, solver)
        self.iterations = iterations
        self.c = c
        self.solver = solver
        self.seed = seed
        self.max_nodes = max_nodes
        parts = [f"iterations={iterations}"]
        if c != math.sqrt(2):
            parts.append(f"c={c:g}")
        if solver:
            parts.append("solver")
        if seed is not None:
            parts.append(f"seed={seed}")
        self.name = "mcts:" + ",".join(parts)
        self._rng = random.Random(seed) if seed is not None else None

    def choose(self, game: Any, state: Any, rng: random.Random) -> Any:
        """Run the search and play its move; its seed comes from the player's own seed,
        else from the match's generator (so a seeded match replays exactly)."""
        source = self._rng if self._rng is not None else rng
        r = mcts_game(
            game,
            state,
            iterations=self.iterations,
            c=self.c,
            seed=source.randrange(2**32),
            solver=self.solver,
            record=False,
            max_nodes=1_000_000 if self.max_nodes is None else self.max_nodes,
        )
        self.last_nodes = r.stats.nodes_visited
        self.last_value = r.value
        return r.best_move


def mcts_player(
    iterations: int,
    *,
    c: float = math.sqrt(2),
    solver: bool = False,
    seed: int | None = None,
    max_nodes: int | None = None,
) -> GamePlayer:
    """A game player choosing by Monte Carlo tree search (``play`` spec
    ``mcts:iterations=N[,c=X][,solver][,seed=S]``).

    >>> from gametree.games import TicTacToe
    >>> import random
    >>> p = mcts_player(200, seed=1)
    >>> p.name, p.choose(TicTacToe(), TicTacToe().initial, random.Random(0)) in range(9)
    ('mcts:iterations=200,seed=1', True)
    """
    return _MCTSPlayer(iterations, c, solver, seed, max_nodes)


def parse_mcts_player(spec: str, args: list[str], max_nodes: int | None) -> GamePlayer:
    """The player of a ``mcts:iterations=N[,c=X][,solver][,seed=S]`` spec."""
    options: dict[str, Any] = {}
    for arg in args:
        name, eq, value = arg.partition("=")
        name = name.strip().lower()
        kinds: dict[str, type] = {"iterations": int, "n": int, "c": float, "seed": int}
        if name in kinds and eq:
            try:
                options["iterations" if name == "n" else name] = kinds[name](value)
            except ValueError:
                raise GameError(f"player {spec!r}: {value!r} is not a number") from None
        elif name == "solver" and not eq:
            options["solver"] = True
        else:
            raise GameError(
                f"player {spec!r}: unknown option {arg!r}; expected iterations=N, c=X, "
                "solver or seed=S"
            )
    if "iterations" not in options:
        raise GameError(f"player {spec!r}: give the iterations, e.g. mcts:iterations=1000")
    try:
        return mcts_player(**options, max_nodes=max_nodes)
    except SearchError as exc:
        raise GameError(f"player {spec!r}: {exc}") from None
