"""``import gametree`` is cheap, and every public name still works (gametree/lazyimport.py).

What each start-up loads is read from ``python -X importtime`` in a fresh interpreter:
a bare ``import gametree`` loads the contract's attributes and exceptions only; a CLI
command loads its own module, not the other commands' (the drawing back ends, the code
checker, the readers of other formats); ``load`` of a ``.tree`` file loads the notation
reader only. The lazy names must stay what the eager imports gave: ``__all__`` in the
same order, ``dir()``, each name the very object its area exports, and a name spelled
like a module (``gametree.drawing.animate``) the function even after its module is
imported.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gametree

ROOT = Path(__file__).resolve().parent.parent
AREAS = (
    "gametree.randomtrees",
    "gametree.notation",
    "gametree.readwrite",
    "gametree.search",
    "gametree.drawing",
    "gametree.games.api",
    "gametree.homework",
)
HEAVY = (
    "matplotlib",
    "PIL",
    "gametree.drawing.animate",
    "gametree.drawing.notebook",
    "gametree.drawing.mpl",
    "gametree.drawing.html",
    "gametree.homework.codecheck",
    "gametree.readwrite.dotsyntax",
    "gametree.readwrite.graphml",
    "gametree.readwrite.efg",
)


def run_python(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=cwd, env=env, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done


def imported(*args: str, cwd: Path = ROOT) -> set[str]:
    """The modules a fresh ``python -X importtime ARGS`` imports (it must succeed).

    ``-X importtime`` times the ``import`` statement; a module imported through
    ``importlib.import_module`` (as lazy names and CLI commands are) is not listed, so
    :func:`in_the_end` reads ``sys.modules`` for those.
    """
    done = run_python("-X", "importtime", *args, cwd=cwd)
    return {
        line.rpartition("|")[2].strip()
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def in_the_end(code: str, cwd: Path = ROOT) -> set[str]:
    """The modules in ``sys.modules`` after a fresh interpreter runs ``code``."""
    report = "\nimport sys\nprint(*sorted(sys.modules), sep='\\n', file=sys.stderr)"
    return set(run_python("-c", code + report, cwd=cwd).stderr.split())


def loaded(modules: set[str], prefix: str) -> set[str]:
    return {m for m in modules if m == prefix or m.startswith(prefix + ".")}


def test_bare_import_loads_the_contract_only() -> None:
    modules = imported("-c", "import gametree")
    ours = loaded(modules, "gametree")
    assert ours == {"gametree", "gametree.attrs", "gametree.exceptions", "gametree.lazyimport"}
    assert not loaded(modules, "networkx")
    assert not any(loaded(modules, heavy) for heavy in HEAVY)


def test_solve_command_loads_its_own_module(tmp_path: Path) -> None:
    (tmp_path / "t.tree").write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))\n")
    code = "from gametree.cli import main\nassert main(['solve', 't.tree']) == 0"
    modules = in_the_end(code, cwd=tmp_path)
    commands = loaded(modules, "gametree.cli") - {"gametree.cli", "gametree.cli.command"}
    assert {m for m in commands if m not in ("gametree.cli.common",)} == {"gametree.cli.solve"}
    assert "gametree.readwrite.notationfile" in modules
    assert not any(loaded(modules, heavy) for heavy in HEAVY), sorted(modules)
    assert "gametree.readwrite.jsonfile" not in modules
    assert not loaded(modules, "gametree.drawing")


def test_loading_a_format_imports_its_reader_only() -> None:
    modules = in_the_end("import gametree\ngametree.loads('(A 1 2)', format='tree')")
    assert "gametree.readwrite.notationfile" in modules
    assert not {"gametree.readwrite.dotfile", "gametree.readwrite.jsonfile"} & modules
    assert not any(loaded(modules, heavy) for heavy in HEAVY)


def test_all_is_every_areas_names_in_order() -> None:
    base = gametree.__all__[: gametree.__all__.index("validate") + 1]
    expected = list(base)
    for area in AREAS:
        expected += importlib.import_module(area).__all__
    assert gametree.__all__ == expected
    assert len(set(gametree.__all__)) == len(gametree.__all__)


@pytest.mark.parametrize("area", AREAS)
def test_each_name_is_the_object_its_area_exports(area: str) -> None:
    package = importlib.import_module(area)
    for name in package.__all__:
        assert getattr(gametree, name) is getattr(package, name), name
        assert name in dir(gametree)


@pytest.mark.parametrize(
    ("package", "name"),
    [
        ("gametree.drawing", "animate"),
        ("gametree.homework", "check"),
        ("gametree.homework", "grade"),
        ("gametree.homework", "explain"),
    ],
)
def test_a_name_spelled_like_its_module_stays_the_function(package: str, name: str) -> None:
    importlib.import_module(f"{package}.{name}")
    value = getattr(importlib.import_module(package), name)
    assert callable(value) and not isinstance(value, type(sys))
    assert value is getattr(gametree, name)


def test_subpackages_and_unknown_names() -> None:
    assert gametree.search.__name__ == "gametree.search"
    assert "drawing" in dir(gametree)
    with pytest.raises(AttributeError, match="module 'gametree' has no attribute 'nope'"):
        _ = gametree.nope  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match=r"'gametree\.drawing' has no attribute 'nope'"):
        _ = gametree.drawing.nope  # type: ignore[attr-defined]


def test_the_version_is_read_when_asked_for() -> None:
    """``gametree.__version__`` is the installed metadata's, read on first use (reading
    it imports importlib.metadata, a third of a bare import's cost)."""
    import importlib.metadata

    before = "'importlib.metadata' in sys.modules"
    code = f"import sys, gametree; print({before}, gametree.__version__, {before})"
    at_import, version, after = run_python("-c", code).stdout.split()
    assert at_import == "False" and after == "True"
    assert version == importlib.metadata.version("gametree")
