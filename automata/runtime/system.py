"""Running a system of automata (docs/systems.md) on `transitions`: one plain `Machine` per
automaton, composed by an outer loop.

One step of automaton A on event e:

1. every automaton nested in A's current state that is not in a final state takes one step on e,
   in the order the state lists them;
2. A chooses its arc as a single automaton does (priority, then file order; each input and state
   test read at most once; a state test `y2 == 4` reads A2's state as it is now, after step 1);
3. the arc's outputs run in order, its actions then the target's `on_enter`; an output that runs
   automaton B restarts B in its initial state and steps it on the output's event until B is in a
   final state (each of B's steps by this same procedure);
4. A's new state becomes visible to state tests; if A changed state, the automata nested in the
   new state restart in their initial states.

A run steps the root until it is in a final state. `max_steps` bounds the steps of all automata
together. The machines only choose arcs and keep states; outputs, nested steps and calls are run
by the loop here, never from inside a `transitions` callback (a machine triggered from a callback
nests one call per trigger, see the design notes), and a state test reads the states this loop
publishes after each step, so every engine shows the same states at the same moments.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from transitions import Machine, State

from ..errors import InputError, no_arc_enabled, step_limit_reached
from ..model.guards import is_state_test, shown_value, variables_of
from ..model.spec import ArcDecl, Spec
from ..model.system import System
from .compiled_guards import compile_cached_guard
from .engine import DEFAULT_MAX_STEPS, RunSummary, bind
from .stepping import StepControl, failed_run_error, final_state_error
from .trace import StepRecord, TraceSink


class Frame:
    """One step under way: what a failing step's record shows, and where a call happens."""

    __slots__ = ("arc", "before", "depth", "event", "inputs", "name", "position", "state_now", "via")

    def __init__(self, name: str, event: str, before: int, depth: int, via: int) -> None:
        self.name, self.event, self.before, self.depth, self.via = name, event, before, depth, via
        self.inputs: dict[str, bool] = {}  # read so far, in reading order
        self.arc: ArcDecl | None = None  # once chosen
        self.position = -1  # the output running now (-1: none yet)
        self.state_now = before  # the target, once the arc's actions are done


class Member(Protocol):
    """One automaton of the system as an engine runs it."""

    def step(self, before: int, event: str, frame: Frame) -> int:
        """Take one step from `before` (steps 2 and 3 of the procedure); return the new state."""

    def reset(self, state: int) -> None:
        """The automaton restarts in `state` (its initial state)."""


class SystemDriver:
    """The outer loop of a system: nesting, calls, the published states, the step limit and the records."""

    def __init__(self, system: System, sinks: Sequence[TraceSink] = (), max_steps: int | None = None) -> None:
        self.system = system
        self.specs = system.specs
        self.states = {name: spec.initial for name, spec in self.specs.items()}  # what state tests read
        self.finals = {name: frozenset(n for n, s in spec.states.items() if s.final) for name, spec in self.specs.items()}
        self.sinks = tuple(sinks)
        self.system_sinks = tuple(sink for sink in self.sinks if sink.whole_system)
        self.max_steps = DEFAULT_MAX_STEPS if max_steps is None else max_steps
        self.total = 0
        self.steps_of = dict.fromkeys(self.specs, 0)
        self.members: dict[str, Member] = {}
        self.frames: list[Frame] = []
        self.records = bool(self.sinks)  # records are built only for someone who reads them
        self._outputs = {name: {arc.index: spec.outputs_of(arc) for arc in spec.arcs} for name, spec in self.specs.items()}

    # -- what the members bind ------------------------------------------------------------------

    def state_test(self, automaton: str, state: int) -> Callable[[], bool]:
        """The reading of a state test: `y2 == 4` is `states["A2"] == 4` at the moment it is read."""
        states = self.states
        return lambda: states[automaton] == state

    def caller(self, callee: str, event: str) -> Callable[[], None]:
        """What an output that runs `callee` does."""
        return functools.partial(self.call, callee, event)

    def call(self, callee: str, event: str) -> None:
        parent = self.frames[-1]
        self.restart(callee)
        final, states = self.finals[callee], self.states
        while states[callee] not in final:
            self.step(callee, event, parent.depth + 1, parent.position)

    def restart(self, name: str) -> None:
        initial = self.specs[name].initial
        self.states[name] = initial
        member = self.members.get(name)
        if member is not None:
            member.reset(initial)

    # -- one step -------------------------------------------------------------------------------

    def step(self, name: str, event: str, depth: int = 0, via: int = -1, record: bool = False) -> StepRecord | None:
        spec = self.specs[name]
        before = self.states[name]
        if self.total >= self.max_steps:
            raise step_limit_reached(name, self.max_steps, before, spec.states[before].name)
        self.total += 1
        self.steps_of[name] += 1
        frame = Frame(name, event, before, depth, via)
        self.frames.append(frame)
        try:
            for child in spec.states[before].nested:
                if self.states[child] not in self.finals[child]:
                    self.step(child, event, depth + 1, -1)
            after = self.members[name].step(before, event, frame)
        except BaseException as error:
            self.frames.pop()
            self._failed(frame, error)
            raise
        self.frames.pop()
        self.states[name] = after
        if after != before:
            for child in spec.states[after].nested:
                self.restart(child)
        if not (self.records or record):
            return None
        made = self._record(frame, after)
        for sink in self.sinks if depth == 0 else self.system_sinks:
            sink.step(made)
        return made

    def _record(self, frame: Frame, after: int) -> StepRecord:
        arc = frame.arc
        return StepRecord(
            automaton=frame.name, step=self.steps_of[frame.name], event=frame.event, state_before=frame.before,
            inputs=tuple(frame.inputs.items()), arc=arc.index if arc is not None else None,
            outputs=self._outputs[frame.name][arc.index] if arc is not None else (), state_after=after,
            depth=frame.depth, via=frame.via,
        )

    def _failed(self, frame: Frame, error: BaseException) -> None:
        sinks = self.sinks if frame.depth == 0 else self.system_sinks
        if not sinks:
            return
        failing = self._record(frame, frame.state_now)
        for sink in sinks:
            sink.failed(self.specs[frame.name], failing, error)


def stuck(spec: Spec, state: int, event: str, read: Callable[[str], bool]) -> None:
    """No arc of `state` is enabled on `event`: fine in a `may_stay` state, an error otherwise,
    naming the value of everything the state's arcs test (`read` reads each at most once)."""
    declared = spec.states[state]
    if declared.may_stay:
        return
    tested = variables_of(arc.guard for arc in spec.arcs_from(state, event))
    values = " ".join(shown_value(name, read(name)) for name in tested) or "(no inputs tested)"
    raise no_arc_enabled(spec.automaton, state, declared.name, event, values, f"{spec.path}:{declared.loc.line}")


class _MachineModel:
    """What `transitions` decorates with triggers: nothing else lives here."""


class MachineMember:
    """An automaton of a system on a plain `transitions.Machine` that chooses arcs and keeps the
    state; its outputs run from the loop after the trigger has returned."""

    def __init__(self, spec: Spec, context: object, driver: SystemDriver) -> None:
        self.spec = spec
        self._values: dict[str, bool] = {}
        self._fired: ArcDecl | None = None
        readers = {}
        for name in variables_of(arc.guard for arc in spec.arcs):
            if is_state_test(name):
                variable, _, number = name.partition("=")
                method = driver.state_test("A" + variable[1:], int(number))
            else:
                method = bind(context, spec.inputs[name].call, name)
            readers[name] = _reader(self._values, name, method)
        self._readers = readers
        self._run: dict[str, Callable[[], Any]] = {}
        for name, decl in spec.outputs.items():
            if decl.run:
                event = decl.event or driver.specs[decl.run].step_event
                self._run[name] = driver.caller(decl.run, event)
            else:
                self._run[name] = bind(context, decl.call, name)
        self._model = _MachineModel()
        self._machine = Machine(model=self._model, states=[State(str(number)) for number in spec.states],
                                initial=str(spec.initial), auto_transitions=False, send_event=False,
                                ignore_invalid_triggers=True)
        for number in spec.states:
            for event in spec.events:
                for arc in spec.arcs_from(number, event):
                    self._machine.add_transition(
                        event, str(arc.source), None if arc.source == arc.target else str(arc.target),
                        conditions=[compile_cached_guard(arc.guard, self._values, readers)],
                        before=[functools.partial(self._note, arc)])
        self._triggers: dict[str, Callable[[], bool]] = {}

    def _note(self, arc: ArcDecl) -> None:
        self._fired = arc

    def _trigger(self, event: str) -> Callable[[], bool]:
        trigger = self._triggers.get(event)
        if trigger is None:
            known = self._machine.events.get(event)
            trigger = (functools.partial(known.trigger, self._model) if known is not None
                       else functools.partial(self._model.trigger, event))
            self._triggers[event] = trigger
        return trigger

    def reset(self, state: int) -> None:
        self._machine.set_state(str(state), model=self._model)

    def step(self, before: int, event: str, frame: Frame) -> int:
        values = self._values
        values.clear()
        frame.inputs = values
        self._fired = None
        if not self._trigger(event)():
            stuck(self.spec, before, event, lambda name: values[name] if name in values else self._readers[name]())
            return before
        arc = self._fired
        assert arc is not None
        frame.arc = arc
        run = self._run
        for position, name in enumerate(arc.actions):
            frame.position = position
            run[name]()
        frame.state_now = arc.target
        for position, name in enumerate(self.spec.states[arc.target].on_enter, start=len(arc.actions)):
            frame.position = position
            run[name]()
        frame.inputs = dict(values)  # the record keeps this step's readings; `values` is reused
        return arc.target


def _reader(values: dict[str, bool], name: str, method: Callable[[], Any]) -> Callable[[], bool]:
    def read() -> bool:
        value = values[name] = bool(method())
        return value

    return read


MemberFactory = Callable[[SystemDriver, object], Mapping[str, Member]]


def machine_members(driver: SystemDriver, context: object) -> dict[str, Member]:
    """A `transitions` machine for every automaton of the system that ever takes a step."""
    return {name: MachineMember(driver.specs[name], context, driver) for name in driver.system.driven()}


class SystemAutomaton(StepControl):
    """A system of automata bound to one context object (every automaton's inputs and outputs
    call its methods), driven like `Automaton`: `step()` takes one step of the root (with
    everything it nests and calls), `run()` steps until the root is in a final state."""

    def __init__(self, system: System, context: object, sinks: Sequence[TraceSink] = (), max_steps: int | None = None,
                 members: MemberFactory = machine_members) -> None:
        self.system = system
        self.spec = system.root_spec
        self.context = context
        self.sinks = tuple(sinks)
        self._driver = SystemDriver(system, self.sinks, max_steps)
        self._driver.members.update(members(self._driver, context))
        self.steps = 0  # steps of the root
        self._started = False
        self._finished = False
        self._last: StepRecord | None = None
        self._failure: BaseException | None = None

    def listen(self, sink: TraceSink) -> None:
        """Add a sink before the run starts: the stepper and the player record every automaton's
        steps this way, whoever opened the system."""
        if self._started:
            raise InputError(f"{self.spec.automaton}: a sink can only be added before the run starts")
        driver = self._driver
        self.sinks += (sink,)
        driver.sinks += (sink,)
        if sink.whole_system:
            driver.system_sinks += (sink,)
        driver.records = True

    @property
    def state(self) -> int:
        return self._driver.states[self.spec.automaton]

    def state_of(self, automaton: str) -> int:
        return self._driver.states[automaton]

    @property
    def total_steps(self) -> int:
        """The steps of every automaton of the system together (what `max_steps` bounds)."""
        return self._driver.total

    @property
    def is_final(self) -> bool:
        return self.state in self._driver.finals[self.spec.automaton]

    @property
    def last_arc(self) -> int | None:
        return self._last.arc if self._last is not None else None

    def step(self, event: str | None = None) -> StepRecord:
        record = self._step(self._event(event), record=True)
        assert record is not None
        return record

    def run(self, event: str | None = None) -> RunSummary:
        event = self._event(event)
        self._start(event)
        while not self.is_final:
            self._step(event, record=False)
        self._finish()
        driver = self._driver
        return RunSummary(self.state, driver.total, tuple((name, driver.steps_of[name]) for name in driver.system.driven()))

    def _event(self, event: str | None) -> str:
        event = event or self.spec.step_event
        if event not in self.spec.events:
            raise InputError(f"{self.spec.path}: event '{event}' is not declared in automaton {self.spec.automaton}")
        return event

    def _start(self, event: str) -> None:
        if not self._started:
            self._started = True
            for sink in self.sinks:
                sink.system_started(self.system)
                sink.started(self.spec, self.state, event)

    def _finish(self) -> None:
        if not self._finished:
            self._finished = True
            for sink in self.sinks:
                sink.finished(self.spec, self.state, self.steps)

    def _step(self, event: str, record: bool) -> StepRecord | None:
        if self._failure is not None:
            raise failed_run_error(self.spec, self.steps, self._failure)
        if self.is_final:
            raise final_state_error(self.spec, self.state, self.steps)
        self._start(event)
        driver = self._driver
        if driver.total >= driver.max_steps:  # between steps: like Automaton, report the last step
            error = step_limit_reached(self.spec.automaton, driver.max_steps, self.state, self.spec.states[self.state].name)
            self._failure = error
            for sink in self.sinks:
                sink.failed(self.spec, self._last, error)
            raise error
        self.steps += 1
        try:
            made = driver.step(self.spec.automaton, event, record=record)
        except BaseException as error:  # the driver has told the sinks, level by level
            self._failure = error
            raise
        if made is not None:
            self._last = made
        if self.is_final:
            self._finish()
        return made
