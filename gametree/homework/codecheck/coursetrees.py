"""A course's own test trees, read as check-code cases: CS188's ``.test`` files and
aima-python-style game tables.

CS188's multi-agent project grades tree questions with ``GraphGameTreeTest`` cases:
text files of ``key: "value"`` lines and ``key: \"\"\"`` blocks. The keys read here:
``num_agents``, ``start_state``, ``win_states`` and ``lose_states`` (terminal states,
space-separated), ``successors`` (the spring 2021 and earlier spelling) or ``children``
(Fall 2021 to Spring 2023) with one ``state action next`` line per move, ``evaluation``
with one ``state value`` line per valued state, ``depth`` (rounds of every agent
moving once) and ``alg`` (``ExpectimaxAgent`` makes the ghosts chance nodes). Other
keys (``class``, ``diagram``, ...) are ignored.

aima-python's ``games.py`` writes its Figure 5.2 game as two tables: ``succs`` (state
to ``{move: next state}``) and ``utils`` (terminal state to MAX's utility); a ``.py``
file holding those two assignments (dict displays or ``dict(a1='B', ...)`` calls of
constants, read without running anything) is a tree whose players alternate from MAX.

Bad files raise :class:`~gametree.exceptions.TreeSyntaxError` with the line.

Examples
--------
>>> text = '''num_agents: "2"
... start_state: "A"
... win_states: "B1 B2 C1 C2"
... lose_states: ""
... children: \"\"\"
... A Left B
... A Right C
... B Left B1
... B Right B2
... C Left C1
... C Right C2
... \"\"\"
... evaluation: \"\"\"
... B1 3
... B2 12
... C1 2
... C2 4
... \"\"\"
... depth: "1"
... '''
>>> case = cs188_case(text, "small.test")
>>> case.depth, sorted(case.spec["nodes"]["A"]["c"])
(2, [['B', 'Left', None], ['C', 'Right', None]])
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.attrs import Player
from gametree.exceptions import TreeSyntaxError
from gametree.homework.codecheck.treespec import TreeCase, tree_case

__all__ = ["aima_case", "course_case", "cs188_case", "is_course_file"]

_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*):\s*(.*)$")
MAX_STATES = 100_000
"""The most states a course file may describe (a tree check-code presents is far smaller)."""


def is_course_file(path: str | Path) -> bool:
    """Whether ``path`` names a course test file this module reads (``.test``, or a
    ``.py`` table in aima-python's style)."""
    return Path(path).suffix.lower() in (".test", ".py")


def _error(reason: str, line: int, text: str, name: str) -> TreeSyntaxError:
    lines = text.splitlines()
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    return TreeSyntaxError(reason, line=line, column=1, source_line=source, filename=name)


def _fields(text: str, name: str) -> dict[str, tuple[str, int]]:
    """Each key's value and the line it starts on."""
    out: dict[str, tuple[str, int]] = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        i += 1
        if not stripped or stripped.startswith("#"):
            continue
        m = _KEY.match(stripped)
        if m is None:
            raise _error('expected \'key: "value"\' or \'key: """\' here', i, text, name)
        key, rest = m.group(1), m.group(2).strip()
        start = i
        if rest.startswith('"""'):
            body = rest[3:]
            if body.rstrip().endswith('"""'):
                value, first = body.rstrip()[:-3], start
            else:
                block = [body] if body.strip() else []
                first = start if body.strip() else start + 1
                while True:
                    if i >= len(lines):
                        raise _error(f'the block of {key!r} has no closing """', start, text, name)
                    here = lines[i]
                    i += 1
                    if here.rstrip().endswith('"""'):
                        last = here.rstrip()[:-3]
                        if last.strip():
                            block.append(last)
                        break
                    block.append(here)
                value = "\n".join(block)
        elif len(rest) >= 2 and rest[0] == rest[-1] == '"':
            value, first = rest[1:-1], start
        else:
            raise _error(f'the value of {key!r} must be quoted: {key}: "..."', i, text, name)
        if key in out:
            raise _error(f"{key!r} is given twice (first on line {out[key][1]})", i, text, name)
        out[key] = (value, first)
    return out


def _number(word: str, line: int, text: str, name: str) -> float | int:
    try:
        value = float(word)
    except ValueError:
        raise _error(f"{word!r} is not a number", line, text, name) from None
    return int(value) if value.is_integer() else value


def cs188_case(text: str, name: str) -> TreeCase:
    """Read one CS188 ``GraphGameTreeTest`` file (its text; ``name`` in messages and
    reports) as a check-code case.

    Raises
    ------
    TreeSyntaxError
        For a line that is not a field, a field missing or malformed, a move or value
        line that does not parse, a state reached twice, more than
        :data:`MAX_STATES` states.
    """
    fields = _fields(text, name)
    if "successors" in fields and "children" in fields:
        at = fields["children"][1]
        raise _error("give the moves once: 'successors' or 'children', not both", at, text, name)
    moves_key = "successors" if "successors" in fields else "children"
    for key in ("num_agents", "start_state", moves_key, "evaluation"):
        if key not in fields:
            where = ", ".join(k for k in ("successors", "children") if k == moves_key)
            what = f"{key!r}" if key != moves_key else f"'successors' (or {where!r})"
            raise _error(f"{what} is missing", 1, text, name)
    agents_text, agents_line = fields["num_agents"]
    if not agents_text.strip().isdigit() or int(agents_text) < 1:
        raise _error(f"num_agents must be a whole number >= 1, not {agents_text!r}",
                     agents_line, text, name)  # fmt: skip
    agents = int(agents_text)
    root = fields["start_state"][0].strip()
    terminal = set(fields.get("win_states", ("", 0))[0].split())
    terminal |= set(fields.get("lose_states", ("", 0))[0].split())
    expectimax = fields.get("alg", ("", 0))[0].strip() == "ExpectimaxAgent"
    ghost = Player.CHANCE if expectimax else Player.MIN
    body, first = fields[moves_key]
    succ: dict[str, list[tuple[str, str]]] = {}
    parent: dict[str, str] = {}
    for k, line in enumerate(body.splitlines()):
        words = line.split()
        if not words:
            continue
        at = first + k
        if len(words) != 3:
            raise _error(f"a {moves_key} line is 'state action next', not {line.strip()!r}",
                         at, text, name)  # fmt: skip
        state, action, nxt = words
        if nxt in parent:
            raise _error(f"state {nxt!r} is reached twice (from {parent[nxt]!r} and "
                         f"{state!r}); check-code presents trees", at, text, name)  # fmt: skip
        parent[nxt] = state
        succ.setdefault(state, []).append((action, nxt))
        if len(parent) > MAX_STATES:
            raise _error(f"more than {MAX_STATES:,} states", at, text, name)
    values: dict[str, float | int] = {}
    body, first = fields["evaluation"]
    for k, line in enumerate(body.splitlines()):
        words = line.split()
        if not words:
            continue
        if len(words) != 2:
            raise _error(f"an evaluation line is 'state value', not {line.strip()!r}",
                         first + k, text, name)  # fmt: skip
        values[words[0]] = _number(words[1], first + k, text, name)
    depth_text, depth_line = fields.get("depth", ("", 0))
    depth = None
    if depth_text.strip():
        if not depth_text.strip().isdigit() or int(depth_text) < 1:
            raise _error(f"depth must be a whole number >= 1, not {depth_text!r}",
                         depth_line, text, name)  # fmt: skip
        depth = int(depth_text) * agents
    G = nx.DiGraph()
    G.add_node(root)
    stack = [(root, 0)]
    height = 0
    while stack:
        node, ply = stack.pop()
        height = max(height, ply)
        kids = (
            [] if node in terminal or (depth is not None and ply >= depth) else succ.get(node, [])
        )
        data = G.nodes[node]
        if node in values:
            data["value"] = values[node]
        if kids:
            data["player"] = Player.MAX if ply % agents == 0 else ghost
        elif node not in values:
            raise _error(f"state {node!r} ends the search (a leaf, terminal or at the depth "
                         "limit) but has no evaluation line", fields["evaluation"][1], text,
                         name)  # fmt: skip
        for action, nxt in kids:
            G.add_edge(node, nxt, move=action)
            stack.append((nxt, ply + 1))
    if depth is not None and depth > height:
        depth = None  # the search reaches every leaf before the limit
    return tree_case(G, name, depth=depth)


def _constant(node: ast.expr, text: str, name: str) -> Any:
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float)):
        return node.value
    if (
        isinstance(node, ast.UnaryOp)
        and isinstance(node.op, ast.USub)
        and isinstance(node.operand, ast.Constant)
        and isinstance(node.operand.value, (int, float))
    ):
        return -node.operand.value
    if isinstance(node, ast.Dict):
        out = {}
        for k, v in zip(node.keys, node.values, strict=True):
            if k is None:
                raise _error("a ** entry cannot be read", node.lineno, text, name)
            out[_constant(k, text, name)] = _constant(v, text, name)
        return out
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "dict"
        and not node.args
    ):
        return {
            kw.arg: _constant(kw.value, text, name) for kw in node.keywords if kw.arg is not None
        }
    raise _error("only constants, dict displays and dict(...) of constants are read here",
                 node.lineno, text, name)  # fmt: skip


def aima_case(text: str, name: str) -> TreeCase:
    """Read an aima-python-style game table (``succs`` and ``utils`` assignments, and
    optionally ``initial``) as a check-code case: players alternate from MAX at the
    root; nothing in the file is run.

    Raises
    ------
    TreeSyntaxError
        For a file that is not Python, lacks either table, or holds anything but
        constants in them.
    """
    try:
        module = ast.parse(text, filename=name)
    except SyntaxError as exc:
        raise _error(f"not valid Python: {exc.msg}", exc.lineno or 1, text, name) from None
    tables: dict[str, Any] = {}
    for stmt in module.body:
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            target = stmt.targets[0]
            if isinstance(target, ast.Name) and target.id in ("succs", "utils", "initial"):
                tables[target.id] = _constant(stmt.value, text, name)
    for key in ("succs", "utils"):
        if not isinstance(tables.get(key), dict):
            raise _error(f"no {key} = {{...}} table (aima-python's games.py style)", 1, text, name)
    succs: dict[str, dict[str, str]] = tables["succs"]
    utils: dict[str, Any] = tables["utils"]
    children = {str(v) for moves in succs.values() for v in moves.values()}
    roots = [str(s) for s in succs if str(s) not in children]
    root = str(tables.get("initial", roots[0] if len(roots) == 1 else ""))
    if not root:
        raise _error(f"cannot tell the root (states no move reaches: {roots}); add initial = "
                     "'A'", 1, text, name)  # fmt: skip
    G = nx.DiGraph()
    G.add_node(root)
    stack = [(root, 0)]
    while stack:
        node, ply = stack.pop()
        moves = succs.get(node, {})
        if moves:
            G.nodes[node]["player"] = Player.MAX if ply % 2 == 0 else Player.MIN
        elif node in utils:
            G.nodes[node]["value"] = utils[node]
        else:
            raise _error(f"state {node!r} has no moves and no utility", 1, text, name)
        for move, nxt in moves.items():
            if G.has_node(str(nxt)):
                raise _error(f"state {nxt!r} is reached twice; check-code presents trees",
                             1, text, name)  # fmt: skip
            G.add_edge(node, str(nxt), move=str(move))
            stack.append((str(nxt), ply + 1))
    return tree_case(G, name)


def course_case(path: str | Path) -> TreeCase:
    """Read a course test file (``.test``: CS188; ``.py``: aima-python tables)."""
    from gametree.inputs import read_input

    path = Path(path)
    text = read_input(path).decode("utf-8", errors="replace")
    if path.suffix.lower() == ".test":
        return cs188_case(text, path.name)
    return aima_case(text, path.name)
