"""What the LaTeX back ends share: escaping, numbers, fonts, colours, outlines, documents.

:mod:`gametree.drawing.tikz` and :mod:`gametree.drawing.forest` write the same shapes,
boards, colours and fonts from the same placement; this module holds the TeX they have
in common, so a label, a triangle or a board reads the same in either, and a standalone
document of either compiles on its own with pdflatex, its page cropped to the picture.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

from gametree.drawing.metrics import text_width
from gametree.drawing.model import Diagram, DrawnNode
from gametree.drawing.slots import Placement

__all__ = [
    "ANCHORS",
    "TEXT_STYLES",
    "Palette",
    "board_paths",
    "bounding_box",
    "dash",
    "font",
    "frame_texts",
    "num",
    "outline",
    "standalone_document",
    "tex_escape",
    "text_styles",
]

_SPECIAL = {
    "\\": "$\\backslash$",
    "{": "$\\{$",
    "}": "$\\}$",
    "%": "\\%",
    "&": "\\&",
    "#": "\\#",
    "$": "{\\upshape\\ttfamily\\char36}",
    "_": "{\\upshape\\ttfamily\\char95}",
    "^": "\\^{}",
    "~": "\\~{}",
    "<": "$<$",
    ">": "$>$",
    "|": "$|$",
    '"': "{\\ttfamily\\char34}",
    "\n": " ",
    "\r": " ",
    "\t": " ",
}
_MATH = {
    "∞": "\\infty",
    "…": "\\ldots",
    "−": "-",
    "≥": "\\geq",
    "≤": "\\leq",
    "→": "\\rightarrow",
    "←": "\\leftarrow",
    "×": "\\times",
    "±": "\\pm",
    "·": "\\cdot",
    "α": "\\alpha",
    "β": "\\beta",
    "γ": "\\gamma",
    "δ": "\\delta",
    "ε": "\\varepsilon",
    "π": "\\pi",
    "σ": "\\sigma",
}
_ACCENTS = {
    "\u0301": "\\'",
    "\u0300": "\\`",
    "\u0302": "\\^",
    "\u0308": '\\"',
    "\u0303": "\\~",
    "\u0327": "\\c",
    "\u030c": "\\v",
    "\u0306": "\\u",
    "\u0304": "\\=",
    "\u030a": "\\r",
}
_LETTERS = {"ß": "\\ss{}", "æ": "\\ae{}", "Æ": "\\AE{}", "ø": "\\o{}", "Ø": "\\O{}", "œ": "\\oe{}"}


def tex_escape(text: str) -> str:
    """Return ``text`` as TeX that pdflatex typesets as the same characters.

    TeX specials are escaped (``$``, ``"`` and ``_`` as typewriter glyphs, so that the
    PDF's text layer has them, in italic labels too), mathematical symbols and Greek
    letters go to math mode, accented letters to accent macros; other characters
    (control characters too) are written as ``U+XXXX``.

    >>> print(tex_escape("50% & {x} #2 \\\\ −∞ ≥ é"))
    50\\% \\& $\\{$x$\\}$ \\#2 $\\backslash$ $-$$\\infty$ $\\geq$ \\'{e}
    >>> print(tex_escape("x_1 $5"))
    x{\\upshape\\ttfamily\\char95}1 {\\upshape\\ttfamily\\char36}5
    """
    out = []
    for ch in text:
        if ch in _SPECIAL:
            out.append(_SPECIAL[ch])
        elif ch.isascii() and ch.isprintable():
            out.append(ch)
        elif ch in _MATH:
            out.append(f"${_MATH[ch]}$")
        elif ch in _LETTERS:
            out.append(_LETTERS[ch])
        else:
            out.append(_decomposed(ch))
    return "".join(out)


def _decomposed(ch: str) -> str:
    parts = unicodedata.normalize("NFD", ch)
    base, marks = parts[0], parts[1:]
    if base.isascii() and marks and all(m in _ACCENTS for m in marks):
        text = base
        for mark in marks:
            text = f"{_ACCENTS[mark]}{{{text}}}"
        return text
    return f"{{\\ttfamily U+{ord(ch):04X}}}"


def num(value: float) -> str:
    """A length in points as TeX reads it: two decimals at most, no trailing zeros.

    >>> num(167.5499), num(-0.001), num(3.0)
    ('167.55', '0', '3')
    """
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text


def font(size: float) -> str:
    """A sans-serif font at ``size`` points (the size the placement measured).

    >>> font(7)
    '\\\\sffamily\\\\fontsize{7pt}{8.4pt}\\\\selectfont'
    """
    return f"\\sffamily\\fontsize{{{num(size)}pt}}{{{num(size * 1.2)}pt}}\\selectfont"


def dash(linestyle: str) -> str:
    """The TikZ dash pattern of a dashed or dotted line (empty for a solid one)."""
    return {"dashed": "dash pattern=on 4pt off 2.5pt", "dotted": "dash pattern=on 1pt off 2pt"}.get(
        linestyle, ""
    )


class Palette:
    """The colours of a picture, each named once (``gt0``, ``gt1``, ...).

    >>> p = Palette()
    >>> p.name("black"), p.name("#7f7f7f"), p.name("black")
    ('gt0', 'gt1', 'gt0')
    >>> p.definitions()
    ['\\\\definecolor{gt0}{HTML}{000000}', '\\\\definecolor{gt1}{HTML}{7F7F7F}']
    """

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def name(self, value: str) -> str:
        """The name of the colour ``value`` (a matplotlib colour), given on first use."""
        if value not in self.names:
            self.names[value] = f"gt{len(self.names)}"
        return self.names[value]

    def definitions(self) -> list[str]:
        """``\\definecolor`` of every colour named so far."""
        return [
            f"\\definecolor{{{name}}}{{HTML}}{{{_hex(value)}}}"
            for value, name in self.names.items()
        ]


def _hex(value: str) -> str:
    if value.startswith("#") and len(value) == 7:
        return value[1:].upper()
    from matplotlib.colors import to_hex

    return to_hex(value)[1:].upper()


def outline(kind: str, w: float, h: float) -> str:
    """A node's outline as a TikZ path from its centre (empty for a bare value).

    >>> outline("MIN", 20, 10)
    '++(0, -5) -- ++(-10, 10) -- ++(20, 0) -- cycle'
    """
    if kind in {"BARE", "MORE"}:
        return ""
    if kind in {"MAX", "STUB"}:
        return f"++(0, {num(h / 2)}) -- ++({num(-w / 2)}, {num(-h)}) -- ++({num(w)}, 0) -- cycle"
    if kind == "MIN":
        return f"++(0, {num(-h / 2)}) -- ++({num(-w / 2)}, {num(h)}) -- ++({num(w)}, 0) -- cycle"
    if kind == "CHANCE":
        return f"circle[radius={num(w / 2)}]"
    return f"++({num(-w / 2)}, {num(-h / 2)}) rectangle ++({num(w)}, {num(h)})"


def board_paths(
    n: DrawnNode, at: tuple[float, float], color: Callable[[str], str], indent: str = "  "
) -> list[str]:
    """A node's board as TikZ paths around ``at``: filled frame, last-move cells, cell
    lines, outline, marks (the marks use the style ``gt mark``)."""
    board = n.board
    assert board is not None
    x, y = at

    def box(x0: float, y0: float, x1: float, y1: float) -> str:
        return f"({num(x + x0)}, {num(y + y0)}) rectangle ({num(x + x1)}, {num(y + y1)})"

    frame = box(-board.width / 2, -board.height / 2, board.width / 2, board.height / 2)
    out = [f"{indent}\\path[fill={color(n.fill)}] {frame};"]
    for r, c in sorted(board.last):
        out.append(f"{indent}\\path[fill={color(board.last_fill)}] {box(*board.cell_box(r, c))};")
    segments = " ".join(
        f"({num(x + x0)}, {num(y + y0)}) -- ({num(x + x1)}, {num(y + y1)})"
        for (x0, y0), (x1, y1) in board.grid_lines()
    )
    if segments:
        out.append(f"{indent}\\path[draw={color(board.grid_color)}, line width=0.6pt] {segments};")
    pattern = dash(n.linestyle)
    out.append(
        f"{indent}\\path[draw={color(n.color)}, line width={num(n.line_width)}pt"
        f"{', ' + pattern if pattern else ''}] {frame};"
    )
    size = num(board.mark_size)
    mark_font = f"font=\\sffamily\\bfseries\\fontsize{{{size}pt}}{{{size}pt}}\\selectfont"
    for r, c, text in board.marks():
        cx, cy = board.cell_center(r, c)
        out.append(
            f"{indent}\\node[gt mark, {mark_font}, text={color(n.text_color)}] at "
            f"({num(x + cx)}, {num(y + cy)}) {{{tex_escape(text)}}};"
        )
    return out


def standalone_document(preamble: str, picture: str, *more: str) -> str:
    """A LaTeX document that pdflatex compiles to one PDF page cropped to ``picture``
    (and one more page, cropped alike, per picture in ``more``).

    ``preamble`` is what the picture needs (``\\usepackage{...}`` lines); every glyph
    maps to Unicode in the PDF's text layer, so its labels can be searched and copied.
    """
    pages = "".join(
        "\\savebox{\\gametreebox}{%\n"
        # The picture's last line ends in a comment: a space there would widen the box.
        + each.rstrip("\n")
        + "%\n}\n"
        + "% Crop the page to the picture.\n"
        + "\\pdfpagewidth=\\wd\\gametreebox\n"
        + "\\pdfpageheight=\\dimexpr\\ht\\gametreebox+\\dp\\gametreebox\\relax\n"
        + "\\hoffset=-1in \\voffset=-1in\n"
        + "\\shipout\\copy\\gametreebox\n"
        for each in (picture, *more)
    )
    return (
        "\\documentclass{article}\n"
        + preamble
        + "% Map every glyph to Unicode in the text layer.\n"
        + "\\input{glyphtounicode}\\pdfgentounicode=1\n"
        + "\\begin{document}\n"
        + "\\pagestyle{empty}\n"
        + "\\newsavebox{\\gametreebox}\n"
        + pages
        + "\\end{document}\n"
    )


TEXT_STYLES = {
    "value": "gt value",
    "name": "gt name",
    "order": "gt order",
    "bounds": "gt bounds",
    "count": "gt count",
    "move": "gt move",
}
"""The TikZ style of each kind of label (see :func:`text_styles`)."""

ANCHORS = {"start": "base west", "middle": "base", "end": "base east"}
"""The TikZ anchor of a label's start, middle or end on its baseline."""


def text_styles(d: Diagram, cut_color: str) -> list[str]:
    """The TikZ styles of the labels (fonts at the placed sizes) and of the cut marks'
    strokes (``gt stroke``), one ``name/.style={...}`` per line."""
    st = d.style
    big = float(st["font_size"])
    small = float(st["small_font_size"])
    lines = [
        f"gt value/.style={{font={font(big)}, inner sep=0pt}}",
        f"gt name/.style={{font={font(small)}\\itshape, inner sep=0pt}}",
        f"gt order/.style={{font={font(small)}, inner sep=0pt}}",
        f"gt bounds/.style={{font={font(small)}, inner sep=0pt}}",
        f"gt count/.style={{font={font(small)}\\itshape, inner sep=0pt}}",
        f"gt move/.style={{font={font(small)}, fill=white, inner sep=1pt}}",
        f"gt stroke/.style={{draw={cut_color}, line width={num(st['cut_line_width'])}pt, solid}}",
    ]
    if any(n.board is not None for n in d.nodes):
        lines.append("gt mark/.style={inner sep=0pt}")
    return lines


def frame_texts(d: Diagram, pl: Placement) -> list[str]:
    """The title over the picture and the convention's caption under it, as TikZ nodes."""
    out = []
    if d.title:
        cx = (pl.xmin + pl.xmax) / 2
        out.append(
            f"\\node[anchor=south, font=\\sffamily\\large] at ({num(cx)}, "
            f"{num(pl.ymax + 6)}) {{{tex_escape(d.title)}}};"
        )
    if d.caption:
        out.append(
            f"\\node[anchor=north west, font=\\sffamily\\normalsize] at ({num(pl.xmin)}, "
            f"{num(pl.ymin - 6)}) {{{tex_escape(d.caption)}}};"
        )
    return out


def bounding_box(d: Diagram, pl: Placement) -> str:
    """The picture's box as a TikZ ``rectangle``: the placement, its margin, and room for
    the title and the caption."""
    st = d.style
    big = float(st["font_size"])
    margin = float(st["margin"])
    caption_width = text_width(d.caption, big) if d.caption else 0.0
    left, right = pl.xmin, max(pl.xmax, pl.xmin + caption_width)
    if d.title:
        # The title is centred over the tree, \\large (12 pt in a 10 pt document); a
        # wide one widens the box on both sides.
        cx, half = (pl.xmin + pl.xmax) / 2, text_width(d.title, 12.0) / 2
        left, right = min(left, cx - half), max(right, cx + half)
    return (
        f"({num(left - margin)}, {num(pl.ymin - margin - (2 * big if d.caption else 0))}) "
        f"rectangle ({num(right + margin)}, "
        f"{num(pl.ymax + margin + (2 * big if d.title else 0))})"
    )
