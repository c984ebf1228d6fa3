"""How the engines build and fire `transitions` machines, at the lowest cost the library allows.

bench/floor.py builds the bare machine the engine is measured against the same way, and
docs/performance.md measures each choice against the plain way of the library's documentation:

- `GuardedMachine`: conditions are functions already (compiled guards, a context's methods), so
  `Condition.check` calls them without `Machine.resolve_callable`, through the
  `Transition.condition_cls` hook `transitions` documents for changing how conditions resolve;
- `MACHINE_OPTIONS`: no auto transitions (`to_<state>` triggers no spec has), a state without arcs
  for an event is reported by the run loop, and callbacks take no event data;
- `event_trigger`: an event fired through its own `Event._trigger`, skipping `Machine._process`;
- `planned_arcs`: what a spec's machine is made of, worked out once per spec rather than per run.
"""

from __future__ import annotations

import functools
import inspect
import weakref
from collections.abc import Callable
from dataclasses import dataclass

from transitions import Event, Machine, Transition
from transitions.core import Condition, EventData

from ..model.spec import ArcDecl, Spec
from .compiled_guards import GuardBinder, guard_binder


class _CallableCondition(Condition):
    """A condition that is a function already: transitions' `resolve_callable`, which would look a
    name up on the model, has nothing to do."""

    def check(self, event_data: EventData) -> bool:
        return self.func() == self.target


class _Transition(Transition):
    condition_cls = _CallableCondition


class GuardedMachine(Machine):
    """A `transitions.Machine` whose conditions are called as they are, never resolved by name."""

    transition_cls = _Transition


MACHINE_CLASS = GuardedMachine
MACHINE_OPTIONS = {"auto_transitions": False, "ignore_invalid_triggers": True, "send_event": False}


def event_trigger(machine: Machine, model: object, event: str) -> Callable[[], bool]:
    """A function firing `event` on `model`, as the trigger method transitions gives the model does.

    That method (`Event.trigger`) wraps the call in a partial and hands it to `Machine._process`,
    which runs it at once unless the machine queues events; the engines' machines never queue, nor
    fire an event from inside a callback, so the event's own `_trigger` is called straight away
    with the event data the method would build, saving two calls a step. An event no arc listens
    to has no Event: transitions then ignores it, and the run loop reports it.
    """
    known = machine.events.get(event)
    if known is None:
        return functools.partial(getattr(model, "trigger"), event)
    if machine.has_queue or not _DIRECT_TRIGGER:
        return functools.partial(known.trigger, model)
    fire = known._trigger  # noqa: SLF001 - see above: Machine._process would call it at once

    def trigger() -> bool:
        return fire(EventData(None, known, machine, model, (), {}))

    return trigger


def _takes_event_data() -> bool:
    """Whether this transitions' Event._trigger takes the event data, as 0.9 does (else the public path)."""
    try:
        return list(inspect.signature(Event._trigger).parameters) == ["self", "event_data"]  # noqa: SLF001
    except (AttributeError, TypeError, ValueError):
        return False


_DIRECT_TRIGGER = _takes_event_data()


@dataclass(frozen=True)
class PlannedArc:
    """One arc as the engine adds it to a machine; only the context's methods are left to bind."""

    arc: ArcDecl
    source: str
    dest: str | None  # None: a loop to a state without entry actions, added as an internal transition
    guard: GuardBinder  # binds the compiled guard to a run's readings and readers
    reads: tuple[str, ...]  # the inputs the guard may read, in the binder's order


# Memo: spec (by identity, while it lives) -> its planned arcs. A Spec is immutable, and sweeps build
# one machine per run of the same spec thousands of times.
_PLANS: dict[int, tuple[weakref.ref, dict[str, tuple[PlannedArc, ...]]]] = {}


def planned_arcs(spec: Spec) -> dict[str, tuple[PlannedArc, ...]]:
    """Per event, the spec's arcs in the order the machine tries them (state by state)."""
    known = _PLANS.get(id(spec))
    if known is not None and known[0]() is spec:
        return known[1]
    plan = {event: tuple(_planned(spec, arc) for number in spec.states for arc in spec.arcs_from(number, event))
            for event in spec.events}
    key = id(spec)
    _PLANS[key] = (weakref.ref(spec, lambda _: _PLANS.pop(key, None)), plan)
    return plan


def _planned(spec: Spec, arc: ArcDecl) -> PlannedArc:
    # A loop to a state with no entry actions is added as an internal transition (dest None):
    # transitions then skips its exit/enter machinery, a third of a step's cost, with the same
    # observable behaviour. Loops to states with entry actions re-enter, running them.
    internal = arc.source == arc.target and not spec.states[arc.target].on_enter
    binder, reads = guard_binder(arc.guard)
    return PlannedArc(arc, str(arc.source), None if internal else str(arc.target), binder, reads)
