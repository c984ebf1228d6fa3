"""Code generation: a spec's transition graph written out as a plain Python `match` on the state.

The methodology turns a transition graph into code isomorphically: one variable holds the state's
number, a switch has one branch per state, and each branch tests the state's arcs in the order they
are tried, runs the arc's actions and sets the new state. `generate_source` writes that module
(automata.runtime.generated runs it).

The generated code behaves exactly like the transitions engine, trace records included: guards are
Python `and`/`or`/`not` expressions, which short-circuit left to right as the engine does, and each
input is read at most once per step. Which tests of an input are its first reading in the step is
decided here, at generation time, by simulating the state's guards on every valuation of its inputs:
a first reading is written `(x2 := read_x2())`, a later test is just `x2`, and the rare test that is
a first reading on some paths and not on others is written with the UNREAD marker.

Safety: everything taken from the spec into the generated text is either a name the loader has
validated (`e0`, `x1`, `z1`, state numbers), a Python literal written with `repr`, or comment text
flattened to one line. No text of the spec is ever executed, so compiling the generated text for an
in-memory spec is safe by construction.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Sequence
from pathlib import Path

from ..model.spec import Spec, StateDecl, name_order, text_digest
from .codegen_states import Lines as _Lines
from .codegen_states import spec_location as _spec_location
from .codegen_states import write_bindings as _write_bindings
from .codegen_states import write_state as _write_state
from .files import PROJECT_ROOT, SPECS_DIR, write_atomically, writing
from .loader import load_spec, load_system
from .read_plan import plan_reads
from .system_codegen import system_source

GENERATED_PACKAGE = "generated"
GENERATED_DIR = PROJECT_ROOT / GENERATED_PACKAGE

# ---------------------------------------------------------------------------------------------
# Writing the module


def module_name(spec: Spec) -> str:
    """The generated module's name: the spec file's stem, made a Python identifier."""
    name = re.sub(r"\W", "_", spec.stem) or "spec"
    if name[0].isdigit() or keyword.iskeyword(name):
        name = "spec_" + name
    return name


def generate_source(spec: Spec, spec_text: str | None = None) -> str:
    """The Python module for `spec`. Its SPEC_HASH is the digest of the text the spec was read from
    (`spec.origin`; of `spec_text` when given), None for a spec that exists only in memory (a
    mutant). A spec that heads a system of automata gets one function per automaton of the system
    (automata/io/system_codegen.py)."""
    digest = source_digest(spec, spec_text)
    if spec.is_system:
        return system_source(load_system(spec), digest)
    out = _Lines()
    location = _spec_location(spec)
    finals = sorted(number for number, state in spec.states.items() if state.final)
    running = [state for number, state in sorted(spec.states.items()) if not state.final]
    events = driven_events(spec)
    plans = {(event, state.number): plan_reads(spec.arcs_from(state.number, event))
             for event in events or [spec.step_event] for state in running
             if not events or spec.arcs_from(state.number, event) or state.may_stay}
    if not spec.is_pure:  # `_run` steps on the step event from every working state
        for state in running:
            plans.setdefault((spec.step_event, state.number), plan_reads(spec.arcs_from(state.number)))

    # No text of the spec goes into the docstring: a docstring cannot be escaped the way a literal
    # can, so the spec's name and path appear only as the repr'd constants below.
    out.add(0, '"""An automaton generated from the spec named in SPEC_PATH by `automata codegen`; do not edit.')
    out.add(0)
    # Project specs are regenerated all together; a spec of one's own, one file at a time.
    regenerate = "automata codegen --all" if location.startswith("specs/") else "automata codegen SPEC_PATH -o FILE.py"
    out.add(0, f"Regenerate after changing the spec: `{regenerate}`.")
    out.add(0, "The code is the transition graph written out: `state` holds the state's number, each `case`")
    out.add(0, "is a state and each `if`/`elif` one of its arcs, in the order the engine tries them. An input")
    out.add(0, "is read at most once per step: `(x2 := read_x2())` is its first reading, a later `x2` reuses")
    out.add(0, "the value. `_run` is the plain automaton; `stepper` is the same graph taking one step per call,")
    out.add(0, "which traced runs and step-by-step runs (GeneratedAutomaton) drive.")
    if events:
        out.add(0, "The automaton is driven by events: `step(state, event)` takes one step on `event`.")
    out.add(0, '"""')
    out.add(0)
    marker_needed = any(plan.needs_marker() for plan in plans.values())
    out.add(0, f"from automata.errors import {'RunError, ' if spec.is_pure else ''}no_arc_enabled, step_limit_reached")
    out.add(0, "from automata.runtime.support import (")
    out.add(1, f"DEFAULT_MAX_STEPS, {'UNREAD, ' if marker_needed else ''}GeneratedAutomaton, RunSummary, bind, load_spec,")
    out.add(0, ")")
    out.add(0)
    out.add(0, f"SPEC_PATH = {location!r}")
    out.add(0, f"SPEC_HASH = {digest!r}" if digest is not None else "SPEC_HASH = None  # generated in memory")
    out.add(0, f"AUTOMATON = {spec.automaton!r}")
    out.add(0, f"INITIAL_STATE = {spec.initial!r}")
    if events:
        out.add(0, f"EVENTS = {tuple(events)!r}  # the events step(state, event) takes")
    out.add(0, f"FINAL_STATES = frozenset({{{', '.join(map(str, finals))}}})" if finals else "FINAL_STATES = frozenset()")
    out.add(0, "STATE_NAMES = {")
    for number, state in sorted(spec.states.items()):
        out.add(1, f"{number}: {state.name!r},")
    out.add(0, "}")
    out.add(0)
    out.add(0)
    out.add(0, "def run(context, sinks=(), max_steps=None, spec=None):")
    out.add(1, '"""Run the automaton on `context` until a final state; return RunSummary(final_state, steps).')
    out.add(0)
    out.add(1, "`sinks` receive the step records the transitions engine would produce; `spec` is the Spec")
    out.add(1, "those records refer to (loaded from SPEC_PATH when tracing without one).")
    out.add(1, '"""')
    out.add(1, "limit = DEFAULT_MAX_STEPS if max_steps is None else max_steps")
    out.add(1, "where = SPEC_PATH if spec is None else spec.path")
    out.add(1, "if sinks:")
    out.add(2, "traced = spec if spec is not None else load_spec(SPEC_PATH)")
    out.add(2, f"return GeneratedAutomaton(traced, context, stepper, sinks, max_steps{', EVENTS' if events else ''}).run()")
    out.add(1, "return _run(context, limit, where)")
    out.add(0)
    out.add(0)
    out.add(0, "def _run(context, limit, where):")
    if spec.is_pure:
        # A pure Mealy machine has no step event to repeat: it runs on words (automata.runtime.words).
        out.add(1, "raise RunError(f'{AUTOMATON} is a pure Mealy machine: it runs on words of events, not to a final state')")
    else:
        _write_plain_run(out, spec, running, plans)
    out.add(0)
    out.add(0)
    out.add(0, "def stepper(context, tracer, where=SPEC_PATH):")
    if events:
        out.add(1, '"""The graph one step at a time: returns `step(state, event)`, which takes one step from')
        out.add(1, "`state` on `event` and returns (state after, number of the arc taken or None). `tracer`")
        out.add(1, "collects the inputs read")
    else:
        out.add(1, '"""The graph one step at a time: returns `step(state)`, which takes one step from `state`')
        out.add(1, "and returns (state after, number of the arc taken or None). `tracer` collects the inputs read")
    out.add(1, "and is told where a failing step stood; GeneratedAutomaton turns the steps into records.")
    out.add(1, '"""')
    _write_bindings(out, spec)
    for name in sorted(spec.inputs, key=name_order):
        out.add(1, f"read_{name} = tracer.reading({name!r}, read_{name})")
    out.add(0)
    out.add(1, "def step(state, event):" if events else "def step(state):")
    out.add(2, "arc = None  # the number of the arc taken in this step, 1 for the spec's first (None: no arc)")
    if running:
        out.add(2, "try:")
        if events:
            _write_event_dispatch(out, spec, running, events, plans)
        else:
            out.add(3, "match state:")
            for state in running:
                _write_state(out, spec, state, plans[spec.step_event, state.number], indent=4, traced=True)
        out.add(2, "except BaseException:")
        out.add(3, "tracer.interrupted(state, arc)")
        out.add(3, "raise")
    out.add(2, "return state, arc")
    out.add(0)
    out.add(1, "return step")
    return out.text()


def driven_events(spec: Spec) -> list[str]:
    """The events the generated step takes, for a spec driven by events: a pure Mealy machine, or one
    with arcs on an event other than its step event. Empty for a spec that only ever steps on its
    step event (its step function then takes the state alone)."""
    if not spec.is_pure and all(arc.event == spec.step_event for arc in spec.arcs):
        return []
    return sorted(spec.events, key=name_order)


def _write_plain_run(out: _Lines, spec: Spec, running: Sequence[StateDecl], plans: dict) -> None:
    """The body of `_run`: the automaton stepping on its step event from the initial state until a
    final state or the step limit."""
    _write_bindings(out, spec)
    out.add(1, "state = INITIAL_STATE")
    out.add(1, "steps = 0")
    if spec.initial in spec.states and spec.states[spec.initial].final:
        out.add(1, "return RunSummary(state, steps)  # the initial state is final: nothing to do")
        return
    out.add(1, "for steps in range(1, limit + 1):")
    out.add(2, "match state:")
    for state in running:
        _write_state(out, spec, state, plans[spec.step_event, state.number], indent=3, traced=False)
    out.add(1, "else:")
    out.add(2, "raise step_limit_reached(AUTOMATON, limit, state, STATE_NAMES[state])")
    out.add(1, "return RunSummary(state, steps)")


def _write_event_dispatch(out: _Lines, spec: Spec, running: Sequence[StateDecl], events: Sequence[str],
                          plans: dict) -> None:
    """`if event == 'e0': match state: ...` for each event: the graph of each event written out."""
    for position, event in enumerate(events):
        out.add(3, f"{'if' if position == 0 else 'elif'} event == {event!r}:")
        out.add(4, "match state:")
        for state in running:
            if spec.arcs_from(state.number, event) or state.may_stay:
                _write_state(out, spec, state, plans[event, state.number], indent=5, traced=True, event=event)
        out.add(5, "case _:  # no arc leaves this state on this event")
        out.add(6, f"raise no_arc_enabled(AUTOMATON, state, STATE_NAMES[state], {event!r}, '(no inputs tested)', where)")
    out.add(3, "else:")
    out.add(4, "raise no_arc_enabled(AUTOMATON, state, STATE_NAMES[state], event, '(no inputs tested)', where)")



# ---------------------------------------------------------------------------------------------
# The committed modules and running them


def module_path(spec: Spec, directory: Path = GENERATED_DIR) -> Path:
    return directory / f"{module_name(spec)}.py"


def source_digest(spec: Spec, spec_text: str | None = None) -> str | None:
    """The digest of the text `spec` was read from: what its module records as SPEC_HASH."""
    if spec_text is not None:
        return text_digest(spec_text)
    return spec.origin.digest if spec.origin is not None else None


def source_of_file(spec_path: str | Path) -> str:
    """The module text for a spec file (found like load_spec finds it: working directory, then project)."""
    return generate_source(load_spec(spec_path))  # reports a missing or broken file as spec errors


def write_module(spec_path: str | Path, out: Path) -> Path:
    """Generate the module for one spec file and write it to `out`."""
    write_atomically(out, source_of_file(spec_path))
    return out


def write_all(specs_dir: Path = SPECS_DIR, out_dir: Path = GENERATED_DIR) -> list[Path]:
    """Regenerate the committed package: one module per spec in `specs_dir`, plus `__init__.py`."""
    written = []
    names = []
    for spec_file in sorted(specs_dir.glob("*.yaml")):
        spec = load_spec(spec_file)
        written.append(write_module(spec_file, module_path(spec, out_dir)))
        names.append((module_name(spec), spec_file.name))
    init = out_dir / "__init__.py"
    write_atomically(init, _package_docstring(names))
    for stale in sorted(set(out_dir.glob("*.py")) - set(written) - {init}):
        with writing(stale):
            stale.unlink()  # a spec that was removed or renamed: its module must not linger
    return [init, *written]


def _package_docstring(names: Sequence[tuple[str, str]]) -> str:
    lines = ['"""Python modules generated from the specs in specs/ by `automata codegen --all`; do not edit.', ""]
    lines.append("Each module exposes run(context, sinks=(), max_steps=None, spec=None) -> RunSummary and the")
    lines.append("SPEC_HASH of the spec text it was generated from. tests/test_codegen.py fails when one is stale.")
    lines.append("")
    lines.extend(f"- {module}: specs/{file}" for module, file in names)
    lines.append('"""')
    return "\n".join(lines) + "\n"


def stale_modules(specs_dir: Path = SPECS_DIR, out_dir: Path = GENERATED_DIR) -> list[str]:
    """Why the committed package differs from what codegen writes now (empty when it is up to date)."""
    problems = []
    expected = {out_dir / "__init__.py"}
    for spec_file in sorted(specs_dir.glob("*.yaml")):
        spec = load_spec(spec_file)
        target = module_path(spec, out_dir)
        expected.add(target)
        wanted = generate_source(spec)
        if not target.exists():
            problems.append(f"{target.name} is missing (spec {spec_file.name})")
        elif target.read_text(encoding="utf-8") != wanted:
            problems.append(f"{target.name} is stale: it differs from the code generated from {spec_file.name}")
    for extra in sorted(set(out_dir.glob("*.py")) - expected):
        problems.append(f"{extra.name} has no spec in {specs_dir.name}/")
    return problems
