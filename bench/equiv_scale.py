"""How `minimize` and `equiv` scale: chains of states and big event-driven Mealy machines, built by
automata/analysis/equiv/generate.py, timed in one run (the least CPU time of `--repeat` runs of each).

    python bench/equiv_scale.py            # about a minute on 2 cores
    python bench/equiv_scale.py --quick    # a smoke test

Prints the Markdown table of docs/equivalence.md ("How fast"), which is this module's
`TABLES["scale"]`, written there by `python bench/run.py --write-docs` (bench/README.md). A chain of n states is what made
the former round-by-round refinement cubic: it needs n rounds, each comparing pairs of states.
The Mealy machines have the size of the largest automata-learning benchmarks (657 states, 75
events, 49,275 transitions); "partial" leaves 10% of the (state, event) pairs without an arc, and
"doubled" is an equivalent copy of twice the size, which minimizes back.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from automata.analysis.equiv import compare, minimize  # noqa: E402
from automata.analysis.equiv.generate import chain, doubled, mealy  # noqa: E402


def fastest(work: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()  # CPU time: the two shared cores are rarely idle
        work()
        best = min(best, time.process_time() - started)
    return best


def table(quick: bool = False, repeat: int = 3) -> str:
    machines = [(f"chain of {n:,} states", chain(n)) for n in ((100, 200) if quick else (1_000, 2_000, 4_000, 8_000))]
    sizes = (60, 10, 5) if quick else (657, 75, 20)
    for label, undefined in (("complete", 0.0), ("partial", 0.1)):
        machine = mealy(*sizes, seed=1, undefined=undefined)
        machines.append((f"Mealy {sizes[0]} x {sizes[1]} events, {label}", machine))
        machines.append((f"Mealy {sizes[0]} x {sizes[1]} events, {label}, doubled", doubled(machine, seed=2)))
    lines = ["| machine | states | transitions | minimize | states after | equiv with a doubled copy |",
             "| --- | --- | --- | --- | --- | --- |"]
    for label, spec in machines:
        result = minimize(spec)
        seconds = fastest(lambda spec=spec: minimize(spec), repeat)
        comparing = "-"
        if "doubled" not in label:
            copy = doubled(spec, seed=3)
            assert compare(spec, copy).equivalent
            comparing = f"{fastest(lambda spec=spec, copy=copy: compare(spec, copy), repeat):.2f} s"
        lines.append(f"| {label} | {len(spec.states):,} | {len(spec.arcs):,} | {seconds:.2f} s | "
                     f"{len(result.spec.states):,} | {comparing} |")
    return "\n".join(lines) + "\n"


try:  # bench/pages.py, the measured pages
    from pages import Table  # type: ignore[import-not-found]

    TABLES = {"scale": Table(lambda session: table(repeat=min(getattr(session, "repeat", 3), 3)),
                             ("automata/analysis/equiv/*.py",))}
except ImportError:
    TABLES = {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(table(args.quick, args.repeat), end="")


if __name__ == "__main__":
    main()
