"""Built-in games: rules, rendering, heuristics and known facts, derived by hand."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree import GameError
from gametree.games import ConnectFour, Fig52Game, Nim, TicTacToe, expand, search_game

# -- tic-tac-toe -----------------------------------------------------------------------


def test_tictactoe_lines_by_hand() -> None:
    # 3x3, k=3: 3 rows + 3 columns + 2 diagonals = 8 lines.
    assert len(TicTacToe().lines) == 8
    # 4x4, k=3: rows 4 x 2 starts = 8, columns 8, each diagonal direction 2 x 2 = 4 -> 24.
    assert len(TicTacToe(4, 4, 3).lines) == 24


def test_tictactoe_win_draw_and_utility() -> None:
    g = TicTacToe()
    s = g.state("XX-/OO-/---")
    won = g.result(s, 2)  # X completes the top row
    assert won.winner == "X" and g.is_terminal(won) and g.utility(won) == 1
    assert g.actions(won) == ()
    lost = g.result(g.swap_turn(s), 5)  # O completes the middle row
    assert g.utility(lost) == -1
    draw = g.state("XOX/XOO/OXX")
    assert g.is_terminal(draw) and g.utility(draw) == 0
    assert TicTacToe(win=10).utility(TicTacToe(win=10).result(s, 2)) == 10


def test_tictactoe_result_is_pure_and_rejects_bad_moves() -> None:
    g = TicTacToe()
    s = g.initial
    t = g.result(s, 4)
    assert s == g.initial and t.board == "----X----" and t.to_move == "O"
    for bad in (4, 9, -1, "a"):
        with pytest.raises(gametree.GameError, match="not playable"):
            g.result(t, bad)


def test_tictactoe_evaluate_counts_open_lines() -> None:
    # Empty board: 8 lines open for each side -> 0. X in the centre: 8 lines hold no O,
    # the 4 lines through the centre hold an X, so 8 - 4 = 4 are open for O: 8 - 4 = 4.
    g = TicTacToe(win=9)  # win = lines + 1, so the score is the plain difference
    assert g.evaluate(g.initial) == 0
    assert g.evaluate(g.result(g.initial, 4)) == 4
    # With win=1 the same score is scaled by 1/9, strictly between a loss and a win.
    assert TicTacToe().evaluate(g.result(g.initial, 4)) == pytest.approx(4 / 9)


def test_tictactoe_render_and_state_text() -> None:
    g = TicTacToe()
    s = g.state("x-o/-x-/o..")
    assert g.render(s) == "X-O\n-X-\nO--"
    assert s.to_move == "X"
    with pytest.raises(gametree.GameError, match="has 8 cells"):
        g.state("XO-/---/--")
    with pytest.raises(gametree.GameError, match="bad cell"):
        g.state("XO?/---/---")
    with pytest.raises(gametree.GameError, match="both X and O"):
        g.state("XXX/OOO/---")


def test_tictactoe_bad_sizes() -> None:
    with pytest.raises(gametree.GameError, match="cannot fit"):
        TicTacToe(3, 3, 4)
    with pytest.raises(gametree.GameError, match="positive integer"):
        TicTacToe(0, 3, 3)


def test_tictactoe_merged_positions_and_value() -> None:
    # Known facts: 5,478 distinct positions reachable from the empty board; a draw.
    G = expand(TicTacToe(), merge_transpositions=True)
    assert len(G) == 5478
    assert search_game(TicTacToe(), record=False).value == 0
    assert gametree.alphabeta(G, transposition_table=True, annotate=False).value == 0


@pytest.mark.skipif(
    not __import__("os").environ.get("GAMETREE_SLOW"),
    reason="the full 549,946-node expansion takes seconds; set GAMETREE_SLOW=1",
)
def test_tictactoe_full_tree_counts() -> None:
    G = expand(TicTacToe())
    assert len(G) == 549_946
    assert sum(1 for n in G if not G.succ[n]) == 255_168


def test_tictactoe_small_tree_by_hand() -> None:
    # X to move with cells 7 and 8 open on "XO X O  ... ": X at 7? no line; X at 8 wins the
    # diagonal 0-4-8. Tree: root, two children; after 7, O must take 8 (a full board,
    # no line for O) -> 4 nodes; after 8, terminal. Total 1 + 2 + 1 = 4 nodes, 2 leaves.
    g = TicTacToe()
    s = g.state("XOX/OXO/O--", "X")
    G = expand(g, s)
    assert len(G) == 4 and sorted(G.nodes[n].get("value") for n in G if not G.succ[n]) == [0, 1]
    assert search_game(g, s).best_move == 8


# -- Connect Four ----------------------------------------------------------------------


def test_connect_four_wins_in_every_direction() -> None:
    c = ConnectFour()
    # Vertical: X plays column 0 four times, O column 1 in between.
    assert c.state("0101010").winner == "X"
    # Horizontal: X 0,1,2,3 on the bottom row, O stacks on top of them.
    assert c.state("0011223").winner == "X"
    # Diagonal /: X at (0,0), (1,1), (2,2), (3,3).
    # X 0, O 1, X 1, O 2, X 3, O 2, X 2, O 3, X 0, O 3, X 3 (the last fills (3, 3)).
    s = c.state("01123223033")
    assert s.winner == "X"
    assert c.utility(s) == c.win and c.actions(s) == []


def test_connect_four_full_column_and_render() -> None:
    c = ConnectFour(2, 3, 2)
    s = c.state("0")
    s = c.result(s, 0)  # O on top: column 0 is full (2 rows)
    assert c.actions(s) == [1, 2]
    with pytest.raises(gametree.GameError, match="not playable"):
        c.result(s, 0)
    assert c.render(s) == "O--\nX--"


def test_connect_four_center_first_order() -> None:
    assert ConnectFour(center_first=True).actions(ConnectFour().initial) == [3, 2, 4, 1, 5, 0, 6]


@given(st.lists(st.integers(0, 6), max_size=12))
@settings(max_examples=60, deadline=None)
def test_connect_four_evaluate_is_antisymmetric(moves: list[int]) -> None:
    # Swapping every X and O must negate the heuristic (it scores both sides alike).
    c = ConnectFour()
    s = c.initial
    for m in moves:
        if c.is_terminal(s) or m not in c.actions(s):
            continue
        s = c.result(s, m)
    swapped = s._replace(
        board=s.board.translate(str.maketrans("XO", "OX")),
        to_move="O" if s.to_move == "X" else "X",
        winner={"X": "O", "O": "X", "": ""}[s.winner],
    )
    assert c.evaluate(swapped) == -c.evaluate(s)
    assert abs(c.evaluate(s)) <= c.win


def test_connect_four_small_board_is_solved_consistently() -> None:
    # 3x3, connect 3: the fast search and the recorded one agree, with and without TT.
    c = ConnectFour(3, 3, 3)
    a = search_game(c, record=False)
    b = search_game(c, record=False, transposition_table=True)
    assert a.value == b.value


# -- Nim ---------------------------------------------------------------------------------


def test_nim_moves_and_terminal() -> None:
    n = Nim((1, 2))
    assert n.actions(n.initial) == [(0, 1), (1, 1), (1, 2)]
    end = n.state((0, 0), "MAX")
    assert n.is_terminal(end) and n.utility(end) == -1  # MIN took the last object
    with pytest.raises(gametree.GameError, match="cannot take"):
        n.result(n.initial, (0, 2))
    with pytest.raises(gametree.GameError):
        Nim((-1,))


@given(st.lists(st.integers(0, 3), min_size=1, max_size=3), st.sampled_from(["MAX", "MIN"]))
@settings(max_examples=40, deadline=None)
def test_nim_values_follow_bouton(piles: list[int], mover: str) -> None:
    # Bouton: the player to move wins iff the XOR of the piles is non-zero.
    game = Nim(piles)
    state = game.state(piles, mover)
    nim_sum = 0
    for p in piles:
        nim_sum ^= p
    mover_wins = nim_sum != 0
    expected = 1 if mover_wins == (mover == "MAX") else -1
    assert search_game(game, state, record=False).value == expected
    assert search_game(game, state, record=False, transposition_table=True).value == expected
    assert game.evaluate(state) == expected


# -- AIMA Figure 5.2 -----------------------------------------------------------------------


def test_fig52_expands_to_the_textbook_tree() -> None:
    G = expand(Fig52Game())
    H = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    # Breadth-first numbering matches the textbook letters A..M.
    assert [G.nodes[n]["label"] for n in sorted(G)] == sorted(H)
    for n in G:
        letter = G.nodes[n]["label"]
        assert G.nodes[n].get("value") == H.nodes[letter].get("value")
        assert [G.nodes[c]["label"] for c in G.succ[n]] == list(H.succ[letter])
    r = search_game(Fig52Game())
    assert r.value == 3 and r.best_move == "a1"
    assert [r.graph.nodes[c]["label"] for _, c in r.pruned_edges] == ["I", "J"]


def test_fig52_bad_move() -> None:
    with pytest.raises(gametree.GameError, match="no move"):
        Fig52Game().result("A", "b1")


def test_states_are_hashable_and_immutable() -> None:
    for game in (TicTacToe(), ConnectFour(), Nim(), Fig52Game()):
        s = game.initial
        hash(s)
        t = game.result(s, game.actions(s)[0])
        assert s == game.initial and t != s
        assert math.isfinite(game.evaluate(t)) if hasattr(game, "evaluate") else True


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: TicTacToe(1000, 1000, 3), "1000x1000 board has 1,000,000 cells"),
        (lambda: TicTacToe(33, 32, 3), "at most 1,024"),
        (lambda: ConnectFour(1000, 1000, 4), "1,000,000 cells"),
        (lambda: Nim([10**12]), "1,000,000,000,000 objects"),
    ],
)
def test_boards_too_large_are_refused_up_front(make: Any, words: str) -> None:
    with pytest.raises(GameError, match=words):
        make()


def test_largest_boards_are_built() -> None:
    assert len(TicTacToe(32, 32, 5).actions(TicTacToe(32, 32, 5).initial)) == 1024
    assert len(Nim([10_000]).actions(Nim([10_000]).initial)) == 10_000


def test_match_refuses_more_games_than_max_games() -> None:
    from gametree.games.match import play
    from gametree.games.players import random_player

    with pytest.raises(GameError, match="max_games=100,000"):
        play(TicTacToe(), random_player(1), random_player(2), games=10**9)
    result = play(TicTacToe(), random_player(1), random_player(2), games=3, max_games=3)
    assert len(result.games) == 3
