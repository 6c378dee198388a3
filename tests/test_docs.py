"""The documentation site builds without a warning, and every link in it leads somewhere.

The site is built once, with ``sphinx-build -W`` (warnings are errors: a broken
cross-reference, a public name without a page, a command without a reference, a gallery
script or notebook that fails), from copies of ``docs/`` and ``examples/`` in a
temporary folder so that the build's generated files never touch the checkout. The
built HTML is then read back: every internal link and anchor must resolve (no network),
every public name must have its entry and every option of every command its line.
These tests need the ``docs`` extra and are skipped, saying so, without it.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import shutil
import subprocess
import sys
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import gametree
from gametree.cli.command import COMMANDS, build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS_EXTRA = ("sphinx", "numpydoc", "pydata_sphinx_theme", "sphinx_gallery", "myst_nb")


class PageReader(HTMLParser):
    """Collect a page's ids (anchors), the links it makes and its code texts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.code: list[str] = []
        self._in_pre = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if found.get(key):
                self.ids.add(str(found[key]))
        attribute = {"a": "href", "link": "href", "img": "src", "script": "src"}.get(tag)
        if attribute and found.get(attribute):
            self.links.append(str(found[attribute]))
        if tag == "span" and "pre" in (found.get("class") or "").split():
            self._in_pre += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "span" and self._in_pre:
            self._in_pre -= 1

    def handle_data(self, data: str) -> None:
        if self._in_pre:
            self.code.append(data)


def read_site(site: Path) -> dict[Path, PageReader]:
    """Read every HTML page under ``site``."""
    pages = {}
    for path in sorted(site.rglob("*.html")):
        reader = PageReader()
        reader.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = reader
    return pages


def broken_links(site: Path) -> list[str]:
    """Return every internal link of the site whose file or anchor does not exist."""
    site = site.resolve()
    pages = read_site(site)
    broken = []
    for page, reader in pages.items():
        if page.relative_to(site).parts[0].startswith("_"):
            continue  # the theme's assets and templates (_static/...), not pages of the site
        for link in reader.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("//"):
                continue  # another site: not checked (no network)
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            where = f"{page.relative_to(site)}: {link}"
            if not target.is_relative_to(site):
                broken.append(f"{where} (leads out of the site)")
            elif target.is_dir():
                if not (target / "index.html").exists():
                    broken.append(f"{where} (a folder without index.html)")
            elif not target.exists():
                broken.append(f"{where} (no such file)")
            elif (
                parts.fragment
                and target.suffix == ".html"
                and unquote(parts.fragment) not in pages[target].ids
            ):
                broken.append(f"{where} (no such anchor)")
    return broken


def test_broken_links_finds_missing_files_and_anchors(tmp_path: Path) -> None:
    # A three-page site written by hand: each kind of link once right, once wrong.
    (tmp_path / "sub").mkdir()
    (tmp_path / "index.html").write_text(
        '<h1 id="top">t</h1><a href="sub/page.html#here">ok</a>'
        '<a href="sub/page.html#nowhere">bad anchor</a><a href="missing.html">bad file</a>'
        '<a href="#top">ok</a><a href="#gone">bad local</a><img src="pic.png">'
        '<a href="https://example.org/x.html">external</a><a href="../out.html">out</a>'
    )
    (tmp_path / "sub" / "page.html").write_text(
        '<p id="here">x</p><a href="../index.html#top">ok</a><a name="old">x</a>'
        '<a href="page.html#old">ok</a><a href="../sub/">folder ok</a>'
    )
    (tmp_path / "sub" / "index.html").write_text("<p>folder</p>")
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "macros.html").write_text('<a href="{{ template }}">not a page</a>')
    assert broken_links(tmp_path) == [
        "index.html: sub/page.html#nowhere (no such anchor)",
        "index.html: missing.html (no such file)",
        "index.html: #gone (no such anchor)",
        "index.html: pic.png (no such file)",
        "index.html: ../out.html (leads out of the site)",
    ]


def test_readme_names_every_command() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [name for name, _ in COMMANDS if f"`{name}`" not in readme]
    assert missing == []


def test_every_page_with_examples_runs_them() -> None:
    # pytest collects the site's pages by the globs in testpaths (not the docs folder,
    # whose Python files are not tests): a page with examples that no glob names, in a
    # new folder say, would have examples nobody runs.
    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib

    testpaths = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "pytest"
    ]["ini_options"]["testpaths"]
    collected = {path for pattern in testpaths for path in ROOT.glob(pattern)}
    skipped = ("_build", "tutorials", "gallery", "api")
    pages = [
        path
        for path in (ROOT / "docs").rglob("*.md")
        if not set(path.relative_to(ROOT / "docs").parts) & set(skipped)
        and ">>> " in path.read_text(encoding="utf-8")
    ]
    assert len(pages) >= 9
    assert [str(path.relative_to(ROOT)) for path in pages if path not in collected] == []


def setup_commands(markdown: str) -> list[str]:
    """Return the commands of the ``sh`` blocks under a page's set-up heading."""
    section = re.split(r"^## (?:Set-up|Install|Set-up and tests)\n", markdown, flags=re.M)[1]
    section = re.split(r"^## ", section, flags=re.M)[0]
    return re.findall(r"^```sh\n(.*?)\n```", section, flags=re.M | re.S)


def test_ci_runs_the_readmes_set_up_commands_as_written() -> None:
    # CI is what the README promises a fresh machine: the same two lines, word for word,
    # so the docs extra that tests/test_docs.py needs is installed by both or by neither.
    readme = setup_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(readme) == 2 and "'.[test,graphviz,notebook,docs]'" in readme[0]
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert [command for command in readme if command not in ci_lines] == []
    for page in ("docs/guides/getting-started.md", "docs/development.md"):
        written = setup_commands((ROOT / page).read_text(encoding="utf-8"))
        assert written[0] == readme[0], page


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    for module in DOCS_EXTRA:
        pytest.importorskip(
            module, reason="the docs extra is not installed: pip install -e '.[docs]'"
        )
    work = tmp_path_factory.mktemp("docs")
    ignore = shutil.ignore_patterns("_build", "generated", "__pycache__", "tutorials", "gallery")
    shutil.copytree(ROOT / "docs", work / "docs", ignore=ignore)
    shutil.copytree(
        ROOT / "examples", work / "examples", ignore=shutil.ignore_patterns("__pycache__")
    )
    out = work / "html"
    command = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html"]
    started = time.monotonic()
    done = subprocess.run(
        [*command, str(work / "docs"), str(out)], capture_output=True, text=True, timeout=1200
    )
    seconds = time.monotonic() - started
    assert done.returncode == 0, f"sphinx-build -W failed after {seconds:.0f} s:\n{done.stderr}"
    return out


@pytest.mark.slow
def test_every_internal_link_and_anchor_resolves(site: Path) -> None:
    assert broken_links(site) == []


def public_names() -> list[str]:
    """Every name the API reference must document, as the id of its entry."""
    names = [f"gametree.{name}" for name in gametree.__all__]
    for info in pkgutil.walk_packages(gametree.__path__, "gametree."):
        if not info.ispkg or ".runtime" in info.name:
            continue
        package = importlib.import_module(info.name)
        for name in getattr(package, "__all__", ()):
            same = name in gametree.__all__ and getattr(gametree, name) is getattr(package, name)
            names.append(f"gametree.{name}" if same else f"{info.name}.{name}")
    return sorted(set(names))


@pytest.mark.slow
def test_every_public_name_has_an_entry(site: Path) -> None:
    ids = set().union(*(reader.ids for reader in read_site(site / "api").values()))
    assert [name for name in public_names() if name not in ids] == []


@pytest.mark.slow
def test_every_option_of_every_command_is_in_the_reference(site: Path) -> None:
    page = (site / "guides" / "cli.html").read_text(encoding="utf-8")
    parts = re.split(r'<div class="gametree-command[^"]*" id="command-([\w-]+)">', page)
    by_command = dict(zip(parts[1::2], parts[2::2], strict=True))
    assert sorted(by_command) == sorted(name for name, _ in COMMANDS)
    for name, command in build_parser().commands.items():  # type: ignore[attr-defined]
        reader = PageReader()
        reader.feed(by_command[name])
        tokens = {text.strip().rstrip(",") for text in reader.code}
        options = [o for action in command._actions for o in action.option_strings]
        missing = [o for o in options if o not in tokens and o not in ("-h", "--help")]
        assert missing == [], name


@pytest.mark.slow
def test_gallery_scripts_made_their_pictures(site: Path) -> None:
    scripts = sorted((ROOT / "examples" / "gallery").glob("plot_*.py"))
    assert scripts
    for script in scripts:
        page = site / "gallery" / f"{script.stem}.html"
        pictures = [
            link
            for link in read_site(site / "gallery")[page.resolve()].links
            if f"sphx_glr_{script.stem}_001" in link
        ]
        assert pictures, script.name


@pytest.mark.slow
def test_every_notebook_has_its_page(site: Path) -> None:
    folder = ROOT / "examples" / "notebooks"
    notebooks = sorted(folder.rglob("*.ipynb")) if folder.is_dir() else []
    tutorials = (site / "tutorials.html").read_text(encoding="utf-8")
    if not notebooks:
        assert "has no tutorial notebooks" in tutorials
    for notebook in notebooks:
        relative = notebook.relative_to(folder).with_suffix(".html")
        assert (site / "tutorials" / relative).exists(), notebook.name
