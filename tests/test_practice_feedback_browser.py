"""The practice page's verdicts after Check read as cleanly as a key (issue 35, item 6).

On an exam-sized tree a tick and "! missing" under one node touched and ran across the
next node's edges (7 labels crossed by an edge and 21 overlapping on the b=3 d=4 exam
tree). Each verdict now stands on its own edge, at the edge's cut mark where it has room
and else at the nearest clear spot along the edge, at the size of the leaves' values
(9 CSS px at the zoom the page opens with). Checked with the keys' clearance audit
(``tests/keygeometry.py``) on the page's DOM after Check, in Chromium.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

import pytest

import gametree
from tests.keygeometry import audit, exam_tree, read_svg

pytestmark = pytest.mark.slow  # a real browser

TREES = {
    "exam": exam_tree,
    "random-b3-d4": lambda: gametree.random_tree(3, 4, seed=5, values=(-20, 20)),
    "random-b4-d3": lambda: gametree.random_tree(4, 3, seed=3, values=(-9, 9)),
}


@pytest.fixture(scope="module")
def browser(chromium_browser: Any) -> Any:
    return chromium_browser


@pytest.mark.parametrize("size", [(1280, 900), (390, 844)], ids=["desktop", "phone"])
@pytest.mark.parametrize("name", sorted(TREES))
def test_checked_practice_page_passes_the_clearance_audit(
    browser: Any, tmp_path: Path, name: str, size: tuple[int, int]
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        html = gametree.to_html(TREES[name](), mode="practice")
    page = tmp_path / "practice.html"
    page.write_text(html, encoding="utf-8")
    browser.set_window_size(*size)
    browser.get(page.as_uri())
    browser.execute_script("window.localStorage.clear()")
    browser.get(page.as_uri())
    ex = browser.execute_script("return window.gametreePage.data.exercises[0]")
    solution = ex["practice"][0]["solution"]["cut"]
    others = [j for j, (_, v) in enumerate(ex["edges"])
              if ex["nodes"][v]["kind"] == "LEAF" and j not in solution]  # fmt: skip
    # Half the right cuts (the other half missed) and six wrong ones.
    cuts = solution[::2] + others[:6]
    browser.execute_script(
        "window.gametreePage.setAnswers(arguments[0]); window.gametreePage.check();",
        {"cuts": cuts, "values": {}},
    )
    svg = browser.execute_script(
        "return document.querySelector('.drawing:not([hidden]) svg').outerHTML"
    )
    verdicts = len(re.findall(r'<text[^>]*class="badge (?:ok|bad)"', svg))
    badged = len(re.findall(r'<g [^>]*class="edge [^"]*badged', svg))
    # Every edge marked gets a verdict, and so does each missed cut.
    assert verdicts == badged >= len(cuts) + 1
    # A verdict sits on its own edge in a white box, as a move label: read as one.
    found = audit(read_svg(svg.replace('class="badge ', 'class="move badge ')))
    assert found.labels > 0
    assert found.crossed == 0 and found.overlapping == 0, found.problems[:5]
    # Each verdict is centred on its edge, where the hidden cut mark would be.
    centred = browser.execute_script(
        """
        return Array.from(document.querySelectorAll('.drawing:not([hidden]) .edge.badged'))
          .map(g => {
            const b = g.querySelector('text.badge').getBBox();
            const l = g.querySelector('line.stroke');
            const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map(k => +l.getAttribute(k));
            const cx = b.x + b.width / 2, cy = b.y + b.height / 2;
            return Math.abs((x2 - x1) * (y1 - cy) - (x1 - cx) * (y2 - y1)) /
              Math.hypot(x2 - x1, y2 - y1);
          });
        """
    )
    assert centred and max(centred) < 3.0
    # Each verdict reads at 9 CSS px or more at the zoom the page opens with (the smallest
    # text's size: the leaves' values); they were 5 to 5.9 units there (6.4 to 7.6 px).
    sizes = browser.execute_script(
        """
        const svg = document.querySelector('.drawing:not([hidden]) svg');
        const scale = svg.getScreenCTM().a;
        return Array.from(svg.querySelectorAll('text.badge'))
          .map(t => Number(t.getAttribute('font-size')) * scale);
        """
    )
    assert sizes and min(sizes) >= 9.0, sorted(sizes)[:3]
