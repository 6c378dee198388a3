"""The algorithm names every entry point accepts, and the families they belong to.

:data:`ALGORITHMS` lists the canonical names of the searches over explicit trees;
:func:`canonical_name` also takes their aliases (``"alpha-beta"``, ``"negascout"``,
``"expectimax"``, ...), any case, spaces for underscores. :data:`MCTS_NAMES` are the
names of Monte Carlo tree search. :data:`PRUNING` and :data:`STAR` say which algorithms
take the alpha-beta options and which run Star1/Star2. The dispatch by name is
:mod:`gametree.search.algorithms`; this module sits below everything that reads a name.
"""

from __future__ import annotations

from gametree.exceptions import SearchError

__all__ = [
    "ALGORITHMS",
    "MCTS_NAMES",
    "PRUNING",
    "STAR",
    "canonical_name",
    "is_mcts",
]

ALGORITHMS: tuple[str, ...] = (
    "minimax",
    "negamax",
    "alphabeta",
    "negamax_alphabeta",
    "pvs",
    "expectiminimax",
    "star1",
    "star2",
    "mtdf",
    "sss",
    "dual",
    "aspiration",
)
"""The algorithm names :func:`~gametree.search.algorithms.solve` and
:func:`~gametree.search.algorithms.search_trace` accept."""

ALIASES = {
    "alpha-beta": "alphabeta",
    "alpha_beta": "alphabeta",
    "ab": "alphabeta",
    "negamax-alphabeta": "negamax_alphabeta",
    "negamax-alpha-beta": "negamax_alphabeta",
    "negamax_alpha_beta": "negamax_alphabeta",
    "negamaxab": "negamax_alphabeta",
    "negascout": "pvs",
    "principal-variation": "pvs",
    "principal_variation": "pvs",
    "principal-variation-search": "pvs",
    "expectimax": "expectiminimax",
    "expecti-minimax": "expectiminimax",
    "star-1": "star1",
    "star-2": "star2",
    "*-minimax": "star1",
    "mtd(f)": "mtdf",
    "mtd-f": "mtdf",
    "sss*": "sss",
    "sss-star": "sss",
    "sss_star": "sss",
    "dual_star": "dual",
    "mt-sss*": "sss",
    "dual*": "dual",
    "dual-star": "dual",
    "aspiration-windows": "aspiration",
}
"""Other names of the algorithms: alias -> canonical name (lower case, ``-`` for ``_``)."""
STAR = {"star1": 1, "star2": 2}
"""Ballard's Star1 and Star2, by their level (the engine's ``Plan.star``)."""
PRUNING = frozenset({"alphabeta", "negamax_alphabeta", "pvs", *STAR})
"""The algorithms that prune with a window, so take ``prune_on_equal``, ``fail``,
``window`` and ``transposition_table``."""
MCTS_NAMES = frozenset({"mcts", "uct", "monte-carlo", "monte_carlo"})
"""Names :func:`~gametree.search.algorithms.solve` also accepts: Monte Carlo tree search
(:func:`gametree.mcts`)."""


def is_mcts(algorithm: object) -> bool:
    """Whether ``algorithm`` names Monte Carlo tree search (any case, spaces around).

    >>> is_mcts(" UCT "), is_mcts("alphabeta")
    (True, False)
    """
    return str(algorithm).strip().lower() in MCTS_NAMES


def canonical_name(algorithm: object) -> str:
    """Return the canonical name of ``algorithm`` (aliases accepted), or raise.

    >>> canonical_name("NegaScout"), canonical_name("alpha-beta")
    ('pvs', 'alphabeta')
    """
    if isinstance(algorithm, str):
        key = algorithm.strip().lower().replace(" ", "_")
        if key in ALGORITHMS:
            return key
        if key in ALIASES:
            return ALIASES[key]
        key = key.replace("_", "-")
        if key in ALIASES:
            return ALIASES[key]
    allowed = ", ".join(repr(a) for a in ALGORITHMS)
    raise SearchError(f"algorithm={algorithm!r} is not known; expected one of {allowed}")
