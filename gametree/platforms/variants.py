"""Versions of one exercise for an exam: the same shape and difficulty, other values.

:func:`make_variants` draws a tree with :func:`gametree.generate` (so it meets every
constraint ``gametree generate`` takes), then draws new leaf values into the very same
tree shape, keeping those that still meet the constraints, until it has ``n`` versions
that all prune the same number of
edges (the difficulty ``--prunes`` measures) and the same number of leaves (so every
version asks for as many leaf evaluations), and that pairwise differ in their leaf
values *and* in which leaves are pruned, so that no two students copy the same cuts.
The draws come from one :class:`random.Random` seeded by ``seed``: the same arguments
give the same versions.

Examples
--------
>>> versions = make_variants(3, seed=7, branching=3, depth=3, prunes=(3, 5))
>>> len({v.prunes for v in versions}), len({tuple(v.answers["pruned"]) for v in versions})
(1, 3)
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

import networkx as nx

from gametree.exceptions import PlatformError
from gametree.homework import AnswerKey, Exercise, generate, reorder

__all__ = ["make_variants", "tree_shape"]

Shape = list[Any]
"""A tree shape: a leaf is None, an internal node the list of its children's shapes."""


def tree_shape(G: nx.DiGraph, root: Hashable = "A", *, values: bool = False) -> Shape:
    """The shape of ``G`` below ``root`` as nested lists, built without recursion.

    Leaves are None, or with ``values`` their values (the tree as nested lists).

    >>> import gametree
    >>> G = gametree.from_nested([[1, 2], [3, [4, 5]]])
    >>> tree_shape(G)
    [[None, None], [None, [None, None]]]
    >>> tree_shape(G, values=True)
    [[1, 2], [3, [4, 5]]]
    """
    top: Shape = []
    stack: list[tuple[Hashable, Shape]] = [(root, top)]
    while stack:
        node, target = stack.pop()
        for child in G._succ[node]:
            if G._succ[child]:
                inner: Shape = []
                target.append(inner)
                stack.append((child, inner))
            else:
                target.append(G._node[child]["value"] if values else None)
    return top


def _fill(shape: Shape, draw: Any) -> Shape:
    """A copy of ``shape`` with each leaf a value from ``draw()`` (in a fixed order)."""
    top: Shape = []
    stack: list[tuple[Shape, Shape]] = [(shape, top)]
    while stack:
        source, target = stack.pop()
        for part in source:
            if part is None:
                target.append(draw())
            else:
                inner: Shape = []
                target.append(inner)
                stack.append((part, inner))
    return top


def make_variants(n: int, *, seed: int = 0, **options: Any) -> list[Exercise]:
    """Return ``n`` versions of one exercise: same shape and difficulty, all different.

    Parameters
    ----------
    n : int
        How many versions (at least 1).
    seed : int
        The same arguments and seed give the same versions.
    **options
        :func:`gametree.generate`'s arguments (``branching``, ``depth``, ``prunes``,
        ``values``, ``ordering``, ``players``, ``distinct_conventions``,
        ``prune_on_equal``, ``fail``, ``max_attempts``).

    Returns
    -------
    list of Exercise
        Every version has the shape of ``gametree.generate(seed=seed, **options)``, the
        same numbers of pruned edges and of pruned leaves, and meets the constraints;
        no two share their leaf values or their pruned leaves. Where the generated tree
        itself is among them it is the first.

    Raises
    ------
    PlatformError
        If ``n`` is below 1, or ``max_attempts`` draws in a row bring no version closer
        to ``n`` (the message says what to relax).
    ExerciseError
        If no tree meets the constraints at all.
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise PlatformError(f"the number of variants must be at least 1, got {n!r}")
    first = generate(seed=seed, **options)
    settings = first.settings
    shape = tree_shape(first.tree)
    lo, hi = settings["values"]
    players = list(settings["players"])
    convention = {"prune_on_equal": settings["prune_on_equal"], "fail": settings["fail"]}
    rng = random.Random(f"gametree variants {seed}")
    # Versions by difficulty (pruned edges, pruned leaves); the first bucket to hold n wins.
    buckets: dict[tuple[int, int], list[Exercise]] = {}
    cuts_seen: dict[tuple[int, int], set[tuple[str, ...]]] = {}
    values_seen: set[str] = set()

    def offer(G: nx.DiGraph, answers: dict[str, Any], attempt: int) -> bool:
        level = (len(answers["pruned_edges"]), len(answers["pruned"]))
        cuts = tuple(answers["pruned"])
        if cuts in cuts_seen.setdefault(level, set()):
            return False
        cuts_seen[level].add(cuts)
        versions = buckets.setdefault(level, [])
        info = {**settings, "variant": len(versions) + 1}
        versions.append(Exercise(G, answers, level[0], attempt, info))
        return True

    values_seen.add(repr(tree_shape(first.tree, values=True)))
    offer(first.tree, first.answers, first.attempts)
    patience = int(options.get("max_attempts", 2000))
    attempt = fruitless = 0
    while max(len(v) for v in buckets.values()) < n and fruitless < patience:
        attempt += 1
        fruitless += 1
        G = _build(_fill(shape, lambda: rng.randint(lo, hi)), players)
        if settings["ordering"] != "random":
            G = _build(tree_shape(reorder(G, settings["ordering"]), values=True), players)
            if tree_shape(G) != shape:
                continue
        nested = repr(tree_shape(G, values=True))
        if nested in values_seen:
            continue
        values_seen.add(nested)
        answers = AnswerKey(G, **convention).answers()
        edges = len(answers["pruned_edges"])
        if settings["prunes"] is not None and not (
            settings["prunes"][0] <= edges <= settings["prunes"][1]
        ):
            continue
        if settings["distinct_conventions"]:
            other = AnswerKey(G, prune_on_equal=not convention["prune_on_equal"], **{
                "fail": convention["fail"]
            })  # fmt: skip
            if other.answers()["pruned"] == answers["pruned"]:
                continue
        if offer(G, answers, attempt):
            fruitless = 0
    best = max(buckets.values(), key=len)
    if len(best) >= n:
        return best[:n]
    if best[0].prunes == 0 and settings["prunes"] is None:
        raise PlatformError(
            "these trees rarely prune anything, and versions that prune nothing all have the "
            "same (empty) cuts; ask for pruning with --prunes (for example --prunes 2-4)"
        )
    if settings["ordering"] == "best":
        raise PlatformError(
            "with --ordering best every tree of one shape prunes the same leaves (alpha-beta "
            "searches the minimal tree), so versions cannot differ in their cuts; use "
            "--ordering random"
        )
    raise PlatformError(
        f"found at most {len(best)} of {n} versions of this shape with the same numbers of "
        f"pruned edges and pruned leaves, each with other pruned leaves (none new in "
        f"{patience} draws); ask for fewer variants, another --seed, or a larger tree "
        "(more children or levels)"
    )


def _build(nested: Shape, players: Sequence[str]) -> nx.DiGraph:
    from gametree import from_nested

    return from_nested(nested, players=list(players))
