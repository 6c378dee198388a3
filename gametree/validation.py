"""Checking a graph against the game-tree contract (see :mod:`gametree.attrs`)."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import networkx as nx

from gametree.attrs import (
    BOUNDS,
    CHANCE,
    FRONTIER,
    MOVE,
    PLAYER,
    PROB,
    ROOT,
    VALUE,
    VISITS,
    Player,
)
from gametree.exceptions import InvalidTreeError

__all__ = [
    "Problem",
    "bounds_problem",
    "bounds_problems",
    "find_root",
    "is_game_tree",
    "problems",
    "validate",
]

PROBABILITY_TOLERANCE = 1e-9
_PLAYER_NAMES = frozenset(p.value for p in Player)


@dataclass(frozen=True)
class Problem:
    """One way in which a graph breaks the contract.

    Attributes
    ----------
    message : str
        What is wrong, naming the node or edge.
    node : hashable or None
        The node it is at (for an edge, its tail), or None for whole-graph problems.
    """

    message: str
    node: Hashable | None = None

    def __str__(self) -> str:
        return self.message


_TOO_LARGE = "is a number beyond float range (about 1.8e308); values must be finite floats or ±inf"


def _fits_float(value: int | Fraction) -> bool:
    """True when ``value`` converts to a float (without OverflowError, without repr)."""
    try:
        float(value)
    except OverflowError:
        return False
    return True


def value_problem(value: object) -> str | None:
    """Return why ``value`` is not a valid node value, or None when it is.

    >>> value_problem(3), value_problem(float("-inf")), value_problem(Fraction(1, 3))
    (None, None, None)
    >>> value_problem(True)
    'is a bool (True); expected a real number'
    """
    if isinstance(value, bool):
        return f"is a bool ({value!r}); expected a real number"
    if isinstance(value, (int, Fraction)):
        return None if _fits_float(value) else _TOO_LARGE
    if isinstance(value, float):
        return "is NaN; expected a real number" if math.isnan(value) else None
    if type(value).__name__ in {"float64", "float32", "int64", "int32"}:
        # numpy scalars: accept the real ones.
        try:
            as_float = float(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            return f"is {value!r}; expected a real number"
        return "is NaN; expected a real number" if math.isnan(as_float) else None
    return f"is {value!r} ({type(value).__name__}); expected a real number"


def bounds_problem(bounds: object) -> str | None:
    """Return why ``bounds`` is not a valid ``(lo, hi)`` pair, or None when it is.

    >>> bounds_problem((0, 10)), bounds_problem([float("-inf"), 10])
    (None, None)
    >>> bounds_problem((10, 0))
    'is (10, 0); expected lo <= hi'
    """
    if not isinstance(bounds, (tuple, list)) or len(bounds) != 2:
        return f"is {bounds!r}; expected a pair (lo, hi) of numbers, such as (0, 10)"
    for end in bounds:
        why = value_problem(end)
        if why is not None:
            return f"is {bounds!r}: {end!r} {why}"
    if not bounds[0] <= bounds[1]:
        return f"is {bounds!r}; expected lo <= hi"
    return None


def bounds_problems(
    G: nx.DiGraph,
    bounds: tuple[float, float] = (-math.inf, math.inf),
    root: Hashable | None = None,
) -> list[Problem]:
    """Values outside the bounds that apply to them: ``bounds`` (for every node, or for
    those below ``root``) and the ``bounds`` attributes of the node and its ancestors.

    Bounds hold on a whole subtree, so in a DAG a node gets the bounds of every path
    into it: a topological pass intersects them (O(n + m)).

    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> [str(p) for p in bounds_problems(G, (0, 12))]
    ["node 'K': value 14 lies outside its bounds [0, 12]"]
    """
    nodes, succ, pred = G._node, G._succ, G._pred
    found: list[Problem] = []
    if root is None:
        indegree = {n: len(p) for n, p in pred.items()}
        order = [n for n, d in indegree.items() if not d]
    else:
        below = [root]
        seen = {root}
        for node in below:
            for child in succ[node]:
                if child not in seen:
                    seen.add(child)
                    below.append(child)
        indegree = {n: sum(1 for p in pred[n] if p in seen) for n in below}
        order = [root]
    inside: dict[Any, tuple[float, float]] = {n: bounds for n in order}
    for node in order:
        lo, hi = inside.get(node, (-math.inf, math.inf))
        own = nodes[node].get(BOUNDS)
        if own is not None:
            why = bounds_problem(own)
            if why is not None:
                found.append(Problem(f"node {node!r}: bounds {why}", node))
            else:
                lo, hi = max(lo, own[0]), min(hi, own[1])
        value = nodes[node].get(VALUE)
        if lo > hi:
            found.append(Problem(f"node {node!r}: the bounds that apply to it do not meet", node))
        elif value is not None and value_problem(value) is None and not lo <= value <= hi:
            found.append(
                Problem(
                    f"node {node!r}: value {value!r} lies outside its bounds [{lo}, {hi}]", node
                )
            )
        for child in succ[node]:
            clo, chi = inside.get(child, (-math.inf, math.inf))
            inside[child] = (max(clo, lo), min(chi, hi))
            indegree[child] -= 1
            if not indegree[child]:
                order.append(child)
    return found


def _root_problems(G: nx.DiGraph) -> tuple[Hashable | None, list[Problem]]:
    if ROOT in G.graph and G.graph[ROOT] is not None:
        root = G.graph[ROOT]
        try:
            present = root in G
        except TypeError:
            present = False
        if not present:
            return None, [Problem(f"root {root!r} named in G.graph['root'] is not a node")]
        if G._pred[root]:
            parent = next(iter(G._pred[root]))
            return root, [Problem(f"root {root!r} has a parent ({parent!r})", root)]
        others = [n for n, preds in G._pred.items() if not preds and n != root]
        if others:
            shown = ", ".join(repr(s) for s in others[:5])
            more = f" and {len(others) - 5} more" if len(others) > 5 else ""
            return root, [
                Problem(
                    f"several roots: besides the root {root!r}, {shown}{more} "
                    f"{'have' if len(others) > 1 else 'has'} no parent (unreachable)",
                    others[0],
                )
            ]
        return root, []
    sources = [n for n, preds in G._pred.items() if not preds]
    if not sources:
        return None, [Problem("no root: every node has a parent")]
    if len(sources) > 1:
        shown = ", ".join(repr(s) for s in sources[:5])
        more = f" and {len(sources) - 5} more" if len(sources) > 5 else ""
        return None, [
            Problem(
                f"several roots: {len(sources)} nodes have no parent ({shown}{more}); "
                "set G.graph['root'] or connect them",
                sources[0],
            )
        ]
    return sources[0], []


def find_root(G: nx.DiGraph) -> Hashable:
    """Return the root of ``G``: ``G.graph["root"]`` or else its unique parentless node.

    Raises
    ------
    InvalidTreeError
        If the named root is missing or there is not exactly one parentless node.

    Examples
    --------
    >>> import gametree
    >>> find_root(gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    'A'
    """
    if not isinstance(G, nx.DiGraph):
        raise InvalidTreeError(f"expected a networkx.DiGraph, got {type(G).__name__}")
    if len(G) == 0:
        raise InvalidTreeError("the graph is empty")
    root, found = _root_problems(G)
    if found:
        raise InvalidTreeError(found[0].message, node=found[0].node, problems=list(found))
    return root


_ACYCLIC = object()


def _cycle_node(G: nx.DiGraph) -> Any:
    """Return a node on a directed cycle of ``G``, or ``_ACYCLIC`` (iterative; O(n + m)).

    Fast path for trees: when one node has no parent and every other node has exactly
    one, the graph is acyclic exactly when a walk from that node reaches every node.
    Otherwise Kahn's algorithm peels off parentless nodes; from any node left over, walking
    up through left-over parents must repeat a node, and that node lies on a cycle.
    """
    pred = G._pred
    succ = G._succ
    sources = [n for n, parents in pred.items() if not parents]
    if len(sources) == 1 and sum(map(len, succ.values())) == len(G) - 1:
        order = [sources[0]]
        for node in order:
            order.extend(succ[node])
            if len(order) > len(G):
                break
        if len(order) == len(G):
            return _ACYCLIC
    indegree = {n: len(parents) for n, parents in pred.items()}
    stack = sources
    while stack:
        node = stack.pop()
        for child in succ[node]:
            indegree[child] -= 1
            if not indegree[child]:
                stack.append(child)
    left = next((n for n, d in indegree.items() if d > 0), _ACYCLIC)
    if left is _ACYCLIC:
        return _ACYCLIC
    seen = set()
    while left not in seen:
        seen.add(left)
        left = next(p for p in pred[left] if indegree[p] > 0)
    return left


def problems(G: Any, *, limit: int | None = None) -> list[Problem]:
    """Return every way ``G`` breaks the game-tree contract, without raising.

    Parameters
    ----------
    G : networkx.DiGraph
        The graph to check.
    limit : int, optional
        Stop after this many problems (None: report all).

    Returns
    -------
    list of Problem
        Empty when ``G`` is a valid game tree.

    See Also
    --------
    validate : raise on the first problem instead.

    Examples
    --------
    >>> import networkx as nx
    >>> G = nx.DiGraph([("A", "B"), ("A", "C")])
    >>> G.nodes["A"]["player"] = "MAX"
    >>> G.nodes["B"]["value"] = 1
    >>> [str(p) for p in problems(G)]
    ["leaf 'C' has no value"]
    """
    if not isinstance(G, nx.DiGraph) or G.is_multigraph():
        return [Problem(f"expected a networkx.DiGraph, got {type(G).__name__}")]
    if len(G) == 0:
        return [Problem("the graph is empty: a game tree needs at least a root")]
    found: list[Problem] = []

    def full() -> bool:
        return limit is not None and len(found) >= limit

    node = _cycle_node(G)
    acyclic = node is _ACYCLIC
    if not acyclic:
        found.append(Problem(f"cycle through node {node!r}: a game tree must be acyclic", node))
        if full():
            return found
    _, root_found = _root_problems(G)
    found.extend(root_found)
    if full():
        return found[:limit]

    succ = G._succ
    for node, data in G._node.items():
        children = succ[node]
        player = data.get(PLAYER)
        for name in NULL_REFUSED_NODE:
            if name in data and data[name] is None:
                found.append(Problem(f"node {node!r}: {_null(name)}", node))
        if player is not None and (not isinstance(player, str) or player not in _PLAYER_NAMES):
            found.append(
                Problem(
                    f"node {node!r} has unknown player {player!r}; "
                    "expected 'MAX', 'MIN' or 'CHANCE'",
                    node,
                )
            )
        if VALUE in data:
            why = value_problem(data[VALUE])
            if why is not None:
                found.append(Problem(f"node {node!r}: value {why}", node))
        if not children:
            # A leaf of an MCTS statistics tree (an exam's) carries visits, not a value.
            if VALUE not in data and data.get(FRONTIER) is not True and VISITS not in data:
                found.append(Problem(f"leaf {node!r} has no value", node))
        else:
            if player is None:
                found.append(
                    Problem(
                        f"internal node {node!r} has no player; expected 'MAX', 'MIN' or 'CHANCE'",
                        node,
                    )
                )
            found.extend(_edge_problems(node, player, children))
        if full():
            return found[:limit]
    if acyclic and any(BOUNDS in data for data in G._node.values()):
        found.extend(bounds_problems(G))
    return found[:limit] if limit is not None else found


NULL_REFUSED_NODE = (PLAYER,)
"""Node attributes of the contract that are a value or absent, never None (``null``)."""
NULL_REFUSED_EDGE = (PROB, MOVE)
"""Edge attributes of the contract that are a value or absent, never None (``null``)."""


def _null(name: str) -> str:
    """The problem of a contract attribute that is None: every reader means it one way."""
    instead = {PROB: "for equal odds", MOVE: "for no move", PLAYER: "on a leaf"}[name]
    return f"{name} is None (null in JSON); leave {name} out {instead}, or give a value"


def _edge_problems(node: Hashable, player: object, children: dict[Any, Any]) -> list[Problem]:
    found: list[Problem] = []
    for child, edge in children.items():
        for name in NULL_REFUSED_EDGE:
            if name in edge and edge[name] is None:
                found.append(Problem(f"edge {node!r} -> {child!r}: {_null(name)}", node))
    if found:
        return found
    if player != CHANCE:
        for child, edge in children.items():
            if PROB in edge:
                found.append(
                    Problem(
                        f"edge {node!r} -> {child!r} has a prob but {node!r} is not a "
                        f"CHANCE node (player {player!r})",
                        node,
                    )
                )
        return found
    probs = [edge.get(PROB) for edge in children.values()]
    if all(p is None for p in probs):
        return found
    for (child, _), p in zip(children.items(), probs, strict=True):
        if p is None:
            found.append(
                Problem(
                    f"edge {node!r} -> {child!r} has no prob while its siblings have one",
                    node,
                )
            )
            continue
        why = value_problem(p)
        if why is not None or math.isinf(float(p)):
            shown = "beyond float range" if why == _TOO_LARGE else f"{p!r} is not a number"
            found.append(Problem(f"edge {node!r} -> {child!r}: prob {shown}", node))
            continue
        if p < 0:
            found.append(Problem(f"edge {node!r} -> {child!r}: prob {p!r} is negative", node))
    if not found:
        why = probability_sum_problem(probs)
        if why is not None:
            found.append(Problem(f"probabilities out of CHANCE node {node!r} {why}", node))
    return found


def probability_sum_problem(probs: Sequence[Any]) -> str | None:
    """Return why the probabilities ``probs`` (valid numbers) do not sum to 1, or None.

    The sum is exact when every probability is an ``int`` or a ``Fraction`` and
    correctly rounded (:func:`math.fsum`) otherwise; it may differ from 1 by at most
    :data:`PROBABILITY_TOLERANCE`, so that rounded decimals (``0.1`` ten times) pass.
    A search divides the weights by their sum, so what is left never moves a value
    outside the range of the children.

    >>> probability_sum_problem([0.1] * 10), probability_sum_problem([Fraction(1, 3)] * 3)
    (None, None)
    >>> probability_sum_problem([0.5, 0.6])
    'sum to 1.1, not 1 (allowed difference: 1e-09)'
    """
    if all(type(p) in (int, Fraction) for p in probs):
        total: float | Fraction = sum(probs, Fraction(0))
    else:
        total = math.fsum(probs)
    if abs(total - 1) <= PROBABILITY_TOLERANCE:  # type: ignore[operator]
        return None
    shown = total if isinstance(total, float) else str(total)
    return f"sum to {shown}, not 1 (allowed difference: {PROBABILITY_TOLERANCE})"


def validate(G: Any) -> None:
    """Raise :class:`~gametree.InvalidTreeError` unless ``G`` is a valid game tree.

    Checks, in this order: a ``networkx.DiGraph``, not empty, acyclic, exactly one root
    (or the one named in ``G.graph["root"]``), then every node: a known player, a real
    value (no NaN, no bool), a value on every leaf, a player on every internal node,
    ``prob`` only below CHANCE nodes, non-negative and summing to 1, and ``bounds``
    pairs ``lo <= hi`` that hold every value below them.

    The check is iterative: a chain 100,000 nodes deep validates without recursion.

    Raises
    ------
    InvalidTreeError
        Naming the node and the problem; ``.problems`` lists everything found.

    See Also
    --------
    problems : collect every problem without raising.

    Examples
    --------
    >>> import gametree
    >>> validate(gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    >>> import networkx as nx
    >>> validate(nx.DiGraph([(1, 2), (2, 1)]))
    Traceback (most recent call last):
    ...
    gametree.exceptions.InvalidTreeError: cycle through node 1: a game tree must be ...
    """
    found = problems(G)
    if found:
        message = found[0].message
        if len(found) > 1:
            message += f" (and {len(found) - 1} more problem{'s' if len(found) > 2 else ''})"
        raise InvalidTreeError(message, node=found[0].node, problems=list(found))


def is_game_tree(G: Any) -> bool:
    """Return True when ``G`` satisfies the game-tree contract."""
    return not problems(G, limit=1)
