"""Smoke test of an installed gametree: every file the package ships, used as a user would.

CI installs the built wheel (not editable) into a fresh venv and runs this script with
that venv's Python from a folder outside the checkout::

    cd "$(mktemp -d)" && VENV/bin/python CHECKOUT/.ci/smoke_installed.py CHECKOUT

The checkout gives only inputs (example trees, answers) and the list of files the package
should ship (``git ls-files gametree``); the code run is the installed package's. Each step
prints one line; the first failure stops the script with exit 1.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import os
import pkgutil
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

TREE = "examples/trees/aima_5_2.tree"
PAGE_FILES = ("body.html", "page.css", "page.html", "page.js", "widget.css", "widget.js")

# A student's minimax over plain nodes (the "tree" protocol) and a CS188 agent, whose file
# imports the course's util and game modules: check-code's child process loads its runtime
# and those stand-ins from the installed package by path.
TREE_SUBMISSION = """
def minimax(node):
    if not node.children:
        return node.value
    values = [minimax(child) for child in node.children]
    return max(values) if node.player == "MAX" else min(values)
"""
CS188_SUBMISSION = """
from game import Agent, Directions
import util


class MultiAgentSearchAgent(Agent):
    def __init__(self, evalFn="scoreEvaluationFunction", depth="2"):
        self.index = 0
        self.depth = int(depth)


class MinimaxAgent(MultiAgentSearchAgent):
    def getAction(self, gameState):
        agents = gameState.getNumAgents()

        def value(state, agent, depth):
            if depth == self.depth or state.isWin() or state.isLose():
                return state.getScore()
            following = (agent + 1) % agents
            deeper = depth + 1 if following == 0 else depth
            values = [
                value(state.generateSuccessor(agent, action), following, deeper)
                for action in state.getLegalActions(agent)
            ]
            return max(values) if agent == 0 else min(values)

        first = 1 % agents
        return max(
            gameState.getLegalActions(0),
            key=lambda action: value(
                gameState.generateSuccessor(0, action), first, 1 if first == 0 else 0
            ),
        )
"""


class SmokeError(Exception):
    """A step found the installed package wrong."""


def step(name: str) -> None:
    print(f"ok  {name}", flush=True)


def run(command: Sequence[str], *, codes: tuple[int, ...] = (0,)) -> str:
    """Run the installed ``gametree`` command; return its stdout."""
    done = subprocess.run(
        [sys.executable, "-m", "gametree", *command],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if done.returncode not in codes:
        raise SmokeError(
            f"gametree {' '.join(command)} exited {done.returncode}:\n{done.stdout}{done.stderr}"
        )
    return done.stdout


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise SmokeError(what)


def installed_package(checkout: Path) -> Path:
    import gametree

    package = Path(gametree.__file__).resolve().parent
    expect(
        checkout.resolve() not in package.parents,
        f"gametree is imported from the checkout ({package}), not from the installed wheel",
    )
    version = importlib.metadata.version("gametree")
    expect(gametree.__version__ == version, f"__version__ {gametree.__version__} != {version}")
    expect(run(["--version"]) == f"gametree {version}\n", "gametree --version")
    listed = run([])
    expect("check-code" in listed and "practice" in listed, "gametree alone lists the commands")
    step(f"gametree {version} installed at {package}; --version and the command list")
    return package


def shipped_files(checkout: Path, package: Path) -> list[str]:
    """The wheel holds exactly the package's files in the checkout, and nothing else."""
    tracked = subprocess.run(
        ["git", "-C", str(checkout), "ls-files", "gametree"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    wanted = sorted(name.removeprefix("gametree/") for name in tracked)
    files = importlib.metadata.files("gametree") or []
    shipped = sorted(
        str(f).removeprefix("gametree/")
        for f in files
        if str(f).startswith("gametree/") and "__pycache__" not in str(f)
    )
    missing = sorted(set(wanted) - set(shipped))
    extra = sorted(set(shipped) - set(wanted))
    expect(not missing, f"files of the checkout missing from the installed package: {missing}")
    expect(not extra, f"files in the installed package that the checkout lacks: {extra}")
    for name in shipped:
        expect((package / name).is_file(), f"{name} is in the RECORD but not installed")
    step(f"the wheel ships the checkout's {len(shipped)} package files, no more, no fewer")
    return shipped


def every_module_imports(package: Path) -> None:
    import gametree

    names = [gametree.__name__]
    for info in pkgutil.walk_packages(gametree.__path__, "gametree."):
        if not info.name.endswith(".__main__"):  # (it would run the command line)
            names.append(info.name)
    for name in names:
        importlib.import_module(name)
    step(f"all {len(names)} modules import")


def drawings(checkout: Path, work: Path) -> None:
    png, svg = work / "fig52.png", work / "fig52.svg"
    tree = str(checkout / TREE)
    run(["draw", tree, "-o", str(png), "-a", "alphabeta", "--show", "values,bounds,names"])
    data = png.read_bytes()
    expect(data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5_000, "PNG drawing")
    run(["draw", tree, "-o", str(svg), "-a", "alphabeta"])
    root = ET.parse(svg).getroot()
    expect(root.tag.endswith("svg") and len(list(root.iter())) > 20, "SVG drawing")
    step(f"drawing: PNG ({len(data):,} bytes) and SVG")


def pages(checkout: Path, work: Path, package: Path) -> None:
    """The explore and practice pages inline the shipped page files."""
    page_dir = package / "drawing" / "page"
    texts = {name: (page_dir / name).read_text(encoding="utf-8") for name in PAGE_FILES}
    explore, practice = work / "explore.html", work / "practice.html"
    run(["draw", str(checkout / TREE), "-o", str(explore), "-a", "alphabeta"])
    run(["practice", str(checkout / TREE), "-o", str(practice)])
    for page in (explore, practice):
        html = page.read_text(encoding="utf-8")
        expect(texts["page.js"] in html, f"{page.name} lacks page.js")
        expect(texts["page.css"] in html, f"{page.name} lacks page.css")
        # page.html and body.html are templates: their fixed lines appear in the page.
        for name in ("page.html", "body.html"):
            fixed = [s.strip() for s in texts[name].splitlines() if not {"{", "}"} & set(s)]
            fixed = [line for line in fixed if len(line) > 8]
            expect(fixed and all(line in html for line in fixed), f"{page.name} lacks {name}")
    step("explore and practice pages: page.html, body.html, page.css and page.js inlined")


def notebook_widget(checkout: Path, package: Path) -> None:
    import gametree

    page_dir = package / "drawing" / "page"
    G = gametree.load(checkout / TREE)
    w = gametree.widget(G, gametree.alphabeta(G))
    module = w._esm
    expect(isinstance(module, str), "the widget's front-end module is text")
    for name in ("page.js", "widget.js"):
        expect((page_dir / name).read_text(encoding="utf-8") in module, f"_esm lacks {name}")
    for name in ("page.css", "widget.css"):
        expect((page_dir / name).read_text(encoding="utf-8") in w._style, f"style lacks {name}")
    expect(json.dumps(w._data) != "{}" and "<svg" in w._markup, "the widget's data and markup")
    step("notebook widget: front-end module (page.js + widget.js) and style sheets")


def answer_check(checkout: Path) -> None:
    out = run(
        ["check", str(checkout / "examples/homework/fig52.tree"),
         str(checkout / "examples/homework/answers.txt")],
        codes=(0, 1),
    )  # fmt: skip
    expect(bool(out.strip()), "gametree check printed nothing")
    step("check: " + out.strip().splitlines()[-1])


def check_code(work: Path) -> None:
    tree_file, agents = work / "mm.py", work / "multiAgents.py"
    tree_file.write_text(TREE_SUBMISSION, encoding="utf-8")
    agents.write_text(CS188_SUBMISSION, encoding="utf-8")
    runs = (
        [str(tree_file), "--protocol", "tree", "--entry", "minimax", "-a", "minimax"],
        [str(agents), "--protocol", "cs188", "--entry", "MinimaxAgent"],
    )
    for command in runs:
        out = run(["check-code", *command])
        score = re.search(r"^score: (\d+)/(\d+)$", out, flags=re.M)
        expect(bool(score) and score[1] == score[2], f"check-code {command[2]}: {out}")
    step("check-code: a tree-protocol and a CS188 submission (runtime and stand-ins) all ok")


def main(argv: Sequence[str]) -> int:
    if len(argv) != 1:
        print("usage: smoke_installed.py CHECKOUT", file=sys.stderr)
        return 2
    checkout = Path(argv[0]).resolve()
    os.environ.setdefault("MPLBACKEND", "Agg")
    try:
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            package = installed_package(checkout)
            shipped_files(checkout, package)
            every_module_imports(package)
            drawings(checkout, work)
            pages(checkout, work, package)
            notebook_widget(checkout, package)
            answer_check(checkout)
            check_code(work)
    except SmokeError as exc:
        print(f"FAILED  {exc}", file=sys.stderr)
        return 1
    print("smoke test of the installed package: all steps passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
