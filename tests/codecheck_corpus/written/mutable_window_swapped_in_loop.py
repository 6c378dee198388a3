"""Negamax alpha-beta over a mutable game that negates and swaps its own window inside
the move loop (the line the seed's notebook left commented out), then passes it on as
it is (written for these tests, in a student's style)."""


def negamaxAB(game, alpha, beta, depthLeft):
    if game.isOver() or depthLeft == 0:
        return game.getUtility(), None
    bestValue, bestMove = None, None
    for move in game.getMoves():
        # negate and swap alpha and beta for the opponent
        alpha, beta = -beta, -alpha
        game.makeMove(move)
        value, _ = negamaxAB(game, alpha, beta, depthLeft - 1)
        game.unmakeMove(move)
        value = -value
        if bestValue is None or value > bestValue:
            bestValue, bestMove = value, move
        if bestValue >= beta:
            return bestValue, bestMove
        alpha = max(bestValue, alpha)
    return bestValue, bestMove
