"""Pictures of where a student's search code and gametree's search parted.

``gametree check-code --diagram DIR`` draws, for each tree the code got wrong, gametree's
pruning diagram of the right search with the nodes where the code did otherwise labelled
(:meth:`gametree.homework.codecheck.checker.Checker.divergences` makes the graphs; this
layer draws them, since homework sits below drawing). :func:`divergence_svgs` gives the
same pictures as SVG text, for pages that embed them (a Gradescope test's output).
"""

from __future__ import annotations

import warnings
from collections.abc import Container, Iterator
from pathlib import Path

from gametree.drawing.output import save
from gametree.drawing.svg import to_svg
from gametree.homework.codecheck.checker import Checker
from gametree.homework.codecheck.report import CodeReport
from gametree.homework.codecheck.runner import ChildRun

__all__ = ["SHOW", "divergence_svgs", "write_divergence_diagrams"]

SHOW = "values,names"
"""What a divergence picture labels: each node's value (or bound) and its name."""


def write_divergence_diagrams(
    checker: Checker,
    report: CodeReport,
    child: ChildRun,
    folder: str | Path,
    fmt: str = "png",
    *,
    force: bool = False,
) -> list[Path]:
    """Draw each wrong tree's divergence to ``folder/<tree>.<fmt>``; return the files.

    Each file goes through :mod:`gametree.outfiles`: an existing one is refused unless
    ``force``.
    """
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, G, result, title in checker.divergences(report, child):
        safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in name)
        path = out / f"{safe}.{fmt}"
        save(G, path, result, show=SHOW, title=title, force=force)
        written.append(path)
    return written


def divergence_svgs(
    checker: Checker,
    report: CodeReport,
    child: ChildRun,
    *,
    only: Container[str] | None = None,
    fit: tuple[float, float] | None = (8.0, 6.0),
) -> Iterator[tuple[str, str]]:
    """Each wrong tree's divergence as an SVG document: ``(tree name, SVG text)``.

    ``only`` names the trees to draw (default: every wrong tree with a divergence).
    ``fit`` is the page in inches (:func:`gametree.to_svg`); the default, 8 by 6, keeps a
    picture within a web page's column. A tree too large to fit legibly is drawn larger
    than the page, without the warning that would say so.
    """
    for name, G, result, title in checker.divergences(report, child):
        if only is not None and name not in only:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            svg = to_svg(G, result, show=SHOW, title=title, fit=fit)
        yield name, svg
