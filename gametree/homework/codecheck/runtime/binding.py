"""Calling a submission's function with its own parameter names.

Students name and order their parameters as they like: ``negamax(game, depthLeft)``,
``negamaxAB(game, alpha, beta, depthLeft)``, ``minimax(node, depth, maximizing)``.
:func:`bind` reads the signature and gives each parameter what its name asks for: the
subject (the game, state or node) to the first parameter it cannot otherwise read,
the depth to a name about depth, ``-inf`` and ``inf`` to alpha and beta, whether the
root's player maximises to a flag named like ``maximizingPlayer``, its sign (+1 for
MAX, -1 for MIN) to a negamax colour named like ``color``. A parameter with a
default that no rule reads keeps its default; one without is an error that names it.
"""

from __future__ import annotations

import math

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

__all__ = ["ALTERNATING", "SKIPPED", "BindError", "Binding", "bind", "call", "kind_of_name"]

_ALPHA = {"alpha", "a", "alfa", "lo", "low", "lower", "lowerbound"}
_BETA = {"beta", "b", "hi", "high", "upper", "upperbound"}
_DEPTH = {"d", "ply", "plies", "limit", "horizon", "maxply", "lookahead"}
_COLOUR = {"color", "colour", "sign", "side", "perspective"}
_MAXIMIZING = {
    "maximizing",
    "maximizingplayer",
    "maximising",
    "maximisingplayer",
    "ismax",
    "ismaximizing",
    "ismaximising",
    "ismaxplayer",
    "maxplayer",
    "maximize",
    "maximise",
    "maximizer",
    "maxturn",
    "ismaxturn",
}


class BindError(TypeError):
    """The function has a parameter no rule can fill."""


def kind_of_name(name: str) -> str | None:
    """What a parameter named ``name`` asks for: ``"alpha"``, ``"beta"``, ``"depth"``,
    ``"maximizing"``, ``"colour"`` or None.

    >>> [kind_of_name(n) for n in ("depthLeft", "depth_left", "alpha", "B", "isMax", "game")]
    ['depth', 'depth', 'alpha', 'beta', 'maximizing', None]
    >>> kind_of_name("color")
    'colour'
    """
    key = name.lower().replace("_", "")
    if key in _ALPHA:
        return "alpha"
    if key in _BETA:
        return "beta"
    if "depth" in key or key in _DEPTH:
        return "depth"
    if key in _MAXIMIZING:
        return "maximizing"
    if key in _COLOUR:
        return "colour"
    return None


class _Param:
    """One parameter: its name, whether it has a default, whether it is keyword-only."""

    __slots__ = ("has_default", "keyword_only", "name")

    def __init__(self, name: str, has_default: bool, keyword_only: bool) -> None:
        self.name, self.has_default, self.keyword_only = name, has_default, keyword_only


def _parameters(function: Callable[..., Any]) -> list[_Param] | None:
    """The named parameters of ``function``, read from its code object (a plain
    function; ``inspect`` only for anything else, as it is slow to import)."""
    code = getattr(function, "__code__", None)
    if code is None or getattr(function, "__self__", None) is not None:
        import inspect

        try:
            signature = inspect.signature(function)
        except (TypeError, ValueError):
            return None
        return [
            _Param(p.name, p.default is not p.empty, p.kind is p.KEYWORD_ONLY)
            for p in signature.parameters.values()
            if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
    count = code.co_argcount
    names = code.co_varnames[: count + code.co_kwonlyargcount]
    defaults = len(getattr(function, "__defaults__", None) or ())
    keyword_defaults = getattr(function, "__kwdefaults__", None) or {}
    return [
        _Param(n, i >= count - defaults if i < count else n in keyword_defaults, i >= count)
        for i, n in enumerate(names)
    ]


class Binding:
    """The arguments for one call, and which rules filled them."""

    def __init__(self, args: list[Any], kwargs: dict[str, Any], kinds: Mapping[str, str]):
        self.args = args
        self.kwargs = kwargs
        self.kinds = dict(kinds)

    @property
    def takes_depth(self) -> bool:
        return "depth" in self.kinds.values()

    @property
    def alternates(self) -> bool:
        """Whether the code is told who moves at the root only (a maximizing flag, a
        negamax colour) and so must alternate players itself."""
        return "maximizing" in self.kinds.values() or "colour" in self.kinds.values()

    @property
    def takes_window(self) -> bool:
        return "alpha" in self.kinds.values() or "beta" in self.kinds.values()


def bind(
    function: Callable[..., Any],
    subjects: list[tuple[str, Any, frozenset[str]]],
    *,
    depth: int | None = None,
    maximizing: bool = True,
    alpha: float = -math.inf,
    beta: float = math.inf,
    named: Mapping[str, Any] | None = None,
) -> Binding:
    """Return the arguments to call ``function`` with.

    Parameters
    ----------
    function : callable
        The submission's function.
    subjects : list of (role, value, names)
        What the parameters no other rule reads receive: a parameter whose name (lower
        case, without underscores) is among a subject's ``names`` takes it, any other
        the first subject not yet taken (``[("node", root, {"node", "n", "root"})]``,
        or AIMA's ``state`` and ``game``).
    depth : int, optional
        What a depth parameter receives (left at its default when None).
    maximizing, alpha, beta
        What a flag, alpha and beta receive.
    named : mapping, optional
        Values for parameters by exact name (``{"d": 3}`` for AIMA's cutoff search).

    Raises
    ------
    BindError
        For a parameter that no rule fills and that has no default, or a subject no
        parameter takes.
    """
    name = getattr(function, "__name__", "the entry")
    params = _parameters(function)
    if params is None:
        return Binding([value for _, value, _ in subjects], {}, {})
    taken: dict[str, int] = {}
    for param in params:
        key = param.name.lower().replace("_", "")
        for i, (_, _, names) in enumerate(subjects):
            if key in names and i not in taken.values():
                taken[param.name] = i
                break
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    kinds: dict[str, str] = {}
    positional = True
    for param in params:
        kind = kind_of_name(param.name)
        free = [i for i in range(len(subjects)) if i not in taken.values()]
        value: Any
        if param.name in taken:
            value, kind = subjects[taken[param.name]][1], "subject"
        elif named is not None and param.name in named:
            value, kind = named[param.name], "named"
        elif kind == "alpha":
            value = alpha
        elif kind == "beta":
            value = beta
        elif kind == "depth" and depth is not None:
            value = depth
        elif kind == "maximizing":
            value = maximizing
        elif kind == "colour":
            value = 1 if maximizing else -1
        elif free and kind is None and not param.has_default:
            taken[param.name] = free[0]
            value, kind = subjects[free[0]][1], "subject"
        elif param.has_default:
            positional = False
            continue
        else:
            what = "a depth" if kind == "depth" else "anything gametree can give"
            raise BindError(
                f"cannot call {name}: its parameter {param.name!r} asks for {what} "
                "(parameters are filled by their names: the game or node, the depth, "
                "alpha, beta, a maximizing flag, a negamax colour)"
            )
        kinds[param.name] = kind
        if positional and not param.keyword_only:
            args.append(value)
        else:
            kwargs[param.name] = value
    missing = [role for i, (role, _, _) in enumerate(subjects) if i not in taken.values()]
    if missing:
        raise BindError(f"cannot call {name}: it takes no parameter for the {missing[0]}")
    return Binding(args, kwargs, kinds)


SKIPPED = "it has a depth limit and the entry takes no depth"
"""Why a depth-limited tree is not presented to an entry without a depth parameter."""

ALTERNATING = (
    "the entry is told only who moves at the root (a maximizing flag or a negamax "
    "colour), so its contract is trees whose players alternate; here {where}"
)
"""Why a tree with two levels of one player in a row is not presented to such an entry."""


def call(
    function: Callable[..., Any],
    subjects: list[tuple[str, Any, frozenset[str]]],
    *,
    depth: int,
    limited: bool,
    maximizing: bool,
    repeats: str | None = None,
) -> tuple[bool, Any]:
    """Call ``function`` bound by :func:`bind`; return ``(True, what it returned)``, or
    ``(False, why not)`` when the tree is ``limited`` in depth and the function takes no
    depth to be told so (:data:`SKIPPED`), or when ``repeats`` says where one player
    moves twice in a row and the function alternates players itself
    (:data:`ALTERNATING`)."""
    binding = bind(function, subjects, depth=depth, maximizing=maximizing)
    if limited and not binding.takes_depth:
        return False, SKIPPED
    if repeats is not None and binding.alternates:
        return False, ALTERNATING.format(where=repeats)
    return True, function(*binding.args, **binding.kwargs)
