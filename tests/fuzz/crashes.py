"""What the fuzz scripts share: counting crashes, printing each kind once with its input."""

from __future__ import annotations

import sys
import traceback
from collections import Counter


def note_crash(crashes: Counter[str], exc: BaseException, where: str, data: object) -> None:
    """Count ``exc`` by type and message; print the first of each kind with its input."""
    kind = f"{type(exc).__name__}: {str(exc)[:80]}"
    if not crashes[kind]:
        shown = data[:200] if isinstance(data, (str, bytes)) else data
        try:
            text = repr(shown)[:2000]
        except ValueError:  # holds an integer too long to print
            text = f"<a {type(data).__name__} holding a huge integer>"
        print(f"CRASH {kind}\n  {where} input={text}", file=sys.stderr)
        traceback.print_exception(exc, limit=4)
    crashes[kind] += 1
