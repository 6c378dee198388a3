"""Plug in a game class written the way students write them, unchanged.

The seeds' classes keep one mutable board and offer ``get_moves()``, ``make_move(m)``,
``unmake_move(m)``, ``get_utility()`` (from the point of view of the player to move,
``None`` while the game goes on) and ``is_over()``, in snake_case or camelCase
(``getMoves``, ``makeMove``, ``unmakeMove``, ``getUtility``, ``isOver``).
:func:`adapt` wraps such an object as a :class:`~gametree.games.Game`: a state is the
tuple of moves made from the object's position, and the adapter makes and unmakes moves
on a private copy of the object to reach whatever state it is asked about.

Examples
--------
>>> class Take:  # a one-pile Nim, written student style: take 1 or 2, taking the last wins
...     def __init__(self, n): self.n = n
...     def get_moves(self): return [m for m in (1, 2) if m <= self.n]
...     def make_move(self, m): self.n -= m
...     def unmake_move(self, m): self.n += m
...     def is_over(self): return self.n == 0
...     def get_utility(self): return -1 if self.n == 0 else None
...     def __str__(self): return str(self.n)
>>> game = adapt(Take(4))
>>> game.actions(()), game.to_move((1,)), game.render((1, 2))
([1, 2], 'MIN', '1')
>>> game.utility((1, 1, 2)), game.utility((2, 2))  # who took the last object: MAX, MIN
(1, -1)
"""

from __future__ import annotations

import copy as copy_module
from collections.abc import Callable, Hashable
from typing import Any, ClassVar

from gametree.exceptions import GameError

__all__ = ["StudentGame", "adapt"]

_NAMES = {
    "get_moves": ("get_moves", "getMoves"),
    "make_move": ("make_move", "makeMove"),
    "unmake_move": ("unmake_move", "unmakeMove"),
    "get_utility": ("get_utility", "getUtility"),
    "is_over": ("is_over", "isOver"),
}


def _method(obj: object, role: str) -> Callable[..., Any] | None:
    for name in _NAMES[role]:
        method = getattr(obj, name, None)
        if callable(method):
            return method  # type: ignore[no-any-return]
    return None


class StudentGame:
    """A :class:`~gametree.games.Game` over a student-style mutable game object.

    Use :func:`adapt` to build one. States are tuples of moves from the starting
    position; the player to move at the start is MAX and players alternate (each
    ``make_move`` passes the turn, as in the seeds).

    Attributes
    ----------
    obj : object
        The private copy of the wrapped object that the adapter moves on.
    """

    players: ClassVar[dict[str, str]] = {"MAX": "MAX", "MIN": "MIN"}
    initial: tuple[Any, ...] = ()

    def __init__(
        self,
        obj: object,
        *,
        evaluate: Callable[[Any], float] | None = None,
        key: Callable[[Any], Hashable] | None = None,
        copy: bool = True,
    ) -> None:
        methods = {role: _method(obj, role) for role in _NAMES}
        missing = [role for role, m in methods.items() if m is None and role != "unmake_move"]
        if missing:
            wanted = ", no ".join("/".join(_NAMES[r]) + " method" for r in missing)
            raise GameError(f"{type(obj).__name__} cannot be adapted as a game: it has no {wanted}")
        self._pristine = copy_module.deepcopy(obj) if methods["unmake_move"] is None else None
        self.obj = copy_module.deepcopy(obj) if copy else obj
        self._bind()
        self._evaluate_fn = evaluate
        if evaluate is None and callable(getattr(self.obj, "evaluate", None)):
            self._evaluate_fn = lambda o: o.evaluate()
        self._key_fn = key
        self._path: list[Any] = []

    def _bind(self) -> None:
        obj = self.obj
        self._get_moves = _method(obj, "get_moves")
        self._make = _method(obj, "make_move")
        self._unmake = _method(obj, "unmake_move")
        self._get_utility = _method(obj, "get_utility")
        self._is_over = _method(obj, "is_over")

    def __repr__(self) -> str:
        return f"adapt({type(self.obj).__name__} object)"

    def _sync(self, state: tuple[Any, ...]) -> None:
        path = self._path
        common = 0
        limit = min(len(path), len(state))
        while common < limit and path[common] == state[common]:
            common += 1
        if common < len(path):
            if self._unmake is None:
                assert self._pristine is not None
                self.obj = copy_module.deepcopy(self._pristine)
                self._bind()
                del path[:]
                common = 0
            else:
                unmake = self._unmake
                while len(path) > common:
                    unmake(path.pop())
        make = self._make
        assert make is not None
        for move in state[common:]:
            make(move)
            path.append(move)

    def to_move(self, state: tuple[Any, ...]) -> str:
        """Return ``"MAX"`` after an even number of moves, else ``"MIN"``."""
        return "MIN" if len(state) % 2 else "MAX"

    def actions(self, state: tuple[Any, ...]) -> list[Any]:
        """Return ``get_moves()`` at ``state`` (none once the game is over)."""
        self._sync(state)
        assert self._is_over is not None and self._get_moves is not None
        if self._is_over():
            return []
        return list(self._get_moves())

    def result(self, state: tuple[Any, ...], action: Any) -> tuple[Any, ...]:
        """Return ``state + (action,)``."""
        return (*state, action)

    def is_terminal(self, state: tuple[Any, ...]) -> bool:
        """Return ``is_over()`` at ``state``."""
        self._sync(state)
        assert self._is_over is not None
        return bool(self._is_over())

    def _mover_sign(self, state: tuple[Any, ...]) -> int:
        return -1 if len(state) % 2 else 1

    def utility(self, state: tuple[Any, ...]) -> float:
        """Return ``get_utility()`` turned to MAX's point of view."""
        self._sync(state)
        assert self._get_utility is not None
        value = self._get_utility()
        if value is None or isinstance(value, bool):
            raise GameError(
                f"{type(self.obj).__name__}.get_utility() returned {value!r} after moves "
                f"{list(state)!r}, where is_over() is true; expected a number"
            )
        return self._mover_sign(state) * value  # type: ignore[no-any-return]

    def evaluate(self, state: tuple[Any, ...]) -> float:
        """Return the heuristic (mover's point of view, like ``get_utility``) for MAX."""
        if self._evaluate_fn is None:
            raise GameError(
                f"the depth limit stops the search after moves {list(state)!r}, but "
                f"{type(self.obj).__name__} has no evaluate(): pass adapt(obj, "
                "evaluate=f) or search without a depth limit"
            )
        self._sync(state)
        return self._mover_sign(state) * self._evaluate_fn(self.obj)

    def key(self, state: tuple[Any, ...]) -> Hashable:
        """Return ``key(obj)`` at ``state`` when a key function was given, else the moves."""
        if self._key_fn is None:
            return state
        self._sync(state)
        return self._key_fn(self.obj)

    def render(self, state: tuple[Any, ...]) -> str:
        """Return ``str(obj)`` at ``state``."""
        self._sync(state)
        return str(self.obj)


def adapt(
    obj: object,
    *,
    evaluate: Callable[[Any], float] | None = None,
    key: Callable[[Any], Hashable] | None = None,
    copy: bool = True,
) -> StudentGame:
    """Wrap a student-style game object as a :class:`~gametree.games.Game`.

    Parameters
    ----------
    obj : object
        Has ``get_moves``, ``make_move``, ``get_utility``, ``is_over`` and preferably
        ``unmake_move`` (snake_case or camelCase). Without ``unmake_move`` the adapter
        replays moves on fresh deep copies (slower).
    evaluate : callable, optional
        ``evaluate(obj) -> float``: a heuristic from the point of view of the player to
        move, for depth-limited searches. Defaults to ``obj.evaluate()`` when it exists.
    key : callable, optional
        ``key(obj) -> hashable`` identifying positions, so transpositions merge (for
        example ``lambda g: tuple(g.board)``). Default: the move sequence.
    copy : bool, default True
        Work on a deep copy, leaving ``obj`` untouched.

    Returns
    -------
    StudentGame

    Raises
    ------
    GameError
        If a required method is missing (naming both spellings).
    """
    return StudentGame(obj, evaluate=evaluate, key=key, copy=copy)
