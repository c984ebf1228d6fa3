"""Code generation for a system of automata: one function per automaton, as the methodology writes
a system (docs/systems.md, docs/codegen.md).

`stepper_A1(context, system, tracer, where)` binds automaton A1's inputs and outputs and returns
`step(state, event)`: one step of A1 from `state`, written exactly as codegen writes a single
automaton's step (a `match` on the state, the arcs of each state in the order they are tried,
each input read at most once). What belongs to the system comes from `system`, the outer loop of
automata.runtime.system: an output that runs another automaton is `system.caller(name, event)`,
a state test `y2 == 4` is read through `system.state_test("A2", 4)`, and the loop makes the
nested automata step before a step and restarts them after it. Everything written into the code
is a validated name, an identifier made from one, a `repr`'d literal or a flattened comment.
"""

from __future__ import annotations

import hashlib

from ..model.guards import is_state_test, variables_of
from ..model.spec import Spec, name_order
from ..model.system import System
from .codegen_states import Lines, comment, ident, spec_location, write_state
from .read_plan import plan_reads


def system_source(system: System, spec_text: str | None = None) -> str:
    """The Python module for the system `system.root_spec` heads; `spec_text` is the root's YAML."""
    root = system.root_spec
    driven = system.driven()
    received = system.events_received()
    location = spec_location(root)
    plans = {
        (name, event, state.number): plan_reads(spec.arcs_from(state.number, event))
        for name in driven for spec in (system.specs[name],) for event in received[name]
        for state in spec.states.values() if not state.final
    }
    out = Lines()
    out.add(0, '"""A system of automata generated from the spec named in SPEC_PATH by `automata codegen`; do not edit.')
    out.add(0)
    regenerate = "automata codegen --all" if location.startswith("specs/") else "automata codegen SPEC_PATH -o FILE.py"
    out.add(0, f"Regenerate after changing any spec of the system: `{regenerate}`.")
    out.add(0, "One function per automaton: `stepper_<name>` binds the automaton to the context and returns")
    out.add(0, "`step(state, event)`, its transition graph written out (`state` holds the state's number, each")
    out.add(0, "`case` is a state and each `if`/`elif` one of its arcs, in the order the engine tries them).")
    out.add(0, "An output that runs another automaton calls `system.caller`; a state test `y2 == 4` reads the")
    out.add(0, "state `system` publishes for A2. The outer loop, automata.runtime.system, steps nested automata")
    out.add(0, "before each step, restarts them after it and counts the steps (docs/systems.md).")
    out.add(0, '"""')
    out.add(0)
    marker_needed = any(plan.needs_marker() for plan in plans.values())
    out.add(0, "from automata.errors import no_arc_enabled")
    out.add(0, f"from automata.runtime.support import {'UNREAD, ' if marker_needed else ''}bind, run_system")
    out.add(0)
    out.add(0, f"SPEC_PATH = {location!r}")
    hashed = f"sha256:{hashlib.sha256(spec_text.encode('utf-8')).hexdigest()}" if spec_text is not None else None
    out.add(0, f"SPEC_HASH = {hashed!r}" if hashed else "SPEC_HASH = None  # generated in memory")
    out.add(0, f"AUTOMATON = {root.automaton!r}")
    out.add(0, f"AUTOMATA = {tuple(driven)!r}  # the automata that take steps, the root first")
    for name in driven:
        out.add(0, f"STATE_NAMES_{name} = {{")
        for number, state in sorted(system.specs[name].states.items()):
            out.add(1, f"{number}: {state.name!r},")
        out.add(0, "}")
    out.add(0)
    out.add(0)
    out.add(0, "def run(context, sinks=(), max_steps=None, spec=None):")
    out.add(1, f'"""Run the system on `context` until {root.automaton} is in a final state; return RunSummary(final')
    out.add(1, "state, steps of all the automata). `sinks` receive the records the transitions engine makes;")
    out.add(1, '`spec` is the root Spec they refer to (loaded from SPEC_PATH without one)."""')
    out.add(1, "return run_system(SPEC_PATH if spec is None else spec, context, STEPPERS, sinks, max_steps)")
    for name in driven:
        _write_stepper(out, system, name, sorted(received[name], key=name_order), plans)
    out.add(0)
    out.add(0)
    out.add(0, "STEPPERS = {" + ", ".join(f"{name!r}: stepper_{name}" for name in driven) + "}")
    return out.text()


def _write_stepper(out: Lines, system: System, name: str, events: list[str],
                   plans: dict[tuple[str, str, int], object]) -> None:
    spec = system.specs[name]
    out.add(0)
    out.add(0)
    out.add(0, f"def stepper_{name}(context, system, tracer, where):")
    out.add(1, f'"""{name} one step at a time: `step(state, event)` takes one step from `state` and returns')
    out.add(1, "(state after, number of the arc taken or None); `tracer` notes the inputs read, the outputs run")
    out.add(1, '(a call happens during one) and where a failing step stood."""')
    _write_system_bindings(out, system, spec)
    out.add(0)
    out.add(1, "def step(state, event):")
    out.add(2, "arc = None  # the number of the arc taken in this step, 1 for the spec's first (None: no arc)")
    running = [state for _, state in sorted(spec.states.items()) if not state.final]
    if running:
        out.add(2, "try:")
        constants = (repr(name), f"STATE_NAMES_{name}")
        for position, event in enumerate(events):
            indent = 3
            if len(events) > 1:
                out.add(3, f"{'if' if position == 0 else 'elif'} event == {event!r}:")
                indent = 4
            out.add(indent, "match state:")
            for state in running:
                write_state(out, spec, state, plans[name, event, state.number], indent + 1, traced=True,  # type: ignore[arg-type]
                            event=event, constants=constants)
        out.add(2, "except BaseException:")
        out.add(3, "tracer.interrupted(state, arc)")
        out.add(3, "raise")
    out.add(2, "return state, arc")
    out.add(0)
    out.add(1, "return step")


def _write_system_bindings(out: Lines, system: System, spec: Spec) -> None:
    read = variables_of(arc.guard for arc in spec.arcs)
    inputs = [name for name in read if not is_state_test(name)]
    tests = [name for name in read if is_state_test(name)]
    if inputs:
        out.add(1, "# Inputs: read_xN() asks the context one question.")
        for name in sorted(inputs, key=name_order):
            decl = spec.inputs[name]
            out.add(1, f"read_{name} = tracer.reading({name!r}, bind(context, {decl.call!r}, {name!r}))"
                       f"  # {comment(decl.doc)}")
    if tests:
        out.add(1, "# State tests: read_yN_is_S() asks whether automaton AN is in state S now.")
        for name in tests:
            variable, _, number = name.partition("=")
            tested = "A" + variable[1:]
            state = system.specs[tested].states[int(number)]
            out.add(1, f"read_{ident(name)} = tracer.reading({name!r}, system.state_test({tested!r}, {int(number)}))"
                       f"  # {tested} is in {comment(state.label)}?")
    if spec.outputs:
        out.add(1, "# Outputs: zN() tells the context to act, or runs another automaton to its end.")
        for name, decl in sorted(spec.outputs.items(), key=lambda item: name_order(item[0])):
            if decl.run:
                event = decl.event or system.specs[decl.run].step_event
                out.add(1, f"{name} = tracer.output(system.caller({decl.run!r}, {event!r}))  # {comment(decl.doc)}")
            else:
                out.add(1, f"{name} = tracer.output(bind(context, {decl.call!r}, {name!r}))  # {comment(decl.doc)}")
