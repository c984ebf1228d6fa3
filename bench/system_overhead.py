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

from harness import Case, measure, table  # noqa: E402

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    all_four = frozenset({1, 2, 3, 4})
    cells = [(row, col) for row in range(1, 9) for col in range(1, 9)]
    cases = [
        ("one tour 8×8 from 1,1, optimizations 1-4", [KnightTourInstance(8, 8, (1, 1), all_four)]),
        ("all 64 cells of 8×8, optimizations 1-4", [KnightTourInstance(8, 8, cell, all_four) for cell in cells]),
        ("8×8 from 5,5, optimizations 1+2 (2,502 returns)",
         [KnightTourInstance(8, 8, (5, 5), frozenset({1, 2}))]),
        ("every tour of 3×4 from 2,4", [KnightTourInstance(3, 4, (2, 4), frozenset(), max_returns=None, all_tours=True)]),
    ]
    if args.quick:
        cases = cases[:1]
    timings = []
    for label, instances in cases:
        single, split = map(sum, zip(*(steps(instance) for instance in instances)))
        print(f"{label}: {single:,} steps as one automaton, {split:,} as a system", file=sys.stderr, flush=True)
        timings.append(measure(case(f"{label} ({single:,} / {split:,} steps)", instances), repeat=1 if args.quick else 3))
    print(table(timings))


if __name__ == "__main__":
    main()
