"""The notebook widget in marimo, in a real browser (gametree/drawing/notebook.py).

anywidget's front-end module is the same in every host; marimo wraps the widget in
``mo.ui.anywidget`` and re-runs the cells that read it when the picture changes its state.
The test writes a marimo notebook, serves it with ``marimo run`` on a free local port,
opens it in headless Chromium and checks both directions: Python to picture (a step set
in Python before display, answers set in Python) and picture to Python (edges clicked and
a value typed come back as ``w.answers``, which a dependent cell prints).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gametree
from gametree.drawing.style import diagram
from tests.jupyterlab import CENTRE_OF, chromium, click_at, free_port, missing, stop, wait

pytestmark = pytest.mark.slow

FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"

NOTEBOOK = f'''import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo

    import gametree

    G = gametree.parse("{FIG52}")
    return G, gametree, mo


@app.cell
def _(G, gametree, mo):
    _e = gametree.widget(G)
    _e.step = 17
    explore = mo.ui.anywidget(_e)
    explore
    return (explore,)


@app.cell
def _(G, gametree, mo):
    _p = gametree.widget(G, mode="practice", ask=["pruned", "values"])
    _p.answers = "values.D = 14"
    practice = mo.ui.anywidget(_p)
    practice
    return (practice,)


@app.cell
def _(mo, practice):
    _seen = practice.value
    _items = [[i.kind, i.node, list(i.given) if isinstance(i.given, tuple) else i.given]
              for i in practice.widget.answers.items]
    mo.md("ANSWERS=" + repr(_items))
    return
'''

# Every gametree widget on the page, however deep marimo nests it in shadow roots.
ROOTS = """
function roots(r) {
  let out = [r];
  r.querySelectorAll('*').forEach(e => {
    if (e.shadowRoot) out = out.concat(roots(e.shadowRoot));
  });
  return out;
}
const found = roots(document).filter(r => r.querySelector && r.querySelector('svg .edge'));
"""


def _why_not() -> str | None:
    if importlib.util.find_spec("marimo") is None:
        return "marimo is not installed (pip install -e '.[test]')"
    return missing()


@pytest.fixture(scope="module")
def marimo_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    why = _why_not()
    if why:
        pytest.skip(why)
    folder = tmp_path_factory.mktemp("marimo")
    (folder / "widget_nb.py").write_text(NOTEBOOK, encoding="utf-8")
    port = free_port()
    env = {**os.environ, "HOME": str(folder), "XDG_CONFIG_HOME": str(folder / "config")}
    server = subprocess.Popen(
        [sys.executable, "-m", "marimo", "run", "widget_nb.py", "--headless",
         "--host", "127.0.0.1", "--port", str(port), "--no-token"],
        cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/"
    browser = None
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as reply:
                    if reply.status == 200:
                        break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise AssertionError("marimo run did not start")
            time.sleep(0.5)
        browser = chromium()
        browser.get(url)
        wait(browser, ROOTS + "return found.length === 2;", timeout=180)
        yield browser
    finally:
        if browser is not None:
            browser.quit()
        stop(server, 10)


def _in_widget(browser: Any, k: int, body: str, *args: Any) -> Any:
    return browser.execute_script(ROOTS + f"const root = found[{k}];" + body, *args)


def _printed(browser: Any) -> str:
    return str(browser.execute_script("return document.body.innerText"))


def _click(browser: Any, k: int, selector: str) -> None:
    """A real mouse click on the middle of an element of widget ``k``."""
    click_at(browser, _in_widget(browser, k, CENTRE_OF, selector))


def test_marimo_shows_what_python_set(marimo_page: Any) -> None:
    browser = marimo_page
    # Explore: the step set in Python before display (17: C's cutoff, by hand on 5.2).
    status = _in_widget(browser, 0, "return root.querySelector('#step-count').textContent;")
    assert status.startswith("Step 17 of 30")
    # Practice: the answer set in Python is in D's box, and read back by the next cell.
    d = diagram(gametree.parse(FIG52))
    box = _in_widget(browser, 1, f"return root.querySelector('#in-values-{d.index['D']}').value;")
    assert box == "14"
    wait(browser, "return document.body.innerText.includes(\"['node_value', 'D', '14']\");")


def test_marimo_clicks_and_typing_come_back_as_answers(marimo_page: Any) -> None:
    browser = marimo_page
    d = diagram(gametree.parse(FIG52))
    edge = {(e.u, e.v): f"e{j}" for j, e in enumerate(d.edges)}
    for u, v in (("C", "I"), ("C", "J")):
        _click(browser, 1, f"#{edge[(u, v)]} .stroke")
    _in_widget(
        browser,
        1,
        "const box = root.querySelector(arguments[0]); box.focus(); box.value = '3';"
        "box.dispatchEvent(new Event('input', {bubbles: true}));",
        f"#in-values-{d.index['A']}",
    )
    expected = (
        "ANSWERS=[['pruned', None, ['C-I', 'C-J']], ['node_value', 'A', '3'], "
        "['node_value', 'D', '14']]"
    )
    try:
        wait(browser, "return document.body.innerText.includes(arguments[0]);", expected)
    except AssertionError:
        shown = [line for line in _printed(browser).splitlines() if "ANSWERS" in line]
        raise AssertionError(f"the notebook printed {shown}, not {expected}") from None
    severe = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert severe == []


def test_the_marimo_notebook_is_python(tmp_path: Path) -> None:
    # The notebook the browser test serves compiles (a syntax slip would only show as a
    # time-out there).
    compile(NOTEBOOK, "widget_nb.py", "exec")
