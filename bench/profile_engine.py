"""Where a step of the `transitions` engine spends its time (the numbers behind docs/performance.md).

    python bench/profile_engine.py            # knight 100×100, knight sweep 20×20, queens N=10
    python bench/profile_engine.py --quick    # small sizes

First the cost of a bare `transitions` machine per trigger, per further arc tried, per exit/enter
and per callback. Then, for each case and per step: the iterative reference; the generated code
(the model's work plus a `match`); the transitions engine; the arcs it tries; what `transitions`
alone takes for exactly the same steps (a replay on a machine built like the engine's, whose
conditions compare with the arc the real run fired and whose callbacks do nothing); and the rest,
an upper bound of what the framework adds. Last, each component's share under cProfile (which
inflates small calls, so only the proportions mean something).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Callable
from dataclasses import dataclass

from transitions import Machine, State

from automata.runtime.events import NullObserver
from automata.io.loader import load_spec
from automata.runtime.trace import MemorySink


@dataclass(frozen=True)
class ProfileCase:
    name: str
    spec_path: str
    iterative: Callable[[], object]
    generated: Callable[[], object]
    automaton: Callable[[list], object]  # takes the trace sinks


def best_of(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return best


@dataclass(frozen=True)
class StepShape:
    steps: int
    tried: int  # arcs tried in all (the fired one included)
    external: int  # steps that changed state (or re-entered one with entry actions): transitions runs exit/enter
    callbacks: int  # callbacks transitions calls: one per arc with actions, one per entry into a state with on_enter


def step_shape(case: ProfileCase) -> tuple[StepShape, list[list[int | None]]]:
    """The shape of the case's steps, and the arcs fired, run by run."""
    spec = load_spec(case.spec_path)
    sink = RunsSink()
    case.automaton([sink])
    tried = external = callbacks = 0
    for record in (record for run in sink.runs for record in run):
        order = [arc.index for arc in spec.arcs_from(record.state_before)]
        tried += order.index(record.arc) + 1 if record.arc is not None else len(order)
        if record.arc is not None:
            arc = spec.arcs[record.arc]
            entry_actions = bool(spec.states[arc.target].on_enter)
            external += arc.source != arc.target or entry_actions
            callbacks += bool(arc.actions) + entry_actions
    steps = sum(len(run) for run in sink.runs)
    return StepShape(steps, tried, external, callbacks), [[record.arc for record in run] for run in sink.runs]


class RunsSink(MemorySink):
    """Keeps the step records of each run apart."""

    def __init__(self) -> None:
        super().__init__()
        self.runs: list[list] = []

    def started(self, spec, state, event) -> None:  # type: ignore[no-untyped-def]
        self.runs.append([])

    def step(self, record) -> None:  # type: ignore[no-untyped-def]
        self.runs[-1].append(record)


def replay_seconds(case: ProfileCase, fired_runs: list[list[int | None]], repeat: int) -> float:
    """The time `transitions` takes for exactly the case's steps when conditions and actions cost nothing.

    One Machine per run (as the engine builds one per run), the spec's arcs in the engine's order
    (internal where the engine makes them internal), each condition a constant-time comparison
    with the arc the real run fired at that step, each callback a no-op.
    """
    spec = load_spec(case.spec_path)
    fired: list[int | None] = [None]

    def build() -> Callable[[], bool]:
        model = _Bare()
        states = [State(str(n), on_enter=[_nothing] if state.on_enter else None) for n, state in spec.states.items()]
        machine = Machine(model=model, states=states, initial=str(spec.initial), auto_transitions=False,
                          ignore_invalid_triggers=True)
        for number in spec.states:
            for arc in spec.arcs_from(number):
                internal = arc.source == arc.target and not spec.states[arc.target].on_enter
                machine.add_transition(spec.step_event, str(arc.source), None if internal else str(arc.target),
                                       conditions=[lambda index=arc.index: fired[0] == index],
                                       before=[_nothing] if arc.actions else None)
        return getattr(model, spec.step_event)

    def replay() -> None:
        for run in fired_runs:
            trigger = build()
            for arc in run:
                fired[0] = arc
                trigger()

    return best_of(replay, repeat)


def _nothing() -> None:
    pass


class _Bare:
    """A model for the bare machine."""


@dataclass(frozen=True)
class Floor:
    """Seconds `transitions` itself spends, measured on a bare machine whose conditions return constants."""

    trigger: float  # one trigger, one arc tried
    further_arc: float  # each further arc tried
    exit_enter: float  # a transition that leaves its state (or re-enters it)
    callback: float  # one callback (an arc's actions, a state's on_enter)

    def per_step(self, shape: StepShape) -> float:
        return (shape.steps * self.trigger + (shape.tried - shape.steps) * self.further_arc
                + shape.external * self.exit_enter + shape.callbacks * self.callback) / shape.steps


def transitions_floor(repeat: int) -> Floor:
    def machine(failing: int, internal: bool, callbacks: int = 0) -> Callable[[], bool]:
        model = _Bare()
        bare = Machine(model=model, states=["a"], initial="a", auto_transitions=False)
        for _ in range(failing):
            bare.add_transition("e0", "a", None, conditions=[lambda: False])
        bare.add_transition("e0", "a", None if internal else "a", conditions=[lambda: True],
                            before=[lambda: None for _ in range(callbacks)])
        return model.e0  # type: ignore[attr-defined]

    number = 20_000

    def per_trigger(trigger: Callable[[], bool]) -> float:
        return best_of(lambda: [trigger() for _ in range(number)], repeat) / number

    one = per_trigger(machine(0, True))
    return Floor(
        trigger=one,
        further_arc=(per_trigger(machine(4, True)) - one) / 4,
        exit_enter=per_trigger(machine(0, False)) - one,
        callback=(per_trigger(machine(0, True, callbacks=4)) - one) / 4,
    )


def profile_shares(run: Callable[[], object]) -> dict[str, float]:
    """Share of cProfile's own time per component; built-ins are charged to their callers."""
    profiler = cProfile.Profile()
    profiler.runcall(run)
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    shares: dict[str, float] = {}

    def component(filename: str) -> str:
        if "transitions" in filename or "logging" in filename or "functools" in filename:
            return "transitions (with logging)"
        if "/automata/" in filename or filename.startswith("<guard"):
            return "framework (automata/, compiled guards)"
        if "/solvers/" in filename:
            return "model and context (solvers/)"
        return "other"

    for (filename, _, _), (_, _, own, _, callers) in stats.items():
        if filename == "~" and callers:  # a built-in: split its time between its callers
            total = sum(entry[2] for entry in callers.values()) or 1.0
            for (caller_file, _, _), entry in callers.items():
                key = component(caller_file)
                shares[key] = shares.get(key, 0.0) + own * entry[2] / total
        else:
            key = component(filename)
            shares[key] = shares.get(key, 0.0) + own
    whole = sum(shares.values())
    return {key: value / whole for key, value in sorted(shares.items(), key=lambda item: -item[1])}


def cases(quick: bool) -> list[ProfileCase]:
    from solvers.knight_tour import automaton, iterative, sweeps
    from solvers.knight_tour.model import KnightTourInstance
    from solvers.queens.algorithms import QueensOptions, find_algorithm

    side = 20 if quick else 100
    tour = KnightTourInstance(side, side, (1, 1), optimizations=frozenset({1, 2, 3, 4}))
    sweep_side = 8 if quick else 20
    starts = [KnightTourInstance(sweep_side, sweep_side, (r, c), optimizations=frozenset({1, 2, 3, 4}))
              for r in range(1, sweep_side + 1) for c in range(1, sweep_side + 1)]
    spec = load_spec(automaton.SPEC_PATH)

    def sweep(engine: str, sinks: list) -> None:
        for instance in starts:
            automaton.solve(instance, NullObserver(), engine=engine, spec=spec, sinks=sinks)

    chosen = [
        ProfileCase(f"knight's tour {side}×{side}", automaton.SPEC_PATH,
                    lambda: iterative.solve(tour, NullObserver()),
                    lambda: automaton.solve(tour, NullObserver(), engine="generated"),
                    lambda sinks: automaton.solve(tour, NullObserver(), sinks=sinks)),
        ProfileCase(f"knight's tour sweep {sweep_side}×{sweep_side}", automaton.SPEC_PATH,
                    lambda: [sweeps.solvers(["iterative"])["iterative"](i, NullObserver()) for i in starts],
                    lambda: sweep("generated", []),
                    lambda sinks: sweep("transitions", sinks)),
    ]
    n = 8 if quick else 10
    for algorithm in ("backtracking", "mrv"):
        module = find_algorithm(algorithm)
        options = QueensOptions(n=n)
        chosen.append(ProfileCase(
            f"queens {algorithm} N={n}", module.spec_path,
            lambda m=module, o=options: m.iterative(o, NullObserver()),
            lambda m=module, o=options: m.automaton(o, NullObserver(), engine="generated"),
            lambda sinks, m=module, o=options: m.automaton(o, NullObserver(), sinks=sinks),
        ))
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement; the fastest is kept")
    args = parser.parse_args()
    floor = transitions_floor(args.repeat)
    print(f"bare transitions machine: {floor.trigger * 1e6:.2f} µs per trigger (one arc tried),"
          f" +{floor.further_arc * 1e6:.2f} µs per further arc tried, +{floor.exit_enter * 1e6:.2f} µs for exit/enter,"
          f" +{floor.callback * 1e6:.2f} µs per callback\n")
    print("| case | steps | arcs tried/step | iterative µs/step | generated µs/step | transitions engine µs/step"
          " | of which transitions alone | framework | model's share of the engine's time |")
    print("|---|---|---|---|---|---|---|---|---|")
    for case in cases(args.quick):
        shape, fired_runs = step_shape(case)
        case.automaton([])  # warm-up
        runs = {"iterative": case.iterative, "generated": case.generated, "automaton": lambda: case.automaton([])}
        times = {name: best_of(run, args.repeat) / shape.steps for name, run in runs.items()}
        alone = replay_seconds(case, fired_runs, args.repeat) / shape.steps
        framework = times["automaton"] - times["generated"] - alone
        print(f"| {case.name} | {shape.steps:,} | {shape.tried / shape.steps:.2f} | {times['iterative'] * 1e6:.2f}"
              f" | {times['generated'] * 1e6:.2f} | {times['automaton'] * 1e6:.2f} | {alone * 1e6:.2f}"
              f" | {framework * 1e6:.2f} | {times['generated'] / times['automaton']:.0%} |")
    print("\ncProfile shares of the transitions engine's time:")
    for case in cases(args.quick):
        shares = profile_shares(lambda: case.automaton([]))
        print(f"  {case.name}: " + ", ".join(f"{name} {share:.0%}" for name, share in shares.items()))


if __name__ == "__main__":
    main()
