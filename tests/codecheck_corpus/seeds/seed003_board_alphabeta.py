"""The alpha-beta search of the seed notebook /work/shared/seeds/003_90cc71217c85e5fe.txt
(this project's own notebook: alpha-beta over a 3x3 tic-tac-toe board of 'x', 'o' and
'e'), re-typed as written, comments shortened. Checked through
examples/adapters/board3x3.py by tests/test_codecheck_seeds.py.
"""

# the coordinates of the best move found
saved=[]

def alphabeta(state,player,alpha,beta):

    # terminal states
    for r in range(len(state)):
        for c in range(len(state[r])):
            # three in a column
            if r+2<len(state) and state[r][c]==state[r+1][c]==state[r+2][c]:
                if state[r][c]=='x':
                    return 10
                elif state[r][c]=='o':
                    return -10
            # three in a row
            if c+2<len(state[r]) and state[r][c]==state[r][c+1]==state[r][c+2]:
                if state[r][c]=='x':
                    return 10
                elif state[r][c]=='o':
                    return -10
            # the main diagonal
            if r+2<len(state) and c+2<len(state[r]) and state[r][c]==state[r+1][c+1]==state[r+2][c+2]:
                if state[r][c]=='x':
                    return 10
                elif state[r][c]=='o':
                    return -10
            # the other diagonal
            if c-2>-1 and r+2<len(state) and state[r][c]==state[r+1][c-1]==state[r+2][c-2]:
                 if state[r][c]=='x':
                    return 10
                 elif state[r][c]=='o':
                    return -10

    # game ending test
    complete=True
    for r in range(len(state)):
         for c in range(len(state[r])):
                if state[r][c]=='e':
                    complete=False

    if complete:
        return 0

    # max player
    if player:
        for r in range(len(state)):
            for c in range(len(state[r])):
                if state[r][c]=='e':
                    newstate=state
                    newstate[r][c]='x'
                    value=alphabeta(newstate,False,alpha,beta)
                    if alpha<value:
                        saved.append((r,c))
                        alpha=value
                    if beta <= alpha:
                        break
        return alpha
    else:# min player
        for r in range(len(state)):
            for c in range(len(state[r])):
                if state[r][c]=='e':
                    newstate=state
                    newstate[r][c]='o'
                    value=alphabeta(newstate,True,alpha,beta)
                    if beta>value:
                        saved.append((r,c))
                        beta=value
                    if beta <= alpha:
                        break
        return beta
