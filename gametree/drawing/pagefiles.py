"""The page's files put together: a built :class:`Page` as one HTML file, or as the
markup, style and script the notebook widget mounts.

``gametree/drawing/page/`` holds the files (shipped with the package, read here):

============ ===========================================================================
body.html    the markup of the tree and its controls, shared by the page and the widget
page.html    the self-contained page around it: the style, the data, the script
page.css     the looks of the page and of the tree's states
page.js      ``mountGametree(scope, data, host)``: drawing, stepping, grading (one copy)
widget.js    the notebook widget's ES module: mounts page.js in a shadow root
widget.css   what the widget changes: its box in a notebook cell, the edit bar
============ ===========================================================================

The page and the widget run the same ``page.js``: the page calls ``mountGametree`` on
its document, the widget's module (``page.js`` followed by ``widget.js``, no build step)
on its shadow root.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from html import escape
from importlib import resources
from typing import Any

__all__ = [
    "Page",
    "asset",
    "page_body",
    "page_html",
    "style_variables",
    "widget_module",
    "widget_style",
]


@dataclass(frozen=True)
class Page:
    """A page built by :func:`gametree.drawing.html.build_page`, not yet written out.

    Attributes
    ----------
    data : dict
        The JSON the page embeds (documented in :mod:`gametree.drawing.html`), without
        its ``"id"`` (see :attr:`id`).
    svgs : tuple of str
        One drawing per exercise (SVG groups ``n<i>`` and ``e<j>``).
    nodes : tuple of tuple
        Per exercise, the tree's node drawn as node ``i`` (a view's stand-in for the
        nodes it hides is not a node of the tree).
    variables : str
        The CSS custom properties of the drawing's style (``--pruned-color: ...;``).
    """

    data: dict[str, Any]
    svgs: tuple[str, ...]
    nodes: tuple[tuple[Hashable, ...], ...]
    variables: str

    def json_text(self) -> str:
        """The data as the page embeds it: compact JSON that starts with its ``"id"``."""
        text = json.dumps(self.data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        return text.replace("{", '{"id":"' + _digest(text) + '",', 1)

    @property
    def id(self) -> str:
        """What identifies the page (its local-storage key): a digest of its data."""
        text = json.dumps(self.data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        return _digest(text)


def _digest(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def asset(name: str) -> str:
    """The text of the page file ``name`` (``"page.js"``, ``"body.html"``, ...)."""
    files = resources.files("gametree.drawing").joinpath("page")
    return files.joinpath(name).read_text(encoding="utf-8")


def style_variables(style: Mapping[str, Any]) -> str:
    """The CSS custom properties the page's rules read, from a drawing style."""
    names = ("pruned_color", "pruned_fill", "pruned_text_color", "unreached_color",
             "unreached_fill", "unreached_text_color", "current_color", "cut_color", "pv_color",
             "color")  # fmt: skip
    return "".join(f"--{k.replace('_', '-')}: {style[k]};" for k in names)


def page_body(page: Page) -> str:
    """The markup of the tree and its controls (``body.html``, the drawings in it)."""
    drawings = _drawings(page.svgs)
    return asset("body.html").format_map(
        {"title": escape(str(page.data["title"])), "drawings": drawings}
    )


def _drawings(svgs: Sequence[str]) -> str:
    return "\n".join(
        f'<div class="drawing" data-exercise="{k}"{" hidden" if k else ""}>{svg}</div>'
        for k, svg in enumerate(svgs)
    )


def page_html(page: Page, start: Mapping[str, Any] | None = None) -> str:
    """The self-contained page: one HTML file, its style, data and script inline.

    ``start`` says where it opens (the notebook widget's copy for an exported notebook
    opens where the widget is): ``step`` and ``convention`` (numbers), ``answers`` (the
    page's practice state, as the widget syncs it in ``_answers``) and ``findings`` (a
    check's verdicts, as the widget's ``_report`` holds them). Default: step 0 of the
    first convention, the answers the browser kept for the page, if any.
    """
    safe = _script_json(page.json_text())
    start_text = _script_json(json.dumps(dict(start or {}), ensure_ascii=False,
                                         separators=(",", ":"), allow_nan=False))  # fmt: skip
    title = escape(str(page.data["title"]))
    return asset("page.html").format_map(
        {
            "title": title,
            "mode": page.data["mode"],
            "css": asset("page.css"),
            "variables": page.variables,
            "body": page_body(page),
            "data": safe,
            "start": start_text,
            "js": asset("page.js"),
        }
    )


def _script_json(text: str) -> str:
    """JSON made safe inside a script element: nothing in it may end the element or
    open an HTML comment."""
    return text.replace("</", "<\\/").replace("<!--", "<\\u0021--")


@cache
def widget_module() -> str:
    """The notebook widget's ES module: ``page.js`` (the page's own code) then ``widget.js``."""
    return asset("page.js") + "\n" + asset("widget.js")


def widget_style(variables: str) -> str:
    """The widget's style sheet (inside its shadow root): the page's, then the widget's."""
    return f".gametree-root {{ {variables} }}\n{asset('page.css')}\n{asset('widget.css')}"
