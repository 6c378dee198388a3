"""
AIMA Figure 5.2 after alpha-beta
================================

The two-ply tree of Russell & Norvig's Figure 5.2, searched left to right with a cut
when alpha >= beta: backed-up values (``≤2`` where the search only proved a bound), the
window ``[α, β]`` each internal node left with, the two pruned edges cut and greyed,
the principal variation bold, and the convention as the caption.
"""

import gametree

G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
result = gametree.alphabeta(G)
artists = gametree.draw(G, result, show="values,bounds,names")
