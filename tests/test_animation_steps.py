"""The step animation draws what the explore page shows at each step (issue 35, item 3).

Frame ``k`` of the GIF is the page's step ``k``: checked on the matplotlib artists of each
frame (texts, shape colours, cut marks, the highlighted edge), by hand on AIMA Figure 5.2
and, in Chromium, against the page itself at every step of several searches.
"""

from __future__ import annotations

from typing import Any

import matplotlib.pyplot as plt
import pytest
from matplotlib.colors import same_color

import gametree
from gametree.drawing.animate import step_frames
from gametree.drawing.model import Diagram
from gametree.drawing.mpl import draw_diagram
from gametree.drawing.slots import Placement

FIG52 = "(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"
INNER = ("MAX", "MIN", "CHANCE")


def _shown(d: Diagram, placement: Placement) -> dict[str, Any]:
    """What one frame shows, read off its matplotlib artists (node ``n<i>``, edge ``e<j>``
    as on the page)."""
    a = draw_diagram(d, placement=placement)
    try:
        st = d.style
        inner = {n.node for n in d.nodes if n.kind in INNER}
        faces = a.nodes.get_facecolors()
        strokes = a.nodes.get_edgecolors()

        def nodes_where(colours: Any, colour: str) -> list[str]:
            return [f"n{i}" for i in range(len(d.nodes)) if same_color(colours[i], colour)]

        drawn_edges = sorted(d.edges, key=lambda e: e.pv)  # the order draw_diagram uses
        colours = a.edges.get_colors()
        widths = a.edges.get_linewidths()
        number = {(e.u, e.v): j for j, e in enumerate(d.edges)}

        def edges_where(test: Any) -> list[str]:
            return sorted(
                f"e{number[(e.u, e.v)]}"
                for k, e in enumerate(drawn_edges)
                if test(colours[k % len(colours)], widths[k % len(widths)])
            )

        return {
            "values": {f"n{d.index[k]}": t.get_text() for k, t in a.values.items() if k in inner},
            "windows": {f"n{d.index[k]}": t.get_text() for k, t in a.bounds.items()},
            "bold": sorted(
                f"n{d.index[k]}"
                for k, t in a.values.items()
                if k in inner and t.get_fontweight() == "bold"
            ),
            "active": nodes_where(strokes, st["current_color"]),
            "gone": nodes_where(faces, st["unreached_fill"]),
            "cut_top": nodes_where(faces, st["pruned_fill"]),
            "cut": _cut_edges(a, d, placement),
            "down": edges_where(lambda c, w: same_color(c, st["current_color"])),
            "pv": edges_where(lambda c, w: w == float(st["pv_line_width"])),
            "caption": "" if a.caption is None else a.caption.get_text(),
        }
    finally:
        plt.close(a.figure)


def _cut_edges(a: Any, d: Diagram, placement: Placement) -> list[str]:
    """The edges the cut marks sit on: each mark's centre lies on one edge's segment."""
    found = set()
    for cx, cy in a.cut_marks.get_offsets():
        for j, e in enumerate(d.edges):
            (x0, y0), (x1, y1) = placement.ends(e.u, e.v, 1.0)
            cross = (x1 - x0) * (cy - y0) - (y1 - y0) * (cx - x0)
            inside = min(x0, x1) - 1e-6 <= cx <= max(x0, x1) + 1e-6
            if abs(cross) < 1e-6 * max(1.0, abs(x1 - x0) + abs(y1 - y0)) ** 2 and inside:
                found.add(f"e{j}")
    return sorted(found)


def _frames(G: Any, algorithm: str = "alphabeta", **options: Any) -> list[dict[str, Any]]:
    return [_shown(d, p) for d, p in step_frames(G, algorithm, **options)]


def test_fig52_first_frame_is_the_bare_tree() -> None:
    """Frame 0 is the page's step 0, the bare tree: no value, no window, no outline, no
    cut, nothing greyed, captioned as not started (the GIF began at step 1 before)."""
    G = gametree.parse(FIG52)
    d, placement = next(step_frames(G))
    bare = _shown(d, placement)
    assert bare["caption"] == "0/30  not started"
    assert bare["values"] == {} and bare["windows"] == {}
    assert bare["active"] == [] and bare["down"] == []
    assert bare["cut"] == [] and bare["gone"] == [] and bare["cut_top"] == []
    assert bare["pv"] == []


def test_fig52_step_1_gives_nothing_away() -> None:
    """Frame 1 ("enter A with [-inf, inf]") is the bare tree with A outlined and its
    window: no backed-up value, no cut, nothing greyed (the old frames showed the
    finished search under every caption)."""
    G = gametree.parse(FIG52)
    first = _frames(G)[1]
    assert first["caption"] == "1/30  enter A with [−∞, ∞]"
    assert first["values"] == {}
    assert first["windows"] == {"n0": "[−∞, ∞]"}
    assert first["active"] == ["n0"]
    assert first["cut"] == [] and first["gone"] == [] and first["cut_top"] == []
    assert first["pv"] == []


def test_fig52_frames_by_hand() -> None:
    """AIMA Figure 5.2 under alpha-beta, worked by hand: B backs up 3 at step 12, A's
    window becomes [3, inf]; C is cut after H (step 17), I and J pruned, C <= 2 returned;
    the last frame shows A = 3 and the principal variation A-B-E in bold."""
    G = gametree.parse(FIG52)
    frames = _frames(G)
    assert len(frames) == 31  # steps 0 to 30
    # nodes in preorder: A0 B1 E2 F3 G4 C5 H6 I7 J8 D9 K10 L11 M12; edges by parent:
    # e0 A-B, e1 A-C, e2 A-D, e3 B-E, e4 B-F, e5 B-G, e6 C-H, e7 C-I, e8 C-J, e9 D-K ...
    b_returns = frames[12]
    assert b_returns["caption"] == "12/30  B returns 3"
    assert b_returns["values"] == {"n1": "3"}
    assert b_returns["windows"] == {"n0": "[3, ∞]", "n1": "[−∞, 3]"}
    enter_c = frames[13]
    assert enter_c["down"] == ["e1"]  # A -> C, the edge just gone down
    cutoff = frames[17]
    assert cutoff["caption"].startswith("17/30  cut-off at C after H")
    assert cutoff["values"] == {"n1": "3"}  # C returns <= 2 at the next step
    assert frames[18]["values"] == {"n1": "3", "n5": "≤2"}
    assert cutoff["windows"]["n5"] == "[3, 2]"
    assert cutoff["cut"] == ["e7", "e8"]
    assert cutoff["cut_top"] == ["n7", "n8"]
    assert frames[16]["cut"] == []  # not before the cutoff
    last = frames[-1]
    assert last["values"] == {"n0": "3", "n1": "3", "n5": "≤2", "n9": "2"}
    assert last["pv"] == ["e0", "e3"] and {"n0", "n1"} <= set(last["bold"])
    assert all(f["pv"] == [] for f in frames[:-1])


def test_the_gif_has_the_frames_of_the_page(tmp_path: Any) -> None:
    """The GIF the CLI writes has one frame per page step, step 0 (the bare tree) first,
    the first unlike the last."""
    from PIL import Image

    from gametree.cli import main

    tree = tmp_path / "fig52.tree"
    tree.write_text(FIG52 + "\n")
    gif = tmp_path / "steps.gif"
    assert main(["draw", str(tree), "-o", str(gif), "-a", "alphabeta", "-q"]) == 0
    with Image.open(gif) as im:
        assert im.n_frames == 31
        im.seek(0)
        first = im.convert("RGB")
        im.seek(im.n_frames - 1)
        last = im.convert("RGB")
    assert first.size == last.size and first.tobytes() != last.tobytes()


# --- against the page in a real browser --------------------------------------------------

PAGE_SHOWN = """
const q = (s) => Array.from(document.querySelectorAll('.drawing:not([hidden]) ' + s));
const ids = (s) => q(s).map(g => g.id).sort();
const values = {}, windows = {}, bold = [];
q('.node:not(.leaf)').forEach(g => {
  const v = g.querySelector('.value'), b = g.querySelector('.bounds');
  if (v && v.textContent) {
    values[g.id] = v.textContent;
    if (Number(getComputedStyle(v).fontWeight) >= 600) bold.push(g.id);
  }
  if (b && b.textContent) windows[g.id] = b.textContent;
});
const cutTop = q('.node.cut-top').map(g => g.id).sort();
return {values, windows, bold: bold.sort(), active: ids('.node.active'),
        gone: q('.node.gone:not(.cut-top)').map(g => g.id).sort(),
        cut_top: cutTop, cut: ids('.edge.pruned'), down: ids('.edge.down'),
        pv: ids('.edge.pv'), caption: document.getElementById('step-count').textContent};
"""

CASES = [
    (FIG52, "alphabeta", {}),
    (FIG52, "alphabeta", {"prune_on_equal": False, "fail": "hard"}),
    ("random-3-3", "alphabeta", {}),
    ("random-3-3", "pvs", {"prune_on_equal": False}),
    ("random-2-4", "alphabeta", {"fail": "hard"}),
]


def _tree(spec: str) -> Any:
    if spec.startswith("random"):
        _, b, depth = spec.split("-")
        return gametree.random_tree(int(b), int(depth), seed=35)
    return gametree.parse(spec)


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "algorithm", "options"), CASES)
def test_every_frame_shows_what_the_page_shows(
    browser: Any, tmp_path: Any, spec: str, algorithm: str, options: dict[str, Any]
) -> None:
    G = _tree(spec)
    page = tmp_path / "explore.html"
    gametree.save(G, page, algorithm=algorithm, **options)
    browser.get(page.as_uri())
    frames = _frames(G, algorithm, **options)
    assert frames, spec
    steps = len(frames) - 1
    for k, frame in enumerate(frames):
        browser.execute_script(f"window.gametreePage.go({k})")
        shown = browser.execute_script(PAGE_SHOWN)
        count, caption = frame["caption"].split("  ", 1)
        assert count == f"{k}/{steps}"
        if k:
            assert shown["caption"] == f"Step {k} of {steps} — {caption}", k
        else:  # the page says no more than where it is; the frame, that nothing ran
            assert shown["caption"] == f"Step 0 of {steps}" and caption == "not started"
        for item in ("values", "windows", "active", "cut", "cut_top", "down", "pv", "bold"):
            same = (
                frame[item] == shown[item]
                if isinstance(frame[item], dict)
                else (sorted(frame[item]) == sorted(shown[item]))
            )
            assert same, (spec, algorithm, k, item, frame[item], shown[item])
        # A node below a cut is greyed in both (the page's cut-top wins over gone).
        assert set(frame["gone"]) == set(shown["gone"]) - set(shown["cut_top"]), k


@pytest.fixture(scope="module")
def browser(chromium_browser: Any) -> Any:
    return chromium_browser


def test_visit_order_numbers_nodes_as_they_are_entered() -> None:
    """``show`` with ``order``: each node gets its number when the search first enters
    it (A #1, B #2, E #3 by hand), none before; the page's steps number them."""
    G = gametree.parse(FIG52)
    frames = list(step_frames(G, show="values,bounds,names,order"))

    def numbers(k: int) -> dict[str, str]:
        d, placement = frames[k]
        artists = draw_diagram(d, placement=placement)
        try:
            return {str(node): t.get_text() for node, t in artists.order.items()}
        finally:
            plt.close(artists.figure)

    assert numbers(0) == {}
    assert numbers(1) == {"A": "#1"}
    assert numbers(3) == {"A": "#1", "B": "#2", "E": "#3"}
    last = numbers(len(frames) - 1)
    assert "I" not in last and "J" not in last  # never entered: pruned
    assert sorted(last.values(), key=lambda s: int(s[1:]))[-1] == f"#{len(last)}"


@pytest.mark.slow  # 80 frames drawn and read back
@pytest.mark.parametrize("show", [None, "values,bounds,names,moves,order"])
def test_every_frame_reads_cleanly(show: str | None) -> None:
    """The keys' clearance audit on the artists of every frame: the labels a step adds
    were placed for (sized to the widest any step writes), so none crosses an edge or
    another label, and no cut mark comes near either."""
    from tests.keygeometry import audit, read_mpl

    G = gametree.random_tree(3, 3, seed=35)
    for k, (d, placement) in enumerate(step_frames(G, show=show)):
        artists = draw_diagram(d, placement=placement)
        try:
            found = audit(read_mpl(artists))
        finally:
            plt.close(artists.figure)
        assert found.row()[1:4] == (0, 0, 0), (k, found.problems[:3])
        assert found.crossed == found.overlapping == 0, (k, found.problems[:3])


def test_a_widget_s_svg_fallback_shows_its_step() -> None:
    """A notebook viewer that shows only the widget's SVG (no HTML) sees the step the
    cells set, drawn as the frame of that step: at 17, C's cutoff (I and J cut, C not
    yet <= 2); at the end, the whole search."""
    pytest.importorskip("anywidget")
    import xml.etree.ElementTree as ET

    G = gametree.parse(FIG52)
    w = gametree.widget(G)
    w.step = 17
    root = ET.fromstring(w.svg())
    texts = ["".join(t.itertext()) for t in root.iter() if t.tag.endswith("text")]
    assert "17/30  cut-off at C after H: prune I, J" in texts
    assert "≤2" not in texts and "[3, 2]" in texts
    assert sum(1 for g in root.iter() if g.get("class") == "cut") == 2
    w.step = w.steps
    assert "≤2" in w.svg()


def test_a_widget_s_svg_fallback_at_step_0_is_the_bare_tree() -> None:
    """A new widget stands at step 0: its SVG fallback (what an exported notebook shows
    where the widget's script does not run) is the bare tree, as the page's step 0, not
    the finished search with A = 3 and the cut marks (the answer given away)."""
    pytest.importorskip("anywidget")
    import xml.etree.ElementTree as ET

    G = gametree.parse(FIG52)
    w = gametree.widget(G)
    assert w.step == 0
    root = ET.fromstring(w.svg())
    texts = ["".join(t.itertext()) for t in root.iter() if t.tag.endswith("text")]
    assert "0/30  not started" in texts
    leaves = ["3", "12", "8", "2", "4", "6", "14", "5", "2"]
    assert sorted(t for t in texts if t in leaves) == sorted(leaves)  # the leaves only
    assert not [t for t in texts if t.startswith(("[", "≤", "≥"))]  # no window, no bound
    assert not [g for g in root.iter() if g.get("class") == "cut"]
    w.step = 1
    texts = ["".join(t.itertext()) for t in ET.fromstring(w.svg()).iter()]
    assert "1/30  enter A with [−∞, ∞]" in texts and "[−∞, ∞]" in texts


@pytest.mark.parametrize(
    "view", [{"collapse": "pruned"}, {"max_depth": 1}, {"focus": "C"}], ids=str
)
def test_a_widget_s_svg_fallback_in_a_view_shows_its_step(view: dict[str, Any]) -> None:
    """In a view too (collapse, max_depth, focus) the fallback drew the finished search
    at every step: at step 0 now no value, window or cut mark; at 17, C's cutoff with
    C's window [3, 2] and not yet C <= 2; at the end, the search."""
    pytest.importorskip("anywidget")
    import xml.etree.ElementTree as ET

    G = gametree.parse(FIG52)
    w = gametree.widget(G, **view)

    def texts() -> list[str]:
        root = ET.fromstring(w.svg())
        return ["".join(t.itertext()) for t in root.iter() if t.tag.endswith("text")]

    bare = texts()
    assert "0/30  not started" in bare
    assert not [t for t in bare if t.startswith(("[", "≤", "≥"))]
    assert 'class="cut"' not in w.svg()
    w.step = 17
    assert "[3, 2]" in texts() and "≤2" not in texts()
    w.step = w.steps
    assert "≤2" in texts()


def test_mcts_frames_show_only_the_counts_so_far() -> None:
    """Monte Carlo frames had the same fault: iteration 1 already showed the root's
    ``5.5 / 10`` and every edge's final ``n=``. Seed 1, 10 iterations on Figure 5.2: the
    first iteration goes A-B (added) and plays out to E = 3, so A and B read 3 / 1 and
    only A-B has a count; the last frame shows the search's own totals."""
    from gametree.drawing.mctsframes import mcts_step_frames

    G = gametree.parse(FIG52)
    frames = list(mcts_step_frames(G, max_frames=10, iterations=10, seed=1))
    assert len(frames) == 10

    def texts(k: int) -> dict[tuple[str, str], str]:
        d, placement = frames[k]
        artists = draw_diagram(d, placement=placement)
        try:
            out = {("value", str(n)): t.get_text() for n, t in artists.values.items()}
            out.update({("move", f"{u}-{v}"): t.get_text() for (u, v), t in
                        artists.moves.items()})  # fmt: skip
            return out
        finally:
            plt.close(artists.figure)

    first = texts(0)
    assert first[("value", "A")] == "3 / 1" and first[("value", "B")] == "3 / 1"
    assert {k: v for k, v in first.items() if k[0] == "move"} == {("move", "A-B"): "n=1"}
    last = texts(9)
    assert last[("value", "A")] == "5.5 / 10"
    assert last[("move", "A-D")] == "n=5" and last[("move", "A-B")] == "n=2"
