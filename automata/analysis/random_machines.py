"""Random well-formed machines, and the three-way check that the runtimes run them identically.

Hypothesis draws a spec (2-6 states, 1-4 inputs, 0-4 outputs, guards with & | ! and parentheses;
each state's arcs either complete and mutually exclusive, or overlapping and ordered by priority,
sometimes with a case left uncovered) and a context whose inputs return the next values of a random
sequence (so reading an input at another moment, or twice, changes what the run sees) and whose
every call is logged. The transitions engine, the generated code and the independent interpreter
must produce the same step records, the same context calls in the same order, and the same result
or the same RunError.

Used by tests/test_random_machines.py and by `automata campaign` (automata/analysis/campaign.py).
Hypothesis is in the package's `test` extra: only those two import this module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from ..errors import RunError
from ..io.loader import spec_from_text
from ..model.spec import Spec
from ..runtime.interpreter import interpret
from ..runtime.runner import execute
from ..runtime.trace import MemorySink, StepRecord, TraceSink

# An input method may answer with any truthy or falsy value: every runtime reads it as a bool.
ANSWERS = st.one_of(st.booleans(), st.sampled_from([0, 1, None, "", "yes"]))

REFERENCE = "transitions"  # the runtime the others are compared with


@dataclass(frozen=True)
class Machine:
    spec_text: str
    answers: tuple[Any, ...]
    max_steps: int


def guard_texts(inputs: list[str]) -> st.SearchStrategy[tuple[str, str]]:
    """(text, kind) pairs; kind says how the text binds, so parentheses go where the grammar needs them."""
    leaves = st.one_of(
        st.sampled_from(inputs).map(lambda name: (name, "atom")),
        st.sampled_from(["1", "0"]).map(lambda const: (const, "atom")),
    )

    def extend(children: st.SearchStrategy[tuple[str, str]]) -> st.SearchStrategy[tuple[str, str]]:
        def negate(child: tuple[str, str], spaced: bool) -> tuple[str, str]:
            text, kind = child
            inner = text if kind in ("atom", "not") else f"({text})"
            return ("! " if spaced else "!") + inner, "not"

        def join(left: tuple[str, str], right: tuple[str, str], operator: str, extra: bool) -> tuple[str, str]:
            parts = []
            for text, kind in (left, right):
                needed = operator == "&" and kind == "or"
                parts.append(f"({text})" if needed or (extra and kind != "atom") else text)
            return f" {operator} ".join(parts), "and" if operator == "&" else "or"

        return st.one_of(
            st.builds(negate, children, st.booleans()),
            st.builds(join, children, children, st.sampled_from("&|"), st.booleans()),
        )

    return st.recursive(leaves, extend, max_leaves=5)


def partition_guards(draw: st.DrawFn, inputs: list[str]) -> list[str]:
    """Guards that are mutually exclusive and together complete: the leaves of a random decision tree."""

    def leaves(available: list[str], depth: int) -> list[list[str]]:
        if not available or depth == 0 or draw(st.booleans()):
            return [[]]
        name = draw(st.sampled_from(available))
        rest = [other for other in available if other != name]
        return [[name] + path for path in leaves(rest, depth - 1)] + [[f"!{name}"] + path for path in leaves(rest, depth - 1)]

    paths = leaves(inputs, 3)
    return [" & ".join(path) if path else "1" for path in paths]


@st.composite
def machines(draw: st.DrawFn) -> Machine:
    numbers = draw(st.lists(st.integers(0, 9), min_size=2, max_size=6, unique=True))
    inputs = [f"x{i}" for i in range(1, draw(st.integers(1, 4)) + 1)]
    outputs = [f"z{i}" for i in range(1, draw(st.integers(0, 4)) + 1)]
    finals = draw(st.lists(st.sampled_from(numbers), min_size=1, max_size=max(1, len(numbers) - 1), unique=True))
    running = [n for n in numbers if n not in finals]
    initial = draw(st.sampled_from(running)) if running and draw(st.integers(0, 9)) else draw(st.sampled_from(numbers))
    action_lists = st.lists(st.sampled_from(outputs), max_size=3) if outputs else st.just([])

    lines = ["automaton: A7", "title: Random machine", "context: tests.random:Context", f"initial: {initial}",
             "events:", "  e0: {doc: step}", "  e1: {doc: never sent by the run loop}"]
    lines.append("inputs:")
    lines.extend(f"  {name}: {{doc: 'input {name}?', call: ask_{name}}}" for name in inputs)
    if outputs:
        lines.append("outputs:")
        lines.extend(f"  {name}: {{doc: 'do {name}', call: do_{name}}}" for name in outputs)
    lines.append("states:")
    for number in numbers:
        fields = [f"name: 'S{number}'"]
        if number in finals:
            fields.append("final: true")
        elif draw(st.integers(0, 4)) == 0:
            fields.append("may_stay: true")
        on_enter = draw(action_lists) if draw(st.booleans()) else []
        if on_enter:
            fields.append(f"on_enter: [{', '.join(on_enter)}]")
        lines.append(f"  {number}: {{{', '.join(fields)}}}")

    arcs: list[str] = []
    for number in running:
        if draw(st.booleans()):
            guards = partition_guards(draw, inputs)
            guards = draw(st.permutations(guards))
            if len(guards) > 1 and draw(st.integers(0, 3)) == 0:
                guards = guards[1:]  # one case left uncovered: the run may stop with RunError
            priorities: list[int | None] = [None] * len(guards)
        else:
            guards = [text for text, _ in draw(st.lists(guard_texts(inputs), min_size=1, max_size=4))]
            priorities = [draw(st.one_of(st.none(), st.integers(1, 4))) for _ in guards]
            if draw(st.booleans()):
                guards.append("1")  # a catch-all arc tried last
                priorities.append(None)
        for guard, priority in zip(guards, priorities):
            fields = [f"from: {number}", f"to: {draw(st.sampled_from(numbers))}", f"guard: '{guard}'"]
            actions = draw(action_lists)
            if actions:
                fields.append(f"actions: [{', '.join(actions)}]")
            if priority is not None:
                fields.append(f"priority: {priority}")
            arcs.append("  - {" + ", ".join(fields) + "}")
        if draw(st.integers(0, 4)) == 0:
            arcs.append(f"  - {{from: {number}, to: {draw(st.sampled_from(numbers))}, event: e1}}")
    if running and not any(f"to: {final}," in arc for arc in arcs for final in finals):
        arcs.append(f"  - {{from: {draw(st.sampled_from(running))}, to: {finals[0]}, guard: '1', priority: 0}}")
    lines.append("arcs:" if arcs else "arcs: []")
    lines.extend(arcs)
    answers = tuple(draw(st.lists(ANSWERS, min_size=1, max_size=12)))
    return Machine("\n".join(lines) + "\n", answers, draw(st.integers(0, 40)))


def make_context(spec: Spec, answers: tuple[Any, ...]) -> Any:
    """A context whose inputs answer from a cyclic sequence and whose every call is logged."""
    methods: dict[str, Any] = {}
    for name, decl in spec.inputs.items():
        def ask(self: Any, name: str = name) -> Any:
            value = self.answers[self.position % len(self.answers)]
            self.position += 1
            self.calls.append(f"{name}?{value!r}")
            return value
        methods[decl.call] = ask
    for name, decl in spec.outputs.items():
        def act(self: Any, name: str = name) -> None:
            self.calls.append(name)
        methods[decl.call] = act
    context_class = type("Context", (), methods)
    context = context_class()
    context.answers, context.position, context.calls = answers, 0, []
    return context


def outcome(runner: Any, spec: Spec, answers: tuple[Any, ...], max_steps: int, traced: bool) -> tuple:
    """(result or ("RunError", message), context calls, (records, error, final state) or None)."""
    context = make_context(spec, answers)
    sink = MemorySink()
    sinks: tuple[TraceSink, ...] = (sink,) if traced else ()
    try:
        result: Any = runner(spec, context, sinks, max_steps)
    except RunError as error:
        result = ("RunError", str(error))
    records = (sink.records, str(sink.error) if sink.error else None, sink.final_state) if traced else None
    return result, context.calls, records


Runner = Callable[[Spec, Any, tuple[TraceSink, ...], int], Any]

RUNTIMES: dict[str, Runner] = {
    "transitions": lambda spec, context, sinks, limit: execute(spec, context, "transitions", sinks, limit),
    "generated": lambda spec, context, sinks, limit: execute(spec, context, "generated", sinks, limit),
    "interpreter": interpret,
}


@dataclass(frozen=True)
class Difference:
    """The first place where a runtime's run of a machine differs from the reference's run."""

    runtime: str  # the runtime that differs (or raised)
    traced: bool  # with a trace sink (step records compared) or the plain run
    what: str  # "step", "run error", "final state", "call", "result", or "exception"
    position: int | None  # 1-based step or call number, where there is one
    expected: str  # what the reference did there (repr), or "" for an exception
    got: str  # what the runtime did there

    def describe(self, reference: str = REFERENCE) -> str:
        run = "traced run" if self.traced else "plain run"
        if self.what == "exception":
            return f"{self.runtime} raised {self.got} ({run})"
        where = f"{self.what} {self.position}" if self.position is not None else self.what
        return (f"{self.runtime} differs from {reference} at {where} ({run})\n"
                f"  {reference}: {self.expected}\n  {self.runtime}: {self.got}")


def first_difference(runtime: str, expected: tuple, got: tuple, traced: bool) -> Difference | None:
    """Compare two `outcome` tuples: steps first (they say where the runs part), then how the runs
    ended, then the context calls, then the results."""
    def found(what: str, position: int | None, want: Any, have: Any) -> Difference:
        return Difference(runtime, traced, what, position, _shown(want), _shown(have))

    if traced and expected[2] != got[2]:
        (want_records, want_error, want_final), (have_records, have_error, have_final) = expected[2], got[2]
        for index, (want, have) in enumerate(zip(want_records, have_records)):
            if want != have:
                return found("step", index + 1, want, have)
        if len(want_records) != len(have_records):
            index = min(len(want_records), len(have_records))
            return found("step", index + 1, _at(want_records, index), _at(have_records, index))
        if want_error != have_error:
            return found("run error", None, want_error, have_error)
        return found("final state", None, want_final, have_final)
    want_calls, have_calls = expected[1], got[1]
    if want_calls != have_calls:
        index = next((i for i, (a, b) in enumerate(zip(want_calls, have_calls)) if a != b),
                     min(len(want_calls), len(have_calls)))
        return found("call", index + 1, _at(want_calls, index), _at(have_calls, index))
    if expected[0] != got[0]:
        return found("result", None, expected[0], got[0])
    return None


def _at(items: list, index: int) -> Any:
    return items[index] if index < len(items) else "(nothing: the run had ended)"


def _shown(value: Any) -> str:
    if isinstance(value, StepRecord):
        return step_text(value)
    return value if isinstance(value, str) else repr(value)


def step_text(record: StepRecord) -> str:
    """A step record on one line, as a person compares two of them."""
    read = ", ".join(f"{name}={value}" for name, value in record.inputs) or "nothing"
    arc = "none (stayed)" if record.arc is None else f"#{record.arc + 1}"
    where = f" (depth {record.depth}, via {record.via})" if record.depth else ""
    return (f"{record.automaton} step {record.step}{where}: {record.state_before} -{record.event}-> "
            f"{record.state_after}, read {read}, arc {arc}, outputs [{', '.join(record.outputs)}]")


def _raised(error: Exception) -> str:
    return f"{type(error).__name__}: {error}"


def steps_of(reference: tuple) -> int:
    """How many step records a traced outcome holds."""
    return len(reference[2][0])


def check_machine(machine: Machine, runtimes: dict[str, Runner] | None = None) -> tuple[int, Difference | None]:
    """Run `machine` on every runtime, traced and plain: the reference's step count, and the first
    difference from the reference (None when they all agree)."""
    runtimes = RUNTIMES if runtimes is None else runtimes
    others = [name for name in runtimes if name != REFERENCE]
    try:
        spec = spec_from_text(machine.spec_text, "random_machine.yaml")
    except Exception as error:  # noqa: BLE001 - the generator promises well-formed specs: a refusal is a finding
        return 0, Difference("loader", False, "exception", None, "", _raised(error))

    def run(name: str, traced: bool) -> tuple:
        return outcome(runtimes[name], spec, machine.answers, machine.max_steps, traced)

    return compare_runs(run, others)


def compare_runs(run: Callable[[str, bool], tuple], others: list[str]) -> tuple[int, Difference | None]:
    """The reference traced, then each other runtime traced and plain; an exception other than
    RunError from any of them is a difference too."""
    try:
        expected = run(REFERENCE, True)
    except Exception as error:  # noqa: BLE001 - a crash is a finding, reported as such
        return 0, Difference(REFERENCE, True, "exception", None, "", _raised(error))
    steps = steps_of(expected)
    for traced in (True, False):
        for name in others:
            try:
                got = run(name, traced)
            except Exception as error:  # noqa: BLE001 - a crash is a finding
                return steps, Difference(name, traced, "exception", None, "", _raised(error))
            # Without sinks the generated code runs its plain loop: same calls, same result or error.
            difference = first_difference(name, expected, got, traced)
            if difference is not None:
                return steps, difference
    return steps, None
