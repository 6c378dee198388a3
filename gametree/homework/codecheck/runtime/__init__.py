"""Code that runs inside the submission's child process: standard library only.

- ``treedata``: a tree as plain data (what the child is given).
- ``recorder``: the log of what the code asked the tree; refusals.
- ``binding``: calling a student's function by its parameter names.
- ``aima``, ``cs188``, ``mutable``, ``plaintree``: the four protocols, each presenting a
  tree as the objects that style of code calls; ``adapted``: a course's own classes,
  presented by an instructor's adapter file.
- ``child``: the child process's main program (limits, loading, one result per tree).
- ``standins``: the ``util``, ``game``, ``pacman`` (CS188) and ``utils`` (aima-python)
  modules a course file imports.

The child loads this package by file path, so it never imports gametree itself.
"""
