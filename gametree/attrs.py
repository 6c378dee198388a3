"""The attribute contract: what a game tree is, as a :class:`networkx.DiGraph`.

A game tree is a ``networkx.DiGraph``.

Graph attributes
    ``G.graph["root"]`` (:data:`ROOT`) names the root. When it is absent, the unique
    node without parents is the root.

Node attributes
    ``player`` (:data:`PLAYER`)
        ``"MAX"``, ``"MIN"`` or ``"CHANCE"`` (the :class:`Player` members compare equal to
        these strings). Required on internal nodes, optional on leaves.
    ``value`` (:data:`VALUE`)
        A real number from MAX's point of view (``int``, ``float`` or an exact
        ``fractions.Fraction``; ``inf`` and ``-inf`` allowed; NaN, ``bool`` and strings
        rejected). Required on every leaf. On an
        internal node it is the heuristic estimate a depth-limited search uses when it
        stops there.
    ``label`` (:data:`LABEL`)
        Display text; defaults to the node id. A leaf is drawn with its value.
    ``frontier`` (:data:`FRONTIER`)
        ``True`` on a leaf whose subtree was never generated: a game move that a search
        skipped at a cutoff (:func:`gametree.search_game`). Such a leaf needs no
        ``value``; a search that reaches it without one raises ``InvalidTreeError``
        A leaf carrying ``visits`` (an MCTS statistics tree, see below) needs no
        ``value`` either.
    ``bounds`` (:data:`BOUNDS`)
        A pair ``(lo, hi)`` of numbers, ``lo <= hi`` (``-inf``/``inf`` allowed): every
        value in the node's subtree (its own ``value``, its leaves' values, heuristic
        values below it) lies within. Star1/Star2 (:func:`gametree.star1`) prune below
        CHANCE nodes with it; on a CHANCE node it says "its outcomes are worth between
        lo and hi". Where several apply (an ancestor's, the search's ``bounds=``) all
        hold: the search uses their intersection. Read as a tuple; a list is accepted.
    ``cells`` (:data:`CELLS`)
        The position as a board: rows of cell texts, top row first. Drawings show such
        a node as a small grid (:mod:`gametree.drawing.boards`), as they do a node whose
        ``label`` is a multi-line string of equal-length rows.

Edge attributes
    ``move`` (:data:`MOVE`)
        Display label of the move.
    ``prob`` (:data:`PROB`)
        Probability of the outcome, only on edges out of a CHANCE node. When every edge
        out of a chance node lacks it the outcomes are equally likely; otherwise all must
        carry it, none negative, summing to 1 within ``1e-9``.

Child order is the order of ``G.succ[u]`` (insertion order) and every search uses it.
A node may have several parents (a DAG: transpositions); cycles are rejected.

Search annotations (written by ``annotate=True`` or :func:`gametree.annotate`)
    Only what the search touched is written, so annotating costs what the search cost.
    Node ``status`` (:data:`STATUS`): ``"visited"`` (entered) or ``"pruned"`` (a child
    skipped at a cutoff); ``search_value``, ``bound`` (``"exact"``, ``"lower"``,
    ``"upper"``), ``alpha`` and ``beta`` at exit (MAX's point of view), ``visit``
    (1-based order of first entry) on visited nodes. Edge ``status`` ``"visited"`` (gone
    down) or ``"pruned"`` (skipped at a cutoff) and ``pv=True`` along the principal
    variation. ``G.graph["search"]`` holds the algorithm name and its options. Every
    other node and edge below the searched root is ``"unreached"`` (below a pruned node,
    the depth limit or a transposition-table hit; a DAG edge not taken): that status is
    never written but derived by :func:`gametree.node_status` and
    :func:`gametree.edge_status`, which every reader uses. A new annotation first
    removes exactly what the previous one wrote. The input attributes ``value`` and
    ``player`` are never overwritten.

Monte Carlo tree search annotations (:func:`gametree.mcts`)
    The nodes MCTS added to its tree are ``"visited"`` with ``visits`` (:data:`VISITS`,
    N: the iterations through the node), ``total`` (:data:`TOTAL`: the sum of their
    playout values, MAX's point of view; the mean is ``total / visits``),
    ``search_value`` (that mean) and, with the solver, ``proven`` (:data:`PROVEN`, the
    proven value). Edges MCTS went down are ``"visited"`` with ``visits``; ``pv=True``
    marks the path of most visited children from the root, whose first edge is the
    chosen move. Nodes never added are ``"unreached"`` (derived, as above). ``visits``
    and ``total`` written by hand (an exam's statistics tree) are what
    :func:`gametree.ucb1` reads.

Examples
--------
>>> import gametree
>>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> G.graph["root"], G.nodes["A"]["player"], G.nodes["B"]["player"]
('A', 'MAX', 'MIN')
>>> G.nodes["E"]["value"]
3
"""

from __future__ import annotations

from enum import Enum

__all__ = [
    "ALPHA",
    "ANNOTATION_EDGE_ATTRS",
    "ANNOTATION_NODE_ATTRS",
    "BETA",
    "BOUND",
    "BOUNDS",
    "CELLS",
    "CHANCE",
    "CUTOFF",
    "FRONTIER",
    "LABEL",
    "MAX",
    "MIN",
    "MOVE",
    "NODE_TYPE",
    "PLAYER",
    "PROB",
    "PROVEN",
    "PRUNED",
    "PV",
    "ROOT",
    "SEARCH",
    "SEARCH_VALUE",
    "STATE",
    "STATUS",
    "TOTAL",
    "UNREACHED",
    "VALUE",
    "VISIT",
    "VISITED",
    "VISITS",
    "Player",
]

# Graph attribute.
ROOT = "root"
SEARCH = "search"

# Input node attributes.
PLAYER = "player"
VALUE = "value"
LABEL = "label"
STATE = "state"
CUTOFF = "cutoff"
FRONTIER = "frontier"
CELLS = "cells"
BOUNDS = "bounds"

# Input edge attributes.
MOVE = "move"
PROB = "prob"

# Annotation attributes (nodes and edges).
STATUS = "status"
SEARCH_VALUE = "search_value"
BOUND = "bound"
ALPHA = "alpha"
BETA = "beta"
VISIT = "visit"
PV = "pv"
VISITS = "visits"
"""Monte Carlo tree search: iterations through a node (or down an edge)."""
TOTAL = "total"
"""Monte Carlo tree search: the sum of a node's playout values, MAX's point of view."""
PROVEN = "proven"
"""MCTS-Solver: a node's proven value."""
NODE_TYPE = "node_type"
"""Knuth and Moore's node type, ``"PV"``, ``"CUT"`` or ``"ALL"`` (:func:`gametree.node_types`)."""

# Values of STATUS.
VISITED = "visited"
PRUNED = "pruned"
UNREACHED = "unreached"
"""Derived, never written by a search: see :func:`gametree.node_status`."""

ANNOTATION_NODE_ATTRS = (
    STATUS,
    SEARCH_VALUE,
    BOUND,
    ALPHA,
    BETA,
    VISIT,
    NODE_TYPE,
    VISITS,
    TOTAL,
    PROVEN,
)
ANNOTATION_EDGE_ATTRS = (STATUS, PV, VISITS)


class Player(str, Enum):
    """Who chooses at a node.

    Members are ``str`` subclasses, so ``Player.MAX == "MAX"`` and a graph may store
    either the member or the plain string.
    """

    MAX = "MAX"
    """The maximiser: picks the child with the largest value."""

    MIN = "MIN"
    """The minimiser: picks the child with the smallest value."""

    CHANCE = "CHANCE"
    """Nature: the value is the probability-weighted average of the children."""

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"gametree.{self.name}"

    @property
    def sign(self) -> int:
        """``+1`` for MAX, ``-1`` for MIN, ``0`` for CHANCE (the negamax colour)."""
        return {"MAX": 1, "MIN": -1, "CHANCE": 0}[self.value]

    @classmethod
    def parse(cls, text: object) -> Player:
        """Return the member named by ``text`` (case-insensitive), or raise ``ValueError``.

        >>> Player.parse("min")
        gametree.MIN
        """
        if isinstance(text, Player):
            return text
        if isinstance(text, str):
            try:
                return cls(text.strip().upper())
            except ValueError:
                pass
        allowed = ", ".join(repr(p.value) for p in cls)
        raise ValueError(f"unknown player {text!r}; expected one of {allowed}")


MAX = Player.MAX
"""The maximiser, :attr:`Player.MAX`: the value of ``player`` on a MAX node."""
MIN = Player.MIN
"""The minimiser, :attr:`Player.MIN`: the value of ``player`` on a MIN node."""
CHANCE = Player.CHANCE
"""Nature, :attr:`Player.CHANCE`: the value of ``player`` on a CHANCE node."""
