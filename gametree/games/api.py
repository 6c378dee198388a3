"""The names gametree exports at top level from the games area.

The game classes stay in :mod:`gametree.games`.
"""

from gametree.games.adapter import adapt
from gametree.games.expand import expand
from gametree.games.lazy import GameSearchResult, search_game
from gametree.games.match import MatchResult, play
from gametree.games.mcts import mcts_game, mcts_player
from gametree.games.players import (
    GamePlayer,
    first_open,
    human,
    parse_player,
    random_player,
    searcher,
    think_ahead,
)
from gametree.games.protocol import Game

__all__ = [
    "Game",
    "GamePlayer",
    "GameSearchResult",
    "MatchResult",
    "adapt",
    "expand",
    "first_open",
    "human",
    "mcts_game",
    "mcts_player",
    "parse_player",
    "play",
    "random_player",
    "search_game",
    "searcher",
    "think_ahead",
]
