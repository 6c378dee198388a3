"""gametree: explicit game trees as networkx graphs.

Build trees by hand (nested lists, a compact text notation, JSON, DOT, GraphML) or from
game states; search them with minimax, negamax, alpha-beta, PVS and expectiminimax
under the convention your course uses; draw textbook pruning diagrams; check answers.

>>> import gametree
>>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
>>> gametree.alphabeta(G).value
3
"""

from gametree import drawing, homework, notation, randomtrees, readwrite, search
from gametree.attrs import CHANCE, MAX, MIN, Player
from gametree.builders import from_nested, letter_id
from gametree.drawing import *  # noqa: F403
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
from gametree.games import api as _games_api
from gametree.games.api import *  # noqa: F403
from gametree.homework import *  # noqa: F403
from gametree.notation import *  # noqa: F403
from gametree.outfiles import OutputExistsError
from gametree.randomtrees import *  # noqa: F403
from gametree.readwrite import *  # noqa: F403
from gametree.search import *  # noqa: F403
from gametree.validation import Problem, find_root, is_game_tree, problems, validate


def _installed_version() -> str:
    """The version in the installed package's metadata: pyproject.toml's, the one source."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("gametree")
    except PackageNotFoundError:  # imported from a checkout that was never installed
        return "0+unknown"


__version__ = _installed_version()

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
# Each area lists its public names in its own __all__.
for _area in (randomtrees, notation, readwrite, search, drawing, _games_api, homework):
    __all__ += _area.__all__
del _area
