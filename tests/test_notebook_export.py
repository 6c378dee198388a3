"""An exported notebook shows each widget as the cells left it (issue 35, item 7).

A notebook executed by ``jupyter nbconvert --execute`` keeps each widget's static copy
(the self-contained page in an ``iframe``) for readers without a kernel. It showed the
widget's first state: ``w.step = 17`` then a frame at "Step 0 of 30", answers set from
Python missing from the practice frame. Now the copy opens where the widget is, and a
later cell's step, answers or check update the output that showed it.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.jupyterlab import BIN, jupyter_env, write_notebook

pytestmark = pytest.mark.slow  # a kernel: seconds

FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"
CELLS = [
    f"import gametree\nG = gametree.parse({FIG52!r})\nsteps = gametree.widget(G)\n"
    "steps.step = 17  # the cutoff at C\nsteps",
    "later = gametree.widget(G)\nlater",
    "later.step = 29",
    'p = gametree.widget(G, mode="practice", ask=["pruned", "values"])\np',
    'p.answers = "pruned = C-I C-J\\nC = <=2\\nB = 4"',
    "report = p.check()",
    # The instructor notebook's tree (23 leaves): beside the panel it opened cut off on
    # both sides at a readable size until Fit was pressed.
    "ex = gametree.generate(branching=(2, 3), depth=3, seed=7, prunes=(2, 4))\n"
    "wide = gametree.widget(ex.tree)\nwide",
]


def _starts(notebook: dict[str, Any]) -> list[dict[str, Any]]:
    """Where each widget's static copy opens, read from the executed notebook."""
    found = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", ()):
            text = "".join(output.get("data", {}).get("text/html", ""))
            frame = re.search(r'srcdoc="([^"]*)"', text)
            if frame is None:
                continue
            page = html.unescape(frame[1])
            start = re.search(r'<script type="application/json" id="gametree-start">(.*?)'
                              r"</script>", page, re.S)  # fmt: skip
            assert start is not None
            found.append(json.loads(start[1].replace("<\\/", "</")))
    return found


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    for module in ("anywidget", "nbconvert", "nbclient", "ipykernel"):
        pytest.importorskip(module)
    folder = tmp_path_factory.mktemp("export")
    source = folder / "steps.ipynb"
    write_notebook(source, CELLS)
    env = jupyter_env(folder / "home")
    for to in ("notebook", "html"):
        done = subprocess.run(
            [str(BIN / "jupyter"), "nbconvert", "--to", to, "--execute", str(source),
             "--output-dir", str(folder / to)],
            env=env, capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr[-2000:]
    notebook = json.loads((folder / "notebook" / "steps.ipynb").read_text(encoding="utf-8"))
    return folder / "html" / "steps.html", notebook


def test_each_copy_opens_where_the_cells_left_its_widget(executed) -> None:
    _, notebook = executed
    steps, later, practice, _ = _starts(notebook)
    assert steps["step"] == 17  # set in the cell that displays it
    assert later["step"] == 29  # set by a later cell: the shown output was updated
    answers = practice["answers"]
    assert sorted(j for j, on in answers["cuts"].items() if on) == ["7", "8"]  # C-I, C-J
    assert answers["values"] == {"1": "4", "5": "<=2"}
    verdicts = {f["item"]: f["verdict"] for f in practice["findings"]}
    assert verdicts["B"] == "wrong" and verdicts["pruned I (#5)"] == "correct"


def test_the_exported_page_shows_the_step_and_the_answers(executed) -> None:
    from tests.jupyterlab import chromium

    page, _ = executed
    browser = chromium()
    try:
        browser.get(page.as_uri())
        frames = browser.find_elements("css selector", "iframe")
        assert len(frames) == 4
        seen = []
        for frame in frames:
            browser.switch_to.frame(frame)
            try:
                seen.append(
                    browser.execute_script(
                        "return [document.getElementById('step-count').textContent,"
                        " window.gametreePage.answers(),"
                        " Array.from(document.querySelectorAll('.findings li')).length,"
                        " Array.from(document.querySelectorAll('.drawing .edge.marked'))"
                        ".map(g => g.id).sort(),"
                        " [document.getElementById('viewport').clientWidth,"
                        "  document.getElementById('viewport').scrollWidth]];"
                    )
                )
            finally:
                browser.switch_to.default_content()
    finally:
        browser.quit()
    assert seen[0][0].startswith("Step 17 of 30")
    assert seen[1][0].startswith("Step 29 of 30")
    _, answers, findings, marked, _ = seen[2]
    assert answers["values"] == {"1": "4", "5": "<=2"} and findings > 0
    assert marked == ["e7", "e8"]
    # Every frame opens with its whole tree in view (nothing to scroll sideways).
    for k, (*_, (width, scrolled)) in enumerate(seen):
        assert scrolled <= width, (k, width, scrolled)
