"""Choosing the LaTeX back end by name (gametree/drawing/latex.py), istgame's refusal."""

from __future__ import annotations

import pytest

import gametree
from gametree.drawing.latex import ISTGAME, LATEX, check_latex, latex_preamble, to_latex
from gametree.exceptions import RenderError
from tests.test_draw_golden import aima


def test_names_and_dispatch() -> None:
    G = aima()
    result = gametree.alphabeta(G, annotate=False)
    assert LATEX == ("tikz", "forest", "istgame")
    assert to_latex(G, result) == gametree.to_tikz(G, result)
    assert to_latex(G, result, latex="forest") == gametree.to_forest(G, result)
    both = {name: to_latex(G, result, latex=name, standalone=True, fit=(5, 5)) for name in
            ("tikz", "forest")}  # fmt: skip
    assert both["tikz"] == gametree.to_tikz(G, result, standalone=True, fit=(5, 5))
    assert both["forest"] == gametree.to_forest(G, result, standalone=True, fit=(5, 5))


def test_preambles_are_what_the_standalone_documents_load() -> None:
    G = aima()
    for name in ("tikz", "forest"):
        document = to_latex(G, latex=name, standalone=True)
        head = document.split("\\begin{document}")[0]
        assert latex_preamble(name) in head
    assert latex_preamble("forest") == "\\usepackage{forest}\n\\usetikzlibrary{backgrounds}\n"


def test_istgame_is_refused_with_its_reason_on_one_line() -> None:
    assert "\n" not in ISTGAME
    assert "--latex forest" in ISTGAME and "--latex tikz" in ISTGAME
    for call in (
        lambda: check_latex("istgame"),
        lambda: to_latex(aima(), latex="istgame"),
        lambda: latex_preamble("istgame"),
    ):
        with pytest.raises(RenderError) as info:
            call()
        assert str(info.value) == ISTGAME


@pytest.mark.parametrize("name", ["TikZ", "pstricks", ""])
def test_unknown_names_are_named(name: str) -> None:
    with pytest.raises(RenderError, match=f"unknown LaTeX back end {name!r}; expected"):
        check_latex(name)
