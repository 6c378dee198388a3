"""Adapter: ``Node`` and ``Tree`` classes with children kept in a set of ids (seed 004's
``minimax(tree, node)``, ``negamax``, ``minimax_alphabeta(tree, node, alpha, beta)``,
``principalvariationsearch``).

``tree.getnode(id)`` gives a node; ``node.getchildren()`` the set of its children's ids
(address-like numbers, so a set's order, not left to right), ``getlabel()`` the
submission's ``MinimaxLabel.MAX``/``MIN`` (the player to move; at a leaf, the opponent
of its parent), ``getvalue()`` a leaf's value. Negamax reads labels at the leaves only,
so it gets trees whose players alternate.
"""

import enum
import math

NOTE = "children are kept in a set: the code searches them in the set's order, not left to right"
MinimaxLabel = enum.Enum("MinimaxLabel", {"MIN": -1, "MAX": 1})


class Node:
    def __init__(self, tree, node):
        self.tree, self.node = tree, node
        self.id = 0x7F3A2C40 + 64 * len(tree.made)  # an address, as id() gives
        tree.nodes[self.id] = tree.nodes[id(self)] = tree.made[id(node)] = self

    def getchildren(self):
        made = self.tree.made
        return {(made.get(id(kid)) or Node(self.tree, kid)).id for kid in self.node.children}

    def getlabel(self):
        return getattr(self.tree.labels, self.node.mover)

    def getvalue(self):
        return self.node.value

    def getid(self):
        return self.id


class Tree:
    def __init__(self, root, module):
        self.nodes, self.made = {}, {}
        self.labels = getattr(module, "MinimaxLabel", MinimaxLabel)
        self.root = Node(self, root)

    def getnode(self, key):
        found = self.nodes[key]
        _ = found.node.name  # the code takes hold of this node
        return found


def presentable(tree, entry_name):
    if tree.depth is not None:
        return "a Node without children is a leaf: the course's trees have no depth limit"
    for node in tree.ply:
        p, above = tree.player(node), tree.parent.get(node)
        if p == "CHANCE":
            return f"{node} is a chance node: MinimaxLabel has only MIN and MAX"
        if (
            "minimax" not in entry_name
            and p is not None
            and p == (tree.player(above) if above else None)
        ):
            return f"two {p} levels follow each other at {node}: negamax needs them to alternate"
    return None


def call(entry, root, tree, module):
    t = Tree(root, module)
    if entry.__code__.co_argcount == 4:
        return entry(t, t.root, -math.inf, math.inf)
    return entry(t, t.root)
