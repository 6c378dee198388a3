"""Seed 5: the MIN/MAX labelled node model as a DiGraph (a DAG with shared nodes).

The seed's first tree (14 nodes, several with more than one parent): minimax and
negamax agree (-1). The second tree: alpha-beta called with the narrow window (2, 5),
and a principal variation search that works (the seed's own PVS does not run). The
diagram of the alpha-beta search is printed as text and, without ``--quick``, saved
as ``seed_5_alphabeta.png`` (or .svg) in the current directory.

    python examples/seed_5_labelled_dag.py [--quick]
"""

from __future__ import annotations

import networkx as nx
from _common import quick_mode

import gametree


def labelled(
    nodes: dict[str, tuple[str, float | None]], children: dict[str, list[str]]
) -> nx.DiGraph:
    """A DiGraph from the seed's model: each node a (label, value) and a child list."""
    G = nx.DiGraph()
    for name, (label, value) in nodes.items():
        G.add_node(name, player=label)
        if value is not None:
            G.nodes[name]["value"] = value
    for parent, kids in children.items():
        for kid in kids:
            G.add_edge(parent, kid)
    for name in G:
        if not G.succ[name]:
            del G.nodes[name]["player"]  # a leaf needs only its value
    return G


def main() -> None:
    quick = quick_mode(__doc__ or "")
    first = labelled(
        {
            "nd0": ("MIN", 1),
            "nd1": ("MAX", None),
            "nd2": ("MAX", -1),
            "nd3": ("MIN", None),
            "nd4": ("MIN", None),
            "nd5": ("MIN", 1),
            "nd6": ("MAX", None),
            "nd7": ("MAX", None),
            "nd8": ("MAX", None),
            "nd9": ("MAX", None),
            "nd10": ("MIN", None),
            "nd11": ("MIN", None),
            "nd12": ("MIN", None),
            "nd13": ("MAX", None),
        },
        {
            "nd1": ["nd0"],
            "nd3": ["nd1"],
            "nd4": ["nd2"],
            "nd6": ["nd3", "nd4"],
            "nd7": ["nd4"],
            "nd8": ["nd4"],
            "nd9": ["nd5"],
            "nd10": ["nd6", "nd7"],
            "nd11": ["nd7", "nd8"],
            "nd12": ["nd7", "nd9"],
            "nd13": ["nd10", "nd11", "nd12"],
        },
    )
    shared = sorted((n for n in first if first.in_degree(n) > 1), key=lambda n: int(n[2:]))
    mm = gametree.minimax(first, annotate=False)
    nm = gametree.negamax(first, annotate=False)
    print(f"first tree: {len(first)} nodes, shared nodes {', '.join(shared)}")
    print(f"  minimax: {mm.value}   negamax: {nm.value}   agree: {mm.value == nm.value}")

    second = labelled(
        {
            "nd0": ("MIN", -3),
            "nd1": ("MIN", -2),
            "nd2": ("MIN", 5),
            "nd3": ("MIN", 12),
            "nd4": ("MAX", None),
            "nd5": ("MAX", None),
            "nd6": ("MIN", None),
            "nd7": ("MIN", 5),
            "nd8": ("MIN", 7),
            "nd9": ("MAX", None),
        },
        {
            "nd4": ["nd0", "nd1"],
            "nd5": ["nd2", "nd3"],
            "nd6": ["nd4", "nd5"],
            "nd9": ["nd6", "nd7", "nd8"],
        },
    )
    exact = gametree.minimax(second, annotate=False)
    ab = gametree.alphabeta(second, window=(2, 5))
    pv = gametree.pvs(second, annotate=False)
    bound = str(ab.node_values[ab.root].bound)
    meaning = {"lower": "at least", "upper": "at most"}.get(bound, "exactly")
    pruned = ", ".join(f"{u}->{v}" for u, v in ab.pruned_edges) or "nothing"
    print(f"second tree: minimax value {exact.value}")
    print(
        f"  alpha-beta with window (2, 5): {ab.value} ({bound} bound: the true value is "
        f"{meaning} {ab.value}); pruned {pruned}"
    )
    print(
        f"  principal variation search: {pv.value} (PV {' '.join(map(str, pv.pv))}, "
        f"{pv.stats.re_searches} re-search(es))"
    )
    print()
    print(gametree.to_text(second, ab))
    if not quick:
        for suffix in (".png", ".svg"):
            try:
                gametree.save(second, f"seed_5_alphabeta{suffix}", ab, force=True)  # (re-run)
            except gametree.GameTreeError as exc:
                print(f"could not save the {suffix} diagram: {exc}")
            else:
                print(f"saved seed_5_alphabeta{suffix}")
                break


if __name__ == "__main__":
    main()
