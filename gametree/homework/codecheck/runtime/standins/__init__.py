"""Stand-ins for the modules course files import, written from what their names must do.

The child process puts this folder first on ``sys.path``, so an unmodified CS188
``multiAgents.py`` finds ``util`` (``lookup``, ``raiseNotDefined``, ...), ``game``
(``Agent``, ``Directions``) and ``pacman`` (``GameState``: here a node of the tree), and
a file copied from aima-python finds ``utils``. Nothing here imports gametree.
"""
