"""Specialised loops for the common case of minimax and alpha-beta (placeholder)."""

from __future__ import annotations

from gametree.search.engine import Plan
from gametree.search.result import SearchResult

__all__ = ["fast_search"]


def fast_search(plan: Plan, *, details: bool) -> SearchResult | None:
    """Return the result of ``plan`` from a specialised loop, or None when none applies."""
    del plan, details
    return None
