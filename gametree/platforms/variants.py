"""Versions of one exercise for an exam: the same shape and difficulty, other values.

Of a generated tree (:func:`make_variants`) or of the instructor's own
(:func:`tree_variants`).

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

__all__ = ["make_variants", "tree_shape", "tree_variants"]

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


def tree_variants(
    G: nx.DiGraph,
    n: int,
    *,
    seed: int = 0,
    values: tuple[int, int] | None = None,
    mirror: bool = False,
    prune_on_equal: bool = True,
    fail: str = "soft",
    max_attempts: int = 2000,
) -> list[Exercise]:
    """Return ``n`` versions of the instructor's tree ``G``: same shape, same difficulty.

    Each version is ``G`` with other leaf values (and, with ``mirror``, the children of
    some nodes in reverse order): the same nodes, players and names, alpha-beta under
    the convention (``prune_on_equal``, ``fail``) pruning as many edges and as many
    leaves as in ``G``, other pruned leaves than ``G`` and every other version (so that
    no two students copy the same cuts), and no two with the same leaf values. Ties:
    when ``G``'s ties make the two cut rules prune different leaves (``alpha >= beta``
    against ``alpha > beta``, what ties in an exam usually test), every version's do
    too; otherwise ties are left to chance.

    Parameters
    ----------
    G : networkx.DiGraph
        A tree of MAX and MIN nodes (no CHANCE nodes) whose search prunes something.
    n : int
        How many versions (at least 1).
    seed : int
        The same tree, arguments and seed give the same versions.
    values : (int, int), optional
        The range the new leaf values are drawn from (default: from ``G``'s smallest
        leaf value to its largest, rounded out to integers).
    mirror : bool, default False
        Also reverse the children of randomly chosen nodes (the same picture mirrored
        at those nodes; the names are given again left to right, level by level, as
        ``G`` has them).
    max_attempts : int
        Draws in a row that bring no new version before giving up.

    Returns
    -------
    list of Exercise

    Raises
    ------
    PlatformError
        If ``G`` cannot be varied (CHANCE nodes, a depth below 2, nothing pruned under
        the convention, a single leaf value and no ``values``), or ``n`` versions are
        not found.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> versions = tree_variants(G, 2, seed=1)
    >>> [(v.prunes, len(v.answers["pruned"])) for v in versions]
    [(2, 2), (2, 2)]
    >>> sorted(versions[0].tree) == sorted(G)
    True
    """
    from gametree.attrs import PLAYER, VALUE
    from gametree.validation import find_root, validate

    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise PlatformError(f"the number of variants must be at least 1, got {n!r}")
    validate(G)
    chance = next((u for u in G if G._succ[u] and G._node[u].get(PLAYER) == "CHANCE"), None)
    if chance is not None:
        raise PlatformError(
            f"node {chance!r} is a CHANCE node: versions are made of alpha-beta trees of MAX "
            "and MIN nodes only"
        )
    root = find_root(G)
    leaves = [u for u in G if not G._succ[u]]
    found = [G._node[u][VALUE] for u in leaves]
    if values is None:
        import math

        lo, hi = math.floor(min(found)), math.ceil(max(found))
        if lo == hi:
            raise PlatformError(
                f"every leaf of the tree is worth {found[0]!r}: give the range of the new "
                "values (values=(lo, hi); --values LO..HI)"
            )
    else:
        lo, hi = values
    convention: dict[str, Any] = {"prune_on_equal": prune_on_equal, "fail": fail}
    original = AnswerKey(G, **convention).answers()
    level = (len(original["pruned_edges"]), len(original["pruned"]))
    rule = "alpha >= beta" if prune_on_equal else "alpha > beta"
    if level[0] == 0:
        raise PlatformError(
            f"alpha-beta prunes nothing in this tree (cutting when {rule}, fail-{fail}): "
            "versions of the same difficulty would all prune nothing, so they could not "
            "differ in their cuts; give a tree where something is pruned"
        )
    other: dict[str, Any] = {"prune_on_equal": not prune_on_equal, "fail": fail}
    ties_matter = AnswerKey(G, **other).answers()["pruned"] != original["pruned"]
    settings = {
        "tree": True, "values": (lo, hi), "mirror": mirror, "seed": seed,
        "prunes": (level[0], level[0]), "distinct_conventions": ties_matter, **convention,
    }  # fmt: skip
    order = _breadth_first(G, root)
    rng = random.Random(f"gametree tree variants {seed}")
    seen_values = {_leaf_values(G, root)}
    seen_cuts = {tuple(original["pruned"])}
    versions: list[Exercise] = []
    attempt = fruitless = 0
    while len(versions) < n and fruitless < max_attempts:
        attempt += 1
        fruitless += 1
        H = _mirrored(G, root, order, rng) if mirror else G.copy()
        for leaf in (u for u in H if not H._succ[u]):
            H._node[leaf][VALUE] = rng.randint(lo, hi)
        drawn = _leaf_values(H, root)
        if drawn in seen_values:
            continue
        seen_values.add(drawn)
        answers = AnswerKey(H, **convention).answers()
        if (len(answers["pruned_edges"]), len(answers["pruned"])) != level:
            continue
        if tuple(answers["pruned"]) in seen_cuts:
            continue
        if ties_matter and AnswerKey(H, **other).answers()["pruned"] == answers["pruned"]:
            continue
        seen_cuts.add(tuple(answers["pruned"]))
        info = {**settings, "variant": len(versions) + 1}
        versions.append(Exercise(H, answers, level[0], attempt, info))
        fruitless = 0
    if len(versions) < n:
        raise PlatformError(
            f"found {len(versions)} of {n} versions of this tree pruning {level[0]} edges and "
            f"{level[1]} leaves (cutting when {rule}) with other pruned leaves than the tree "
            f"and each other (none new in {max_attempts} draws); ask for fewer variants, "
            "widen the values (--values LO..HI)"
            + ("" if mirror else ", allow mirrored subtrees (--mirror)")
            + " or give a larger tree"
        )
    return versions


def _breadth_first(G: nx.DiGraph, root: Hashable) -> list[Hashable]:
    order, k = [root], 0
    while k < len(order):
        order.extend(G._succ[order[k]])
        k += 1
    return order


def _leaf_values(G: nx.DiGraph, root: Hashable) -> tuple[Any, ...]:
    return tuple(G._node[u]["value"] for u in _breadth_first(G, root) if not G._succ[u])


def _mirrored(
    G: nx.DiGraph, root: Hashable, names: list[Hashable], rng: random.Random
) -> nx.DiGraph:
    """``G`` with the children of each inner node reversed with probability 1/2, its
    nodes then renamed breadth-first in the order of ``names`` (``G``'s own order)."""
    chosen: dict[Hashable, list[Hashable]] = {}
    order = [root]
    k = 0
    while k < len(order):
        u = order[k]
        children = list(G._succ[u])
        if len(children) > 1 and rng.random() < 0.5:
            children.reverse()
        chosen[u] = children
        order.extend(children)
        k += 1
    rename = dict(zip(order, names, strict=True))
    H = nx.DiGraph()
    H.graph.update(G.graph)
    for u in order:
        H.add_node(rename[u], **G._node[u])
    for u in order:
        for c in chosen[u]:
            H.add_edge(rename[u], rename[c], **G._succ[u][c])
    return H
