"""The ``gametree expand`` and ``gametree play`` commands, in process."""

from __future__ import annotations

import keyword
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gametree
from gametree.cli import main
from gametree.games.specs import literal_arguments


def test_play_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["play", "tictactoe", "--x", "alphabeta", "--o", "first-open", "--games", "2"])
    out = capsys.readouterr().out
    assert status == 0
    assert "TicTacToe(3, 3, 3): 2 game(s)" in out
    x_row = next(line for line in out.splitlines() if line.startswith("x "))
    assert x_row.split()[1:5] == ["alphabeta", "2", "0", "0"]


def test_play_connect_four_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "connect4:4,5,3", "--x", "alphabeta:depth=2", "--o", "think:3"]
    argv += ["--games", "4", "--seed", "3"]
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert main(argv) == 0
    again = capsys.readouterr().out
    strip = [line.rsplit(None, 1)[0] for line in first.splitlines()]  # drop ms/move
    assert strip == [line.rsplit(None, 1)[0] for line in again.splitlines()]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess", "--x", "random", "--o", "random"], "unknown game"),
        (["play", "tictactoe", "--x", "deep-blue", "--o", "random"], "unknown player"),
        (["play", "tictactoe:3,3", "--x", "random", "--o", "random"], "M,N,K"),
        (["expand", "tictactoe", "--state", "XO?/---/---"], "bad cell"),
        (["expand", "tictactoe", "--max-nodes", "50"], "--max-nodes 50"),
        (["expand", "aima", "--depth", "1"], "no evaluate"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_expand_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expand", "tictactoe", "--merge"]) == 0
    assert "5,478 positions" in capsys.readouterr().out
    assert main(["expand", "nim:1,2", "--depth", "1"]) == 0
    # Nim (1, 2): the root and its 3 moves, cut at depth 1: 4 nodes, 3 leaves.
    assert "4 nodes, 3 leaves" in capsys.readouterr().out


@pytest.mark.skipif(not hasattr(gametree, "dump"), reason="gametree.dump not available")
def test_expand_writes_a_tree_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fig52.json"
    assert main(["expand", "aima", "-o", str(out)]) == 0
    G = gametree.load(out)
    assert len(G) == 13 and gametree.alphabeta(G, annotate=False).value == 3
    out2 = tmp_path / "nim.graphml"
    assert main(["expand", "nim:1,1", "--merge", "-o", str(out2)]) == 0
    assert len(gametree.load(out2)) == 4


# -- a user's game on the command line ------------------------------------------------------

GAMES = Path(__file__).parent / "data" / "games"
STUDENT = f"{GAMES / 'take_student.py'}:Take"
PROTOCOL = f"{GAMES / 'take_student.py'}:TakeGame"


@pytest.mark.parametrize(("n", "value"), [(1, 1), (2, 1), (3, -1), (4, 1), (5, 1), (6, -1)])
@pytest.mark.parametrize("spec", [STUDENT, PROTOCOL])
def test_solve_a_user_game(
    spec: str, n: int, value: int, capsys: pytest.CaptureFixture[str]
) -> None:
    # Known answers by hand: the mover loses exactly when the pile is a multiple of 3.
    assert main(["solve", "--game", f"{spec}(n={n})", "-a", "minimax"]) == 0
    out = capsys.readouterr().out
    assert f"value:      {value}\n" in out
    if value == 1:
        # The winning move leaves a multiple of 3.
        first = out.split("best move:")[1].split()[0]
        assert (n - int(first)) % 3 == 0


def test_module_colon_class_with_literal_arguments(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.syspath_prepend(str(GAMES))
    assert main(["expand", "take_student:TakeGame(4, first='first')"]) == 0
    # Nodes below a pile of n: T(n) = 1 + T(n-1) + T(n-2), T(0) = 1, T(1) = 2: T(4) = 12;
    # leaves L(n) = L(n-1) + L(n-2), L(0) = L(1) = 1: L(4) = 5.
    assert "12 nodes, 5 leaves" in capsys.readouterr().out
    assert main(["expand", "--game", "take_student:Take(n=4)"]) == 0
    assert "12 nodes, 5 leaves" in capsys.readouterr().out


def test_play_and_expand_a_user_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "--game", f"{STUDENT}(n=7)", "--x", "alphabeta", "--o", "random"]
    assert main([*argv, "--games", "4", "--seed", "2", "--no-alternate"]) == 0
    x_row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("x "))
    assert x_row.split()[2:5] == ["4", "0", "0"]  # 7 is not a multiple of 3: x always wins
    out = tmp_path / "take.json"
    assert main(["expand", f"{PROTOCOL}(n=3)", "-o", str(out)]) == 0
    G = gametree.load(out)
    assert gametree.minimax(G, annotate=False).value == -1


def test_literal_arguments_are_never_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "ran"
    spec = f"{STUDENT}(n=__import__('pathlib').Path({str(marker)!r}).touch())"
    assert main(["solve", "--game", spec]) == 2
    err = capsys.readouterr().err
    assert "is not a literal" in err and len(err.strip().splitlines()) == 1
    assert not marker.exists()


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (f"{GAMES / 'nope.py'}:Take", "no such file"),
        ("no_such_module_xyz:Take", "no module named 'no_such_module_xyz'"),
        (f"{GAMES / 'take_student.py'}:Tak", "its classes: NoMoves, Take, TakeGame"),
        (f"{GAMES / 'take_student.py'}:NoMoves", "no get_moves/getMoves method"),
        (f"{GAMES / 'take_student.py'}:broken", "RuntimeError: the constructor fails"),
        (f"{STUDENT}(n=)", "do not parse"),
        (f"{STUDENT}(**{{'n': 1}})", "is not allowed"),
        (f"{STUDENT}(n=1+1)", "'1 + 1' is not a literal"),
        (f"{STUDENT}(m=1)", "TypeError"),
    ],
)
def test_user_game_errors_name_what_is_missing(
    spec: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["expand", "--game", spec]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("argv", "present", "absent"),
    [
        (["solve", "examples/trees/aima_5_2.tree", "--depth", "1"], "--depth", "evaluate="),
        (["expand", "tictactoe", "--max-nodes", "50"], "--max-nodes 50", "max_nodes="),
        (["expand", "aima", "--depth", "1"], "leave out --depth", "depth="),
        (["solve", "--game", f"{STUDENT}(n=5)", "--depth", "1"], "evaluate() method", "adapt("),
        (
            ["play", "tictactoe", "--x", "alphabeta", "--o", "random", "--max-nodes", "100"],
            "(--max-nodes N)",
            "max_nodes=",
        ),
        (["solve", "--game", "tictactoe", "--max-nodes", "10"], "--depth N", "depth=..."),
    ],
)
def test_messages_name_cli_options(
    argv: list[str], present: str, absent: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert present in err and absent not in err and len(err.strip().splitlines()) == 1


def test_play_max_nodes_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "tictactoe", "--x", "alphabeta", "--o", "random"]
    assert main([*argv, "--max-nodes", "1000000", "--seed", "1"]) == 0
    capsys.readouterr()
    for bad in (["--games", "0"], ["--games", "-1"], ["--max-nodes", "0"]):
        assert main([*argv, *bad]) == 2
        err = capsys.readouterr().err
        assert "must be at least 1" in err and len(err.strip().splitlines()) == 1


def test_one_game_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expand", "aima", "--game", "nim:1"]) == 2
    assert "name one game" in capsys.readouterr().err
    assert main(["solve", "--game", "aima", "examples/trees/aima_5_2.tree"]) == 2
    assert "one of them" in capsys.readouterr().err
    assert main(["solve"]) == 2
    assert "--game SPEC" in capsys.readouterr().err


LITERALS = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda kids: st.lists(kids, max_size=3) | st.tuples(kids, kids),
    max_leaves=6,
)


NAMES = st.from_regex(r"[a-z_][a-z0-9_]{0,5}", fullmatch=True).filter(
    lambda name: not keyword.iskeyword(name)
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(LITERALS, max_size=3),
    st.dictionaries(NAMES, LITERALS, max_size=3),
)
def test_literal_arguments_read_back_what_repr_writes(
    args: list[Any], kwargs: dict[str, Any]
) -> None:
    text = ", ".join([*map(repr, args), *(f"{k}={v!r}" for k, v in kwargs.items())])
    assert literal_arguments(text) == (tuple(args), kwargs)
