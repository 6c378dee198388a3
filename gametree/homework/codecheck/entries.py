"""Which function of a submission is called, for which search, and what its parameters
ask for: the standard entry names of the aima and CS188 protocols, the algorithm an entry
stands for, and what can be read of an entry without running it (its parameters, with
:mod:`ast`), so that the grader, not the child, decides which trees a run may skip.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from gametree.exceptions import SearchError
from gametree.homework.codecheck.reference import ALGORITHMS
from gametree.homework.codecheck.runtime import aima, cs188
from gametree.homework.codecheck.runtime.binding import ALTERNATING, SKIPPED, kind_of_name
from gametree.homework.codecheck.runtime.plaintree import repeated_player
from gametree.homework.codecheck.treespec import TreeCase

__all__ = [
    "default_algorithm",
    "default_entry",
    "parameter_kinds",
    "skip_reasons",
    "takes_depth",
]

_STANDARD = {
    "minmax_decision": "minimax",
    "minimax_decision": "minimax",
    "alpha_beta_search": "alphabeta",
    "alpha_beta_cutoff_search": "alphabeta",
    "expect_minmax": "expectiminimax",
    "MinimaxAgent": "minimax",
    "AlphaBetaAgent": "alphabeta",
    "ExpectimaxAgent": "expectiminimax",
}
_ALIASES = {
    "negamax": "minimax",
    "alpha-beta": "alphabeta",
    "alpha_beta": "alphabeta",
    "negamax_alphabeta": "alphabeta",
    "expectimax": "expectiminimax",
}


def default_algorithm(protocol: str, entry: str | None, algorithm: str | None) -> str:
    """The search to compare with: ``algorithm`` (negamax forms count as minimax and
    alpha-beta), else the one a standard entry name stands for.

    Raises
    ------
    SearchError
        For an unknown algorithm, or none given for a non-standard entry.
    """
    if algorithm is not None:
        name = _ALIASES.get(algorithm.lower(), algorithm.lower())
        if name not in ALGORITHMS:
            raise SearchError(
                f"unknown algorithm {algorithm!r}; expected one of {', '.join(ALGORITHMS)}"
            )
        return name
    if entry in _STANDARD:
        return _STANDARD[entry]
    if entry is None:
        raise SearchError(
            f"name the algorithm (--algorithm {'|'.join(ALGORITHMS)}) or a standard entry "
            "(--entry alpha_beta_search, AlphaBetaAgent, ...)"
        )
    raise SearchError(
        f"name the algorithm {entry!r} implements: --algorithm "
        f"{'|'.join(ALGORITHMS)} (only the standard aima and CS188 names imply one)"
    )


def default_entry(protocol: str, algorithm: str) -> str:
    """The standard entry name for ``algorithm`` in ``protocol`` (aima, cs188).

    Raises
    ------
    SearchError
        For the mutable and tree protocols, which have no standard names.
    """
    names = {"aima": aima.ENTRIES, "cs188": cs188.ENTRIES}.get(protocol)
    if names is None:
        raise SearchError(
            f"name the function to call with --entry (the {protocol} protocol has no standard name)"
        )
    return names[algorithm]


def parameter_kinds(source: bytes, entry: str) -> set[str] | None:
    """What the parameters of the function ``entry`` that ``source`` defines at its top
    level ask for (as the runtime binds them by name: ``"depth"``, ``"maximizing"``,
    ...), read with :mod:`ast` without running it; None when that cannot be told (no
    plain ``def`` of it is the last binding of the name, or the file does not parse).

    >>> sorted(parameter_kinds(b"def negamax(game, depthLeft, color): pass", "negamax"))
    ['colour', 'depth']
    >>> parameter_kinds(b"def value(node): pass", "value"), parameter_kinds(b"value = max", "value")
    (set(), None)
    """
    try:
        module = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    last: ast.stmt | None = None
    for node in module.body:
        names: set[str] = set()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = {node.name}
        else:
            names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        if entry in names:
            last = node
    if not isinstance(last, ast.FunctionDef) or last.name != entry or last.decorator_list:
        return None
    arguments = last.args
    params = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    return {kind for p in params if (kind := kind_of_name(p.arg)) is not None}


def takes_depth(source: bytes, entry: str) -> bool | None:
    """Whether the function ``entry`` that ``source`` defines has a parameter for the
    depth (see :func:`parameter_kinds`); None when that cannot be told.

    >>> takes_depth(b"def negamax(game, depthLeft): pass", "negamax")
    True
    >>> takes_depth(b"def value(node): pass", "value"), takes_depth(b"value = max", "value")
    (False, None)
    """
    kinds = parameter_kinds(source, entry)
    return None if kinds is None else "depth" in kinds


def skip_reasons(
    protocol: str, cases: Sequence[TreeCase], source: bytes, entry: str
) -> dict[int, set[str]]:
    """The trees a run of ``source`` may report skipped, each with the reasons it may
    give: a depth limit, when its entry takes no depth; two moves of one player in a row,
    on plain trees, when its entry is told only who moves at the root (a maximizing flag
    or a colour). Where the parameters cannot be read without running the code, either
    reason may be given. (CS188 agents skip nothing; an adapter's skips are its own.)
    """
    kinds = parameter_kinds(source, entry)
    skips: dict[int, set[str]] = {}
    for i, case in enumerate(cases):
        reasons: set[str] = set()
        if case.depth is not None and (kinds is None or "depth" not in kinds):
            reasons.add(SKIPPED)
        if protocol == "tree" and (kinds is None or kinds & {"maximizing", "colour"}):
            where = repeated_player(case.data)
            if where is not None:
                reasons.add(ALTERNATING.format(where=where))
        if reasons:
            skips[i] = reasons
    return skips
