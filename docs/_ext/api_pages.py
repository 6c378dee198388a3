"""The API reference, written from the packages' ``__all__`` at every build.

Every public name of gametree (``gametree.__all__`` and the ``__all__`` of each public
subpackage) gets an autosummary entry and a page of its own, grouped by area. The pages
are written into ``docs/api/`` when the build starts (before Sphinx looks for
documents and autosummary for the names to give pages), so a name added to an ``__all__``
is documented by the next build without editing anything here; a name no area takes is
a build warning, which ``sphinx-build -W`` turns into an error.

A name is documented once, where users import it: ``gametree.alphabeta`` rather than
``gametree.search.alphabeta``; a subpackage's names that the top level does not export
under the same object keep their full name (``gametree.games.TicTacToe``).

Module constants have no ``__doc__`` of their own: their documentation is the ``#:``
comment or the string after the assignment in the module that defines them, which
autodoc would look for in ``gametree/__init__.py``. :func:`constant_docstring` finds it
where it is written.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Area:
    """One page of the reference: a title, a paragraph, and the packages it lists."""

    slug: str
    title: str
    intro: str
    packages: tuple[str, ...]
    """Whose ``__all__`` names belong here (the top level's names go to the area of the
    first package exporting them)."""


AREAS: tuple[Area, ...] = (
    Area(
        "trees",
        "Trees, notation and files",
        "The tree contract (players, values, probabilities on a ``networkx.DiGraph``), "
        "checking a graph against it, building trees from nested lists, the notation or "
        "at random, and reading and writing every file format. See the "
        ":doc:`file formats guide </guides/formats>`.",
        ("gametree.notation", "gametree.readwrite", "gametree.randomtrees"),
    ),
    Area(
        "search",
        "Search",
        "Every search algorithm over explicit trees, its result, its trace of typed "
        "events and the annotations it writes onto the graph. See the "
        ":doc:`search algorithms and conventions guide </guides/algorithms>`.",
        ("gametree.search",),
    ),
    Area(
        "games",
        "Games",
        "The game protocol, the built-in games, games expanded into trees or searched "
        "without one, players and matches. See the :doc:`games guide </guides/games>`.",
        ("gametree.games.api", "gametree.games"),
    ),
    Area(
        "diagrams",
        "Diagrams",
        "Pruning diagrams in matplotlib, SVG, TikZ, Graphviz, text art, animations and "
        "the interactive page. See the :doc:`diagrams guide </guides/diagrams>`.",
        ("gametree.drawing",),
    ),
    Area(
        "homework",
        "Homework",
        "Answer files, the answer key and checker, grading, worked solutions, exercises, "
        "and checking students' search code. See the guides :doc:`for students "
        "</guides/students>` and :doc:`for instructors </guides/instructors>`.",
        ("gametree.homework", "gametree.homework.codecheck"),
    ),
    Area(
        "publishing",
        "Publishing and course platforms",
        "Exercise folders and code-check diagrams written to disk, and the course "
        "platforms (Gradescope, PrairieLearn, Moodle, exams). See the :doc:`guide for "
        "instructors </guides/instructors>`.",
        ("gametree.publish", "gametree.platforms"),
    ),
    Area(
        "cli",
        "Command line",
        "The ``gametree`` command as a function, for running it in-process. Every "
        "command and option is in the :doc:`command line guide </guides/cli>`.",
        ("gametree.cli",),
    ),
    Area(
        "errors",
        "Errors and warnings",
        "Every error gametree raises derives from :class:`gametree.GameTreeError` and "
        "from the builtin it resembles (``ValueError``, ``FileExistsError``, ...), so "
        "``except ValueError`` still catches a bad tree.",
        (),
    ),
)
CATCH_ALL = "trees"
"""The area of top-level names no package exports (the contract, validation, builders)."""

KINDS = (
    ("function", "Functions"),
    ("class", "Classes"),
    ("exception", "Exceptions and warnings"),
    ("data", "Constants"),
)


def kind_of(obj: Any) -> str:
    """Return the autosummary kind of a public object."""
    if inspect.isclass(obj):
        return "exception" if issubclass(obj, BaseException) else "class"
    if callable(obj) and not isinstance(obj, type):
        return "function"
    return "data"


def area_names() -> dict[str, list[str]]:
    """Return every public name, by full name, grouped by area slug.

    Raises
    ------
    ValueError
        When a public subpackage is not in any area (the new package needs one).
    """
    import gametree

    grouped: dict[str, list[str]] = {area.slug: [] for area in AREAS}
    placed: set[str] = set()
    for area in AREAS:
        for package in area.packages:
            module = importlib.import_module(package)
            for name in getattr(module, "__all__", ()):
                obj = getattr(module, name)
                top = name in gametree.__all__ and getattr(gametree, name) is obj
                full = f"gametree.{name}" if top else f"{package}.{name}"
                if full not in placed:
                    placed.add(full)
                    grouped[area.slug].append(full)
    for name in gametree.__all__:
        full = f"gametree.{name}"
        if full in placed:
            continue
        obj = getattr(gametree, name)
        errors = inspect.isclass(obj) and issubclass(obj, BaseException)
        grouped["errors" if errors else CATCH_ALL].append(full)
        placed.add(full)
    documented = {package for area in AREAS for package in area.packages}
    for package in public_packages():
        if package not in documented:
            raise ValueError(
                f"{package} has an __all__ but no area of the API reference lists it: "
                "add it to AREAS in docs/_ext/api_pages.py"
            )
    return grouped


@functools.cache
def public_packages() -> list[str]:
    """Return gametree's subpackages whose names users import (not the internals)."""
    import pkgutil

    import gametree

    found = []
    for info in pkgutil.walk_packages(gametree.__path__, "gametree."):
        if not info.ispkg or ".runtime" in info.name:
            continue
        found.append(info.name)
    return found


def resolve(full: str) -> Any:
    """Return the object a full public name stands for."""
    module_name, _, name = full.rpartition(".")
    return getattr(importlib.import_module(module_name), name)


def area_page(area: Area, names: list[str]) -> str:
    """Return the reStructuredText of one area's page."""
    lines = [area.title, "=" * len(area.title), "", area.intro, ""]
    by_kind: dict[str, list[str]] = {}
    for full in names:
        by_kind.setdefault(kind_of(resolve(full)), []).append(full)
    for kind, heading in KINDS:
        if kind not in by_kind:
            continue
        lines += [heading, "-" * len(heading), "", ".. autosummary::", "   :toctree: generated"]
        lines += ["   :nosignatures:", ""]
        lines += [f"   {full}" for full in sorted(by_kind[kind], key=str.lower)]
        lines.append("")
    if not names:
        lines += ["Nothing in this area is exported by name yet.", ""]
    return "\n".join(lines)


def write_pages(app: Sphinx, config: Any) -> None:
    """Write ``api/<area>.rst`` for every area (only files whose text changed)."""
    folder = Path(app.srcdir) / "api"
    try:
        grouped = area_names()
    except ValueError as exc:
        logger.warning(str(exc))
        grouped = {area.slug: [] for area in AREAS}
    for area in AREAS:
        path = folder / f"{area.slug}.rst"
        text = area_page(area, grouped[area.slug])
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


_CONSTANT_DOCS: dict[tuple[str, int], list[str]] = {}


def _index_constants() -> None:
    """Fill ``_CONSTANT_DOCS``: (name, id of value) -> the doc comment where it is set."""
    for module_name, module in sorted(sys.modules.items()):
        if not module_name.startswith("gametree") or not isinstance(module, ModuleType):
            continue
        try:
            docs = ModuleAnalyzer.for_module(module_name).find_attr_docs()
        except Exception:  # no source (a namespace, a compiled module): nothing to find
            continue
        for (scope, name), lines in docs.items():
            if scope == "" and hasattr(module, name):
                _CONSTANT_DOCS.setdefault((name, id(getattr(module, name))), list(lines))


def constant_docstring(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Give a re-exported constant the documentation written beside its definition."""
    if what != "data" or not name.startswith("gametree."):
        return
    if not _CONSTANT_DOCS:
        _index_constants()
    found = _CONSTANT_DOCS.get((name.rpartition(".")[2], id(obj)))
    if found is None:
        logger.warning(
            "%s has no documentation: write a #: comment or a string after its "
            "assignment where it is defined",
            name,
        )
        return
    lines[:] = [*found]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the page writer and the constant docstrings."""
    app.connect("config-inited", write_pages)
    app.connect("autodoc-process-docstring", constant_docstring)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
