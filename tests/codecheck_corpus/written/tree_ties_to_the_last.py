"""Minimax over plain nodes returning (value, child) that keeps the last of equal moves
(written for these tests, in a student's style)."""


def minimax(node, depth):
    if depth == 0 or not node.children:
        return node.value, None
    best, choice = None, None
    for child in node.children:
        v, _ = minimax(child, depth - 1)
        if best is None or (v >= best if node.player == "MAX" else v <= best):
            best, choice = v, child
    return best, choice
