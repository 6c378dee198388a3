"""A large diagram's labels as SVG text, written into matplotlib's SVG file.

Past :data:`gametree.drawing.mpl.TEXT_ARTISTS_UP_TO` nodes matplotlib draws the labels
as one collection of glyph outlines (one Text artist per label would be slow); in an
SVG file those outlines are most of its bytes and of its writing time. Here the labels
are written as ``<text>`` elements instead, in the font the drawing names (a viewer
without it uses its sans-serif), in the place of the empty glyph collection: the file
is smaller, its text searchable and selectable.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from gametree.drawing.mpl import Artists

__all__ = ["save_svg"]

_ANCHOR = {"left": "start", "center": "middle", "right": "end"}


def save_svg(artists: Artists, target: Any, family: str, **savefig: Any) -> None:
    """Save the artists' figure as SVG to ``target`` (a path or binary file), with the
    labels in ``artists.texts`` as text in the place of the (empty) ``labels`` group.

    Call it inside the ``rc_context`` the figure is saved under (``svg.fonttype``,
    ``svg.hashsalt``); :func:`gametree.save` does, for every ``.svg``.

    Examples
    --------
    >>> import pathlib, tempfile, gametree
    >>> G = gametree.random_tree(2, 8, seed=1)  # 511 nodes: past TEXT_ARTISTS_UP_TO
    >>> result = gametree.alphabeta(G)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     svg = gametree.save(G, pathlib.Path(folder) / "key.svg", fit=None).read_text()
    >>> svg.count("<text ") > 511, "font-family: 'DejaVu Sans', sans-serif" in svg
    (True, True)
    """
    fig = artists.figure
    buffer = io.BytesIO()
    fig.savefig(buffer, format="svg", **savefig)
    svg = buffer.getvalue().decode("utf-8")
    if artists.labels is not None and artists.texts:
        svg = _insert(svg, _text_elements(fig, artists, family))
    if hasattr(target, "write"):
        target.write(svg.encode("utf-8"))
    else:
        with open(target, "wb") as out:
            out.write(svg.encode("utf-8"))


def _insert(svg: str, elements: str) -> str:
    # matplotlib writes an empty group as one self-closing tag.
    for empty in ('<g id="labels"/>', '<g id="labels"></g>'):
        start = svg.find(empty)
        if start >= 0:
            filled = '<g id="labels">\n' + elements + "</g>"
            return svg[:start] + filled + svg[start + len(empty) :]
    raise RuntimeError("matplotlib's SVG has no empty group for the labels")


def _text_elements(fig: Figure, artists: Artists, family: str) -> str:
    """``<text>`` elements at the labels' baselines, in SVG user units (points, y down),
    grouped by how they look."""
    from matplotlib.colors import to_hex, to_rgba

    ax = artists.ax
    ax.apply_aspect()
    scale = 72.0 / fig.dpi
    height = fig.bbox.height * scale
    labels = artists.texts
    xy = ax.transData.transform([(lb.x, lb.y) for lb in labels]) * scale
    groups: dict[tuple[float, str, str, bool, bool], list[str]] = {}
    for lb, (x, y) in zip(labels, xy, strict=True):
        look = (lb.size, lb.color, lb.ha, lb.bold, lb.italic)
        groups.setdefault(look, []).append(
            f'<text x="{x:.2f}" y="{height - y:.2f}">{escape(lb.text)}</text>'
        )
    out = []
    for (size, color, ha, bold, italic), texts in groups.items():
        rgba = to_rgba(color)
        style = [
            f"font-family: '{family}', sans-serif",
            f"font-size: {size:g}px",
            f"fill: {to_hex(rgba)}",
            f"text-anchor: {_ANCHOR.get(ha, 'middle')}",
        ]
        if rgba[3] < 1:
            style.append(f"fill-opacity: {rgba[3]:g}")
        if bold:
            style.append("font-weight: bold")
        if italic:
            style.append("font-style: italic")
        out.append(f'<g xml:space="preserve" style={quoteattr("; ".join(style))}>')
        out.extend(texts)
        out.append("</g>")
    return "\n".join(out) + "\n"
