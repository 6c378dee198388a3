"""An instructor's adapter file, read in the parent: what the child is sent.

The adapter itself runs only in the submission's child process
(:mod:`~gametree.homework.codecheck.runtime.adapted`); here it is read as text, parsed
to check that it is Python, and its ``NOTE`` string taken without running anything.
"""

from __future__ import annotations

import ast
from pathlib import Path

from gametree.exceptions import SearchError

__all__ = ["read_adapter"]


def read_adapter(protocol: str, adapter: str | Path | None) -> dict[str, str] | None:
    """The adapter file for ``protocol`` as the child receives it: its text, its name
    and its ``NOTE`` (read without running it); None without one.

    Raises
    ------
    SearchError
        For the adapter protocol without a file, a file with another protocol, or a
        file that is not Python.
    """
    if adapter is None:
        if protocol == "adapter":
            raise SearchError("the adapter protocol needs the adapter file (--adapter FILE)")
        return None
    if protocol != "adapter":
        raise SearchError(f"an adapter is used with the adapter protocol, not {protocol!r}")
    from gametree.inputs import read_input

    data = read_input(adapter)
    try:
        source = data.decode("utf-8")
        module = ast.parse(source, str(adapter))
    except (UnicodeDecodeError, SyntaxError, ValueError) as exc:
        raise SearchError(f"adapter {str(adapter)!r} is not a Python file: {exc}") from None
    out = {"source": source, "file": Path(adapter).name}
    for statement in module.body:  # NOTE = "...": what every report on such code says
        if (
            isinstance(statement, ast.Assign)
            and [getattr(t, "id", None) for t in statement.targets] == ["NOTE"]
            and isinstance(statement.value, ast.Constant)
            and isinstance(statement.value.value, str)
        ):
            out["note"] = statement.value.value
    return out
