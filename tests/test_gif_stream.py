"""The streaming GIF writer: frames, durations, repeated frames merged, and memory that
does not grow with the number of frames (counted as frames alive, not timed)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image, ImageSequence

import gametree
from gametree import RenderError
from gametree.cli import main
from gametree.drawing.animate import animate, frames
from gametree.drawing.gif import write_gif
from gametree.outfiles import OutputExistsError

COLOURS = [(255, 0, 0), (0, 128, 0), (0, 0, 255), (255, 255, 0)]


def _frame(colour: tuple[int, int, int], *, square: int = 0) -> Image.Image:
    im = Image.new("RGBA", (40, 30), (255, 255, 255, 255))
    im.paste((*colour, 255), (square, 5, square + 10, 15))
    return im


def _read(path: Path) -> tuple[list[int], list[Image.Image]]:
    with Image.open(path) as gif:
        durations = []
        pictures = []
        for frame in ImageSequence.Iterator(gif):
            durations.append(frame.info["duration"])
            pictures.append(frame.convert("RGB"))
    return durations, pictures


def test_frames_and_durations(tmp_path: Path) -> None:
    path = tmp_path / "a.gif"
    sources = (_frame(c, square=5 * i) for i, c in enumerate(COLOURS))
    assert write_gif(sources, path, interval=250) == 4
    durations, pictures = _read(path)
    assert durations == [250, 250, 250, 250]
    assert all(p.size == (40, 30) and p.getpixel((0, 0)) == (255, 255, 255) for p in pictures)
    # the coloured square of frame i sits at x = 5 i
    assert [p.getpixel((5 * i + 2, 10)) for i, p in enumerate(pictures)] == COLOURS


def test_repeated_frame_lengthens_the_previous_one(tmp_path: Path) -> None:
    path = tmp_path / "b.gif"
    sources = [_frame(COLOURS[0]), _frame(COLOURS[0]), _frame(COLOURS[1], square=20)]
    assert write_gif(sources, path, interval=100) == 2
    durations, pictures = _read(path)
    assert durations == [200, 100]
    assert pictures[1].getpixel((22, 10)) == COLOURS[1]


def test_no_frames_is_an_empty_count(tmp_path: Path) -> None:
    assert write_gif([], tmp_path / "c.gif", interval=100) == 0


@pytest.mark.slow
def test_frames_alive_do_not_grow_with_the_number_of_frames(tmp_path: Path) -> None:
    alive: list[weakref.ref[Image.Image]] = []
    most = 0

    def source(n: int) -> Iterator[Image.Image]:
        nonlocal most
        for i in range(n):
            gc.collect()
            most = max(most, sum(ref() is not None for ref in alive))
            im = _frame(COLOURS[i % 4], square=i % 30)
            alive.append(weakref.ref(im))
            yield im

    write_gif(source(60), tmp_path / "d.gif", interval=10)
    # the source frames already written are freed: none is kept while the next is drawn
    assert most <= 1


def test_an_error_while_drawing_leaves_the_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "a.gif"
    path.write_bytes(b"before")

    def failing() -> Iterator[Image.Image]:
        yield _frame(COLOURS[0])
        raise RenderError("drawing failed")

    # (Replacing it, asked for with force: an existing file is refused otherwise.)
    with pytest.raises(RenderError, match="drawing failed"):
        write_gif(failing(), path, interval=100, force=True)
    assert path.read_bytes() == b"before"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.gif"]  # no partial file
    assert write_gif(iter([]), path, interval=100, force=True) == 0
    assert path.read_bytes() == b"before"
    with pytest.raises(OutputExistsError):
        write_gif(iter([_frame(COLOURS[0])]), path, interval=100)
    assert path.read_bytes() == b"before"


# -- the raster limit of a frame ----------------------------------------------------------

AIMA = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"
# Three levels 200,000 pt apart: 8,333 in tall, 83,333 pixels even at 10 dpi; 20,000 pt
# apart: about 560 in, so 150 dpi (84,000 pixels) is lowered to fit 32,767.
TOO_TALL = {"level_sep": 200_000}
TALL = {"level_sep": 20_000}


@pytest.mark.parametrize(
    ("algorithm", "options", "suffix"),
    [("alphabeta", {}, "gif"), ("alphabeta", {}, "png"), ("mcts", {"iterations": 3}, "gif")],
)
def test_a_frame_too_large_for_a_raster_is_refused_before_any_file(
    tmp_path: Path, algorithm: str, options: dict[str, int], suffix: str
) -> None:
    G = gametree.parse(AIMA)
    path = tmp_path / f"a.{suffix}"
    with pytest.raises(RenderError) as caught:
        animate(G, algorithm, path, style=TOO_TALL, **options)
    message = str(caught.value)
    assert message.startswith("the tree is too large for an animation frame: ")
    assert "even at 10 dpi (the limit is 32,767)" in message and ".svg" in message
    assert not list(tmp_path.iterdir())


def test_a_large_frame_is_drawn_at_a_lower_resolution() -> None:
    G = gametree.parse(AIMA)
    with pytest.warns(UserWarning, match="an animation frame would be .* writing it at"):
        first = next(frames(G, "alphabeta", style=TALL))
    assert max(first.size) <= 32_767
    assert max(first.size) > 32_767 * 0.9  # lowered to the limit, not further


@pytest.mark.slow
def test_cli_gif_of_a_deep_chain_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "chain.tree"
    tree.write_text(gametree.to_notation(gametree.random_tree(1, 8_000, seed=1)))
    # alpha-beta's 16,004 steps are past the frame limit too, refused first: with the limit
    # raised, the frame's size is what refuses it
    for algorithm in ("alphabeta", "mcts"):
        extra = ["--iterations", "3"] if algorithm == "mcts" else ["--max-frames", "20000"]
        out = tmp_path / "chain.gif"
        assert main(["draw", str(tree), "-a", algorithm, *extra, "-o", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1
        assert err.startswith("gametree draw: error: the tree is too large for an animation frame")
        assert not out.exists()
    assert main(["draw", str(tree), "-a", "alphabeta", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "16,004 frames, more than the frame limit of 1,000" in err
    assert not out.exists()


@pytest.mark.slow
def test_an_animation_past_the_frame_limit_is_refused_before_any_frame(tmp_path: Path) -> None:
    # Fig 5.2's alpha-beta trace has 30 events: one frame each, after the bare tree's.
    G = gametree.parse(AIMA)
    assert len(list(gametree.search_trace(G, "alphabeta"))) == 30
    path = tmp_path / "a.gif"
    with pytest.raises(RenderError, match=r"would have 31 frames, more than the frame limit of 30"):
        animate(G, "alphabeta", path, max_frames=30)
    assert not list(tmp_path.iterdir())
    assert animate(G, "alphabeta", path, max_frames=31) == [path]
    with Image.open(path) as gif:
        assert gif.n_frames <= 31


def test_the_default_frame_limit_refuses_a_wide_star_without_drawing() -> None:
    # 1,200 leaves under one MAX root: the root's enter and exit, and per leaf an enter, its
    # evaluation and an exit: 3,602 events and the bare tree's frame, far past the default
    # of 1,000 frames. Drawing them would take minutes, so the refusal comes first.
    G = gametree.from_nested(list(range(1_200)))
    images = frames(G, "minimax")
    with pytest.raises(RenderError, match=r"3,603 frames, more than the frame limit of 1,000"):
        next(images)


@pytest.mark.parametrize("bad", [0, -1, 2.5, True, "10"])
def test_a_bad_frame_limit_is_refused(tmp_path: Path, bad: object) -> None:
    G = gametree.parse(AIMA)
    with pytest.raises(RenderError, match=r"max_frames=.* is not allowed"):
        animate(G, "alphabeta", tmp_path / "a.gif", max_frames=bad)  # type: ignore[arg-type]


def test_mcts_frames_past_the_limit_are_refused_before_the_search(tmp_path: Path) -> None:
    G = gametree.parse(AIMA)
    with pytest.raises(RenderError, match="would have 50 frames, more than the frame limit of 10"):
        animate(G, "mcts", tmp_path / "m.gif", iterations=50, seed=1, max_frames=10)
    assert not list(tmp_path.iterdir())


def test_cli_frame_limit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = tmp_path / "fig52.tree"
    tree.write_text(AIMA)
    out = tmp_path / "a.gif"
    out.write_bytes(b"keep me")
    argv = ["draw", str(tree), "-a", "alphabeta", "--max-frames", "5", "-o", str(out), "--force"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "31 frames, more than the frame limit of 5" in err and "--max-frames" in err
    assert out.read_bytes() == b"keep me"
    png = tmp_path / "a.png"
    assert main(["draw", str(tree), "--max-frames", "5", "-o", str(png)]) == 2
    assert capsys.readouterr().err == "gametree draw: error: --max-frames applies to a .gif only\n"
    assert not png.exists()
