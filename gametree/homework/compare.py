"""Comparing algorithms on one tree: value, work done, effective branching factor, time."""

from __future__ import annotations

import csv
import io
import json
import math
import textwrap
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

import networkx as nx

from gametree.search.result import jsonable
from gametree.validation import validate

__all__ = ["ComparisonRow", "compare", "format_comparison"]

DEFAULT_ALGORITHMS = ("minimax", "alphabeta", "negamax_alphabeta", "pvs")
MCTS_NOTE = (
    "mcts: value = the root's mean playout value (not a minimax value), move = the most "
    "visited root child, nodes = the nodes its tree holds, leaves = its playouts (one leaf "
    "value each); no cutoffs, re-searches or ebf: it samples paths instead of searching "
    "every node to a depth, so nodes per level do not measure its work"
)
"""Why a Monte Carlo tree search row reads differently (printed under the table)."""


@dataclass(frozen=True)
class ComparisonRow:
    """One algorithm's run: what it found and how much work it did.

    ``best_move`` is the root's best move (the edge's ``move``, else the child's id),
    ``best_child`` the node it leads to. ``ebf`` is the effective branching factor of
    the nodes it visited (:func:`gametree.ebf`, AIMA's definition: N = nodes visited -
    1, d = the deepest node entered); NaN when the search never left the root.
    ``seconds`` is the best of the timed runs. A Monte Carlo tree search row
    (``algorithm="mcts"``) has ``value`` the root's mean, ``nodes_visited`` the nodes
    in its tree, ``leaves_evaluated`` its playouts, no cutoffs or re-searches, ``ebf``
    NaN and ``note`` saying why (:data:`MCTS_NOTE`).
    """

    algorithm: str
    value: float
    best_move: Any
    nodes_visited: int
    leaves_evaluated: int
    cutoffs: int
    re_searches: int
    ebf: float
    seconds: float
    best_child: Any = None
    note: str = ""


def compare(
    G: nx.DiGraph,
    algorithms: Iterable[str] = DEFAULT_ALGORITHMS,
    *,
    repeat: int = 3,
    **options: Any,
) -> list[ComparisonRow]:
    """Run several algorithms on ``G`` and return one row per algorithm.

    Parameters
    ----------
    G : networkx.DiGraph
    algorithms : iterable of str
        Names :func:`gametree.solve` accepts (default: minimax, alphabeta,
        negamax_alphabeta, pvs).
    repeat : int, default 3
        Time each search this many times and keep the fastest.
    **options
        Search options; those only some algorithms take (the alpha-beta ones
        ``prune_on_equal``, ``fail``, ``window``, ``transposition_table``; ``first_guess``
        of mtdf; ``guess`` and ``delta`` of aspiration; ``bounds`` of star1 and star2; the
        Monte Carlo tree search ones ``iterations``, ``c``, ``seed``, ``playout``,
        ``value_range``, ``solver``) go only to those; ``"mcts"`` takes no other
        (``depth`` among them).

    Returns
    -------
    list of ComparisonRow

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> rows = compare(G, ["minimax", "alphabeta"], repeat=1)
    >>> [(r.algorithm, r.value, r.leaves_evaluated, r.cutoffs) for r in rows]
    [('minimax', 3, 9, 0), ('alphabeta', 3, 7, 1)]
    >>> round(rows[0].ebf, 3)  # 12 nodes below the root in 2 levels: b + b^2 = 12
    3.0
    """
    from gametree.search import solve
    from gametree.search.algorithms import (
        ALGORITHMS,
        MCTS_NAMES,
        algorithm_options,
        canonical_name,
    )
    from gametree.search.theory import ebf

    validate(G)
    if repeat < 1:
        raise ValueError(f"repeat must be >= 1, got {repeat!r}")
    known = frozenset.union(*map(algorithm_options, (*ALGORITHMS, "mcts")))
    rows = []
    for algorithm in algorithms:
        mcts = algorithm.lower() in MCTS_NAMES
        # An option another algorithm takes is left out; one none takes is an error.
        takes = algorithm_options("mcts" if mcts else canonical_name(algorithm))
        opts = {k: v for k, v in options.items() if k in takes or k not in known}
        best = math.inf
        result = None
        for _ in range(repeat):
            start = time.perf_counter()
            result = solve(G, algorithm, annotate=False, **opts)
            best = min(best, time.perf_counter() - start)
        assert result is not None
        s = result.stats
        depth = s.max_depth
        factor = ebf(s.nodes_visited - 1, depth) if depth >= 1 and not mcts else math.nan
        rows.append(
            ComparisonRow(
                algorithm,
                result.value,
                result.best_move,
                s.nodes_visited,
                s.leaves_evaluated,
                s.cutoffs,
                s.re_searches,
                factor,
                best,
                result.best_child,
                MCTS_NOTE if mcts else "",
            )
        )
    return rows


_HEADERS = (
    "algorithm",
    "value",
    "move",
    "nodes",
    "leaves",
    "cutoffs",
    "re-searches",
    "ebf",
    "time",
)


def _cells(row: ComparisonRow, ids: bool = False) -> list[str]:
    from gametree.homework.story import fmt

    move = row.best_child if ids else row.best_move
    never = "-" if row.note else None  # MCTS: no cutoffs, no re-searches
    return [
        row.algorithm,
        fmt(row.value),
        "-" if move is None else str(move),
        str(row.nodes_visited),
        str(row.leaves_evaluated),
        never or str(row.cutoffs),
        never or str(row.re_searches),
        "-" if math.isnan(row.ebf) else f"{row.ebf:.2f}",
        f"{row.seconds * 1000:.2f} ms",
    ]


def format_comparison(
    rows: Iterable[ComparisonRow], format: str = "text", *, ids: bool = False
) -> str:
    """Return the rows as an aligned ``"text"`` table, ``"markdown"``, ``"csv"`` or ``"json"``.

    The ``move`` column names the best move by move (the edge's ``move``, else the
    child's id), or by node id with ``ids``; JSON has both (``best_move``, ``best_child``).

    >>> row = ComparisonRow("alphabeta", 3, "B", 11, 7, 1, 0, 2.7, 0.0001)
    >>> print(format_comparison([row]))
    algorithm  value  move  nodes  leaves  cutoffs  re-searches  ebf   time
    alphabeta  3      B     11     7       1        0            2.70  0.10 ms
    """
    rows = list(rows)
    if format == "json":
        # No NaN in JSON: an ebf that does not apply (or cannot be measured) is null.
        plain = [{**asdict(r), "ebf": None if math.isnan(r.ebf) else r.ebf} for r in rows]
        return json.dumps([jsonable(r) for r in plain], indent=2)
    if format == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([h.replace("-", "_") for h in _HEADERS[:-1]] + ["seconds"])
        for r in rows:
            cells = _cells(r, ids)
            writer.writerow([*cells[:-1], f"{r.seconds:.6f}"])
        return out.getvalue()
    table = [list(_HEADERS)] + [_cells(r, ids) for r in rows]
    notes = [f"({note})" for note in dict.fromkeys(r.note for r in rows if r.note)]
    if format == "markdown":
        lines = ["| " + " | ".join(table[0]) + " |", "|" + "---|" * len(_HEADERS)]
        lines += ["| " + " | ".join(cells) + " |" for cells in table[1:]]
        return "\n".join([*lines, *(["", *notes] if notes else [])])
    if format != "text":
        raise ValueError(f"unknown format {format!r}; expected text, markdown, csv or json")
    widths = [max(len(r[i]) for r in table) for i in range(len(_HEADERS))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in table]
    wrapped = [line for note in notes for line in textwrap.wrap(note, 88)]
    return "\n".join([*lines, *wrapped])
