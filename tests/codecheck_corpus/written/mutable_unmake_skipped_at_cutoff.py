"""Negamax alpha-beta over a mutable game that returns at a cutoff before taking its
move back (written for these tests, in a student's style)."""


def negamax_ab(game, depth, alpha, beta):
    if game.is_over() or depth == 0:
        return game.get_utility(), None
    best, best_move = float("-inf"), None
    for move in game.get_moves():
        game.make_move(move)
        value = -negamax_ab(game, depth - 1, -beta, -alpha)[0]
        if value > best:
            best, best_move = value, move
        if best >= beta:
            return best, best_move
        game.unmake_move(move)
        alpha = max(alpha, best)
    return best, best_move
