"""Checking one submission: run it, compare every tree, name the bug, build the report.

A :class:`Checker` holds everything that does not depend on the submission: the trees
(the built-in suite for the algorithm, the instructor's, random ones) presented in the
protocol, the right search's behaviour on each under each convention, and every
applicable mutant's behaviour on each. :meth:`Checker.check` then costs one child
process per submission; grading a class shares one checker.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import networkx as nx

from gametree.exceptions import SearchError
from gametree.homework.codecheck import suite as suite_module
from gametree.homework.codecheck.adapters import adapter_skips, read_adapter
from gametree.homework.codecheck.behaviour import NOTHING, Behaviour, behaviour
from gametree.homework.codecheck.catalogue import RANDOM_TIES, bugs_for
from gametree.homework.codecheck.compare import RETURNS_VALUE, Judgement, judge
from gametree.homework.codecheck.coursetrees import course_case, is_course_file
from gametree.homework.codecheck.diagnosis import (
    RANDOM_LOOKALIKES,
    Mutant,
    name_bugs,
    observed_bugs,
)
from gametree.homework.codecheck.diagram import diagram_text
from gametree.homework.codecheck.entries import (
    default_algorithm,
    default_entry,
    skip_reasons,
    takes_depth,
)
from gametree.homework.codecheck.iterative import (
    ITERATIVE_NOTE,
    ITERATIVE_TREES,
    is_iterative_name,
    iterative_case,
    iterative_entry,
    iterative_expected,
)
from gametree.homework.codecheck.mutants import Mutation, mutant_entry
from gametree.homework.codecheck.profiles import (
    COURSE,
    Rules,
    cost_notes,
    read_under,
    rules_for,
)
from gametree.homework.codecheck.protocols import PROTOCOLS, RUNTIME_NAME, run_in_process
from gametree.homework.codecheck.reference import Expected, conventions_of, expected
from gametree.homework.codecheck.report import (
    CORRECT,
    INCORRECT,
    NOT_RUN,
    CodeReport,
    TreeResult,
)
from gametree.homework.codecheck.runner import ChildRun, Limits, run_child
from gametree.homework.codecheck.sandbox import (
    SANDBOX_VARIABLE,
    Sandbox,
    SandboxUnavailable,
    choose_sandbox,
)
from gametree.homework.codecheck.treespec import TreeCase, tree_case
from gametree.notation import parse
from gametree.search import SearchResult

__all__ = [
    "PROTOCOLS",
    "Checker",
    "check_code",
    "checker_for",
    "default_algorithm",
    "default_entry",
    "takes_depth",
]
# default_algorithm, default_entry and takes_depth live in entries.py and are named here
# too, where the checker's users have always found them.


class Checker:
    """Everything needed to check submissions of one kind, computed once.

    Parameters
    ----------
    protocol : {"aima", "cs188", "mutable", "tree", "adapter"}
    entry : str, optional
        The function (or CS188 agent class) to call; default the standard name for
        ``algorithm`` (aima, cs188).
    algorithm : {"minimax", "alphabeta", "expectiminimax"}, optional
        Default: the one a standard entry name implies.
    prune_on_equal : bool or None, optional
        Pin the cut rule (True: ``>=``, False: ``>``); None accepts either and reports
        which one the code follows. Default: the protocol's course rule
        (:mod:`~gametree.homework.codecheck.profiles`: cs188 ``>``, aima ``>=``, the
        others either).
    trees : iterable of networkx.DiGraph, path or TreeCase, optional
        The instructor's trees (any format :func:`gametree.load` reads, CS188's
        ``.test`` graph-game-tree files and aima-python-style ``succs``/``utils``
        tables in ``.py`` files: :mod:`~gametree.homework.codecheck.coursetrees`); a
        :class:`~gametree.homework.codecheck.treespec.TreeCase` keeps its own name,
        purpose and depth limit (how a Gradescope autograder rebuilds the cases it
        bundles).
    suite : bool, default True
        Include the built-in trees for the algorithm.
    random, seed : int
        Add ``random`` random trees drawn with ``seed``.
    depth : int, optional
        A depth limit for the instructor's trees (their internal nodes at that depth
        need values).
    tie_break : {"first", "any"}, optional
        The first best move counts, or any best move; default the course's (first).
    ordered : bool, optional
        Minimax and expectiminimax must read values in the search's order (default the
        course's: no, the values, the move and the set of states are compared;
        alpha-beta's order always counts).
    foreign_agent_calls : {"note", "fail"}, optional
        CS188: a ``getLegalActions`` call for an agent that does not move there is a
        note (the course's default) or a wrong tree.
    iterative : bool, optional
        The entry deepens iteratively (mutable protocol: it searches to depth 1, 2, ...
        and may stop at ``game.get_winning_value()``); default: when its name says so
        (``negamaxIDS``, ``iterative_deepening``). See
        :mod:`~gametree.homework.codecheck.iterative`.
    limits : Limits, optional
        Time, memory and output limits of the child process.
    adapter : path, optional
        The instructor's adapter file for ``protocol="adapter"``: it presents each tree
        as the course's own classes, in the submission's child process (see
        :mod:`~gametree.homework.codecheck.runtime.adapted`). Such code is judged as
        plain-node code is (a value in either sign at a MIN root, a move, or both); no
        bug is named, as the catalogue's mutants speak the built-in protocols.
    sandbox : {"auto", "bwrap", "unshare", "none"} or Sandbox, optional
        Where submissions run (default ``$GAMETREE_SANDBOX``, else ``auto``: the
        strongest this machine has; see :mod:`gametree.homework.codecheck.sandbox`).
    require_sandbox : bool, default False
        Refuse to run submissions (:class:`SandboxUnavailable`) where no sandbox is
        available: grading a class or a Gradescope submission asks for one.
    """

    def __init__(
        self,
        protocol: str,
        entry: str | None = None,
        algorithm: str | None = None,
        *,
        prune_on_equal: bool | str | None = COURSE,
        trees: Iterable[nx.DiGraph | str | Path | TreeCase] | None = None,
        suite: bool = True,
        random: int = 0,
        seed: int = 0,
        depth: int | None = None,
        tie_break: str = COURSE,
        ordered: bool | str = COURSE,
        foreign_agent_calls: str = COURSE,
        limits: Limits | None = None,
        iterative: bool | None = None,
        adapter: str | Path | None = None,
        sandbox: str | Sandbox | None = None,
        require_sandbox: bool = False,
    ) -> None:
        if protocol not in PROTOCOLS:
            raise SearchError(
                f"unknown protocol {protocol!r}; expected one of {', '.join(PROTOCOLS)}"
            )
        self.protocol = protocol
        self.adapter = read_adapter(protocol, adapter)
        self.algorithm = default_algorithm(protocol, entry, algorithm)
        self.entry = entry if entry is not None else default_entry(protocol, self.algorithm)
        try:
            self.rules: Rules = rules_for(
                protocol,
                self.algorithm,
                prune_on_equal=prune_on_equal,
                ordered=ordered,
                tie_break=tie_break,
                foreign_agent_calls=foreign_agent_calls,
            )
        except ValueError as exc:
            raise SearchError(str(exc)) from None
        self.given: dict[str, Any] = {
            "prune_on_equal": prune_on_equal,
            "tie_break": tie_break,
            "ordered": ordered,
            "foreign_agent_calls": foreign_agent_calls,
        }
        """The rule options as given (:data:`~gametree.homework.codecheck.profiles.COURSE`
        where the course's default holds): what an autograder rebuilds the checker with."""
        prune_on_equal = self.rules.prune_on_equal
        self.pinned = prune_on_equal
        self.tie_break = self.rules.tie_break
        self.limits = limits or Limits()
        if iterative is None:
            iterative = protocol == "mutable" and is_iterative_name(self.entry)
        if iterative and protocol != "mutable":
            raise SearchError(
                f"iterative deepening is checked in the mutable protocol, not {protocol!r}"
            )
        self.iterative = iterative
        self._sandbox = sandbox
        self.require_sandbox = require_sandbox
        self.cases = self._cases(trees, suite, random, seed, depth)
        if iterative:
            self.cases = self._iterative_cases(suite)
        for case in self.cases if self.adapter is not None else ():
            case.spec["adapter"] = self.adapter
        self.adapter_skips = (
            adapter_skips(self.adapter, [case.spec for case in self.cases], self.entry)
            if self.adapter is not None
            else {}
        )
        if not self.cases:
            raise SearchError(
                f"no tree to check {self.algorithm} code on: give trees or keep the suite"
            )
        self.conventions = (
            (prune_on_equal,) if prune_on_equal is not None else conventions_of(self.algorithm)
        )
        self.alternatives: list[dict[bool | None, tuple[Expected, ...]]] = [
            {c: self._expected(case, c) for c in conventions_of(self.algorithm)}
            for case in self.cases
        ]
        self.expected: list[dict[bool | None, Expected]] = [
            {c: ways[0] for c, ways in alternatives.items()} for alternatives in self.alternatives
        ]
        from gametree.homework.codecheck import signatures

        self._cache_key = signatures.signature_key(
            {
                "protocol": self.protocol,
                "algorithm": self.algorithm,
                "iterative": self.iterative,
                "rules": [self.rules.prune_on_equal, self.rules.ordered,
                          self.rules.foreign_agent_calls, self.rules.tie_break],
                "trees": self.specs,
            }
        )  # fmt: skip
        self._signatures = signatures.load(self._cache_key, len(self.cases))
        self._computed = False
        self.mutants = self._mutants()
        if self._computed:
            signatures.store(self._cache_key, self._signatures)

    def _cases(
        self,
        trees: Iterable[nx.DiGraph | str | Path | TreeCase] | None,
        suite: bool,
        random: int,
        seed: int,
        depth: int | None,
    ) -> list[TreeCase]:
        module = PROTOCOLS[self.protocol]
        cases: list[TreeCase] = []
        if suite:
            for case in suite_module.suite_cases(self.algorithm):
                if module.presentable(case.data, self.algorithm) is None:
                    cases.append(case)
        for i, item in enumerate(trees or ()):
            if isinstance(item, TreeCase):
                case, name = item, item.name
            elif not isinstance(item, nx.DiGraph) and is_course_file(item):
                case = course_case(item)
                name = case.name
            else:
                if isinstance(item, nx.DiGraph):
                    G, name = item, f"tree{i + 1}"
                else:
                    from gametree.readwrite import load

                    G, name = load(item), Path(item).name
                case = tree_case(G, name, index=len(cases), depth=depth)
            why = module.presentable(case.data, self.algorithm)
            if why is not None:
                raise SearchError(f"tree {name} cannot be presented to {self.protocol} code: {why}")
            cases.append(case)
        if random:
            cases += suite_module.random_cases(
                random, seed, self.algorithm, self.protocol, first_index=len(cases)
            )
        return [
            tree_case(c.graph, c.name, index=i, depth=c.depth, purpose=c.purpose)
            for i, c in enumerate(cases)
        ]

    def _iterative_cases(self, suite: bool) -> list[TreeCase]:
        """The cases with a heuristic value at every internal node, and the trees only
        iterative deepening gets."""
        cases = list(self.cases)
        if suite:
            for name, text, purpose in ITERATIVE_TREES:
                G = parse(text)
                cases.append(tree_case(G, name, index=len(cases), purpose=purpose))
        return [iterative_case(c) for c in cases]

    def _expected(self, case: TreeCase, convention: bool | None) -> tuple[Expected, ...]:
        """The right searches on ``case`` (iterative deepening may stop at a win)."""
        if self.iterative:
            return iterative_expected(case, self.algorithm, convention)
        return (expected(case, self.algorithm, convention),)

    def key_of(self, run: Behaviour, i: int, student: Behaviour | None) -> tuple[Any, ...]:
        """``run``'s behaviour on tree ``i`` as compared with ``student``'s: the move
        only where the student returned one, the value where the protocol returns one
        (a MIN root's in either sign for plain-node code)."""
        with_value = self._judged_as(student) in RETURNS_VALUE
        with_action = student is None or student.action is not NOTHING
        root = self.cases[i].spec["root"]
        min_root = self.cases[i].spec["nodes"][root]["p"] == "MIN"
        return run.key(with_value, with_action, self.protocol == "tree" and min_root)

    def _runs(self, m: Mutation) -> tuple[Behaviour, ...]:
        """The mutant's behaviour on every tree: from the signature cache
        (:mod:`~gametree.homework.codecheck.signatures`) or run now."""
        name = repr(replace(m, code="", variant=""))
        cached = self._signatures.get(name)
        if cached is not None:
            return cached
        entry = mutant_entry(self.protocol, self.algorithm, m)
        if self.iterative:
            entry = iterative_entry(entry)
        runs = tuple(
            self._as_judged(run_in_process(entry, c, self.protocol, self.algorithm), i)
            for i, c in enumerate(self.cases)
        )
        self._signatures[name] = runs
        self._computed = True
        return runs

    def _as_judged(self, run: Behaviour, i: int) -> Behaviour:
        return read_under(self.rules, run, self.expected[i].get(None))

    def _cost_notes(self, runs: Sequence[Behaviour | None]) -> list[str]:
        names = [case.name for case in self.cases]
        return cost_notes(self.rules, runs, names, twice_on_purpose=self.iterative)

    def _mutants(self) -> list[Mutant]:
        if self.adapter is not None:  # the mutants speak the built-in protocols only
            self.right_runs = {}
            return []
        out = []
        bases: dict[tuple[bool, bool], tuple[Behaviour, ...]] = {}
        for c in self.conventions:
            both = (c is not False, c is not False)
            bases[both] = self._runs(Mutation(poe_max=both[0], poe_min=both[1]))
        self.right_runs = {c: bases[(c is not False, c is not False)] for c in self.conventions}
        for bug in bugs_for(self.protocol, self.algorithm, self.pinned):
            for m in bug.forms(self.algorithm, self.protocol):
                base = None
                if not bug.own_rule:
                    pair = (m.poe_max, m.poe_min)
                    if pair not in bases:
                        bases[pair] = self._runs(Mutation(poe_max=m.poe_max, poe_min=m.poe_min))
                    base = bases[pair]
                runs = self._runs(m)
                rule, wrong = self._wrong(runs)
                out.append(Mutant(bug, m, runs, wrong, base, rule))
        return out

    def shows(self, mutant: Mutant, i: int, student: Behaviour) -> bool:
        """Whether tree ``i`` shows ``mutant``'s bug as far as ``student``'s run can tell
        (compared on what the student's run returned): the mutant is wrong there, unlike
        every right search and unlike its own unmutated search."""
        if not mutant.wrong[i]:
            return False
        mine = self.key_of(mutant.runs[i], i, student)
        if mine == self.key_of(self.right_runs[mutant.rule][i], i, student):
            return False
        return mutant.base is None or mine != self.key_of(mutant.base[i], i, student)

    def _wrong(self, runs: Sequence[Behaviour]) -> tuple[bool | None, tuple[bool, ...]]:
        """The convention that makes the most of ``runs`` (one per tree) right, and per
        tree whether the run is wrong under it."""
        ok = [{c for c in self.conventions if self._judge(r, i, c).ok} for i, r in enumerate(runs)]
        rule = max(self.conventions, key=lambda c: (sum(c in s for s in ok), c is True))
        return rule, tuple(rule not in s for s in ok)

    def _judge(self, b: Behaviour, i: int, convention: bool | None) -> Judgement:
        judged = [
            judge(b, e, self._judged_as(b), self.tie_break, self.limits.memory_mb)
            for e in self.alternatives[i][convention]
        ]
        return next((j for j in judged if j.ok), judged[0])

    def _judged_as(self, run: Behaviour | None) -> str:
        """The protocol whose answers this one's are judged like: an adapted run's as
        plain nodes' (a value, a move or both), or, when it returned only a move, as
        aima code's (the move alone)."""
        if self.protocol != "adapter":
            return self.protocol
        return "aima" if run is not None and run.value is NOTHING else "tree"

    @property
    def specs(self) -> list[dict[str, Any]]:
        return [case.spec for case in self.cases]

    def sandbox(self) -> Sandbox:
        """The sandbox submissions run in (chosen on first use).

        Raises
        ------
        SandboxUnavailable
            When ``require_sandbox`` is set and this machine has none.
        """
        if not isinstance(self._sandbox, Sandbox):
            self._sandbox = choose_sandbox(self._sandbox)
        if self.require_sandbox and not self._sandbox.isolated:
            raise SandboxUnavailable(
                f"no sandbox to run students' code in ({self._sandbox.why or 'none chosen'}): "
                "install bubblewrap (apt-get install bubblewrap), or pass --no-sandbox to "
                "run it unisolated, as your own user"
            )
        return self._sandbox

    @property
    def sandbox_preference(self) -> str:
        """The kind of sandbox asked for (``auto`` unless one was named)."""
        if isinstance(self._sandbox, Sandbox):
            return self._sandbox.kind
        return self._sandbox or os.environ.get(SANDBOX_VARIABLE) or "auto"

    def skippable(self, source: bytes) -> dict[int, set[str]]:
        """The trees a run of ``source`` may report skipped, each with the reasons it may
        give: a depth limit, when its entry takes no depth; two moves of one player in a
        row, on plain trees, when its entry is told only who moves at the root (a
        maximizing flag or a colour); trees an adapter does not present (its
        ``presentable``, run here). Where the parameters cannot be read without running
        the code, either reason may be given. The child's word is never enough."""
        if self.protocol == "cs188":
            return {}
        if self.protocol == "adapter":
            return {i: {why} for i, why in self.adapter_skips.items()}
        return skip_reasons(self.protocol, self.cases, source, self.entry)

    def run(self, source: bytes, filename: str) -> ChildRun:
        """Run the submission in a sandboxed child process on every tree."""
        return run_child(
            source,
            filename,
            protocol=RUNTIME_NAME[self.protocol],
            entry=self.entry,
            algorithm=self.algorithm,
            trees=self.specs,
            limits=self.limits,
            standins=True,
            may_skip=self.skippable(source),
            sandbox=self.sandbox(),
        )

    def check(self, source: bytes, filename: str) -> CodeReport:
        """Check one submission (its source bytes; ``filename`` names it)."""
        began = time.monotonic()
        child = self.run(source, filename)
        return self.report(child, filename, began, source)

    def report(
        self,
        child: ChildRun,
        filename: str,
        began: float | None = None,
        source: bytes | None = None,
    ) -> CodeReport:
        """Build the report from what the child processes reported (``source``, the
        file's bytes, lets it name random tie-breaks)."""
        findings: list[str] = list(child.notes)
        if child.missing is not None:
            names = ", ".join(child.names[:8]) or "nothing callable"
            findings.insert(0, f"{filename} has no {child.missing!r} (it defines: {names})")
        if child.load is not None:
            findings.insert(0, f"{filename} could not be loaded")
        runs: list[Behaviour | None] = [
            behaviour(child.trees[i]) if i in child.trees else None for i in range(len(self.cases))
        ]
        report = self.assess(runs, filename, findings)
        observed = observed_bugs(self, child, report, source)
        named = report.bugs
        if any(b.code == RANDOM_TIES.code for b in observed):  # ties matched by chance
            named = tuple(b for b in named if b.code not in RANDOM_LOOKALIKES)
        report = replace(report, bugs=named + observed)
        return replace(
            report,
            load_error=child.load,
            load_output=str(child.load_output[0]),
            startup_seconds=child.startup_seconds,
            seconds=(time.monotonic() - began) if began is not None else child.seconds,
            sandbox=child.sandbox,
            isolation=child.isolation,
        )

    def assess(
        self, runs: Sequence[Behaviour | None], filename: str, findings: Sequence[str] = ()
    ) -> CodeReport:
        """Judge one behaviour per tree (None: not run) and name the bugs."""
        findings = list(findings) + self._cost_notes(runs)
        if self.iterative:
            findings.append(ITERATIVE_NOTE)
        if self.adapter is not None:
            note = self.adapter.get("note")
            findings.append(
                f"presented through the adapter {self.adapter['file']}"
                + (f": {note}" if note else "")
            )
        findings += _left_out(runs, self.cases)
        runs = [None if r is None else self._as_judged(r, i) for i, r in enumerate(runs)]
        judged: dict[int, dict[bool | None, Judgement]] = {}
        for i, run in enumerate(runs):
            if run is not None and not run.skipped:
                judged[i] = {c: self._judge(run, i, c) for c in self.conventions}
            elif run is None:
                judged[i] = {}
        matched = {i: tuple(c for c, j in js.items() if j.ok) for i, js in judged.items()}
        rule, off = self._settle_convention(matched)
        results = []
        for i, js in judged.items():
            ok = matched[i] if i not in off else ()
            results.append(self._tree_result(i, runs[i], js, ok, rule if i in off else None))
        more = []
        if off:
            word = "on >=" if rule else "only on >"
            other = "only on >" if rule else "on >="
            names = ", ".join(self.cases[i].name for i in sorted(off))
            more.append(
                f"your code cuts {word} on most trees but {other} on {names}: "
                "a search follows one rule"
            )
        findings += more
        verdict = CORRECT if results and all(t.ok for t in results) else INCORRECT
        bugs = name_bugs(self, runs, results) if verdict == INCORRECT else ()
        if any(b.code != "mixed-cutoff-rules" for b in bugs):
            findings = [f for f in findings if f not in more]  # the bug explains the mix
        return CodeReport(
            submission=filename,
            protocol=self.protocol,
            entry=self.entry,
            algorithm=self.algorithm,
            pinned=self.pinned,
            rules=tuple(self.rules.described(self.algorithm)),
            verdict=verdict,
            convention={"prune_on_equal": rule, "fail": None},
            trees=tuple(results),
            bugs=bugs,
            findings=tuple(findings),
        )

    def divergences(
        self, report: CodeReport, child: ChildRun
    ) -> Iterator[tuple[str, nx.DiGraph, SearchResult, str]]:
        """For each wrong tree with a divergence: its name, and the graph, result and title
        of :func:`~gametree.homework.codecheck.diagram.divergence_graph` (drawn by
        :func:`gametree.publish.write_divergence_diagrams`)."""
        from gametree.homework.codecheck.diagram import divergence_graph

        index = {case.name: i for i, case in enumerate(self.cases)}
        for t in report.trees:
            i = index[t.name]
            if t.ok or i not in child.trees or t.divergence is None:
                continue
            held = (
                report.pinned
                if report.pinned is not None
                else report.convention.get("prune_on_equal")
            )
            convention = t.conventions[0] if t.conventions else self._closest(t, i, held)
            e = self.expected[i][convention]
            yield (t.name, *divergence_graph(e, behaviour(child.trees[i]), t.divergence))

    def _closest(self, t: TreeResult, i: int, held: bool | None = None) -> bool | None:
        """The convention a wrong tree's divergence was told under: the rule the report
        holds the code to (``held``) whenever its search reads what was told, so that
        the picture's caption names the rule the text judged by."""
        for c in sorted(self.conventions, key=lambda c: c != held):
            if self.expected[i][c].evaluations == t.expected_evaluations:
                return c
        return self.conventions[0]

    def _tree_result(
        self,
        i: int,
        run: Behaviour | None,
        judged: dict[bool | None, Judgement],
        ok: tuple[bool | None, ...],
        rule: bool | None = None,
    ) -> TreeResult:
        case = self.cases[i]
        if run is None:
            e = self.expected[i][self.conventions[0]]
            return TreeResult(
                case.name,
                case.purpose,
                NOT_RUN,
                expected_action=e.move,
                expected_value=e.value,
                expected_evaluations=e.evaluations,
            )
        if ok:
            convention = ok[0] if len(ok) == 1 else None
            refs = self.expected[i]
            if self.pinned is not None and refs[True].evaluations == refs[False].evaluations:
                convention = None  # the pinned rule holds, but this tree does not tell
            chosen = ok[0]
        elif rule is not None:
            convention, chosen = None, rule
        else:
            convention = None
            chosen = max(self.conventions, key=lambda c: (judged[c].common, c is True))
        e = self.expected[i][chosen]
        divergence = None if ok else judged[chosen].divergence
        drawn = "" if ok else diagram_text(e, run, divergence)
        return TreeResult(
            name=case.name,
            purpose=case.purpose,
            verdict=CORRECT if ok else INCORRECT,
            conventions=ok,
            prune_on_equal=convention,
            expected_action=e.move,
            returned_action=run.action,
            expected_value=e.value,
            returned_value=run.value,
            expected_evaluations=e.evaluations,
            recorded_evaluations=run.evaluations,
            divergence=divergence,
            error=run.error,
            output=run.output[0],
            output_chars=run.output[1],
            seconds=run.seconds,
            calls=run.calls,
            diagram=drawn,
        )

    def _settle_convention(
        self, matched: dict[int, tuple[bool | None, ...]]
    ) -> tuple[bool | None, set[int]]:
        """One cut rule for the whole submission: the rule it follows (None where no
        tree tells), and the trees right only under the other rule (wrong, then)."""
        if self.algorithm != "alphabeta":
            return None, set()
        if self.pinned is not None:
            return self.pinned, set()
        sets = [set(m) for m in matched.values() if m]
        common = set.intersection(*sets) if sets else set()
        if len(common) == 1:
            return common.pop(), set()
        if common or not sets:
            return None, set()
        votes = {c: sum(c in s for s in sets) for c in (True, False)}
        rule = max(votes, key=lambda c: (votes[c], c))
        return rule, {i for i, m in matched.items() if m and rule not in m}


def _left_out(runs: Sequence[Behaviour | None], cases: Sequence[TreeCase]) -> list[str]:
    """One finding per reason trees were not presented to the code, naming them."""
    why: dict[str, list[str]] = {}
    for run, case in zip(runs, cases, strict=False):
        if run is not None and run.skipped:
            why.setdefault(run.skipped, []).append(case.name)
    return [f"not checked on {', '.join(names)}: {reason}" for reason, names in why.items()]


def check_code(
    submission: str | Path,
    *,
    protocol: str,
    entry: str | None = None,
    algorithm: str | None = None,
    timeout: float = 2.0,
    memory_mb: int = 512,
    **options: Any,
) -> CodeReport:
    """Run a student's search code on game trees and say whether it searches right.

    The code runs in a child process (CPU time, memory, wall-clock and output limits)
    on each tree presented as the objects its protocol expects; every call it makes
    is recorded and compared with gametree's own traced search under each documented
    convention. The report says, per tree, correct or where it first went wrong and
    why, names the catalogued bug its behaviour matches, and scores it.

    Parameters
    ----------
    submission : path
        The Python file.
    protocol : {"aima", "cs188", "mutable", "tree", "adapter"}
        The style of code: aima-python's games module, CS188's ``multiAgents.py``, a
        mutable game object searched by negamax, plain node objects, or a course's own
        classes presented by an instructor's adapter file (``adapter=PATH`` in
        ``options``).
    entry : str, optional
        The function (CS188: the agent class) to call; default the standard name for
        the algorithm (``alpha_beta_search``, ``AlphaBetaAgent``, ...).
    algorithm : {"minimax", "alphabeta", "expectiminimax"}, optional
        What the code should do (negamax forms count as the first two); default the
        one a standard entry name implies.
    timeout : float, default 2.0
        Wall-clock seconds per tree.
    memory_mb : int, default 512
        Address-space limit of the child process.
    **options
        The rules (default: the protocol's course's, see
        :mod:`~gametree.homework.codecheck.profiles`): ``prune_on_equal`` (True, False,
        or None to accept either and report which), ``tie_break``, ``ordered``,
        ``foreign_agent_calls``; and the trees to check on: ``trees`` (CS188 ``.test``
        files too), ``suite``, ``random``, ``seed``, ``depth``; ``iterative``, ``adapter``
        (see :class:`Checker`).

    Returns
    -------
    CodeReport
        ``verdict``, ``score``, ``convention``, ``trees`` (one :class:`TreeResult`
        each), ``bugs``, ``findings``; ``to_text()``, ``to_json()``,
        ``graded_tests()``.

    Raises
    ------
    SearchError
        For an unknown protocol or algorithm, a non-standard entry without one, or a
        tree that cannot be presented in the protocol.
    OSError
        For a submission that cannot be read (:class:`~gametree.InputError` past the
        input limit).

    Notes
    -----
    The child process runs in the strongest sandbox the machine has (bubblewrap, else
    ``unshare``, else none: the report's ``isolation`` says which); ``sandbox=`` in
    ``options`` forces one. Everything it reports is checked before it is judged.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "mm.py").write_text('''
    ... def value(node):
    ...     if not node.children:
    ...         return node.value
    ...     values = [value(c) for c in node.children]
    ...     return max(values) if node.player == "MAX" else min(values)
    ... ''')
    >>> report = check_code(folder / "mm.py", protocol="tree", entry="value",
    ...                     algorithm="minimax")
    >>> report.verdict, report.score
    ('correct', 1.0)
    """
    from gametree.inputs import read_input

    source = read_input(submission)
    checker = checker_for(
        protocol, entry, algorithm, timeout=timeout, memory_mb=memory_mb, **options
    )
    return checker.check(source, Path(submission).name)


def checker_for(
    protocol: str,
    entry: str | None = None,
    algorithm: str | None = None,
    *,
    timeout: float = 2.0,
    memory_mb: int = 512,
    **options: Any,
) -> Checker:
    """A :class:`Checker` with the limits given as :func:`check_code` takes them;
    ``options`` are the checker's (``prune_on_equal``, ``trees``, ``suite``, ``random``,
    ``seed``, ``depth``, ``tie_break``)."""
    limits = Limits(timeout=timeout, memory_mb=memory_mb)
    return Checker(protocol, entry, algorithm, limits=limits, **options)
