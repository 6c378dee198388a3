"""Players for matches: searchers, random, first-open, rule-based think-k-ahead, human.

A player is a :class:`GamePlayer`: ``choose(game, state, rng)`` returns a legal move
and leaves in ``last_nodes`` how many nodes it explored deciding (0 when it does not
search). ``rng`` is the match's :class:`random.Random`, used by players built without a
seed of their own, so a whole match is reproducible from ``play(..., seed=...)``.

Examples
--------
>>> import random
>>> from gametree.games import TicTacToe
>>> game = TicTacToe()
>>> s = game.state("XX./OO./...")
>>> searcher(depth=2).choose(game, s, random.Random(0))  # X completes the top row
2
>>> think_ahead(2).choose(game, game.swap_turn(s), random.Random(0))  # O wins first
5
>>> first_open().choose(game, game.initial, random.Random(0))
0
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from gametree.exceptions import GameError, SearchError
from gametree.games.lazy import ALGORITHMS, GameSearchResult, search_game
from gametree.games.protocol import GamePlayer, player_mapper
from gametree.search.algorithms import canonical_name
from gametree.search.result import SearchResult

__all__ = [
    "GamePlayer",
    "first_open",
    "human",
    "parse_player",
    "random_player",
    "searcher",
    "think_ahead",
]


class _Searcher(GamePlayer):
    def __init__(
        self,
        algorithm: str,
        depth: int | None,
        iterative: bool,
        transposition_table: bool,
        stop_at: float | None,
        ties: str,
        options: dict[str, Any],
        name: str | None,
    ) -> None:
        super().__init__()
        self.algorithm = algorithm
        self.depth = depth
        self.iterative = iterative
        self.transposition_table = transposition_table
        self.stop_at = stop_at
        self.ties = ties
        self.options = options
        parts = [algorithm]
        if depth is not None:
            parts.append(f"depth={depth}")
        if iterative:
            parts.append("iterative")
        if transposition_table:
            parts.append("tt")
        self.name = name or ":".join([parts[0], ",".join(parts[1:])]).rstrip(":")
        self.last_iterations = 0

    def _search(self, game: Any, state: Any, depth: int | None) -> Any:
        if self.algorithm == "expectiminimax":
            return _expectiminimax(game, state, depth, self.options)
        return search_game(
            game,
            state,
            algorithm=self.algorithm,
            depth=depth,
            transposition_table=self.transposition_table,
            record=False,
            keep="root",
            **self.options,
        )

    def choose(self, game: Any, state: Any, rng: random.Random) -> Any:
        nodes = 0
        if not self.iterative:
            r = self._search(game, state, self.depth)
            nodes = r.stats.nodes_visited
            self.last_iterations = 1
        else:
            sign = 1 if player_mapper(game)(state) == "MAX" else -1
            target = self.stop_at
            if target is None:
                win = getattr(game, "win", None)
                target = win if isinstance(win, (int, float)) else math.inf
            limit = self.depth if self.depth is not None else 10_000
            r = None
            for d in range(1, limit + 1):
                r = self._search(game, state, d)
                nodes += r.stats.nodes_visited
                self.last_iterations = d
                if r.value * sign >= target or r.stats.horizon_evaluations == 0:
                    break
            assert r is not None
        self.last_nodes = nodes
        self.last_value = r.value
        if r.best_move is None:
            raise GameError(f"{self.name}: no move to choose in {state!r}")
        if self.ties == "random" and len(r.best_moves) > 1:
            return rng.choice(list(r.best_moves))
        return r.best_move


PLAYER_ALGORITHMS = (*ALGORITHMS, "expectiminimax")
"""What a searching player may run: the game searches, and expectiminimax for chance."""


def _expectiminimax(
    game: Any, state: Any, depth: int | None, options: dict[str, Any]
) -> GameSearchResult:
    """Expand ``game`` below ``state`` to ``depth`` and search the tree with expectiminimax."""
    from gametree.games.expand import expand
    from gametree.search import solve

    limit = {"max_nodes": options["max_nodes"]} if "max_nodes" in options else {}
    G = expand(game, state, depth=depth, **limit)
    r = solve(G, "expectiminimax", annotate=False)
    fields_of = {f.name: getattr(r, f.name) for f in fields(SearchResult)}
    return GameSearchResult(**fields_of, graph=G, root_state=state)


def searcher(
    algorithm: str = "alphabeta",
    *,
    depth: int | None = None,
    iterative: bool = False,
    transposition_table: bool = False,
    stop_at: float | None = None,
    ties: str = "first",
    name: str | None = None,
    **options: Any,
) -> GamePlayer:
    """A player that searches with :func:`gametree.search_game` (no graph kept).

    Parameters
    ----------
    algorithm : str, default "alphabeta"
        Any algorithm :func:`gametree.search_game` accepts, or ``"expectiminimax"`` for
        games with chance: it expands the game to ``depth`` and searches the tree.
    depth : int, optional
        Depth limit (the game's ``evaluate`` scores the horizon). With ``iterative``,
        the largest depth tried.
    iterative : bool, default False
        Iterative deepening, as the seeds' negamaxIDS: depth 1, 2, ... until the value
        reaches ``stop_at`` for the mover (a known win), the search sees the whole
        game (no depth cut), or ``depth`` is reached. Nodes of every iteration count.
    transposition_table : bool, default False
        Merge transpositions and reuse values.
    stop_at : float, optional
        The value that ends iterative deepening (mover's point of view); default the
        game's ``win`` attribute when it has one.
    ties : {"first", "random"}, default "first"
        Among equally good moves, the first in move order or a random one.
    name : str, optional
        Display name (default built from the options, e.g. ``"alphabeta:depth=3"``).
    **options
        ``prune_on_equal``, ``fail``, ``window``, ``max_nodes`` (of each search).
    """
    if algorithm not in PLAYER_ALGORITHMS:
        allowed = ", ".join(repr(a) for a in PLAYER_ALGORITHMS)
        raise GameError(
            f"searcher: algorithm {algorithm!r} is not known; expected one of {allowed}"
        )
    if ties not in ("first", "random"):
        raise GameError(f"searcher: ties={ties!r}; expected 'first' or 'random'")
    if depth is not None and (not isinstance(depth, int) or isinstance(depth, bool) or depth < 1):
        raise GameError(f"searcher: depth must be an int >= 1, got {depth!r}")
    return _Searcher(algorithm, depth, iterative, transposition_table, stop_at, ties, options, name)


class _Random(GamePlayer):
    def __init__(self, seed: int | None) -> None:
        super().__init__()
        self.name = "random" if seed is None else f"random:{seed}"
        self.rng = None if seed is None else random.Random(seed)

    def choose(self, game: Any, state: Any, rng: random.Random) -> Any:
        moves = list(game.actions(state))
        if not moves:
            raise GameError(f"{self.name}: no move to choose in {state!r}")
        return (self.rng or rng).choice(moves)


def random_player(seed: int | None = None) -> GamePlayer:
    """A player choosing uniformly among legal moves (its own seed, or the match's)."""
    return _Random(seed)


class _FirstOpen(GamePlayer):
    name = "first-open"

    def choose(self, game: Any, state: Any, rng: random.Random) -> Any:
        moves = game.actions(state)
        if not moves:
            raise GameError(f"{self.name}: no move to choose in {state!r}")
        return moves[0]


def first_open() -> GamePlayer:
    """The seeds' opponent: always the first legal move (the first open cell)."""
    return _FirstOpen()


def _wins_now(game: Any, state: Any, sign: int) -> list[Any]:
    """Moves from ``state`` that end the game in a win for the side with ``sign``."""
    wins = []
    for a in game.actions(state):
        t = game.result(state, a)
        if game.is_terminal(t) and game.utility(t) * sign > 0:
            wins.append(a)
    return wins


class _Think(GamePlayer):
    def __init__(self, k: int, seed: int | None) -> None:
        super().__init__()
        self.k = k
        self.name = f"think{k}"
        self.rng = None if seed is None else random.Random(seed)

    def choose(self, game: Any, state: Any, rng: random.Random) -> Any:
        rand = self.rng or rng
        moves = list(game.actions(state))
        if not moves:
            raise GameError(f"{self.name}: no move to choose in {state!r}")
        sign = 1 if player_mapper(game)(state) == "MAX" else -1
        nodes = len(moves)
        wins = _wins_now(game, state, sign)
        if wins:
            self.last_nodes = nodes
            return wins[0]
        if self.k >= 2:
            swap = getattr(game, "swap_turn", None)
            if callable(swap):
                threats = _wins_now(game, swap(state), -sign)
                nodes += len(moves)
                blocks = [a for a in moves if a in threats]
                if blocks:
                    self.last_nodes = nodes
                    return blocks[0]
        candidates = moves
        if self.k >= 3:
            safe = []
            for a in moves:
                t = game.result(state, a)
                nodes += 1
                if game.is_terminal(t):
                    safe.append(a)
                    continue
                replies = game.actions(t)
                nodes += len(replies)
                if not _wins_now(game, t, -sign):
                    safe.append(a)
            if safe:
                candidates = safe
        self.last_nodes = nodes
        return rand.choice(candidates)


def think_ahead(k: int = 3, *, seed: int | None = None) -> GamePlayer:
    """The rule-based player of the seeds, thinking ``k`` (1 to 3) moves ahead.

    1: win at once if it can; 2: else block a square where the opponent would win at
    once (needs the game's ``swap_turn``); 3: else avoid moves after which the opponent
    can win at once. Among the moves left it picks at random (its own seed, or the
    match's).
    """
    if k not in (1, 2, 3):
        raise GameError(f"think_ahead: k must be 1, 2 or 3, got {k!r}")
    return _Think(k, seed)


class _Human(GamePlayer):
    name = "human"
    interactive = True

    def __init__(self, ask: Callable[[str], str], tell: Callable[[str], None]) -> None:
        super().__init__()
        self.ask = ask
        self.tell = tell

    def choose(self, game: Any, state: Any, rng: random.Random) -> Any:
        moves = list(game.actions(state))
        if not moves:
            raise GameError(f"{self.name}: no move to choose in {state!r}")
        # (The match shows the board before this move: see gametree.games.match.play.)
        listing = ", ".join(str(m) for m in moves)
        mark = game.to_move(state)
        while True:
            try:
                text = self.ask(f"your move as {mark} ({listing}): ").strip()
            except EOFError:
                raise GameError("human: the input ended before a move was given") from None
            for m in moves:
                if str(m) == text or str(m).replace(" ", "") == text.replace(" ", ""):
                    return m
            self.tell(f"{text!r} is not a legal move; choose one of: {listing}")


def human(
    ask: Callable[[str], str] | None = None,
    tell: Callable[[str], None] | None = None,
) -> GamePlayer:
    """A person at the terminal: shows the board and reads a move (as printed) from stdin."""

    def default_tell(text: str) -> None:
        print(text, file=sys.stdout)

    def default_ask(prompt: str) -> str:
        if sys.stdin is None or sys.stdin.closed:
            raise EOFError
        return input(prompt)

    if ask is None and (sys.stdin is None or sys.stdin.closed):
        raise GameError("human: standard input is closed; a human player reads moves from it")
    return _Human(ask or default_ask, tell or default_tell)


def parse_player(spec: str, *, max_nodes: int | None = None) -> GamePlayer:
    """Build a player from a command-line spec.

    ``alphabeta:depth=3``, ``alphabeta:depth=5,iterative,tt``, ``minimax``,
    ``pvs:depth=4``, ``random``, ``random:7`` (seeded), ``first-open``, ``think:3``,
    ``human``, ``mcts:iterations=1000,c=1.4,solver`` (Monte Carlo tree search).
    ``max_nodes`` limits each search of a searching player (the default of
    :func:`gametree.search_game` when None).

    >>> parse_player("alphabeta:depth=3,iterative").name
    'alphabeta:depth=3,iterative'
    >>> parse_player("think:2").name
    'think2'
    """
    head, _, rest = spec.strip().partition(":")
    head = head.strip().lower().replace("_", "-")
    args = [a.strip() for a in rest.split(",") if a.strip()] if rest else []
    if head == "random":
        return random_player(_int_arg(spec, args[0]) if args else None)
    if head in ("first-open", "firstopen", "first"):
        return first_open()
    if head in ("think", "think-ahead", "rule", "rules") or (
        head.startswith("think") and head[5:].isdigit()
    ):
        k = int(head[5:]) if head[5:].isdigit() else (_int_arg(spec, args[0]) if args else 3)
        return think_ahead(k)
    if head == "human":
        return human()
    if head in ("mcts", "uct"):
        from gametree.games.mcts import parse_mcts_player

        return parse_mcts_player(spec, args, max_nodes)
    try:  # the API's one table of aliases (alpha-beta, negascout, ...)
        algorithm = canonical_name(head)
    except SearchError:
        algorithm = head.replace("-", "_")
    if algorithm not in PLAYER_ALGORITHMS:
        raise GameError(
            f"unknown player {spec!r}; expected one of: "
            + ", ".join(PLAYER_ALGORITHMS)
            + " (with :depth=N,iterative,tt,strict,hard), random[:SEED], first-open, "
            "think:K, human, mcts:iterations=N[,c=X][,solver][,seed=S]"
        )
    kwargs: dict[str, Any] = {}
    for arg in args:
        name, eq, value = arg.partition("=")
        name = name.strip().lower()
        if name == "depth" and eq:
            kwargs["depth"] = _int_arg(spec, value)
        elif name in ("iterative", "ids", "id"):
            kwargs["iterative"] = True
        elif name in ("tt", "transpositions", "transposition-table"):
            kwargs["transposition_table"] = True
        elif name == "strict":
            kwargs["prune_on_equal"] = False
        elif name == "hard":
            kwargs["fail"] = "hard"
        elif name == "random-ties":
            kwargs["ties"] = "random"
        else:
            raise GameError(
                f"player {spec!r}: unknown option {arg!r}; expected depth=N, iterative, "
                "tt, strict, hard or random-ties"
            )
    if max_nodes is not None:
        kwargs["max_nodes"] = max_nodes
    return searcher(algorithm, **kwargs)


def _int_arg(spec: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise GameError(f"player {spec!r}: {text!r} is not an integer") from None
