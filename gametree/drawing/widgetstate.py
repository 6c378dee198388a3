"""The notebook widget's state in Python's terms: the student's answers as the answer
model ``gametree check`` reads, and an instructor's edits as a new tree.

A practice page keeps a student's answers as its *state* (the page's script writes it
to local storage, the widget to its model)::

    {"cuts": {"9": true, ...},          # marked edges, by edge number
     "values": {"2": "<=2", ...},       # typed texts, by node number
     "alpha": {...}, "beta": {...},
     "move": 1 | null,                  # the child of the root chosen
     "conv": 0,                         # the convention chosen (its index)
     "checked": false, "shown": false, "everChecked": false}

:func:`answers_from_state` reads it as the :class:`~gametree.homework.answeritems.Answers`
the page's *Export answers* file gives, and :func:`state_from_answers` goes back.
:func:`edit_tree` makes the tree an edit asks for (a leaf's value, MIN and MAX swapped,
a child added or removed) and validates it.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import networkx as nx

from gametree.attrs import CHANCE, MAX, MIN, PLAYER, PROB, VALUE
from gametree.builders import letter_id
from gametree.exceptions import AnswerFormatError, InvalidTreeError
from gametree.homework.answeritems import Answers
from gametree.homework.answers import parse_answers
from gametree.readwrite.common import NumberRangeError, as_number
from gametree.search.annotate import clear_annotations
from gametree.validation import find_root, validate

__all__ = ["EDITS", "answers_from_state", "edit_tree", "empty_state", "state_from_answers"]

EDITS = ("value", "swap", "add", "remove")
"""What an edit does: set a leaf's value, swap MIN and MAX, add a child, remove a node."""

_TABLES = ("values", "alpha", "beta")


def empty_state(conv: int = 0) -> dict[str, Any]:
    """A practice state with nothing answered (under convention number ``conv``)."""
    return {"cuts": {}, "values": {}, "alpha": {}, "beta": {}, "move": None, "conv": conv,
            "checked": False, "shown": False, "everChecked": False}  # fmt: skip


def _exercise(data: Mapping[str, Any]) -> Mapping[str, Any]:
    exercise: Mapping[str, Any] = data["exercises"][0]
    return exercise


def _convention(data: Mapping[str, Any], state: Mapping[str, Any]) -> int:
    conv = state.get("conv", 0)
    ok = isinstance(conv, int) and not isinstance(conv, bool)
    return conv if ok and 0 <= conv < len(data["conventions"]) else 0


def answers_from_state(data: Mapping[str, Any], state: Mapping[str, Any]) -> Answers:
    """Read a practice page's state as the answers its *Export answers* file holds.

    Parameters
    ----------
    data : mapping
        The page's data (:func:`gametree.drawing.html.build_page`), one exercise.
    state : mapping
        The state (see above); numbers may be JSON's string keys.

    Returns
    -------
    Answers
        What ``gametree check`` reads from the exported file: the items asked, in the
        file's order (``move``, ``pruned``, then the ``values``, ``alpha`` and ``beta``
        tables), the boxes left empty left out.

    Raises
    ------
    AnswerFormatError
        For a state the page never writes, naming what is wrong: a table that is not an
        object, a node or edge number out of range (``-1`` too) or not a number, a move
        to a node that is not a child of the root, a cut that is not true or false, a
        typed value that is not text.

    Examples
    --------
    >>> import gametree
    >>> from gametree.drawing.html import build_page
    >>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    >>> data = build_page(G, mode="practice").data
    >>> a = answers_from_state(data, {"cuts": {"7": True, "8": True}, "values": {"5": "<=2"}})
    >>> [(i.kind, i.node, i.given) for i in a.items]
    [('pruned', None, ('C-I', 'C-J')), ('node_value', 'C', '<=2')]
    >>> gametree.check(G, a).score
    1.0
    """
    exercise = _exercise(data)
    nodes, edges = exercise["nodes"], exercise["edges"]
    names = [str(n["name"]) for n in nodes]
    asked = data["ask"]
    if not isinstance(state, Mapping):
        raise AnswerFormatError(f"the page's state must be an object, got {_shown(state)}")
    conv = _convention(data, state)
    inner = exercise["practice"][conv]["inner"]
    mapping: dict[str, Any] = {}
    move = state.get("move")
    if "move" in asked and move is not None:
        child = _number_in(move, len(nodes), "move", "a node")
        if child not in nodes[0]["children"]:
            raise AnswerFormatError(
                f"the page's move: node {child} ({names[child]}) is not a child of the root"
            )
        mapping["move"] = names[child]
    if "pruned" in asked:
        cuts = _table(state, "cuts")
        for j, on in cuts.items():
            if not isinstance(on, bool):
                raise AnswerFormatError(
                    f"the page's cuts: edge {j!r} is {_shown(on)}, not true or false"
                )
        chosen = sorted(
            _number_in(j, len(edges), "cuts", "an edge") for j, on in cuts.items() if on
        )
        mapping["pruned"] = [f"{names[edges[j][0]]}-{names[edges[j][1]]}" for j in chosen]
    for table in _TABLES:
        entries = _table(state, table)
        given: dict[int, str] = {}
        for i, text in entries.items():
            number = _number_in(i, len(nodes), table, "a node")
            if not isinstance(text, (str, int, float)) or isinstance(text, bool):
                raise AnswerFormatError(
                    f"the page's {table}: node {number} holds {_shown(text)}, not a typed text"
                )
            given[number] = str(text) if not isinstance(text, int) else _int_text(text, table)
        if table not in asked:
            continue
        rows = {names[i]: given[i].strip() for i in inner if given.get(i, "").strip()}
        if rows:
            mapping[table] = rows
    return parse_answers(mapping, source="widget")


def _table(state: Mapping[str, Any], name: str) -> Mapping[Any, Any]:
    """The state's table ``name`` (``cuts``, ``values``, ...): an object, or nothing."""
    table = state.get(name)
    if table is None:
        return {}
    if not isinstance(table, Mapping):
        raise AnswerFormatError(
            f'the page\'s {name} must be an object by number, such as {{"3": ...}}, '
            f"got {_shown(table)}"
        )
    return table


def _number_in(key: Any, count: int, where: str, what: str) -> int:
    """A node or edge number of the state (an int, or JSON's decimal string key) that
    names one of ``count`` things; anything else is an :class:`AnswerFormatError`."""
    number: int | None = None
    if isinstance(key, int) and not isinstance(key, bool):
        number = key
    elif isinstance(key, str) and key.isascii() and key.isdigit() and len(key) <= 18:
        number = int(key)
    if number is None or not 0 <= number < count:
        raise AnswerFormatError(
            f"the page's {where}: {_shown(key)} is not {what} of the drawing "
            f"(numbered 0 to {count - 1})"
        )
    return number


def _int_text(value: int, where: str) -> str:
    if value.bit_length() > 13_000:
        raise AnswerFormatError(f"the page's {where}: a number too long to read")
    return str(value)


def _shown(value: Any) -> str:
    """``value`` for a message, cut to 40 characters."""
    try:
        text = repr(value)
    except ValueError:  # an integer too long to print
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:40] + "..."


def state_from_answers(
    data: Mapping[str, Any], answers: Answers, *, conv: int = 0
) -> dict[str, Any]:
    """Return the practice state that shows ``answers`` (the inverse of
    :func:`answers_from_state` on what a page can show).

    A pruned item names edges (``C-I``) or nodes (the edge into each); values, alpha
    and beta name inner nodes; the move names a child of the root (or its move).

    Raises
    ------
    AnswerFormatError
        For a problem met reading the answers, or an item the page cannot show: a
        name that is not a drawn node or edge, or an item it does not ask
        (``value``, ``order``, ``pv``, ``window``).

    Examples
    --------
    >>> import gametree
    >>> from gametree.drawing.html import build_page
    >>> data = build_page(gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"),
    ...                   mode="practice").data
    >>> state = state_from_answers(data, gametree.parse_answers("pruned = I J\\nC = <=2"))
    >>> state["cuts"], state["values"]
    ({'7': True, '8': True}, {'5': '<=2'})
    """
    if answers.problems:
        raise AnswerFormatError(f"cannot read the answers: {answers.problems[0]}")
    exercise = _exercise(data)
    nodes = exercise["nodes"]
    number = {str(n["name"]): i for i, n in enumerate(nodes)}
    edge_number = {(u, v): j for j, (u, v) in enumerate(exercise["edges"])}
    state = empty_state(conv)

    def node(name: object, what: str) -> int:
        if str(name) not in number:
            raise AnswerFormatError(f"{what}: {str(name)!r} is not a node of the drawing")
        return number[str(name)]

    def into(i: int, what: str) -> int:
        parent = nodes[i]["parent"]
        if parent is None:
            raise AnswerFormatError(f"{what}: the root has no edge into it to prune")
        return edge_number[(parent, i)]

    for item in answers.items:
        what = item.key or item.kind
        if item.kind == "pruned":
            for token in item.given:
                if isinstance(token, tuple):
                    u, v = (node(x, what) for x in token)
                    if (u, v) not in edge_number:
                        raise AnswerFormatError(f"{what}: {token[0]}-{token[1]} is not an edge")
                    j = edge_number[(u, v)]
                elif str(token) not in number and "-" in str(token):
                    u_name, _, v_name = str(token).partition("-")
                    u, v = node(u_name, what), node(v_name, what)
                    if (u, v) not in edge_number:
                        raise AnswerFormatError(f"{what}: {token} is not an edge")
                    j = edge_number[(u, v)]
                else:
                    j = into(node(token, what), what)
                state["cuts"][str(j)] = True
        elif item.kind in ("node_value", "alpha", "beta"):
            table = "values" if item.kind == "node_value" else item.kind
            state[table][str(node(item.node, what))] = str(item.given)
        elif item.kind == "move":
            given = str(item.given)
            children = nodes[0]["children"]
            chosen = [c for c in children if given in (nodes[c]["name"], nodes[c]["move"])]
            if not chosen:
                raise AnswerFormatError(f"{what}: {item.given!r} is not a move at the root")
            state["move"] = chosen[0]
        else:
            raise AnswerFormatError(
                f"{what}: a practice page does not ask for the {item.kind}; it shows the "
                "pruned edges, node values, alpha, beta and the move"
            )
    return state


def edit_tree(
    G: nx.DiGraph,
    edit: str,
    node: Hashable,
    *,
    value: object = None,
    parent: Hashable | None = None,
) -> nx.DiGraph:
    """Return a copy of ``G`` with one edit made, validated (search annotations cleared).

    Parameters
    ----------
    G : networkx.DiGraph
        The tree (not modified).
    edit : {"value", "swap", "add", "remove"}
        ``"value"``: the leaf ``node`` gets ``value`` (a number or its text: ``7``,
        ``-2.5``, ``7/2``, ``inf``). ``"swap"``: the MAX node ``node`` becomes MIN, or
        the MIN node MAX. ``"add"``: a new leaf under ``node`` (value 0; a leaf that
        gets a child becomes the opposite player of its parent, and its value moves
        to the new child). ``"remove"``: the edge ``parent -> node`` goes, and every
        node no longer reachable from the root with it.
    node : hashable
        The node edited.
    value : number or str, optional
        The leaf's new value (``"value"``).
    parent : hashable, optional
        For ``"remove"``: the parent whose edge goes (default: ``node``'s only parent).

    Returns
    -------
    networkx.DiGraph
        A valid game tree (:func:`gametree.validate`); new nodes are named like the
        others (the letter name after the last one used, or the next integer).

    Raises
    ------
    InvalidTreeError
        For an edit the tree cannot take (naming the node): a value that is not a
        number, swapping a leaf or a CHANCE node, removing the root or the last child
        of a node, adding or removing an outcome of a CHANCE node whose edges carry
        probabilities; or when the result is not a valid game tree.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    >>> H = edit_tree(edit_tree(G, "value", "I", value="1"), "swap", "A")
    >>> gametree.to_notation(edit_tree(H, "remove", "D"))
    '(A MIN (B E=3 F=12 G=8) (C H=2 I=1 J=6))'
    >>> gametree.to_notation(edit_tree(G, "add", "D"))
    '(A (B 3 12 8) (C 2 4 6) (D 14 5 2 0))'
    >>> edit_tree(G, "remove", "A")
    Traceback (most recent call last):
    ...
    gametree.exceptions.InvalidTreeError: A is the root: it cannot be removed
    """
    if edit not in EDITS:
        raise InvalidTreeError(
            f"unknown edit {edit!r}; expected one of {', '.join(map(repr, EDITS))}", node=node
        )
    if node not in G:
        raise InvalidTreeError(f"{node!r} is not a node of the tree", node=node)
    H = G.copy()
    clear_annotations(H)
    attrs = H._node[node]
    children = H._succ[node]
    player = str(attrs.get(PLAYER, "")) if children else "LEAF"
    if edit == "value":
        if children:
            raise InvalidTreeError(
                f"{node} is an inner node: its value comes from the search; set a leaf's",
                node=node,
            )
        attrs[VALUE] = _number(value, node)
    elif edit == "swap":
        if player not in (MAX, MIN):
            what = "a leaf" if player == "LEAF" else "a CHANCE node"
            raise InvalidTreeError(f"{node} is {what}: only MAX and MIN swap", node=node)
        attrs[PLAYER] = MIN if player == MAX else MAX
    elif edit == "add":
        if player == CHANCE and any(PROB in e for e in children.values()):
            raise InvalidTreeError(
                f"{node} is a CHANCE node whose outcomes carry probabilities: add the "
                "outcome in Python with its probability (and the others rescaled)",
                node=node,
            )
        child = _fresh_name(H)
        if children:
            H.add_node(child, **{VALUE: 0})
        else:
            parents = list(H._pred[node])
            above = str(H._node[parents[0]].get(PLAYER, MIN)) if parents else MIN
            H.add_node(child, **{VALUE: attrs.pop(VALUE, 0)})
            attrs[PLAYER] = MAX if above != MAX else MIN
        H.add_edge(node, child)
    else:
        _remove(H, node, parent)
    validate(H)
    return H


def _number(value: object, node: Hashable) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value).strip().replace("\u2212", "-").replace("\u221e", "inf")
    try:
        number = as_number(text)
    except NumberRangeError as exc:
        raise InvalidTreeError(f"value of {node}: {exc.args[0]}", node=node) from None
    if number is None:
        raise InvalidTreeError(
            f"value of {node}: {value!r} is not a number (write 7, -2.5, 7/2 or inf)", node=node
        )
    return number


def _fresh_name(G: nx.DiGraph) -> Hashable:
    """A node id not in ``G``: the next integer if ids are integers, else the letter name
    after the last one used (a name freed by a removal is not given to another node)."""
    if all(isinstance(n, int) and not isinstance(n, bool) for n in G):
        return max(G, default=-1) + 1
    used = [_letter_index(n) for n in G if isinstance(n, str) and n.isascii() and n.isupper()
            and n.isalpha()]  # fmt: skip
    return letter_id(max(used, default=-1) + 1)


def _letter_index(name: str) -> int:
    """The index of a letter name (the inverse of :func:`gametree.builders.letter_id`)."""
    number = 0
    for letter in name:
        number = number * 26 + ord(letter) - ord("A") + 1
    return number - 1


def _remove(H: nx.DiGraph, node: Hashable, parent: Hashable | None) -> None:
    root = find_root(H)
    if node == root:
        raise InvalidTreeError(f"{node} is the root: it cannot be removed", node=node)
    parents = list(H._pred[node])
    if parent is None:
        if len(parents) > 1:
            raise InvalidTreeError(
                f"{node} has {len(parents)} parents: say which edge goes (parent=...)", node=node
            )
        parent = parents[0]
    if parent not in parents:
        raise InvalidTreeError(f"{parent!r} is not a parent of {node}", node=node)
    siblings = H._succ[parent]
    if len(siblings) == 1:
        raise InvalidTreeError(
            f"{node} is the only child of {parent}: add another child first, or remove {parent}",
            node=node,
        )
    if any(PROB in e for e in siblings.values()):
        raise InvalidTreeError(
            f"{node} is an outcome of the CHANCE node {parent}, whose outcomes carry "
            "probabilities: remove it in Python (and rescale the others)",
            node=node,
        )
    H.remove_edge(parent, node)
    reachable = {root} | nx.descendants(H, root)
    H.remove_nodes_from([n for n in list(H) if n not in reachable])
