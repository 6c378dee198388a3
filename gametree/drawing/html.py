"""A self-contained web page: the search step by step (explore) or an exercise (practice).

:func:`to_html` returns one HTML file with its SVG, CSS and JavaScript inline: it opens
from disk or an LMS upload, offline. Everything the page shows is computed here, in
Python, and embedded as JSON; the script (``gametree/drawing/page/page.js``) only
displays and compares.

The data
--------
The page's data is the JSON in ``<script type="application/json" id="gametree-data">``::

    {
      "version": 1,
      "id": "3f2a...",              # identifies the page (local storage key)
      "mode": "explore" | "practice",
      "title": "...",
      "conventions": [              # the searches offered (a selector when several)
        {"label": "alphabeta, cut when α ≥ β, fail-soft",
         "algorithm": "alphabeta", "options": {...},
         "flags": "--strict --fail hard"}   # gametree check's flags for it
      ],
      "ask": ["pruned", "values", ...],      # practice: items asked
      "reveal": "always" | "after-check" | "never",   # practice: "Show solution"
      "exercises": [
        {"title": "...",
         "notation": "(A (B 3 12 8) ...)",   # the tree, written into exported answers
         "nodes": [{"name": "A", "kind": "MAX"|"MIN"|"CHANCE"|"LEAF",
                    "parent": null | i, "children": [i, ...],
                    "move": "a1"}, ...],      # the label of the edge into the node
         "edges": [[u, v], ...],             # node numbers; edge j is SVG group "e<j>"
         "explore": [<trace per convention>],      # explore mode
         "practice": [<answer key per convention>] # practice mode
        }
      ]
    }

A second JSON script, ``<script type="application/json" id="gametree-start">``, says where
the page opens: ``null``, or ``{"step": k, "convention": c, "answers": {...},
"findings": [...]}`` (a notebook widget's static copy opens where the widget is; see
:func:`gametree.drawing.pagefiles.page_html`).

Nodes are numbered in preorder (node ``i`` is the SVG group ``n<i>``). A *trace* is
``{"steps": [...], "summary": "Result: value 3, ...", "pv": [j, ...]}``
(``pv``: the principal variation's edges, drawn bold after the last step) with one step
per event of :func:`gametree.search_trace`::

    {"k": "enter" | "leaf" | "cutoff" | "probe" | "research" | "transposition" | "exit",
     "n": i,                  # the node the event is about (highlighted)
     "t": "...",              # the sentence of gametree.explain for this event
     "c": "...",              # a short caption
     "w": [[i, "[3, ∞]"]],    # windows shown from now on (the node's; its parent's after
                              # a child returns and moves alpha or beta); alpha-beta only
     "v": [[i, "≤2"]],        # values shown from now on
     "x": [j, ...],           # edges cut at this step
     "g": [i, ...],           # nodes below the cut edges, never searched
     "d": j,                  # the edge the search goes down (enter)
     "h": ["B", "MIN", "[3, ∞]"],  # a view hides the event's node: its name, kind and
                              # window; "n" is then the drawn node standing for it
     "hw": [["B", "[3, 12]"]]}  # the new window of a hidden parent after a child returns

Monte Carlo tree search (``"mcts"``) has a step per phase of each iteration instead,
with node labels, edge visit counts and the iteration's path: see
:mod:`gametree.drawing.mctspage`. Practice pages refuse it.

Scripts (and tests) reach the page through ``window.gametreePage``: ``go(k)`` shows step
``k``, ``check()`` grades and returns the findings, ``exportText()`` returns the answer
file, ``setAnswers({...})`` fills the answers, ``edgeAt(x, y)`` says which edge a click at
the window point ``(x, y)`` marks (the nearest within 16 pixels, or -1): clicks are
matched to edges by distance, so every point of the drawing belongs to one edge at most.

Views (``collapse``, ``max_depth``, ``focus``) draw part of the tree, as in every other
emitter: a node list entry of kind ``"STUB"`` (pruned subtrees folded into one greyed
triangle holding the count of hidden nodes) or ``"MORE"`` (an ellipsis past
``max_depth``) stands for hidden nodes. Explore steps never lose their sentence: a step
on a hidden node is shown on the drawn node standing for it (its stub or ellipsis, else
its nearest drawn ancestor) with ``"h"`` naming the hidden node; values and windows of
hidden nodes are listed on the stack only, cuts of folded edges appear on the stub's
edge. Practice pages ask about every node and edge they draw, so they refuse a view that
hides part of the tree (focus on a subtree with ``root=`` instead).

The page applies steps ``0..k`` in order to show step ``k``; the stack of open nodes is
the entered nodes not yet exited. An *answer key* is the dict of
:func:`gametree.homework.practice.practice_key`: leaves with the checker's reasons, the
other conventions' pruned leaves with their notes, and for node values, alpha and beta
the candidates with the checker's verdicts and notes.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import networkx as nx

from gametree.attrs import PRUNED, SEARCH, STATUS
from gametree.drawing.fit import arrange
from gametree.drawing.mctspage import mcts_steps
from gametree.drawing.metrics import text_width
from gametree.drawing.model import Diagram
from gametree.drawing.pagefiles import Page, page_html, style_variables
from gametree.drawing.pagesteps import PRUNING, stand_ins, trace_steps
from gametree.drawing.slots import Placement
from gametree.drawing.style import DEFAULT_FIT, GEQ, LEQ, diagram, format_value
from gametree.drawing.svg import INNER, diagram_svg
from gametree.drawing.view import Hidden, check_view
from gametree.exceptions import RenderError
from gametree.search.algorithms import MCTS_SEARCH_OPTIONS
from gametree.search.result import jsonable

if TYPE_CHECKING:
    from gametree.search.result import SearchResult

__all__ = [
    "MODES",
    "REVEAL_CHOICES",
    "build_page",
    "conventions_of",
    "explore_layout",
    "parse_convention",
    "to_html",
]

MODES = ("explore", "practice")
REVEAL_CHOICES = ("always", "after-check", "never")
"""When a practice page offers "Show solution": always, once the student checked, never."""

NO_MCTS_PRACTICE = (
    "a practice page asks for pruned edges and minimax values, which Monte Carlo tree "
    "search has not: an explore page steps through it (mode='explore'; gametree draw TREE "
    "-a mcts --iterations N -o PAGE.html), and gametree generate --algorithm mcts makes "
    "MCTS exercises"
)


def parse_convention(spec: str | Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """Return ``(algorithm, options)`` for a convention.

    A convention is a mapping ``{"algorithm": ..., **options}`` or a string
    ``ALGORITHM[:strict][:hard]``: ``strict`` cuts only when alpha > beta, ``hard`` is
    fail-hard.

    >>> parse_convention("alphabeta:strict")
    ('alphabeta', {'prune_on_equal': False})
    >>> parse_convention({"algorithm": "pvs", "fail": "hard"})
    ('pvs', {'fail': 'hard'})
    >>> parse_convention("alphabeta:loose")
    Traceback (most recent call last):
    ...
    gametree.exceptions.RenderError: unknown convention flag 'loose' in 'alphabeta:loose'; ...
    """
    from gametree.search.algorithms import canonical_name as known
    from gametree.search.algorithms import is_mcts

    def canonical_name(name: object) -> str:
        return "mcts" if is_mcts(name) else known(name)

    options: dict[str, Any] = {}
    if isinstance(spec, Mapping):
        options.update(spec)
        algorithm = canonical_name(options.pop("algorithm", "alphabeta"))
        return algorithm, options
    name, *flags = str(spec).strip().split(":")
    algorithm = canonical_name(name or "alphabeta")
    for flag in flags:
        if flag == "strict":
            options["prune_on_equal"] = False
        elif flag == "hard":
            options["fail"] = "hard"
        else:
            raise RenderError(
                f"unknown convention flag {flag!r} in {spec!r}; expected ALGORITHM[:strict][:hard]"
            )
    if options and algorithm not in PRUNING:
        raise RenderError(f"{spec!r}: strict and hard apply only to {', '.join(PRUNING)}")
    return algorithm, options


def _label(algorithm: str, options: Mapping[str, Any]) -> str:
    parts = [algorithm]
    if algorithm in PRUNING:
        parts.append(
            "cut when α ≥ β" if options.get("prune_on_equal", True) else "cut only when α > β"
        )
        parts.append(f"fail-{options.get('fail', 'soft')}")
    if options.get("depth") is not None:
        parts.append(f"depth {options['depth']}")
    if options.get("transposition_table"):
        parts.append("transposition table")
    if options.get("bounds") is not None:
        lo, hi = options["bounds"]
        parts.append(f"values in [{format_value(lo)}, {format_value(hi)}]")
    if algorithm == "mcts":
        parts.append(f"{options.get('iterations')} iterations")
        if options.get("c") is not None:
            parts.append(f"c = {format_value(options['c'])}")
        if options.get("seed") is not None:
            parts.append(f"seed {options['seed']}")
    return ", ".join(parts)


def _flags(algorithm: str, options: Mapping[str, Any]) -> str:
    flags = [] if algorithm == "alphabeta" else [f"-a {algorithm}"]
    if options.get("prune_on_equal") is False:
        flags.append("--strict")
    if options.get("fail") == "hard":
        flags.append("--fail hard")
    if options.get("depth") is not None:
        flags.append(f"--depth {options['depth']}")
    if options.get("transposition_table") and algorithm != "mtdf":
        flags.append("--transpositions")
    for name in ("iterations", "seed", "c"):
        if algorithm == "mcts" and options.get(name) is not None:
            flags.append(f"--{name} {options[name]}")
    if options.get("solver"):
        flags.append("--solver")
    for key in ("first_guess", "guess", "delta"):
        if options.get(key) is not None:
            flags.append(f"--{key.replace('_', '-')} {jsonable(options[key])}")
    window = options.get("window")
    if window is not None and tuple(window) != (-float("inf"), float("inf")):
        lo, hi = (jsonable(x) for x in window)
        flags.append(f"--window {lo} {hi}")
    bounds = options.get("bounds")
    if bounds is not None:
        lo, hi = (jsonable(x) for x in bounds)
        flags.append(f"--bounds {lo} {hi}")
    return " ".join(flags)


def _searched_with(algorithm: str, given: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """The convention of a search that ran with the options ``given``."""
    if algorithm == "mcts":
        return algorithm, {k: given[k] for k in MCTS_SEARCH_OPTIONS if given.get(k) is not None}
    options = {
        k: v
        for k, v in given.items()
        if v is not None
        and k
        in ("depth", "prune_on_equal", "fail", "window", "bounds", "first_guess", "guess", "delta")
    }
    if given.get("transposition_table"):
        options["transposition_table"] = True
    for key in ("window", "bounds"):
        if options.get(key) == (-float("inf"), float("inf")):
            del options[key]
    return algorithm, options


def conventions_of(
    G: nx.DiGraph,
    result: SearchResult | None,
    conventions: Iterable[str | Mapping[str, Any]] | None,
) -> list[tuple[str, dict[str, Any]]]:
    """The conventions a page offers, as ``(algorithm, options)``, first the one shown first.

    The result's search (else the one ``G`` was annotated by, unless ``conventions`` are
    given), then ``conventions``; alpha-beta's family always says its cut rule and fail
    mode; a convention given twice is offered once; none given: alpha-beta.

    >>> import gametree
    >>> for convention in conventions_of(gametree.parse("(A 1 2)"), None, ["pvs", "minimax"]):
    ...     print(convention)
    ('pvs', {'prune_on_equal': True, 'fail': 'soft'})
    ('minimax', {})
    """
    out: list[tuple[str, dict[str, Any]]] = []
    searched = G.graph.get(SEARCH)
    if result is not None:
        out.append(_searched_with(result.algorithm, result.options))
    elif conventions is None and isinstance(searched, Mapping) and "algorithm" in searched:
        out.append(_searched_with(str(searched["algorithm"]), searched))
    for spec in conventions or ():
        out.append(parse_convention(spec))
    unique: list[tuple[str, dict[str, Any]]] = []
    for algorithm, options in out or [("alphabeta", {})]:
        if algorithm in PRUNING:
            options = {"prune_on_equal": True, "fail": "soft", **options}
        if (algorithm, options) not in unique:
            unique.append((algorithm, options))
    return unique


def _widest(texts: Iterable[str], size: float) -> str:
    return max(texts, key=lambda t: text_width(t, size), default="")


def _exercise(
    G: nx.DiGraph,
    conventions: Sequence[tuple[str, dict[str, Any]]],
    mode: str,
    ask: Sequence[str],
    *,
    show: str | Iterable[str] | None,
    style: Mapping[str, Any] | None,
    title: str,
    root: Hashable | None,
    number: int,
    view: Mapping[str, Any],
) -> tuple[dict[str, Any], str, tuple[Hashable, ...]]:
    """The data and the SVG of one tree, and the tree's node drawn as each node."""
    data, bare, placement = _laid_out(G, conventions, mode, ask, show=show, style=style,
                                      title=title, root=root, view=view)  # fmt: skip
    prefix = f"x{number}-" if number else ""
    svg = diagram_svg(bare, placement, classes=True, standalone=False, id_prefix=prefix)
    return data, svg, tuple(n.node for n in bare.nodes)


def explore_layout(
    G: nx.DiGraph,
    algorithm: str,
    options: Mapping[str, Any],
    *,
    show: str | Iterable[str] | None = None,
    style: Mapping[str, Any] | None = None,
    root: Hashable | None = None,
    view: Mapping[str, Any] | None = None,
) -> tuple[Diagram, Placement, dict[str, Any]]:
    """The explore page of one search as the page lays it out: its bare diagram, the
    placement sized for every value and window a step shows, and its trace (the steps,
    see above). The step animation (:mod:`gametree.drawing.animate`) draws these.
    ``view`` is the page's view (``fit``, ``collapse``, ``max_depth``, ``focus``,
    ``orientation``; default: the whole tree fitted to a slide).

    >>> import gametree
    >>> G = gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
    >>> bare, placement, trace = explore_layout(G, "alphabeta", {})
    >>> len(trace["steps"]), trace["steps"][0]["c"], bare.nodes[0].value
    (30, 'enter A with [−∞, ∞]', '')
    """
    options = dict(options) if root is None else {**options, "root": root}
    data, bare, placement = _laid_out(G, [(algorithm, options)], "explore", (), show=show,
                                      style=style, title="", root=root,
                                      view={"fit": DEFAULT_FIT, **(view or {})})  # fmt: skip
    return bare, placement, data["explore"][0]


def _laid_out(
    G: nx.DiGraph,
    conventions: Sequence[tuple[str, dict[str, Any]]],
    mode: str,
    ask: Sequence[str],
    *,
    show: str | Iterable[str] | None,
    style: Mapping[str, Any] | None,
    title: str,
    root: Hashable | None,
    view: Mapping[str, Any],
) -> tuple[dict[str, Any], Diagram, Placement]:
    """The data of one tree, its bare diagram and the placement the page draws it with."""
    from gametree.notation import to_notation
    from gametree.search.annotate import clear_annotations

    drawn = G.copy()
    clear_annotations(drawn)  # the steps draw the search; the tree starts bare
    if view.get("collapse") == "pruned":
        drawn = _with_pruned(drawn, conventions)
    bare = diagram(drawn, show=show, style=style, root=root, **view)
    # A page is one picture: a tree too large for it is fitted to a larger page, or (to
    # explore, where views may hide nodes) drawn less of.
    bare.remedies = ("fit",) if mode == "practice" else ("max_depth", "focus", "fit")
    if mode == "practice":
        _refuse_hiding(G, bare, view)
    index = bare.index
    edges = [(e.u, e.v) for e in bare.edges]
    edge_index = {edge: j for j, edge in enumerate(edges)}
    for e in bare.edges:
        if isinstance(e.v, Hidden) and e.cut:
            # A folded cut is shown at the step its cutoff happens, as any other.
            e.status, e.cut = None, False
            e.color, e.linestyle = str(bare.style["color"]), "solid"
    nodes = []
    parent: dict[int, int] = {}
    move: dict[int, str] = {}
    for e in bare.edges:
        parent.setdefault(index[e.v], index[e.u])
        if e.move:
            move.setdefault(index[e.v], e.move)
    for i, n in enumerate(bare.nodes):
        nodes.append(
            {
                "name": str(n.node),
                "kind": n.kind,
                "parent": parent.get(i),
                "move": move.get(i, ""),
                "children": [index[c] for c in bare.graph._succ[n.node] if c in index],
            }
        )
    data: dict[str, Any] = {
        "title": title,
        "notation": to_notation(G),
        "nodes": nodes,
        "edges": [[index[u], index[v]] for u, v in edges],
    }
    shown_values: dict[int, list[str]] = {i: [] for i in range(len(nodes))}
    shown_windows: dict[int, list[str]] = {i: [] for i in range(len(nodes))}
    edge_texts: dict[int, list[str]] = {}  # MCTS visit counts written after a move
    if mode == "explore":
        data["explore"] = []
        shown_as = stand_ins(bare, drawn)
        for algorithm, options in conventions:
            if algorithm == "mcts":
                trace = mcts_steps(G, options, index, edge_index, shown_as)
            else:
                trace = trace_steps(G, algorithm, options, index, edge_index, shown_as)
            data["explore"].append(trace)
            for s in trace["steps"]:
                for i, text in s.get("v", ()):
                    shown_values[i].append(text)
                for i, text in s["w"]:
                    shown_windows[i].append(text)
                for j, text in s.get("ev", ()):
                    edge_texts.setdefault(j, []).append(text)
    else:
        from gametree.homework.practice import practice_key

        data["practice"] = []
        for algorithm, options in conventions:
            key = practice_key(G, algorithm=algorithm, options=options, ask=ask,
                               index=index, edges=edges)  # fmt: skip
            data["practice"].append(key)
            sol = key["solution"]
            for i, text in sol["values"].items():
                shown_values[int(i)].append(_answer_text(text))
            for i in sol["alpha"]:
                a, b = sol["alpha"][i], sol["beta"].get(i, "")
                shown_windows[int(i)].append(f"[{_answer_text(a)}, {_answer_text(b)}]")
        if "alpha" in ask or "beta" in ask:
            for i, node in enumerate(nodes):
                if node["kind"] != "LEAF":
                    shown_windows[i].append("[−∞, −∞]")
    big = float(bare.style["font_size"])
    small = float(bare.style["small_font_size"])
    for j, texts in edge_texts.items():
        e = bare.edges[j]  # sized (and first drawn) with its widest text; the page resets it
        e.move = _widest([f"{e.move} {t}".strip() for t in texts], small)
    sizing = replace(bare, nodes=[replace(n) for n in bare.nodes], every_cut=True)
    visits = f"#{len(nodes)}"  # the widest visit number, where the steps number visits
    for i, n in enumerate(sizing.nodes):
        if n.kind in INNER:
            n.value = _widest(shown_values[i] or [n.value], big)
            n.bounds = _widest(shown_windows[i], small)
        if "order" in bare.show and mode == "explore" and not isinstance(n.node, Hidden):
            n.order = visits
    # Fitting the page (if asked) shrinks the shared style (sizing.style is bare.style)
    # and, as a last resort, leaves names out. The page keeps them: its steps, stack and
    # answer table speak of nodes by name. It is then wider than the page, and pans.
    placement = arrange(sizing)
    if any(n.name != fitted.name for n, fitted in zip(bare.nodes, sizing.nodes, strict=True)):
        for n, fitted in zip(bare.nodes, sizing.nodes, strict=True):
            fitted.name = n.name
        placement = arrange(sizing)
    return data, bare, placement


def _with_pruned(G: nx.DiGraph, conventions: Sequence[tuple[str, dict[str, Any]]]) -> nx.DiGraph:
    """A copy of ``G`` whose edges pruned under every convention offered are marked
    pruned, so that ``collapse="pruned"`` folds them: no trace the page shows enters
    a folded subtree."""
    from gametree.search import solve

    common: set[tuple[Hashable, Hashable]] | None = None
    for algorithm, options in conventions:
        cut = set(solve(G, algorithm, annotate=False, **options).pruned_edges)
        common = cut if common is None else common & cut
    H = G.copy()
    for u, v in common or ():
        H._succ[u][v][STATUS] = PRUNED
    return H


def _refuse_hiding(G: nx.DiGraph, d: Diagram, view: Mapping[str, Any]) -> None:
    """Practice pages ask about every edge and node: refuse a view that hides some."""
    drawn = sum(1 for n in d.nodes if not n.hidden)
    hidden = len(nx.descendants(G, d.root)) + 1 - drawn
    if not hidden:
        return
    given = ", ".join(
        f"{k}={view[k]!r}" for k in ("collapse", "max_depth", "focus") if view.get(k) is not None
    )
    raise RenderError(
        f"a practice page cannot use {given}: it hides {hidden} node"
        f"{'' if hidden == 1 else 's'} the student answers about (cuts, values); "
        "fit the whole tree (fit, orientation) or make the subtree the exercise (root=NODE)"
    )


def _answer_text(text: str) -> str:
    """An answer-key entry as the drawings write it (``<=2`` as ``≤2``, ``-inf`` as ``−∞``)."""
    op = ""
    for prefix, symbol in (("<=", LEQ), (">=", GEQ)):
        if text.startswith(prefix):
            op, text = symbol, text[len(prefix) :]
    try:
        return op + format_value(float(text))
    except ValueError:
        return op + text


def to_html(
    G: nx.DiGraph | Sequence[nx.DiGraph],
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
) -> str:
    """Return a self-contained interactive web page of a search or an exercise.

    Parameters
    ----------
    G : networkx.DiGraph or sequence of them
        The tree; in practice mode, a sequence makes an exercise set (previous / next).
    result : SearchResult, optional
        A search of ``G``: its algorithm and options are the first convention shown
        (without one, the search ``G`` was annotated by, if any).
    mode : {"explore", "practice"}, default "explore"
        ``"explore"``: the search step by step (forward, back, play, a slider, the
        sentence of each step, windows, values backing up, cuts as they happen).
        ``"practice"``: the bare tree; the student marks pruned edges and types values
        (and alpha/beta), checks them with the checker's reasons, sees the solution,
        and exports an answer file that ``gametree check`` grades identically.
    conventions : iterable of str or mapping, optional
        More searches to offer, as ``ALGORITHM[:strict][:hard]`` (``"alphabeta:strict"``,
        ``"pvs"``, ``"minimax"``) or ``{"algorithm": ..., **options}``; with several,
        the page has a selector (in practice mode the student picks the course's).
        Default: the result's, else ``"alphabeta"``.
    title : str, optional
        The page's heading.
    ask : iterable of str, default ("pruned", "values")
        Practice mode: what is asked, from ``pruned``, ``values``, ``alpha``, ``beta``,
        ``move``.
    reveal : {"always", "after-check", "never"}, default "always"
        Practice mode: when "Show solution" is offered.
    show, style, root
        As for :func:`gametree.draw` (names and moves; the page fills values and windows).
    fit, collapse, max_depth, focus, orientation
        As for :func:`gametree.draw`, with the same defaults: the tree is placed as in
        the PNG (fitted to a 16:9 slide, sized for the widest value and window any step
        shows; names are never left out, since the steps and the answer table use them).
        ``collapse="pruned"`` folds the subtrees pruned under every convention
        offered (no step enters them; the cut appears on the stub's edge at its step).
        A step on a node that ``max_depth`` or ``focus`` hides keeps its sentence and
        lights the drawn node standing for it (its ellipsis, or its nearest drawn
        ancestor), the hidden node named on the stack. Practice mode refuses
        ``collapse``, ``max_depth`` and ``focus`` when they hide any node (every edge
        and node is asked about, and stubs would give the cuts away).

    Returns
    -------
    str
        The page (HTML5). The data it embeds is documented in :mod:`gametree.drawing.html`.

    Raises
    ------
    RenderError
        For an unknown mode, convention or reveal choice, a bad view option, or a view
        that hides part of a practice tree.

    Examples
    --------
    >>> import gametree
    >>> G = gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> page = gametree.to_html(G, gametree.alphabeta(G, annotate=False))
    >>> page.startswith("<!DOCTYPE html>"), "gametree-data" in page
    (True, True)
    >>> sheet = gametree.to_html(G, mode="practice", conventions=["alphabeta", "alphabeta:strict"])
    >>> "2 nodes pruned" in gametree.to_html(G, collapse="pruned")
    True
    >>> gametree.to_html(G, mode="practice", focus="C")
    Traceback (most recent call last):
    ...
    gametree.exceptions.RenderError: a practice page cannot use focus='C': it hides 8 nodes ...
    """
    page = build_page(G, result, mode=mode, conventions=conventions, title=title, ask=ask,
                      reveal=reveal, show=show, style=style, root=root, fit=fit,
                      collapse=collapse, max_depth=max_depth, focus=focus,
                      orientation=orientation)  # fmt: skip
    return page_html(page)


def build_page(
    G: nx.DiGraph | Sequence[nx.DiGraph],
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
) -> Page:
    """Return what :func:`to_html` writes, not yet written out: the data, the drawings.

    The parameters are those of :func:`to_html`; the notebook widget
    (:mod:`gametree.drawing.notebook`) mounts the same page in a notebook cell.

    >>> import gametree
    >>> page = build_page(gametree.parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))"))
    >>> len(page.data["exercises"][0]["explore"][0]["steps"]), page.nodes[0][:3]
    (30, ('A', 'B', 'E'))
    """
    from gametree.homework.practice import ASK_CHOICES

    if mode not in MODES:
        raise RenderError(f"unknown mode {mode!r}; expected 'explore' or 'practice'")
    if reveal not in REVEAL_CHOICES:
        allowed = ", ".join(repr(r) for r in REVEAL_CHOICES)
        raise RenderError(f"unknown reveal {reveal!r}; expected one of {allowed}")
    asked = list(dict.fromkeys(ask))
    for item in asked:
        if item not in ASK_CHOICES:
            raise RenderError(f"cannot ask {item!r}; expected some of {', '.join(ASK_CHOICES)}")
    trees = [G] if isinstance(G, nx.DiGraph) else list(G)
    if not trees:
        raise RenderError("to_html needs a tree (or a non-empty sequence of trees)")
    if len(trees) > 1 and mode != "practice":
        raise RenderError("a sequence of trees makes an exercise set: use mode='practice'")
    view: dict[str, Any] = {"fit": fit, "collapse": collapse, "max_depth": max_depth,
                            "focus": focus, "orientation": orientation}  # fmt: skip
    for tree in trees:
        check_view(tree, collapse=collapse, max_depth=max_depth, focus=focus,
                   orientation=orientation)  # fmt: skip
    convs = conventions_of(trees[0], result, conventions)
    if mode == "practice" and any(a == "mcts" for a, _ in convs):
        raise RenderError(NO_MCTS_PRACTICE)
    if root is not None:
        convs = [(a, {**o, "root": root}) for a, o in convs]
    heading = title if title is not None else (
        "Practice: prune the tree" if mode == "practice" else "Search step by step"
    )  # fmt: skip
    exercises = []
    svgs = []
    drawn = []
    for k, tree in enumerate(trees, 1):
        name = heading if len(trees) == 1 else f"{heading} — exercise {k} of {len(trees)}"
        data, svg, nodes = _exercise(tree, convs, mode, asked, show=show, style=style,
                                     title=name, root=root, number=k - 1, view=view)  # fmt: skip
        exercises.append(data)
        svgs.append(svg)
        drawn.append(nodes)
    page: dict[str, Any] = {
        "version": 1,
        "mode": mode,
        "title": heading,
        "conventions": [
            {
                "label": _label(a, o),
                "algorithm": a,
                "options": jsonable({k: v for k, v in o.items() if k != "root"}),
                "flags": _flags(a, o),
            }
            for a, o in convs
        ],
        "ask": asked,
        "reveal": reveal,
        "exercises": exercises,
    }
    st = diagram(trees[0], style=style).style
    return Page(page, tuple(svgs), tuple(drawn), style_variables(st))
