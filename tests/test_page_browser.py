"""The web page in a real browser: headless Chromium driven by selenium.

Skipped (with the reason) when selenium, chromium or chromedriver is missing; CI installs
them (``apt-get install chromium chromium-driver``, the ``test`` extra). One browser for
the whole module. Set ``GAMETREE_SCREENSHOTS=DIR`` to keep screenshots of both modes.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import random
import shutil
import time
from pathlib import Path

import pytest

import gametree
from gametree.cli import main
from gametree.drawing.style import diagram, format_value
from gametree.search.trace import Cutoff, Exit, Leaf
from tests.leafwise import leafwise

pytestmark = pytest.mark.slow  # a real browser: seconds per test

FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"


def _binaries() -> tuple[str, str] | None:
    names = ("chromium", "chromium-browser", "google-chrome")
    browser = next((shutil.which(b) for b in names if shutil.which(b)), None)
    driver = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if Path("/usr/bin/chromedriver").exists() else None
    )
    return (browser, driver) if browser and driver else None


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    found = _binaries()
    if found is None:
        pytest.skip(
            "chromium and chromedriver are not installed (apt-get install chromium chromium-driver)"
        )
    from selenium.webdriver.chrome.service import Service

    downloads = tmp_path_factory.mktemp("downloads")
    options = webdriver.ChromeOptions()
    options.binary_location = found[0]
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900"):
        options.add_argument(flag)
    options.add_experimental_option(
        "prefs",
        {"download.default_directory": str(downloads), "download.prompt_for_download": False},
    )
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(found[1]), options=options)
    driver.downloads = downloads
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    return tmp_path_factory.mktemp("pages")


def _open(browser, path: Path, size=(1280, 900)) -> None:
    browser.set_window_size(*size)
    browser.get(path.as_uri())
    browser.execute_script("window.localStorage.clear()")
    browser.get(path.as_uri())
    browser.get_log("browser")  # start each page with an empty log


def _no_console_errors(browser) -> None:
    errors = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert errors == []


def _shot(browser, name: str) -> None:
    target = os.environ.get("GAMETREE_SCREENSHOTS")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(Path(target) / f"{name}.png"))


SHOWN = """
const q = (s) => Array.from(document.querySelectorAll('.drawing:not([hidden]) ' + s));
const active = q('.node.active').map(g => g.id);
const values = {}, windows = {};
q('.node').forEach(g => {
  const v = g.querySelector('.value'), b = g.querySelector('.bounds');
  if (v && v.textContent) values[g.id] = v.textContent;
  if (b && b.textContent) windows[g.id] = b.textContent;
});
return {active, values, windows,
        cut: q('.edge.pruned').map(g => g.id).sort(),
        stack: Array.from(document.querySelectorAll('#stack li')).map(li => li.textContent),
        sentence: document.getElementById('sentence').textContent,
        count: document.getElementById('step-count').textContent};
"""


def test_explore_fig52_every_step_against_the_trace(browser, pages):
    from selenium.webdriver.common.keys import Keys

    G = gametree.parse(FIG52)
    path = pages / "explore.html"
    gametree.save(G, path, gametree.alphabeta(G, annotate=False))
    _open(browser, path)
    events = list(gametree.search_trace(G))
    sentences = gametree.explain_lines(G)
    d = diagram(G)
    idx = d.index
    edge_id = {(e.u, e.v): f"e{j}" for j, e in enumerate(d.edges)}
    shown = browser.execute_script(SHOWN)
    assert shown["active"] == [] and shown["cut"] == [] and "Step 0 of 30" in shown["count"]
    values: dict[str, str] = {}
    cut: set[str] = set()
    body = browser.find_element("tag name", "body")
    for k, event in enumerate(events, 1):
        body.send_keys(Keys.ARROW_RIGHT)
        if isinstance(event, (Leaf, Exit)) and G._succ[event.node]:
            prefix = {"lower": "≥", "upper": "≤"}.get(str(getattr(event, "bound", "exact")), "")
            values[f"n{idx[event.node]}"] = prefix + format_value(event.value)
        if isinstance(event, Cutoff):
            cut |= {edge_id[(event.node, c)] for c in event.skipped}
        shown = browser.execute_script(SHOWN)
        assert shown["active"] == [f"n{idx[event.node]}"], k
        assert f"Step {k} of {len(events)}" in shown["count"]
        assert shown["sentence"] == sentences[k - 1]
        assert shown["cut"] == sorted(cut), k
        internal = {n: v for n, v in shown["values"].items() if G._succ[d.nodes[int(n[1:])].node]}
        assert internal == values, k
        # Windows by hand (AIMA Figure 5.2): after E returns, B has [-inf, 3]; once B
        # returns 3, A has [3, inf]; at C's cutoff C has [3, 2].
        if isinstance(event, Exit) and event.node == "E":
            assert shown["windows"]["n1"] == "[−∞, 3]"
            assert shown["stack"] == ["A (MAX) [−∞, ∞]", "B (MIN) [−∞, 3]"]
        if isinstance(event, Exit) and event.node == "B":
            assert shown["windows"]["n0"] == "[3, ∞]"
        if isinstance(event, Cutoff):
            assert shown["windows"][f"n{idx['C']}"] == "[3, 2]"
            assert shown["stack"] == ["A (MAX) [3, ∞]", "C (MIN) [3, 2]"]
    assert browser.find_element("id", "summary").text.startswith("Result: value 3")
    pv = browser.find_elements("css selector", ".drawing .edge.pv")
    assert sorted(e.get_attribute("id") for e in pv) == sorted(
        [edge_id[("A", "B")], edge_id[("B", "E")]]
    )
    _shot(browser, "explore-end")
    body.send_keys(Keys.HOME)
    assert browser.execute_script(SHOWN)["values"] == {
        f"n{idx[x]}": str(G.nodes[x]["value"]) for x in G if not G._succ[x]
    }
    body.send_keys(Keys.END)
    assert browser.execute_script("return window.gametreePage.position()") == len(events)
    at_cut = next(k for k, e in enumerate(events, 1) if isinstance(e, Cutoff))
    assert at_cut == 17
    for _ in range(len(events) - at_cut):
        body.send_keys(Keys.ARROW_LEFT)
    _shot(browser, "explore-cutoff")
    assert browser.execute_script(SHOWN)["cut"] == sorted(cut)
    body.send_keys(Keys.ARROW_LEFT)
    assert browser.execute_script(SHOWN)["cut"] == []
    _no_console_errors(browser)


def test_explore_keyboard_play_and_convention_switch(browser, pages):
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    G = gametree.parse(FIG52)
    path = pages / "explore2.html"
    path.write_text(gametree.to_html(G, conventions=["alphabeta", "pvs"]), encoding="utf-8")
    _open(browser, path)
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.END)
    pvs_steps = len(list(gametree.search_trace(G, "pvs")))
    Select(browser.find_element("id", "convention")).select_by_index(1)
    body.send_keys(Keys.HOME)
    assert f"Step 0 of {pvs_steps}" in browser.find_element("id", "step-count").text
    Select(browser.find_element("id", "speed")).select_by_visible_text("fast")
    body.send_keys(Keys.SPACE)
    assert browser.find_element("id", "play").get_attribute("aria-pressed") == "true"
    time.sleep(1.0)
    body.send_keys(Keys.SPACE)
    assert browser.find_element("id", "play").get_attribute("aria-pressed") == "false"
    moved = browser.execute_script("return window.gametreePage.position()")
    assert moved >= 1
    steps = browser.execute_script("return window.gametreePage.data.exercises[0].explore[1].steps")
    probe = next(k for k, s in enumerate(steps, 1) if s["k"] == "probe")
    browser.execute_script(f"window.gametreePage.go({probe})")
    active = browser.find_element("css selector", ".drawing .node.active")
    assert "probe" in active.get_attribute("class").split()
    assert "null window" in browser.find_element("id", "sentence").text
    _no_console_errors(browser)


def _click_edge(browser, edge_id: str) -> None:
    """A real mouse click on the middle of an edge (a line can be zero pixels wide)."""
    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    x, y = browser.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return [r.left + r.width / 2, r.top + r.height / 2];",
        f"#{edge_id} .stroke",
    )
    action = ActionBuilder(browser)
    action.pointer_action.move_to_location(int(x), int(y)).click()
    action.perform()


def _practice_page(pages, name: str, G, **kwargs) -> Path:
    path = pages / name
    path.write_text(gametree.to_html(G, mode="practice", **kwargs), encoding="utf-8")
    return path


def _findings(browser) -> list[tuple]:
    return leafwise(browser.execute_script("return window.gametreePage.check()"))


def _checked(G, text: str, tmp: Path, flags: list[str]) -> list[tuple]:
    """The findings ``gametree check`` gives for an answer file (JSON report)."""
    tree = tmp / "tree.tree"
    tree.write_text(gametree.to_notation(G), encoding="utf-8")
    answers = tmp / "answers.toml"
    answers.write_text(text, encoding="utf-8")
    out = tmp / "report.json"
    import contextlib
    import io

    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        status = main(["check", str(tree), str(answers), "--format", "json", *flags])
    out.write_text(buffer.getvalue())
    report = json.loads(buffer.getvalue())
    assert status in (0, 1)
    return leafwise(report["findings"])


def test_practice_clicks_check_wrong_edge_and_export(browser, pages, tmp_path):
    G = gametree.parse(FIG52)
    path = _practice_page(pages, "practice.html", G, ask=["pruned", "values", "move"])
    _open(browser, path)
    # The edit bar is the notebook widget's (its host edits the tree): the page hides it,
    # cannot turn it on, and clicks below still mark edges.
    assert not browser.find_element("id", "edit-bar").is_displayed()
    assert browser.execute_script("return window.gametreePage.editing(true)") is False
    assert not browser.find_element("id", "edit-bar").is_displayed()
    d = diagram(G)
    edge = {(e.u, e.v): f"e{j}" for j, e in enumerate(d.edges)}
    for u, v in (("C", "I"), ("C", "J")):
        _click_edge(browser, edge[(u, v)])
    for node, value in (("A", "3"), ("B", "3"), ("C", "<=2"), ("D", "2")):
        browser.find_element("id", f"in-values-{d.index[node]}").send_keys(value)
    from selenium.webdriver.support.ui import Select

    Select(browser.find_element("id", "move")).select_by_visible_text("B")
    browser.find_element("id", "check").click()
    assert "all right" in browser.find_element("id", "score").text
    items = browser.find_elements("css selector", "#findings li")
    verdicts = [li.get_attribute("data-verdict") for li in items]
    assert verdicts == ["correct"] * 7  # move, I, J, A, B, C, D
    _shot(browser, "practice-right")
    # One wrong edge: the finding and its reason appear, the edge is marked wrong.
    _click_edge(browser, edge[("B", "F")])
    browser.find_element("id", "check").click()
    wrong = browser.find_element("css selector", '#findings li[data-item="pruned F (#2)"]')
    assert wrong.get_attribute("data-verdict") == "extra"
    assert "leaf F is evaluated (2nd)" in wrong.text
    assert "wrong" in browser.find_element("id", edge[("B", "F")]).get_attribute("class").split()
    assert browser.find_element("id", "score").text.startswith("Score: 7/8")
    _shot(browser, "practice-wrong")
    page_findings = _findings(browser)
    # Export: the real download, then gametree check on the file.
    for old in browser.downloads.glob("*"):
        old.unlink()
    browser.find_element("id", "export").click()
    for _ in range(50):
        files = list(browser.downloads.glob("answers*.toml"))
        if files:
            break
        time.sleep(0.1)
    assert files, "the export did not download"
    text = files[0].read_text(encoding="utf-8")
    assert 'pruned = ["B-F", "C-I", "C-J"]' in text
    assert _checked(G, text, tmp_path, []) == page_findings
    # Reload: the answers are still there.
    browser.get(path.as_uri())
    assert browser.find_element("id", f"in-values-{d.index['C']}").get_attribute("value") == "<=2"
    assert "marked" in browser.find_element("id", edge[("C", "I")]).get_attribute("class")
    browser.find_element("id", "solution").click()
    key_edges = browser.find_elements("css selector", ".drawing .edge.key")
    key_ids = sorted(e.get_attribute("id") for e in key_edges)
    assert key_ids == sorted([edge[("C", "I")], edge[("C", "J")]])
    browser.find_element("id", "reset").click()
    assert browser.find_elements("css selector", ".drawing .edge.marked") == []
    _no_console_errors(browser)


@pytest.mark.parametrize(
    ("tree", "flags", "spec"),
    [
        (FIG52, [], "alphabeta"),
        (FIG52, ["--strict"], "alphabeta:strict"),
        ("random", ["--fail", "hard"], "alphabeta:hard"),
        ("random", ["--strict"], "alphabeta:strict"),
        ("dag", ["--transpositions"], {"algorithm": "alphabeta", "transposition_table": True}),
        ("chance", ["-a", "expectiminimax"], "expectiminimax"),
        ("horizon", ["--depth", "2"], {"algorithm": "alphabeta", "depth": 2}),
        ("moves", [], "alphabeta"),
    ],
    ids=[
        "fig52",
        "fig52-strict",
        "random-hard",
        "random-strict",
        "dag-tt",
        "chance",
        "depth",
        "moves",
    ],
)
def test_practice_grades_as_gametree_check_on_random_answers(
    browser, pages, tmp_path, tree, flags, spec
):
    examples = Path(__file__).parent.parent / "examples" / "trees"
    if tree == "random":
        G = gametree.random_tree(3, 3, seed=11)
    elif tree == "horizon":
        G = gametree.random_tree(3, 3, seed=12)
        for k, node in enumerate(G):
            if G._succ[node]:
                G.nodes[node]["value"] = k % 5 - 2  # heuristic values at the depth limit
    elif tree in ("dag", "chance", "moves"):
        G = gametree.load(examples / f"{tree}.tree")
    else:
        G = gametree.parse(FIG52)
    path = _practice_page(
        pages,
        f"round-{tree}-{len(flags)}.html",
        G,
        conventions=[spec],
        ask=["pruned", "values", "alpha", "beta", "move"],
    )
    _open(browser, path)
    d = diagram(G)
    rng = random.Random(len(flags) * 7 + len(G))
    leaf_values = sorted({G.nodes[x]["value"] for x in G if not G._succ[x]})
    inner = browser.execute_script("return window.gametreePage.data.exercises[0].practice[0].inner")
    words = ["pruned", "-", "inf", "-inf", "abc", "<3", "7/2", "2.50", " 4 ", "≤5", "x"]

    def number() -> str:
        r = rng.random()
        if r < 0.6:
            x = rng.choice(leaf_values) + rng.choice([0, 0, 0, 1, -1, 0.5])
            return rng.choice(["", "", "<=", ">=", "≥"]) + str(x)
        return rng.choice(words)

    for _ in range(8):
        answers = {
            "cuts": rng.sample(range(len(d.edges)), rng.randint(0, 4)),
            "values": {str(i): number() for i in inner if rng.random() < 0.7},
            "alpha": {str(i): number() for i in inner if rng.random() < 0.4},
            "beta": {str(i): number() for i in inner if rng.random() < 0.4},
            "move": rng.choice([None, *(d.index[c] for c in G._succ[d.root])]),
        }
        browser.execute_script("window.gametreePage.setAnswers(arguments[0])", answers)
        page = _findings(browser)
        text = browser.execute_script("return window.gametreePage.exportText()")
        assert _checked(G, text, tmp_path, flags) == page, text
    # Solution answers: all right, under this convention.
    key = browser.execute_script(
        "return window.gametreePage.data.exercises[0].practice[0].solution"
    )
    browser.execute_script(
        "window.gametreePage.setAnswers(arguments[0])",
        {"cuts": key["cut"], "values": key["values"], "alpha": key["alpha"], "beta": key["beta"],
         "move": key["move"]},
    )  # fmt: skip
    page = _findings(browser)
    assert all(f[1] == "correct" for f in page)
    text = browser.execute_script("return window.gametreePage.exportText()")
    assert _checked(G, text, tmp_path, flags) == page
    _no_console_errors(browser)


def test_practice_keyboard_only(browser, pages, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    G = gametree.parse(FIG52)
    path = _practice_page(pages, "keyboard.html", G)
    _open(browser, path)
    d = diagram(G)
    targets = {f"e{j}" for j, e in enumerate(d.edges) if (e.u, e.v) in {("C", "I"), ("C", "J")}}
    values = {"A": "3", "B": "3", "C": "<=2", "D": "2"}
    typed = set()
    actions = ActionChains(browser)
    for _ in range(120):
        actions.send_keys(Keys.TAB).perform()
        focus = browser.execute_script("return document.activeElement.id")
        if focus in targets:
            actions.send_keys(Keys.ENTER).perform()
            targets.discard(focus)
        elif focus.startswith("in-values-"):
            node = d.nodes[int(focus.rsplit("-", 1)[1])].node
            if node not in typed:
                actions.send_keys(values[node]).perform()
                typed.add(node)
        elif focus == "check" and not targets and len(typed) == 4:
            # Focus is visible on the button (an outline).
            outline = browser.execute_script(
                "return getComputedStyle(document.activeElement).outlineStyle"
            )
            assert outline != "none"
            actions.send_keys(Keys.ENTER).perform()
            break
    assert "all right" in browser.find_element("id", "score").text
    # Focus on an edge is visible too: its stroke changes.
    browser.execute_script("document.getElementById('e0').focus()")
    width = browser.execute_script(
        "return getComputedStyle(document.querySelector('#e0 .stroke')).strokeWidth"
    )
    assert float(width.rstrip("px")) >= 3
    _no_console_errors(browser)


def test_phone_viewport_and_a_big_tree(browser, pages):
    G = gametree.random_tree(3, 4, seed=1)
    path = _practice_page(pages, "phone.html", G)
    _open(browser, path, size=(390, 844))
    overflow = browser.execute_script(
        "return document.documentElement.scrollWidth - window.innerWidth"
    )
    assert overflow <= 1  # the page fits; the tree pans inside its own box
    browser.find_element("id", "zoom-in").click()
    browser.find_element("id", "zoom-in").click()
    box = browser.execute_script(
        "const v = document.getElementById('viewport'); return [v.scrollWidth, v.clientWidth]"
    )
    assert box[0] > box[1]  # zoomed in: the tree pans
    _shot(browser, "practice-phone")
    big = gametree.random_tree(4, 5, seed=1)  # 1,365 nodes
    path = pages / "big.html"
    path.write_text(gametree.to_html(big), encoding="utf-8")
    _open(browser, path)
    from selenium.webdriver.common.keys import Keys

    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.END)
    n = len(list(gametree.search_trace(big)))
    assert browser.execute_script("return window.gametreePage.position()") == n
    for _ in range(5):
        body.send_keys(Keys.ARROW_LEFT)
    assert browser.execute_script("return window.gametreePage.position()") == n - 5
    # The tree's box scrolls so that the step's node is in view.
    inside = browser.execute_script(
        "const r = document.querySelector('.drawing .node.active').getBoundingClientRect();"
        "const v = document.getElementById('viewport').getBoundingClientRect();"
        "return r.left >= v.left && r.right <= v.right && r.top >= v.top && r.bottom <= v.bottom;"
    )
    assert inside
    _no_console_errors(browser)


def test_exercise_set_next_previous(browser, pages):
    trees = [gametree.generate(depth=2, branching=2, seed=s).tree for s in range(3)]
    path = pages / "drill.html"
    path.write_text(gametree.to_html(trees, mode="practice"), encoding="utf-8")
    _open(browser, path)
    assert browser.find_element("id", "exercise-count").text == "Exercise 1 of 3"
    _click_edge(browser, "e0")
    browser.find_element("id", "next-exercise").click()
    assert browser.find_element("id", "exercise-count").text == "Exercise 2 of 3"
    assert browser.find_element("css selector", '.drawing[data-exercise="1"]').is_displayed()
    assert not browser.find_element("css selector", '.drawing[data-exercise="0"]').is_displayed()
    _click_edge(browser, "x1-e1")
    text = browser.execute_script("return window.gametreePage.exportText()")
    assert "# tree: " + gametree.to_notation(trees[1]).splitlines()[0] in text
    browser.find_element("id", "prev-exercise").click()
    assert "marked" in browser.find_element("id", "e0").get_attribute("class")
    _no_console_errors(browser)


def test_practice_student_picks_the_convention(browser, pages, tmp_path):
    from selenium.webdriver.support.ui import Select

    G = gametree.parse("(A (B 3 12 8) (C 3 4 6) (D 14 5 2))")  # C's 3 ties alpha
    path = _practice_page(pages, "choose.html", G, conventions=["alphabeta", "alphabeta:strict"])
    _open(browser, path)
    d = diagram(G)
    edge = {(e.u, e.v): f"e{j}" for j, e in enumerate(d.edges)}
    _click_edge(browser, edge[("C", "I")])
    _click_edge(browser, edge[("C", "J")])
    browser.find_element("id", "check").click()
    assert "all right" in browser.find_element("id", "score").text  # cut on >=
    Select(browser.find_element("id", "convention")).select_by_index(1)
    assert "cut only when α > β" in browser.find_element("id", "convention-text").text
    browser.find_element("id", "check").click()
    extra = browser.find_element("css selector", '#findings li[data-item="pruned I (#5)"]')
    assert extra.get_attribute("data-verdict") == "extra"
    assert "also prune on equality" in extra.text  # the checker's note on the other rule
    page = _findings(browser)
    text = browser.execute_script("return window.gametreePage.exportText()")
    assert "gametree check TREE answers.toml --strict" in text
    assert _checked(G, text, tmp_path, ["--strict"]) == page
    # At 200% zoom (half the CSS width) the page still fits its window.
    browser.set_window_size(640, 450)
    assert (
        browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
        <= 1
    )
    _no_console_errors(browser)


def test_explore_marks_a_transposition_hit(browser, pages):
    G = gametree.load(Path(__file__).parent.parent / "examples" / "trees" / "dag.tree")
    path = pages / "dag.html"
    result = gametree.alphabeta(G, transposition_table=True, annotate=False)
    path.write_text(gametree.to_html(G, result), encoding="utf-8")
    _open(browser, path)
    steps = browser.execute_script("return window.gametreePage.data.exercises[0].explore[0].steps")
    hit = next(k for k, s in enumerate(steps, 1) if s["k"] == "transposition")
    browser.execute_script(f"window.gametreePage.go({hit})")
    marked = browser.find_elements("css selector", ".drawing .node.tt")
    assert [m.get_attribute("id") for m in marked] == [f"n{diagram(G).index['X']}"]
    assert marked[0].find_element("css selector", ".tt-mark").text == "TT"
    assert "searched before" in browser.find_element("id", "sentence").text
    browser.execute_script(f"window.gametreePage.go({hit - 1})")
    assert browser.find_elements("css selector", ".drawing .tt-mark") == []
    _no_console_errors(browser)


def test_explore_with_views_steps_through_hidden_nodes(browser, pages):
    """focus="C" hides B and D: their steps light A, the stack names them; the collapsed
    page cuts the stub's edge at C's cutoff; no console errors on any step."""
    G = gametree.parse(FIG52)
    path = pages / "focus.html"
    gametree.save(G, path, gametree.alphabeta(G, annotate=False), focus="C")
    _open(browser, path)
    events = list(gametree.search_trace(G))
    sentences = gametree.explain_lines(G)
    drawn = {"A": "n0", "C": "n1", "H": "n2", "I": "n3", "J": "n4"}
    for k, event in enumerate(events, 1):
        browser.execute_script(f"window.gametreePage.go({k})")
        shown = browser.execute_script(SHOWN)
        assert shown["active"] == [drawn.get(event.node, "n0")], k
        assert shown["sentence"] == sentences[k - 1]
        if isinstance(event, Exit) and event.node == "E":
            assert shown["stack"] == ["A (MAX) [−∞, ∞]", "B (MIN, not drawn) [−∞, 3]"]
    assert shown["cut"] == ["e2", "e3"] and shown["values"]["n1"] == "≤2"
    _no_console_errors(browser)
    _shot(browser, "explore-focus")

    path = pages / "collapse.html"
    gametree.save(G, path, gametree.alphabeta(G, annotate=False), collapse="pruned")
    _open(browser, path)
    d = diagram(G, gametree.alphabeta(G, annotate=False), collapse="pruned")
    stub = next(i for i, n in enumerate(d.nodes) if n.kind == "STUB")
    (edge,) = [f"e{j}" for j, e in enumerate(d.edges) if d.index[e.v] == stub]
    cutoff = next(k for k, e in enumerate(events, 1) if isinstance(e, Cutoff))
    browser.execute_script(f"window.gametreePage.go({cutoff - 1})")
    assert browser.execute_script(SHOWN)["cut"] == []
    browser.execute_script(f"window.gametreePage.go({cutoff})")
    assert browser.execute_script(SHOWN)["cut"] == [edge]
    classes = browser.execute_script(f"return document.getElementById('n{stub}').className.baseVal")
    assert "cut-top" in classes
    stub_text = browser.execute_script(
        f"return document.querySelector('#n{stub} .count').textContent"
    )
    assert stub_text == "(2 nodes)"  # a count of hidden nodes, not a value (issue 26)
    assert browser.execute_script(f"return document.querySelector('#n{stub} .value')") is None
    _no_console_errors(browser)
    _shot(browser, "explore-collapse")


MCTS_SHOWN = """
const q = (s) => Array.from(document.querySelectorAll('.drawing:not([hidden]) ' + s));
const labels = {}, edges = {};
q('.node').forEach(g => {
  const v = g.querySelector('.value');
  if (v && v.textContent && !g.classList.contains('leaf')) labels[g.id] = v.textContent;
});
q('.edge').forEach(g => {
  const m = g.querySelector('.move');
  if (m && m.textContent && m.getAttribute('visibility') !== 'hidden') edges[g.id] = m.textContent;
});
return {labels, edges, active: q('.node.active').map(g => g.id),
        outside: q('.node.outside').map(g => g.id).sort(),
        pv: q('.edge.pv').map(g => g.id),
        sentence: document.getElementById('sentence').textContent,
        summary: document.getElementById('summary').textContent};
"""


def test_explore_mcts_fig52_counts_and_sentences_against_the_trace(browser, pages):
    """Every phase of 12 seeded iterations on Figure 5.2: the labels (mean / N, summed
    here from the trace's own playout values), the edges' visit counts, the UCB1 scores
    of each selection, and the chosen move at the end."""
    from selenium.webdriver.common.keys import Keys

    from gametree.search.mcts_loop import Backpropagation, Expansion, Playout, Selection

    def two(x: float) -> str:  # explain writes whole numbers bare, others to 2 places
        return str(int(x)) if float(x).is_integer() else f"{x:.2f}"

    G = gametree.parse(FIG52)
    path = pages / "mcts.html"
    tree = pages / "fig52.tree"
    tree.write_text(FIG52, encoding="utf-8")
    argv = ["draw", str(tree), "-a", "mcts", "--iterations", "12", "--seed", "7", "-o", str(path)]
    assert main(argv) == 0
    result = gametree.mcts(G, iterations=12, seed=7, trace=True, annotate=False)
    _open(browser, path, size=(1280, 800))
    d = diagram(G)
    nid = {n: f"n{i}" for n, i in d.index.items()}
    eid = {(e.u, e.v): f"e{j}" for j, e in enumerate(d.edges)}
    shown = browser.execute_script(MCTS_SHOWN)
    assert shown["labels"] == {} and shown["edges"] == {}
    assert shown["outside"] == sorted(nid[n] for n in G if n != "A")
    visits: dict[str, int] = {}
    totals: dict[str, float] = {}
    through: dict[tuple[str, str], int] = {}
    added = {"A"}
    body = browser.find_element("tag name", "body")
    for k, e in enumerate(result.trace, 1):
        body.send_keys(Keys.ARROW_RIGHT)
        shown = browser.execute_script(MCTS_SHOWN)
        if isinstance(e, Selection):
            assert shown["active"] == [nid[e.node]], k
            for child, n, total, _ in e.children:
                q = (total / n - 2) / 12  # the mean scaled by the leaves range [2, 14]
                q = 1 - q if e.player == "MIN" else q
                score = q + math.sqrt(2) * math.sqrt(math.log(e.visits) / n)
                said = f"UCB1({child}) = {two(q)} + 1.41 x sqrt(ln {e.visits} / {n}) = {two(score)}"
                assert said in shown["sentence"], k
            best = max(e.children, key=lambda t: t[3] if t[3] is not None else -1)[0]
            assert e.child == best and shown["sentence"].endswith(f"so {best}."), k
        elif isinstance(e, Expansion):
            added.add(e.child)
            assert shown["active"] == [nid[e.child]], k
            assert f"{e.child} is added below {e.node}" in shown["sentence"]
        elif isinstance(e, Playout):
            assert f"value {format_value(e.value)}" in shown["sentence"], k
        else:
            assert isinstance(e, Backpropagation)
            for node in e.path:
                visits[node] = visits.get(node, 0) + 1
                totals[node] = totals.get(node, 0) + e.value
            for u, v in itertools.pairwise(e.path):
                through[(u, v)] = through.get((u, v), 0) + 1
        assert shown["outside"] == sorted(nid[n] for n in G if n not in added), k
        inner = {n: v for n, v in visits.items() if G._succ[n]}
        assert shown["labels"] == {
            nid[n]: f"{format_value(totals[n] / v)} / {v}" for n, v in inner.items()
        }, k
        assert shown["edges"] == {eid[uv]: f"n={n}" for uv, n in through.items()}, k
    assert visits == dict(result.visits) and through == dict(result.edge_visits)
    assert visits["A"] == 12
    assert shown["pv"] == [eid[("A", result.best_move)]]
    assert shown["summary"].startswith(f"Result: best move {result.best_move} (the most visited")
    _shot(browser, "explore-mcts-end")
    body.send_keys(Keys.HOME)
    assert browser.execute_script(MCTS_SHOWN)["labels"] == {}
    _no_console_errors(browser)


# Issue 23: every edge clickable along its length, the page opening on the root. ---------


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
@pytest.mark.parametrize("name", ["exam", "random seed 1"])
def test_a_click_anywhere_along_an_edge_marks_that_edge(browser, pages, name, size):
    # Sample 12 points along every drawn edge of a b = 3, d = 4 practice page (120
    # edges), scroll each into view, click there as a user would (the click goes to the
    # element on top) and see which edge the page marks: the edge itself, at every
    # point where it shows. Before issue 23, 54 of the exam tree's edges took less
    # than half of their clicks (a neighbour's wide hit line took them).
    from tests.keygeometry import measured_trees, page_click_coverage

    G = measured_trees()[name]
    path = _practice_page(pages, f"clicks-{name.replace(' ', '-')}.html", G)
    _open(browser, path, size=size)
    rows = page_click_coverage(browser, samples=12)
    assert len(rows) == G.number_of_edges() == 120
    for edge, shown, right in rows:
        assert shown >= 6, edge  # most of the edge shows: nodes cover only its ends
        # Right at the parent, where sibling edges run within a pixel or two of each
        # other, a click may take a sibling: two samples in 12 at most.
        assert right >= shown - 2, (edge, shown, right)
    assert sum(r for _, _, r in rows) >= 0.95 * sum(s for _, s, _ in rows)
    _no_console_errors(browser)


@pytest.mark.parametrize("mode", ["practice", "explore"])
def test_a_phone_sized_page_opens_on_the_root(browser, pages, mode):
    # Issue 26: phone-sized pages opened scrolled away from the root.
    G = gametree.random_tree(3, 4, seed=1)
    path = pages / f"root-{mode}.html"
    path.write_text(gametree.to_html(G, mode=mode), encoding="utf-8")
    _open(browser, path, size=(390, 844))
    where = browser.execute_script(
        "const r = document.getElementById('n0').getBoundingClientRect();"
        "const v = document.getElementById('viewport').getBoundingClientRect();"
        "return [r.left, r.right, r.top, r.bottom, v.left, v.right, v.top, v.bottom];"
    )
    left, right, top, bottom, v_left, v_right, v_top, v_bottom = where
    assert v_left <= left and right <= v_right
    assert v_top <= top and bottom <= v_bottom
    assert abs((left + right) / 2 - (v_left + v_right) / 2) < 30  # centred across
    _shot(browser, f"root-{mode}-phone")


def test_a_page_in_a_notebook_frame_takes_its_height(browser, pages):
    """page_frame (a notebook's static copy, show()): where scripts run, the frame takes
    the height its page reports, between 200 and 1,200 px, instead of a fixed 560 px."""
    from gametree.drawing.jupyter import page_frame

    G = gametree.parse(FIG52)
    practice = gametree.to_html(G, mode="practice", ask=["pruned", "values", "move"])
    small = gametree.to_html(
        gametree.parse("(A 1 2)"), gametree.alphabeta(gametree.parse("(A 1 2)"))
    )
    host = pages / "frames.html"
    host.write_text(
        "<!DOCTYPE html><html><body>"
        + page_frame(practice, "practice")
        + page_frame(practice, "the same page again")
        + page_frame(small, "small")
        + "</body></html>",
        encoding="utf-8",
    )
    for size in ((390, 844), (1280, 900)):
        _open(browser, host, size)

        def settled():
            # each frame's height, and its page's own height
            return browser.execute_script(
                "return Array.from(document.querySelectorAll('iframe')).map(f =>"
                " [f.getBoundingClientRect().height,"
                "  (b => b.getBoundingClientRect().height + parseFloat(getComputedStyle(b)"
                "   .marginTop) + parseFloat(getComputedStyle(b).marginBottom))"
                "  (f.contentDocument.body)]);"
            )

        deadline = time.monotonic() + 30
        while True:
            frames = settled()
            fitted = all(abs(h - min(1200, max(200, inner + 2))) <= 3 for h, inner in frames)
            if fitted or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert fitted, (size, frames)
        assert frames[0] == frames[1]  # both copies of one page sized, each by its own page
        assert size[0] == 390 or frames[2][0] < 400  # a short page leaves no blank space
        if size[0] == 390:
            assert frames[0][0] > 560  # a practice page on a phone is shown (nearly) whole
