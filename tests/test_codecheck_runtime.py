"""The protocols, the recorder and the parameter binding, run in this process.

Known answers are read off the trees by hand: in AIMA Figure 5.2 (A's children B, C, D;
leaves E..M breadth-first) a search that enters B and reads E has made one generation
(``result``) for B, one for E, and one value read.
"""

from __future__ import annotations

import math

import pytest

import gametree
from gametree.homework.codecheck.behaviour import behaviour
from gametree.homework.codecheck.runtime import aima, cs188, mutable, plaintree
from gametree.homework.codecheck.runtime.binding import BindError, bind
from gametree.homework.codecheck.runtime.recorder import Recorder, Refusal
from gametree.homework.codecheck.runtime.standins import pacman, util
from gametree.homework.codecheck.runtime.treedata import TreeData
from gametree.homework.codecheck.treespec import tree_case

FIG52 = "(A a1:(B b1:3 b2:12 b3:8) a2:(C c1:2 c2:4 c3:6) a3:(D d1:14 d2:5 d3:2))"


def data(text: str, depth: int | None = None) -> TreeData:
    return TreeData(tree_case(gametree.parse(text), "t", depth=depth).spec)


def test_tree_data_reads_players_values_moves_and_depth() -> None:
    tree = data("(A (B=4 1 2) (C=7 3 4))", depth=1)
    assert tree.children("A") == ["B", "C"] and tree.moves("A") == ["B", "C"]
    assert tree.player("A") == "MAX" and tree.player("B") == "MIN" and tree.player("D") is None
    assert tree.at_horizon("B") and tree.evaluable("B") and not tree.evaluable("A")
    assert tree.mover("D") == "MAX"  # MIN moved last into the leaf D
    assert tree.ply["D"] == 2 and tree.height() == 2


def test_aima_game_records_generations_and_values_and_negates_for_min() -> None:
    rec = Recorder()
    game = aima.AimaGame(data(FIG52), rec)
    state = game.initial
    assert game.to_move(state) == "MAX" and game.actions(state) == ["a1", "a2", "a3"]
    b = game.result(state, "a1")
    assert game.to_move(b) == "MIN" and not game.terminal_test(b)
    e = game.result(b, "b1")
    assert game.terminal_test(e) and game.is_terminal(e)
    assert game.utility(e, "MAX") == 3 and game.utility(e, "MIN") == -3
    assert rec.log == [["g", "B", 1], ["g", "E", 2], ["e", "E", 2], ["e", "E", 2]]
    assert behaviour({"log": rec.log}).evaluations == ("E",)  # one read per visit


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda g, s: g.result(s, "zz"), "not a move at A"),
        (lambda g, s: g.utility(s, "MAX"), "not terminal"),
        (lambda g, s: g.utility(g.result(g.result(s, "a1"), "b1"), "X"), "the players are"),
        (lambda g, s: g.result(g.result(g.result(s, "a1"), "b1"), "q"), "a terminal state"),
        (lambda g, s: g.actions("A"), "not a state of this game"),
        (lambda g, s: g.chances(s), "not a chance node"),
    ],
)
def test_aima_game_refuses_what_the_tree_does_not_allow(call: object, words: str) -> None:
    rec = Recorder()
    game = aima.AimaGame(data(FIG52), rec)
    with pytest.raises(Refusal, match=words):
        call(game, game.initial)  # type: ignore[operator]
    with pytest.raises(Refusal):  # once refused, every later call is refused too
        game.actions(game.initial)
    assert rec.log[-1][0] == "r"


def test_aima_chances_and_outcomes_with_their_probabilities() -> None:
    rec = Recorder()
    game = aima.AimaGame(data("players: MAX CHANCE\n(A (B 0.25*1 0.75*3))"), rec)
    b = game.result(game.initial, "B")
    assert game.to_move(b) == "CHANCE" and b.to_move == "CHANCE"
    chances = game.chances(b)
    assert [str(c) for c in chances] == ["C", "D"]  # the leaves, named breadth-first
    assert [game.probability(c) for c in chances] == [0.25, 0.75]
    d = game.outcome(b, chances[0])
    with pytest.raises(Refusal, match="not a chance node"):  # aima's reassigned state
        game.outcome(d, chances[1])


def test_aima_depth_is_presented_as_d_minus_one() -> None:
    """aima's cutoff search evaluates at depth d + 1 (the root's children are depth 1)."""
    seen = {}

    def alpha_beta_cutoff_search(state: object, game: object, d: int = 4) -> str:
        seen["d"] = d
        return "B"

    aima.run(
        alpha_beta_cutoff_search, data("(A (B=4 1 2) (C=7 3 4))", depth=1), Recorder(), "alphabeta"
    )
    assert seen["d"] == 0


def test_cs188_state_cycles_agents_and_scores_only_at_leaves_or_the_limit() -> None:
    tree = data("players: MAX MIN MIN\n(A (B (D 3 5) (E 1 8)) (C (F 6 2) (G 0 4)))")
    assert cs188.agent_count(tree) == 3 and cs188.search_depth(tree) == 1
    rec = Recorder()
    session = cs188.Session(tree, rec, "minimax")
    root = pacman.GameState(session, tree.root, 0)
    assert root.getNumAgents() == 3 and root.getLegalActions(0) == ["B", "C"]
    b = root.generateSuccessor(0, "B")
    d = b.generateSuccessor(0, "D")  # B's level belongs to ghost 1: noted, still answered
    assert rec.log[-2][0] == "n" and "where the 1st ghost (agent 1) moves" in rec.log[-2][3]
    leaf = d.generateSuccessor(2, d.getLegalActions(2)[0])
    assert leaf.isLose() is False and leaf.isWin() is True and leaf.getScore() == 3.0
    with pytest.raises(Refusal, match="non-terminal state"):
        b.getScore()
    fresh = pacman.GameState(cs188.Session(tree, Recorder(), "minimax"), tree.root, 0)
    with pytest.raises(Refusal, match="Pacman grid game"):
        fresh.getPacmanPosition()


def test_cs188_presentable_needs_a_max_root_and_the_agent_cycle() -> None:
    assert cs188.presentable(data("players: MIN MAX\n(A (B 1 2))"), "minimax") is not None
    assert "unequal odds" in (
        cs188.presentable(data("players: MAX CHANCE\n(A (B 0.2*1 0.8*2))"), "expectiminimax") or ""
    )
    assert cs188.presentable(data("(A (B=1 (D=1 1) 2) 4)", depth=2), "minimax") is None


def test_util_lookup_finds_a_function_in_a_namespace() -> None:
    def scoreEvaluationFunction(state: object) -> int:
        return 1

    assert (
        util.lookup(
            "scoreEvaluationFunction",
            {"scoreEvaluationFunction": scoreEvaluationFunction, "util": util},
        )
        is scoreEvaluationFunction
    )
    with pytest.raises(LookupError, match="not found"):
        util.lookup("nothing", {})
    with pytest.raises(util.NotDefined, match="not written yet"):
        util.raiseNotDefined()


def test_mutable_game_makes_and_unmakes_and_refuses_out_of_order() -> None:
    rec = Recorder()
    game = mutable.MutableGame(data("(A (B 3 12) (C 2 4))"), rec)
    assert game.get_moves() == ["B", "C"] and game.getUtility() is None and not game.is_over()
    game.make_move("B")
    game.makeMove("D")
    assert game.is_over() and game.get_utility() == 3  # MIN moved last: MAX to move
    with pytest.raises(Refusal, match="last move made was 'D'"):
        game.unmake_move("B")
    assert rec.log[:3] == [["g", "B", 1], ["g", "D", 2], ["e", "D", 2]]


def test_mutable_refuses_unmake_at_the_start_and_illegal_moves() -> None:
    game = mutable.MutableGame(data("(A (B 3 12) (C 2 4))"), Recorder())
    with pytest.raises(Refusal, match="no move has been made"):
        game.unmake_move("B")
    game = mutable.MutableGame(data("(A (B 3 12) (C 2 4))"), Recorder())
    with pytest.raises(Refusal, match="not a legal move"):
        game.make_move("Z")


def test_plain_nodes_count_a_child_generated_when_first_read() -> None:
    rec = Recorder()
    root = plaintree.TreeNode(data("players: MAX CHANCE\n(A (B 0.5*1 0.5*3) 4)"), rec, "A", 0)
    kids = root.children
    assert rec.log == []  # nothing read from the children yet
    assert kids[0].player == "CHANCE" and kids[0].probability is None
    grand = kids[0].children
    assert grand[1].probability == 0.5 and grand[1].value == 3 and grand[1].move == "E"
    assert kids[1].value == 4
    assert rec.log == [["g", "B", 1], ["g", "E", 2], ["e", "E", 2], ["g", "C", 3], ["e", "C", 3]]


def test_bind_fills_parameters_by_their_names_in_any_order() -> None:
    def negamaxAB(game: object, alpha: float, beta: float, depthLeft: int) -> None: ...

    def f(depth_left: int, node: object, maximizingPlayer: bool) -> None: ...

    game = object()
    b = bind(negamaxAB, [("game", game, frozenset({"game"}))], depth=3)
    assert b.args == [game, -math.inf, math.inf, 3] and b.takes_depth and b.takes_window
    b = bind(f, [("node", game, frozenset({"node"}))], depth=2, maximizing=False)
    assert b.args == [2, game, False]

    def g(node: object, weights: list[int]) -> None: ...

    with pytest.raises(BindError, match="'weights'"):
        bind(g, [("node", game, frozenset({"node"}))])


def test_recorder_refuses_past_its_call_limit() -> None:
    rec = Recorder(limit=3)
    game = mutable.MutableGame(data("(A (B 3 12) (C 2 4))"), rec)
    for _ in range(3):
        game.get_moves()
    with pytest.raises(Refusal, match="more than 3 calls"):
        game.get_moves()
