"""Alpha-beta as Wikipedia's pseudocode writes it: a maximizing flag that flips at every
level (written for these tests, in a student's style)."""

import math


def alphabeta(node, depth, alpha, beta, maximizingPlayer):
    if depth == 0 or not node.children:
        return node.value
    if maximizingPlayer:
        value = -math.inf
        for child in node.children:
            value = max(value, alphabeta(child, depth - 1, alpha, beta, False))
            if value >= beta:
                break
            alpha = max(alpha, value)
        return value
    else:
        value = math.inf
        for child in node.children:
            value = min(value, alphabeta(child, depth - 1, alpha, beta, True))
            if value <= alpha:
                break
            beta = min(beta, value)
        return value
