"""Random systems of automata, and the check that the system engine on `transitions`, the generated
code (one function per automaton) and the independent system interpreter run them identically.

Hypothesis draws a root A0 with 2-4 states that calls A1 from an output and nests A2 in one of its
states (or A1 nests it), guards over inputs and state tests of the other automata (`y1 == 2`,
`y2 != 0`), sometimes incomplete, and a context whose inputs answer from a random sequence and
whose every call is logged. The three runtimes must give the same step records at every depth,
the same calls in the same order and the same summary or the same RunError.

Used by tests/test_system_machines.py and by `automata campaign --systems`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from ..errors import RunError
from ..io.loader import spec_from_text
from ..io.system_codegen import system_source
from ..io.system_loader import resolve_system
from ..model.system import System
from ..runtime.support import system_members
from ..runtime.system import SystemAutomaton
from ..runtime.system_interpreter import interpret_system
from ..runtime.trace import MemorySink, TraceSink
from .random_machines import ANSWERS, REFERENCE, Difference, compare_runs, guard_texts


@dataclass(frozen=True)
class RandomSystem:
    texts: tuple[tuple[str, str], ...]  # (file name, YAML)
    answers: tuple[Any, ...]
    max_steps: int


@st.composite
def automaton(draw: st.DrawFn, name: str, states: list[int], finals: list[int], tests: list[str],
              extra: dict[str, Any]) -> str:
    inputs = [f"x{i}" for i in range(1, draw(st.integers(1, 2)) + 1)]
    outputs = [f"z{i}" for i in range(1, draw(st.integers(0, 2)) + 1)]
    runs = extra.get("runs")  # (output, automaton) of a call
    nests = extra.get("nests")  # (state, automaton)
    names = outputs + ([runs[0]] if runs else [])
    lines = [f"automaton: {name}", f"title: Random {name}", "context: tests.random:Context",
             f"initial: {draw(st.sampled_from([s for s in states if s not in finals] or states))}",
             "events: {e0: {doc: step}}"]
    if extra.get("automata"):
        lines.append("automata:")
        lines.extend(f"  {other}: {other.lower()}.yaml" for other in extra["automata"])
    lines.append("inputs:")
    lines.extend(f"  {x}: {{doc: '{name} {x}?', call: ask_{name}_{x}}}" for x in inputs)
    if names:
        lines.append("outputs:")
        lines.extend(f"  {z}: {{doc: '{name} does {z}', call: do_{name}_{z}}}" for z in outputs)
        if runs:
            lines.append(f"  {runs[0]}: {{doc: 'run {runs[1]}', run: {runs[1]}}}")
    lines.append("states:")
    actions = st.lists(st.sampled_from(names), max_size=2) if names else st.just([])
    for number in states:
        fields = [f"name: 'S{number}'"]
        if number in finals:
            fields.append("final: true")
        elif draw(st.integers(0, 5)) == 0:
            fields.append("may_stay: true")
        on_enter = draw(actions) if draw(st.integers(0, 3)) == 0 else []
        if on_enter:
            fields.append(f"on_enter: [{', '.join(on_enter)}]")
        if nests and nests[0] == number:
            fields.append(f"nested: [{nests[1]}]")
        lines.append(f"  {number}: {{{', '.join(fields)}}}")
    arcs = []
    atoms = inputs + tests
    for number in states:
        if number in finals:
            continue
        guards = [text for text, _ in draw(st.lists(guard_texts(atoms), min_size=1, max_size=3))]
        if draw(st.integers(0, 3)):
            guards.append("1")  # a catch-all: most steps find an arc
        for guard in guards:
            fields = [f"from: {number}", f"to: {draw(st.sampled_from(states))}", f"guard: '{guard}'"]
            chosen = draw(actions)
            if chosen:
                fields.append(f"actions: [{', '.join(chosen)}]")
            arcs.append("  - {" + ", ".join(fields) + "}")
    lines.append("arcs:" if arcs else "arcs: []")
    lines.extend(arcs)
    return "\n".join(lines) + "\n"


def shape(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    states = draw(st.lists(st.integers(0, 5), min_size=2, max_size=4, unique=True))
    finals = draw(st.lists(st.sampled_from(states), min_size=1, max_size=len(states) - 1, unique=True))
    return states, finals


@st.composite
def systems(draw: st.DrawFn) -> RandomSystem:
    shapes = {name: shape(draw) for name in ("A0", "A1", "A2")}

    def tests_of(*names: str) -> list[str]:
        return [f"y{name[1:]} == {state}" for name in names for state in shapes[name][0]]

    a2_in_root = draw(st.booleans())
    root_nests = (draw(st.sampled_from([s for s in shapes["A0"][0] if s not in shapes["A0"][1]])), "A2") if a2_in_root else None
    a1_running = [s for s in shapes["A1"][0] if s not in shapes["A1"][1]]
    a1_nests = None if a2_in_root or not a1_running else (draw(st.sampled_from(a1_running)), "A2")
    root = draw(automaton("A0", *shapes["A0"], tests_of("A1", "A2"),
                          {"automata": ["A1", "A2"], "runs": ("z9", "A1"), "nests": root_nests}))
    a1 = draw(automaton("A1", *shapes["A1"], tests_of("A2") if a1_nests is None else [],
                        {"automata": ["A2"], "nests": a1_nests}))
    a2 = draw(automaton("A2", *shapes["A2"], [], {}))
    answers = tuple(draw(st.lists(ANSWERS, min_size=1, max_size=10)))
    return RandomSystem((("a0.yaml", root), ("a1.yaml", a1), ("a2.yaml", a2)), answers, draw(st.integers(0, 40)))


def build(random_system: RandomSystem) -> System:
    specs = {name: spec_from_text(text, name) for name, text in random_system.texts}
    return resolve_system(specs["a0.yaml"], lambda path: specs[Path(path).name])


def make_context(system: System, answers: tuple[Any, ...]) -> Any:
    methods: dict[str, Any] = {}
    for spec in system.specs.values():
        for decl in spec.inputs.values():
            def ask(self: Any, call: str = decl.call) -> Any:
                value = self.answers[self.position % len(self.answers)]
                self.position += 1
                self.calls.append(f"{call}?{value!r}")
                return value
            methods[decl.call] = ask
        for decl in spec.outputs.values():
            if not decl.run:
                methods[decl.call] = lambda self, call=decl.call: self.calls.append(call)
    context = type("Context", (), methods)()
    context.answers, context.position, context.calls = answers, 0, []
    return context


def generated_runner(system: System) -> Any:
    namespace: dict[str, Any] = {"__name__": "generated.random_system"}
    exec(compile(system_source(system), "<random system>", "exec"), namespace)  # noqa: S102 - codegen's own text
    members = system_members(namespace["STEPPERS"])
    return lambda context, sinks, limit: SystemAutomaton(system, context, sinks, limit, members).run()


def outcome(run: Any, system: System, answers: tuple[Any, ...], traced: bool) -> tuple:
    """(summary or ("RunError", message), context calls, (records, error, final state) or None)."""
    context = make_context(system, answers)
    sink = MemorySink()
    sinks: tuple[TraceSink, ...] = (sink,) if traced else ()
    try:
        result: Any = run(context, sinks)
    except RunError as error:
        result = ("RunError", str(error))
    records = (sink.records, str(sink.error) if sink.error else None, sink.final_state) if traced else None
    return result, context.calls, records


SystemRun = Callable[[Any, tuple[TraceSink, ...]], Any]


def system_runtimes(system: System, limit: int) -> dict[str, SystemRun]:
    """The three runtimes of a system, each a function of (context, sinks)."""
    generated = generated_runner(system)
    return {
        "transitions": lambda context, sinks: SystemAutomaton(system, context, sinks, limit).run(),
        "generated": lambda context, sinks: generated(context, sinks, limit),
        "interpreter": lambda context, sinks: interpret_system(system, context, sinks, limit),
    }


RuntimeTable = Callable[[System, int], dict[str, SystemRun]]


def check_system(random_system: RandomSystem, runtimes: RuntimeTable | None = None) -> tuple[int, Difference | None]:
    """Run a random system on every runtime, traced and plain: the reference's step count (every
    depth), and the first difference from the reference (None when they all agree)."""
    try:
        system = build(random_system)
    except Exception as error:  # noqa: BLE001 - the generator promises well-formed systems: a refusal is a finding
        return 0, Difference("loader", False, "exception", None, "", f"{type(error).__name__}: {error}")
    try:
        runs = (runtimes or system_runtimes)(system, random_system.max_steps)
    except Exception as error:  # noqa: BLE001 - only the generated code's compilation can fail here
        return 0, Difference("generated", False, "exception", None, "", f"{type(error).__name__}: {error}")

    def run(name: str, traced: bool) -> tuple:
        return outcome(runs[name], system, random_system.answers, traced)

    return compare_runs(run, [name for name in runs if name != REFERENCE])
