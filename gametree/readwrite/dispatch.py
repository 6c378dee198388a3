"""One entry point per direction: :func:`load` and :func:`dump` choose the format by a
file's suffix, :func:`loads` by name or by sniffing the text, :func:`dumps` by name, and
each hands over to the format's module (``parse_*`` / ``generate_*``). Every reader is
given the node limit and validates the tree.

Examples
--------
>>> import gametree
>>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> print(dumps(G, "tree"))
(A (B 3 12 8) (C 2 4 6) (D 14 5 2))
>>> H = loads(dumps(G, "json"))
>>> list(H.successors("C")), H.nodes["I"]
(['H', 'I', 'J'], {'value': 4})
>>> loads("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]").nodes["K"]["value"]
14
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.exceptions import InvalidTreeError, TreeFileError
from gametree.inputs import node_limit, read_input
from gametree.outfiles import check_new_output, write_text
from gametree.readwrite.common import decode_text
from gametree.validation import validate

__all__ = ["FORMATS", "dump", "dumps", "format_for_path", "format_name", "load", "loads", "sniff"]

FORMATS: dict[str, str] = {
    ".tree": "tree",
    ".json": "json",
    ".dot": "dot",
    ".gv": "dot",
    ".graphml": "graphml",
    ".efg": "efg",
}
"""File suffix -> format name, as used by :func:`load` and :func:`dump`."""

_FORMAT_NAMES = {
    "tree": "tree",
    "notation": "tree",
    "json": "json",
    "dot": "dot",
    "gv": "dot",
    "graphml": "graphml",
    "efg": "efg",
    "gambit": "efg",
}


# Format name -> the module with its string-level reader and writer, ``parse_<name>`` and
# ``generate_<name>``: imported when a file of that format is read or written.
_MODULES = {
    "tree": ("gametree.readwrite.notationfile", "notation"),
    "json": ("gametree.readwrite.jsonfile", "json"),
    "dot": ("gametree.readwrite.dotfile", "dot"),
    "graphml": ("gametree.readwrite.graphml", "graphml"),
    "efg": ("gametree.readwrite.efg", "efg"),
}


def _parser(fmt: str) -> Callable[..., nx.DiGraph]:
    module, name = _MODULES[fmt]
    reader: Callable[..., nx.DiGraph] = getattr(importlib.import_module(module), f"parse_{name}")
    return reader


def _generator(fmt: str) -> Callable[[nx.DiGraph], str]:
    module, name = _MODULES[fmt]
    writer: Callable[[nx.DiGraph], str] = getattr(
        importlib.import_module(module), f"generate_{name}"
    )
    return writer


def format_name(format: str) -> str:
    """Return the canonical format name for ``format`` (a name or a suffix).

    >>> format_name(".gv"), format_name("notation")
    ('dot', 'tree')
    """
    key = format.lower().lstrip(".")
    if key not in _FORMAT_NAMES:
        known = ", ".join(sorted(_FORMAT_NAMES))
        raise TreeFileError(f"unknown format {format!r}; known formats: {known}")
    return _FORMAT_NAMES[key]


def format_for_path(path: str | os.PathLike[str]) -> str:
    """Return the format of ``path`` from its suffix, or raise :class:`TreeFileError`."""
    suffix = Path(path).suffix.lower()
    if suffix not in FORMATS:
        known = ", ".join(FORMATS)
        shown = repr(suffix) if suffix else "no suffix"
        raise TreeFileError(
            f"{os.fspath(path)}: cannot tell the format from {shown}; known suffixes: {known}"
        )
    return FORMATS[suffix]


def sniff(text: str) -> str:
    """Guess the format of ``text``: JSON, DOT, GraphML, .efg or else the notation.

    >>> sniff("[[1, 2], 3]"), sniff("digraph { A -> B }"), sniff("(A 1 2)")
    ('json', 'dot', 'tree')
    >>> sniff('EFG 2 R "" { "1" "2" }')
    'efg'
    """
    head = text.lstrip("\ufeff \t\r\n")[:64]
    if head[:1] in ("[", "{"):
        return "json"
    if head[:1] == "<":
        return "graphml"
    first = head.split(None, 1)[0].lower() if head.split() else ""
    if first in ("digraph", "strict", "graph") or first.startswith(("digraph{", "graph{")):
        return "dot"
    if first == "efg":
        return "efg"
    return "tree"


def load(
    path: str | os.PathLike[str], *, max_nodes: int | None = None, **options: Any
) -> nx.DiGraph:
    """Read a game tree from a file; the format comes from the suffix.

    Parameters
    ----------
    path : str or path-like
        A ``.tree``, ``.json``, ``.dot``/``.gv``, ``.graphml`` or ``.efg`` file.
    max_nodes : int, optional
        The node limit (default :func:`gametree.inputs.node_limit`: the environment
        variable ``GAMETREE_MAX_NODES``, else 2,000,000). Every reader counts the nodes
        as it builds the tree and stops at the first one past the limit.
    **options
        Options of the format's reader: ``payoff=1`` or ``payoff=2`` for ``.efg``
        (:func:`gametree.readwrite.efg.parse_efg`).

    Returns
    -------
    networkx.DiGraph
        A valid game tree.

    Raises
    ------
    FileNotFoundError
        If the file does not exist (any ``OSError`` from reading passes through).
    InputError
        If the file is larger than the input limit (:mod:`gametree.inputs`, 64 MiB by
        default) or not a regular file (a FIFO, a device, a folder).
    TreeFileError
        Unknown suffix (the message lists the known ones), text that is not UTF-8 (naming
        the byte offset), binary data, or content of the wrong shape; in JSON and
        GraphML also a tree past the node limit.
    TreeSyntaxError
        Text that does not parse, with the file name, line and column; in the notation,
        DOT and .efg also a tree past the node limit, at its first node too many.
    InvalidTreeError
        A tree that breaks the contract, naming the file and the node.

    See Also
    --------
    dump, loads

    Examples
    --------
    >>> import tempfile, pathlib, gametree
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "aima.tree"
    >>> _ = path.write_text("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))  # AIMA Figure 5.2")
    >>> G = load(path)
    >>> G.nodes["E"]["value"], G.nodes["B"]["player"]
    (3, 'MIN')
    """
    fmt = format_for_path(path)
    name = os.fspath(path)
    data = read_input(path)
    try:
        return loads(decode_text(data, name), fmt, filename=name, max_nodes=max_nodes, **options)
    except InvalidTreeError as exc:
        if str(exc).startswith(f"{name}: "):
            raise
        raise InvalidTreeError(f"{name}: {exc}", node=exc.node, problems=exc.problems) from None


def dump(G: nx.DiGraph, path: str | os.PathLike[str], *, force: bool = False) -> None:
    """Write ``G`` to a file in the format named by the suffix (see :func:`dumps`).

    The file is written through :mod:`gametree.outfiles` (a fresh temporary file beside
    it, renamed over it when complete); an existing ``path`` is refused unless
    ``force``.

    Raises
    ------
    TreeFileError
        Unknown suffix, or an attribute the format cannot hold.
    InvalidTreeError
        If ``G`` is not a valid game tree.
    OutputExistsError
        If ``path`` exists and ``force`` is false.

    Examples
    --------
    >>> import tempfile, pathlib, gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "aima.graphml"
    >>> dump(G, path)
    >>> list(load(path).edges("A"))
    [('A', 'B'), ('A', 'C'), ('A', 'D')]
    """
    fmt = format_for_path(path)
    check_new_output(path, force=force)
    text = dumps(G, fmt)
    write_text(path, text if text.endswith("\n") else text + "\n", force=force)


def loads(
    text: str,
    format: str | None = None,
    *,
    filename: str | None = None,
    max_nodes: int | None = None,
    **options: Any,
) -> nx.DiGraph:
    """Read a game tree from a string.

    Parameters
    ----------
    text : str
        The content.
    format : {None, "tree", "json", "dot", "graphml", "efg"}
        None sniffs it: JSON when it starts with ``[`` or ``{``, DOT when it starts with
        ``digraph``, ``strict`` or ``graph``, GraphML when it starts with ``<``, .efg
        when it starts with ``EFG``, else the notation. (A ``[`` text that is not JSON
        is read as notation.)
    filename : str, optional
        Named in error messages.
    max_nodes : int, optional
        The node limit, as for :func:`load`.
    **options
        Options of the format's reader (``payoff=`` for .efg).

    Returns
    -------
    networkx.DiGraph
        A valid game tree.

    Examples
    --------
    >>> G = loads('digraph { A [player=MAX]; A -> B; A -> C; B [value=3]; C [value=-1] }')
    >>> list(G.successors("A")), G.nodes["C"]["value"]
    (['B', 'C'], -1)
    """
    if not isinstance(text, str):
        raise TypeError(f"loads() needs a str, got {type(text).__name__}")
    fmt = sniff(text) if format is None else format_name(format)
    if options and fmt != "efg":
        names = ", ".join(f"{k}=" for k in options)
        raise TreeFileError(f"{names} applies only to .efg files, not to the {fmt} format")
    limit = node_limit(max_nodes)
    if fmt == "json":
        return _parser(fmt)(text, filename=filename, sniffed=format is None, max_nodes=limit)
    return _parser(fmt)(text, filename=filename, max_nodes=limit, **options)


def dumps(G: nx.DiGraph, format: str = "tree") -> str:
    """Write ``G`` as text in ``format``: tree, json, dot, graphml or efg.

    JSON is networkx node-link data (``nodes`` and ``edges``, child order kept, ``inf``
    as ``"inf"``); DOT a plain ``digraph`` with the attributes (for a styled diagram
    use the drawing module's ``to_dot``); GraphML keeps attribute types.

    Raises
    ------
    InvalidTreeError
        If ``G`` is not a valid game tree.
    TreeFileError
        If an attribute cannot be written in the format.

    Examples
    --------
    >>> import gametree
    >>> print(dumps(gametree.from_nested([[3, 12]]), "dot"))
    digraph {
      root="A";
      "A" [player="MAX"];
      "B" [player="MIN"];
      "C" [value=3];
      "D" [value=12];
      "A" -> "B";
      "B" -> "C";
      "B" -> "D";
    }
    """
    fmt = format_name(format)
    validate(G)
    return _generator(fmt)(G)
