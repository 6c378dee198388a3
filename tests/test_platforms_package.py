"""Tests for gametree.platforms.package: the running gametree as a wheel and as files.

Installing the wheel in a fresh environment is tested once, with the Gradescope
autograder that bundles it (tests/test_platforms_gradescope.py).
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import zipfile
from email.parser import Parser
from pathlib import Path

import gametree
from gametree.platforms.package import build_wheel, package_files


def test_package_files_are_the_imported_package() -> None:
    files = {f.name: f.data for f in package_files()}
    top = Path(gametree.__file__).parent
    assert files["gametree/__init__.py"] == (top / "__init__.py").read_bytes()
    assert "gametree/platforms/package.py" in files
    assert "gametree/py.typed" in files
    # The practice page's script and style are package data the page cannot do without.
    assert any(n.startswith("gametree/drawing/page/") and n.endswith(".js") for n in files)
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in files)
    assert list(files) == sorted(files)


def test_the_wheel_follows_the_binary_distribution_format() -> None:
    wheel = build_wheel()
    assert wheel.filename == f"gametree-{gametree.__version__}-py3-none-any.whl"
    info = f"gametree-{gametree.__version__}.dist-info"
    with zipfile.ZipFile(io.BytesIO(wheel.data)) as archive:
        names = archive.namelist()
        meta = Parser().parsestr(archive.read(f"{info}/METADATA").decode())
        wheel_meta = Parser().parsestr(archive.read(f"{info}/WHEEL").decode())
        record = list(csv.reader(io.StringIO(archive.read(f"{info}/RECORD").decode())))
        # Every file is in RECORD with its urlsafe-base64 SHA-256 and size (PEP 376).
        listed = {row[0]: row[1:] for row in record}
        assert set(listed) == set(names)
        for name in names:
            if name == f"{info}/RECORD":
                assert listed[name] == ["", ""]
                continue
            data = archive.read(name)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert listed[name] == [f"sha256={digest.decode()}", str(len(data))]
        assert "console_scripts" in archive.read(f"{info}/entry_points.txt").decode()
    assert meta["Name"] == "gametree" and meta["Version"] == gametree.__version__
    assert any(r.startswith("networkx") for r in meta.get_all("Requires-Dist"))
    assert wheel_meta["Root-Is-Purelib"] == "true" and wheel_meta["Tag"] == "py3-none-any"
    assert "gametree/__init__.py" in names


def test_the_same_code_gives_the_same_wheel() -> None:
    first, second = build_wheel(), build_wheel()
    assert first.data == second.data
    assert first.sha256 == hashlib.sha256(first.data).hexdigest()
