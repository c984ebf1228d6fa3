"""The knight's tour problem for the `automata` command: run, verify, compare."""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from automata.analysis.cases import verify_case_job
from automata.analysis.coverage import Coverage, coverage_report
from automata.analysis.verify import Verdict
from automata.cli.problems import Problem
from automata.cli.spec_run import run_case
from automata.cli.support import (
    BoundedInt,
    check_output_file,
    check_output_folder,
    impl_option,
    impls_to_verify,
    open_sinks,
    parse_board,
    parse_cell,
    print_json,
    require_automaton_for_traces,
    sweep_options,
    sweep_settings,
    trace_options,
    verdict_text,
)
from automata.errors import InputError
from automata.runtime.events import NullObserver
from automata.runtime.program import load_program
from solvers.knight_tour import automaton
from solvers.knight_tour.model import (
    DEFAULT_GOOD_RETURNS,
    DEFAULT_MAX_RETURNS,
    KnightTourInstance,
    TourResult,
)
from solvers.knight_tour.rules import PROJECT, Rules, parse_rules
from solvers.knight_tour.report import (
    COUNT_LEGEND,
    TABLE_LEGEND,
    cell_table,
    tour_board,
)
from solvers.knight_tour.svg import tour_svg
from solvers.knight_tour.sweeps import (
    SetSummary,
    board_cells,
    parse_set,
    set_name,
    summarize,
)

Cell = tuple[int, int]

# ---- options shared by the commands -------------------------------------------------------------


def _board(ctx: click.Context, param: click.Parameter, value: str) -> tuple[int, int]:
    return parse_board(value)


def _start(ctx: click.Context, param: click.Parameter, value: str | None) -> Cell | None:
    return None if value is None else parse_cell(value)


def _optimizations(ctx: click.Context, param: click.Parameter, value: str) -> frozenset[int]:
    try:
        return parse_set(value)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--optimizations") from None


def _sets(ctx: click.Context, param: click.Parameter, value: str) -> list[frozenset[int]]:
    if not value.strip():
        raise click.BadParameter("name at least one set, e.g. 1-4 or 1+3,1-4 (`none` is the set without optimizations)",
                                 param_hint="--sets")
    try:
        return [parse_set(part) for part in value.split(",")]
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--sets") from None


def _rules(ctx: click.Context, param: click.Parameter, value: str) -> Rules:
    try:
        return parse_rules(value)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--rules") from None


# GOOD_RET and MAX_RET are offered up to ten million returns (a million take about 5 s on 8x8).
LARGEST_RETURNS = 10_000_000

board_option = click.option("--board", default="8x8", show_default=True, callback=_board,
                            help="Board size ROWSxCOLUMNS, each side 1..100, at most 10,000 cells.")
optimizations_option = click.option(
    "--optimizations", default="1,2,3,4", show_default=True, callback=_optimizations,
    help="Optimizations to switch on: 1 impossible start cells, 2 blocked cells, 3 Warnsdorff's rule, "
         "4 several move orders; e.g. 1,3 or 1-3 or none.")
good_returns_option = click.option(
    "--good-returns", type=BoundedInt(1, LARGEST_RETURNS), default=DEFAULT_GOOD_RETURNS, show_default=True,
    help="GOOD_RET: returns after which optimization 4 restarts with the next move order.")
max_returns_option = click.option(
    "--max-returns", type=BoundedInt(1, LARGEST_RETURNS), default=None,
    help=f"MAX_RET: returns after which the search gives up [default: {DEFAULT_MAX_RETURNS:,}; "
         "unlimited with --all-tours].")
all_tours_option = click.option("--all-tours", is_flag=True,
                                help="Count every tour from the start cell instead of stopping at the first (an exhaustive "
                                     "search: seconds on 5x5, hopeless on 8x8 unless --max-returns bounds it).")
rules_option = click.option(
    "--rules", default="project", show_default=True, callback=_rules,
    help="How to read the article where it is ambiguous: a preset (project) and/or changes KEY=VALUE, e.g. "
         "ties=reverse,returns=dead-ends (docs/knight-article.md lists the keys).")
json_option = click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of text.")


def _shared_options(command: Callable[..., Any]) -> Callable[..., Any]:
    for option in (rules_option, all_tours_option, max_returns_option, good_returns_option,
                   optimizations_option, board_option):
        command = option(command)
    return command


def _instance(board: tuple[int, int], start: Cell, optimizations: frozenset[int], good_returns: int,
              max_returns: int | None, all_tours: bool, rules: Rules = PROJECT) -> KnightTourInstance:
    rows, cols = board
    row, col = start
    if not (1 <= row <= rows and 1 <= col <= cols):
        raise click.BadParameter(f"cell {row},{col} is outside the {rows}x{cols} board "
                                 f"(rows 1..{rows}, columns 1..{cols})", param_hint="--start")
    if max_returns is None and not all_tours:
        max_returns = DEFAULT_MAX_RETURNS
    try:
        return KnightTourInstance(rows, cols, start, optimizations, good_returns, max_returns, all_tours, rules)
    except ValueError as error:
        raise InputError(str(error)) from None


def _describe_options(instance: KnightTourInstance) -> str:
    limit = "unlimited" if instance.max_returns is None else f"{instance.max_returns:,}"
    parts = [f"optimizations {set_name(instance.optimizations)}"]
    if instance.uses_restarts:
        parts.append(f"GOOD_RET {instance.good_returns:,}")
    parts.append(f"MAX_RET {limit}")
    if instance.rules != PROJECT:
        parts.append(f"rules {instance.rules.name}")
    return ", ".join(parts)


# ---- run ----------------------------------------------------------------------------------------


@click.command("run")
@_shared_options
@click.option("--start", default="1,1", show_default=True, callback=_start,
              help="Start cell ROW,COLUMN, 1-based, row 1 at the top.")
@impl_option(default="automaton")
@trace_options
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False, writable=True), default=None,
              callback=check_output_file,
              help="Draw the tour found into this SVG file.")
@json_option
def run_command(board: tuple[int, int], start: Cell, optimizations: frozenset[int], good_returns: int,
                max_returns: int | None, all_tours: bool, rules: Rules, as_json: bool, impl: str, trace: str | None,
                protocol: bool, svg_path: str | None) -> None:
    """Search for a knight's tour (or count all tours) from one start cell."""
    require_automaton_for_traces(impl, trace, None)
    instance = _instance(board, start, optimizations, good_returns, max_returns, all_tours, rules)
    program = load_program(automaton.SPEC_PATH)
    automaton_protocol = protocol if impl in ("automaton", "generated") else None
    with open_sinks(trace, automaton_protocol, json_mode=as_json) as sinks:
        result, _ = run_case(program, instance, impl, sinks, NullObserver(), protocol, as_json)
    if svg_path:
        _write_svg(instance, result, svg_path, quiet=as_json)
    if as_json:
        document = {
            "board": list(board), "start": list(start), "impl": impl,
            "optimizations": sorted(instance.optimizations), "good_returns": instance.good_returns,
            "max_returns": instance.max_returns, "all_tours": all_tours, "rules": rules.name, **result.to_json(),
        }
        if all_tours:
            document["count"] = result.tours
        print_json(document)
        return
    click.echo(f"Knight's tour on {board[0]}x{board[1]} from {start[0]},{start[1]} "
               f"({impl}; {_describe_options(instance)})")
    click.echo(_run_summary(instance, result))
    if result.path:
        click.echo(tour_board(board[0], board[1], result.path))


def _run_summary(instance: KnightTourInstance, result: TourResult) -> str:
    counts = f"{result.returns:,} returns, {result.restarts} restarts"
    if result.impossible_start:
        return ("no tour: impossible start (a board with an odd number of cells is toured only from "
                "the colour of its corners)")
    if instance.all_tours:
        ending = "gave up at MAX_RET" if result.gave_up else "search exhausted"
        first = "; the first one:" if result.path else ""
        return f"{result.tours:,} tours ({ending}; {counts}){first}"
    if result.found:
        return f"tour found ({counts}; move order {result.restarts + 1}):"
    if result.gave_up:
        return f"no tour found: gave up at MAX_RET ({counts})"
    return f"no tour: the search from this cell is exhausted ({counts})"


def _write_svg(instance: KnightTourInstance, result: TourResult, path: str, quiet: bool) -> None:
    if not result.path:
        click.echo(f"no tour to draw; {path} not written", err=True)
        return
    try:
        Path(path).write_text(tour_svg(instance.rows, instance.cols, result.path), encoding="utf-8")
    except OSError as error:
        raise click.BadParameter(f"cannot write {path}: {error.strerror}", param_hint="--svg") from None
    if not quiet:
        click.echo(f"tour drawn in {path}")


# ---- verify -------------------------------------------------------------------------------------


@click.command("verify")
@_shared_options
@click.option("--start", default=None, callback=_start,
              help="Verify only this start cell ROW,COLUMN [default: every cell of the board].")
@impl_option(default="all", allow_all=True)
@sweep_options
@json_option
def verify_command(board: tuple[int, int], start: Cell | None, optimizations: frozenset[int], good_returns: int,
                   max_returns: int | None, all_tours: bool, rules: Rules, as_json: bool, impl: str, jobs: int | None,
                   scheduler: str | None) -> None:
    """Run the iterative, recursive and automaton programs from every start cell and compare them."""
    instance = _instance(board, start or (1, 1), optimizations, good_returns, max_returns, all_tours, rules)
    names = impls_to_verify(impl)
    program = load_program(automaton.SPEC_PATH)
    starts = [start] if start else board_cells(*board)
    results: dict[Cell, TourResult] = {}
    agreement: dict[Cell, bool] = {}
    first_difference: tuple[Cell, Verdict] | None = None
    covered = Coverage()
    # Each start cell is a case of the program, verified where --jobs/--scheduler say.
    sweep = sweep_settings(jobs, scheduler, f"verifying {board[0]}x{board[1]}")
    outcomes = sweep.map(verify_case_job, [(automaton.SPEC_PATH, f"{cell[0]},{cell[1]}", instance.with_start(cell), names)
                                           for cell in starts])
    for cell, outcome in zip(starts, outcomes):
        verdict = outcome.verdict
        covered = covered | outcome.coverage
        results[cell] = verdict.result
        agreement[cell] = verdict.agree
        if not verdict.agree and first_difference is None:
            first_difference = (cell, verdict)
    coverage = coverage_report(program.spec, covered)
    agree = first_difference is None
    if as_json:
        document: dict[str, Any] = {
            "agree": agree, "board": list(board), "impls": names,
            "optimizations": sorted(instance.optimizations), "all_tours": all_tours, "rules": rules.name,
            "cells": [_cell_json(cell, results[cell], agreement[cell]) for cell in starts],
        }
        if all_tours:
            document["tours"] = _total_tours(results)
        if first_difference:
            cell, verdict = first_difference
            document["divergence"] = {"start": list(cell), "text": verdict_text(verdict)}
        document["coverage"] = coverage.to_json()
        print_json(document)
    else:
        click.echo(f"Knight's tour on {board[0]}x{board[1]}: {', '.join(names)} "
                   f"({_describe_options(instance)})")
        click.echo(cell_table(board[0], board[1], results, agreement, all_tours=all_tours)
                   if not start else _run_summary(instance, results[start]))
        if not start:
            click.echo(COUNT_LEGEND if all_tours else TABLE_LEGEND)
        if all_tours:
            click.echo(f"tours from all verified start cells: {_total_tours(results):,}")
        click.echo(coverage.line())
        for gap in coverage.gaps():
            click.echo(f"  not exercised by these cells: {gap}")
        if first_difference:
            cell, verdict = first_difference
            click.echo(f"cell {cell[0]},{cell[1]}: {verdict_text(verdict)}")
        else:
            click.echo(f"agree: {', '.join(names)} emitted the same events and returned the same results "
                       f"from {len(starts)} start cell{'s' if len(starts) != 1 else ''}")
    if not agree:
        raise click.exceptions.Exit(1)


def _total_tours(results: dict[Cell, TourResult | None]) -> int:
    return sum(result.tours for result in results.values() if result is not None)


def _cell_json(cell: Cell, result: TourResult | None, agree: bool) -> dict[str, Any]:
    document: dict[str, Any] = {"start": list(cell), "agree": agree}
    if result is None:  # the reference itself failed
        return document | {"found": None, "returns": None, "restarts": None}
    return document | {
        "found": result.found, "returns": result.returns, "restarts": result.restarts,
        "gave_up": result.gave_up, "impossible_start": result.impossible_start, "tours": result.tours,
    }


# ---- compare ------------------------------------------------------------------------------------


@click.command("compare")
@board_option
@click.option("--sets", "sets", default="1+2,1+3,1-3,1-4", show_default=True, callback=_sets,
              help="Comma-separated sets of optimizations, each like 1+3, 1-4 or none.")
@good_returns_option
@max_returns_option
@rules_option
@impl_option(default="iterative")
@click.option("--tables", is_flag=True, help="Also print each set's returns per cell, laid out like the board.")
@click.option("--out", default=None, metavar="FOLDER", callback=check_output_folder,
              help="Also write each set's whole table into FOLDER: a JSON document per board and set (every "
                   "cell's outcome, returns and restarts, the time and the cores) and README.md laying them out.")
@sweep_options
@json_option
def compare_command(board: tuple[int, int], sets: list[frozenset[int]], good_returns: int,
                    max_returns: int | None, rules: Rules, impl: str, tables: bool, out: str | None, jobs: int | None,
                    scheduler: str | None, as_json: bool) -> None:
    """The article's experiment: each set of optimizations from every start cell of the board."""
    from automata.sweep import (
        Interrupted,  # the sweep machinery loads only for the commands that sweep
    )
    from solvers.knight_tour.tables import BoardTable, run_table, write_table

    base = _instance(board, (1, 1), frozenset(), good_returns, max_returns, False, rules)
    starts = board_cells(*board)
    command = _compare_command_line(board, sets, good_returns, max_returns, rules, impl, out, jobs, scheduler)
    done: list[BoardTable] = []
    for optimizations in sets:
        settings = sweep_settings(jobs, scheduler, f"{board[0]}x{board[1]} set {set_name(optimizations)}")
        try:
            table = run_table(board[0], board[1], optimizations, good_returns=base.good_returns,
                              max_returns=base.max_returns, rules=rules, impl=impl, jobs=jobs,
                              scheduler=scheduler, progress=settings.progress)
        except Interrupted as stop:
            # Keep what finished: the whole sets, then the cells of this one that ended.
            partial = {starts[index]: result for index, result in stop.finished.items()}
            _print_comparison(board, base, impl, [t.summary for t in done] + [summarize(optimizations, partial)],
                              done, as_json, tables, partial_cells=(len(partial), len(starts)))
            raise
        done.append(table)
        if out is not None:
            click.echo(f"wrote {write_table(Path(out), table, command)}", err=True)
    _print_comparison(board, base, impl, [t.summary for t in done], done, as_json, tables)


def _compare_command_line(board: tuple[int, int], sets: Sequence[frozenset[int]], good_returns: int,
                          max_returns: int | None, rules: Rules, impl: str, out: str | None, jobs: int | None,
                          scheduler: str | None) -> str:
    """The command that makes these tables again, for the documents written by --out."""
    words = ["automata", "compare", "knight-tour", "--board", f"{board[0]}x{board[1]}",
             "--sets", ",".join(set_name(s) for s in sets)]
    if good_returns != DEFAULT_GOOD_RETURNS:
        words += ["--good-returns", str(good_returns)]
    if max_returns is not None:
        words += ["--max-returns", str(max_returns)]
    if rules != PROJECT:
        words += ["--rules", rules.name]
    if impl != "iterative":
        words += ["--impl", impl]
    words += ["--out", str(out)] if out is not None else []
    words += ["--jobs", str(jobs)] if jobs is not None else []
    words += ["--scheduler", scheduler] if scheduler is not None else []
    return shlex.join(words)


def _print_comparison(board: tuple[int, int], base: KnightTourInstance, impl: str, summaries: list[SetSummary],
                      tables_done: Sequence[Any], as_json: bool, tables: bool,
                      partial_cells: tuple[int, int] | None = None) -> None:
    from automata.sweep import default_jobs

    seconds = round(sum(t.seconds for t in tables_done), 1)
    workers = tables_done[0].workers if tables_done else None
    if as_json:
        document: dict[str, Any] = {
            "board": list(board), "impl": impl, "good_returns": base.good_returns, "max_returns": base.max_returns,
            "rules": base.rules.name, "sets": [s.to_json() for s in summaries], "seconds": seconds, "workers": workers,
            "cores": default_jobs()}
        if partial_cells is not None:
            document["interrupted"] = {"set": set_name(summaries[-1].optimizations), "cells_done": partial_cells[0],
                                       "cells": partial_cells[1]}
        print_json(document)
        return
    rules = "" if base.rules == PROJECT else f", rules {base.rules.name}"
    click.echo(f"Knight's tour on {board[0]}x{board[1]} from each of its {board[0] * board[1]} cells "
               f"({impl}; GOOD_RET {base.good_returns:,}, MAX_RET {base.max_returns:,}{rules})")
    click.echo(_compare_table(summaries))
    if partial_cells is not None:
        click.echo(f"(set {set_name(summaries[-1].optimizations)} interrupted: {partial_cells[0]:,} of "
                   f"{partial_cells[1]:,} cells)")
    named = [(s, "gave up", s.gave_up_cells) for s in summaries] + [(s, "no tour", s.no_tour_cells) for s in summaries]
    for summary, what, cells in named:
        if cells and len(cells) <= 40:
            click.echo(f"set {set_name(summary.optimizations)}, {what}: "
                       + ", ".join(f"{r},{c}" for r, c in cells))
        elif cells:
            click.echo(f"set {set_name(summary.optimizations)}, {what}: {len(cells):,} cells "
                       "(every one in --json and --out)")
    if tables:
        for table in tables_done:
            click.echo(f"\nset {set_name(table.optimizations)}: returns per start cell")
            click.echo(cell_table(board[0], board[1], table.results, {}))
        click.echo(TABLE_LEGEND)
    if tables_done:
        click.echo(f"{sum(len(t.results) for t in tables_done):,} cell runs in {seconds:,} s on {workers}", err=True)


def _compare_table(summaries: Sequence[SetSummary]) -> str:
    headers = ("set", "tours", "0 returns", "max returns", "total returns", "gave up", "impossible",
               "no tour", "cells needing returns")
    rows = []
    for s in summaries:
        needing = ", ".join(f"{r},{c}:{n}" for (r, c), n in s.with_returns[:6])
        if len(s.with_returns) > 6:
            needing += f", ... ({len(s.with_returns)} cells)"
        rows.append((set_name(s.optimizations), f"{s.found}", f"{s.zero_returns}", f"{s.max_returns:,}",
                     f"{s.total_returns:,}", f"{s.gave_up}", f"{s.impossible}", f"{s.exhausted}", needing))
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(headers)]
    lines = ["  ".join(h.ljust(w) if i in (0, 8) else h.rjust(w) for i, (h, w) in enumerate(zip(headers, widths)))]
    for row in rows:
        lines.append("  ".join(v.ljust(w) if i in (0, 8) else v.rjust(w)
                               for i, (v, w) in enumerate(zip(row, widths))).rstrip())
    return "\n".join(lines)


PROBLEM = Problem(
    name="knight-tour",
    summary="Knight's tour on an MxN board: iterative, recursive and automaton programs (REFERENCE.md §1)",
    specs=(automaton.SPEC_PATH,),
    commands={"run": run_command, "verify": verify_command, "compare": compare_command},
    demo=(
        ("run", "knight-tour", "--board", "3x4", "--start", "2,4", "--protocol"),
        ("run", "knight-tour", "--board", "8x8", "--start", "1,1"),
        ("verify", "knight-tour", "--board", "8x8"),
        ("compare", "knight-tour", "--board", "8x8"),
    ),
)
