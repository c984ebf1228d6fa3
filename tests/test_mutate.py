"""Mutation score: the mutants of a spec, the suite, the observation of the original, the
classification of survivors, the command, and the shipped specs' suites."""

from __future__ import annotations

import dataclasses
import json
import textwrap
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from core_support import run_cli

from automata.analysis.mutate import (
    CAUGHT_BY_CHECK,
    CAUGHT_BY_RUN_ERROR,
    CAUGHT_BY_VERIFY,
    EQUIVALENT,
    EQUIVALENT_BISIMILAR,
    EQUIVALENT_SKIPPING,
    GAP,
    PROVED,
    SURVIVED,
    UNOBSERVABLE,
    UNOBSERVED,
    equivalence,
    mutants,
    observe,
    score,
)
from automata.analysis.verify import Verdict, verify
from automata.cli.spec_run import program_judge
from automata.io.loader import load_spec, spec_from_text
from automata.model.spec import Spec
from automata.runtime.events import Observer
from automata.runtime.runner import execute
from automata.runtime.trace import TraceSink

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
    """The automaton's side of the tiny test problem: counts to n, reporting through the observer.

    `quiet`: say_done reports nothing, so a verification cannot see whether it ran.
    `fussy`: is_negative cannot be asked once the count is done (as some real questions cannot be
    asked in every situation), which the recording of situations must survive.
    """

    def __init__(self, n: int, observer: Observer, quiet: bool = False, fussy: bool = False) -> None:
        self.n, self.count, self.observer, self.quiet, self.fussy = n, 0, observer, quiet, fussy

    def is_done(self) -> bool:
        return self.count >= self.n

    def is_negative(self) -> bool:
        if self.fussy and self.count >= self.n:
            raise LookupError("nothing left to count")
        return self.count < 0

    def count_one(self) -> None:
        self.count += 1
        self.observer.emit("count", self.count)

    def say_done(self) -> None:
        if not self.quiet:
            self.observer.emit("done")

    def report_negative(self) -> None:
        self.observer.emit("negative")


def count_iteratively(n: int, observer: Observer, quiet: bool = False) -> int:
    count = 0
    while count < n:
        count += 1
        observer.emit("count", count)
    if not quiet:
        observer.emit("done")
    return count


Judge = Callable[..., Verdict]


def make_judge(max_steps: int | None = None, quiet: bool = False, fussy: bool = False) -> Judge:
    """`verify_spec(spec, case, sinks)` for the counter: the iterative count against the automaton."""
    def verify_spec(spec: Spec, argv: Sequence[str], sinks: Sequence[TraceSink] = ()) -> Verdict:
        n = int(argv[0]) if argv else 3

        def automaton(observer: Observer) -> int:
            context = CounterContext(n, observer, quiet, fussy)
            execute(spec, context, sinks=sinks, max_steps=max_steps)
            return context.count

        return verify({"iterative": lambda observer: count_iteratively(n, observer, quiet), "automaton": automaton})

    return verify_spec


@pytest.fixture(scope="module")
def counter_spec() -> Spec:
    return spec_from_text(COUNTER_SPEC, "counter.yaml")


@pytest.fixture(scope="module")
def counter_report(counter_spec: Spec):
    return score(counter_spec, make_judge(max_steps=100), "counter", [("3",)], jobs=2)


def outcome_of(report, description_part: str):
    matching = [result for result in report.results if description_part in result.mutant.description]
    assert len(matching) == 1, [result.mutant.description for result in matching]
    return matching[0]


def test_every_single_point_mutant_is_made(counter_spec: Spec) -> None:
    kinds = Counter(mutant.kind for mutant in mutants(counter_spec))
    # 3 arcs x 1 other state; 5 literals negated or dropped (x1 alone becomes 1); x2 added to arc 0's guard, both
    # ways; actions z1, z3 and on_enter z2 dropped, run twice, or replaced by the 2 other outputs; z2 moved onto
    # either arc entering state 1; 2 adjacent pairs in try order; arcs 1 and 2 moved first by a priority; 1 pair
    # of inputs and 3 of outputs exchange calls; 1 other initial state.
    assert kinds == {"target": 3, "negate": 5, "drop-literal": 5, "add-literal": 2, "drop-action": 3,
                     "duplicate-action": 3, "replace-action": 6, "move-on-enter": 2, "swap-arcs": 2, "priority": 2,
                     "swap-calls": 4, "initial": 1}
    descriptions = [mutant.description for mutant in mutants(counter_spec)]
    assert len(set(descriptions)) == len(descriptions)


def test_each_kind_of_catch_is_told_apart(counter_report) -> None:
    # x1 -> !x1 overlaps the second arc: the static checks see it.
    assert outcome_of(counter_report, "arc 1 (0 -> 1, line 18): literal x1 negated").outcome == CAUGHT_BY_CHECK
    # Without counting the automaton never finishes: the step limit stops it.
    assert outcome_of(counter_report, "action z1 dropped").outcome == CAUGHT_BY_RUN_ERROR
    # Without the on_enter action the event streams differ.
    dropped = outcome_of(counter_report, "on_enter action z2 dropped")
    assert dropped.outcome == CAUGHT_BY_VERIFY and "first divergence" in dropped.detail and dropped.case == 0
    assert outcome_of(counter_report, "initial state 1 instead of 0").outcome == CAUGHT_BY_VERIFY


def test_survivors_are_proved_equivalent_or_unobserved(counter_report) -> None:
    swapped = outcome_of(counter_report, "arc 1 (0 -> 1, line 18) and arc 2 (0 -> 0, line 19) tried in the opposite order")
    assert (swapped.outcome, swapped.explanation) == (SURVIVED, EQUIVALENT)
    # The third arc fires only on a negative count, which no run produces: the mutant differs only there.
    unreachable = outcome_of(counter_report, "arc 3 (0 -> 1, line 20) goes to state 0 instead")
    assert (unreachable.outcome, unreachable.explanation) == (SURVIVED, UNOBSERVED)
    assert "state 0 (Counting) when x1=0 x2=1" in unreachable.why and "never met" in unreachable.why
    for result in counter_report.results:
        assert bool(result.explanation) == (result.outcome == SURVIVED)
    assert not counter_report.gaps
    # The strict score counts the unobserved survivors as missed; the observable one leaves them out.
    assert counter_report.relevant == len(counter_report.results) - counter_report.equivalent
    assert counter_report.observable == counter_report.relevant - len(counter_report.unobservable)
    assert counter_report.score_observable == 1.0
    assert counter_report.score == counter_report.killed / counter_report.relevant < 1.0


def test_the_new_kinds_of_mutants_are_judged(counter_report) -> None:
    # A weaker or stronger guard breaks the graph's consistency or completeness: check sees it.
    assert outcome_of(counter_report, "arc 1 (0 -> 1, line 18): literal x1 dropped").outcome == CAUGHT_BY_CHECK
    assert outcome_of(counter_report, "arc 1 (0 -> 1, line 18): literal !x2 added").outcome == CAUGHT_BY_CHECK
    # Counting twice per step, or saying done instead of counting, changes the events.
    assert outcome_of(counter_report, "action z1 run twice").outcome == CAUGHT_BY_VERIFY
    assert outcome_of(counter_report, "action z1 replaced by z2").outcome in (CAUGHT_BY_VERIFY, CAUGHT_BY_RUN_ERROR)
    # Its entry action moved onto the arc that is never taken, Done says nothing when the count is over.
    moved = outcome_of(counter_report, "on_enter action z2 moved onto arc 3 (0 -> 1, line 20) only")
    assert moved.outcome == CAUGHT_BY_VERIFY
    # Exchanging two outputs' methods swaps what the context does, though the graph is unchanged: the
    # automaton says done instead of counting, never gets there, and runs out of steps.
    assert outcome_of(counter_report, "outputs z1 and z2 exchange their calls").outcome == CAUGHT_BY_RUN_ERROR
    # The guards of Counting exclude one another, so trying an arc first changes nothing.
    first = outcome_of(counter_report, "arc 2 (0 -> 0, line 19): priority 1 added")
    assert (first.outcome, first.explanation) == (SURVIVED, EQUIVALENT)


def test_exchanged_calls_are_compared_by_the_methods_called(counter_spec: Spec) -> None:
    """The graph of a mutant that exchanges two outputs' calls is the original's, name for name: only
    matching names by the method they call shows the difference."""
    swapped = next(mutant for mutant in mutants(counter_spec) if mutant.description.startswith("outputs z1 and z2"))
    assert swapped.spec.arcs == counter_spec.arcs
    assert equivalence(counter_spec, swapped.spec) == GAP
    # Exchanging the names back everywhere as well gives the same program: proved.
    renamed = spec_from_text(COUNTER_SPEC.replace("z1", "zA").replace("z2", "z1").replace("zA", "z2"), "counter.yaml")
    assert equivalence(counter_spec, renamed) == EQUIVALENT


def test_the_original_is_observed_with_every_input_at_every_step(counter_spec: Spec) -> None:
    observation = observe(counter_spec, make_judge(), [("2",)])
    assert observation.arcs_taken == {0, 1} and observation.finals_reached == {1}
    # x2 is read although the arcs' short-circuit never needs it once x1 holds.
    assert observation.situations[0] == {(("x1", False), ("x2", False)), (("x1", True), ("x2", False))}
    assert observation.steps == (3,)


def test_an_input_that_cannot_be_asked_everywhere_is_left_out_where_it_fails(counter_spec: Spec) -> None:
    observation = observe(counter_spec, make_judge(fussy=True), [("2",)])
    # Once done, is_negative raises: that situation is recorded without it, the others with it.
    assert observation.situations[0] == {(("x1", False), ("x2", False)), (("x1", True),)}


def test_a_difference_no_verification_observes_is_a_gap(counter_spec: Spec) -> None:
    """With a silent say_done, dropping it changes the automaton's outputs but no event: a real gap."""
    report = score(counter_spec, make_judge(max_steps=100, quiet=True), "counter", [("3",)])
    dropped = outcome_of(report, "on_enter action z2 dropped")
    assert (dropped.outcome, dropped.explanation) == (SURVIVED, GAP)
    assert "calls other outputs" in dropped.why
    assert report.score < 1.0


def test_equivalence_follows_pairs_of_states(counter_spec: Spec) -> None:
    """A copy of the counting state reached through another arc behaves the same: bisimilar, not equal."""
    text = COUNTER_SPEC.replace("  1: {name: Done", "  2: {name: Counting again}\n  1: {name: Done").replace(
        "arcs:\n", "arcs:\n  - {from: 2, to: 1, guard: \"x1\"}\n  - {from: 2, to: 0, guard: \"!x1 & !x2\", actions: [z1]}\n"
                   "  - {from: 2, to: 1, guard: \"!x1 & x2\", actions: [z3]}\n")
    spec = spec_from_text(text, "counter.yaml")
    counting = next(arc for arc in spec.arcs if arc.source == 0 and arc.actions == ("z1",))
    arcs = tuple(dataclasses.replace(arc, target=2) if arc is counting else arc for arc in spec.arcs)
    assert equivalence(spec, dataclasses.replace(spec, arcs=arcs)) == EQUIVALENT_BISIMILAR
    assert equivalence(spec, dataclasses.replace(spec, initial=2)) == EQUIVALENT_BISIMILAR
    assert equivalence(spec, dataclasses.replace(spec, initial=1)) == GAP


def test_a_detour_without_outputs_is_proved_equivalent(counter_spec: Spec) -> None:
    """Sent first to a state that only looks at x1 again, the mutant stops where the spec does: a step
    without outputs changes no input, so the detour cannot be seen, though the steps differ."""
    text = COUNTER_SPEC.replace("  1: {name: Done", "  2: {name: Checking once more}\n  1: {name: Done").replace(
        "arcs:\n", "arcs:\n  - {from: 2, to: 1, guard: \"x1\"}\n  - {from: 2, to: 0, guard: \"!x1\"}\n")
    spec = spec_from_text(text, "counter.yaml")
    stopping = next(arc for arc in spec.arcs if arc.source == 0 and arc.guard_text == "x1")
    detour = dataclasses.replace(spec, arcs=tuple(dataclasses.replace(arc, target=2) if arc is stopping else arc
                                                  for arc in spec.arcs))
    assert equivalence(spec, detour) == EQUIVALENT_SKIPPING
    # Back to Counting on x1 instead: the two states then pass the turn to each other forever.
    endless = dataclasses.replace(detour, arcs=tuple(
        dataclasses.replace(arc, target=0) if arc.source == 2 and arc.target == 1 else arc for arc in detour.arcs))
    assert equivalence(spec, endless) == GAP


def test_a_mutant_that_never_stops_is_cut_by_the_step_budget(counter_spec: Spec) -> None:
    endless = next(mutant for mutant in mutants(counter_spec) if mutant.description.endswith("action z1 dropped"))
    report = score(counter_spec, make_judge(max_steps=None), "counter", [("3",)], timeout=60.0)
    result = next(result for result in report.results if result.mutant == endless)
    assert result.outcome == CAUGHT_BY_RUN_ERROR and "step budget" in result.detail


def test_a_spec_that_already_fails_cannot_be_scored(counter_spec: Spec) -> None:
    from automata.errors import RunError

    broken = spec_from_text(COUNTER_SPEC.replace("on_enter: [z2]", "on_enter: []"), "counter.yaml")
    with pytest.raises(RunError, match="itself fails case 1"):
        score(broken, make_judge(max_steps=100), "counter", [("3",)])


COUNTER_PROGRAM = textwrap.dedent("""\
    class CounterContext:
        def __init__(self, n, observer):
            self.n, self.count, self.observer = n, 0, observer

        def is_done(self):
            return self.count >= self.n

        def is_negative(self):
            return self.count < 0

        def count_one(self):
            self.count += 1
            self.observer.emit("count", self.count)

        def say_done(self):
            self.observer.emit("done")

        def report_negative(self):
            self.observer.emit("negative")


    def make_context(case, observer):
        return CounterContext(case, observer)


    def count(counter):
        while not counter.is_done():
            counter.count_one()
        counter.say_done()
        return counter.count


    def result(counter, final_state):
        return counter.count


    IMPLEMENTATIONS = {"iterative": count}
    CASES = {"three": 3, "zero": 0}
""")


def test_the_command_scores_a_programs_cases_and_warns_of_arcs_they_never_take(tmp_path: Path, capsys) -> None:
    (tmp_path / "counter_for_mutate.py").write_text(COUNTER_PROGRAM, encoding="utf-8")
    spec_file = tmp_path / "counter.yaml"
    spec_file.write_text(COUNTER_SPEC.replace("tests.test_mutate:", "counter_for_mutate:"), encoding="utf-8")
    code, out, err = run_cli(capsys, "mutate", str(spec_file))
    assert code == 0, err
    assert "case 1: three" in out and "case 2: zero" in out and "mutation score:" in out
    assert "(caught / not proved equivalent; every unproved survivor counts as missed)" in out
    assert "observable over the suite:" in out and "swap-calls" in out
    assert "unobserved: line 20" in out
    assert "warning: the suite never takes arc 3 (0 -> 1, line 20)" in err
    code, out, _ = run_cli(capsys, "mutate", str(spec_file), "--json", "--case", "three")
    document = json.loads(out)
    assert document["mutants"] == 38 and document["cases"] == [["three"]]
    assert sum(document["counts"].values()) == 38 and document["arcs_taken"] == [0, 1]
    assert document["score"] < document["score_observable"] == 1.0
    assert sum(kind["mutants"] for kind in document["kinds"].values()) == 38


# ---- the shipped specs and their cases -----------------------------------------------------------

SHIPPED = sorted(str(path.relative_to(Path.cwd())) if Path.cwd() in path.parents else str(path)
                 for path in (Path(__file__).parents[1] / "specs").glob("*.yaml"))

# Arcs no instance can take, each with the invariant that rules it out. They exist because the graph
# must be complete (an arc for every valuation of a state's inputs).
# Arcs no case of a shipped program takes (none: the column searches' dead end on an empty board,
# out of reach of any search from an empty board, is taken from queens given in advance).
UNREACHABLE: dict[str, dict[tuple[int, int, str], str]] = {}

# The survivors no case can catch, with the invariant of the model that hides each (docs/mutation.md):
# descriptions of the backtracking spec's mutants, by the arc they change.
# The dead end on an empty board, taken only from given queens: its redirections call the same outputs.
DEAD_END_ON_AN_EMPTY_BOARD = "arc 4 (0 -> 3, line 41)"
BACKTRACKING_INVARIANTS = {
    "arc 7 (2 -> 3, line 44) goes to state 1 instead": "a solution with no queen (N = 0) has no column with a free row",
    "arc 10 (1 -> 3, line 47) goes to state 2 instead": "'enough' never holds while the search goes on (first >= 1)",
    "arc 2 (0 -> 1, line 39): action z2 dropped": "Back in a column takes the queen back itself: the dead column has no free row",
    "arc 6 (2 -> 1, line 43): action z2 dropped": "after a solution the last column has no free row below its queen",
    "arc 9 (1 -> 0, line 46): action z1 dropped": "Next column places the queen itself: the board is never complete there",
}


def judged(spec_path: str) -> tuple[Spec, Judge, list[tuple[str]]]:
    """The spec as its program loads it, the program's verify_spec and its cases."""
    program, verify_spec, cases = program_judge(spec_path, (), ())
    return program.spec, verify_spec, cases


@pytest.mark.parametrize("spec_path", SHIPPED)
def test_each_shipped_program_takes_every_reachable_arc_and_reaches_every_final_state(spec_path: str) -> None:
    spec, verify_spec, cases = judged(spec_path)
    assert cases, f"{spec_path}: its program has no cases"
    observation = observe(spec, verify_spec, cases)
    missed = {(arc.source, arc.target, arc.guard_text) for arc in observation.arcs_missed(spec)}
    assert missed == set(UNREACHABLE.get(spec.stem, {}))
    unreachable_finals = {target for source, target, _ in missed
                          if not any(arc.target == target for arc in spec.arcs if arc.index in observation.arcs_taken)}
    assert set(observation.finals_missed(spec)) == unreachable_finals


def mutant_of(spec: Spec, description: str):
    return next(mutant for mutant in mutants(spec) if mutant.description.endswith(description))


def caught_by_suite(spec_path: str, mutated: Spec) -> bool:
    _, verify_spec, cases = judged(spec_path)
    return any(not verify_spec(mutated, list(case)).agree for case in cases)


def test_a_knight_tour_mutant_only_all_tours_mode_reaches_is_caught() -> None:
    spec = load_spec("specs/knight_tour.yaml")
    counting = next(arc for arc in spec.arcs if arc.source == 1 and arc.target == 3)
    mutant = mutant_of(spec, f"line {counting.loc.line}): action z3 dropped")
    assert caught_by_suite("specs/knight_tour.yaml", mutant.spec)


def test_a_queens_mutant_that_stops_in_the_wrong_final_state_is_caught() -> None:
    """Stopping in 'Search exhausted' instead of 'Enough solutions' emits the same events: only the
    outcome the automaton takes from its final state tells them apart."""
    spec = load_spec("specs/queens_backtracking.yaml")
    enough = next(arc for arc in spec.arcs if arc.source == 2 and arc.target == 4)
    mutant = mutant_of(spec, f"arc {enough.number} (2 -> 4, line {enough.loc.line}) goes to state 3 instead")
    assert caught_by_suite("specs/queens_backtracking.yaml", mutant.spec)


def test_an_eight_puzzle_mutant_that_stops_in_the_wrong_final_state_is_caught() -> None:
    spec = load_spec("specs/eight_puzzle.yaml")
    solved = next(arc for arc in spec.arcs if arc.target == 3)
    mutant = mutant_of(spec, f"arc {solved.number} (2 -> 3, line {solved.loc.line}) goes to state 4 instead")
    assert caught_by_suite("specs/eight_puzzle.yaml", mutant.spec)


def test_every_backtracking_survivor_is_proved_or_hidden_by_a_known_invariant() -> None:
    spec, verify_spec, cases = judged("specs/queens_backtracking.yaml")
    report = score(spec, verify_spec, "backtracking", cases, jobs=2)
    assert not report.gaps and report.score_observable == 1.0
    unexplained = [result.mutant.description for result in report.unobservable
                   if not result.mutant.description.startswith(DEAD_END_ON_AN_EMPTY_BOARD)
                   and result.mutant.description not in BACKTRACKING_INVARIANTS]
    assert not unexplained
    # Each invariant listed still hides a survivor: a case that catches one makes the list shrink.
    assert set(BACKTRACKING_INVARIANTS) <= {result.mutant.description for result in report.unobservable}
    assert report.score == report.killed / (len(report.results) - report.equivalent) < 1.0


def test_the_knight_tour_cases_catch_every_mutant_not_proved_equivalent_but_one() -> None:
    spec, verify_spec, cases = judged("specs/knight_tour.yaml")
    report = score(spec, verify_spec, "knight", cases, jobs=2)
    unproved = [result for result in report.results if result.outcome == SURVIVED and result.explanation not in PROVED]
    # Taking back twice after a counted tour: the cell before the last has no other free neighbour, so
    # the next step takes back anyway, unless the return limit falls in between (all tours, MAX_RET 20).
    assert [result.mutant.description for result in unproved] in (
        [], ["arc 10 (3 -> 1, line 57): action z8 run twice"])
    assert all(result.explanation in UNOBSERVABLE for result in unproved)
    # Its arcs' guards are mutually exclusive, so trying two of them in another order changes nothing.
    reordered = [result for result in report.results if result.mutant.kind in ("swap-arcs", "priority")]
    assert reordered and all(result.explanation == EQUIVALENT for result in reordered)
    assert report.score >= (len(report.results) - report.equivalent - 1) / (len(report.results) - report.equivalent)
    # The proofs are sound against what runs show: no mutant the cases catch is proved equivalent.
    caught = [result.mutant for result in report.results if result.outcome in (CAUGHT_BY_VERIFY, CAUGHT_BY_RUN_ERROR)]
    assert caught and not [mutant.description for mutant in caught if equivalence(spec, mutant.spec) in PROVED]


@pytest.mark.parametrize("spec_path, outcomes", [
    ("specs/queens_backtracking.yaml", "solvers.queens.contract:OUTCOME_OF_FINAL_STATE"),
    ("specs/queens_prolog.yaml", "solvers.queens.contract:OUTCOME_OF_FINAL_STATE"),
    ("specs/queens_mrv.yaml", "solvers.queens.contract:OUTCOME_OF_FINAL_STATE"),
    ("specs/eight_puzzle.yaml", "solvers.puzzle8.automaton:STATUS_OF_FINAL_STATE"),
])
def test_every_final_state_names_an_outcome_of_its_own(spec_path: str, outcomes: str) -> None:
    """The automata take their outcome from the final state reached: one distinct outcome per final state."""
    import importlib

    module, _, name = outcomes.partition(":")
    mapping = getattr(importlib.import_module(module), name)
    spec = load_spec(spec_path)
    assert set(mapping) == {number for number, state in spec.states.items() if state.final}
    assert len(set(mapping.values())) == len(mapping)
