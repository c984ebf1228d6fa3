"""How long the `automata` command takes to start, against `python3 -c pass` started the same way.

    python bench/startup.py              # 15 interleaved rounds
    python bench/startup.py --rounds 30

Each round starts every command once, one after the other (interleaved, so a drift in the
machine's load hits them alike), with the same interpreter. The table shows each command's median
wall and CPU time (user + system, from the operating system's accounting of the finished child)
and how much each takes beyond `python3 -c pass`: the framework's own start-up. The goal is
within 150 ms of it for `automata --help` and for a plain run of one problem.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "python3 -c pass": ["-c", "pass"],
    "automata --help": ["-m", "automata.cli", "--help"],
    "automata run knight-tour --board 5x5 --impl iterative": ["-m", "automata.cli", "run", "knight-tour", "--board",
                                                               "5x5", "--impl", "iterative"],
    "automata run knight-tour --board 5x5 (the automaton)": ["-m", "automata.cli", "run", "knight-tour", "--board",
                                                              "5x5"],
}


def _once(argv: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   cwd=os.path.expanduser("~") if os.path.isdir(os.path.expanduser("~")) else None)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    walls: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpus: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for argv in COMMANDS.values():  # warm the file cache and the bytecode
        _once(argv)
    for _ in range(args.rounds):
        for name, argv in COMMANDS.items():
            wall, cpu = _once(argv)
            walls[name].append(wall)
            cpus[name].append(cpu)
    base_wall = statistics.median(walls["python3 -c pass"])
    base_cpu = statistics.median(cpus["python3 -c pass"])
    print(f"{args.rounds} interleaved rounds, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    print(f"{'command':<56} {'wall':>8} {'cpu':>8} {'wall over':>10} {'cpu over':>9}")
    for name in COMMANDS:
        wall, cpu = statistics.median(walls[name]), statistics.median(cpus[name])
        print(f"{name:<56} {wall * 1000:7.0f}ms {cpu * 1000:7.0f}ms {(wall - base_wall) * 1000:+9.0f}ms "
              f"{(cpu - base_cpu) * 1000:+8.0f}ms")


if __name__ == "__main__":
    main()
