"""OpenSpiel games as gametree games (``pip install 'gametree[openspiel]'``).

:func:`openspiel_game` wraps a ``pyspiel`` game with two players, perfect information
and sequential moves, zero-sum or constant-sum, with or without explicit chance, as a
:class:`~gametree.games.Game`, so that :func:`~gametree.search_game`,
:func:`~gametree.expand`, :func:`~gametree.play`, the drawings and the command line
(``openspiel:tic_tac_toe``, ``openspiel:connect_four(rows=4,columns=5)``) work on it.

The mapping: OpenSpiel's player 0 is MAX and player 1 MIN; a chance node is CHANCE, its
outcomes' probabilities ``chance_outcomes``; a state is an :class:`OpenSpielState`
(immutable and hashable, by the actions that led to it); the moves are the actions'
``action_to_string`` texts in OpenSpiel's legal-action order; ``utility`` is player 0's
return (MAX's value, also in a constant-sum game); ``render`` the state's string;
``key`` the state's serialisation. OpenSpiel games carry no heuristic: a depth-limited
search scores the horizon at the middle of the game's utility range, (min + max) / 2,
"nothing known" (pass ``evaluate=`` for a real one).

``pyspiel`` is imported only when a game is made, so importing gametree never needs it.

Examples
--------
>>> game = openspiel_game("tic_tac_toe")                   # doctest: +SKIP
>>> game.actions(game.initial)[:3]                         # doctest: +SKIP
['x(0,0)', 'x(0,1)', 'x(0,2)']
>>> import gametree
>>> gametree.search_game(game, transposition_table=True, record=False).value  # doctest: +SKIP
0.0
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Hashable
from typing import Any, ClassVar

from gametree.exceptions import GameError

__all__ = ["OpenSpielGame", "OpenSpielState", "openspiel_game"]

_INSTALL = "pip install 'gametree[openspiel]' (the open-spiel wheel)"


def _pyspiel() -> Any:
    try:
        import pyspiel
    except ImportError as exc:
        raise GameError(f"OpenSpiel games need the pyspiel module: {_INSTALL} ({exc})") from None
    return pyspiel


class OpenSpielState:
    """A position of an OpenSpiel game: the actions from the start and the pyspiel state.

    Equal and hashed by the actions, so positions reached by different orders of moves
    are different states (merging them is the job of :meth:`OpenSpielGame.key`). Never
    changed once made: :meth:`OpenSpielGame.result` clones.
    """

    __slots__ = ("_labels", "history", "spiel")

    def __init__(self, history: tuple[int, ...], spiel: Any) -> None:
        self.history = history
        self.spiel = spiel
        self._labels: dict[str, int] | None = None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OpenSpielState) and other.history == self.history

    def __hash__(self) -> int:
        return hash(self.history)

    def __repr__(self) -> str:
        return f"OpenSpielState({list(self.history)!r})"

    def __str__(self) -> str:
        return str(self.spiel)


class OpenSpielGame:
    """A ``pyspiel.Game`` as a gametree game (build it with :func:`openspiel_game`).

    Attributes
    ----------
    spiel_game : pyspiel.Game
        The wrapped game.
    """

    players: ClassVar[dict[Hashable, str]] = {0: "MAX", 1: "MIN", "CHANCE": "CHANCE"}
    """OpenSpiel's player ids mapped to gametree's sides."""

    def __init__(self, spiel_game: Any, *, evaluate: Callable[[Any], float] | None = None) -> None:
        pyspiel = _pyspiel()
        self.spiel_game = spiel_game
        self._chance_player = pyspiel.PlayerId.CHANCE
        self._terminal_player = pyspiel.PlayerId.TERMINAL
        low, high = spiel_game.min_utility(), spiel_game.max_utility()
        middle = (low + high) / 2
        self.utility_range = (low, high)
        """The game's smallest and largest utility (Monte Carlo tree search scales by it)."""
        self._evaluate = evaluate
        self._middle = int(middle) if float(middle).is_integer() else middle
        self.initial = OpenSpielState((), spiel_game.new_initial_state())

    def __repr__(self) -> str:
        return f"openspiel_game({str(self.spiel_game)!r})"

    def to_move(self, state: OpenSpielState) -> Any:
        """Player 0 (MAX), 1 (MIN) or ``"CHANCE"``; at a terminal, whoever would move."""
        player = state.spiel.current_player()
        if player == self._chance_player:
            return "CHANCE"
        if player < 0:  # terminal: the player after the last mover
            return len(state.history) % 2
        return int(player)

    def _labels(self, state: OpenSpielState) -> dict[str, int]:
        if state._labels is None:
            spiel = state.spiel
            if spiel.is_chance_node():
                ids = [a for a, _ in spiel.chance_outcomes()]
            else:
                ids = list(spiel.legal_actions())
            player = spiel.current_player()
            texts = [spiel.action_to_string(player, a) for a in ids]
            if len(set(texts)) < len(texts):  # labels that repeat get their action ids
                texts = [f"{a}:{text}" for a, text in zip(ids, texts, strict=True)]
            state._labels = dict(zip(texts, ids, strict=True))
        return state._labels

    def actions(self, state: OpenSpielState) -> list[str]:
        """The legal actions (outcomes at a chance node) as their texts, in OpenSpiel's order."""
        if state.spiel.is_terminal():
            return []
        return list(self._labels(state))

    def chance_outcomes(self, state: OpenSpielState) -> list[tuple[str, float]]:
        """The outcomes of a chance node with their probabilities."""
        labels = {a: text for text, a in self._labels(state).items()}
        return [(labels[a], p) for a, p in state.spiel.chance_outcomes()]

    def result(self, state: OpenSpielState, action: str) -> OpenSpielState:
        """The state after ``action`` (its text, or its OpenSpiel action id)."""
        labels = self._labels(state)
        if action in labels:
            number = labels[action]
        elif isinstance(action, int) and action in labels.values():
            number = action
        else:
            raise GameError(
                f"{self!r}: {action!r} is not a legal action at {state!r}; legal: "
                f"{', '.join(labels) or 'none'}"
            )
        child = state.spiel.child(number)
        return OpenSpielState((*state.history, number), child)

    def is_terminal(self, state: OpenSpielState) -> bool:
        """Whether the game is over."""
        return bool(state.spiel.is_terminal())

    def utility(self, state: OpenSpielState) -> float:
        """Player 0's return: MAX's value."""
        value = state.spiel.returns()[0]
        return int(value) if float(value).is_integer() else float(value)

    def evaluate(self, state: OpenSpielState) -> float:
        """The horizon's value: ``evaluate(pyspiel_state)`` if given, else the middle value."""
        if self._evaluate is not None:
            return self._evaluate(state.spiel)
        return self._middle

    def key(self, state: OpenSpielState) -> Hashable:
        """The state's serialisation (OpenSpiel's own identity of a position)."""
        return str(state.spiel.serialize())

    def render(self, state: OpenSpielState) -> str:
        """The state's string (the board, for board games)."""
        return str(state.spiel)


def _refusal(spiel_game: Any, pyspiel: Any) -> str | None:
    kind = spiel_game.get_type()
    GameType = pyspiel.GameType
    if kind.dynamics != GameType.Dynamics.SEQUENTIAL:
        return "it has simultaneous moves; gametree needs players who move in turn"
    if kind.information != GameType.Information.PERFECT_INFORMATION:
        return "it has imperfect information; gametree needs perfect information"
    if spiel_game.num_players() != 2:
        return f"it has {spiel_game.num_players()} players; gametree needs two (MAX and MIN)"
    if kind.utility not in (GameType.Utility.ZERO_SUM, GameType.Utility.CONSTANT_SUM):
        name = str(kind.utility).rsplit(".", 1)[-1].lower().replace("_", "-")
        return f"it is {name}; gametree needs a zero-sum or constant-sum game"
    if kind.chance_mode == GameType.ChanceMode.SAMPLED_STOCHASTIC:
        return "its chance nodes are sampled, without outcome probabilities"
    return None


def _check_name(pyspiel: Any, name: str, params: dict[str, Any]) -> None:
    """Refuse an unknown name or parameter before OpenSpiel prints its own long message."""
    kinds = {kind.short_name: kind for kind in pyspiel.registered_games()}
    if name not in kinds:
        close = difflib.get_close_matches(name, list(kinds), n=3)
        hint = f"; did you mean {' or '.join(close)}?" if close else ""
        raise GameError(
            f"OpenSpiel has no game {name!r}{hint} (pyspiel.registered_names() lists them)"
        )
    known = dict(kinds[name].parameter_specification)
    for key, value in params.items():
        if key not in known:
            allowed = ", ".join(f"{k}={v!r}" for k, v in known.items()) or "none"
            raise GameError(
                f"OpenSpiel game {name!r} has no parameter {key!r}; its parameters "
                f"(with defaults): {allowed}"
            )
        if type(value) is not type(known[key]) and not (
            isinstance(known[key], float) and type(value) is int
        ):
            raise GameError(
                f"OpenSpiel game {name!r}: {key}={value!r} should be of type "
                f"{type(known[key]).__name__}, like its default {known[key]!r}"
            )


def openspiel_game(
    name_or_game: Any, *, evaluate: Callable[[Any], float] | None = None, **params: Any
) -> OpenSpielGame:
    """Return an OpenSpiel game as a gametree :class:`~gametree.games.Game`.

    Parameters
    ----------
    name_or_game : str or pyspiel.Game
        A registered game name (``"tic_tac_toe"``, ``"connect_four"``, ...) or a game
        object (``pyspiel.load_game(...)``, ``pyspiel.load_efg_game(...)``).
    evaluate : callable, optional
        ``evaluate(pyspiel_state) -> float``, player 0's heuristic, where a depth limit
        stops a search. Default: the middle of the game's utility range.
    **params
        The game's parameters (with a name only), e.g. ``rows=4, columns=5``.

    Returns
    -------
    OpenSpielGame

    Raises
    ------
    GameError
        Without pyspiel (saying how to install it); for an unknown game or parameter
        (OpenSpiel's message); for a game gametree cannot represent, naming the property:
        simultaneous moves, imperfect information, not two players, general-sum or
        identical payoffs, sampled chance.

    Examples
    --------
    >>> g = openspiel_game("connect_four", rows=4, columns=5)  # doctest: +SKIP
    >>> len(g.actions(g.initial))                              # doctest: +SKIP
    5
    """
    pyspiel = _pyspiel()
    if isinstance(name_or_game, str):
        _check_name(pyspiel, name_or_game, params)
        try:
            spiel_game = pyspiel.load_game(name_or_game, params)
        except (pyspiel.SpielError, RuntimeError, TypeError, ValueError) as exc:
            first = str(exc).strip().splitlines()
            raise GameError(
                f"OpenSpiel cannot load {name_or_game!r} with {params!r}: "
                + (first[-1] if first else type(exc).__name__)
            ) from None
        shown = name_or_game
    else:
        if params:
            raise GameError("parameters go with a game name, not with a pyspiel.Game object")
        spiel_game = name_or_game
        shown = str(spiel_game)
    why = _refusal(spiel_game, pyspiel)
    if why is not None:
        raise GameError(f"OpenSpiel game {shown!r} is not a game tree gametree can search: {why}")
    return OpenSpielGame(spiel_game, evaluate=evaluate)
