"""Reading input within limits: the bytes of an input and the nodes of a tree.

gametree reads a whole input into memory before parsing it, so every file and stream it
reads is bounded: at most :data:`MAX_INPUT_BYTES` (64 MiB) unless the environment
variable ``GAMETREE_MAX_INPUT_BYTES`` says otherwise. A file must be a regular file:
a FIFO, a device (``/dev/zero``, ``/dev/urandom``), a socket or a folder is refused
without being read (a FIFO is never opened in blocking mode, so it cannot hang). Pipe
such input to standard input (``-``) instead, where the same limit applies.

A tree costs far more memory than its text (about 1.1 KB per node as a networkx graph,
against 4 bytes per node of notation), so every reader also counts the nodes as it
builds them and stops past :data:`MAX_NODES` (2,000,000, about 2.2 GB of graph) unless
its ``max_nodes=`` keyword or the environment variable ``GAMETREE_MAX_NODES`` says
otherwise (:func:`node_limit`; the message is :func:`too_many_nodes`).

An answer file is read up to :data:`MAX_ANSWER_ITEMS` (10,000) keys unless the
``max_items=`` keyword of :func:`gametree.parse_answers` or the environment variable
``GAMETREE_MAX_ANSWER_ITEMS`` says otherwise (:func:`answer_item_limit`): a sheet asks
tens of questions, and each key read costs a finding to check and to print.
"""

from __future__ import annotations

import os
import stat
from typing import IO, Any

from gametree.exceptions import AnswerFormatError, InputError, TreeFileError

__all__ = [
    "ITEMS_VARIABLE",
    "LIMIT_VARIABLE",
    "MAX_ANSWER_ITEMS",
    "MAX_INPUT_BYTES",
    "MAX_NODES",
    "NODES_VARIABLE",
    "answer_item_limit",
    "check_input_file",
    "kind_of",
    "max_input_bytes",
    "node_limit",
    "read_descriptor",
    "read_input",
    "read_stream",
    "too_many_nodes",
]

MAX_INPUT_BYTES = 64 * 1024 * 1024
"""The default input limit in bytes (64 MiB)."""

LIMIT_VARIABLE = "GAMETREE_MAX_INPUT_BYTES"
"""The environment variable that sets another input limit (a number of bytes)."""

MAX_NODES = 2_000_000
"""The default node limit: the most nodes a reader builds (about 2.2 GB as a graph)."""

NODES_VARIABLE = "GAMETREE_MAX_NODES"
"""The environment variable that sets another node limit (a number of nodes)."""

MAX_ANSWER_ITEMS = 10_000
"""The default limit on the keys of one answer file."""

ITEMS_VARIABLE = "GAMETREE_MAX_ANSWER_ITEMS"
"""The environment variable that sets another answer-item limit (a number of keys)."""

_CHUNK = 1 << 20


def _positive_variable(name: str, default: int, unit: str) -> int:
    """Return the positive whole number in environment variable ``name``, else ``default``."""
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    text = raw.strip().replace("_", "")
    if not text.isdigit() or len(text) > 18 or int(text) < 1:
        raise InputError(f"{name}={raw[:40]!r}: expected a positive number of {unit}")
    return int(text)


def _given_or_variable(
    given: int | None, keyword: str, variable: str, default: int, unit: str, error: type[Exception]
) -> int:
    """Return ``given`` if it is a whole number of at least 1 (else raise ``error`` naming
    ``keyword``), or the limit the environment ``variable`` sets, or ``default``."""
    if given is None:
        return _positive_variable(variable, default, unit)
    if isinstance(given, bool) or not isinstance(given, int) or given < 1:
        raise error(f"{keyword}={given!r} is not allowed; expected an int >= 1")
    return given


def max_input_bytes() -> int:
    """Return the input limit: ``GAMETREE_MAX_INPUT_BYTES`` if set, else 64 MiB.

    Raises
    ------
    InputError
        If the variable is set to something other than a positive whole number.

    Examples
    --------
    >>> import os
    >>> os.environ.pop(LIMIT_VARIABLE, None) and None
    >>> max_input_bytes()
    67108864
    """
    return _positive_variable(LIMIT_VARIABLE, MAX_INPUT_BYTES, "bytes")


def node_limit(max_nodes: int | None = None) -> int:
    """Return the node limit of a reader: ``max_nodes`` if given, else ``GAMETREE_MAX_NODES``
    if set, else :data:`MAX_NODES` (2,000,000).

    Every reader counts the nodes while it builds a tree and stops as soon as the
    count passes this limit, so memory never grows beyond it (about 1.1 KB a node).

    Raises
    ------
    TreeFileError
        If ``max_nodes`` is not a whole number of at least 1.
    InputError
        If the variable is set to something other than a positive whole number.

    Examples
    --------
    >>> import os
    >>> os.environ.pop(NODES_VARIABLE, None) and None
    >>> node_limit(), node_limit(500)
    (2000000, 500)
    """
    return _given_or_variable(
        max_nodes, "max_nodes", NODES_VARIABLE, MAX_NODES, "nodes", TreeFileError
    )


def answer_item_limit(max_items: int | None = None) -> int:
    """Return the most keys an answer file is read for: ``max_items`` if given, else
    ``GAMETREE_MAX_ANSWER_ITEMS`` if set, else :data:`MAX_ANSWER_ITEMS` (10,000).

    Raises
    ------
    AnswerFormatError
        If ``max_items`` is not a whole number of at least 1.
    InputError
        If the variable is set to something other than a positive whole number.

    Examples
    --------
    >>> import os
    >>> os.environ.pop(ITEMS_VARIABLE, None) and None
    >>> answer_item_limit(), answer_item_limit(50)
    (10000, 50)
    """
    return _given_or_variable(
        max_items, "max_items", ITEMS_VARIABLE, MAX_ANSWER_ITEMS, "keys", AnswerFormatError
    )


def too_many_nodes(limit: int) -> str:
    """Return what a reader says when a tree passes the node limit ``limit``.

    >>> too_many_nodes(1000)
    'more than 1,000 nodes, the node limit: raise it with max_nodes=... or the environment ...'
    """
    return (
        f"more than {limit:,} node{'s' if limit != 1 else ''}, the node limit: raise it with "
        f"max_nodes=... or the environment variable {NODES_VARIABLE}"
    )


def _too_large(name: str, limit: int) -> InputError:
    return InputError(
        f"{name}: larger than the input limit of {limit:,} bytes (set {LIMIT_VARIABLE} to raise it)"
    )


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISLNK, "a symbolic link"),
)


def kind_of(mode: int) -> str:
    """Return what a file of this ``st_mode`` is, in words ("a folder", "a FIFO", ...)."""
    for test, words in _KINDS:
        if test(mode):
            return words
    return "a regular file" if stat.S_ISREG(mode) else "a special file"


def _require_regular(name: str, info: os.stat_result, limit: int) -> None:
    if not stat.S_ISREG(info.st_mode):
        raise InputError(
            f"{name}: {kind_of(info.st_mode)}, not a regular file; "
            "give a file, or pipe the input to standard input (-)"
        )
    if info.st_size > limit:
        raise _too_large(name, limit)


def check_input_file(path: str | os.PathLike[str], *, limit: int | None = None) -> None:
    """Refuse, without opening it, a file :func:`read_input` would refuse.

    For readers that open the file themselves: a FIFO or a device is never opened.

    Raises
    ------
    InputError
        If ``path`` is not a regular file or is larger than the limit.
    OSError
        If it cannot be looked at (missing, ...).
    """
    limit = max_input_bytes() if limit is None else limit
    _require_regular(os.fspath(path), os.stat(path), limit)


def read_input(
    path: str | os.PathLike[str],
    *,
    limit: int | None = None,
    dir_fd: int | None = None,
    follow_symlinks: bool = True,
) -> bytes:
    """Return the bytes of a regular file, refusing anything else and anything too large.

    Parameters
    ----------
    path : str or path-like
        The file (relative to ``dir_fd`` when given).
    limit : int, optional
        The most bytes to read; default :func:`max_input_bytes`.
    dir_fd : int, optional
        A folder's descriptor that ``path`` is relative to.
    follow_symlinks : bool, default True
        False refuses a symbolic link as the last part of ``path`` (``O_NOFOLLOW``).

    Returns
    -------
    bytes

    Raises
    ------
    InputError
        If the file is not a regular file (named: a FIFO, a device, a folder) or is
        larger than the limit.
    OSError
        If it cannot be opened (missing, no permission, a symbolic link loop, ...).

    Examples
    --------
    >>> read_input("/dev/zero")
    Traceback (most recent call last):
    ...
    gametree.exceptions.InputError: /dev/zero: a character device, not a regular file...
    """
    limit = max_input_bytes() if limit is None else limit
    name = os.fspath(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow_symlinks:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(path, flags, dir_fd=dir_fd)
    try:
        return read_descriptor(fd, name, limit=limit)
    finally:
        os.close(fd)


def read_descriptor(fd: int, name: str, *, limit: int | None = None) -> bytes:
    """Return the bytes of the open file ``fd`` (a regular file, checked with ``fstat``),
    at most ``limit`` of them; ``name`` is named in errors. ``fd`` stays open.

    Raises
    ------
    InputError
        If ``fd`` is not a regular file or is larger than the limit.
    """
    limit = max_input_bytes() if limit is None else limit
    _require_regular(name, os.fstat(fd), limit)
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = os.read(fd, min(_CHUNK, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if size > limit:
            raise _too_large(name, limit)
    return b"".join(chunks)


def read_stream(
    stream: IO[Any] | None, *, limit: int | None = None, name: str = "standard input"
) -> bytes:
    """Return the bytes of a stream (standard input), at most ``limit`` of them.

    Raises
    ------
    InputError
        If the stream is closed (``<&-``) or longer than the limit.

    Examples
    --------
    >>> import io
    >>> read_stream(io.BytesIO(b"(A 1 2)"))
    b'(A 1 2)'
    >>> read_stream(None)
    Traceback (most recent call last):
    ...
    gametree.exceptions.InputError: standard input is closed
    """
    limit = max_input_bytes() if limit is None else limit
    if stream is None or getattr(stream, "closed", False):
        raise InputError(f"{name} is closed")
    source = getattr(stream, "buffer", stream)
    try:
        data = source.read(limit + 1)
    except (OSError, ValueError) as exc:
        if isinstance(exc, OSError) and exc.strerror:
            raise InputError(f"{name}: {exc.strerror}") from None
        raise InputError(f"{name} is closed") from None
    if isinstance(data, str):
        data = data.encode("utf-8")
    if len(data) > limit:
        raise _too_large(name, limit)
    return bytes(data)
