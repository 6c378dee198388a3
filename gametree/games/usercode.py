"""Errors raised by a user's game code, told in one line: the method, the file and line.

A game of the user's own (``--game mygame.py:Take``) runs inside gametree's searches,
so an exception in its ``utility`` or ``actions`` surfaces from deep inside gametree.
:func:`user_error` reads the traceback and, when the exception was raised in the
user's code, names it as the user's: the method gametree called, the place in the
user's file where it was raised, and the exception::

    Boom.utility raised ZeroDivisionError: division by zero (listgame.py, line 17)

The command line prints that line (and the traceback with ``-v``) and exits 2; an
exception raised in gametree itself is not the user's and keeps its traceback.
"""

from __future__ import annotations

import inspect
import os
import sysconfig
from collections.abc import Iterable
from types import FrameType, TracebackType
from typing import Any

from gametree.quoting import quoted

__all__ = ["game_files", "user_error"]

_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_LIBRARIES = tuple(
    {
        os.path.abspath(path)
        for key in ("stdlib", "platstdlib", "purelib", "platlib")
        if (path := sysconfig.get_paths().get(key))
    }
)


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def game_files(game: Any) -> frozenset[str]:
    """Return the source files of the classes a user's ``game`` is made of.

    The game's own class, or for a student-style game wrapped by
    :func:`~gametree.games.adapt` the wrapped object's class; gametree's own classes
    (the built-in games) give no file.
    """
    files = set()
    for obj in (game, getattr(game, "obj", None)):
        if obj is None:
            continue
        for cls in type(obj).__mro__:
            try:
                path = inspect.getsourcefile(cls) or inspect.getfile(cls)
            except (TypeError, OSError):
                continue
            path = os.path.abspath(path)
            if not _inside(path, _PACKAGE):
                files.add(path)
    return frozenset(files)


def _qualified_name(frame: FrameType) -> str:
    """The name of the function running in ``frame``, with its class: ``Boom.utility``."""
    code = frame.f_code
    qualname: str | None = getattr(code, "co_qualname", None)  # Python 3.11 and newer
    if qualname is not None:
        return qualname
    # Python 3.10: the class is found from the method's first argument (self or cls).
    if code.co_argcount:
        first = frame.f_locals.get(code.co_varnames[0])
        owner = first if isinstance(first, type) else type(first)
        for cls in owner.__mro__:
            attribute = cls.__dict__.get(code.co_name)
            function = getattr(attribute, "__func__", attribute)  # classmethod, staticmethod
            if function is not None and getattr(function, "__code__", None) is code:
                return str(function.__qualname__)
    return code.co_name


def _frames(tb: TracebackType | None) -> list[tuple[str, str, int]]:
    frames = []
    while tb is not None:
        code = tb.tb_frame.f_code
        name = _qualified_name(tb.tb_frame)
        frames.append((os.path.abspath(code.co_filename), name, tb.tb_lineno))
        tb = tb.tb_next
    return frames


def _shown_path(path: str) -> str:
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return path
    return path if relative.startswith("..") else relative


def user_error(exc: BaseException, files: Iterable[str] = ()) -> str | None:
    """Return the one line telling ``exc`` as an error of the user's game, or None.

    Parameters
    ----------
    exc : BaseException
        An exception that reached the command line.
    files : iterable of str
        The user's game files (:func:`game_files`). Code in them, and code outside
        gametree, the standard library and the installed packages (the user's other
        modules), is the user's.

    Returns
    -------
    str or None
        ``"Boom.utility raised ZeroDivisionError: division by zero (mygame.py, line
        17)"`` when a frame of the user's code is in the traceback after gametree
        called it: the first such frame names the method, the last one the place. None
        when the exception did not come from the user's code.
    """
    own = {os.path.abspath(f) for f in files}

    def users(path: str) -> bool:
        if path in own:
            return True
        if _inside(path, _PACKAGE) or path.startswith("<"):
            return False
        return not any(_inside(path, lib) for lib in _LIBRARIES)

    frames = _frames(exc.__traceback__)
    entered = next(
        (
            i
            for i, (path, _, _) in enumerate(frames)
            if users(path) and any(_inside(p, _PACKAGE) for p, _, _ in frames[:i])
        ),
        None,
    )
    if entered is None:
        return None
    method = frames[entered][1]
    path, _, line = next(f for f in reversed(frames) if users(f[0]))
    text = str(exc)
    told = f"{type(exc).__name__}: {quoted(text, limit=200)[1:-1]}" if text else type(exc).__name__
    return f"{method} raised {told} ({_shown_path(path)}, line {line})"
