"""Student-style search code for the check-code tests, one source text per submission.

Each text is a whole file as a student would hand it in (the CS188 ones import util,
game and pacman; the aima ones follow aima-python's games module). ``CORRECT`` lists
right implementations, ``BUGGY`` maps each catalogued bug code to code with that bug.
Entries are ``(protocol, algorithm, entry, source, prune_on_equal)``; prune_on_equal
pins the course's rule where the bug is only a bug under one (None: any).
"""

from __future__ import annotations

from pathlib import Path

AIMA = """
import math


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


def alpha_beta_search(state, game):
    player = game.to_move(state)

    def max_value(s, alpha, beta):
        if game.terminal_test(s):
            return game.utility(s, player)
        v = -math.inf
        for a in game.actions(s):
            v = max(v, min_value(game.result(s, a), alpha, beta))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s, alpha, beta):
        if game.terminal_test(s):
            return game.utility(s, player)
        v = math.inf
        for a in game.actions(s):
            v = min(v, max_value(game.result(s, a), alpha, beta))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    best_score, best_action = -math.inf, None
    for a in game.actions(state):
        v = min_value(game.result(state, a), best_score, math.inf)
        if v > best_score:
            best_score, best_action = v, a
    return best_action


def alpha_beta_cutoff_search(state, game, d=4, cutoff_test=None, eval_fn=None):
    player = game.to_move(state)

    def max_value(s, alpha, beta, depth):
        if cutoff_test(s, depth):
            return eval_fn(s)
        v = -math.inf
        for a in game.actions(s):
            v = max(v, min_value(game.result(s, a), alpha, beta, depth + 1))
            if v >= beta:
                return v
            alpha = max(alpha, v)
        return v

    def min_value(s, alpha, beta, depth):
        if cutoff_test(s, depth):
            return eval_fn(s)
        v = math.inf
        for a in game.actions(s):
            v = min(v, max_value(game.result(s, a), alpha, beta, depth + 1))
            if v <= alpha:
                return v
            beta = min(beta, v)
        return v

    cutoff_test = cutoff_test or (lambda s, depth: depth > d or game.terminal_test(s))
    eval_fn = eval_fn or (lambda s: game.utility(s, player))
    best_score, best_action = -math.inf, None
    for a in game.actions(state):
        v = min_value(game.result(state, a), best_score, math.inf, 1)
        if v > best_score:
            best_score, best_action = v, a
    return best_action


def expect_minmax(state, game):
    player = game.to_move(state)

    def value(s):
        if game.terminal_test(s):
            return game.utility(s, player)
        if game.to_move(s) == "CHANCE":
            return sum(game.probability(c) * value(game.outcome(s, c)) for c in game.chances(s))
        values = [value(game.result(s, a)) for a in game.actions(s)]
        return max(values) if game.to_move(s) == player else min(values)

    return max(game.actions(state), key=lambda a: value(game.result(state, a)))
"""


def aima_variant(old: str, new: str, name: str) -> str:
    """AIMA's file with one line changed and the function renamed ``name``."""
    assert old in AIMA, old
    body = AIMA.replace(old, new)
    return (
        body.replace("def alpha_beta_search(", f"def {name}(")
        .replace("def minmax_decision(", f"def {name}(", 1 if name.startswith("mm_") else 0)
        .replace(
            "def alpha_beta_cutoff_search(", f"def {name}(", 1 if name.startswith("cut_") else 0
        )
    )


CS188_HEAD = """
from util import manhattanDistance
from game import Directions
import random, util

from game import Agent
from pacman import GameState


def scoreEvaluationFunction(currentGameState: GameState):
    return currentGameState.getScore()


class MultiAgentSearchAgent(Agent):
    def __init__(self, evalFn="scoreEvaluationFunction", depth="2"):
        self.index = 0
        self.evaluationFunction = util.lookup(evalFn, globals())
        self.depth = int(depth)
"""

CS188 = (
    CS188_HEAD
    + """

class MinimaxAgent(MultiAgentSearchAgent):
    def getAction(self, gameState: GameState):
        def value(state, agent, depth):
            if state.isWin() or state.isLose() or depth == self.depth:
                return self.evaluationFunction(state)
            nxt = (agent + 1) % state.getNumAgents()
            nd = depth + 1 if nxt == 0 else depth
            scores = [value(state.generateSuccessor(agent, a), nxt, nd)
                      for a in state.getLegalActions(agent)]
            return max(scores) if agent == 0 else min(scores)

        best, best_score = Directions.STOP, float("-inf")
        for action in gameState.getLegalActions(0):
            score = value(gameState.generateSuccessor(0, action), 1, 0)
            if score > best_score:
                best, best_score = action, score
        return best


class AlphaBetaAgent(MultiAgentSearchAgent):
    def getAction(self, gameState: GameState):
        def value(state, agent, depth, alpha, beta):
            if state.isWin() or state.isLose() or depth == self.depth:
                return self.evaluationFunction(state)
            nxt = (agent + 1) % state.getNumAgents()
            nd = depth + 1 if nxt == 0 else depth
            if agent == 0:
                v = float("-inf")
                for a in state.getLegalActions(agent):
                    v = max(v, value(state.generateSuccessor(agent, a), nxt, nd, alpha, beta))
                    if v > beta:
                        return v
                    alpha = max(alpha, v)
                return v
            v = float("inf")
            for a in state.getLegalActions(agent):
                v = min(v, value(state.generateSuccessor(agent, a), nxt, nd, alpha, beta))
                if v < alpha:
                    return v
                beta = min(beta, v)
            return v

        alpha, best = float("-inf"), None
        for action in gameState.getLegalActions(0):
            v = value(gameState.generateSuccessor(0, action), 1, 0, alpha, float("inf"))
            if v > alpha:
                alpha, best = v, action
        return best


class ExpectimaxAgent(MultiAgentSearchAgent):
    def getAction(self, gameState: GameState):
        def value(state, agent, depth):
            if state.isWin() or state.isLose() or depth == self.depth:
                return self.evaluationFunction(state)
            nxt = (agent + 1) % state.getNumAgents()
            nd = depth + 1 if nxt == 0 else depth
            actions = state.getLegalActions(agent)
            scores = [value(state.generateSuccessor(agent, a), nxt, nd) for a in actions]
            if agent == 0:
                return max(scores)
            return sum(scores) / len(actions)

        actions = gameState.getLegalActions(0)
        scores = [value(gameState.generateSuccessor(0, a), 1, 0) for a in actions]
        return actions[scores.index(max(scores))]
"""
)


def cs188_variant(old: str, new: str) -> str:
    assert old in CS188, old
    return CS188.replace(old, new)


MUTABLE = """
inf = float("infinity")


def negamax(game, depth_left):
    if game.is_over() or depth_left == 0:
        return game.get_utility(), None
    best_value, best_move = -inf, None
    for move in game.get_moves():
        game.make_move(move)
        value, _ = negamax(game, depth_left - 1)
        value = -value
        game.unmake_move(move)
        if value > best_value:
            best_value, best_move = value, move
    return best_value, best_move


def negamaxAB(game, alpha, beta, depthLeft):
    if game.isOver() or depthLeft == 0:
        return game.getUtility(), None
    bestValue, bestMove = None, None
    for move in game.getMoves():
        game.makeMove(move)
        value, _ = negamaxAB(game, -beta, -alpha, depthLeft - 1)
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
"""


def mutable_variant(old: str, new: str) -> str:
    assert old in MUTABLE, old
    return MUTABLE.replace(old, new)


TREE = '''
import math


def minimax(node):
    if not node.children:
        return node.value
    values = [minimax(child) for child in node.children]
    return max(values) if node.player == "MAX" else min(values)


def alphabeta(node, alpha, beta):
    if not node.children:
        return node.value
    if node.player == "MAX":
        best = -math.inf
        for child in node.children:
            best = max(best, alphabeta(child, alpha, beta))
            if best >= beta:
                break
            alpha = max(alpha, best)
        return best
    best = math.inf
    for child in node.children:
        best = min(best, alphabeta(child, alpha, beta))
        if best <= alpha:
            break
        beta = min(beta, best)
    return best


def alphabeta_strict(node, alpha, beta):
    if not node.children:
        return node.value
    if node.player == "MAX":
        best = -math.inf
        for child in node.children:
            best = max(best, alphabeta_strict(child, alpha, beta))
            if best > beta:
                break
            alpha = max(alpha, best)
        return best
    best = math.inf
    for child in node.children:
        best = min(best, alphabeta_strict(child, alpha, beta))
        if best < alpha:
            break
        beta = min(beta, best)
    return best


def alphabeta_hard(node, alpha, beta):
    """Fail-hard, as course notes write it: return alpha or beta themselves."""
    if not node.children:
        return node.value
    if node.player == "MAX":
        for child in node.children:
            score = alphabeta_hard(child, alpha, beta)
            if score >= beta:
                return beta
            if score > alpha:
                alpha = score
        return alpha
    for child in node.children:
        score = alphabeta_hard(child, alpha, beta)
        if score <= alpha:
            return alpha
        if score < beta:
            beta = score
    return beta


def best_move(node, depth):
    """(value, child) with a depth limit: values at the limit are heuristic."""
    if not node.children or depth == 0:
        return node.value, None
    best, chosen = None, None
    for child in node.children:
        value, _ = best_move(child, depth - 1)
        better = best is None or (value > best if node.player == "MAX" else value < best)
        if better:
            best, chosen = value, child
    return best, chosen


def expectimax(node):
    if not node.children:
        return node.value
    values = [expectimax(child) for child in node.children]
    if node.player == "CHANCE":
        return sum(child.probability * v for child, v in zip(node.children, values))
    return max(values) if node.player == "MAX" else min(values)
'''


def tree_variant(old: str, new: str, count: int = 1) -> str:
    assert old in TREE, old
    return TREE.replace(old, new, count)


AIMA_STRICT = AIMA.replace("if v >= beta:", "if v > beta:").replace(
    "if v <= alpha:", "if v < alpha:"
)
AIMA_HARD = AIMA.replace(
    "            if v >= beta:\n                return v\n            alpha = max(alpha, v)\n        return v",  # noqa: E501
    "            if v >= beta:\n                return beta\n            alpha = max(alpha, v)\n        return alpha",  # noqa: E501
    1,
).replace(
    "            if v <= alpha:\n                return v\n            beta = min(beta, v)\n        return v",  # noqa: E501
    "            if v <= alpha:\n                return alpha\n            beta = min(beta, v)\n        return beta",  # noqa: E501
    1,
)
CS188_GE = CS188.replace("if v > beta:", "if v >= beta:").replace("if v < alpha:", "if v <= alpha:")
CS188_HARD = CS188_GE.replace(
    "                    if v >= beta:\n                        return v\n                    alpha = max(alpha, v)\n                return v",  # noqa: E501
    "                    if v >= beta:\n                        return beta\n                    alpha = max(alpha, v)\n                return alpha",  # noqa: E501
).replace(
    "                if v <= alpha:\n                    return v\n                beta = min(beta, v)\n            return v",  # noqa: E501
    "                if v <= alpha:\n                    return alpha\n                beta = min(beta, v)\n            return beta",  # noqa: E501
)
MUTABLE_STRICT = MUTABLE.replace("if bestValue >= beta:", "if bestValue > beta:")
MUTABLE_HARD = MUTABLE.replace(
    "        if bestValue >= beta:\n            return bestValue, bestMove\n        alpha = max(bestValue, alpha)\n    return bestValue, bestMove",  # noqa: E501
    "        if bestValue >= beta:\n            return beta, bestMove\n        alpha = max(bestValue, alpha)\n    return alpha, bestMove",  # noqa: E501
)

CORRECT = [
    ("aima", "minimax", "minmax_decision", AIMA, None),
    ("aima", "alphabeta", "alpha_beta_search", AIMA, True),
    ("aima", "alphabeta", "alpha_beta_cutoff_search", AIMA, True),
    ("aima", "alphabeta", "alpha_beta_search", AIMA_STRICT, False),
    ("aima", "alphabeta", "alpha_beta_cutoff_search", AIMA_STRICT, False),
    ("aima", "alphabeta", "alpha_beta_search", AIMA_HARD, True),
    ("aima", "expectiminimax", "expect_minmax", AIMA, None),
    ("cs188", "minimax", "MinimaxAgent", CS188, None),
    ("cs188", "alphabeta", "AlphaBetaAgent", CS188, False),
    ("cs188", "alphabeta", "AlphaBetaAgent", CS188_GE, True),
    ("cs188", "alphabeta", "AlphaBetaAgent", CS188_HARD, True),
    ("cs188", "expectiminimax", "ExpectimaxAgent", CS188, None),
    ("mutable", "minimax", "negamax", MUTABLE, None),
    ("mutable", "alphabeta", "negamaxAB", MUTABLE, True),
    ("mutable", "alphabeta", "negamaxAB", MUTABLE_STRICT, False),
    ("mutable", "alphabeta", "negamaxAB", MUTABLE_HARD, True),
    ("tree", "minimax", "minimax", TREE, None),
    ("tree", "minimax", "best_move", TREE, None),
    ("tree", "alphabeta", "alphabeta", TREE, True),
    ("tree", "alphabeta", "alphabeta_strict", TREE, False),
    ("tree", "alphabeta", "alphabeta_hard", TREE, True),
    ("tree", "expectiminimax", "expectimax", TREE, None),
]
"""Right code: each passes the whole suite (the last field is the rule it follows). The
fail-hard forms return alpha or beta themselves; with cutting on > that textbook loop
is the catalogued ``fail-hard-strict`` (gametree's fail-hard decides on the value a
child found, so the two cut at different places: README, Conventions)."""

BUGGY = {
    "no-pruning": (
        "tree",
        "alphabeta",
        "alphabeta",
        tree_variant("            if best >= beta:\n                break\n", "").replace(
            "        if best <= alpha:\n            break\n", ""
        ),
        None,
    ),
    "prunes-on-equal": ("tree", "alphabeta", "alphabeta", TREE, False),
    "misses-equal-cutoff": ("tree", "alphabeta", "alphabeta_strict", TREE, True),
    "window-not-passed": (
        "tree",
        "alphabeta",
        "alphabeta",
        tree_variant(
            "best = max(best, alphabeta(child, alpha, beta))",
            "best = max(best, alphabeta(child, best, math.inf))",
        ).replace(
            "best = min(best, alphabeta(child, alpha, beta))",
            "best = min(best, alphabeta(child, -math.inf, best))",
        ),
        None,
    ),
    "one-sided-pruning": (
        "aima",
        "alphabeta",
        "alpha_beta_search",
        AIMA.replace("            if v >= beta:\n                return v\n", "", 1),
        None,
    ),
    "bounds-swapped": (
        "aima",
        "alphabeta",
        "alpha_beta_search",
        AIMA.replace(
            "            if v >= beta:\n"
            "                return v\n"
            "            alpha = max(alpha, v)",
            "            if v <= alpha:\n                return v\n            beta = min(beta, v)",
            1,
        ),
        None,
    ),
    "tie-break-last": (
        "cs188",
        "minimax",
        "MinimaxAgent",
        cs188_variant("            if score > best_score:", "            if score >= best_score:"),
        None,
    ),
    "depth-per-agent": (
        "cs188",
        "minimax",
        "MinimaxAgent",
        cs188_variant(
            "            nd = depth + 1 if nxt == 0 else depth\n            scores = [value(",
            "            nd = depth + 1\n            scores = [value(",
        ),
        None,
    ),
    "ghosts-alternate": (
        "cs188",
        "minimax",
        "MinimaxAgent",
        cs188_variant(
            "            nxt = (agent + 1) % state.getNumAgents()\n"
            "            nd = depth + 1 if nxt == 0 else depth\n"
            "            scores",
            "            nxt = 0 if agent > 0 else 1\n"
            "            nd = depth + 1 if nxt == 0 else depth\n"
            "            scores",
        ),
        None,
    ),
    "chance-not-averaged": (
        "tree",
        "expectiminimax",
        "expectimax",
        tree_variant(
            "        return sum(child.probability * v for child, v in zip(node.children, values))",
            "        return min(values)",
        ),
        None,
    ),
    "chance-unweighted": (
        "tree",
        "expectiminimax",
        "expectimax",
        tree_variant(
            "        return sum(child.probability * v for child, v in zip(node.children, values))",
            "        return sum(values) / len(values)",
        ),
        None,
    ),
    "chance-divided-twice": (
        "aima",
        "expectiminimax",
        "expect_minmax",
        AIMA.replace(
            "            return sum(game.probability(c) * value(game.outcome(s, c)) for c in game.chances(s))",  # noqa: E501
            "            chances = game.chances(s)\n"
            "            total = sum(game.probability(c) * value(game.outcome(s, c)) for c in chances)\n"  # noqa: E501
            "            return total / len(chances)",
        ),
        None,
    ),
    "outcome-chained": (
        "aima",
        "expectiminimax",
        "expect_minmax",
        AIMA.replace(
            "            return sum(game.probability(c) * value(game.outcome(s, c)) for c in game.chances(s))",  # noqa: E501
            "            total = 0\n"
            "            for c in game.chances(s):\n"
            "                s = game.outcome(s, c)\n"
            "                total += game.probability(c) * value(s)\n"
            "            return total",
        ),
        None,
    ),
    "negamax-sign": (
        "mutable",
        "minimax",
        "negamax",
        mutable_variant(
            "        value = -value\n        game.unmake_move(move)",
            "        game.unmake_move(move)",
        ),
        None,
    ),
    "utility-wrong-view": (
        "aima",
        "minimax",
        "minmax_decision",
        AIMA.replace(
            "            return game.utility(s, player)\n        return max(min_value",
            "            return game.utility(s, game.to_move(s))\n        return max(min_value",
        ).replace(
            "            return game.utility(s, player)\n        return min(max_value",
            "            return game.utility(s, game.to_move(s))\n        return min(max_value",
        ),
        None,
    ),
    "state-not-restored": (
        "mutable",
        "alphabeta",
        "negamaxAB",
        mutable_variant(
            "        value, _ = negamaxAB(game, -beta, -alpha, depthLeft - 1)\n"
            "        game.unmakeMove(move)\n"
            "        if value is None:\n"
            "            continue\n"
            "        value = -value\n"
            "        if bestValue is None or value > bestValue:\n"
            "            bestValue, bestMove = value, move\n"
            "        if bestValue >= beta:\n"
            "            return bestValue, bestMove",
            "        value, _ = negamaxAB(game, -beta, -alpha, depthLeft - 1)\n"
            "        if value is None:\n"
            "            continue\n"
            "        value = -value\n"
            "        if bestValue is None or value > bestValue:\n"
            "            bestValue, bestMove = value, move\n"
            "        if bestValue >= beta:\n"
            "            return bestValue, bestMove\n"
            "        game.unmakeMove(move)",
        ),
        None,
    ),
    "mixed-cutoff-rules": (
        "tree",
        "alphabeta",
        "alphabeta",
        tree_variant(
            "        if best <= alpha:\n            break",
            "        if best < alpha:\n            break",
        ),
        None,
    ),
    "fail-hard-strict": (
        "tree",
        "alphabeta",
        "alphabeta_hard",
        tree_variant("            if score >= beta:", "            if score > beta:").replace(
            "        if score <= alpha:", "        if score < alpha:"
        ),
        None,
    ),
    "root-alpha-not-updated": (
        "cs188",
        "alphabeta",
        "AlphaBetaAgent",
        cs188_variant(
            '            v = value(gameState.generateSuccessor(0, action), 1, 0, alpha, float("inf"))\n            if v > alpha:\n                alpha, best = v, action',  # noqa: E501
            '            v = value(gameState.generateSuccessor(0, action), 1, 0, float("-inf"), float("inf"))\n            if v > alpha:\n                alpha, best = v, action',  # noqa: E501
        ),
        None,
    ),
    "generates-all-successors": (
        "cs188",
        "alphabeta",
        "AlphaBetaAgent",
        cs188_variant(
            '            v = float("inf")\n            for a in state.getLegalActions(agent):\n                v = min(v, value(state.generateSuccessor(agent, a), nxt, nd, alpha, beta))',  # noqa: E501
            '            v = float("inf")\n            successors = [state.generateSuccessor(agent, a) for a in state.getLegalActions(agent)]\n            for child in successors:\n                v = min(v, value(child, nxt, nd, alpha, beta))',  # noqa: E501
        ),
        None,
    ),
    "depth-off-by-one": (
        "aima",
        "alphabeta",
        "alpha_beta_cutoff_search",
        AIMA.replace("lambda s, depth: depth > d or", "lambda s, depth: depth >= d or"),
        None,
    ),
}
"""Code with each catalogued bug, as a student would write it: ``code -> submission``."""

# --- bugs named from real non-CS188 code: the written corpus's files ----------------------

_CORPUS = Path(__file__).parent / "codecheck_corpus" / "written"
BUGGY.update(
    {
        code: (protocol, algorithm, entry, (_CORPUS / name).read_text(), None)
        for code, protocol, algorithm, entry, name in (
            (
                "best-move-overwritten",
                "tree",
                "minimax",
                "minimax",
                "tree_best_move_overwritten.py",
            ),
            ("window-swapped", "mutable", "alphabeta", "negamaxAB", "mutable_window_swapped.py"),
            (
                "bound-overwritten",
                "mutable",
                "alphabeta",
                "negamax",
                "mutable_bound_overwritten.py",
            ),
            ("colour-not-flipped", "tree", "minimax", "negamax", "tree_colour_not_flipped.py"),
            ("evaluation-negated", "tree", "alphabeta", "alphabeta", "tree_evaluation_negated.py"),
            ("zero-as-no-value", "tree", "minimax", "minimax", "tree_zero_as_no_value.py"),
        )
    }
)

# --- issue 34 (h34-courses): the CS188 codes added with the course profiles ----------

ROOT_UNCHECKED = cs188_variant(
    """        best, best_score = Directions.STOP, float("-inf")
        for action in gameState.getLegalActions(0):
            score = value(gameState.generateSuccessor(0, action), 1, 0)""",
    """        def min_value(state, agent, depth):
            v = float("inf")
            nxt = (agent + 1) % state.getNumAgents()
            nd = depth + 1 if nxt == 0 else depth
            for a in state.getLegalActions(agent):
                v = min(v, value(state.generateSuccessor(agent, a), nxt, nd))
            return v

        best, best_score = Directions.STOP, float("-inf")
        for action in gameState.getLegalActions(0):
            score = min_value(gameState.generateSuccessor(0, action), 1, 0)""",
)

BUGGY.update(
    {
        "chance-summed": (
            "cs188",
            "expectiminimax",
            "ExpectimaxAgent",
            cs188_variant("return sum(scores) / len(actions)", "return sum(scores)"),
            None,
        ),
        "chance-misdivided": (
            "cs188",
            "expectiminimax",
            "ExpectimaxAgent",
            cs188_variant("return sum(scores) / len(actions)", "return sum(scores) / agent"),
            None,
        ),
        "tie-break-by-name": (
            "cs188",
            "minimax",
            "MinimaxAgent",
            cs188_variant(
                """        best, best_score = Directions.STOP, float("-inf")
        for action in gameState.getLegalActions(0):
            score = value(gameState.generateSuccessor(0, action), 1, 0)
            if score > best_score:
                best, best_score = action, score
        return best""",
                """        return max((value(gameState.generateSuccessor(0, a), 1, 0), a)
                   for a in gameState.getLegalActions(0))[1]""",
            ),
            None,
        ),
        "root-terminal-unchecked": ("cs188", "minimax", "MinimaxAgent", ROOT_UNCHECKED, None),
        "depth-twice-per-round": (
            "cs188",
            "minimax",
            "MinimaxAgent",
            cs188_variant(
                "            nd = depth + 1 if nxt == 0 else depth\n            scores = [value(",
                "            nd = depth + 1 if nxt == 0 or agent == 0 else depth\n"
                "            scores = [value(",
            ),
            None,
        ),
    }
)

BUGGY["depth-in-loop"] = (
    "cs188",
    "minimax",
    "MinimaxAgent",
    cs188_variant(
        "            nd = depth + 1 if nxt == 0 else depth\n"
        "            scores = [value(state.generateSuccessor(agent, a), nxt, nd)\n"
        "                      for a in state.getLegalActions(agent)]\n",
        "            scores = []\n"
        "            for a in state.getLegalActions(agent):\n"
        "                if nxt == 0:\n"
        "                    depth += 1\n"
        "                scores.append(value(state.generateSuccessor(agent, a), nxt, depth))\n",
    ),
    None,
)
