"""The built-in trees: small, and chosen so that every catalogued bug shows on one.

Each tree says what it is there for. Together they hold: ties at a cutoff (cutting on
``>=`` and on ``>`` evaluate different leaves), ties between root moves, a deep cutoff
that needs the window passed down two levels, cutoffs at MAX and at MIN nodes, a MIN
root, two MIN agents in a row (and two chance agents), chance nodes with unequal
probabilities, depth limits with heuristic values at inner nodes, and leaves reached at
several depths. ``tests/test_codecheck_suite.py`` proves each of these claims for every
protocol the tree can be presented in, and that a correct submission runs the whole suite
in well under a second.

:func:`suite_cases` returns the trees for one algorithm; :func:`random_cases` adds
random ones (``--random N --seed S``) shaped for the protocol.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from gametree.homework.codecheck.treespec import TreeCase, tree_case
from gametree.notation import parse
from gametree.randomtrees import random_tree

__all__ = ["SUITE", "SuiteTree", "random_cases", "suite_cases"]


@dataclass(frozen=True)
class SuiteTree:
    """One built-in tree: its name, notation, depth limit, purpose and searches."""

    name: str
    text: str
    purpose: str
    algorithms: tuple[str, ...] = ("minimax", "alphabeta")
    depth: int | None = None


SUITE: tuple[SuiteTree, ...] = (
    SuiteTree(
        "fig52",
        "(A a1:(B b1:3 b2:12 b3:8) a2:(C c1:2 c2:4 c3:6) a3:(D d1:14 d2:5 d3:2))",
        "AIMA Figure 5.2: a cutoff at a MIN node after its first leaf; moves named a1..d3",
    ),
    SuiteTree(
        "equal-cut",
        "(A (B 3 5) (C 3 9) (D 2 7))",
        "a cutoff on equality (C's 3 = alpha 3: cutting on >= prunes 9, on > does not) and "
        "a tie between the root moves B and C",
    ),
    SuiteTree(
        "deep-cut",
        "(A (B 5 6) (C (D (E 4 9) (F 1 2)) 8))",
        "cutoffs at E and F that need alpha = 5 from the root passed down through C and D",
    ),
    SuiteTree(
        "both-sides",
        "(A (B (D 3 5) (E 5 9)) (C (F 2 4) (G 1 0)))",
        "a cutoff at a MAX node on equality (E's 5 = beta 5) and one at a MIN node (C)",
    ),
    SuiteTree(
        "min-root",
        "players: MIN MAX\n(A (B 3 12 8) (C 2 4 6) (D 14 5 2))",
        "a MIN root: MAX nodes below it, a cutoff at D once 14 >= beta 6",
    ),
    SuiteTree(
        "uneven",
        "(A (B 4 (E 1 7 3) 6) (C (F 2 9) 3) 5)",
        "leaves at depths 1, 2 and 3, a cutoff at the MAX node E; the best move leads "
        "straight to a leaf",
    ),
    SuiteTree(
        "long",
        "(A (B (D (F (H (J 1 2) 3) 4) 5) 6) (C 7 8))",
        "a line six plies deep (CS188: depth 3 with one ghost), where depth counted per "
        "agent and depth off by one stop at different plies",
    ),
    SuiteTree(
        "horizon",
        "(A (B=5 (D=4 1 9) (E=6 3 2)) (C=1 (F=2 8 7) (G=7 6 5)))",
        "a depth limit of 2 plies: D, E, F and G are scored by their heuristic values",
        depth=2,
    ),
    SuiteTree(
        "two-ghosts",
        "players: MAX MIN MIN\n(A (B (D 3 5) (E 1 8)) (C (F 6 2) (G 0 4)))",
        "two MIN levels in a row (CS188: Pacman and two ghosts); a cutoff at G",
    ),
    SuiteTree(
        "equal-first",
        "(A (B (D 3 5) (E 5 9)) 1)",
        "a cutoff on equality at E (5 = beta 5 from D) inside the first root move, and a "
        "move that ends the game at once: the root's alpha cannot matter here",
    ),
    SuiteTree(
        "three-way-tie",
        "(A (B 3 5) (D 3 9) (C 3 4))",
        "three root moves worth 3: the first is B, the last C, the greatest name D",
    ),
    SuiteTree(
        "inherited-bound",
        "(A (B 5 6) (C (D (E 3 9) (F 4 7)) 8))",
        "alpha = 5 inherited four levels down: D's first child E returns 3, below the "
        "alpha D was given, and F must still cut at its first leaf 4 <= 5",
    ),
    SuiteTree(
        "ghosts-long",
        "players: MAX MIN MIN\n(A (B (D (F (H (J (L 1 2) 3) 4) 5) 6) 7) (C 8 9))",
        "a line seven plies deep with two ghosts (CS188: three rounds), where depth "
        "counted per agent and counted twice per round stop at different plies",
    ),
    SuiteTree(
        "dice-counts",
        "players: MAX CHANCE\n(A (B 2 4) (C 1 2 4.5))",
        "chance nodes with 2 and 3 outcomes: B averages 3, C 2.5, but their sums (6 and "
        "7.5) reverse the order",
        algorithms=("expectiminimax",),
    ),
    SuiteTree(
        "ghost-pair-counts",
        "players: MAX CHANCE CHANCE\n(A (X 1.2 1.2 1.2) (Y (P 2 2)) (Z (Q 1.5 1.5) (R 1.5 1.5)))",
        "two random ghosts, outcomes ending at either ghost: the averages pick Y (2), the "
        "sums Z (6), sums divided by the ghost's index X (3.6)",
        algorithms=("expectiminimax",),
    ),
    SuiteTree(
        "dice-end",
        "players: MAX CHANCE MAX\n(A (B (D 1 3) 2) -1 (C 4 (E 6 2)))",
        "a move that ends the game at once (worth -1) beside chance nodes with outcomes at "
        "two depths; C has the best average",
        algorithms=("expectiminimax",),
    ),
    SuiteTree(
        "dice",
        "players: MAX CHANCE\n(A (B 0.9*3 0.1*10) (C 0.2*3 0.3*7 0.5*4) (D 0.25*0 0.75*6))",
        "chance nodes with unequal probabilities and two or three outcomes: B = 3.7, "
        "C = 4.7, D = 4.5; the worst, the best and the plain mean all pick B, the sum "
        "divided again picks D",
        algorithms=("expectiminimax",),
    ),
    SuiteTree(
        "ghost-dice",
        "players: MAX CHANCE MAX CHANCE\n(A (B (D 1 10) (E (H 4 0) (I 2 2))) (C (F 3 3) (G 9 0)))",
        "chance levels with equal odds under MAX levels (CS188: Pacman and a random "
        "ghost); B and C tie at 6",
        algorithms=("expectiminimax",),
    ),
    SuiteTree(
        "ghost-pair",
        "players: MAX CHANCE CHANCE\n"
        "(A (B (E 2 2) (F 2 2)) (C (G 9 0) (H 1 1)) (D (I 10 0) (J 0 -4)))",
        "two chance levels in a row (CS188: two random ghosts): C has the best average "
        "(2.75), B the best worst case, D the best outcome",
        algorithms=("expectiminimax",),
    ),
    SuiteTree(
        "long-dice",
        "players: MAX CHANCE\n(A (B (D (F (H (J 1 2) 3) 4) 5) 6) (C 7 8))",
        "a line six plies deep with chance levels (CS188: depth 3 with one random ghost)",
        algorithms=("expectiminimax",),
    ),
    SuiteTree(
        "dice-horizon",
        "players: MAX CHANCE MAX\n(A (B=0 (D=2 1 9) (E=8 3 4)) (C=9 (F=4 0 2) (G=6 5 7)))",
        "a depth limit of 2 plies with chance nodes above it; B and C tie at 5",
        algorithms=("expectiminimax",),
        depth=2,
    ),
)
"""The built-in trees, in the order reports list them."""


def suite_cases(algorithm: str, first_index: int = 0) -> list[TreeCase]:
    """The built-in trees for ``algorithm`` as :class:`TreeCase` objects."""
    cases: list[TreeCase] = []
    for tree in SUITE:
        if algorithm in tree.algorithms:
            G = parse(tree.text)
            index = first_index + len(cases)
            cases.append(
                tree_case(G, tree.name, index=index, depth=tree.depth, purpose=tree.purpose)
            )
    return cases


def random_cases(
    count: int, seed: int, algorithm: str, protocol: str, first_index: int = 0
) -> list[TreeCase]:
    """``count`` random trees shaped for ``protocol`` (players alternating for aima and
    mutable code, CS188's agent cycle with one or two ghosts for cs188, chance levels for
    expectiminimax), the same for the same seed."""
    rng = random.Random(seed)
    cases: list[TreeCase] = []
    for i in range(count):
        ghosts = "CHANCE" if algorithm == "expectiminimax" else "MIN"
        if protocol == "cs188":
            players: tuple[str, ...] = ("MAX",) + (ghosts,) * rng.choice((1, 2))
        elif algorithm == "expectiminimax":
            players = ("MAX", "CHANCE", "MIN", "CHANCE")
        elif protocol == "tree":
            players = rng.choice((("MAX", "MIN"), ("MIN", "MAX"), ("MAX", "MIN", "MIN")))
        else:
            players = rng.choice((("MAX", "MIN"), ("MIN", "MAX")))
        G = random_tree(
            (2, 3), rng.choice((2, 3, 3, 4)), seed=rng.randrange(1 << 30), players=players,
            values=(-9, 9),
        )  # fmt: skip
        name = f"random-{seed}-{i + 1}"
        cases.append(
            tree_case(G, name, index=first_index + i, purpose=f"random tree {i + 1} of seed {seed}")
        )
    return cases


# --- trees that show the bugs named from real non-CS188 code ------------------------------

REAL_CODE_TREES: tuple[SuiteTree, ...] = (
    SuiteTree(
        "inherited-bound-deep",
        "(A (B (D (H 9 6) (I 5 8)) (E (J 6 9) (K 4 0))) "
        "(C (F (L 8 1) (M 6 8)) (G (N 2 7) (O 2 0))))",
        "four plies: F's first child L scores 1, below the alpha 6 F inherits from A; "
        "keeping max(alpha, 1) = 6 stops M at its first leaf, overwriting alpha with "
        "1 (low = -score, not max(low, -score)) misses that cutoff two levels down",
    ),
    SuiteTree(
        "zero-leaf",
        "(A (B 4 (E 0 -3)) 0 (C 2 1))",
        "leaves worth 0, one of them a root move: a 0 is a value (code testing "
        "'if node.value' searches it as a node without children)",
    ),
)
"""Trees that show the catalogue's codes named from real non-CS188 code."""

SUITE = SUITE + REAL_CODE_TREES
