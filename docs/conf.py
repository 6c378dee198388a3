"""Sphinx configuration of gametree's documentation site.

Build it (``pip install -e '.[docs]'`` first) with::

    python -m sphinx -W -b html docs docs/_build/html

The guides are MyST Markdown (``docs/guides/*.md``, their examples run as doctests by
pytest), the API reference is written from the packages' ``__all__`` (``_ext/api_pages``),
the command line reference from gametree's argument parsers (``_ext/cli_reference``), the
gallery from ``examples/gallery/plot_*.py`` (sphinx-gallery) and the tutorials from
``examples/notebooks/`` (myst-nb, ``_ext/tutorials``). The gallery scripts and the
notebooks run on every build.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import gametree  # noqa: E402

project = "gametree"
author = "the gametree authors"
copyright = "the gametree authors"
release = gametree.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "numpydoc",
    "myst_nb",
    "sphinx_gallery.gen_gallery",
    "api_pages",
    "references",
    "cli_reference",
    "tutorials",
    "code_links",
]

exclude_patterns = [
    "_build",
    "ARCHITECTURE.md.txt",
    "**.ipynb_checkpoints",
    "gallery/*.ipynb",
    "gallery/*.py",
    "gallery/*.zip",
    "gallery/*.json",
    "gallery/*.md5",
]
templates_path = ["_templates"]
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"
# Options, code and quotes are written as they are typed: "--game" must not become "–game".
smartquotes = False

# Every reference must resolve. The exceptions, each for a reason:
nitpicky = True
nitpick_ignore_regex = [
    # The Python standard library, networkx and matplotlib are documented on their own
    # sites; intersphinx would link them but needs the network, and this build is offline.
    (
        "py:class",
        r"(collections\.abc|typing|types|enum|pathlib|os|io|argparse|random|"
        r"fractions|decimal|numbers|datetime|subprocess|concurrent\.futures|contextlib|"
        r"dataclasses|abc|csv)\..*",
    ),
    ("py:class", r"(networkx|nx|matplotlib|mpl|numpy|np|pydot|pygraphviz|pyspiel|IPython)\..*"),
    # The same, named as the annotations of gametree's dataclasses name them (imported
    # for type checking only, so autodoc sees the bare name).
    ("py:class", r"Axes|Figure|Text|PolyCollection|LineCollection|PathCollection|Path"),
    (
        "py:(class|obj|exc|data|func)",
        r"(int|float|str|bytes|bool|complex|object|type|tuple|list|"
        r"dict|set|frozenset|None|NoneType|Ellipsis|slice|range|BaseException|Exception|"
        r"ValueError|TypeError|KeyError|LookupError|OSError|FileExistsError|"
        r"FileNotFoundError|UserWarning|Warning|RuntimeError|RecursionError|"
        r"NotImplementedError|UnicodeDecodeError|DeprecationWarning)",
    ),
]

# Autodoc and autosummary: one page per public name (written by _ext/api_pages).
autosummary_generate = True
autosummary_imported_members = True
autodoc_default_options = {"member-order": "bysource"}
autodoc_typehints = "signature"
autodoc_preserve_defaults = True
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
numpydoc_validation_checks: set[str] = set()

# MyST: guides in Markdown with heading anchors for links between them; notebooks run.
myst_enable_extensions = ["colon_fence", "deflist", "dollarmath"]
myst_heading_anchors = 4
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_timeout = 300
nb_execution_show_tb = True

# The gallery: examples/gallery/plot_*.py, run on every build, pictures from the
# figures gametree.draw returns (gametree never draws through pyplot).
sphinx_gallery_conf = {
    "examples_dirs": "../examples/gallery",
    "gallery_dirs": "gallery",
    "filename_pattern": r"/plot_",
    "image_scrapers": ("gallery_hooks",),
    "within_subsection_order": "gallery_hooks.GalleryOrder",
    "download_all_examples": False,
    "remove_config_comments": True,
    "min_reported_time": 1,
    "show_memory": False,
    "plot_gallery": "True",
}

html_theme = "pydata_sphinx_theme"
html_title = "gametree"
html_static_path = ["_static"]
html_css_files = ["gametree.css"]
html_show_sourcelink = False
html_copy_source = False
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 7,
    "secondary_sidebar_items": {"**": ["page-toc"], "index": [], "gallery/index": []},
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_sidebars = {"index": [], "changelog": [], "gallery/index": []}
