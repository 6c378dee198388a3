"""Depth-limited negamax over a mutable game, snake_case (written for these tests, in a
student's style)."""


def negamax(game, depth_left):
    if game.is_over() or depth_left == 0:
        return game.get_utility(), None
    best_value, best_move = float("-inf"), None
    for move in game.get_moves():
        game.make_move(move)
        value, _ = negamax(game, depth_left - 1)
        game.unmake_move(move)
        if -value > best_value:
            best_value, best_move = -value, move
    return best_value, best_move
