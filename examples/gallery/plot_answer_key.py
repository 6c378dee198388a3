"""
An exam-sized answer key
========================

The answer key of a generated exercise of branching 3 and depth 4 (121 nodes) after
alpha-beta, fitted to a slide: every label stays at 7 pt or more, crowded leaves become
their bare values in one row with their names beneath, and every cut mark crosses its
own edge only.
"""

import gametree

key = gametree.generate(branching=3, depth=4, seed=3).tree
result = gametree.alphabeta(key, annotate=False)
artists = gametree.draw(key, result, title="Alpha-beta, b = 3, d = 4")
