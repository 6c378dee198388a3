"""The search functions of the seed notebook /work/shared/seeds/000_2304a6ec6d6e9770.txt
(this project's own notebook: negamax with iterative deepening over a tic-tac-toe
class), re-typed as written, comments shortened. Checked by
tests/test_codecheck_seeds.py with the commands docs/guides/instructors.md shows.
"""


def negamax(game, depthLeft):
    if game.isOver() or depthLeft == 0:
        return game.getUtility(), None
    bestValue, bestMove = None, None
    for move in game.getMoves():
        game.makeMove(move)
        value, _ = negamax(game, depthLeft-1)
        game.unmakeMove(move)
        if value is None:
            continue
        value = -value
        if bestValue is None or value > bestValue:
            bestValue, bestMove = value, move
    return bestValue, bestMove

def negamaxIDS(game, depthLimit):
    winningValue = game.getWinningValue()
    bestValue, bestMove = None, None
    for depth in range(1, depthLimit + 1):
        bestValue, bestMove = negamax(game, depth)
        if bestValue == winningValue:
            return bestValue, bestMove
    return bestValue, bestMove


def negamaxAB(game, alpha, beta, depthLeft):
    if game.isOver() or depthLeft == 0:
        return game.getUtility(), None
    bestValue, bestMove = None, None
    for move in game.getMoves():
        game.makeMove(move)
        value, _ = negamaxAB(game, -beta, -alpha, depthLeft-1)
        game.unmakeMove(move)
        if value is None:
            continue
        value = -value
        if bestValue is None or value > bestValue:
            bestValue, bestMove = value, move
        if bestValue >= beta:
            return bestValue, bestMove
        alpha = max(bestValue, alpha)
    return bestValue, bestMove

def negamaxIDSab(game, depthLimit):
    alpha, beta = -float('infinity'), float('infinity')
    winningValue = game.getWinningValue()
    bestValue, bestMove = None, None
    for depth in range(1, depthLimit + 1):
        bestValue, bestMove = negamaxAB(game, alpha, beta, depth)
        if bestValue == winningValue:
            return bestValue, bestMove
    return bestValue, bestMove
