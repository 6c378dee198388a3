"""Cross-references in gametree's docstrings: to the page of the object they name.

A docstring refers to objects where its module sees them: ``:class:`SearchResult``` in
``gametree/search/passes.py``, ``:func:`gametree.games.adapt``` for what the reference
documents as ``gametree.adapt``, ``:mod:`gametree.outfiles``` for a module the API
reference has no page for. Sphinx only finds a target under the exact name it is
documented by, so this resolves each reference it could not by the object itself:

1. the name is looked up as Python would: as a full dotted name, then in the module and
   class that document it, then in the module where the docstring is written, then at
   gametree's top level and in its public packages (where an autosummary table's
   one-line summaries are read);
2. if the object it finds is documented under any name (``gametree.games.adapter.adapt``
   is ``gametree.adapt``), the reference links there;
3. if it is one of gametree's internals, which the API reference leaves to the source
   and ``docs/ARCHITECTURE.md``, it is shown as code without a link;
4. otherwise the reference is broken and Sphinx warns (an error under ``-W``): a typo, a
   renamed function, a name that is not there.

Private base classes (``_Event``) are left out of the bases a class page lists: its
public bases say what it is.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from types import ModuleType
from typing import Any

from api_pages import public_packages
from docutils import nodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

_DOCSTRING_OF = re.compile(r"docstring of ([\w.]+)")


def import_dotted(name: str) -> Any:
    """Return the object a dotted name reaches by importing and attribute access."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            obj = getattr(obj, part)
        return obj
    raise ImportError(name)


def candidates(node: pending_xref) -> Iterator[str]:
    """Yield the full names a reference may mean, most specific first."""
    target = str(node["reftarget"]).lstrip(".~")
    module = node.get("py:module")
    klass = node.get("py:class")
    yield target
    if module and klass:
        yield f"{module}.{klass}.{target}"
    if module:
        yield f"{module}.{target}"
    source = str(node.source or "")
    found = _DOCSTRING_OF.search(source)
    if found:
        owner = found.group(1)
        while "." in owner:
            owner = owner.rpartition(".")[0]
            yield f"{owner}.{target}"
    if module and klass:
        try:
            defined = import_dotted(f"{module}.{klass}").__module__
        except (ImportError, AttributeError):
            return
        yield f"{defined}.{target}"
    yield f"gametree.{target}"
    for package in public_packages():
        yield f"{package}.{target}"


def documented_names(env: BuildEnvironment) -> dict[int, list[str]]:
    """Return, by object identity, the names the site documents each object under."""
    cache: dict[int, list[str]] | None = getattr(env, "_gametree_documented", None)
    if cache is not None:
        return cache
    cache = {}
    for name in env.domains["py"].objects:
        try:
            obj = import_dotted(name)
        except (ImportError, AttributeError):
            continue
        if isinstance(obj, (int, float, str, bytes, bool, type(None))):
            continue  # equal small values are not the same object
        cache.setdefault(id(obj), []).append(name)
    env._gametree_documented = cache  # type: ignore[attr-defined]
    return cache


def member_name(env: BuildEnvironment, full: str) -> str | None:
    """Return the documented name of ``Owner.attribute`` when its owner is documented."""
    owner, _, attribute = full.rpartition(".")
    try:
        owner_obj = import_dotted(owner)
    except (ImportError, AttributeError):
        return None
    if isinstance(owner_obj, ModuleType):
        return None
    for name in documented_names(env).get(id(owner_obj), []):
        if f"{name}.{attribute}" in env.domains["py"].objects:
            return f"{name}.{attribute}"
    return None


def resolve(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: nodes.Element
) -> nodes.Element | None:
    """Resolve a Python reference Sphinx did not find, as the module docstring says."""
    if node.get("refdomain") != "py":
        return None
    domain = env.domains["py"]
    for full in candidates(node):
        if full in domain.objects:
            name: str | None = full
        else:
            try:
                obj = import_dotted(full)
            except (ImportError, AttributeError):
                continue
            names = documented_names(env).get(id(obj), [])
            name = names[0] if names else member_name(env, full)
            if name is None:
                module = getattr(obj, "__module__", None) or getattr(obj, "__name__", "")
                internal = str(module).startswith("gametree") or full.startswith("gametree.")
                return contnode if internal else None
        typ = domain.objects[name].objtype
        role = {"function": "func", "method": "meth", "attribute": "attr", "property": "attr"}
        new = node.deepcopy()
        new["reftarget"] = name
        return domain.resolve_xref(
            env, node["refdoc"], app.builder, role.get(typ, "obj"), name, new, contnode
        )
    return None


def public_bases(app: Sphinx, name: str, obj: Any, options: Any, bases: list[type]) -> None:
    """Replace a private base class by its own bases, so a class page lists public ones."""
    expanded: list[type] = []
    for base in bases:
        stack = [base]
        while stack:
            current = stack.pop(0)
            if current.__name__.startswith("_"):
                stack[:0] = [b for b in current.__bases__ if b is not object]
            elif current not in expanded:
                expanded.append(current)
    bases[:] = expanded or [object]


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the resolver and the bases filter."""
    app.connect("missing-reference", resolve)
    app.connect("autodoc-process-bases", public_bases)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
