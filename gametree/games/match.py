"""Matches between two players, with per-move records and a summary table.

Examples
--------
>>> from gametree.games import TicTacToe
>>> from gametree.games.players import first_open, searcher
>>> m = play(TicTacToe(), searcher(), first_open(), games=2)
>>> [g.winner for g in m.games]
['x', 'x']
>>> m.summary.wins, m.summary.draws, m.summary.losses
({'x': 2, 'o': 0}, 0, {'x': 0, 'o': 2})
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gametree.exceptions import GameError
from gametree.games.players import GamePlayer
from gametree.games.protocol import chance_outcomes, check_game, player_mapper, renderer
from gametree.search.theory import ebf as effective_branching_factor

__all__ = ["GameRecord", "MatchResult", "MatchSummary", "MoveRecord", "play"]

ROLES = ("x", "o")


@dataclass(frozen=True)
class MoveRecord:
    """One move of a game."""

    ply: int
    """0-based index of the move in the game."""
    role: str
    """``"x"`` or ``"o"``: which of :func:`play`'s players moved (``"chance"``: nature)."""
    side: str
    """``"MAX"``, ``"MIN"`` or ``"CHANCE"``."""
    action: Any
    """The move."""
    nodes: int
    """Nodes the player explored choosing it (0 for players that do not search)."""
    seconds: float
    """Time the player took."""


@dataclass(frozen=True)
class GameRecord:
    """One game of a match."""

    number: int
    """1-based."""
    first: str
    """The role (``"x"``/``"o"``) that moved first, as MAX."""
    moves: tuple[MoveRecord, ...]
    outcome: float
    """The final utility, MAX's point of view."""
    winner: str | None
    """The role that won, or None for a draw."""
    final_state: Any

    def nodes(self, role: str) -> int:
        """Nodes explored by ``role`` over the game."""
        return sum(m.nodes for m in self.moves if m.role == role)

    def seconds(self, role: str) -> float:
        """Time taken by ``role`` over the game."""
        return sum(m.seconds for m in self.moves if m.role == role)

    def ebf(self, role: str) -> float | None:
        """The effective branching factor of ``role``'s searches, as the seeds compute it.

        ``ebf(nodes explored over the game, number of moves in the game)`` with the
        root counted (:func:`gametree.ebf` with ``count_root=True``); None when the
        player explored nothing.
        """
        n = self.nodes(role)
        if n < 1 or not self.moves:
            return None
        return effective_branching_factor(n, len(self.moves), count_root=True)


@dataclass(frozen=True)
class MatchSummary:
    """Wins, draws and losses of each role over a match (sides alternated or not)."""

    names: dict[str, str]
    wins: dict[str, int]
    draws: int
    losses: dict[str, int]
    nodes: dict[str, int]
    seconds: dict[str, float]
    moves: dict[str, int]

    def table(self) -> str:
        """Return the summary as a fixed-width text table."""
        rows = [("player", "name", "wins", "draws", "losses", "nodes/move", "ms/move")]
        for role in ROLES:
            n = max(self.moves[role], 1)
            rows.append(
                (
                    role,
                    self.names[role],
                    str(self.wins[role]),
                    str(self.draws),
                    str(self.losses[role]),
                    f"{self.nodes[role] / n:,.0f}",
                    f"{1000 * self.seconds[role] / n:,.2f}",
                )
            )
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        lines = []
        for r in rows:
            cells = [r[0].ljust(widths[0]), r[1].ljust(widths[1])]
            cells += [c.rjust(w) for c, w in zip(r[2:], widths[2:], strict=True)]
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)


@dataclass(frozen=True)
class MatchResult:
    """Every game of a match and its summary."""

    games: tuple[GameRecord, ...]
    summary: MatchSummary


def play(
    game: Any,
    x: GamePlayer,
    o: GamePlayer,
    *,
    games: int = 1,
    seed: int | None = None,
    alternate: bool = True,
    verbose: bool = False,
    state: Any = None,
    max_moves: int = 100_000,
    max_games: int = 100_000,
    out: Callable[[str], None] = print,
) -> MatchResult:
    """Play ``games`` games of ``game`` between ``x`` and ``o``.

    Parameters
    ----------
    game : Game
    x, o : GamePlayer
        ``x`` moves first (as MAX) in the first game.
    games : int, default 1
    seed : int, optional
        Seeds the match's random generator (players without a seed of their own use it).
    alternate : bool, default True
        Swap who moves first every game, so neither player has the first move's
        advantage more often.
    verbose : bool, default False
        Print every move and board (through ``out``), each board once: which mark each
        player plays (``alphabeta:tt (x) plays O``, the game's ``to_move``), whose turn
        it is (``X to move: ...``) and who won. When a player is interactive (a
        :func:`~gametree.games.players.human`), the match tells the game this way
        without ``verbose`` too, as the person needs it: the marks (``you (human, x)
        play X``), the board before each of their moves, the other side's moves, the
        final board and who won.
    state : optional
        Start every game from this position (default ``game.initial``).
    max_moves : int, default 100_000
        Stop with :class:`GameError` if a game runs longer.
    max_games : int, default 100_000
        Refuse (:class:`GameError`, before the first game) more games than this: the
        result keeps a record of every game (``--max-games`` on the command line).

    Returns
    -------
    MatchResult
        ``games``: a :class:`GameRecord` per game (moves with nodes and time, outcome,
        winner); ``summary``: wins, draws and losses per player.
    """
    check_game(game)
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise GameError(f"games must be a non-negative integer, got {games!r}")
    if games > max_games:
        raise GameError(
            f"{games:,} games is more than max_games={max_games:,} (each game's record "
            "is kept); raise the limit (max_games=...)"
        )
    rng = random.Random(seed)
    players = {"x": x, "o": o}
    side_of = player_mapper(game, chance=True)
    outcomes = chance_outcomes(game)
    render = renderer(game)
    start = game.initial if state is None else state
    if side_of(start) == "MIN":
        raise GameError(f"play: the starting position {start!r} has MIN to move; start with MAX")
    # A person playing is told the game as it goes (without -v: the marks, the board
    # before each of their moves, the other side's moves, the final board, who won);
    # verbose tells every move and board. Each board is shown once.
    narrate = verbose or any(p.interactive for p in players.values())
    records = []
    for number in range(1, games + 1):
        first = "o" if alternate and number % 2 == 0 else "x"
        second = "x" if first == "o" else "o"
        role_of = {"MAX": first, "MIN": second}
        s = start
        moves: list[MoveRecord] = []
        shown = True  # whether the board of ``s`` has been shown
        if narrate:
            marks = _marks(game, s)
            out(
                f"game {number}: {_who(players, first)} {_plays(players, first)} {marks[0]} "
                f"and {_moves(players, first)} first; {_who(players, second)} "
                f"{_plays(players, second)} {marks[1]}"
            )
            out(render(s))
        while not game.is_terminal(s):
            if len(moves) >= max_moves:
                raise GameError(f"play: game {number} passed max_moves={max_moves}")
            side = side_of(s)
            if side == "CHANCE":
                # Nature moves: an outcome drawn with its probability by the match's rng.
                drawn = outcomes(s)
                weights = None if drawn[0][1] is None else [float(p) for _, p in drawn]
                action = rng.choices([a for a, _ in drawn], weights=weights)[0]
                moves.append(MoveRecord(len(moves), "chance", side, action, 0, 0.0))
                s = game.result(s, action)
                if narrate:
                    out(f"chance: {action!r}")
                    out(render(s))
                continue
            role = role_of[side]
            player = players[role]
            mark = game.to_move(s)
            if player.interactive and not shown:
                out(render(s))
            player.last_nodes = 0
            t0 = time.perf_counter()
            action = player.choose(game, s, rng)
            seconds = time.perf_counter() - t0
            legal = game.actions(s)
            if action not in legal:
                raise GameError(
                    f"play: {player.name} ({role}) chose {action!r}, which is not legal in "
                    f"{s!r}; legal moves: {list(legal)!r}"
                )
            moves.append(MoveRecord(len(moves), role, side, action, player.last_nodes, seconds))
            s = game.result(s, action)
            shown = False
            if verbose or (narrate and not player.interactive):
                out(f"{mark} to move: {player.name} ({role}) plays {action!r}")
                out(render(s))
                shown = True
        outcome = game.utility(s)
        winner = role_of["MAX"] if outcome > 0 else role_of["MIN"] if outcome < 0 else None
        if narrate:
            if not shown:
                out("final board:")
                out(render(s))
            if winner is None:
                out(f"game {number}: draw")
            else:
                winning_mark = _marks(game, start)[0 if winner == first else 1]
                out(f"game {number}: {winning_mark} wins: {_who(players, winner)}")
        records.append(GameRecord(number, first, tuple(moves), outcome, winner, s))
    return MatchResult(tuple(records), _summary(players, records))


def _who(players: dict[str, GamePlayer], role: str) -> str:
    """``alphabeta (x)``, or ``you (human, x)`` for the person at the terminal."""
    player = players[role]
    return f"you ({player.name}, {role})" if player.interactive else f"{player.name} ({role})"


def _plays(players: dict[str, GamePlayer], role: str) -> str:
    return "play" if players[role].interactive else "plays"


def _moves(players: dict[str, GamePlayer], role: str) -> str:
    return "move" if players[role].interactive else "moves"


def _marks(game: Any, state: Any) -> tuple[str, str]:
    """The marks (``game.to_move``: ``X``/``O``, else ``MAX``/``MIN``) of the side to
    move in ``state`` and of the other side."""
    first = game.to_move(state)
    for action in () if game.is_terminal(state) else game.actions(state):
        second = game.to_move(game.result(state, action))
        if second != first:
            return str(first), str(second)
    return str(first), "MIN" if player_mapper(game)(state) == "MAX" else "MAX"


def _summary(players: dict[str, GamePlayer], records: list[GameRecord]) -> MatchSummary:
    wins = {r: 0 for r in ROLES}
    losses = {r: 0 for r in ROLES}
    draws = 0
    for g in records:
        if g.winner is None:
            draws += 1
        else:
            wins[g.winner] += 1
            losses["o" if g.winner == "x" else "x"] += 1
    return MatchSummary(
        names={r: players[r].name for r in ROLES},
        wins=wins,
        draws=draws,
        losses=losses,
        nodes={r: sum(g.nodes(r) for g in records) for r in ROLES},
        seconds={r: sum(g.seconds(r) for g in records) for r in ROLES},
        moves={r: sum(1 for g in records for m in g.moves if m.role == r) for r in ROLES},
    )
