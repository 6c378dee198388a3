"""Minimax over plain nodes returning (value, best child); the best child is assigned
after every child, outside the if (written for these tests, in a student's style)."""


def minimax(node):
    if not node.children:
        return node.value, None
    best_value = None
    best_child = None
    for child in node.children:
        value, _ = minimax(child)
        if best_value is None or (value > best_value if node.player == "MAX" else value < best_value):
            best_value = value
        best_child = child
    return best_value, best_child
