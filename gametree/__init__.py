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

from gametree.attrs import CHANCE as CHANCE
from gametree.attrs import MAX as MAX
from gametree.attrs import MIN as MIN
from gametree.attrs import Player as Player
from gametree.exceptions import AnswerFormatError as AnswerFormatError
from gametree.exceptions import FitWarning as FitWarning
from gametree.exceptions import GameError as GameError
from gametree.exceptions import GameTreeError as GameTreeError
from gametree.exceptions import GameTreeWarning as GameTreeWarning
from gametree.exceptions import InputError as InputError
from gametree.exceptions import InvalidTreeError as InvalidTreeError
from gametree.exceptions import PlatformError as PlatformError
from gametree.exceptions import RenderError as RenderError
from gametree.exceptions import SearchError as SearchError
from gametree.exceptions import TreeFileError as TreeFileError
from gametree.exceptions import TreeSyntaxError as TreeSyntaxError
from gametree.lazyimport import lazy_package

if TYPE_CHECKING:
    from gametree import drawing as drawing
    from gametree import homework as homework
    from gametree import notation as notation
    from gametree import randomtrees as randomtrees
    from gametree import readwrite as readwrite
    from gametree import search as search
    from gametree.builders import from_nested as from_nested
    from gametree.builders import letter_id as letter_id
    from gametree.drawing import *  # noqa: F403
    from gametree.games.api import *  # noqa: F403
    from gametree.homework import *  # noqa: F403
    from gametree.notation import *  # noqa: F403
    from gametree.outfiles import OutputExistsError as OutputExistsError
    from gametree.randomtrees import *  # noqa: F403
    from gametree.readwrite import *  # noqa: F403
    from gametree.search import *  # noqa: F403
    from gametree.validation import Problem as Problem
    from gametree.validation import find_root as find_root
    from gametree.validation import is_game_tree as is_game_tree
    from gametree.validation import problems as problems
    from gametree.validation import validate as validate
    from gametree.version import __version__ as __version__


_OWN = (
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
)
# Each area lists its public names in its own __all__; gametree.__all__ is _OWN followed
# by them, in this order, made when first read.
_AREAS = (
    "gametree.randomtrees",
    "gametree.notation",
    "gametree.readwrite",
    "gametree.search",
    "gametree.drawing",
    "gametree.games.api",
    "gametree.homework",
)
_SUBPACKAGES = ("drawing", "homework", "notation", "randomtrees", "readwrite", "search")

# ``import gametree`` imports only the attributes and exceptions above; every other
# name (and each subpackage) is imported when first read, so a command or a notebook
# pays for networkx, the searches or the drawing back ends only when it uses them.
lazy_package(
    __name__,
    {
        **dict.fromkeys(("from_nested", "letter_id"), "gametree.builders"),
        "OutputExistsError": "gametree.outfiles",
        "__version__": "gametree.version",
        **dict.fromkeys(
            ("Problem", "find_root", "is_game_tree", "problems", "validate"),
            "gametree.validation",
        ),
        **{name: f"gametree.{name}" for name in _SUBPACKAGES},
    },
    _SUBPACKAGES,
    areas=_AREAS,
    own=_OWN,
)
