"""Searching game trees: minimax, negamax, alpha-beta, PVS, expectiminimax, Star1/Star2.

Every algorithm runs on one iterative core (:mod:`gametree.search.engine`), returns a
frozen :class:`SearchResult` and can write what it did onto the graph
(:func:`annotate`). :func:`search_trace` streams the typed events of
:mod:`gametree.search.trace`.
"""

from gametree.search.algorithms import search_trace, solve
from gametree.search.annotate import annotate, clear_annotations
from gametree.search.aspiration import aspiration
from gametree.search.deepening import IterativeDeepeningResult, iterative_deepening
from gametree.search.mcts import MCTSResult, UCB1Scores, mcts, ucb1
from gametree.search.mtd import dual_star, mtdf, sss_star
from gametree.search.names import ALGORITHMS
from gametree.search.passes import MultiPassResult, SearchPass
from gametree.search.pruning import alphabeta, negamax_alphabeta, pvs
from gametree.search.result import Bound, NodeValue, SearchResult, SearchStats
from gametree.search.starminimax import star1, star2
from gametree.search.status import edge_status, node_status, node_statuses
from gametree.search.theory import ebf, minimal_tree_leaves
from gametree.search.trace import (
    ChanceCutoff,
    Cutoff,
    Enter,
    Exit,
    Leaf,
    PassEnd,
    Probe,
    ProbeCutoff,
    ReSearch,
    StarProbe,
    TraceEvent,
    TranspositionHit,
)
from gametree.search.unpruned import expectiminimax, minimax, negamax

__all__ = [
    "ALGORITHMS",
    "Bound",
    "ChanceCutoff",
    "Cutoff",
    "Enter",
    "Exit",
    "IterativeDeepeningResult",
    "Leaf",
    "MCTSResult",
    "MultiPassResult",
    "NodeValue",
    "PassEnd",
    "Probe",
    "ProbeCutoff",
    "ReSearch",
    "SearchPass",
    "SearchResult",
    "SearchStats",
    "StarProbe",
    "TraceEvent",
    "TranspositionHit",
    "UCB1Scores",
    "alphabeta",
    "annotate",
    "aspiration",
    "clear_annotations",
    "dual_star",
    "ebf",
    "edge_status",
    "expectiminimax",
    "iterative_deepening",
    "mcts",
    "minimal_tree_leaves",
    "minimax",
    "mtdf",
    "negamax",
    "negamax_alphabeta",
    "node_status",
    "node_statuses",
    "pvs",
    "search_trace",
    "solve",
    "sss_star",
    "star1",
    "star2",
    "ucb1",
]
