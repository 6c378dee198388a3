"""The divergence picture of a wrong submission names the cut rule the report judged by
(issue 35, item 9): a code that cuts only on ``>`` was told so in the text while its
pictures were captioned "cut when α ≥ β" on every tree both rules search alike."""

from __future__ import annotations

from gametree.drawing.style import diagram
from gametree.homework.codecheck.checker import Checker
from gametree.publish.codediagrams import divergence_svgs
from tests.codecheck_students import TREE

# alphabeta_strict (cuts on >) with the MAX side's cut left out: wrong on trees that
# cut at a MAX node, whichever rule, and right where only strict cuts tell them apart.
STRICT_ONE_SIDED = TREE.replace("            if best > beta:\n                break\n", "", 1)


def test_the_pictures_caption_states_the_rule_the_text_judged_by() -> None:
    assert STRICT_ONE_SIDED != TREE
    checker = Checker("tree", "alphabeta_strict", "alphabeta", prune_on_equal=None)
    child = checker.run(STRICT_ONE_SIDED.encode(), "strict.py")
    report = checker.report(child, "strict.py")
    assert report.verdict == "incorrect"
    assert report.convention["prune_on_equal"] is False
    assert report.convention_text().startswith("cuts only on > (strict)")
    drawn = list(checker.divergences(report, child))
    assert drawn
    for name, G, result, _ in drawn:
        caption = diagram(G, result).caption
        assert "cut only when α > β (strict)" in caption, (name, caption)
        assert "α ≥ β" not in caption
    svgs = dict(divergence_svgs(checker, report, child))
    assert svgs and all("α &gt; β" in s or "α > β" in s for s in svgs.values())
