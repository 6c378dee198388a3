"""Negamax alpha-beta over a mutable game that sets its lower bound to the best score
found, low = -score, instead of low = max(low, -score): the first child's score replaces
the bound inherited from above (written for these tests, in a student's style)."""


def negamax(game, depth, low, high):
    if game.is_over() or depth == 0:
        return game.get_utility(), None
    best, best_move = None, None
    for move in game.get_moves():
        game.make_move(move)
        score, _ = negamax(game, depth - 1, -high, -low)
        game.unmake_move(move)
        if best is None or -score > best:
            best, best_move = -score, move
            low = -score
        if best >= high:
            break
    return best, best_move
