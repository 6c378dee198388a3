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
        print(f"CRASH {kind}\n  {where} input={shown!r}", file=sys.stderr)
        traceback.print_exception(exc, limit=4)
    crashes[kind] += 1
