"""The running gametree, packed for a platform: as a wheel, or as its package files.

A Gradescope autograder installs gametree on Gradescope's machine, and a PrairieLearn
course imports it from its ``serverFilesCourse`` folder. Either way, the student must
be graded by the very code the instructor made the autograder or question with (a key
computed by another version could differ), so :func:`build_wheel` packs the package
that is running, file by file, instead of fetching a release:

* the files are those of the imported ``gametree`` package: every ``.py`` file,
  ``py.typed``, and the drawing page's ``.js``, ``.css`` and ``.html`` (the package data
  ``pyproject.toml`` declares), never ``__pycache__`` or hidden files;
* the metadata (name, version, dependencies, the ``gametree`` command) is the installed
  distribution's ``METADATA`` and ``entry_points.txt``, so pip installs the same
  dependencies as a release would;
* the wheel follows the binary distribution format (PEP 427, the ``RECORD`` with a
  SHA-256 per file, PEP 376) as a pure-Python ``py3-none-any`` wheel, with fixed
  timestamps so the same code always gives the same bytes.

References: https://packaging.python.org/en/latest/specifications/binary-distribution-format/
and https://packaging.python.org/en/latest/specifications/recording-installed-packages/.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import io
import zipfile
from dataclasses import dataclass
from pathlib import Path

import gametree
from gametree.exceptions import PlatformError

__all__ = ["PackageFile", "Wheel", "build_wheel", "package_files"]

_DATA_SUFFIXES = frozenset({".py", ".js", ".css", ".html"})
_EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip entry can hold


@dataclass(frozen=True)
class PackageFile:
    """A file of the package: its name inside the package (``gametree/cli/__init__.py``)
    and its bytes."""

    name: str
    data: bytes


@dataclass(frozen=True)
class Wheel:
    """A built wheel: its file name (``gametree-0.1.0-py3-none-any.whl``) and bytes."""

    filename: str
    data: bytes

    @property
    def sha256(self) -> str:
        """The hex SHA-256 of the wheel's bytes (recorded beside it for provenance)."""
        return hashlib.sha256(self.data).hexdigest()


def package_files() -> list[PackageFile]:
    """Return the files of the running ``gametree`` package, sorted by name.

    Examples
    --------
    >>> names = [f.name for f in package_files()]
    >>> "gametree/__init__.py" in names, "gametree/py.typed" in names
    (True, True)
    >>> any("__pycache__" in n for n in names)
    False
    """
    top = Path(gametree.__file__).resolve().parent
    out = []
    for path in sorted(top.rglob("*")):
        rel = path.relative_to(top)
        if any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if path.is_symlink() or not path.is_file():
            continue
        if path.suffix in _DATA_SUFFIXES or path.name == "py.typed":
            out.append(PackageFile(f"gametree/{rel.as_posix()}", path.read_bytes()))
    return out


def _distribution() -> importlib.metadata.Distribution:
    try:
        dist = importlib.metadata.distribution("gametree")
    except importlib.metadata.PackageNotFoundError:
        raise PlatformError(
            "gametree is imported but not installed (no package metadata), so its wheel "
            "cannot be built; install it with pip (pip install -e . in a checkout)"
        ) from None
    if dist.version != gametree.__version__:
        raise PlatformError(
            f"the installed gametree metadata says version {dist.version} but the running "
            f"package is {gametree.__version__}; reinstall it so that they agree"
        )
    return dist


def _hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def build_wheel() -> Wheel:
    """Pack the running gametree as a wheel pip installs.

    Returns
    -------
    Wheel

    Raises
    ------
    PlatformError
        If gametree is not installed (no metadata to give the wheel) or its metadata is
        of another version than the running code.

    Examples
    --------
    >>> wheel = build_wheel()
    >>> wheel.filename
    'gametree-0.1.0-py3-none-any.whl'
    >>> build_wheel().data == wheel.data      # the same code gives the same bytes
    True
    """
    dist = _distribution()
    version = gametree.__version__
    info = f"gametree-{version}.dist-info"
    # A wheel or editable install keeps METADATA; a source checkout's egg-info PKG-INFO.
    metadata = dist.read_text("METADATA") or dist.read_text("PKG-INFO")
    if not metadata:
        raise PlatformError("the installed gametree has no METADATA; reinstall it with pip")
    entries = [(f.name, f.data) for f in package_files()]
    entries.append((f"{info}/METADATA", metadata.encode("utf-8")))
    entry_points = dist.read_text("entry_points.txt")
    if entry_points:
        entries.append((f"{info}/entry_points.txt", entry_points.encode("utf-8")))
    wheel_meta = (
        "Wheel-Version: 1.0\n"
        f"Generator: gametree {version} (gametree.platforms.package)\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    entries.append((f"{info}/WHEEL", wheel_meta.encode("utf-8")))
    record = "".join(f"{name},{_hash(data)},{len(data)}\n" for name, data in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode("utf-8")))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            entry = zipfile.ZipInfo(name, date_time=_EPOCH)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data)
    return Wheel(f"gametree-{version}-py3-none-any.whl", buffer.getvalue())
