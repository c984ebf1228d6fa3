"""The evidence behind the queens bounds (solvers/queens/bounds.py): how long the slowest board
inside each bound takes, and the first board past it.

    python bench/queens_bounds.py             # every bound (several minutes of one core)
    python bench/queens_bounds.py --cap 20    # stop any one run after 20 s of CPU

For each algorithm and mode, the iterative reference counts the nodes of every N up to one past
the bound (node counts do not depend on the implementation); one run per implementation family
on a mid-size board gives its CPU time per node; their product is each board's time. Prints a
Markdown table: the bound, the slowest N inside it and its time, and N + 1's time.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from automata.runtime.events import NullObserver  # noqa: E402
from automata.runtime.program import load_program  # noqa: E402
from solvers.queens.algorithms import QueensOptions, find_algorithm  # noqa: E402
from solvers.queens.bounds import AUTOMATON, EVERY, FEW, FEW_SOLUTIONS, LARGEST_N, PLAIN  # noqa: E402

FAMILY_IMPLS = {AUTOMATON: ("automaton",), PLAIN: ("iterative", "recursive", "generated")}
CALIBRATION_N = 10


class _OverCap(Exception):
    pass


def _stop(*_: object) -> None:
    raise _OverCap


def nodes_and_seconds(algorithm: str, impl: str, n: int, limit: int | None, cap: float) -> tuple[int | None, float]:
    """(nodes, CPU seconds) of one run, or (None, cap) when it needs more than `cap` seconds."""
    program = load_program(find_algorithm(algorithm).spec_path)
    signal.signal(signal.SIGVTALRM, _stop)
    signal.setitimer(signal.ITIMER_VIRTUAL, cap)
    started = time.process_time()
    try:
        result = program.run(impl, QueensOptions(n=n, limit=limit), NullObserver())
    except _OverCap:
        return None, cap
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    return dict(result.stats)["nodes"], time.process_time() - started


def per_node(algorithm: str, family: str, cap: float) -> float:
    """The family's slowest CPU time per node, on every solution of a mid-size board."""
    costs = []
    for impl in FAMILY_IMPLS[family]:
        nodes, seconds = nodes_and_seconds(algorithm, impl, CALIBRATION_N, None, cap)
        costs.append(seconds / nodes if nodes else float("inf"))
    return max(costs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cap", type=float, default=60.0, help="CPU seconds after which a counting run stops")
    args = parser.parse_args()
    limits = {EVERY: None, FEW: FEW_SOLUTIONS}
    rows = ["| algorithm | mode | implementation | largest N | slowest N inside: time | N + 1: time |",
            "| --- | --- | --- | --- | --- | --- |"]
    costs: dict[tuple[str, str], float] = {}
    for (algorithm, mode, family), largest in LARGEST_N.items():
        cost = costs.setdefault((algorithm, family), per_node(algorithm, family, args.cap))
        counts = {n: nodes_and_seconds(algorithm, "iterative", n, limits[mode], args.cap)[0]
                  for n in range(1, largest + 2)}
        inside = {n: nodes for n, nodes in counts.items() if n <= largest}
        worst = max(inside, key=lambda n: inside[n] if inside[n] is not None else float("inf"))

        def shown(nodes: int | None) -> str:
            return f"more than {args.cap:.0f} s of counting" if nodes is None else f"{nodes * cost:,.1f} s"

        rows.append(f"| {algorithm} | {mode} | {family} | {largest} | N = {worst}: {shown(inside[worst])} "
                    f"| {shown(counts[largest + 1])} |")
        print(rows[-1], file=sys.stderr, flush=True)
    print("\n".join(rows))


if __name__ == "__main__":
    main()
