"""
Connect Four, focused on the best move
======================================

Connect Four expanded two plies deep (57 boards, scored by the game's heuristic at the
depth limit) and searched with alpha-beta. All 57 boards would need 17 inches at 7 pt,
so the drawing keeps only the path to the best first move and every reply to it
(``focus=``, ``--focus`` on the command line).
"""

import gametree
from gametree.games import ConnectFour

tree = gametree.expand(ConnectFour(), depth=2)
result = gametree.alphabeta(tree, annotate=False)
root = gametree.find_root(tree)
best = next(child for child in tree.successors(root) if child in result.pv)
artists = gametree.draw(
    tree,
    result,
    focus=best,
    title="Connect Four, two plies: the best first move and the replies to it",
)
