"""Checking the pruned set: what a search never looks at, compared leaf by leaf.

A ``pruned`` answer may list leaves, whole subtrees (an internal node), edges ``C-I``,
or, where edges carry moves, moves and move paths from the root ``a2/c2``; each listed
thing stands for the frontier leaves it cuts off from the root. The answer is compared
with the search leaf by leaf, so equivalent answers get the same verdicts and scores. A
token that reads differently as a node and as a move is an error, never a guess.

The findings group the leaves: a leaf listed on its own has a finding of its own; the
leaves below one subtree the search cuts off that share a verdict (all listed through
one claim, or all missing) have one finding for that subtree, and so do the evaluated
leaves of one subtree claimed pruned. Each finding counts its leaves in the score and
names them in :attr:`~gametree.homework.findings.Finding.leaves`.

>>> import gametree
>>> from gametree.homework.answeritems import AnswerItem
>>> from gametree.homework.solution import Solution
>>> key = Solution(gametree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
>>> notes = []
>>> findings = check_pruned(key, AnswerItem("pruned", ("C-I", "J"), form="any"), notes)
>>> [(f.item, f.verdict.value, f.given) for f in findings]
[('pruned I (#5)', 'correct', 'pruned (as edge C-I)'), ('pruned J (#6)', 'correct', 'pruned')]
>>> notes
['read pruned as edges (each standing for the leaves below it) and leaves']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

import networkx as nx

from gametree.homework.answeritems import AnswerItem
from gametree.homework.findings import Finding, Verdict
from gametree.homework.solution import Solution
from gametree.search.result import move_path

__all__ = ["Claim", "check_pruned"]

Claim = tuple[str, Hashable | None, tuple[Hashable, Hashable] | None, str]
"""One listed thing: (as written, the node it names or None, the edge it names or None,
how it was read: ``"id"``, ``"move"`` or ``"path"``)."""


def _claims(key: Solution, item: AnswerItem) -> list[Claim]:
    """Read each listed thing as a node (leaf or subtree), an edge, a move or a move
    path; the last element says which: ``"id"``, ``"move"`` or ``"path"``."""
    out: list[Claim] = []
    moves_only = item.form == "moves"
    ids_only = item.form in ("leaves", "edges", "nodes") or not key.names.has_moves
    for token in item.given:
        text = "-".join(map(str, token)) if isinstance(token, tuple) else str(token)
        try:
            if isinstance(token, tuple) or ids_only:
                out.append(_claim_by_id(key, token, text))
            elif moves_only:
                out.append(_claim_by_move(key, text))
            else:
                out.append(_claim_either(key, token, text))
        except ValueError as exc:
            raise ValueError(f"in {item.key or 'pruned'}: {exc}") from None
    return out


def _claim_by_id(key: Solution, token: Any, text: str) -> Claim:
    if not isinstance(token, tuple):
        try:
            return (text, key.resolve(token), None, "id")
        except ValueError as exc:
            node_error = exc
    else:
        node_error = ValueError(f"{text!r} is not an edge")
    try:
        return (text, None, key.names.resolve_edge(token), "id")
    except ValueError as exc:
        message = str(exc)
        raise ValueError(str(node_error) if "neither" in message else message) from None


def _claim_by_move(key: Solution, text: str) -> Claim:
    """The edge a move (labelling one edge of the tree) or a move path ``a2/c2``
    from the root names."""
    if "/" in text:
        steps = [step.strip() for step in text.removeprefix("/").split("/")]
        at, edge = key.root, None
        for i, step in enumerate(steps):
            kids = [c for c in key.G._succ[at] if key.move_name(at, c) == step]
            if len(kids) != 1:
                moves = " ".join(key.move_name(at, c) for c in key.G._succ[at]) or "none"
                after = "/".join(steps[:i]) or "the root"
                what = "matches nothing: no" if not kids else f"is ambiguous: {len(kids)}"
                raise ValueError(
                    f"move path {text!r} {what} move {step!r} after {after} "
                    f"(node {at}; its moves: {moves})"
                )
            edge, at = (at, kids[0]), kids[0]
        assert edge is not None
        return (text, None, edge, "path")
    edges = key.names.edges_by_move.get(text, [])
    if len(edges) == 1:
        return (text, None, edges[0], "move")
    if not edges:
        raise ValueError(f"no edge has the move {text!r}")
    shown = ", ".join(f"{u}-{v}" for u, v in edges[:4]) + (", ..." if len(edges) > 4 else "")
    raise ValueError(
        f"the move {text!r} labels {len(edges)} edges ({shown}); "
        "name one by its move path from the root, such as "
        + move_path(key.G, edges[0][1], key.root)
    )


def _claim_either(key: Solution, token: Any, text: str) -> Claim:
    """A token of a ``pruned`` list that may be a node, an edge or a move: reading
    it both ways must agree, else it is ambiguous (an error, never a guess)."""
    try:
        by_id: Claim | None
        by_id = _claim_by_id(key, token, text)
    except ValueError as exc:
        by_id, id_error = None, exc
    try:
        by_move: Claim | None
        by_move = _claim_by_move(key, text)
    except ValueError as exc:
        by_move, move_error = None, exc
    if by_id is None and by_move is None:
        if "/" in text or text in key.names.edges_by_move:
            raise move_error
        raise ValueError(f"{id_error}; no edge has the move {text!r} either") from None
    if by_id is None:
        return by_move  # type: ignore[return-value]
    if by_move is None:
        if text in key.names.edges_by_move:
            raise ValueError(
                f"{text!r} is ambiguous: it names {_id_text(by_id)} and is the move of "
                f"several edges; {move_error}; or write pruned_nodes = ... or "
                "pruned_edges = ... to read ids"
            )
        return by_id
    edge = by_move[2]
    assert edge is not None
    if by_id[2] == edge or (by_id[1] == edge[1] and len(key.G._pred[edge[1]]) == 1):
        return by_id  # the node and the edge into it: the same leaves
    raise ValueError(
        f"{text!r} is ambiguous: it names {_id_text(by_id)} and the move to {edge[1]} "
        f"(edge {edge[0]}-{edge[1]}); write pruned_nodes = ... or pruned_edges = ... "
        "for ids, pruned_moves = ... for moves"
    )


def _covered(
    key: Solution, nodes: set[Hashable], edges: set[tuple[Hashable, Hashable]]
) -> set[Hashable]:
    """Frontier leaves cut off from the root once ``nodes`` and ``edges`` are removed."""
    if not nodes and not edges:
        return set()
    succ = key.G._succ
    reached: set[Hashable] = set()
    if key.depth is None:  # what a node reaches does not depend on the path to it
        seen = {key.root}
        stack = [key.root] if key.root not in nodes else []
        while stack:
            node = stack.pop()
            if not succ[node]:
                reached.add(node)
            for c in succ[node]:
                if c not in seen and c not in nodes and (node, c) not in edges:
                    seen.add(c)
                    stack.append(c)
        return {x for x in key.frontier if x not in reached}
    seen_at: set[tuple[Hashable, int]] = set()
    at = [(key.root, 0)] if key.root not in nodes else []
    while at:
        node, d = at.pop()
        if (node, d) in seen_at:
            continue
        seen_at.add((node, d))
        if not succ[node] or d >= key.depth:
            reached.add(node)
            continue
        for c in succ[node]:
            if c not in nodes and (node, c) not in edges:
                at.append((c, d + 1))
    return {x for x in key.frontier if x not in reached}


def _name_below(
    G: nx.DiGraph,
    position: Mapping[Hashable, int],
    top: Hashable,
    name: str,
    named_by: dict[Hashable, tuple[str, Hashable]],
    reached: set[Hashable],
) -> None:
    """Name ``name`` (claimed through ``top``) the frontier leaves below ``top`` not
    reached from earlier claims."""
    if top in reached:
        return
    reached.add(top)
    stack = [top]
    succ = G._succ
    while stack:
        x = stack.pop()
        if x in position:
            named_by.setdefault(x, (name, top))
        for c in succ[x]:
            if c not in reached:
                reached.add(c)
                stack.append(c)


def _reaches(
    G: nx.DiGraph, top: Hashable, targets: set[Hashable], memo: dict[Hashable, bool]
) -> bool:
    """Whether a node of ``targets`` is at or below ``top`` (``memo`` shared by calls)."""
    succ = G._succ
    stack = [top]
    while stack:
        x = stack[-1]
        if x in memo:
            stack.pop()
            continue
        pending = [c for c in succ[x] if c not in memo]
        if pending:
            stack.extend(pending)
            continue
        stack.pop()
        memo[x] = x in targets or any(memo[c] for c in succ[x])
    return memo[top]


def check_pruned(key: Solution, item: AnswerItem, notes: list[str]) -> list[Finding]:
    """Findings for the frontier leaves that are pruned or claimed pruned (one per leaf
    listed on its own, one per subtree for the others: see the module docstring), and
    one per named subtree or edge the search goes through (in a DAG its leaves may still
    be cut off elsewhere); how the list was read goes to ``notes``."""
    claims = _claims(key, item)
    nodes = {n for _, n, _, _ in claims if n is not None}
    edges = {e for _, _, e, _ in claims if e is not None}
    covered = _covered(key, nodes, edges)
    # How each covered leaf was named, for the "given" column: by the first claim
    # above it (a node reached from an earlier claim has all its leaves named).
    named_by: dict[Hashable, tuple[str, Hashable]] = {}
    reached: set[Hashable] = set()
    forms = []
    for text, n, e, how in claims:
        if e is not None and how != "id":
            forms.append("move paths" if how == "path" else "moves")
            _name_below(key.G, key.position, e[1], f"pruned (as move {text})", named_by, reached)
        elif e is not None:
            forms.append("edges")
            _name_below(
                key.G, key.position, e[1], f"pruned (as edge {e[0]}-{e[1]})", named_by, reached
            )
        elif n is not None and key.G._succ[n] and n not in key.position:
            forms.append("subtrees")
            _name_below(key.G, key.position, n, f"pruned (as subtree {n})", named_by, reached)
        else:
            forms.append("leaves")
    kinds = sorted(set(forms))
    read = {
        "leaves": "leaves",
        "edges": "edges (each standing for the leaves below it)",
        "subtrees": "whole subtrees (each internal node standing for every leaf below it)",
        "moves": "moves (each naming the one edge it labels, standing for the leaves below it)",
        "move paths": "move paths from the root (each naming the edge it ends with)",
    }
    if kinds:
        notes.append(
            f"read {item.key or 'pruned'} (line {item.line}) as "
            + " and ".join(read[k] for k in kinds)
            if item.line
            else f"read {item.key or 'pruned'} as " + " and ".join(read[k] for k in kinds)
        )
    o = key.main
    expected = o.pruned
    key_name = "pruned"
    whole_set = frozenset(covered)
    alt_notes: tuple[str, ...] | None = None

    def conv_notes() -> tuple[str, ...]:
        nonlocal alt_notes
        if alt_notes is None:
            alt_notes = key.conventions.notes(lambda alt: alt.pruned == whole_set)
        return alt_notes

    # Group the leaves by (verdict, what was given, the subtree they stand in): the
    # search's cut-off subtree for a leaf that is pruned, the claimed subtree for one
    # that is evaluated; a leaf listed on its own stands alone.
    groups: dict[tuple[Verdict, str, Hashable], list[Hashable]] = {}
    for leaf in key.frontier:
        given_in = leaf in covered
        expected_in = leaf in expected
        if not given_in and not expected_in:
            continue
        how, claimed = named_by.get(leaf, ("pruned", leaf))
        if not given_in:
            verdict, how = Verdict.MISSING, "not listed"
        else:
            verdict = Verdict.CORRECT if expected_in else Verdict.EXTRA
        if verdict is Verdict.EXTRA:
            top = claimed
        elif claimed == leaf and given_in:
            top = leaf
        else:
            top = key.reasons.skipped_above(leaf)
            if top is None:
                top = leaf
        groups.setdefault((verdict, how, top), []).append(leaf)

    findings: list[Finding] = []
    for (verdict, how, top), leaves in groups.items():
        findings.append(_group_finding(key, verdict, how, top, leaves, item, conv_notes))
    # In a DAG a named subtree or edge can be searched through it while its leaves
    # are still cut off elsewhere: such a claim is wrong on its own.
    extras = {x for x in covered if x not in expected}
    above_extra: dict[Hashable, bool] = {}
    for text, n, e, _ in claims:
        searched = (n is not None and n in o.visited) or (e is not None and e in o.traversed)
        top = n if n is not None else e[1]  # type: ignore[index]
        if searched and not _reaches(key.G, top, extras, above_extra):
            what = f"node {n}" if n is not None else f"edge {text}"
            findings.append(
                Finding(
                    f"pruned {text}",
                    Verdict.EXTRA,
                    "searched",
                    "pruned",
                    f"{what} is searched",
                    item.line,
                    conv_notes(),
                )
            )
    if not findings:
        findings.append(
            Finding(
                key_name,
                Verdict.CORRECT,
                "nothing pruned",
                "nothing pruned",
                "no cutoff happens in this search",
                item.line,
            )
        )
    return findings


def _group_finding(
    key: Solution,
    verdict: Verdict,
    how: str,
    top: Hashable,
    leaves: list[Hashable],
    item: AnswerItem,
    conv_notes: Callable[[], tuple[str, ...]],
) -> Finding:
    """The finding for ``leaves`` (one leaf, or the leaves of the subtree ``top``)."""
    names = tuple(key.name(leaf) for leaf in leaves)
    expected = "evaluated" if verdict is Verdict.EXTRA else "pruned"
    if len(leaves) == 1:
        label, shown = f"pruned {names[0]}", leaves[0]
    else:
        first, last = key.position[leaves[0]], key.position[leaves[-1]]
        run = f", #{first}-#{last}" if last - first + 1 == len(leaves) else ""
        label, shown = f"pruned {top} ({len(leaves)} leaves{run})", top
    if verdict is Verdict.EXTRA:
        searched = shown in key.main.visited or shown in key.position
        why = key.evaluated_reason(shown if searched else leaves[0])
    else:
        why = key.pruned_reason(shown)
    notes = () if verdict is Verdict.CORRECT else conv_notes()
    return Finding(label, verdict, expected, how, why, item.line, notes, names)


def _id_text(claim: Claim) -> str:
    return f"the node {claim[1]}" if claim[1] is not None else f"the edge {claim[0]}"
