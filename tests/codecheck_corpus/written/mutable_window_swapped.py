"""Negamax alpha-beta over a mutable game that forgets to swap the window for the
child: -negamaxAB(game, -alpha, -beta, ...) (written for these tests, in a student's
style)."""


def negamaxAB(game, alpha, beta, depth):
    if game.is_over() or depth == 0:
        return game.get_utility(), None
    best, best_move = None, None
    for move in game.get_moves():
        game.make_move(move)
        value, _ = negamaxAB(game, -alpha, -beta, depth - 1)
        game.unmake_move(move)
        value = -value
        if best is None or value > best:
            best, best_move = value, move
        if best >= beta:
            break
        alpha = max(alpha, best)
    return best, best_move
