"""Comparing algorithms on one tree: value, work done, effective branching factor, time."""

from __future__ import annotations

import csv
import io
import json
import math
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

import networkx as nx

from gametree.search.result import jsonable
from gametree.validation import validate

__all__ = ["ComparisonRow", "compare", "format_comparison"]

DEFAULT_ALGORITHMS = ("minimax", "alphabeta", "negamax_alphabeta", "pvs")


@dataclass(frozen=True)
class ComparisonRow:
    """One algorithm's run: what it found and how much work it did.

    ``best_move`` is the root's best move (the edge's ``move``, else the child's id),
    ``best_child`` the node it leads to. ``ebf`` is the effective branching factor of
    the nodes it visited (:func:`gametree.ebf`, AIMA's definition: N = nodes visited -
    1, d = the deepest node entered); NaN when the search never left the root.
    ``seconds`` is the best of the timed runs.
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
        of mtdf; ``guess`` and ``delta`` of aspiration; ``bounds`` of star1 and star2)
        go only to those.

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
    from gametree.search.algorithms import ALGORITHMS, algorithm_options, canonical_name
    from gametree.search.theory import ebf

    validate(G)
    if repeat < 1:
        raise ValueError(f"repeat must be >= 1, got {repeat!r}")
    known = frozenset.union(*map(algorithm_options, ALGORITHMS))
    rows = []
    for algorithm in algorithms:
        # An option another algorithm takes is left out; one none takes is an error.
        takes = algorithm_options(canonical_name(algorithm))
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
        factor = ebf(s.nodes_visited - 1, depth) if depth >= 1 else math.nan
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
    return [
        row.algorithm,
        fmt(row.value),
        "-" if move is None else str(move),
        str(row.nodes_visited),
        str(row.leaves_evaluated),
        str(row.cutoffs),
        str(row.re_searches),
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
        return json.dumps([jsonable(asdict(r)) for r in rows], indent=2)
    if format == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([h.replace("-", "_") for h in _HEADERS[:-1]] + ["seconds"])
        for r in rows:
            cells = _cells(r, ids)
            writer.writerow([*cells[:-1], f"{r.seconds:.6f}"])
        return out.getvalue()
    table = [list(_HEADERS)] + [_cells(r, ids) for r in rows]
    if format == "markdown":
        lines = ["| " + " | ".join(table[0]) + " |", "|" + "---|" * len(_HEADERS)]
        lines += ["| " + " | ".join(cells) + " |" for cells in table[1:]]
        return "\n".join(lines)
    if format != "text":
        raise ValueError(f"unknown format {format!r}; expected text, markdown, csv or json")
    widths = [max(len(r[i]) for r in table) for i in range(len(_HEADERS))]
    return "\n".join(
        "  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in table
    )
