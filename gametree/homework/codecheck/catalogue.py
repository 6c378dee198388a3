"""The bug catalogue: well-known mistakes in search code, each shown by mutants.

Every :class:`Bug` has a code (spelled as reports and tests use it), a sentence saying
what code with this bug does, one on how to fix it, and the mutations
(:class:`~gametree.homework.codecheck.mutants.Mutation`) that show it: a submission
whose recorded behaviour matches one of them is reported with the code. The codes the
issue asked for come first; the rest were found in student code (aima-python's own
``expect_minmax`` divides its weighted sum by the number of outcomes again and rolls
each outcome from the previous one; CS188's classic slips; the textbook fail-hard loop
with a strict cut).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gametree.homework.codecheck.mutants import Mutation

__all__ = ["BUGS", "NAMED_FROM_REAL_CODE", "Bug", "bugs_for"]

ALL = frozenset({"aima", "cs188", "mutable", "tree"})
PRUNING = frozenset({"alphabeta"})
SEARCHES = frozenset({"minimax", "alphabeta", "expectiminimax"})
CHANCE = frozenset({"expectiminimax"})
ROOT_LOOPS = frozenset({"aima", "cs188"})
"""Protocols whose code searches the root's moves in a loop of its own."""
ROOT_SENSITIVE = frozenset(
    {
        "window-not-passed",
        "one-sided-pruning",
        "bounds-swapped",
        "mixed-cutoff-rules",
        "fail-hard-strict",
        "depth-per-agent",
        "ghosts-alternate",
        "generates-all-successors",
        "depth-twice-per-round",
    }
)
"""Bugs that may be in the recursive functions only, the root's loop written right."""


@dataclass(frozen=True)
class Bug:
    """One catalogued mistake.

    Attributes
    ----------
    code : str
        Its name in reports (``no-pruning``).
    does : str
        What code with this bug does.
    fix : str
        How to fix it.
    protocols, algorithms : frozenset of str
        Where it can happen.
    mutations : tuple of Mutation
        The forms it takes.
    pinned : bool or None
        Only a bug when the course pinned ``prune_on_equal`` to this value
        (``prunes-on-equal``, ``misses-equal-cutoff``); None: always.
    """

    code: str
    does: str
    fix: str
    protocols: frozenset[str]
    algorithms: frozenset[str]
    mutations: tuple[Mutation, ...]
    pinned: bool | None = None
    own_rule: bool = False
    """Its mutations set the cut rule themselves; others run under both rules."""
    pruning_forms: tuple[Mutation, ...] = ()
    """Forms that only alpha-beta can take (a return at a cutoff)."""

    def forms(self, algorithm: str, protocol: str = "tree") -> tuple[Mutation, ...]:
        """The mutations to run for ``algorithm``: for alpha-beta each under both cut
        rules (>= and >) unless it sets its own, each named by the bug's code; for
        protocols whose code searches the root in a loop of its own (aima, cs188),
        also each with that loop right."""
        out = []
        forms = self.mutations + (self.pruning_forms if algorithm == "alphabeta" else ())
        if protocol in ROOT_LOOPS and self.code in ROOT_SENSITIVE:
            forms += tuple(
                replace(
                    m,
                    at_root=False,
                    variant=(m.variant + ", " if m.variant else "") + "not in the root's loop",
                )
                for m in forms
            )
        for m in forms:
            m = replace(m, code=self.code)
            if algorithm != "alphabeta" or self.own_rule:
                out.append(m)
                continue
            for poe in (True, False):
                rule = "cut on >=" if poe else "cut on >"
                variant = f"{m.variant}, {rule}" if m.variant else rule
                out.append(replace(m, variant=variant, poe_max=poe, poe_min=poe))
        return tuple(out)


BUGS: tuple[Bug, ...] = (
    Bug(
        "no-pruning",
        "your alpha-beta never prunes: it evaluates every leaf, as minimax does (code "
        "whose MAX nodes test and update MIN's bound, or the other way round, does this too)",
        "after each child, stop the loop once the value reaches the window's far bound "
        "(a MAX node: value >= beta; a MIN node: value <= alpha), and pass the narrowed "
        "window (alpha, beta) down to each child",
        ALL,
        PRUNING,
        (Mutation(prune=False),),
        own_rule=True,
    ),
    Bug(
        "prunes-on-equal",
        "your code also cuts when the value equals the bound (alpha >= beta); the course "
        "cuts only when it passes it (alpha > beta)",
        "test value > beta at MAX nodes and value < alpha at MIN nodes",
        ALL,
        PRUNING,
        (Mutation(),),
        pinned=False,
        own_rule=True,
    ),
    Bug(
        "misses-equal-cutoff",
        "your code cuts only when the value passes the bound (alpha > beta); the course "
        "also cuts when it equals it (alpha >= beta)",
        "test value >= beta at MAX nodes and value <= alpha at MIN nodes",
        ALL,
        PRUNING,
        (Mutation(poe_max=False, poe_min=False),),
        pinned=True,
        own_rule=True,
    ),
    Bug(
        "window-not-passed",
        "your code searches each child with a window of its own making (at most its own "
        "best value so far), not the window it was given, so cutoffs that need a bound "
        "set higher up are missed",
        "pass the node's current (alpha, beta), the one it received and narrowed, to every child",
        ALL,
        PRUNING,
        (
            Mutation(variant="only its own best value as a bound", window="own"),
            Mutation(variant="every call gets (-inf, inf)", window="open"),
        ),
    ),
    Bug(
        "one-sided-pruning",
        "your code cuts off at only one kind of node (only MAX or only MIN nodes)",
        "test for a cutoff at both: MAX nodes stop once value >= beta, MIN nodes once "
        "value <= alpha",
        ALL,
        PRUNING,
        (
            Mutation(variant="only MAX nodes cut", cut_min=False),
            Mutation(variant="only MIN nodes cut", cut_max=False),
        ),
    ),
    Bug(
        "bounds-swapped",
        "a node tests or updates the wrong bound (a MAX node compares its value with "
        "alpha or lowers beta, as a MIN node does, or the other way round)",
        "a MAX node compares its value with beta and raises alpha; a MIN node compares "
        "with alpha and lowers beta",
        ALL,
        PRUNING,
        (
            Mutation(variant="MAX nodes test alpha", max_bounds="wrong-test"),
            Mutation(variant="MIN nodes test beta", min_bounds="wrong-test"),
            Mutation(variant="MAX nodes use MIN's test and update", max_bounds="swap"),
            Mutation(variant="MIN nodes use MAX's test and update", min_bounds="swap"),
        ),
    ),
    Bug(
        "tie-break-last",
        "among moves of equal value your code keeps the last one (it replaces the best "
        "move on >=); with pruning that can even pick a move that is worse",
        "replace the best move only on a strictly better value (value > best)",
        ALL,
        SEARCHES,
        (Mutation(tie="last"),),
    ),
    Bug(
        "depth-per-agent",
        "your code counts one depth per agent; in CS188 one depth is every agent moving "
        "once (Pacman and each ghost)",
        "increase the depth only when play returns to Pacman (agent 0), after the last ghost",
        frozenset({"cs188"}),
        SEARCHES,
        (Mutation(depth="per-agent"),),
    ),
    Bug(
        "ghosts-alternate",
        "after the first ghost your code gives the move back to Pacman; every ghost "
        "moves before Pacman moves again",
        "the next agent is (agentIndex + 1) % gameState.getNumAgents()",
        frozenset({"cs188"}),
        SEARCHES,
        (Mutation(agents="alternate"),),
    ),
    Bug(
        "chance-not-averaged",
        "at chance nodes your code takes the worst (or best) outcome instead of the average",
        "a chance node's value is the sum of probability x value over its outcomes",
        ALL,
        CHANCE,
        (
            Mutation(variant="takes the minimum", chance="min"),
            Mutation(variant="takes the maximum", chance="max"),
        ),
    ),
    Bug(
        "chance-unweighted",
        "your code averages the outcomes of a chance node without their probabilities",
        "weigh each outcome by its probability: sum(p * value)",
        frozenset({"aima", "tree"}),
        CHANCE,
        (Mutation(chance="unweighted"),),
    ),
    Bug(
        "chance-divided-twice",
        "your code weighs the outcomes by their probabilities and then divides the sum "
        "by the number of outcomes again (as aima-python's expect_minmax does)",
        "the probability-weighted sum is already the average: do not divide it",
        frozenset({"aima", "tree"}),
        CHANCE,
        (Mutation(chance="divided"),),
    ),
    Bug(
        "outcome-chained",
        "your code rolls each outcome from the state the previous outcome produced (it "
        "reassigns the state inside its loop, as aima-python's expect_minmax does)",
        "keep the chance node's state in its own variable and roll every outcome from it",
        frozenset({"aima"}),
        CHANCE,
        (Mutation(chance="chained"),),
    ),
    Bug(
        "negamax-sign",
        "your negamax does not negate a child's value: a value for the opponent is used "
        "as if it were for the player to move",
        "value = -negamax(child, ...) (and pass (-beta, -alpha) down)",
        frozenset({"mutable"}),
        SEARCHES - CHANCE,
        (Mutation(negate=False),),
    ),
    Bug(
        "utility-wrong-view",
        "your code reads the utility from the wrong player's point of view (aima: "
        "utility(state, to_move(state)) instead of the searching player's; negamax: the "
        "value negated)",
        "aima: call utility(state, player) with the player to move at the root; the "
        "mutable game's get_utility() is already for the player to move",
        frozenset({"aima", "mutable"}),
        SEARCHES - CHANCE,
        (Mutation(leaf_view="wrong"),),
    ),
    Bug(
        "state-not-restored",
        "your code makes moves without always taking them back (make_move without "
        "unmake_move, or a return at a cutoff before the unmake)",
        "call unmake_move(move) after every recursive call, before any return",
        frozenset({"mutable"}),
        SEARCHES - CHANCE,
        (Mutation(variant="never unmakes", restore="never"),),
        pruning_forms=(
            Mutation(variant="returns at a cutoff before unmaking", restore="not-on-cutoff"),
        ),
    ),
    Bug(
        "mixed-cutoff-rules",
        "your code cuts on >= at one kind of node and on > at the other",
        "use one rule for both: value >= beta and value <= alpha (or > and <)",
        ALL,
        PRUNING,
        (
            Mutation(variant="MAX >=, MIN >", poe_min=False),
            Mutation(variant="MAX >, MIN >=", poe_max=False),
        ),
        own_rule=True,
    ),
    Bug(
        "fail-hard-strict",
        "your code returns alpha or beta themselves (fail-hard) and cuts only when a "
        "value passes the bound: a child that failed low then reports exactly alpha, "
        "which no longer passes it, so cutoffs after inner children are missed",
        "return the value the node found (fail-soft), or cut on >= (value <= alpha)",
        ALL,
        PRUNING,
        (Mutation(clamp=True, poe_max=False, poe_min=False),),
        own_rule=True,
    ),
    Bug(
        "root-alpha-not-updated",
        "your top-level loop searches every root move with the initial window (-inf, "
        "inf), so what the first moves proved never prunes the later ones",
        "at the root, raise alpha to the best value so far and pass it to the next move",
        ALL,
        PRUNING,
        (Mutation(window="root-fixed"),),
    ),
    Bug(
        "generates-all-successors",
        "your code generates every successor of a node before searching the first, so "
        "it generates states that alpha-beta prunes (CS188 counts them)",
        "generate each successor inside the loop, just before searching it",
        frozenset({"aima", "cs188"}),
        PRUNING,
        (Mutation(eager=True),),
    ),
    # --- issue 34 (h34-courses): CS188 and checker-wide codes ----------------------
    Bug(
        "chance-summed",
        "your code adds up the outcomes of a chance node instead of averaging them, so a "
        "move with more outcomes looks better than it is",
        "divide the sum by the number of outcomes (CS188's ghosts are uniform), or weigh "
        "each outcome by its probability: sum(p * value)",
        ALL,
        CHANCE,
        (
            Mutation(variant="a plain sum", chance="sum"),
            Mutation(variant="the sum plus 1/n", chance="sum-plus-inverse"),
        ),
    ),
    Bug(
        "chance-misdivided",
        "your code divides the sum of a chance node's outcomes by the ghost's agent "
        "index, not by the number of outcomes",
        "divide by len(actions), the number of the ghost's legal actions",
        frozenset({"cs188"}),
        CHANCE,
        (Mutation(variant="divided by the agent index", chance="by-agent"),),
    ),
    Bug(
        "tie-break-by-name",
        "among moves of equal value your code picks the one whose name sorts last (it "
        "takes max over (value, action) pairs), not the first one",
        "compare values only: keep the first move found with the best value",
        ALL,
        SEARCHES,
        (Mutation(tie="name"),),
    ),
    Bug(
        "root-terminal-unchecked",
        "your top-level loop searches each root move with a function that never tests for "
        "the end of the game first, so a move that ends the game gets the node's "
        "initial infinity instead of its score",
        "test isWin()/isLose() (aima: terminal_test) at the start of the function the "
        "root's loop calls, not only before each recursive call",
        ROOT_LOOPS,
        SEARCHES,
        (Mutation(root_children_tested=False),),
    ),
    Bug(
        "depth-twice-per-round",
        "your code counts the depth down twice per round (when Pacman moves and again when "
        "play comes back to him), so it stops about half as deep as it should",
        "count one depth per round: increase it only when play returns to Pacman",
        frozenset({"cs188"}),
        SEARCHES,
        (Mutation(depth="twice"),),
    ),
    Bug(
        "depth-in-loop",
        "your code adds to the depth inside the last ghost's loop over its moves, so each "
        "later move is searched less deep than the first",
        "compute the next depth once, before the loop, and pass the same value to every move",
        frozenset({"cs188"}),
        SEARCHES,
        (Mutation(depth="in-loop"),),
    ),
    # --- end of issue 34 (h34-courses) ----------------------------------------------
    Bug(
        "depth-off-by-one",
        "your code searches one level too deep or too shallow",
        "stop where the depth limit says: aima's cutoff test is depth > d with the root's "
        "children at depth 1; CS188's depth d is d rounds of every agent",
        ALL,
        SEARCHES,
        (
            Mutation(variant="one level deeper", depth="plus-one"),
            Mutation(variant="one level shallower", depth="minus-one"),
        ),
    ),
)
"""Every catalogued bug, the issue's codes first."""

# --- bugs named from real non-CS188 code (aima, mutable and plain-node files) -------------

NAMED_FROM_REAL_CODE: tuple[Bug, ...] = (
    Bug(
        "best-move-overwritten",
        "your code sets the best move after every child, not only when the child is "
        "better: it returns the last move it searched",
        "set best_move = move inside the if that found a better value",
        ALL,
        SEARCHES - CHANCE,
        (Mutation(best_move="last"),),
    ),
    Bug(
        "window-swapped",
        "your code gives a child the window the wrong way round: (beta, alpha) (in "
        "negamax (-alpha, -beta)), or its own window negated and swapped again before "
        "every child (alpha, beta = -beta, -alpha inside the loop), so nodes stop "
        "where alpha-beta goes on, or go on where it stops",
        "pass (alpha, beta) to the child (in negamax: -negamax(child, -beta, -alpha)), "
        "and never change the node's own alpha and beta but to narrow them",
        ALL,
        PRUNING,
        (
            Mutation(variant="passed as (beta, alpha)", window="swapped"),
            Mutation(variant="negated and swapped inside the loop", window="swap-in-loop"),
        ),
    ),
    Bug(
        "bound-overwritten",
        "your code sets alpha (or beta) to a child's score, overwriting the bound it "
        "inherited from above (low = -score instead of low = max(low, -score)), so "
        "cutoffs further down are missed",
        "keep the better bound: alpha = max(alpha, value) at MAX nodes, beta = min(beta, "
        "value) at MIN nodes",
        ALL,
        PRUNING,
        (
            Mutation(
                variant="the first child's score replaces the inherited bound", bound_update="best"
            ),
            Mutation(variant="each child's score replaces the bound", bound_update="child"),
        ),
    ),
    Bug(
        "colour-not-flipped",
        "your negamax passes its own colour to the children instead of its negation, so "
        "every leaf is read for the root's player",
        "call -negamax(child, depth - 1, -color)",
        frozenset({"tree"}),
        SEARCHES - CHANCE,
        (Mutation(colour="fixed"),),
    ),
    Bug(
        "evaluation-negated",
        "your code negates a leaf's value where MIN is to move (negamax's leaf rule) but "
        "takes the max and min of the values as minimax does: MIN's leaves are read the "
        "wrong way round",
        "in minimax return node.value as it is (MAX's point of view); negate only in "
        "negamax, which then takes the max of negated values everywhere",
        frozenset({"tree"}),
        SEARCHES - CHANCE,
        (Mutation(leaf_view="wrong"),),
    ),
    Bug(
        "zero-as-no-value",
        "your code takes a leaf worth 0 for a node without a value (if node.value: ...) "
        "and searches it as an inner node with no children",
        "test for a leaf with 'if not node.children' (or 'node.value is not None'), "
        "never with the value's truth",
        frozenset({"tree"}),
        SEARCHES - CHANCE,
        (Mutation(zero="none"),),
    ),
)
"""Codes for mistakes met in real aima, mutable and plain-node files that the catalogue
above did not name (or named after a side effect)."""

BUGS = BUGS + NAMED_FROM_REAL_CODE


def bugs_for(protocol: str, algorithm: str, pinned: bool | None) -> tuple[Bug, ...]:
    """The bugs that can happen in ``protocol`` code for ``algorithm`` under a course
    that pinned ``prune_on_equal`` to ``pinned`` (None: any documented convention)."""
    return tuple(
        bug
        for bug in BUGS
        if protocol in bug.protocols
        and algorithm in bug.algorithms
        and (bug.pinned is None or bug.pinned == pinned)
    )


# --- issue 34 (h34-courses): bugs named from what the run says, not from a mutant ----


@dataclass(frozen=True)
class ObservedBug:
    """A mistake named from the run's error or the file itself (no mutant can show
    it: it crashes, or its behaviour is random)."""

    code: str
    does: str
    fix: str


PYTHON2 = ObservedBug(
    "python2-idiom",
    "your file uses Python 2 (sys.maxint, xrange, print without parentheses, "
    "dict.iteritems, ...), which Python 3 does not have",
    "use float('inf') (or math.inf) for sys.maxint, range for xrange, print(...), "
    ".items() for .iteritems()",
)
RANDOM_TIES = ObservedBug(
    "random-tie-break",
    "your code picks among moves at random (random.choice or shuffle), so which move it "
    "returns, and sometimes its result, changes from run to run",
    "among equal values keep the first move found; search the moves in the order "
    "getLegalActions gives them",
)
CRASH = ObservedBug(
    "crash",
    "your code raised an exception: the trees listed never got an answer",
    "read the error and the line of your file it names",
)
PYTHON2_SIGNS = (
    "has no attribute 'maxint'",
    "name 'xrange' is not defined",
    "Missing parentheses in call to 'print'",
    "has no attribute 'iteritems'",
    "has no attribute 'itervalues'",
    "name 'raw_input' is not defined",
    "has no attribute 'has_key'",
)
"""Error messages that mean Python 2 code run by Python 3."""
