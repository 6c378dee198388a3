"""Games and positions named on the command line: ``tictactoe:4,4,3``, ``nim:3,4,5``.

Besides the built-in games, a spec names a user's game: ``module:Class`` or
``path/to/file.py:Class``, optionally with constructor arguments written as Python
literals, ``mygames:Take(n=7)``. The arguments are read as literals (numbers, strings,
tuples, lists, dicts, sets, ``True``/``False``/``None``), never evaluated as code. The
object built is used as it is when it follows :class:`gametree.games.Game`, and through
:func:`gametree.games.adapt` when it is written student style (``get_moves``,
``make_move``, ...).

>>> parse_game("tictactoe:4,4,3")
TicTacToe(4, 4, 3)
>>> parse_game("connect4"), parse_game("nim:1,2"), parse_game("aima")
(ConnectFour(6, 7, 4), Nim((1, 2)), Fig52Game())
>>> g = parse_game("tictactoe")
>>> parse_state(g, "xo-/-x-/--o").board
'XO--X---O'
>>> parse_game("gametree.games:Nim(piles=(1, 2))")
Nim((1, 2))
>>> literal_arguments("rows=4, name='x'")
((), {'rows': 4, 'name': 'x'})
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import re
import sys
from pathlib import Path
from typing import Any

from gametree.exceptions import GameError
from gametree.games.adapter import adapt
from gametree.games.aima import Fig52Game
from gametree.games.connect_four import ConnectFour
from gametree.games.nim import Nim
from gametree.games.protocol import REQUIRED, check_game, game_name
from gametree.games.tictactoe import TicTacToe
from gametree.quoting import quoted

__all__ = [
    "FACTORIES",
    "GAME_NAMES",
    "MAX_ARGUMENT_CHARS",
    "MAX_ARGUMENT_NESTING",
    "literal_arguments",
    "parse_game",
    "parse_state",
    "user_game",
]

GAME_NAMES = {
    "tictactoe": "tictactoe[:M,N,K] (default 3,3,3)",
    "connect4": "connect4[:ROWS,COLS,CONNECT] (default 6,7,4)",
    "nim": "nim[:P1,P2,...] (default 3,4,5)",
    "aima": "aima (Figure 5.2)",
    "openspiel": "openspiel:NAME[(PARAM=VALUE,...)], e.g. openspiel:connect_four(rows=4)",
    "user": "module:Class or path/to/file.py:Class, with literal arguments: Class(rows=4)",
}
_ALIASES = {
    "tictactoe": "tictactoe",
    "tic-tac-toe": "tictactoe",
    "ttt": "tictactoe",
    "mnk": "tictactoe",
    "connect4": "connect4",
    "connect-four": "connect4",
    "connectfour": "connect4",
    "c4": "connect4",
    "nim": "nim",
    "aima": "aima",
    "fig52": "aima",
    "fig5.2": "aima",
    "openspiel": "openspiel",
    "pyspiel": "openspiel",
}


def _ints(spec: str, text: str) -> list[int]:
    try:
        return [int(t) for t in text.replace(" ", "").split(",") if t]
    except ValueError:
        raise GameError(f"game {_where(spec)}: {text!r} is not a list of integers") from None


def parse_game(spec: str) -> Any:
    """Return the game named by ``spec`` (see :data:`GAME_NAMES`)."""
    name, _, rest = spec.strip().partition(":")
    kind = _ALIASES.get(name.strip().lower())
    if kind is None and _USER_SPEC.match(spec.strip()):
        return user_game(spec)
    if kind is None:
        raise GameError(
            f"unknown game {_where(spec)}; expected one of: " + ", ".join(GAME_NAMES.values())
        )
    if kind == "openspiel":
        return _openspiel(spec, rest)
    args = _ints(spec, rest) if rest else []
    if kind == "tictactoe":
        if args and len(args) != 3:
            raise GameError(f"game {_where(spec)}: expected tictactoe:M,N,K")
        return TicTacToe(*args)
    if kind == "connect4":
        if args and len(args) != 3:
            raise GameError(f"game {_where(spec)}: expected connect4:ROWS,COLS,CONNECT")
        return ConnectFour(*args)
    if kind == "nim":
        return Nim(args) if args else Nim()
    if args:
        raise GameError(f"game {_where(spec)}: aima takes no parameters")
    return Fig52Game()


_OPENSPIEL_SPEC = re.compile(r"^\s*(?P<name>[A-Za-z_][\w]*)\s*(?:\((?P<args>.*)\))?\s*$", re.DOTALL)


def _openspiel(spec: str, rest: str) -> Any:
    """``openspiel:NAME`` or ``openspiel:NAME(PARAM=VALUE, ...)``."""
    from gametree.games.openspiel import openspiel_game

    match = _OPENSPIEL_SPEC.match(rest)
    if match is None:
        raise GameError(
            f"game {_where(spec)}: expected openspiel:NAME or openspiel:NAME(PARAM=VALUE,...), "
            "e.g. openspiel:connect_four(rows=4,columns=5)"
        )
    args, params = literal_arguments(match["args"], spec) if match["args"] is not None else ((), {})
    if args:
        raise GameError(f"game {_where(spec)}: OpenSpiel parameters are named: NAME(rows=4)")
    return openspiel_game(match["name"], **params)


def parse_state(game: Any, text: str) -> Any:
    """Return the position ``text`` names in ``game``.

    Tic-tac-toe: the board row by row (``X``, ``O``, ``-`` or ``.``; rows may be
    separated by ``/``). Connect Four: the columns played, e.g. ``3342``. Nim: the
    piles, e.g. ``1,2,3`` (MAX to move). AIMA: a letter A..M. OpenSpiel: the moves from
    the start, as their texts or action ids, e.g. ``"x(1,1) o(0,0)"`` or ``4,0``.
    """
    if isinstance(game, (TicTacToe, ConnectFour)):
        return game.state(text)
    if isinstance(game, Nim):
        return game.state(_ints(text, text))
    if getattr(game, "spiel_game", None) is not None:
        return _replay(game, text)
    if isinstance(game, Fig52Game):
        letter = text.strip().upper()
        if letter not in "ABCDEFGHIJKLM" or len(letter) != 1:
            raise GameError(f"aima: no state {text!r}; states are A..M")
        return letter
    raise GameError(f"cannot read a state for {game_name(game)}")


# -- a user's game ------------------------------------------------------------------

_USER_SPEC = re.compile(
    r"^(?P<target>[^:]+?(?:\.py)?):(?P<name>[A-Za-z_][\w.]*)\s*(?:\((?P<args>.*)\))?$", re.DOTALL
)
_LITERALS = "numbers, strings, tuples, lists, dicts, sets, True, False, None"

MAX_ARGUMENT_CHARS = 10_000
"""The longest argument text read from a spec (``Class(...)``): constructor arguments
are a few literals, so a longer text is refused before it is parsed."""

MAX_ARGUMENT_NESTING = 50
"""The deepest nesting of brackets (and unary signs) in the argument text: deeper text
is refused before it is parsed, so the parser never runs out of stack or memory."""

FACTORIES = "GAMETREE_FACTORIES"
"""The module-level name listing the functions of a module that build a game.

``GAMETREE_FACTORIES = ("make_game",)`` in ``mygames.py`` lets ``mygames:make_game(3)``
call ``make_game``; a function not listed there is never called (only a class that
follows the game protocol, or a student-style class, is constructed)."""

_STUDENT_ROLES = (
    ("get_moves", "getMoves"),
    ("make_move", "makeMove"),
    ("get_utility", "getUtility"),
    ("is_over", "isOver"),
)
_PROTOCOL_METHODS = tuple(m for m in REQUIRED if m != "initial")


def _where(spec: str) -> str:
    """The spec as error messages quote it (a path and a class name fit)."""
    return quoted(spec, limit=200)


def _nesting(text: str, where: str) -> None:
    """Refuse argument text that nests deeper than :data:`MAX_ARGUMENT_NESTING`."""
    import io
    import tokenize

    depth = deepest = signs = 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.OP and token.string in "([{":
                depth += 1
            elif token.type == tokenize.OP and token.string in ")]}":
                depth -= 1
            if token.type == tokenize.OP and token.string in ("-", "+", "~"):
                signs += 1
            elif token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT):
                signs = 0
            deepest = max(deepest, depth + signs)
            if deepest > MAX_ARGUMENT_NESTING:
                break
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return  # the parser names what is wrong
    if deepest > MAX_ARGUMENT_NESTING:
        raise GameError(
            f"game {where}: the arguments nest deeper than {MAX_ARGUMENT_NESTING} levels; "
            "constructor arguments are a few literals"
        )


def literal_arguments(text: str, spec: str | None = None) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Return the positional and keyword arguments written in ``text``, as literals.

    Parameters
    ----------
    text : str
        What goes between the parentheses of a call: ``"4, rows=5, name='x'"``.
    spec : str, optional
        The whole spec, named in error messages.

    Raises
    ------
    GameError
        If ``text`` is not an argument list, an argument is not a literal (a name, a
        call, an operator, ``*args``: nothing in it is ever evaluated as code), or the
        text is longer than :data:`MAX_ARGUMENT_CHARS` or nests deeper than
        :data:`MAX_ARGUMENT_NESTING`; in one line.
    """
    where = _where(spec if spec is not None else text)
    if len(text) > MAX_ARGUMENT_CHARS:
        raise GameError(
            f"game {where}: the arguments are {len(text):,} characters long, more than "
            f"{MAX_ARGUMENT_CHARS:,}; constructor arguments are a few literals"
        )
    _nesting(text, where)
    try:
        call = ast.parse(f"f({text})", mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError) as exc:
        reason = exc.msg if isinstance(exc, SyntaxError) else type(exc).__name__
        raise GameError(
            f"game {where}: the arguments ({quoted(text, limit=40)[1:-1]}) do not parse: "
            f"{reason}; write them as in Python, e.g. Class(rows=4, name='x')"
        ) from None
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        raise GameError(f"game {where}: the arguments do not parse as an argument list")
    args = []
    for node in call.args:
        args.append(_literal(node, where))
    kwargs: dict[str, Any] = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            shown = quoted(ast.unparse(keyword.value), limit=40)[1:-1]
            raise GameError(f"game {where}: **{shown} is not allowed")
        kwargs[keyword.arg] = _literal(keyword.value, where)
    return tuple(args), kwargs


def _literal(node: ast.expr, where: str) -> Any:
    if isinstance(node, ast.Starred):
        shown = quoted(ast.unparse(node.value), limit=40)[1:-1]
        raise GameError(f"game {where}: *{shown} is not allowed")
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        raise GameError(
            f"game {where}: {quoted(ast.unparse(node), limit=40)} is not a literal; "
            f"constructor arguments may be {_LITERALS} (nothing is evaluated as code)"
        ) from None


def _import_target(target: str, spec: str) -> Any:
    where = _where(spec)
    if target.endswith(".py") or "/" in target or "\\" in target:
        path = Path(target)
        if not path.is_file():
            raise GameError(f"game {where}: no such file {quoted(target)}")
        name = "gametree_user_" + re.sub(r"\W", "_", path.stem)
        module_spec = importlib.util.spec_from_file_location(name, path)
        if module_spec is None or module_spec.loader is None:
            raise GameError(f"game {where}: {quoted(target)} cannot be imported as Python")
        module = importlib.util.module_from_spec(module_spec)
        # The file's own imports of its neighbours work as when it is run as a script.
        sys.path.insert(0, str(path.resolve().parent))
        sys.modules[name] = module
        try:
            module_spec.loader.exec_module(module)
        except Exception as exc:
            sys.modules.pop(name, None)
            raise GameError(
                f"game {where}: importing {quoted(target)} failed: {type(exc).__name__}: "
                f"{quoted(exc, limit=120)[1:-1]}"
            ) from None
        finally:
            sys.path.remove(str(path.resolve().parent))
        return module
    try:
        return importlib.import_module(target)
    except ModuleNotFoundError as exc:
        raise GameError(
            f"game {where}: no module named {quoted(exc.name)} (for a file, give its path: "
            "path/to/file.py:Class)"
        ) from None
    except Exception as exc:
        raise GameError(
            f"game {where}: importing {quoted(target)} failed: {type(exc).__name__}: "
            f"{quoted(exc, limit=120)[1:-1]}"
        ) from None


_MISSING = object()


def _static(obj: Any, name: str) -> Any:
    """``obj.name`` looked up without running code (no property, no ``__getattr__``)."""
    return inspect.getattr_static(obj, name, _MISSING)


def _lacks(obj: Any, names: tuple[str, ...]) -> list[str]:
    return [n for n in names if not callable(_static(obj, n))]


def _student_lacks(obj: Any) -> list[str]:
    return ["/".join(role) for role in _STUDENT_ROLES if len(_lacks(obj, role)) == len(role)]


def _declared_factories(module: Any) -> tuple[str, ...]:
    names = _static(module, FACTORIES)
    if isinstance(names, str):
        return (names,)
    if isinstance(names, (tuple, list, frozenset, set)):
        return tuple(n for n in names if isinstance(n, str))
    return ()


def _not_a_game(spec: str, name: str, obj: Any) -> GameError:
    """The refusal of a named object that is neither a game class nor a declared factory."""
    where = _where(spec)
    if isinstance(obj, type):
        student = _student_lacks(obj)
        if len(student) < len(_STUDENT_ROLES):  # some student-style methods, not all
            return GameError(
                f"game {where}: {obj.__name__} cannot be adapted as a game: it has no "
                + ", no ".join(f"{role} method" for role in student)
            )
        return GameError(
            f"game {where}: {obj.__name__} is not a game: it has neither the gametree "
            f"game protocol (it lacks {', '.join(_lacks(obj, _PROTOCOL_METHODS))}) nor the "
            "student-style methods (it has no get_moves/getMoves method)"
        )
    kind = "a function" if callable(obj) else f"a {type(obj).__name__}"
    return GameError(
        f"game {where}: {name} is {kind}, not a game class; a function is called only when "
        f"its module lists it in {FACTORIES} (e.g. {FACTORIES} = ({name!r},))"
    )


def user_game(spec: str) -> Any:
    """Return the game a ``module:Class(args)`` or ``file.py:Class(args)`` spec names.

    The name is looked up without running anything but the module's import: it must
    name a class that follows the game protocol (its methods ``to_move``, ``actions``,
    ``result``, ``is_terminal``, ``utility``; ``initial`` may be set by the
    constructor) or the student-style methods (``get_moves``, ``make_move``,
    ``get_utility``, ``is_over``), or a function its module lists in
    :data:`FACTORIES`, or (without arguments) a game object. That is checked first;
    only then is the class constructed (or the factory called) with the literal
    arguments. A gametree :class:`~gametree.games.Game` is returned as it is; a
    student-style object goes through :func:`~gametree.games.adapt`.

    Raises
    ------
    GameError
        Naming what is missing: the file, the module, the class (listing the classes
        the module has), a literal argument, or the game methods.

    Examples
    --------
    >>> user_game("gametree.games:TicTacToe(m=3, n=3, k=3)")
    TicTacToe(3, 3, 3)
    >>> user_game("gametree.games:Nim(piles=n)")
    Traceback (most recent call last):
    ...
    gametree.exceptions.GameError: game 'gametree.games:Nim(piles=n)': 'n' is not a literal; ...
    >>> user_game("os:system('echo ran')")
    Traceback (most recent call last):
    ...
    gametree.exceptions.GameError: game "os:system('echo ran')": system is a function, ...
    """
    match = _USER_SPEC.match(spec.strip())
    if match is None:
        raise GameError(
            f"game {_where(spec)}: expected module:Class or path/to/file.py:Class, "
            "optionally with literal arguments: Class(rows=4)"
        )
    target, name, text = match["target"].strip(), match["name"], match["args"]
    args, kwargs = literal_arguments(text, spec) if text is not None else ((), {})
    module = _import_target(target, spec)
    obj: Any = module
    for part in name.split("."):
        found = _static(obj, part)
        if found is _MISSING:
            classes = sorted(
                n for n, v in vars(module).items() if isinstance(v, type) and not n.startswith("_")
            )
            shown = ", ".join(classes[:12]) or "none"
            raise GameError(
                f"game {_where(spec)}: {target} has no {quoted(part)}; its classes: {shown}"
            )
        obj = found
    if isinstance(obj, (staticmethod, classmethod)):
        obj = obj.__func__
    if isinstance(obj, type):
        if _lacks(obj, _PROTOCOL_METHODS) and _student_lacks(obj):
            raise _not_a_game(spec, name, obj)
    elif callable(obj) and not (
        "." not in name and name in _declared_factories(module) and inspect.isfunction(obj)
    ):
        raise _not_a_game(spec, name, obj)
    elif not callable(obj):
        if text is not None:
            raise GameError(f"game {_where(spec)}: {name} is not a class; it takes no arguments")
        return as_game(obj, spec)
    try:
        built = obj(*args, **kwargs)
    except Exception as exc:
        raise GameError(
            f"game {_where(spec)}: {name}({quoted(text or '', limit=40)[1:-1]}) failed: "
            f"{type(exc).__name__}: {quoted(exc, limit=120)[1:-1]}"
        ) from None
    return as_game(built, spec)


def as_game(obj: Any, spec: str) -> Any:
    """Return ``obj`` as a game: itself, or adapted when it is written student style."""
    if all(hasattr(obj, member) for member in REQUIRED):
        check_game(obj)
        return obj
    student = ("get_moves", "getMoves", "make_move", "makeMove")
    if any(hasattr(obj, method) for method in student):
        return adapt(obj)
    missing = ", ".join(m for m in REQUIRED if not hasattr(obj, m))
    raise GameError(
        f"game {_where(spec)}: {type(obj).__name__} is not a game: it has neither the gametree "
        f"game protocol (it lacks {missing}) nor the student-style methods (it has no "
        "get_moves/getMoves method)"
    )


_MOVE = re.compile(r"[^\s,()]+(?:\([^)]*\))?")


def _replay(game: Any, text: str) -> Any:
    """An OpenSpiel position: the moves from the start, separated by spaces or commas."""
    state = game.initial
    for move in _MOVE.findall(text):
        legal = game.actions(state)
        chosen = move if move in legal else int(move) if move.isdigit() else move
        try:
            state = game.result(state, chosen)
        except GameError:
            raise GameError(
                f"state {text!r}: {move!r} is not a legal move after {list(state.history)!r}; "
                f"legal: {', '.join(legal) or 'none (the game is over)'}"
            ) from None
    return state
