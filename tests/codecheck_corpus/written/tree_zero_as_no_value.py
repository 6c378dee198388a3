"""Minimax with a maximizing flag that tests for a leaf by its value's truth, so a leaf
worth 0 is searched as a node without children (written for these tests, in a
student's style)."""


def minimax(node, maximizing):
    if node.value:
        return node.value
    if maximizing:
        best = float("-inf")
        for child in node.children:
            best = max(best, minimax(child, False))
        return best
    best = float("inf")
    for child in node.children:
        best = min(best, minimax(child, True))
    return best
