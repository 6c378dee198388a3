"""Depth-limited alpha-beta over plain nodes with a typo in its MIN branch,
node.childrens (written for these tests, in a student's style)."""


def alphabeta(node, depth, alpha=float("-inf"), beta=float("inf")):
    if depth == 0 or not node.children:
        return node.value
    if node.player == "MAX":
        value = float("-inf")
        for child in node.children:
            value = max(value, alphabeta(child, depth - 1, alpha, beta))
            if value >= beta:
                break
            alpha = max(alpha, value)
        return value
    value = float("inf")
    for child in node.childrens:
        value = min(value, alphabeta(child, depth - 1, alpha, beta))
        if value <= alpha:
            break
        beta = min(beta, value)
    return value
