"""gametree.expand: node attributes, depth cuts, merging, limits, long chains."""

from __future__ import annotations

import io
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
