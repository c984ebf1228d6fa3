"""The parallel speed-up of a fixed sweep: the same cells on 1 and on N worker processes, side by side.

    python bench/sweep_speedup.py                     # 40x40, optimizations 1-4, jobs 1 and every core
    python bench/sweep_speedup.py --board 100x100 --set 1-4 --rounds 1
    python bench/sweep_speedup.py --board 100x100 --set 1+3 --sample 400   # 400 cells drawn with seed 1
    python bench/sweep_speedup.py --scheduler local   # adds a local Dask cluster of N workers

Each round runs the sweep once per setting, one after the other (interleaved, so a drift in the
machine's load hits every setting); the table shows each setting's median time and its speed-up
over one process. The results of every setting are checked to be identical.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pages import Session, Table  # noqa: E402

from automata.sweep import default_jobs
from solvers.knight_tour.model import KnightTourInstance
from solvers.knight_tour.sweeps import board_cells, parse_set
from solvers.knight_tour.tables import board_results


@dataclass(frozen=True)
class Sweep:
    board: str
    optimizations: str
    cells: int
    rounds: int
    seconds: dict[str, float]  # median per setting; the first is one process

    def what(self) -> str:
        others = " / ".join(name for name in list(self.seconds)[1:])
        return (f"a sweep ({self.cells:,} cells of {self.board.replace('x', '×')}, set {self.optimizations}) on "
                f"{others}, against 1 process")

    def speedups(self) -> str:
        base = next(iter(self.seconds.values()))
        return " / ".join(f"{base / value:.2f}×" for value in list(self.seconds.values())[1:]) + " faster"

    def table(self) -> str:
        base = next(iter(self.seconds.values()))
        lines = [f"Knight's tour {self.board}, optimizations {self.optimizations}, {self.cells:,} start cells drawn with "
                 f"seed 1, median of {self.rounds} (wall clock):", "", "| setting | time | speed-up |", "|---|---:|---:|"]
        lines += [f"| {name} | {value:.2f} s | {base / value:.2f}× |" for name, value in self.seconds.items()]
        return "\n".join(lines)


def measure_sweep(board: str, optimizations: str, jobs: int, scheduler: str | None, rounds: int,
                  sample: int | None) -> Sweep:
    rows, cols = (int(side) for side in board.split("x"))
    instance = KnightTourInstance(rows, cols, (1, 1), parse_set(optimizations))
    starts = board_cells(rows, cols)
    if sample and sample < len(starts):
        starts = sorted(random.Random(1).sample(starts, sample))  # the same cells every run
    settings = {"1 process": {"jobs": 1}, f"{jobs} processes": {"jobs": jobs}}
    if scheduler:
        label = f"a local Dask cluster of {jobs}" if scheduler == "local" else f"Dask {scheduler} ({jobs} workers)"
        settings[label] = {"jobs": jobs, "scheduler": scheduler}
    seconds: dict[str, list[float]] = {name: [] for name in settings}
    reference = None
    for round_number in range(rounds):
        for name, options in settings.items():
            print(f"round {round_number + 1}: {name} ...", file=sys.stderr, flush=True)
            started = time.perf_counter()
            results = board_results(instance, starts, **options)
            seconds[name].append(time.perf_counter() - started)
            if reference is None:
                reference = results
            elif results != reference:
                raise SystemExit(f"{name} gave different results")
    return Sweep(board, optimizations, len(starts), rounds, {name: statistics.median(values) for name, values in seconds.items()})


def measured(session: Session) -> Sweep:
    """The sweep the pages show: 1,000 cells of 100×100 on one process, on every core, and on a local Dask cluster."""
    return session.once("sweep", lambda: measure_sweep("100x100", "1+3", default_jobs(), "local", 1, 1000))


SOURCES = ("automata/sweep.py", "solvers/knight_tour/tables.py", "solvers/knight_tour/sweeps.py",
           "solvers/knight_tour/model.py", "solvers/knight_tour/iterative.py")
TABLES = {"sweep": Table(lambda session: measured(session).table(), SOURCES)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--board", default="40x40", help="ROWSxCOLUMNS")
    parser.add_argument("--set", dest="optimizations", default="1-4", help="optimization set")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="the parallel setting's worker processes")
    parser.add_argument("--scheduler", help="also run on this Dask scheduler ('local' starts a LocalCluster)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds; the median is kept")
    parser.add_argument("--sample", type=int, default=None,
                        help="only this many start cells, drawn at random with seed 1")
    args = parser.parse_args()
    print(measure_sweep(args.board, args.optimizations, args.jobs, args.scheduler, args.rounds, args.sample).table())


if __name__ == "__main__":
    main()
