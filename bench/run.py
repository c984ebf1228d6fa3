"""Benchmarks: every implementation against the iterative reference, measured side by side.

    python bench/run.py                      # the full set, printed as Markdown tables
    python bench/run.py --quick              # small sizes, a smoke test of the benchmark itself
    python bench/run.py --only queens,tracing
    python bench/run.py --write-docs         # measure every table of README.md and docs/, and write them
    python bench/run.py --write-docs --only speed,floor
    python bench/run.py --check-docs         # which measured tables are stale, and why

Events go to a NullObserver: the benchmark measures the searches, not the recording. The tables
in the documentation are written only by `--write-docs` (bench/pages.py, bench/README.md).
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
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness import Case, Timing, measure, save, table  # noqa: E402
from pages import Session, Table  # noqa: E402
from speed import SpeedCase, SpeedRow, floor_table, measure_cases, speed_table  # noqa: E402

from automata.runtime.events import NullObserver  # noqa: E402
from automata.runtime.trace import JsonlSink, MemorySink, ProtocolSink  # noqa: E402

# ---------------------------------------------------------------------------------------------
# The cases


def knight_cases(quick: bool) -> Iterator[SpeedCase]:
    from solvers.knight_tour.model import KnightTourInstance

    def start(rows: int, cols: int, cell: tuple[int, int]) -> KnightTourInstance:
        return KnightTourInstance(rows, cols, cell, optimizations=frozenset({1, 2, 3, 4}))

    def tour(side: int) -> SpeedCase:
        return SpeedCase("knight's tour", f"one tour {side}×{side}, optimizations 1-4", "specs/knight_tour.yaml",
                         (start(side, side, (1, 1)),), knight_moves, "move")

    def sweep(side: int) -> SpeedCase:
        cells = tuple(start(side, side, (r, c)) for r in range(1, side + 1) for c in range(1, side + 1))
        return SpeedCase("knight's tour", f"sweep of all {len(cells)} cells of {side}×{side}", "specs/knight_tour.yaml",
                         cells, knight_moves, "move")

    if quick:
        yield tour(8)
        yield sweep(5)
        return
    yield tour(8)
    yield tour(100)
    yield sweep(8)
    yield sweep(20)


def knight_moves(result: object) -> int | None:
    """The moves a search made: the tour's and the ones taken back (None when it restarted)."""
    if result.restarts or not result.path:  # type: ignore[attr-defined]
        return None
    return len(result.path) - 1 + result.returns  # type: ignore[attr-defined]


def queens_cases(quick: bool) -> Iterator[SpeedCase]:
    from solvers.queens.algorithms import QueensOptions

    sizes = (6, 7) if quick else (8, 9, 10)
    for algorithm in ("backtracking", "mrv"):
        for n in sizes:
            yield SpeedCase("queens", f"{algorithm}: count N={n}", f"specs/queens_{algorithm}.yaml",
                            (QueensOptions(n=n),), lambda result: result.stat("nodes"))


def puzzle_cases(quick: bool) -> Iterator[SpeedCase]:
    from solvers.puzzle8.program import PuzzleCase

    spec = "specs/eight_puzzle.yaml"
    expanded = lambda result: result.expanded  # noqa: E731
    for heuristic in ("manhattan",) if quick else ("manhattan", "bratko", "linear-conflict"):
        yield SpeedCase("eight puzzle", f"start3, {heuristic}", spec, (PuzzleCase("start3", heuristic),), expanded,
                        "expansion")
    positions = random_positions(3 if quick else 20, seed=8)
    yield SpeedCase("eight puzzle", f"{len(positions)} random positions, linear-conflict", spec,
                    tuple(PuzzleCase(grid, "linear-conflict") for grid in positions), expanded, "expansion")


def random_positions(count: int, seed: int) -> list[str]:
    """`count` solvable positions of the eight puzzle, the same ones for the same seed."""
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


def tracing_case(quick: bool) -> Case:
    """The cost of recording the automaton's steps, against running it with no sink."""
    from automata.io.loader import load_spec
    from automata.runtime.runner import execute
    from solvers.knight_tour.model import KnightTour, KnightTourInstance

    spec = load_spec("specs/knight_tour.yaml")
    side = 20 if quick else 100
    instance = KnightTourInstance(side, side, (1, 1), optimizations=frozenset({1, 2, 3, 4}))
    directory = tempfile.mkdtemp(prefix="automata-bench-")

    def with_sinks(make_sinks: Callable[[], list]) -> Callable[[], None]:
        def run() -> None:
            sinks = make_sinks()
            execute(spec, KnightTour(instance, NullObserver()), sinks=sinks)
            for sink in sinks:
                sink.close()
        return run

    runs = {
        "no sink": with_sinks(lambda: []),
        "memory": with_sinks(lambda: [MemorySink()]),
        "JSONL": with_sinks(lambda: [JsonlSink(os.path.join(directory, "trace.jsonl"))]),
        "protocol": with_sinks(lambda: [ProtocolSink(io.StringIO())]),
    }
    return Case("tracing", f"automaton, one tour {side}×{side}", runs, reference="no sink")


GROUPS: dict[str, Callable[[bool], Iterator[SpeedCase]]] = {
    "knight": knight_cases, "queens": queens_cases, "puzzle": puzzle_cases,
}


# ---------------------------------------------------------------------------------------------
# The measurements, once per session, and the tables the pages show


def speed_rows(session: Session) -> list[SpeedRow]:
    def measure_all() -> list[SpeedRow]:
        cases = [case for group in GROUPS.values() for case in group(False)]
        return measure_cases(cases, session.repeat, progress)
    return session.once("run.speed", measure_all)


def tracing_timing(session: Session) -> Timing:
    return session.once("run.tracing", lambda: measure(tracing_case(False), session.repeat))


def tracing_table(timing: Timing) -> str:
    names = list(timing.seconds)
    cells = [f"{timing.seconds[name] * 1000:.1f} ms (1.00×)" if name == timing.reference else f"**{timing.ratio(name):.2f}×**"
             for name in names]
    return f"| case | {' | '.join(names)} |\n|---|{'---:|' * len(names)}\n| {timing.case} | {' | '.join(cells)} |"


# Goals the issues set, each checked on every row of the measurement.
GENERATED_GOAL = 1.3  # the generated code against the iterative program
FLOOR_GOAL = 1.2  # the engine against the bare transitions machine, per step
TRACING_GOAL = 2.0  # JSONL tracing against no sink


def goals_table(session: Session) -> str:
    rows = speed_rows(session)
    tracing = tracing_timing(session)
    generated = max(rows, key=lambda row: row.ratio("generated"))
    floor = max(rows, key=lambda row: row.ratio("automaton", "bare transitions"))
    lines = ["| goal | worst case | measured | | beside it |", "|---|---|---:|---|---|"]

    def line(goal: str, case: str, value: float, limit: float, beside: str = "") -> None:
        lines.append(f"| {goal} | {case} | {value:.2f}× | {'met' if value <= limit else '**missed**'} | {beside} |")

    asks = ""
    if generated.calls.get("iterative"):
        asks = (f"the automaton makes {generated.calls['automaton'] / generated.calls['iterative']:.2f}× the loop's "
                "calls of the model's questions and actions")
    line(f"generated code within {GENERATED_GOAL}× of the iterative program, every case", generated.case.title,
         generated.ratio("generated"), GENERATED_GOAL, asks)
    line(f"transitions engine within {FLOOR_GOAL}× of the bare transitions machine per step, every case",
         floor.case.title, floor.ratio("automaton", "bare transitions"), FLOOR_GOAL,
         f"{floor.per_step('automaton') * 1e6:.2f} µs against {floor.per_step('bare transitions') * 1e6:.2f} µs a step")
    line(f"JSONL tracing within {TRACING_GOAL}× of no tracing", tracing.case, tracing.ratio("JSONL"), TRACING_GOAL)
    return "\n".join(lines)


KNIGHT_100 = "knight's tour: one tour 100×100, optimizations 1-4"
QUEENS_10 = "queens: backtracking: count N=10"


def summary_table(session: Session) -> str:
    """The README's speed table: a line per benchmark, from the same run as docs/performance.md."""
    import queens_lean
    import startup
    import sweep_speedup

    rows = {row.case.title: row for row in speed_rows(session)}

    def pair(row: SpeedRow) -> str:
        return f"{row.ratio('automaton'):.1f}× / {row.ratio('generated'):.2f}×"

    queens = rows[QUEENS_10]
    puzzle = [row for row in rows.values() if row.case.group == "eight puzzle"]
    floor = [row.ratio("automaton", "bare transitions") for row in rows.values()]
    lean = queens_lean.measured(session).ratios("backtracking iterative")
    sizes = queens_lean.measured(session).sizes
    sweep = sweep_speedup.measured(session)
    against_iterative = (
        f"{pair(rows[KNIGHT_100])} (knight 100×100), {pair(queens)} (backtracking queens N=10, "
        f"{queens.steps / (queens.nodes or queens.steps):.1f} steps per node), "
        f"≤ {max(row.ratio('automaton') for row in puzzle):.1f}× / ≤ {max(row.ratio('generated') for row in puzzle):.2f}× "
        "(eight puzzle)")
    return "\n".join([
        "| what | measured |",
        "| --- | --- |",
        f"| the automaton on `transitions` / generated code, against the iterative loop | {against_iterative} — `bench/run.py` |",
        "| the automaton on `transitions` against a bare `transitions.Machine` of the same spec, per step "
        f"| {min(floor):.2f}–{max(floor):.2f}× — `bench/run.py` |",
        f"| start-up beyond `python3 -c pass` | {startup.measured(session).summary()} — `bench/startup.py` |",
        "| counting queens: the model's iterative reference against a plain bitmask counter "
        f"| {min(lean):.1f}–{max(lean):.1f}× for N = {sizes[0]}..{sizes[-1]} — `bench/queens_lean.py` |",
        f"| {sweep.what()} | {sweep.speedups()} — `bench/sweep_speedup.py` |",
    ])


def progress(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


# The code the speed tables measure, besides this module: the harness, the engine and the code
# generator, and each problem's spec, generated module, model and programs.
ENGINE_SOURCES = (
    "bench/harness.py", "bench/speed.py", "bench/floor.py",
    "automata/runtime/engine.py", "automata/runtime/machines.py", "automata/runtime/compiled_guards.py",
    "automata/runtime/generated.py",
    "automata/runtime/support.py", "automata/runtime/runner.py", "automata/runtime/stepping.py",
    "automata/io/codegen.py", "automata/io/codegen_states.py", "automata/io/read_plan.py",
)
KNIGHT_SOURCES = ("specs/knight_tour.yaml", "generated/knight_tour.py", "solvers/knight_tour/model.py",
                  "solvers/knight_tour/iterative.py", "solvers/knight_tour/recursive.py", "solvers/knight_tour/program.py")
QUEENS_SOURCES = ("specs/queens_backtracking.yaml", "specs/queens_mrv.yaml", "generated/queens_backtracking.py",
                  "generated/queens_mrv.py", "solvers/queens/backtracking/*.py", "solvers/queens/mrv/*.py",
                  "solvers/queens/algorithms.py", "solvers/queens/contract.py", "solvers/queens/tally.py",
                  "solvers/queens/bitboard.py")
PUZZLE_SOURCES = ("specs/eight_puzzle.yaml", "generated/eight_puzzle.py", "solvers/puzzle8/model.py",
                  "solvers/puzzle8/iterative.py", "solvers/puzzle8/recursive.py", "solvers/puzzle8/automaton.py",
                  "solvers/puzzle8/program.py", "solvers/puzzle8/puzzle.py", "solvers/puzzle8/heuristics.py",
                  "solvers/puzzle8/board.py")
SPEED_SOURCES = ENGINE_SOURCES + KNIGHT_SOURCES + QUEENS_SOURCES + PUZZLE_SOURCES
TRACING_SOURCES = ENGINE_SOURCES + KNIGHT_SOURCES + ("automata/runtime/trace.py", "automata/runtime/protocol_lines.py")
SUMMARY_SOURCES = SPEED_SOURCES + ("bench/startup.py", "bench/queens_lean.py", "bench/sweep_speedup.py")

TABLES = {
    "speed": Table(lambda session: speed_table(speed_rows(session)), SPEED_SOURCES),
    "floor": Table(lambda session: floor_table(speed_rows(session)), SPEED_SOURCES),
    "tracing": Table(lambda session: tracing_table(tracing_timing(session)), TRACING_SOURCES),
    "goals": Table(goals_table, SPEED_SOURCES + TRACING_SOURCES),
    "summary": Table(summary_table, SUMMARY_SOURCES),
}


# ---------------------------------------------------------------------------------------------
# The command


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes: checks the benchmark runs")
    parser.add_argument("--only", default="", help=f"comma-separated groups ({', '.join([*GROUPS, 'tracing'])}); "
                        "with --write-docs, the tables to write (names, module:name or module paths)")
    parser.add_argument("--repeat", type=int, default=None, help="timed runs per implementation; the fastest is kept "
                        "(default 3, and 5 with --write-docs)")
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results" / "latest.json")
    parser.add_argument("--write-docs", action="store_true", help="measure and write the tables of README.md and docs/")
    parser.add_argument("--check-docs", action="store_true", help="list the measured tables that are stale (exit 1)")
    args = parser.parse_args()
    chosen = [name.strip() for name in args.only.split(",") if name.strip()]
    if args.check_docs:
        from pages import stale_regions

        problems = stale_regions()
        print("\n".join(problems) if problems else "every measured table is current")
        raise SystemExit(1 if problems else 0)
    if args.write_docs:
        from pages import write_pages

        if args.quick:
            parser.error("--write-docs measures at full size: drop --quick")
        written = write_pages(Session(repeat=args.repeat or 5), only=chosen, progress=progress)
        print("\n".join(f"wrote {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}"
                        for path in written) or "the pages were already current")
        return
    groups = chosen or [*GROUPS, "tracing"]
    unknown = [name for name in groups if name not in GROUPS and name != "tracing"]
    if unknown:
        parser.error(f"unknown group {unknown[0]!r}; choose from {', '.join([*GROUPS, 'tracing'])}")
    repeat = 1 if args.quick else (args.repeat or 3)
    cases = [case for name in groups if name in GROUPS for case in GROUPS[name](args.quick)]
    rows = measure_cases(cases, repeat, progress)
    timings = [Timing(row.case.group, row.case.label, "iterative", row.seconds) for row in rows]
    if rows:
        print(speed_table(rows) + "\n\nPer automaton step:\n\n" + floor_table(rows))
    if "tracing" in groups:
        tracing = measure(tracing_case(args.quick), repeat)
        timings.append(tracing)
        print("\nTracing:\n\n" + tracing_table(tracing))
    save(timings, args.out)
    print(f"\nsaved {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
