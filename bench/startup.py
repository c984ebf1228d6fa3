"""How long the `automata` command takes to start, against `python3 -c pass` started the same way.

    python bench/startup.py              # 15 interleaved rounds
    python bench/startup.py --rounds 30

Each round starts every command once, one after the other (interleaved, so a drift in the
machine's load hits them alike), with the same interpreter. The table shows each command's fastest
wall and CPU time (user + system, from the operating system's accounting of the finished child)
and how much each takes beyond `python3 -c pass`: the framework's own start-up. The goal is
within 150 ms of it for `automata --help` and for a plain run of one problem.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pages import Session, Table  # noqa: E402

BASE = "python3 -c pass"
HELP = "automata --help"
PLAIN_RUN = "automata run knight-tour --board 5x5 --impl iterative"
COMMANDS = {
    BASE: ["-c", "pass"],
    HELP: ["-m", "automata.cli", "--help"],
    PLAIN_RUN: ["-m", "automata.cli", "run", "knight-tour", "--board", "5x5", "--impl", "iterative"],
    "automata run knight-tour --board 5x5 (the automaton)": ["-m", "automata.cli", "run", "knight-tour", "--board",
                                                              "5x5"],
}
ROUNDS = 15


def _once(argv: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True,
                   cwd=os.path.expanduser("~") if os.path.isdir(os.path.expanduser("~")) else None)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


@dataclass(frozen=True)
class Startup:
    rounds: int
    wall: dict[str, float]  # the fastest round per command
    cpu: dict[str, float]

    def over(self, name: str) -> tuple[float, float]:
        """(wall, CPU) beyond `python3 -c pass`."""
        return self.wall[name] - self.wall[BASE], self.cpu[name] - self.cpu[BASE]

    def table(self) -> str:
        lines = [f"| command (fastest of {self.rounds} interleaved rounds) | wall | CPU | wall beyond `{BASE}` "
                 f"| CPU beyond `{BASE}` |", "|---|---:|---:|---:|---:|"]
        for name in self.wall:
            wall, cpu = self.over(name)
            lines.append(f"| `{name}` | {self.wall[name] * 1000:.0f} ms | {self.cpu[name] * 1000:.0f} ms "
                         f"| {wall * 1000:+.0f} ms | {cpu * 1000:+.0f} ms |")
        return "\n".join(lines)

    def summary(self) -> str:
        return (f"`{HELP}` {self.over(HELP)[1] * 1000:+.0f} ms CPU, "
                f"`{PLAIN_RUN}` {self.over(PLAIN_RUN)[1] * 1000:+.0f} ms")


def measure_startup(rounds: int) -> Startup:
    walls: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpus: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for argv in COMMANDS.values():  # warm the file cache and the bytecode
        _once(argv)
    for _ in range(rounds):
        for name, argv in COMMANDS.items():
            wall, cpu = _once(argv)
            walls[name].append(wall)
            cpus[name].append(cpu)
    return Startup(rounds, {name: min(values) for name, values in walls.items()},
                   {name: min(values) for name, values in cpus.items()})


def measured(session: Session) -> Startup:
    return session.once("startup", lambda: measure_startup(ROUNDS))


# What start-up depends on most: the modules every command imports before it does anything (those
# of `automata --help`), and the ones that pick a problem and load its modules on demand.
SOURCES = ("automata/__init__.py", "automata/errors.py", "automata/io/files.py", "automata/cli/__main__.py",
           "automata/cli/app.py", "automata/cli/errors.py", "automata/cli/lazy.py", "automata/cli/verbs.py",
           "automata/cli/problems.py", "automata/cli/spec_run.py")

TABLES = {"startup": Table(lambda session: measured(session).table(), SOURCES)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args()
    print(measure_startup(args.rounds).table())


if __name__ == "__main__":
    main()
