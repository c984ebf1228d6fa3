"""The article's tables, whole: one optimization set from every start cell of a board, on every core.

    automata compare knight-tour --board 100x100 --sets 1-4 --out docs/tables [--jobs N] [--scheduler ADDRESS]
    python3 -m solvers.knight_tour.tables run --board 100x100 --set 1-4 --out docs/tables [--jobs N]
                                              [--scheduler ADDRESS|local] [--max-returns N]
    python3 -m solvers.knight_tour.tables render docs/tables

`compare --out` and `run` sweep the start cells through `automata.sweep` and writes one JSON document per board and
set (the summary, every cell's outcome, returns and restarts, the move orders, the time, the cores
and the command that made it); `render` lays every document of a folder out as the article does
(a table per board and set, the cells needing returns named, the cells that gave up named) in
``README.md`` there.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import platform
import shlex
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from automata.errors import AutomataError
from automata.io.files import write_atomically
from automata.runtime.events import NullObserver
from automata.sweep import ProgressCallback, StderrProgress, default_jobs, run_sweep
from solvers.knight_tour.model import (
    DEFAULT_GOOD_RETURNS,
    DEFAULT_MAX_RETURNS,
    MOVE_ORDERS,
    KnightTourInstance,
    TourResult,
)
from solvers.knight_tour.article import comparison
from solvers.knight_tour.rules import PROJECT, Rules, parse_rules
from solvers.knight_tour.sweeps import (
    SetSummary,
    Solver,
    board_cells,
    parse_set,
    set_name,
    solvers,
    summarize,
)

Cell = tuple[int, int]

OUTCOME_CODES = {"found": "T", "gave up": "G", "impossible start": "x", "exhausted": "-"}
NAMED = 40  # cells named in a Markdown list before "and N more"
ARTICLE_EXCEPTIONS = ((94, 24), (94, 79))  # the article's 100x100 cells that optimizations 1-4 miss
GRID_COLUMNS = 12  # boards this narrow get their returns laid out as a grid


@lru_cache(maxsize=4)
def _solver(impl: str) -> Solver:
    return solvers([impl])[impl]  # once per worker process: the automata load their spec here


def solve_cell(case: tuple[str, KnightTourInstance]) -> TourResult:
    """One start cell with one implementation, the tour itself left out (it is not needed for
    the tables, and a 100×100 path would be most of what travels back from a worker)."""
    impl, instance = case
    return dataclasses.replace(_solver(impl)(instance, NullObserver()), path=())


def board_results(instance: KnightTourInstance, starts: Sequence[Cell], impl: str = "iterative", *,
                  jobs: int | None = None, scheduler: str | None = None,
                  progress: ProgressCallback | None = None) -> dict[Cell, TourResult]:
    """``instance`` from each of ``starts``, in the order of ``starts`` whatever ran where."""
    cases = [(impl, instance.with_start(start)) for start in starts]
    results = run_sweep(solve_cell, cases, jobs=jobs, scheduler=scheduler, progress=progress)
    return dict(zip(starts, results))


@dataclass(frozen=True)
class BoardTable:
    """One set of optimizations from every start cell of one board, and how the run went."""

    rows: int
    cols: int
    optimizations: frozenset[int]
    good_returns: int
    max_returns: int | None
    results: dict[Cell, TourResult]
    seconds: float
    workers: str  # "2 processes", "local Dask cluster of 2", "Dask scheduler tcp://..."
    cores: int
    rules: Rules = PROJECT

    @property
    def summary(self) -> SetSummary:
        return summarize(self.optimizations, self.results)

    def cells_with(self, outcome: str) -> list[Cell]:
        return [cell for cell, result in self.results.items() if result.outcome == outcome]

    def to_json(self, command: str) -> dict[str, Any]:
        grid = [[self.results[(r, c)] for c in range(1, self.cols + 1)] for r in range(1, self.rows + 1)]
        return {
            "board": [self.rows, self.cols],
            "set": set_name(self.optimizations),
            "good_returns": self.good_returns,
            "max_returns": self.max_returns,
            "rules": self.rules.name,
            "summary": self.summary.to_json(),
            "gave_up": [list(cell) for cell in self.cells_with("gave up")],
            "no_tour": [list(cell) for cell in self.cells_with("exhausted")],
            "outcome_codes": {code: outcome for outcome, code in OUTCOME_CODES.items()},
            "outcomes": ["".join(OUTCOME_CODES[result.outcome] for result in row) for row in grid],
            "returns": [[result.returns for result in row] for row in grid],
            "restarts": [[result.restarts for result in row] for row in grid],
            # the orders this set used: all five with optimization 4, else the first alone
            "move_orders": [[list(move) for move in order]
                            for order in (MOVE_ORDERS if 4 in self.optimizations else MOVE_ORDERS[:1])],
            "seconds": round(self.seconds, 1),
            "workers": self.workers,
            "cores": self.cores,
            "python": platform.python_version(),
            "command": command,
        }


def run_table(rows: int, cols: int, optimizations: frozenset[int], *, good_returns: int = DEFAULT_GOOD_RETURNS,
              max_returns: int | None = DEFAULT_MAX_RETURNS, rules: Rules = PROJECT, impl: str = "iterative",
              jobs: int | None = None, scheduler: str | None = None,
              progress: ProgressCallback | None = None) -> BoardTable:
    instance = KnightTourInstance(rows, cols, (1, 1), optimizations, good_returns, max_returns, rules=rules)
    started = time.perf_counter()
    results = board_results(instance, board_cells(rows, cols), impl, jobs=jobs, scheduler=scheduler, progress=progress)
    seconds = time.perf_counter() - started
    if scheduler == "local":
        workers = f"local Dask cluster of {jobs or default_jobs()} processes"
    elif scheduler:
        workers = f"Dask scheduler {scheduler}"
    else:
        workers = f"{jobs or default_jobs()} processes" if (jobs or default_jobs()) > 1 else "1 process"
    return BoardTable(rows, cols, optimizations, good_returns, max_returns, results, seconds, workers, default_jobs(),
                      rules)


# ---- Markdown ------------------------------------------------------------------------------------

def _cells(named: Sequence[Any]) -> str:
    text = ", ".join(named[:NAMED])
    return text + (f" and {len(named) - NAMED:,} more (all in the JSON)" if len(named) > NAMED else "")


def markdown_section(document: dict[str, Any]) -> str:
    """One board and set, as the article reports them: the counts, then the cells by name."""
    s = document["summary"]
    rows, cols = document["board"]
    limit = "no limit" if document["max_returns"] is None else f"{document['max_returns']:,}"
    rules = document.get("rules", "project")  # documents written before --rules are the project's
    lines = [
        f"### {rows}×{cols}, optimizations {document['set']}" + ("" if rules == "project" else f", rules {rules}"),
        "",
        f"{s['cells']:,} start cells; GOOD_RET {document['good_returns']}, MAX_RET {limit}; "
        f"{document['seconds']:,} s on {document['workers']} ({document['cores']} cores).",
        "",
        "| toured | with 0 returns | max returns | total returns | gave up | impossible start | no tour |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        f"| {s['found']:,} | {s['zero_returns']:,} | {s['max_returns']:,} | {s['total_returns']:,} "
        f"| {s['gave_up']:,} | {s['impossible']:,} | {s['exhausted']:,} |",
        "",
    ]
    needing = sorted(s["with_returns"], key=lambda item: (-item["returns"], item["start"]))
    notes = []
    if needing:
        notes.append("Cells needing returns (most first): "
                     + _cells([f"({r},{c}) {item['returns']:,}" for item in needing for r, c in [item["start"]]]) + ".")
    elif s["found"]:
        notes.append("Every toured cell is toured without a return.")
    gave_up = document["gave_up"]
    toured = [(r, c) for r, line in enumerate(document["outcomes"], 1) for c, code in enumerate(line, 1) if code == "T"]
    if gave_up and len(gave_up) == s["cells"] - s["impossible"] - s["exhausted"]:
        notes.append(f"Gave up at MAX_RET: every one of the {len(gave_up):,} cells searched.")
    elif gave_up and len(gave_up) > s["cells"] // 2:
        notes.append("Gave up at MAX_RET: every cell searched but the toured ones, "
                     + _cells([f"({r},{c})" for r, c in toured]) + ".")
    elif gave_up:
        notes.append("Gave up at MAX_RET: " + _cells([f"({r},{c})" for r, c in gave_up]) + ".")
    if document["no_tour"]:
        notes.append("No tour (search exhausted): " + _cells([f"({r},{c})" for r, c in document["no_tour"]]) + ".")
    restarted = sum(1 for line in document["restarts"] for n in line if n)
    if restarted:
        notes.append(f"{restarted:,} cells were toured after switching move orders (optimization 4).")
    lines += "\n\n".join(notes).split("\n")
    if (rows, cols) == (100, 100) and document["set"] == "1-4":
        # The article names its two 100x100 exceptions; say what this project's orders do there.
        said = []
        for r, c in ARTICLE_EXCEPTIONS:
            code, returns, restarts = document["outcomes"][r - 1][c - 1], document["returns"][r - 1][c - 1], \
                document["restarts"][r - 1][c - 1]
            outcome = {v: k for k, v in OUTCOME_CODES.items()}[code]
            said.append(f"({r},{c}) {outcome}" + (f" with order {restarts + 1}, {returns:,} returns" if code == "T" else ""))
        lines += ["", "The article's two exception cells of 100×100: " + "; ".join(said) + "."]
    if cols <= GRID_COLUMNS:
        lines += ["", "Returns per start cell, laid out like the board (G gave up, x impossible start, - no tour):",
                  "", "```", *_grid(document), "```"]
    lines += ["", f"Made by `{document['command']}`.", ""]
    return "\n".join(lines)


def _grid(document: dict[str, Any]) -> list[str]:
    cells = [[str(returns) if code == "T" else code for code, returns in zip(line, numbers)]
             for line, numbers in zip(document["outcomes"], document["returns"])]
    width = max(len(cell) for row in cells for cell in row)
    return [" ".join(cell.rjust(width) for cell in row) for row in cells]


def render(folder: Path) -> str:
    documents = [json.loads(path.read_text()) for path in sorted(folder.glob("knight-*.json"))]
    set_rank = {"1+2": 0, "1+3": 1, "1-3": 2, "1-4": 3}
    documents.sort(key=lambda d: (d["board"][0] * d["board"][1], d.get("rules", "project") != "project",
                                  d.get("rules", ""), set_rank.get(d["set"], 9), d["set"]))
    parts = ["# The knight's tour article's tables, every start cell", "",
             "Rewritten from the JSON documents beside this file by `automata compare knight-tour --out "
             "FOLDER` after each set it writes (or by `python3 -m solvers.knight_tour.tables render FOLDER`); "
             "each section names the command that made it.", ""]
    parts += comparison(documents)
    parts += [markdown_section(document) for document in documents]
    return "\n".join(parts)


def dump(document: dict[str, Any]) -> str:
    """JSON with one line per key, and per board row for the grids (readable, and diffs stay small)."""
    def value(item: Any) -> str:
        if isinstance(item, list) and len(item) > 8:
            return "[\n" + ",\n".join("  " + json.dumps(entry) for entry in item) + "\n ]"
        return json.dumps(item)
    return "{\n" + ",\n".join(f" {json.dumps(key)}: {value(item)}" for key, item in document.items()) + "\n}\n"


def file_name(rows: int, cols: int, optimizations: frozenset[int], rules: Rules = PROJECT) -> str:
    """``knight-8x8-1+3.json``; other readings than the project's add their field codes (rules.py),
    ``knight-8x8-1+3-rules-00100000.json``, so they never overwrite the project's tables."""
    suffix = "" if rules == PROJECT else "-rules-" + "".join(map(str, rules.codes()))
    return f"knight-{rows}x{cols}-{set_name(optimizations)}{suffix}.json"


def write_table(folder: Path, table: BoardTable, command: str) -> Path:
    """The table's JSON document in ``folder``, then the folder's README.md made again; each file
    written whole (a stopped run leaves the previous version, never half a file)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name(table.rows, table.cols, table.optimizations, table.rules)
    write_atomically(path, dump(table.to_json(command)))
    write_atomically(folder / "README.md", render(folder))
    return path


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python3 -m solvers.knight_tour.tables", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="one board and set, every start cell")
    run.add_argument("--board", required=True, help="ROWSxCOLUMNS")
    run.add_argument("--set", dest="optimizations", required=True, help="1+2, 1+3, 1-3, 1-4, ...")
    run.add_argument("--out", type=Path, required=True, help="folder for the JSON document")
    run.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    run.add_argument("--scheduler", default=None, help="a Dask scheduler's address, or 'local'")
    run.add_argument("--max-returns", type=int, default=DEFAULT_MAX_RETURNS, help="MAX_RET")
    run.add_argument("--good-returns", type=int, default=DEFAULT_GOOD_RETURNS, help="GOOD_RET")
    run.add_argument("--rules", type=parse_rules, default=PROJECT, help="the reading of the rules (project)")
    run.add_argument("--impl", default="iterative", choices=("iterative", "recursive", "automaton", "generated"))
    show = commands.add_parser("render", help="write README.md in a folder of JSON documents")
    show.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if args.command == "render":
        write_atomically(args.folder / "README.md", render(args.folder))
        return
    rows, cols = (int(side) for side in args.board.lower().split("x"))
    optimizations = parse_set(args.optimizations)
    command = "python3 -m solvers.knight_tour.tables " + shlex.join(sys.argv[1:] if argv is None else list(argv))
    try:
        table = run_table(rows, cols, optimizations, good_returns=args.good_returns, max_returns=args.max_returns,
                          rules=args.rules, impl=args.impl, jobs=args.jobs, scheduler=args.scheduler,
                          progress=StderrProgress(f"{rows}x{cols} set {set_name(optimizations)}"))
    except AutomataError as error:  # Interrupted (exit 130) or a bad --scheduler (exit 2)
        print(error.render(), file=sys.stderr)
        raise SystemExit(error.exit_code) from None
    path = write_table(args.out, table, command)
    print(markdown_section(table.to_json(command)))
    print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    # Run the importable module's main, not this __main__ copy: worker processes and Dask workers
    # find the sweep's functions by module name.
    from solvers.knight_tour.tables import main as module_main

    module_main()
