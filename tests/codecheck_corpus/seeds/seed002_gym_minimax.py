"""The depth-limited search of the seed notebook /work/shared/seeds/002_9b247f9184a74c03.txt
(this project's own notebook: minimax over a gym-style tic-tac-toe environment), re-typed
as written with its two imports (the notebook imports them from a helper module) and
comments shortened. Checked through examples/adapters/gym_env.py by
tests/test_codecheck_seeds.py.
"""

from copy import deepcopy
from random import choice


def max_payoff(env,reward,done,depth):
    # the game ended with the previous player's move
    if done:
        if reward!=0:
            return -1
        else:
            return 0
    # at the depth limit, assume a tie
    if depth==0:
        return 0
    best_payoff=-2
    for m in env.validinputs:
        env_copy=deepcopy(env)
        state,reward,done,info=env_copy.step(m)
        opponent_payoff=max_payoff(env_copy,reward,done,depth-1)
        my_payoff=-opponent_payoff
        if my_payoff>best_payoff:
            best_payoff=my_payoff
    return best_payoff


def minimax(env,depth=3):
    wins=[]
    ties=[]
    losses=[]
    for m in env.validinputs:
        env_copy=deepcopy(env)
        state,reward,done,info=env_copy.step(m)
        # a move that wins right away is taken
        if done and reward!=0:
            return m
        opponent_payoff=max_payoff(env_copy,reward,done,depth)
        my_payoff=-opponent_payoff
        if my_payoff==1:
            wins.append(m)
        elif my_payoff==0:
            ties.append(m)
        else:
            losses.append(m)
    if len(wins)>0:
        return choice(wins)
    elif len(ties)>0:
        return choice(ties)
    return choice(losses)
