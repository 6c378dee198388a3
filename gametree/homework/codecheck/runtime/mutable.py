"""The ``mutable`` protocol: one game object that moves down and back up the tree.

The style of the seed notebooks (a tic-tac-toe class searched by ``negamax``): the game
keeps one position and offers ``get_moves()``, ``make_move(m)``, ``unmake_move(m)``,
``get_utility()``, ``is_over()`` and ``get_winning_value()`` (camelCase too:
``getMoves``, ...), the names
:func:`gametree.adapt` reads. ``get_utility()`` is from the point of view of the player
to move, ``None`` while the game goes on; at the depth limit it gives the position's
heuristic value, from the same point of view. The search function is called with its
parameters bound by name (the game; the depth; alpha and beta at -inf and inf) and
returns ``(value, move)`` in negamax form: the value for the player to move at the root.
Players alternate, one move each, as in the seeds' games.
"""

from __future__ import annotations

from .binding import call
from .recorder import Recorder
from .treedata import CHANCE, MAX, TreeData

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["MutableGame", "presentable", "run"]

GAME_NAMES = frozenset({"game", "g", "state", "board", "position", "problem"})


class MutableGame:
    """A tree as a mutable game object; records what the search asks."""

    def __init__(self, tree: TreeData, rec: Recorder) -> None:
        self._tree = tree
        self._rec = rec
        self._path: list[tuple[str, int]] = [(tree.root, 0)]

    @property
    def node(self) -> str:
        """The node the game is at."""
        return self._path[-1][0]

    @property
    def player(self) -> str:
        """The player to move at the start (``'MAX'`` or ``'MIN'``)."""
        return self._tree.mover(self._tree.root)

    @property
    def player_look_ahead(self) -> str:
        """The player to move in the current position."""
        return self._tree.mover(self.node)

    playerLookAHead = player_look_ahead

    def get_moves(self) -> list[str]:
        """The moves in the current position; none once the game is over."""
        self._rec.call(self.node)
        return list(self._tree.moves(self.node))

    def make_move(self, move: object) -> None:
        """Play ``move``; an illegal one is refused."""
        node = self.node
        self._rec.call(node)
        child = self._tree.child(node, move)
        if child is None:
            moves = self._tree.moves(node)
            legal = f"its moves: {', '.join(moves)}" if moves else "the game is over there"
            self._rec.refuse(f"make_move({move!r}) at {node}: not a legal move ({legal})", node)
        assert child is not None
        self._path.append((child, self._rec.generate(child)))

    def unmake_move(self, move: object) -> None:
        """Take back ``move``, which must be the last move made."""
        node = self.node
        self._rec.call(node)
        if len(self._path) == 1:
            self._rec.refuse(f"unmake_move({move!r}) at the start: no move has been made", node)
        last = self._tree.move_to(node)
        if self._tree.child(self._path[-2][0], move) != node:
            self._rec.refuse(
                f"unmake_move({move!r}) at {node}: the last move made was {last!r}", node
            )
        self._path.pop()

    def get_utility(self) -> float | None:
        """The value for the player to move; None while the game goes on (at the depth
        limit, the position's heuristic value)."""
        node, visit = self._path[-1]
        self._rec.call(node)
        if not self._tree.evaluable(node):
            return None
        self._rec.evaluate(node, visit)
        value = self._tree.value(node)
        assert value is not None
        return value if self._tree.mover(node) == MAX else -value

    def get_winning_value(self) -> float:
        """The value of a win for the player to move at the root (a value only a true
        win reaches, infinity when the tree has none): iterative deepening may stop once
        a search proves it."""
        self._rec.call(self.node)
        return self._tree.winning_value()

    def is_over(self) -> bool:
        """Whether the game is over in the current position."""
        self._rec.call(self.node)
        return self._tree.is_leaf(self.node)

    getMoves = get_moves
    makeMove = make_move
    unmakeMove = unmake_move
    getUtility = get_utility
    isOver = is_over
    getWinningValue = get_winning_value

    def moves_made(self) -> int:
        """How many moves are still made (not taken back)."""
        return len(self._path) - 1

    def __str__(self) -> str:
        moves = [self._tree.move_to(n) for n, _ in self._path[1:]]
        return "start" if not moves else " ".join(moves)

    __repr__ = __str__


def presentable(tree: TreeData, algorithm: str) -> str | None:
    """Why ``tree`` cannot be presented as a mutable game, or None: negamax needs MAX
    and MIN to alternate, one move each, and no chance nodes."""
    for node in tree.ply:
        p = tree.player(node)
        if p == CHANCE:
            return f"it has a chance node ({node}); the mutable protocol has none"
        if p is not None and any(tree.player(c) == p for c in tree.children(node)):
            return f"two {p} levels follow each other at {node}; negamax needs them to alternate"
    return None


def run(entry: Callable[..., Any], tree: TreeData, rec: Recorder, algorithm: str) -> dict[str, Any]:
    """Call the negamax-style ``entry`` with the game; return its ``(value, move)``."""
    game = MutableGame(tree, rec)
    ran, returned = call(
        entry,
        [("game", game, GAME_NAMES)],
        depth=tree.depth if tree.depth is not None else tree.height(),
        limited=tree.depth is not None,
        maximizing=tree.mover(tree.root) == MAX,
    )
    if not ran:
        return {"skipped": returned}
    out: dict[str, Any] = {"end": {"moves_made": game.moves_made(), "at": game.node}}
    if isinstance(returned, (tuple, list)) and len(returned) == 2:
        out["value"], out["action"] = returned[0], returned[1]
    elif isinstance(returned, (int, float)) and not isinstance(returned, bool):
        out["value"] = returned
    else:
        out["action"] = returned
    return out
