"""Monte Carlo tree search from the command line, in players, explanations and pictures."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import gametree
from gametree.cli import main
from gametree.drawing.style import diagram
from gametree.games import TicTacToe
from gametree.homework.mctsexplain import selection_text
from gametree.search.mcts_loop import Selection

FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"


def first_child(G, node):  # type: ignore[no-untyped-def]
    return next(iter(G.succ[node]))


@pytest.fixture
def fig52_file(tmp_path: Path) -> Path:
    path = tmp_path / "fig52.tree"
    path.write_text(FIG52 + "\n")
    return path


def test_solve_reports_root_children(fig52_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", str(fig52_file), "-a", "mcts", "--iterations", "100", "--seed", "1"]
    assert main([*argv, "--solver", "--c", "1"]) == 0
    out = capsys.readouterr().out
    assert "best move:  B" in out
    assert "proven:     3 (MCTS-Solver)" in out
    lines = out.splitlines()
    start = lines.index(next(ln for ln in lines if ln.startswith("root children")))
    children = [ln.split(":")[0].strip() for ln in lines[start + 1 :]]
    assert children == ["B", "C", "D"]
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["algorithm"] == "mcts" and data["iterations"] == 100
    assert sum(c["visits"] for c in data["children"]) == 100
    assert data["best_move"] == max(data["children"], key=lambda c: c["visits"])["move"]


def test_solve_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--game", "tictactoe", "-a", "mcts", "--iterations", "300"]) == 0
    assert "root children after 300 iterations" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["-a", "mcts"], "needs --iterations"),
        (["-a", "mcts", "--iterations", "0"], "iterations=0"),
        (["-a", "mcts", "--iterations", "5", "--c", "-1"], "c=-1"),
        (["-a", "mcts", "--iterations", "5", "--depth", "2"], "--depth"),
        (["--iterations", "5"], "only to Monte Carlo"),
        (["-a", "minimax", "--solver"], "only to Monte Carlo"),
    ],
)
def test_solve_errors_are_one_line(
    fig52_file: Path, extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["solve", str(fig52_file), *extra]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_game_max_nodes_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["solve", "--game", "tictactoe", "-a", "mcts", "--iterations", "50"]
    assert main([*argv, "--max-nodes", "5"]) == 2
    assert "passed --max-nodes 5" in capsys.readouterr().err


def test_player_specs() -> None:
    p = gametree.parse_player("mcts:iterations=200,c=1,solver,seed=3")
    assert p.name == "mcts:iterations=200,c=1,solver,seed=3"
    game = TicTacToe()
    assert p.choose(game, game.initial, random.Random(0)) in game.actions(game.initial)
    for bad, message in [
        ("mcts", "iterations"),
        ("mcts:iterations=x", "not a number"),
        ("mcts:iterations=10,depth=2", "unknown option"),
        ("mcts:iterations=0", "iterations=0"),
    ]:
        with pytest.raises(gametree.GameError, match=message):
            gametree.parse_player(bad)


def test_seeded_match_replays() -> None:
    game = TicTacToe()
    runs = [
        gametree.play(
            game,
            gametree.parse_player("mcts:iterations=100"),
            gametree.parse_player("random"),
            games=2,
            seed=4,
        )
        for _ in range(2)
    ]
    moves = [[[m.action for m in g.moves] for g in r.games] for r in runs]
    assert moves[0] == moves[1]


def test_explain_has_the_ucb1_arithmetic() -> None:
    G = gametree.parse(FIG52)
    text = gametree.explain(G, "mcts", iterations=8, c=1, playout=first_child)
    lines = text.splitlines()
    assert len(lines) == 1 + 8 + 1
    # Iteration 4, by hand (tests/data/known/mcts/aima_fig_5_2_first_child.json).
    assert "UCB1(D) = 1 + 1 x sqrt(ln 3 / 1) = 2.05, so D" in lines[4]
    assert "Backpropagation (visits/total): A 4/33, D 2/28, K 1/14" in lines[4]
    assert lines[-1].startswith("Result: best move D")


def test_selection_text_at_min_uses_one_minus_the_mean() -> None:
    e = Selection(9, "B", "MIN", 10, "F", (("E", 6, 4.0, 0.95282), ("F", 4, 1.0, 1.50871)))
    text = selection_text(e, c=1.0, lo=0.0, hi=1.0)
    assert "UCB1(E) = 0.33 + 1 x sqrt(ln 10 / 6) = 0.95" in text
    assert text.endswith("so F")


def test_labels_in_every_back_end() -> None:
    G = gametree.parse(FIG52)
    r = gametree.mcts(G, iterations=8, c=1, playout=first_child, annotate=False)
    d = diagram(G, r)
    by_node = {n.node: n for n in d.nodes}
    assert by_node["A"].value == "5.625 / 8"
    assert by_node["D"].value == "8.75 / 4"
    assert by_node["F"].status == "unreached" and by_node["F"].value == "12"
    edges = {(e.u, e.v): e for e in d.edges}
    assert edges["A", "D"].move == "n=4" and edges["A", "D"].pv
    assert edges["A", "D"].line_width > edges["A", "B"].line_width
    assert "mcts: 8 iterations, c = 1" in d.caption
    text = gametree.to_text(G, r)
    assert "5.625 / 8" in text and "n=4" in text
    assert "5.625 / 8" in gametree.to_dot(G, r)
    assert "5.625 / 8" in gametree.to_tikz(G, r)
    assert G.nodes["A"].get("visits") is None  # drawing never changes G


def test_win_loss_labels_are_wins_over_playouts() -> None:
    G = gametree.from_nested([[1, 0], [0, 0]])
    r = gametree.mcts(G, iterations=6, c=1, playout=first_child, annotate=False)
    d = diagram(G, r)
    by_node = {n.node: n for n in d.nodes}
    # B: MAX moved into it; its playouts all reached 1 (E first) then 0 (F).
    n_b, t_b = r.visits["B"], r.totals["B"]
    assert by_node["B"].value == f"{int(t_b)}/{n_b}"
    # The root counts for MIN (the player not to move there): losses of MAX.
    assert by_node["A"].value == f"{6 - int(r.totals['A'])}/6"


def test_hand_written_statistics_are_drawn() -> None:
    G = gametree.loads("(A (B 1 0) (C 0 1))")
    G.nodes["B"].update(visits=4, total=3)
    assert {n.node: n.value for n in diagram(G).nodes}["B"] == "3/4"


def test_gif_plays_iterations(tmp_path: Path, fig52_file: Path) -> None:
    from PIL import Image

    G = gametree.parse(FIG52)
    [gif] = gametree.animate(G, "mcts", tmp_path / "m.gif", iterations=5, seed=0)
    assert Image.open(gif).n_frames == 5
    path = tmp_path / "cli.gif"
    argv = ["draw", str(fig52_file), "-a", "mcts", "--iterations", "3", "-o", str(path), "-q"]
    assert main(argv) == 0
    assert Image.open(path).n_frames == 3
