"""Reading and writing game trees: the notation, JSON, DOT, GraphML and Gambit .efg.

- ``dispatch``: :func:`load`, :func:`dump`, :func:`loads`, :func:`dumps`, by suffix, name
  or sniffing, handing over to one module per format:
- ``notationfile`` (the notation, :mod:`gametree.notation`), ``jsonfile``, ``dotfile``
  (with ``dotsyntax``, the DOT parser), ``graphml``, ``efg``: each a string-level
  ``parse_*`` and ``generate_*``, its quoting and its limits;
- ``common``: what the formats share: decoding text, numbers in range, attribute checks.

=============  ==========  ===================================================================
Suffix         Format      Contents
=============  ==========  ===================================================================
``.tree``      ``tree``    the tree notation (:mod:`gametree.notation`)
``.json``      ``json``    a nested list ``[[3, 12, 8], ...]``, ``{"tree": [...], "players":
                           [...]}``, or networkx node-link data with every attribute (written)
``.dot``,      ``dot``     Graphviz DOT: ``player``, ``value``, ``label``, ``move``, ``prob``
``.gv``                    and the search annotations as DOT attributes
``.graphml``   ``graphml`` GraphML (networkx), attribute types kept
``.efg``       ``efg``     Gambit's extensive form with perfect information: players 1/2
                           as MAX/MIN, chance with exact probabilities, payoffs as values
                           (:mod:`gametree.readwrite.efg`)
=============  ==========  ===================================================================

Every reader validates the tree (:func:`gametree.validate`). ``dump`` then ``load`` gives
the same graph: nodes, edges, child order and attributes (JSON and GraphML keep every
attribute, including the search annotations and ``G.graph["search"]``; DOT keeps the
contract attributes and annotations; .efg the players, values, probabilities and moves
of a tree; the notation what it can express). JSON has no
infinity: ``inf`` and ``-inf`` are written as the strings ``"inf"`` and ``"-inf"`` and
read back as floats (in every attribute except the text ones: ``label``, ``player``,
``move``, ``status``, ``bound``).
"""

from typing import TYPE_CHECKING

from gametree.lazyimport import lazy_package
from gametree.readwrite.dispatch import FORMATS, dump, dumps, load, loads
from gametree.readwrite.dispatch import format_for_path as format_for_path
from gametree.readwrite.dispatch import format_name as format_name
from gametree.readwrite.dispatch import sniff as sniff

if TYPE_CHECKING:
    from gametree.readwrite.dotfile import generate_dot as generate_dot
    from gametree.readwrite.dotfile import parse_dot as parse_dot
    from gametree.readwrite.efg import generate_efg as generate_efg
    from gametree.readwrite.efg import parse_efg as parse_efg
    from gametree.readwrite.graphml import generate_graphml as generate_graphml
    from gametree.readwrite.graphml import parse_graphml as parse_graphml
    from gametree.readwrite.jsonfile import generate_json as generate_json
    from gametree.readwrite.jsonfile import parse_json as parse_json
    from gametree.readwrite.notationfile import generate_notation as generate_notation

# A format's module is imported when a file of that format is read or written (or one
# of its functions is read here), so reading a .tree file never loads the DOT parser.
lazy_package(
    __name__,
    {
        "generate_dot": "gametree.readwrite.dotfile",
        "generate_efg": "gametree.readwrite.efg",
        "generate_graphml": "gametree.readwrite.graphml",
        "generate_json": "gametree.readwrite.jsonfile",
        "generate_notation": "gametree.readwrite.notationfile",
        "parse_dot": "gametree.readwrite.dotfile",
        "parse_efg": "gametree.readwrite.efg",
        "parse_graphml": "gametree.readwrite.graphml",
        "parse_json": "gametree.readwrite.jsonfile",
    },
)

__all__ = ["FORMATS", "dump", "dumps", "load", "loads"]
