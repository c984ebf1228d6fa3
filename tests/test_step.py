"""The step API: both runtimes driven one step at a time give the records a whole run traces, and
running to a condition stops where it says."""

from __future__ import annotations

from typing import Any

import pytest
from core_support import COUNTER_SPEC, Counter
from hypothesis import HealthCheck, given, settings

from automata.analysis.random_machines import Machine, machines, make_context
from automata.errors import InputError, RunError
from automata.io.loader import load_spec, spec_from_text
from automata.runtime.engine import Automaton
from automata.runtime.runner import execute
from automata.runtime.stepwise import STEPPING_ENGINES, open_automaton
from automata.runtime.trace import MemorySink


@pytest.fixture
def spec():
    return spec_from_text(COUNTER_SPEC, "counter.yaml")


def traced_run(spec: Any, context: object, engine: str = "transitions") -> MemorySink:
    sink = MemorySink()
    execute(spec, context, engine=engine, sinks=[sink])
    return sink


@pytest.mark.parametrize("engine", STEPPING_ENGINES)
def test_step_returns_the_records_a_whole_run_traces(spec, engine):
    expected = traced_run(spec, Counter(limit=3)).records
    automaton = open_automaton(spec, Counter(limit=3), engine=engine)
    assert (automaton.state, automaton.steps, automaton.is_final) == (0, 0, False)
    records = []
    while not automaton.is_final:
        records.append(automaton.step())
        assert automaton.state == records[-1].state_after and automaton.steps == len(records)
    assert records == expected
    assert records[0].inputs == (("x1", False), ("x2", True)) and records[0].outputs == ("z2", "z1")


@pytest.mark.parametrize("engine", STEPPING_ENGINES)
def test_a_finished_run_refuses_another_step(spec, engine):
    automaton = open_automaton(spec, Counter(limit=0), engine=engine)
    record = automaton.step()
    assert (record.arc, record.state_after, automaton.is_final) == (0, 1, True)
    with pytest.raises(RunError, match="the run is over: state 1 \\(Done\\) is final"):
        automaton.step()


@pytest.mark.parametrize("engine", STEPPING_ENGINES)
def test_run_until_a_state_a_step_or_the_end(spec, engine):
    automaton = open_automaton(spec, Counter(limit=4), engine=engine)
    assert automaton.run_until(step=2).step == 2
    assert automaton.run_until(step=2) is None  # already there: no step taken
    record = automaton.run_until(state=1)
    assert (record.state_after, automaton.steps, automaton.is_final) == (1, 5, True)
    assert automaton.run_until(state=0) is None
    with pytest.raises(InputError, match="no state 9"):
        open_automaton(spec, Counter(), engine=engine).run_until(state=9)


@pytest.mark.parametrize("engine", STEPPING_ENGINES)
def test_steps_then_run_trace_exactly_one_whole_run(spec, engine):
    """Sinks hear of one start and one finish whichever way the run is driven."""
    expected = traced_run(spec, Counter(limit=5))
    sink = MemorySink()
    automaton = open_automaton(spec, Counter(limit=5), engine=engine, sinks=[sink])
    automaton.step()
    automaton.run_until(step=3)
    summary = automaton.run()
    assert (summary.final_state, summary.steps) == (1, 6)
    assert sink.records == expected.records and sink.final_state == 1


@pytest.mark.parametrize("engine", STEPPING_ENGINES)
def test_a_failed_step_ends_the_run(spec, engine):
    failing = spec_from_text(COUNTER_SPEC.replace("[z2, z1]", "[z2, z4]").replace(
        "z3: {doc", "z4: {doc: \"fail\", call: explode}\n  z3: {doc"), "counter.yaml")
    sink = MemorySink()
    automaton = open_automaton(failing, Counter(limit=3), engine=engine, sinks=[sink])
    with pytest.raises(ValueError, match="on purpose"):
        automaton.step()
    assert sink.records[0].arc == 1 and isinstance(sink.error, ValueError)
    with pytest.raises(RunError, match="failed at step 1"):
        automaton.step()


def test_the_knight_tour_steps_alike_on_both_runtimes():
    from automata.runtime.events import Recorder
    from solvers.knight_tour.model import KnightTour, KnightTourInstance

    spec = load_spec("specs/knight_tour.yaml")
    instance = KnightTourInstance(5, 5, (1, 1))
    expected = traced_run(spec, KnightTour(instance, Recorder())).records
    for engine in STEPPING_ENGINES:
        automaton = open_automaton(spec, KnightTour(instance, Recorder()), engine=engine)
        records = [automaton.step() for _ in range(10)]
        automaton.run()
        assert records == expected[:10], engine
        assert automaton.steps == len(expected), engine


def test_automaton_steps_on_a_named_event():
    text = COUNTER_SPEC.replace('  e0: {doc: "next step"}', '  e0: {doc: "next step"}\n  e1: {doc: "reset"}')
    text = text.replace("arcs:\n", "arcs:\n  - {from: 0, to: 1, event: e1}\n")
    automaton = Automaton(spec_from_text(text, "counter.yaml"), Counter())
    assert automaton.step().state_after == 0
    record = automaton.step("e1")
    assert (record.event, record.state_after) == ("e1", 1)
    generated = open_automaton(spec_from_text(text, "counter.yaml"), Counter(), engine="generated")
    assert generated.step().state_after == 0
    assert generated.step("e1") == record  # the generated code takes events too (its step(state, event))
    with pytest.raises(InputError, match="not declared"):
        generated.step("e7")


def stepped(engine: str, spec: Any, answers: tuple[Any, ...], max_steps: int) -> tuple:
    """A run driven by step() alone, as (records, error text, calls)."""
    context = make_context(spec, answers)
    automaton = open_automaton(spec, context, engine=engine, max_steps=max_steps)
    records = []
    try:
        while not automaton.is_final:
            records.append(automaton.step())
    except RunError as error:
        return records, str(error), context.calls
    return records, None, context.calls


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(machines())
def test_stepping_agrees_with_a_traced_run_on_random_machines(machine: Machine) -> None:
    spec = spec_from_text(machine.spec_text, "random_machine.yaml")
    context = make_context(spec, machine.answers)
    sink = MemorySink()
    try:
        execute(spec, context, "transitions", [sink], machine.max_steps)
    except RunError:
        pass
    # A failed run's trace ends with the failing step (or, at the step limit, the last step again).
    completed = sink.records if sink.error is None else sink.records[:-1]
    for engine in STEPPING_ENGINES:
        records, error, calls = stepped(engine, spec, machine.answers, machine.max_steps)
        assert calls == context.calls, engine
        assert (error is None) == (sink.error is None), engine
        if error is not None:
            assert error == str(sink.error), engine
        assert records == completed, engine
