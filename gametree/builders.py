"""Building game trees from nested lists and at random."""

from __future__ import annotations

import gc
import itertools
import string
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import networkx as nx

from gametree.attrs import PLAYER, ROOT, VALUE, Player
from gametree.exceptions import InvalidTreeError, TreeFileError
from gametree.inputs import node_limit, too_many_nodes
from gametree.validation import validate, value_problem

__all__ = ["from_nested", "letter_id", "letter_ids", "players_cycle"]


def letter_id(index: int) -> str:
    """Return the textbook letter name of the ``index``-th node (0-based).

    Names run like spreadsheet columns: A, ..., Z, AA, ..., AZ, BA, ...

    >>> [letter_id(i) for i in (0, 25, 26, 51, 52, 701, 702)]
    ['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA']
    """
    if index < 0:
        raise ValueError(f"index must be >= 0, got {index!r}")
    letters = []
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters.append(chr(ord("A") + rem))
    return "".join(reversed(letters))


def letter_ids() -> Iterator[str]:
    """Yield A, B, ..., Z, AA, AB, ... forever.

    >>> list(itertools.islice(letter_ids(), 25, 28))
    ['Z', 'AA', 'AB']
    """
    for length in itertools.count(1):
        for letters in itertools.product(string.ascii_uppercase, repeat=length):
            yield "".join(letters)


def players_cycle(players: Sequence[str | Player]) -> tuple[Player, ...]:
    """Check and normalise a cycle of node types by depth.

    >>> players_cycle(("min", "MAX"))
    (gametree.MIN, gametree.MAX)
    """
    if isinstance(players, str) or not players:
        raise ValueError(
            f"players must be a non-empty sequence such as ('MAX', 'MIN'), got {players!r}"
        )
    try:
        return tuple(Player.parse(p) for p in players)
    except ValueError as exc:
        raise ValueError(f"players {tuple(players)!r}: {exc}") from None


@contextmanager
def bulk_build() -> Iterator[None]:
    """Pause the cyclic garbage collector while millions of small dicts are created.

    Building a graph allocates four dicts per node; without this the collector rescans
    them over and over (the build of a 10**6-node tree runs about twice as fast).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def new_tree_graph() -> tuple[nx.DiGraph, dict[Any, Any], dict[Any, Any], dict[Any, Any]]:
    """Return an empty DiGraph and its node, successor and predecessor dicts.

    Builders fill the three dicts directly, which is what ``add_edge`` does minus its
    per-call checks: ``succ[u][v]`` and ``pred[v][u]`` must be the same edge dict.
    """
    G = nx.DiGraph()
    return G, G._node, G._succ, G._pred


def _path_text(parent: list[int], position: list[int], index: int) -> str:
    steps = []
    while index > 0:
        steps.append(f"[{position[index]}]")
        index = parent[index]
    return "".join(reversed(steps)) or "the top level"


def from_nested(
    obj: Any,
    *,
    players: Sequence[str | Player] = ("MAX", "MIN"),
    max_nodes: int | None = None,
) -> nx.DiGraph:
    """Build a game tree from nested lists: a number is a leaf, a list an internal node.

    Parameters
    ----------
    obj : list or tuple
        The root. Children are listed left to right; depths may differ between branches.
    players : sequence of str, default ("MAX", "MIN")
        The cycle of node types by depth: ``("MIN", "MAX")`` for a MIN root,
        ``("MAX", "MIN", "MIN")`` for one maximiser against two minimisers,
        ``("MAX", "CHANCE")`` for expectimax trees. Leaves get no player.
    max_nodes : int, optional
        The node limit (default :func:`gametree.inputs.node_limit`: the environment
        variable ``GAMETREE_MAX_NODES``, else 2,000,000). Building stops at the first
        node past it.

    Returns
    -------
    networkx.DiGraph
        Node ids are textbook letters in breadth-first, left-to-right order, leaves
        included (A, B, ..., Z, AA, ...); ``G.graph["root"] == "A"``.

    Raises
    ------
    InvalidTreeError
        If an element is neither a number nor a list (naming its position), a list is
        empty, or a value is NaN or a bool.
    TreeFileError
        At the first element past the node limit, naming its position.

    Notes
    -----
    Iterative: 100,000 levels of nesting build without recursion. O(n) time.

    Examples
    --------
    AIMA Figure 5.2:

    >>> G = from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> list(G.successors("A")), list(G.successors("D"))
    (['B', 'C', 'D'], ['K', 'L', 'M'])
    >>> G.nodes["K"]["value"], G.nodes["D"]["player"]
    (14, 'MIN')
    """
    cycle = tuple(p.value for p in players_cycle(players))
    limit = node_limit(max_nodes)
    if not isinstance(obj, (list, tuple)):
        raise InvalidTreeError(
            f"the root must be a list of children, got {obj!r} ({type(obj).__name__})"
        )
    G, node_data, succ, pred = new_tree_graph()
    names = letter_ids()
    root = next(names)
    # Breadth-first, one level at a time. ``parent``/``position`` (by BFS index) only
    # serve to name the position of a bad element.
    parent: list[int] = [0]
    position: list[int] = [0]
    level: list[Any] = [obj]
    level_ids: list[str] = [root]
    depth = 0
    index = 0
    succ[root] = {}
    pred[root] = {}
    with bulk_build():
        while level:
            player = cycle[depth % len(cycle)]
            next_level: list[Any] = []
            next_ids: list[str] = []
            for item, node in zip(level, level_ids, strict=True):
                if type(item) is list or isinstance(item, (list, tuple)):
                    if not item:
                        raise InvalidTreeError(
                            f"empty list at {_path_text(parent, position, index)} "
                            f"(node {node!r}): an internal node needs children and a "
                            "leaf needs a number",
                            node=node,
                        )
                    node_data[node] = {PLAYER: player}
                    children = succ[node]
                    if len(succ) + len(item) > limit:
                        # Nodes are named in the order they are made: the one past the
                        # limit would be letter_id(limit).
                        at = f"{_path_text(parent, position, index)}[{limit - len(succ)}]"
                        past = letter_id(limit)
                        raise TreeFileError(
                            f"element at {at.removeprefix('the top level')} (node {past!r}): "
                            f"{too_many_nodes(limit)}"
                        )
                    for i, child in enumerate(item):
                        child_id = next(names)
                        edge: dict[str, Any] = {}
                        children[child_id] = edge
                        pred[child_id] = {node: edge}
                        succ[child_id] = {}
                        parent.append(index)
                        position.append(i)
                        next_ids.append(child_id)
                        next_level.append(child)
                else:
                    if type(item) is not int:
                        why = value_problem(item)
                        if why is not None:
                            raise InvalidTreeError(
                                f"element at {_path_text(parent, position, index)} "
                                f"(node {node!r}) {why} or a list",
                                node=node,
                            )
                    node_data[node] = {VALUE: item}
                index += 1
            level = next_level
            level_ids = next_ids
            depth += 1
    G.graph[ROOT] = root
    validate(G)
    return G
