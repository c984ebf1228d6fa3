"""The floor of the transitions engine: a spec run on a bare `transitions.Machine`, nothing else.

The bare machine is what a `transitions` user would write by hand for the spec: the same states,
one transition per arc, the guard's literals as `conditions` and `unless` holding the context's
own methods, the arc's actions as `before` callbacks and the states' entry actions as `on_enter`,
all of them the very methods the spec's `call:` names. A loop fires the step event until a final
state. It has none of the framework: no guard compiled, no input read once per step (a failed
arc's literals are asked again by the next arc), no step limit, no error naming the state, no
trace. Its time per step is the floor the engine (automata/runtime/engine.py) is measured against.

`BUILDS` are ways of building and triggering a bare machine, from the one the library's
documentation shows first to the cheapest found; `options_table` measures them side by side.
`FLOOR` is built and triggered the way the engine builds and triggers its machines
(automata.runtime.machines: MACHINE_CLASS, MACHINE_OPTIONS, event_trigger), so that the floor moves
with every option the engine adopts and the difference between the two is the framework's alone.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from transitions import Machine, State

from pages import Session, Table

from automata.model.guards import And, Const, Guard, Not, Var
from automata.model.spec import Spec
from automata.runtime.program import Program
from automata.runtime.machines import MACHINE_CLASS, MACHINE_OPTIONS, GuardedMachine, event_trigger


@dataclass(frozen=True)
class Build:
    """One way of building and triggering the bare machine."""

    label: str
    machine: type[Machine] = Machine
    options: tuple[tuple[str, Any], ...] = ()  # Machine(...) keyword arguments
    internal_loops: bool = False  # a loop without entry actions as an internal transition (dest=None)
    one_condition: bool = False  # a guard as one condition, not one condition per literal
    quiet: bool = False  # transitions' logger switched off (a measurement of what logging costs)
    direct: bool = False  # fired through the event's own `_trigger`, as the engine does (machines.event_trigger)


ENGINE_OPTIONS = tuple(MACHINE_OPTIONS.items())

BUILDS = (
    Build("as the documentation shows it: `Machine(model, states, initial)`, `add_transition(..., conditions, unless, before)`"),
    Build("+ `auto_transitions=False`, `ignore_invalid_triggers=True`, `send_event=False`", options=ENGINE_OPTIONS),
    Build("+ loops as internal transitions (`dest=None`: no exit and enter)", options=ENGINE_OPTIONS, internal_loops=True),
    Build("+ one condition per arc (a function of the guard) instead of one per literal", options=ENGINE_OPTIONS,
          internal_loops=True, one_condition=True),
    Build("+ conditions taken as callables, not resolved by name (`Transition.condition_cls`)", GuardedMachine,
          ENGINE_OPTIONS, internal_loops=True, one_condition=True),
    Build("+ the event's own `Event._trigger` called, not the model's trigger method (`Machine._process` skipped)",
          GuardedMachine, ENGINE_OPTIONS, internal_loops=True, one_condition=True, direct=True),
    Build("+ transitions' logging switched off (measured here only: the project leaves logging alone)",
          GuardedMachine, ENGINE_OPTIONS, internal_loops=True, one_condition=True, direct=True, quiet=True),
)

# The floor: the bare machine built and triggered as the engine builds and triggers its machines,
# its guards as the literals a user would write.
FLOOR = Build("bare transitions", MACHINE_CLASS, ENGINE_OPTIONS, internal_loops=True, direct=True)


@dataclass(frozen=True)
class BareRun:
    final_state: int
    steps: int


class _Model:
    """The bare machine's model: transitions adds `state` and the trigger methods here."""


def run_bare(spec: Spec, context: object, build: Build = FLOOR) -> BareRun:
    """Run `spec` over `context` on a bare machine until a final state."""
    model, trigger = _bare_machine(spec, context, build)
    final = frozenset(str(number) for number, state in spec.states.items() if state.final)
    steps = 0
    with _quiet(build.quiet):
        while model.state not in final:
            steps += 1
            if not trigger() and not spec.states[int(model.state)].may_stay:
                raise RuntimeError(f"{spec.path}: the bare machine found no arc in state {model.state} at step {steps}")
    return BareRun(int(model.state), steps)


def _bare_machine(spec: Spec, context: object, build: Build) -> tuple[_Model, Callable[[], bool]]:
    def method(name: str) -> Callable[[], Any]:
        declared = spec.inputs.get(name) or spec.outputs[name]
        return getattr(context, declared.call)

    model = _Model()
    states = [State(str(number), on_enter=[method(name) for name in state.on_enter] or None)
              for number, state in spec.states.items()]
    machine = build.machine(model=model, states=states, initial=str(spec.initial), **dict(build.options))
    for number in spec.states:
        for arc in spec.arcs_from(number):
            loop = arc.source == arc.target and not spec.states[arc.target].on_enter
            machine.add_transition(spec.step_event, str(arc.source),
                                   None if build.internal_loops and loop else str(arc.target),
                                   before=[method(name) for name in arc.actions] or None,
                                   **_conditions(arc.guard, method, build.one_condition))
    if build.direct:
        return model, event_trigger(machine, model, spec.step_event)
    return model, getattr(model, spec.step_event)


def _conditions(guard: Guard, method: Callable[[str], Callable[[], Any]], one: bool) -> dict[str, list]:
    """`conditions` and `unless` for a guard: the context's methods themselves for a conjunction of
    literals; otherwise (or with `one`) one function evaluating the guard over the same methods."""
    literals = _literals(guard)
    if literals is not None and not one:
        positive, negative = literals
        return {"conditions": [method(name) for name in positive], "unless": [method(name) for name in negative]}
    if isinstance(guard, Const) and guard.value:
        return {}
    return {"conditions": [_guard_function(guard, method)]}


def _guard_function(guard: Guard, method: Callable[[str], Callable[[], Any]]) -> Callable[[], Any]:
    """The guard as the one-line function a user would write, `lambda: not m0() and m1()`: its text
    is made from the guard's syntax tree (methods as numbered parameters), never from spec text."""
    names = guard.variables()

    def text(node: Guard) -> str:
        if isinstance(node, Const):
            return "True" if node.value else "False"
        if isinstance(node, Var):
            return f"m{names.index(node.name)}()"
        if isinstance(node, Not):
            return f"(not {text(node.operand)})"
        return "(" + (" and " if isinstance(node, And) else " or ").join(map(text, node.operands)) + ")"

    parameters = ", ".join(f"m{index}" for index in range(len(names)))
    make = eval(compile(f"lambda {parameters}: lambda: {text(guard)}", "<bare guard>", "eval"), {"__builtins__": {}})
    return make(*(method(name) for name in names))


def _literals(guard: Guard) -> tuple[list[str], list[str]] | None:
    """(positive, negative) input names of a conjunction of literals; None for any other guard."""
    operands = guard.operands if isinstance(guard, And) else (guard,)
    positive: list[str] = []
    negative: list[str] = []
    for operand in operands:
        if isinstance(operand, Var):
            positive.append(operand.name)
        elif isinstance(operand, Not) and isinstance(operand.operand, Var):
            negative.append(operand.operand.name)
        elif not (isinstance(operand, Const) and operand.value):
            return None
    return positive, negative


@contextmanager
def _quiet(quiet: bool):  # type: ignore[no-untyped-def]
    logger = logging.getLogger("transitions.core")
    before = logger.disabled
    logger.disabled = logger.disabled or quiet
    try:
        yield
    finally:
        logger.disabled = before


# ---------------------------------------------------------------------------------------------
# The ways of building the bare machine, side by side

# A case with little work per step (backtracking queens), one with more (the knight's tour), and
# one that leaves its state on most steps (the eight puzzle): (spec, `-p` parameters).
OPTION_CASES = (
    ("specs/queens_backtracking.yaml", (("n", "9"),)),
    ("specs/knight_tour.yaml", (("board", "100x100"),)),
    ("specs/eight_puzzle.yaml", (("start", "start3"), ("heuristic", "misplaced"))),
)


@dataclass(frozen=True)
class OptionRow:
    spec: str
    case: str
    steps: int
    seconds: dict[str, float]  # per build label: one run


def measure_options(repeat: int) -> list[OptionRow]:
    from harness import Case, measure_all

    from automata.runtime.events import NullObserver
    from automata.runtime.program import load_program

    cases, steps = [], []
    for path, params in OPTION_CASES:
        program = load_program(path)
        case = program.case_from_params(dict(params))
        counted = {run_bare(program.spec, program.make_context(case, NullObserver()), build).steps for build in BUILDS}
        if len(counted) != 1:
            raise RuntimeError(f"{path}: the builds take different numbers of steps: {counted}")
        steps.append(counted.pop())

        def run(build: Build, program: Program = program, case: Any = case) -> None:
            run_bare(program.spec, program.make_context(case, NullObserver()), build)

        runs = {build.label: (lambda build=build, run=run: run(build)) for build in BUILDS}
        label = " ".join(f"{key}={value}" for key, value in params)
        cases.append(Case(path, label, runs, reference=BUILDS[0].label))
    timings = measure_all(cases, repeat, warmed=True)
    return [OptionRow(timing.group, timing.case, count, timing.seconds) for timing, count in zip(timings, steps)]


def options_table(rows: list[OptionRow]) -> str:
    """µs per step of each build on each case, and its ratio to the first build."""
    header = " | ".join(f"`{Path(row.spec).stem}` {row.case} ({row.steps:,} steps)" for row in rows)
    lines = [f"| how the bare machine is built | {header} |", "|---" + "|---:" * len(rows) + "|"]
    for build in BUILDS:
        cells = []
        for row in rows:
            seconds = row.seconds[build.label]
            cells.append(f"{seconds / row.steps * 1e6:.2f} µs ({seconds / row.seconds[BUILDS[0].label]:.2f}×)")
        lines.append(f"| {build.label} | {' | '.join(cells)} |")
    return "\n".join(lines)


def measured_options(session: Session) -> list[OptionRow]:
    return session.once("floor.options", lambda: measure_options(session.repeat))


SOURCES = ("bench/harness.py", "automata/runtime/machines.py", "specs/queens_backtracking.yaml", "specs/knight_tour.yaml",
           "specs/eight_puzzle.yaml", "solvers/queens/backtracking/*.py", "solvers/knight_tour/model.py",
           "solvers/puzzle8/automaton.py", "solvers/puzzle8/model.py")
TABLES = {"transitions-options": Table(lambda session: options_table(measured_options(session)), SOURCES)}
