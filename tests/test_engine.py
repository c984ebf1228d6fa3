"""The engine runs specs on transitions faithfully: order of actions, one read per input per step,
errors for incomplete graphs and runaway runs, traces complete even on failure."""

import json

import pytest

from automata.runtime.engine import Automaton
from automata.runtime.runner import execute
from automata.errors import InputError, RunError
from automata.io.loader import spec_from_text
from automata.runtime.trace import JsonlSink, MemorySink, ProtocolSink
from core_support import COUNTER_SPEC, Counter


@pytest.fixture
def spec():
    return spec_from_text(COUNTER_SPEC, "counter.yaml")


def test_runs_to_the_final_state_with_actions_in_spec_order(spec):
    counter = Counter(limit=3)
    summary = execute(spec, counter)
    assert (summary.final_state, summary.steps) == (1, 4)
    # count 0 is even: z2 then z1; 1 odd: z1; 2 even: z2, z1; then the final state's on_enter z3.
    assert counter.log == ["note_even", "count_one", "count_one", "note_even", "count_one", "say_done"]


def test_each_input_is_read_once_per_step_in_guard_order(spec):
    counter = Counter(limit=1)
    sink = MemorySink()
    execute(spec, counter, sinks=[sink])
    assert counter.reads == ["is_done", "is_even", "is_done"]
    assert [record.inputs for record in sink.records] == [(("x1", False), ("x2", True)), (("x1", True),)]
    assert [record.arc for record in sink.records] == [1, 0]
    assert [record.outputs for record in sink.records] == [("z2", "z1"), ("z3",)]


def test_guard_results_are_coerced_to_bool(spec):
    class Loose(Counter):
        def is_done(self):
            return [1] if self.count >= self.limit else None  # truthy/falsy, not bool

    assert execute(spec, Loose(limit=2)).final_state == 1


def test_no_enabled_arc_is_an_error_naming_state_and_inputs(spec):
    incomplete = spec_from_text(COUNTER_SPEC.replace('guard: "!x1 & !x2"', 'guard: "0"'), "counter.yaml")
    with pytest.raises(RunError) as raised:
        execute(incomplete, Counter(limit=5))
    message = str(raised.value)
    assert "no arc enabled in state 0 (Counting)" in message
    assert "x1=0 x2=0" in message and "counter.yaml" in message


def test_may_stay_turns_no_arc_into_a_stay():
    text = COUNTER_SPEC.replace("0: {name: Counting}", "0: {name: Counting, may_stay: true}").replace(
        'guard: "!x1 & !x2"', 'guard: "0"'
    )
    sink = MemorySink()
    with pytest.raises(RunError, match="step limit of 5"):
        execute(spec_from_text(text), Counter(limit=5), sinks=[sink], max_steps=5)
    assert sink.records[1].arc is None and sink.records[1].state_after == 0


def test_step_limit(spec):
    with pytest.raises(RunError, match="step limit of 2 reached in state 0 \\(Counting\\)"):
        execute(spec, Counter(limit=10), max_steps=2)


def test_the_model_is_separate_from_the_context(spec):
    counter = Counter()
    Automaton(spec, counter)
    assert not hasattr(counter, "trigger") and not hasattr(counter, "state")


def test_unknown_engine(spec):
    with pytest.raises(InputError, match="unknown engine"):
        execute(spec, Counter(), engine="quantum")


def test_jsonl_trace_is_complete_and_valid_when_the_run_fails(spec, tmp_path):
    failing = spec_from_text(COUNTER_SPEC.replace("call: note_even", "call: explode"), "counter.yaml")
    path = tmp_path / "run.jsonl"
    sink = JsonlSink(path)
    with pytest.raises(ValueError):
        try:
            execute(failing, Counter(limit=3), sinks=[sink])
        finally:
            sink.close()
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["type"] for r in records] == ["start", "failed-step", "error"]
    assert records[1]["inputs"] == [["x1", False], ["x2", True]]
    assert records[-1]["message"] == "the context failed on purpose"
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


def test_jsonl_trace_of_a_successful_run(spec, tmp_path):
    path = tmp_path / "run.jsonl"
    sink = JsonlSink(path)
    execute(spec, Counter(limit=1), sinks=[sink])
    sink.close()
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["type"] for r in records] == ["start", "step", "step", "finish"]
    assert records[-1] == {"type": "finish", "automaton": "A7", "state": 1, "steps": 2}


def test_protocol_lines_and_switching_kinds(spec, capsys):
    import io

    stream = io.StringIO()
    execute(spec, Counter(limit=1), sinks=[ProtocolSink(stream)])
    lines = stream.getvalue().splitlines()
    assert lines[:5] == [
        "{ A7: started in state 0 (Counting) with event e0",
        "i x1: the limit is reached? - NO",
        "i x2: the count is even? - YES",
        "* z2: note an even count",
        "* z1: count one more",
    ]
    assert lines[5] == "T A7: moved from state 0 to state 0"
    assert lines[-2:] == ["T A7: moved from state 0 to state 1", "} A7: finished in state 1 (Done)"]
    only_moves = io.StringIO()
    execute(spec, Counter(limit=1), sinks=[ProtocolSink(only_moves, kinds=frozenset({"transition"}))])
    assert only_moves.getvalue().splitlines() == [
        "T A7: moved from state 0 to state 0",
        "T A7: moved from state 0 to state 1",
    ]
