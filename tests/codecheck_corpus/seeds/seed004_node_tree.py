"""The searches of the seed notebook /work/shared/seeds/004_90025c4bf94fbb31.txt (this
project's own notebook: game trees of Node and Tree classes, children kept in a set of
ids), re-typed as written but for two imports: NumPy 2 has no ``Inf`` (so
``float("inf")``) and ``random.choice`` stands for ``numpy.random.choice``. The Node and
Tree classes are the adapter's (examples/adapters/node_tree.py); the submission keeps
MinimaxLabel, which the adapter labels nodes with. Checked by
tests/test_codecheck_seeds.py.
"""

from enum import Enum
from random import choice as randomchoice

Inf = float("inf")


class MinimaxLabel(Enum):
  MIN = -1
  MAX = +1


def minimax(tree, node):
  nd0 = tree.getnode(id(node))
  if len(nd0.getchildren()) == 0: # Leaf node
    return nd0.getvalue()
  elif nd0.getlabel() == MinimaxLabel.MIN:
    e = Inf
    for nodeid in nd0.getchildren():
      nd1 = tree.getnode(nodeid)
      e = min(e, minimax(tree, nd1))
    return e
  else:
    e = -Inf
    for nodeid in nd0.getchildren():
      nd1 = tree.getnode(nodeid)
      e = max(e, minimax(tree, nd1))
    return e

def negamax(tree, node):
  nd0 = tree.getnode(id(node))
  if len(nd0.getchildren()) == 0: # Leaf node
    l = nd0.getvalue()
    if nd0.getlabel() == MinimaxLabel.MIN:
      l = -l
    return l
  else:
    e = -Inf
    for nodeid in nd0.getchildren():
      nd1 = tree.getnode(nodeid)
      e = max(e, -negamax(tree, nd1))
    return e


def minimax_alphabeta(tree, node, alpha, beta):
  nd0 = tree.getnode(id(node))
  if len(nd0.getchildren()) == 0: # Leaf node
    return nd0.getvalue()
  elif nd0.getlabel() == MinimaxLabel.MIN: # MIN node
      for nodeid in nd0.getchildren():
        nd1 = tree.getnode(nodeid)
        e = minimax_alphabeta(tree, nd1, alpha, beta)
        if e < beta:
          beta = e
        if beta <= alpha:
          return beta # Prune
      return beta
  else: # MAX node
      for nodeid in nd0.getchildren():
        nd1 = tree.getnode(nodeid)
        e = minimax_alphabeta(tree, nd1, alpha, beta)
        if alpha < e:
          alpha = e
        if beta <= alpha:
          return alpha # Prune
      return alpha


def principalvariationsearch(tree, node, alpha, beta):
  nd0 = tree.getnode(id(node))
  if len(nd0.getchildren()) == 0: # Leaf node
    l = nd0.getvalue()
    if nd0.getlabel() == MinimaxLabel.MIN:
      l = -l
    return l
  else:
    childrenids = nd0.getchildren()
    indw = randomchoice(list(childrenids))
    print(childrenids, indw)
    w = tree.getnode(indw)
    e = -1 * principalvariationsearch(tree, w, -beta, -alpha)
    newids = childrenids.remove(indw)
    print(newids)
    if len(newids) != 0:
      for nodeid in newids:
        u = tree.getnode(nodeid)
        if beta <= e:
          return e
        if alpha < e:
          alpha = e
        t = -1 * principalvariationsearch(tree, u, -(alpha + e), -alpha)
        if e < t:
          if (t<=a) | (beta <=t):
            e = t
          else:
            e = -1 * principalvariationsearch(tree, u, -beta, -t)
      return e
