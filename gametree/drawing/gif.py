"""Animated GIFs written frame by frame: :func:`write_gif` keeps at most two frames alive."""

from __future__ import annotations

import os
from collections.abc import Iterable
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

if TYPE_CHECKING:
    from PIL.Image import Image

__all__ = ["write_gif"]


def write_gif(images: Iterable[Image], path: str | os.PathLike[str], *, interval: int) -> int:
    """Write ``images`` as a looping animated GIF, ``interval`` milliseconds per frame.

    Each image is reduced to a 64-colour palette and written as soon as the next one
    shows whether it differs (a repeated frame lengthens the previous one instead), so
    memory holds two frames whatever their number. The first frame sets the canvas; a
    later frame stores only the box that changed, with its own palette.

    The file is opened once the first frame is drawn, written beside ``path`` and
    renamed to it when complete: no frame at all, or an error while drawing them (a
    tree too large for a frame), leaves ``path`` as it was.

    Returns
    -------
    int
        The number of frames written (0: no file written).
    """
    from PIL import GifImagePlugin, ImageChops
    from PIL import Image as PILImage

    target = Path(path)
    partial = target.with_name(target.name + ".part")
    count = 0
    pending: tuple[Image, tuple[int, int, int, int] | None, int] | None = None
    with ExitStack() as opened:
        for image in images:
            frame = image.convert("RGB").quantize(colors=64, method=PILImage.Quantize.FASTOCTREE)
            del image
            if pending is None:
                fp = opened.enter_context(partial.open("wb"))
                opened.callback(partial.unlink, missing_ok=True)  # unless renamed below
                header, _ = GifImagePlugin.getheader(frame, info={"loop": 0, "duration": interval})
                fp.writelines(header)
                pending = (frame, None, interval)
                continue
            previous = pending[0]
            if previous.getpalette() != frame.getpalette():
                delta = ImageChops.subtract_modulo(frame.convert("RGBA"), previous.convert("RGBA"))
            else:
                delta = ImageChops.subtract_modulo(frame, previous)
            bbox = delta.getbbox(alpha_only=False)
            if bbox is None:
                pending = (previous, pending[1], pending[2] + interval)
                continue
            count += _write_frame(fp, *pending)
            pending = (frame, bbox, interval)
        if pending is None:
            return 0
        count += _write_frame(fp, *pending)
        fp.write(b";")
        fp.close()
        os.replace(partial, target)
    return count


def _write_frame(
    fp: BinaryIO, frame: Image, bbox: tuple[int, int, int, int] | None, duration: int
) -> int:
    from PIL import GifImagePlugin

    if bbox is None:
        fp.writelines(GifImagePlugin.getdata(frame, (0, 0), duration=duration))
        return 1
    if bbox != (0, 0, *frame.size):
        frame = frame.crop(bbox)
    fp.writelines(
        GifImagePlugin.getdata(frame, bbox[:2], duration=duration, include_color_table=True)
    )
    return 1
