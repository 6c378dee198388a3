"""Negamax with a colour (+1 for MAX, -1 for MIN) flipped at every level, as most course
notes write it (written for these tests, in a student's style)."""


def negamax(node, depth, color):
    if depth == 0 or not node.children:
        return color * node.value
    best = float("-inf")
    for child in node.children:
        best = max(best, -negamax(child, depth - 1, -color))
    return best
