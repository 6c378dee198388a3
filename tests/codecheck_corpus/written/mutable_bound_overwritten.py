"""Negamax alpha-beta over a mutable game that overwrites its lower bound with each
child's score, low = -score instead of low = max(low, -score) (written for these tests,
in a student's style)."""


def negamax(game, depth, low, high):
    if game.is_over() or depth == 0:
        return game.get_utility(), None
    best, best_move = float("-inf"), None
    for move in game.get_moves():
        game.make_move(move)
        score, _ = negamax(game, depth - 1, -high, -low)
        game.unmake_move(move)
        if -score > best:
            best, best_move = -score, move
        if best >= high:
            break
        low = -score
    return best, best_move
