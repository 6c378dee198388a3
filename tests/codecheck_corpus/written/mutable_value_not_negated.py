"""Negamax over a mutable game that forgets to negate the child's value (written for
these tests, in a student's style)."""


def negamax(game, depthLeft):
    if game.isOver() or depthLeft == 0:
        return game.getUtility(), None
    bestValue, bestMove = None, None
    for move in game.getMoves():
        game.makeMove(move)
        value, _ = negamax(game, depthLeft - 1)
        game.unmakeMove(move)
        if bestValue is None or value > bestValue:
            bestValue, bestMove = value, move
    return bestValue, bestMove
