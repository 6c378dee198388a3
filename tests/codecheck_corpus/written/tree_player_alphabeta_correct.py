"""Alpha-beta over plain nodes that asks each node who moves, returning (value, best
child) (written for these tests, in a student's style)."""


def alphabeta(node, alpha=float("-inf"), beta=float("inf")):
    if not node.children:
        return node.value, None
    best_child = None
    if node.player == "MAX":
        best = float("-inf")
        for child in node.children:
            v, _ = alphabeta(child, alpha, beta)
            if v > best:
                best, best_child = v, child
            if best >= beta:
                break
            alpha = max(alpha, best)
    else:
        best = float("inf")
        for child in node.children:
            v, _ = alphabeta(child, alpha, beta)
            if v < best:
                best, best_child = v, child
            if best <= alpha:
                break
            beta = min(beta, best)
    return best, best_child
