"""Monte Carlo tree search exercises: a win/loss tree with the statistics some
iterations of MCTS left on it, the questions exams ask, and the key."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.attrs import TOTAL, VISITS
from gametree.builders import from_nested
from gametree.homework.generate import ExerciseError, int_range, random_nested, write_folder
from gametree.homework.mctscheck import MCTSKey
from gametree.readwrite import dumps

__all__ = ["MCTSExercise", "generate_mcts"]


@dataclass(frozen=True)
class MCTSExercise:
    """A generated MCTS exercise.

    Attributes
    ----------
    tree : networkx.DiGraph
        The tree (leaf values 0 = MIN wins, 1 = MAX wins) with ``visits`` and ``total``
        on the nodes the iterations added, nothing else of the search.
    c : float
        The exploration constant the questions use.
    playout_value : int
        The value of the playout the last question states.
    key : MCTSKey
        The answers.
    settings : dict
    """

    tree: nx.DiGraph
    c: float
    playout_value: int
    key: MCTSKey
    settings: dict[str, Any] = field(default_factory=dict)

    def answers(self) -> dict[str, Any]:
        """The key as answer items (the layout :func:`gametree.check` reads for mcts)."""
        out: dict[str, Any] = {"path": " ".join(str(n) for n in self.key.path)}
        for node in self.key.path[:-1]:
            out[f"select.{node}"] = str(self.key.selected(node))
            for child, score in self.key.scores(node).items():
                out[f"ucb1.{node}.{child}"] = round(score, 3)
        for node, (visits, total) in self.key.counts_after().items():
            if node in self.key.path:
                out[f"visits.{node}"] = visits
                out[f"total.{node}"] = int(total) if float(total).is_integer() else total
        return out

    def answers_text(self) -> str:
        """The key as an answer file (``key = value`` lines)."""
        head = (
            f"# answer key: mcts, c = {self.c:g}, playout value {self.playout_value}; "
            "check with: gametree check exercise.json answers.txt -a mcts "
            f"--c {self.c:g} --playout-value {self.playout_value}\n"
        )
        return head + "".join(f"{k} = {v}\n" for k, v in self.answers().items())

    def question(self) -> str:
        """The exercise text (markdown)."""
        root = self.key.root
        return (
            "# Monte Carlo tree search\n\n"
            "Each node of the tree MCTS has grown so far shows wins/playouts for the player "
            "who moved into it (the root: for the player not to move there); leaves are "
            "1 when MAX wins, 0 when MIN wins.\n\n"
            f"1. Starting at {root}, give the UCB1 score of every child at each node "
            f"selection passes through (c = {self.c:g}, natural logarithm), and the child "
            "it selects.\n"
            "2. Which node does the expansion add (the first child without playouts)?\n"
            f"3. Its playout ends with value {self.playout_value}. Give the visits and the "
            "total (MAX's wins) of every node on the path afterwards.\n"
        )

    def solution(self) -> str:
        """The worked solution (markdown)."""
        from gametree.homework.mctsexplain import selection_text
        from gametree.search.mcts_loop import Selection

        lines = ["# Solution", ""]
        G = self.tree
        for node in self.key.path[:-1]:
            kids = list(G._succ[node])
            event = Selection(
                0,
                node,
                str(G._node[node]["player"]),
                int(G._node[node][VISITS]),
                self.key.selected(node),
                tuple(
                    (k, int(G._node[k].get(VISITS, 0)), float(G._node[k].get(TOTAL, 0)), s)
                    for k, s in self.key.scores(node).items()
                    if k in kids
                ),
            )
            text = selection_text(event, c=self.c, lo=0.0, hi=1.0, format="markdown")
            lines.append(f"- {text[0].upper()}{text[1:]}.")
        added = self.key.path[-1]
        lines.append(f"- Expansion adds **{added}**.")
        counts = self.key.counts_after()
        shown = ", ".join(f"{n} {counts[n][0]}/{counts[n][1]:g}" for n in self.key.path)
        lines.append(f"- Backpropagation of {self.playout_value} (visits/total): {shown}.")
        return "\n".join(lines) + "\n"

    def files(self) -> dict[str, str]:
        """The text files by name: ``exercise.json`` (the statistics tree),
        ``question.md``, ``answers.txt`` and ``solution.md``."""
        return {
            "exercise.json": dumps(self.tree, format="json") + "\n",
            "question.md": self.question(),
            "answers.txt": self.answers_text(),
            "solution.md": self.solution(),
        }

    def diagrams(self) -> dict[str, nx.DiGraph]:
        """The tree the folder draws: ``exercise``, with its statistics."""
        return {"exercise": self.tree}

    def write(
        self, directory: str | Path, *, images: bool = True, force: bool = False
    ) -> list[Path]:
        """Write ``exercise.json`` (the statistics tree), ``question.md``,
        ``answers.txt``, ``solution.md`` and, with ``images``, ``exercise.png``."""
        return write_folder(self, directory, (".png",) if images else (), force)


def generate_mcts(
    *,
    branching: int | tuple[int, int] = (2, 3),
    depth: int = 3,
    iterations: int = 20,
    c: float = 1.41,
    seed: int = 0,
) -> MCTSExercise:
    """Generate an MCTS exercise: ``iterations`` iterations of :func:`gametree.mcts`
    (random playouts, seeded) on a random win/loss tree leave their statistics; the
    questions ask for the UCB1 scores and selections down the tree, the node added, and
    the counts after a stated playout.

    Examples
    --------
    >>> ex = generate_mcts(seed=3)
    >>> ex.tree.nodes["A"]["visits"], ex.key.path[0]
    (20, 'A')
    >>> generate_mcts(seed=3).answers() == ex.answers()
    True
    """
    from gametree.search.mcts import mcts

    b = int_range("branching", branching)
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 2:
        raise ExerciseError(f"depth must be an int >= 2 for an MCTS exercise, got {depth!r}")
    if b[0] < 2:
        raise ExerciseError(f"branching must be at least 2, got {branching!r}")
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < b[0] + 1:
        raise ExerciseError(
            f"iterations must be an int larger than the root's children, got {iterations!r}"
        )
    rng = random.Random(seed)
    settings = {"branching": b, "depth": depth, "iterations": iterations, "seed": seed}
    for _ in range(200):
        G = from_nested(random_nested(rng, b, depth, (0, 1)))
        r = mcts(G, iterations=iterations, c=c, seed=seed, value_range=(0, 1), annotate=False)
        for node, visits in r.visits.items():
            G.nodes[node][VISITS] = visits
            G.nodes[node][TOTAL] = int(r.totals[node])
        playout_value = rng.randint(0, 1)
        key = MCTSKey(G, c=c, value_range=(0, 1), playout_value=playout_value)
        # Keep a tree whose next iteration adds a node (not one ending at a known leaf).
        if not G.nodes[key.path[-1]].get(VISITS) and len(key.path) > 2:
            return MCTSExercise(G, c, playout_value, key, settings)
    raise ExerciseError(
        f"no tree of branching {b[0]}-{b[1]} and depth {depth} left a node to add after "
        f"{iterations} iterations; use fewer iterations or a larger tree"
    )
