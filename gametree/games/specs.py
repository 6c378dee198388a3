"""Games and positions named on the command line: ``tictactoe:4,4,3``, ``nim:3,4,5``.

>>> parse_game("tictactoe:4,4,3")
TicTacToe(4, 4, 3)
>>> parse_game("connect4"), parse_game("nim:1,2"), parse_game("aima")
(ConnectFour(6, 7, 4), Nim((1, 2)), Fig52Game())
>>> g = parse_game("tictactoe")
>>> parse_state(g, "xo-/-x-/--o").board
'XO--X---O'
"""

from __future__ import annotations

from typing import Any

from gametree.exceptions import GameError
from gametree.games.aima import Fig52Game
from gametree.games.connect_four import ConnectFour
from gametree.games.nim import Nim
from gametree.games.tictactoe import TicTacToe

__all__ = ["GAME_NAMES", "parse_game", "parse_state"]

GAME_NAMES = {
    "tictactoe": "tictactoe[:M,N,K] (default 3,3,3)",
    "connect4": "connect4[:ROWS,COLS,CONNECT] (default 6,7,4)",
    "nim": "nim[:P1,P2,...] (default 3,4,5)",
    "aima": "aima (Figure 5.2)",
}
_ALIASES = {
    "tictactoe": "tictactoe",
    "tic-tac-toe": "tictactoe",
    "ttt": "tictactoe",
    "mnk": "tictactoe",
    "connect4": "connect4",
    "connect-four": "connect4",
    "connectfour": "connect4",
    "c4": "connect4",
    "nim": "nim",
    "aima": "aima",
    "fig52": "aima",
    "fig5.2": "aima",
}


def _ints(spec: str, text: str) -> list[int]:
    try:
        return [int(t) for t in text.replace(" ", "").split(",") if t]
    except ValueError:
        raise GameError(f"game {spec!r}: {text!r} is not a list of integers") from None


def parse_game(spec: str) -> Any:
    """Return the game named by ``spec`` (see :data:`GAME_NAMES`)."""
    name, _, rest = spec.strip().partition(":")
    kind = _ALIASES.get(name.strip().lower())
    if kind is None:
        raise GameError(
            f"unknown game {spec!r}; expected one of: " + ", ".join(GAME_NAMES.values())
        )
    args = _ints(spec, rest) if rest else []
    if kind == "tictactoe":
        if args and len(args) != 3:
            raise GameError(f"game {spec!r}: expected tictactoe:M,N,K")
        return TicTacToe(*args)
    if kind == "connect4":
        if args and len(args) != 3:
            raise GameError(f"game {spec!r}: expected connect4:ROWS,COLS,CONNECT")
        return ConnectFour(*args)
    if kind == "nim":
        return Nim(args) if args else Nim()
    if args:
        raise GameError(f"game {spec!r}: aima takes no parameters")
    return Fig52Game()


def parse_state(game: Any, text: str) -> Any:
    """Return the position ``text`` names in ``game``.

    Tic-tac-toe: the board row by row (``X``, ``O``, ``-`` or ``.``; rows may be
    separated by ``/``). Connect Four: the columns played, e.g. ``3342``. Nim: the
    piles, e.g. ``1,2,3`` (MAX to move). AIMA: a letter A..M.
    """
    if isinstance(game, (TicTacToe, ConnectFour)):
        return game.state(text)
    if isinstance(game, Nim):
        return game.state(_ints(text, text))
    if isinstance(game, Fig52Game):
        letter = text.strip().upper()
        if letter not in "ABCDEFGHIJKLM" or len(letter) != 1:
            raise GameError(f"aima: no state {text!r}; states are A..M")
        return letter
    raise GameError(f"cannot read a state for {game!r}")
