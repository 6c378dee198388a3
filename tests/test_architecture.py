"""The package's shape stays as docs/ARCHITECTURE.md describes it.

Every ``import`` in ``gametree/`` is parsed with :mod:`ast` (imports inside functions and
``TYPE_CHECKING`` blocks included, since they are dependencies all the same) and checked:

* no import cycle between modules;
* dependencies point down the layers (:data:`LAYERS`): a module imports only from its own
  layer or lower ones, so ``search`` never reaches ``drawing``, ``homework`` or ``cli``;
* no private name (one leading underscore) is imported from, or read off, another module;
* no module is longer than :data:`MAX_LINES` lines.

Exceptions go in the allow-lists below, each with its reason; they start empty.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "gametree"

MAX_LINES = 800

# Bottom to top. A module belongs to the first entry that is a prefix of its dotted name.
LAYERS: tuple[tuple[str, ...], ...] = (
    # the contract and its errors, and the rules for reading and writing files
    (
        "gametree.attrs",
        "gametree.exceptions",
        "gametree.inputs",
        "gametree.lazyimport",
        "gametree.outfiles",
        "gametree.quoting",
        "gametree.valuetext",
        "gametree.version",
    ),
    # validating and building trees
    ("gametree.validation", "gametree.builders", "gametree.randomtrees"),
    ("gametree.search",),
    ("gametree.games",),
    ("gametree.notation", "gametree.readwrite"),
    ("gametree.homework",),
    ("gametree.drawing",),
    ("gametree.publish", "gametree.platforms"),
    ("gametree.cli", "gametree.__main__"),
)

# (importing module, imported module): reason. Every entry needs a reason.
LAYER_EXCEPTIONS: dict[tuple[str, str], str] = {
    ("gametree.homework.generate", "gametree.publish.exercises"): (
        "Exercise.write(folder) is public API; the folder holds the exercise's pictures, "
        "which need drawing, and drawing imports homework for its pages. The method "
        "imports the writer lazily; no cycle results (publish never imports generate)."
    ),
}
PRIVATE_EXCEPTIONS: dict[tuple[str, str, str], str] = {}


@dataclass
class Module:
    name: str
    path: Path
    is_package: bool
    imports: set[str] = field(default_factory=set)
    private: set[tuple[str, str]] = field(default_factory=set)  # (module, name)


def _modules() -> dict[str, Module]:
    found: dict[str, Module] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts.pop()
        found[".".join(parts)] = Module(".".join(parts), path, is_package)
    return found


def _resolve(module: Module, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.name.split(".")
    if not module.is_package:
        base.pop()
    base = base[: len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _scan(modules: dict[str, Module]) -> None:
    for module in modules.values():
        tree = ast.parse(module.path.read_text(encoding="utf-8"))
        aliases: dict[str, str] = {}  # local name -> gametree module it is bound to
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                target = _resolve(module, node)
                if target.split(".")[0] != "gametree":
                    continue
                for alias in node.names:
                    full = f"{target}.{alias.name}"
                    if full in modules:
                        module.imports.add(full)
                        aliases[alias.asname or alias.name] = full
                    else:
                        module.imports.add(target)
                        if _private(alias.name):
                            module.private.add((target, alias.name))
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "gametree":
                        # ``import a.b.c`` imports each package on the way
                        parts = alias.name.split(".")
                        for i in range(1, len(parts) + 1):
                            if ".".join(parts[:i]) in modules:
                                module.imports.add(".".join(parts[:i]))
                        if alias.asname:
                            aliases[alias.asname] = alias.name
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and _private(node.attr):
                owner = _dotted(node.value)
                if owner is None:
                    continue
                head, _, rest = owner.partition(".")
                bound = aliases.get(head, head if head == "gametree" else None)
                if bound is not None:
                    target = f"{bound}.{rest}" if rest else bound
                    if target in modules and target != module.name:
                        module.private.add((target, node.attr))
        module.imports.discard(module.name)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _dotted(node.value)
        return None if inner is None else f"{inner}.{node.attr}"
    return None


def layer_of(name: str) -> float | None:
    """The index in :data:`LAYERS` of module ``name``.

    The top-level package re-exports every layer up to drawing, so it sits between
    drawing and publishing.
    """
    if name == "gametree":
        drawing = layer_of("gametree.drawing")
        assert drawing is not None
        return drawing + 0.5
    for index, prefixes in enumerate(LAYERS):
        if any(name == p or name.startswith(p + ".") for p in prefixes):
            return index
    return None


@pytest.fixture(scope="module")
def modules() -> dict[str, Module]:
    found = _modules()
    _scan(found)
    return found


def test_every_module_has_a_layer(modules):
    assert [m for m in modules if layer_of(m) is None] == []


def test_no_import_cycles(modules):
    graph = nx.DiGraph()
    for module in modules.values():
        graph.add_node(module.name)
        graph.add_edges_from((module.name, target) for target in module.imports)
    cycles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert not cycles, "\n".join(" <-> ".join(c) for c in cycles)


def test_dependencies_point_down(modules):
    upward = []
    for module in modules.values():
        own = layer_of(module.name)
        if own is None:
            continue
        for target in sorted(module.imports):
            theirs = layer_of(target)
            if (theirs is None or theirs > own) and (module.name, target) not in LAYER_EXCEPTIONS:
                upward.append(f"{module.name} -> {target}")
    assert not upward, "imports up the layers:\n" + "\n".join(upward)


def test_search_reaches_no_higher_package(modules):
    banned = ("gametree.drawing", "gametree.homework", "gametree.cli")
    found = [
        f"{m.name} -> {t}"
        for m in modules.values()
        if m.name.startswith("gametree.search")
        for t in m.imports
        if t.startswith(banned) or t == "gametree"
    ]
    assert not found, "\n".join(found)


def test_no_private_names_borrowed(modules):
    borrowed = [
        f"{m.name} uses {owner}.{name}"
        for m in modules.values()
        for owner, name in sorted(m.private)
        if (m.name, owner, name) not in PRIVATE_EXCEPTIONS
    ]
    assert not borrowed, "\n".join(borrowed)


def test_modules_stay_readable(modules):
    long = {
        m.name: n
        for m in modules.values()
        if (n := len(m.path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_the_checks_can_fail(tmp_path):
    """The scanner sees a cycle, an upward import and a borrowed private name."""
    package = tmp_path / "gametree"
    (package / "search").mkdir(parents=True)
    (package / "drawing").mkdir()
    (package / "__init__.py").write_text("")
    (package / "search" / "__init__.py").write_text("")
    (package / "drawing" / "__init__.py").write_text("")
    (package / "search" / "a.py").write_text(
        "def f():\n    from gametree.drawing.b import _shape\n"
    )
    (package / "drawing" / "b.py").write_text(
        "import gametree.search.a as a\n_shape = a.f\nx = a._hidden\n"
    )
    global PACKAGE
    saved, PACKAGE = PACKAGE, package
    try:
        found = _modules()
        _scan(found)
    finally:
        PACKAGE = saved
    a, b = found["gametree.search.a"], found["gametree.drawing.b"]
    assert "gametree.drawing.b" in a.imports and "gametree.search.a" in b.imports
    assert a.private == {("gametree.drawing.b", "_shape")}
    assert b.private == {("gametree.search.a", "_hidden")}
    assert layer_of("gametree.search.a") < layer_of("gametree.drawing.b")


def test_each_package_says_what_its_modules_are_for(modules):
    """A package's docstring names every module in it (``gametree/`` itself excepted:
    docs/ARCHITECTURE.md is its map)."""
    unnamed = []
    for package in modules.values():
        if not package.is_package or package.name == "gametree":
            continue
        doc = ast.get_docstring(ast.parse(package.path.read_text(encoding="utf-8"))) or ""
        for module in modules.values():
            parent, _, short = module.name.rpartition(".")
            if parent == package.name and short not in doc:
                unnamed.append(module.name)
    assert not unnamed, "not described in their package's docstring: " + ", ".join(unnamed)
