"""Negamax over plain nodes with a colour that is never flipped on the way down
(written for these tests, in a student's style)."""


def negamax(node, depth, color):
    if depth == 0 or not node.children:
        return color * node.value
    best = float("-inf")
    for child in node.children:
        best = max(best, -negamax(child, depth - 1, color))
    return best
