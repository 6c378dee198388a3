"""The ``adapted`` protocol: code written against a course's own classes.

A course that hands students its own game classes (a gym-style environment, a board as
a list of lists, ``Node`` and ``Tree`` classes) gets its code checked through an
*adapter*: a short Python file, written by the instructor, that presents a game tree as
those objects. It runs here, in the submission's child process and under its limits,
and imports nothing from gametree. It defines

``call(entry, root, tree, module)`` (required)
    Build the course's objects around ``root``, call ``entry`` (the submission's
    function) and return what it returned, as a move label (text, or a whole number
    equal to one), a node, a value or a pair.
    ``root`` is a recorded node (:class:`~.plaintree.TreeNode`): ``moves``,
    ``child(move)``, ``children``, ``player``, ``mover``, ``value``, ``label``, ``name``,
    ``move``, ``is_leaf()``. A node is counted as generated when anything is first read
    from it and evaluated when its ``value`` is read, so the adapter reads a node the
    moment the course's objects would give the code that node or its value.
    ``tree`` is the tree's plain data (:class:`~.treedata.TreeData`), ``module`` the
    submission's module (for the course's own enums or constants it defines).

``presentable(tree, entry_name)`` (optional)
    Why this code cannot be checked on ``tree`` (a reason, shown in the report), or
    None. Code written for one game can only be checked on that game's trees.

``NOTE = "..."`` (optional, a plain string)
    What every report on such code says (read by the parent without running the file).

An exception raised while the adapter runs counts as the run's error, as the course's
own classes would raise it at the student.
"""

from __future__ import annotations

import sys

from .plaintree import TreeNode, answer
from .recorder import Recorder
from .treedata import TreeData

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["AdapterError", "load", "not_presented", "presentable", "run"]


class AdapterError(RuntimeError):
    """The adapter itself failed (not the code it presents trees to)."""


_LOADED: dict[str, dict[str, Any]] = {}


def load(source: str, filename: str) -> dict[str, Any]:
    """The adapter's namespace, run once per process (its ``call`` checked)."""
    space = _LOADED.get(source)
    if space is None:
        space = {"__name__": "gametree_adapter", "__file__": filename}
        try:
            exec(compile(source, filename, "exec"), space)  # the instructor's file, as given
        except Exception as exc:
            raise AdapterError(
                f"the adapter {filename} failed to load: {type(exc).__name__}: {exc}"
            ) from None
        if not callable(space.get("call")):
            raise AdapterError(f"the adapter {filename} defines no call(entry, root, tree, module)")
        _LOADED[source] = space
    return space


def not_presented(space: dict[str, Any], tree: TreeData, entry_name: str) -> str | None:
    """Why the adapter (its loaded namespace) does not present ``tree`` to the entry
    named ``entry_name`` (its ``presentable``), or None.

    Raises
    ------
    AdapterError
        When ``presentable`` raises: the instructor's bug, told as such.
    """
    check = space.get("presentable")
    try:
        why = check(tree, entry_name) if callable(check) else None
    except Exception as exc:
        raise AdapterError(
            f"the adapter {space['__file__']} failed in presentable(): {type(exc).__name__}: {exc}"
        ) from None
    return None if why is None else str(why)


def presentable(tree: TreeData, algorithm: str) -> str | None:
    """Every tree is sent: the adapter says in the child which ones it can present."""
    return None


def run(entry: Callable[..., Any], tree: TreeData, rec: Recorder, algorithm: str) -> dict[str, Any]:
    """Present ``tree`` through the adapter and call ``entry``; return its answer, or
    the adapter's reason for not presenting the tree."""
    if tree.adapter is None:
        raise TypeError("no adapter was given for the adapted protocol")
    space = load(str(tree.adapter["source"]), str(tree.adapter["file"]))
    why = not_presented(space, tree, getattr(entry, "__name__", ""))
    if why is not None:
        return {"skipped": str(why)}
    module = sys.modules.get(getattr(entry, "__module__", "") or "")
    returned = space["call"](entry, TreeNode(tree, rec, tree.root, 0), tree, module)
    is_label = isinstance(returned, (str, int)) and not isinstance(returned, bool)
    if is_label and str(returned) in tree.moves(tree.root):  # a move, as the course names it
        return {"action": str(returned)}
    return answer(returned, tree)
