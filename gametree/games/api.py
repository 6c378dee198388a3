"""The names gametree exports at top level from the games area.

The game classes stay in :mod:`gametree.games`.
"""

from gametree.games.adapter import adapt
from gametree.games.expand import expand
from gametree.games.lazy import GameSearchResult, search_game
from gametree.games.protocol import Game

__all__ = [
    "Game",
    "GameSearchResult",
    "adapt",
    "expand",
    "search_game",
]
