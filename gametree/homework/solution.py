"""The solution of an exercise: the model behind an answer key.

A :class:`Solution` runs the search of an exercise once under the convention of the
course (the algorithm, the cut rule, fail-soft or fail-hard, ...) and holds what every
check compares with: the digested search (:mod:`~gametree.homework.outcome`), the names
answers give nodes (:mod:`~gametree.homework.naming`), the reasons behind each answer
(:mod:`~gametree.homework.reasons`), the other conventions a wrong answer may follow
(:mod:`~gametree.homework.conventions`), and the correct answers in the answer-file
layout. :class:`~gametree.homework.check.AnswerKey` is a solution that checks answers.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from functools import cached_property
from itertools import pairwise
from typing import Any

import networkx as nx

from gametree.exceptions import SearchError
from gametree.homework.answernumbers import answer_value, bound_answer
from gametree.homework.conventions import CUT_RULE_ALGORITHMS, Conventions
from gametree.homework.naming import NodeNames
from gametree.homework.ordering import tree_values
from gametree.homework.outcome import Outcome, frontier, run_search
from gametree.homework.reasons import Reasons
from gametree.validation import find_root, validate

__all__ = ["Solution"]


class Solution:
    """An exercise solved under one convention: everything an answer is checked against.

    The search runs once when the solution is made; the other conventions (strict cut,
    fail-hard/soft, right-to-left order, plain minimax) run the first time a wrong
    answer needs comparing with them (:attr:`conventions`). :attr:`names` reads the
    names answers use, :attr:`reasons` says why each node is pruned, evaluated or has
    its value. :class:`~gametree.homework.check.AnswerKey` adds checking answer sets.

    Parameters
    ----------
    G : networkx.DiGraph
        The exercise tree (not modified).
    algorithm : str, default "alphabeta"
        Any algorithm :func:`gametree.solve` knows.
    prune_on_equal : bool, default True
        Cut when alpha >= beta (AIMA); False cuts only when alpha > beta.
    fail : {"soft", "hard"}, default "soft"
        Fail-soft or fail-hard values (which value a cut-off node returns).
    root, depth, window, transposition_table
        Passed to the search.
    first_guess : float, optional
        For ``algorithm="mtdf"``: the first guess (default 0). For the multi-pass
        searches (mtdf, sss, dual, aspiration) the answers cover every pass: a leaf is
        pruned when no pass evaluated it, ``order`` lists the leaves of every pass.
    guess, delta : float, optional
        For ``algorithm="aspiration"`` (required there): the first window is
        ``(guess - delta, guess + delta)``.
    window_at : {"exit", "enter"}, default "exit"
        Which window alpha/beta answers are compared with: the one a node has when the
        search leaves it (as pruning diagrams show it), or the one it is entered with.
    tie_break : {"first", "any"}, default "first"
        ``"first"``: the best move is the first child in child order attaining the best
        value; ``"any"`` accepts every child attaining the root's minimax value.
    require : iterable of str, optional
        Items every answer set must contain (``"value"``, ``"move"``, ``"pruned"``,
        ``"order"``, ``"pv"``); one that is absent is a MISSING finding.
    ids : bool, default False
        Name the best move and the PV in findings by node id; by default they are
        named by move (``a1 (to B)``) where the edges carry moves.
    require_bounds : bool, default False
        A node cut off returns a bound (``<=2``): with ``require_bounds`` an answer
        giving the bare number (``2``) is wrong; by default it is accepted, the number
        being right.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> solution = Solution(G)
    >>> solution.answers()["pruned"], solution.answers()["values"]["C"]
    (['I', 'J'], '<=2')
    >>> solution.pruned_reason("I")
    'leaf I is not evaluated: at C (MIN) the value 2 <= alpha 3 inherited from A after B returned 3'
    """

    def __init__(
        self,
        G: nx.DiGraph,
        *,
        algorithm: str = "alphabeta",
        prune_on_equal: bool = True,
        fail: str = "soft",
        root: Hashable | None = None,
        depth: int | None = None,
        window: tuple[float, float] | None = None,
        transposition_table: bool = False,
        bounds: tuple[float, float] | None = None,
        first_guess: float | None = None,
        guess: float | None = None,
        delta: float | None = None,
        window_at: str = "exit",
        tie_break: str = "first",
        require: Iterable[str] = (),
        ids: bool = False,
        require_bounds: bool = False,
    ) -> None:
        validate(G)
        if window_at not in ("exit", "enter"):
            raise SearchError(f"window_at must be 'exit' or 'enter', got {window_at!r}")
        if tie_break not in ("first", "any"):
            raise SearchError(f"tie_break must be 'first' or 'any', got {tie_break!r}")
        if fail not in ("soft", "hard"):
            raise SearchError(f"fail must be 'soft' or 'hard', got {fail!r}")
        self.G = G
        self.root = find_root(G) if root is None else root
        self.algorithm = algorithm
        self.depth = depth
        self.window_at = window_at
        self.tie_break = tie_break
        self.require = tuple(require)
        self.ids = ids
        self.require_bounds = bool(require_bounds)
        unknown = set(self.require) - {"value", "move", "pruned", "order", "pv"}
        if unknown:
            raise SearchError(
                f"cannot require {sorted(unknown)!r}; expected value, move, pruned, order, pv"
            )
        options: dict[str, Any] = {"root": self.root}
        if depth is not None:
            options["depth"] = depth
        if algorithm in CUT_RULE_ALGORITHMS:
            options["prune_on_equal"] = prune_on_equal
            options["fail"] = fail
            if window is not None:
                options["window"] = tuple(window)
            if transposition_table:
                options["transposition_table"] = True
        if bounds is not None:
            if algorithm not in ("star1", "star2"):
                raise SearchError(f"bounds= applies to star1 and star2, not to {algorithm!r}")
            options["bounds"] = tuple(bounds)
        # Multi-pass searches (answers count every pass: a pruned leaf is one no pass
        # evaluated); each takes its own options, checked by the search.
        extra = {"first_guess": first_guess, "guess": guess, "delta": delta}
        options.update({k: v for k, v in extra.items() if v is not None})
        self.options = options
        self.frontier = frontier(G, self.root, depth)
        self.position = {leaf: i for i, leaf in enumerate(self.frontier, 1)}
        self.main = run_search(G, algorithm, options, self.frontier)
        self.names = NodeNames(G, self.frontier, self.position)
        poe = bool(options.get("prune_on_equal", True))  # what the search cut by
        self.reasons = Reasons(G, self.main, poe, self.position, depth, window_at)
        self.conventions = Conventions(G, algorithm, options, self.frontier)

    @cached_property
    def minimax(self) -> dict[Hashable, float]:
        """The true minimax value of every node."""
        return tree_values(self.G, self.root)  # validated when the key was built

    # -- names and reasons ---------------------------------------------------------

    def resolve(self, name: Any) -> Hashable:
        """Return the node ``name`` names (id, label or ``#k`` leaf position).

        Raises
        ------
        ValueError
            With a message saying why the name names no node (or several).
        """
        return self.names.resolve(name)

    def name(self, node: Hashable) -> str:
        """The name a finding uses for ``node`` (its id, with ``#k`` for leaves)."""
        return self.names.name(node)

    def move_name(self, parent: Hashable, child: Hashable) -> str:
        """The move of the edge ``parent -> child`` (its ``move``, else the child's id)."""
        return self.names.move_name(parent, child)

    def pruned_reason(self, node: Hashable) -> str:
        """Why ``node`` is never searched: the cutoff above it."""
        return self.reasons.pruned_reason(node)

    def evaluated_reason(self, leaf: Hashable) -> str:
        """Why ``leaf`` is evaluated: no cutoff happened before it."""
        return self.reasons.evaluated_reason(leaf)

    def value_story(self, node: Hashable) -> str:
        """How ``node`` got its value: its children and any cutoff."""
        return self.reasons.value_story(node)

    # -- the correct answers ---------------------------------------------------------

    def answers(self) -> dict[str, Any]:
        """Return every correct answer as a mapping in the answer-file layout.

        Keys: ``value``, ``move``, ``pv``, ``order``, ``pruned`` (leaves),
        ``pruned_edges`` (the top-most cut edges as ``"C-I"``), ``values`` (every searched
        internal node, in node order: a number, or ``"<=v"`` / ``">=v"`` for a bound),
        ``alpha`` and ``beta`` (at the moment ``window_at`` names). The move and the PV
        are named by move where the edges carry moves (the PV then without the root);
        every name reads back as the same thing (a pruned leaf whose id is also a move
        is written ``#k``).
        """
        return self._answers_of(self.main)

    def alternatives(self) -> list[tuple[str, dict[str, Any]]]:
        """Return the other conventions a wrong answer is compared with, as (note, answers).

        In the order the checker tries them (the other cut rule, the other fail mode,
        right-to-left child order, plain minimax): a wrong answer that equals a
        convention's answer gets that convention's note. The answers have the layout of
        :meth:`answers`. An interactive page embeds these to give the checker's notes.

        Examples
        --------
        >>> import gametree
        >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        >>> for note, answers in Solution(G).alternatives():
        ...     print(answers["pruned"], note)
        ['I', 'J'] this is what you get if you do not prune on equality (cut only when alpha > beta)
        ['I', 'J'] this is what fail-hard alpha-beta gives (returned values clamped to the window)
        [] this is what you get searching the children right to left
        [] this is what plain minimax (no pruning) gives
        """
        return [(note, self._answers_of(o)) for note, o in self.conventions.outcomes()]

    def _answers_of(self, o: Outcome) -> dict[str, Any]:
        r = o.result
        windows = o.exit_window if self.window_at == "exit" else o.enter_window
        inner = [n for n in self.G if n not in self.position]
        names = self.names
        out: dict[str, Any] = {
            "value": answer_value(r.value),
            "move": None if r.best_child is None else names.child_name(self.root, r.best_child),
            "pv": ([] if names.has_moves else [str(r.pv[0])])
            + [names.child_name(u, v) for u, v in pairwise(r.pv)],
            "order": [str(n) for n in o.evaluated],
            "pruned": [
                f"#{self.position[n]}" if str(n) in names.edges_by_move else str(n)
                for n in self.frontier
                if n in o.pruned
            ],
            "pruned_edges": [f"{u}-{v}" for u, v in r.pruned_edges],
            "values": {str(n): bound_answer(r.node_values[n]) for n in inner if n in r.node_values},
            "alpha": {str(n): answer_value(windows[n][0]) for n in inner if n in windows},
            "beta": {str(n): answer_value(windows[n][1]) for n in inner if n in windows},
        }
        return out
