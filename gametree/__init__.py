"""gametree: explicit game trees as networkx graphs.

Build trees by hand (nested lists, a compact text notation, JSON, DOT, GraphML) or from
game states; search them with minimax, negamax, alpha-beta, PVS and expectiminimax
under the convention your course uses; draw textbook pruning diagrams; check answers.

>>> import gametree
>>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
>>> gametree.alphabeta(G).value
3
"""

from typing import TYPE_CHECKING

from gametree.attrs import CHANCE, MAX, MIN, Player
from gametree.exceptions import (
    AnswerFormatError,
    FitWarning,
    GameError,
    GameTreeError,
    GameTreeWarning,
    InputError,
    InvalidTreeError,
    PlatformError,
    RenderError,
    SearchError,
    TreeFileError,
    TreeSyntaxError,
)
from gametree.lazyimport import lazy_package

if TYPE_CHECKING:
    from gametree import drawing as drawing
    from gametree import homework as homework
    from gametree import notation as notation
    from gametree import randomtrees as randomtrees
    from gametree import readwrite as readwrite
    from gametree import search as search
    from gametree.builders import from_nested, letter_id
    from gametree.drawing import *  # noqa: F403
    from gametree.games.api import *  # noqa: F403
    from gametree.homework import *  # noqa: F403
    from gametree.notation import *  # noqa: F403
    from gametree.outfiles import OutputExistsError
    from gametree.randomtrees import *  # noqa: F403
    from gametree.readwrite import *  # noqa: F403
    from gametree.search import *  # noqa: F403
    from gametree.validation import Problem, find_root, is_game_tree, problems, validate

__version__ = "0.1.0"

_AREAS: dict[str, tuple[str, ...]] = {
    "gametree.randomtrees": ("random_tree",),
    "gametree.notation": (
        "parse",
        "to_notation",
    ),
    "gametree.readwrite": (
        "FORMATS",
        "dump",
        "dumps",
        "load",
        "loads",
    ),
    "gametree.search": (
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
    ),
    "gametree.drawing": (
        "DEFAULT_STYLE",
        "Artists",
        "DiagramView",
        "animate",
        "draw",
        "save",
        "show",
        "to_dot",
        "to_forest",
        "to_html",
        "to_pydot",
        "to_svg",
        "to_text",
        "to_tikz",
        "tree_layout",
        "widget",
    ),
    "gametree.games.api": (
        "Game",
        "GamePlayer",
        "GameSearchResult",
        "MatchResult",
        "adapt",
        "expand",
        "first_open",
        "human",
        "mcts_game",
        "mcts_player",
        "parse_player",
        "play",
        "random_player",
        "search_game",
        "searcher",
        "think_ahead",
    ),
    "gametree.homework": (
        "NODE_TYPE",
        "AnswerItem",
        "AnswerKey",
        "AnswerProblem",
        "Answers",
        "CheckReport",
        "CodeGradeReport",
        "CodeReport",
        "ComparisonRow",
        "Exercise",
        "ExerciseError",
        "Finding",
        "GradeReport",
        "GradeRow",
        "Verdict",
        "check",
        "check_code",
        "compare",
        "explain",
        "explain_lines",
        "format_answers",
        "format_comparison",
        "generate",
        "grade",
        "grade_code",
        "load_answers",
        "minimax_values",
        "node_types",
        "parse_answers",
        "reorder",
    ),
}
"""Each area's public names (its ``__all__``, which tests/test_lazy_imports.py checks
this against), exported at the top level and imported when first read."""

__all__ = [
    "CHANCE",
    "MAX",
    "MIN",
    "AnswerFormatError",
    "FitWarning",
    "GameError",
    "GameTreeError",
    "GameTreeWarning",
    "InputError",
    "InvalidTreeError",
    "OutputExistsError",
    "PlatformError",
    "Player",
    "Problem",
    "RenderError",
    "SearchError",
    "TreeFileError",
    "TreeSyntaxError",
    "find_root",
    "from_nested",
    "is_game_tree",
    "letter_id",
    "problems",
    "validate",
]
for _area, _names in _AREAS.items():
    __all__ += _names
del _area, _names

_SUBPACKAGES = ("drawing", "homework", "notation", "randomtrees", "readwrite", "search")

# ``import gametree`` imports only the attributes and exceptions above; every other
# name (and each subpackage) is imported when first read, so a command or a notebook
# pays for networkx, the searches or the drawing back ends only when it uses them.
lazy_package(
    __name__,
    {
        **{name: area for area, names in _AREAS.items() for name in names},
        **dict.fromkeys(("from_nested", "letter_id"), "gametree.builders"),
        "OutputExistsError": "gametree.outfiles",
        **dict.fromkeys(
            ("Problem", "find_root", "is_game_tree", "problems", "validate"),
            "gametree.validation",
        ),
        **{name: f"gametree.{name}" for name in _SUBPACKAGES},
    },
    _SUBPACKAGES,
)
