"""Code in the guides as a reader wants it: names linked, examples without doctest's padding.

**Names.** The guides write gametree's names as inline code (``gametree.alphabeta``,
``alphabeta(G)``, ``SearchResult``) so that they read the same on GitHub. On the site,
such code links to the name's page in the API reference when it is one of:

- a dotted name starting with ``gametree.``, with or without a call after it;
- a bare name followed by a call (``minimax(G)``);
- a bare name in ``CamelCase`` or ``UPPER_CASE`` (a class or a constant);

and the reference documents it (at the top level or in a public package). A bare
lower-case name without a call (``expand``, ``check``) is left alone: in prose it is as
often a command, an option or an attribute as a function.

**Examples.** A doctest's expected output ends at a blank line, so every example in the
guides ends with one; it is dropped from the rendered block.
"""

from __future__ import annotations

import re
from typing import Any

from api_pages import public_packages
from docutils import nodes
from sphinx.application import Sphinx

_CODE = re.compile(r"^(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?P<call>\(.*\))?$", re.DOTALL)
_SKIP = ("api/", "gallery/")


def candidates(text: str) -> list[str]:
    """Return the full names an inline code text may be, or none when it is not a name."""
    found = _CODE.match(text.strip())
    if not found:
        return []
    name, call = found.group("name"), found.group("call")
    if name.startswith("gametree."):
        return [name]
    head = name.split(".")[0]
    if not (call or head[0].isupper() or head.isupper()):
        return []
    return [f"gametree.{name}"] + [f"{package}.{name}" for package in public_packages()]


def link_names(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Turn inline code that names a documented object into a link to its entry."""
    if docname.startswith(_SKIP):
        return
    objects = app.env.domains["py"].objects
    for literal in list(doctree.findall(nodes.literal)):
        if isinstance(literal.parent, (nodes.reference, nodes.literal_block)):
            continue
        for full in candidates(literal.astext()):
            entry = objects.get(full)
            if entry is None:
                continue
            uri = app.builder.get_relative_uri(docname, entry.docname)
            link = nodes.reference("", "", internal=True, refuri=f"{uri}#{entry.node_id}")
            literal.replace_self(link)
            link += literal
            break


def strip_trailing_blank(app: Sphinx, doctree: nodes.document) -> None:
    """Drop the blank line a doctest needs before the end of its block."""
    for block in doctree.findall(nodes.literal_block):
        text = block.astext()
        if text.startswith(">>>") and text != text.rstrip("\n"):
            block.children = [nodes.Text(text.rstrip("\n"))]
            block.rawsource = text.rstrip("\n")


def setup(app: Sphinx) -> dict[str, Any]:
    """Register both."""
    app.connect("doctree-resolved", link_names)
    app.connect("doctree-read", strip_trailing_blank)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
