"""The matplotlib emitter: artists on AIMA Figure 5.2, layout of texts, images, save()."""

from __future__ import annotations

import subprocess
import sys
from itertools import pairwise
from pathlib import Path
from typing import Any
from unittest.mock import patch

import networkx as nx
import pytest
from hypothesis import given, settings

import gametree
from gametree.drawing import mpl
from gametree.drawing.mpl import Artists
from tests.strategies import trees

DATA = Path(__file__).parent / "data" / "draw"
GREY = (0x7F / 255, 0x7F / 255, 0x7F / 255)


def aima() -> nx.DiGraph:
    return gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


@pytest.fixture(scope="module")
def searched() -> Artists:
    G = aima()
    gametree.alphabeta(G)
    return gametree.draw(G, show="values,bounds,order,names")


def test_values_after_alpha_beta(searched: Artists) -> None:
    # AIMA 5.2 by hand: B = min(3, 12, 8) = 3; C stops at H = 2 <= alpha = 3, an upper
    # bound "<=2"; D = min(14, 5, 2) = 2 (all three leaves seen, exact); A = max = 3.
    texts = {n: t.get_text() for n, t in searched.values.items()}
    assert texts["A"] == "3" and texts["B"] == "3" and texts["C"] == "≤2" and texts["D"] == "2"
    assert [texts[leaf] for leaf in "EFGHIJKLM"] == ["3", "12", "8", "2", "4", "6", "14", "5", "2"]
    assert {n: t.get_text() for n, t in searched.names.items()} == {n: n for n in "ABCDEFGHIJKLM"}
    assert searched.bounds["A"].get_text() == "[3, ∞]"
    assert searched.bounds["C"].get_text() == "[3, 2]"
    # Visit order: A B E F G C H D K L M; the pruned I and J are never entered.
    order = {n: t.get_text() for n, t in searched.order.items()}
    assert order == {n: f"#{i}" for i, n in enumerate("ABEFGCHDKLM", 1)}


def test_markers_shapes(searched: Artists) -> None:
    paths = searched.nodes.get_paths()
    assert len(paths) == 13  # preorder: A B E F G C H I J D K L M
    preorder = "ABEFGCHIJDKLM"
    shape = {}
    for node, path in zip(preorder, paths, strict=True):
        corners = {tuple(v) for v in path.vertices.tolist()}
        top = max(y for _, y in corners)
        shape[node] = (len(corners), sum(1 for _, y in corners if y == top))
    assert shape["A"][0] == 3 and shape["A"][1] == 1  # up-triangle: one vertex on top
    assert shape["B"][0] == 3 and shape["B"][1] == 2  # down-triangle: two on top
    assert shape["E"][0] == 4  # a leaf square


def test_pruned_nodes_grey_and_dashed(searched: Artists) -> None:
    faces = searched.nodes.get_facecolors()
    preorder = "ABEFGCHIJDKLM"
    white = (1.0, 1.0, 1.0)
    for node, face in zip(preorder, faces, strict=True):
        grey = node in "IJ"
        assert (tuple(face[:3]) != white) == grey, node
    edge_colors = searched.nodes.get_edgecolors()
    assert tuple(edge_colors[preorder.index("I")][:3]) == pytest.approx(GREY, abs=0.01)


def test_cut_marks_two_strokes_per_pruned_edge(searched: Artists) -> None:
    # Two pruned edges (C-I, C-J), two strokes each, at the two edges' cut points.
    assert len(searched.cut_marks.get_paths()) == 4
    offsets = searched.cut_marks.get_offsets()
    assert len({tuple(o) for o in offsets}) == 2
    assert searched.cut_marks.get_gid() == "cut-marks"


def test_pv_edges_bold_pruned_dashed(searched: Artists) -> None:
    widths = list(searched.edges.get_linewidths())
    assert sorted(widths)[-2:] == [3.0, 3.0]  # A-B and B-E
    styles = searched.edges.get_linestyles()
    dashed = [s for s in styles if s[1] is not None]
    assert len(dashed) == 2  # C-I and C-J


def test_bare_tree_draws_only_leaf_values() -> None:
    artists = gametree.draw(aima())
    assert set(artists.values) == set("EFGHIJKLM")
    assert len(artists.cut_marks.get_paths()) == 0
    assert set(artists.edges.get_linewidths()) == {1.0}


def test_draws_on_given_axes_without_clearing() -> None:
    from matplotlib.figure import Figure

    fig = Figure()
    ax = fig.add_subplot()
    (line,) = ax.plot([0, 1], [0, 1])
    artists = gametree.draw(aima(), ax=ax, title="mine")
    assert line in ax.lines
    assert artists.ax is ax and artists.figure is fig
    assert artists.nodes in ax.collections
    assert ax.get_title() == "mine"


def test_style_overrides_key_by_key() -> None:
    G = aima()
    gametree.alphabeta(G)
    artists = gametree.draw(G, style={"pruned_fill": "#ff0000", "font_size": 14})
    faces = artists.nodes.get_facecolors()
    assert tuple(faces["ABEFGCHIJDKLM".index("I")][:3]) == (1.0, 0.0, 0.0)
    assert artists.values["A"].get_fontsize() == 14
    with pytest.raises(gametree.RenderError, match="unknown style key 'fill_colour'"):
        gametree.draw(G, style={"fill_colour": "red"})
    with pytest.raises(gametree.RenderError, match="unknown show item 'colours'"):
        gametree.draw(G, show="values,colours")


def _text_boxes(artists: Artists) -> list[tuple[float, float, float, float]]:
    renderer = artists.figure.canvas.get_renderer()
    boxes = []
    for group in (artists.values, artists.names, artists.bounds, artists.order):
        for text in group.values():
            b = text.get_window_extent(renderer)
            boxes.append((b.x0, b.y0, b.x1, b.y1))
    return boxes


def _overlapping(boxes: list[tuple[float, float, float, float]]) -> list[tuple[int, int]]:
    found = []
    boxes = sorted(boxes)
    for i, (_, y0, x1, y1) in enumerate(boxes):
        for j in range(i + 1, len(boxes)):
            u0, v0, _, v1 = boxes[j]
            if u0 >= x1 - 0.5:
                break
            if v0 < y1 - 0.5 and y0 < v1 - 0.5:
                found.append((i, j))
    return found


@settings(max_examples=15, deadline=None)
@given(trees(max_branching=5, max_depth=5))
def test_no_texts_overlap_on_random_trees(G: nx.DiGraph) -> None:
    gametree.alphabeta(G)
    with patch.object(mpl, "TEXT_ARTISTS_UP_TO", 10_000):
        artists = gametree.draw(G, show="values,bounds,order,names", fit=None)
    assert len(artists.names) == G.number_of_nodes()
    assert _overlapping(_text_boxes(artists)) == []


@pytest.mark.slow
def test_no_texts_overlap_on_2000_nodes(monkeypatch: pytest.MonkeyPatch) -> None:
    # Text artists, so that their extents can be measured; the glyph-outline labels of
    # large diagrams sit in the same slots.
    monkeypatch.setattr(mpl, "TEXT_ARTISTS_UP_TO", 10_000)
    G = gametree.random_tree((3, 5), 5, seed=5)
    assert G.number_of_nodes() == 1820
    gametree.alphabeta(G)
    artists = gametree.draw(G, show="values,bounds,names", fit=None)
    assert len(artists.names) == 1820
    assert _overlapping(_text_boxes(artists)) == []


def test_large_diagrams_draw_labels_as_glyph_outlines() -> None:
    G = gametree.random_tree((3, 5), 5, seed=8)
    assert G.number_of_nodes() > mpl.TEXT_ARTISTS_UP_TO
    gametree.alphabeta(G)
    artists = gametree.draw(G, show="values,names")
    assert artists.values == {} and artists.labels is not None
    # One compound path per text colour: black values, dark names, greys when pruned.
    assert 2 <= len(artists.labels.get_paths()) <= 6
    # The glyphs lie where the slots are: within the drawing's limits.
    xlim, ylim = artists.ax.get_xlim(), artists.ax.get_ylim()
    for path in artists.labels.get_paths():
        xs, ys = path.vertices[:, 0], path.vertices[:, 1]
        assert xlim[0] <= xs.min() and xs.max() <= xlim[1]
        assert ylim[0] <= ys.min() and ys.max() <= ylim[1]


def _svg_texts(svg: str) -> list[tuple[float, float, str]]:
    """(x, y, text) of every ``<text>`` element of an SVG file (ElementTree's reading)."""
    import xml.etree.ElementTree as ET

    found = []
    for el in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text"):
        found.append((float(el.get("x", "nan")), float(el.get("y", "nan")), el.text or ""))
    return found


def test_large_svg_writes_labels_as_text_where_matplotlib_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A diagram past TEXT_ARTISTS_UP_TO saved as SVG has its labels as ``<text>``, not
    glyph outlines, each where matplotlib writes the same label as a Text artist."""
    G = aima()
    gametree.alphabeta(G)
    as_artists = gametree.save(G, tmp_path / "artists.svg", show="values,names,bounds")
    monkeypatch.setattr(mpl, "TEXT_ARTISTS_UP_TO", 0)  # AIMA 5.2 drawn as a large tree
    as_text = gametree.save(G, tmp_path / "text.svg", show="values,names,bounds")
    expected = sorted(t for t in _svg_texts(as_artists.read_text()) if t[2] != "")
    got = sorted(_svg_texts(as_text.read_text()))
    caption = [t for t in expected if t[2].startswith("alphabeta")]
    assert len(got) == len(expected) > 30 and caption
    for (x0, y0, s0), (x1, y1, s1) in zip(expected, got, strict=True):
        assert s0 == s1 and abs(x0 - x1) < 0.02 and abs(y0 - y1) < 0.02, (s0, x0, y0, x1, y1)
    import xml.etree.ElementTree as ET

    ns = "{http://www.w3.org/2000/svg}"
    group = next(g for g in ET.fromstring(as_text.read_text()).iter(f"{ns}g")
                 if g.get("id") == "labels")  # fmt: skip
    assert not list(group.iter(f"{ns}path"))
    assert len(list(group.iter(f"{ns}text"))) == len(expected) - len(caption)
    styles = {g.get("style", "") for g in group}
    assert all("font-family: 'DejaVu Sans', sans-serif" in st for st in styles)
    assert any("font-style: italic" in st for st in styles)  # the names


def test_large_svg_is_small_and_its_labels_searchable(tmp_path: Path) -> None:
    G = gametree.random_tree((3, 5), 5, seed=8)
    assert G.number_of_nodes() > mpl.TEXT_ARTISTS_UP_TO
    gametree.alphabeta(G)
    svg = gametree.save(G, tmp_path / "big.svg", show="values,names", fit=None).read_text()
    texts = {t[2] for t in _svg_texts(svg)}
    root_value = str(G.nodes[G.graph["root"]]["search_value"]).replace("-", "\u2212")
    assert {"A", "B", root_value} <= texts
    assert len(_svg_texts(svg)) > G.number_of_nodes()  # every name, most values


def _pieces(collection: object, closed: bool) -> dict[tuple[object, ...], list[tuple[float, ...]]]:
    """Each piece a collection draws (a segment, a stroke or an outline, in data
    coordinates, rounded), listed under its look: colours, line width and dashes."""
    import numpy as np
    from matplotlib.colors import to_hex
    from matplotlib.path import Path as MplPath

    c: Any = collection
    paths = c.get_paths()
    offsets = c.get_offsets() if len(c.get_offsets()) == len(paths) else None
    faces, edges = c.get_facecolor(), c.get_edgecolor()
    widths, dashes = c.get_linewidth(), c.get_linestyle()
    out: dict[tuple[object, ...], list[tuple[float, ...]]] = {}
    for i, path in enumerate(paths):
        look = (
            to_hex(faces[i % len(faces)], keep_alpha=True) if len(faces) else None,
            to_hex(edges[i % len(edges)], keep_alpha=True) if len(edges) else None,
            float(widths[i % len(widths)]),
            str(dashes[i % len(dashes)]),
        )
        vertices = np.asarray(path.vertices, dtype=float)
        if offsets is not None:  # in points about an offset; one point is one unit here
            vertices = vertices + offsets[i]
        codes = path.codes
        starts = [k for k in range(len(vertices))
                  if k == 0 or np.isnan(vertices[k - 1]).any()
                  or (codes is not None and codes[k] == MplPath.MOVETO)]  # fmt: skip
        for a, b in zip(starts, [*starts[1:], len(vertices) + 1], strict=True):
            piece = vertices[a : b - 1] if b <= len(vertices) else vertices[a:]
            piece = piece[~np.isnan(piece).any(axis=1)]
            if closed and len(piece) and np.allclose(piece[0], piece[-1]):
                piece = piece[:-1]
            if len(piece):
                out.setdefault(look, []).append(tuple(np.round(piece, 6).ravel()))
    return {look: sorted(found) for look, found in out.items()}


def test_a_large_svg_draws_one_path_per_look(tmp_path: Path) -> None:
    """Past TEXT_ARTISTS_UP_TO an SVG's edges, cut marks and shapes are one path per
    look (matplotlib writes an element per path: most of such a file's time and size).
    Every segment, stroke and outline is still drawn, where and as it was, with
    nothing added: the same pieces under the same looks as one path each."""
    from gametree.drawing.fit import arrange
    from gametree.drawing.mpl import draw_diagram
    from gametree.drawing.style import diagram

    G = gametree.random_tree((2, 4), 5, seed=3)
    assert G.number_of_nodes() > mpl.TEXT_ARTISTS_UP_TO
    result = gametree.alphabeta(G, annotate=False)
    d = diagram(G, result, show="values,names", fit=None)
    pl = arrange(d)
    one_each = draw_diagram(d, placement=pl)
    by_look = draw_diagram(d, placement=pl, by_look=True)
    for role, closed in (("edges", False), ("cut_marks", False), ("nodes", True)):
        plain = _pieces(getattr(one_each, role), closed)
        joined = _pieces(getattr(by_look, role), closed)
        assert plain == joined, role
        assert len(getattr(by_look, role).get_paths()) == len(plain) <= 6, role
    assert len(plain) >= 2 and sum(map(len, plain.values())) == G.number_of_nodes() - sum(
        1 for n in d.nodes if not len(pl.outline(n.node))
    )
    import xml.etree.ElementTree as ET

    svg = gametree.save(G, tmp_path / "big.svg", result, show="values,names", fit=None)
    ns = "{http://www.w3.org/2000/svg}"
    groups = {g.get("id"): g for g in ET.parse(svg).iter(f"{ns}g")}
    for gid in ("edges", "cut-marks", "nodes"):
        assert 1 <= len(list(groups[gid].iter(f"{ns}path"))) <= 6, gid


def test_importing_gametree_loads_no_plotting_backend() -> None:
    code = (
        "import sys, gametree; "
        "bad = [m for m in ('matplotlib.pyplot', 'matplotlib', 'pydot', 'pygraphviz', 'PIL') "
        "if m in sys.modules]; print(bad)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_drawing_does_not_touch_pyplot() -> None:
    code = (
        "import sys, gametree; "
        "gametree.draw(gametree.from_nested([[1, 2], [3, 4]])); "
        "print('matplotlib.pyplot' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


BASELINE_MATPLOTLIB = "3.11"
"""The matplotlib (major.minor) that drew tests/data/draw/baseline/; text rendering
changes between releases, so other versions compare the artists above, not pixels."""


@pytest.mark.parametrize("name", ["aima_bare", "aima_alphabeta"])
def test_image_matches_baseline(name: str, tmp_path: Path) -> None:
    import matplotlib
    from matplotlib.testing.compare import compare_images

    running = ".".join(matplotlib.__version__.split(".")[:2])
    if running != BASELINE_MATPLOTLIB:
        pytest.skip(
            f"baseline images were drawn by matplotlib {BASELINE_MATPLOTLIB}, "
            f"this is {matplotlib.__version__}"
        )

    G = aima()
    if name == "aima_alphabeta":
        gametree.alphabeta(G)
    actual = tmp_path / f"{name}.png"
    gametree.save(G, actual, show="values,names,bounds", dpi=100)
    expected = DATA / "baseline" / f"{name}.png"
    assert compare_images(str(expected), str(actual), tol=3) is None


def test_save_by_suffix(tmp_path: Path) -> None:
    G = aima()
    result = gametree.alphabeta(G, annotate=False, trace=True)
    magic = {"png": b"\x89PNG", "svg": b"<?xml", "pdf": b"%PDF"}
    for suffix, start in magic.items():
        path = gametree.save(G, tmp_path / f"t.{suffix}", result)
        assert path.read_bytes().startswith(start)
    assert "n5 -> n7" in gametree.save(G, tmp_path / "t.dot", result).read_text()
    assert "tikzpicture" in gametree.save(G, tmp_path / "t.tex", result).read_text()
    assert "pruned" in gametree.save(G, tmp_path / "t.txt", result).read_text()
    with pytest.raises(gametree.RenderError, match=r"unknown suffix; use one of \.png"):
        gametree.save(G, tmp_path / "t.jpeg")
    with pytest.raises(gametree.RenderError, match="unknown engine 'cairo'"):
        gametree.save(G, tmp_path / "t.png", engine="cairo")
    assert not G.nodes["A"].get("status")  # the graph itself is never annotated


def test_svg_is_deterministic(tmp_path: Path) -> None:
    G = aima()
    gametree.alphabeta(G)
    a = gametree.save(G, tmp_path / "a.svg").read_text()
    b = gametree.save(G, tmp_path / "b.svg").read_text()
    assert a == b


def test_huge_png_warns_and_shrinks(tmp_path: Path) -> None:
    G = gametree.from_nested([list(range(1500))])
    with pytest.warns(UserWarning, match="more than 32,767; .*Save as .svg"):
        path = gametree.save(G, tmp_path / "wide.png", fit=None)
    from PIL import Image

    with Image.open(path) as image:
        assert max(image.size) <= 32767


def test_jupyter_view_is_svg() -> None:
    G = aima()
    view = gametree.show(G, gametree.alphabeta(G, annotate=False))
    svg = view._repr_svg_()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert repr(view) == "<DiagramView of a tree with 13 nodes, searched by alphabeta>"
    assert repr(gametree.show(gametree.from_nested([1]))) == "<DiagramView of a tree with 2 nodes>"
    gametree.minimax(G)  # annotated in place: the view of G says so without a result
    assert repr(gametree.show(G)) == "<DiagramView of a tree with 13 nodes, searched by minimax>"


def _display(obj: object) -> dict[str, str]:
    """What a Jupyter front end shows for ``obj`` as a cell's value (IPython's display
    protocol: ``_repr_mimebundle_``, else the ``_repr_*_`` methods; else only text)."""
    bundle = getattr(obj, "_repr_mimebundle_", None)
    if callable(bundle):
        return dict(bundle())
    shown = {"text/plain": repr(obj)}
    for mime, method in (("image/svg+xml", "_repr_svg_"), ("text/html", "_repr_html_")):
        value = getattr(obj, method, lambda: None)()
        if value is not None:
            shown[mime] = value
    return shown


def test_show_is_the_one_way_a_notebook_displays_a_diagram() -> None:
    # draw returns matplotlib artists (a picture only where matplotlib's inline display
    # is set up); show returns a view every front end displays by itself.
    G = aima()
    result = gametree.alphabeta(G, annotate=False)
    assert set(_display(gametree.draw(G, result))) == {"text/plain"}
    shown = _display(gametree.show(G, result))
    assert shown["image/svg+xml"].lstrip().startswith("<?xml")
    assert "<svg" in shown["image/svg+xml"] and shown["text/plain"].startswith("<DiagramView")
    assert shown["text/html"].startswith("<iframe srcdoc=")
    bare = _display(gametree.show(G))
    assert "image/svg+xml" in bare and "text/html" not in bare


def test_layout_uses_points_one_to_one(searched: Artists) -> None:
    # The default figure is sized so that one layout unit is one point: siblings E, F
    # are at least their extents plus the sibling gap apart, measured in points.
    assert searched.placement is not None
    pos = searched.placement.pos
    width_in = searched.figure.get_size_inches()[0]
    xlim = searched.ax.get_xlim()
    assert (xlim[1] - xlim[0]) == pytest.approx(width_in * 72)
    for a, b in pairwise("EFG"):
        assert pos[b][0] > pos[a][0]


def test_bounds_beside_internal_nodes_and_leaves_only_when_asked(searched: Artists) -> None:
    # A leaf's window tells nothing the parent's does not (E, F, G all read [-inf, 3]
    # or [-inf, inf]): "bounds" writes them beside the internal nodes A..D only.
    assert set(searched.bounds) == {"A", "B", "C", "D"}
    G = aima()
    gametree.alphabeta(G)
    every = gametree.draw(G, show="values,bounds,leaf_bounds")
    assert every.bounds["E"].get_text() == "[−∞, ∞]" and every.bounds["M"].get_text() == "[3, 5]"
    assert set(every.bounds) == set("ABCDEFGHKLM")  # I, J pruned: never entered
    assert set(gametree.draw(G, show="leaf_bounds").bounds) == set("EFGHKLM")


@pytest.mark.parametrize(
    ("options", "caption"),
    [
        ({}, "alphabeta: cut when α ≥ β, fail-soft, window (−∞, ∞)"),
        (
            {"prune_on_equal": False, "fail": "hard", "window": (2, 5)},
            "alphabeta: cut only when α > β (strict), fail-hard, window (2, 5)",
        ),
    ],
)
def test_a_searched_diagram_is_captioned_with_its_convention(
    options: dict[str, object], caption: str
) -> None:
    G = aima()
    r = gametree.alphabeta(G, annotate=False, **options)  # type: ignore[arg-type]
    artists = gametree.draw(G, r)
    assert artists.caption is not None and artists.caption.get_text() == caption
    # Inside the figure, below every node.
    fig = artists.figure
    fig.canvas.draw()
    box = artists.caption.get_window_extent()
    assert box.x0 >= 0 and box.x1 <= fig.bbox.width and box.y0 >= 0
    assert box.y1 < min(artists.values[leaf].get_window_extent().y0 for leaf in "EFGHIJKLM")
    assert caption.replace("α", "$\\alpha$").split(":")[0] in gametree.to_tikz(G, r)
    assert f'label="{caption}"' in gametree.to_dot(G, r)
    assert gametree.to_text(G, r).splitlines()[-2] == caption
    assert gametree.draw(G).caption is None  # a bare tree has none
    assert gametree.draw(G, r, style={"caption": False}).caption is None


def test_a_caption_wider_than_the_tree_widens_the_figure() -> None:
    G = gametree.from_nested([1, 2])
    artists = gametree.draw(G, gametree.alphabeta(G, annotate=False, prune_on_equal=False))
    fig = artists.figure
    fig.canvas.draw()
    assert artists.caption is not None
    assert artists.caption.get_window_extent().x1 <= fig.bbox.width


def test_tikz_caption_is_strict_on_the_slide() -> None:
    G = aima()
    r = gametree.alphabeta(G, annotate=False, prune_on_equal=False)
    tex = gametree.to_tikz(G, r)
    assert "cut only when $\\alpha$ $>$ $\\beta$ (strict)" in tex
