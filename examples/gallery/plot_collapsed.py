"""
Pruned subtrees collapsed
=========================

A random tree of branching 4 and depth 3 (85 nodes) after alpha-beta, with each
cutoff's pruned subtrees drawn as one greyed stub and the number of nodes it hides
beside it (``collapse="pruned"``, ``--collapse pruned`` on the command line).
"""

import gametree

big = gametree.random_tree(4, 3, seed=1)
result = gametree.alphabeta(big, annotate=False)
artists = gametree.draw(
    big, result, collapse="pruned", title="b = 4, d = 3: pruned subtrees collapsed"
)
