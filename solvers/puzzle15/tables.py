"""Korf's table made again: chosen instances solved through `automata.sweep`, compared with the paper.

    automata compare puzzle15 --instances 1-100 --jobs 2 --out docs/tables

Each instance is one sweep job (one process or Dask worker solves it whole); the biggest, by the
paper's count, are handed out first so that no worker is left with a long one at the end. The
rows come back in the paper's order whatever ran where. `--out` writes `puzzle15.json` (every
row with its iterations, the time, the workers and the command) and `puzzle15.md` (with
`--heuristic pdb`: `puzzle15-pdb.json` and `.md`, the counts beside Manhattan's), each file
whole (a stopped run leaves the previous version, never half a file); a run stopped by Ctrl-C
writes the instances that finished, marked as interrupted.
"""

from __future__ import annotations

import json
import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from automata.io.files import write_atomically
from automata.runtime.events import NullObserver

from .korf100 import BY_NUMBER, PAPER_TOTAL_NODES
from .model import SearchResult

CITATION = ('R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree search", '
            "Artificial Intelligence 27 (1985) 97-109, Table 1")
JSON_NAME = "puzzle15.json"
MARKDOWN_NAME = "puzzle15.md"


def output_names(heuristic: str) -> tuple[str, str]:
    """The JSON and Markdown files `--out` writes: puzzle15.* for the Manhattan distance, the paper's
    heuristic; puzzle15-pdb.* for the pattern database."""
    if heuristic == "manhattan":
        return JSON_NAME, MARKDOWN_NAME
    return f"puzzle15-{heuristic}.json", f"puzzle15-{heuristic}.md"


@dataclass(frozen=True)
class InstanceRow:
    instance: int
    length: int
    nodes: int
    seconds: float
    iterations: tuple[tuple[int, int], ...]  # (threshold, nodes generated in it)

    @property
    def paper_length(self) -> int:
        return BY_NUMBER[self.instance].length

    @property
    def paper_nodes(self) -> int:
        return BY_NUMBER[self.instance].nodes

    @property
    def difference(self) -> int:
        return self.nodes - self.paper_nodes

    @property
    def before_last(self) -> int:
        """Nodes of the iterations before the last: every successor order generates these alike."""
        return sum(count for _, count in self.iterations[:-1])

    def to_json(self) -> dict[str, Any]:
        return {"instance": self.instance, "length": self.length, "nodes": self.nodes,
                "paper_length": self.paper_length, "paper_nodes": self.paper_nodes, "difference": self.difference,
                "seconds": round(self.seconds, 2),
                "iterations": [{"threshold": threshold, "generated": count} for threshold, count in self.iterations]}


def _solve_with(impl: str, heuristic: str) -> Callable[[int], SearchResult]:
    from automata.io.loader import load_spec
    from automata.runtime.runner import execute

    from . import automaton, iterative, recursive
    from .program import PuzzleCase, make_context

    def context(number: int) -> Any:
        return make_context(PuzzleCase(f"korf{number}", heuristic), NullObserver())

    if impl == "iterative":
        return lambda number: iterative.search(context(number))
    if impl == "recursive":
        return lambda number: recursive.search(context(number))
    spec = load_spec(automaton.SPEC_PATH)  # once per worker process
    engine = "generated" if impl == "generated" else "transitions"

    def run_automaton(number: int) -> SearchResult:
        searched = context(number)
        execute(spec, searched, engine=engine)
        return searched.solution()

    return run_automaton


_solver = lru_cache(maxsize=4)(_solve_with)


def solve_instance(job: tuple[int, str, str]) -> InstanceRow:
    """What a worker runs: one of Korf's instances with one implementation and heuristic, timed
    (a pattern database's tables are made before the clock starts, once per worker)."""
    number, impl, heuristic = job
    if heuristic == "pdb":
        from .pdb import pattern_database

        pattern_database(4)
    started = time.perf_counter()
    result = _solver(impl, heuristic)(number)
    return InstanceRow(number, result.length, result.generated, time.perf_counter() - started, result.iterations)


@dataclass(frozen=True)
class Comparison:
    """Rows of the instances that finished (in the paper's order) and how the run went."""

    rows: tuple[InstanceRow, ...]
    requested: tuple[int, ...]
    impl: str
    seconds: float
    workers: str
    cores: int
    command: str
    heuristic: str = "manhattan"

    @property
    def interrupted(self) -> bool:
        return len(self.rows) < len(self.requested)

    def totals(self) -> dict[str, Any]:
        return {"instances": len(self.rows), "requested": len(self.requested),
                "lengths_equal": sum(row.length == row.paper_length for row in self.rows),
                "nodes_equal": sum(row.nodes == row.paper_nodes for row in self.rows),
                "nodes": sum(row.nodes for row in self.rows),
                "paper_nodes": sum(row.paper_nodes for row in self.rows),
                "seconds_of_instances": round(sum(row.seconds for row in self.rows), 1)}

    def to_json(self) -> dict[str, Any]:
        return {"source": CITATION, "impl": self.impl, "heuristic": self.heuristic,
                "rows": [row.to_json() for row in self.rows], "totals": self.totals(),
                "interrupted": self.interrupted, "seconds": round(self.seconds, 1), "workers": self.workers,
                "cores": self.cores, "python": platform.python_version(), "command": self.command}


def workers_text(jobs: int | None, scheduler: str | None) -> str:
    from automata.sweep import default_jobs

    if scheduler == "local":
        return f"a local Dask cluster of {jobs or default_jobs()} processes"
    if scheduler:
        return f"the Dask scheduler {scheduler}"
    count = jobs or default_jobs()
    return f"{count} processes" if count > 1 else "1 process"


def compare(numbers: Sequence[int], impl: str = "iterative", heuristic: str = "manhattan", *, jobs: int | None = None,
            scheduler: str | None = None, progress: Any = None, command: str = "") -> Comparison:
    """Solve the instances. Ctrl-C stops the workers: the comparison then holds the instances
    that finished (`interrupted` is true) and the caller reports them."""
    from automata.sweep import Interrupted, default_jobs, run_sweep

    requested = tuple(sorted(set(numbers)))
    order = sorted(requested, key=lambda number: -BY_NUMBER[number].nodes)  # the longest first
    started = time.perf_counter()
    try:
        results = run_sweep(solve_instance, [(number, impl, heuristic) for number in order], jobs=jobs,
                            scheduler=scheduler, progress=progress, chunksize=1)
        finished = dict(zip(order, results))
    except Interrupted as stop:
        finished = {order[index]: row for index, row in stop.finished.items()}
    rows = tuple(finished[number] for number in requested if number in finished)
    return Comparison(rows, requested, impl, time.perf_counter() - started, workers_text(jobs, scheduler),
                      default_jobs(), command, heuristic)


# ---- text ----------------------------------------------------------------------------------------

HEADERS = ("instance", "length", "nodes", "paper's nodes", "difference", "seconds")
# With the pattern database the paper's count is Manhattan's, the one to set the new counts beside.
PDB_HEADERS = ("instance", "length", "nodes", "Manhattan's nodes (paper)", "share", "seconds")


def _headers(heuristic: str) -> tuple[str, ...]:
    return HEADERS if heuristic == "manhattan" else PDB_HEADERS


def _cells(row: InstanceRow, heuristic: str = "manhattan") -> tuple[str, ...]:
    length = f"{row.length}" if row.length == row.paper_length else f"{row.length} (paper {row.paper_length})"
    difference = f"{row.difference:+,}" if row.difference else "0"
    if heuristic != "manhattan":
        difference = f"{row.nodes / row.paper_nodes:.3%}"
    return (str(row.instance), length, f"{row.nodes:,}", f"{row.paper_nodes:,}", difference, f"{row.seconds:,.1f}")


def text_table(comparison: Comparison) -> str:
    headers = _headers(comparison.heuristic)
    rows = [_cells(row, comparison.heuristic) for row in comparison.rows]
    widths = [max([len(header), *(len(row[i]) for row in rows)]) for i, header in enumerate(headers)]
    lines = ["  ".join(header.rjust(width) for header, width in zip(headers, widths))]
    lines += ["  ".join(cell.rjust(width) for cell, width in zip(row, widths)) for row in rows]
    return "\n".join(lines)


def summary_line(comparison: Comparison) -> str:
    totals = comparison.totals()
    if comparison.heuristic != "manhattan":
        return (f"{totals['instances']} instances with the {comparison.heuristic} heuristic: lengths equal to the "
                f"paper's on {totals['lengths_equal']}; {totals['nodes']:,} nodes generated (Manhattan in the paper: "
                f"{totals['paper_nodes']:,})")
    return (f"{totals['instances']} instances: lengths equal to the paper's on {totals['lengths_equal']}, node counts "
            f"on {totals['nodes_equal']}; {totals['nodes']:,} nodes generated (the paper: {totals['paper_nodes']:,})")


def _clock(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


def differences_text(comparison: Comparison) -> list[str]:
    """A paragraph per instance whose count is not the paper's, from the search's own iterations."""
    paragraphs = []
    for row in comparison.rows:
        if row.nodes == row.paper_nodes:
            continue
        paper = BY_NUMBER[row.instance]
        last_threshold, last_count = row.iterations[-1]
        text = f"Instance {row.instance}: {row.nodes:,} generated, the paper says {row.paper_nodes:,} ({row.difference:+,})."
        if len(row.iterations) > 1:
            earlier = row.iterations[:-1]
            span = (f"Iteration {earlier[0][0]}" if len(earlier) == 1
                    else f"Iterations {earlier[0][0]} to {earlier[-1][0]}")
            text += (f" {span} generated {', '.join(f'{count:,}' for _, count in earlier)} nodes, {row.before_last:,} "
                     "in all (the start node included); they visit every node within their thresholds, so no order "
                     "of the moves changes these counts.")
        text += f" The last iteration, threshold {last_threshold}, generated {last_count:,} nodes up to the goal."
        if row.paper_nodes < row.before_last:
            text += (" The paper's figure is smaller than the iterations before the last alone: no successor order "
                     "and no way of counting the last iteration reaches it.")
        else:
            text += f" The paper's figure would leave {row.paper_nodes - row.before_last:,} nodes to the last iteration."
        ours, theirs = str(row.nodes), str(row.paper_nodes)
        if len(ours) == len(theirs) and sum(a != b for a, b in zip(ours, theirs)) == 1:
            text += " The two figures differ in a single digit, as a misprint would."
        if paper.estimate != row.iterations[0][0]:
            text += (f" The paper also gives this instance the estimate {paper.estimate}, but the Manhattan distance of "
                     f"its position is {row.iterations[0][0]}, the first threshold here: the row does not hold "
                     "together, and the position the paper solved may not be the one it prints.")
        paragraphs.append(text)
    return paragraphs


def _made_by(comparison: Comparison, extra: str = "", whose: str = "time") -> str:
    """The line saying which command made the page, how long it ran and where."""
    totals = comparison.totals()
    ran = (f"{totals['instances']} of the {totals['requested']} requested instances (interrupted)"
           if comparison.interrupted else f"{totals['instances']} instances")
    return (f"Made by `{comparison.command}`: {ran} in {_clock(comparison.seconds)} (wall clock) on "
            f"{comparison.workers}, {comparison.cores} cores, Python {platform.python_version()}{extra}. The seconds "
            f"are each instance's own {whose} in its worker.")


def _table_lines(comparison: Comparison) -> list[str]:
    headers = _headers(comparison.heuristic)
    return (["| " + " | ".join(headers) + " |", "|" + "---:|" * len(headers)]
            + ["| " + " | ".join(_cells(row, comparison.heuristic)) + " |" for row in comparison.rows])


def markdown(comparison: Comparison) -> str:
    if comparison.heuristic != "manhattan":
        return _pdb_markdown(comparison)
    totals = comparison.totals()
    lines = [
        "# Korf's 100 fifteen-puzzle instances: IDA* with the Manhattan distance", "",
        f"The paper's figures are from {CITATION} (solvers/puzzle15/korf100.py); the search is this project's "
        f"{comparison.impl} program (solvers/puzzle15), counting as Korf does: the start node and every child "
        "generated, moves in the order up, left, right, down (the blank's), none back to the parent, the last "
        "iteration up to the goal (docs/puzzle15.md).", "",
        _made_by(comparison), "",
        f"Lengths equal the paper's on {totals['lengths_equal']} of {totals['instances']} instances; node counts "
        f"on {totals['nodes_equal']}. Nodes generated in all: {totals['nodes']:,} (the paper: "
        f"{totals['paper_nodes']:,}).", "",
        *_table_lines(comparison),
    ]
    differences = differences_text(comparison)
    if differences:
        lines += ["", "## Where the count differs from the paper's", ""]
        for paragraph in differences:
            lines += [paragraph, ""]
    if set(comparison.requested) == set(BY_NUMBER) and not comparison.interrupted:
        lines += ["", f"The paper's column sums to {PAPER_TOTAL_NODES:,}."]
    return "\n".join(lines).rstrip() + "\n"


def _pdb_markdown(comparison: Comparison) -> str:
    totals = comparison.totals()
    lines = [
        "# Korf's 100 fifteen-puzzle instances: IDA* with an additive pattern database", "",
        "The same IDA* (Korf's order and counting, solvers/puzzle15) with a 5-5-5 additive pattern database as h "
        "(solvers/puzzle15/pdb.py), beside the nodes IDA* with the Manhattan distance generated in "
        f"{CITATION}. The share is this search's nodes over Manhattan's.", "",
        _made_by(comparison, ", the tables made once in each worker first", "search"), "",
        f"Lengths equal the paper's on {totals['lengths_equal']} of {totals['instances']} instances. Nodes "
        f"generated in all: {totals['nodes']:,}, against {totals['paper_nodes']:,} with the Manhattan distance "
        f"({totals['nodes'] / max(1, totals['paper_nodes']):.3%}).", "",
        *_table_lines(comparison),
    ]
    return "\n".join(lines).rstrip() + "\n"


def write_out(folder: Path, comparison: Comparison) -> list[Path]:
    """The JSON document and the Markdown page in `folder`, each written whole."""
    folder.mkdir(parents=True, exist_ok=True)
    document = comparison.to_json()
    rows = document.pop("rows")
    # One key a line, then one row a line: readable, and a change to one instance is a one-line diff.
    text = ("{\n" + "".join(f" {json.dumps(key)}: {json.dumps(value)},\n" for key, value in document.items())
            + ' "rows": [\n' + ",\n".join("  " + json.dumps(row) for row in rows) + "\n ]\n}\n")
    json_name, markdown_name = output_names(comparison.heuristic)
    json_path, markdown_path = folder / json_name, folder / markdown_name
    write_atomically(json_path, text)
    write_atomically(markdown_path, markdown(comparison))
    return [json_path, markdown_path]
