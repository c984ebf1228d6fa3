"""Running a spec on the `transitions` library.

The spec becomes a `transitions.Machine` over a dedicated model object (so the attributes
`transitions` adds never clash with the context's methods), with `auto_transitions` off. The
machine is driven from an outer loop, one event per step, never from inside a callback: nested
triggering would recurse once per step. `transitions` treats "no arc enabled" as a silent no-op;
here it is an error naming the state and the inputs' values, because it means the graph is
incomplete.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from transitions import Machine, State

from ..errors import InputError, no_arc_enabled, step_limit_reached
from ..model.guards import variables_of
from ..model.spec import ArcDecl, Spec
from .compiled_guards import compile_cached_guard
from .trace import StepRecord, TraceSink

DEFAULT_MAX_STEPS = 1_000_000_000


@dataclass(frozen=True)
class RunSummary:
    final_state: int
    steps: int


class _MachineModel:
    """What `transitions` decorates with triggers and `is_<state>` helpers: nothing else lives here."""


class Automaton:
    """One spec bound to one context object, ready to run."""

    def __init__(self, spec: Spec, context: object, sinks: Sequence[TraceSink] = (), max_steps: int | None = None) -> None:
        self.spec = spec
        self.context = context
        self.sinks = tuple(sinks)
        self.max_steps = DEFAULT_MAX_STEPS if max_steps is None else max_steps
        # The inputs read during the current step, in reading order (a Mealy automaton samples each
        # input once per step). One dictionary for the whole run, cleared between steps: the compiled
        # guards hold a reference to it.
        self._values: dict[str, bool] = {}
        self._fired: ArcDecl | None = None  # kept only when tracing: the step records name the arc
        self._inputs = {name: bind(context, decl.call, name) for name, decl in spec.inputs.items()}
        self._outputs = {name: bind(context, decl.call, name) for name, decl in spec.outputs.items()}
        self._readers = {name: _reader(self._values, name, method) for name, method in self._inputs.items()}
        # What a step record lists as the outputs of each arc: its actions, then the target's on_enter.
        self._arc_outputs = {arc.index: spec.outputs_of(arc) for arc in spec.arcs}
        self._model = _MachineModel()
        self._machine = self._build_machine()

    # -- construction ---------------------------------------------------------------------------

    def _build_machine(self) -> Machine:
        spec = self.spec
        states = [
            State(str(number), on_enter=self._callbacks(state.on_enter) or None)
            for number, state in spec.states.items()
        ]
        machine = Machine(
            model=self._model,
            states=states,
            initial=str(spec.initial),
            auto_transitions=False,
            send_event=False,
            ignore_invalid_triggers=True,  # a state without arcs for the event: reported by the run loop
        )
        for number in spec.states:
            for event in spec.events:
                for arc in spec.arcs_from(number, event):
                    machine.add_transition(
                        event,
                        str(arc.source),
                        self._destination(arc),
                        conditions=[compile_cached_guard(arc.guard, self._values, self._readers)],
                        # `before`, not `after`: transitions runs the target's on_enter between the two,
                        # and the methodology runs an arc's actions before the state's.
                        before=self._arc_callbacks(arc) or None,
                    )
        return machine

    def _destination(self, arc: ArcDecl) -> str | None:
        # A loop to a state with no entry actions is added as an internal transition (dest None):
        # transitions then skips its exit/enter machinery, a third of a step's cost, with the
        # same observable behaviour. Loops to states with entry actions re-enter, running them.
        if arc.source == arc.target and not self.spec.states[arc.target].on_enter:
            return None
        return str(arc.target)

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

    def _arc_callbacks(self, arc: ArcDecl) -> list[Callable[[], None]]:
        callbacks = self._callbacks(arc.actions)
        if not self.sinks:
            return callbacks

        def fire() -> None:
            self._fired = arc
            for callback in callbacks:
                callback()

        return [fire]

    # -- running --------------------------------------------------------------------------------

    @property
    def state(self) -> int:
        return int(self._model.state)

    def run(self, event: str | None = None) -> RunSummary:
        """Send `event` (the spec's step event by default) until a final state is reached."""
        spec = self.spec
        event = event or spec.step_event
        if event not in spec.events:
            raise InputError(f"{spec.path}: event '{event}' is not declared in automaton {spec.automaton}")
        final = {str(number) for number, state in spec.states.items() if state.final}
        for sink in self.sinks:
            sink.started(spec, self.state, event)
        model = self._model
        # What transitions binds to the model as the event's trigger method, taken straight from the
        # event: `model.trigger(event)` would look the event up by name on every step. An event no
        # arc listens to has no Event; transitions then ignores it, and the loop reports the step.
        known = self._machine.events.get(event)
        if known is not None:
            trigger = functools.partial(known.trigger, model)
        else:
            trigger = functools.partial(model.trigger, event)
        values = self._values
        sinks = self.sinks
        max_steps = self.max_steps
        steps = 0
        try:
            while model.state not in final:
                if steps >= max_steps:
                    raise step_limit_reached(spec.automaton, self.max_steps, self.state, spec.states[self.state].name)
                before = model.state
                values.clear()
                if sinks:
                    self._fired = None
                steps += 1
                if not trigger():
                    self._no_arc_enabled(int(before), event)
                if sinks:
                    record = self._record(steps, event, int(before))
                    for sink in sinks:
                        sink.step(record)
        except BaseException as error:
            failing = self._record(steps, event, int(before)) if steps else None
            for sink in self.sinks:
                sink.failed(spec, failing, error)
            raise
        final_state = self.state
        for sink in self.sinks:
            sink.finished(spec, final_state, steps)
        return RunSummary(final_state, steps)

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
    """The context's method behind input or output `name`; a missing one is named in the error."""
    try:
        return getattr(context, method)
    except AttributeError:
        raise InputError(f"{name} calls '{method}', which {type(context).__name__} does not have") from None
