"""Tests for gametree.platforms.variants: exam versions of one exercise."""

from __future__ import annotations

import pytest

import gametree
from gametree.exceptions import PlatformError
from gametree.platforms.variants import make_variants, tree_shape, tree_variants


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


# An instructor's tree with ties (5 5, 4 4, 6 6): cutting on >= prunes 8 leaves, on >
# fewer. Uneven on purpose (M has an inner child), so that a mirror shows.
MINE = (
    "(A (B (E 3 5 2) (F 5 1 7) (G 4 4 9)) (C (H 2 7 1) (I 5 4 3) (J 6 2 8))"
    " (D (K 6 6 1) (L 1 8 3) (M 7 5 5)))"
)


def pruned_counts(G: object, prune_on_equal: bool = True) -> tuple[int, int]:
    answers = gametree.AnswerKey(G, prune_on_equal=prune_on_equal).answers()  # type: ignore[arg-type]
    return len(answers["pruned_edges"]), len(answers["pruned"])


@pytest.mark.parametrize("prune_on_equal", [True, False])
def test_versions_of_an_own_tree_keep_its_shape_and_difficulty(prune_on_equal: bool) -> None:
    G = gametree.parse(MINE)
    versions = tree_variants(G, 4, seed=1, prune_on_equal=prune_on_equal)
    level = pruned_counts(G, prune_on_equal)
    cuts = {tuple(gametree.AnswerKey(G, prune_on_equal=prune_on_equal).answers()["pruned"])}
    seen = {tuple(leaf_values(G))}
    for v in versions:
        H = v.tree
        assert list(H.edges) == list(G.edges)  # the same nodes, names and child order
        assert all(H.nodes[n]["player"] == G.nodes[n]["player"] for n in G if G.succ[n])
        assert pruned_counts(H, prune_on_equal) == level
        assert set(leaf_values(H)) <= set(range(1, 10))  # the tree's own range, 1..9
        # Convention-sensitive ties stay: the two rules prune different leaves.
        assert (
            gametree.AnswerKey(H, prune_on_equal=True).answers()["pruned"]
            != gametree.AnswerKey(H, prune_on_equal=False).answers()["pruned"]
        )
        cuts.add(tuple(v.answers["pruned"]))
        seen.add(tuple(leaf_values(H)))
    assert len(cuts) == 5 and len(seen) == 5  # none like the tree or another version


def test_mirrored_versions_reverse_subtrees_and_rename_left_to_right() -> None:
    G = gametree.parse("(A (B 3 (E 1 2) 4) (C 5 4 1) (D 2 6 3))")
    versions = tree_variants(G, 4, seed=0, mirror=True, values=(0, 20))
    shapes = {repr(tree_shape(v.tree)) for v in versions}
    # The root's children reversed in some: the inner child moves under D.
    assert shapes == {
        "[[None, [None, None], None], [None, None, None], [None, None, None]]",
        "[[None, None, None], [None, None, None], [None, [None, None], None]]",
    }
    level = pruned_counts(G)
    for v in versions:
        assert pruned_counts(v.tree) == level
        # The names are given again breadth-first, in the order the tree has them.
        assert breadth_first(v.tree) == breadth_first(G)


def breadth_first(G: object) -> list[object]:
    order, k = ["A"], 0
    while k < len(order):
        order.extend(G.successors(order[k]))  # type: ignore[attr-defined]
        k += 1
    return order


@pytest.mark.parametrize(
    ("tree", "options", "message"),
    [
        ("(A 3 5 2)", {}, "alpha-beta prunes nothing in this tree"),
        ("(A (B 1 2) (C 3 4))", {}, "alpha-beta prunes nothing in this tree"),
        ("players: CHANCE MAX\n(A (B 1 2) (C 3 4))", {}, "is a CHANCE node"),
        ("(A (B 5 5) (C 5 5))", {}, "every leaf of the tree is worth 5"),
        ("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))", {"n": 9}, "found 2 of 9 versions"),
    ],
)
def test_trees_that_cannot_be_varied_say_why(tree: str, options: dict, message: str) -> None:
    with pytest.raises(PlatformError, match=message):
        tree_variants(gametree.parse(tree), options.pop("n", 2), **options)
