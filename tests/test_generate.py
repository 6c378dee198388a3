"""Tests for gametree.homework.generate and ``gametree generate``: goldens for fixed seeds."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import gametree
from gametree import AnswerKey, ExerciseError, generate
from gametree.cli import main

DATA = Path(__file__).parent / "data" / "homework" / "generate"
REGEN = os.environ.get("GAMETREE_REGEN_GOLDEN") == "1"

CASES = {
    "seed7": {"branching": (2, 3), "depth": 3, "seed": 7, "prunes": (2, 4)},
    "seed3_best_distinct": {
        "branching": 2,
        "depth": 4,
        "seed": 3,
        "ordering": "best",
        "distinct_conventions": True,
    },
    "seed1_min_root_strict": {
        "branching": (2, 3),
        "depth": 3,
        "seed": 1,
        "players": ("MIN", "MAX"),
        "prune_on_equal": False,
        "values": (0, 5),
        "prunes": (1, 3),
    },
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_golden_exercises(case: str, tmp_path: Path) -> None:
    exercise = generate(**CASES[case])  # type: ignore[arg-type]
    written = exercise.write(tmp_path, images=False)
    names = sorted(p.name for p in written)
    assert names == ["answers.toml", "exercise.tex", "exercise.tree", "key.tex", "solution.md"]
    folder = DATA / case
    for name in ("exercise.tree", "answers.toml", "solution.md"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        if REGEN:
            folder.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text, encoding="utf-8")
        assert text == (folder / name).read_text(encoding="utf-8"), f"{case}/{name}"
    # The key is a correct answer file, and the .tree reads back as the same exercise.
    tree = gametree.parse((tmp_path / "exercise.tree").read_text())
    report = gametree.check(tree, Path(tmp_path / "answers.toml"), **exercise.search_options)
    assert report.ok and report.asked > 10


def test_same_seed_same_exercise_and_constraints_hold() -> None:
    for seed in range(15):
        a = generate(depth=3, seed=seed, prunes=(1, 3))
        b = generate(depth=3, seed=seed, prunes=(1, 3))
        assert a.answers == b.answers and sorted(a.tree.edges) == sorted(b.tree.edges)
        assert 1 <= a.prunes <= 3
        assert len(AnswerKey(a.tree).main.result.pruned_edges) == a.prunes
    distinct = generate(depth=3, seed=5, distinct_conventions=True)
    loose = AnswerKey(distinct.tree, prune_on_equal=True).main.pruned
    strict = AnswerKey(distinct.tree, prune_on_equal=False).main.pruned
    assert loose != strict


def test_best_and_worst_ordering() -> None:
    # With branching 2 and depth 4, best ordering meets the minimal tree: 2^2 + 2^2 - 1 = 7
    # leaves when values are distinct; ties can only cut more.
    best = generate(branching=2, depth=4, seed=2, ordering="best", values=(-99, 99))
    leaves = gametree.alphabeta(best.tree, annotate=False).stats.leaves_evaluated
    assert leaves <= gametree.minimal_tree_leaves(2, 4)
    assert list(best.tree)[:3] == ["A", "B", "C"]  # ids stay breadth-first after reordering


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"depth": 1, "prunes": 1}, "depth 1 is never pruned"),
        ({"branching": 1, "depth": 3, "prunes": 1}, "branching 1"),
        ({"branching": 2, "depth": 2, "prunes": (3, 4)}, "at most 2 edges"),
        ({"branching": 2, "depth": 2, "prunes": 2, "max_attempts": 30}, "in 30 attempts"),
        ({"branching": (3, 2)}, "min <= max"),
        ({"ordering": "sideways"}, "ordering"),
        ({"branching": 9, "depth": 5}, "at most 5000 nodes"),
    ],
)
def test_impossible_constraints_say_so(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ExerciseError, match=message):
        generate(**kwargs)  # type: ignore[arg-type]


def test_generate_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "ex"
    argv = [
        "generate",
        "--branching",
        "2-3",
        "--depth",
        "3",
        "--seed",
        "7",
        "--prunes",
        "2-4",
        "--values",
        "-9..9",
        "-o",
        str(out),
    ]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("exercise: 34 nodes, value 3, best move C, 4 pruned edges")
    for name in (
        "exercise.tree",
        "exercise.png",
        "exercise.tex",
        "key.png",
        "key.tex",
        "answers.toml",
        "solution.md",
    ):
        assert (out / name).stat().st_size > 0, name
    assert (out / "answers.toml").read_text() == (DATA / "seed7" / "answers.toml").read_text()
    assert main(["check", str(out / "exercise.tree"), str(out / "answers.toml")]) == 0
    capsys.readouterr()
    assert main(["generate", "--depth", "1", "--prunes", "2", "-o", str(tmp_path / "x")]) == 2
    assert "never pruned" in capsys.readouterr().err


# ---------------------------------------------------------------------------- never overwrite


def test_write_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    exercise = generate(branching=2, depth=2, seed=1)
    out = tmp_path / "ex"
    out.mkdir()
    (out / "exercise.tree").write_text("mine")
    with pytest.raises(FileExistsError, match="not empty"):
        exercise.write(out, images=False)
    assert (out / "exercise.tree").read_text() == "mine"
    (tmp_path / "file").write_text("x")
    with pytest.raises(FileExistsError, match="not a folder"):
        exercise.write(tmp_path / "file", images=False)


@pytest.mark.parametrize("name", ["exercise.tree", "solution.md", "key.png"])
def test_write_with_force_replaces_links_never_follows_them(tmp_path: Path, name: str) -> None:
    exercise = generate(branching=2, depth=2, seed=1)
    out = tmp_path / "ex"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    (out / name).symlink_to(victim)
    (out / "notes.txt").write_text("kept")
    with pytest.raises(FileExistsError):
        exercise.write(out)
    paths = exercise.write(out, force=True)
    assert victim.read_text() == "precious"
    assert not (out / name).is_symlink() and (out / name).stat().st_size > 0
    assert (out / "notes.txt").read_text() == "kept"
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [p.name for p in paths] + ["notes.txt"]
    )  # no temporary file left behind
    reference = tmp_path / "reference.txt"
    reference.write_text("x")  # the mode a file gets from a plain write
    assert (out / "exercise.tree").stat().st_mode & 0o777 == reference.stat().st_mode & 0o777


def test_cli_generate_refuses_then_forces(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ex"
    argv = ["generate", "--depth", "2", "--branching", "2", "--no-images", "-o", str(out)]
    assert main(argv) == 0
    first = (out / "exercise.tree").read_text()
    capsys.readouterr()
    assert main([*argv[:-2], "--seed", "5", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--force" in err and "Traceback" not in err
    assert (out / "exercise.tree").read_text() == first
    assert main([*argv[:-2], "--seed", "5", "--force", "-o", str(out)]) == 0
    assert (out / "exercise.tree").read_text() != first


@pytest.mark.parametrize("branching, depth", [(3, 4), (2, 5), (4, 3)])
def test_the_pictures_name_every_node_the_key_and_the_solution_name(
    branching: int, depth: int, tmp_path: Path
) -> None:
    # Issue 23: solution.md and answers.toml speak of leaves (AO ... DQ on a b = 3,
    # d = 4 tree) that the pictures left unnamed. Every name they use must be written
    # in exercise.tex and key.tex (and in the PNGs, which draw the same labels).
    import re

    exercise = generate(branching=branching, depth=depth, seed=3)
    exercise.write(tmp_path)
    used = set(re.findall(r"\*\*([A-Z]+)\*\*", (tmp_path / "solution.md").read_text()))
    answers = (tmp_path / "answers.toml").read_text()
    used |= set(re.findall(r'"([A-Z]+)"', answers))  # order, pruned, pv, move
    used |= {n for pair in re.findall(r'"([A-Z]+)-([A-Z]+)"', answers) for n in pair}
    used |= set(re.findall(r"^([A-Z]+) = ", answers, re.MULTILINE))
    assert {str(n) for n in exercise.tree if not exercise.tree.succ[n]} & used  # leaves too
    for picture in ("exercise.tex", "key.tex"):
        tex = (tmp_path / picture).read_text()
        drawn = set(re.findall(r"\\node\[gt name[^]]*\] at \([^)]*\) \{([^}]*)\}", tex))
        assert used <= drawn, (picture, sorted(used - drawn)[:10])
    artists = gametree.draw(exercise.tree, style={"drop_names": False})
    assert {t.get_text() for t in artists.names.values()} >= used


@pytest.mark.parametrize("command", ["generate", "prairielearn"])
@pytest.mark.parametrize(
    ("players", "says"),
    [
        ("MAX,FOO", "unknown player 'FOO'; expected MAX, MIN, CHANCE"),
        ("MAX,,MIN", "player 2 is empty"),
        ("MAX,MIN,", "player 3 is empty"),
        ("", "no player"),
        (" , ", "no player"),
    ],
)
def test_bad_players_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, players: str, says: str
) -> None:
    """--players is read by one parser for both commands (issue 33: MAX,FOO printed a
    traceback, MAX,,MIN was read as MAX,MIN)."""
    assert main([command, "--players", players, "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_players_are_read_in_any_case(tmp_path: Path) -> None:
    out = tmp_path / "ex"
    assert main(["generate", "--players", "min, max", "--seed", "3", "-o", str(out)]) == 0
    G = gametree.load(out / "exercise.tree")
    root = G.graph["root"]
    assert G.nodes[root]["player"] == "MIN"
    child = next(iter(G.successors(root)))
    assert G.nodes[child]["player"] == "MAX"
