"""Publishing: results written to disk together with their diagrams.

This layer sits above :mod:`gametree.homework` (which makes exercises and their keys) and
:mod:`gametree.drawing` (which draws them, and imports homework for the explanations and
practice keys its pages show), and below :mod:`gametree.cli`: it is the one place that
needs both.

- ``exercises``: an exercise folder, its text files and its diagrams (TikZ, PNG), written
  through :mod:`gametree.outfiles`;
- ``codediagrams``: where a student's search code parted from gametree's search, drawn
  (``gametree check-code --diagram DIR``).
"""

from gametree.publish.codediagrams import write_divergence_diagrams
from gametree.publish.exercises import exercise_folder, write_exercise_folder

__all__ = ["exercise_folder", "write_divergence_diagrams", "write_exercise_folder"]
