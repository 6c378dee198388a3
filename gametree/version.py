"""The installed package's version, read from its metadata when first asked for.

``pyproject.toml`` holds the one version; ``gametree.__version__`` and ``gametree
--version`` read it here. Reading package metadata imports ``importlib.metadata`` (about
a third of a bare ``import gametree``), so neither does until the version is wanted.

>>> import gametree
>>> gametree.__version__ == installed_version()
True
"""

from __future__ import annotations

__all__ = ["__version__", "installed_version"]


def installed_version() -> str:
    """The version in the installed package's metadata (``"0+unknown"`` for a checkout
    that was never installed)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("gametree")
    except PackageNotFoundError:
        return "0+unknown"


__version__ = installed_version()
