"""Mutation score: the mutants of a spec, their classification, the equivalence proof, the command."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Sequence

import click
import pytest
from click.testing import CliRunner

from automata.cli_tools import mutate_command
from automata.engine import execute
from automata.events import Observer
from automata.mutate import (
    CAUGHT_BY_CHECK,
    CAUGHT_BY_RUN_ERROR,
    CAUGHT_BY_VERIFY,
    EQUIVALENT,
    EQUIVALENT_BISIMILAR,
    GAP,
    SURVIVED,
    equivalence,
    mutants,
    score,
)
from automata.problem import Problem
from automata.spec import Spec, spec_from_text
from automata.verify import Verdict, verify

COUNTER_SPEC = """\
automaton: A1
title: Count to N
context: tests.test_mutate:CounterContext
initial: 0
events:
  e0: {doc: next step}
inputs:
  x1: {doc: "counted to N?", call: is_done}
  x2: {doc: "the count went below zero? (never: a case the verification cannot reach)", call: is_negative}
outputs:
  z1: {doc: "count one more", call: count_one}
  z2: {doc: "say the count is over", call: say_done}
  z3: {doc: "report a negative count", call: report_negative}
states:
  0: {name: Counting}
  1: {name: Done, final: true, on_enter: [z2]}
arcs:
  - {from: 0, to: 1, guard: "x1"}
  - {from: 0, to: 0, guard: "!x1 & !x2", actions: [z1]}
  - {from: 0, to: 1, guard: "!x1 & x2", actions: [z3]}
"""


class CounterContext:
    """The automaton's side of the tiny test problem: counts to n, reporting through the observer."""

    def __init__(self, n: int, observer: Observer) -> None:
        self.n, self.count, self.observer = n, 0, observer

    def is_done(self) -> bool:
        return self.count >= self.n

    def is_negative(self) -> bool:
        return self.count < 0

    def count_one(self) -> None:
        self.count += 1
        self.observer.emit("count", self.count)

    def say_done(self) -> None:
        self.observer.emit("done")

    def report_negative(self) -> None:
        self.observer.emit("negative")


def count_iteratively(n: int, observer: Observer) -> int:
    count = 0
    while count < n:
        count += 1
        observer.emit("count", count)
    observer.emit("done")
    return count


def make_problem(max_steps: int | None) -> Problem:
    def verify_spec(spec: Spec, argv: Sequence[str]) -> Verdict:
        n = int(argv[0]) if argv else 3

        def automaton(observer: Observer) -> int:
            context = CounterContext(n, observer)
            execute(spec, context, max_steps=max_steps)
            return context.count

        return verify({"iterative": lambda observer: count_iteratively(n, observer), "automaton": automaton})

    return Problem("counter", "count to N", ("counter.yaml",), {}, verify_spec)


@pytest.fixture(scope="module")
def counter_spec() -> Spec:
    return spec_from_text(COUNTER_SPEC, "counter.yaml", check_bindings=False)


@pytest.fixture(scope="module")
def counter_report(counter_spec: Spec):
    return score(counter_spec, make_problem(max_steps=100), ["3"], jobs=2)


def outcome_of(report, description_part: str):
    matching = [result for result in report.results if description_part in result.mutant.description]
    assert len(matching) == 1, [result.mutant.description for result in matching]
    return matching[0]


def test_every_single_point_mutant_is_made(counter_spec: Spec) -> None:
    kinds = Counter(mutant.kind for mutant in mutants(counter_spec))
    # 3 arcs x 1 other state; 5 literals; actions z1, z3 and on_enter z2; 2 adjacent pairs in try order; 1 other initial state.
    assert kinds == {"target": 3, "negate": 5, "drop-action": 3, "swap-arcs": 2, "initial": 1}
    descriptions = [mutant.description for mutant in mutants(counter_spec)]
    assert len(set(descriptions)) == len(descriptions)


def test_each_kind_of_catch_is_told_apart(counter_report) -> None:
    # x1 -> !x1 overlaps the second arc: the static checks see it.
    assert outcome_of(counter_report, "arc 0 (0 -> 1, line 18): literal x1 negated").outcome == CAUGHT_BY_CHECK
    # Without counting the automaton never finishes: the step limit stops it.
    assert outcome_of(counter_report, "action z1 dropped").outcome == CAUGHT_BY_RUN_ERROR
    # Without the on_enter action the event streams differ.
    dropped = outcome_of(counter_report, "on_enter action z2 dropped")
    assert dropped.outcome == CAUGHT_BY_VERIFY and "first divergence" in dropped.detail
    assert outcome_of(counter_report, "initial state 1 instead of 0").outcome == CAUGHT_BY_VERIFY


def test_survivors_are_proved_equivalent_or_reported_as_gaps(counter_report) -> None:
    swapped = outcome_of(counter_report, "arc 0 (0 -> 1, line 18) and arc 1 (0 -> 0, line 19) tried in the opposite order")
    assert (swapped.outcome, swapped.equivalence) == (SURVIVED, EQUIVALENT)
    # The third arc fires only on a negative count, which no verification run produces.
    unreachable = outcome_of(counter_report, "arc 2 (0 -> 1, line 20) goes to state 0 instead")
    assert (unreachable.outcome, unreachable.equivalence) == (SURVIVED, GAP)
    for result in counter_report.results:
        assert bool(result.equivalence) == (result.outcome == SURVIVED)
    relevant = len(counter_report.results) - counter_report.equivalent
    assert counter_report.score == counter_report.killed / relevant < 1.0


def test_equivalence_follows_pairs_of_states(counter_spec: Spec) -> None:
    """A copy of the counting state reached through another arc behaves the same: bisimilar, not equal."""
    text = COUNTER_SPEC.replace("  1: {name: Done", "  2: {name: Counting again}\n  1: {name: Done").replace(
        "arcs:\n", "arcs:\n  - {from: 2, to: 1, guard: \"x1\"}\n  - {from: 2, to: 0, guard: \"!x1 & !x2\", actions: [z1]}\n"
                   "  - {from: 2, to: 1, guard: \"!x1 & x2\", actions: [z3]}\n")
    spec = spec_from_text(text, "counter.yaml", check_bindings=False)
    counting = next(arc for arc in spec.arcs if arc.source == 0 and arc.actions == ("z1",))
    arcs = tuple(dataclasses.replace(arc, target=2) if arc is counting else arc for arc in spec.arcs)
    assert equivalence(spec, dataclasses.replace(spec, arcs=arcs)) == EQUIVALENT_BISIMILAR
    assert equivalence(spec, dataclasses.replace(spec, initial=2)) == EQUIVALENT_BISIMILAR
    assert equivalence(spec, dataclasses.replace(spec, initial=1)) == GAP


def test_a_mutant_that_never_stops_is_cut_by_the_timeout(counter_spec: Spec) -> None:
    endless = next(mutant for mutant in mutants(counter_spec) if mutant.description.endswith("action z1 dropped"))
    report = score(counter_spec, make_problem(max_steps=None), ["3"], timeout=1.0)
    result = next(result for result in report.results if result.mutant == endless)
    assert result.outcome == CAUGHT_BY_RUN_ERROR and result.detail.startswith("timeout")


def test_a_spec_that_already_fails_cannot_be_scored(counter_spec: Spec) -> None:
    from automata.errors import InputError

    broken = spec_from_text(COUNTER_SPEC.replace("on_enter: [z2]", "on_enter: []"), "counter.yaml", check_bindings=False)
    with pytest.raises(InputError, match="itself fails this verification"):
        score(broken, make_problem(max_steps=100), ["3"])


def test_the_command_prints_a_table_or_json(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    spec_file = tmp_path / "counter.yaml"
    spec_file.write_text(COUNTER_SPEC, encoding="utf-8")
    problem = make_problem(max_steps=100)

    class Registry:
        def get(self, name: str) -> Problem:
            if name != "counter":
                raise click.UsageError(f"unknown problem '{name}'")
            return problem

    monkeypatch.setattr("automata.problem.load_problems", lambda: Registry())
    monkeypatch.setattr("automata.spec.import_context", lambda path: CounterContext)
    runner = CliRunner()
    table = runner.invoke(mutate_command, [str(spec_file), "--problem", "counter", "--", "3"])
    assert table.exit_code == 0, table.output
    assert "mutation score:" in table.output and "gap: line 20" in table.output
    as_json = runner.invoke(mutate_command, [str(spec_file), "--problem", "counter", "--json", "3"])
    document = json.loads(as_json.stdout)
    assert document["mutants"] == 14 and document["argv"] == ["3"]
    assert sum(document["counts"].values()) == 14


def test_knight_tour_mutation_score() -> None:
    """The shipped knight's tour spec against its own verification on a small board."""
    from automata.problem import load_problems
    from automata.spec import load_spec

    registry = load_problems()
    if "knight-tour" not in registry.problems:
        pytest.skip("the knight's tour problem does not load")
    spec = load_spec("specs/knight_tour.yaml")
    report = score(spec, registry.get("knight-tour"), ["--board", "5x5"], jobs=2)
    counts = {outcome: report.count(outcome) for outcome in (CAUGHT_BY_CHECK, CAUGHT_BY_VERIFY, SURVIVED)}
    assert all(counts.values()), counts
    # Its arcs' guards are mutually exclusive, so trying two of them in the other order changes nothing.
    swaps = [result for result in report.results if result.mutant.kind == "swap-arcs"]
    assert swaps and all(result.equivalence == EQUIVALENT for result in swaps)
