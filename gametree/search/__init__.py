"""Searching game trees: minimax, negamax, alpha-beta, PVS, expectiminimax, Star1/Star2,
MTD(f), SSS*, dual*, aspiration windows, iterative deepening and Monte Carlo tree search.

Every algorithm returns a frozen :class:`SearchResult` and can write what it did onto
the graph (:func:`annotate`); :func:`search_trace` streams the typed events of
:mod:`gametree.search.trace`. The modules, from the entry points down:

=============== ========================================================================
algorithms      every algorithm by name: :func:`solve`, :func:`search_trace`, option checks
unpruned        :func:`minimax`, :func:`negamax`, :func:`expectiminimax`
pruning         :func:`alphabeta`, :func:`negamax_alphabeta`, :func:`pvs`, the conventions
starminimax     :func:`star1`, :func:`star2`: pruning below CHANCE nodes given bounds
mtd             :func:`mtdf`, :func:`sss_star`, :func:`dual_star`: null-window passes
aspiration      :func:`aspiration`: a window around a guess, widened when it fails
deepening       :func:`iterative_deepening`: deeper and deeper, best moves first
mcts            :func:`mcts` on explicit trees, and :func:`ucb1` for exam questions
frontdoor       what the single-pass front doors share: options to a plan, run, annotate
passes          a search made of several engine passes, as one result
mcts_loop       the Monte Carlo loop and its position sources (nodes, or game states)
mcts_result     :class:`MCTSResult`, and how a finished Monte Carlo tree becomes one
mcts_tree       the Monte Carlo tree in flat arrays, and the UCB1 score
engine          the traced core every algorithm runs on: one explicit stack, negamax form
starchance      the engine's Star1/Star2 steps at CHANCE nodes
frames          what the engine keeps per node on its stack
fast            the lean loop for minimax and alpha-beta on trees, no trace
plan            a search request, checked before it runs: Plan, make_plan
rules           each search rule written once: cutoffs, bounds, ties, chance averages
annotate        writing a search onto the graph (:func:`annotate`), and removing it
status          :func:`node_status`, :func:`edge_status`: visited, pruned, unreached
theory          :func:`ebf`, :func:`minimal_tree_leaves`: numbers from the literature
result          :class:`SearchResult` and its parts (:class:`NodeValue`, stats, moves)
trace           the typed trace events (:class:`Enter`, :class:`Cutoff`, ...)
bound           :class:`Bound`: exact, lower or upper, and the loops' codes for it
names           the algorithm names and aliases, and which prune or run Star1/Star2
=============== ========================================================================

This package only re-exports; each module's ``__all__`` says what it makes public.
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
