"""Writing output files safely: complete or not at all, and never over a file unasked.

Every file gametree writes (pictures, pages, TeX, CSV, JSON, trees, exercise folders)
goes through :func:`replacing`:

* the bytes go to a fresh temporary file made with :func:`tempfile.mkstemp` in the
  target's own folder (so no name can be planted in advance and no link is followed),
  which is renamed onto the target only once it is complete: an error or an interrupt
  leaves the old file as it was and no partial file behind;
* an existing target (a file, a link, anything) is refused with
  :class:`OutputExistsError` unless ``force`` is true, and the check cannot be raced:
  without ``force`` the finished file is hard-linked to its name, which fails if the name
  has appeared in the meantime;
* the new file gets the usual permissions of a new file (``0o666`` less the umask), not
  ``mkstemp``'s private ``0o600``.

The command line turns :class:`OutputExistsError` into one line naming ``--force``.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> write_text(folder / "a.txt", "one")
PosixPath('...a.txt')
>>> write_text(folder / "a.txt", "two")
Traceback (most recent call last):
...
gametree.outfiles.OutputExistsError: ...a.txt' exists; pass force=True to replace it
>>> _ = write_text(folder / "a.txt", "two", force=True)
>>> (folder / "a.txt").read_text()
'two'
"""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from gametree.exceptions import GameTreeError

__all__ = [
    "OutputExistsError",
    "check_new_output",
    "replacing",
    "write_bytes",
    "write_text",
]


class OutputExistsError(GameTreeError, FileExistsError):
    """An output file already exists and replacing it was not asked for.

    Attributes
    ----------
    path : str
        The output that exists.
    """

    def __init__(self, path: str | os.PathLike[str], why: str = "exists") -> None:
        self.path = os.fspath(path)
        self.why = why
        super().__init__(errno.EEXIST, f"{why}; pass force=True to replace it", self.path)

    def __str__(self) -> str:
        return f"{self.path!r} {self.why}; pass force=True to replace it"


def _exists(path: Path) -> bool:
    """True for any entry at ``path``, a dangling link included."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return False
    return True


def check_new_output(path: str | os.PathLike[str], *, force: bool = False) -> Path:
    """Refuse an existing ``path`` unless ``force``; return it as a :class:`~pathlib.Path`.

    Commands call this for every output before doing any work, so a refusal costs nothing.
    A folder is never replaced, not even with ``force``.
    """
    target = Path(path)
    if target.is_dir() and not target.is_symlink():
        raise IsADirectoryError(errno.EISDIR, "is a folder, not a file", str(target))
    if not force and _exists(target):
        raise OutputExistsError(target)
    return target


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def replacing(path: str | os.PathLike[str], *, force: bool = False) -> Iterator[Path]:
    """Yield a fresh temporary path beside ``path``; put it in place when the block ends.

    Write the whole output to the yielded path (it exists, empty, and keeps ``path``'s
    suffix so that writers choosing a format by suffix still do). When the block ends
    without an error the file is moved onto ``path``; when it raises, the temporary file
    is removed and ``path`` is left as it was.

    Parameters
    ----------
    path : str or path-like
        The output file. Its folder must exist.
    force : bool
        Replace ``path`` if it exists (a link at ``path`` is replaced, never written
        through). Without it an existing ``path`` raises :class:`OutputExistsError`,
        before and (without a race) after the writing.

    Raises
    ------
    OutputExistsError
        ``path`` exists and ``force`` is false.
    IsADirectoryError
        ``path`` is a folder.
    """
    target = check_new_output(path, force=force)
    folder = target.parent
    fd, name = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=target.suffix)
    os.close(fd)
    temp = Path(name)
    try:
        yield temp
        os.chmod(temp, 0o666 & ~_umask())
        if force:
            os.replace(temp, target)
        else:
            try:
                os.link(temp, target, follow_symlinks=False)
            except FileExistsError:
                raise OutputExistsError(target) from None
            except OSError:  # a file system without hard links
                if _exists(target):
                    raise OutputExistsError(target) from None
                os.replace(temp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)


def write_bytes(path: str | os.PathLike[str], data: bytes, *, force: bool = False) -> Path:
    """Write ``data`` to ``path`` through :func:`replacing`; return the path written."""
    with replacing(path, force=force) as temp:
        temp.write_bytes(data)
    return Path(path)


def write_text(path: str | os.PathLike[str], text: str, *, force: bool = False) -> Path:
    """Write ``text`` as UTF-8 with ``\\n`` line ends to ``path`` through :func:`replacing`."""
    with replacing(path, force=force) as temp, open(temp, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)
    return Path(path)
