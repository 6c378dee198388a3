"""The streaming GIF writer: frames, durations, repeated frames merged, and memory that
does not grow with the number of frames (counted as frames alive, not timed)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from pathlib import Path

from PIL import Image, ImageSequence

from gametree.drawing.gif import write_gif

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
