"""PrairieLearn questions: the directory ``gametree prairielearn`` writes, and its hooks.

A PrairieLearn question is a directory with ``info.json`` (``uuid``, ``type: "v3"``,
``title``, ``topic``, ``tags``), ``question.html`` (a Mustache template of PrairieLearn
elements) and ``server.py``, whose ``generate``, ``parse``, ``grade``, ``test`` and
``file`` functions each take PrairieLearn's ``data`` dict (``params``,
``correct_answers``, ``submitted_answers``, ``format_errors``, ``partial_scores``,
``score``, ``feedback``, ``variant_seed``, ``filename``, ``test_type``). Sources:
https://prairielearn.readthedocs.io/en/latest/question/overview/ (info.json),
https://prairielearn.readthedocs.io/en/latest/question/template/ (Mustache, panels),
https://prairielearn.readthedocs.io/en/latest/question/server/ (the hooks, ``data``,
dynamic files), https://prairielearn.readthedocs.io/en/latest/clientServerFiles/
(``serverFilesCourse`` is on ``server.py``'s import path),
https://prairielearn.readthedocs.io/en/latest/question/runtime/ (``server.py`` runs in
the ``prairielearn/prairielearn`` image: Python 3.13 with the packages of PrairieLearn's
``pyproject.toml``, networkx and matplotlib among them, pydot not), and the element
pages under https://prairielearn.readthedocs.io/en/latest/elements/ (``pl-question-panel``,
``pl-submission-panel``, ``pl-answer-panel``, ``pl-figure``, ``pl-integer-input``,
``pl-string-input``, ``pl-checkbox`` with ``pl-answer``).

The question :func:`write_question` writes asks about a new tree in every variant:
``generate(data)`` draws it with :func:`gametree.generate` seeded by PrairieLearn's
``variant_seed`` (so a variant is the same tree every time it is shown) under the shape
and difficulty ``gametree generate`` takes; the page shows the bare tree
(``pl-figure`` of a dynamic SVG) and asks the root's value (``pl-integer-input``),
every other internal node's value (``pl-string-input``: a number, a bound such as
``<=2``, or ``pruned``) and which leaves are never evaluated (``pl-checkbox``).
``parse(data)`` turns an unreadable value into a format error (the submission is
invalid and costs no attempt); ``grade(data)`` scores each input as
:func:`gametree.platforms.items.grade_items` does and gives the checker's reasons as
feedback; the submission panel shows the tree marked right and wrong, the answer panel
the pruning diagram. PrairieLearn puts format errors and the elements' feedback into
the page as HTML, so every such text (which may quote what the student typed) is
HTML-escaped (:func:`as_html`); the submission panel's summary and item lines go
through ``question.html``'s ``{{...}}``, which Mustache escapes.

``server.py`` imports gametree, which PrairieLearn's image does not have, so the
command also copies this gametree's package into the course's ``serverFilesCourse``
(the documented way a course adds a library: that folder is on ``server.py``'s import
path; gametree needs only networkx there, which the image has).

Choices the documentation leaves open, made as PrairieLearn users expect:

* the checkbox uses ``partial-credit="net-correct"`` (each wrong tick cancels a right
  one) and ``allow-blank="true"`` (ticking nothing is an answer, graded 0), with a
  weight of one point per pruned leaf, so the question scores as the Gradescope
  autograder does; the leaves are in ``order="fixed"``, left to right, as on the tree;
* every variant prunes at least one leaf (a checkbox needs a correct choice);
* a new question gets a fresh ``uuid``; rewriting one with ``--force`` keeps the uuid
  in its ``info.json``, since PrairieLearn identifies a question's history by it.
"""

from __future__ import annotations

import html
import json
import os
import pprint
import uuid
from collections.abc import Hashable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gametree.exceptions import PlatformError
from gametree.outfiles import check_new_output, write_bytes, write_text
from gametree.platforms.items import (
    DEFAULT_ASK,
    Grading,
    check_ask,
    convention_text,
    grade_items,
    inner_nodes,
)

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "ASK",
    "QUESTION_FILES",
    "as_html",
    "file",
    "find_course",
    "generate",
    "grade",
    "parse",
    "question_settings",
    "test",
    "write_question",
    "write_server_files",
]

ASK = ("value", "values", "pruned")
"""What a PrairieLearn question may ask (one input each): root value, node values, cuts."""

QUESTION_FILES = ("info.json", "question.html", "server.py")
"""The files of a question directory."""

_SHAPE = (
    "branching",
    "depth",
    "prunes",
    "values",
    "ordering",
    "players",
    "distinct_conventions",
    "prune_on_equal",
    "fail",
    "max_attempts",
)

# ---------------------------------------------------------------------------- settings


def question_settings(
    *,
    branching: int | tuple[int, int] = (2, 3),
    depth: int = 3,
    prunes: int | tuple[int, int] | None = None,
    values: tuple[int, int] | None = (-9, 9),
    ordering: str = "random",
    players: Iterable[str] = ("MAX", "MIN"),
    distinct_conventions: bool = False,
    prune_on_equal: bool = True,
    fail: str = "soft",
    max_attempts: int = 2000,
    ask: Iterable[str] = DEFAULT_ASK,
    title: str = "Alpha-beta pruning",
    topic: str = "Game search",
    tree: nx.DiGraph | None = None,
    mirror: bool = False,
    require_bounds: bool = False,
) -> dict[str, Any]:
    """Check a question's settings and return them as JSON-ready data.

    With ``tree`` (the instructor's own), each variant is a version of it
    (:func:`gametree.platforms.variants.tree_variants`, with ``mirror``; ``values``
    None takes the tree's own range) instead of a random tree; the shape arguments
    then do not apply. ``require_bounds``: a node cut off must be answered with its
    bound (``<=2``), as :class:`gametree.AnswerKey` takes it.

    The shape and difficulty are :func:`gametree.generate`'s arguments. Every variant
    must prune at least one leaf, so ``prunes`` defaults to "at least one" and may not
    allow none. A few variants are drawn now, so that constraints no tree meets are
    reported here rather than when a student opens the question.

    Raises
    ------
    PlatformError
        If ``prunes`` allows no pruning, or ``ask`` has an item a question cannot ask.
    ExerciseError
        If no tree meets the constraints.
    """
    import gametree

    asked = check_ask(ask)
    extra = [a for a in asked if a not in ASK]
    if extra:
        raise PlatformError(f"a PrairieLearn question cannot ask {extra[0]!r}; choose from "
                            f"{', '.join(ASK)}")  # fmt: skip
    low, high = (prunes, prunes) if isinstance(prunes, int) else (prunes or (1, 10**6))
    if low < 1:
        raise PlatformError(
            f"prunes {low}-{high} allows a tree where nothing is pruned, but the "
            "question's checkbox needs a pruned leaf to tick; ask for at least 1 prune"
        )
    shape = {
        "branching": list(branching) if not isinstance(branching, int) else branching,
        "depth": depth,
        "prunes": [low, high],
        "values": list(values) if values is not None else [-9, 9],
        "ordering": ordering,
        "players": list(players),
        "distinct_conventions": distinct_conventions,
        "prune_on_equal": prune_on_equal,
        "fail": fail,
        "max_attempts": max_attempts,
        **({"require_bounds": True} if require_bounds else {}),
    }
    own = None
    if tree is not None:
        own = {"tree": gametree.to_notation(tree), "mirror": mirror,
               "values": list(values) if values is not None else None}  # fmt: skip
    for seed in range(3):
        _variant(seed, shape, own)
    return {
        **({"own_tree": own} if own is not None else {}),
        "gametree": gametree.__version__,
        "title": title,
        "topic": topic,
        "ask": list(asked),
        "shape": shape,
    }


def _variant(seed: int, shape: Mapping[str, Any], own: Mapping[str, Any] | None) -> Any:
    """The exercise of a variant: a random tree of ``shape``, or a version of the
    instructor's own tree (``own``: its notation, ``mirror``, ``values``)."""
    import gametree

    if own is None:
        return gametree.generate(seed=seed, **_shape_arguments(shape))
    from gametree.platforms.variants import tree_variants

    values = tuple(own["values"]) if own.get("values") else None
    return tree_variants(
        gametree.parse(own["tree"]), 1, seed=seed, values=values, mirror=bool(own["mirror"]),
        prune_on_equal=shape["prune_on_equal"], fail=shape["fail"],
    )[0]  # fmt: skip


def _shape_arguments(shape: Mapping[str, Any]) -> dict[str, Any]:
    out = {k: shape[k] for k in _SHAPE}
    for name in ("branching", "values", "prunes"):
        if isinstance(out[name], list):
            out[name] = tuple(out[name])
    return out


# ---------------------------------------------------------------------------- the hooks


def _leaf_label(position: int, leaf: Hashable, value: Any) -> str:
    return f"#{position} {leaf} (value {value})"


def _answer_name(node: Hashable) -> str:
    return f"value_{node}"


def generate(data: dict[str, Any], settings: Mapping[str, Any]) -> None:
    """PrairieLearn's ``generate(data)``: draw this variant's tree; set params and answers."""
    seed = int(data.get("variant_seed", 0))
    exercise = _variant(seed, settings["shape"], settings.get("own_tree"))
    G = exercise.tree
    key = _key_of(G, settings)
    answers = key.answers()
    pruned = set(answers["pruned"])
    params = data["params"]
    params["tree"] = exercise.notation()
    params["root"] = str(key.root)
    params["convention"] = convention_text(key)
    params["nodes"] = [
        {"name": str(n), "answer": _answer_name(n)} for n in inner_nodes(key) if n != key.root
    ]
    params["leaves"] = [
        {
            "name": str(leaf),
            "label": _leaf_label(i, leaf, G.nodes[leaf].get("value")),
            "correct": "true" if str(leaf) in pruned else "false",
        }
        for i, leaf in enumerate(key.frontier, 1)
    ]
    params["pruned_weight"] = max(len(pruned), 1)
    params["ask"] = {a: a in settings["ask"] for a in ASK}
    params["alt"] = (
        f"A game tree with {len(G)} nodes: root {key.root} ({G.nodes[key.root]['player']}), "
        f"{len(key.frontier)} leaves numbered #1 to #{len(key.frontier)} from the left"
    )
    correct = data["correct_answers"]
    if "value" in settings["ask"]:
        correct["root_value"] = answers["value"]
    if "values" in settings["ask"]:
        for node in params["nodes"]:
            correct[node["answer"]] = str(answers["values"].get(node["name"], "pruned"))


def _key_of(G: Any, settings: Mapping[str, Any]) -> Any:
    from gametree.homework import AnswerKey

    shape = settings["shape"]
    return AnswerKey(
        G, prune_on_equal=shape["prune_on_equal"], fail=shape["fail"],
        require_bounds=bool(shape.get("require_bounds", False)),
    )  # fmt: skip


def _rebuild(data: Mapping[str, Any], settings: Mapping[str, Any]) -> Any:
    import gametree

    return _key_of(gametree.parse(data["params"]["tree"]), settings)


def _submitted(data: Mapping[str, Any], settings: Mapping[str, Any]) -> dict[str, Any]:
    """The submission in the answer-file layout (a mapping: nothing typed is parsed as
    an answer file, so a value cannot smuggle in another item)."""
    params, given = data["params"], data.get("submitted_answers") or {}
    answers: dict[str, Any] = {}
    # What the elements parsed is passed on as it is: the answer reader refuses any
    # value that is not one number or name (a list, an object, a huge number).
    if "value" in settings["ask"] and given.get("root_value") is not None:
        answers["value"] = given["root_value"]
    if "values" in settings["ask"]:
        values = {}
        for node in params["nodes"]:
            text = given.get(node["answer"])
            if text is not None and (not isinstance(text, str) or text.strip()):
                values[node["name"]] = text
        answers["values"] = values
    if "pruned" in settings["ask"] and "pruned" in given:
        chosen = given.get("pruned") or []
        chosen = [chosen] if isinstance(chosen, str) else chosen
        chosen = chosen if isinstance(chosen, list) else []
        keys = [option["key"] for option in params.get("pruned", [])]
        answers["pruned"] = [params["leaves"][keys.index(k)]["name"] for k in chosen if k in keys]
    return answers


def as_html(text: str) -> str:
    """Plain text (which may quote what a student typed) as the HTML PrairieLearn shows
    verbatim: ``format_errors`` (an element's "Invalid" popover) and the feedback of
    ``partial_scores`` (``pl-checkbox`` puts each option's into the page unescaped), so
    ``<``, ``>``, ``&`` and quotes are escaped and line breaks become ``<br>``.

    >>> as_html('"<img src=x>" is not a number')
    '&quot;&lt;img src=x&gt;&quot; is not a number'
    """
    return html.escape(text).replace("\n", "<br>\n")


def parse(data: dict[str, Any], settings: Mapping[str, Any]) -> None:
    """PrairieLearn's ``parse(data)``: an unreadable node value is a format error.

    A format error makes the submission invalid: PrairieLearn does not grade it and it
    costs no attempt. The message is the checker's, with what to write instead.
    """
    if "values" not in settings["ask"]:
        return
    key = _rebuild(data, settings)
    values = _submitted(data, settings).get("values", {})
    if not values:
        return
    report = key.check({"values": values})
    names = {node["name"]: node["answer"] for node in data["params"]["nodes"]}
    for f in report.findings:
        if f.verdict.value == "malformed" and f.item in names:
            data["format_errors"][names[f.item]] = as_html(
                f"{f.explanation}. Write a number (3), a bound (<=2 or >=5), or pruned "
                "for a node the search never enters."
            )


def _grading(data: Mapping[str, Any], settings: Mapping[str, Any]) -> tuple[Any, Grading]:
    key = _rebuild(data, settings)
    return key, grade_items(key, _submitted(data, settings), settings["ask"])


def grade(data: dict[str, Any], settings: Mapping[str, Any]) -> None:
    """PrairieLearn's ``grade(data)``: one partial score per input, the checker's reasons.

    Each input scores what its item scores in :func:`gametree.platforms.items.grade_items`
    (the checkbox net correct, weighted one point per pruned leaf), ``data["score"]``
    is the weighted average, and ``data["feedback"]`` holds a summary and one line per
    item for the submission panel.
    """
    _, grading = _grading(data, settings)
    params = data["params"]
    keys = [option["key"] for option in params.get("pruned", [])]
    names = {n["name"]: n["answer"] for n in params["nodes"]}
    lines = []
    for r in grading.results:
        weight = r.item.max_score
        fraction = r.score / weight
        if r.item.kind == "value":
            name = "root_value"
        elif r.item.kind == "values":
            name = names[str(r.item.node)]
        else:
            name = "pruned"
        entry: dict[str, Any] = {"score": fraction, "weight": int(weight)}
        if name == "pruned":
            # a finding names each leaf it stands for ("K (#7)"), one or a cut-off subtree's
            reasons = {
                leaf.rsplit(" (#", 1)[0]: f.explanation for f in r.findings for leaf in f.leaves
            }
            entry["feedback"] = {
                keys[i]: as_html(reasons[leaf["name"]])
                for i, leaf in enumerate(params["leaves"])
                if i < len(keys) and leaf["name"] in reasons
            }
        else:
            entry["feedback"] = as_html(r.output)
        data["partial_scores"][name] = entry
        lines.append({"name": r.item.name, "points": f"{r.score:g}/{weight:g}", "text": r.output})
    data["score"] = grading.score / grading.max_score if grading.max_score else 0.0
    data["feedback"]["summary"] = (
        f"{grading.score:g} of {grading.max_score:g} points, checked under {params['convention']}."
    )
    data["feedback"]["items"] = lines


def test(data: dict[str, Any], settings: Mapping[str, Any]) -> None:
    """PrairieLearn's ``test(data)``: a correct, incorrect or invalid submission, with
    the format errors, partial scores, score and feedback :func:`parse` and
    :func:`grade` give it.

    In this phase PrairieLearn lets a question change only ``raw_submitted_answers``,
    ``format_errors``, ``partial_scores``, ``score`` and ``feedback`` (and refuses new
    keys), so the submission is parsed and graded on a copy.
    """
    params = data["params"]
    correct = data["correct_answers"]
    raw: dict[str, Any] = {}
    if "value" in settings["ask"]:
        raw["root_value"] = str(correct["root_value"])
    for node in params["nodes"] if "values" in settings["ask"] else []:
        raw[node["answer"]] = correct[node["answer"]]
    keys = [option["key"] for option in params.get("pruned", [])]
    if "pruned" in settings["ask"]:
        raw["pruned"] = [keys[i] for i, leaf in enumerate(params["leaves"])
                         if leaf["correct"] == "true" and i < len(keys)]  # fmt: skip
    kind = data.get("test_type", "correct")
    if kind == "incorrect":
        if "root_value" in raw:
            raw["root_value"] = str(int(raw["root_value"]) + 1)
        else:
            raw["pruned"] = []
    if kind == "invalid" and params["nodes"] and "values" in settings["ask"]:
        raw[params["nodes"][0]["answer"]] = "not a value"
    submitted = {k: (int(v) if k == "root_value" else v) for k, v in raw.items()}
    work: dict[str, Any] = {
        **data,
        "submitted_answers": submitted,
        "format_errors": {},
        "partial_scores": {},
        "score": 0.0,
        "feedback": {},
    }
    parse(work, settings)
    if not work["format_errors"]:
        grade(work, settings)
    data["raw_submitted_answers"] = raw
    for name in ("format_errors", "partial_scores", "score", "feedback"):
        data[name] = work[name]


def file(data: Mapping[str, Any], settings: Mapping[str, Any]) -> str:
    """PrairieLearn's ``file(data)``: the SVG figures (tree, marked submission, key)."""
    import gametree
    from gametree.platforms.marked import marked_svg

    name = data.get("filename")
    key = _rebuild(data, settings)
    fit = (9.0, 4.5)
    if name == "tree.svg":
        return gametree.to_svg(key.G, fit=fit)
    if name == "key.svg":
        result = gametree.solve(key.G, "alphabeta", annotate=False, **_convention(settings))
        return gametree.to_svg(key.G, result, fit=fit)
    if name == "marked.svg":
        _, grading = _grading(data, settings)
        return marked_svg(key, grading, fit=fit) or gametree.to_svg(key.G, fit=fit)
    return ""


def _convention(settings: Mapping[str, Any]) -> dict[str, Any]:
    shape = settings["shape"]
    return {"prune_on_equal": shape["prune_on_equal"], "fail": shape["fail"]}


# ---------------------------------------------------------------------------- the files

_QUESTION_HTML = """\
<pl-question-panel>
  <p>Run alpha-beta on this game tree ({{params.convention}}): MAX nodes point up, MIN
  nodes down, and the search takes the children from left to right. Leaves are
  numbered #1, #2, &hellip; from the left.</p>
  <pl-figure file-name="tree.svg" type="dynamic" alt="{{params.alt}}"></pl-figure>
  <p>Give the values the search finds, and tick the leaves it never evaluates. For a
  node the search cuts off, give the bound it returns (such as <code>&lt;=2</code> or
  <code>&gt;=5</code>); for a node it never enters, write <code>pruned</code>.</p>
</pl-question-panel>
{{#params.ask.value}}
<p><pl-integer-input answers-name="root_value"
  label="Value of the root {{params.root}}:"></pl-integer-input></p>
{{/params.ask.value}}
{{#params.ask.values}}
{{#params.nodes}}
<p><pl-string-input answers-name="{{answer}}" label="Value of {{name}}:"
  placeholder="3, &lt;=2, &gt;=5 or pruned" size="16"></pl-string-input></p>
{{/params.nodes}}
{{/params.ask.values}}
{{#params.ask.pruned}}
<p>Leaves the search never evaluates:</p>
<pl-checkbox answers-name="pruned" order="fixed" partial-credit="net-correct"
  allow-blank="true" hide-letter-keys="true" weight="{{params.pruned_weight}}">
{{#params.leaves}}
  <pl-answer correct="{{correct}}">{{label}}</pl-answer>
{{/params.leaves}}
</pl-checkbox>
{{/params.ask.pruned}}
<pl-submission-panel>
  <p>{{feedback.summary}}</p>
  <pl-figure file-name="marked.svg" type="dynamic"
    alt="Your answers marked on the tree"></pl-figure>
  <ul>
  {{#feedback.items}}
    <li><strong>{{name}}</strong> ({{points}}):
      <span style="white-space: pre-line">{{text}}</span></li>
  {{/feedback.items}}
  </ul>
</pl-submission-panel>
<pl-answer-panel>
  <p>The pruning diagram: values and bounds the search finds, pruned edges cut.</p>
  <pl-figure file-name="key.svg" type="dynamic" alt="The pruning diagram of the tree"></pl-figure>
</pl-answer-panel>
"""

_SERVER_PY = '''\
"""An alpha-beta exercise, a new tree for each variant (written by gametree {version},
`gametree prairielearn`). The hooks are gametree's, gametree.platforms.prairielearn; the
gametree package must be in the course's serverFilesCourse folder."""

from gametree.platforms import prairielearn as _question

SETTINGS = {settings}


def generate(data):
    _question.generate(data, SETTINGS)


def parse(data):
    _question.parse(data, SETTINGS)


def grade(data):
    _question.grade(data, SETTINGS)


def test(data):
    _question.test(data, SETTINGS)


def file(data):
    return _question.file(data, SETTINGS)
'''


def find_course(directory: str | os.PathLike[str]) -> Path | None:
    """The PrairieLearn course a question directory is in (the nearest folder above it
    with ``infoCourse.json``), or None."""
    here = Path(directory).resolve()
    for folder in [here, *here.parents]:
        if (folder / "infoCourse.json").is_file():
            return folder
    return None


def _existing_uuid(path: Path) -> str | None:
    try:
        info = json.loads(path.read_text(encoding="utf-8"))
        return str(uuid.UUID(str(info["uuid"])))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_question(
    directory: str | os.PathLike[str],
    settings: Mapping[str, Any],
    *,
    force: bool = False,
) -> list[Path]:
    """Write ``info.json``, ``question.html`` and ``server.py`` into ``directory``.

    Existing files are refused unless ``force``; with ``force`` the ``uuid`` of an
    existing ``info.json`` is kept. Returns the files written.
    """
    out = Path(directory)
    for name in QUESTION_FILES:
        check_new_output(out / name, force=force)
    out.mkdir(parents=True, exist_ok=True)
    ident = _existing_uuid(out / "info.json") or str(uuid.uuid4())
    info = {
        "uuid": ident,
        "type": "v3",
        "title": settings["title"],
        "topic": settings["topic"],
        "tags": ["gametree", "alpha-beta"],
        "gradingMethod": "Internal",
        "partialCredit": True,
    }
    literal = pprint.pformat(dict(settings), width=88, sort_dicts=False)
    server = _SERVER_PY.format(version=settings["gametree"], settings=literal)
    return [
        write_text(out / "info.json", json.dumps(info, indent=2) + "\n", force=force),
        write_text(out / "question.html", _QUESTION_HTML, force=force),
        write_text(out / "server.py", server, force=force),
    ]


def write_server_files(
    server_files: str | os.PathLike[str], *, force: bool = False
) -> tuple[list[Path], bool]:
    """Copy the running gametree package into ``server_files/gametree``.

    Returns the files written and whether the copy there was already this one (then
    nothing is written). A different copy is refused unless ``force``.
    """
    from gametree.platforms.package import package_files

    root = Path(server_files)
    files = package_files()
    there = root / "gametree"
    if there.exists():
        same = all(
            (root / f.name).is_file() and (root / f.name).read_bytes() == f.data for f in files
        )
        if same:
            return [], True
        if not force:
            raise PlatformError(
                f"{there} holds another gametree; add --force to replace its files with "
                "this version's"
            )
    written = []
    for f in files:
        target = root / f.name
        target.parent.mkdir(parents=True, exist_ok=True)
        written.append(write_bytes(target, f.data, force=force))
    return written, False
