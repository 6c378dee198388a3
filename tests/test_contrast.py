"""Every text colour of every back end reads at 4.5:1 or more (WCAG 2.1 AA) on the
backgrounds it is drawn over (issue 35, item 8).

Pruned and unreached nodes' text was ``#7f7f7f`` (4.0:1 on white, 3.2:1 on the pruned
fill) and ``#b0b0b0`` (2.2:1): gone on a projector or a photocopy. The colours are read
back from each output (matplotlib artists, SVG attributes, the TikZ and forest colour
definitions, DOT attributes) and the contrast computed here from WCAG's definition of
relative luminance, against white and every fill the same picture uses (a text may sit
inside any shape).
"""

from __future__ import annotations

import re
import warnings
import xml.etree.ElementTree as ET
from typing import Any

import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import to_hex

import gametree
from gametree.drawing.forest import to_forest
from gametree.drawing.style import DEFAULT_STYLE, VERDICT_COLORS

AA = 4.5
# C's cutoff prunes X and leaves M, N unreached; D's cut prunes K's siblings.
DEEP = "(A (B 3 12 8) (C 2 4 (X 1 2)) (D 14 5 2))"
SHOW = "values,bounds,names,moves,order"


def luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of an sRGB colour."""
    hex_ = to_hex(colour).lstrip("#")
    channels = [int(hex_[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_contrast_formula_by_hand() -> None:
    # WCAG's own figures: black on white 21:1, #767676 the lightest grey at 4.5:1.
    assert contrast("black", "white") == pytest.approx(21.0)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert contrast("#7f7f7f", "white") == pytest.approx(4.0, abs=0.01)  # the issue's
    assert contrast("#b0b0b0", "white") == pytest.approx(2.2, abs=0.05)


def worst(texts: set[str], grounds: set[str]) -> tuple[float, str, str]:
    return min((contrast(t, g), t, g) for t in texts for g in grounds | {"white"})


def searched() -> tuple[Any, Any]:
    G = gametree.parse(DEEP)
    return G, gametree.alphabeta(G, annotate=False)


def _mpl() -> tuple[set[str], set[str]]:
    G, result = searched()
    artists = gametree.draw(G, result, show=SHOW)
    try:
        texts = {to_hex(t.get_color()) for group in (artists.values, artists.names,
                 artists.bounds, artists.order, artists.moves) for t in group.values()}  # fmt: skip
        fills = {to_hex(c) for c in artists.nodes.get_facecolors()}
    finally:
        plt.close(artists.figure)
    return texts, fills


def _svg() -> tuple[set[str], set[str]]:
    G, result = searched()
    root = ET.fromstring(gametree.to_svg(G, result, show=SHOW))
    texts = {el.get("fill") for el in root.iter() if el.tag.endswith("text") and el.get("fill")}
    fills = {el.get("fill") for el in root.iter()
             if el.get("class") == "shape" and el.get("fill") not in (None, "none")}  # fmt: skip
    return {to_hex(t) for t in texts if t}, {to_hex(f) for f in fills if f}


def _tex_colours(tex: str) -> tuple[set[str], set[str]]:
    named = {
        m[1]: to_hex("#" + m[2])
        for m in re.finditer(r"\\definecolor\{(\w+)\}\{HTML\}\{(\w+)\}", tex)
    }
    texts = {named.get(m, m) for m in re.findall(r"\btext=(\w+)", tex)}
    fills = {named.get(m, m) for m in re.findall(r"\bfill=(\w+)", tex)}
    return texts, fills


def _tikz() -> tuple[set[str], set[str]]:
    G, result = searched()
    return _tex_colours(gametree.to_tikz(G, result, show=SHOW))


def _forest() -> tuple[set[str], set[str]]:
    G, result = searched()
    return _tex_colours(to_forest(G, result, show=SHOW))


def _dot() -> tuple[set[str], set[str]]:
    G, result = searched()
    dot = gametree.to_dot(G, result, show=SHOW)
    texts = set(re.findall(r'fontcolor="?([#\w]+)"?', dot))
    fills = set(re.findall(r'fillcolor="?([#\w]+)"?', dot))
    return texts, fills


@pytest.mark.parametrize("backend", [_mpl, _svg, _tikz, _forest, _dot],
                         ids=["matplotlib", "svg", "tikz", "forest", "dot"])  # fmt: skip
def test_every_text_colour_reads_at_aa_on_every_fill(backend: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        texts, fills = backend()
    style = DEFAULT_STYLE
    # The picture does draw pruned and unreached text (else the check proves nothing).
    assert {style["pruned_text_color"], style["unreached_text_color"]} <= texts
    assert {style["pruned_fill"], style["unreached_fill"]} <= fills
    ratio, text, ground = worst(texts, fills)
    assert ratio >= AA, f"{text} on {ground}: {ratio:.2f}:1"


def test_the_style_s_text_colours_and_strokes() -> None:
    """Every text colour of the style on white and on every fill; strokes that carry
    meaning (pruned, unreached, cut, current) at 3:1 on white (WCAG 1.4.11)."""
    st = DEFAULT_STYLE
    texts = {st[k] for k in st if k.endswith("text_color")}
    texts |= {st[k] for k in ("name_color", "bounds_color", "order_color", "move_color")}
    fills = {st[k] for k in st if k.endswith("_fill") and k != "board_last_fill"}
    ratio, text, ground = worst(texts, fills)
    assert ratio >= AA, f"{text} on {ground}: {ratio:.2f}:1"
    # Verdicts and the page's solution text are written on white shapes (a bare tree).
    marks = set(VERDICT_COLORS.values()) | {st["current_color"]}
    ratio, text, ground = worst(marks, {st["max_fill"], st["min_fill"], st["leaf_fill"]})
    assert ratio >= AA, f"{text} on {ground}: {ratio:.2f}:1"
    for key in ("pruned_color", "unreached_color", "cut_color", "current_color", "color"):
        assert contrast(st[key], "white") >= 3.0, key
