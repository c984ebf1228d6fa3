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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from automata.sweep import default_jobs
from solvers.knight_tour.model import KnightTourInstance
from solvers.knight_tour.sweeps import board_cells, parse_set
from solvers.knight_tour.tables import board_results


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
    rows, cols = (int(side) for side in args.board.split("x"))
    instance = KnightTourInstance(rows, cols, (1, 1), parse_set(args.optimizations))
    starts = board_cells(rows, cols)
    if args.sample and args.sample < len(starts):
        starts = sorted(random.Random(1).sample(starts, args.sample))  # the same cells every run
    settings = {"1 process": {"jobs": 1}, f"{args.jobs} processes": {"jobs": args.jobs}}
    if args.scheduler:
        settings[f"Dask {args.scheduler} ({args.jobs} workers)"] = {"jobs": args.jobs, "scheduler": args.scheduler}
    seconds: dict[str, list[float]] = {name: [] for name in settings}
    reference = None
    for round_number in range(args.rounds):
        for name, options in settings.items():
            print(f"round {round_number + 1}: {name} ...", file=sys.stderr, flush=True)
            started = time.perf_counter()
            results = board_results(instance, starts, **options)
            seconds[name].append(time.perf_counter() - started)
            if reference is None:
                reference = results
            elif results != reference:
                raise SystemExit(f"{name} gave different results")
    base = statistics.median(seconds["1 process"])
    print(f"Sweep: knight's tour {rows}x{cols}, optimizations {args.optimizations}, {len(starts):,} start cells, "
          f"{default_jobs()} cores, median of {args.rounds}\n")
    print(f"Command: python bench/sweep_speedup.py {' '.join(sys.argv[1:])}\n")
    print("| setting | time | speed-up |")
    print("|---|---:|---:|")
    for name, values in seconds.items():
        median = statistics.median(values)
        print(f"| {name} | {median:.2f} s | {base / median:.2f}× |")


if __name__ == "__main__":
    main()
