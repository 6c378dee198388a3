"""The TikZ emitter: :func:`to_tikz` for lecture notes and exam sheets (pdflatex)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.drawing.fit import arrange
from gametree.drawing.metrics import text_width
from gametree.drawing.model import Diagram, DrawnNode
from gametree.drawing.slots import Placement
from gametree.drawing.style import DEFAULT_FIT, diagram

if TYPE_CHECKING:
    from gametree.search.result import SearchResult

__all__ = ["to_tikz"]

PREAMBLE = "\\usepackage{tikz}\n"
"""What a document needs in its preamble to ``\\input`` a :func:`to_tikz` picture."""

_SPECIAL = {
    "\\": "$\\backslash$",
    "{": "$\\{$",
    "}": "$\\}$",
    "%": "\\%",
    "&": "\\&",
    "#": "\\#",
    "$": "{\\ttfamily\\char36}",
    "_": "\\_",
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

    TeX specials are escaped, mathematical symbols and Greek letters go to math mode,
    accented letters to accent macros; other characters (control characters too) are
    written as ``U+XXXX``.

    >>> print(tex_escape("50% & {x_1} #2 \\\\ −∞ ≥ é"))
    50\\% \\& $\\{$x\\_1$\\}$ \\#2 $\\backslash$ $-$$\\infty$ $\\geq$ \\'{e}
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


def to_tikz(
    G: nx.DiGraph,
    result: SearchResult | None = None,
    *,
    standalone: bool = False,
    show: str | Iterable[str] | None = None,
    style: Mapping[str, Any] | None = None,
    title: str | None = None,
    root: Hashable | None = None,
    fit: tuple[float, float] | None = DEFAULT_FIT,
    collapse: str | None = None,
    max_depth: int | None = None,
    focus: Hashable | None = None,
    orientation: str = "top-down",
) -> str:
    r"""Return the pruning diagram as a TikZ picture (or a whole LaTeX document).

    Parameters
    ----------
    G : networkx.DiGraph
        A game tree, bare or annotated by a search.
    result : SearchResult, optional
        A search of ``G`` to draw (``G`` is not changed).
    standalone : bool, default False
        Return a complete document that pdflatex compiles to a PDF page cropped to the
        picture. Otherwise a ``tikzpicture`` to ``\input``; its preamble needs
        :data:`PREAMBLE` (``\usepackage{tikz}`` and the ``decorations.markings``
        library).
    show, style, title, root, fit, collapse, max_depth, focus, orientation
        As for :func:`gametree.draw`.

    Returns
    -------
    str
        TikZ code with the same layout and slots as :func:`gametree.draw`: coordinates
        ``n0, n1, ...`` in preorder, labels escaped for TeX.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> lines = to_tikz(G).splitlines()
    >>> lines[0]
    '\\begin{tikzpicture}[x=1pt, y=1pt,'
    >>> [line for line in lines if "(n0)" in line][0]
    '  \\coordinate (n0) at (167.55, 0);'
    """
    d = diagram(
        G,
        result,
        show=show,
        style=style,
        title=title,
        root=root,
        fit=fit,
        collapse=collapse,
        max_depth=max_depth,
        focus=focus,
        orientation=orientation,
    )
    picture = diagram_tikz(d)
    if not standalone:
        return picture
    return (
        "\\documentclass{article}\n"
        + PREAMBLE
        + "\\begin{document}\n"
        + "\\pagestyle{empty}\n"
        + "\\newsavebox{\\gametreebox}\n"
        + "\\savebox{\\gametreebox}{%\n"
        + picture
        + "}\n"
        + "% Crop the page to the picture.\n"
        + "\\pdfpagewidth=\\wd\\gametreebox\n"
        + "\\pdfpageheight=\\dimexpr\\ht\\gametreebox+\\dp\\gametreebox\\relax\n"
        + "\\hoffset=-1in \\voffset=-1in\n"
        + "\\shipout\\copy\\gametreebox\n"
        + "\\end{document}\n"
    )


_TEXT_STYLES = {
    "value": "gt value",
    "name": "gt name",
    "order": "gt order",
    "bounds": "gt bounds",
    "count": "gt count",
    "move": "gt move",
}
_ANCHORS = {"start": "base west", "middle": "base", "end": "base east"}


def diagram_tikz(d: Diagram, placement: Placement | None = None) -> str:
    """Return the ``tikzpicture`` of a computed :class:`~gametree.drawing.style.Diagram`.

    Everything is at the coordinates of the shared placement (points): the nodes'
    centres ``n0, n1, ...``, the edges, each label on its baseline (anchors ``base``,
    ``base west``, ``base east``, font sizes as placed) and each cut mark's two strokes
    as :func:`gametree.drawing.cuts.cut_marks` placed them.
    """
    st = d.style
    pl = placement if placement is not None else arrange(d)
    colors: dict[str, str] = {}

    def color(value: str) -> str:
        if value not in colors:
            colors[value] = f"gt{len(colors)}"
        return colors[value]

    body: list[str] = []
    ids = {n.node: f"n{i}" for i, n in enumerate(d.nodes)}
    for n in d.nodes:
        x, y = pl.pos[n.node]
        body.append(f"  \\coordinate ({ids[n.node]}) at ({_num(x)}, {_num(y)});")
    for e in sorted(d.edges, key=lambda e: e.pv):
        (x0, y0), (x1, y1) = pl.ends(e.u, e.v)
        opts = [
            f"draw={color(e.color)}",
            f"line width={_num(e.line_width)}pt",
            _dash(e.linestyle),
        ]
        body.append(
            f"  \\path[{', '.join(o for o in opts if o)}] "
            f"({_num(x0)}, {_num(y0)}) -- ({_num(x1)}, {_num(y1)});"
        )
    cut = color(str(st["cut_color"]))
    for e in d.edges:
        mark = pl.cuts.get((e.u, e.v))
        if mark is None or not e.cut:
            continue
        strokes = " ".join(
            f"({_num(a[0])}, {_num(a[1])}) -- ({_num(b[0])}, {_num(b[1])})" for a, b in mark.strokes
        )
        body.append(f"  \\draw[gt stroke] {strokes};")
    texts = [t for t in pl.texts if t.slot == "move"]
    for n in d.nodes:
        w, h = pl.width[n.node], pl.height[n.node]
        at = ids[n.node]
        if n.board is not None:
            body.extend(_board(n, pl.pos[n.node], color))
            dx, w, h = pl.badges[n.node]
            at = f"[xshift={_num(dx)}pt]{ids[n.node]}"
        opts = [
            f"draw={color(n.color)}",
            f"fill={color(n.fill)}",
            f"line width={_num(n.line_width)}pt",
            _dash(n.linestyle),
        ]
        outline = _outline(pl.kinds.get(n.node, n.kind), w, h)
        if outline:
            body.append(f"  \\path[{', '.join(o for o in opts if o)}] ({at}) {outline};")
    for t in pl.texts:
        if t.slot == "move":
            continue
        texts.append(t)
    for t in texts:
        style = _TEXT_STYLES[t.slot]
        weight = "\\bfseries{}" if t.bold else ""
        if t.slot == "move":
            at = f"{_num(t.x)}, {_num(t.baseline)}"
        else:
            # A node's texts from its coordinate, so that the picture reads as the tree.
            x, y = pl.pos[t.key]
            at = f"[xshift={_num(t.x - x)}pt, yshift={_num(t.baseline - y)}pt]{ids[t.key]}"
        body.append(
            f"  \\node[{style}, anchor={_ANCHORS[t.anchor]}, text={color(t.color)}] at "
            f"({at}) {{{weight}{tex_escape(t.text)}}};"
        )
    if d.title:
        cx = (pl.xmin + pl.xmax) / 2
        body.append(
            f"  \\node[anchor=south, font=\\sffamily\\large] at ({_num(cx)}, "
            f"{_num(pl.ymax + 6)}) {{{tex_escape(d.title)}}};"
        )
    if d.caption:
        body.append(
            f"  \\node[anchor=north west, font=\\sffamily\\normalsize] at ({_num(pl.xmin)}, "
            f"{_num(pl.ymin - 6)}) {{{tex_escape(d.caption)}}};"
        )
    big = float(st["font_size"])
    small = float(st["small_font_size"])
    header = [
        "\\begin{tikzpicture}[x=1pt, y=1pt,",
        f"  gt value/.style={{font={_font(big)}, inner sep=0pt}},",
        f"  gt name/.style={{font={_font(small)}\\itshape, inner sep=0pt}},",
        f"  gt order/.style={{font={_font(small)}, inner sep=0pt}},",
        f"  gt bounds/.style={{font={_font(small)}, inner sep=0pt}},",
        f"  gt count/.style={{font={_font(small)}\\itshape, inner sep=0pt}},",
        f"  gt move/.style={{font={_font(small)}, fill=white, inner sep=1pt}},",
        f"  gt stroke/.style={{draw={cut}, line width={_num(st['cut_line_width'])}pt, solid}},",
        "]",
    ]
    if any(n.board is not None for n in d.nodes):
        header.insert(-1, "  gt mark/.style={inner sep=0pt},")
    for value, name in colors.items():
        header.append(f"  \\definecolor{{{name}}}{{HTML}}{{{_hex(value)}}}")
    margin = float(st["margin"])
    caption_width = text_width(d.caption, big) if d.caption else 0.0
    box = (
        f"  \\useasboundingbox ({_num(pl.xmin - margin)}, "
        f"{_num(pl.ymin - margin - (2 * big if d.caption else 0))}) "
        f"rectangle ({_num(max(pl.xmax, pl.xmin + caption_width) + margin)}, "
        f"{_num(pl.ymax + margin + (2 * big if d.title else 0))});"
    )
    return "\n".join([*header, box, *body, "\\end{tikzpicture}"]) + "\n"


def _font(size: float) -> str:
    """A sans-serif font at ``size`` points (the size the placement measured)."""
    return f"\\sffamily\\fontsize{{{_num(size)}pt}}{{{_num(size * 1.2)}pt}}\\selectfont"


def _board(n: DrawnNode, at: tuple[float, float], color: Callable[[str], str]) -> list[str]:
    """A node's board: filled frame, last-move cells, cell lines, outline, marks."""
    board = n.board
    assert board is not None
    x, y = at

    def box(x0: float, y0: float, x1: float, y1: float) -> str:
        return f"({_num(x + x0)}, {_num(y + y0)}) rectangle ({_num(x + x1)}, {_num(y + y1)})"

    frame = box(-board.width / 2, -board.height / 2, board.width / 2, board.height / 2)
    out = [f"  \\path[fill={color(n.fill)}] {frame};"]
    for r, c in sorted(board.last):
        out.append(f"  \\path[fill={color(board.last_fill)}] {box(*board.cell_box(r, c))};")
    segments = " ".join(
        f"({_num(x + x0)}, {_num(y + y0)}) -- ({_num(x + x1)}, {_num(y + y1)})"
        for (x0, y0), (x1, y1) in board.grid_lines()
    )
    if segments:
        out.append(f"  \\path[draw={color(board.grid_color)}, line width=0.6pt] {segments};")
    dash = _dash(n.linestyle)
    out.append(
        f"  \\path[draw={color(n.color)}, line width={_num(n.line_width)}pt"
        f"{', ' + dash if dash else ''}] {frame};"
    )
    size = _num(board.mark_size)
    font = f"font=\\sffamily\\bfseries\\fontsize{{{size}pt}}{{{size}pt}}\\selectfont"
    for r, c, text in board.marks():
        cx, cy = board.cell_center(r, c)
        out.append(
            f"  \\node[gt mark, {font}, text={color(n.text_color)}] at "
            f"({_num(x + cx)}, {_num(y + cy)}) {{{tex_escape(text)}}};"
        )
    return out


def _outline(kind: str, w: float, h: float) -> str:
    if kind in {"BARE", "MORE"}:
        return ""
    if kind in {"MAX", "STUB"}:
        return (
            f"++(0, {_num(h / 2)}) -- ++({_num(-w / 2)}, {_num(-h)}) -- ++({_num(w)}, 0) -- cycle"
        )
    if kind == "MIN":
        return (
            f"++(0, {_num(-h / 2)}) -- ++({_num(-w / 2)}, {_num(h)}) -- ++({_num(w)}, 0) -- cycle"
        )
    if kind == "CHANCE":
        return f"circle[radius={_num(w / 2)}]"
    return f"++({_num(-w / 2)}, {_num(-h / 2)}) rectangle ++({_num(w)}, {_num(h)})"


def _dash(linestyle: str) -> str:
    return {"dashed": "dash pattern=on 4pt off 2.5pt", "dotted": "dash pattern=on 1pt off 2pt"}.get(
        linestyle, ""
    )


def _hex(value: str) -> str:
    if value.startswith("#") and len(value) == 7:
        return value[1:].upper()
    from matplotlib.colors import to_hex

    return to_hex(value)[1:].upper()


def _num(value: float) -> str:
    text = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return "0" if text in {"-0", ""} else text
