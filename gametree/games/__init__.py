"""Games: a protocol, built-in games, expansion into trees, lazy search, players, matches.

The game classes live here (``gametree.games.TicTacToe``, ...); the functions are also
exported at top level (``gametree.expand``, ``gametree.search_game``, ``gametree.play``:
the names of :mod:`gametree.games.api`). The modules:

============= ==========================================================================
protocol      what a game (AIMA style) and a player provide, and the readers of a game
tictactoe     :class:`TicTacToe`: the m,n,k-game
connect_four  :class:`ConnectFour`, any size
nim           :class:`Nim` under normal play
aima          :class:`Fig52Game`: AIMA Figure 5.2 as a game
bitboards     the bitboard moves tic-tac-toe and Connect Four share
adapter       :func:`adapt`: a game class written the way students write them
openspiel     :func:`openspiel_game`: OpenSpiel games (optional dependency)
specs         games and positions named on the command line
usercode      an exception in a user's game method, told as one line naming it
expand        :func:`expand`: a game into an explicit tree or DAG
lazy          :func:`search_game`: search a game, building only what the search enters
fastsearch    the loop over game states that builds no graph
searchgraph   the graph a game search saw, built in one pass from that loop's record
mcts          :func:`~gametree.games.mcts.mcts_game` and the MCTS player
players       the built-in players and :func:`parse_player`
match         :func:`play`: matches between two players
api           the names gametree exports at top level
============= ==========================================================================

This package only re-exports; each module's ``__all__`` says what it makes public.
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
