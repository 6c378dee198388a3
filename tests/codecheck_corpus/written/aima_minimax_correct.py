"""aima-style minimax decision (written for these tests, in a student's style)."""


def minmax_decision(state, game):
    player = game.to_move(state)

    def max_value(s):
        if game.terminal_test(s):
            return game.utility(s, player)
        return max(min_value(game.result(s, a)) for a in game.actions(s))

    def min_value(s):
        if game.terminal_test(s):
            return game.utility(s, player)
        return min(max_value(game.result(s, a)) for a in game.actions(s))

    return max(game.actions(state), key=lambda a: min_value(game.result(state, a)))
