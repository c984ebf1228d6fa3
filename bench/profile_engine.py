"""What `transitions` itself costs per step, and where the engine's time goes.

    python bench/profile_engine.py            # knight 100×100, queens N=10 (both searches), eight puzzle
    python bench/profile_engine.py --quick    # small sizes

First the parts of a step on a bare machine built as the engine builds its machines, with
conditions that return constants and callbacks that do nothing: one trigger that tries one arc,
each further arc tried, leaving the state (exit and enter), each callback. Then, per case, the
shape of the automaton's steps (arcs tried, steps that leave their state, callbacks), what those
parts add up to per step, and each component's share of the engine's time under cProfile (which
inflates small calls, so only the proportions mean something).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pages import Session, Table  # noqa: E402

from automata.runtime.machines import MACHINE_CLASS, MACHINE_OPTIONS, event_trigger  # noqa: E402
from automata.runtime.events import NullObserver  # noqa: E402
from automata.runtime.program import load_program  # noqa: E402
from automata.runtime.runner import execute  # noqa: E402
from automata.runtime.trace import MemorySink  # noqa: E402

# (title, spec, `-p` parameters)
CASES = (
    ("knight's tour 100×100", "specs/knight_tour.yaml", (("board", "100x100"),)),
    ("queens, backtracking, N=10", "specs/queens_backtracking.yaml", (("n", "10"),)),
    ("queens, mrv, N=10", "specs/queens_mrv.yaml", (("n", "10"),)),
    ("eight puzzle, start3, misplaced", "specs/eight_puzzle.yaml", (("start", "start3"), ("heuristic", "misplaced"))),
)
QUICK = {"board": "20x20", "n": "7"}


def best_of(run: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


@dataclass(frozen=True)
class Parts:
    """Seconds `transitions` spends on the parts of a step (bare machine, constant conditions)."""

    trigger: float  # one trigger, one arc tried
    further_arc: float  # each further arc tried
    exit_enter: float  # a transition that leaves its state (or re-enters it)
    callback: float  # one callback (an arc's actions, a state's on_enter)


class _Bare:
    """A model for the bare machine."""


def measure_parts(repeat: int) -> Parts:
    def machine(failing: int, internal: bool, callbacks: int = 0) -> Callable[[], bool]:
        model = _Bare()
        bare = MACHINE_CLASS(model=model, states=["a"], initial="a", **MACHINE_OPTIONS)
        for _ in range(failing):
            bare.add_transition("e0", "a", None, conditions=[lambda: False])
        bare.add_transition("e0", "a", None if internal else "a", conditions=[lambda: True],
                            before=[lambda: None for _ in range(callbacks)])
        return event_trigger(bare, model, "e0")

    number = 20_000
    triggers = {"one": machine(0, True), "four more arcs": machine(4, True), "exit and enter": machine(0, False),
                "four callbacks": machine(0, True, callbacks=4)}
    best = dict.fromkeys(triggers, float("inf"))
    for _ in range(repeat):  # the machines interleaved, round after round: a burst of load spoils one round
        for name, trigger in triggers.items():
            best[name] = min(best[name], best_of(lambda trigger=trigger: [trigger() for _ in range(number)], 1) / number)
    one = best["one"]
    return Parts(trigger=one, further_arc=(best["four more arcs"] - one) / 4, exit_enter=best["exit and enter"] - one,
                 callback=(best["four callbacks"] - one) / 4)


@dataclass(frozen=True)
class Shape:
    """The automaton's steps on one case."""

    title: str
    steps: int
    tried: int  # arcs tried in all (the fired one included)
    external: int  # steps that leave their state (or re-enter one with entry actions): exit and enter run
    callbacks: int  # one per arc with actions, one per entry into a state with on_enter
    shares: dict[str, float]  # cProfile's share of the engine's time per component

    def transitions_per_step(self, parts: Parts) -> float:
        return (self.steps * parts.trigger + (self.tried - self.steps) * parts.further_arc
                + self.external * parts.exit_enter + self.callbacks * parts.callback) / self.steps


def measure_shape(title: str, spec_path: str, params: dict[str, str]) -> Shape:
    program = load_program(spec_path)
    spec = program.spec
    case = program.case_from_params(params)
    sink = MemorySink()
    execute(spec, program.make_context(case, NullObserver()), sinks=[sink])
    tried = external = callbacks = 0
    for record in sink.records:
        order = [arc.index for arc in spec.arcs_from(record.state_before, record.event)]
        tried += order.index(record.arc) + 1 if record.arc is not None else len(order)
        if record.arc is not None:
            arc = spec.arcs[record.arc]
            entry_actions = bool(spec.states[arc.target].on_enter)
            external += arc.source != arc.target or entry_actions
            callbacks += bool(arc.actions) + entry_actions
    shares = profile_shares(lambda: execute(spec, program.make_context(case, NullObserver())))
    return Shape(title, len(sink.records), tried, external, callbacks, shares)


COMPONENTS = ("transitions (with logging)", "framework (automata/, compiled guards)", "model and context (solvers/)")


def profile_shares(run: Callable[[], object]) -> dict[str, float]:
    """Share of cProfile's own time per component; built-ins are charged to their callers."""
    profiler = cProfile.Profile()
    profiler.runcall(run)
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    shares: dict[str, float] = dict.fromkeys(COMPONENTS, 0.0)

    def component(filename: str) -> str:
        if "transitions" in filename or "logging" in filename or "functools" in filename:
            return COMPONENTS[0]
        if "/automata/" in filename or filename.startswith("<guard"):
            return COMPONENTS[1]
        if "/solvers/" in filename:
            return COMPONENTS[2]
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
    whole = sum(shares.values()) or 1.0
    return {key: value / whole for key, value in shares.items()}


@dataclass(frozen=True)
class Profile:
    parts: Parts
    shapes: list[Shape]

    def table(self) -> str:
        parts = self.parts
        lines = ["| a step of a bare machine | µs |", "|---|---:|",
                 f"| one trigger that tries one arc (internal, no callback) | {parts.trigger * 1e6:.2f} |",
                 f"| each further arc tried | {parts.further_arc * 1e6:.2f} |",
                 f"| leaving the state (exit and enter) | {parts.exit_enter * 1e6:.2f} |",
                 f"| each callback | {parts.callback * 1e6:.2f} |", "",
                 "| case | steps | arcs tried per step | steps leaving their state | callbacks per step "
                 "| transitions' own cost per step, from the parts | cProfile: " + " / ".join(COMPONENTS) + " |",
                 "|---|---:|---:|---:|---:|---:|---|"]
        for shape in self.shapes:
            shares = " / ".join(f"{shape.shares[name]:.0%}" for name in COMPONENTS)
            lines.append(f"| {shape.title} | {shape.steps:,} | {shape.tried / shape.steps:.2f} "
                         f"| {shape.external / shape.steps:.0%} | {shape.callbacks / shape.steps:.2f} "
                         f"| {shape.transitions_per_step(parts) * 1e6:.2f} µs | {shares} |")
        return "\n".join(lines)


def measure_profile(repeat: int, quick: bool = False) -> Profile:
    shapes = []
    for title, spec, params in CASES:
        chosen = {key: (QUICK.get(key, value) if quick else value) for key, value in params}
        shapes.append(measure_shape(title, spec, chosen))
    return Profile(measure_parts(repeat), shapes)


def measured(session: Session) -> Profile:
    return session.once("profile", lambda: measure_profile(session.repeat))


SOURCES = ("automata/runtime/machines.py", "automata/runtime/compiled_guards.py", "specs/knight_tour.yaml",
           "specs/queens_backtracking.yaml", "specs/queens_mrv.yaml", "specs/eight_puzzle.yaml")
TABLES = {"transitions-cost": Table(lambda session: measured(session).table(), SOURCES)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement; the fastest is kept")
    args = parser.parse_args()
    print(measure_profile(args.repeat, args.quick).table())


if __name__ == "__main__":
    main()
