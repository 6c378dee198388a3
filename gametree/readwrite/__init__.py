"""Reading and writing game trees: :mod:`gametree.readwrite.dispatch` (moved from here)."""

from gametree.readwrite.dispatch import FORMATS, dump, dumps, load, loads
from gametree.readwrite.dispatch import format_for_path as format_for_path
from gametree.readwrite.dispatch import format_name as format_name
from gametree.readwrite.dispatch import generate_notation as generate_notation
from gametree.readwrite.dispatch import sniff as sniff

__all__ = ["FORMATS", "dump", "dumps", "load", "loads"]
