"""Exercise generator: a random tree that meets the instructor's constraints, with its key.

The same arguments (seed included) always give the same exercise: the trees come from
the standard library's :class:`random.Random` seeded with ``seed``, drawn here rather
than through :func:`gametree.random_tree`, so that an exercise stays the same when other
parts of the library change.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import networkx as nx

from gametree.attrs import VALUE, Player
from gametree.builders import from_nested, players_cycle
from gametree.exceptions import GameTreeError
from gametree.homework.answers import format_answers
from gametree.homework.check import AnswerKey
from gametree.homework.ordering import reorder

__all__ = [
    "Exercise",
    "ExerciseError",
    "ExerciseFiles",
    "generate",
    "int_range",
    "random_nested",
    "write_folder",
]


class ExerciseError(GameTreeError, ValueError):
    """The exercise constraints cannot be met (or are contradictory)."""


class ExerciseFiles(Protocol):
    """What an exercise folder holds: text files by name, and the trees to draw."""

    def files(self) -> dict[str, str]:
        """File name -> its text."""

    def diagrams(self) -> dict[str, nx.DiGraph]:
        """Base name of a diagram file -> the tree it draws."""


@dataclass(frozen=True)
class Exercise:
    """A generated exercise: the tree, its answer key and how it was made.

    Attributes
    ----------
    tree : networkx.DiGraph
        The tree, node ids A, B, ... breadth-first left to right.
    answers : dict
        The answer key (the layout of :meth:`gametree.AnswerKey.answers`).
    prunes : int
        Number of pruned edges (cut marks on the diagram).
    attempts : int
        Trees drawn before one met the constraints.
    settings : dict
        The arguments, for the record.
    """

    tree: nx.DiGraph
    answers: dict[str, Any]
    prunes: int
    attempts: int
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def search_options(self) -> dict[str, Any]:
        """The convention of the key: ``prune_on_equal`` and ``fail``."""
        return {
            "prune_on_equal": self.settings["prune_on_equal"],
            "fail": self.settings["fail"],
        }

    def notation(self) -> str:
        """The tree in the text notation (the ``.tree`` file)."""
        from gametree.notation import to_notation

        return to_notation(self.tree)

    def answers_text(self, format: str = "toml") -> str:
        """The answer key as an answer file (``"toml"``, ``"json"`` or ``"text"``)."""
        rule = "when alpha >= beta" if self.settings["prune_on_equal"] else "only when alpha > beta"
        header = f"# answer key: alphabeta, cut {rule}, fail-{self.settings['fail']}\n"
        body = format_answers(self.answers, format)
        return body + "\n" if format == "json" else header + body + "\n"

    def explanation(self, format: str = "markdown") -> str:
        """The worked solution (:func:`gametree.explain`)."""
        from gametree.homework.explain import explain

        return explain(self.tree, "alphabeta", format=format, **self.search_options) + "\n"

    def files(self) -> dict[str, str]:
        """The exercise's text files by name: ``exercise.tree`` (the tree),
        ``answers.toml`` (the key as an answer file, usable with ``gametree check``) and
        ``solution.md`` (the worked solution)."""
        return {
            "exercise.tree": self.notation() + "\n",
            "answers.toml": self.answers_text("toml"),
            "solution.md": self.explanation("markdown"),
        }

    def diagrams(self) -> dict[str, nx.DiGraph]:
        """The trees the exercise folder draws: ``exercise`` (blank, for the sheet) and
        ``key`` (annotated with the search, the pruning diagram)."""
        from gametree.search import solve

        keyed = self.tree.copy()
        solve(keyed, "alphabeta", annotate=True, **self.search_options)
        return {"exercise": self.tree, "key": keyed}

    def write(
        self,
        directory: str | Path,
        *,
        images: bool = True,
        force: bool = False,
        latex: str = "tikz",
    ) -> list[Path]:
        """Write the exercise files into ``directory`` (created if needed).

        Files: ``exercise.tree`` (the tree), ``answers.toml`` (the key as an answer file,
        usable with ``gametree check``), ``solution.md`` (the worked solution),
        ``exercise.tex`` and ``key.tex`` (blank diagram and annotated pruning diagram,
        for the sheet: standalone documents in TikZ, or with ``latex="forest"`` in
        forest's bracket notation), ``exercise.png`` and ``key.png`` (the same as
        pictures). ``images=False`` skips the PNG files.

        A folder that already holds anything is refused unless ``force=True``; even then
        each file is written to a new temporary file and renamed over its name, so a
        symbolic link (or anything else) already there is replaced, never written
        through.

        Returns
        -------
        list of Path
            The files written.

        Raises
        ------
        FileExistsError
            If ``directory`` is not empty and ``force`` is False, or is not a folder.
        """
        formats = (".tex", ".png") if images else (".tex",)
        return write_folder(self, directory, formats, force, latex=latex)


def write_folder(
    exercise: ExerciseFiles,
    directory: str | Path,
    formats: Sequence[str],
    force: bool,
    *,
    latex: str = "tikz",
) -> list[Path]:
    """Write ``exercise``'s :meth:`~ExerciseFiles.files` and its diagrams in
    ``formats`` into ``directory``, with :func:`gametree.publish.write_exercise_folder`.

    Drawing the diagrams needs :mod:`gametree.drawing`, which sits above homework (its
    pages import the explanations and practice keys), so the folder writer lives above
    both, in :mod:`gametree.publish`, and this is the one place homework calls up to it.
    """
    from gametree.publish.exercises import write_exercise_folder

    return write_exercise_folder(
        directory, exercise.files(), exercise.diagrams(), formats=formats, force=force,
        latex=latex,
    )  # fmt: skip


def int_range(name: str, value: int | Sequence[int]) -> tuple[int, int]:
    """``value`` (an int or a ``(min, max)`` pair) as a ``(min, max)`` pair, checked; the
    errors name the argument ``name``."""
    if isinstance(value, bool):
        raise ExerciseError(f"{name} must be an int or a (min, max) pair, got {value!r}")
    if isinstance(value, int):
        return value, value
    try:
        lo, hi = value
    except (TypeError, ValueError):
        raise ExerciseError(f"{name} must be an int or a (min, max) pair, got {value!r}") from None
    if not (isinstance(lo, int) and isinstance(hi, int)) or lo > hi:
        raise ExerciseError(
            f"{name} must be a (min, max) pair of ints with min <= max, got {value!r}"
        )
    return lo, hi


def random_nested(
    rng: random.Random, branching: tuple[int, int], depth: int, values: tuple[int, int]
) -> list[Any]:
    """A uniform-depth nested list, built breadth-first without recursion."""
    root: list[Any] = []
    level: list[list[Any]] = [root]
    for d in range(depth):
        below: list[list[Any]] = []
        for node in level:
            for _ in range(rng.randint(*branching)):
                if d == depth - 1:
                    node.append(rng.randint(*values))
                else:
                    child: list[Any] = []
                    node.append(child)
                    below.append(child)
        level = below
    return root


def _to_nested(G: nx.DiGraph, root: Hashable) -> list[Any]:
    """The tree as nested lists in its child order (iterative)."""
    top: list[Any] = []
    stack: list[tuple[Hashable, list[Any]]] = [(root, top)]
    while stack:
        node, target = stack.pop()
        for child in G._succ[node]:
            if G._succ[child]:
                inner: list[Any] = []
                target.append(inner)
                stack.append((child, inner))
            else:
                target.append(G._node[child][VALUE])
    return top


def generate(
    *,
    branching: int | tuple[int, int] = (2, 3),
    depth: int = 3,
    seed: int = 0,
    prunes: int | tuple[int, int] | None = None,
    values: tuple[int, int] = (-9, 9),
    ordering: str = "random",
    players: Sequence[str | Player] = ("MAX", "MIN"),
    distinct_conventions: bool = False,
    prune_on_equal: bool = True,
    fail: str = "soft",
    max_attempts: int = 2000,
) -> Exercise:
    """Generate an alpha-beta exercise with its answer key.

    Parameters
    ----------
    branching : int or (min, max), default (2, 3)
        Children per internal node, drawn uniformly.
    depth : int, default 3
        Every leaf is this deep.
    seed : int, default 0
        The same arguments and seed always give the same exercise.
    prunes : int or (min, max), optional
        How many edges alpha-beta must prune (the cut marks on the diagram).
    values : (min, max), default (-9, 9)
        Leaf values, integers drawn uniformly.
    ordering : {"random", "best", "worst"}, default "random"
        ``"best"``/``"worst"`` rearrange each tree (:func:`gametree.reorder`) so that
        alpha-beta prunes the most / the least.
    players : sequence, default ("MAX", "MIN")
        The players by depth, as for :func:`gametree.from_nested`.
    distinct_conventions : bool, default False
        Require the pruned leaves to differ between cutting on ``>=`` and on ``>`` only,
        so the exercise tells the two conventions apart.
    prune_on_equal, fail
        The convention of the answer key.
    max_attempts : int, default 2000
        Trees to draw before giving up.

    Returns
    -------
    Exercise

    Raises
    ------
    ExerciseError
        If the constraints are contradictory (e.g. prunes asked of a depth-1 tree, more
        prunes than the tree shape allows) or no tree met them in ``max_attempts``
        draws; the message says which constraint and what to relax.

    Examples
    --------
    >>> ex = generate(branching=2, depth=3, seed=7, prunes=(2, 3))
    >>> ex.prunes in (2, 3), len(ex.tree)
    (True, 15)
    >>> generate(branching=2, depth=3, seed=7, prunes=(2, 3)).answers == ex.answers
    True
    >>> generate(depth=1, prunes=1)
    Traceback (most recent call last):
    ...
    gametree.homework.generate.ExerciseError: a tree of depth 1 is never pruned: ...
    """
    b = int_range("branching", branching)
    v = int_range("values", values)
    if b[0] < 1:
        raise ExerciseError(f"branching must be at least 1, got {branching!r}")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ExerciseError(f"depth must be an int >= 1, got {depth!r}")
    if ordering not in ("random", "best", "worst"):
        raise ExerciseError(f"ordering must be 'random', 'best' or 'worst', got {ordering!r}")
    if max_attempts < 1:
        raise ExerciseError(f"max_attempts must be >= 1, got {max_attempts!r}")
    cycle = players_cycle(players)
    p = int_range("prunes", prunes) if prunes is not None else None
    nodes_max = sum(b[1] ** d for d in range(depth + 1))
    if nodes_max > 5000:
        raise ExerciseError(
            f"branching {b[0]}-{b[1]} and depth {depth} allow up to {nodes_max} nodes; "
            "an exercise is at most 5000 nodes"
        )
    if (p is not None and p[0] > 0) or distinct_conventions:
        if depth < 2:
            raise ExerciseError(
                "a tree of depth 1 is never pruned: alpha-beta needs at least two levels "
                "(use depth >= 2 or drop the prunes / distinct-conventions constraint)"
            )
        if b[1] < 2:
            raise ExerciseError("with branching 1 nothing is ever pruned; use branching >= 2")
    if p is not None:
        most = (b[1] - 1) * sum(b[1] ** d for d in range(1, depth))
        if p[0] > most:
            raise ExerciseError(
                f"at most {most} edges can be pruned in a tree of branching <= {b[1]} and "
                f"depth {depth}; {p[0]} prunes were asked"
            )
    settings = {
        "branching": b,
        "depth": depth,
        "seed": seed,
        "prunes": p,
        "values": v,
        "ordering": ordering,
        "players": tuple(x.value for x in cycle),
        "distinct_conventions": distinct_conventions,
        "prune_on_equal": prune_on_equal,
        "fail": fail,
    }
    rng = random.Random(seed)
    for attempt in range(1, max_attempts + 1):
        nested = random_nested(rng, b, depth, v)
        G = from_nested(nested, players=cycle)
        if ordering != "random":
            G = from_nested(_to_nested(reorder(G, ordering), "A"), players=cycle)
        key = AnswerKey(G, prune_on_equal=prune_on_equal, fail=fail)
        count = len(key.main.result.pruned_edges)
        if p is not None and not p[0] <= count <= p[1]:
            continue
        if distinct_conventions:
            other = AnswerKey(G, prune_on_equal=not prune_on_equal, fail=fail)
            if other.main.pruned == key.main.pruned:
                continue
        return Exercise(G, key.answers(), count, attempt, settings)
    wanted = []
    if p is not None:
        wanted.append(f"{p[0]}-{p[1]} pruned edges")
    if distinct_conventions:
        wanted.append("different pruned leaves under the two cut conventions")
    raise ExerciseError(
        f"no tree with branching {b[0]}-{b[1]}, depth {depth}, values {v[0]}..{v[1]} and "
        f"ordering {ordering!r} had {' and '.join(wanted)} in {max_attempts} attempts; "
        "widen the prunes range, change the ordering or make the tree larger"
    )
