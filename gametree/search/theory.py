"""Search theory: the effective branching factor and the size of Knuth and Moore's minimal tree.

Two numbers courses use to judge a search by its node counts:

* :func:`ebf`, the effective branching factor b* of a search that generated ``n_nodes``
  nodes down to ``depth`` (AIMA's definition, or the variant that counts the root);
* :func:`minimal_tree_leaves`, the leaves alpha-beta evaluates on a uniform tree when the
  best move always comes first (Knuth and Moore, 1975), the least any left-to-right
  alpha-beta can do.
"""

from __future__ import annotations

import math
from numbers import Real

from gametree.exceptions import SearchError

__all__ = ["ebf", "minimal_tree_leaves"]


def _check_int(name: str, value: object, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SearchError(f"{name} must be an int >= {minimum}, got {value!r}")
    if value < minimum:
        raise SearchError(f"{name} must be an int >= {minimum}, got {value!r}")
    return value


def _tree_size(b: float, depth: int, first: int, limit: float) -> float:
    """Return ``b**first + ... + b**depth``, stopping early once it exceeds ``limit``."""
    total = 0.0
    power = 1.0 if first == 0 else b
    for _ in range(first, depth + 1):
        total += power
        if total > limit:
            return total
        power *= b
    return total


def ebf(
    n_nodes: float,
    depth: int,
    *,
    count_root: bool = False,
    tol: float = 1e-12,
) -> float:
    """Return the effective branching factor b* of a search.

    b* is the branching factor a uniform tree of the same depth would need to hold the
    same number of nodes. Two definitions are in use; ``count_root`` picks one.

    AIMA (Russell and Norvig, section 3.6.1), the default: ``n_nodes`` counts the nodes
    generated *below* the root, and b* solves

        N + 1 = 1 + b* + (b*)**2 + ... + (b*)**d.

    Root counted (``count_root=True``, the variant of the negamax notebooks that report
    ``ebf(moves explored, depth)``): ``n_nodes`` counts the root too, and b* solves

        N = 1 + b* + (b*)**2 + ... + (b*)**d,

    so ``ebf(N, d, count_root=True) == ebf(N - 1, d)``. Feeding it a count that excludes
    the root (as those notebooks do with their count of moves made) gives a slightly
    smaller b* than AIMA's definition.

    Parameters
    ----------
    n_nodes : int or float
        Nodes generated (see above). For a :class:`SearchResult` ``r``, AIMA's ``N`` is
        ``r.stats.nodes_visited - 1`` and the root-counting ``N`` is
        ``r.stats.nodes_visited``.
    depth : int
        The depth d of the search, at least 1.
    count_root : bool, default False
        Whether ``n_nodes`` includes the root (see above).
    tol : float, default 1e-12
        Relative precision of the answer.

    Returns
    -------
    float
        The unique b* >= 0 solving the equation (the polynomial is increasing in b*).
        It is below 1 when fewer than ``depth`` nodes (``depth + 1`` with the root) were
        generated; it is exactly ``0.0`` when none were. An integer solution is returned
        exactly.

    Raises
    ------
    SearchError
        If ``n_nodes`` is not a finite real number, is negative (below 1 when the root
        is counted), or ``depth`` is not an int >= 1, or ``tol`` is not positive.

    See Also
    --------
    minimal_tree_leaves : the leaves of the best case of alpha-beta.

    Notes
    -----
    Solved by bisection on ``[0, max(1, N)]`` to relative precision ``tol``; each step
    costs O(depth). The notebooks' own bisection starts at 1 and stops when the tree
    size is within 0.01 nodes of N, so it can differ in the third decimal and never
    returns a value below 1.

    References
    ----------
    S. Russell and P. Norvig, *Artificial Intelligence: A Modern Approach*, section 3.6.1
    (the effective branching factor; its example: 52 nodes at depth 5 give b* = 1.92).

    Examples
    --------
    AIMA's example:

    >>> round(ebf(52, 5), 2)
    1.92

    Minimax on AIMA Figure 5.2 (``(A (B 3 12 8) (C 2 4 6) (D 14 5 2))``) visits all
    13 nodes; alpha-beta skips the leaves I and J and visits 11:

    >>> ebf(13 - 1, 2), ebf(13, 2, count_root=True)
    (3.0, 3.0)
    >>> round(ebf(11 - 1, 2), 4)  # b* + b*^2 = 10
    2.7016
    """
    if isinstance(n_nodes, bool) or not isinstance(n_nodes, Real):
        raise SearchError(f"n_nodes must be a real number, got {n_nodes!r}")
    n = float(n_nodes)
    if not math.isfinite(n):
        raise SearchError(f"n_nodes must be finite, got {n_nodes!r}")
    d = _check_int("depth", depth, 1)
    if isinstance(tol, bool) or not isinstance(tol, Real) or not 0 < float(tol) < 1:
        raise SearchError(f"tol must be a number in (0, 1), got {tol!r}")
    first = 0 if count_root else 1
    minimum = 1 if count_root else 0
    if n < minimum:
        where = " with the root counted" if count_root else ""
        raise SearchError(f"n_nodes must be >= {minimum}{where}, got {n_nodes!r}")
    if n == minimum:
        return 0.0
    lo, hi = 0.0, max(1.0, n)
    while hi - lo > tol * hi:
        mid = 0.5 * (lo + hi)
        if mid in (lo, hi):
            break
        if _tree_size(mid, d, first, n) < n:
            lo = mid
        else:
            hi = mid
    answer = 0.5 * (lo + hi)
    nearest = round(answer)
    if nearest >= 1 and _tree_size(float(nearest), d, first, math.inf) == n:
        return float(nearest)
    return answer


def minimal_tree_leaves(b: int, d: int) -> int:
    """Return the leaves of Knuth and Moore's minimal tree: b**ceil(d/2) + b**floor(d/2) - 1.

    On a uniform tree of branching ``b`` and depth ``d`` whose children are ordered best
    first, alpha-beta (left to right, cutting on equality, leaf values distinct)
    evaluates exactly this many leaves, and no alpha-beta search that proves the root's
    value can evaluate fewer. Minimax evaluates ``b**d``.

    Parameters
    ----------
    b : int
        Branching factor, at least 1.
    d : int
        Depth in plies, at least 0 (a lone leaf has depth 0 and one leaf).

    Returns
    -------
    int

    Raises
    ------
    SearchError
        If ``b`` or ``d`` is not an int (bools rejected) or is out of range.

    References
    ----------
    D. E. Knuth and R. W. Moore, "An analysis of alpha-beta pruning", *Artificial
    Intelligence* 6 (1975), 293-326.

    Examples
    --------
    AIMA Figure 5.2 is uniform with b = 3, d = 2: at best 3 + 3 - 1 = 5 of its 9 leaves.
    In its own order alpha-beta evaluates 7 (I and J are pruned), so that order is not
    the best one:

    >>> minimal_tree_leaves(3, 2)
    5
    >>> [minimal_tree_leaves(10, d) for d in range(1, 5)]
    [10, 19, 109, 199]
    """
    b = _check_int("b", b, 1)
    d = _check_int("d", d, 0)
    leaves: int = b ** ((d + 1) // 2) + b ** (d // 2) - 1
    return leaves
