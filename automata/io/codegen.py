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

import hashlib
import keyword
import re
from collections.abc import Sequence
from pathlib import Path

from ..model.guards import And, Const, Guard, Not, Or, Var, variables_of
from ..model.spec import Spec, StateDecl, name_order
from .files import PROJECT_ROOT, SPECS_DIR, writing
from .loader import load_spec, locate_spec
from .read_plan import ALREADY_READ, EITHER, FIRST_READING, Path_, ReadPlan, plan_reads

GENERATED_PACKAGE = "generated"
GENERATED_DIR = PROJECT_ROOT / GENERATED_PACKAGE

# ---------------------------------------------------------------------------------------------
# Writing the module


def _comment(text: str, limit: int = 120) -> str:
    """Spec text made safe for a one-line comment: one line of printable characters (Python ends a
    comment only at a line break, and refuses NUL anywhere in a source file), cut to `limit`."""
    flat = "".join(ch if ch.isprintable() else " " for ch in " ".join(str(text).split()))
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def _guard_code(guard: Guard, path: Path_, plan: ReadPlan) -> str:
    if isinstance(guard, Const):
        return "True" if guard.value else "False"
    if isinstance(guard, Var):
        name = guard.name
        status = plan.occurrence[path]
        if status == ALREADY_READ:
            return name
        if status == FIRST_READING:
            return f"({name} := read_{name}())"
        return f"({name} if {name} is not UNREAD else ({name} := read_{name}()))"
    if isinstance(guard, Not):
        inner = _guard_code(guard.operand, path + (0,), plan)
        return f"not {inner}" if not isinstance(guard.operand, (And, Or)) else f"not ({inner})"
    joiner = " and " if isinstance(guard, And) else " or "
    parts = []
    for position, operand in enumerate(guard.operands):
        code = _guard_code(operand, path + (position,), plan)
        parts.append(f"({code})" if isinstance(operand, (And, Or)) else code)
    return joiner.join(parts)


def spec_hash(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def module_name(spec: Spec) -> str:
    """The generated module's name: the spec file's stem, made a Python identifier."""
    name = re.sub(r"\W", "_", spec.stem) or "spec"
    if name[0].isdigit() or keyword.iskeyword(name):
        name = "spec_" + name
    return name


def _spec_location(spec: Spec) -> str:
    """The spec's path as written into the module: relative to the project root when inside it."""
    path = locate_spec(spec.path).resolve()
    try:
        return path.relative_to(PROJECT_ROOT).as_posix()
    except ValueError:
        return path.as_posix()


class _Lines:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, indent: int, text: str = "") -> None:
        self.lines.append(("    " * indent + text) if text else "")

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def generate_source(spec: Spec, spec_text: str | None = None) -> str:
    """The Python module for `spec`. `spec_text` is the YAML it was loaded from (for SPEC_HASH);
    None for a spec that exists only in memory."""
    out = _Lines()
    location = _spec_location(spec)
    finals = sorted(number for number, state in spec.states.items() if state.final)
    running = [state for number, state in sorted(spec.states.items()) if not state.final]
    plans = {state.number: plan_reads(spec.arcs_from(state.number)) for state in running}

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
    out.add(0, '"""')
    out.add(0)
    marker_needed = any(plan.needs_marker() for plan in plans.values())
    out.add(0, "from automata.errors import no_arc_enabled, step_limit_reached")
    out.add(0, "from automata.runtime.support import (")
    out.add(1, f"DEFAULT_MAX_STEPS, {'UNREAD, ' if marker_needed else ''}GeneratedAutomaton, RunSummary, bind, load_spec,")
    out.add(0, ")")
    out.add(0)
    out.add(0, f"SPEC_PATH = {location!r}")
    out.add(0, f"SPEC_HASH = {spec_hash(spec_text)!r}" if spec_text is not None else "SPEC_HASH = None  # generated in memory")
    out.add(0, f"AUTOMATON = {spec.automaton!r}")
    out.add(0, f"INITIAL_STATE = {spec.initial!r}")
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
    out.add(2, "return GeneratedAutomaton(traced, context, stepper, sinks, max_steps).run()")
    out.add(1, "return _run(context, limit, where)")
    out.add(0)
    out.add(0)
    out.add(0, "def _run(context, limit, where):")
    _write_bindings(out, spec)
    out.add(1, "state = INITIAL_STATE")
    out.add(1, "steps = 0")
    if spec.initial in spec.states and spec.states[spec.initial].final:
        out.add(1, "return RunSummary(state, steps)  # the initial state is final: nothing to do")
    else:
        out.add(1, "for steps in range(1, limit + 1):")
        out.add(2, "match state:")
        for state in running:
            _write_state(out, spec, state, plans[state.number], indent=3, traced=False)
        out.add(1, "else:")
        out.add(2, "raise step_limit_reached(AUTOMATON, limit, state, STATE_NAMES[state])")
        out.add(1, "return RunSummary(state, steps)")
    out.add(0)
    out.add(0)
    out.add(0, "def stepper(context, tracer, where=SPEC_PATH):")
    out.add(1, '"""The graph one step at a time: returns `step(state)`, which takes one step from `state`')
    out.add(1, "and returns (state after, index of the arc taken or None). `tracer` collects the inputs read")
    out.add(1, "and is told where a failing step stood; GeneratedAutomaton turns the steps into records.")
    out.add(1, '"""')
    _write_bindings(out, spec)
    for name in sorted(spec.inputs, key=name_order):
        out.add(1, f"read_{name} = tracer.reading({name!r}, read_{name})")
    out.add(0)
    out.add(1, "def step(state):")
    out.add(2, "arc = None  # the index of the arc taken in this step (None: no arc)")
    if running:
        out.add(2, "try:")
        out.add(3, "match state:")
        for state in running:
            _write_state(out, spec, state, plans[state.number], indent=4, traced=True)
        out.add(2, "except BaseException:")
        out.add(3, "tracer.interrupted(state, arc)")
        out.add(3, "raise")
    out.add(2, "return state, arc")
    out.add(0)
    out.add(1, "return step")
    return out.text()


def _write_bindings(out: _Lines, spec: Spec) -> None:
    if spec.inputs:
        out.add(1, "# Inputs: read_xN() asks the context one question.")
        for name, decl in sorted(spec.inputs.items(), key=lambda item: name_order(item[0])):
            out.add(1, f"read_{name} = bind(context, {decl.call!r}, {name!r})  # {_comment(decl.doc)}")
    if spec.outputs:
        out.add(1, "# Outputs: zN() tells the context to act.")
        for name, decl in sorted(spec.outputs.items(), key=lambda item: name_order(item[0])):
            out.add(1, f"{name} = bind(context, {decl.call!r}, {name!r})  # {_comment(decl.doc)}")


def _write_state(out: _Lines, spec: Spec, state: StateDecl, plan: ReadPlan, indent: int, traced: bool) -> None:
    arcs = spec.arcs_from(state.number)
    out.add(indent, f"case {state.number}:  # {_comment(state.label)} (line {state.loc.line})")
    body = indent + 1
    marked = plan.needs_marker()
    if marked:
        out.add(body, " = ".join(marked) + " = UNREAD  # read on some paths only")
    for position, arc in enumerate(arcs):
        label = f"# arc {arc.index} (line {arc.loc.line}): {_comment(arc.label)}"
        if position == 0:
            out.add(body, f"if {_guard_code(arc.guard, (position,), plan)}:  {label}")
        elif position == len(arcs) - 1 and plan.last_always_enabled:
            out.add(body, f"else:  {label} (always true here)")
        else:
            out.add(body, f"elif {_guard_code(arc.guard, (position,), plan)}:  {label}")
        if traced:
            out.add(body + 1, f"arc = {arc.index}")
        for action in arc.actions:
            out.add(body + 1, f"{action}()")
        target = spec.states[arc.target]
        out.add(body + 1, f"state = {arc.target}" + (f"  # {_comment(target.label)}" if arc.target != state.number else ""))
        for action in target.on_enter:
            out.add(body + 1, f"{action}()  # on entering {arc.target}")
        if target.final and not traced:
            out.add(body + 1, "break  # a final state: the run stops")
    if plan.complete and arcs:
        return
    inner = body + 1 if arcs else body
    if arcs:
        out.add(body, "else:  # no arc enabled")
    if state.may_stay:
        out.add(inner, "pass  # the state may stay (may_stay: true)")
        return
    tested = variables_of(arc.guard for arc in arcs)
    for name in tested:
        status = plan.at_fallthrough.get(name, EITHER)
        if status == FIRST_READING:
            out.add(inner, f"{name} = read_{name}()")
        elif status == EITHER:
            out.add(inner, f"if {name} is UNREAD:")
            out.add(inner + 1, f"{name} = read_{name}()")
    values = " ".join(f"{name}={{bool({name}):d}}" for name in tested) or "(no inputs tested)"
    out.add(inner, f"raise no_arc_enabled(AUTOMATON, {state.number}, STATE_NAMES[{state.number}], "
                   f'{spec.step_event!r}, f"{values}", f"{{where}}:{state.loc.line}")')


# ---------------------------------------------------------------------------------------------
# The committed modules and running them


def module_path(spec: Spec, directory: Path = GENERATED_DIR) -> Path:
    return directory / f"{module_name(spec)}.py"


def source_for(spec: Spec) -> tuple[str, bool]:
    """The module text codegen writes for `spec`, and whether it describes the spec's file as it is
    now (False for a spec that exists only in memory, e.g. a mutant of a loaded spec)."""
    path = locate_spec(spec.path)
    if path.is_file():
        text = path.read_text(encoding="utf-8")
        if load_spec(path) == spec:
            return generate_source(spec, text), True
    return generate_source(spec), False


def source_of_file(spec_path: str | Path) -> str:
    """The module text for a spec file (found like load_spec finds it: working directory, then project)."""
    spec = load_spec(spec_path)  # reports a missing or broken file as spec errors
    return generate_source(spec, locate_spec(spec_path).read_text(encoding="utf-8"))


def write_module(spec_path: str | Path, out: Path) -> Path:
    """Generate the module for one spec file and write it to `out`."""
    source = source_of_file(spec_path)
    with writing(out):
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(source, encoding="utf-8")
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
    with writing(init):
        init.write_text(_package_docstring(names), encoding="utf-8")
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
        wanted = generate_source(spec, spec_file.read_text(encoding="utf-8"))
        if not target.exists():
            problems.append(f"{target.name} is missing (spec {spec_file.name})")
        elif target.read_text(encoding="utf-8") != wanted:
            problems.append(f"{target.name} is stale: it differs from the code generated from {spec_file.name}")
    for extra in sorted(set(out_dir.glob("*.py")) - expected):
        problems.append(f"{extra.name} has no spec in {specs_dir.name}/")
    return problems
