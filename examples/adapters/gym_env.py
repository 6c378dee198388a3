"""Adapter: a gym-style environment (seed 002's ``minimax(env, depth)`` and
``max_payoff(env, reward, done, depth)``).

The course's environment offers ``env.validinputs`` (the legal moves) and
``env.step(move) -> (state, reward, done, info)`` (reward +1 once X, MAX, has won,
-1 once O has, else 0); the code looks ahead on ``copy.deepcopy(env)``. It reads only
``done`` and whether ``reward`` is 0, takes a win as the mover's and scores its depth
limit as a draw, so its trees are games of that shape: tic-tac-toe positions
(``gametree expand tictactoe --state ... -o pos.json``).
"""


class Env:
    def __init__(self, node):
        self.node = node

    @property
    def validinputs(self):
        return self.node.moves

    def step(self, move):
        child = self.node.child(move)
        if child is None:
            raise ValueError(f"step({move!r}): not one of validinputs {self.node.moves}")
        self.node, done = child, child.is_leaf()
        return child.name, child.value if done else 0, done, {}

    def __deepcopy__(self, memo):
        return Env(self.node)


def presentable(tree, entry_name):
    if tree.depth is not None:
        return "the code scores its depth limit as a draw: it reads no heuristic value"
    for node in tree.ply:
        above = tree.parent.get(node)
        if tree.player(node) is not None and tree.player(node) == (
            tree.player(above) if above else None
        ):
            return f"two {tree.player(node)} levels follow each other at {node}"
        win = {"MAX": 1, "MIN": -1}.get(tree.player(above) if above else "")
        if tree.is_leaf(node) and tree.value(node) not in (0, win):
            return f"leaf {node} is worth {tree.value(node)}: a draw (0) or a win for its mover"
    return None


def call(entry, root, tree, module):
    code = entry.__code__
    if "reward" in code.co_varnames[: code.co_argcount]:  # max_payoff: the mover's payoff
        return entry(Env(root), 0, False, tree.height())
    return entry(Env(root), depth=tree.height())
