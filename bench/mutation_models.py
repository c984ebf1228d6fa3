"""Mutation testing of the solvers' shared Python models with mutmut 3 (issue 10, part 4).

All implementations of a problem (iterative, recursive, automaton) call the same model, so a bug
in the model changes every event stream alike and `automata verify` cannot see it: only the
tests can.  This script measures how many of mutmut's mutants of each model the tests catch.

    pip install -e '.[mutation]'            # mutmut, pinned
    python3 bench/mutation_models.py                       # every problem
    python3 bench/mutation_models.py knight-tour --jobs 2  # one problem
    python3 bench/mutation_models.py --list                # the scopes, nothing run

mutmut writes its mutants into a `mutants/` folder beside the code it mutates, and other people
run the tests in the working tree at the same time, so each problem runs in a fresh copy of the
tree's files (tracked and untracked, not ignored) under --work (default /tmp/automata-mutation).
The copy gets a setup.cfg naming the model files to mutate and the tests to run; mutmut then runs,
for each mutant, only the selected tests that call the mutated function.  Results: a table per
model file on stdout (the score counts timeouts as caught: a mutant that makes the tests hang is
found out, but check that they are real hangs on a busy machine), every survivor's diff in
<work>/<problem>/survivors.txt, and everything as JSON with --json.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Scope:
    """One mutmut run: the model files of one problem and the tests that exercise them."""

    problem: str
    models: tuple[str, ...]
    tests: tuple[str, ...]  # glob patterns under the repository root


# Tests every scope runs besides its problem's own: the shipped cases' coverage and the pinned
# golden event streams (issue 10, part 3).  Each problem's independent oracles are in its scope.
COMMON_TESTS = ("tests/test_shipped_coverage.py", "tests/test_*golden*.py")

SCOPES = {
    "knight-tour": Scope(
        "knight-tour",
        ("solvers/knight_tour/model.py",),
        ("tests/test_knight_*.py", "tests/test_oracle_knight*.py", "tests/test_model_mutants_knight*.py"),
    ),
    "queens": Scope(
        "queens",
        (
            "solvers/queens/board.py",
            "solvers/queens/mrv/model.py",
            "solvers/queens/las_vegas/model.py",
            "solvers/queens/explicit/model.py",
            "solvers/queens/explicit/plan.py",
        ),
        ("tests/test_queens_*.py", "tests/test_oracle_queens*.py", "tests/test_model_mutants_queens*.py"),
    ),
    "queens-columns": Scope(
        "queens-columns",
        ("solvers/queens/backtracking/model.py", "solvers/queens/bitboard.py", "solvers/queens/tally.py"),
        ("tests/test_queens_*.py", "tests/test_oracle_queens*.py", "tests/test_model_mutants_queens*.py"),
    ),
    "puzzle8": Scope(
        "puzzle8",
        (
            "solvers/puzzle8/board.py",
            "solvers/puzzle8/heuristics.py",
            "solvers/puzzle8/puzzle.py",
            "solvers/puzzle8/model.py",
        ),
        ("tests/test_puzzle8_*.py", "tests/test_oracle_puzzle8*.py", "tests/test_model_mutants_puzzle8*.py"),
    ),
}

# The packages mutmut copies into mutants/ (so that nothing is imported from the original tree).
SOURCE_PACKAGES = ("automata", "solvers", "generated", "specs")

RESULT_LINE = re.compile(r"^\s+(?P<name>\S+): (?P<status>.+)$")
DETECTED = {"killed", "caught by type check", "segfault"}


def test_files(scope: Scope) -> list[str]:
    found: list[str] = []
    for pattern in scope.tests + COMMON_TESTS:
        for path in sorted(ROOT.glob(pattern)):
            relative = str(path.relative_to(ROOT))
            if relative not in found:
                found.append(relative)
    return found


def copy_tree(target: Path, keep: bool) -> None:
    """The working tree's files as they are now (uncommitted edits included), without .git.

    With `keep`, an earlier copy's mutants/ folder stays: mutmut then reuses the verdicts of the
    mutants whose function and tests have not changed.
    """
    listing = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout.decode().split("\0")
    if target.exists() and not keep:
        shutil.rmtree(target)
    for name in filter(None, listing):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def write_config(copy: Path, scope: Scope, tests: list[str]) -> None:
    lines = ["[mutmut]", "source_paths ="]
    lines += [f"    {package}" for package in SOURCE_PACKAGES]
    lines += ["only_mutate ="] + [f"    {model}" for model in scope.models]
    lines += ["pytest_add_cli_args_test_selection ="] + [f"    {test}" for test in tests]
    # No pytest cache folder in the copy.
    lines += ["pytest_add_cli_args =", "    -p", "    no:cacheprovider", "    -q"]
    # mutmut stops a mutant's tests after (estimate + constant) x multiplier seconds of wall time
    # (twice that of CPU time).  Its default multiplier, 15, lets a mutant that makes a search
    # endless hold a worker for ten minutes; 5 still leaves room for a busy machine.
    lines += ["timeout_multiplier = 5", "timeout_constant = 10"]
    (copy / "setup.cfg").write_text("\n".join(lines) + "\n")
    # mutmut reads [tool.mutmut] from pyproject.toml when it has one; the project's has none.


def mutmut(copy: Path, *args: str, check: bool = True) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "mutmut", *args], cwd=copy, capture_output=True, text=True, check=False,
    )
    if check and done.returncode != 0:
        sys.exit(f"mutmut {' '.join(args)} failed in {copy} (exit {done.returncode}):\n"
                 f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return done.stdout


def module_of(mutant: str) -> str:
    """`solvers.queens.board.xǁBoardǁplace__mutmut_3` -> `solvers/queens/board.py`."""
    module = mutant.split(".x_")[0].split(".xǁ")[0]
    return module.replace(".", "/") + ".py"


def run_scope(scope: Scope, work: Path, jobs: int, keep: bool) -> dict:
    copy = work / scope.problem
    tests = test_files(scope)
    copy_tree(copy, keep)
    write_config(copy, scope, tests)
    print(f"[{scope.problem}] mutating {', '.join(scope.models)}; tests: {' '.join(tests)}",
          file=sys.stderr, flush=True)
    mutmut(copy, "run", "--max-children", str(jobs))
    statuses: dict[str, str] = {}
    for line in mutmut(copy, "results", "--all", "true").splitlines():
        match = RESULT_LINE.match(line)
        if match:
            statuses[match["name"]] = match["status"]
    per_model = {
        model: {"killed": 0, "timeout": 0, "survived": 0, "other": 0, "total": 0, "survivors": []}
        for model in scope.models
    }
    diffs = []
    for name, status in sorted(statuses.items()):
        row = per_model[module_of(name)]
        row["total"] += 1
        if status == "timeout":
            row["timeout"] += 1
        elif status in DETECTED:
            row["killed"] += 1
        else:  # "survived", and "no tests", "suspicious", "skipped": not caught either
            row["survived" if status == "survived" else "other"] += 1
            row["survivors"].append(name)
            diffs.append(mutmut(copy, "show", name, check=False))
    (copy / "survivors.txt").write_text("\n".join(diffs))
    return {"problem": scope.problem, "tests": tests, "models": per_model,
            "survivors_file": str(copy / "survivors.txt")}


def print_table(results: list[dict]) -> None:
    print(f"{'model':36} {'killed':>7} {'timeout':>8} {'survived':>9} {'other':>6} {'total':>6} {'score':>7}")
    for result in results:
        for model, row in result["models"].items():
            caught = row["killed"] + row["timeout"]
            score = f"{100 * caught / row['total']:.1f}%" if row["total"] else "-"
            print(f"{model:36} {row['killed']:7} {row['timeout']:8} {row['survived']:9} {row['other']:6} "
                  f"{row['total']:6} {score:>7}")
        for model, row in result["models"].items():
            for name in row["survivors"]:
                print(f"  survivor: {name}")
        print(f"  diffs: {result['survivors_file']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("problems", nargs="*", metavar="PROBLEM",
                        help=f"problems to run: {', '.join(SCOPES)} (default: all)")
    parser.add_argument("--work", type=Path, default=Path("/tmp/automata-mutation"),
                        help="scratch folder for the copies of the tree")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested in parallel")
    parser.add_argument("--keep", action="store_true",
                        help="reuse the verdicts of an earlier run in the same --work folder")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")
    parser.add_argument("--list", action="store_true", help="print the scopes and stop")
    options = parser.parse_args()
    unknown = [name for name in options.problems if name not in SCOPES]
    if unknown:
        parser.error(f"unknown problem {unknown[0]!r}: choose among {', '.join(SCOPES)}")
    scopes = [SCOPES[name] for name in options.problems or SCOPES]
    if options.list:
        for scope in scopes:
            print(f"{scope.problem}: {' '.join(scope.models)}\n    tests: {' '.join(test_files(scope))}")
        return
    results = [run_scope(scope, options.work.resolve(), options.jobs, options.keep) for scope in scopes]
    if options.json:
        json.dump(results, sys.stdout, indent=2)
        print()
    else:
        print_table(results)


if __name__ == "__main__":
    main()
