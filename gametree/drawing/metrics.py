"""How much room a text takes: widths and heights of labels in DejaVu Sans.

Every drawing sets its labels in DejaVu Sans (matplotlib's font; the SVG, the page and
Graphviz ask for it too), so the layout measures them with that font's own advance
widths, for the characters labels use, and with an estimate for the rest. Heights are
the ink above and below the baseline. TikZ typesets in Computer Modern Sans, narrower
than DejaVu Sans, so its labels take at most the room measured here.
"""

from __future__ import annotations

import unicodedata

__all__ = ["ASCENT", "text_ascent", "text_descent", "text_width"]

# Advance widths (ems) of DejaVu Sans Book for the characters labels use, read from the
# font; DejaVu Sans Oblique (names) has the same widths.
_WIDTHS = {
    " ": 0.318, "!": 0.401, '"': 0.46, "#": 0.838, "$": 0.636, "%": 0.95, "&": 0.78,
    "'": 0.275, "(": 0.39, ")": 0.39, "*": 0.5, "+": 0.838, ",": 0.318, "-": 0.361,
    ".": 0.318, "/": 0.337, **dict.fromkeys("0123456789", 0.636), ":": 0.337,
    ";": 0.337, "<": 0.838, "=": 0.838, ">": 0.838,
    "?": 0.531, "@": 1.0, "A": 0.684, "B": 0.686, "C": 0.698, "D": 0.77, "E": 0.632,
    "F": 0.575, "G": 0.775, "H": 0.752, "I": 0.295, "J": 0.295, "K": 0.656, "L": 0.557,
    "M": 0.863, "N": 0.748, "O": 0.787, "P": 0.603, "Q": 0.787, "R": 0.695, "S": 0.635,
    "T": 0.611, "U": 0.732, "V": 0.684, "W": 0.989, "X": 0.685, "Y": 0.611, "Z": 0.685,
    "[": 0.39, "\\": 0.337, "]": 0.39, "^": 0.838, "_": 0.5, "`": 0.5, "a": 0.613,
    "b": 0.635, "c": 0.55, "d": 0.635, "e": 0.615, "f": 0.352, "g": 0.635, "h": 0.634,
    "i": 0.278, "j": 0.278, "k": 0.579, "l": 0.278, "m": 0.974, "n": 0.634, "o": 0.612,
    "p": 0.635, "q": 0.635, "r": 0.411, "s": 0.521, "t": 0.392, "u": 0.634, "v": 0.592,
    "w": 0.818, "x": 0.592, "y": 0.592, "z": 0.525, "{": 0.636, "|": 0.337, "}": 0.636,
    "~": 0.838, "−": 0.838, "≤": 0.838, "≥": 0.838, "∞": 0.833, "…": 1.0, "α": 0.659,
    "β": 0.638, "×": 0.838, "±": 0.838, "·": 0.318, "→": 0.838, "←": 0.838,
}  # fmt: skip
_BOLD = {
    " ": 0.348, "!": 0.456, '"': 0.521, "$": 0.696, "%": 1.002, "&": 0.872, "'": 0.306,
    "(": 0.457, ")": 0.457, "*": 0.523, ",": 0.38, "-": 0.415, ".": 0.38, "/": 0.365,
    ":": 0.4, ";": 0.4, "?": 0.58, "[": 0.457, "\\": 0.365, "]": 0.457, "|": 0.365,
    "{": 0.712, "}": 0.712, "·": 0.38, "α": 0.687, "β": 0.716,
}  # fmt: skip
_BOLD_DIGIT = 0.696

ASCENT = 0.77
"""Ink above the baseline, in ems, of the tallest label characters (digits 0.742,
brackets 0.76); a few taller ones (``|``, ``β``) reach 0.80."""

_TALL = set("|`β")
_DESCENDERS = set("_|gjpqyβJ@{}$()[]Q,;/\\")


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width in points of ``text`` in DejaVu Sans at ``size`` points.

    Exact (to 1%) for ASCII and the symbols labels use (``−≤≥∞…``), an estimate on the
    generous side for other characters. A text of several lines (a board) is as wide as
    its widest line.

    >>> round(text_width("12", 10), 1), round(text_width("−10", 7), 1)
    (12.8, 14.9)
    >>> text_width("X-O\\n-X-", 10) == text_width("X-O", 10)
    True
    """
    if "\n" in text:
        return max(text_width(line, size, bold=bold) for line in text.splitlines())
    total = 0.0
    for ch in text:
        if bold and ch.isdigit() and ch.isascii():
            em = _BOLD_DIGIT
        elif bold and ch in _BOLD:
            em = _BOLD[ch]
        elif ch in _WIDTHS:
            em = _WIDTHS[ch] * (1.1 if bold and ch.isalpha() else 1.0)
        elif unicodedata.east_asian_width(ch) in {"W", "F"}:
            em = 1.05
        else:
            em = 0.85
        total += em
    return total * size * 1.01


def text_ascent(text: str, size: float) -> float:
    """Points of ink above the baseline (the tallest character's, at most)."""
    if not text:
        return 0.0
    return (ASCENT if _TALL.isdisjoint(text) else 0.8) * size


def text_descent(text: str, size: float) -> float:
    """Points of ink below the baseline (0.24 em when a character descends)."""
    if not text:
        return 0.0
    return (0.02 if _DESCENDERS.isdisjoint(text) else 0.24) * size
