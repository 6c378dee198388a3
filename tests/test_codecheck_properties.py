"""Property tests of check-code against gametree's own search, on random trees.

For each protocol and algorithm: the reference-style search wrapped in the protocol (the
unmutated core of :mod:`gametree.homework.codecheck.mutants`, which reads the tree only
through the protocol's calls) is judged correct under its own cut rule; and every
catalogued mutant is judged wrong exactly when its recorded behaviour differs from the
right search's. Runs in this process (no child), so many trees are cheap.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import code_trees

from gametree.homework.codecheck.catalogue import bugs_for
from gametree.homework.codecheck.compare import judge
from gametree.homework.codecheck.mutants import Mutation, mutant_entry
from gametree.homework.codecheck.protocols import PROTOCOLS, run_in_process
from gametree.homework.codecheck.reference import conventions_of, expected
from gametree.homework.codecheck.runtime.treedata import TreeData
from gametree.homework.codecheck.treespec import tree_case

COMBINATIONS = [
    (p, a)
    for p in ("aima", "cs188", "mutable", "tree")
    for a in ("minimax", "alphabeta", "expectiminimax")
    if not (p == "mutable" and a == "expectiminimax")
]
PROPERTY = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _case(drawn: tuple[Any, int | None], protocol: str, algorithm: str) -> Any:
    G, depth = drawn
    case = tree_case(G, "random", depth=depth)
    assert PROTOCOLS[protocol].presentable(TreeData(case.spec), algorithm) is None
    return case


def _right(c: bool | None) -> Mutation:
    return Mutation(poe_max=c is not False, poe_min=c is not False)


@pytest.mark.parametrize(("protocol", "algorithm"), COMBINATIONS)
@PROPERTY
@given(data=st.data())
def test_the_reference_in_each_protocol_is_judged_correct(
    protocol: str, algorithm: str, data: st.DataObject
) -> None:
    case = _case(data.draw(code_trees(protocol, algorithm)), protocol, algorithm)
    for c in conventions_of(algorithm):
        run = run_in_process(
            mutant_entry(protocol, algorithm, _right(c)), case, protocol, algorithm
        )
        e = expected(case, algorithm, c)
        verdict = judge(run, e, protocol)
        assert verdict.ok, (c, verdict.divergence)
        assert run.evaluations == e.evaluations


@pytest.mark.parametrize(("protocol", "algorithm"), COMBINATIONS)
@PROPERTY
@given(data=st.data())
def test_each_mutant_is_detected_whenever_it_behaves_otherwise(
    protocol: str, algorithm: str, data: st.DataObject
) -> None:
    case = _case(data.draw(code_trees(protocol, algorithm)), protocol, algorithm)
    conventions = conventions_of(algorithm)
    right = {
        c: run_in_process(mutant_entry(protocol, algorithm, _right(c)), case, protocol, algorithm)
        for c in conventions
    }
    refs = {c: expected(case, algorithm, c) for c in conventions}
    root = case.spec["root"]
    either = protocol == "tree" and case.spec["nodes"][root]["p"] == "MIN"
    for bug in bugs_for(protocol, algorithm, None):
        for m in bug.forms(algorithm, protocol):
            run = run_in_process(mutant_entry(protocol, algorithm, m), case, protocol, algorithm)
            for c in conventions:
                # plain-node code may give a MIN root's value in either sign, as the
                # checker's own comparison of runs allows (Checker._key)
                same = run.key(either_sign=either) == right[c].key(either_sign=either)
                assert judge(run, refs[c], protocol).ok == same, (bug.code, m.variant, c)
