"""Depth-limited minimax over plain nodes that stops one level early (written for these
tests, in a student's style)."""


def minimax(node, depth):
    if depth <= 1 or not node.children:
        return node.value
    values = [minimax(child, depth - 1) for child in node.children]
    return max(values) if node.player == "MAX" else min(values)
