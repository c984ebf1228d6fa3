"""A direct interpreter of systems of automata, written from docs/systems.md alone.

It shares nothing with the system's engines (automata.runtime.system and the generated code)
beyond the spec's dataclasses and the step record, so that tests can hold the three against each
other on random systems (tests/test_system_machines.py). Each automaton is a state number in a
dictionary; every step walks the specs:

1. the automata nested in the current state step first (those not in a final state), in order;
2. the arcs leaving the state on the event are tried by priority, then file order; a guard is
   evaluated left to right with short-circuit, each input or state test read at most once;
3. the chosen arc's actions run, then the target's `on_enter`; an output that runs an automaton
   restarts it and steps it on the output's event (default: its step event) until it is final;
4. the new state is published, and if it changed, the automata nested in it restart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..errors import RunError, step_limit_reached
from ..model.guards import And, Const, Guard, Not, Or, StateTest, Var
from ..model.spec import ArcDecl, Spec
from ..model.system import System
from .engine import DEFAULT_MAX_STEPS, RunSummary
from .trace import StepRecord, TraceSink


class _Failed(Exception):
    """Carries a failure outwards, level by level, after each level has told the sinks."""


class SystemInterpreter:
    def __init__(self, system: System, context: object, sinks: Sequence[TraceSink] = (), max_steps: int | None = None) -> None:
        self.system = system
        self.context = context
        self.sinks = tuple(sinks)
        self.max_steps = DEFAULT_MAX_STEPS if max_steps is None else max_steps
        self.state = {name: spec.initial for name, spec in system.specs.items()}
        self.count = {name: 0 for name in system.specs}
        self.total = 0

    def _final(self, name: str) -> bool:
        return self.system.specs[name].states[self.state[name]].final

    def _tell(self, depth: int) -> tuple[TraceSink, ...]:
        return self.sinks if depth == 0 else tuple(sink for sink in self.sinks if sink.whole_system)

    def run(self) -> RunSummary:
        root = self.system.root_spec
        for sink in self.sinks:
            sink.system_started(self.system)
            sink.started(root, self.state[root.automaton], root.step_event)
        last: StepRecord | None = None
        try:
            while not self._final(root.automaton):
                if self.total >= self.max_steps:
                    error = self._limit(root.automaton)
                    for sink in self.sinks:
                        sink.failed(root, last, error)
                    raise error
                last = self.step(root.automaton, root.step_event, 0, -1)
        except _Failed as failure:
            raise failure.args[0] from None
        for sink in self.sinks:
            sink.finished(root, self.state[root.automaton], self.count[root.automaton])
        steps = tuple((name, self.count[name]) for name in self.system.driven())
        return RunSummary(self.state[root.automaton], self.total, steps)

    def _limit(self, name: str) -> RunError:
        spec = self.system.specs[name]
        state = self.state[name]
        return step_limit_reached(name, self.max_steps, state, spec.states[state].name)

    def step(self, name: str, event: str, depth: int, via: int) -> StepRecord:
        spec = self.system.specs[name]
        if self.total >= self.max_steps:
            raise _Failed(self._limit(name))
        self.total += 1
        self.count[name] += 1
        before = self.state[name]
        read: dict[str, bool] = {}
        chosen: ArcDecl | None = None
        now = before
        try:
            for child in spec.states[before].nested:
                if not self._final(child):
                    self.step(child, event, depth + 1, -1)
            chosen = self._choose(spec, before, event, read)
            if chosen is not None:
                outputs = chosen.actions + spec.states[chosen.target].on_enter
                for position, output in enumerate(outputs):
                    if position == len(chosen.actions):
                        now = chosen.target
                    self._output(spec, output, depth, position)
                now = chosen.target
        except (_Failed, Exception) as error:
            cause = error.args[0] if isinstance(error, _Failed) else error
            failing = self._record(spec, event, before, read, chosen, now, depth, via)
            for sink in self._tell(depth):
                sink.failed(spec, failing, cause)
            raise _Failed(cause) from None
        self.state[name] = now
        if now != before:
            for child in spec.states[now].nested:
                self.state[child] = self.system.specs[child].initial
        record = self._record(spec, event, before, read, chosen, now, depth, via)
        for sink in self._tell(depth):
            sink.step(record)
        return record

    def _choose(self, spec: Spec, state: int, event: str, read: dict[str, bool]) -> ArcDecl | None:
        def sample(guard: Var) -> bool:
            if guard.name not in read:
                if isinstance(guard, StateTest):
                    read[guard.name] = self.state[guard.automaton] == guard.state
                else:
                    read[guard.name] = bool(getattr(self.context, spec.inputs[guard.name].call)())
            return read[guard.name]

        leaving = [arc for arc in spec.arcs if arc.source == state and arc.event == event]
        ordered = sorted(leaving, key=lambda arc: (arc.priority is None, arc.priority or 0, arc.index))
        for arc in ordered:
            if _holds(arc.guard, sample):
                return arc
        declared = spec.states[state]
        if declared.may_stay:
            return None
        tested: list[Var] = []
        for arc in ordered:
            _collect(arc.guard, tested)
        shown = []
        for var in tested:
            value = sample(var)
            if isinstance(var, StateTest):
                shown.append(var.name if value else var.name.replace("=", "!="))
            else:
                shown.append(f"{var.name}={int(value)}")
        values = " ".join(shown) or "(no inputs tested)"
        raise RunError(f"{spec.automaton}: no arc enabled in state {state} ({declared.name}) on {event} with {values};"
                       f" the graph is incomplete ({spec.path}:{declared.loc.line})")

    def _output(self, spec: Spec, output: str, depth: int, position: int) -> None:
        decl = spec.outputs[output]
        if not decl.run:
            getattr(self.context, decl.call)()
            return
        callee = self.system.specs[decl.run]
        self.state[decl.run] = callee.initial
        while not self._final(decl.run):
            self.step(decl.run, decl.event or callee.step_event, depth + 1, position)

    def _record(self, spec: Spec, event: str, before: int, read: dict[str, bool], arc: ArcDecl | None, after: int,
                depth: int, via: int) -> StepRecord:
        outputs = arc.actions + spec.states[arc.target].on_enter if arc is not None else ()
        return StepRecord(spec.automaton, self.count[spec.automaton], event, before, tuple(read.items()),
                          arc.index if arc is not None else None, outputs, after, depth, via)


def _holds(guard: Guard, sample: Callable[[Var], bool]) -> bool:
    if isinstance(guard, Const):
        return guard.value
    if isinstance(guard, Var):
        return sample(guard)
    if isinstance(guard, Not):
        return not _holds(guard.operand, sample)
    if isinstance(guard, And):
        return all(_holds(operand, sample) for operand in guard.operands)
    if isinstance(guard, Or):
        return any(_holds(operand, sample) for operand in guard.operands)
    raise TypeError(f"not a guard: {guard!r}")


def _collect(guard: Guard, into: list[Var]) -> None:
    if isinstance(guard, Var):
        if all(var.name != guard.name for var in into):
            into.append(guard)
    elif isinstance(guard, Not):
        _collect(guard.operand, into)
    elif isinstance(guard, (And, Or)):
        for operand in guard.operands:
            _collect(operand, into)


def interpret_system(system: System, context: object, sinks: Sequence[TraceSink] = (),
                     max_steps: int | None = None) -> RunSummary:
    """Run `system` on `context` with the interpreter (the same contract as the engines' run())."""
    return SystemInterpreter(system, context, sinks, max_steps).run()
