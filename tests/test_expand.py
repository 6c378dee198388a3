"""gametree.expand: node attributes, depth cuts, merging, limits, long chains."""

from __future__ import annotations

import io
from fractions import Fraction
from typing import Any

import pytest

import gametree
from gametree.games import Fig52Game, Nim, TicTacToe, expand
from gametree.games.expand import Progress


class Countdown:
    """A one-move-at-a-time game n, n-1, ..., 0: a chain n + 1 nodes deep."""

    def __init__(self, n: int) -> None:
        self.initial = n

    def to_move(self, s: int) -> str:
        return "MAX" if s % 2 == 0 else "MIN"

    def actions(self, s: int) -> list[int]:
        return [1] if s > 0 else []

    def result(self, s: int, a: int) -> int:
        return s - a

    def is_terminal(self, s: int) -> bool:
        return s == 0

    def utility(self, s: int) -> float:
        return 7


def test_node_and_edge_attributes() -> None:
    g = TicTacToe()
    s = g.state("XOX/OXO/O--", "X")
    G = expand(g, s)
    assert G.graph["root"] == 0
    root = G.nodes[0]
    assert root["state"] == s and root["label"] == g.render(s) and root["player"] == "MAX"
    assert "value" not in root
    assert [G.edges[0, c]["move"] for c in G.succ[0]] == [7, 8]
    for n in G:
        assert ("value" in G.nodes[n]) == (not G.succ[n])
    gametree.validate(G)


def test_depth_cut_nodes_get_the_heuristic() -> None:
    g = TicTacToe()
    G = expand(g, depth=1)
    # Root + 9 children, each cut at depth 1 with the open-lines score.
    assert len(G) == 10
    for c in G.succ[0]:
        data = G.nodes[c]
        assert data["cutoff"] is True and data["value"] == g.evaluate(data["state"])
    r = gametree.minimax(G, annotate=False)
    assert (r.best_child, r.best_move) == (5, 4)  # node 5 is the move to the centre, 4/9


def test_depth_zero_is_the_root_alone() -> None:
    G = expand(TicTacToe(), depth=0)
    assert len(G) == 1 and G.nodes[0]["cutoff"] is True and G.nodes[0]["value"] == 0


def test_depth_cut_without_evaluate_is_a_clear_error() -> None:
    with pytest.raises(gametree.GameError, match="no evaluate"):
        expand(Fig52Game(), depth=1)


def test_merge_makes_a_dag_with_one_node_per_position() -> None:
    # Nim (1, 1): MAX takes from pile 0 or 1 -> (0, 1) or (1, 0), then MIN empties the
    # other pile -> (0, 0) both ways: 1 + 2 + 1 = 4 positions, the last with 2 parents.
    G = expand(Nim((1, 1)), merge_transpositions=True)
    assert len(G) == 4
    end = [n for n in G if not G.succ[n]]
    assert len(end) == 1 and G.in_degree(end[0]) == 2
    assert len(expand(Nim((1, 1)))) == 5


def test_merge_with_depth_keeps_plies_apart() -> None:
    # Nim (2,): take 1 -> (1,) then (0,); take 2 -> (0,). Merged by (position, ply),
    # (0,) at ply 1 and at ply 2 stay two nodes.
    G = expand(Nim((2,)), merge_transpositions=True, depth=5)
    assert sorted(G.nodes[n]["label"] for n in G) == ["0", "0", "1", "2"]


def test_max_nodes_error_says_how_many_and_how_to_raise() -> None:
    with pytest.raises(gametree.GameError) as info:
        expand(TicTacToe(), max_nodes=100)
    text = str(info.value)
    assert "max_nodes=100" in text and "nodes so far" in text and "raise the limit" in text


def test_non_terminal_without_moves_is_reported() -> None:
    class Stuck(Countdown):
        def is_terminal(self, s: int) -> bool:
            return False

    with pytest.raises(gametree.GameError, match="no moves"):
        expand(Stuck(1))


def test_not_a_game() -> None:
    with pytest.raises(gametree.GameError, match="is not a game"):
        expand(object())


def test_long_chain_without_recursion() -> None:
    G = expand(Countdown(100_000))
    assert len(G) == 100_001
    assert gametree.minimax(G, annotate=False).value == 7


def test_progress_only_on_a_terminal() -> None:
    buf: Any = io.StringIO()
    p = Progress("expand", buf)
    p.last = -1e9
    p.update(10)
    p.close()
    assert buf.getvalue() == ""

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty = Tty()
    p = Progress("expand", tty)
    p.last = -1e9
    p.update(123_456)
    p.close()
    assert "123,456 nodes" in tty.getvalue()


def test_expand_writes_nothing_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    expand(TicTacToe(), merge_transpositions=True)
    assert capsys.readouterr().err == ""


# -- games with chance ----------------------------------------------------------------------


class CoinThenPick:
    """MAX picks 'safe' (worth 1) or 'gamble': a coin (heads 3/4) then MIN picks.

    After heads MIN chooses between 4 and 2, after tails between 0 and -8. By hand:
    gamble = 3/4 * min(4, 2) + 1/4 * min(0, -8) = 1.5 - 2 = -0.5, so MAX plays safe (1).
    With equal odds (no chance_outcomes): 1/2 * 2 + 1/2 * -8 = -3.
    """

    players = {"coin": "CHANCE", "max": "MAX", "min": "MIN"}  # noqa: RUF012
    initial = ()

    def __init__(self, odds: bool = True) -> None:
        if not odds:
            self.chance_outcomes = None  # type: ignore[assignment]

    def to_move(self, s: tuple[str, ...]) -> str:
        if self.is_terminal(s):
            return "max"
        return {0: "max", 1: "coin", 2: "min"}[len(s)]

    def actions(self, s: tuple[str, ...]) -> list[str]:
        if s == ("safe",):
            return []
        return [["safe", "gamble"], ["heads", "tails"], ["left", "right"]][len(s)]

    def chance_outcomes(self, s: tuple[str, ...]) -> list[tuple[str, Fraction]]:
        return [("heads", Fraction(3, 4)), ("tails", Fraction(1, 4))]

    def result(self, s: tuple[str, ...], a: str) -> tuple[str, ...]:
        return (*s, a)

    def is_terminal(self, s: tuple[str, ...]) -> bool:
        return s == ("safe",) or len(s) == 3

    def utility(self, s: tuple[str, ...]) -> float:
        if s == ("safe",):
            return 1
        return {("heads", "left"): 4, ("heads", "right"): 2, ("tails", "left"): 0}.get(s[1:], -8)


def test_chance_states_become_chance_nodes() -> None:
    G = expand(CoinThenPick())
    assert G.nodes[2]["player"] == "CHANCE"
    assert [G.edges[2, c] for c in G.successors(2)] == [
        {"move": "heads", "prob": Fraction(3, 4)},
        {"move": "tails", "prob": Fraction(1, 4)},
    ]
    r = gametree.expectiminimax(G, root=2, annotate=False)
    assert r.value == -0.5
    assert gametree.expectiminimax(G, annotate=False).value == 1
    H = expand(CoinThenPick(odds=False))
    assert "prob" not in H.edges[2, 3]
    assert gametree.expectiminimax(H, root=2, annotate=False).value == -3


def test_merged_outcomes_add_their_odds() -> None:
    class SameEither(CoinThenPick):
        def result(self, s: tuple[str, ...], a: str) -> tuple[str, ...]:
            return (*s, "coin") if len(s) == 1 else (*s, a)

    G = expand(SameEither(), merge_transpositions=True)
    assert [G.edges[2, c]["prob"] for c in G.successors(2)] == [1]


def test_game_searches_refuse_chance_and_matches_draw_outcomes() -> None:
    with pytest.raises(gametree.GameError, match="expectiminimax"):
        gametree.search_game(CoinThenPick(), ("gamble",))
    m = gametree.play(
        CoinThenPick(), gametree.first_open(), gametree.first_open(), games=1, state=("gamble",)
    )
    assert [mv.side for mv in m.games[0].moves] == ["CHANCE", "MIN"]
