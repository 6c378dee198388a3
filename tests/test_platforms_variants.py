"""Tests for gametree.platforms.variants: exam versions of one exercise."""

from __future__ import annotations

import pytest

import gametree
from gametree.exceptions import PlatformError
from gametree.platforms.variants import make_variants, tree_shape


def leaf_values(G: object) -> list[object]:
    return [G.nodes[n]["value"] for n in G if not G.succ[n]]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "options",
    [
        {"branching": (2, 3), "depth": 3, "prunes": (2, 4)},
        {"branching": 3, "depth": 3, "prunes": (3, 5), "prune_on_equal": False},
        {"branching": 2, "depth": 4, "prunes": (2, 4), "players": ["MIN", "MAX"]},
    ],
)
def test_versions_share_shape_and_difficulty_but_nothing_else(options: dict) -> None:
    versions = make_variants(4, seed=3, **options)
    assert len(versions) == 4
    shapes = {repr(tree_shape(v.tree)) for v in versions}
    assert len(shapes) == 1
    # The key of each version, recomputed here, agrees with the one it carries.
    keys = [
        gametree.AnswerKey(
            v.tree, prune_on_equal=options.get("prune_on_equal", True), fail="soft"
        ).answers()
        for v in versions
    ]
    assert [k["pruned"] for k in keys] == [v.answers["pruned"] for v in versions]
    # Same difficulty: the numbers of pruned edges and pruned leaves, within --prunes.
    assert len({len(k["pruned_edges"]) for k in keys}) == 1
    assert len({len(k["pruned"]) for k in keys}) == 1
    lo, hi = options["prunes"]
    assert lo <= len(keys[0]["pruned_edges"]) <= hi
    # None identical: other leaf values and other cuts, pairwise.
    assert len({tuple(leaf_values(v.tree)) for v in versions}) == 4
    assert len({tuple(k["pruned"]) for k in keys}) == 4
    # The players cycle is kept.
    players = options.get("players", ["MAX", "MIN"])
    assert all(v.tree.nodes["A"]["player"] == players[0] for v in versions)


def test_worst_ordering_holds_in_every_version() -> None:
    versions = make_variants(3, seed=3, branching=3, depth=3, prunes=(2, 5), ordering="worst")
    for v in versions:
        worst = gametree.reorder(v.tree, "worst")
        assert [list(worst.successors(n)) for n in worst] == [
            list(v.tree.successors(n)) for n in v.tree
        ]


def test_best_ordering_cannot_vary_the_cuts() -> None:
    # Best first, alpha-beta searches the minimal tree: its cuts depend on the shape only.
    with pytest.raises(PlatformError, match="with --ordering best every tree of one shape"):
        make_variants(2, seed=1, branching=3, depth=3, ordering="best", max_attempts=300)


def test_same_arguments_same_versions() -> None:
    a = make_variants(3, seed=5, branching=3, depth=3, prunes=(2, 5))
    b = make_variants(3, seed=5, branching=3, depth=3, prunes=(2, 5))
    assert [v.notation() for v in a] == [v.notation() for v in b]
    c = make_variants(3, seed=6, branching=3, depth=3, prunes=(2, 5))
    assert [v.notation() for v in a] != [v.notation() for v in c]


def test_one_version_is_the_generated_exercise() -> None:
    [only] = make_variants(1, seed=7, branching=(2, 3), depth=3, prunes=(2, 4))
    assert (
        only.answers == gametree.generate(branching=(2, 3), depth=3, seed=7, prunes=(2, 4)).answers
    )


def test_impossible_requests_say_what_to_relax() -> None:
    # Binary depth 2 with one cut: only the last leaf can be cut off, one pattern.
    with pytest.raises(PlatformError, match="found at most 1 of 2 versions"):
        make_variants(2, seed=0, branching=2, depth=2, prunes=1, max_attempts=200)
    with pytest.raises(PlatformError, match="ask for pruning with --prunes"):
        make_variants(3, seed=0, branching=2, depth=2, max_attempts=200)
    with pytest.raises(PlatformError, match="at least 1"):
        make_variants(0)
    with pytest.raises(gametree.ExerciseError):
        make_variants(2, depth=1, prunes=1)


def test_tree_shape() -> None:
    G = gametree.from_nested([[1, 2], [3, [4, 5]], 6])
    assert tree_shape(G) == [[None, None], [None, [None, None]], None]
