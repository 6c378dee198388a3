"""Games: a protocol, built-in games, expansion into trees, lazy search, players, matches.

The game classes live here (``gametree.games.TicTacToe``, ...); the functions are also
exported at top level (``gametree.expand``, ``gametree.search_game``, ``gametree.play``).
"""

from gametree.games.adapter import StudentGame, adapt
from gametree.games.aima import Fig52Game
from gametree.games.connect_four import ConnectFour, ConnectFourState
from gametree.games.expand import expand
from gametree.games.lazy import GameSearchResult, search_game
from gametree.games.match import GameRecord, MatchResult, MatchSummary, MoveRecord, play
from gametree.games.nim import Nim, NimState
from gametree.games.openspiel import OpenSpielGame, openspiel_game
from gametree.games.players import (
    GamePlayer,
    first_open,
    human,
    parse_player,
    random_player,
    searcher,
    think_ahead,
)
from gametree.games.protocol import BaseGame, Game, check_game, player_of
from gametree.games.tictactoe import TicTacToe, TicTacToeState

__all__ = [
    "BaseGame",
    "ConnectFour",
    "ConnectFourState",
    "Fig52Game",
    "Game",
    "GamePlayer",
    "GameRecord",
    "GameSearchResult",
    "MatchResult",
    "MatchSummary",
    "MoveRecord",
    "Nim",
    "NimState",
    "OpenSpielGame",
    "StudentGame",
    "TicTacToe",
    "TicTacToeState",
    "adapt",
    "check_game",
    "expand",
    "first_open",
    "human",
    "openspiel_game",
    "parse_player",
    "play",
    "player_of",
    "random_player",
    "search_game",
    "searcher",
    "think_ahead",
]
