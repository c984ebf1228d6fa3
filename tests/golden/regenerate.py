"""Golden event streams: the full event stream of small instances of every algorithm and option set,
pinned in tests/golden/*.json (one file per spec) and compared by tests/test_golden_streams.py.

    python3 tests/golden/regenerate.py           # rewrite every file from the current model
    python3 tests/golden/regenerate.py --check   # write nothing; exit 1 if a file differs

Verification compares implementations with each other, and they all call the same model, so a
change in the model (a weaker pruning, another tie-break, a weaker cycle check) changes every
stream alike and passes. These files are a second source of truth: the streams as they were when
someone read them and judged them right. Regenerate only on purpose, when a change of the model's
behaviour is intended, and read the diff of the files before committing it (docs/verification.md).
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
if str(ROOT) not in sys.path:  # run as a script from anywhere: the project's solvers and specs
    sys.path.insert(0, str(ROOT))

from automata.analysis.cases import BudgetedRecorder, EventBudgetExceeded
from automata.runtime.program import Program, load_program
from solvers.knight_tour.model import DEFAULT_GOOD_RETURNS, KnightTourInstance
from solvers.puzzle8.program import PuzzleCase
from solvers.puzzle15.program import PuzzleCase as FifteenCase
from solvers.queens.algorithms import QueensOptions

COMMAND = "python3 tests/golden/regenerate.py"
OPTION_SETS = [frozenset(chosen) for size in range(5) for chosen in combinations((1, 2, 3, 4), size)]


def _options(optimizations: frozenset[int]) -> str:
    return ",".join(map(str, sorted(optimizations))) or "none"


def _knight_cases() -> Iterator[tuple[str, KnightTourInstance]]:
    # 5x5 with a small MAX_RET, so that a hopeless start stays a short stream.
    for start in ((1, 1), (1, 2), (2, 4)):
        for optimizations in OPTION_SETS:
            yield (f"5x5 from {start[0]},{start[1]}, optimizations {_options(optimizations)}, MAX_RET 30",
                   KnightTourInstance(5, 5, start, optimizations, DEFAULT_GOOD_RETURNS, 30))
    for start in ((2, 4), (1, 1)):
        for optimizations in OPTION_SETS:
            yield (f"3x4 from {start[0]},{start[1]}, optimizations {_options(optimizations)}",
                   KnightTourInstance(3, 4, start, optimizations))
    for start in ((2, 4), (1, 1)):
        for optimizations in (frozenset(), frozenset({1, 2, 3})):
            yield (f"3x4 from {start[0]},{start[1]}, all tours, optimizations {_options(optimizations)}",
                   KnightTourInstance(3, 4, start, optimizations, DEFAULT_GOOD_RETURNS, None, all_tours=True))


def _enumerating_cases() -> Iterator[tuple[str, QueensOptions]]:
    for n in (5, 6):
        yield f"N = {n}", QueensOptions(n)
        yield f"N = {n}, first 3", QueensOptions(n, limit=3)


def _las_vegas_cases() -> Iterator[tuple[str, QueensOptions]]:
    for n in (5, 6):
        for seed in (1, 2, 3):
            yield f"N = {n}, all at random, seed {seed}", QueensOptions(n, seed=seed)
            yield (f"N = {n}, 2 at random, 5 attempts, first 2, seed {seed}",
                   QueensOptions(n, limit=2, seed=seed, random_queens=2, attempts=5))


def _explicit_cases() -> Iterator[tuple[str, QueensOptions]]:
    for n in (5, 6):
        yield f"N = {n}", QueensOptions(n)


def _puzzle_cases() -> Iterator[tuple[str, PuzzleCase]]:
    for start in ("start1", "start2"):
        for heuristic in ("bratko", "manhattan", "misplaced", "zero", "linear-conflict"):
            yield f"{start}, {heuristic}", PuzzleCase(start, heuristic)
    # The shortest cycle of positions on 3x3 is 12 moves long, longer than these searches go; on
    # 2x2 the blank comes back after 12 moves, and only the whole path's check ends the tree.
    yield "2x2 _3/21, zero", PuzzleCase("_3/21", "zero", "12/3_", None)
    yield ("2x2 21/3_ (the goal's other half): exhausted",
           PuzzleCase("21/3_", "manhattan", "12/3_", None, require_reachable=False))


def _fifteen_cases() -> Iterator[tuple[str, FifteenCase]]:
    # Short searches in Korf's order and counting, each with several thresholds; the pattern
    # database on 3x3 only (its 4x4 tables take half a minute to make).
    yield "2x2, the farthest position", FifteenCase("3 2 1 0")
    for start in ("6 1 2 7 3 5 0 8 4", "2 8 5 1 0 7 6 4 3"):
        for heuristic in ("manhattan", "pdb"):
            yield f"3x3 {start}, {heuristic}", FifteenCase(start, heuristic)
    for start in ("2 8 6 3 1 4 5 7 13 10 0 11 9 12 14 15", "1 2 10 3 8 4 14 7 12 5 6 11 9 0 13 15"):
        yield f"4x4 {start}, manhattan", FifteenCase(start)


# spec file stem -> its cases; the golden file is tests/golden/<stem>.json
GOLDEN: dict[str, Any] = {
    "knight_tour": _knight_cases,
    "queens_backtracking": _enumerating_cases,
    "queens_prolog": _enumerating_cases,
    "queens_mrv": _enumerating_cases,
    "queens_las_vegas": _las_vegas_cases,
    "queens_explicit": _explicit_cases,
    "eight_puzzle": _puzzle_cases,
    "fifteen_puzzle": _fifteen_cases,
}


def program_of(stem: str) -> Program:
    return load_program(ROOT / "specs" / f"{stem}.yaml")


def stream_of(program: Program, case: Any, limit: int | None = None) -> list[Any]:
    """The reference implementation's event stream on `case`, as JSON reads it back (lists, not
    tuples); with `limit`, cut after that many events (a changed model may no longer stop)."""
    recorder = BudgetedRecorder(program.reference, limit)
    try:
        program.run(program.reference, case, recorder)
    except EventBudgetExceeded:
        pass  # the events so far already differ from the pinned ones: they are longer
    return json.loads(json.dumps(recorder.events))


def describe(case: Any) -> str:
    """The case for the reader: a dataclass with the fields that differ from their defaults only,
    so that a field added later with a default leaves the files as they are."""
    if not dataclasses.is_dataclass(case) or isinstance(case, type):
        return repr(case)
    changed = [f"{field.name}={getattr(case, field.name)!r}" for field in dataclasses.fields(case)
               if field.default is dataclasses.MISSING or getattr(case, field.name) != field.default]
    return f"{type(case).__name__}({', '.join(changed)})"


def golden_path(stem: str) -> Path:
    return HERE / f"{stem}.json"


def read_golden(stem: str) -> dict[str, list[Any]]:
    """The pinned streams of one spec, by case name."""
    document = json.loads(golden_path(stem).read_text(encoding="utf-8"))
    return {entry["name"]: entry["events"] for entry in document["cases"]}


def golden_text(stem: str) -> str:
    """The file's text: one event per line, so that a diff shows the events that changed."""
    program = program_of(stem)
    entries = []
    for name, case in GOLDEN[stem]():
        events = ",\n".join("      " + json.dumps(event) for event in stream_of(program, case))
        entries.append(f'    {{"name": {json.dumps(name)},\n     "case": {json.dumps(describe(case))},\n'
                       f'     "events": [\n{events}\n     ]}}')
    header = (f'{{\n  "spec": "specs/{stem}.yaml",\n  "implementation": {json.dumps(program.reference)},\n'
              f'  "regenerate": "{COMMAND} (only on purpose; read the diff)",\n  "cases": [\n')
    return header + ",\n".join(entries) + "\n  ]\n}\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    differ = []
    for stem in GOLDEN:
        text, path = golden_text(stem), golden_path(stem)
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        differ.append(path)
        if not check:
            path.write_text(text, encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {'differs' if check else 'written'}")
    return 1 if check and differ else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
