"""Building game trees from nested lists and at random."""

from __future__ import annotations

from collections import deque
from collections.abc import Hashable, Iterator, Sequence
from typing import Any

import networkx as nx

from gametree.attrs import PLAYER, ROOT, VALUE, Player
from gametree.exceptions import InvalidTreeError
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
    """Yield A, B, ..., Z, AA, AB, ... forever."""
    index = 0
    while True:
        yield letter_id(index)
        index += 1


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


def _path_text(where: dict[Hashable, tuple[Hashable, int]], node: Hashable) -> str:
    steps = []
    while node in where:
        node, index = where[node]
        steps.append(f"[{index}]")
    return "".join(reversed(steps)) or "the top level"


def from_nested(
    obj: Any,
    *,
    players: Sequence[str | Player] = ("MAX", "MIN"),
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
    cycle = players_cycle(players)
    if not isinstance(obj, (list, tuple)):
        raise InvalidTreeError(
            f"the root must be a list of children, got {obj!r} ({type(obj).__name__})"
        )
    G = nx.DiGraph()
    names = letter_ids()
    root = next(names)
    # Breadth-first: (node id, the object, depth); ``where`` maps a node to its parent
    # and its index there, to name the position of a bad element.
    queue: deque[tuple[Hashable, Any, int]] = deque([(root, obj, 0)])
    where: dict[Hashable, tuple[Hashable, int]] = {}
    G.add_node(root)
    G.graph[ROOT] = root
    while queue:
        node, item, depth = queue.popleft()
        data = G._node[node]
        if isinstance(item, (list, tuple)):
            if not item:
                raise InvalidTreeError(
                    f"empty list at {_path_text(where, node)} (node {node!r}): "
                    "an internal node needs children and a leaf needs a number",
                    node=node,
                )
            data[PLAYER] = cycle[depth % len(cycle)].value
            for i, child in enumerate(item):
                child_id = next(names)
                G.add_edge(node, child_id)
                where[child_id] = (node, i)
                queue.append((child_id, child, depth + 1))
        else:
            why = value_problem(item)
            if why is not None:
                raise InvalidTreeError(
                    f"element at {_path_text(where, node)} (node {node!r}) {why} or a list",
                    node=node,
                )
            data[VALUE] = item
    validate(G)
    return G
