"""Animated GIFs written frame by frame: :func:`write_gif` keeps at most two frames alive."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, BinaryIO

from gametree.outfiles import replacing

if TYPE_CHECKING:
    from PIL.Image import Image

__all__ = ["write_gif"]


def write_gif(
    images: Iterable[Image], path: str | os.PathLike[str], *, interval: int, force: bool = False
) -> int:
    """Write ``images`` as a looping animated GIF, ``interval`` milliseconds per frame.

    Each image is reduced to a 64-colour palette and written as soon as the next one
    shows whether it differs (a repeated frame lengthens the previous one instead), so
    memory holds two frames whatever their number. The first frame sets the canvas; a
    later frame stores only the box that changed, with its own palette.

    The frames go to a fresh temporary file beside ``path`` (:mod:`gametree.outfiles`:
    no name is opened that could have been planted) renamed over it when complete: no
    frame at all, or an error while drawing them (a tree too large for a frame), leaves
    ``path`` as it was. An existing ``path`` is refused unless ``force``, before any
    frame is drawn.

    Returns
    -------
    int
        The number of frames written (0: no file written).
    """
    from PIL import GifImagePlugin, ImageChops
    from PIL import Image as PILImage

    _OCTREE = PILImage.Quantize.FASTOCTREE
    count = 0
    pending: tuple[Image, tuple[int, int, int, int] | None, int] | None = None
    try:
        with replacing(path, force=force) as temp, open(temp, "wb") as fp:
            for image in images:
                frame = image.convert("RGB").quantize(
                    colors=64, method=PILImage.Quantize.FASTOCTREE
                )
                del image
                if pending is None:
                    header, _ = GifImagePlugin.getheader(
                        frame, info={"loop": 0, "duration": interval}
                    )
                    fp.writelines(header)
                    pending = (frame, None, interval)
                    continue
                previous = pending[0]
                if previous.getpalette() != frame.getpalette():
                    delta = ImageChops.subtract_modulo(
                        frame.convert("RGBA"), previous.convert("RGBA")
                    )
                else:
                    delta = ImageChops.subtract_modulo(frame, previous)
                bbox = delta.getbbox(alpha_only=False)
                if bbox is None:
                    pending = (previous, pending[1], pending[2] + interval)
                    continue
                count += _write_frame(fp, *pending)
                pending = (frame, bbox, interval)
            if pending is None:
                raise _NoFrames
            count += _write_frame(fp, *pending)
            fp.write(b";")
    except _NoFrames:
        return 0
    return count


class _NoFrames(Exception):
    """No frame was drawn: nothing is written (caught by :func:`write_gif`)."""


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
