"""The mutation scores of the shipped specs, as the table in docs/mutation.md and the README.

    python bench/mutation_scores.py [--jobs N] [SPEC ...]      # prints the rows
    python bench/run.py --write-docs --only bench/mutation_scores.py   # writes the pages' table

Runs `automata mutate SPEC --json` for each spec (every spec in specs/ by default) and prints one
Markdown row per spec: the mutants, how each was caught, the survivors split into proved
equivalent / unobserved / same outputs / gaps, the strict and observable scores, and the time.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def score_row(spec: Path, jobs: int) -> str:
    command = [sys.executable, "-m", "automata.cli", "mutate", str(spec.relative_to(ROOT)), "--jobs", str(jobs), "--json"]
    print("$ automata " + " ".join(command[3:]), file=sys.stderr, flush=True)
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{spec.name}: exit {done.returncode}: {done.stderr.strip()}")
    report = json.loads(done.stdout)
    counts = report["counts"]
    split = " / ".join(str(report[key]) for key in ("equivalent", "unobserved", "same_outputs", "gaps"))
    return (f"| {spec.stem} | {len(report['cases'])} | {report['mutants']} | {counts['caught by check']} "
            f"| {counts['caught by verify']} | {counts['caught by run error']} | {counts['survived']} ({split}) "
            f"| **{report['score']:.1%}** | {report['score_observable']:.1%} | {report['seconds']:.1f} s |")


HEADER = ("| spec | cases | mutants | check | verify | run error | survived | strict score | observable | time |\n"
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")


def table(jobs: int = 2) -> str:
    """Every shipped spec's row, as the pages show them."""
    rows = [score_row(spec, jobs) for spec in sorted((ROOT / "specs").glob("*.yaml"))]
    return HEADER + "\n" + "\n".join(rows) + "\n"


try:  # bench/pages.py, the measured pages: README.md and docs/mutation.md show this table
    from pages import Table  # type: ignore[import-not-found]

    TABLES = {"scores": Table(lambda session: session.once("mutation.scores", table),
                              ("specs/*.yaml", "automata/analysis/mutate/*.py", "automata/analysis/equiv/*.py",
                               "automata/analysis/check.py", "automata/analysis/cases.py", "solvers/*/program.py",
                               "solvers/*/*/program.py", "solvers/knight_tour/system_program.py"))}
except ImportError:
    TABLES = {}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("specs", nargs="*", type=Path, help="specs to score [default: every spec in specs/]")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes per mutate run")
    args = parser.parse_args()
    specs = [path.resolve() for path in args.specs] or sorted((ROOT / "specs").glob("*.yaml"))
    print(HEADER)
    for spec in specs:
        print(score_row(spec, args.jobs), flush=True)


if __name__ == "__main__":
    main()
