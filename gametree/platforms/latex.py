"""Exam sheets and keys in LaTeX, one version per page, and their PDFs.

:func:`exam_document` typesets versions of an exercise (:mod:`gametree.platforms.variants`)
on A4: each page has the version's number, the instructions in the key's convention,
the tree drawn by :func:`gametree.to_tikz` (or :func:`gametree.to_forest`: ``latex=``),
and the questions with answer lines; the
sheet leaves the lines blank, the key fills them in and draws the pruning diagram
instead of the bare tree, so a key page lies over its sheet page. The pictures are
fitted to the text width, so nothing runs into the margin. :func:`compile_pdf` runs
pdflatex (with shell escape off) in a temporary folder when it is installed and loads
the back end's packages (:func:`latex_problem`);
:func:`write_exam` writes the sheet and key, their PDFs, and each version's tree and
answer key (``gametree check`` grades a student's answers with them).
"""

from __future__ import annotations

import functools
import math
import os
import re
import shutil
import subprocess
import tempfile
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gametree.exceptions import FitWarning, RenderError
from gametree.homework import Exercise

__all__ = [
    "PAGE",
    "PAPER_CHOICES",
    "check_paper",
    "compile_pdf",
    "exam_document",
    "exam_file_names",
    "latex_problem",
    "overfull_boxes",
    "pdflatex_available",
    "text_size",
    "typeset",
    "write_exam",
]

PAGE = "a4paper"
"""The paper of the sheets by default (with 2 cm margins the text is 17 cm wide)."""

PAPER_CHOICES = ("a4", "a4-landscape", "letter", "letter-landscape")
"""The papers an exam is set on: A4 with 2 cm margins, US letter with 1 in margins,
each portrait or landscape."""

_GEOMETRY = {"a4": "a4paper,margin=2cm", "letter": "letterpaper,margin=1in"}
_WHOLE_HEIGHT = 4.4  # inches of a page for the whole tree (the questions take the rest)
_TOP_HEIGHT = 2.0  # inches for the top levels of a tree drawn in parts
_PART_HEIGHT = 3.0  # inches for each subtree of a tree drawn in parts
_SLACK = 0.09  # inches kept free beside a picture, so rounding never overfills a line
_OVERFULL = re.compile(r"^Overfull \\[hv]box \((\d+(?:\.\d+)?)pt too (?:wide|high)\)", re.M)
_NAME = re.compile(r"^[A-Za-z0-9]+$")


def check_paper(paper: str) -> str:
    """Return ``paper`` if an exam can be set on it, else raise a RenderError.

    >>> check_paper("letter-landscape")
    'letter-landscape'
    >>> check_paper("a5")
    Traceback (most recent call last):
    ...
    gametree.exceptions.RenderError: unknown exam paper 'a5'; expected one of a4, ...
    """
    if paper not in PAPER_CHOICES:
        raise RenderError(
            f"unknown exam paper {paper!r}; expected one of {', '.join(PAPER_CHOICES)}"
        )
    return paper


def text_size(paper: str) -> tuple[float, float]:
    """The text width and height of an exam page on ``paper``, in inches.

    >>> text_size("a4"), text_size("letter-landscape")
    ((6.69, 10.12), (9.0, 6.5))
    """
    from gametree.drawing.fit import PAPERS

    return PAPERS[f"{check_paper(paper)}-text"]


def overfull_boxes(log: str) -> list[float]:
    """How far (points) each box pdflatex reported overfull in ``log`` sticks out.

    >>> overfull_boxes("Overfull \\\\hbox (528.3pt too wide) in paragraph\\nok")
    [528.3]
    """
    return [float(m) for m in _OVERFULL.findall(log)]


def pdflatex_available() -> bool:
    """Whether a ``pdflatex`` program is on PATH."""
    return shutil.which("pdflatex") is not None


def latex_problem(latex: str = "tikz") -> str | None:
    """Why pdflatex cannot compile a sheet drawn by the back end ``latex``, or None.

    A document with the back end's preamble is compiled once per process: the answer
    is pdflatex's own (it is missing, or a package the back end loads is; forest needs
    packages that Debian ships in ``texlive-latex-extra``).
    """
    if not pdflatex_available():
        return "pdflatex is not installed"
    return _problem(latex)


@functools.cache
def _problem(latex: str) -> str | None:
    from gametree.drawing.latex import latex_preamble

    tex = (
        "\\documentclass{article}\n"
        + latex_preamble(latex)
        + "\\begin{document}\nx\n\\end{document}\n"
    )
    try:
        compile_pdf(tex)
    except RenderError as error:
        return f"pdflatex cannot load {latex} ({error})"
    return None


def _math(value: Any) -> str:
    text = str(value).strip()
    for word, tex in (("<=", "\\leq "), (">=", "\\geq ")):
        if text.startswith(word):
            return f"${tex}{_math(text[len(word) :]).strip('$')}$"
    if text in ("inf", "+inf"):
        return "$\\infty$"
    if text == "-inf":
        return "$-\\infty$"
    if re.fullmatch(r"-?\d+(\.\d+)?", text):
        return f"${text}$"
    return "pruned" if text == "pruned" else text


def _line(text: str, width: str) -> str:
    """An answer line: blank on the sheet, the answer on it in the key."""
    return f"\\underline{{\\makebox[{width}][l]{{\\strut {text}}}}}"


def _convention(settings: dict[str, Any]) -> str:
    cut = "$\\alpha \\geq \\beta$" if settings["prune_on_equal"] else "$\\alpha > \\beta$"
    return (
        f"a node is cut off as soon as {cut}, and cut-off nodes return fail-"
        f"{settings['fail']} values"
    )


def _pictures(
    version: Exercise, key: bool, latex: str, paper: str, too_wide: list[str]
) -> list[str]:
    """The tree of a page: one picture when it fits the text width at fonts of 7 pt or
    more, else in parts (:func:`gametree.drawing.parts.split_tree`: the top levels,
    then each subtree, headed by the node it continues from). The parts are chosen
    on the key's drawing (the wider one), so the sheet's pictures match the key's.
    A part that cannot fit is drawn larger than the page, and named in ``too_wide``."""
    import gametree
    from gametree.drawing.latex import diagram_latex
    from gametree.drawing.parts import draw_part, split_tree

    G = version.tree
    width = text_size(paper)[0] - _SLACK
    result = gametree.solve(
        G, "alphabeta", annotate=False,
        prune_on_equal=version.settings["prune_on_equal"], fail=version.settings["fail"],
    )  # fmt: skip
    # Names stay on every node: the questions ask for nodes and leaves by name. The
    # convention is in the instructions, not under each picture.
    style = {"drop_names": False, "caption": False}
    parts = split_tree(
        G, result, fit=(width, _PART_HEIGHT), top_fit=(width, _TOP_HEIGHT),
        whole_fit=(width, _WHOLE_HEIGHT), style=style,
    )  # fmt: skip
    whole = len(parts) == 1
    out = []
    for part in parts:
        height = _WHOLE_HEIGHT if whole else _PART_HEIGHT if part.max_depth is None else _TOP_HEIGHT
        d, pl = draw_part(
            G, result if key else None, part, fit=(width, height), style=style, warn=False
        )
        if pl.overflow or (pl.xmax - pl.xmin + 2 * float(d.style["margin"])) / 72 > width + 0.01:
            too_wide.append("the tree" if whole else f"the part from {part.root}")
        heading = ""
        if not whole and part.max_depth is not None:
            heading = (
                f"The top of the tree; the subtrees under {_names(part.below)} "
                "(\\ldots{} here) follow."
            )
        elif not whole:
            heading = f"The subtree under {part.root} (continuing the picture above it):"
        out.append(
            "\\begin{center}\\begin{minipage}{\\linewidth}\\centering\n"
            + (f"{heading}\\par\\smallskip\n" if heading else "")
            + diagram_latex(d, pl, latex).rstrip()
            + "\n\\end{minipage}\\end{center}"
        )
    return out


def _remedy(paper: str) -> str:
    if paper.endswith("landscape"):
        return "its pictures run into the margin; draw a tree with fewer children per node"
    return (
        f"its pictures run into the margin; set the exam on {paper}-landscape paper or draw "
        "a tree with fewer children per node"
    )


def _names(nodes: Sequence[Any]) -> str:
    words = [str(n) for n in nodes]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _page(
    version: Exercise, number: int, key: bool, latex: str, paper: str,
    problems: dict[str, list[int]],
) -> str:  # fmt: skip
    import gametree

    G, answers = version.tree, version.answers
    for node in G:
        if not _NAME.match(str(node)):
            raise RenderError(f"node {node!r}: an exam sheet names nodes by letters and digits")
    root = gametree.find_root(G)
    internal = [str(n) for n in G if G._succ[n] and n != root]
    leaves = [str(n) for n in G if not G._succ[n]]
    too_wide: list[str] = []
    pictures = _pictures(version, key, latex, paper, too_wide)
    for where in too_wide:
        problems.setdefault(where, []).append(number)
    fill = (lambda text: text) if key else (lambda text: "")
    rows = []
    for i in range(0, len(internal), 4):
        cells = [
            f"{n}: {_line(fill(_math(answers['values'].get(n, 'pruned'))), '2.2cm')}"
            for n in internal[i : i + 4]
        ]
        rows.append(" & ".join(cells) + " \\\\[1.2ex]")
    if key:
        pruned = [", ".join(answers["pruned"]) + "." if answers["pruned"] else "none."]
    else:
        # As many lines as half the leaves' names take, whatever this version prunes,
        # so the sheet does not tell how many leaves are pruned.
        room = len(", ".join(leaves)) / 2
        pruned = ["\\rule{0pt}{4ex}\\hrulefill"] * max(1, min(6, math.ceil(room / 70)))
    lines = [
        f"\\section*{{Alpha-beta pruning \\hfill Version {number}"
        + (" \\quad --- \\quad key" if key else "")
        + "}",
        *([] if key else ["Name: " + _line("", "8cm"), ""]),
        "\\medskip",
        "Run alpha-beta on this game tree. MAX nodes point up, MIN nodes point down, the "
        "search takes the children from left to right, "
        + _convention(version.settings)
        + ". Each node's name is written beside it, a leaf's under its value.",
        "",
        *pictures,
        "",
        "\\begin{enumerate}",
        f"\\item The value of the root {root}: {_line(fill(_math(answers['value'])), '2.2cm')}",
        "\\item The value the search returns at each other internal node (for a node cut "
        "off, the bound it returns, such as $\\leq 2$; for a node never entered, "
        "``pruned''):",
        "",
        "\\smallskip",
        "\\begin{tabular}{llll}",
        *rows,
        "\\end{tabular}",
        # The question and its lines on one page.
        "\\item \\begin{minipage}[t]{\\linewidth}",
        "The leaves the search never evaluates (their names):",
        "",
        "\\smallskip",
        "\\par ".join(pruned),
        "\\end{minipage}",
        "\\end{enumerate}",
    ]
    if key:
        edges = ", ".join(e.replace("-", "--") for e in answers["pruned_edges"]) or "none"
        lines += ["", f"\\noindent Pruned edges (cut marks): {edges}."]
    return "\n".join(lines) + "\n"


def exam_document(
    versions: Sequence[Exercise], *, key: bool = False, latex: str = "tikz", paper: str = "a4"
) -> str:
    """Return the sheet (``key=False``) or the key of ``versions`` as a LaTeX document.

    One version per page (or two, for a tree drawn in parts), on ``paper`` (one of
    :data:`PAPER_CHOICES`); pdflatex compiles it on its own. ``latex`` names what
    draws the trees: ``"tikz"`` or ``"forest"`` (see :mod:`gametree.drawing.latex`).
    A tree too wide for the text at fonts of 7 pt or more is drawn in parts (see
    :func:`gametree.drawing.parts.split_tree`); a part that cannot fit even alone
    gives a :class:`~gametree.exceptions.FitWarning`.

    Examples
    --------
    >>> from gametree.platforms.variants import make_variants
    >>> versions = make_variants(2, seed=1, branching=3, depth=2, prunes=1)
    >>> sheet = exam_document(versions)
    >>> sheet.count("\\\\section*"), "\\\\documentclass[a4paper" in sheet
    (2, True)
    >>> "landscape" in exam_document(versions, paper="letter-landscape")
    True
    """
    from gametree.drawing.latex import latex_preamble

    check_paper(paper)
    preamble = latex_preamble(latex)
    problems: dict[str, list[int]] = {}
    pages = [_page(v, i, key, latex, paper, problems) for i, v in enumerate(versions, 1)]
    if problems:
        numbers = sorted({k for found in problems.values() for k in found})
        which = ", ".join(str(k) for k in numbers)
        warnings.warn(
            f"the tree does not fit the text of the {paper} page at fonts of 7 pt or more, "
            f"even drawn in parts (version{'s' if len(numbers) > 1 else ''} {which}): "
            f"{_remedy(paper)}",
            FitWarning,
            stacklevel=2,
        )
    size, _, turned = paper.partition("-")
    geometry = _GEOMETRY[size] + (",landscape" if turned else "")
    return (
        f"\\documentclass[{geometry.split(',')[0]},11pt]{{article}}\n"
        f"\\usepackage[{geometry}]{{geometry}}\n"
        # Map every glyph (ligatures such as "ff" too) to Unicode in the text layer.
        "\\input{glyphtounicode}\\pdfgentounicode=1\n"
        + preamble
        + "\\setlength{\\parindent}{0pt}\n"
        "\\begin{document}\n" + "\\newpage\n".join(pages) + "\\end{document}\n"
    )


def compile_pdf(tex: str, *, timeout: float = 120.0) -> bytes:
    """Compile a LaTeX document with pdflatex; return the PDF's bytes.

    pdflatex runs in a new temporary folder, without shell escape, once (these
    documents have no references); :func:`typeset` also returns its log.

    Raises
    ------
    RenderError
        If pdflatex is not installed, fails (the message quotes its first error line),
        or runs longer than ``timeout`` seconds.
    """
    return typeset(tex, timeout=timeout)[0]


def typeset(tex: str, *, timeout: float = 120.0) -> tuple[bytes, str]:
    """Compile a LaTeX document as :func:`compile_pdf` does; return the PDF's bytes and
    pdflatex's log (where :func:`overfull_boxes` finds what sticks out of the page)."""
    program = shutil.which("pdflatex")
    if program is None:
        raise RenderError("pdflatex is not installed; the .tex files compile elsewhere")
    with tempfile.TemporaryDirectory(prefix="gametree-tex-") as folder:
        source = Path(folder) / "document.tex"
        source.write_text(tex, encoding="utf-8")
        command = [program, "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape",
                   "document.tex"]  # fmt: skip
        try:
            done = subprocess.run(
                command, cwd=folder, capture_output=True, timeout=timeout, check=False,
                env={**os.environ, "openout_any": "p", "openin_any": "p"},
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            raise RenderError(f"pdflatex ran longer than {timeout:g} s and was stopped") from None
        pdf = Path(folder) / "document.pdf"
        log = done.stdout.decode("utf-8", "replace")
        if done.returncode != 0 or not pdf.exists():
            first = next((ln for ln in log.splitlines() if ln.startswith("!")), "no PDF made")
            raise RenderError(f"pdflatex failed: {first.lstrip('! ')}")
        logfile = Path(folder) / "document.log"
        if logfile.exists():
            log = logfile.read_text(encoding="utf-8", errors="replace")
        return pdf.read_bytes(), log


def exam_file_names(count: int, *, pdf: bool) -> list[str]:
    """The files :func:`write_exam` writes for ``count`` versions.

    >>> exam_file_names(2, pdf=False)
    ['sheet.tex', 'key.tex', 'version-1.tree', 'version-1.toml', 'version-2.tree', 'version-2.toml']
    """
    names = ["sheet.tex", "key.tex"] + (["sheet.pdf", "key.pdf"] if pdf else [])
    for k in range(1, count + 1):
        names += [f"version-{k}.tree", f"version-{k}.toml"]
    return names


def write_exam(
    directory: str | os.PathLike[str],
    versions: Sequence[Exercise],
    *,
    pdf: bool | None = None,
    force: bool = False,
    latex: str = "tikz",
    paper: str = "a4",
) -> list[Path]:
    """Write the exam files of ``versions`` into ``directory`` (created if needed).

    ``sheet.tex`` and ``key.tex`` on ``paper`` (see :data:`PAPER_CHOICES`), their trees
    drawn by ``latex`` (``"tikz"`` or ``"forest"``); ``sheet.pdf`` and ``key.pdf`` when
    ``pdf`` is true (None: when pdflatex can compile them, see :func:`latex_problem`;
    a box pdflatex finds more than 2 pt too wide or high gives a
    :class:`~gametree.exceptions.FitWarning`); for each version ``k``,
    ``version-k.tree`` and
    ``version-k.toml`` (its answer key, which ``gametree check`` reads). An existing file
    is refused, before anything is written, unless ``force``.

    Returns
    -------
    list of Path
        The files written.
    """
    from gametree.drawing.latex import check_latex
    from gametree.outfiles import check_new_output, write_bytes, write_text

    check_latex(latex)
    check_paper(paper)
    out = Path(directory)
    make_pdf = latex_problem(latex) is None if pdf is None else pdf
    names = exam_file_names(len(versions), pdf=make_pdf)
    if out.exists() and not out.is_dir():
        raise FileExistsError(17, "exists and is not a folder", str(out))
    for name in names:
        check_new_output(out / name, force=force)
    sheet = exam_document(versions, latex=latex, paper=paper)
    key = exam_document(versions, key=True, latex=latex, paper=paper)
    documents = {"sheet": sheet, "key": key}
    pdfs: dict[str, bytes] = {}
    for name, text in documents.items() if make_pdf else ():
        pdfs[name], log = typeset(text)
        over = [x for x in overfull_boxes(log) if x > 2.0]
        if over:
            warnings.warn(
                f"{name}.pdf: {len(over)} box{'es' if len(over) != 1 else ''} run past the "
                f"page's text, by up to {max(over):g} pt (pdflatex's Overfull boxes)",
                FitWarning,
                stacklevel=2,
            )
    out.mkdir(parents=True, exist_ok=True)
    written = [
        write_text(out / f"{name}.tex", text, force=force) for name, text in documents.items()
    ]
    written += [write_bytes(out / f"{name}.pdf", data, force=force) for name, data in pdfs.items()]
    for k, version in enumerate(versions, 1):
        written.append(
            write_text(out / f"version-{k}.tree", version.notation() + "\n", force=force)
        )
        written.append(
            write_text(out / f"version-{k}.toml", version.answers_text("toml"), force=force)
        )
    return written
