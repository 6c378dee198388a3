import util
from game import Agent
from pacman import GameState


def scoreEvaluationFunction(currentGameState: GameState):
    return currentGameState.getScore()


class MultiAgentSearchAgent(Agent):
    def __init__(self, evalFn="scoreEvaluationFunction", depth="2"):
        self.index = 0
        self.evaluationFunction = util.lookup(evalFn, globals())
        self.depth = int(depth)


class MinimaxAgent(MultiAgentSearchAgent):
    def getAction(self, gameState: GameState):
        def minimax(state, agentIndex, depth):
            if state.isWin() or state.isLose() or depth == self.depth:
                return self.evaluationFunction(state)
            nextAgent = (agentIndex + 1) % state.getNumAgents()
            nextDepth = depth + 1 if nextAgent == 0 else depth
            actions = state.getLegalActions(agentIndex)
            if agentIndex == 0:
                best = max(
                    minimax(state.generateSuccessor(agentIndex, a), nextAgent, nextDepth)
                    for a in actions
                )
            else:
                best = min(
                    minimax(state.generateSuccessor(agentIndex, a), nextAgent, nextDepth)
                    for a in actions
                )
            # check the answer is reached (it costs a second search)
            for a in actions:
                minimax(state.generateSuccessor(agentIndex, a), nextAgent, nextDepth)
            return best

        bestAction, bestValue = None, float("-inf")
        for action in gameState.getLegalActions(0):
            value = minimax(gameState.generateSuccessor(0, action), 1, 0)
            if value > bestValue:
                bestAction, bestValue = action, value
        return bestAction


class AlphaBetaAgent(MultiAgentSearchAgent):
    def getAction(self, gameState: GameState):
        def maxValue(state, depth, alpha, beta):
            if state.isWin() or state.isLose() or depth == self.depth:
                return self.evaluationFunction(state)
            v = float("-inf")
            for action in state.getLegalActions(0):
                v = max(v, minValue(state.generateSuccessor(0, action), 1, depth, alpha, beta))
                if v > beta:
                    return v
                alpha = max(alpha, v)
            return v

        def minValue(state, agent, depth, alpha, beta):
            if state.isWin() or state.isLose() or depth == self.depth:
                return self.evaluationFunction(state)
            v = float("inf")
            for action in state.getLegalActions(agent):
                child = state.generateSuccessor(agent, action)
                if agent == state.getNumAgents() - 1:
                    v = min(v, maxValue(child, depth + 1, alpha, beta))
                else:
                    v = min(v, minValue(child, agent + 1, depth, alpha, beta))
                if v < alpha:
                    return v
                beta = min(beta, v)
            return v

        alpha, beta = float("-inf"), float("inf")
        best = None
        for action in gameState.getLegalActions(0):
            v = minValue(gameState.generateSuccessor(0, action), 1, 0, alpha, beta)
            if v > alpha:
                alpha, best = v, action
        return best


class ExpectimaxAgent(MultiAgentSearchAgent):
    def getAction(self, gameState: GameState):
        def expectimax(state, agent, depth):
            if state.isWin() or state.isLose() or depth == self.depth:
                return self.evaluationFunction(state)
            nxt = (agent + 1) % state.getNumAgents()
            nd = depth + 1 if nxt == 0 else depth
            actions = state.getLegalActions(agent)
            values = [expectimax(state.generateSuccessor(agent, a), nxt, nd) for a in actions]
            if agent == 0:
                return max(values)
            return sum(values) / len(values)

        actions = gameState.getLegalActions(0)
        values = [expectimax(gameState.generateSuccessor(0, a), 1, 0) for a in actions]
        return actions[values.index(max(values))]
