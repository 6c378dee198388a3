"""Benchmark: stepping a 1,365-node search in the notebook widget against the page.

Run ``python tests/benchmarks/bench_widget.py`` (needs the test extra, chromium and
chromedriver). The tree is ``random_tree(4, 5, seed=1)`` (1,365 nodes; alpha-beta takes
1,420 steps). In headless Chromium, for every step forward from the first to the last,
``performance.now()`` times showing the step (the page's ``go(k)``) and the layout it
forces (the step's node measured), in the self-contained page (the baseline, opened
from disk) and in the widget in a real JupyterLab (the same code, plus telling the
kernel the step). Then the round trip from Python: ``w.step = k`` run in the kernel
until the picture shows step ``k``; and the time from running the cell to the widget
drawn. Steps late in the trace cost more: each step replays the ones before it.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

import gametree
from tests.jupyterlab import (
    chromium,
    jupyterlab,
    missing,
    open_notebook,
    write_notebook,
)

BRANCHING, DEPTH, SEED = 4, 5, 1
TREE = f"gametree.random_tree({BRANCHING}, {DEPTH}, seed={SEED})"  # the notebook's cell

STEP_EVERY = """
const api = arguments[0] === null ? window.gametreePage
  : document.querySelectorAll('.gametree-widget')[arguments[0]].gametree;
const scope = arguments[0] === null ? document
  : document.querySelectorAll('.gametree-widget')[arguments[0]].shadowRoot;
const n = api.steps(), out = [];
api.go(0);
for (let k = 1; k <= n; k++) {
  const t0 = performance.now();
  api.go(k);
  scope.querySelector('.node.active').getBoundingClientRect();
  out.push(performance.now() - t0);
}
return out;
"""

FROM_PYTHON = """
const done = arguments[arguments.length - 1];
const host = document.querySelectorAll('.gametree-widget')[0];
const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
const targets = arguments[0], times = [];
function next(i) {
  if (i === targets.length) { done(times); return; }
  const k = targets[i], t0 = performance.now();
  kernel.requestExecute({code: 'w.step = ' + k, store_history: false});
  (function poll() {
    if (host.gametree.position() === k) { times.push(performance.now() - t0); next(i + 1); }
    else { requestAnimationFrame(poll); }
  })();
}
next(0);
"""


def summary(name: str, times: list[float], base: float | None) -> tuple[str, ...]:
    ordered = sorted(times)
    median = statistics.median(ordered)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    ratio = f"{median / base:.2f}" if base else "1.00"
    return (name, str(len(times)), f"{median:.1f}", f"{p95:.1f}", f"{ordered[-1]:.1f}", ratio)


def main() -> int:
    reason = missing()
    if reason:
        print(f"skipped: {reason}")
        return 0
    warnings.simplefilter("ignore")  # the big tree does not fit a slide: it says so
    big = gametree.random_tree(BRANCHING, DEPTH, seed=SEED)
    work = Path(tempfile.mkdtemp(prefix="bench-widget-"))
    page = work / "big.html"
    page.write_text(gametree.to_html(big), encoding="utf-8")
    root = work / "notebooks"
    root.mkdir()
    write_notebook(root / "big.ipynb", [f"import gametree\nw = gametree.widget({TREE})\nw"])
    browser = chromium()
    rows = [("case", "steps", "median ms", "p95 ms", "max ms", "ratio")]
    try:
        browser.get(page.as_uri())
        base_times = browser.execute_script(STEP_EVERY, None)
        base = statistics.median(base_times)
        rows.append(summary("page: a step (baseline)", base_times, None))
        with jupyterlab(root, work / "home") as lab:
            start = time.monotonic()
            open_notebook(browser, lab, "big.ipynb", 1)
            opened = time.monotonic() - start
            widget_times = browser.execute_script(STEP_EVERY, 0)
            rows.append(summary("widget: a step", widget_times, base))
            targets = [100, 700, 1400, 50, 1000] * 4
            round_trips = browser.execute_async_script(FROM_PYTHON, targets)
            rows.append(summary("widget: w.step = k from Python", round_trips, base))
    finally:
        browser.quit()
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                        enumerate(zip(r, widths, strict=True))))  # fmt: skip
    print(f"\nopening the notebook, running the cell, the widget drawn: {opened:.1f} s "
          f"({len(big)} nodes)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
