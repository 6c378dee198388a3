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
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gametree.exceptions import RenderError
from gametree.homework import Exercise

__all__ = [
    "PAGE",
    "compile_pdf",
    "exam_document",
    "exam_file_names",
    "latex_problem",
    "pdflatex_available",
    "write_exam",
]

PAGE = "a4paper"
"""The paper of the sheets (with 2 cm margins the text is 17 cm wide)."""

_FIT = (6.6, 4.4)  # inches: the text width of A4 with 2 cm margins is 6.69 in
_NAME = re.compile(r"^[A-Za-z0-9]+$")


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


def _page(version: Exercise, number: int, key: bool, latex: str) -> str:
    import gametree
    from gametree.drawing.latex import to_latex

    G, answers = version.tree, version.answers
    for node in G:
        if not _NAME.match(str(node)):
            raise RenderError(f"node {node!r}: an exam sheet names nodes by letters and digits")
    root = gametree.find_root(G)
    internal = [str(n) for n in G if G._succ[n] and n != root]
    leaves = [str(n) for n in G if not G._succ[n]]
    position = {leaf: i for i, leaf in enumerate(leaves, 1)}
    if key:
        result = gametree.solve(
            G, "alphabeta", annotate=False,
            prune_on_equal=version.settings["prune_on_equal"], fail=version.settings["fail"],
        )  # fmt: skip
        picture = to_latex(G, result, latex=latex, fit=_FIT)
    else:
        picture = to_latex(G, latex=latex, fit=_FIT)
    fill = (lambda text: text) if key else (lambda text: "")
    rows = []
    for i in range(0, len(internal), 4):
        cells = [
            f"{n}: {_line(fill(_math(answers['values'].get(n, 'pruned'))), '2.2cm')}"
            for n in internal[i : i + 4]
        ]
        rows.append(" & ".join(cells) + " \\\\[1.2ex]")
    pruned = ", ".join(f"{leaf} (\\#{position[leaf]})" for leaf in answers["pruned"])
    lines = [
        f"\\section*{{Alpha-beta pruning \\hfill Version {number}"
        + (" \\quad --- \\quad key" if key else "")
        + "}",
        "Name: " + _line("", "8cm"),
        "",
        "\\medskip",
        "Run alpha-beta on this game tree. MAX nodes point up, MIN nodes point down, the "
        "search takes the children from left to right, "
        + _convention(version.settings)
        + ". Leaves are numbered \\#1, \\#2, \\ldots\\ from the left.",
        "",
        "\\begin{center}",
        picture.rstrip(),
        "\\end{center}",
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
        "\\item The leaves the search never evaluates (names or numbers):",
        "",
        "\\smallskip",
        _line(fill(pruned if answers["pruned"] else "none"), "15cm"),
        "\\end{enumerate}",
    ]
    if key:
        edges = ", ".join(e.replace("-", "--") for e in answers["pruned_edges"]) or "none"
        lines += ["", f"\\noindent Pruned edges (cut marks): {edges}."]
    return "\n".join(lines) + "\n"


def exam_document(versions: Sequence[Exercise], *, key: bool = False, latex: str = "tikz") -> str:
    """Return the sheet (``key=False``) or the key of ``versions`` as a LaTeX document.

    One page per version, A4; pdflatex compiles it on its own. ``latex`` names what
    draws the trees: ``"tikz"`` or ``"forest"`` (see :mod:`gametree.drawing.latex`).

    Examples
    --------
    >>> from gametree.platforms.variants import make_variants
    >>> versions = make_variants(2, seed=1, branching=3, depth=2, prunes=1)
    >>> sheet = exam_document(versions)
    >>> sheet.count("\\\\section*"), "\\\\documentclass[a4paper" in sheet
    (2, True)
    """
    from gametree.drawing.latex import latex_preamble

    preamble = latex_preamble(latex)
    pages = [_page(v, i, key, latex) for i, v in enumerate(versions, 1)]
    return (
        f"\\documentclass[{PAGE},11pt]{{article}}\n"
        "\\usepackage[margin=2cm]{geometry}\n"
        # Map every glyph (ligatures such as "ff" too) to Unicode in the text layer.
        "\\input{glyphtounicode}\\pdfgentounicode=1\n"
        + preamble
        + "\\setlength{\\parindent}{0pt}\n"
        "\\begin{document}\n" + "\\newpage\n".join(pages) + "\\end{document}\n"
    )


def compile_pdf(tex: str, *, timeout: float = 120.0) -> bytes:
    """Compile a LaTeX document with pdflatex; return the PDF's bytes.

    pdflatex runs in a new temporary folder, without shell escape, twice at most (once
    is enough for these documents, which have no references).

    Raises
    ------
    RenderError
        If pdflatex is not installed, fails (the message quotes its first error line),
        or runs longer than ``timeout`` seconds.
    """
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
        if done.returncode != 0 or not pdf.exists():
            log = done.stdout.decode("utf-8", "replace")
            first = next((ln for ln in log.splitlines() if ln.startswith("!")), "no PDF made")
            raise RenderError(f"pdflatex failed: {first.lstrip('! ')}")
        return pdf.read_bytes()


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
) -> list[Path]:
    """Write the exam files of ``versions`` into ``directory`` (created if needed).

    ``sheet.tex`` and ``key.tex``, their trees drawn by ``latex`` (``"tikz"`` or
    ``"forest"``); ``sheet.pdf`` and ``key.pdf`` when ``pdf`` is true (None: when
    pdflatex can compile them, see :func:`latex_problem`); for each version ``k``,
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
    out = Path(directory)
    make_pdf = latex_problem(latex) is None if pdf is None else pdf
    names = exam_file_names(len(versions), pdf=make_pdf)
    if out.exists() and not out.is_dir():
        raise FileExistsError(17, "exists and is not a folder", str(out))
    for name in names:
        check_new_output(out / name, force=force)
    sheet = exam_document(versions, latex=latex)
    key = exam_document(versions, key=True, latex=latex)
    documents = {"sheet": sheet, "key": key}
    pdfs = {name: compile_pdf(text) for name, text in documents.items()} if make_pdf else {}
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
