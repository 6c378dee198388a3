"""The rule of every raster gametree writes (a PNG, each frame of an animation): its size.

A raster is written at the resolution asked for unless a side would pass
:data:`MAX_PNG_PIXELS`: then at a lower one, with a warning that suggests SVG; below
:data:`MIN_PNG_DPI` it is refused, naming SVG/PDF and the options that draw less.
"""

from __future__ import annotations

import warnings

from gametree.exceptions import RenderError

__all__ = ["MAX_PNG_PIXELS", "MIN_PNG_DPI", "PNG_INSTEAD", "fit_raster", "refuse_raster"]

MAX_PNG_PIXELS = 32767
"""Largest PNG side written at full resolution (Graphviz's limit; matplotlib's is 65,536)."""

MIN_PNG_DPI = 10
"""Lowest resolution a PNG is shrunk to (a 7-pt text is then one pixel high); a tree that
would need less is refused (:class:`~gametree.exceptions.RenderError`): SVG or PDF hold it."""


PNG_INSTEAD = (
    "save it as .svg or .pdf, or draw less of it with max_depth=K, collapse='pruned' or "
    "focus=NODE (CLI: --max-depth K, --collapse pruned, --focus NODE)"
)
"""What a refusal of a PNG suggests instead (the CLI words it with its flags)."""


def refuse_raster(
    width_pt: float, height_pt: float, *, what: str = "a PNG", instead: str = PNG_INSTEAD
) -> None:
    """Raise RenderError when a drawing this size fits a raster (``what``) only below
    :data:`MIN_PNG_DPI`; ``instead`` says what to do."""
    inches = max(width_pt, height_pt) / 72.0
    if inches * MIN_PNG_DPI > MAX_PNG_PIXELS:
        raise RenderError(
            f"the tree is too large for {what}: its drawing is at least {inches:,.0f} in long, "
            f"{inches * MIN_PNG_DPI:,.0f} pixels even at {MIN_PNG_DPI} dpi (the limit is "
            f"{MAX_PNG_PIXELS:,}); {instead}"
        )


def fit_raster(
    width_pt: float,
    height_pt: float,
    dpi: float,
    *,
    what: str = "a PNG",
    instead: str = PNG_INSTEAD,
) -> float:
    """Return ``dpi``, lowered (with a warning) so neither side of a raster of a drawing
    this size passes :data:`MAX_PNG_PIXELS`; refuse one that would need less than
    :data:`MIN_PNG_DPI` (:class:`RenderError` naming ``what`` and saying ``instead``).

    The rule of every raster gametree writes: a PNG and each frame of an animation.
    """
    refuse_raster(width_pt, height_pt, what=what, instead=instead)
    largest = max(width_pt, height_pt) / 72.0 * dpi
    if largest <= MAX_PNG_PIXELS:
        return dpi
    fitted = MAX_PNG_PIXELS / (max(width_pt, height_pt) / 72.0)
    warnings.warn(
        f"{what} would be {largest:,.0f} pixels across, more than {MAX_PNG_PIXELS:,}; "
        f"writing it at {fitted:.0f} dpi instead of {dpi:.0f}. Save as .svg (or .pdf) "
        "for a legible drawing of a tree this size",
        UserWarning,
        stacklevel=3,
    )
    return fitted
