"""The shortcuts taken for speed change nothing observable: compiled guards read the same inputs in
the same order as the guard's AST, the hand-made JSON lines are what `json` writes, a traced step
limit still reports the last step, and the benchmark harness times every implementation alike."""

from __future__ import annotations

import itertools
import json
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from automata.runtime.runner import execute
from automata.errors import RunError
from automata.model.guards import And, Const, Not, Or, Var
from automata.runtime.compiled_guards import compile_cached_guard, compile_guard
from automata.io.loader import spec_from_text
from automata.runtime.trace import MemorySink, StepLineWriter, StepRecord
from core_support import COUNTER_SPEC, Counter

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from harness import Case, measure  # noqa: E402

NAMES = ("x1", "x2", "x3", "x4")

guards = st.recursive(
    st.sampled_from(NAMES).map(Var) | st.booleans().map(Const),
    lambda inner: inner.map(Not)
    | st.lists(inner, min_size=2, max_size=4).map(lambda ops: And(tuple(ops)))
    | st.lists(inner, min_size=2, max_size=4).map(lambda ops: Or(tuple(ops))),
    max_leaves=10,
)


def reading_log(guard, values):
    """What Guard.evaluate reads, in order (an input may be asked twice: the AST has no cache)."""
    log: list[str] = []

    def lookup(name: str) -> bool:
        log.append(name)
        return values[name]

    return guard.evaluate(lookup), log


@given(guards, st.tuples(*[st.booleans()] * len(NAMES)))
def test_compiled_guards_read_what_the_ast_reads_in_the_same_order(guard, bits):
    values = dict(zip(NAMES, bits))
    expected, expected_log = reading_log(guard, values)

    log: list[str] = []
    plain = compile_guard(guard, lambda name: log.append(name) or values[name])
    assert plain() == expected and log == expected_log

    # The cached form asks the context only the first time: the AST's readings without repeats.
    cache: dict[str, bool] = {}
    asked: list[str] = []

    def reader(name: str):
        def read() -> bool:
            asked.append(name)
            value = cache[name] = values[name]
            return value

        return read

    cached = compile_cached_guard(guard, cache, {name: reader(name) for name in NAMES})
    assert cached() is expected
    assert asked == list(dict.fromkeys(expected_log))
    assert list(cache) == asked  # reading order is the order a step record lists the inputs in


def test_a_cached_input_is_not_asked_again():
    guard = And((Not(Var("x1")), Var("x2")))
    asked: list[str] = []
    cache = {"x1": False}

    def read_x2() -> bool:
        asked.append("x2")
        cache["x2"] = True
        return True

    compiled = compile_cached_guard(guard, cache, {"x1": lambda: pytest.fail("x1 was cached"), "x2": read_x2})
    assert compiled() is True and asked == ["x2"]
    assert compiled() is True and asked == ["x2"]  # now both come from the step's cache


text = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)


@given(
    automaton=text, event=text, step=st.integers(1, 10**9), before=st.integers(0, 10**6), after=st.integers(0, 10**6),
    inputs=st.lists(st.tuples(text, st.booleans()), max_size=5), arc=st.none() | st.integers(0, 999),
    outputs=st.lists(text, max_size=4),
)
def test_jsonl_step_lines_are_exactly_what_json_writes(automaton, event, step, before, after, inputs, arc, outputs):
    record = StepRecord(automaton, step, event, before, tuple(inputs), arc, tuple(outputs), after)
    writer = StepLineWriter()
    expected = json.dumps(record.as_dict(), separators=(",", ":")) + "\n"
    assert writer.line(record) == expected
    assert writer.line(record) == expected  # and again, from the writer's caches


def test_a_traced_step_limit_reports_the_last_step_taken():
    spec = spec_from_text(COUNTER_SPEC, "counter.yaml")
    sink = MemorySink()
    with pytest.raises(RunError, match="step limit of 2"):
        execute(spec, Counter(limit=10), sinks=[sink], max_steps=2)
    last_step, failing = sink.records[-2], sink.records[-1]
    assert failing == last_step and failing.arc is not None


def test_the_harness_runs_every_implementation_equally_often():
    calls = {"iterative": 0, "automaton": 0}

    def run(name: str):
        def count() -> None:
            calls[name] += 1

        return count

    timing = measure(Case("group", "case", {name: run(name) for name in calls}), repeat=3)
    assert calls["iterative"] == calls["automaton"] > 3  # trivial runs are batched
    assert set(timing.seconds) == set(calls) and all(seconds > 0 for seconds in timing.seconds.values())


def test_every_project_spec_still_tries_arcs_in_an_order_that_cannot_matter():
    """Arcs were reordered hot-first for speed: that is safe only because the guards of the arcs
    leaving a state are pairwise exclusive (no two enabled at once), whatever the inputs."""
    from automata.io.files import PROJECT_ROOT
    from automata.io.loader import load_spec

    for path in sorted((PROJECT_ROOT / "specs").glob("*.yaml")):
        spec = load_spec(path)
        for state in spec.states:
            arcs = spec.arcs_from(state)
            names = sorted({name for arc in arcs for name in arc.guard.variables()})
            for bits in itertools.product([False, True], repeat=len(names)):
                values = dict(zip(names, bits))
                tested = [name.partition("=")[0] for name in names if name.startswith("y") and values[name]]
                if len(tested) != len(set(tested)):
                    continue  # two states of one automaton (a state test `y1 == 3` of a system) at once
                enabled = [arc.index for arc in arcs if arc.guard.evaluate(values.__getitem__)]
                assert len(enabled) <= 1, f"{path.name}: state {state} has overlapping arcs {enabled} at {values}"


def test_an_event_no_arc_listens_to_is_reported_like_any_step_without_an_enabled_arc():
    """The run loop calls the event's trigger directly; an event without arcs has none."""
    from automata.runtime.engine import Automaton

    text = COUNTER_SPEC.replace('  e0: {doc: "next step"}', '  e0: {doc: "next step"}\n  e1: {doc: "never used"}')
    with pytest.raises(RunError, match="no arc enabled in state 0 \\(Counting\\) on e1"):
        Automaton(spec_from_text(text, "counter.yaml"), Counter()).run("e1")


def test_a_guard_nested_deeper_than_python_parses_is_still_decided():
    from automata.model.guards import parse_guard

    deep = parse_guard("!" * 301 + "x1")  # 301 nested negations: Python would refuse the compiled text
    cache: dict[str, bool] = {}

    def read_x1() -> bool:
        cache["x1"] = True
        return True

    assert compile_guard(deep, {"x1": True}.__getitem__)() is False
    assert compile_cached_guard(deep, cache, {"x1": read_x1})() is False and cache == {"x1": True}
