"""Running systems of automata (docs/systems.md): the order of nesting, calling and state
exchange, the nested protocol, traces, failures and step limits, on both engines; and the
shipped knight's tour system (A0 calling A1) proved equal to the single automaton's references."""

from __future__ import annotations

import json
import sys
from io import StringIO
from pathlib import Path

import pytest
from core_support import run_cli

from automata.errors import RunError
from automata.io.codegen import generate_source
from automata.io.loader import load_spec, load_system
from automata.runtime.runner import execute
from automata.runtime.stepwise import open_automaton
from automata.runtime.system_interpreter import interpret_system
from automata.runtime.trace import JsonlSink, MemorySink, ProtocolSink

ROOT = Path(__file__).parents[1]
TOY = Path(__file__).parent / "data" / "systems"
ENGINES = ("transitions", "generated")
HEAD = "title: T\ncontext: x:Board\ninitial: 0\nevents: {e0: {doc: step}, e1: {doc: other}}\n"


class Board:
    """A context whose questions answer from a list (then NO) and whose actions are logged."""

    def __init__(self, *answers: bool) -> None:
        self.answers = list(answers)
        self.log: list[str] = []

    def __getattr__(self, name: str):
        if name.startswith("ask"):
            return lambda: self.answers.pop(0) if self.answers else False
        if name.startswith("do"):
            return lambda: self.log.append(name[3:])
        raise AttributeError(name)


def system(tmp_path: Path, **files: str) -> Path:
    for name, text in files.items():
        (tmp_path / f"{name}.yaml").write_text(text)
    return tmp_path / "a0.yaml"


def run(path: Path, engine: str, context: object, max_steps: int | None = None) -> list:
    sink = MemorySink()
    execute(load_spec(path), context, engine, [sink], max_steps)
    return [(r.automaton, r.state_before, r.state_after, r.depth, r.via) for r in sink.records]


# ---- the order of things -----------------------------------------------------------------------

COUNTER = ("automaton: A2\n" + HEAD + "outputs: {z1: {doc: tick, call: do_tick}}\n"
           "states: {0: {name: One}, 1: {name: Two}, 2: {name: Three, final: true}}\n"
           "arcs:\n  - {from: 0, to: 1, actions: [z1]}\n  - {from: 1, to: 2, actions: [z1]}\n")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_nested_automaton_steps_first_and_restarts_when_its_state_is_entered_again(tmp_path: Path, engine: str) -> None:
    """A0 stays in state 0 (a loop) while A2 counts, leaves when A2 is in state 1 (A2's step came
    first), and comes back: A2 starts again from its initial state, not where it was."""
    root = ("automaton: A0\n" + HEAD + "automata: {A2: a2.yaml}\n"
            "inputs: {x1: {doc: again?, call: ask_again}}\n"
            "states: {0: {name: Watching, nested: [A2]}, 1: {name: Away}, 2: {name: End, final: true}}\n"
            "arcs:\n  - {from: 0, to: 1, guard: 'y2 == 1'}\n  - {from: 0, to: 0, guard: 'y2 != 1'}\n"
            "  - {from: 1, to: 0, guard: x1}\n  - {from: 1, to: 2, guard: '!x1'}\n")
    path = system(tmp_path, a0=root, a2=COUNTER)
    board = Board(True)  # come back once
    assert run(path, engine, board) == [
        ("A2", 0, 1, 1, -1), ("A0", 0, 1, 0, -1),  # A2's step, then A0 sees y2 == 1 at once
        ("A0", 1, 0, 0, -1),  # back in state 0: A2 restarted
        ("A2", 0, 1, 1, -1), ("A0", 0, 1, 0, -1),
        ("A0", 1, 2, 0, -1),
    ]
    assert board.log == ["tick", "tick"]


CALLEE = ("automaton: A1\n" + HEAD + "automata: {A0: a0.yaml}\n"
          "outputs: {z1: {doc: mark, call: do_mark}, z2: {doc: other event, call: do_other}}\n"
          "states: {0: {name: Go}, 1: {name: Saw A0 in 0, final: true}, 2: {name: Saw A0 elsewhere, final: true}}\n"
          "arcs:\n  - {from: 0, to: 1, guard: 'y0 == 0', actions: [z1]}\n  - {from: 0, to: 2, guard: 'y0 != 0'}\n"
          "  - {from: 0, to: 2, event: e1, actions: [z2]}\n")


@pytest.mark.parametrize("engine", ENGINES)
def test_a_call_restarts_the_callee_and_a_caller_shows_its_state_before_the_step(tmp_path: Path, engine: str) -> None:
    """A0 calls A1 on the arc leaving state 0 and again on entering state 2: during the first
    call A0 is still in state 0 (its step is not over), during the second in state 1. Each call
    starts A1 in its initial state; the second sends e1."""
    root = ("automaton: A0\n" + HEAD + "automata: {A1: a1.yaml}\n"
            "outputs: {z1: {doc: call A1, run: A1}, z2: {doc: call A1 with e1, run: A1, event: e1}, "
            "z3: {doc: say, call: do_say}}\n"
            "states: {0: {name: S}, 1: {name: M}, 2: {name: E, final: true, on_enter: [z3, z2]}}\n"
            "arcs:\n  - {from: 0, to: 1, actions: [z3, z1]}\n  - {from: 1, to: 2, guard: 'y1 == 1', actions: [z1]}\n")
    path = system(tmp_path, a0=root, a1=CALLEE)
    board = Board()
    records = run(path, engine, board)
    assert records == [
        ("A1", 0, 1, 1, 1),  # called during A0's output number 1 (z1), A0 still in state 0
        ("A0", 0, 1, 0, -1),
        ("A1", 0, 2, 1, 0),  # z1 on the arc from 1: A0 is in state 1 now
        ("A1", 0, 2, 1, 2),  # z2 of state 2's on_enter, on e1
        ("A0", 1, 2, 0, -1),
    ]
    assert board.log == ["say", "mark", "say", "other"]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_step_limit_counts_the_steps_of_every_automaton(tmp_path: Path, engine: str) -> None:
    path = TOY / "root.yaml"
    sys.path.insert(0, str(TOY))
    try:
        import toy
    finally:
        sys.path.remove(str(TOY))
    assert execute(load_spec(path), toy.Toy(2, 2), engine).steps == 12
    with pytest.raises(RunError, match="A1: step limit of 3 reached in state 0"):
        execute(load_spec(path), toy.Toy(2, 2), engine, max_steps=3)


# ---- the protocol and the trace -------------------------------------------------------------------

TOY_PROTOCOL = """\
{ A0: started in state 0 (Start) with event e0
* A0.z1: say that we start
* A0.z2: count to the limit (runs A1)
  { A1: started in state 0 (Counting) with event e0
  i A1.x1: below the limit? - NO
  T A1: moved from state 0 to state 1
  } A1: finished in state 1 (Done)
T A0: moved from state 0 to state 1
} A0: finished in state 1 (Watching the lamp)
{ A0: started in state 1 (Watching the lamp) with event e0
  { A2: started in state 0 (Dark) with event e0
  * A2.z1: switch the lamp on
  T A2: moved from state 0 to state 1
  } A2: finished in state 1 (Lit)
i A0.y2 == 2: A2 is in state 2 (Tired)? - NO
T A0: moved from state 1 to state 1
} A0: finished in state 1 (Watching the lamp)
{ A0: started in state 1 (Watching the lamp) with event e0
  { A2: started in state 1 (Lit) with event e0
  i A2.x1: blinks left? - NO
  T A2: moved from state 1 to state 2
  } A2: finished in state 2 (Tired)
i A0.y2 == 2: A2 is in state 2 (Tired)? - YES
* A0.z3: ring the bell
T A0: moved from state 1 to state 2
} A0: finished in state 2 (Rung)
"""


@pytest.mark.parametrize("impl", ["automaton", "generated"])
def test_the_protocol_nests_called_and_nested_runs_with_the_automaton_on_every_line(capsys, impl: str) -> None:
    code, out, err = run_cli(capsys, "run", str(TOY / "root.yaml"), "--case", "limit 0, one blink", "--impl", impl,
                             "--protocol")
    assert code == 0, err
    assert out.startswith(TOY_PROTOCOL)
    assert "after 6 steps (A0: 3, A1: 1, A2: 2)" in out


def test_a_failure_inside_a_called_automaton_shows_every_level_and_ends_the_trace(tmp_path: Path) -> None:
    root = ("automaton: A0\n" + HEAD + "automata: {A1: a1.yaml}\n"
            "outputs: {z1: {doc: call A1, run: A1}}\n"
            "states: {0: {name: S}, 1: {name: E, final: true}}\n"
            "arcs:\n  - {from: 0, to: 1, actions: [z1]}\n")
    callee = ("automaton: A1\n" + HEAD + "inputs: {x1: {doc: ready?, call: ask_ready}}\n"
              "outputs: {z1: {doc: tick, call: do_tick}}\n"
              "states: {0: {name: Wait}, 1: {name: Done, final: true}}\n"
              "arcs:\n  - {from: 0, to: 0, guard: x1, actions: [z1]}\n")  # incomplete: stuck when x1 is NO
    path = system(tmp_path, a0=root, a1=callee)
    stream, trace = StringIO(), tmp_path / "run.jsonl"
    jsonl = JsonlSink(trace)
    with pytest.raises(RunError, match=r"A1: no arc enabled in state 0 \(Wait\) on e0 with x1=0"):
        execute(load_spec(path), Board(True), "transitions", [ProtocolSink(stream), jsonl])
    jsonl.close()
    assert stream.getvalue() == (
        "{ A0: started in state 0 (S) with event e0\n"
        "* A0.z1: call A1 (runs A1)\n"
        "  { A1: started in state 0 (Wait) with event e0\n"
        "  i A1.x1: ready? - YES\n"
        "  * A1.z1: tick\n"
        "  T A1: moved from state 0 to state 0\n"
        "  } A1: finished in state 0 (Wait)\n"
        "  { A1: started in state 0 (Wait) with event e0\n"
        "  i A1.x1: ready? - NO\n"
        f"! A0: failed: A1: no arc enabled in state 0 (Wait) on e0 with x1=0; the graph is incomplete ({load_system(path).specs['A1'].path}:8)\n")
    lines = [json.loads(line) for line in trace.read_text().splitlines()]
    assert [(line["type"], line["automaton"], line.get("depth", 0)) for line in lines] == [
        ("start", "A0", 0), ("step", "A1", 1), ("failed-step", "A1", 1), ("failed-step", "A0", 0), ("error", "A0", 0)]
    assert lines[1]["via"] == 0 and lines[2]["inputs"] == [["x1", False]]


def test_step_records_agree_with_the_independent_interpreter_on_the_toy_system() -> None:
    sys.path.insert(0, str(TOY))
    try:
        import toy
    finally:
        sys.path.remove(str(TOY))
    spec = load_spec(TOY / "root.yaml")
    expected = MemorySink()
    interpret_system(load_system(spec), toy.Toy(2, 2), [expected])
    for engine in ENGINES:
        sink = MemorySink()
        automaton = open_automaton(spec, toy.Toy(2, 2), engine, [sink])
        first = automaton.step()
        assert first.automaton == "A0" and first.depth == 0 and automaton.state == 1
        automaton.run()
        assert sink.records == expected.records, engine


# ---- the shipped system -------------------------------------------------------------------------


def test_the_shipped_system_verifies_against_the_references_with_every_arc_covered(capsys) -> None:
    code, out, err = run_cli(capsys, "verify", "specs/knight_tour_system.yaml", "--json", "--require-coverage")
    document = json.loads(out)
    assert code == 0 and document["agree"], err
    assert document["implementations"] == ["iterative", "recursive", "automaton", "generated"]
    assert document["coverage"]["complete"] and set(document["coverage"]["automata"]) == {"A1"}
    assert document["coverage"]["automata"]["A1"]["arcs"] == {"covered": 8, "total": 8, "missed": []}


def test_the_shipped_system_emits_the_single_automatons_event_stream() -> None:
    from automata.runtime.events import Recorder
    from solvers.knight_tour.model import KnightTourInstance
    from solvers.knight_tour.program import make_context

    single, split = load_spec("specs/knight_tour.yaml"), load_spec("specs/knight_tour_system.yaml")
    for start in ((1, 1), (2, 4), (3, 3)):
        case = KnightTourInstance(6, 6, start)
        streams = []
        for spec in (single, split):
            recorder = Recorder()
            execute(spec, make_context(case, recorder))
            streams.append(recorder.events)
        assert streams[0] == streams[1] and streams[0][-1][0] == "found"


def test_the_shipped_system_has_one_generated_function_per_automaton_and_a_system_diagram() -> None:
    source = generate_source(load_spec("specs/knight_tour_system.yaml"))
    assert "def stepper_A0(" in source and "def stepper_A1(" in source
    assert "z6 = tracer.output(system.caller('A1', 'e0'))" in source
    assert (ROOT / "generated" / "knight_tour_system.py").read_text() == generate_source(
        load_spec("specs/knight_tour_system.yaml"), (ROOT / "specs" / "knight_tour_system.yaml").read_text())
    drawn = (ROOT / "diagrams" / "knight_tour_system.system.gv").read_text()
    assert "calls by z6 with e0" in drawn and "y1 == 1, y1 == 3, y1 == 4" in drawn


def test_the_transition_graph_names_nested_automata_and_the_connection_diagram_tested_states() -> None:
    from automata.io.diagrams import dot_source
    from automata.io.mermaid import mermaid, mermaid_connections

    spec = load_spec(TOY / "root.yaml")
    assert "nested: A2" in dot_source(spec, "graph") and "s1 : nested#58; A2" in mermaid(spec)
    connections = dot_source(spec, "connections")
    assert "state of A2 (tested: 2)" in connections and "count to the limit (runs A1)" in connections
    assert 'y2(["y2: state of A2"]) -.-> A' in mermaid_connections(spec)
