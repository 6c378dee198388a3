"""Alpha-beta over plain nodes that only checks for a cutoff at MAX nodes (written for
these tests, in a student's style)."""


def alphabeta(node, depth, alpha, beta):
    if depth == 0 or not node.children:
        return node.value
    if node.player == "MAX":
        best = float("-inf")
        for child in node.children:
            best = max(best, alphabeta(child, depth - 1, alpha, beta))
            if best >= beta:
                break
            alpha = max(alpha, best)
        return best
    best = float("inf")
    for child in node.children:
        best = min(best, alphabeta(child, depth - 1, alpha, beta))
        beta = min(beta, best)
    return best
