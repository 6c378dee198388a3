"""aima-style minimax that asks for each leaf's utility from the view of the player to
move there (written for these tests, in a student's style)."""


def minmax_decision(state, game):
    def max_value(s):
        if game.terminal_test(s):
            return game.utility(s, game.to_move(s))
        return max(min_value(game.result(s, a)) for a in game.actions(s))

    def min_value(s):
        if game.terminal_test(s):
            return game.utility(s, game.to_move(s))
        return min(max_value(game.result(s, a)) for a in game.actions(s))

    return max(game.actions(state), key=lambda a: min_value(game.result(state, a)))
