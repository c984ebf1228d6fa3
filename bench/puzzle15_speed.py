"""The fifteen puzzle's programs against a plain IDA* in the same Python, side by side.

    python bench/puzzle15_speed.py                      # instances 79 and 12, 5 rounds
    python bench/puzzle15_speed.py --instances 79 --rounds 3 --skip automaton

The plain IDA* below is the usual recursive one, written for speed: the board a list, the
Manhattan distance updated per move from a table, the blank's moves from a table, the count in a
closure. It generates exactly the nodes of solvers/puzzle15 (Korf's order and counting), which
the benchmark checks. Against it: the iterative program with events off (a NullObserver, as
`automata compare puzzle15` runs it), the recursive program, the code generated from the spec
and the automaton on `transitions`.

Each round runs every implementation once, one after another (interleaved, so a drift in the
machine's load hits all of them); a time is the CPU time of this process (`time.process_time`),
so other programs on the machine do not count; the table shows each one's median and its ratio
to the reference it is held against (the goals of issue 22): the iterative program against the
plain IDA* (within 1.5×), the generated code against the iterative (within 1.3×), the automaton
on transitions against the iterative (no goal: the ratio is stated).

`rows(instances, rounds, skip)` returns the measurements as `Row`s; `main` prints them as a
Markdown table. The table of docs/performance.md is this module's `TABLES["korf"]`, written with
every other measured table by `python bench/run.py --write-docs` (bench/README.md), so the page's
numbers are the benchmark's, never typed.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from automata.io.loader import load_spec  # noqa: E402
from automata.runtime.events import NullObserver  # noqa: E402
from solvers.puzzle15 import automaton, iterative, recursive  # noqa: E402
from solvers.puzzle15.korf100 import BY_NUMBER  # noqa: E402

# implementation -> the one its ratio is taken against
REFERENCES = {"plain": None, "iterative": "plain", "recursive": "iterative", "generated": "iterative",
              "automaton": "iterative"}
GOALS = {"iterative": 1.5, "generated": 1.3}


def plain_ida_star(tiles: Sequence[int]) -> tuple[int, int]:
    """(solution length, nodes generated): IDA* with the Manhattan distance, Korf's order and counting."""
    size = round(len(tiles) ** 0.5)
    cells = size * size
    distance = [[abs(t // size - c // size) + abs(t % size - c % size) if t else 0 for c in range(cells)]
                for t in range(cells)]
    moves = []
    for blank in range(cells):
        row, col = divmod(blank, size)
        moves.append(tuple(cell for ok, cell in ((row > 0, blank - size), (col > 0, blank - 1),
                                                 (col < size - 1, blank + 1), (row < size - 1, blank + size)) if ok))
    board = list(tiles)
    h0 = sum(distance[tile][cell] for cell, tile in enumerate(board))
    generated = 1
    next_bound = 0

    def search(blank: int, parent: int, g: int, h: int, bound: int) -> bool:
        nonlocal generated, next_bound
        for cell in moves[blank]:
            if cell == parent:
                continue
            tile = board[cell]
            child_h = h - distance[tile][cell] + distance[tile][blank]
            generated += 1
            f = g + 1 + child_h
            if f > bound:
                if f < next_bound:
                    next_bound = f
                continue
            if child_h == 0:
                return True
            board[blank], board[cell] = tile, 0
            if search(cell, blank, g + 1, child_h, bound):
                return True
            board[blank], board[cell] = 0, tile
        return False

    bound = h0
    if h0 == 0:
        return 0, 1
    while True:
        next_bound = 1 << 30
        if search(board.index(0), -1, 0, h0, bound):
            return bound, generated
        bound = next_bound


@dataclass(frozen=True)
class Row:
    case: str  # e.g. "Korf 79 (540,860 nodes)"
    implementation: str  # plain, iterative, recursive, generated, automaton
    seconds: float  # median CPU time of one run
    reference: str | None  # the implementation the ratio is taken against
    ratio: float | None  # seconds / the reference's seconds
    goal: float | None  # the ratio issue 22 asks for, if any


def _runs(tiles: tuple[int, ...], skip: Sequence[str]) -> dict[str, Callable[[], tuple[int, int]]]:
    spec = load_spec(automaton.SPEC_PATH)

    def counted(solve: Callable[[], object]) -> Callable[[], tuple[int, int]]:
        def run() -> tuple[int, int]:
            result = solve()
            return result.length, result.generated
        return run

    runs = {
        "plain": lambda: plain_ida_star(tiles),
        "iterative": counted(lambda: iterative.solve(tiles, NullObserver())),
        "recursive": counted(lambda: recursive.solve(tiles, NullObserver())),
        "generated": counted(lambda: automaton.solve(tiles, NullObserver(), engine="generated", spec=spec)),
        "automaton": counted(lambda: automaton.solve(tiles, NullObserver(), engine="transitions", spec=spec)),
    }
    return {name: run for name, run in runs.items() if name not in skip}


def rows(instances: Sequence[int] = (79, 12), rounds: int = 5, skip: Sequence[str] = ()) -> list[Row]:
    """Time every implementation on each of Korf's `instances`, interleaved, `rounds` times."""
    measured: list[Row] = []
    for number in instances:
        instance = BY_NUMBER[number]
        runs = _runs(instance.tiles, skip)
        times: dict[str, list[float]] = {name: [] for name in runs}
        for _ in range(rounds):
            for name, run in runs.items():
                gc.collect()
                started = time.process_time()
                outcome = run()
                times[name].append(time.process_time() - started)
                if outcome != (instance.length, instance.nodes):
                    raise AssertionError(f"{name} on instance {number}: {outcome}, the paper: "
                                         f"{(instance.length, instance.nodes)}")
        medians = {name: statistics.median(values) for name, values in times.items()}
        case = f"Korf {number} ({instance.nodes:,} nodes)"
        for name, seconds in medians.items():
            reference = REFERENCES[name]
            ratio = seconds / medians[reference] if reference in medians else None
            measured.append(Row(case, name, seconds, reference if ratio is not None else None, ratio, GOALS.get(name)))
    return measured


def markdown(measured: Sequence[Row]) -> str:
    names = list(dict.fromkeys(row.implementation for row in measured))
    header = "| instance | " + " | ".join(f"{name} (vs {REFERENCES[name]})" if REFERENCES[name] else name
                                           for name in names) + " |"
    lines = [header, "|---|" + "---:|" * len(names)]
    for case in dict.fromkeys(row.case for row in measured):
        cells = []
        for name in names:
            row = next(r for r in measured if r.case == case and r.implementation == name)
            cells.append(f"{row.seconds:.2f} s" + (f" ({row.ratio:.2f}×)" if row.ratio is not None else ""))
        lines.append(f"| {case} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


PAGE_INSTANCES = (79, 12, 42)


def goals(measured: Sequence[Row]) -> str:
    """Issue 22's goals against this run: the worst ratio of each implementation that has one."""
    lines = ["| goal (issue 22) | worst ratio | result |", "|---|---:|---|"]
    for name, goal in GOALS.items():
        worst = max(row.ratio for row in measured if row.implementation == name and row.ratio is not None)
        lines.append(f"| {name} within {goal}× of {REFERENCES[name]} | {worst:.2f}× | "
                     f"{'**met**' if worst <= goal else '**missed**'} |")
    automaton = [row.ratio for row in measured if row.implementation == "automaton" and row.ratio is not None]
    if automaton:
        lines.append(f"| automaton on transitions against iterative (no goal: stated) | {max(automaton):.2f}× | |")
    return "\n".join(lines)


def render(session: object) -> str:
    """The tables of docs/performance.md (bench/pages.py's measured pages call it)."""
    rounds = getattr(session, "repeat", 5)
    measured = rows(PAGE_INSTANCES, rounds)
    return f"CPU time, medians of {rounds} interleaved rounds:\n\n{markdown(measured)}\n\n{goals(measured)}\n"


try:  # bench/pages.py, the measured pages
    from pages import Table  # type: ignore[import-not-found]

    TABLES = {"korf": Table(render, ("solvers/puzzle15/*.py", "specs/fifteen_puzzle.yaml", "generated/fifteen_puzzle.py",
                                     "automata/runtime/engine.py", "automata/runtime/generated.py",
                                     "automata/runtime/machines.py"))}
except ImportError:
    TABLES = {}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--instances", default="79,12", help="Korf's instances by number, comma-separated")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--skip", default="", help="implementations to leave out, e.g. automaton")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    measured = rows([int(n) for n in args.instances.split(",")], args.rounds,
                    [name.strip() for name in args.skip.split(",") if name.strip()])
    if args.json:
        import json
        print(json.dumps([asdict(row) for row in measured], indent=1))
        return
    print(f"CPU time, median of {args.rounds} interleaved rounds; Python {sys.version.split()[0]}")
    print(markdown(measured))


if __name__ == "__main__":
    main()
