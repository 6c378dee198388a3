"""Fitting drawings to a page: artist-level checks of size, fonts, text extents, overlaps."""

from __future__ import annotations

import re
import warnings
from itertools import combinations
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

import gametree
from gametree.cli import main
from gametree.drawing.fit import MIN_FONT, PAPERS, page_size
from gametree.drawing.mpl import Artists
from gametree.drawing.parts import split_tree
from gametree.exceptions import FitWarning, RenderError
from tests.strategies import trees

SLIDE = (13.33, 7.5)


def aima() -> nx.DiGraph:
    return gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])


def searched(branching: int, depth: int, seed: int) -> nx.DiGraph:
    G = gametree.random_tree(branching, depth, seed=seed)
    gametree.alphabeta(G)
    return G


def texts(artists: Artists) -> list[object]:
    groups = (artists.values, artists.names, artists.bounds, artists.order, artists.moves)
    return [t for group in groups for t in group.values()]


def check_legible_on_page(artists: Artists, page: tuple[float, float]) -> None:
    """The figure fits ``page``; every text is >= 7 pt, inside the figure, overlap-free."""
    assert artists.labels is None, "texts must be Text artists to be measured"
    width, height = artists.figure.get_size_inches()
    assert width <= page[0] + 1e-6
    assert height <= page[1] + 1e-6
    renderer = artists.figure.canvas.get_renderer()  # type: ignore[attr-defined]
    fig_box = artists.figure.bbox
    boxes = []
    for text in texts(artists):
        assert text.get_fontsize() >= MIN_FONT  # type: ignore[attr-defined]
        box = text.get_window_extent(renderer)  # type: ignore[attr-defined]
        assert fig_box.x0 - 0.5 <= box.x0 and box.x1 <= fig_box.x1 + 0.5, text
        assert fig_box.y0 - 0.5 <= box.y0 and box.y1 <= fig_box.y1 + 0.5, text
        boxes.append(box)
    # Half a pixel of slack: glyph boxes of touching texts share an edge.
    for a, b in combinations(boxes, 2):
        overlap_x = min(a.x1, b.x1) - max(a.x0, b.x0)
        overlap_y = min(a.y1, b.y1) - max(a.y0, b.y0)
        assert overlap_x <= 0.5 or overlap_y <= 0.5, (a, b)


def png_aspect(path: Path) -> float:
    with Image.open(path) as image:
        width, height = image.size
    return width / height


@pytest.mark.parametrize("seed", [1, 5])
def test_b3_d4_after_alpha_beta_fits_a_slide(seed: int, tmp_path: Path) -> None:
    G = searched(3, 4, seed)
    assert G.number_of_nodes() == 121
    with warnings.catch_warnings():
        warnings.simplefilter("error", FitWarning)
        artists = gametree.draw(G)
    leaves = [n for n in G if not G.succ[n]]
    assert len(leaves) == 81 and all(leaf in artists.values for leaf in leaves)
    check_legible_on_page(artists, SLIDE)
    gametree.save(G, tmp_path / "key.png")
    assert png_aspect(tmp_path / "key.png") <= 3.0


def test_generated_b3_d4_key_fits_a_slide(tmp_path: Path) -> None:
    exercise = gametree.homework.generate(branching=3, depth=4, seed=3)
    G = exercise.tree.copy()
    assert G.number_of_nodes() == 121
    gametree.alphabeta(G)
    with warnings.catch_warnings():
        warnings.simplefilter("error", FitWarning)
        check_legible_on_page(gametree.draw(G), SLIDE)
        gametree.save(G, tmp_path / "key.png")
    assert png_aspect(tmp_path / "key.png") <= 3.0


def test_b4_d4_collapsed_is_legible_where_it_fits(tmp_path: Path) -> None:
    # 341 nodes, its pruned subtrees collapsed: 96 leaves and 34 triangles on the level
    # above them stay in one row each (no stacked rows, issue 23), so the key needs
    # more than a slide at 7 pt: it is drawn at 7 pt, wider, with a warning.
    G = searched(4, 4, 1)
    assert G.number_of_nodes() == 341
    with pytest.warns(FitWarning, match="does not fit a 13.33 x 7.5 in page"):
        artists = gametree.draw(G, collapse="pruned")
    width, height = artists.figure.get_size_inches()
    check_legible_on_page(artists, (width, height))
    assert all(t.get_fontsize() >= MIN_FONT for t in texts(artists))


def test_a_tree_too_big_warns_naming_the_ways_out() -> None:
    G = searched(4, 4, 1)
    with pytest.warns(FitWarning) as caught:
        artists = gametree.draw(G)
    message = str(caught[0].message)
    for way_out in ("parts=True: 5 pictures", "max_depth=2)", "focus='B' fits", "fit=(40.1, 3.8)"):
        assert way_out in message
    assert "\n" not in message
    # Legibility wins over the page: nothing is drawn below 7 pt.
    assert artists.labels is not None  # 341 nodes: glyph outlines
    assert artists.figure.get_size_inches()[0] > SLIDE[0]


def test_aima_figure_keeps_its_natural_size() -> None:
    G = aima()
    result = gametree.alphabeta(G, annotate=False)
    fitted = gametree.draw(G, result)
    natural = gametree.draw(G, result, fit=None)
    assert tuple(fitted.figure.get_size_inches()) == tuple(natural.figure.get_size_inches())
    assert fitted.values["A"].get_fontsize() == 10
    assert {n: fitted.placement.pos[n] for n in G} == {  # type: ignore[union-attr]
        n: natural.placement.pos[n]  # type: ignore[union-attr]
        for n in G
    }


def test_a_small_page_shrinks_the_drawing_but_not_below_7_pt() -> None:
    G = searched(3, 3, 2)
    artists = gametree.draw(G, fit=(6.0, 4.0))
    check_legible_on_page(artists, (6.0, 4.0))
    assert 7.0 <= artists.values[gametree.find_root(G)].get_fontsize() < 10


def test_levels_spread_only_on_shrunk_drawings() -> None:
    # AIMA 5.2 with bounds and visit order is over 3 times as wide as tall, but fits the
    # slide at its natural size: it is left as it is.
    G = aima()
    gametree.alphabeta(G)
    show = "values,bounds,order,names"
    natural = gametree.draw(G, show=show, fit=None).placement
    fitted = gametree.draw(G, show=show).placement
    assert natural is not None and fitted is not None
    assert (natural.xmax - natural.xmin) / (natural.ymax - natural.ymin) > 3.0
    assert fitted.pos == natural.pos
    # A tree shrunk to the slide's width spreads its levels over at least half its height.
    big = searched(4, 3, 1)
    artists = gametree.draw(big, fit=None)
    assert artists.figure.get_size_inches()[0] > SLIDE[0]
    shrunk = gametree.draw(big)
    width, height = shrunk.figure.get_size_inches()
    assert width <= SLIDE[0] and SLIDE[1] / 2 <= height <= SLIDE[1]


@settings(max_examples=10, deadline=None)
@given(trees(max_branching=4, max_depth=4))
def test_fitted_random_trees_have_no_overlapping_texts(G: nx.DiGraph) -> None:
    gametree.alphabeta(G)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FitWarning)
        artists = gametree.draw(G, fit=(6.0, 4.0), show="values,bounds,names")
    renderer = artists.figure.canvas.get_renderer()  # type: ignore[attr-defined]
    boxes = [t.get_window_extent(renderer) for t in texts(artists)]  # type: ignore[attr-defined]
    for a, b in combinations(boxes, 2):
        overlap_x = min(a.x1, b.x1) - max(a.x0, b.x0)
        overlap_y = min(a.y1, b.y1) - max(a.y0, b.y0)
        assert overlap_x <= 0.5 or overlap_y <= 0.5


def test_game_boards_are_not_clipped() -> None:
    from gametree.games.specs import parse_game

    G = gametree.expand(parse_game("connect4"), depth=2)
    artists = gametree.draw(G)
    renderer = artists.figure.canvas.get_renderer()  # type: ignore[attr-defined]
    fig_box = artists.figure.bbox
    for text in texts(artists):
        box = text.get_window_extent(renderer)  # type: ignore[attr-defined]
        assert box.y0 >= fig_box.y0 - 0.5 and box.y1 <= fig_box.y1 + 0.5


def test_page_sizes() -> None:
    assert page_size("a4") == (8.27, 11.69)  # portrait
    assert page_size("A4-Landscape") == (11.69, 8.27)
    assert page_size("10x5") == (10.0, 5.0)
    assert page_size(" 13.33 x 7.5 ") == (13.33, 7.5)
    assert PAPERS["slide"] == SLIDE
    for bad in ("a5", "10", "0x5", "x5", "10x-5"):
        with pytest.raises(RenderError, match="unknown page"):
            page_size(bad)
    with pytest.raises(RenderError, match="fit must be"):
        gametree.draw(aima(), fit=(0, 5))


def test_cli_paper_and_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tree = tmp_path / "big.tree"
    gametree.dump(gametree.random_tree(3, 4, seed=1), tree)
    out = tmp_path / "a4.png"
    argv = ["draw", str(tree), "-o", str(out), "-a", "alphabeta", "--paper", "a3-landscape"]
    assert main(argv) == 0
    with Image.open(out) as image:
        width, height = image.size
    assert width / 150 <= 16.54 + 0.01 and height / 150 <= 11.69 + 0.01
    assert capsys.readouterr().err == ""
    out = tmp_path / "small.png"
    assert main(["draw", str(tree), "-o", str(out), "--size", "4x3"]) == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "warning: the tree does not fit a 4 x 3 in page" in err
    for flags in (["--paper", "a5"], ["--size", "big"], ["--size", "a4"]):
        assert main(["draw", str(tree), "-o", str(out), *flags]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "error:" in err


@settings(max_examples=60, deadline=None)
@given(trees(max_branching=5, max_depth=5), st.sampled_from([(13.33, 7.5), (6.0, 4.0), (3.0, 2.0)]))
def test_a_fitted_diagram_places_again_as_fitted(G: nx.DiGraph, page: tuple[float, float]) -> None:
    # Emitters place the fitted diagram again: its style must be the one its placement
    # was made with, whichever trial won (or none did).
    from gametree.drawing.fit import fit_placement
    from gametree.drawing.slots import place
    from gametree.drawing.style import diagram

    d = diagram(G, gametree.alphabeta(G, annotate=False), fit=page)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FitWarning)
        fitted = fit_placement(d)
    again = place(d)
    assert (again.xmin, again.xmax, again.ymin, again.ymax) == (
        fitted.xmin,
        fitted.xmax,
        fitted.ymin,
        fitted.ymax,
    )


def test_the_ways_out_a_warning_names_work_and_are_not_given_already(tmp_path: Path) -> None:
    """Issue 35: a b=3 d=4 key on A4 was told to use --collapse pruned (wider),
    --orientation left-right (18.5 in tall) and the option already given. Each way out
    named now fits: the parts, the page size it names; a given view is not named."""
    G = searched(3, 4, 5)
    a4 = PAPERS["a4"]
    with pytest.warns(FitWarning) as caught:
        gametree.draw(G, fit=a4)
    message = str(caught[0].message)
    assert "collapse" not in message and "orientation" not in message
    need = re.search(r"fit=\(([\d.]+), ([\d.]+)\)", message)
    assert need is not None
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no FitWarning on the page it names
        gametree.draw(G, fit=(float(need[1]) + 0.05, float(need[2]) + 0.05))
        parts = split_tree(G, None, fit=a4)
    assert len(parts) == 4 and all(p.fits for p in parts)
    with pytest.warns(FitWarning) as caught:
        gametree.draw(G, fit=a4, max_depth=3)
    message = str(caught[0].message)
    assert "max_depth" not in message and "parts" not in message and "focus='B' fits" in message
    assert _fit_warnings(G, max_depth=3, focus="B") == []


def _fit_warnings(G: nx.DiGraph, **view: object) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", FitWarning)
        gametree.draw(G, fit=A4, **view)  # type: ignore[arg-type]
    return [str(w.message) for w in caught if issubclass(w.category, FitWarning)]


A4 = (8.27, 11.69)


def test_the_warning_names_only_views_that_fit() -> None:
    """Issue 35: the warning named max_depth and focus without seeing whether they fit.
    The b=3 d=4 key on A4 (14.8 in wide): its top 2 levels fit, 3 do not (12.6 in);
    the subtree under B fits; in parts it is 4 pictures. Each one named is drawn here
    and fits, the next level down does not; a star of 200 leaves, which no view makes
    narrower, gets the page size only."""
    G = searched(3, 4, 5)
    [message] = _fit_warnings(G)
    assert "(parts=True: 4 pictures)" in message
    assert "draw its top 2 levels only (max_depth=2)" in message
    assert "draw one subtree (focus='B' fits)" in message
    assert _fit_warnings(G, max_depth=2) == []
    assert _fit_warnings(G, focus="B") == []
    assert len(_fit_warnings(G, max_depth=3)) == 1  # one more level does not fit
    parts = split_tree(G, fit=A4)
    assert len(parts) == 4 and all(p.fits for p in parts)
    star = gametree.from_nested(list(range(200)))
    [message] = _fit_warnings(star)
    assert message.endswith("(it needs 36.8 x 1.3 in); fit it to a page of 36.8 x 1.3 in or "
                            "more (fit=(36.8, 1.3))")  # fmt: skip


@pytest.mark.slow  # 81 parts laid out, twice
def test_a_subtree_too_wide_for_its_page_is_not_named() -> None:
    """random_tree(4, 5): none of the first 12 subtrees (the root's 4 children, 8 of the
    next level's) fits A4, so focus is not named; its top 2 levels are, and its 81
    parts. Splitting it used to fail ("root 'A' named in G.graph['root'] is not a
    node"): a part of a part, a subtree's top levels, was taken for the whole tree's."""
    G = searched(4, 5, 1)
    [message] = _fit_warnings(G)
    assert "focus" not in message
    assert "(max_depth=2)" in message and "parts=True: 81 pictures" in message
    parts = split_tree(G, fit=A4)
    assert len(parts) == 81 and all(p.fits for p in parts)
    # The top 2 levels, then the top level under F, a subtree too wide for A4 alone.
    assert [(p.root, p.max_depth) for p in parts[:2]] == [("A", 2), ("F", 1)]


@settings(max_examples=40, deadline=None)
@given(trees(max_branching=5, max_depth=4), st.sampled_from([(13.33, 7.5), (4.0, 3.0), (2.0, 1.5)]))
def test_asking_whether_a_view_fits_answers_as_laying_it_out(
    G: nx.DiGraph, page: tuple[float, float]
) -> None:
    """A warning asks whether views of the tree fit (its top levels, each subtree): it
    rules out a view whose levels alone are too wide or too many for the page, and lays
    out the others without drawing them. Each answer is the one every trial layout
    gives, with no view ruled out unseen."""
    from unittest.mock import patch

    from gametree.drawing import fit
    from gametree.drawing.style import diagram

    result = gametree.alphabeta(G, annotate=False)
    d = diagram(G, result, fit=page)
    base = dict(d.style)
    root = G.graph["root"]
    views: list[dict[str, object]] = [{"max_depth": k} for k in range(1, 4)]
    views += [{"focus": c} for c in G.successors(root) if G.out_degree(c)]
    for view in views:
        drawn = diagram(G, result, fit=page, **view)  # type: ignore[arg-type]
        with patch.object(fit, "_cannot_fit", lambda *args, **kwargs: False):
            laid_out = not fit.fit_placement(drawn, warn=False).overflow
        assert fit._view_fits(d, base, page, **view) == laid_out, view
    assert d.style == base  # asking changed nothing of the drawing


def test_a_view_too_wide_for_the_page_is_ruled_out_unseen() -> None:
    """The b=4 d=5 tree's subtrees each have 64 leaves: on a 4 x 3 in page none fits at
    7 pt, which their level counts say without a layout (the trials are not run)."""
    from unittest.mock import patch

    from gametree.drawing import fit
    from gametree.drawing.style import diagram

    G = searched(4, 5, 1)
    d = diagram(G, fit=(4.0, 3.0))
    with patch.object(fit, "_fit", side_effect=AssertionError("laid out")):
        assert not fit._view_fits(d, dict(d.style), (4.0, 3.0), focus="B")
        assert not fit._view_fits(d, dict(d.style), (4.0, 3.0), max_depth=3)
