"""What splitting an automaton into a system costs: the knight's tour as one automaton
(specs/knight_tour.yaml) and as A0 calling A1 (specs/knight_tour_system.yaml), on the same cases,
on both engines, timed side by side against the iterative program (bench/harness.py).

    python bench/system_overhead.py          # about half a minute on 2 cores
    python bench/system_overhead.py --quick  # a smoke test

Both automata emit the same events (tests/test_systems.py checks it); the system takes a few more
steps (A0's own, and one per attempt to bring A1 to a final state) and runs its outputs from the
outer loop instead of from the machine's callbacks, and reads each input through the loop's step.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness import Case, Timing, measure_all  # noqa: E402
from pages import Session, Table  # noqa: E402

from automata.io.loader import load_spec  # noqa: E402
from automata.runtime.events import NullObserver  # noqa: E402
from automata.runtime.runner import execute  # noqa: E402
from solvers.knight_tour import iterative  # noqa: E402
from solvers.knight_tour.model import KnightTour, KnightTourInstance  # noqa: E402

SINGLE = load_spec("specs/knight_tour.yaml")
SYSTEM = load_spec("specs/knight_tour_system.yaml")


def case(label: str, instances: list[KnightTourInstance]) -> Case:
    def plain() -> None:
        for instance in instances:
            iterative.search(KnightTour(instance, NullObserver()))

    def automaton(spec: object, engine: str):
        def go() -> None:
            for instance in instances:
                execute(spec, KnightTour(instance, NullObserver()), engine)
        return go

    return Case("knight's tour", label, {
        "iterative": plain,
        "single, transitions": automaton(SINGLE, "transitions"),
        "system, transitions": automaton(SYSTEM, "transitions"),
        "single, generated": automaton(SINGLE, "generated"),
        "system, generated": automaton(SYSTEM, "generated"),
    })


def steps(instance: KnightTourInstance) -> tuple[int, int]:
    single = execute(SINGLE, KnightTour(instance, NullObserver())).steps
    return single, execute(SYSTEM, KnightTour(instance, NullObserver())).steps


CASES = (
    ("one tour 8×8 from 1,1, optimizations 1-4", [KnightTourInstance(8, 8, (1, 1), frozenset({1, 2, 3, 4}))]),
    ("all 64 cells of 8×8, optimizations 1-4",
     [KnightTourInstance(8, 8, (row, col), frozenset({1, 2, 3, 4})) for row in range(1, 9) for col in range(1, 9)]),
    ("8×8 from 5,5, optimizations 1+2", [KnightTourInstance(8, 8, (5, 5), frozenset({1, 2}))]),
    ("every tour of 3×4 from 2,4", [KnightTourInstance(3, 4, (2, 4), frozenset(), max_returns=None, all_tours=True)]),
)


def measure_overhead(repeat: int, quick: bool = False) -> list[Timing]:
    cases = []
    for label, instances in CASES[:1] if quick else CASES:
        single, split = map(sum, zip(*(steps(instance) for instance in instances)))
        print(f"{label}: {single:,} steps as one automaton, {split:,} as a system", file=sys.stderr, flush=True)
        cases.append(case(f"{label} ({single:,} / {split:,} steps)", instances))
    return measure_all(cases, repeat)


def ratio_table(timings: list[Timing]) -> str:
    """Each automaton's time against the iterative program's, measured in the same run."""
    names = [name for name in timings[0].seconds if name != "iterative"]
    lines = [f"| case | {' | '.join(names)} |", "| --- |" + " ---: |" * len(names)]
    lines += [f"| {timing.case} | {' | '.join(f'{timing.ratio(name):.2f}×' for name in names)} |" for timing in timings]
    return "\n".join(lines)


def measured(session: Session) -> list[Timing]:
    return session.once("system_overhead", lambda: measure_overhead(session.repeat))


SOURCES = ("bench/harness.py", "specs/knight_tour.yaml", "specs/knight_tour_system.yaml", "specs/knight_tour_attempt.yaml",
           "generated/knight_tour.py", "generated/knight_tour_system.py", "automata/runtime/engine.py", "automata/runtime/machines.py",
           "automata/runtime/system.py", "automata/runtime/generated.py", "automata/runtime/support.py",
           "solvers/knight_tour/model.py", "solvers/knight_tour/iterative.py")
TABLES = {"systems": Table(lambda session: ratio_table(measured(session)), SOURCES)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    print(ratio_table(measure_overhead(1 if args.quick else 3, args.quick)))


if __name__ == "__main__":
    main()
