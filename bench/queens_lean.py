"""The queens model against a plain bitmask counter in the same Python, side by side.

    python bench/queens_lean.py               # N = 10..13, 3 rounds (about a minute)
    python bench/queens_lean.py --sizes 8,9 --rounds 3

Counting every solution by backtracking is the fastest path through the model: the iterative
references of `backtracking` and `prolog` ask the model's questions and take its actions (the same
ones the automaton uses) and report every placement, removal and dead end to an observer.  The
plain counter below does none of that: it is the classic recursive bitmask count, about as fast as
Python gets.  Each round runs them one after another (interleaved, so a drift in the machine's
load hits all of them); the table shows each one's fastest round and the ratios of those: on a
shared machine the least disturbed round is the closest to what the code costs.

Times are the CPU time of this process (`time.process_time`), so other programs running on the
machine do not count.  With a `NullObserver` (what counting uses) the model reports no events,
since nobody listens; the last column gives the iterative reference an observer that is called
for every event and does nothing, to show what reporting them costs.
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pages import Session, Table  # noqa: E402

from automata.runtime.events import NullObserver
from solvers.queens.algorithms import QueensOptions
from solvers.queens.backtracking import iterative as backtracking_loop
from solvers.queens.prolog import iterative as prolog_loop


def plain_count(n: int) -> int:
    """Solutions of n queens: one queen per column, rows as bits, both diagonals shifted per column."""
    full = (1 << n) - 1

    def count_from(taken: int, up: int, down: int) -> int:
        if taken == full:
            return 1
        total = 0
        free = full & ~(taken | up | down)
        while free:
            bit = free & -free
            free ^= bit
            total += count_from(taken | bit, (up | bit) << 1 & full, (down | bit) >> 1)
        return total

    return count_from(0, 0, 0)


class Listener:
    """An observer that is called for every event and keeps nothing."""

    def emit(self, kind: str, *data: object) -> None:
        pass


COLUMNS = ("plain counter", "backtracking iterative", "prolog iterative", "backtracking, every event reported")
SIZES = (10, 11, 12, 13)
ROUNDS = 3


def runners(n: int) -> dict[str, Callable[[], int]]:
    options = QueensOptions(n=n)
    return dict(zip(COLUMNS, (
        lambda: plain_count(n),
        lambda: backtracking_loop.solve(options, NullObserver()).count,
        lambda: prolog_loop.solve(options, NullObserver()).count,
        lambda: backtracking_loop.solve(options, Listener()).count,
    )))


def timed(run: Callable[[], int]) -> tuple[float, int]:
    gc.collect()
    start = time.process_time()
    count = run()
    return time.process_time() - start, count


def measure(n: int, rounds: int) -> dict[str, float]:
    runs = runners(n)
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    counts = {name: run() for name, run in runs.items()}  # warm-up, and the counts must agree
    if len(set(counts.values())) != 1:
        raise SystemExit(f"N={n}: the counts differ: {counts}")
    for _ in range(rounds):
        for name, run in runs.items():
            elapsed, _count = timed(run)
            seconds[name].append(elapsed)
    return {name: min(values) for name, values in seconds.items()}


@dataclass(frozen=True)
class Lean:
    sizes: tuple[int, ...]
    rounds: int
    fastest: dict[int, dict[str, float]]  # per N, per column: the fastest round

    def ratios(self, column: str) -> list[float]:
        return [self.fastest[n][column] / self.fastest[n]["plain counter"] for n in self.sizes]

    def table(self) -> str:
        lines = [f"| N (fastest of {self.rounds} rounds) | " + " | ".join(COLUMNS) + " |", "|---" + "|---:" * len(COLUMNS) + "|"]
        for n in self.sizes:
            plain = self.fastest[n]["plain counter"]
            cells = [f"{plain * 1000:.0f} ms"]
            cells += [f"{self.fastest[n][name] * 1000:.0f} ms ({self.fastest[n][name] / plain:.2f}×)" for name in COLUMNS[1:]]
            lines.append(f"| {n} | {' | '.join(cells)} |")
        return "\n".join(lines)


def measure_sizes(sizes: tuple[int, ...], rounds: int) -> Lean:
    fastest = {}
    for n in sizes:
        print(f"measuring N={n} ...", file=sys.stderr, flush=True)
        fastest[n] = measure(n, rounds)
    return Lean(sizes, rounds, fastest)


def measured(session: Session) -> Lean:
    return session.once("queens_lean", lambda: measure_sizes(SIZES, ROUNDS))


SOURCES = ("solvers/queens/backtracking/*.py", "solvers/queens/prolog/*.py", "solvers/queens/algorithms.py",
           "solvers/queens/tally.py")
TABLES = {"queens-lean": Table(lambda session: measured(session).table(), SOURCES)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="board sizes N, comma-separated")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="interleaved rounds; the fastest is kept")
    args = parser.parse_args()
    print(measure_sizes(tuple(int(part) for part in args.sizes.split(",")), args.rounds).table())


if __name__ == "__main__":
    main()
