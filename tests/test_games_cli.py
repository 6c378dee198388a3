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
        (f"{GAMES / 'take_student.py'}:Tak", "its classes: NoMoves, Take, TakeGame, Trap"),
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


# -- what a spec may run: the module's import, then only a game class or a declared factory --


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("os:system", "system is a function, not a game class"),
        ("subprocess:Popen", "Popen is not a game"),
        ("shutil:rmtree", "rmtree is a function"),
        ("builtins:exec", "exec is a function"),
        (f"{GAMES / 'take_student.py'}:Trap", "Trap is not a game"),
        (f"{GAMES / 'take_student.py'}:undeclared", "lists it in GAMETREE_FACTORIES"),
    ],
)
def test_a_spec_runs_nothing_that_is_not_a_game(
    target: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Each callable would leave a file behind if it were called with these arguments.
    marker = tmp_path / "ran"
    arguments = {
        "os:system": f"('touch {marker}')",
        "subprocess:Popen": f"(['touch', {str(marker)!r}])",
        "shutil:rmtree": f"({str(tmp_path)!r})",
        "builtins:exec": f"({f'open({str(marker)!r}, chr(119))'!r})",
    }.get(target, f"({str(marker)!r})")
    for command in (
        ["solve", "--game"],
        ["expand", "--game"],
        ["play", "--x", "random", "--o", "random", "--game"],
    ):
        assert main([*command, target + arguments]) == 2
        err = capsys.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1, err
        assert not marker.exists() and tmp_path.exists()


def test_a_declared_factory_is_called(capsys: pytest.CaptureFixture[str]) -> None:
    # make_take(4) is TakeGame(4): 12 nodes, 5 leaves (see the known answers above).
    assert main(["expand", "--game", f"{GAMES / 'take_student.py'}:make_take(4)"]) == 0
    assert "12 nodes, 5 leaves" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "more than 10,000"),
        ("[" * 60 + "]" * 60, "nest deeper than 50"),
        ("-" * 5_000 + "1", "nest deeper than 50"),
        ("(" * 3_000 + ")" * 3_000, "nest deeper than 50"),
        ("n=" + "{'a': " * 40 + "1" + "}" * 40, None),
        ("n=" + "9" * 5000, "not a literal|do not parse"),
        ("'" + "x" * 9_000 + "'", "TypeError|failed"),
    ],
)
def test_huge_or_deep_arguments_are_refused_in_one_line(
    arguments: str, message: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    import re

    status = main(["expand", "--game", f"{PROTOCOL}({arguments})"])
    err = capsys.readouterr().err
    assert status == 2 and len(err.strip().splitlines()) == 1, err[:300]
    assert "Error" not in err.split(":", 1)[0] and "Traceback" not in err
    assert len(err) < 1_000  # the spec is shortened, not repeated whole
    if message is not None:
        assert re.search(message, err), err


# -- errors in a user's game: one line naming the method, the file and line --------------

FAULTY = GAMES / "faulty.py"


def _line_of(text: str) -> int:
    """The line of ``faulty.py`` holding ``text`` (1-based)."""
    return FAULTY.read_text().splitlines().index(text) + 1


@pytest.mark.parametrize(
    ("cls", "method", "error", "where"),
    [
        ("BadUtility", "BadUtility.utility", "ZeroDivisionError: division by zero",
         "        return 1 / 0  # the line the error names"),
        ("BadActions", "BadActions.actions", "KeyError: ",
         "    return {}[s]  # a KeyError raised one call below the method"),
        ("BadResult", "BadResult.result", r"ValueError: no such move\nsecond line \x1b[31m",
         '        raise ValueError("no such move\\nsecond line \\x1b[31m")'),
    ],
)  # fmt: skip
@pytest.mark.parametrize(
    "command",
    [
        ["solve", "--game"],
        ["solve", "-a", "pvs", "--game"],
        ["solve", "-a", "mcts", "--iterations", "50", "--game"],
        ["expand", "--game"],
        ["play", "--x", "alphabeta", "--o", "random", "--game"],
    ],
)
def test_an_error_in_a_user_game_is_one_line_naming_method_file_and_line(
    command: list[str],
    cls: str,
    method: str,
    error: str,
    where: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    spec = f"{FAULTY}:{cls}"
    assert main([*command, spec]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert f"error: {method} raised {error}" in err, err
    assert f"faulty.py, line {_line_of(where)})" in err, err
    assert "\x1b" not in err and "add -v" in err
    # -v: the user's traceback too, then the same line.
    assert main([*command, spec, "-v"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Traceback") and f"{method} raised" in err.splitlines()[-1]


@pytest.mark.parametrize(
    ("argv", "needs"),
    [
        (["solve", "--transpositions", "--game"], "a transposition table (--transpositions)"),
        (["solve", "-a", "pvs", "--transpositions", "--game"], "(--transpositions)"),
        (["expand", "--merge", "--game"], "merging transpositions (--merge)"),
        (["play", "--x", "alphabeta:tt", "--o", "random", "--game"], "alphabeta:tt"),
    ],
)
@pytest.mark.parametrize(("cls", "what"), [("ListStates", "are lists"), ("ListKey", ".key(state)")])
def test_unhashable_states_with_a_table_are_refused_before_searching(
    argv: list[str], needs: str, cls: str, what: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, f"{FAULTY}:{cls}"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "unhashable type" not in err, err
    assert needs in err and what in err and "hashable" in err


def test_list_states_search_without_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    # A pile of 4: the mover takes 1 and leaves a multiple of 3, so MAX wins: value 1.
    assert main(["solve", "--game", f"{FAULTY}:ListStates"]) == 0
    assert "value:      1\n" in capsys.readouterr().out


def test_a_user_game_shows_by_its_class_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", f"{FAULTY}:Take", "--x", "random", "--o", "random"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Take: 1 game(s)") and "object at 0x" not in out
    assert main(["expand", "--game", f"{FAULTY}:Take", "--max-nodes", "3"]) == 2
    err = capsys.readouterr().err
    assert "expanding Take passed" in err and "object at" not in err
