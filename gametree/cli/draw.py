"""``gametree draw TREE -o OUT``: a pruning diagram (or a bare exercise tree) in a file."""

from __future__ import annotations

import argparse
from typing import Any

from gametree.cli.common import (
    add_drawing_options,
    add_force_option,
    add_mcts_options,
    add_quiet_option,
    add_search_options,
    add_tree_argument,
    drawing_options,
    focus_node,
    mcts_flags_given,
    print_warnings,
    read_tree,
    report_written,
    search_options,
)
from gametree.drawing.latex import LATEX, check_latex
from gametree.exceptions import RenderError, SearchError

__all__ = ["add_parser", "run"]


DESCRIPTION = """\
Draw TREE (a .tree, .json, .dot or .graphml file, or - for the notation on stdin) to OUT,
in the format its suffix names: .png .svg .pdf (a drawing), .dot (Graphviz), .tex (a
document pdflatex compiles: TikZ, or forest's bracket notation with --latex forest),
.txt (text art), .gif (the search step by step), .html (a web page: the search step by
step, with controls; alpha-beta by default).

Without --algorithm the bare tree is drawn: shapes and leaf values, for an exercise
sheet. With it, the searched tree: backed-up values, pruned edges cut and greyed, the
principal variation bold.

examples:
  gametree draw fig52.tree -o sheet.pdf                       the exercise
  gametree draw fig52.tree -o key.png -a alphabeta            the answer key
  gametree draw fig52.tree -o key.svg -a alphabeta --show values,bounds,order
  gametree draw fig52.tree -o key.tex -a alphabeta --strict   cut only on >
  gametree draw exam.tree -o key.tex -a alphabeta --latex forest --paper a4-landscape-text
  gametree draw fig52.tree -o steps.gif -a alphabeta          one frame per event
  gametree draw big.tree -o big.svg -a pvs --engine graphviz
  gametree draw big.tree -o key.png -a alphabeta --collapse pruned   fold pruned subtrees
  gametree draw big.tree -o part.png -a alphabeta --focus C --paper a4-landscape
  gametree draw exam.tree -o key.pdf -a alphabeta --paper a4 --parts   top, then subtrees
  gametree draw fig52.tree -o steps.html -a alphabeta --conventions alphabeta:strict,pvs

Drawings are fitted to a 16:9 slide (13.33 x 7.5 in) unless --size or --paper names
another page: fonts shrink (never below 7 pt), levels spread over the page, leaves are
drawn as bare values in one row and the names under crowded leaves alternate between
rows. A tree too large for that gets a warning naming what fits: --parts (a .pdf or
.tex of one page per part, the top levels and then each subtree; one PNG per part),
--max-depth or --focus (draw less of it), or the page size it needs; never an option
already given. A .html page takes the same views (a step on a node it hides lights the
node drawn for it).
"""


def add_parser(subparsers: Any) -> None:
    """Register the ``draw`` command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "draw",
        help="draw a pruning diagram (png, svg, pdf, dot, tex, txt, gif)",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_tree_argument(parser)
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="OUT",
        help="file to write; its suffix picks the format",
    )
    add_search_options(parser, default=None)
    add_mcts_options(parser)
    parser.add_argument(
        "--show",
        default=None,
        metavar="ITEMS",
        help="comma-separated slots to fill: values,bounds,leaf_bounds,order,names,moves,"
        "types (bounds: the window beside internal nodes, leaf_bounds beside leaves too; "
        "types: Knuth & Moore's PV/CUT/ALL node types; default: values,names,moves; "
        "values, bounds and order need a search)",
    )
    parser.add_argument(
        "--engine",
        choices=("matplotlib", "graphviz"),
        default="matplotlib",
        help="who draws png/svg/pdf (default: matplotlib)",
    )
    parser.add_argument(
        "--latex",
        choices=LATEX,
        default=None,
        help="for .tex: the LaTeX package that draws the tree: tikz (default) or forest "
        "(istgame is refused, with the reason)",
    )
    parser.add_argument("--title", default=None, help="caption over the drawing")
    parser.add_argument(
        "--passes",
        choices=("final", "all"),
        default="final",
        help="mtdf, sss, dual, aspiration: draw the final pass (default) or every pass "
        "merged (visited if any pass entered a node, pruned if no pass did)",
    )
    parser.add_argument(
        "--conventions",
        default=None,
        metavar="SPECS",
        help="for .html: more searches to offer, comma-separated ALGORITHM[:strict][:hard] "
        "(e.g. alphabeta:strict,pvs,minimax)",
    )
    parser.add_argument(
        "--max-frames",
        type=int,
        default=None,
        metavar="N",
        help="for .gif: the most frames to draw, the bare tree and one per search event "
        "(default 1000); "
        "a longer animation is refused before any frame is drawn",
    )
    add_force_option(parser)
    add_quiet_option(parser)
    add_drawing_options(parser)
    parser.add_argument(
        "--parts",
        action="store_true",
        help="for .pdf, .tex, .png: a tree too large for the page is drawn in parts, its "
        "top levels and then each subtree, one page (one PNG: OUT-1.png, ...) per part",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``gametree draw`` with parsed arguments; return the exit status."""
    from gametree.drawing.output import FORMATS, save
    from gametree.drawing.style import parse_show
    from gametree.outfiles import check_new_output

    suffix = args.output.rsplit(".", 1)[-1].lower() if "." in args.output else ""
    if suffix not in FORMATS:
        allowed = ", ".join(f".{f}" for f in FORMATS)
        raise RenderError(f"cannot write {args.output!r}: unknown suffix; use one of {allowed}")
    check_new_output(args.output, force=args.force)  # refused before any work
    show = parse_show(args.show) if args.show is not None else None
    if args.algorithm is None and mcts_flags_given(args):
        given = mcts_flags_given(args)
        verb = "needs" if len(given) == 1 else "need"
        raise SearchError(f"{' and '.join(given)} {verb} -a mcts")
    if suffix == "html":
        return _page(args, show)
    if args.conventions is not None:
        raise RenderError("--conventions applies to a .html page only")
    if args.latex is not None:
        if suffix != "tex":
            raise RenderError("--latex applies to a .tex output only")
        check_latex(args.latex)
    _check_options(args, suffix)
    options: dict[str, Any] = search_options(args) if args.algorithm is not None else {}
    if args.max_frames is not None:
        if suffix != "gif":
            raise RenderError("--max-frames applies to a .gif only")
        options["max_frames"] = args.max_frames
    view = drawing_options(args)
    G = read_tree(args.tree)
    _check_show(args, show, G)
    if "focus" in view:
        view["focus"] = focus_node(G, view["focus"])
    if show is not None and "types" in show:
        from gametree.homework.ordering import node_types

        node_types(G)
    result = None
    if args.algorithm is not None and suffix != "gif":
        from gametree.search import solve

        result = solve(G, args.algorithm, annotate=False, trace=True, **options)
        result = _chosen_passes(result, args.passes)
    if args.parts:
        return _parts(args, G, result, show, view)
    with print_warnings("draw"):
        save(
            G,
            args.output,
            result,
            engine=args.engine,
            show=show,
            title=args.title,
            algorithm=args.algorithm,
            force=args.force,
            latex=args.latex or "tikz",
            parts=args.parts,
            **view,
            **(options if suffix == "gif" else {}),
        )
    report_written(args, args.output)
    return 0


def _parts(args: argparse.Namespace, G: Any, result: Any, show: Any, view: dict[str, Any]) -> int:
    """``--parts``: the tree in parts that each fit the page, one page or PNG per part."""
    from gametree.drawing.parts import PART_FORMATS, save_parts
    from gametree.drawing.style import DEFAULT_FIT

    suffix = args.output.rsplit(".", 1)[-1].lower()
    if suffix not in PART_FORMATS:
        raise RenderError(
            f"--parts writes {', '.join('.' + f for f in PART_FORMATS)}, not .{suffix}"
        )
    flags = {"collapse": "--collapse", "max_depth": "--max-depth", "focus": "--focus"}
    asked = [flags[k] for k in flags if view.get(k) is not None]
    asked += ["--orientation"] if view.get("orientation", "top-down") != "top-down" else []
    asked += ["--engine graphviz"] if args.engine != "matplotlib" else []
    if asked:
        raise RenderError(f"--parts draws the whole tree top-down, in parts; drop {asked[0]}")
    with print_warnings("draw"):
        written = save_parts(
            G, args.output, result, fit=view.get("fit", DEFAULT_FIT), show=show,
            title=args.title, latex=args.latex or "tikz", force=args.force,
        )  # fmt: skip
    for path in written:
        report_written(args, str(path))
    return 0


def _chosen_passes(result: Any, passes: str) -> Any:
    """The final pass of a multi-pass search (with the search's options), or all of it."""
    from dataclasses import replace

    from gametree.search.passes import MultiPassResult

    if passes == "final" and isinstance(result, MultiPassResult):
        return replace(result.final_pass, options=dict(result.options))
    return result


def _page(args: argparse.Namespace, show: Any) -> int:
    """Write the explore page: the search (alpha-beta unless -a says) step by step."""
    from gametree.drawing.html import to_html
    from gametree.outfiles import write_text

    if args.algorithm is None:
        args.algorithm = "alphabeta"
    first = {"algorithm": args.algorithm, **search_options(args)}
    more = [s for s in (args.conventions or "").split(",") if s.strip()]
    view = drawing_options(args)
    G = read_tree(args.tree)
    if "focus" in view:
        view["focus"] = focus_node(G, view["focus"])
    with print_warnings("draw"):
        page = to_html(G, conventions=[first, *more], title=args.title, show=show, **view)
    write_text(args.output, page, force=args.force)
    report_written(args, args.output)
    return 0


def _check_options(args: argparse.Namespace, suffix: str) -> None:
    if args.algorithm is None:
        given = [
            flag
            for flag, present in (
                ("--strict", args.strict),
                ("--fail hard", args.fail != "soft"),
                ("--window", args.window is not None),
                ("--transpositions", args.transpositions),
                ("--depth", args.depth is not None),
            )
            if present
        ]
        if given:
            raise SearchError(
                f"{' and '.join(given)} need a search: add --algorithm (e.g. -a alphabeta)"
            )
        if suffix == "gif":
            raise SearchError("a .gif animates a search: add --algorithm (e.g. -a alphabeta)")
        return
    if args.depth is not None and args.depth < 0:
        raise SearchError(f"--depth must be >= 0, got {args.depth}")


SEARCH_SLOTS = ("values", "bounds", "leaf_bounds", "order")
"""``--show`` items that only a search fills (a bare tree draws leaf values alone)."""


def _check_show(args: argparse.Namespace, show: frozenset[str] | None, G: Any) -> None:
    """Refuse ``--show`` items that need a search when none runs and the tree file
    carries no search annotations, instead of silently drawing a bare tree."""
    from gametree.attrs import SEARCH, STATUS

    if args.algorithm is not None or args.show is None or show is None:
        return
    if SEARCH in G.graph or any(STATUS in data for data in G._node.values()):
        return
    asked = [item for item in SEARCH_SLOTS if item in show]
    if asked:
        raise SearchError(
            f"--show {','.join(asked)} needs a search: add --algorithm (e.g. -a alphabeta)"
        )
