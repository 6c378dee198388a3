"""The tutorial notebooks of ``examples/notebooks/``, rendered and run by the build.

Sphinx reads only what lies under ``docs/``, so when ``examples/notebooks/`` exists the
build links ``docs/tutorials`` to it (a relative symbolic link, made if missing and
ignored by git) and myst-nb executes each notebook in its own folder, so a notebook
reads ``../trees/aima_5_2.tree`` as it does when opened there. A notebook must not write
files beside itself: gametree refuses to replace an existing output, so a second build
would fail.

``gametree-tutorials`` lists the notebooks found (``*.ipynb``, and Markdown notebooks:
``*.md`` whose front matter names a ``kernelspec``); without the folder, or with no
notebook in it, it says so and the build goes on. Every other file there is excluded
from the site.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.directives.other import TocTree

LINK = "tutorials"
"""The folder under ``docs/`` through which Sphinx reads the notebooks."""

TARGET = Path("..") / "examples" / "notebooks"
"""Where the notebooks are, relative to ``docs/``."""


def is_notebook(path: Path) -> bool:
    """Say whether a file is a notebook myst-nb renders and runs."""
    if path.suffix == ".ipynb":
        return ".ipynb_checkpoints" not in path.parts
    if path.suffix != ".md":
        return False
    text = path.read_text(encoding="utf-8", errors="replace")
    if not text.startswith("---"):
        return False
    front = text[3:].partition("\n---")[0]
    return "kernelspec" in front


def notebooks(srcdir: Path) -> list[Path]:
    """Return the tutorial notebooks, relative to ``docs/tutorials``, sorted by name."""
    folder = srcdir / LINK
    if not folder.is_dir():
        return []
    return sorted(p.relative_to(folder) for p in folder.rglob("*") if is_notebook(p))


def link_notebooks(app: Sphinx, config: Config) -> None:
    """Link ``docs/tutorials`` to the notebooks, and exclude what is not a notebook."""
    srcdir = Path(app.srcdir)
    link = srcdir / LINK
    if (srcdir / TARGET).is_dir() and not link.exists():
        if link.is_symlink():  # a link left behind to a folder that has gone
            link.unlink()
        os.symlink(TARGET, link, target_is_directory=True)
    if not link.is_dir():
        return
    keep = set(notebooks(srcdir))
    for path in sorted(link.rglob("*")):
        relative = path.relative_to(link)
        if path.is_file() and relative not in keep:
            config.exclude_patterns.append(f"{LINK}/{relative.as_posix()}")


class TutorialsDirective(TocTree):
    """``gametree-tutorials``: a table of contents of the notebooks, or a sentence."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        found = notebooks(Path(self.env.srcdir))
        if not found:
            return [
                nodes.paragraph(
                    text="This copy of gametree has no tutorial notebooks "
                    "(examples/notebooks/ holds none)."
                )
            ]
        self.options = {"maxdepth": 1}
        entries = [f"{LINK}/{p.with_suffix('').as_posix()}" for p in found]
        self.content = StringList(entries, "<gametree-tutorials>")
        return super().run()


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the link (before Sphinx looks for documents) and the directive."""
    app.connect("config-inited", link_notebooks)
    app.add_directive("gametree-tutorials", TutorialsDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
