"""The protocols a game (AIMA style) and a player follow: what expansion, search and matches use.

A game is any object with these members (AIMA 4th ed., Section 5.1):

``initial``
    The starting state.
``to_move(state)``
    Who moves: ``"MAX"``/``"MIN"`` (or :class:`gametree.Player`), or the game's own
    player ids when the game maps them with a ``players`` mapping (``{"X": "MAX",
    "O": "MIN"}``).
``actions(state)``
    The legal moves, in the order searches try them.
``result(state, action)``
    The state after the move. Pure: never mutates ``state``.
``is_terminal(state)``
    Whether the game is over.
``utility(state)``
    The outcome of a terminal state from MAX's point of view.

Chance: ``to_move`` may return ``"CHANCE"`` (or an id the ``players`` mapping maps to
it): ``actions`` are then the outcomes, and the optional ``chance_outcomes(state)`` gives
``[(outcome, probability), ...]`` (without it the outcomes are equally likely).
:func:`~gametree.games.expand` makes such states CHANCE nodes with ``prob`` on their
edges and :func:`~gametree.games.play` draws the outcome; the game searches
(:func:`~gametree.search_game`) refuse them: expand the game and run
:func:`gametree.expectiminimax`.

Optional members: ``evaluate(state)`` (a heuristic, MAX's point of view, used where a
depth limit stops a search), ``key(state)`` (hashable, for transpositions; default the
state itself), ``render(state)`` (text for node labels, a board; default ``str``),
``render_cells(state)`` (the position as a board: a list of rows, top row first, each a
list of cell texts, ``""`` for an empty cell; expanded and searched game trees keep it
in each node's ``cells`` attribute and drawings show the node as a small grid, see
:mod:`gametree.drawing.boards`; without it a ``render`` of several equal-length lines
is drawn as a grid too) and ``swap_turn(state)`` (the same position with the other
side to move, used by the rule-based player to see the opponent's threats).

States must be immutable and hashable.

A player (:class:`GamePlayer`, for :func:`~gametree.games.play`) has a ``name`` and
``choose(game, state, rng)``, which returns a legal move; the built-in players are in
:mod:`gametree.games.players` and :mod:`gametree.games.mcts`.

Examples
--------
>>> from gametree.games import Fig52Game
>>> game = Fig52Game()
>>> s = game.result(game.initial, "a1")
>>> s, player_of(game, s), game.actions(s)
('B', 'MIN', ['b1', 'b2', 'b3'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

from gametree.attrs import CHANCE, MAX, MIN, Player
from gametree.exceptions import GameError

__all__ = [
    "BaseGame",
    "Game",
    "GamePlayer",
    "cell_renderer",
    "chance_outcomes",
    "check_game",
    "check_hashable",
    "evaluator",
    "game_name",
    "keyer",
    "player_mapper",
    "player_of",
    "renderer",
]

REQUIRED = ("initial", "to_move", "actions", "result", "is_terminal", "utility")


@runtime_checkable
class Game(Protocol):
    """What a game must provide (see the module docstring for the optional members)."""

    @property
    def initial(self) -> Any:
        """The starting state."""

    def to_move(self, state: Any) -> Any:
        """The player to move in ``state`` (``"MAX"``, ``"MIN"`` or a mapped id)."""

    def actions(self, state: Any) -> Sequence[Any]:
        """The legal moves in ``state``, in search order."""

    def result(self, state: Any, action: Any) -> Any:
        """The state after ``action``; never mutates ``state``."""

    def is_terminal(self, state: Any) -> bool:
        """Whether ``state`` ends the game."""

    def utility(self, state: Any) -> float:
        """The value of a terminal ``state`` from MAX's point of view."""


class BaseGame:
    """Defaults for the optional members; the built-in games derive from it."""

    players: ClassVar[Mapping[str, str]] = {"MAX": "MAX", "MIN": "MIN"}
    """Maps the game's own player ids to ``"MAX"``/``"MIN"``."""

    initial: Any = None

    def key(self, state: Any) -> Hashable:
        """Return the transposition key of ``state`` (the state itself)."""
        return state  # type: ignore[no-any-return]

    def render(self, state: Any) -> str:
        """Return ``state`` as text (for node labels)."""
        return str(state)


def check_game(game: object) -> None:
    """Raise :class:`GameError` naming every required member ``game`` lacks.

    >>> check_game(object())
    Traceback (most recent call last):
    ...
    gametree.exceptions.GameError: object is not a game: it lacks initial, to_move, ...
    """
    missing = [name for name in REQUIRED if not hasattr(game, name)]
    if missing:
        hint = ""
        if any(hasattr(game, n) for n in ("get_moves", "getMoves", "make_move", "makeMove")):
            hint = " (it looks like a student-style class: wrap it with gametree.games.adapt)"
        else:
            hint = (
                " (see gametree.games.Game; a student-style class with get_moves/make_move/..."
                " needs gametree.games.adapt)"
            )
        raise GameError(f"{type(game).__name__} is not a game: it lacks {', '.join(missing)}{hint}")


def game_name(game: object) -> str:
    """Return how messages and tables name ``game``: its ``name``, its own ``repr``, or
    its class name, never ``<... object at 0x...>``.

    >>> from gametree.games import TicTacToe
    >>> class Take:
    ...     pass
    >>> game_name(TicTacToe()), game_name(Take())
    ('TicTacToe(3, 3, 3)', 'Take')
    """
    name = getattr(game, "name", None)
    if isinstance(name, str) and name.strip():
        return name
    cls = type(game)
    if cls.__repr__ is not object.__repr__:
        try:
            return repr(game)
        except Exception:
            pass
    return cls.__name__


def no_moves_error(game: object, state: object) -> GameError:
    """Return the error for a state that is not terminal yet has no moves."""
    return GameError(
        f"{game_name(game)}: state {state!r} is not terminal but has no moves "
        "(is_terminal and actions disagree)"
    )


def player_mapper(game: Any, *, chance: bool = False) -> Callable[[Any], str]:
    """Return a function mapping ``game.to_move(state)`` to ``"MAX"`` or ``"MIN"``.

    With ``chance``, ``"CHANCE"`` too; without it a chance state raises
    :class:`GameError` (the caller cannot handle one).

    >>> from gametree.games import TicTacToe
    >>> t = TicTacToe()
    >>> player_mapper(t)(t.initial)
    'MAX'
    """
    mapping: dict[Hashable, str] = {
        "MAX": "MAX",
        "MIN": "MIN",
        "CHANCE": "CHANCE",
        MAX: "MAX",
        MIN: "MIN",
        CHANCE: "CHANCE",
    }
    own = getattr(game, "players", None)
    if own is not None:
        for k, v in dict(own).items():
            try:
                p = Player.parse(v)
            except ValueError as exc:
                raise GameError(f"{type(game).__name__}.players[{k!r}]: {exc}") from None
            mapping[k] = p.value
    # Without ``chance``, chance ids stay out of the mapping (no cost on the hot path)
    # and only the error tells them apart.
    chance_ids = set() if chance else {k for k, v in mapping.items() if v == "CHANCE"}
    for k in chance_ids:
        del mapping[k]
    to_move = game.to_move

    def player(state: Any) -> str:
        who = to_move(state)
        try:
            return mapping[who]
        except (KeyError, TypeError):
            if any(who == k for k in chance_ids):
                raise GameError(
                    f"{game_name(game)} has a chance node at state {state!r}; game searches handle "
                    "MAX and MIN only: expand the game and search the tree with "
                    "expectiminimax (gametree.expectiminimax(gametree.expand(game)); on the "
                    "command line solve --game SPEC -a expectiminimax, or an expectiminimax "
                    "player)"
                ) from None
            raise GameError(
                f"{type(game).__name__}.to_move returned {who!r} for state {state!r}; "
                f"expected one of {sorted({str(k) for k in mapping})} (map the game's own "
                "player ids with a 'players' attribute, e.g. {'X': 'MAX', 'O': 'MIN'})"
            ) from None

    return player


def chance_outcomes(game: Any) -> Callable[[Any], list[tuple[Any, Any]]]:
    """Return a function giving a chance state's ``[(outcome, probability or None), ...]``.

    ``game.chance_outcomes`` when the game has it, else every action with ``None``
    (equally likely).

    >>> from gametree.games import Fig52Game
    >>> chance_outcomes(Fig52Game())("B")
    [('b1', None), ('b2', None), ('b3', None)]
    """
    own = getattr(game, "chance_outcomes", None)
    if callable(own):
        return lambda state: [(a, p) for a, p in own(state)]
    actions = game.actions
    return lambda state: [(a, None) for a in actions(state)]


def player_of(game: Any, state: Any) -> str:
    """Return ``"MAX"`` or ``"MIN"``: who moves in ``state``."""
    return player_mapper(game)(state)


def evaluator(game: Any) -> Callable[[Any], float]:
    """Return ``game.evaluate``, or a function raising :class:`GameError` when it has none."""
    evaluate = getattr(game, "evaluate", None)
    if callable(evaluate):
        return evaluate  # type: ignore[no-any-return]

    def missing(state: Any) -> float:
        raise GameError(
            f"the depth limit stops the search at a non-terminal state of "
            f"{type(game).__name__} ({state!r}), but the game has no evaluate(state) "
            "heuristic: add one or search without a depth limit"
        )

    return missing


def keyer(game: Any) -> Callable[[Any], Hashable]:
    """Return ``game.key`` or the identity (states are their own keys)."""
    key = getattr(game, "key", None)
    if callable(key):
        return key  # type: ignore[no-any-return]
    return lambda state: state


def check_hashable(game: Any, state: Any, *, table: str) -> None:
    """Refuse, before any search, a game whose positions cannot key a table.

    A transposition table (and merging transpositions into a DAG) looks positions up
    by ``game.key(state)``, the state itself by default, so the key must be hashable:
    a state that is a list or a dict is not.

    Parameters
    ----------
    game : Game
    state : object
        The state the search starts from.
    table : str
        What needs the table, as the message names it
        (``"a transposition table (transposition_table=True)"``).

    Raises
    ------
    GameError
        In one line: what is not hashable and how to make it so.

    Examples
    --------
    >>> class Listy:
    ...     initial = [3, "MAX"]
    >>> check_hashable(Listy(), Listy.initial, table="a transposition table")
    Traceback (most recent call last):
    ...
    gametree.exceptions.GameError: a transposition table needs hashable positions, but ...
    """
    key = keyer(game)
    value = key(state)
    try:
        hash(value)
    except TypeError:
        name = game_name(game)
        if callable(getattr(game, "key", None)):
            what = f"{name}.key(state) returns a {type(value).__name__} ({value!r:.60})"
        else:
            what = f"the states of {name} are {type(state).__name__}s ({state!r:.60})"
        raise GameError(
            f"{table} needs hashable positions, but {what}: make states immutable (tuples, "
            "frozensets) or give the game a key(state) method that returns a hashable value"
        ) from None


def renderer(game: Any) -> Callable[[Any], str]:
    """Return ``game.render`` or ``str``."""
    render = getattr(game, "render", None)
    if callable(render):
        return render  # type: ignore[no-any-return]
    return str


def cell_renderer(game: Any) -> Callable[[Any], Sequence[Sequence[str]]] | None:
    """Return ``game.render_cells``, or None when the game has no such hook.

    >>> from gametree.games import TicTacToe
    >>> class Boxed(TicTacToe):
    ...     def render_cells(self, state):
    ...         return [list(row) for row in self.render(state).splitlines()]
    >>> g = Boxed()
    >>> cell_renderer(g)(g.initial)[0], cell_renderer(TicTacToe()) is None
    (['-', '-', '-'], True)
    """
    cells = getattr(game, "render_cells", None)
    return cells if callable(cells) else None


class GamePlayer:
    """Base class of players: a name and ``choose(game, state, rng) -> move``."""

    name = "player"
    interactive = False
    """True for a person choosing at the terminal: the match then shows the game."""

    def __init__(self) -> None:
        self.last_nodes = 0
        self.last_value: float | None = None

    def choose(self, game: Any, state: Any, rng: random.Random) -> Any:
        """Return the move to play in ``state``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<player {self.name}>"
