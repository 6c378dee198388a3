"""The tree notation: a compact text form of game trees for writing by hand.

``parser`` reads it (the grammar is in its module documentation).
"""

from gametree.notation.parser import DEFAULT_PLAYERS as DEFAULT_PLAYERS
from gametree.notation.parser import parse, to_notation

__all__ = ["parse", "to_notation"]
