"""Gambit .efg: known answers from hand-written files, refusals, round trips, OpenSpiel."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import VALUES_FLOAT, VALUES_INT, chance_trees, trees

import gametree
from gametree.cli import main
from gametree.readwrite import sniff
from gametree.readwrite.efg import generate_efg, parse_efg

DATA = Path(__file__).parent / "data" / "efg"


# -- known answers (the files cite their sources) -------------------------------------------


def test_aima_figure_5_2() -> None:
    G = gametree.load(DATA / "aima_fig_5_2.efg")
    # Named nodes keep their names; the unnamed leaves get letters, breadth-first.
    assert list(G.successors("A")) == ["B", "C", "D"]
    assert [G.edges["A", c]["move"] for c in "BCD"] == ["a1", "a2", "a3"]
    assert [G.nodes[n]["value"] for n in "EFGHIJKLM"] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert G.nodes["A"]["player"] == "MAX" and G.nodes["C"]["player"] == "MIN"
    assert G.graph["name"] == "AIMA Figure 5.2"
    r = gametree.alphabeta(G)
    assert (r.value, r.best_child, r.best_move) == (3, "B", "a1")
    assert r.pruned_edges == (("C", "I"), ("C", "J"))


def test_aima_figure_5_12_left_has_exact_probabilities() -> None:
    G = gametree.load(DATA / "aima_fig_5_12_left.efg")
    root = G.graph["root"]
    a1, a2 = G.successors(root)
    assert G.nodes[a1]["player"] == "CHANCE"
    assert [G.edges[a1, c]["prob"] for c in G.successors(a1)] == [
        Fraction(9, 10),
        Fraction(1, 10),
    ]
    r = gametree.expectiminimax(G)
    assert r.value == pytest.approx(2.1)  # .9 * 2 + .1 * 3
    assert r.best_move == "a1"
    assert gametree.expectiminimax(G, root=a2).value == pytest.approx(1.3)


def test_aima_figure_5_12_right_decimal_probabilities_and_a_reused_chance_set() -> None:
    G = gametree.load(DATA / "aima_fig_5_12_right.efg")
    root = G.graph["root"]
    a1, a2 = G.successors(root)
    # The second chance node only names information set 1: same outcomes, same odds.
    assert [G.edges[a2, c]["prob"] for c in G.successors(a2)] == [0.9, 0.1]
    assert [G.edges[a2, c]["move"] for c in G.successors(a2)] == ["h", "l"]
    r = gametree.expectiminimax(G)
    assert r.value == pytest.approx(40.9)  # .9 * 1 + .1 * 400
    assert r.best_move == "a2"
    assert gametree.expectiminimax(G, root=a1).value == pytest.approx(21)


def test_matching_pennies_is_refused_at_the_second_node_of_the_information_set() -> None:
    with pytest.raises(gametree.TreeSyntaxError, match="more than one node") as info:
        gametree.load(DATA / "matching_pennies.efg")
    assert (info.value.line, info.value.column) == (10, 8)
    assert "perfect information" in str(info.value)


def test_general_sum_payoffs_need_a_named_player() -> None:
    path = DATA / "ultimatum_general_sum.efg"
    with pytest.raises(gametree.TreeSyntaxError, match="not zero-sum or constant-sum") as info:
        gametree.load(path)
    assert (info.value.line, info.value.column) == (9, 1)
    # Player 1's payoff: MIN (the responder) rejects everything.
    assert gametree.minimax(gametree.load(path, payoff=1)).value == 0
    # Minus player 2's payoff: the responder accepts, the proposer offers the unfair split.
    G = gametree.load(path, payoff=2)
    r = gametree.minimax(G)
    assert r.value == -2 and r.best_move == "unfair"


def test_constant_sum_values_are_player_one_payoffs() -> None:
    text = 'EFG 2 R "" { "a" "b" }\np "" 1 1 { "x" "y" } 0\nt "" 1 { 7 3 }\nt "" 2 { 4 6 }\n'
    G = parse_efg(text)
    assert [G.nodes[n]["value"] for n in ("B", "C")] == [7, 4]


def test_outcomes_on_the_way_down_add_up_and_rationals_stay_exact() -> None:
    text = (
        'EFG 2 R "" { "a" "b" }\n'
        'p "" 1 1 "" { "x" "y" } 1 "bonus" { 1/2 -1/2 }\n'
        't "" 2 "" { 1 -1 }\n'
        't "" 0\n'
    )
    G = parse_efg(text)
    assert G.nodes["B"]["value"] == Fraction(3, 2) and G.nodes["C"]["value"] == Fraction(1, 2)


def test_one_player_and_integer_names() -> None:
    text = 'EFG 2 R "" { "solo" }\np "0" 1 1 { "l" "r" } 0\nt "1" 1 { 5 }\nt "2" 2 { 9 }\n'
    G = parse_efg(text)
    assert list(G.nodes) == [0, 1, 2] and G.graph["root"] == 0
    assert G.edges[0, 2] == {"move": "r"} and gametree.minimax(G).value == 9


def test_an_integer_name_too_long_for_an_int_stays_a_string() -> None:
    # Found by tests/fuzz/fuzz_readers.py: a 5,001-digit name raised Python's int-string
    # ValueError while the ids were chosen; such names are kept as text instead.
    long = "1" + "0" * 5_000
    text = (
        f'EFG 2 R "" {{ "solo" }}\np "{long}" 1 1 {{ "l" "r" }} 0\n'
        't "1" 1 { 5 }\nt "2" 2 { 9 }\n'
    )
    G = parse_efg(text)
    assert list(G.nodes) == [long, "1", "2"] and G.graph["root"] == long
    assert gametree.minimax(G).value == 9


# -- refusals, each with a line and a column ------------------------------------------------

HEADER = 'EFG 2 R "" { "1" "2" }\n'


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [
        ("EFX 2 R", 1, 1, "not a Gambit .efg file"),
        ('EFG 3 R "" { }', 1, 5, "the format version 2"),
        ('EFG 2 R "" { "1" "2" "3" }\nt "" 0', 1, 22, "3 players"),
        (HEADER + 'p "" 3 1 { "a" } 0\nt "" 0', 2, 6, "player 3 is not among"),
        (HEADER + 'p "" 1 1 { } 0', 2, 1, "has no actions"),
        (HEADER + 'p "" 1 1 { "a" } 0\nt "" 1', 3, 6, "before its payoffs"),
        (HEADER + 'p "" 1 1 { "a" } 0\nt "" 1 { 1 2 3 }', 3, 8, "3 payoff(s) for 2"),
        (HEADER + 'c "" 1 { "a" 1/2 "b" 1/3 } 0\nt "" 0\nt "" 0', 2, 26, "sum to 5/6"),
        (HEADER + 'c "" 1 { "a" 3/2 } 0\nt "" 0', 2, 14, "not between 0 and 1"),
        (HEADER + 'c "" 1 { "a" x } 0\nt "" 0', 2, 14, "its probability"),
        (HEADER + 'c "" 1 0\nt "" 0', 2, 8, "lists no actions"),
        (HEADER + 'p "" 1 1 { "a" } 0\nt "" 0\nt "" 0', 4, 1, "after the last node"),
        (HEADER + 'p "" 1 1 { "a" } 0', 2, 19, "the file ends"),
        (HEADER + 'p "a 1 1', 2, 3, "unterminated string"),
        (HEADER + 'x "" 0', 2, 1, "expected a node"),
    ],
)
def test_refusals_name_line_and_column(text: str, line: int, column: int, words: str) -> None:
    with pytest.raises(gametree.TreeSyntaxError) as info:
        gametree.loads(text, "efg")
    assert (info.value.line, info.value.column) == (line, column), str(info.value)
    assert words in info.value.reason


def test_writer_refusals() -> None:
    dag = gametree.parse("(A (B 1 2) (C 3))")
    dag.add_edge("C", "E")
    with pytest.raises(gametree.TreeFileError, match="2 parents"):
        gametree.dumps(dag, "efg")
    with pytest.raises(gametree.TreeFileError, match="finite"):
        gametree.dumps(gametree.parse("(A 1 inf)"), "efg")
    with pytest.raises(gametree.TreeFileError, match=r"only to \.efg"):
        gametree.loads("(A 1 2)", "tree", payoff=1)
    with pytest.raises(gametree.TreeFileError, match="payoff=3"):
        gametree.loads(HEADER + 't "" 0', "efg", payoff=3)


def test_the_cli_reads_and_writes_efg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fig52.efg"
    assert main(["convert", str(DATA / "aima_fig_5_2.efg"), str(out)]) == 0
    assert main(["solve", str(out)]) == 0
    assert "value:      3" in capsys.readouterr().out
    general = DATA / "ultimatum_general_sum.efg"
    assert main(["solve", str(general)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "ultimatum_general_sum.efg:9:1:" in err
    assert main(["convert", str(general), "--payoff", "2", "-"]) == 0
    assert "(A" in capsys.readouterr().out


# -- round trips ----------------------------------------------------------------------------

MOVE_TEXT = st.text(alphabet="abxy01 _-'\"\\é", min_size=1, max_size=5).map(lambda s: "m" + s)


@st.composite
def efg_trees(draw: st.DrawFn) -> nx.DiGraph:
    """Trees and chance trees with moves on some edges and exact or float probabilities."""
    values = st.one_of(VALUES_INT, VALUES_FLOAT)
    G = draw(st.one_of(trees(values, max_depth=5), chance_trees(values, max_depth=4)))
    if draw(st.booleans()):
        G = nx.convert_node_labels_to_integers(G)
        G.graph["root"] = 0
    for node in G:
        kids = list(G.successors(node))
        if G.nodes[node].get("player") == "CHANCE" and draw(st.booleans()):
            weights = [draw(st.integers(1, 5)) for _ in kids]
            for kid, w in zip(kids, weights, strict=True):
                G.edges[node, kid]["prob"] = Fraction(w, sum(weights))
        for kid in kids:
            if draw(st.booleans()):
                G.edges[node, kid]["move"] = draw(MOVE_TEXT)
    return G


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(G=efg_trees())
def test_dump_then_load_gives_the_same_tree(G: nx.DiGraph) -> None:
    expected = G.copy()
    for node in expected:
        kids = list(expected.successors(node))
        probs = [expected.edges[node, k].get("prob") for k in kids]
        if all(type(p) is Fraction and p == Fraction(1, len(kids)) for p in probs):
            for kid in kids:  # equal odds as exact 1/n read back as the default: no prob
                expected.edges[node, kid].pop("prob", None)
    H = gametree.loads(gametree.dumps(G, "efg"), "efg")
    assert list(H.nodes) == list(expected.nodes)
    assert H.graph == expected.graph
    for node, data in expected.nodes(data=True):
        assert H.nodes[node] == data, node
        assert {k: type(x) for k, x in H.nodes[node].items()} == {
            k: type(x) for k, x in data.items()
        }, node
        assert list(H.successors(node)) == list(expected.successors(node)), node
    for u, v, data in expected.edges(data=True):
        assert H.edges[u, v] == data, (u, v)
        assert {k: type(x) for k, x in H.edges[u, v].items()} == {
            k: type(x) for k, x in data.items()
        }


def test_dump_and_load_by_suffix(tmp_path: Path) -> None:
    G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    path = tmp_path / "fig52.efg"
    gametree.dump(G, path)
    assert path.read_text().startswith('EFG 2 R "" { "MAX" "MIN" } ""\np "A" 1 1 "" {')
    assert sniff(path.read_text()) == "efg"
    H = gametree.load(path)
    assert list(H.edges) == list(G.edges)
    assert gametree.loads(path.read_text()).nodes["E"] == {"value": 3}  # sniffed


@pytest.mark.slow
def test_deep_trees_do_not_recurse() -> None:
    n = 100_000
    G = nx.DiGraph()
    G.graph["root"] = 0
    for i in range(n):
        G.add_node(i, player="MAX" if i % 2 == 0 else "MIN")
        G.add_edge(i, i + 1)
    G.nodes[n]["value"] = 7
    H = gametree.loads(gametree.dumps(G, "efg"), "efg")
    assert len(H) == n + 1 and H.nodes[n]["value"] == 7


# -- fuzz: any text gives a tree or the documented error ------------------------------------

TOKENS = ["p", "c", "t", '""', '"a"', "1", "2", "0", "-1", "1/2", "0.5", "{", "}", ",", "\n", "x"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=40), st.text(max_size=20))
def test_fuzz(tokens: list[str], noise: str) -> None:
    for text in (HEADER + " ".join(tokens), HEADER + " ".join(tokens) + noise):
        try:
            G = parse_efg(text)
        except (gametree.TreeSyntaxError, gametree.InvalidTreeError):
            continue
        gametree.validate(G)


# -- an independent reader: OpenSpiel's efg_game --------------------------------------------


def pyspiel_or_skip() -> Any:
    return pytest.importorskip(
        "pyspiel", reason="OpenSpiel (pip install 'gametree[openspiel]') is not installed"
    )


def openspiel_value(text: str) -> float:
    """The game value for player 1, by OpenSpiel's own searches on its own reading of ``text``."""
    pyspiel: Any = pyspiel_or_skip()
    from open_spiel.python.algorithms import minimax

    game = pyspiel.load_efg_game(text)
    if game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC:
        return float(minimax.alpha_beta_search(game, maximizing_player_id=0)[0])
    state = game.new_initial_state()
    return float(minimax.expectiminimax(state, 10_000, lambda s: 0.0, 0)[0])


@pytest.mark.parametrize("name", ["aima_fig_5_2", "aima_fig_5_12_left", "aima_fig_5_12_right"])
def test_openspiel_reads_what_gametree_writes(name: str) -> None:
    pyspiel_or_skip()
    G = gametree.load(DATA / f"{name}.efg")
    ours = gametree.expectiminimax(G).value
    assert openspiel_value(generate_efg(G)) == pytest.approx(float(ours))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(G=efg_trees())
def test_openspiel_values_equal_ours(G: nx.DiGraph) -> None:
    pyspiel_or_skip()
    for node in G:
        seen = set()
        for kid in G.successors(node):
            data = G.edges[node, kid]
            move = data.get("move", kid)
            # OpenSpiel's reader ends a string at any '"', escaped or not, and needs
            # distinct action names at a node.
            if '"' in str(move) or move in seen:
                data.pop("move", None)
            seen.add(data.get("move", kid))
    ours = gametree.expectiminimax(G).value
    assert openspiel_value(generate_efg(G)) == pytest.approx(float(ours), abs=1e-9)


def test_equal_odds_as_ratios_are_the_default_and_decimals_stay() -> None:
    coin = (
        'EFG 2 R "" { "a" "b" }\nc "" 1 "" { "h" %s "t" %s } 0\nt "" 1 { 1 -1 }\nt "" 2 { 3 -3 }\n'
    )
    G = parse_efg(coin % ("1/2", "1/2"))
    assert G.edges["A", "B"] == {"move": "h"} and G.edges["A", "C"] == {"move": "t"}
    assert gametree.expectiminimax(G).value == 2
    H = parse_efg(coin % ("0.5", "0.5"))
    assert H.edges["A", "B"] == {"move": "h", "prob": 0.5}
    assert generate_efg(G).splitlines()[1] == 'c "A" 1 "" { "h" 1/2 "t" 1/2 } 0'
