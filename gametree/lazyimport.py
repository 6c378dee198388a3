"""Package attributes imported on first use (PEP 562), so ``import gametree`` stays cheap.

A package that re-exports names from its modules lists them in a table, name to module,
and calls :func:`lazy_package` with its name and the table: reading one of the names
imports its module then (and keeps the name in the package, so the next reading is a
plain lookup), and ``dir()`` lists the names before they are imported. A package keeps
its real imports under ``if TYPE_CHECKING:`` so type checkers see the names and their
types; ``__all__`` stays a plain list.

A re-exported name may be spelled like one of the package's modules
(``gametree.drawing.animate`` is the function, from the module of the same name). When
the module is imported, Python sets the package's attribute to the module; a lazy
package ignores that for such a name, so the name keeps meaning what it re-exports,
as it did when the package imported everything up front.

>>> import gametree
>>> "alphabeta" in dir(gametree) and callable(gametree.alphabeta)
True
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Collection, Mapping, Sequence
from types import ModuleType
from typing import Any

__all__ = ["LazyPackage", "lazy_package"]


class LazyPackage(ModuleType):
    """A package whose re-exported names are imported when first read (see the module)."""

    def __getattr__(self, name: str) -> Any:
        own = self.__dict__
        if name == "__all__" and own.get("_lazy_areas"):
            return self._all_names()
        where: Mapping[str, str] = own.get("_lazy_where", {})
        module_name = where.get(name)
        if module_name is None:
            if own.get("_lazy_areas") and not (name.startswith("__") and name.endswith("__")):
                return self._from_areas(name)
            raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")
        module = self._import(name, module_name)
        value = module if name in own["_lazy_modules"] else getattr(module, name)
        ModuleType.__setattr__(self, name, value)
        return value

    def _import(self, name: str, module_name: str) -> ModuleType:
        try:
            return importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name != module_name:
                raise
            # The module is not installed (a trimmed copy): the name is simply absent.
            raise AttributeError(
                f"module {self.__name__!r} has no attribute {name!r} ({module_name} is "
                "not installed)"
            ) from exc

    def _from_areas(self, name: str) -> Any:
        """Find ``name`` in the ``__all__`` of an area, those already imported first."""
        areas: tuple[str, ...] = self.__dict__["_lazy_areas"]
        ready = [a for a in areas if a in sys.modules]
        for area in (*ready, *(a for a in areas if a not in sys.modules)):
            try:
                module = self._import(name, area)
            except AttributeError:
                continue
            if name in getattr(module, "__all__", ()):
                value = getattr(module, name)
                ModuleType.__setattr__(self, name, value)
                return value
        raise AttributeError(f"module {self.__name__!r} has no attribute {name!r}")

    def _all_names(self) -> list[str]:
        """The package's own names, then each area's ``__all__`` in order (kept)."""
        names = list(self.__dict__["_lazy_own"])
        for area in self.__dict__["_lazy_areas"]:
            try:
                names += getattr(self._import("__all__", area), "__all__", ())
            except AttributeError:
                continue
        ModuleType.__setattr__(self, "__all__", names)
        return names

    def __setattr__(self, name: str, value: Any) -> None:
        where: Mapping[str, str] = self.__dict__.get("_lazy_where", {})
        modules = self.__dict__.get("_lazy_modules", ())
        if isinstance(value, ModuleType) and name in where and name not in modules:
            return  # a module spelled like a re-exported name: the name wins
        ModuleType.__setattr__(self, name, value)

    def __dir__(self) -> list[str]:
        names = set(self.__dict__) | set(self.__dict__.get("_lazy_where", {}))
        if self.__dict__.get("_lazy_areas"):
            names.update(self._all_names())
        return sorted(names)


def lazy_package(
    package: str,
    where: Mapping[str, str],
    modules: Collection[str] = (),
    *,
    areas: Sequence[str] = (),
    own: Sequence[str] = (),
) -> None:
    """Make the names of ``where`` attributes of ``package`` imported on first reading.

    Parameters
    ----------
    package : str
        The package's ``__name__`` (it is being imported: in ``sys.modules``).
    where : mapping of str to str
        Each lazily imported name and the module it is read from.
    modules : collection of str, optional
        Those of the names that are modules themselves (a subpackage exported under its
        own name, mapped to its full name in ``where``).
    areas : sequence of str, optional
        Packages whose ``__all__`` names ``package`` exports too: a name not in
        ``where`` is looked up in their ``__all__`` (the areas already imported first),
        and the package's ``__all__`` is ``own`` followed by theirs, in this order,
        made when first read (which imports every area). The package then defines no
        ``__all__`` of its own.
    own : sequence of str, optional
        With ``areas``: the start of ``__all__``, the package's own public names.

    Examples
    --------
    >>> import gametree.drawing
    >>> type(gametree.drawing).__name__, gametree.drawing.animate.__module__
    ('LazyPackage', 'gametree.drawing.animate')
    """
    module = sys.modules[package]
    module.__dict__["_lazy_where"] = dict(where)
    module.__dict__["_lazy_modules"] = frozenset(modules)
    module.__dict__["_lazy_areas"] = tuple(areas)
    module.__dict__["_lazy_own"] = tuple(own)
    module.__class__ = LazyPackage
