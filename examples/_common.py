"""Shared by the seed examples: the ``--quick`` switch (also ``GAMETREE_QUICK=1``)."""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from pathlib import Path

# Run from a checkout without installing: fall back to the repository's own package.
if importlib.util.find_spec("gametree") is None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def quick_mode(description: str) -> bool:
    """Parse ``--quick`` and return whether the example should run its small version."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true", help="small sizes (for CI)")
    args = parser.parse_args()
    return bool(args.quick or os.environ.get("GAMETREE_QUICK"))


def table(rows: list[tuple[str, ...]]) -> str:
    """Format rows (the first is the header) as a fixed-width table."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = [
        "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(r, widths, strict=True))
        )
        for r in rows
    ]
    return "\n".join(line.rstrip() for line in lines)
