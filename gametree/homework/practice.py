"""What a practice page needs to grade a student as ``gametree check`` does, precomputed.

A web page cannot run the checker, so :func:`practice_key` asks the checker, in advance,
every question whose answer the page may need, and returns the answers as JSON-ready
data. The page then only compares:

* pruned edges: for each leaf (left to right) whether it is pruned, its finding label
  and the reason the checker gives for it (why it is pruned, or why it is evaluated);
  for each edge the leaves below it; the pruned leaves under each other convention with
  the note a matching answer gets. The page reads marked edges as the leaves they cut
  off and compares leaf by leaf, as the checker does.
* node values, alpha and beta: for each node the expected text and the reason, and a
  list of *candidates*, every number (with ``<=``/``>=`` for values) for which the
  checker's finding is not the plain "wrong": the right answer, each other convention's
  answer, the minimax value, the window at entry, ``pruned``, each with the verdict and
  notes the checker gives. Any other number gets the plain "wrong" with the reason.
* the best move: the checker's finding for each child of the root.

The candidates come from running :class:`~gametree.homework.check.AnswerKey` on them, so
the sentences are the checker's own.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

import networkx as nx

from gametree.homework.check import AnswerKey
from gametree.homework.findings import Finding, Verdict

__all__ = ["ASK_CHOICES", "practice_key"]

ASK_CHOICES = ("pruned", "values", "alpha", "beta", "move")
"""What a practice page may ask: cut edges, node values, alpha and beta at nodes, best move."""

_UNLIKELY = "-7.7e307"
"""A number no tree uses: the checker's finding for it is the plain "wrong"."""


def _number(x: Any) -> float | None:
    """The number in an answer-key entry (``3``, ``"inf"``, ``"<=2"``), or None."""
    if isinstance(x, bool) or x is None:
        return None
    if isinstance(x, (int, float)):
        return float(x)
    text = str(x).lstrip("<>=")
    try:
        return float(text)
    except ValueError:
        return None


def _written(x: float) -> str:
    """A number as an answer file writes it, at full precision."""
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x.is_integer() and abs(x) < 2**53:
        return str(int(x))
    return repr(x)


def _json_number(x: float) -> float | str:
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return int(x) if x.is_integer() and abs(x) < 2**53 else x


def _finding(f: Finding, story: str) -> list[Any]:
    """A candidate's finding: verdict, notes, and the reason when not the usual one."""
    return [f.verdict.value, list(f.notes), f.explanation if f.explanation != story else None]


def _candidates(
    key: AnswerKey,
    table: str,
    numbers: Mapping[Hashable, set[float]],
    bounds: bool,
) -> dict[Hashable, dict[str, Any]]:
    """Ask the checker about each candidate answer for each node, a round at a time."""
    forms: dict[Hashable, list[tuple[str, float | None, str]]] = {}
    for node, xs in numbers.items():
        options: list[tuple[str, float | None, str]] = [("pruned", None, "")]
        for x in sorted(xs):
            options.append((_written(x), x, ""))
            if bounds:
                options += [("<=" + _written(x), x, "<="), (">=" + _written(x), x, ">=")]
        forms[node] = options
    names = {node: str(node) for node in numbers}
    prefix = "" if table == "values" else f"{table} "
    out: dict[Hashable, dict[str, Any]] = {}
    generic = key.check({table: {names[n]: _UNLIKELY for n in numbers}})
    by_item = {f.item: f for f in generic.findings}
    for node in numbers:
        f = by_item[prefix + names[node]]
        out[node] = {"expected": f.expected, "why": f.explanation, "cands": []}
    rounds = max((len(v) for v in forms.values()), default=0)
    for r in range(rounds):
        asked = {n: forms[n][r] for n in numbers if r < len(forms[n])}
        report = key.check({table: {names[n]: text for n, (text, _, _) in asked.items()}})
        by_item = {f.item: f for f in report.findings}
        for node, (_, number, op) in asked.items():
            f = by_item[prefix + names[node]]
            entry = out[node]
            if f.verdict is Verdict.WRONG and not f.notes and f.explanation == entry["why"]:
                continue  # the plain "wrong": the page's default
            value = None if number is None else _json_number(number)
            entry["cands"].append([value, op, *_finding(f, entry["why"])])
    return out


def practice_key(
    G: nx.DiGraph,
    *,
    algorithm: str = "alphabeta",
    options: Mapping[str, Any] | None = None,
    ask: Sequence[str] = ("pruned", "values"),
    index: Mapping[Hashable, int],
    edges: Sequence[tuple[Hashable, Hashable]],
) -> dict[str, Any]:
    """Return the checker's answers a practice page needs, for one tree and convention.

    Parameters
    ----------
    G : networkx.DiGraph
        The exercise tree.
    algorithm : str, default "alphabeta"
    options : mapping, optional
        The convention: ``prune_on_equal``, ``fail``, ``depth``, ...
    ask : sequence of str
        Items asked, from :data:`ASK_CHOICES`.
    index : mapping
        The page's number for each node (nodes are named by it in the data).
    edges : sequence of (parent, child)
        The page's edges, in the order it numbers them.

    Returns
    -------
    dict
        JSON-ready; the layout is documented in :mod:`gametree.drawing.html`.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> d = gametree.drawing.style.diagram(G)
    >>> key = practice_key(G, index=d.index, edges=[(e.u, e.v) for e in d.edges])
    >>> label, pruned, reason = key["leaves"][4]
    >>> label, pruned
    ('pruned I (#5)', True)
    >>> print(reason)
    leaf I is not evaluated: at C (MIN) the value 2 <= alpha 3 inherited from A after B returned 3
    >>> key["values"][str(d.index["C"])]["cands"][:2]
    [[2, '', 'correct', [], None], [2, '<=', 'correct', [], None]]
    """
    unknown = [a for a in ask if a not in ASK_CHOICES]
    if unknown:
        allowed = ", ".join(ASK_CHOICES)
        raise ValueError(f"cannot ask {unknown[0]!r}; expected some of {allowed}")
    opts = dict(options or {})
    key = AnswerKey(G, algorithm=algorithm, **opts)
    answers = key.answers()
    alternatives = key.alternatives()
    frontier = key.frontier
    position = {leaf: i for i, leaf in enumerate(frontier)}
    out: dict[str, Any] = {"ask": list(ask)}

    # What the checker says of each leaf listed on its own (key.check groups the leaves
    # of a subtree into one finding; the page asks leaf by leaf).
    out["leaves"] = [
        [
            f"pruned {key.name(x)}",
            x in key.main.pruned,
            key.pruned_reason(x) if x in key.main.pruned else key.evaluated_reason(x),
        ]
        for x in frontier
    ]
    out["frontier"] = [index[x] for x in frontier]
    out["alts"] = [
        [note, sorted(position[key.resolve(x)] for x in a["pruned"])] for note, a in alternatives
    ]
    below: list[list[int]] = []
    for _, v in edges:
        reach = {v} | nx.descendants(G, v)
        below.append([position[x] for x in frontier if x in reach])
    out["below"] = below
    traversed = key.main.traversed
    out["traversed"] = [j for j, edge in enumerate(edges) if edge in traversed]
    inner = [n for n in G if n in index and G._succ[n] and n not in key.position]
    out["inner"] = sorted(index[n] for n in inner)

    if "values" in ask:
        numbers: dict[Hashable, set[float]] = {}
        for n in inner:
            xs = {float(key.minimax[n])}
            for a in [answers] + [alt for _, alt in alternatives]:
                found_x = _number(a["values"].get(str(n)))
                if found_x is not None:
                    xs.add(found_x)
            numbers[n] = xs
        found = _candidates(key, "values", numbers, bounds=True)
        out["values"] = {str(index[n]): found[n] for n in inner}
    for side in ("alpha", "beta"):
        if side not in ask:
            continue
        entered = AnswerKey(G, algorithm=algorithm, window_at="enter", **opts).answers()
        numbers = {}
        for n in inner:
            xs = set()
            for a in [answers, entered] + [alt for _, alt in alternatives]:
                x = _number(a[side].get(str(n)))
                if x is not None:
                    xs.add(x)
            numbers[n] = xs
        found = _candidates(key, side, numbers, bounds=False)
        out[side] = {str(index[n]): found[n] for n in inner}
    root = key.root
    if "move" in ask and G._succ[root]:
        moves: dict[str, Any] = {}
        for child in G._succ[root]:
            [f] = key.check({"move": str(child)}).findings
            moves[str(index[child])] = [f.verdict.value, f.expected, f.given, f.explanation,
                                        list(f.notes)]  # fmt: skip
        out["move"] = moves
    edge_number = {edge: j for j, edge in enumerate(edges)}
    cut = [edge_number[edge] for edge in key.main.result.pruned_edges]
    best = key.main.result.best_child
    named = {str(n): n for n in G}
    out["solution"] = {
        "cut": cut,
        "values": {str(index[named[n]]): str(v) for n, v in answers["values"].items()},
        "alpha": {str(index[named[n]]): str(v) for n, v in answers["alpha"].items()},
        "beta": {str(index[named[n]]): str(v) for n, v in answers["beta"].items()},
        "move": None if best is None else index[best],
    }
    return out
