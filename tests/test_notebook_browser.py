"""The notebook widget in a real JupyterLab, driven in headless Chromium; and the same
notebook exported by ``jupyter nbconvert --execute``, opened without a kernel.

One JupyterLab server for the module, started on a free local port with a token and
with its config, data, runtime, settings and workspace directories in a temporary folder
(nothing leaks into the user's), stopped at the end. Skipped with the reason when
JupyterLab, anywidget, selenium, chromium or chromedriver is missing. Set
``GAMETREE_SCREENSHOTS=DIR`` to keep screenshots of the widget in both modes.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import time
from pathlib import Path

import pytest

import gametree
from gametree.drawing.style import diagram
from tests.jupyterlab import (
    BIN,
    CENTRE_OF,
    HOSTS,
    KERNEL,
    chromium,
    click_at,
    jupyter_env,
    jupyterlab,
    missing,
    open_notebook,
    run,
    wait,
    widget_js,
    write_notebook,
)
from tests.leafwise import leafwise

pytestmark = pytest.mark.slow  # a JupyterLab server and a browser: a minute for the module

FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"

# The notebook: Figure 5.2 in three widgets (explore, practice, editable), stepped from
# Python. The browser then clicks and types; Python reads the answers back.
CELLS = [
    f"import json\nimport gametree\nG = gametree.parse({FIG52!r})\nw = gametree.widget(G)\nw",
    "w.step = 17  # C's cutoff: I and J are pruned",
    'p = gametree.widget(G, mode="practice", ask=["pruned", "values", "move"])\np',
    "e = gametree.widget(G, editable=True)\ne",
]


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """A JupyterLab server serving a folder with the test notebook; stopped after."""
    reason = missing()
    if reason:
        pytest.skip(reason)
    root = tmp_path_factory.mktemp("notebooks")
    write_notebook(root / "fig52.ipynb", CELLS)
    with jupyterlab(root, tmp_path_factory.mktemp("jupyter")) as server:
        yield server


@pytest.fixture(scope="module")
def browser(lab):
    driver = chromium()
    yield driver
    driver.quit()


WIDGETS = "return " + HOSTS


def _synced(browser, k: int, name: str) -> None:
    """Wait until Python's widget ``name`` has the answers the picture of widget ``k``
    shows: ipywidgets sends a model's changes one message at a time (the next once the
    kernel is idle), so a change made just now may still be on its way."""
    shown = json.dumps(widget_js(browser, k, "return w.answers();"), sort_keys=True)
    deadline = time.monotonic() + 30
    while run(browser, f"print(json.dumps({name}._answers, sort_keys=True))").strip() != shown:
        assert time.monotonic() < deadline, "the answers did not reach Python"
        time.sleep(0.2)


def _python_says(browser, code: str, expected: str, timeout: float = 60) -> None:
    """Wait until ``code`` run in the kernel prints ``expected``: a change made in the
    picture reaches Python when ipywidgets has sent it (one message at a time)."""
    deadline = time.monotonic() + timeout
    while (said := run(browser, code).strip()) != expected:
        assert time.monotonic() < deadline, f"{code!r} printed {said!r}, not {expected!r}"
        time.sleep(0.2)


def _click_in(browser, k: int, selector: str) -> None:
    """A real mouse click on the middle of an element of widget ``k`` (scrolled into view)."""
    click_at(browser, widget_js(browser, k, CENTRE_OF, selector))


def _shadow(browser, k: int):
    host = browser.find_elements("css selector", ".gametree-widget")[k]
    return host.shadow_root


def _errors(browser) -> list[dict]:
    return [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def _shot(browser, k: int, name: str) -> None:
    target = os.environ.get("GAMETREE_SCREENSHOTS")
    if target:
        widget_js(browser, k, "host.scrollIntoView({block: 'start'});")
        time.sleep(0.3)
        Path(target).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(target) / f"{name}.png"))


@pytest.fixture(scope="module")
def notebook(lab, browser):
    """The test notebook open in JupyterLab, every cell run, its three widgets shown."""
    open_notebook(browser, lab, "fig52.ipynb", 3)
    return browser


def test_jupyterlab_steps_from_python_and_from_the_picture(notebook):
    browser = notebook
    G = gametree.parse(FIG52)
    sentences = gametree.explain_lines(G)
    d = diagram(G)
    edge = {(e.u, e.v): f"e{j}" for j, e in enumerate(d.edges)}
    # Cell 2 set w.step = 17 in Python: the picture shows C's cutoff.
    wait(browser, WIDGETS + "[0].gametree.position() === 17;")
    shown = widget_js(
        browser,
        0,
        "return [w.position(), root.getElementById('sentence').textContent,"
        " Array.from(root.querySelectorAll('.edge.pruned')).map(g => g.id).sort()];",
    )
    assert shown == [17, sentences[16], sorted([edge[("C", "I")], edge[("C", "J")]])]
    # The student steps in the picture (a click, then a key): w.step follows.
    _click_in(browser, 0, "#forward")
    _python_says(browser, "print(w.step)", "18")
    browser.switch_to.active_element.send_keys("\ue014")  # ArrowRight, focus in the widget
    _python_says(browser, "print(w.step)", "19")
    assert (
        widget_js(browser, 0, "return root.getElementById('sentence').textContent")
        == (sentences[18])
    )
    # Python moves it again, and changes the algorithm: the search runs again, redrawn.
    run(browser, 'w.step = 3\nw.algorithm = "pvs"')
    pvs_steps = len(list(gametree.search_trace(G, "pvs")))
    wait(browser, WIDGETS + "[0].gametree.steps() === arguments[0];", pvs_steps)
    assert widget_js(
        browser, 0, "return [w.position(), root.getElementById('convention-text').textContent]"
    ) == [3, "pvs, cut when α ≥ β, fail-soft"]
    run(browser, 'w.algorithm = "alphabeta"\nw.step = 17')
    wait(browser, WIDGETS + "[0].gametree.position() === 17;")
    _shot(browser, 0, "jupyterlab-explore")
    assert _errors(browser) == []


def test_jupyterlab_practice_clicks_come_back_as_answers_and_are_checked(notebook):
    browser = notebook
    from selenium.webdriver.support.ui import Select

    G = gametree.parse(FIG52)
    d = diagram(G)
    edge = {(e.u, e.v): f"e{j}" for j, e in enumerate(d.edges)}
    cells_before = browser.execute_script(
        KERNEL + "return p.content.model.cells.length + ':' + "
        "Array.from({length: p.content.model.cells.length},"
        " (_, i) => p.content.model.cells.get(i).type).join(',');"
    )
    for u, v in (("C", "I"), ("C", "J")):
        _click_in(browser, 1, f"#{edge[(u, v)]} .stroke")
    root = _shadow(browser, 1)
    # Typed answers go to the widget, not to JupyterLab's command-mode shortcuts (3 would
    # make the cell a heading, A insert a cell above, D D delete one).
    for node, value in (("A", "3"), ("B", "3"), ("C", "<=2"), ("D", "2")):
        root.find_element("css selector", f"#in-values-{d.index[node]}").send_keys(value)
    Select(root.find_element("css selector", "#move")).select_by_visible_text("B")
    _synced(browser, 1, "p")
    assert (
        browser.execute_script(
            KERNEL + "return p.content.model.cells.length + ':' + "
            "Array.from({length: p.content.model.cells.length},"
            " (_, i) => p.content.model.cells.get(i).type).join(',');"
        )
        == cells_before
    )
    # Python reads them as the answer model gametree check reads (by hand: I and J are
    # cut below C; A = B = 3, C <= 2 (a bound: C stops at its first leaf), D = 2; move B).
    read = "print(json.dumps([[i.kind, i.node, i.given] for i in p.answers.items]))"
    items = json.loads(run(browser, read))
    assert items == [
        ["move", None, "B"],
        ["pruned", None, ["C-I", "C-J"]],
        ["node_value", "A", "3"],
        ["node_value", "B", "3"],
        ["node_value", "C", "<=2"],
        ["node_value", "D", "2"],
    ]
    report = json.loads(run(browser, "print(json.dumps(p.check().to_dict()))"))
    assert report["score"] == 1.0 and report["asked"] == 7  # move, I, J, A, B, C, D
    # The checker's verdicts are in the picture: listed, and on the marked edges.
    wait(browser, WIDGETS + "[1].shadowRoot.querySelectorAll('#findings li').length === 7;")
    verdicts = widget_js(
        browser,
        1,
        "return [Array.from(root.querySelectorAll('#findings li')).map(li => li.dataset.verdict),"
        " root.getElementById('score').textContent,"
        " Array.from(root.querySelectorAll('.edge .badge')).map(b => b.textContent)];",
    )
    assert verdicts[0] == ["correct"] * 7
    assert verdicts[1].startswith("Score: 7/7")
    assert verdicts[2] == ["✓", "✓"]
    _shot(browser, 1, "jupyterlab-practice-checked")
    # One wrong edge more: the page's own grading and w.check() agree finding by finding.
    _click_in(browser, 1, f"#{edge[('B', 'F')]} .stroke")
    _synced(browser, 1, "p")
    page = widget_js(browser, 1, "return w.grade();")
    python = json.loads(run(browser, "print(json.dumps(p.check().to_dict()['findings']))"))
    assert leafwise(python) == leafwise(page)
    assert ("pruned F (#2)", "extra") in [(f["item"], f["verdict"]) for f in python]
    # A wrong cut above a whole subtree: the checker reports its three leaves as one
    # finding, and the picture still marks that edge wrong (D's leaves K, L, M are all
    # evaluated) and counts each leaf in the score.
    _click_in(browser, 1, f"#{edge[('A', 'D')]} .stroke")
    _synced(browser, 1, "p")
    python = json.loads(run(browser, "print(json.dumps(p.check().to_dict()['findings']))"))
    assert ["pruned D (3 leaves, #7-#9)", "extra"] in [[f["item"], f["verdict"]] for f in python]
    cut = edge[("A", "D")]
    wait(browser, WIDGETS + f"[1].shadowRoot.querySelector('#{cut} .badge') !== null;")
    shown = widget_js(
        browser,
        1,
        f"return [root.querySelector('#{cut} .badge').textContent,"
        " root.getElementById('score').textContent];",
    )
    assert shown[0] == "\u2717"
    assert shown[1].startswith("Score: 7/11")  # move, I, J, A, B, C, D right; F, K, L, M not
    assert _errors(browser) == []


def test_jupyterlab_random_answers_read_as_the_exported_file(notebook):
    """Answers set in the picture, read by Python: the same items as the page's exported
    file, and w.check() gives the page's own findings (random answers, fixed seed)."""
    browser = notebook
    rng = random.Random(28)
    inner = widget_js(browser, 1, "return w.data.exercises[0].practice[0].inner;")
    edges = len(widget_js(browser, 1, "return w.data.exercises[0].edges;"))
    words = ["3", "<=2", ">=5", "pruned", "-", "inf", "abc", "12", "2.5", "≤3"]
    for _ in range(3):
        answers = {
            "cuts": rng.sample(range(edges), rng.randint(0, 4)),
            "values": {str(i): rng.choice(words) for i in inner if rng.random() < 0.7},
            "move": rng.choice([None, 1, 5, 9]),
        }
        widget_js(browser, 1, "w.setAnswers(arguments[0]);", answers)
        _synced(browser, 1, "p")
        exported = widget_js(browser, 1, "return w.exportText();")
        page = widget_js(browser, 1, "return w.grade();")
        out = json.loads(
            run(
                browser,
                "r = p.check()\nprint(json.dumps({'items': [[i.kind, i.node, i.given] for i in "
                "p.answers.items], 'findings': r.to_dict()['findings']}))",
            )
        )
        expected = gametree.parse_answers(exported).items
        assert out["items"] == [[i.kind, i.node, list(i.given) if isinstance(i.given, tuple)
                                 else i.given] for i in expected]  # fmt: skip
        assert leafwise(out["findings"]) == leafwise(page)
    # Python sets answers: the picture shows them.
    run(browser, 'p.answers = "pruned = C-I"')
    marked = wait(
        browser, WIDGETS + "[1].shadowRoot.querySelectorAll('.edge.marked').length === 1;"
    )
    assert marked
    assert _errors(browser) == []


def test_jupyterlab_edits_in_the_picture_come_back_as_a_tree(notebook):
    browser = notebook
    d = diagram(gametree.parse(FIG52))

    def edited(before: str) -> str:
        wait(browser, "return arguments[0] !== " + HOSTS + "[2].gametree.data.id;", before)
        return run(browser, "gametree.validate(e.tree)\nprint(gametree.to_notation(e.tree))")

    def page_id() -> str:
        return widget_js(browser, 2, "return w.data.id;")

    # Change leaf I (4) to 1.
    before = page_id()
    _click_in(browser, 2, f"#n{d.index['I']} .shape")
    value = _shadow(browser, 2).find_element("css selector", "#edit-value")
    value.clear()
    value.send_keys("1\n")
    assert edited(before).strip() == "(A (B 3 12 8) (C 2 1 6) (D 14 5 2))"
    # Swap B (MIN) to MAX; remove J; add a child to D.
    # The node edited stays chosen (by name: an edit renumbers the nodes), unless removed.
    for node, button, notation, chosen in (
        ("B", "#edit-swap", "(A (B MAX 3 12 8) (C 2 1 6) (D 14 5 2))", "B"),
        ("J", "#edit-remove", "(A (B MAX 3 12 8) (C 2 1) (D K=14 L=5 M=2))", None),
        ("D", "#edit-add", "(A (B MAX 3 12 8) (C 2 1) (D K=14 L=5 M=2 N=0))", "D"),
    ):
        before = page_id()
        index = widget_js(
            browser,
            2,
            "return w.data.exercises[0].nodes.findIndex(n => n.name === arguments[0]);",
            node,
        )
        _click_in(browser, 2, f"#n{index} .shape")
        _click_in(browser, 2, button)
        assert edited(before).strip() == notation
        shown = widget_js(
            browser,
            2,
            "const i = w.select(), nodes = w.data.exercises[0].nodes;"
            "return [i < 0 ? null : nodes[i].name,"
            " Array.from(root.querySelectorAll('.node.edit-selected')).length];",
        )
        assert shown == [chosen, 0 if chosen is None else 1]
    # A refused edit says why in the picture; the tree stays as it was.
    index = widget_js(
        browser, 2, "return w.data.exercises[0].nodes.findIndex(n => n.name === 'H');"
    )
    _click_in(browser, 2, f"#n{index} .shape")
    value = _shadow(browser, 2).find_element("css selector", "#edit-value")
    value.clear()
    value.send_keys("twelve\n")
    message = wait(
        browser,
        "const m = " + HOSTS + "[2].shadowRoot.getElementById('edit-message').textContent;"
        "return m.includes('twelve') && m;",
    )
    assert message == "value of H: 'twelve' is not a number (write 7, -2.5, 7/2 or inf)"
    _shot(browser, 2, "jupyterlab-edit")
    assert run(browser, "print(len(e.tree))").strip() == "13"
    assert _errors(browser) == []


def test_nbconvert_html_shows_the_tree_without_a_kernel(lab, browser, tmp_path):
    """``jupyter nbconvert --to html --execute`` on the same notebook: the exported page
    shows each widget's static fallback, the self-contained page in an iframe, and its
    steps still work."""
    source = tmp_path / "fig52.ipynb"
    write_notebook(source, CELLS)
    env = jupyter_env(tmp_path / "home")
    done = subprocess.run(
        [
            str(BIN / "jupyter"),
            "nbconvert",
            "--to",
            "html",
            "--execute",
            str(source),
            "--output-dir",
            str(tmp_path),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    html = tmp_path / "fig52.html"
    text = html.read_text(encoding="utf-8")
    assert len(re.findall(r"<iframe [^>]*srcdoc=", text)) == 3
    browser.get(html.as_uri())
    browser.get_log("browser")
    frames = browser.find_elements("css selector", "iframe")
    assert len(frames) == 3
    target = os.environ.get("GAMETREE_SCREENSHOTS")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(target) / "nbconvert-html.png"))
    browser.switch_to.frame(frames[0])
    try:
        nodes = browser.find_elements("css selector", ".drawing .node")
        assert len(nodes) == 13 and nodes[0].is_displayed()
        # It opens where the cells left the widget (w.step = 17 in a later cell).
        assert browser.execute_script("return window.gametreePage.position()") == 17
        browser.find_element("id", "forward").click()
        assert browser.execute_script("return window.gametreePage.position()") == 18
    finally:
        browser.switch_to.default_content()
    # The export runs the frames' script: each frame took its page's height.
    heights = wait(
        browser,
        "const h = Array.from(document.querySelectorAll('iframe')).map(f => f.style.height);"
        "return h.every(x => x && x !== '560px') && h;",
    )
    assert len(heights) == 3
