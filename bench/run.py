"""Benchmarks: every implementation against the iterative reference, measured side by side.

    python bench/run.py            # the full set (about a minute on 2 cores)
    python bench/run.py --quick    # small sizes, a smoke test of the benchmark itself
    python bench/run.py --only queens,tracing

Prints a Markdown table (the README quotes it) and writes bench/results/latest.json.
Events go to a NullObserver: the benchmark measures the searches, not the recording.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import Case, measure, save, table  # noqa: E402

from automata.runtime.events import NullObserver
from automata.runtime.trace import JsonlSink, MemorySink, ProtocolSink

IMPLS = ("iterative", "recursive", "automaton", "generated")


def knight_cases(quick: bool) -> Iterator[Case]:
    from solvers.knight_tour import automaton, iterative, recursive, sweeps
    from solvers.knight_tour.model import KnightTourInstance

    solvers = {"iterative": iterative.solve, "recursive": recursive.solve,
               "automaton": automaton.solve, "generated": lambda inst, obs: automaton.solve(inst, obs, engine="generated")}

    def tour_case(rows: int, cols: int, start: tuple[int, int], label: str) -> Case:
        options = KnightTourInstance(rows, cols, start, optimizations=frozenset({1, 2, 3, 4}))
        return Case("knight's tour", label, {name: (lambda s=s: s(options, NullObserver())) for name, s in solvers.items()})

    def sweep_case(rows: int, cols: int, label: str) -> Case:
        cells = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)]
        all_options = [KnightTourInstance(rows, cols, cell, optimizations=frozenset({1, 2, 3, 4})) for cell in cells]
        # The implementations exactly as the sweep commands run them (the spec loaded once per sweep).
        sweep_solvers = sweeps.solvers(IMPLS)

        def sweep(solve: Callable) -> None:
            for options in all_options:
                solve(options, NullObserver())

        return Case("knight's tour", label, {name: (lambda s=s: sweep(s)) for name, s in sweep_solvers.items()})

    if quick:
        yield tour_case(8, 8, (1, 1), "one tour 8×8, optimizations 1-4")
        yield sweep_case(5, 5, "sweep of all 25 cells of 5×5")
        return
    yield tour_case(8, 8, (1, 1), "one tour 8×8, optimizations 1-4")
    yield tour_case(100, 100, (1, 1), "one tour 100×100, optimizations 1-4")
    yield sweep_case(8, 8, "sweep of all 64 cells of 8×8")
    yield sweep_case(20, 20, "sweep of all 400 cells of 20×20")


def queens_cases(quick: bool) -> Iterator[Case]:
    from solvers.queens.algorithms import QueensOptions, find_algorithm

    sizes = (6, 7) if quick else (8, 9, 10)
    for algorithm in ("backtracking", "mrv"):
        module = find_algorithm(algorithm)
        solvers = {
            "iterative": module.iterative,
            "recursive": module.recursive,
            "automaton": module.automaton,
            "generated": lambda opts, obs, m=module: m.automaton(opts, obs, engine="generated"),
        }
        for n in sizes:
            options = QueensOptions(n=n)
            counts = module.iterative(options, NullObserver())
            note = f"{counts.count} solutions, {counts.stat('nodes'):,} nodes"
            if algorithm == "mrv":
                note += f" ({counts.stat('choices'):,} choices, {counts.stat('forced'):,} forced)"
            yield Case("queens", f"{algorithm}: count N={n}",
                       {name: (lambda s=s, o=options: s(o, NullObserver())) for name, s in solvers.items()}, note=note)


def _random_positions(count: int, seed: int) -> list[str]:
    from automata.errors import InputError
    from solvers.puzzle8.puzzle import make_puzzle

    generator = random.Random(seed)
    positions: list[str] = []
    while len(positions) < count:
        cells = list("12345678_")
        generator.shuffle(cells)
        grid = "/".join("".join(cells[i:i + 3]) for i in range(0, 9, 3))
        try:
            make_puzzle(grid, "manhattan")
        except InputError:  # the unsolvable half of the permutations
            continue
        positions.append(grid)
    return positions


def puzzle_cases(quick: bool) -> Iterator[Case]:
    from solvers.puzzle8 import automaton, iterative, recursive
    from solvers.puzzle8.puzzle import make_puzzle

    solvers = {
        "iterative": lambda p, obs: iterative.solve(p, obs),
        "recursive": lambda p, obs: recursive.solve(p, obs),
        "automaton": lambda p, obs: automaton.solve(p, obs),
        "generated": lambda p, obs: automaton.solve(p, obs, None, None, "generated"),
    }
    heuristics = ("manhattan",) if quick else ("manhattan", "bratko", "linear-conflict")
    for heuristic in heuristics:
        puzzle = make_puzzle("start3", heuristic)
        yield Case("eight puzzle", f"start3, {heuristic}",
                   {name: (lambda s=s: s(puzzle, NullObserver())) for name, s in solvers.items()})
    puzzles = [make_puzzle(grid, "linear-conflict") for grid in _random_positions(3 if quick else 20, seed=8)]

    def all_of(solve: Callable) -> None:
        for puzzle in puzzles:
            solve(puzzle, NullObserver())

    yield Case("eight puzzle", f"{len(puzzles)} random positions, linear-conflict",
               {name: (lambda s=s: all_of(s)) for name, s in solvers.items()})


def tracing_cases(quick: bool) -> Iterator[Case]:
    """The cost of recording the automaton's steps, against running it with no sink."""
    from solvers.knight_tour import automaton
    from solvers.knight_tour.model import KnightTourInstance

    side = 20 if quick else 100
    options = KnightTourInstance(side, side, (1, 1), optimizations=frozenset({1, 2, 3, 4}))
    directory = tempfile.mkdtemp(prefix="automata-bench-")

    def with_sinks(make_sinks: Callable[[], list]) -> Callable[[], None]:
        def run() -> None:
            sinks = make_sinks()
            automaton.solve(options, NullObserver(), sinks=sinks)
            for sink in sinks:
                sink.close()
        return run

    runs = {
        "no sink": with_sinks(lambda: []),
        "memory": with_sinks(lambda: [MemorySink()]),
        "jsonl": with_sinks(lambda: [JsonlSink(os.path.join(directory, "trace.jsonl"))]),
        "protocol": with_sinks(lambda: [ProtocolSink(io.StringIO())]),
    }
    yield Case("tracing", f"automaton, one tour {side}×{side}", runs, reference="no sink")


GROUPS = {"knight": knight_cases, "queens": queens_cases, "puzzle": puzzle_cases, "tracing": tracing_cases}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes: checks the benchmark runs")
    parser.add_argument("--only", default=",".join(GROUPS), help=f"comma-separated groups: {', '.join(GROUPS)}")
    parser.add_argument("--repeat", type=int, default=3, help="runs per implementation; the fastest is kept")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results" / "latest.json")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in GROUPS]
    if unknown:
        parser.error(f"unknown group {unknown[0]!r}; choose from {', '.join(GROUPS)}")
    timings = []
    for group in chosen:
        for case in GROUPS[group](args.quick):
            print(f"measuring {case.group}: {case.name} ...", file=sys.stderr, flush=True)
            timings.append(measure(case, repeat=1 if args.quick else args.repeat))
    print(table(timings))
    save(timings, args.out)
    print(f"\nsaved {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
