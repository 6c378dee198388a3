"""Tests for gametree.inputs: the input limit, and what it means on the command line."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gametree import (
    InputError,
    TreeFileError,
    TreeSyntaxError,
    dumps,
    from_nested,
    load,
    loads,
    parse,
)
from gametree.cli import main
from gametree.inputs import (
    LIMIT_VARIABLE,
    MAX_INPUT_BYTES,
    MAX_NODES,
    NODES_VARIABLE,
    check_input_file,
    max_input_bytes,
    node_limit,
    read_input,
    read_stream,
)

ROOT = Path(__file__).resolve().parent.parent
FIG_5_2 = ROOT / "examples" / "trees" / "aima_5_2.tree"


def test_default_limit_and_its_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(LIMIT_VARIABLE, raising=False)
    assert max_input_bytes() == MAX_INPUT_BYTES == 64 * 2**20
    monkeypatch.setenv(LIMIT_VARIABLE, "1_000")
    assert max_input_bytes() == 1000
    for bad in ("0", "-5", "lots", "1e6", "9" * 40):
        monkeypatch.setenv(LIMIT_VARIABLE, bad)
        with pytest.raises(InputError, match=LIMIT_VARIABLE):
            max_input_bytes()


def test_read_input_at_and_past_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "t.tree"
    path.write_bytes(b"x" * 100)
    assert read_input(path, limit=100) == b"x" * 100
    with pytest.raises(InputError, match="larger than the input limit of 99 bytes"):
        read_input(path, limit=99)
    with pytest.raises(InputError, match="larger than the input limit"):
        check_input_file(path, limit=99)
    check_input_file(path, limit=100)


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: os.mkfifo(p), "FIFO"),
        (lambda p: p.mkdir(), "folder"),
        (lambda p: p.symlink_to("/dev/zero"), "character device"),
    ],
    ids=["fifo", "folder", "device"],
)
def test_non_regular_files_are_refused_unopened(tmp_path: Path, make: object, words: str) -> None:
    path = tmp_path / "input"
    make(path)  # type: ignore[operator]
    for reader in (read_input, check_input_file):
        with pytest.raises(InputError, match=words):
            reader(path)  # a FIFO without a writer would block: it must not


def test_read_stream_limits_and_closed_streams() -> None:
    assert read_stream(io.BytesIO(b"abc"), limit=3) == b"abc"
    assert read_stream(io.StringIO("abc"), limit=3) == b"abc"
    with pytest.raises(InputError, match="larger than the input limit of 2 bytes"):
        read_stream(io.BytesIO(b"abc"), limit=2)
    closed = io.BytesIO(b"abc")
    closed.close()
    for stream in (None, closed):
        with pytest.raises(InputError, match="standard input is closed"):
            read_stream(stream)


def _shell(command: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command,
        shell=True,
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
        timeout=120,
    )


PY = f"{sys.executable} -m gametree"
HOSTILE_COMMANDS = [
    # (command line, words in the one error line)
    (f"{PY} solve - <&-", "standard input is closed"),
    (f"{PY} solve {FIG_5_2} >&-", "standard output: closed"),
    (f"{PY} play tictactoe --x human --o alphabeta <&-", "standard input is closed"),
    (f"{PY} play tictactoe --x human --o alphabeta </dev/null", "input ended"),
    (f"{PY} convert - out.json <&-", "standard input is closed"),
    (f"{PY} solve /dev/zero", "character device, not a regular file"),
    (f"{PY} solve /dev/urandom", "character device, not a regular file"),
    (f"{PY} check {FIG_5_2} /dev/zero", "character device, not a regular file"),
    (f"{PY} convert /dev/zero out.json", "character device, not a regular file"),
    (f"head -c 3000 /dev/zero | {PY} solve -", "larger than the input limit of 2,000 bytes"),
    (f"{PY} solve - < /dev/urandom", "larger than the input limit of 2,000 bytes"),
    (f"{PY} solve {FIG_5_2} --strct", "did you mean --strict?"),
    (f"{PY} slove {FIG_5_2}", "did you mean solve?"),
    (f"{PY} solve {FIG_5_2} -a alpabeta", "did you mean alphabeta?"),
    (f"{PY} check", "the following arguments are required: TREE"),
    (f"{PY} play tictactoe --x random --o random --games 1000000000", "--max-games"),
    (f"{PY} expand tictactoe:1000,1000,3 --depth 1 -o x.tree", "1,000,000 cells"),
]


@pytest.mark.parametrize(("command", "words"), HOSTILE_COMMANDS)
def test_hostile_command_lines_give_one_line_and_exit_2(
    command: str, words: str, tmp_path: Path
) -> None:
    proc = _shell(command, tmp_path, {"GAMETREE_MAX_INPUT_BYTES": "2000"})
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert words in proc.stderr
    assert proc.stderr.startswith("gametree")
    assert not list(tmp_path.iterdir())  # nothing written


def test_fifo_tree_file_does_not_hang(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "t.tree"
    os.mkfifo(fifo)
    assert main(["solve", str(fifo)]) == 2
    assert "FIFO" in capsys.readouterr().err


def test_usage_error_names_the_command_and_the_near_miss(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", str(FIG_5_2), "a.txt", "--requre", "value"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "gametree check: error: unrecognized arguments: --requre value; did you mean --require?\n"
    )
    assert main(["solve", str(FIG_5_2), "--zzzz"]) == 2
    assert capsys.readouterr().err == "gametree solve: error: unrecognized arguments: --zzzz\n"


# -- the node limit ---------------------------------------------------------------------

AIMA = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"  # 13 nodes


def _aima_in(fmt: str) -> str:
    """AIMA Figure 5.2 as ``fmt`` text; ``nested`` and ``wrapped`` are the JSON lists."""
    if fmt == "nested":
        return "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"
    if fmt == "wrapped":
        return '{"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "players": ["MAX", "MIN"]}'
    return dumps(parse(AIMA), fmt)


# (format, error type, where the 13th node is, words naming it). The notation, DOT and
# .efg meet nodes in text order: the 13th is the last leaf "2" (column 33), the last
# node line of the DOT file (nodes on lines 3..15) and of the .efg file (lines 2..14).
# Nested lists and GraphML build breadth-first: the 13th node is M, at [2][2].
NODE_LIMIT_CASES = [
    ("tree", TreeSyntaxError, (1, 33), "line 1, column 33: "),
    ("dot", TreeSyntaxError, (15, 3), "line 15, column 3: "),
    ("efg", TreeSyntaxError, (14, 1), "line 14, column 1: "),
    ("nested", TreeFileError, None, "JSON: element at [2][2] (node 'M'): "),
    ("wrapped", TreeFileError, None, "JSON: element at [2][2] (node 'M'): "),
    ("json", TreeFileError, None, "JSON: node 'M': "),
    ("graphml", TreeFileError, None, "GraphML: node 'M': "),
]


@pytest.mark.parametrize(("fmt", "error", "place", "words"), NODE_LIMIT_CASES)
def test_every_reader_refuses_the_first_node_past_the_limit(
    fmt: str,
    error: type[Exception],
    place: tuple[int, int] | None,
    words: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(NODES_VARIABLE, raising=False)
    text = _aima_in(fmt)
    reason = (
        "more than 12 nodes, the node limit: raise it with max_nodes=... or the environment "
        "variable GAMETREE_MAX_NODES"
    )
    with pytest.raises(error) as caught:
        loads(text, max_nodes=12)
    assert type(caught.value) is error
    assert str(caught.value).splitlines()[0] == words + reason
    if place is not None:
        assert (caught.value.line, caught.value.column) == place  # type: ignore[attr-defined]
    assert len(loads(text, max_nodes=13)) == 13  # at the limit: read
    monkeypatch.setenv(NODES_VARIABLE, "12")
    with pytest.raises(error, match="more than 12 nodes"):
        loads(text)
    assert len(loads(text, max_nodes=13)) == 13  # the keyword wins over the variable
    monkeypatch.setenv(NODES_VARIABLE, "13")
    assert len(loads(text)) == 13


def test_from_nested_and_parse_take_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(NODES_VARIABLE, raising=False)
    nested = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    # Breadth-first: A, then B C D (nodes 2-4), then E (node 5) is at [0][0].
    with pytest.raises(TreeFileError, match=r"^element at \[0\]\[0\] \(node 'E'\): more than 4"):
        from_nested(nested, max_nodes=4)
    with pytest.raises(TreeFileError, match=r"^element at \[0\] \(node 'B'\): more than 1 node,"):
        from_nested(nested, max_nodes=1)
    assert len(from_nested(nested, max_nodes=13)) == 13
    # Text order: A, B, 3, 12 are nodes 1-4; the fifth is the leaf 8 (column 12).
    with pytest.raises(TreeSyntaxError) as caught:
        parse(AIMA, max_nodes=4)
    assert (caught.value.line, caught.value.column) == (1, 12)
    monkeypatch.setenv(NODES_VARIABLE, "4")
    with pytest.raises(TreeFileError, match="more than 4 nodes"):
        from_nested(nested)


def test_node_limit_default_variable_and_bad_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(NODES_VARIABLE, raising=False)
    assert node_limit() == MAX_NODES == 2_000_000
    assert node_limit(7) == 7
    monkeypatch.setenv(NODES_VARIABLE, "3_000_000")
    assert node_limit() == 3_000_000
    for bad_keyword in (0, -1, True, 1.5, "10"):
        with pytest.raises(TreeFileError, match=r"max_nodes=.* is not allowed"):
            node_limit(bad_keyword)  # type: ignore[arg-type]
        with pytest.raises(TreeFileError, match=r"max_nodes=.* is not allowed"):
            loads(AIMA, max_nodes=bad_keyword)  # type: ignore[arg-type]
    for bad in ("0", "-5", "many", "2e6"):
        monkeypatch.setenv(NODES_VARIABLE, bad)
        with pytest.raises(InputError, match=NODES_VARIABLE):
            loads(AIMA)


def test_load_passes_the_limit_on(tmp_path: Path) -> None:
    path = tmp_path / "t.dot"
    path.write_text(_aima_in("dot"))
    with pytest.raises(TreeSyntaxError, match="more than 12 nodes") as caught:
        load(path, max_nodes=12)
    assert caught.value.filename == str(path)
    assert len(load(path, max_nodes=13)) == 13


@pytest.mark.parametrize("fmt", ["tree", "json", "dot", "graphml", "efg"])
def test_cli_refuses_a_tree_past_the_limit_in_one_line(
    fmt: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / f"t.{fmt}"
    path.write_text(_aima_in(fmt))
    monkeypatch.setenv(NODES_VARIABLE, "12")
    drawing = str(tmp_path / "x.svg")
    for argv in (["solve", str(path)], ["validate", str(path)], ["draw", str(path), "-o", drawing]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1, err
        assert err.startswith(f"gametree {argv[0]}: error: {path}")
        # The command line has no option for it (--max-nodes bounds searches of games):
        # the message names the variable only.
        assert err.endswith(
            "more than 12 nodes, the node limit: raise it with the environment variable "
            "GAMETREE_MAX_NODES\n"
        ), err
    assert not (tmp_path / "x.svg").exists()
    monkeypatch.setenv(NODES_VARIABLE, "13")
    assert main(["validate", str(path)]) == 0


def _flat_notation(leaves: int) -> str:
    return "(A " + " ".join(["1"] * leaves) + ")"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("fmt", "share"),
    # DOT is tokenized and GraphML parsed as XML whole before the nodes are counted:
    # that part grows with the text, the rest stops at the limit.
    [("tree", 3), ("nested", 3), ("json", 3), ("efg", 3), ("dot", 1.2), ("graphml", 1.5)],
)
def test_refusal_comes_before_memory_grows(fmt: str, share: float) -> None:
    """A tree ten times the limit is refused at the limit: reading it holds a small part
    of the memory the whole tree takes (measured with tracemalloc in the same run)."""
    import tracemalloc

    limit = 1_000
    G = parse(_flat_notation(10 * limit))
    text = "[" + ", ".join(["1"] * 10 * limit) + "]" if fmt == "nested" else dumps(G, fmt)

    def peak(max_nodes: int) -> int:
        tracemalloc.start()
        try:
            loads(text, max_nodes=max_nodes)
        except (TreeSyntaxError, TreeFileError) as exc:
            assert "more than 1,000 nodes" in str(exc)
        finally:
            size = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
        return size

    whole, refused = peak(20 * limit), peak(limit)
    assert refused * share < whole, (refused, whole)
