"""Findings compared leaf by leaf, for tests that hold the practice page's own grading
against ``gametree check``'s report.

``gametree check`` reports the leaves of one cut-off subtree as one finding (naming them
in ``leaves``, with the reason at the cut); the practice page grades leaf by leaf (with
each leaf's own reason). The two must agree on every leaf's verdict, on what was expected
and given, on the notes, and on every other finding whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

LEAF_ITEM = re.compile(r"^pruned .* \(#(\d+)\)$")


def leafwise(findings: Iterable[Mapping[str, Any]]) -> list[tuple[Any, ...]]:
    """Rows ``(item, verdict, expected, given, explanation, notes)``, a grouped pruned
    finding spread over its leaves, the leaves' rows in leaf order and without a reason."""
    rows: list[tuple[Any, ...]] = []
    for f in findings:
        notes = tuple(f.get("notes") or ())
        leaves = f.get("leaves") or ()
        if f["item"].startswith("pruned ") and leaves:
            rows += [
                ("pruned " + leaf, f["verdict"], f["expected"], f["given"], None, notes)
                for leaf in leaves
            ]
        else:
            rows.append(
                (f["item"], f["verdict"], f["expected"], f["given"], f["explanation"], notes)
            )

    def position(row: tuple[Any, ...]) -> int:
        match = LEAF_ITEM.match(row[0])
        assert match is not None
        return int(match.group(1))

    places = [k for k, row in enumerate(rows) if LEAF_ITEM.match(row[0])]
    in_order = sorted((rows[k] for k in places), key=position)
    for k, row in zip(places, in_order, strict=True):
        rows[k] = (*row[:4], None, row[5])
    return rows
