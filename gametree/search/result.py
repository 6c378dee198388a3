"""What a search returns: :class:`SearchResult` and its parts."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import chain, pairwise, repeat
from typing import TYPE_CHECKING, Any, TypeVar, cast

import networkx as nx

from gametree.attrs import MOVE
from gametree.search.bound import BOUND_OF_CODE, Bound
from gametree.valuetext import jsonable

if TYPE_CHECKING:
    from gametree.search.trace import TraceEvent

__all__ = [
    "Bound",
    "Cuts",
    "NodeValue",
    "NodeValueMap",
    "SearchResult",
    "SearchStats",
    "edge_move",
    "jsonable",
    "move_path",
    "with_moves",
]


@dataclass(frozen=True)
class NodeValue:
    """The value a search returned for one node, and its bound type."""

    value: float
    bound: Bound = Bound.EXACT


class NodeValueMap(Mapping[Hashable, NodeValue]):
    """A read-only mapping node -> :class:`NodeValue`, built lazily from compact arrays.

    A search stores plain numbers (creating a ``NodeValue`` per node would dominate the
    cost of a fast search); the objects are made when asked for.

    Parameters
    ----------
    values : dict
        Node -> value (MAX's point of view) for internal nodes (and any leaf).
    bounds : dict
        Node -> bound code (1 lower, -1 upper) for the nodes whose value is not exact.
    leaves, leaf_values : sequence, optional
        Further nodes with exact values, in parallel (a node listed twice keeps its
        last value); ``values`` wins over them.
    """

    __slots__ = ("_bounds", "_leaf_values", "_leaves", "_merged", "_values")

    def __init__(
        self,
        values: dict[Hashable, float],
        bounds: dict[Hashable, int] | None = None,
        leaves: Sequence[Hashable] = (),
        leaf_values: Sequence[float] = (),
    ) -> None:
        self._values = values
        self._bounds = bounds or {}
        self._leaves = leaves
        self._leaf_values = leaf_values
        self._merged: dict[Hashable, float] | None = None if leaves else values

    def _all(self) -> dict[Hashable, float]:
        if self._merged is None:
            merged = dict(zip(self._leaves, self._leaf_values, strict=True))
            merged.update(self._values)
            self._merged = merged
        return self._merged

    def __getitem__(self, node: Hashable) -> NodeValue:
        value = self._all()[node]
        return NodeValue(value, BOUND_OF_CODE[self._bounds.get(node, 0)])

    def __contains__(self, node: object) -> bool:
        return node in self._all()

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"NodeValueMap({dict(self.items())!r})"

    def raw(self) -> tuple[dict[Hashable, float], dict[Hashable, int]]:
        """Return the plain ``node -> value`` dict and ``node -> bound code`` dict."""
        return self._all(), self._bounds


Edge = tuple[Hashable, Hashable]


class Cuts:
    """Pruned edges kept as they were found: per cutoff, the node and the children it
    skipped, the last ones in the graph's child order.

    Making a ``(parent, child)`` pair for every skipped child costs the fast search
    10-15% of its time on a random tree, and most callers never read them;
    :attr:`SearchResult.pruned_edges` makes the pairs on first reading, and
    :func:`gametree.annotate` marks the edges straight from the cuts.

    Parameters
    ----------
    cuts : list of (node, list of children)
        In the order the cutoffs happened; each list is non-empty and ends the node's
        children.
    entered : collection, optional
        The internal nodes the search entered, each of which went down its children in
        the graph's order up to its cut (all of them, if it has none). When given, the
        edges the search went down are known without looking at the children's parents.
    """

    __slots__ = ("cuts", "entered")

    def __init__(
        self,
        cuts: list[tuple[Hashable, list[Hashable]]],
        entered: Collection[Hashable] | None = None,
    ) -> None:
        self.cuts = cuts
        self.entered = entered

    def edges(self) -> tuple[Edge, ...]:
        """Return the pruned edges as ``(parent, child)`` pairs, in order."""
        return tuple(chain.from_iterable(zip(repeat(node), rest) for node, rest in self.cuts))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Cuts):
            return self.cuts == other.cuts
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Cuts({self.cuts!r})"


class _PrunedEdgesField:
    """The ``pruned_edges`` field of :class:`SearchResult`: always read as a tuple of
    pairs, which may be stored as :class:`Cuts` and made on first reading."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, result: object, owner: type | None = None) -> tuple[Edge, ...]:
        try:
            stored = result.__dict__[self.name]
        except (AttributeError, KeyError):
            # Read on the class (so dataclasses sees no default: a required field) or
            # on an instance not initialised yet.
            raise AttributeError(self.name) from None
        if type(stored) is Cuts:
            stored = stored.edges()
            result.__dict__[self.name] = stored
        edges: tuple[Edge, ...] = stored
        return edges

    def __set__(self, result: object, value: tuple[Edge, ...] | Cuts) -> None:
        result.__dict__[self.name] = value


def stored_as_cuts(
    cuts: list[tuple[Hashable, list[Hashable]]], entered: Collection[Hashable] | None = None
) -> tuple[Edge, ...]:
    """Return what to pass as ``SearchResult(pruned_edges=...)`` to keep the cuts (see
    :class:`Cuts`) as they are; the field reads as the pairs' tuple it is typed as."""
    return cast("tuple[Edge, ...]", Cuts(cuts, entered))


def stored_cuts(result: SearchResult) -> Cuts | None:
    """Return the pruned edges of ``result`` as :class:`Cuts` if it was stored that way
    and not read as pairs yet, else None (then read ``result.pruned_edges``)."""
    stored = result.__dict__["pruned_edges"]
    return stored if type(stored) is Cuts else None


ResultT = TypeVar("ResultT", bound="SearchResult")


def replaced(result: ResultT, **changes: Any) -> ResultT:
    """Return a copy of ``result`` with ``changes``, like :func:`dataclasses.replace`,
    keeping its pruned edges as stored: ``replace`` reads every field, which would make
    the pairs of :class:`Cuts` (and drop what they tell :func:`gametree.annotate`)."""
    changes.setdefault("pruned_edges", result.__dict__["pruned_edges"])
    return replace(result, **changes)


@dataclass(frozen=True)
class SearchStats:
    """Counters of one search."""

    nodes_visited: int = 0
    """Nodes entered, leaves included (a transposition hit counts as a visit)."""
    leaves_evaluated: int = 0
    """Leaves (and depth-limit horizon nodes) evaluated."""
    cutoffs: int = 0
    """Times a node stopped searching its children early."""
    re_searches: int = 0
    """PVS re-searches after a failed null-window probe; for a multi-pass search
    (MTD(f), SSS*, aspiration windows) also every pass after the first."""
    transposition_hits: int = 0
    """Nodes whose stored value was reused from the transposition table."""
    max_depth: int = 0
    """Largest distance from the root of an entered node."""
    horizon_evaluations: int = 0
    """Internal nodes evaluated heuristically at the depth limit (included in
    ``leaves_evaluated``); 0 means the search saw the whole tree below the root."""
    passes: int = 0
    """Searches of the root a multi-pass search made (MTD(f), SSS*, dual*, aspiration
    windows); 0 for a single search."""

    def to_dict(self) -> dict[str, int]:
        """Return the counters as a dict (``passes`` only for a multi-pass search)."""
        return {
            "nodes_visited": self.nodes_visited,
            "leaves_evaluated": self.leaves_evaluated,
            "cutoffs": self.cutoffs,
            "re_searches": self.re_searches,
            "transposition_hits": self.transposition_hits,
            "max_depth": self.max_depth,
            "horizon_evaluations": self.horizon_evaluations,
        } | ({"passes": self.passes} if self.passes else {})


@dataclass(frozen=True)
class SearchResult:
    """Everything one search found and did.

    Attributes
    ----------
    algorithm : str
        The algorithm's name (``"alphabeta"``, ...).
    options : Mapping
        The options it ran with.
    root : hashable
        The node searched from.
    value : float
        The root's value from MAX's point of view.
    best_child : hashable or None
        The root's chosen child (a node id): the first in child order attaining the
        best value (None for a leaf root or a CHANCE root).
    best_children : tuple
        Every child of the root (node ids) attaining the best value, in child order.
    pv : tuple
        The principal variation as a node list, starting at the root.
    node_values : Mapping[hashable, NodeValue]
        The value each visited node returned, with its bound type.
    visited_leaves : tuple
        Leaves (and horizon nodes) in evaluation order.
    pruned_edges : tuple of (parent, child)
        The top-most edges the search skipped at cutoffs, in the order they were cut.
        (A search may hand over :class:`Cuts` here; the pairs are then made when the
        field is first read.)
    stats : SearchStats
        Counters.
    trace : tuple of TraceEvent
        The recorded events (empty unless the search was asked to keep them).
    visit_order : tuple
        Nodes in the order the search first entered them (``visit`` annotation). Empty
        when a fast search ran with ``annotate=False`` and ``trace=False``.
    windows : Mapping[hashable, (float, float)]
        The ``(alpha, beta)`` window of each visited node at its exit, MAX's point of view
        (alpha-beta family only; empty for minimax, and under the same condition as
        ``visit_order``).
    visited_edges : tuple of (parent, child)
        The edges the search went down into nodes that have several parents (DAGs);
        empty for trees, where an edge was traversed exactly when its child was visited.
    best_move : object or None
        The move to play: the ``move`` of the edge from the root to :attr:`best_child`,
        or the child's id when the edge has no ``move`` (a hand tree without moves).
    best_moves : tuple
        The moves of :attr:`best_children`, the same way.
    pv_moves : tuple
        The principal variation as moves, one per edge of :attr:`pv` (so one fewer
        than :attr:`pv`), the same way.

    Notes
    -----
    Node ids and moves are kept apart: ``best_child``, ``best_children`` and ``pv`` name
    nodes of the graph; ``best_move``, ``best_moves`` and ``pv_moves`` name moves. The
    move fields default to the node ids (see :func:`with_moves`).
    """

    algorithm: str
    root: Hashable
    value: float
    best_child: Hashable | None
    best_children: tuple[Hashable, ...]
    pv: tuple[Hashable, ...]
    node_values: Mapping[Hashable, NodeValue]
    visited_leaves: tuple[Hashable, ...]
    if TYPE_CHECKING:
        pruned_edges: tuple[Edge, ...]
    else:
        pruned_edges: _PrunedEdgesField = _PrunedEdgesField()
    stats: SearchStats
    options: Mapping[str, Any] = field(default_factory=dict)
    trace: tuple[TraceEvent, ...] = ()
    visit_order: tuple[Hashable, ...] = ()
    windows: Mapping[Hashable, tuple[float, float]] = field(default_factory=dict)
    visited_edges: tuple[tuple[Hashable, Hashable], ...] = ()
    best_move: Any = None
    best_moves: tuple[Any, ...] = ()
    pv_moves: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        # Moves not given are the node ids (a tree whose edges carry no moves).
        if self.best_move is None and self.best_child is not None:
            object.__setattr__(self, "best_move", self.best_child)
        if not self.best_moves and self.best_children:
            object.__setattr__(self, "best_moves", tuple(self.best_children))
        if not self.pv_moves and len(self.pv) > 1:
            object.__setattr__(self, "pv_moves", tuple(self.pv[1:]))

    def with_trace(self, trace: tuple[TraceEvent, ...]) -> SearchResult:
        """Return a copy of this result that carries ``trace``."""
        return replaced(self, trace=trace)

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict (infinities as ``"inf"``/``"-inf"``)."""
        return {
            "algorithm": self.algorithm,
            "options": jsonable(dict(self.options)),
            "root": jsonable(self.root),
            "value": jsonable(self.value),
            "best_move": jsonable(self.best_move),
            "best_moves": jsonable(self.best_moves),
            "pv_moves": jsonable(self.pv_moves),
            "best_child": jsonable(self.best_child),
            "best_children": jsonable(self.best_children),
            "principal_variation": jsonable(self.pv),
            "visited_leaves": jsonable(self.visited_leaves),
            "pruned_edges": jsonable(self.pruned_edges),
            "node_values": {
                str(n): {"value": jsonable(v.value), "bound": v.bound.value}
                for n, v in self.node_values.items()
            },
            "stats": self.stats.to_dict(),
        }


def edge_move(G: nx.DiGraph, parent: Hashable, child: Hashable) -> Any:
    """Return the move of the edge ``parent -> child``: its ``move``, else the child's id.

    >>> import networkx as nx
    >>> G = nx.DiGraph([("A", "B")])
    >>> G.add_edge("A", "C", move="a2")
    >>> edge_move(G, "A", "B"), edge_move(G, "A", "C")
    ('B', 'a2')
    """
    move = G._succ[parent][child].get(MOVE)
    return child if move is None else move


def move_path(G: nx.DiGraph, node: Hashable, root: Hashable) -> str:
    """Return the moves from ``root`` down to ``node`` as a path: ``a2/c2``, or ``/a2``
    for a child of the root (the form answer files accept), through first parents.

    >>> import gametree
    >>> M = gametree.loads("(A a1:(B b1:3 b2:12) a2:(C c1:2 c2:4))")
    >>> move_path(M, "G", "A"), move_path(M, "B", "A")
    ('a2/c2', '/a1')
    """
    moves: list[str] = []
    while node != root:
        parent = next(iter(G._pred[node]))
        moves.append(str(edge_move(G, parent, node)))
        node = parent
    text = "/".join(reversed(moves))
    return text if "/" in text else "/" + text


def with_moves(result: SearchResult, G: nx.DiGraph) -> SearchResult:
    """Return ``result`` with its move fields read from the edges of the searched ``G``.

    ``best_move``, ``best_moves`` and ``pv_moves`` become the edges' ``move`` attributes,
    falling back to the child's id where an edge has none; ``result`` itself is
    returned when no edge involved carries a move.
    """
    root, pv = result.root, result.pv
    pv_moves = tuple(edge_move(G, u, v) for u, v in pairwise(pv))
    best_moves = tuple(edge_move(G, root, c) for c in result.best_children)
    if pv_moves == tuple(pv[1:]) and best_moves == tuple(result.best_children):
        return result
    best_move = None if result.best_child is None else edge_move(G, root, result.best_child)
    return replaced(result, best_move=best_move, best_moves=best_moves, pv_moves=pv_moves)
