r"""The tree notation: a compact text form of game trees for writing by hand.

- ``parser``: :func:`parse`, the notation to a graph (iterative, with line and column in
  every error);
- ``writer``: :func:`to_notation`, a graph to the notation, so that ``parse`` gives it back;
- ``lexicon``: the words both share: bare names, reserved words, string quoting, the
  default players.

``(A (B 3 12 8) (C 2 4 6) (D 14 5 2))`` is AIMA Figure 5.2: a parenthesised group is an
internal node, a leading name names it, and numbers are leaves, named automatically.

Grammar
-------
In EBNF (``{x}`` zero or more, ``[x]`` optional); blanks, newlines and ``#`` comments
(to the end of the line) may separate any two tokens::

    document = { header } node ;
    header   = "players" ":" player { [","] player } ;
    node     = group | list | leaf ;
    group    = "(" [ name ] { head } { [","] child } ")" ;
    head     = player | "=" number | attrs ;
    list     = "[" [ child { "," child } [","] ] "]" ;
    child    = [ move ":" ] [ number "*" ] ( node | name ) ;
    leaf     = number | name "=" number ;
    move     = name | string | number ;
    attrs    = "{" { key "=" ( scalar | tuple ) [","] } "}" ;
    scalar   = number | string | name ;        (true / false give booleans)
    tuple    = "(" number { [","] number } ")" ;   (or in "[" "]"; read as a tuple)
    player   = "MAX" | "MIN" | "CHANCE" ;      (any case; reserved, not names)
    name     = identifier | string ;
    identifier = letter or "_", then letters, digits or any of _ ' . + - ! ? ;
    string   = '"' ... '"' | "'" ... "'" ;     (backslash escapes \" \' \\ \n \t \r \0)
    number   = integer | decimal | exponent form | integer "/" integer
             | ["+" | "-"] ( "inf" | "infinity" ) ;   (a/b: an exact Fraction)

Meaning
-------
- A **group** ``( ... )`` is an internal node with its children left to right. The first
  name right after ``(`` names the group (``(B 3 12 8)``), so ``(E=3 F=4)`` is a group
  ``E`` with heuristic 3 and one leaf ``F``: write ``(B E=3 F=4)`` or ``[E=3, F=4]`` for
  two named leaves. A group with no children but a value is a leaf
  (``(E=3 {label="win"})``).
- A **list** ``[ ... ]`` is an unnamed internal node; ``[[3, 12, 8], [2, 4, 6], [14, 5,
  2]]`` is AIMA Figure 5.2 too. Commas are optional between the children of a group.
- A **number** is a leaf with that value; ``E=3`` is a leaf named ``E``. Values may be
  negative, decimal, ``1/3`` or ``inf``/``-inf``; NaN is rejected, and so is a numeral
  past float range (``1e999``) anywhere a number stands: only ``inf`` spells infinity.
- **Names.** Unnamed nodes get textbook letters in breadth-first, left-to-right order,
  leaves included, skipping the names written explicitly, exactly like
  :func:`gametree.from_nested`. A bare name as a child refers to the node of that name
  defined elsewhere (before or after): this is how a DAG (a transposition) is written.
  Define a shared node once, with its children; references name only nodes whose
  names are written.
- **Players.** Internal nodes take their player from the players cycle by depth (default
  ``MAX MIN``, set with a header line such as ``players: MIN MAX`` or
  ``players: MAX CHANCE MIN CHANCE``). A player keyword in a group's head overrides it for
  that node only (its children still follow the cycle by depth): ``(B MAX 3 4)``;
  ``(MAX (MIN 3 4) (MIN 5 6))`` is also fine. A node's depth is where it is defined.
- **Heuristic values** of internal nodes: ``(B=4 3 12 8)`` or ``(=4 3 12 8)``.
- **Edges.** ``a1:(B ...)`` labels the edge into B with the move ``a1``; ``0.5*(B ...)``
  gives it probability 0.5 (only below CHANCE nodes; give all or none, summing to 1);
  both: ``heads:0.5*3``.
- **Other attributes** go in braces in a group's head: ``(A {label="root"} ...)``. A
  number tuple is written in parentheses: ``{bounds=(0, 10)}``.
- **Bounds** on values (for :func:`gametree.star1` and :func:`gametree.star2`) are the
  attribute ``bounds``: ``(C CHANCE {bounds=(0, 10)} 7 9 3)`` says every value below C,
  so each of its outcomes, lies in [0, 10]; on one leaf, ``(=7 {bounds=(0, 10)})`` or
  ``(E=7 {bounds=(-inf, 10)})``.

Examples
--------
>>> G = parse("(A (B 3 12 8) (C 2 4 6) (D 14 5 2))")
>>> list(G.successors("C")), G.nodes["I"]["value"], G.nodes["C"]["player"]
(['H', 'I', 'J'], 4, 'MIN')
>>> to_notation(G)
'(A (B 3 12 8) (C 2 4 6) (D 14 5 2))'

Expectimax with probabilities, move labels, a MIN root, a DAG:

>>> G = parse('''
... players: MAX CHANCE MIN
... (A left:(B 0.9*(D 2 3) 0.1*(E 4 5))
...    right:(C 1/3*6 2/3*-1))    # C: a chance node over two leaves
... ''')
>>> G.edges["B", "D"]["prob"], G.edges["A", "C"]["move"], G.nodes["C"]["player"]
(0.9, 'right', 'CHANCE')
>>> G = parse("players: MIN MAX\n(A (B (X 1 2) 5) (C X 7))")
>>> sorted(G.predecessors("X")), G.nodes["X"]["player"], G.nodes["A"]["player"]
(['B', 'C'], 'MIN', 'MIN')

Errors quote the line:

>>> parse("(A (B 3 12 8) (C 2 4 6)")
Traceback (most recent call last):
...
gametree.exceptions.TreeSyntaxError: line 1, column 1: '(' is never closed
    (A (B 3 12 8) (C 2 4 6)
    ^
"""

from gametree.notation.lexicon import DEFAULT_PLAYERS as DEFAULT_PLAYERS
from gametree.notation.parser import parse
from gametree.notation.writer import to_notation

__all__ = ["parse", "to_notation"]
