"""Monte Carlo tree search from the command line, in players, explanations and pictures."""

from __future__ import annotations

import json
import random
from pathlib import Path

import networkx as nx
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


KNOWN = Path(__file__).parent / "data" / "known" / "mcts"


def _stats_tree() -> nx.DiGraph:
    from test_mcts import stats_tree

    return stats_tree()[0]


def test_check_mcts_answers_with_reasons() -> None:
    G = _stats_tree()
    answers = {
        "select": {"A": "D", "B": "E"},
        "ucb1": {"A": {"B": "1.15", "C": "0.94", "D": "0.97"}, "B": {"E": "0.6"}},
        "path": "A D",
        "visits": {"A": 21, "D": 3, "B": 11},
        "total": {"A": 10, "D": 0},
    }
    report = gametree.check(G, answers, algorithm="mcts", c=1.0, playout_value=1)
    by_item = {f.item: f for f in report.findings}
    assert by_item["selected at A"].ok
    assert by_item["ucb1 B at A"].ok and by_item["ucb1 C at A"].ok
    # D at A with ln 3 (its own visits): 1/3 + sqrt(ln 3 / 3) = 0.938... not 0.97.
    assert not by_item["ucb1 D at A"].ok
    # E at B taken as MAX's mean: 4/6 + sqrt(ln 10 / 6) = 1.29; 0.6 matches nothing.
    assert by_item["selected at B"].verdict.value == "wrong"
    assert "1 - mean" in by_item["selected at B"].explanation
    assert by_item["selection path"].ok
    assert by_item["visits of A"].ok and by_item["total of A"].ok
    assert "on the path A -> D" in by_item["visits of D"].explanation
    assert "not on the path" in by_item["visits of B"].explanation
    assert "MAX's point of view" in by_item["total of D"].explanation
    assert report.right == 6 and report.asked == 12


def test_check_names_the_child_visits_slip() -> None:
    G = _stats_tree()
    # ln of the child's visits at D: 1/3 + 1 * sqrt(ln 3 / 3) = 0.9385.
    report = gametree.check(G, "ucb1.A.D = 0.94", algorithm="mcts", c=1.0)
    [finding] = report.findings
    assert not finding.ok
    assert finding.explanation == "you used ln of the child's visits instead of the parent's"
    report = gametree.check(G, "ucb1.A.D = 1.33\nselect.A = D\nfoo = 1", algorithm="mcts", c=1)
    assert [f.verdict.value for f in report.findings] == ["correct", "correct", "malformed"]


def test_check_mcts_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "stats.json"
    tree.write_text(gametree.dumps(_stats_tree(), format="json"))
    answers = tmp_path / "a.txt"
    answers.write_text("select.A = D\nvisits.D = 4\n")
    argv = ["check", str(tree), str(answers), "-a", "mcts", "--c", "1", "--playout-value", "0"]
    assert main(argv) == 0
    assert "score: 2/2" in capsys.readouterr().out
    answers.write_text("select.A = B\n")
    assert main(argv) == 1
    assert "ln of the child's visits" in capsys.readouterr().out
    assert main(["check", str(tree), str(answers), "--c", "1"]) == 2


def test_generate_mcts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ex"
    assert main(["generate", "--algorithm", "mcts", "--seed", "5", "-o", str(out), "-q"]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == ["answers.txt", "exercise.json", "exercise.png", "question.md", "solution.md"]
    text = (out / "answers.txt").read_text()
    value = text.split("playout value ")[1][0]
    argv = ["check", str(out / "exercise.json"), str(out / "answers.txt"), "-a", "mcts"]
    assert main([*argv, "--c", "1.41", "--playout-value", value]) == 0
    assert "UCB1(" in (out / "solution.md").read_text()
    G = gametree.load(out / "exercise.json")
    root_visits = G.nodes["A"]["visits"]
    assert root_visits == 20
    assert root_visits == sum(G.nodes[k].get("visits", 0) for k in G.succ["A"])


def test_match_example_runs_quick(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    proc = subprocess.run(
        [sys.executable, str(root / "examples" / "mcts_vs_alphabeta.py"), "--quick"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "MCTS wins" in proc.stdout and "ConnectFour" in proc.stdout


def test_search_trace_streams_mcts_phases() -> None:
    G = gametree.parse(FIG52)
    kinds = [e.kind for e in gametree.search_trace(G, "mcts", iterations=4, c=1, seed=0)]
    assert kinds[:3] == ["expand", "playout", "backpropagate"]
    assert kinds.count("backpropagate") == 4 and kinds.count("select") == 1
    with pytest.raises(gametree.SearchError, match="iterations=0"):
        gametree.search_trace(G, "mcts", iterations=0)
    assert main(["draw", "-", "--seed", "1", "-o", "x.png"]) == 2


def test_html_page_plays_mcts_and_practice_refuses_it(
    fig52_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The explore page plays MCTS (changed: it used to refuse -a mcts); practice pages,
    which ask for pruned edges and minimax values, refuse it in one line."""
    import json
    import re

    out = tmp_path / "p.html"
    argv = ["draw", str(fig52_file), "-a", "mcts", "--iterations", "5", "--seed", "3"]
    assert main([*argv, "-o", str(out)]) == 0
    found = re.search(r'id="gametree-data">(.*?)</script>', out.read_text(encoding="utf-8"))
    assert found is not None
    data = json.loads(found.group(1))
    assert data["conventions"][0]["flags"] == "-a mcts --iterations 5 --seed 3"
    steps = data["exercises"][0]["explore"][0]["steps"]
    # Five iterations: one backpropagation each; the first three expand A's children.
    assert [s["k"] for s in steps].count("backpropagate") == 5
    assert [s["c"] for s in steps[:3]] == [
        "iteration 1: expansion",
        "iteration 1: playout",
        "iteration 1: backpropagation",
    ]
    G = gametree.parse(FIG52)
    with pytest.raises(gametree.RenderError, match=r"practice page .* Monte Carlo"):
        gametree.to_html(G, mode="practice", conventions=[{"algorithm": "mcts", "iterations": 3}])
    capsys.readouterr()
    assert main(["practice", str(fig52_file), "-a", "mcts", "-o", str(tmp_path / "q.html")]) == 2
    err = capsys.readouterr().err
    assert "practice page asks for pruned edges" in err and len(err.splitlines()) == 1
    page = gametree.to_html(G, gametree.mcts(G, iterations=4, seed=0, annotate=False))
    assert "mcts, 4 iterations, c = 1.414, seed 0" in page
