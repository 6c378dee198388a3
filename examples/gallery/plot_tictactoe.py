"""
A tic-tac-toe ending
====================

Tic-tac-toe from a position four moves from the end, expanded into its game tree and
searched with alpha-beta. Each node is drawn as its board, the last move's cell
filled, with the node's usual shape (MAX triangle, MIN triangle, leaf square) and value
beside it.
"""

import gametree
from gametree.games import TicTacToe

game = TicTacToe()
tree = gametree.expand(game, game.state("XOX/-O-/--X"))
result = gametree.alphabeta(tree, annotate=False)
artists = gametree.draw(tree, result, title="Tic-tac-toe, O to move")
