"""The call recorder: what a submission's code asked the tree, in order.

Every protocol object reports to one :class:`Recorder` per tree. Two kinds of calls are
kept in the log, because they are what a search's correctness shows in: a position
*generated* (``result``, ``generateSuccessor``, ``make_move``, a child node first
touched) and a value *read* (``utility``, ``getScore``, ``get_utility``, a node's
``value``). Notes record protocol misuse that does not stop the run (CS188's agent index
at the wrong level), and a refusal ends it: a call the tree does not allow raises
:class:`Refusal`, and every later call raises it again, so code that catches it still
ends refused.

Log entries are lists, ready for JSON: ``["g", node, visit]``, ``["e", node, visit]``,
``["n", node, kind, text]``, ``["r", node, text]``. ``visit`` numbers the generations,
so a value read twice in one visit counts once.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing is not imported at run time: the child starts faster
if TYPE_CHECKING:
    from typing import Any


__all__ = ["Recorder", "Refusal"]


class Refusal(BaseException):
    """A call the tree does not allow (an illegal move, a successor of a leaf, ...).

    A ``BaseException``, so that ``except Exception`` in the submission does not hide
    it. ``node`` is the node the call was about.
    """

    def __init__(self, text: str, node: str | None = None) -> None:
        super().__init__(text)
        self.text = text
        self.node = node


class Recorder:
    """The log of one run of a submission on one tree.

    Parameters
    ----------
    limit : int
        How many protocol calls the run may make; the next one is refused (code that
        loops over the same positions stops with a finding, not a time-out).
    """

    def __init__(self, limit: int = 100_000) -> None:
        self.log: list[list[Any]] = []
        self.limit = limit
        self.calls = 0
        self.visits = 0
        self.refused: Refusal | None = None

    def call(self, node: str | None = None) -> None:
        """Count one protocol call; refuse past the limit or after a refusal."""
        if self.refused is not None:
            raise Refusal(self.refused.text, self.refused.node)
        self.calls += 1
        if self.calls > self.limit:
            self.refuse(
                f"more than {self.limit:,} calls to the game on a tree of this size: "
                "the code loops over the same positions",
                node,
            )

    def generate(self, node: str) -> int:
        """Record that the code generated ``node``; return the new visit number."""
        self.call(node)
        self.visits += 1
        self.log.append(["g", node, self.visits])
        return self.visits

    def evaluate(self, node: str, visit: int) -> None:
        """Record that the code read the value of ``node`` in visit ``visit``."""
        self.call(node)
        self.log.append(["e", node, visit])

    def note(self, node: str, kind: str, text: str) -> None:
        """Record a misuse that does not stop the run."""
        self.log.append(["n", node, kind, text])

    def refuse(self, text: str, node: str | None = None) -> None:
        """Refuse the call: log it and raise :class:`Refusal`."""
        if self.refused is None:
            self.refused = Refusal(text, node)
            self.log.append(["r", node, text])
        raise Refusal(self.refused.text, self.refused.node)
