"""The tree notation as a file format: reading it, and refusing on writing what would not
read back the same.

The notation itself (grammar, parser, writer) is :mod:`gametree.notation`; this module
holds what writing a ``.tree`` file adds: ids come back as text, so two nodes with the
same text are refused, as are a leaf without a value, a move that is a ``Fraction`` (a
move ``1/3:`` reads back as the text "1/3"), non-string attribute names, lone surrogates
and integers beyond float range.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import networkx as nx

from gametree.attrs import MOVE, PROB, VALUE
from gametree.exceptions import TreeFileError
from gametree.notation import parse, to_notation
from gametree.readwrite.common import SURROGATES, check_key, check_number, check_text, text_ids

__all__ = ["generate_notation", "parse_notation"]


def parse_notation(
    text: str, *, filename: str | None = None, max_nodes: int | None = None
) -> nx.DiGraph:
    """Read the notation (:func:`gametree.notation.parse`), as every format's reader is
    called."""
    return parse(text, filename=filename, max_nodes=max_nodes)


def generate_notation(G: nx.DiGraph) -> str:
    """Return :func:`~gametree.notation.to_notation` of ``G``, refusing what reads back wrong.

    Ids come back as text, so two nodes with the same text (``1`` and ``"1"``) are
    refused, as are a leaf without a value (a frontier leaf: the notation has no empty
    leaf), non-string attribute names, lone surrogates and integers beyond float range.
    """
    text_ids(G, "the notation")
    succ = G._succ
    for node, data in G.nodes(data=True):
        where = f"node {node!r}"
        if not succ[node] and VALUE not in data:
            raise TreeFileError(
                f"{where}: a leaf without a value cannot be written in the notation; "
                "write JSON or GraphML"
            )
        _check_scalars(data, where)
    for u, v, data in G.edges(data=True):
        where = f"edge {u!r} -> {v!r}"
        move = data.get(MOVE)
        if isinstance(move, Fraction):
            raise TreeFileError(
                f"{where}: move {move} is a Fraction; the notation reads a move written "
                f"{move} as the text {str(move)!r}, so make the move text or write JSON or GraphML"
            )
        _check_scalars({k: data[k] for k in (MOVE, PROB) if k in data}, where)
    return to_notation(G)


def _check_scalars(data: dict[Any, Any], where: str) -> None:
    for key, value in data.items():
        name = check_key(key, where, "the notation", SURROGATES)
        if isinstance(value, str):
            check_text(value, f"{where}: {name}", "the notation", SURROGATES)
        elif isinstance(value, int) and not isinstance(value, bool):
            check_number(value, f"{where}: {name}", "the notation")
        elif isinstance(value, Fraction) and value.denominator == 1:
            raise TreeFileError(
                f"{where}: {name} {value.numerator}/1 is a whole Fraction; the notation "
                f"reads it back as the int {value.numerator} (write the int, or JSON)"
            )
