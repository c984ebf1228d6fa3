"""`delegate`: a context method that is its model's own method, and the machines the engine builds."""

from __future__ import annotations

import functools

from automata.io.loader import load_spec
from automata.runtime.context import check_bindings
from automata.runtime.delegation import delegate
from automata.runtime.machines import MACHINE_CLASS, MACHINE_OPTIONS, event_trigger
from automata.runtime.events import NullObserver
from automata.runtime.instrument import wrap_methods
from solvers.queens.algorithms import QueensOptions
from solvers.queens.backtracking.program import make_context


class Model:
    def __init__(self) -> None:
        self.done: list[int] = []

    def ask(self) -> bool:
        return not self.done

    def act(self, value: int = 1) -> None:
        self.done.append(value)


class Context:
    def __init__(self, model: Model) -> None:
        self.model = model

    ask = delegate("model")
    run = delegate("model", "act")


def test_a_delegated_method_is_the_models_own_bound_method():
    context = Context(Model())
    assert context.ask.__self__ is context.model and context.ask.__func__ is Model.ask
    assert context.run.__func__ is Model.act
    Context.run(context, 5)  # through the class, as a plain method would be called
    assert context.model.done == [5] and Context.ask(context) is False
    assert callable(Context.ask) and "self.model.act" in repr(Context.run)


def test_delegating_contexts_pass_the_binding_check_and_can_still_be_watched():
    spec = load_spec("specs/queens_backtracking.yaml")
    check_bindings(spec)
    context = make_context(QueensOptions(4), NullObserver())
    seen: list[str] = []
    wrap_methods(context, spec, before=lambda kind, name: seen.append(name))
    context.has_free_row()
    context.place_queen()
    assert seen == ["x2", "z1"] and context.search.rows()[0] == 1


def test_events_fire_through_the_public_trigger_when_the_machine_queues():
    class Holder:
        pass

    model = Holder()
    machine = MACHINE_CLASS(model=model, states=["a", "b"], initial="a", queued=True, **MACHINE_OPTIONS)
    machine.add_transition("go", "a", "b", conditions=[lambda: True])
    trigger = event_trigger(machine, model, "go")
    assert isinstance(trigger, functools.partial) and trigger() and model.state == "b"
    unqueued = Holder()
    plain = MACHINE_CLASS(model=unqueued, states=["a", "b"], initial="a", **MACHINE_OPTIONS)
    plain.add_transition("go", "a", "b", conditions=[lambda: False], unless=[lambda: False])
    plain.add_transition("go", "a", "b", unless=[lambda: False])
    assert event_trigger(plain, unqueued, "go")() and unqueued.state == "b"
    assert event_trigger(plain, unqueued, "missing")() is False  # no arc listens: ignored, reported by the run loop
