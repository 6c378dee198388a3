"""Exercise folders: an exercise's text files and its diagrams, written into one folder.

:meth:`gametree.Exercise.write` and :meth:`gametree.homework.mctsgenerate.MCTSExercise.
write` hand their files here: the exercise makes the texts and names the trees to draw,
this module draws them (:func:`gametree.to_tikz` or :func:`gametree.to_forest`,
:func:`gametree.save`) and writes
every file through :mod:`gametree.outfiles`, each complete or not at all.

>>> import tempfile, gametree
>>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
>>> folder = tempfile.mkdtemp()
>>> paths = write_exercise_folder(folder, {"exercise.tree": "(A 1 2)\\n"}, {"key": G},
...                               formats=(".tex",))
>>> [p.name for p in paths]
['exercise.tree', 'key.tex']
>>> write_exercise_folder(folder, {}, {})
Traceback (most recent call last):
...
gametree.outfiles.OutputExistsError: '...' is a folder that is not empty; pass force=True ...
"""

from __future__ import annotations

import errno
from collections.abc import Mapping, Sequence
from pathlib import Path

import networkx as nx

from gametree.drawing import save
from gametree.drawing.latex import check_latex, to_latex
from gametree.outfiles import OutputExistsError, write_text

__all__ = ["exercise_folder", "write_exercise_folder"]

NAMED = {"drop_names": False}
"""The diagrams name every node, leaves too, as the answers and the worked solution do
(a crowded tree is drawn larger rather than without its names)."""

DIAGRAM_FORMATS = (".tex", ".png")
"""The diagram files one can ask for: a standalone LaTeX document and a PNG picture."""


def exercise_folder(directory: str | Path, force: bool) -> Path:
    """Create ``directory`` for an exercise; refuse a non-empty one unless ``force``."""
    out = Path(directory)
    if out.exists() and not out.is_dir():
        raise FileExistsError(errno.EEXIST, "exists and is not a folder", str(out))
    out.mkdir(parents=True, exist_ok=True)
    if not force and any(out.iterdir()):
        raise OutputExistsError(out, "is a folder that is not empty")
    return out


def write_exercise_folder(
    directory: str | Path,
    texts: Mapping[str, str],
    diagrams: Mapping[str, nx.DiGraph],
    *,
    formats: Sequence[str] = DIAGRAM_FORMATS,
    force: bool = False,
    latex: str = "tikz",
) -> list[Path]:
    """Write an exercise's files into ``directory`` (created if needed).

    Parameters
    ----------
    directory : str or Path
        The folder. One that already holds anything is refused unless ``force``; even
        then each file is written to a new temporary file and renamed over its name, so
        a symbolic link (or anything else) already there is replaced, never written
        through.
    texts : Mapping
        File name -> its text, written as UTF-8 in this order.
    diagrams : Mapping
        Base name -> the tree to draw (``"key"`` gives ``key.tex`` and ``key.png``).
    formats : sequence of {".tex", ".png"}
        The diagram files, format by format in this order: a standalone LaTeX document,
        a PNG.
    force : bool
        Write into a folder that is not empty.
    latex : {"tikz", "forest"}
        What draws the ``.tex`` diagrams (see :mod:`gametree.drawing.latex`).

    Returns
    -------
    list of Path
        The files written, texts first.

    Raises
    ------
    OutputExistsError
        If ``directory`` is not empty and ``force`` is False (a ``FileExistsError``
        too, as when it is not a folder).
    ValueError
        For a format other than ``.tex`` and ``.png`` (before anything is written).
    RenderError
        For a LaTeX back end gametree does not write (before anything is written).
    """
    unknown = [f for f in formats if f not in DIAGRAM_FORMATS]
    if unknown:
        raise ValueError(f"unknown diagram format {unknown[0]!r}; expected .tex or .png")
    check_latex(latex)
    out = exercise_folder(directory, force)
    written = [write_text(out / name, text, force=True) for name, text in texts.items()]
    for suffix in formats:
        for name, G in diagrams.items():
            path = out / f"{name}{suffix}"
            if suffix == ".tex":
                tex = to_latex(G, latex=latex, standalone=True, style=NAMED)
                write_text(path, tex, force=True)
            else:
                save(G, path, force=True, style=NAMED)  # (through gametree.outfiles too)
            written.append(path)
    return written
