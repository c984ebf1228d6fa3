"""Mutation score: how many single-point defects of a spec do the checks and the verification catch?

`mutants(spec)` makes every single-point mutant of a spec: an arc sent to another state, a literal
of a guard negated, an action dropped, two adjacent actions swapped, two arcs of a state tried in the
opposite order, another initial state. `score(spec, problem, cases)` puts each mutant through the
static checks (automata.check) and, when they find nothing new, through the problem's verification
(`problem.verify_spec(mutant, argv, sinks=...)`, the reference against the mutated automaton) for
each case of a suite of verify options, stopping at the first case that catches it.

Before any mutant, `observe` runs the original spec over the same cases and records what the suite
exercises: the arcs taken, the final states reached, the outputs of each run, and every situation
met, that is a state together with the values of all the spec's inputs (the recording run reads
them all at each step, which is harmless because inputs are questions without side effects; a
difference from the reference would show that one is not).

A surviving mutant is then explained, strongest statement first:

- proved equivalent: the interpreter's step functions of the two specs, explored from their initial
  states over every valuation of the inputs, give the same outputs and the same final states, in
  lock step (`same step function`, `bisimilar states`) or once steps without outputs are skipped
  (during such a step nothing changes the context, so the inputs keep their values);
- unobservable over the suite: its runs over the suite call exactly the original's outputs, in the
  same order, and stop in the same final states, so no verification over these cases could see it.
  Either it differs only in situations the suite never produced (UNOBSERVED, the report names
  them), or it steps differently somewhere the suite went and still calls the same outputs
  (SAME_OUTPUTS). Usually an invariant of the model rules the difference out on every instance,
  but that is a claim about the model the graph cannot prove;
- gap in the verification: its outputs or final state differed on some run of the suite and
  neither the events nor the result showed it.

Each mutant's verification runs in a forked child process with a time limit, and every automaton
run of a case gets a step budget of a few times the original's steps on that case, so a mutant
that loops forever is caught quickly and cannot exhaust the memory of the command.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import multiprocessing
import multiprocessing.connection
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import InputError, Loc, RunError
from .guards import And, Guard, Not, Or, Var
from .interpreter import take_step, tested_inputs, try_order
from .problem import Problem
from .spec import ArcDecl, Spec
from .trace import StepRecord, TraceSink

CAUGHT_BY_CHECK = "caught by check"
CAUGHT_BY_VERIFY = "caught by verify"
CAUGHT_BY_RUN_ERROR = "caught by run error"
SURVIVED = "survived"
OUTCOMES = (CAUGHT_BY_CHECK, CAUGHT_BY_VERIFY, CAUGHT_BY_RUN_ERROR, SURVIVED)

EQUIVALENT = "equivalent (proved: same step function)"
EQUIVALENT_BISIMILAR = "equivalent (proved: bisimilar states)"
EQUIVALENT_SKIPPING = "equivalent (proved: same outputs once steps without outputs are skipped)"
PROVED = (EQUIVALENT, EQUIVALENT_BISIMILAR, EQUIVALENT_SKIPPING)
UNOBSERVED = "unobserved (differs only in situations the suite never produced)"
SAME_OUTPUTS = "same outputs over the suite (steps differently, yet every run calls the same outputs)"
UNOBSERVABLE = (UNOBSERVED, SAME_OUTPUTS)  # no verification over the suite's cases could catch these
GAP = "gap in verification"

# Pairs of states whose arcs test more inputs than this together are not enumerated (2**16 valuations).
MAX_PROOF_INPUTS = 16
# A mutant's automaton may take this many times the original's steps on a case (plus the margin)
# before it counts as looping: generous, since a mutant may legitimately take a detour.
STEP_BUDGET_FACTOR = 10
STEP_BUDGET_MARGIN = 1_000

Valuation = tuple[tuple[str, bool], ...]  # (input, value) pairs sorted by input name
Case = tuple[str, ...]  # the verify options of one case of a suite
# Per case, per automaton run: the final state (None when the run failed) and a digest of the
# outputs called, in order. Two automata with equal trails on a case look the same to any observer.
Trail = tuple[tuple[int | None, str], ...]


@dataclass(frozen=True)
class Mutant:
    kind: str  # "target", "negate", "drop-action", "swap-actions", "swap-arcs", "initial"
    description: str
    loc: Loc
    spec: Spec = field(repr=False, compare=False)


@dataclass(frozen=True)
class MutantResult:
    mutant: Mutant
    outcome: str  # one of OUTCOMES
    detail: str  # the finding, the divergence or the error that caught it; "" for survivors
    case: int | None = None  # index of the suite case that caught it (verify and run errors)
    explanation: str = ""  # for survivors: one of PROVED, UNOBSERVABLE or GAP
    why: str = ""  # for unobserved survivors and gaps: where the mutant steps differently


@dataclass(frozen=True)
class Observation:
    """What the original spec did over a suite: the ground against which survivors are explained."""

    arcs_taken: frozenset[int]
    finals_reached: frozenset[int]
    # state -> the valuations met there, of every input of the spec where all could be asked (see
    # `observe`); an input missing from a valuation counts as having taken both values
    situations: Mapping[int, frozenset[Valuation]]
    steps: tuple[int, ...]  # automaton steps over each case
    trails: tuple[Trail, ...]  # per case
    seconds: float  # time of the original's verification over the whole suite

    def arcs_missed(self, spec: Spec) -> list[ArcDecl]:
        return [arc for arc in spec.arcs if arc.index not in self.arcs_taken]

    def finals_missed(self, spec: Spec) -> list[int]:
        return [number for number, state in sorted(spec.states.items())
                if state.final and number not in self.finals_reached]


@dataclass(frozen=True)
class Report:
    spec_path: str
    problem: str
    cases: tuple[Case, ...]
    results: tuple[MutantResult, ...]
    timeout: float
    observation: Observation
    seconds: float = 0.0  # wall time of the whole scoring

    def count(self, outcome: str) -> int:
        return sum(result.outcome == outcome for result in self.results)

    def explained(self, *explanations: str) -> list[MutantResult]:
        return [result for result in self.results if result.explanation in explanations]

    @property
    def equivalent(self) -> int:
        """Survivors proved equivalent."""
        return len(self.explained(*PROVED))

    @property
    def unobservable(self) -> list[MutantResult]:
        """Survivors no verification over the suite could catch (see UNOBSERVABLE)."""
        return self.explained(*UNOBSERVABLE)

    @property
    def gaps(self) -> list[MutantResult]:
        return self.explained(GAP)

    @property
    def killed(self) -> int:
        return len(self.results) - self.count(SURVIVED)

    @property
    def relevant(self) -> int:
        """Mutants the suite could catch: neither proved equivalent nor unobservable over the suite."""
        return len(self.results) - self.equivalent - len(self.unobservable)

    @property
    def score(self) -> float:
        """Caught among the relevant mutants (1.0 when every one of them is caught)."""
        return self.killed / self.relevant if self.relevant else 1.0

    def caught_by_case(self) -> list[int]:
        """How many mutants each case caught first."""
        counts = [0] * len(self.cases)
        for result in self.results:
            if result.case is not None:
                counts[result.case] += 1
        return counts


# ---------------------------------------------------------------------------------------------
# Making the mutants


def _with_arc(spec: Spec, arc: ArcDecl, **changes: Any) -> Spec:
    arcs = tuple(dataclasses.replace(other, **changes) if other is arc else other for other in spec.arcs)
    return dataclasses.replace(spec, arcs=arcs)


def _arc_name(arc: ArcDecl) -> str:
    return f"arc {arc.index} ({arc.source} -> {arc.target}, line {arc.loc.line})"


def _negations(guard: Guard) -> Iterator[tuple[Guard, str]]:
    """Every guard obtained by negating one literal (one occurrence of an input) of `guard`."""
    if isinstance(guard, Var):
        yield Not(guard), guard.name
    elif isinstance(guard, Not):
        if isinstance(guard.operand, Var):
            yield guard.operand, f"!{guard.operand.name}"
        else:
            for inner, literal in _negations(guard.operand):
                yield Not(inner), literal
    elif isinstance(guard, (And, Or)):
        for position, operand in enumerate(guard.operands):
            for changed, literal in _negations(operand):
                operands = guard.operands[:position] + (changed,) + guard.operands[position + 1:]
                yield type(guard)(operands), literal


def _action_mutants(actions: tuple[str, ...], what: str, loc: Loc,
                    rebuild: Callable[[tuple[str, ...]], Spec]) -> Iterator[Mutant]:
    """Each action of one list dropped, then each two adjacent different actions swapped; `what`
    names the list's items in descriptions ("arc 3 (...): action"), `rebuild` makes the mutant spec."""
    for position, action in enumerate(actions):
        yield Mutant("drop-action", f"{what} {action} dropped", loc, rebuild(actions[:position] + actions[position + 1:]))
    for position, (first, second) in enumerate(zip(actions, actions[1:])):
        if first != second:
            swapped = actions[:position] + (second, first) + actions[position + 2:]
            yield Mutant("swap-actions", f"{what}s {first} and {second} swapped", loc, rebuild(swapped))


def mutants(spec: Spec) -> list[Mutant]:
    """Every single-point mutant of `spec`, in file order within each kind."""
    found: list[Mutant] = []
    numbers = sorted(spec.states)
    for arc in spec.arcs:
        for target in numbers:
            if target != arc.target:
                found.append(Mutant("target", f"{_arc_name(arc)} goes to state {target} instead",
                                    arc.loc, _with_arc(spec, arc, target=target)))
    for arc in spec.arcs:
        for guard, literal in _negations(arc.guard):
            found.append(Mutant("negate", f"{_arc_name(arc)}: literal {literal} negated, guard \"{guard}\"",
                                arc.guard_loc, _with_arc(spec, arc, guard=guard, guard_text=str(guard))))
    for arc in spec.arcs:
        found.extend(_action_mutants(arc.actions, f"{_arc_name(arc)}: action", arc.loc,
                                     lambda actions, arc=arc: _with_arc(spec, arc, actions=actions)))
    for number in numbers:
        state = spec.states[number]
        found.extend(_action_mutants(state.on_enter, f"state {number}: on_enter action", state.loc,
                                     lambda actions, number=number: _with_state(spec, number, on_enter=actions)))
    for number in numbers:
        for event in sorted({arc.event for arc in spec.arcs if arc.source == number}):
            ordered = spec.arcs_from(number, event)
            for first, second in zip(ordered, ordered[1:]):
                found.append(Mutant(
                    "swap-arcs", f"{_arc_name(first)} and {_arc_name(second)} tried in the opposite order",
                    second.loc, _swap_arcs(spec, first, second)))
    for number in numbers:
        if number != spec.initial:
            found.append(Mutant("initial", f"initial state {number} instead of {spec.initial}",
                                spec.states[spec.initial].loc, dataclasses.replace(spec, initial=number)))
    return found


def _with_state(spec: Spec, number: int, **changes: Any) -> Spec:
    states = dict(spec.states)
    states[number] = dataclasses.replace(states[number], **changes)
    return dataclasses.replace(spec, states=states)


def _swap_arcs(spec: Spec, first: ArcDecl, second: ArcDecl) -> Spec:
    """Exchange the two arcs' places in the try order: each takes the other's priority and file position."""
    moved = {
        first.index: dataclasses.replace(first, priority=second.priority, index=second.index),
        second.index: dataclasses.replace(second, priority=first.priority, index=first.index),
    }
    arcs = [moved.get(arc.index, arc) for arc in spec.arcs]
    return dataclasses.replace(spec, arcs=tuple(sorted(arcs, key=lambda arc: arc.index)))


# ---------------------------------------------------------------------------------------------
# Equivalence of a survivor


def equivalence(original: Spec, mutant: Spec) -> str:
    """One of PROVED when no run can tell the two apart (inputs being side-effect free questions),
    GAP otherwise (including when a proof would need too many valuations).

    The lock-step proof assumes nothing else; the proof that skips steps without outputs also
    uses that such a step changes nothing an input asks about.
    """
    lock_step = _lock_step_equivalence(original, mutant)
    if lock_step != GAP:
        return lock_step
    return EQUIVALENT_SKIPPING if _equivalent_skipping_silent_steps(original, mutant) else GAP


def _valuations(names: Sequence[str]) -> Iterator[dict[str, bool]]:
    for bits in itertools.product((False, True), repeat=len(names)):
        yield dict(zip(names, bits))


def _explore_pairs(original: Spec, mutant: Spec,
                   successors: Callable[[int, int], list[tuple[int, int]] | None]) -> set[tuple[int, int]] | None:
    """The pairs of states the two automata can be in together, explored from their initial states;
    None as soon as a pair tells them apart: one stops where the other does not, or `successors`
    (the pairs that follow a pair of working states) finds a difference and returns None."""
    start = (original.initial, mutant.initial)
    seen = {start}
    pending = [start]
    while pending:
        mine, theirs = pending.pop()
        final_mine, final_theirs = original.states[mine].final, mutant.states[theirs].final
        if final_mine or final_theirs:
            if mine != theirs or not (final_mine and final_theirs):
                return None
            continue
        following = successors(mine, theirs)
        if following is None:
            return None
        for pair in following:
            if pair not in seen:
                seen.add(pair)
                pending.append(pair)
    return seen


def _lock_step_equivalence(original: Spec, mutant: Spec) -> str:
    """Both automata step together; every valuation of the inputs either state tests, at every step."""

    def successors(mine: int, theirs: int) -> list[tuple[int, int]] | None:
        names = tested_inputs(try_order(original, mine))
        names += [name for name in tested_inputs(try_order(mutant, theirs)) if name not in names]
        if len(names) > MAX_PROOF_INPUTS:
            return None
        following = []
        for valuation in _valuations(names):
            step = take_step(original, mine, valuation.__getitem__)
            other = take_step(mutant, theirs, valuation.__getitem__)
            if step.stuck != other.stuck or step.outputs != other.outputs:
                return None
            if not step.stuck:
                following.append((step.state_after, other.state_after))
        return following

    seen = _explore_pairs(original, mutant, successors)
    if seen is None:
        return GAP
    return EQUIVALENT if all(mine == theirs for mine, theirs in seen) else EQUIVALENT_BISIMILAR


@dataclass(frozen=True)
class _Move:
    """Where a run goes from a state on one valuation, skipping steps that run no output."""

    ending: str  # "moved" (outputs ran or a final state was reached), "stuck", or "silent loop"
    outputs: tuple[str, ...]
    state: int


def _silent_closure(spec: Spec, state: int) -> list[int]:
    """`state` and every state reachable from it over arcs that run no output."""
    found = [state]
    for current in found:
        if spec.states[current].final:
            continue
        for arc in try_order(spec, current):
            if not arc.actions and not spec.states[arc.target].on_enter and arc.target not in found:
                found.append(arc.target)
    return found


def _move(spec: Spec, state: int, valuation: Mapping[str, bool]) -> _Move:
    """Step from `state` with the inputs fixed at `valuation` until an output runs or a final state
    is reached. The inputs may stay fixed because a step without outputs changes nothing they ask."""
    visited = {state}
    while True:
        step = take_step(spec, state, valuation.__getitem__)
        if step.stuck:
            return _Move("stuck", (), state)
        if step.outputs or spec.states[step.state_after].final:
            return _Move("moved", step.outputs, step.state_after)
        state = step.state_after
        if state in visited:  # the same inputs lead round the same silent cycle forever
            return _Move("silent loop", (), state)
        visited.add(state)


def _equivalent_skipping_silent_steps(original: Spec, mutant: Spec) -> bool:
    """Equal runs up to steps without outputs: the same outputs in the same order, the same final
    state, the same failures. Pairs of states are explored from the initial pair; after outputs
    ran, any valuation may follow, but across silent steps the valuation stays as it was."""

    def successors(mine: int, theirs: int) -> list[tuple[int, int]] | None:
        names: list[str] = []
        for spec, state in ((original, mine), (mutant, theirs)):
            for reachable in _silent_closure(spec, state):
                names += [name for name in tested_inputs(try_order(spec, reachable)) if name not in names]
        if len(names) > MAX_PROOF_INPUTS:
            return None
        following = []
        for valuation in _valuations(names):
            move, other = _move(original, mine, valuation), _move(mutant, theirs, valuation)
            if move.ending != other.ending or move.outputs != other.outputs:
                return None
            if move.ending == "moved":
                following.append((move.state, other.state))
        return following

    return _explore_pairs(original, mutant, successors) is not None


def _describe_valuation(valuation: Mapping[str, bool] | Valuation) -> str:
    pairs = sorted(valuation.items() if isinstance(valuation, Mapping) else valuation)
    return " ".join(f"{name}={int(value)}" for name, value in pairs) or "(no inputs)"


def _completions(partial: Valuation, names: Sequence[str]) -> Iterator[dict[str, bool]]:
    """Every valuation of `names` that agrees with `partial` (an input it lacks takes both values)."""
    known = {name: value for name, value in partial if name in names}
    free = [name for name in names if name not in known]
    for rest in _valuations(free):
        yield {**known, **rest}


def _inputs_until_output(original: Spec, mutant: Spec, state: int) -> list[str]:
    """The inputs either automaton may read from `state` before an output runs."""
    names: list[str] = []
    for spec in (original, mutant):
        for reachable in _silent_closure(spec, state):
            names += [name for name in tested_inputs(try_order(spec, reachable)) if name not in names]
    return sorted(names)


def _steps_differ(original: Spec, mutant: Spec, state: int) -> bool:
    names = sorted(set(tested_inputs(try_order(original, state))) | set(tested_inputs(try_order(mutant, state))))
    for valuation in _valuations(names):
        mine, theirs = take_step(original, state, valuation.__getitem__), take_step(mutant, state, valuation.__getitem__)
        if (mine.stuck, mine.outputs, mine.state_after) != (theirs.stuck, theirs.outputs, theirs.state_after):
            return True
    return False


def _common_literals(valuations: Sequence[Mapping[str, bool]]) -> str:
    """The inputs whose value is the same in all the valuations, e.g. `x2=1 x5=1`."""
    first = valuations[0]
    common = {name: value for name, value in sorted(first.items())
              if all(valuation[name] == value for valuation in valuations)}
    return _describe_valuation(common)


def explain_difference(original: Spec, mutant: Spec, observation: Observation) -> tuple[str, str]:
    """(UNOBSERVED or GAP, where the mutant steps differently) for a survivor not proved equivalent.

    Behaving differently is judged as in the proof that skips silent steps: from a state and a
    valuation, the outputs until the next output-running step and the state it leads to. UNOBSERVED
    means the mutant behaves like the original from every situation the suite produced, so no case
    can see it; GAP names a situation the suite produced where it does not.
    """
    if original.initial != mutant.initial:
        return GAP, f"it starts in state {mutant.initial} instead of {original.initial}"
    unseen: list[str] = []
    # The states where a single step differs first: they name the mutated place itself.
    working = sorted((number for number, state in original.states.items() if not state.final),
                     key=lambda number: (not _steps_differ(original, mutant, number), number))
    for number in working:
        state = original.states[number]
        names = _inputs_until_output(original, mutant, number)
        if len(names) > MAX_PROOF_INPUTS:
            return GAP, f"state {number} needs more than {MAX_PROOF_INPUTS} inputs at once to compare"
        differing = [valuation for valuation in _valuations(names)
                     if _move(original, number, valuation) != _move(mutant, number, valuation)]
        if not differing:
            continue
        met = observation.situations.get(number, frozenset())
        for partial in sorted(met):
            for valuation in _completions(partial, names):
                if valuation in differing:
                    unread = sorted(set(names) - {name for name, _ in partial})
                    produced = ("which the suite produced" if not unread else
                                f"which the suite may have produced ({', '.join(unread)} could not be read there)")
                    return GAP, (f"it steps differently in state {number} ({state.name}) with "
                                 f"{_describe_valuation(valuation)}, {produced}")
        if not met:
            unseen.append(f"state {number} ({state.name}), which the suite never reaches")
        else:
            count = f"{len(differing)} valuation{'s' if len(differing) != 1 else ''}"
            unseen.append(f"state {number} ({state.name}) when {_common_literals(differing)} ({count}), "
                          "never met over the suite")
    if not unseen:  # the same behaviour from every state: only a proof too large to enumerate gets here
        return GAP, f"the equivalence proof needs more than {MAX_PROOF_INPUTS} inputs at once"
    return UNOBSERVED, "differs only in " + "; ".join(unseen)


def _first_different_run(original: Sequence[Trail], mutant: Sequence[Trail]) -> str:
    for number, (mine, theirs) in enumerate(zip(original, mutant), start=1):
        for run, (expected, actual) in enumerate(zip(mine, theirs), start=1):
            if expected[0] != actual[0]:
                return f"case {number}, run {run}: it stops in state {actual[0]} instead of {expected[0]}"
            if expected != actual:
                return f"case {number}, run {run}: it calls other outputs"
        if len(mine) != len(theirs):
            return f"case {number}: it makes {len(theirs)} runs instead of {len(mine)}"
    return "its runs differ"


def explain_survivor(original: Spec, mutant: Spec, observation: Observation,
                     trails: Sequence[Trail] | None) -> tuple[str, str]:
    """(explanation, why) for a mutant no case caught; `trails` are its runs over the suite.

    Proofs first. Then the mutant's runs over the suite are compared with the original's at the
    automaton's boundary: equal trails (the same outputs in the same order, the same final state,
    run by run) mean that no verification over these cases could tell the two apart, since the
    context sees the same calls; the situation analysis then says whether the mutant even steps
    differently anywhere the suite went (SAME_OUTPUTS) or not (UNOBSERVED). Different trails that
    the verification did not notice are a GAP: it does not observe what changed.
    """
    proof = equivalence(original, mutant)
    if proof != GAP:
        return proof, ""
    explanation, why = explain_difference(original, mutant, observation)
    if trails is None or tuple(trails) != tuple(observation.trails):
        changed = _first_different_run(observation.trails, trails or ())
        return GAP, f"{changed}, which neither the events nor the result show ({why})"
    if explanation == GAP:  # steps differently somewhere the suite went, with the same outputs
        return SAME_OUTPUTS, f"{why}, yet calls the same outputs and stops in the same state on every run"
    return explanation, why


# ---------------------------------------------------------------------------------------------
# What the original spec does over the suite


class _OutputTrail(TraceSink):
    """Records the Trail of the runs it watches."""

    def __init__(self) -> None:
        self.runs: list[tuple[int | None, str]] = []
        self._digest = hashlib.blake2b(digest_size=16)

    def started(self, spec: Spec, state: int, event: str) -> None:
        self._digest = hashlib.blake2b(digest_size=16)

    def step(self, record: StepRecord) -> None:
        for name in record.outputs:  # no mark between steps: regrouping outputs into steps is invisible
            self._digest.update(name.encode() + b"\0")

    def finished(self, spec: Spec, state: int, steps: int) -> None:
        self.runs.append((state, self._digest.hexdigest()))

    def failed(self, spec: Spec, record: StepRecord | None, error: BaseException) -> None:
        self.runs.append((None, self._digest.hexdigest()))

    @property
    def trail(self) -> Trail:
        return tuple(self.runs)


class _SituationRecorder(_OutputTrail):
    """Keeps the arcs taken, the final states reached and the situations met, counting steps.

    `reading_order` is each state's order of reading in the probe (see `_probe`): when reading
    fails, the input that failed is the one after those the failing step had read.
    """

    def __init__(self, reading_order: Mapping[int, Sequence[str]]) -> None:
        super().__init__()
        self.reading_order = reading_order
        self.arcs: set[int] = set()
        self.finals: set[int] = set()
        self.situations: dict[int, set[Valuation]] = {}
        self.steps = 0
        self.unreadable: tuple[int, str] | None = None  # (state, input) whose reading failed

    def step(self, record: StepRecord) -> None:
        super().step(record)
        self.steps += 1
        if record.arc is not None:
            self.arcs.add(record.arc)
        self.situations.setdefault(record.state_before, set()).add(tuple(sorted(record.inputs)))

    def finished(self, spec: Spec, state: int, steps: int) -> None:
        super().finished(spec, state, steps)
        self.finals.add(state)

    def failed(self, spec: Spec, record: StepRecord | None, error: BaseException) -> None:
        super().failed(spec, record, error)
        if record is None or record.arc is not None:
            return
        order = self.reading_order.get(record.state_before, ())
        if len(record.inputs) < len(order) and [name for name, _ in record.inputs] == list(order[:len(record.inputs)]):
            self.unreadable = (record.state_before, order[len(record.inputs)])


class StepBudget(TraceSink):
    """Fails the run (a RunError inside the automaton's loop) once its steps exceed `limit`."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.steps = 0

    def step(self, record: StepRecord) -> None:
        self.steps += 1
        if self.steps > self.limit:
            raise RunError(f"step budget exceeded: more than {self.limit:,} steps on this case "
                           f"({STEP_BUDGET_FACTOR} times the original spec's, plus {STEP_BUDGET_MARGIN:,})")


def _reading_order(spec: Spec, unreadable: frozenset[tuple[int, str]]) -> dict[int, list[str]]:
    """For each working state, the inputs the probe reads first: those its arcs test, then the
    spec's other inputs, leaving out the (state, input) pairs known to fail."""
    order: dict[int, list[str]] = {}
    for number, state in spec.states.items():
        if state.final:
            continue
        names = tested_inputs(try_order(spec, number))
        names += [name for name in sorted(spec.inputs) if name not in names]
        order[number] = [name for name in names if (number, name) not in unreadable]
    return order


def _probe(spec: Spec, reading_order: Mapping[int, Sequence[str]]) -> Spec:
    """The same automaton, except that the first arc tried in each state first reads the inputs of
    `reading_order`, as `(x1 | !x1) & (x2 | !x2) & ... & guard`. The step taken is the same, since
    a step reads each input once and inputs are questions without side effects, and each step's
    trace record then holds the values of all those inputs: the situation the step met."""
    arcs = {arc.index: arc for arc in spec.arcs}
    for number, names in reading_order.items():
        ordered = try_order(spec, number)
        if not ordered or not names:
            continue
        first = ordered[0]
        reads: tuple[Guard, ...] = tuple(Or((Var(name), Not(Var(name)))) for name in names)
        guard = And(reads + (first.guard,))
        arcs[first.index] = dataclasses.replace(first, guard=guard, guard_text=str(guard))
    return dataclasses.replace(spec, arcs=tuple(arcs[arc.index] for arc in spec.arcs))


Verify = Callable[..., Any]


def _first_line(verdict: Any) -> str:
    return verdict.divergence.describe().splitlines()[0].rstrip(":")


def _record_suite(spec: Spec, verify_spec: Verify, cases: Sequence[Case],
                  reading_order: Mapping[int, Sequence[str]]) -> tuple[list[_SituationRecorder] | None, tuple[int, str] | None]:
    """(one recorder per case, None), or (None, the (state, input) that could not be read, if known)
    when `spec` disagrees with the reference on some case."""
    recorders = []
    for argv in cases:
        recorder = _SituationRecorder(reading_order)
        try:
            verdict = verify_spec(spec, list(argv), sinks=(recorder,))
        except Exception:
            return None, recorder.unreadable
        if not verdict.agree:
            return None, recorder.unreadable
        recorders.append(recorder)
    return recorders, None


def observe(spec: Spec, verify_spec: Verify, cases: Sequence[Case]) -> Observation:
    """Run the original spec over every case, reading at every step every input of the spec.

    Raises InputError when the original itself fails a case. Reading inputs a step does not need
    changes nothing, inputs being questions without side effects, but some questions cannot be
    asked in every state (e.g. "a free row in the current column?" when every column is full):
    a reading that fails is left out for that state and the suite is run again. If the extra
    readings change a run in any other way, an input has a side effect: then only the inputs the
    original reads are recorded, which is weaker but still sound (a missing input counts as having
    taken both values).
    """
    started = time.monotonic()
    for number, argv in enumerate(cases):
        plain = verify_spec(spec, list(argv), sinks=())
        if not plain.agree:
            raise InputError(f"{spec.path} itself fails case {number + 1} of the suite, {_case_text(argv)}, "
                             f"so mutants cannot be scored: {_first_line(plain)}")
    seconds = time.monotonic() - started
    unreadable: frozenset[tuple[int, str]] = frozenset()
    while True:
        order = _reading_order(spec, unreadable)
        recorders, failure = _record_suite(_probe(spec, order), verify_spec, cases, order)
        if recorders is not None:
            break
        if failure is None or failure in unreadable:  # not a failed reading: an input with a side effect
            recorders, _ = _record_suite(spec, verify_spec, cases, {})
            assert recorders is not None  # the plain spec agreed on every case above
            break
        unreadable |= {failure}
    situations: dict[int, set[Valuation]] = {}
    for recorder in recorders:
        for state, valuations in recorder.situations.items():
            situations.setdefault(state, set()).update(valuations)
    return Observation(
        arcs_taken=frozenset(arc for recorder in recorders for arc in recorder.arcs),
        finals_reached=frozenset(state for recorder in recorders for state in recorder.finals),
        situations={state: frozenset(valuations) for state, valuations in situations.items()},
        steps=tuple(recorder.steps for recorder in recorders),
        trails=tuple(recorder.trail for recorder in recorders),
        seconds=seconds,
    )


def _case_text(argv: Sequence[str]) -> str:
    return " ".join(argv) or "(default options)"


# ---------------------------------------------------------------------------------------------
# Scoring

# (outcome, detail, index of the case that caught it, the mutant's trails over the suite when it survived)
Classification = tuple[str, str, "int | None", "tuple[Trail, ...] | None"]


def _classify_case(verify_spec: Verify, spec: Spec, argv: Sequence[str], budget: int,
                   trail: _OutputTrail) -> tuple[str, str]:
    """Run one case of the verification on one mutant: (outcome, detail)."""
    try:
        verdict = verify_spec(spec, list(argv), sinks=(StepBudget(budget), trail))
    except RunError as error:
        return CAUGHT_BY_RUN_ERROR, str(error)
    except Exception as error:  # a mutant may break the problem's code in any way: that is a catch too
        return CAUGHT_BY_RUN_ERROR, f"{type(error).__name__}: {error}"
    if verdict.divergence is None:
        return SURVIVED, ""
    # A run that failed (the step budget, no arc enabled, a crash) is the sharper finding, even when
    # its shorter event stream already differs from the reference's.
    failed = [run.error for name, run in verdict.runs.items() if name != verdict.reference and run.error]
    if failed:
        return CAUGHT_BY_RUN_ERROR, failed[0]
    return CAUGHT_BY_VERIFY, _first_line(verdict)


def _classify(verify_spec: Verify, spec: Spec, cases: Sequence[Case], budgets: Sequence[int]) -> Classification:
    """Run the suite on one mutant until a case catches it."""
    trails = []
    for number, (argv, budget) in enumerate(zip(cases, budgets)):
        trail = _OutputTrail()
        outcome, detail = _classify_case(verify_spec, spec, argv, budget, trail)
        if outcome != SURVIVED:
            return outcome, detail, number, None
        trails.append(trail.trail)
    return SURVIVED, "", None, tuple(trails)


def _child(verify_spec: Verify, spec: Spec, cases: Sequence[Case], budgets: Sequence[int],
           connection: multiprocessing.connection.Connection) -> None:
    connection.send(_classify(verify_spec, spec, cases, budgets))
    connection.close()


def _verify_all(verify_spec: Verify, specs: Sequence[Spec], cases: Sequence[Case], budgets: Sequence[int],
                timeout: float, jobs: int, done: Callable[[int, Classification], None]) -> None:
    """Classify every spec, each in a forked child with a time limit; `done(position, result)` as they end."""
    if "fork" not in multiprocessing.get_all_start_methods():
        for position, spec in enumerate(specs):  # no fork (not Linux/macOS): in process, without a time limit
            done(position, _classify(verify_spec, spec, cases, budgets))
        return
    forking = multiprocessing.get_context("fork")
    waiting = list(enumerate(specs))
    running: dict[Any, tuple[int, Any, float]] = {}  # connection -> (position, process, deadline)
    while waiting or running:
        while waiting and len(running) < jobs:
            position, spec = waiting.pop(0)
            receiver, sender = forking.Pipe(duplex=False)
            process = forking.Process(target=_child, args=(verify_spec, spec, cases, budgets, sender), daemon=True)
            process.start()
            sender.close()
            running[receiver] = (position, process, time.monotonic() + timeout)
        nearest = min(deadline for _, _, deadline in running.values())
        ready = multiprocessing.connection.wait(list(running), timeout=max(0.0, nearest - time.monotonic()))
        for receiver in list(running):
            position, process, deadline = running[receiver]
            result: Classification
            if receiver in ready:
                try:
                    result = receiver.recv()
                except EOFError:  # the child died without answering (killed, out of memory, crashed)
                    result = (CAUGHT_BY_RUN_ERROR, f"the verification process died (exit code {process.exitcode})",
                              None, None)
            elif time.monotonic() >= deadline:
                process.kill()
                result = (CAUGHT_BY_RUN_ERROR, f"timeout: the suite did not finish within {timeout:.1f} s", None, None)
            else:
                continue
            process.join()
            receiver.close()
            del running[receiver]
            done(position, result)


def _check_errors(spec: Spec) -> dict[tuple[str, str], str]:
    from .check import ERROR, check_spec

    return {(finding.code, finding.message): finding.render().splitlines()[0]
            for finding in check_spec(spec) if finding.severity == ERROR}


def suite_of(problem: Problem, spec: Spec, argv: Sequence[str] = ()) -> tuple[Case, ...]:
    """The cases to run: `argv` when given, else the problem's mutation suite for `spec`, else the defaults."""
    if argv:
        return (tuple(argv),)
    return problem.suite_for(spec) or ((),)


def score(spec: Spec, problem: Problem, cases: Sequence[Sequence[str]], *, jobs: int = 1,
          timeout: float | None = None, progress: Callable[[MutantResult], None] | None = None) -> Report:
    """Classify every mutant of `spec` with the checks and `problem.verify_spec` over `cases`."""
    if problem.verify_spec is None:
        raise InputError(f"problem '{problem.name}' does not offer verify_spec, which automata mutate needs")
    if not cases:
        raise InputError("the suite has no case: give at least one set of verify options")
    verify_spec = problem.verify_spec
    suite = tuple(tuple(argv) for argv in cases)
    started = time.monotonic()
    observation = observe(spec, verify_spec, suite)
    budgets = [STEP_BUDGET_FACTOR * steps + STEP_BUDGET_MARGIN for steps in observation.steps]
    limit = timeout if timeout is not None else max(5.0, 30 * observation.seconds)

    candidates = mutants(spec)
    results: list[MutantResult | None] = [None] * len(candidates)
    known = _check_errors(spec)

    def finish(position: int, result: MutantResult) -> None:
        results[position] = result
        if progress is not None:
            progress(result)

    to_verify: list[int] = []
    for position, mutant in enumerate(candidates):
        new = [text for key, text in _check_errors(mutant.spec).items() if key not in known]
        if new:
            finish(position, MutantResult(mutant, CAUGHT_BY_CHECK, new[0]))
        else:
            to_verify.append(position)

    def verified(index: int, verdict: Classification) -> None:
        position = to_verify[index]
        mutant = candidates[position]
        outcome, detail, case, trails = verdict
        explanation = why = ""
        if outcome == SURVIVED:
            explanation, why = explain_survivor(spec, mutant.spec, observation, trails)
        finish(position, MutantResult(mutant, outcome, detail, case, explanation, why))

    _verify_all(verify_spec, [candidates[p].spec for p in to_verify], suite, budgets, limit, max(1, jobs), verified)
    final = tuple(result for result in results if result is not None)
    assert len(final) == len(candidates)
    return Report(spec.path, problem.name, suite, final, limit, observation, time.monotonic() - started)


# ---------------------------------------------------------------------------------------------
# Presenting a report


def coverage_warnings(spec: Spec, observation: Observation) -> list[str]:
    """One line per arc the suite never takes and per final state it never reaches."""
    lines = [f"the suite never takes {_arc_name(arc)}: mutants that change it cannot be caught"
             for arc in observation.arcs_missed(spec)]
    lines += [f"the suite never reaches final state {number} ({spec.states[number].name})"
              for number in observation.finals_missed(spec)]
    return lines


def _outcome_text(report: Report, result: MutantResult) -> str:
    if result.outcome == SURVIVED:
        return f"survived: {result.explanation}"
    if result.case is not None and len(report.cases) > 1:
        return f"{result.outcome} (case {result.case + 1})"
    return result.outcome


def report_table(report: Report) -> str:
    rows = [("line", "kind", "mutant", "outcome")]
    for result in report.results:
        rows.append((str(result.mutant.loc.line), result.mutant.kind, result.mutant.description,
                     _outcome_text(report, result)))
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    lines = [f"{row[0]:>{widths[0]}}  {row[1]:<{widths[1]}}  {row[2]:<{widths[2]}}  {row[3]}" for row in rows]
    lines.append("")
    lines.extend(report_summary(report))
    return "\n".join(lines)


def report_summary(report: Report) -> list[str]:
    lines = [f"{report.spec_path} with {report.problem}: {len(report.results)} mutants, "
             f"{len(report.cases)} case{'s' if len(report.cases) != 1 else ''} "
             f"({report.seconds:.1f} s)"]
    for number, (argv, caught) in enumerate(zip(report.cases, report.caught_by_case()), start=1):
        lines.append(f"  case {number}: {_case_text(argv)}  (caught {caught} first)")
    for outcome in OUTCOMES:
        lines.append(f"  {outcome:<20} {report.count(outcome):>5}")
    lines.append(f"  {'of the survivors':<20} {report.equivalent:>5} proved equivalent, "
                 f"{len(report.explained(UNOBSERVED))} unobserved, {len(report.explained(SAME_OUTPUTS))} with the "
                 f"same outputs over the suite, {len(report.gaps)} gaps in verification")
    lines.append(f"mutation score: {report.killed}/{report.relevant} = {100 * report.score:.1f}% "
                 "(caught / not proved equivalent and observable over the suite)")
    for label, explanation in (("unobserved", UNOBSERVED), ("same outputs", SAME_OUTPUTS), ("gap", GAP)):
        for result in report.explained(explanation):
            lines.append(f"  {label}: line {result.mutant.loc.line}: {result.mutant.description}: {result.why}")
    return lines


def report_json(report: Report) -> dict[str, Any]:
    observed = report.observation
    return {
        "spec": report.spec_path,
        "problem": report.problem,
        "cases": [list(argv) for argv in report.cases],
        "caught_by_case": report.caught_by_case(),
        "timeout_seconds": report.timeout,
        "seconds": round(report.seconds, 3),
        "mutants": len(report.results),
        "counts": {outcome: report.count(outcome) for outcome in OUTCOMES},
        "equivalent": report.equivalent,
        "unobserved": len(report.explained(UNOBSERVED)),
        "same_outputs": len(report.explained(SAME_OUTPUTS)),
        "gaps": len(report.gaps),
        "score": round(report.score, 4),
        "arcs_taken": sorted(observed.arcs_taken),
        "finals_reached": sorted(observed.finals_reached),
        "results": [
            {"kind": r.mutant.kind, "line": r.mutant.loc.line, "col": r.mutant.loc.col, "description": r.mutant.description,
             "outcome": r.outcome, "detail": r.detail, "case": r.case, "explanation": r.explanation or None,
             "why": r.why or None}
            for r in report.results
        ],
    }
