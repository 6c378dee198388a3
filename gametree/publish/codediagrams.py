"""Pictures of where a student's search code and gametree's search parted.

``gametree check-code --diagram DIR`` draws, for each tree the code got wrong, gametree's
pruning diagram of the right search with the nodes where the code did otherwise labelled
(:meth:`gametree.homework.codecheck.checker.Checker.divergences` makes the graphs; this
layer draws them, since homework sits below drawing).
"""

from __future__ import annotations

from pathlib import Path

from gametree.drawing.output import save
from gametree.homework.codecheck.checker import Checker
from gametree.homework.codecheck.report import CodeReport
from gametree.homework.codecheck.runner import ChildRun

__all__ = ["write_divergence_diagrams"]


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
        save(G, path, result, show="values,names", title=title, force=force)
        written.append(path)
    return written
