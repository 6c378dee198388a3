"""Alpha-beta with a maximizing flag that reads a leaf negamax's way (negated for MIN)
but combines values minimax's way (written for these tests, in a student's style)."""

import math


def alphabeta(node, depth, alpha, beta, maximizing):
    if depth == 0 or not node.children:
        return node.value if maximizing else -node.value
    if maximizing:
        best = -math.inf
        for child in node.children:
            best = max(best, alphabeta(child, depth - 1, alpha, beta, False))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best
    best = math.inf
    for child in node.children:
        best = min(best, alphabeta(child, depth - 1, alpha, beta, True))
        beta = min(beta, best)
        if alpha >= beta:
            break
    return best
