"""Every implementation of a search, side by side in one run: the plain programs, the automaton on
the transitions engine, the generated code, and the bare transitions machine (bench/floor.py).

A `SpeedCase` names a spec and some of its program's cases (docs/own-automaton.md): each
implementation runs them one after another on fresh contexts, exactly as `automata verify` runs
them, the spec loaded once. Before anything is timed, every implementation is run once and must
return the same results, and the automaton, the generated code and the bare machine must take
the same number of steps. Then bench/harness.py times them interleaved and keeps each one's
fastest batch.

Any spec with a program can be measured this way: a benchmark of another problem builds its own
SpeedCases and renders them with `speed_table` and `floor_table` (bench/README.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from floor import run_bare
from harness import Case, measure_all

from automata.runtime.events import NullObserver
from automata.runtime.program import Program, load_program
from automata.runtime.runner import execute

PLAIN = ("iterative", "recursive")
AUTOMATA = ("automaton", "generated", "bare transitions")
COLUMN = {"automaton": "automaton (transitions)", "generated": "generated code"}


@dataclass(frozen=True)
class SpeedCase:
    group: str  # "queens"
    label: str  # "backtracking: count N=10"
    spec: str  # the spec file, as `automata` commands take it
    cases: tuple[Any, ...]  # cases of the spec's program, run one after another
    nodes: Callable[[Any], int | None] | None = None  # the search nodes one result reports (None: unknown)
    node: str = "node"  # what a node is called in the table ("node", "expansion")

    @property
    def title(self) -> str:
        return f"{self.group}: {self.label}"


@dataclass
class SpeedRow:
    case: SpeedCase
    seconds: dict[str, float] = field(default_factory=dict)  # per implementation, all the cases once
    steps: int = 0  # the automaton's steps on all the cases
    nodes: int | None = None
    calls: dict[str, int] = field(default_factory=dict)  # questions and actions asked, per implementation

    def ratio(self, name: str, reference: str = "iterative") -> float:
        return self.seconds[name] / self.seconds[reference]

    def per_step(self, name: str) -> float:
        return self.seconds[name] / self.steps


def runners(case: SpeedCase, program: Program) -> dict[str, Callable[[], list[Any]]]:
    """One zero-argument function per implementation, running all the case's cases."""
    spec, make, observer = program.spec, program.make_context, NullObserver()
    finish = program.result or (lambda context, final_state: None)

    def plain(implementation: Callable[[object], Any]) -> Callable[[], list[Any]]:
        return lambda: [implementation(make(one, observer)) for one in case.cases]

    def automaton(engine: str) -> Callable[[], list[Any]]:
        def run() -> list[Any]:
            results = []
            for one in case.cases:
                context = make(one, observer)
                results.append(finish(context, execute(spec, context, engine=engine).final_state))
            return results
        return run

    def bare() -> list[Any]:
        results = []
        for one in case.cases:
            context = make(one, observer)
            results.append(finish(context, run_bare(spec, context).final_state))
        return results

    runs = {name: plain(program.implementations[name]) for name in PLAIN if name in program.implementations}
    runs.update({"automaton": automaton("transitions"), "generated": automaton("generated"), "bare transitions": bare})
    return runs


def _steps(case: SpeedCase, program: Program) -> int:
    """The automaton's steps on the case; the generated code and the bare machine must agree."""
    counts = {}
    for engine in ("transitions", "generated"):
        counts[engine] = sum(execute(program.spec, program.make_context(one, NullObserver()), engine=engine).steps
                             for one in case.cases)
    counts["bare"] = sum(run_bare(program.spec, program.make_context(one, NullObserver())).steps for one in case.cases)
    if len(set(counts.values())) != 1:
        raise RuntimeError(f"{case.title}: the runtimes take different numbers of steps: {counts}")
    return counts["transitions"]


def _calls(case: SpeedCase, program: Program, run: Callable[[object], object]) -> int:
    """How many times `run(context)` calls the methods the spec's inputs and outputs name, on all
    the case's cases: each method is counted on its class (the model's, for a context that hands
    over its model's methods), so a plain program that calls the model directly is counted too."""
    spec, count = program.spec, [0]
    sample = program.make_context(case.cases[0], NullObserver())
    patched: list[tuple[type, str, Any]] = []
    try:
        for declared in (*spec.inputs.values(), *spec.outputs.values()):
            method = getattr(sample, declared.call)
            owner, function = getattr(method, "__self__", None), getattr(method, "__func__", None)
            if owner is None or function is None or any(name == function.__name__ and cls is type(owner)
                                                         for cls, name, _ in patched):
                continue
            cls, name = type(owner), function.__name__
            patched.append((cls, name, cls.__dict__.get(name)))
            setattr(cls, name, _counting(function, count))
        for one in case.cases:
            run(program.make_context(one, NullObserver()))
    finally:
        for cls, name, before in reversed(patched):
            if before is None:
                delattr(cls, name)
            else:
                setattr(cls, name, before)
    return count[0]


def _counting(function: Callable[..., Any], count: list[int]) -> Callable[..., Any]:
    def counted(*args: Any, **kwargs: Any) -> Any:
        count[0] += 1
        return function(*args, **kwargs)
    return counted


def prepare_case(case: SpeedCase) -> tuple[SpeedRow, Case]:
    """The case's row (steps, nodes, calls) and its runners, each run once and checked: the same
    results from every implementation, the same steps from every runtime."""
    program = load_program(case.spec)
    runs = runners(case, program)
    results = {name: run() for name, run in runs.items()}
    reference_name = next(iter(results))
    reference = results[reference_name]
    for name, found in results.items():
        if found != reference:
            raise RuntimeError(f"{case.title}: {name} returns other results than {reference_name}")
    row = SpeedRow(case, steps=_steps(case, program))
    if case.nodes is not None:
        counted = [case.nodes(result) for result in reference]
        row.nodes = None if None in counted else sum(counted)  # type: ignore[arg-type]
    row.calls = {"iterative": _calls(case, program, lambda context: program.implementations["iterative"](context)),
                 "automaton": _calls(case, program, lambda context: execute(program.spec, context, engine="generated"))}
    return row, Case(case.group, case.label, runs, reference=reference_name)


def measure_cases(cases: Iterable[SpeedCase], repeat: int,
                  progress: Callable[[str], None] = lambda line: None) -> list[SpeedRow]:
    """Every case measured side by side, the rounds spread over all the cases (harness.measure_all)."""
    prepared = []
    for case in cases:
        progress(f"preparing {case.title} ...")
        prepared.append(prepare_case(case))
    timings = measure_all([timed for _, timed in prepared], repeat, warmed=True, progress=progress)
    for (row, _), timing in zip(prepared, timings):
        row.seconds = timing.seconds
    return [row for row, _ in prepared]


# ---------------------------------------------------------------------------------------------
# Tables


def speed_table(rows: Sequence[SpeedRow]) -> str:
    """Each implementation against the iterative program, and the automaton's steps per node."""
    lines = ["| case | iterative | recursive | automaton (transitions) | generated code | steps | steps per node "
             "| questions and actions per node: iterative / automaton |",
             "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        cells = [_ms(row.seconds["iterative"])]
        cells += [f"{row.ratio(name):.2f}×" if name in row.seconds else "" for name in ("recursive", "automaton", "generated")]
        cells.append(f"{row.steps:,}")
        cells.append(f"{row.steps / row.nodes:.2f} per {row.case.node}" if row.nodes else "")
        cells.append(f"{row.calls['iterative'] / row.nodes:.2f} / {row.calls['automaton'] / row.nodes:.2f}"
                     if row.nodes and row.calls else "")
        lines.append(f"| {row.case.title} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def floor_table(rows: Sequence[SpeedRow]) -> str:
    """Time per automaton step: the bare machine (the floor), the engine, the generated code."""
    lines = ["| case | steps | bare transitions | automaton (transitions) | automaton / bare | generated code "
             "| iterative |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        lines.append(f"| {row.case.title} | {row.steps:,} | {_us(row.per_step('bare transitions'))} "
                     f"| {_us(row.per_step('automaton'))} | **{row.ratio('automaton', 'bare transitions'):.2f}×** "
                     f"| {_us(row.per_step('generated'))} | {_us(row.per_step('iterative'))} |")
    return "\n".join(lines)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms" if seconds < 10 else f"{seconds:.1f} s"


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:.2f} µs"
