"""Running a spec on the `transitions` library.

The spec becomes a `transitions.Machine` over a dedicated model object (so the attributes
`transitions` adds never clash with the context's methods), with `auto_transitions` off. The
machine is driven from an outer loop, one event per step, never from inside a callback: nested
triggering would recurse once per step. `transitions` treats "no arc enabled" as a silent no-op;
here it is an error naming the state and the inputs' values, because it means the graph is
incomplete.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from transitions import Machine, State

from ..errors import InputError, MissingMethod, no_arc_enabled, step_limit_reached
from ..model.guards import variables_of
from ..model.spec import ArcDecl, Spec
from .machines import MACHINE_CLASS, MACHINE_OPTIONS, event_trigger, planned_arcs
from .stepping import StepControl, failed_run_error, final_state_error
from .trace import StepRecord, TraceSink

DEFAULT_MAX_STEPS = 1_000_000_000


@dataclass(frozen=True)
class RunSummary:
    final_state: int
    steps: int  # for a system: the steps of all its automata together
    # A system's steps, automaton by automaton (not in the repr: a single automaton's reads as before).
    steps_by_automaton: tuple[tuple[str, int], ...] = field(default=(), repr=False)


class _MachineModel:
    """What `transitions` decorates with triggers and `is_<state>` helpers: nothing else lives here."""


class Automaton(StepControl):
    """One spec bound to one context object, ready to run: to the end (`run()`), or one step at a
    time (`step()`, `run_until()`), with `state`, `steps` and `is_final` telling where it is."""

    def __init__(self, spec: Spec, context: object, sinks: Sequence[TraceSink] = (), max_steps: int | None = None) -> None:
        if spec.is_system:
            raise InputError(f"{spec.path}: {spec.automaton} heads a system of automata ({', '.join(spec.automata)}): "
                             "run it with execute() or open_automaton(), which run every automaton of the system")
        self.spec = spec
        self.context = context
        self.sinks = tuple(sinks)
        self.max_steps = DEFAULT_MAX_STEPS if max_steps is None else max_steps
        # The inputs read during the current step, in reading order (a Mealy automaton samples each
        # input once per step). One dictionary for the whole run, cleared between steps: the compiled
        # guards hold a reference to it.
        self._values: dict[str, bool] = {}
        self._clear_values = self._values.clear
        self._fired: ArcDecl | None = None  # the arc taken in the current step: its record names it
        # A pure Mealy machine calls nothing: its `call:` names, if any, only document a model class.
        calls = {name: "" if spec.is_pure else decl.call for name, decl in (*spec.inputs.items(), *spec.outputs.items())}
        self._inputs = {name: bind(context, calls[name], name) for name in spec.inputs}
        self._outputs = {name: bind(context, calls[name], name) for name in spec.outputs}
        self._readers = {name: _reader(self._values, name, method) for name, method in self._inputs.items()}
        # What a step record lists as the outputs of each arc: its actions, then the target's on_enter.
        self._arc_outputs = {arc.index: spec.outputs_of(arc) for arc in spec.arcs}
        # Arcs note that they fired only when someone reads it (sinks, or `step()`, whose records
        # name their arc): a plain run pays nothing for it (see _track_arcs).
        self._tracking = bool(self.sinks)
        self._model, self._machine = self._build_machine(self._tracking)
        self._final = frozenset(str(number) for number, state in spec.states.items() if state.final)
        self._triggers: dict[str, Callable[[], bool]] = {}
        # Where the run is: steps taken, whether the sinks have heard of its start and end, the
        # last step's record (a failure between steps reports it) and the error that ended it.
        self.steps = 0
        self._started = False
        self._finished = False
        self._last: StepRecord | None = None
        self._failure: BaseException | None = None

    # -- construction ---------------------------------------------------------------------------

    def _build_machine(self, tracking: bool) -> tuple[_MachineModel, Machine]:
        spec = self.spec
        model = _MachineModel()
        states = [
            State(str(number), on_enter=self._callbacks(state.on_enter) or None)
            for number, state in spec.states.items()
        ]
        machine = MACHINE_CLASS(model=model, states=states, initial=str(spec.initial), **MACHINE_OPTIONS)
        values, readers = self._values, self._readers
        for event, arcs in planned_arcs(spec).items():
            for planned in arcs:
                machine.add_transition(
                    event, planned.source, planned.dest,
                    conditions=[planned.guard(values, *(readers[name] for name in planned.reads))],
                    # `before`, not `after`: transitions runs the target's on_enter between the two,
                    # and the methodology runs an arc's actions before the state's.
                    before=self._arc_callbacks(planned.arc, tracking) or None,
                )
        return model, machine

    def _track_arcs(self) -> None:
        """Rebuild the machine with arcs that note when they fire, for `step()` without sinks. Only
        ever needed before the first step: a plain `run()` ends its run (final or failed)."""
        assert self.steps == 0, "arcs are tracked from the first step on"
        self._tracking = True
        self._model, self._machine = self._build_machine(True)
        self._triggers.clear()

    def _read_input(self, name: str) -> bool:
        values = self._values
        return values[name] if name in values else self._readers[name]()

    def _callbacks(self, names: Sequence[str]) -> list[Callable[[], None]]:
        """The callbacks running outputs `names` in order: transitions pays for each callback
        (resolving, calling, logging), so several outputs are run by one function, and a single
        output is handed over as the context's own method."""
        methods = tuple(self._outputs[name] for name in names)
        if len(methods) <= 1:
            return list(methods)

        def run_actions() -> None:
            for method in methods:
                method()

        return [run_actions]

    def _arc_callbacks(self, arc: ArcDecl, tracking: bool) -> list[Callable[[], None]]:
        """The arc's actions; when tracking, wrapped in one callback that first notes the arc."""
        callbacks = self._callbacks(arc.actions)
        if not tracking:
            return callbacks
        action = callbacks[0] if callbacks else None

        def fire() -> None:
            self._fired = arc
            if action is not None:
                action()

        return [fire]

    def restart(self) -> None:
        """Back to the initial state, for a new run on the same context: the machine already built
        is kept (building one costs a call per arc, which a pure machine run on thousands of words
        would otherwise pay per word)."""
        self._machine.set_state(str(self.spec.initial), model=self._model)
        self._clear_values()
        self._fired = None
        self.steps = 0
        self._started = self._finished = False
        self._last = None
        self._failure = None

    # -- running --------------------------------------------------------------------------------

    @property
    def state(self) -> int:
        return int(self._model.state)

    @property
    def is_final(self) -> bool:
        return self._model.state in self._final

    @property
    def last_arc(self) -> int | None:
        return self._fired.index if self._fired is not None else None

    def step(self, event: str | None = None) -> StepRecord:
        """Take one step on `event` (the spec's step event by default) and return its record."""
        if self._failure is not None:
            raise failed_run_error(self.spec, self.steps, self._failure)
        if self.is_final:
            raise final_state_error(self.spec, self.state, self.steps)
        event = self._event(event)
        if not self._tracking:
            self._track_arcs()
        self._start(event)
        record = self._step(self._trigger(event), event, True)
        assert record is not None
        return record

    def run(self, event: str | None = None) -> RunSummary:
        """Send `event` (the spec's step event by default) until a final state is reached: `step()`
        in a loop, building the step records only when sinks want them."""
        if self._failure is not None:
            raise failed_run_error(self.spec, self.steps, self._failure)
        event = self._event(event)
        trigger = self._trigger(event)
        self._start(event)
        if self._tracking:
            step, model, final, wanted = self._step, self._model, self._final, bool(self.sinks)
            try:
                while model.state not in final:
                    step(trigger, event, wanted)
            except BaseException as error:
                if self._failure is None:  # raised between two steps: a signal (Ctrl-C, SIGTERM) landed there
                    self._fail(error, event, int(model.state))
                raise
        else:
            self._run_untracked(trigger, event)
        self._finish()
        return RunSummary(self.state, self.steps)

    def _run_untracked(self, trigger: Callable[[], bool], event: str) -> None:
        """`run()`'s loop when nobody reads the steps (no sinks, no `step()` before): what `_step`
        does, without a record to build, in one loop."""
        model, final, clear, limit, steps = self._model, self._final, self._clear_values, self.max_steps, self.steps
        try:
            while model.state not in final:
                if steps >= limit:
                    state = int(model.state)
                    raise step_limit_reached(self.spec.automaton, limit, state, self.spec.states[state].name)
                clear()
                steps += 1
                if not trigger():
                    self.steps = steps
                    self._no_arc_enabled(int(model.state), event)
        except BaseException as error:
            self.steps = steps
            self._failure = error
            raise
        self.steps = steps

    def _event(self, event: str | None) -> str:
        spec = self.spec
        event = event or spec.step_event
        if event not in spec.events:
            raise InputError(f"{spec.path}: event '{event}' is not declared in automaton {spec.automaton}")
        return event

    def _trigger(self, event: str) -> Callable[[], bool]:
        trigger = self._triggers.get(event)
        if trigger is None:
            trigger = self._triggers[event] = event_trigger(self._machine, self._model, event)
        return trigger

    def _start(self, event: str) -> None:
        if not self._started:
            self._started = True
            for sink in self.sinks:
                sink.started(self.spec, self.state, event)

    def _finish(self) -> None:
        if not self._finished:
            self._finished = True
            for sink in self.sinks:
                sink.finished(self.spec, self.state, self.steps)

    def _step(self, trigger: Callable[[], bool], event: str, wanted: bool) -> StepRecord | None:
        """The one step of every run: fire the event, check that an arc was enabled, and build the
        step's record when `wanted` (always when sinks listen), passing it to the sinks. The sinks
        also learn of the run's finish or failure here."""
        model = self._model
        before = model.state
        steps = self.steps
        try:
            if steps >= self.max_steps:
                raise step_limit_reached(self.spec.automaton, self.max_steps, int(before), self.spec.states[int(before)].name)
            self._clear_values()
            self._fired = None
            self.steps = steps = steps + 1
            if not trigger():
                self._no_arc_enabled(int(before), event)
            record = None
            if wanted:
                record = self._last = self._record(steps, event, int(before))
                for sink in self.sinks:
                    sink.step(record)
        except BaseException as error:
            self._fail(error, event, int(before))
            raise
        if model.state in self._final:
            self._finish()
        return record

    def _fail(self, error: BaseException, event: str, before: int) -> None:
        self._failure = error
        if not self.sinks:
            return
        if self.steps == 0:
            failing = None
        elif self._last is not None and self._last.step == self.steps:
            failing = self._last  # the failure came between steps (the step limit): the last step
        else:
            failing = self._record(self.steps, event, before)  # the failing step, as far as it got
        for sink in self.sinks:
            sink.failed(self.spec, failing, error)

    def _no_arc_enabled(self, state: int, event: str) -> None:
        declared = self.spec.states[state]
        if declared.may_stay:
            return
        tested = variables_of(arc.guard for arc in self.spec.arcs_from(state, event))
        values = " ".join(f"{name}={int(self._read_input(name))}" for name in tested) or "(no inputs tested)"
        raise no_arc_enabled(self.spec.automaton, state, declared.name, event, values,
                             f"{self.spec.path}:{declared.loc.line}")

    def _record(self, step: int, event: str, before: int) -> StepRecord:
        arc = self._fired
        return StepRecord(
            automaton=self.spec.automaton,
            step=step,
            event=event,
            state_before=before,
            inputs=tuple(self._values.items()),
            arc=arc.index if arc is not None else None,
            outputs=self._arc_outputs[arc.index] if arc is not None else (),
            state_after=int(self._model.state),
        )


def _reader(values: dict[str, bool], name: str, method: Callable[[], Any]) -> Callable[[], bool]:
    """Reads input `name` from the context and records the value for the rest of the step."""

    def read() -> bool:
        value = values[name] = bool(method())  # transitions compares with `== True`: a real bool
        return value

    return read


def bind(context: object, method: str, name: str) -> Callable[[], Any]:
    """The context's method behind input or output `name`; a missing one is named in the error.
    Without a method (a pure Mealy machine), the context's `symbol(name)` supplies the input's
    value or stands for the output (automata.runtime.words.SymbolContext)."""
    if not method:
        symbol = getattr(context, "symbol", None)
        if symbol is None:
            raise InputError(f"{name} calls no method: a spec without a context is a pure Mealy machine, run on "
                             "words of events (automata.runtime.words.run_word)")
        return symbol(name)
    try:
        return getattr(context, method)
    except AttributeError:
        public = [attribute for attribute in dir(type(context)) if not attribute.startswith("_")]
        close = difflib.get_close_matches(method, public, n=1)
        raise MissingMethod(name, method, type(context).__name__, close[0] if close else "") from None
