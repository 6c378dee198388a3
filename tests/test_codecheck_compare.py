"""The comparison and its first divergence, one kind at a time (no child process).

Each run is a catalogued mutant run in this process through the protocol and recorder,
on a tree whose right search is worked out by hand in the comments.
"""

from __future__ import annotations

import gametree
from gametree.homework.codecheck.behaviour import Behaviour, behaviour
from gametree.homework.codecheck.compare import error_text, judge
from gametree.homework.codecheck.mutants import Mutation, mutant_entry
from gametree.homework.codecheck.protocols import run_in_process
from gametree.homework.codecheck.reference import expected
from gametree.homework.codecheck.treespec import tree_case

FIG52 = tree_case(gametree.parse("(A a1:(B 3 12 8) a2:(C 2 4 6) a3:(D 14 5 2))"), "fig52")


def run(protocol: str, algorithm: str, m: Mutation, case: object = FIG52) -> Behaviour:
    return run_in_process(mutant_entry(protocol, algorithm, m), case, protocol, algorithm)  # type: ignore[arg-type]


def test_the_right_search_is_judged_right_and_no_pruning_is_not() -> None:
    e = expected(FIG52, "alphabeta", True)
    assert judge(run("tree", "alphabeta", Mutation()), e, "tree").ok
    verdict = judge(run("tree", "alphabeta", Mutation(prune=False)), e, "tree")
    assert not verdict.ok and verdict.common == 4  # E F G H read right, then I
    assert verdict.divergence is not None and verdict.divergence.kind == "evaluation"
    assert verdict.divergence.got == "I" and verdict.divergence.expected == "K"


def test_a_cut_too_early_says_why_the_search_goes_on() -> None:
    """MIN nodes testing beta cut after their first child: at B after E = 3, 3 >= beta
    inf is false for the search, so it goes on to F; the mutant skipped it."""
    e = expected(FIG52, "alphabeta", True)
    b = run("tree", "alphabeta", Mutation(min_bounds="wrong-test"))
    d = judge(b, e, "tree").divergence
    assert d is not None and d.node == "F"
    assert "after E returned 3, 3 > alpha -inf, so alpha-beta does not stop at B" in d.text
    assert d.text.endswith("your code evaluated H instead")


def test_a_cs188_call_for_the_wrong_agent_is_the_first_divergence() -> None:
    # Two ghosts, depth 2 rounds: after ghost 1 at B, ghost 2 moves at D (ply 2).
    case = tree_case(gametree.parse("players: MAX MIN MIN\n(A (B (D (G (J 1 2) 3) 4) 5) 6)"), "t")
    e = expected(case, "minimax", None)
    d = judge(run("cs188", "minimax", Mutation(agents="alternate"), case), e, "cs188").divergence
    assert d is not None and d.kind == "agent" and d.node == "D"
    assert "where the 2nd ghost (agent 2) moves" in d.text


def test_a_game_left_mid_search_and_a_wrong_value_are_told() -> None:
    e = expected(FIG52, "minimax", None)
    d = judge(run("mutable", "minimax", Mutation(restore="never")), e, "mutable").divergence
    assert d is not None and d.kind == "error" and "make_move" in d.text
    d = judge(run("mutable", "minimax", Mutation(negate=False)), e, "mutable").divergence
    assert d is not None and d.kind in ("action", "value")


def test_an_extra_generated_successor_names_the_cutoff_that_prunes_it() -> None:
    e = expected(FIG52, "alphabeta", True)
    b = run("cs188", "alphabeta", Mutation(eager=True))
    d = judge(b, e, "cs188").divergence
    assert d is not None and d.kind == "generation" and d.node == "I"
    assert "C (MIN) the value 2 <= alpha 3" in d.text
    assert d.text.endswith("generate a successor only when you are about to search it")


def test_a_value_and_a_move_on_ties() -> None:
    case = tree_case(gametree.parse("(A (B 3 5) (C 3 9) (D 2 7))"), "t")
    e = expected(case, "minimax", None)
    d = judge(run("cs188", "minimax", Mutation(tie="last"), case), e, "cs188").divergence
    assert d is not None and d.kind == "action"
    assert (
        d.text
        == "your code chose C, worth 3 like B: of equal moves the first one, B, is the answer"
    )
    assert judge(
        run("cs188", "minimax", Mutation(tie="last"), case), e, "cs188", tie_break="any"
    ).ok


def test_error_text_per_kind() -> None:
    assert (
        error_text({"kind": "timeout", "message": "ran for more than 2 s"})
        == "it ran out of time: ran for more than 2 s"
    )
    assert "RecursionError" in error_text({"kind": "recursion"})
    assert error_text({"kind": "memory"}, 256) == "it ran out of memory (256 MB)"
    assert (
        error_text({"kind": "exception", "type": "KeyError", "message": "'x'"}) == "KeyError: 'x'"
    )
    assert behaviour({"log": [["g", "B", 1], ["e", "B", 1], ["e", "B", 1]]}).evaluations == ("B",)
