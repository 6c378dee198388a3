"""A 100,000-deep chain through the paths that once recursed or went quadratic
(issue 10): check of a full key, to_notation (and back), annotated searches. Not timed:
they must finish without RecursionError; bench_scale.py measures their growth."""

from __future__ import annotations

import sys
from pathlib import Path

import networkx as nx
import pytest

import gametree
from gametree.cli import main
from gametree.homework import AnswerKey

DEPTH = 100_000


def chain(depth: int) -> nx.DiGraph:
    """MAX and MIN alternating down a single path to one leaf."""
    return gametree.random_tree(1, depth, seed=1)


def _leaf_value(G: nx.DiGraph) -> float:
    (leaf,) = (n for n in G if not G._succ[n])
    return G.nodes[leaf]["value"]  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def deep() -> nx.DiGraph:
    return chain(DEPTH)


@pytest.fixture(autouse=True)
def _low_recursion_limit() -> object:
    # A recursive walk would need DEPTH frames: far past this limit.
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(1_000)
    yield
    sys.setrecursionlimit(old)


@pytest.mark.slow
def test_check_of_a_full_key(deep: nx.DiGraph) -> None:
    key = AnswerKey(deep)
    answers = key.answers()
    assert len(answers["values"]) == DEPTH
    report = key.check(answers)
    assert report.ok and report.score == 1.0


@pytest.mark.slow
def test_to_notation_and_back(deep: nx.DiGraph) -> None:
    text = gametree.to_notation(deep)
    assert text.count("(") == DEPTH
    back = gametree.parse(text)
    assert back.number_of_nodes() == DEPTH + 1
    assert gametree.minimax(back).value == _leaf_value(deep)


def test_to_notation_of_a_wide_star() -> None:
    G = gametree.from_nested([list(range(DEPTH))])
    text = gametree.to_notation(G)
    assert gametree.parse(text).number_of_nodes() == DEPTH + 2


@pytest.mark.slow
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "pvs", "expectiminimax"])
def test_annotated_search(deep: nx.DiGraph, algorithm: str) -> None:
    H = deep.copy()
    result = getattr(gametree, algorithm)(H)
    leaf = _leaf_value(deep)
    assert result.value == leaf
    assert len(result.pv) == DEPTH + 1
    # Every node on the chain is annotated with the leaf's value, the deepest too.
    assert H.nodes[result.pv[0]]["search_value"] == leaf
    assert H.nodes[result.pv[-2]]["search_value"] == leaf


def test_png_of_a_deep_chain_is_refused_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tree = tmp_path / "chain.tree"
    tree.write_text(gametree.to_notation(chain(8_000)))
    assert main(["draw", str(tree), "-o", str(tmp_path / "chain.png")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert "too large for a PNG" in err and ".svg" in err and "--max-depth" in err
    assert not (tmp_path / "chain.png").exists()
