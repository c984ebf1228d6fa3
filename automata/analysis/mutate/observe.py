"""What the original spec does over the suite: the ground against which survivors are explained."""

from __future__ import annotations

import dataclasses
import hashlib
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ...errors import RunError
from ...model.guards import And, Guard, Not, Or, atom
from ...model.spec import Spec
from ...model.system import System
from ...runtime.interpreter import tested_inputs, try_order
from ...runtime.trace import StepRecord, TraceSink
from .results import (
    STEP_BUDGET_FACTOR,
    STEP_BUDGET_MARGIN,
    Case,
    Observation,
    Trail,
    Valuation,
)

# ---------------------------------------------------------------------------------------------
# What the original spec does over the suite


class _OutputTrail(TraceSink):
    """Records the Trail of the runs it watches: the outputs that call context methods, in the
    order the context receives them, every automaton of a system included."""

    whole_system = True

    def __init__(self) -> None:
        self.runs: list[tuple[int | None, str]] = []
        self._digest = hashlib.blake2b(digest_size=16)
        self._calling: dict[str, set[str]] = {}  # automaton -> its outputs that run another automaton
        self._root = ""
        # depth -> the finished steps at that depth not yet placed in their parent's step: (via, outputs)
        self._pending: dict[int, list[tuple[int, list[str]]]] = {}

    def system_started(self, system: System) -> None:
        self._calling = {spec.automaton: {name for name, decl in spec.outputs.items() if decl.run} for spec in system}

    def started(self, spec: Spec, state: int, event: str) -> None:
        self._digest = hashlib.blake2b(digest_size=16)
        self._root = spec.automaton
        self._pending = {}

    def step(self, record: StepRecord) -> None:
        # A step's record comes after the records of the steps it caused (its nested automata's,
        # via -1, then those of each output that ran an automaton, via its position), so the
        # context's order is rebuilt here: nested steps first, then the outputs in order.
        children = self._pending.pop(record.depth + 1, [])
        calls = [name for via, names in children if via == -1 for name in names]
        calling = self._calling.get(record.automaton, set())
        for position, name in enumerate(record.outputs):
            if name in calling:
                calls += [inner for via, names in children if via == position for inner in names]
            else:
                calls.append(f"{record.automaton}.{name}")
        if record.depth:
            self._pending.setdefault(record.depth, []).append((record.via, calls))
            return
        for name in calls:  # no mark between steps: regrouping outputs into steps is invisible
            self._digest.update(name.encode() + b"\0")

    def finished(self, spec: Spec, state: int, steps: int) -> None:
        self.runs.append((state, self._digest.hexdigest()))

    def failed(self, spec: Spec, record: StepRecord | None, error: BaseException) -> None:
        if record is None or not record.depth:  # a system's sinks hear of a failure at every level, the root last
            self.runs.append((None, self._digest.hexdigest()))

    @property
    def trail(self) -> Trail:
        return tuple(self.runs)


class _SituationRecorder(_OutputTrail):
    """Keeps the arcs taken, the final states reached and the situations met, counting steps (of
    the root of a system: the spec mutated).

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
        if record.depth:
            return
        self.steps += 1
        if record.arc is not None:
            self.arcs.add(record.arc)
        self.situations.setdefault(record.state_before, set()).add(tuple(sorted(record.inputs)))

    def finished(self, spec: Spec, state: int, steps: int) -> None:
        super().finished(spec, state, steps)
        self.finals.add(state)

    def failed(self, spec: Spec, record: StepRecord | None, error: BaseException) -> None:
        super().failed(spec, record, error)
        if record is None or record.depth or record.arc is not None:
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
        reads: tuple[Guard, ...] = tuple(Or((atom(name), Not(atom(name)))) for name in names)
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

    Raises RunError (exit 1: a finding about the program) when the original itself fails a case. Reading inputs a step does not need
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
            raise RunError(f"{spec.path} itself fails case {number + 1} of the suite, {_case_text(argv)}, "
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
