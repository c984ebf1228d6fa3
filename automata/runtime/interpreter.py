"""A direct interpreter of specs: every step walks the Spec's dataclasses, nothing is prepared.

It is written from docs/spec-format.md alone, apart from the transitions engine and from the code
generator, so that the three can check one another (tests/test_random_machines.py), and it is the
exact step function `automata mutate` uses to prove a surviving mutant equivalent.

The rules it implements: the arcs leaving a state on the step event are tried by priority (lower
first, arcs without one after), then in file order; a guard is evaluated left to right with
short-circuit `&` and `|`; each input is read at most once per step; the first enabled arc runs its
actions, the state changes, then the target's `on_enter` actions run. When no arc is enabled, a
state marked `may_stay` stays; any other state is an error, reported with the value of every input
the state's arcs test.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..errors import RunError, step_limit_reached
from ..model.guards import And, Const, Guard, Not, Or, Var
from ..model.spec import ArcDecl, Spec
from .engine import DEFAULT_MAX_STEPS, RunSummary
from .trace import StepRecord, TraceSink

Read = Callable[[str], object]


@dataclass(frozen=True)
class Step:
    """What one step does, decided from the inputs before any action runs."""

    state_before: int
    inputs: tuple[tuple[str, bool], ...]  # in reading order
    arc: ArcDecl | None
    outputs: tuple[str, ...]  # the arc's actions, then the target's on_enter actions
    state_after: int
    stuck: bool  # no arc enabled and the state may not stay: a run stops with RunError


def try_order(spec: Spec, state: int, event: str | None = None) -> list[ArcDecl]:
    """The arcs leaving `state` on `event` (the step event by default), in the order they are tried."""
    event = event or spec.step_event
    leaving = [arc for arc in spec.arcs if arc.source == state and arc.event == event]
    with_priority = sorted((arc for arc in leaving if arc.priority is not None), key=lambda arc: (arc.priority, arc.index))
    without = sorted((arc for arc in leaving if arc.priority is None), key=lambda arc: arc.index)
    return with_priority + without


def holds(guard: Guard, sample: Callable[[str], bool]) -> bool:
    """Evaluate a guard left to right, short-circuiting as a reader of the formula would."""
    if isinstance(guard, Const):
        return guard.value
    if isinstance(guard, Var):
        return sample(guard.name)
    if isinstance(guard, Not):
        return not holds(guard.operand, sample)
    if isinstance(guard, And):
        for operand in guard.operands:
            if not holds(operand, sample):
                return False
        return True
    if isinstance(guard, Or):
        for operand in guard.operands:
            if holds(operand, sample):
                return True
        return False
    raise TypeError(f"not a guard: {guard!r}")


def tested_inputs(arcs: Iterable[ArcDecl]) -> list[str]:
    """Every input the arcs test, in order of first appearance."""
    names: list[str] = []

    def collect(guard: Guard) -> None:
        if isinstance(guard, Var):
            if guard.name not in names:
                names.append(guard.name)
        elif isinstance(guard, Not):
            collect(guard.operand)
        elif isinstance(guard, (And, Or)):
            for operand in guard.operands:
                collect(operand)

    for arc in arcs:
        collect(arc.guard)
    return names


def take_step(spec: Spec, state: int, read: Read, event: str | None = None) -> Step:
    """Decide the step from `state` on `event` (the step event by default); `read(name)` is called
    at most once per input."""
    values: dict[str, bool] = {}

    def sample(name: str) -> bool:
        if name not in values:
            values[name] = bool(read(name))
        return values[name]

    arcs = try_order(spec, state, event)
    for arc in arcs:
        if holds(arc.guard, sample):
            outputs = arc.actions + spec.states[arc.target].on_enter
            return Step(state, tuple(values.items()), arc, outputs, arc.target, stuck=False)
    stuck = not spec.states[state].may_stay
    if stuck:
        for name in tested_inputs(arcs):  # the error message shows them all
            sample(name)
    return Step(state, tuple(values.items()), None, (), state, stuck)


class Interpreter:
    """Runs a spec on a context by interpreting it step by step."""

    def __init__(self, spec: Spec, context: object, sinks: Sequence[TraceSink] = (), max_steps: int | None = None) -> None:
        self.spec = spec
        self.context = context
        self.sinks = tuple(sinks)
        self.max_steps = DEFAULT_MAX_STEPS if max_steps is None else max_steps
        self.state = spec.initial
        self.steps = 0
        self._read_now: list[tuple[str, bool]] = []  # inputs read in the step under way

    def _read(self, name: str) -> bool:
        value = bool(getattr(self.context, self.spec.inputs[name].call)())
        self._read_now.append((name, value))
        return value

    def _act(self, names: Sequence[str]) -> None:
        for name in names:
            getattr(self.context, self.spec.outputs[name].call)()

    def run(self) -> RunSummary:
        spec = self.spec
        for sink in self.sinks:
            sink.started(spec, self.state, spec.step_event)
        last: StepRecord | None = None
        before, arc = self.state, None
        try:
            while not spec.states[self.state].final:
                if self.steps >= self.max_steps:
                    raise step_limit_reached(spec.automaton, self.max_steps, self.state, spec.states[self.state].name)
                self.steps += 1
                self._read_now = []
                before, arc = self.state, None
                step = take_step(spec, self.state, self._read)
                if step.stuck:
                    raise RunError(self._stuck_message(step))
                arc = step.arc
                if arc is not None:
                    self._act(arc.actions)
                    self.state = arc.target
                    self._act(spec.states[arc.target].on_enter)
                last = self._record(before, arc)
                for sink in self.sinks:
                    sink.step(last)
        except BaseException as error:
            if self.steps == 0:
                failing = None
            elif last is not None and last.step == self.steps:
                failing = last  # failed between steps (the step limit): the last step is the context
            else:
                failing = self._record(before, arc)
            for sink in self.sinks:
                sink.failed(spec, failing, error)
            raise
        for sink in self.sinks:
            sink.finished(spec, self.state, self.steps)
        return RunSummary(self.state, self.steps)

    def _record(self, before: int, arc: ArcDecl | None) -> StepRecord:
        outputs = arc.actions + self.spec.states[arc.target].on_enter if arc is not None else ()
        return StepRecord(
            automaton=self.spec.automaton,
            step=self.steps,
            event=self.spec.step_event,
            state_before=before,
            inputs=tuple(self._read_now),
            arc=arc.index if arc is not None else None,
            outputs=outputs,
            state_after=self.state,
        )

    def _stuck_message(self, step: Step) -> str:
        spec = self.spec
        declared = spec.states[step.state_before]
        shown = dict(step.inputs)
        names = tested_inputs(try_order(spec, step.state_before))
        values = " ".join(f"{name}={int(shown[name])}" for name in names) or "(no inputs tested)"
        return (
            f"{spec.automaton}: no arc enabled in state {declared.number} ({declared.name}) on {spec.step_event}"
            f" with {values}; the graph is incomplete ({spec.path}:{declared.loc.line})"
        )


def interpret(spec: Spec, context: object, sinks: Sequence[TraceSink] = (), max_steps: int | None = None) -> RunSummary:
    """Run `spec` on `context` with the interpreter (same contract as automata.engine.execute)."""
    return Interpreter(spec, context, sinks, max_steps).run()
