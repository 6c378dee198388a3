"""Moodle quizzes: versions of an exercise as Cloze questions in Moodle's XML format.

Moodle XML (https://docs.moodle.org/en/Moodle_XML_format) is a ``<quiz>`` of
``<question>`` elements; a first ``<question type="category">`` names the category the
questions go into (``$course$/...``; the import's "Get category from file" option
uses it). A question of ``type="cloze"`` (Embedded answers,
https://docs.moodle.org/en/Embedded_Answers_(Cloze)_question_type) has a ``<name>``
and a ``<questiontext format="html">`` whose ``<text>`` embeds sub-questions
``{WEIGHT:TYPE:ANSWERS}``; its images travel inside it as
``<file name="..." path="/" encoding="base64">`` and are referred to as
``@@PLUGINFILE@@/name``. Moodle reads the sub-questions with the regular expressions
of ``qtype_multianswer_extract_question`` (``question/type/multianswer/questiontype.php``
in Moodle's source) and imports them with ``question/format/xml/format.php``: answers
are separated by ``~``, ``=`` marks a right answer, ``#`` starts an answer's feedback,
and ``}``, ``#`` inside an answer are written ``\\}``, ``\\#``; a ``NUMERICAL`` answer is
``value:tolerance``, and ``*`` matches any other response.

Each version becomes one question:

* the tree as a PNG (drawn by :func:`gametree.save`) in the question text;
* ``NUMERICAL`` sub-questions, one point each, for the root's value and the value the
  search returns at every other internal node it enters (for a node it cuts off, the
  number it returns: the bound's number), exact (tolerance 0) since every value is a
  leaf's integer; a node the search never enters is a ``SHORTANSWER`` accepting
  ``pruned`` or ``-`` (the two inputs look the same, so the kind gives nothing away);
* one ``MULTIRESPONSE`` sub-question listing every leaf, the pruned ones right, weighted
  one point per pruned leaf. Moodle scores it as :mod:`gametree.platforms.items` does:
  without explicit fractions, each right choice is worth ``1/k`` and each wrong one
  ``-1/k`` (k right choices), never below 0 ("net correct");
* every answer's feedback is the checker's reason (why the value is what it is, why a
  leaf is or is not evaluated), and the general feedback shows the pruning diagram.
  A value's reason names the values of the node's children, which are the answers of
  other blanks (and a leaf's reason the window that prunes it): in interactive mode,
  where Moodle shows the feedback after each try, that tells the student more than the
  one blank. ``feedback="plain"`` writes only "right" or "wrong" (each blank's own
  answer, after the last try); the general feedback with the diagram stays.

Choices the documentation leaves open: the category is ``$course$/gametree/Alpha-beta
pruning`` (the course's own question bank, where a teacher looks first); the penalty
for each wrong try in interactive mode is Moodle's default, one third; PNG rather
than SVG for the pictures, since every Moodle site and browser shows it.
"""

from __future__ import annotations

import base64
import html
import os
import re
import tempfile
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from gametree.exceptions import PlatformError
from gametree.homework import AnswerKey, Exercise
from gametree.platforms.items import convention_text, inner_nodes

__all__ = ["CATEGORY", "FEEDBACK", "cloze_text", "moodle_quiz", "write_moodle"]

FEEDBACK = ("reasons", "plain")
"""What each blank's feedback says: the checker's reason (which names other blanks'
answers), or only whether the answer is right."""

CATEGORY = "$course$/gametree/Alpha-beta pruning"
"""The question category the quiz imports into (a path in the course's question bank)."""

_FIT = (8.0, 4.5)  # inches; at 150 dpi a picture at most 1200 x 675 pixels


def cloze_text(text: str, *, answer: bool = False) -> str:
    """Text as it may stand inside a Cloze sub-question: HTML-escaped, with the
    characters that end an answer or its feedback (``~``, ``}``, and ``#`` in an
    answer) escaped as Moodle reads them.

    >>> cloze_text("leaf #5 {x} ~ <=2", answer=True)
    'leaf \\\\#5 {x\\\\} ∼ &lt;=2'
    """
    out = html.escape(text, quote=False).replace("}", "\\}").replace("~", "\u223c")
    return out.replace("#", "\\#") if answer else out


def _number(value: Any) -> str:
    """The number of a key value (``3``, ``"<=2"`` -> ``2``)."""
    text = str(value).lstrip("<>=").strip()
    if not re.fullmatch(r"-?\d+(\.\d+)?", text):
        raise ValueError(f"a Moodle NUMERICAL answer must be a number, not {value!r}")
    return text


def _png(G: Any, result: Any = None) -> bytes:
    import gametree

    with tempfile.TemporaryDirectory(prefix="gametree-moodle-") as folder:
        path = Path(folder) / "tree.png"
        gametree.save(G, path, result, fit=_FIT)
        return path.read_bytes()


def _file(name: str, data: bytes) -> str:
    payload = base64.b64encode(data).decode("ascii")
    return f'<file name="{escape(name)}" path="/" encoding="base64">{payload}</file>'


def _cdata(text: str) -> str:
    return "<![CDATA[" + text.replace("]]>", "]]]]><![CDATA[>") + "]]>"


def _question(version: Exercise, number: int, feedback: str = "reasons") -> str:
    import gametree

    G = version.tree
    settings = version.settings
    key = AnswerKey(G, prune_on_equal=settings["prune_on_equal"], fail=settings["fail"])
    answers = key.answers()
    root = key.root
    nodes = [n for n in inner_nodes(key) if n != root]

    plain = feedback == "plain"

    def numerical(node: Hashable, value: Any) -> str:
        story = "wrong" if plain else cloze_text(key.value_story(node))
        return f"{{1:NUMERICAL:={_number(value)}:0#right~*#{story}}}"

    rows = []
    for n in nodes:
        if str(n) in answers["values"]:
            blank = numerical(n, answers["values"][str(n)])
        else:
            why = cloze_text(key.pruned_reason(n))
            right, wrong = ("right", "wrong") if plain else (f"right: {why}", why)
            blank = f"{{1:SHORTANSWER:=pruned#{right}~=-#{right}~*#{wrong}}}"
        rows.append(f"<tr><td>{escape(str(n))}</td><td>{blank}</td></tr>")
    pruned = set(answers["pruned"])
    options = []
    for i, leaf in enumerate(key.frontier, 1):
        label = cloze_text(f"leaf {i}: {leaf} (value {G.nodes[leaf]['value']})", answer=True)
        if str(leaf) in pruned:
            why = "pruned" if plain else cloze_text(key.pruned_reason(leaf))
            options.append(f"={label}#{why}")
        else:
            why = "evaluated" if plain else cloze_text(key.evaluated_reason(leaf))
            options.append(f"{label}#{why}")
    weight = max(len(pruned), 1)
    tree_name, key_name = f"tree-{number}.png", f"key-{number}.png"
    alt = f"A game tree with root {root} and {len(key.frontier)} leaves"
    text = "\n".join(
        [
            f"<p>Run alpha-beta on this game tree ({escape(convention_text(key))}). MAX "
            "nodes point up, MIN nodes point down, and the search takes the children from "
            "left to right.</p>",
            f'<p><img src="@@PLUGINFILE@@/{tree_name}" alt="{escape(alt)}" width="640" '
            'style="max-width: 100%; height: auto;"></p>',
            f"<p>The value of the root {escape(str(root))}: {numerical(root, answers['value'])}"
            "</p>",
            "<p>The value the search returns at each other internal node: a number (for a "
            "node it cuts off, the number it returns, which bounds the node's value), or "
            "<em>pruned</em> for a node it never enters.</p>",
            "<table><tbody>",
            *rows,
            "</tbody></table>",
            "<p>Tick the leaves the search never evaluates:</p>",
            f"{{{weight}:MULTIRESPONSE:{'~'.join(options)}}}",
        ]
    )
    result = gametree.solve(G, "alphabeta", annotate=False, **version.search_options)
    listed = ", ".join(answers["pruned"]) or "none"
    feedback = (
        f'<p><img src="@@PLUGINFILE@@/{key_name}" alt="The pruning diagram" width="640" '
        f'style="max-width: 100%; height: auto;"></p><p>Pruned leaves: {escape(listed)}; '
        f"pruned edges: {escape(', '.join(answers['pruned_edges']) or 'none')}.</p>"
    )
    name = f"Alpha-beta pruning, version {number}"
    return "\n".join(
        [
            '  <question type="cloze">',
            f"    <name><text>{escape(name)}</text></name>",
            '    <questiontext format="html">',
            f"      <text>{_cdata(text)}</text>",
            f"      {_file(tree_name, _png(G))}",
            "    </questiontext>",
            '    <generalfeedback format="html">',
            f"      <text>{_cdata(feedback)}</text>",
            f"      {_file(key_name, _png(G, result))}",
            "    </generalfeedback>",
            "    <penalty>0.3333333</penalty>",
            "    <hidden>0</hidden>",
            "  </question>",
        ]
    )


def moodle_quiz(
    versions: Sequence[Exercise], *, category: str = CATEGORY, feedback: str = "reasons"
) -> str:
    """Return ``versions`` as a Moodle XML quiz: a category, then one Cloze question each.

    ``feedback`` is what each blank says after a try: ``"reasons"`` (the checker's
    reason, which names the children's values, other blanks' answers) or ``"plain"``
    (right or wrong only); see the module's docstring.

    Examples
    --------
    >>> from gametree.platforms.variants import make_variants
    >>> quiz = moodle_quiz(make_variants(2, seed=1, branching=3, depth=2, prunes=1))
    >>> quiz.startswith('<?xml version="1.0" encoding="UTF-8"?>\\n<quiz>')
    True
    >>> quiz.count('<question type="cloze">')
    2
    """
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<quiz>",
        '  <question type="category">',
        f"    <category><text>{escape(category)}</text></category>",
        "  </question>",
    ]
    if feedback not in FEEDBACK:
        raise PlatformError(f"unknown Moodle feedback {feedback!r}; expected 'reasons' or 'plain'")
    parts += [_question(v, i, feedback) for i, v in enumerate(versions, 1)]
    parts.append("</quiz>")
    return "\n".join(parts) + "\n"


def write_moodle(
    path: str | os.PathLike[str],
    versions: Sequence[Exercise],
    *,
    force: bool = False,
    feedback: str = "reasons",
) -> Path:
    """Write :func:`moodle_quiz` of ``versions`` (with ``feedback``) to ``path`` (refused
    if it exists, unless ``force``)."""
    from gametree.outfiles import check_new_output, write_text

    check_new_output(path, force=force)
    return write_text(path, moodle_quiz(versions, feedback=feedback), force=force)
