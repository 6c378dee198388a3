"""The live widget: the explore and practice page in a notebook cell, talking to Python.

:func:`widget` returns a :class:`TreeWidget`, an `anywidget <https://anywidget.dev>`_
(``pip install 'gametree[notebook]'``) that JupyterLab, the classic Notebook, VS Code,
Colab and marimo display. It shows the page of :func:`gametree.to_html` (the same data,
the same drawing, the same script: ``page/page.js`` mounted by ``page/widget.js``), and
both sides talk:

* Python to picture: assigning ``w.tree``, ``w.algorithm``, the convention options
  (``w.prune_on_equal``, ``w.fail``, ``w.depth``, ``w.options``, ``w.conventions``), the
  view (``w.mode``, ``w.collapse``, ``w.max_depth``, ``w.focus``, ``w.orientation``) runs
  the search again in Python and redraws; ``w.step`` and ``w.convention`` move the
  picture.
* Picture to Python: ``w.step`` follows the student's stepping; ``w.answers`` reads the
  marks and typed values as the :class:`~gametree.homework.answeritems.Answers`
  ``gametree check`` reads; ``w.check()`` grades them (an
  :class:`~gametree.homework.check.AnswerKey`) and shows the verdicts in the picture;
  with ``editable=True`` an instructor edits the tree in the picture (a leaf's value,
  MIN and MAX swapped, a child added or removed) and ``w.tree`` is the edited tree.

Without a kernel (an exported notebook, nbviewer) the widget's output still shows: its
display carries the SVG drawing and the self-contained page in an ``iframe``.

anywidget is imported only when a widget is made; without it, :func:`widget` raises a
:class:`~gametree.exceptions.RenderError` that names the extra.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Hashable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.drawing.html import build_page, conventions_of
from gametree.drawing.jupyter import page_frame
from gametree.drawing.pagefiles import Page, page_body, page_html, widget_module, widget_style
from gametree.drawing.style import DEFAULT_FIT
from gametree.drawing.view import Hidden
from gametree.drawing.widgetstate import (
    answers_from_state,
    edit_tree,
    empty_state,
    state_from_answers,
)
from gametree.exceptions import GameTreeError, RenderError
from gametree.homework.answeritems import Answers
from gametree.homework.answers import parse_answers
from gametree.homework.check import AnswerKey
from gametree.homework.findings import CheckReport
from gametree.search.algorithms import algorithm_options, check_options
from gametree.search.annotate import clear_annotations
from gametree.validation import validate

if TYPE_CHECKING:
    from gametree.search.result import SearchResult

__all__ = ["NOTEBOOK_EXTRA", "widget", "widget_class"]

NOTEBOOK_EXTRA = "pip install 'gametree[notebook]'"
"""How to install what the widget needs (anywidget)."""

_REDRAWN_BY = ("mode", "algorithm", "prune_on_equal", "fail", "depth", "options", "conventions",
               "collapse", "max_depth", "focus", "orientation")  # fmt: skip


def widget(
    G: nx.DiGraph,
    result: SearchResult | None = None,
    *,
    mode: str = "explore",
    conventions: Iterable[str | Mapping[str, Any]] | None = None,
    title: str | None = None,
    ask: Iterable[str] = ("pruned", "values"),
    reveal: str = "always",
    show: str | Iterable[str] | None = None,
    style: Mapping[str, Any] | None = None,
    root: Hashable | None = None,
    fit: tuple[float, float] | None = DEFAULT_FIT,
    collapse: str | None = None,
    max_depth: int | None = None,
    focus: Hashable | None = None,
    orientation: str = "top-down",
    editable: bool = False,
) -> Any:
    """Return a live notebook widget of a search (explore) or an exercise (practice).

    Parameters
    ----------
    G : networkx.DiGraph
        The tree (copied: edit it through ``w.tree``).
    result, mode, conventions, title, ask, reveal, show, style, root, fit, collapse, \
max_depth, focus, orientation
        As for :func:`gametree.to_html`. The first convention (the result's, else the
        first of ``conventions``, else alpha-beta) becomes ``w.algorithm`` with its
        options ``w.prune_on_equal``, ``w.fail``, ``w.depth`` and ``w.options``; the
        others are ``w.conventions``, offered in the picture's selector.
    editable : bool, default False
        Show the edit bar: click a node, then set a leaf's value, swap MIN and MAX, add
        a child or remove the node (``w.editable`` switches it later).

    Returns
    -------
    TreeWidget
        An ``anywidget.AnyWidget``: display it (the last expression of a cell). Its
        attributes are described in :func:`widget_class`.

    Raises
    ------
    RenderError
        Without anywidget (naming the extra to install), or as :func:`gametree.to_html`
        for bad options.
    InvalidTreeError
        If ``G`` is not a game tree.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    >>> w = gametree.widget(G)
    >>> w.steps, w.algorithm
    (30, 'alphabeta')
    >>> w.step = 17                  # the picture shows C's cutoff
    >>> p = gametree.widget(G, mode="practice")
    >>> p.answers = "pruned = C-I C-J\\nC = <=2"
    >>> p.check().score
    1.0
    """
    cls = widget_class()
    return cls(G, result, mode=mode, conventions=conventions, title=title, ask=ask,
               reveal=reveal, show=show, style=style, root=root, fit=fit, collapse=collapse,
               max_depth=max_depth, focus=focus, orientation=orientation,
               editable=editable)  # fmt: skip


@cache
def widget_class() -> type[Any]:
    """The class of :func:`widget`'s widgets, made on first use (it subclasses
    ``anywidget.AnyWidget``, imported only then).

    Attributes of a widget ``w``:

    ``w.tree``
        The tree (a copy; assigning a new one redraws, and answers start afresh).
    ``w.algorithm``, ``w.prune_on_equal``, ``w.fail``, ``w.depth``, ``w.options``
        The first convention: its algorithm, cut rule, fail mode, depth limit and other
        search options (``transposition_table``, ``iterations``, ...). Those the
        algorithm does not take are left out of its search.
    ``w.conventions``
        More conventions for the selector (``ALGORITHM[:strict][:hard]`` or mappings).
    ``w.convention``
        The convention shown (an index; 0 is the first): follows the selector.
    ``w.mode``, ``w.collapse``, ``w.max_depth``, ``w.focus``, ``w.orientation``
        As for :func:`gametree.to_html`.
    ``w.step``, ``w.steps``
        The step shown (0 to ``w.steps``; explore mode): follows the student.
    ``w.answers``
        The student's answers (practice mode) as ``gametree check`` reads them;
        assign answers (an ``Answers``, a mapping or answer-file text) to show them.
    ``w.check()``, ``w.report``
        Grade the answers under the convention chosen; the report is shown in the
        picture and kept as ``w.report``.
    ``w.editable``
        Whether the edit bar shows.
    """
    try:
        import anywidget
        import traitlets
    except ImportError as exc:
        raise RenderError(
            f"gametree.widget needs anywidget: {NOTEBOOK_EXTRA} ({exc}); "
            "gametree.show(G, result) shows the page without it"
        ) from None

    class TreeWidget(anywidget.AnyWidget):  # type: ignore[misc,unused-ignore]
        """A game tree's explore or practice page, live in a notebook (see
        :func:`gametree.widget`)."""

        _esm = widget_module()

        mode = traitlets.Unicode("explore")
        algorithm = traitlets.Unicode("alphabeta")
        prune_on_equal = traitlets.Bool(True)
        fail = traitlets.Unicode("soft")
        depth = traitlets.Int(None, allow_none=True)
        options = traitlets.Dict()
        conventions: traitlets.List[Any] = traitlets.List()
        collapse = traitlets.Unicode(None, allow_none=True)
        max_depth = traitlets.Int(None, allow_none=True)
        focus = traitlets.Any(None)
        orientation = traitlets.Unicode("top-down")
        step = traitlets.Int(0).tag(sync=True)
        convention = traitlets.Int(0).tag(sync=True)
        editable = traitlets.Bool(False).tag(sync=True)
        _data = traitlets.Dict().tag(sync=True)
        _markup = traitlets.Unicode("").tag(sync=True)
        _style = traitlets.Unicode("").tag(sync=True)
        _answers = traitlets.Dict().tag(sync=True)
        _report = traitlets.Dict().tag(sync=True)
        _message = traitlets.Unicode("").tag(sync=True)
        _uid = traitlets.Unicode("").tag(sync=True)  # pairs the widget with its fallback

        def __init__(
            self,
            G: nx.DiGraph,
            result: SearchResult | None = None,
            *,
            conventions: Iterable[str | Mapping[str, Any]] | None = None,
            title: str | None,
            ask: Iterable[str],
            reveal: str,
            show: str | Iterable[str] | None,
            style: Mapping[str, Any] | None,
            root: Hashable | None,
            fit: tuple[float, float] | None,
            **traits: Any,
        ) -> None:
            validate(G)
            (algorithm, first), *others = conventions_of(G, result, conventions)
            rest = dict(first)
            self._graph = _bare(G)
            self._fixed: dict[str, Any] = {"title": title, "ask": tuple(ask), "reveal": reveal,
                                           "show": show, "style": style, "root": root,
                                           "fit": fit}  # fmt: skip
            self._page: Page | None = None
            self._display_id: str | None = None  # of the fallback, once displayed
            self._quiet = True  # no redraw while the traits are first set
            self.report: CheckReport | None = None
            super().__init__(
                algorithm=algorithm,
                prune_on_equal=rest.pop("prune_on_equal", True),
                fail=rest.pop("fail", "soft"),
                depth=rest.pop("depth", None),
                options=rest,
                conventions=[{"algorithm": a, **o} for a, o in others],
                _uid=secrets.token_hex(8),
                **traits,
            )
            self._quiet = False
            self._redraw(fresh=True)
            self.on_msg(self._on_message)

        # ------------------------------------------------------------ Python to picture
        @property
        def tree(self) -> nx.DiGraph:
            """The tree shown (a copy). Assign a tree to show it instead."""
            return self._graph.copy()

        @tree.setter
        def tree(self, G: nx.DiGraph) -> None:
            validate(G)
            old = self._graph
            self._graph = _bare(G)
            try:
                self._redraw(fresh=True)
            except Exception:
                self._graph = old
                raise

        @property
        def steps(self) -> int:
            """How many steps the convention shown has (0 in practice mode)."""
            return _steps(self._page, self.convention)

        @traitlets.validate("step")
        def _valid_step(self, proposal: Any) -> int:
            return max(0, min(int(proposal["value"]), self.steps))

        @traitlets.validate("convention")
        def _valid_convention(self, proposal: Any) -> int:
            count = len(self._page.data["conventions"]) if self._page is not None else 1
            return max(0, min(int(proposal["value"]), count - 1))

        @traitlets.observe(*_REDRAWN_BY)
        def _redraw_on(self, change: Any) -> None:
            if self._quiet:
                return
            try:
                self._redraw(fresh=change["name"] == "mode")
            except Exception:
                self._quiet = True
                try:
                    self.set_trait(change["name"], change["old"])
                finally:
                    self._quiet = False
                raise

        def _conventions(self) -> list[dict[str, Any]]:
            """Every convention offered, the first from the traits, as mappings."""
            name = check_options(self.algorithm, dict(self.options))
            allowed = algorithm_options(name)
            first = dict(self.options)
            if "prune_on_equal" in allowed:
                first["prune_on_equal"] = self.prune_on_equal
            if "fail" in allowed:
                first["fail"] = self.fail
            if self.depth is not None:
                first["depth"] = self.depth
            check_options(name, first)
            return [{"algorithm": name, **first}, *self.conventions]

        def _redraw(self, *, fresh: bool) -> None:
            page = build_page(
                self._graph,
                mode=self.mode,
                conventions=self._conventions(),
                collapse=self.collapse,
                max_depth=self.max_depth,
                focus=self.focus,
                orientation=self.orientation,
                **self._fixed,
            )
            old = self._page
            same_drawing = old is not None and old.nodes == page.nodes
            self._page = page
            with self.hold_sync():
                self._style = widget_style(page.variables)
                self._markup = page_body(page)
                self._data = {"id": page.id, **page.data}
                if fresh or not same_drawing:
                    self._answers = {}
                    self._report = {}
                    self.report = None
                self.convention = self.convention  # validated again: within the new list
                self.step = self.step

        # ------------------------------------------------------------ picture to Python
        def _practice(self, what: str) -> Page:
            assert self._page is not None
            if self.mode != "practice":
                raise RenderError(
                    f"{what}: an explore widget asks nothing; make it with mode='practice'"
                )
            return self._page

        @property
        def answers(self) -> Answers:
            """The student's answers, as ``gametree check`` reads the exported file."""
            page = self._practice("answers")
            state = dict(self._answers) or empty_state(self.convention)
            return answers_from_state(page.data, state)

        @answers.setter
        def answers(self, given: Answers | Mapping[str, Any] | str | Path) -> None:
            page = self._practice("answers")
            if isinstance(given, Path):
                given = given.read_text(encoding="utf-8")
            answers = given if isinstance(given, Answers) else parse_answers(given)
            self._answers = state_from_answers(page.data, answers, conv=self.convention)

        def check(self) -> CheckReport:
            """Grade the answers under the convention chosen, as ``gametree check`` does,
            and show the verdicts in the picture.

            Returns
            -------
            CheckReport
                Also kept as ``w.report``.
            """
            page = self._practice("check")
            state = dict(self._answers) or empty_state(self.convention)
            chosen = state.get("conv", self.convention)
            conventions = page.data["conventions"]
            if not isinstance(chosen, int) or not 0 <= chosen < len(conventions):
                chosen = 0
            algorithm, options = self._search_of(chosen)
            report = AnswerKey(self._graph, algorithm=algorithm, **options).check(
                answers_from_state(page.data, state)
            )
            self.report = report
            count = int(self._report.get("count", 0)) + 1
            self._report = {"count": count, "findings": [f.to_dict() for f in report.findings]}
            return report

        def _search_of(self, k: int) -> tuple[str, dict[str, Any]]:
            """The search of convention ``k`` of the page (a repeated one is offered once)."""
            algorithm, options = conventions_of(self._graph, None, self._conventions())[k]
            if self._fixed["root"] is not None:
                options["root"] = self._fixed["root"]
            return algorithm, options

        def _on_message(self, _: Any, content: Any, buffers: Any) -> None:
            if not isinstance(content, Mapping) or content.get("kind") != "edit":
                return
            if not self.editable:
                self._message = "editing is off (w.editable = True turns it on)"
                return
            # The new tree and what the edit did reach the picture in one message.
            with self.hold_sync():
                try:
                    self._message = self.edit(content.get("edit"), content.get("node"),
                                              content.get("value"))  # fmt: skip
                except GameTreeError as exc:
                    self._message = str(exc)

        def edit(self, edit: Any, number: Any, value: Any = None) -> str:
            """Make the edit the picture asks for on drawn node ``number`` (see
            :func:`gametree.drawing.widgetstate.edit_tree`) and say what changed."""
            assert self._page is not None
            drawn = self._page.nodes[0]
            nodes = self._page.data["exercises"][0]["nodes"]
            if not isinstance(number, int) or not 0 <= number < len(drawn):
                raise RenderError(f"no node numbered {number!r} in the drawing")
            node = drawn[number]
            if isinstance(node, Hidden):
                raise RenderError(
                    "a view's stub stands for nodes it hides: draw them (collapse=None, "
                    "max_depth=None) to edit them"
                )
            above = nodes[number]["parent"]
            parent = drawn[above] if above is not None else None
            self.tree = edit_tree(self._graph, str(edit), node, value=value, parent=parent)
            return _said(str(edit), node, self._graph)

        def _repr_mimebundle_(self, **kwargs: Any) -> Any:
            """The widget, and for front ends without a kernel (exported notebooks,
            nbviewer) the SVG drawing and the self-contained page in an ``iframe``."""
            bundle = super()._repr_mimebundle_(**kwargs)
            if bundle is None:
                return bundle
            data, metadata = bundle
            return {**data, **self.fallback()}, metadata

        def _ipython_display_(self) -> None:
            """Display the widget, then its fallback as an output of its own.

            ``jupyter nbconvert --execute`` saves the widgets' state, and an exported
            page then shows the widget view (which needs the widget libraries from a
            CDN) instead of the fallback of the same output: as an output of its own,
            the fallback shows where the widget does not (offline), and hides where it
            does (the widget hides it)."""
            from IPython import display as ipython

            display: Callable[..., object] = ipython.display
            bundle = super()._repr_mimebundle_()
            if bundle is None:
                return
            data, metadata = bundle
            display(data, metadata=metadata, raw=True)
            self._display_id = f"gametree-{self._uid}"
            display(self._fallback_bundle(), raw=True, display_id=self._display_id)

        def _fallback_bundle(self) -> dict[str, str]:
            return {**self.fallback(), "text/plain": repr(self)}

        @traitlets.observe("step", "convention", "_answers", "_report", "_data")
        def _update_fallback(self, change: Any) -> None:
            """Keep the displayed fallback where the widget is: a step, answers or a
            check set by a later cell show in the exported notebook too (nbconvert
            applies a display's updates to the output that showed it)."""
            if self._quiet or getattr(self, "_display_id", None) is None:
                return
            from IPython import display as ipython

            update: Callable[..., object] = ipython.update_display
            update(self._fallback_bundle(), raw=True, display_id=self._display_id)

        def fallback(self) -> dict[str, str]:
            """The widget without a kernel: ``{"text/html": the page in an iframe,
            "image/svg+xml": the drawing}``; the page hides where the widget shows. The
            page opens where the widget is: its step and convention, the answers and a
            check's verdicts."""
            assert self._page is not None
            start: dict[str, Any] = {"step": self.step, "convention": self.convention}
            if self._answers:
                start["answers"] = self._answers
            if self._report.get("findings"):
                start["findings"] = self._report["findings"]
            frame = page_frame(page_html(self._page, start), str(self._page.data["title"]))
            uid = self._uid
            hide = (
                f'.jp-OutputArea:has(.gametree-widget[data-gametree="{uid}"]) '
                f'.jp-OutputArea-child:has(.gametree-fallback[data-gametree="{uid}"])'
                " { display: none; }"
            )
            html = (
                f'<div class="gametree-fallback" data-gametree="{uid}">'
                f"<style>{hide}</style>{frame}</div>"
            )
            return {"text/html": html, "image/svg+xml": self.svg()}

        def svg(self) -> str:
            """The picture without a kernel: the search's pruning diagram (explore), or
            the bare tree (practice), as :func:`gametree.to_svg` draws it. An explore
            widget before the end of its search (``w.step < w.steps``; not Monte Carlo)
            is drawn at that step, as the step animation draws it, in the widget's view:
            at step 0 the bare tree."""
            from gametree.drawing.svg import diagram_svg, to_svg
            from gametree.search import solve

            result = None
            if self.mode == "explore":
                algorithm, options = self._search_of(self.convention)
                if self.step < self.steps and algorithm != "mcts":
                    from itertools import islice

                    from gametree.drawing.animate import step_frames

                    view = {"collapse": self.collapse, "max_depth": self.max_depth,
                            "focus": self.focus, "orientation": self.orientation,
                            "fit": self._fixed["fit"]}  # fmt: skip
                    frames = step_frames(self._graph, algorithm, show=self._fixed["show"],
                                         style=self._fixed["style"], max_frames=self.steps + 1,
                                         view=view, **options)  # fmt: skip
                    d, placement = next(islice(frames, self.step, None))
                    return diagram_svg(d, placement)
                result = solve(self._graph, algorithm, annotate=False, **options)
            fixed = {k: v for k, v in self._fixed.items() if k in ("show", "style", "root", "fit")}
            return to_svg(self._graph, result, collapse=self.collapse, max_depth=self.max_depth,
                          focus=self.focus, orientation=self.orientation, title=None,
                          **fixed)  # fmt: skip

        def __repr__(self) -> str:
            n = self._graph.number_of_nodes()
            return f"<gametree widget ({self.mode}) of a tree with {n} nodes, {self.algorithm}>"

    return TreeWidget


def _bare(G: nx.DiGraph) -> nx.DiGraph:
    H = G.copy()
    clear_annotations(H)
    return H


def _steps(page: Page | None, convention: int) -> int:
    if page is None or page.data["mode"] != "explore":
        return 0
    traces = page.data["exercises"][0]["explore"]
    return len(traces[min(convention, len(traces) - 1)]["steps"])


def _said(edit: str, node: Hashable, G: nx.DiGraph) -> str:
    """What an edit did, in a sentence for the edit bar."""
    if edit == "value":
        return f"{node} is worth {G.nodes[node]['value']} now."
    if edit == "swap":
        return f"{node} is {G.nodes[node]['player']} now."
    if edit == "add":
        return f"{node} has {len(G._succ[node])} children now."
    return f"{node} is removed."
