"""
Expectiminimax with chance nodes
================================

A tree with CHANCE nodes (circles) between MAX and MIN, searched with expectiminimax:
each chance node's value is the average of its outcomes weighted by the probabilities
on its edges. The tree is ``examples/trees/chance.tree``.
"""

import gametree

chance = gametree.parse(
    """
    players: MAX CHANCE MIN
    (A safe:(B 0.9*(D 2 3) 0.1*(E 4 5))
       risky:(C (F 1 4) (G 3 6)))
    """
)
result = gametree.expectiminimax(chance, annotate=False)
artists = gametree.draw(chance, result, title="Expectiminimax")
