"""Expectimax over plain nodes, chance nodes weighted by their children's probability
(written for these tests, in a student's style)."""


def expectimax(node, depth):
    if depth == 0 or not node.children:
        return node.value
    values = [expectimax(child, depth - 1) for child in node.children]
    if node.player == "MAX":
        return max(values)
    if node.player == "MIN":
        return min(values)
    return sum(child.probability * v for child, v in zip(node.children, values))
